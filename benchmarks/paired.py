"""Two strength runs paired deal by deal, and each one's share of the clairvoyant's gap.

Run: ``python3 benchmarks/paired.py --a A.json [A2.json ...] --b B.json [...]
[--clairvoyant C.json ...]``, where each file is the document printed by ``python3
benchmarks/strength.py ... --json --per-deal`` (``--clairvoyant``: by ``python3
benchmarks/clairvoyant.py ... --json --per-deal``). A side run in chunks of seeds
gives each chunk's file; the chunks may come in any order but must not overlap, and
A's and B's must cover the same deals of the same game. Prints each side's margin
per deal, A minus B deal by deal with its 95% interval and how many deals differ
(the two runs played the same cards on the others), and with ``--clairvoyant`` (runs
against ``heuristic`` only) the clairvoyant player's margin over heuristic on the same
deals and the share of it each side reaches: the issue's "share of the gap".
``--json`` prints one document.

>>> pair({1000: 2.0, 1001: 4.0}, {1000: 2.0, 1001: 1.0})
(1.5, 2.94, 1)
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from tricktable.arena import interval

MAX_FILES = 100  # chunks per side
Margins = dict[int, float]  # seed of a deal -> the margin on it


class RunError(ValueError):
    """A run's files do not make one side of a pairing (the message says why)."""


def load(paths: list[Path], flag: str) -> tuple[Margins, dict[str, Any]]:
    """The margins on each deal of one side's chunk files, and the first file's document.

    Raises :class:`RunError` naming the file and the problem: unreadable, not JSON, no
    per-deal margins, another game or opponent than the first chunk, a deal twice.
    """
    if len(paths) > MAX_FILES:
        raise RunError(f"{flag}: {len(paths)} files; at most {MAX_FILES}")
    margins: Margins = {}
    first: dict[str, Any] = {}
    for path in paths:
        try:
            doc = json.loads(path.read_text())
        except OSError as error:
            raise RunError(f"{flag} {path}: cannot read it ({error.strerror})") from error
        except json.JSONDecodeError as error:
            raise RunError(f"{flag} {path}: not a JSON document ({error.msg})") from error
        if not isinstance(doc, dict) or not isinstance(doc.get("per_deal"), list) \
                or not isinstance(doc.get("seed"), int):
            raise RunError(f"{flag} {path}: no seed and per-deal margins; run the benchmark "
                           "with --json --per-deal")
        first = first or doc
        for key in ("game", "players"):
            if doc.get(key) != first.get(key):
                raise RunError(f"{flag} {path}: {key} {doc.get(key)!r}, but "
                               f"{paths[0]} has {first.get(key)!r}")
        if flag != "--clairvoyant" and bots(doc, path) != bots(first, paths[0]):
            raise RunError(f"{flag} {path}: {' vs '.join(bots(doc, path))}, but {paths[0]} "
                           f"is {' vs '.join(bots(first, paths[0]))}")
        for seed, margin in enumerate(doc["per_deal"], start=doc["seed"]):
            if seed in margins:
                raise RunError(f"{flag} {path}: deal {seed} is in another file too")
            margins[seed] = float(margin)
    return margins, first


def bots(doc: dict[str, Any], path: Path) -> tuple[str, str]:
    """The names of a strength run's A and B bots; raises :class:`RunError` where the
    document names none (e.g. a clairvoyant run given as a side)."""
    try:
        return str(doc["bots"][0]["name"]), str(doc["bots"][1]["name"])
    except (KeyError, IndexError, TypeError) as error:
        raise RunError(f"{path}: no bots named; not a strength.py run") from error


def opponent(doc: dict[str, Any]) -> str:
    """The name of the B bot of a (checked) strength run: whom its margins are over."""
    return str(doc["bots"][1]["name"])


def pair(a: Margins, b: Margins) -> tuple[float, float, int]:
    """A minus B deal by deal: the mean, its 95% interval, and how many deals differ."""
    differences = [a[seed] - b[seed] for seed in sorted(a)]
    differ = sum(1 for difference in differences if abs(difference) > 1e-9)
    return (round(statistics.fmean(differences), 3), round(interval(differences), 3), differ)


def report(a: Margins, b: Margins, a_doc: dict[str, Any], b_doc: dict[str, Any],
           clairvoyant: tuple[Margins, dict[str, Any]] | None) -> dict[str, Any]:
    """The pairing's document; raises :class:`RunError` where the deals do not match."""
    if a_doc["game"] != b_doc["game"] or a_doc.get("players") != b_doc.get("players"):
        raise RunError(f"--a is {a_doc['game']} ({a_doc.get('players')} players), --b is "
                       f"{b_doc['game']} ({b_doc.get('players')} players)")
    if set(a) != set(b):
        only = sorted(set(a) ^ set(b))
        raise RunError(f"--a and --b do not cover the same deals: {len(only)} deals in one "
                       f"only, the first seed {only[0]}")
    mean, ci95, differ = pair(a, b)
    doc: dict[str, Any] = {
        "game": a_doc["game"], "players": a_doc.get("players"), "deals": len(a),
        "seeds": [min(a), max(a)],
        "a": side(a_doc, a), "b": side(b_doc, b),
        "a_minus_b": {"mean": mean, "ci95": ci95, "deals_that_differ": differ},
    }
    if clairvoyant is not None:
        seen, seen_doc = clairvoyant
        if seen_doc["game"] != a_doc["game"]:
            raise RunError(f"--clairvoyant is {seen_doc['game']}, --a is {a_doc['game']}")
        for flag, run in (("--a", a_doc), ("--b", b_doc)):
            if opponent(run) != "heuristic":
                raise RunError(f"{flag}: a share of the gap needs runs against heuristic, "
                               f"not {opponent(run)}")
        missing = sorted(set(a) - set(seen))
        if missing:
            raise RunError(f"--clairvoyant does not cover {len(missing)} of the deals, "
                           f"the first seed {missing[0]}")
        gap = statistics.fmean(seen[seed] for seed in a)
        doc["clairvoyant"] = {"mean": round(gap, 3),
                              "ci95": round(interval([seen[seed] for seed in a]), 3)}
        for name in ("a", "b"):
            doc[name]["share_of_gap"] = round(doc[name]["mean"] / gap, 3) if gap else None
    return doc


def side(run: dict[str, Any], margins: Margins) -> dict[str, Any]:
    """One side's bot, opponent and margin per deal with its 95% interval."""
    values = list(margins.values())
    return {"bot": run["bots"][0]["name"], "against": opponent(run),
            "mean": round(statistics.fmean(values), 3), "ci95": round(interval(values), 3)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--a", nargs="+", type=Path, required=True, help="A's run files")
    parser.add_argument("--b", nargs="+", type=Path, required=True, help="B's run files")
    parser.add_argument("--clairvoyant", nargs="+", type=Path, default=None,
                        help="clairvoyant.py runs over the same deals, for the share of the gap")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    try:
        a, a_doc = load(args.a, "--a")
        b, b_doc = load(args.b, "--b")
        clairvoyant = load(args.clairvoyant, "--clairvoyant") if args.clairvoyant else None
        doc = report(a, b, a_doc, b_doc, clairvoyant)
    except RunError as error:
        parser.error(str(error))
    if args.json:
        print(json.dumps(doc))
        return
    print(f"{doc['game']}, {doc['deals']} deals (seeds {doc['seeds'][0]}-{doc['seeds'][1]}):")
    for name in ("a", "b"):
        row = doc[name]
        share = (f", {100 * row['share_of_gap']:.0f}% of the gap"
                 if row.get("share_of_gap") is not None else "")
        print(f"  {name.upper()} {row['bot']} vs {row['against']}: {row['mean']:+.2f} ± "
              f"{row['ci95']:.2f}{share}")
    paired = doc["a_minus_b"]
    print(f"  A minus B: {paired['mean']:+.2f} ± {paired['ci95']:.2f} "
          f"({paired['deals_that_differ']} of {doc['deals']} deals differ)")
    if "clairvoyant" in doc:
        print(f"  clairvoyant vs heuristic: {doc['clairvoyant']['mean']:+.2f} ± "
              f"{doc['clairvoyant']['ci95']:.2f}")


if __name__ == "__main__":
    main()
