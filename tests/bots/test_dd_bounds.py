"""The partition search's bounds against brute force: a bound never cuts a true value.

At a trick's start :func:`tricktable.solver.dd_tricks.probe` settles "does the side
take at least ``target`` tricks?" by sure tricks (the leader's cashable top cards, a
partner's reached with a low card, one hand's trumps above every opposing trump) and
says which cards' owners that answer rested on. On random small positions of every
game the partition search runs for, each bound's answer must equal plain minimax, and
must stay so when the cards it did not name change hands (each hand keeping its
number of cards in each class): that is what lets the table share the answer.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import numpy as np
import pytest

import tricktable
from tricktable.cards import ROOK
from tricktable.engine.play import PlaySpec, Position, TrickGame
from tricktable.engine.state import Phase
from tricktable.games.pinochle_cards import play_spec as pinochle_spec
from tricktable.games.rook import play_spec
from tricktable.solver import dd, dd_bounds, dd_tricks
from tricktable.solver.compiled import Kernel
from tricktable.solver.reference import minimax

SIZE = 3  # cards a hand: brute force stays quick


def _specs(name: str) -> Iterator[PlaySpec]:
    """Play specs of ``name``'s hands whose trick counts run by partition search."""
    if name == "rook":
        yield from (play_spec(trump) for trump in range(4))
        return
    seen: set[PlaySpec] = set()
    for seed in range(40):
        rng = random.Random(seed)
        game = tricktable.new_game(name, seed=seed)
        while not game.results and game.phase is not Phase.PLAY:
            game.apply(rng.choice(game.legal_actions()))
        if isinstance(game, TrickGame) and game.phase is Phase.PLAY:
            spec = game.spec
            if spec not in seen and Kernel(spec, 0).partition:
                seen.add(spec)
                yield spec


def _deal(spec: PlaySpec, rng: random.Random, tricks_left: int,
          cards: list[int] | None = None) -> Position:
    """Random hands of ``tricks_left`` cards from ``cards`` (by default ``spec``'s whole
    deck), a random leader."""
    cards = list(range(len(spec.follows))) if cards is None else list(cards)
    rng.shuffle(cards)
    seats = [s for s in range(spec.players) if s != spec.sits_out]
    hands = [0] * spec.players
    for i, seat in enumerate(seats):
        for card in cards[i * tricks_left:(i + 1) * tricks_left]:
            hands[seat] |= 1 << card
    sides = max(spec.side_of) + 1
    return Position(spec, tuple(hands), (), (), rng.choice(seats), 0, -1,
                    spec.tricks - tricks_left, (0,) * sides, (0,) * sides)


def _settled(kernel: Kernel, position: Position, target: int) -> list[tuple[str, int, int]]:
    """Each bound that settles ``target`` at ``position``: its name, answer and relevant
    cards (canonical ids), as :func:`~tricktable.solver.dd_tricks.probe` computes them."""
    t = kernel.tables
    hands = np.array([t.mask(hand) for hand in position.hands], dtype=np.int64)
    players = np.int64(kernel.spec.players)
    seat = position.to_move
    left = np.int64(int(hands[seat]).bit_count())
    live = np.int64(int(np.bitwise_or.reduce(hands)))
    side = kernel.maxside
    need = np.int64(target if side[seat] == 1 else left - target + 1)
    found = []
    count, used = dd_bounds.quick(seat, need, hands, kernel.params, side, t.trumps, t.class_masks)
    found.append(("quick", dd_bounds.settled(side[seat], count, left, target), used))
    count, used = dd_bounds.through_partner(seat, need, hands, kernel.params, side, t.trumps,
                                            t.class_masks)
    found.append(("partner", dd_bounds.settled(side[seat], count, left, target), used))
    holder, count, used = dd_bounds.sure_trumps(hands, players, live, t.trumps, t.class_masks,
                                                side, np.int64(target), left)
    if holder >= 0:
        found.append(("trumps", dd_bounds.settled(side[holder], count, left, target), used))
    return [(name, int(answer), int(used)) for name, answer, used in found if answer >= 0]


def _redeal(kernel: Kernel, position: Position, relevant: int,
            rng: random.Random) -> Position:
    """``position`` with its live cards outside ``relevant`` dealt again, each hand keeping
    how many it holds of each class."""
    t = kernel.tables
    hands = [t.mask(hand) for hand in position.hands]
    for cls in (int(mask) for mask in t.class_masks):
        free = [c for c in range(cls.bit_length()) if (cls >> c) & 1 and not (relevant >> c) & 1
                and any((hand >> c) & 1 for hand in hands)]
        owners = [s for c in free for s, hand in enumerate(hands) if (hand >> c) & 1]
        rng.shuffle(owners)
        for card, seat in zip(free, owners, strict=True):
            for s in range(len(hands)):
                hands[s] &= ~(1 << card)
            hands[seat] |= 1 << card
    real = tuple(sum(1 << t.order[c] for c in range(len(t.order)) if (hand >> c) & 1)
                 for hand in hands)
    return replace(position, hands=real)


def _opened(position: Position, rng: random.Random) -> Position:
    """``position`` with one to three random legal cards played to its trick."""
    spec = position.spec
    for _ in range(rng.randint(1, spec.players - 1)):
        seat = position.to_move
        trick = position.trick
        allowed = spec.legal(seat, position.hands[seat], trick[0] if trick else None,
                             position.win_key)
        card = rng.choice([c for c in range(len(spec.follows)) if (allowed >> c) & 1])
        key = spec.key(seat, card, trick[0] if trick else card)
        win_pos, win_key = (len(trick), key) if key > position.win_key else (
            position.win_pos, position.win_key)
        hands = list(position.hands)
        hands[seat] &= ~(1 << card)
        position = replace(position, hands=tuple(hands), trick=(*trick, card),
                           trick_seats=(*position.trick_seats, seat),
                           to_move=(seat + 1) % spec.players, win_pos=win_pos, win_key=win_key)
    return position


def test_a_sure_trick_in_progress_never_cuts_a_true_value() -> None:
    """In a trick in progress, the side whose best card no other card can beat takes
    it: a target of one trick, or of all of them, settled so equals minimax, here and
    wherever only the cards it did not name changed hands."""
    rng = random.Random(19)
    settled = 0
    for _ in range(200):
        spec = play_spec(rng.randrange(4))
        position = _opened(_deal(spec, rng, rng.randint(1, SIZE)), rng)
        side = rng.randrange(2)
        kernel = Kernel(spec, side, "tricks")
        t = kernel.tables
        hands = np.array([t.mask(hand) for hand in position.hands], dtype=np.int64)
        trick = np.array([t.index[c] for c in position.trick] + [0] * 4, dtype=np.int64)
        taker, used = dd_bounds.trick_taker(
            position.to_move, len(position.trick), position.win_pos, position.win_key, trick,
            hands, kernel.params, kernel.maxside, t.follows, t.rank, t.trumps, t.class_masks,
            t.class_of)
        if taker < 0:
            continue
        mine = minimax(position, side)
        theirs = position.hands[position.to_move].bit_count() - mine
        settled += 1
        assert (mine if taker == 1 else theirs) >= 1, position
        for _ in range(3):
            other = minimax(_redeal(kernel, position, int(used), rng), side)
            assert (other if taker == 1 else position.hands[position.to_move].bit_count()
                    - other) >= 1, position
    assert settled > 50


@pytest.mark.parametrize("name", ["rook", "bidder"])
def test_bounds_never_cut_a_true_value(name: str) -> None:
    """Every settled answer equals minimax, here and wherever only unnamed cards moved;
    the bounds settle some answers (else the test would prove nothing)."""
    rng = random.Random(18)
    settled = {"quick": 0, "partner": 0, "trumps": 0}
    specs = list(_specs(name))
    assert specs, name
    for _ in range(120):
        spec = rng.choice(specs)
        position = _deal(spec, rng, rng.randint(1, SIZE))
        side = rng.choice(spec.side_of)
        kernel = Kernel(spec, side, "tricks")
        assert kernel.partition
        truth = minimax(position, side)
        left = position.hands[position.to_move].bit_count()
        for target in range(1, left + 1):
            for bound, answer, used in _settled(kernel, position, target):
                settled[bound] += 1
                assert answer == int(truth >= target), (bound, position, target)
                for _ in range(3):
                    other = _redeal(kernel, position, used, rng)
                    assert answer == int(minimax(other, side) >= target), (bound, other)
    assert all(settled.values()), settled


def test_sure_trumps_counts_one_hands_trumps_over_every_opposing_one() -> None:
    """Trumps above the opponents' best count in one hand; with the opponents out of
    trumps, the longest holding counts and no card is relevant beyond the lengths."""
    kernel = Kernel(play_spec(0), 0, "tricks")  # red trumps
    t = kernel.tables

    def bound(hands: list[str]) -> tuple[int, int, int]:
        masks = np.array([t.mask(sum(1 << ROOK.parse(c) for c in hand.split()))
                          for hand in hands], dtype=np.int64)
        live = np.int64(int(np.bitwise_or.reduce(masks)))
        holder, count, used = dd_bounds.sure_trumps(masks, np.int64(4), live, t.trumps,
                                                    t.class_masks, kernel.maxside,
                                                    np.int64(4), np.int64(4))
        return int(holder), int(count), int(used)

    # R1 and R14 over East's R13 (R9 under it); the relevant cards: R13 and up
    hands = ["R1 R14 R9 G2", "R13 G3 G4 G5", "R12 R11 G6 G7", "Y2 Y3 Y4 Y5"]
    assert bound(hands) == (0, 2, t.mask(sum(1 << ROOK.parse(c) for c in ["R13", "R14", "R1"])))
    hands[1] = "G8 G3 G4 G5"  # the opponents out of trumps: West's three
    assert bound(hands) == (0, 3, 0)


def test_a_card_left_out_as_irrelevant_is_searched_once_cards_near_it_become_relevant() -> None:
    """A card skipped as equivalent to a lower searched one (both under every relevant
    card of their class) must be searched after all if a later move made a card at or
    below it, or at or below the searched one, relevant."""
    classes = np.array([0b1111_1111, 0b1111_1111 << 8], dtype=np.int64)
    class_of = np.array([0] * 8 + [1] * 8, dtype=np.int64)
    seen = np.int64(0xFFFF)
    skipped, searched = np.int64(0b0100), np.int64(0b0001)  # card 2 left out for card 0
    above = np.int64(0b1111_0000)  # relevant: cards 4 and up
    assert dd_tricks.unproven(skipped, searched, above, seen, class_of, classes) == 0
    at = np.int64(0b1111_1100)  # now card 2 itself is relevant
    assert dd_tricks.unproven(skipped, searched, at, seen, class_of, classes) == 0b0100
    other = np.int64(0b1111_0000 | 0xFF00)  # the other class says nothing of this one
    assert dd_tricks.unproven(skipped, searched, other, seen, class_of, classes) == 0
    nothing = np.int64(0)  # nothing relevant: any card of the class stands for another
    assert dd_tricks.unproven(skipped, searched, nothing, seen, class_of, classes) == 0


RED_TRUMPS = Kernel(play_spec(0), 0, "tricks")  # Rook, red trumps, seats 0 and 2 searched for


def _quick(hands: list[str]) -> tuple[int, int]:
    """The quick tricks of seat 0 to lead (up to 4), and their relevant cards."""
    t = RED_TRUMPS.tables
    masks = np.array([t.mask(sum(1 << ROOK.parse(c) for c in hand.split())) for hand in hands],
                     dtype=np.int64)
    count, used = dd_bounds.quick(np.int64(0), np.int64(4), masks, RED_TRUMPS.params,
                           RED_TRUMPS.maxside, t.trumps, t.class_masks)
    return int(count), int(used)


def test_quick_tricks_draw_trumps_first() -> None:
    """The leader's two top trumps draw both other trump holdings, so its top green and
    yellow cards count too, though an opponent is void in green; with an opponent's
    third trump they do not."""
    t = RED_TRUMPS.tables

    hands = ["R1 R14 G1 Y1", "R12 R11 Y2 Y3", "G2 G3 Y4 Y5", "R10 Y6 Y7 Y8"]
    relevant = sum(1 << ROOK.parse(c) for c in ["R1", "R14", "G1", "Y1"])
    assert _quick(hands) == (4, t.mask(relevant))
    hands[3] = "R10 R9 R8 Y8"
    assert _quick(hands)[0] < 4


def test_quick_tricks_count_a_long_class_once_the_opponents_run_out() -> None:
    """The leader's two top greens exhaust both opponents' greens and nobody holds a
    trump, so its two small greens win too; only the top two are relevant (the lengths
    are in the table's key). An opponent with a trump, or with a third green, stops it."""
    t = RED_TRUMPS.tables

    hands = ["G1 G14 G5 G4", "G13 G12 Y1 Y2", "G11 Y3 Y4 Y5", "G10 Y6 Y7 Y8"]
    assert _quick(hands) == (4, t.mask(sum(1 << ROOK.parse(c) for c in ["G1", "G14"])))
    assert _quick([hands[0], hands[1], hands[2], "G10 R5 Y7 Y8"])[0] == 1  # trumps the 2nd
    assert _quick([hands[0], "G13 G12 G9 Y2", hands[2], hands[3]])[0] == 2


def _points_context(kernel: Kernel, position: Position) -> tuple[np.ndarray, list[np.ndarray]]:
    """The arrays :func:`~tricktable.solver.dd_bounds.sure_points` reads, for ``position``
    at a trick's start (the context, and the arrays it names: keep them alive)."""
    t, spec = kernel.tables, kernel.spec
    hands = np.array([t.mask(hand) for hand in position.hands], dtype=np.int64)
    live_points = sum(spec.points[c] for hand in position.hands
                      for c in range(len(spec.follows)) if (hand >> c) & 1) // kernel.unit
    state = np.array([position.side_tricks[kernel.side], position.tricks_played, live_points],
                     dtype=np.int64)
    tricks = np.zeros((spec.tricks + 2, spec.players), dtype=np.int64)
    arrays = {dd.HANDS_AT: hands, dd.TRICKS_AT: tricks, dd.STATE_AT: state,
              dd.PARAMS_AT: kernel.params, dd.MAXSIDE_AT: kernel.maxside,
              dd.FOLLOWS_AT: t.follows, dd.RANK_AT: t.rank, dd.TRUMPS_AT: t.trumps,
              dd.POINTS_AT: kernel.points, dd.CLASS_MASKS_AT: t.class_masks,
              dd.RANK_HI_AT: t.rank_hi}
    return dd.search_context(arrays), list(arrays.values())


def test_sure_points_never_cut_a_true_value() -> None:
    """Card points (Rook's, with its most-tricks bonus): where the points of the top cards
    the leader cashes (and the least the other hands can play to those tricks) settle a
    target, the answer equals minimax, here and wherever only cards it did not name and
    that score nothing changed hands; the bound settles targets for both sides."""
    rng = random.Random(21)
    settled = {"leader's side": 0, "other side": 0}
    for _ in range(150):
        spec = play_spec(rng.randrange(4))
        left = rng.randint(1, SIZE)
        position = _deal(spec, rng, left)
        played = spec.tricks - left
        mine = rng.randint(0, played)  # tricks taken so far: the bonus may be decided
        side = rng.randrange(2)
        position = replace(position, side_tricks=(mine, played - mine) if side == 0
                           else (played - mine, mine))
        kernel = Kernel(spec, side, "points")
        assert kernel.partition
        unit = kernel.unit
        truth = minimax(position, side, "points")
        context, _arrays = _points_context(kernel, position)
        t = kernel.tables
        live = 0
        for hand in position.hands:
            live |= t.mask(hand)
        scoring = sum(1 << t.index[c] for c in range(len(spec.follows)) if spec.points[c])
        seat = position.to_move
        for target in range(1, (truth + 60) // unit):
            answer, used = dd_bounds.sure_points(np.int64(seat), np.int64(target),
                                                 np.int64(left), np.int64(live), context)
            if answer < 0:
                continue
            settled["leader's side" if kernel.maxside[seat] == 1 else "other side"] += 1
            assert answer == int(truth >= target * unit), (position, target)
            for _ in range(2):
                other = _redeal(kernel, position, int(used) | scoring, rng)
                assert answer == int(minimax(other, side, "points") >= target * unit), other
    assert all(settled.values()), settled


@pytest.mark.parametrize("hand_tricks", [10, 12, 13, 14])
@pytest.mark.parametrize("bonus_side", [0, 1])
def test_the_table_keys_the_most_tricks_bonus_by_the_tricks_still_needed(
        hand_tricks: int, bonus_side: int) -> None:
    """Two positions whose tricks so far differ share table entries where the key's count
    of tricks still needed for the bonus is the same: so from ``left`` tricks, taking
    ``x`` more wins the bonus exactly where ``x`` reaches that count."""
    params = np.zeros(dd.SCORING + 1, dtype=np.int64)  # every param
    params[dd.POINTS], params[dd.MOST_BONUS] = 1, 20
    params[dd.BONUS_MAX], params[dd.HAND_TRICKS] = bonus_side, hand_tricks
    for left in range(hand_tricks + 1):
        for mine in range(hand_tricks - left + 1):
            need = dd.bonus_need(np.int64(mine), np.int64(left), params)
            assert 0 <= need <= left + 1
            for more in range(left + 1):
                wins = dd.bonus_at(np.int64(mine + more), params) > 0
                assert wins == (more >= need), (left, mine, more)


def _trump_heavy(spec: PlaySpec, rng: random.Random, tricks_left: int) -> Position:
    """Random hands of ``tricks_left`` cards drawn from ``spec``'s trumps and a few other
    cards, so that one hand often holds trumps above every opposing one."""
    trumps = [c for c in range(len(spec.follows)) if (spec.trumps[0] >> c) & 1]
    others = [c for c in range(len(spec.follows)) if not (spec.trumps[0] >> c) & 1]
    deck = rng.sample(trumps, min(len(trumps), 3 * tricks_left)) + rng.sample(others, 6)
    return _deal(spec, rng, tricks_left, deck)


@pytest.mark.parametrize("game", ["rook", "pinochle"])
def test_trumps_above_every_opposing_trump_bound_points_truly(game: str) -> None:
    """DDS's later tricks for card points (``dd_bounds.trump_winners``): the side holding
    trumps above every opposing trump in one hand takes at least their points and the
    least the other hands can play to those tricks, whatever anyone plays: against
    minimax on random positions, for both sides searched for (Pinochle: a twin of the
    highest opposing trump ranks with it, so it is not above it)."""
    rng = random.Random(5)
    binding = 0
    for _ in range(120):
        spec = (play_spec(rng.randrange(4), rook_rank=rng.choice(["lowest", "highest"]))
                if game == "rook" else pinochle_spec(rng.randrange(4)))
        left = rng.randint(2, 3)
        position = _trump_heavy(spec, rng, left)
        played = spec.tricks - left
        mine = rng.randint(0, played)
        side = rng.randrange(2)
        position = replace(position, side_tricks=(mine, played - mine) if side == 0
                           else (played - mine, mine))
        kernel = Kernel(spec, side, "points")
        context, _arrays = _points_context(kernel, position)
        t = kernel.tables
        hands = np.array([t.mask(hand) for hand in position.hands], dtype=np.int64)
        live = np.int64(int(np.bitwise_or.reduce(hands)))
        holder, tricks, taken, used = dd_bounds.trump_winners(
            live, hands, kernel.params, kernel.maxside, t.trumps, kernel.points, t.rank_hi)
        if holder < 0 or taken == 0:
            continue
        unit = kernel.unit
        bonus = dd.bonus_at(np.int64(mine + tricks), kernel.params) if holder == 1 else \
            dd.bonus_at(np.int64(mine + left - tricks), kernel.params)
        live_points = sum(spec.points[c] for hand in position.hands
                          for c in range(len(spec.follows)) if (hand >> c) & 1) // unit
        most = live_points + kernel.params[dd.LAST_BONUS] + bonus
        truth = minimax(position, side, "points")
        lower, upper, _ = dd_bounds.points_bounds(np.int64(position.to_move), np.int64(left),
                                                  live, context)
        assert lower * unit <= truth <= upper * unit
        # and wherever only cards it did not name, scoring nothing, changed hands (the
        # partition search's table shares the bound there)
        scoring = sum(1 << t.index[c] for c in range(len(spec.follows)) if spec.points[c])
        for other in [position] + ([_redeal(kernel, position, int(used) | scoring, rng)]
                                   if kernel.partition else []):
            truth = minimax(other, side, "points")
            if holder == 1:
                assert truth >= (taken + bonus) * unit, (other, side)
            else:
                assert truth <= (most - taken) * unit, (other, side)
        binding += 1
    assert binding >= 30, binding
