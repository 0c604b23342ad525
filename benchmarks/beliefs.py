"""How well the strong bot's worlds place the cards a seat cannot see, and what drawing them costs.

Run: ``python benchmarks/beliefs.py --game rook --deals 6 --watch 0 3 13`` (heuristic
players in every seat play whole hands; at every card from the third trick on, the seat
to move draws the strong level's worlds, ``worlds`` of them from ``believe`` times as
many, once for each ``--watch``: the tricks of card play the worlds believe besides the
auction, 0 for the auction alone; ``--json`` for one document). Reported per ``--watch``:
the share of the other hands' unseen cards that a world puts in the hand that holds
them (the mean over worlds and decisions; uniform guessing among the hands is the
floor), and the CPU time of one decision's draw (p50, p95, of the drawing thread).
In heuristic self-play the model the worlds believe is the players' own, so this is
the most the card play can tell.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import tricktable
from tricktable.arena import percentile
from tricktable.bots import make_bot
from tricktable.bots.inference import believed_worlds
from tricktable.bots.playout import playout_step
from tricktable.bots.strong import level
from tricktable.engine.state import Phase

MAX_DEALS = 200


def measure(game_name: str, deals: int, watches: list[int], seed: int = 0) -> dict[str, Any]:
    """Per watch: the share of unseen cards placed right, and the draw's CPU p50 / p95."""
    limits = level("strong", game_name)
    placed: dict[int, list[float]] = {watch: [] for watch in watches}
    cpu: dict[int, list[float]] = {watch: [] for watch in watches}
    for deal in range(seed, seed + deals):
        game = tricktable.new_game(game_name, seed=deal)
        bots = [make_bot("heuristic", game_name, s) for s in range(game.players)]
        readers = [make_bot("heuristic", game_name, 100 + s) for s in range(game.players)]
        count = max(limits.worlds, limits.deck_worlds // len(type(game).deck))
        while not game.results:
            seat = game.to_move
            if seat is not None and game.phase is Phase.PLAY and \
                    game.tricks_played >= 2:  # type: ignore[attr-defined]
                state = game.redacted(seat)
                unseen = state.hidden_from(seat)
                hands: list[int] = game.hands  # type: ignore[attr-defined]
                others = [s for s in range(game.players) if s != seat]
                total = sum((hands[s] & unseen).bit_count() for s in others)
                for watch in watches:
                    started = time.thread_time()
                    worlds = believed_worlds(state, seat, random.Random(deal), count,
                                             limits.believe, None, watch, readers)
                    cpu[watch].append(time.thread_time() - started)
                    if total:
                        placed[watch] += [sum((w.hands[s] & hands[s] & unseen).bit_count()  # type: ignore[attr-defined]
                                              for s in others) / total for w in worlds]
            playout_step(game, bots)
    return {"game": game_name, "deals": deals, "worlds": count, "believe": limits.believe,
            "decisions": len(cpu[watches[0]]),
            "watch": {str(watch): {"placed_right": round(statistics.fmean(placed[watch]), 4),
                                   "cpu_ms_p50": round(1e3 * percentile(cpu[watch], 50), 1),
                                   "cpu_ms_p95": round(1e3 * percentile(cpu[watch], 95), 1)}
                      for watch in watches}}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="how well the worlds place the unseen cards")
    parser.add_argument("--game", default="rook", choices=tricktable.games())
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--watch", type=int, nargs="+", default=[0, 3, 13],
                        help="tricks of card play believed (0: the auction alone)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not 1 <= args.deals <= MAX_DEALS:
        parser.error(f"--deals must be 1 to {MAX_DEALS}")
    if any(watch < 0 for watch in args.watch):
        parser.error("--watch takes tricks, 0 or more")
    report = measure(args.game, args.deals, args.watch, args.seed)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{report['game']}: {report['decisions']} decisions of {report['deals']} deals, "
          f"{report['worlds']} worlds drawn from {report['believe']}x as many")
    for watch, row in report["watch"].items():
        print(f"  watch {watch:>2}: placed right {100 * row['placed_right']:.1f}%  "
              f"CPU p50 / p95 {row['cpu_ms_p50']} / {row['cpu_ms_p95']} ms")


if __name__ == "__main__":
    main()
