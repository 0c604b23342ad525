"""World sampling over every game: sampled worlds never contradict the seat's view.

At every step of random games, for every seat: the real deal is one of the
deals ``hidden(seat)`` allows (the constraints are never too strict), a
sampled world agrees with it (sizes, allowed cards, the pool), shows the seat
exactly its own view, describes the same uncertainty, and plays on to the end
of the hand. Over the cases below that is more than 100,000 sampled worlds.
On small positions whose deals can be counted, sampling is uniform.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from scipy.stats import chisquare

import tricktable
from tests.conformance.support import case_id, game_cases, random_step, start
from tricktable.engine.worlds import Hidden, InconsistentWorld

CASES = game_cases()
SEEDS = range(12)
SAMPLES_PER_STEP = 3


def _check_worlds(name: str, players: int, seed: int) -> int:
    """Walk one random game, sampling worlds for every seat; return how many."""
    rng = random.Random(seed)
    game = start(name, players, seed)
    sampled = 0
    while not game.is_over and len(game.results) < 2:
        for seat in range(players):
            hidden = game.hidden(seat)
            assert hidden.pool == game.hidden_from(seat)
            assert hidden.consistent(game._hidden_masks(seat)), (
                f"{name}: the real deal breaks seat {seat}'s constraints at "
                f"{game.history[-3:]}")
            for _ in range(SAMPLES_PER_STEP):
                world = game.world(seat, rng)
                assert hidden.consistent(world._hidden_masks(seat))
                assert world.view(seat) == game.view(seat)
                again = world.hidden(seat)
                assert (again.pool, again.sizes, again.allowed) == (
                    hidden.pool, hidden.sizes, hidden.allowed)
                sampled += 1
        if rng.random() < 0.05:  # a sampled world plays on to the end of its hand
            world = game.world(game.to_move or 0, rng)
            hands = len(world.results)
            while len(world.results) == hands and not world.is_over:
                random_step(world, rng)
        random_step(game, rng)
    return sampled


@pytest.mark.parametrize(("name", "players"), CASES, ids=case_id)
def test_sampled_worlds_agree_with_what_the_seat_knows(name: str, players: int) -> None:
    total = sum(_check_worlds(name, players, seed) for seed in SEEDS)
    assert total > 2_000  # about 110,000 over all the cases


def _enumerate(hidden: Hidden) -> list[tuple[int, ...]]:
    cards = [c for c in range(hidden.pool.bit_length()) if hidden.pool >> c & 1]
    deals = []
    for owners in itertools.product(range(len(hidden.sizes)), repeat=len(cards)):
        masks = [0] * len(hidden.sizes)
        for card, owner in zip(cards, owners, strict=True):
            masks[owner] |= 1 << card
        if hidden.consistent(masks):
            deals.append(tuple(masks))
    return deals


@pytest.mark.parametrize("allowed", [
    (0b1111111, 0b1111111, 0b1111111),      # no constraint
    (0b0011111, 0b1111100, 0b1110011),      # voids
    (0b0000111, 0b1111111, 0b1111000),      # one place nearly forced
])
def test_sampling_is_uniform_over_countable_deals(allowed: tuple[int, ...]) -> None:
    hidden = Hidden(pool=0b1111111, sizes=(3, 2, 2), allowed=allowed)
    deals = _enumerate(hidden)
    assert len(deals) == hidden.count() > 1
    rng = random.Random(11)
    draws = 300 * len(deals)
    counts = dict.fromkeys(deals, 0)
    for _ in range(draws):
        counts[tuple(hidden.sample(rng))] += 1
    result = chisquare(list(counts.values()))
    assert result.pvalue > 0.001, (result, len(deals))


def test_a_biased_sampler_fails_the_uniformity_test() -> None:
    """The chi-square check can fail: taking the first consistent deal more often is caught."""
    hidden = Hidden(pool=0b11111, sizes=(3, 2), allowed=(0b11111, 0b11111))
    deals = _enumerate(hidden)
    rng = random.Random(3)
    counts = dict.fromkeys(deals, 0)
    for _ in range(200 * len(deals)):
        deal = tuple(hidden.sample(rng))
        counts[deals[0] if rng.random() < 0.05 else deal] += 1
    assert chisquare(list(counts.values())).pvalue < 0.001


def test_impossible_constraints_are_refused() -> None:
    hidden = Hidden(pool=0b111, sizes=(2, 1), allowed=(0b001, 0b111))
    assert hidden.count() == 0
    with pytest.raises(InconsistentWorld):
        hidden.sample(random.Random(0))


def test_rook_discard_is_hidden_from_all_but_the_bidder_and_is_no_counter() -> None:
    from tricktable.games.rook import COUNTERS

    rng = random.Random(4)
    game = start("rook", 4, 4)
    while game.phase != "trump":
        random_step(game, rng)
    bidder = game.bidder  # type: ignore[attr-defined]
    other = (bidder + 1) % 4
    places = game.hidden(other)
    assert places.sizes[-1] == 1 and not places.allowed[-1] & COUNTERS
    assert len(game.hidden(bidder).sizes) == 3  # the bidder knows its discard
    for _ in range(50):
        assert not game.world(other, rng).discarded & COUNTERS  # type: ignore[attr-defined]


def test_the_rook_nest_card_may_be_any_card_the_bidder_took_it_with() -> None:
    """To another seat, the nest card is any of the bidder's fifteen cards once it took
    the nest: in its hand, discarded, or already played."""
    rng = random.Random(5)
    game = start("rook", 4, 5)
    while game.phase != "play":
        random_step(game, rng)
    bidder = game.bidder  # type: ignore[attr-defined]
    while game.played[bidder].bit_count() < 6:  # type: ignore[attr-defined]
        random_step(game, rng)
    played = game.played[bidder]  # type: ignore[attr-defined]
    other = (bidder + 1) % 4
    nest_cards = []
    for _ in range(300):
        world = game.world(other, rng)
        held = world.hands[bidder] | world.discarded | played  # type: ignore[attr-defined]
        found = world.nest_cards  # type: ignore[attr-defined]
        assert held.bit_count() == 15 and found.bit_count() == 1 and held & found == found
        nest_cards.append(found.bit_length() - 1)
    share = sum(played >> card & 1 for card in nest_cards) / len(nest_cards)
    assert 0.25 < share < 0.55  # 6 of 15 cards: 0.4


def test_a_rook_seat_that_does_not_follow_is_dealt_none_of_the_led_colour() -> None:
    shown = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = start("rook", 4, seed)
        while not game.results:
            trick = list(game.trick)  # type: ignore[attr-defined]
            seat = game.to_move or 0
            led = game.spec.follows[trick[0]] if trick else 0  # type: ignore[attr-defined]
            card = random_step(game, rng).arg or 0
            if not trick or led >> card & 1 or game.results:
                continue
            for viewer in (s for s in range(4) if s != seat):
                hidden = game.hidden(viewer)
                place = [s for s in range(4) if s != viewer].index(seat)
                assert not hidden.allowed[place] & led & hidden.pool
                shown += 1
    assert shown > 0


def test_a_world_keeps_no_trace_of_the_real_hidden_cards() -> None:
    rng = random.Random(2)
    for name, players in CASES:
        game = start(name, players, 9)
        for _ in range(25):
            random_step(game, rng)
        seat = game.to_move or 0
        other = game.world(seat, rng)  # the same for this seat, other hidden cards
        redacted = game.redacted(seat)
        assert redacted._hidden_masks(seat) == other.redacted(seat)._hidden_masks(seat)
        assert (redacted.seed, redacted.log, redacted.history, redacted.deal) == (0, [], [], {})


def test_a_nest_of_5_is_any_5_of_the_cards_the_bidder_held() -> None:
    """With the Kentucky nest the bidder's 5 nest cards and 5 discards are unseen by the
    others: worlds deal a 5-card discard and 5 nest cards among the bidder's 18."""
    rng = random.Random(7)
    game = tricktable.new_game("rook", seed=7, options={"nest": 5})
    while game.phase != "play":
        random_step(game, rng)
    for _ in range(8):
        random_step(game, rng)
    bidder = game.bidder  # type: ignore[attr-defined]
    other = (bidder + 1) % 4
    for _ in range(50):
        world = game.world(other, rng)
        held = world.hands[bidder] | world.discarded | world.played[bidder]  # type: ignore
        assert held.bit_count() == 18 and world.discarded.bit_count() == 5  # type: ignore
        assert world.nest_cards.bit_count() == 5 and held & world.nest_cards == world.nest_cards
        assert world.hands[other] == game.hands[other]  # type: ignore[attr-defined]
        assert [h.bit_count() for h in world.hands] == [  # type: ignore[attr-defined]
            h.bit_count() for h in game.hands]  # type: ignore[attr-defined]


def test_a_world_drawn_with_the_seats_hidden_cards_given_is_the_same_world() -> None:
    game = start("rook", 4, 2)
    for _ in range(30):
        random_step(game, random.Random(len(game.history)))
    hidden = game.hidden(1)
    for seed in range(5):
        given = game.world(1, random.Random(seed), hidden)
        drawn = game.world(1, random.Random(seed))
        assert given.hands == drawn.hands and given.nest == drawn.nest  # type: ignore


def test_the_strong_search_counts_the_unseen_deals_once_for_all_its_worlds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting the consistent deals (a :class:`Hidden`, memoised) is most of drawing a
    world: one for all the worlds of a decision, not one a world (65 before), shared by
    the believed worlds, those drawn after them and whether the seat can place every card
    (two or three before)."""
    from tricktable.bots.inference import believed_worlds
    from tricktable.bots.strong import LEVELS, StrongBot

    game = start("rook", 4, 2)
    for _ in range(30):
        random_step(game, random.Random(len(game.history)))
    made: list[Hidden] = []
    build = Hidden.__post_init__
    monkeypatch.setattr(Hidden, "__post_init__", lambda self: made.append(self) or build(self))
    believed_worlds(game, 1, random.Random(1), 8, 4)
    assert len(made) == 1
    state = game.redacted(game.to_move)  # type: ignore[arg-type]
    strong = LEVELS["strong"]
    for limits in (strong, replace(strong, believe=1),  # worlds drawn at once, or one by one
                   # one believed world, then the screen's second drawn after it
                   replace(strong, worlds=1, deck_worlds=0, candidates=1)):
        made.clear()
        StrongBot("rook", limits=limits).rank(state, state.legal_actions())
        assert len(made) == 1
