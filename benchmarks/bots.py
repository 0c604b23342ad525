"""Bot strength: a duplicate match of two bots on the same deals, seats swapped.

Run: ``python benchmarks/bots.py --game rook --a heuristic --b random --deals 500``
(each deal is played once per side, so 500 deals of Rook are 1000 hands).
Prints A's margin per hand over B with a 95% confidence interval, decisions
per second, and the hands' figures with ``--json``.
"""

from __future__ import annotations

import argparse
import json
import time

import tricktable
from tricktable.arena import duplicate_match


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="duplicate match of two bots")
    parser.add_argument("--game", default="rook", choices=tricktable.games())
    parser.add_argument("--a", default="heuristic")
    parser.add_argument("--b", default="random")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    result = duplicate_match(args.game, args.a, args.b, args.deals, args.seed, args.players)
    summary = result.summary()
    summary["seconds"] = round(time.perf_counter() - start, 2)
    if args.json:
        print(json.dumps(summary, indent=1))
        return
    print(f"{args.game} ({result.players} players): {args.a} vs {args.b} over {result.hands} hands "
          f"({len(result.per_deal)} deals, seats swapped)")
    print(f"  margin per hand: {result.margin:+.2f} ± {result.confidence:.2f} (95% CI)")
    print(f"  {args.a}'s mean score change per hand: {summary['a_mean_delta']:+.2f}")
    print(f"  {summary['seconds']} s")


if __name__ == "__main__":
    main()
