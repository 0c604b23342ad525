"""Sixty-Six bot strength: A against B on the same deals, seats swapped.

Run: ``python benchmarks/sixtysix_bots.py --hands 1000 [--games 200] [--a heuristic]
[--b random] [--json]``.

Hands: each deal (the first hand of a game from seed ``d``) is played twice,
A in seat 0 and then in seat 1, so ``--hands 1000`` is 500 deals. Reported:
A's margin in game points per hand over B with a 95% confidence interval
(over deals), and A's win rate over the hands that scored (a hand played
out with neither player at 66 scores nothing). Games: whole games to 7, each
seed played twice with the seats swapped; A's share of the games won.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

from tricktable.arena import duplicate_match
from tricktable.bots import make_bot, play_game
from tricktable.engine.registry import new_game

GAME = "sixtysix"


def hand_figures(bot_a: str, bot_b: str, hands: int, seed: int) -> dict[str, Any]:
    """A's margin per hand (95% CI) and win rate over ``hands`` duplicate hands."""
    result = duplicate_match(GAME, bot_a, bot_b, max(1, hands // 2), seed)
    won = lost = 0
    for a_side, hand in result.results:
        winner = hand.extras["winner"]
        if winner is not None:
            won += winner == a_side
            lost += winner != a_side
    return {
        "hands": result.hands,
        "margin_per_hand": round(result.margin, 3),
        "ci95": round(result.confidence, 3),
        "a_mean_delta": round(sum(result.a_deltas) / len(result.a_deltas), 3),
        "hands_won": won,
        "hands_lost": lost,
        "hand_win_rate": round(won / max(1, won + lost), 3),
    }


def game_figures(bot_a: str, bot_b: str, games: int, seed: int) -> dict[str, Any]:
    """A's share of ``games`` whole games to 7 (half with A in each seat), with a 95% CI."""
    wins = 0
    for number in range(games):
        game_seed = seed + number // 2
        side = number % 2
        bots = [make_bot(bot_a if s == side else bot_b, GAME, seed=game_seed * 31 + s)
                for s in range(2)]
        game = play_game(new_game(GAME, seed=game_seed), bots)
        wins += game.winner == side
    rate = wins / games if games else 0.0
    half = 1.96 * math.sqrt(rate * (1 - rate) / games) if games else math.inf
    return {"games": games, "games_won": wins, "game_win_rate": round(rate, 3),
            "game_ci95": round(half, 3)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Sixty-Six: bot A against bot B")
    parser.add_argument("--a", default="heuristic")
    parser.add_argument("--b", default="random")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = {"a": args.a, "b": args.b, **hand_figures(args.a, args.b, args.hands, args.seed),
              **game_figures(args.a, args.b, args.games, args.seed)}
    report["seconds"] = round(time.perf_counter() - start, 2)
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"sixtysix: {args.a} vs {args.b}, {report['hands']} hands "
          f"({report['hands'] // 2} deals, seats swapped)")
    print(f"  margin per hand: {report['margin_per_hand']:+.2f} ± {report['ci95']:.2f} "
          f"game points (95% CI)")
    print(f"  hands won: {report['hands_won']} of {report['hands_won'] + report['hands_lost']} "
          f"that scored ({report['hand_win_rate']:.1%})")
    if args.games:
        print(f"  whole games to 7: {report['games_won']} of {args.games} won "
              f"({report['game_win_rate']:.1%} ± {report['game_ci95']:.1%})")
    print(f"  {report['seconds']} s")


if __name__ == "__main__":
    main()
