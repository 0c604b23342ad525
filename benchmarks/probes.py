"""Where a solve of card points spends its nodes: the null-window probes of each value.

Run: ``python benchmarks/probes.py [--games rook pinochle] [--positions 8] [--cards 13]
[--objective points] [--budget SECONDS] [--json]``

For the random positions :mod:`dds` times (the first hands of ``dds.game_position``,
at most ``--cards`` cards a hand), the compiled kernel finds each position's value alone
(:class:`~tricktable.solver.compiled.Kernel`, ``each=False``) and lists its probes in
order (``KernelResult.probes``: target, the bound proved, nodes; printed as the target,
``+`` where the side reached it or ``-``, and the nodes). A new kernel told the value
beforehand (``guess`` the value, ``within`` one unit of it) then solves it again: the
two probes every search of the value needs, at the value and one unit above. Their
nodes against the whole solve's say how much a better first guess could save, and the
probes' nodes which ones cost (in a null-window search, the targets near the value).
Nodes are exact, the same on any machine; each solve's CPU time is given too. A position
past ``--budget`` seconds is counted, never given a value.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from dds import game_positions  # (run as a script: benchmarks/ on the path)

from tricktable.solver.canonical import BudgetExceeded
from tricktable.solver.compiled import Kernel


def probe_positions(name: str, count: int, cards: int, objective: str,
                    budget: float) -> dict[str, Any]:
    """Solve ``count`` positions of ``name`` for ``objective`` (the kernel's: "points" or
    "tricks"), each twice: its value alone from the kernel's own first guess, then by a
    new kernel told that value."""
    rows: list[dict[str, Any]] = []
    over = 0
    for seed, game in game_positions(name, cards, count):
        position = game.position()  # type: ignore[attr-defined]
        spec = position.spec
        side = spec.side_of[position.to_move]
        size = max(hand.bit_count() for hand in position.hands)
        start = time.process_time()
        try:
            found = Kernel(spec, side, objective, cards=size).solve(
                position, each=False, max_seconds=budget)
        except BudgetExceeded:
            over += 1
            continue
        middle = time.process_time()
        told = Kernel(spec, side, objective, cards=size)
        unit = told.unit
        known = told.solve(position, each=False, guess=found.value // unit,
                           within=(max(found.value - unit, 0), found.value + unit))
        end = time.process_time()
        assert known.value == found.value, (seed, known.value, found.value)
        rows.append({"seed": seed, "cards": size, "value": found.value, "unit": unit,
                     "nodes": found.nodes, "ms": 1000 * (middle - start),
                     "probes": [(p.target, p.bound, p.nodes) for p in found.probes],
                     "told_nodes": known.nodes, "told_ms": 1000 * (end - middle)})
    near = [sum(nodes for target, _, nodes in row["probes"]
                if abs(target - row["value"]) <= 2 * row["unit"]) for row in rows]
    return {"game": name, "objective": objective, "positions": len(rows), "over_budget": over,
            "median_nodes": statistics.median(r["nodes"] for r in rows) if rows else None,
            "median_probes": statistics.median(len(r["probes"]) for r in rows) if rows else None,
            "median_told_nodes": statistics.median(r["told_nodes"] for r in rows)
            if rows else None,
            "median_ratio": statistics.median(r["nodes"] / r["told_nodes"] for r in rows)
            if rows else None,
            "share_within_two_units": sum(near) / sum(r["nodes"] for r in rows) if rows else None,
            "each": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=["rook", "pinochle"])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--cards", type=int, default=13)
    parser.add_argument("--objective", default="points", choices=["points", "tricks"])
    parser.add_argument("--budget", type=float, default=30.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.positions <= 1000 or not 1 <= args.cards <= 13 or args.budget <= 0:
        parser.error("--positions 1..1000, --cards 1..13 and a positive --budget")
    reports = [probe_positions(name, args.positions, args.cards, args.objective, args.budget)
               for name in args.games]
    if args.json:
        print(json.dumps(reports, indent=1))
        return
    for report in reports:
        print(f"{report['game']} {report['objective']}, at most {args.cards} cards a hand: "
              f"{report['positions']} solved, {report['over_budget']} past {args.budget} s")
        for row in report["each"]:
            probes = ", ".join(f"{target}{'+' if bound >= target else '-'} {nodes:,}"
                               for target, bound, nodes in row["probes"])
            print(f"  seed {row['seed']}: value {row['value']}, {row['nodes']:,} nodes "
                  f"({row['ms']:.0f} ms) in {len(row['probes'])} probes [{probes}]; "
                  f"told the value: {row['told_nodes']:,} ({row['told_ms']:.0f} ms)")
        if report["positions"]:
            print(f"  median: {report['median_nodes']:,.0f} nodes in "
                  f"{report['median_probes']:.0f} probes, {report['median_told_nodes']:,.0f} "
                  f"told the value (ratio {report['median_ratio']:.2f}); "
                  f"{100 * report['share_within_two_units']:.0f}% of all nodes in probes "
                  f"within two units of the value")


if __name__ == "__main__":
    main()
