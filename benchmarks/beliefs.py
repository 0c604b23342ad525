"""The gain of worlds that believe the auction, alone: strong against strong without it.

Run: ``python benchmarks/beliefs.py --game rook --deals 100`` (a duplicate
match: bot A is the ``strong`` level, bot B the same search on uniform worlds,
``SearchLimits.believe=1``; everything else equal). Prints A's margin per
deal with a 95% interval; ``--workers`` processes, ``--json`` for one
document.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time

import tricktable
from tricktable.arena import duplicate_match
from tricktable.bots import Bot, make_bot
from tricktable.bots.strong import LEVELS, StrongBot


def factory(name: str, game: str, seed: int) -> Bot:
    """``uniform`` is the strong level without the auction's weights; any other name is
    :func:`make_bot`'s."""
    if name == "uniform":
        return StrongBot(game, seed, dataclasses.replace(LEVELS["strong"], believe=1))
    return make_bot(name, game, seed)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="strong against strong on uniform worlds")
    parser.add_argument("--game", default="rook", choices=tricktable.games())
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    result = duplicate_match(args.game, "strong", "uniform", args.deals, args.seed, args.players,
                             workers=args.workers, factory=factory)
    doc = {**result.report(), "seconds": round(time.perf_counter() - start, 1)}
    if args.json:
        print(json.dumps(doc))
        return
    print(f"{args.game}: strong (believing) vs strong on uniform worlds, {len(result.per_deal)} "
          f"deals from seed {args.seed}: {result.margin:+.2f} ± {result.confidence:.2f} per deal "
          f"({doc['seconds']} s)")


if __name__ == "__main__":
    main()
