"""Notrump contracts: how often the heuristic bot chooses each, and how often it makes it.

Run: ``python benchmarks/notrump_contracts.py --deals 500 [--players 3] [--b random]``

Plays a duplicate match (:func:`tricktable.arena.duplicate_match`) of the
heuristic bot (side A) against ``--b`` (default: itself, so every hand is
the bot's own choice) and counts, over the hands whose contract side A
chose, each contract's share, its make rate and the declaring side's mean
margin (its score change less the others' mean change); and how often A passed
to the end (dropped hands). If the game rewards choosing by hand, every
contract is chosen some of the time and earns its keep.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from typing import Any

from tricktable.arena import duplicate_match
from tricktable.engine.results import HandResult

CONTRACTS = ("No Trump", "♠", "♦", "♥", "♣")


def side_of(seat: int, players: int) -> int:
    """The side (index in ``scores``) of a seat: teams with four players, seats with three.

    >>> side_of(3, 4), side_of(2, 3)
    (1, 2)
    """
    return seat % 2 if players == 4 else seat


def tally(results: list[tuple[int, HandResult]], players: int) -> dict[str, Any]:
    """Contracts chosen by side A, made, and the declarers' mean margin.

    >>> hand = HandResult(hand=1, dealer=3, declarer=0, contract="♠", made=True, margin=1,
    ...     seat_tricks=(4, 3, 4, 2), tricks=(8, 5), card_points=(8, 5), points=(8, 5),
    ...     deltas=(10, 0), scores=(10, 0), outcome="made")
    >>> from dataclasses import replace
    >>> dropped = replace(hand, dealer=0, declarer=None, contract=None, made=None,
    ...                   deltas=(4, 0))
    >>> hands = [(0, hand), (1, dropped)]
    >>> t = tally(hands, 4)
    >>> t["contracts"]["♠"], t["dropped"]
    ({'chosen': 1, 'share': 1.0, 'made': 1.0, 'margin': 10.0}, 1)
    """
    chosen: Counter[str] = Counter()
    made: Counter[str] = Counter()
    gained: dict[str, float] = {name: 0.0 for name in CONTRACTS}
    dropped = 0
    for side, hand in results:
        declarer = hand.declarer
        if declarer is None:
            selector = (hand.dealer + 1) % players
            dropped += side_of(selector, players) == side
            continue
        if side_of(declarer, players) != side:
            continue
        contract = str(hand.contract)
        chosen[contract] += 1
        made[contract] += bool(hand.made)
        deltas = hand.deltas
        gained[contract] += deltas[side] - statistics.fmean(
            d for i, d in enumerate(deltas) if i != side)
    total = sum(chosen.values())
    return {
        "declared": total,
        "dropped": dropped,
        "contracts": {
            name: {"chosen": chosen[name], "share": round(chosen[name] / total, 3) if total else 0,
                   "made": round(made[name] / chosen[name], 3) if chosen[name] else None,
                   "margin": round(gained[name] / chosen[name], 2) if chosen[name] else None}
            for name in CONTRACTS
        },
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Notrump contract choices of the heuristic bot")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--players", type=int, default=4, choices=(4, 3))
    parser.add_argument("--b", default="heuristic", help="the other seats' bot")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    match = duplicate_match("notrump", "heuristic", args.b, args.deals, args.seed, args.players)
    report = {"players": args.players, "b": args.b, "hands": match.hands,
              **tally(match.results, args.players)}
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
        return
    print(f"notrump ({args.players} players), heuristic vs {args.b}, {match.hands} hands: "
          f"heuristic declared {report['declared']}, passed out {report['dropped']}")
    print(f"  {'contract':<9} {'chosen':>7} {'share':>6} {'made':>6} {'margin':>7}")
    for name, row in report["contracts"].items():
        made = "-" if row["made"] is None else f"{row['made']:.0%}"
        margin = "-" if row["margin"] is None else f"{row['margin']:+.2f}"
        print(f"  {name:<9} {row['chosen']:>7} {row['share']:>6.0%} {made:>6} {margin:>7}")


if __name__ == "__main__":
    main()
