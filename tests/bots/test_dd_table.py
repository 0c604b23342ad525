"""The partition search's table: each row's link word lets a chain's walk skip, unread,
rows that cannot serve the position, and only those; a store finds its row again by it."""

from __future__ import annotations

import random

import numpy as np

from tricktable.games.rook import play_spec
from tricktable.solver import dd_table
from tricktable.solver.compiled import Kernel

PLAYERS = 4


def owners_at_depth_0(kernel: Kernel, hands: np.ndarray, live: int) -> None:
    """Fill ``kernel.own[0]`` as the search does at a trick start."""
    class_masks = kernel.tables.class_masks
    kernel.own[0, :] = 0
    for k, mask in enumerate(class_masks):
        kernel.own[0, k >> 1] |= dd_table.owners(mask, hands, PLAYERS, live) << (32 * (k & 1))


def random_position(rng: random.Random, deck: list[int], cards: int) -> tuple[np.ndarray, int]:
    """``cards`` live cards of ``deck`` dealt at random among the players."""
    hands = np.zeros(PLAYERS, dtype=np.int64)
    live = 0
    for card in rng.sample(deck, cards):
        hands[rng.randrange(PLAYERS)] |= 1 << card
        live |= 1 << card
    return hands, live


def store(kernel: Kernel, hands: np.ndarray, live: int, found: int) -> int:
    """Store a proven bound (at least 1 trick) resting on the ``found`` cards; its row."""
    owners_at_depth_0(kernel, hands, live)
    return int(dd_table.store(0, 0, 0, found, live, 1, 1, -1, 0, kernel.tt, kernel.links,
                              kernel.keys, kernel.meta, kernel.own, kernel.patterns,
                              kernel.params, kernel.tables.class_masks))


def test_a_row_its_link_skips_is_a_row_that_would_not_have_matched() -> None:
    kernel = Kernel(play_spec(0), 0, "tricks", cards=13)
    class_masks = kernel.tables.class_masks
    classes = len(class_masks)
    deck = [card for mask in class_masks for card in range(64) if int(mask) >> card & 1]
    rng = random.Random(7)
    stored: list[tuple[np.ndarray, int, int, int]] = []
    for _ in range(300):  # rows of random relevant cards, all under one key
        hands, live = random_position(rng, deck, 8)
        found = sum(1 << card for card in deck if live >> card & 1 and rng.random() < 0.4)
        stored.append((hands, live, found, store(kernel, hands, live, found)))
    rows = {row for *_, row in stored}
    used = kernel.meta[dd_table.ROWS_USED]
    for hands, live, found, row in stored:  # the same answer again: found by its tag
        assert store(kernel, hands, live, found) == row
    assert kernel.meta[dd_table.ROWS_USED] == used == len(rows)
    chain, r = [], int(kernel.keys[dd_table.key_slot(0, 0, 0, kernel.keys),
                                   dd_table.KEY_FIRST]) - 1
    while r >= 0:
        chain.append(r)
        r = int(dd_table.next_row(kernel.links[r]))
    assert sorted(chain) == sorted(rows)  # every row once in its key's chain
    skipped = matched = 0
    for _ in range(300):
        hands, live = random_position(rng, deck, 8)
        owners_at_depth_0(kernel, hands, live)
        sig = dd_table.signature(kernel.own, 0, classes)
        for r in chain:
            counts = kernel.tt[r, dd_table.COUNTS]
            match = dd_table.matches(kernel.tt, r, counts, kernel.own, kernel.patterns, 0,
                                     classes, False)
            may = dd_table.may_match(kernel.links[r], sig)
            assert may or not match, f"row {r} matches but its link skips it"
            skipped += not may
            matched += match
    assert matched > 1_000 and skipped > 50_000  # both cases met, and the link does skip
