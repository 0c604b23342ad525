"""How much of the gap to a clairvoyant player the strong bot closes.

Run: ``python benchmarks/clairvoyant.py --game rook --deals 100 [--seed S] [--players N] [--json]
[--per-deal] [--phases PHASE,... [--elsewhere LEVEL]]``.

The clairvoyant bot sees every card: it values its candidate actions exactly
as the strong bot does, but in the real deal instead of sampled worlds. It
exists only here, to measure against, and is never offered to players. It
plays duplicate deals against ``heuristic`` (each deal once per side, as in
``tricktable arena``); with the strong bot's margin over ``heuristic`` from
``tricktable arena GAME --bots strong,heuristic`` on the same deals, the
share of the gap the strong bot closes is ``strong margin / clairvoyant margin``.
Progress goes to stderr as deals finish (as in ``strength.py``).

Where the gap lies: with ``--phases bid,discard,trump`` the clairvoyant player
sees every card only in those phases (of :class:`~tricktable.engine.state.Phase`)
and plays the others as ``--elsewhere`` (``strong`` by default, or a variant as
in ``strength.py``) does, from what its seat sees; ``--phases none`` is that
level throughout, on the same deals with the same seeds, so runs pair deal by deal
(``--per-deal``): the gain of seeing every card in the auction alone, say, is
``--phases bid`` minus ``--phases none``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from typing import Any

from strength import DealProgress, limits  # this folder's: the scripts run from it

import tricktable
from tricktable.arena import interval, play_hand
from tricktable.bots import Bot, make_bot
from tricktable.bots.strong import Choice, SearchLimits, StrongBot, certain, exact_values
from tricktable.engine.actions import Action
from tricktable.engine.state import GameState, Phase


class ClairvoyantBot:
    """The strong bot's search run in the real deal (it reads the real game: measurement only)."""

    def __init__(self, real: GameState, seed: int, limits: SearchLimits) -> None:
        self.search = StrongBot(real.name, seed, limits)
        self.real = real
        self.seed = seed

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(f"{self.seed}:{len(self.real.history)}")
        seat = self.real.to_move or 0
        choices = [Choice(a) for a in self.search.candidates(self.real, legal, rng)]
        if certain(self.real, seat):  # solved exactly as the strong bot does there
            solved = exact_values(self.real, self.search.limits.certain_nodes)
            if solved is not None:
                return max(choices, key=lambda choice: solved[choice.action.text]).action
        for _ in range(self.search.limits.worlds // 4 or 1):  # one deal: fewer play-outs do
            seed = rng.getrandbits(32)
            for choice in choices:
                value = self.search.value_after(self.real, seat, choice.action, seed)[0]
                choice.values.append(value)
        return max(choices, key=lambda choice: choice.mean).action


class PhasedBot:
    """Clairvoyant in ``phases`` only; elsewhere a strong bot of ``elsewhere``'s limits that
    searches from what its seat sees (``game.redacted``), as every bot at the table does."""

    def __init__(self, real: GameState, seed: int, phases: frozenset[str],
                 elsewhere: SearchLimits) -> None:
        self.real, self.phases = real, phases
        self.clairvoyant = ClairvoyantBot(real, seed, SearchLimits())
        self.searcher = StrongBot(real.name, seed, elsewhere)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if self.real.phase in self.phases:
            return self.clairvoyant.choose(view, legal)
        if len(legal) == 1:
            return legal[0]
        return self.searcher.choose_state(self.real.redacted(self.real.to_move or 0), legal)


def match(game_name: str, deals: range, players: int | None,
          phases: frozenset[str] | None = None, elsewhere: str = "strong") -> list[float]:
    """Clairvoyant's margin over heuristic per duplicate deal (``phases``: clairvoyant in
    those phases only, ``elsewhere`` in the rest)."""
    who = "clairvoyant" if phases is None else \
        f"clairvoyant in {','.join(sorted(phases)) or 'no phase'}, {elsewhere} elsewhere,"
    progress = DealProgress(f"{game_name} {who} vs heuristic", len(deals))
    margins = []
    for deal in deals:
        probe = tricktable.new_game(game_name, seed=deal, players=players)
        margin = 0.0
        for index, side in enumerate(probe.sides):
            game = tricktable.new_game(game_name, seed=deal, players=players)
            bots: list[Bot] = [
                (ClairvoyantBot(game, deal * 31 + s, SearchLimits()) if phases is None
                 else PhasedBot(game, deal * 31 + s, phases, limits(elsewhere, game_name)))
                if s in side else make_bot("heuristic", game_name, deal * 31 + s)
                for s in range(game.players)]
            deltas = play_hand(game, bots).deltas
            others = [d for i, d in enumerate(deltas) if i != index]
            margin += deltas[index] - statistics.fmean(others)
        margins.append(margin / len(probe.sides))
        progress(1)
    return margins


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="rook", choices=tricktable.games())
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--per-deal", action="store_true", help="with --json: each deal's margin")
    parser.add_argument("--phases", default=None,
                        help="clairvoyant only in these phases (comma-separated; none: in no "
                             "phase); elsewhere --elsewhere plays")
    parser.add_argument("--elsewhere", default="strong",
                        help="the level that plays the other phases (a variant as in strength.py)")
    args = parser.parse_args(argv)
    phases = None
    if args.phases is not None:
        names = [] if args.phases == "none" else args.phases.split(",")
        unknown = [name for name in names if name not in Phase.__members__.values()]
        if unknown:
            parser.error(f"no phase {', '.join(unknown)}; phases: "
                         f"{', '.join(phase.value for phase in Phase)} (or none)")
        phases = frozenset(names)
    try:
        limits(args.elsewhere, args.game)
    except ValueError as error:
        parser.error(f"--elsewhere {args.elsewhere}: {error}")
    margins = match(args.game, range(args.seed, args.seed + args.deals), args.players, phases,
                    args.elsewhere)
    report: dict[str, Any] = {
        "game": args.game, "deals": args.deals, "seed": args.seed,
        "bots": "clairvoyant,heuristic",
        "margin": statistics.fmean(margins), "ci95": interval(margins)}
    if phases is not None:
        report.update(phases=sorted(phases), elsewhere=args.elsewhere)
    if args.per_deal:
        report["per_deal"] = margins
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"{args.game}: clairvoyant over heuristic {report['margin']:+.2f} "
          f"± {report['ci95']:.2f} per deal ({args.deals} deals)")


if __name__ == "__main__":
    main()
