"""Bot strength and bid quality from one duplicate match.

Run: ``python benchmarks/strength.py --game rook --a strong --b heuristic --deals 50
--workers 2`` (``--json`` for one document; ``--option KEY=VALUE``, repeatable, sets a rules
option or ``preset=NAME``; ``--count TEXT``, repeatable, counts the contracts each bot
declared whose words hold TEXT, e.g. ``--count "low boy"``, and how many it made).
Prints A's margin per deal over B (95% interval) and, for the hands each bot declared
(won the auction, named the contract or closed), how often the declaring side made its contract and
how far what it made lay from its contract (``HandResult.margin``, in the
contract's own measure: points over or short of the bid in Rook and
Pinochle, tricks in Notrump and Bidder): the mean, and the mean distance.
A bot named ``uniform`` is the ``strong`` level searching uniform worlds
(``SearchLimits.believe=1``), everything else equal: ``--a strong --b uniform``
measures the gain of the worlds that believe the auction alone. A bot named
``LEVEL:field=value,...`` is that level with other search limits
(``--a strong:worlds=24,settle=6``), for ablations. Progress goes to stderr as
deals finish (at most a line a minute, and the last), with an estimate of the time left.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from typing import Any

import tricktable
from tricktable.arena import MatchResult, duplicate_match
from tricktable.bots import Bot, make_bot
from tricktable.bots.strong import LEVELS, SearchLimits, StrongBot, level
from tricktable.cli.common import parse_options
from tricktable.engine.registry import new_game


class DealProgress:
    """Deals done so far, printed to stderr at most every ``every`` seconds and at the end
    (a long run otherwise says nothing for hours).

    >>> import io, contextlib
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     progress = DealProgress("rook", 2, every=3600)
    ...     progress(1); progress(1)
    >>> err.getvalue().startswith("rook: 2/2 deals")
    True
    """

    def __init__(self, label: str, total: int, every: float = 60.0) -> None:
        self.label, self.total, self.every = label, total, every
        self.done = 0
        self.start = self.shown = time.perf_counter()

    def __call__(self, finished: int) -> None:
        self.done += finished
        now = time.perf_counter()
        if now - self.shown < self.every and self.done < self.total:
            return
        self.shown = now
        elapsed = now - self.start
        left = elapsed / self.done * (self.total - self.done)
        print(f"{self.label}: {self.done}/{self.total} deals, {elapsed / 60:.1f} min, "
              f"about {left / 60:.1f} min left", file=sys.stderr, flush=True)


def limits(name: str, game: str) -> SearchLimits:
    """The search limits a variant names: ``LEVEL:field=value,...`` (a level's
    :class:`SearchLimits` as played in ``game``, with those fields changed), for ablations.

    >>> limits("strong:worlds=24,settle=6", "rook").worlds, limits("expert", "rook").worlds
    (24, 40)
    >>> limits("strong", "bidder").keep, limits("strong:keep=2", "bidder").keep
    (0.0, 2.0)
    >>> limits("master", "rook")
    Traceback (most recent call last):
    ValueError: no level 'master'; levels: strong, expert
    """
    base, _, changes = name.partition(":")
    if base not in LEVELS:
        raise ValueError(f"no level {base!r}; levels: {', '.join(LEVELS)}")
    fields = {f.name: f.type for f in dataclasses.fields(SearchLimits)}
    values: dict[str, Any] = {}
    for change in filter(None, changes.split(",")):
        key, _, value = change.partition("=")
        if key not in fields:
            raise ValueError(f"no search limit {key!r}; limits: {', '.join(fields)}")
        values[key] = float(value) if fields[key] == "float" else int(value)
    return dataclasses.replace(level(base, game), **values)


def factory(name: str, game: str, seed: int) -> Bot:
    """``uniform``: the strong level without the auction's weights; ``LEVEL:field=value,...``
    a level with other limits (:func:`limits`); any other name is :func:`make_bot`'s."""
    if name == "uniform":
        return StrongBot(game, seed, dataclasses.replace(level("strong", game), believe=1))
    if ":" in name:
        return StrongBot(game, seed, limits(name, game))
    return make_bot(name, game, seed)


def bid_quality(result: MatchResult, players: int | None,
                options: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """Per bot, over the hands it declared: count, made share, mean and mean absolute
    margin of what the declaring side made over its contract."""
    sides = new_game(result.game, seed=result.seed, players=players, options=options).sides
    declared: dict[str, list[tuple[bool, int]]] = {result.bot_a: [], result.bot_b: []}
    for a_side, hand in result.results:
        side = hand.side_of_declarer(sides)
        if side is None or hand.made is None or hand.margin is None:
            continue
        bot = result.bot_a if side == a_side else result.bot_b
        declared.setdefault(bot, []).append((hand.made, hand.margin))
    report = {}
    for bot, hands in declared.items():
        if hands:
            report[bot] = {
                "declared": len(hands),
                "made_pct": round(100 * sum(made for made, _ in hands) / len(hands), 1),
                "margin_mean": round(statistics.fmean(m for _, m in hands), 2),
                "margin_abs_mean": round(statistics.fmean(abs(m) for _, m in hands), 2)}
    return report


def contract_counts(result: MatchResult, players: int | None, words: list[str],
                    options: dict[str, Any] | None = None) -> dict[str, dict[str, list[int]]]:
    """Per text in ``words``, per bot: [declared, made] over the contracts whose words
    hold the text (the contract of a hand, as players say it: "low boy, no trump")."""
    sides = new_game(result.game, seed=result.seed, players=players, options=options).sides
    counts = {word: {result.bot_a: [0, 0], result.bot_b: [0, 0]} for word in words}
    for a_side, hand in result.results:
        side = hand.side_of_declarer(sides)
        for word in words:
            if side is not None and word in (hand.contract or ""):
                tally = counts[word][result.bot_a if side == a_side else result.bot_b]
                tally[0] += 1
                tally[1] += bool(hand.made)
    return counts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="strength and bid quality")
    parser.add_argument("--game", default="rook", choices=tricktable.games())
    parser.add_argument("--a", default="strong")
    parser.add_argument("--b", default="heuristic")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--count", action="append", default=[])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--per-deal", action="store_true",
                        help="with --json: A's margin on each deal, to pair two runs deal by deal")
    args = parser.parse_args(argv)
    options = parse_options(args.game, args.option) or None
    start = time.perf_counter()
    result = duplicate_match(args.game, args.a, args.b, args.deals, args.seed, args.players,
                             options=options, workers=args.workers, factory=factory,
                             progress=DealProgress(f"{args.game} {args.a} vs {args.b}",
                                                   args.deals))
    doc = {**result.report(), "options": options or {},
           "bids": bid_quality(result, args.players, options),
           "contracts": contract_counts(result, args.players, args.count, options),
           "seconds": round(time.perf_counter() - start, 1)}
    if args.per_deal:
        doc["per_deal"] = result.per_deal
    if args.json:
        print(json.dumps(doc))
        return
    print(f"{args.game}: {args.a} vs {args.b}, {len(result.per_deal)} deals from seed "
          f"{args.seed}: {result.margin:+.2f} ± {result.confidence:.2f} per deal "
          f"({doc['seconds']} s)")
    for bot, figures in doc["bids"].items():
        print(f"  {bot} declared {figures['declared']}: made {figures['made_pct']}%, "
              f"made minus contract {figures['margin_mean']:+.2f} "
              f"(mean distance {figures['margin_abs_mean']:.2f})")
    for word, tallies in doc["contracts"].items():
        print(f"  {word!r}: " + ", ".join(f"{bot} declared {n}, made {made}"
                                          for bot, (n, made) in tallies.items()))


if __name__ == "__main__":
    main()
