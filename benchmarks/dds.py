"""The compiled double-dummy kernel side by side with DDS (via ``endplay``), in one run.

Run: ``python benchmarks/dds.py [--sizes 1 2 ... 13] [--positions N ...] [--rounds R]
[--value-only] [--games rook pinochle] [--game-positions N] [--game-cards 13 ...] [--budget SECONDS]
[--json]`` (``--sizes`` with no size: the game part alone).

Bridge part: Rook deals mapped to bridge (the Rook card and the 2s removed, 3..14 and 1
as 2..A, the four colours as four suits, the named trump as the trump suit) with N
cards in each hand and a random leader; each is solved by the kernel (every card's
trick count, :class:`~tricktable.solver.compiled.Kernel`) and by DDS's ``solve_board``
(every card's count, one thread), one after the other, position by position, and with
``--rounds`` R every position R times, a round at a time (this machine's times of one
solve vary by a tenth or more from run to run; a position counts with its medians);
``--value-only``: the position's value alone, DDS finding one optimal card. Reports,
per size, whether every value is equal, the median CPU time of each, the median of
the per-position ratios and each one's median nodes: all the kernel's, and those at
a trick's start beside DDS's own count (DDS counts a node as each trick it starts). Game
part: card points and score of random positions of a whole hand (13 cards each in Rook,
the 12 of a Pinochle hand), or of ``--game-cards`` cards a hand, through
:func:`tricktable.solver.solve` (every card's value; with ``--value-only`` the value
alone, ``actions=False``): the median CPU time and nodes of
those solved within the budget, and each position's time in turn (the same positions
in every run, so two trees' runs compare position by position). CPU times are this
process's (``time.process_time``); the machine's load average is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections.abc import Iterator
from typing import Any

import tricktable
from tricktable.cards import ROOK
from tricktable.engine.play import Position
from tricktable.engine.state import GameState, Phase
from tricktable.games.rook import play_spec
from tricktable.solver import BudgetExceeded, SolveError, solve
from tricktable.solver.canonical import BudgetExceeded as KernelBudgetExceeded
from tricktable.solver.compiled import Kernel

RANKS = [str(n) for n in range(3, 15)] + ["1"]  # Rook 3..14, 1 as bridge 2..A
BRIDGE = "23456789TJQKA"
DEFAULT_POSITIONS = {1: 60, 2: 60, 3: 60, 4: 60, 5: 60, 6: 60, 7: 60, 8: 60, 9: 20, 10: 10,
                     11: 5, 12: 5, 13: 5}


def bridge_position(rng: random.Random, size: int) -> tuple[Position, str, int, int]:
    """A random Rook position of ``size`` cards a hand, its bridge PBN, trump and leader."""
    cards = [(suit, rank) for suit in range(4) for rank in range(13)]
    rng.shuffle(cards)
    hands = [cards[seat * size:(seat + 1) * size] for seat in range(4)]
    trump, leader = rng.randrange(4), rng.randrange(4)
    masks = tuple(sum(1 << ROOK.parse("RGYB"[s] + RANKS[r]) for s, r in hand) for hand in hands)
    spec = play_spec(trump)
    position = Position(spec, masks, (), (), leader, 0, -1, spec.tricks - size, (0, 0), (0, 0))
    pbn = "N:" + " ".join(".".join("".join(
        BRIDGE[r] for r in sorted((r for s, r in hand if s == suit), reverse=True))
        for suit in range(4)) for hand in hands)
    return position, pbn, trump, leader


def bridge_size(size: int, count: int, budget: float, rounds: int = 1,
                value_only: bool = False) -> dict[str, Any]:
    """Solve ``count`` positions of ``size`` cards a hand with both solvers, ``rounds``
    times over (every position once a round, so DDS never meets the deal it just solved
    and keeps no table from it; the kernel starts each solve with an empty table); a
    position's times and ratio are its medians over the rounds. With ``value_only``,
    each solver finds the position's value alone (DDS: one optimal card)."""
    from endplay import dds
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player

    mode = SolveMode.OptimalOne if value_only else SolveMode.Default

    rng = random.Random(1000 + size)
    positions = [bridge_position(rng, size) for _ in range(count)]
    timings: list[list[tuple[float, float]]] = [[] for _ in positions]
    nodes: list[int] = []
    trick_nodes: list[int] = []
    dds_nodes: list[int] = []
    equal = 0
    exceeded: set[int] = set()
    for round_ in range(rounds):
        for index, (position, pbn, trump, leader) in enumerate(positions):
            if index in exceeded:
                continue
            deal = Deal(pbn, first=Player(leader), trump=Denom(trump))
            kernel = Kernel(position.spec, position.spec.side_of[leader], "tricks", cards=size)
            start = time.process_time()
            try:
                result = kernel.solve(position, each=not value_only, max_seconds=budget)
            except KernelBudgetExceeded:  # counted, never a value
                exceeded.add(index)
                continue
            middle = time.process_time()
            board = dds.solve_board(deal, mode)
            end = time.process_time()
            timings[index].append((middle - start, end - middle))
            if round_:
                continue
            theirs_cards = {(card.suit.value, BRIDGE.index(card.rank.abbr)): tricks
                            for card, tricks in board}
            equal += result.value == max(theirs_cards.values()) and all(
                value == theirs_cards["RGYB".index(ROOK.text(card)[0]),
                                      RANKS.index(ROOK.text(card)[1:])]
                for card, value in result.cards.items())
            nodes.append(result.nodes)
            trick_nodes.append(result.trick_nodes)
            dds_nodes.append(board._data.nodes)  # futureTricks.nodes (endplay keeps it private)
    solved = [times for index, times in enumerate(timings) if index not in exceeded]
    ours = [statistics.median(t[0] for t in times) for times in solved]
    theirs = [statistics.median(t[1] for t in times) for times in solved]
    ratios = [statistics.median(t[0] / max(t[1], 1e-6) for t in times) for times in solved]
    return {
        "size": size, "positions": len(solved), "equal": equal, "over_budget": len(exceeded),
        "rounds": rounds,
        "ours_ms": 1000 * statistics.median(ours) if ours else None,
        "dds_ms": 1000 * statistics.median(theirs) if theirs else None,
        "ratio": statistics.median(ratios) if ratios else None,
        "nodes": statistics.median(nodes) if nodes else None,
        "trick_nodes": statistics.median(trick_nodes) if trick_nodes else None,
        "dds_nodes": statistics.median(dds_nodes) if dds_nodes else None,
        # every position's trick starts, in order (where both solved it): the totals too
        "trick_nodes_each": trick_nodes, "dds_nodes_each": dds_nodes,
    }


def game_position(name: str, seed: int, cards: int = 13) -> GameState | None:
    """A random first hand of ``name`` at its first trick boundary with at most ``cards``
    cards a hand left (13, the default: a whole hand; in Rook after the first trick)."""
    rng = random.Random(seed)
    game = tricktable.new_game(name, seed=seed)
    while not game.results:
        hands: list[int] = game.hands  # type: ignore[attr-defined]
        trick: list[int] = getattr(game, "trick", [])
        if game.phase is Phase.PLAY and not trick and max(h.bit_count() for h in hands) <= cards:
            return game
        game.apply(rng.choice(game.legal_actions()))
    return None


def game_positions(name: str, most_cards: int, count: int) -> Iterator[tuple[int, GameState]]:
    """The positions of :func:`game_position` in turn, with their seeds, until ``count``
    have been given (a seed whose hand ends before such a position gives none; at most
    50 seeds a position are tried)."""
    given = 0
    for seed in range(50 * count):
        if given == count:
            return
        game = game_position(name, seed, most_cards)
        if game is not None:
            given += 1
            yield seed, game


def game_objective(name: str, objective: str, count: int, budget: float,
                   most_cards: int = 13, value_only: bool = False) -> dict[str, Any]:
    """Solve ``count`` positions of ``name`` for ``objective``, at most ``most_cards`` cards
    a hand (a whole hand by default); with ``value_only`` the value alone (no action
    valued)."""
    times: list[float] = []
    nodes: list[int] = []
    each: list[float | None] = []  # every position's CPU ms in turn (None: over budget)
    methods: set[str] = set()
    exceeded = 0
    refused = ""
    cards = 0
    for _, game in game_positions(name, most_cards, count):
        cards = max(h.bit_count() for h in game.hands)  # type: ignore[attr-defined]
        start = time.process_time()
        try:
            solution = solve(game, objective, max_seconds=budget, actions=not value_only)
        except BudgetExceeded:
            exceeded += 1
            each.append(None)
            continue
        except SolveError as error:
            refused = str(error)
            break
        times.append(time.process_time() - start)
        each.append(1000 * times[-1])
        nodes.append(solution.nodes)
        methods.add(solution.method)
    return {"game": name, "objective": objective, "cards": cards, "positions": len(times),
            "over_budget": exceeded, "median_ms": 1000 * statistics.median(times) if times
            else None, "median_nodes": statistics.median(nodes) if nodes else None,
            "each_ms": each, "method": ",".join(sorted(methods)), "refused": refused}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=list(DEFAULT_POSITIONS))
    parser.add_argument("--positions", type=int, default=None,
                        help="positions per size (default: 60 up to 8 cards, then fewer)")
    parser.add_argument("--games", nargs="*", default=["rook", "pinochle"])
    parser.add_argument("--game-positions", type=int, default=10)
    parser.add_argument("--game-cards", type=int, nargs="*", default=[13],
                        help="cards a hand in the game part (default 13: a whole hand)")
    parser.add_argument("--budget", type=float, default=30.0,
                        help="seconds (wall clock) at most per solve; one past it is counted")
    parser.add_argument("--rounds", type=int, default=1,
                        help="solve every bridge position this many times, in turn; its "
                             "times and ratio are the medians (default 1)")
    parser.add_argument("--value-only", action="store_true",
                        help="each solver finds the position's value alone, not every card's")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report: dict[str, Any] = {"load_before": os.getloadavg()}
    start = time.perf_counter()
    first = bridge_position(random.Random(0), 2)[0]
    Kernel(first.spec, 0).solve(first)  # the kernel compiled, or loaded from its cache
    report["first_use_s"] = time.perf_counter() - start
    report["bridge"] = [bridge_size(size, args.positions or DEFAULT_POSITIONS.get(size, 5),
                                    args.budget, args.rounds, args.value_only)
                        for size in args.sizes]
    report["games"] = [game_objective(name, objective, args.game_positions, args.budget, cards,
                                      args.value_only)
                       for cards in args.game_cards for name in args.games
                       for objective in ("points", "score")]
    report["load_after"] = os.getloadavg()
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"load average before {report['load_before'][0]:.2f}, after "
          f"{report['load_after'][0]:.2f}; kernel ready in {report['first_use_s']:.2f} s; "
          f"{args.rounds} round(s)")
    print("cards  positions  equal  over-budget  kernel ms  DDS ms  ratio  kernel nodes"
          "  at trick starts  DDS nodes")
    total = equal = 0
    for row in report["bridge"]:
        total += row["positions"]
        equal += row["equal"]
        if not row["positions"]:
            print(f"{row['size']:5}  {0:9}  {0:5}  {row['over_budget']:11}")
            continue
        print(f"{row['size']:5}  {row['positions']:9}  {row['equal']:5}  {row['over_budget']:11}"
              f"  {row['ours_ms']:9.2f}  {row['dds_ms']:6.2f}  {row['ratio']:5.1f}"
              f"  {row['nodes']:12.0f}  {row['trick_nodes']:15.0f}  {row['dds_nodes']:9.0f}")
    print(f"equal to DDS: {equal} of {total}")
    for row in report["bridge"]:
        if row["positions"]:
            print(f"{row['size']} cards, trick starts in all: kernel "
                  f"{sum(row['trick_nodes_each']):,}, DDS {sum(row['dds_nodes_each']):,}")
    for row in report["games"]:
        median = "-" if row["median_ms"] is None else \
            f"{row['median_ms']:.1f} ms, {row['median_nodes']:,.0f} nodes"
        print(f"{row['game']} {row['objective']} at {row['cards']} cards: median {median} over "
              f"{row['positions']} ({row['over_budget']} over budget; {row['method']})"
              + (f"; refused: {row['refused']}" if row["refused"] else ""))
        print("  each position (ms, - over budget): " + " ".join(
            "-" if ms is None else f"{ms:.0f}" for ms in row["each_ms"]))


if __name__ == "__main__":
    main()
