"""Where a Rook low boy pays: the heuristic's low boy limit (``RookParams.low_boy_ranks``).

Run: ``python benchmarks/rook_low_boy.py --deals 8000 --nest 1`` (and ``--nest 5``). For each
deal the first bidder's hand is bucketed by the measure the heuristic bids on (the rank steps
above the 2 of the cards it keeps after shedding its highest non-counters, the Rook 14), and
the deal is played twice by four heuristic players: once with that seat forced to bid low
boy (the others pass), once as the heuristic bids it without the option. Per bucket it prints
how often the low boy was made, what it is worth to that seat's team over the other
(400 x made share - 200) and the team's margin in the ordinary auction: low boy pays where
the first is above the second.

>>> rows = run(4, 1)
>>> sum(row[1] for row in rows)
4
"""

from __future__ import annotations

import argparse
from collections import defaultdict

import tricktable
from tricktable.bots import make_bot
from tricktable.bots.heuristic.rook_hand import COUNTER_MASK, RANK
from tricktable.cards import bits
from tricktable.engine.state import GameState
from tricktable.games.rook_cards import BIRD_MASK


def kept_ranks(hand: int, nest: int) -> int:
    """The measure: rank steps of the cards kept after shedding ``nest`` non-counters."""
    free = sorted(bits(hand & ~COUNTER_MASK), key=lambda card: -RANK[card])
    kept = hand & ~sum(1 << card for card in free[:nest])
    return sum(RANK[card] for card in bits(kept & ~BIRD_MASK)) + (14 if kept & BIRD_MASK else 0)


def _play_out(game: GameState, seed: int) -> GameState:
    bots = [make_bot("heuristic", "rook", seed * 4 + seat) for seat in range(4)]
    while not game.results:
        seat = game.to_move or 0
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return game


def run(deals: int, nest: int, bucket: int = 5) -> list[tuple[int, int, float, float]]:
    """Rows (bucket's lowest measure, deals, low boy made share, ordinary margin)."""
    table: dict[int, list[float]] = defaultdict(lambda: [0, 0, 0.0])
    for seed in range(deals):
        forced = tricktable.new_game("rook", seed=seed, options={"low_boy": True, "nest": nest})
        seat = forced.to_move or 0
        measure = kept_ranks(forced.hands[seat], nest) // bucket * bucket  # type: ignore[attr-defined]
        forced.apply("lowboy")
        made = bool(_play_out(forced, seed).results[-1].made)
        plain = _play_out(tricktable.new_game("rook", seed=seed, options={"nest": nest}), seed)
        deltas = plain.results[-1].deltas
        row = table[measure]
        row[0] += 1
        row[1] += made
        row[2] += deltas[seat % 2] - deltas[1 - seat % 2]
    return [(m, int(n), made / n, margin / n) for m, (n, made, margin) in sorted(table.items())]


def main() -> None:
    parser = argparse.ArgumentParser(description="where a Rook low boy pays")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--nest", type=int, choices=(1, 5), default=1)
    args = parser.parse_args()
    print("| kept rank steps | deals | low boy made | low boy worth | ordinary margin |")
    print("|---|---|---|---|---|")
    for measure, n, made, margin in run(args.deals, args.nest):
        print(f"| {measure}-{measure + 4} | {n} | {100 * made:.0f}% | {400 * made - 200:+.0f} "
              f"| {margin:+.0f} |")


if __name__ == "__main__":
    main()
