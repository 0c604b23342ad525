"""Worlds that believe the auction: the weights, the resampling, and what they change."""

from __future__ import annotations

import random
import statistics

import pytest

import tricktable
from tricktable.bots import Bot, heuristic_module, make_bot
from tricktable.bots.heuristic import auction
from tricktable.bots.heuristic.auction import sixtysix_at_close
from tricktable.bots.heuristic.bidder import best_trump
from tricktable.bots.heuristic.notrump import make_chance
from tricktable.bots.heuristic.rook_hand import bid_limit
from tricktable.bots.heuristic.sixtysix import close_estimate
from tricktable.bots.inference import (
    DOUBT,
    believed_worlds,
    play_likelihood,
    resample,
    said,
    weight,
)
from tricktable.bots.playout import playout_step
from tricktable.cards import PIQUET, STANDARD
from tricktable.engine.play import ROOK_EXAMPLE
from tricktable.engine.state import GameState, Phase
from tricktable.games.notrump_cards import VALUES
from tricktable.games.pinochle import beginner_data


def _limits(worlds: list[GameState], seat: int) -> float:
    return statistics.fmean(bid_limit(w.hands[seat]) for w in worlds)  # type: ignore[attr-defined]


def _rook_auction() -> GameState:
    """Seat 1 opens at 70, seat 2 passes, seat 3 bids 100: seat 0 is to bid."""
    game = tricktable.new_game("rook", seed=2)
    assert game.to_move == 1
    for action in ("bid 70", "pass", "bid 100"):
        game.apply(action)
    assert game.to_move == 0
    return game


def test_resampling_draws_in_proportion_to_the_weights() -> None:
    rng = random.Random(3)
    picks = resample([1.0, 0.0, 2.0, 1.0], 8, rng)
    assert sorted(picks) == [0, 0, 2, 2, 2, 2, 3, 3]
    assert resample([1.0, 0.0, 2.0, 1.0], 8, random.Random(3)) == picks  # seeded
    with pytest.raises(ValueError, match="positive"):
        resample([0.0, 0.0], 2, rng)


def test_a_choice_is_likelier_the_more_the_hand_supports_it() -> None:
    assert auction.chance(30, 8.0) > auction.chance(0, 8.0) > auction.chance(-30, 8.0)
    assert auction.chance(-1e9, 8.0) == pytest.approx(auction.FLOOR)
    assert auction.chance(1e9, 8.0) == pytest.approx(1 - auction.FLOOR)


def test_rook_worlds_believe_bids_and_passes() -> None:
    """Believed worlds give the seat that bid 100 a stronger hand, and the one that
    passed a weaker one, than uniform worlds do."""
    game = _rook_auction()
    state = game.redacted(0)
    uniform = [state.world(0, random.Random(seed)) for seed in range(300)]
    believed = believed_worlds(state, 0, random.Random(1), count=300, pool=6)
    assert all(w.view(0) == game.view(0) for w in believed)  # the hard facts still hold
    assert _limits(believed, 3) > _limits(uniform, 3) + 10
    assert _limits(believed, 2) < _limits(uniform, 2) - 5


def test_rook_weights_read_the_hand_before_the_nest() -> None:
    """After the bidder took the nest and discarded, its bids are read against the 14
    cards it held then: the discard back in, the nest card out."""
    rng = random.Random(4)
    game = _rook_auction()
    while game.phase == "bid":
        game.apply("pass" if "pass" in [a.text for a in game.legal_actions()] else
                   game.legal_actions()[0])
    while game.phase != "play":
        game.apply(rng.choice(game.legal_actions()))
    bidder = game.bidder  # type: ignore[attr-defined]
    world = game.world((bidder + 1) % 4, rng)
    seen = []
    monkey = auction.rook_hand.bid_limit

    def spy(hand: int) -> float:
        seen.append(hand)
        return monkey(hand)

    auction.rook_hand.bid_limit = spy  # type: ignore[assignment]
    try:
        auction.rook(world, bidder, world.view((bidder + 1) % 4))
    finally:
        auction.rook_hand.bid_limit = monkey  # type: ignore[assignment]
    assert len(seen) == 1 and seen[0].bit_count() == 14
    assert not seen[0] & world.nest_cards  # type: ignore[attr-defined]
    assert seen[0] & world.discarded  # type: ignore[attr-defined]


def test_pinochle_worlds_believe_bids() -> None:
    """A partner who bid high is given more meld and strength in believed worlds."""
    game = tricktable.new_game("pinochle", seed=5)
    first = game.to_move or 0
    game.apply("bid 28")
    while game.to_move != (first + 2) % 4:
        game.apply("pass")
    seat = game.to_move or 0
    state = game.redacted(seat)

    def top(worlds: list[GameState]) -> float:
        return statistics.fmean(max(d["suggested_bid"] for d in beginner_data(
            w.hands[first]).values()) for w in worlds)  # type: ignore[attr-defined]

    uniform = [state.world(seat, random.Random(s)) for s in range(200)]
    believed = believed_worlds(state, seat, random.Random(2), count=200, pool=6)
    assert top(believed) > top(uniform) + 3


def test_nothing_said_nothing_weighed() -> None:
    """Before anyone else speaks, and in games without a model, the worlds are the
    uniform ones, drawn as the plain sampler draws them."""
    game = tricktable.new_game("rook", seed=11)
    seat = game.to_move or 0
    state = game.redacted(seat)
    assert not said(state.view(seat), seat)
    plain = [state.world(seat, random.Random(5)).hands for _ in range(1)]
    assert [w.hands for w in believed_worlds(state, seat, random.Random(5), 1, 6)] == plain
    sixtysix = tricktable.new_game("sixtysix", seed=1)
    other = believed_worlds(sixtysix.redacted(0), 0, random.Random(5), 2, 6)
    assert [w.hands for w in other] == [w.hands for w in (  # type: ignore[attr-defined]
        sixtysix.redacted(0).world(0, rng) for rng in [random.Random(5)] for _ in range(2))]


def test_weights_depend_on_the_world_and_the_view_only() -> None:
    game = _rook_auction()
    view = game.view(0)
    world = game.world(0, random.Random(8))
    first = weight(world, 0, view, auction.rook)
    assert 0 < first <= 1 and weight(world.clone(), 0, dict(view), auction.rook) == first


def test_pinochle_hands_are_read_as_they_were_in_the_auction() -> None:
    """With passing on, the hand in the auction is the one before the passes (what the
    seat gave back in, what it was given out), on the tens count too."""
    rng = random.Random(3)
    for tens in (False, True):
        game = tricktable.new_game("pinochle", seed=7, options={"passing": True, "tens": tens})
        dealt = list(game.hands)  # type: ignore[attr-defined]
        while game.phase != "play":
            game.apply(rng.choice(game.legal_actions()))
        for _ in range(9):
            game.apply(rng.choice(game.legal_actions()))
        assert any(game.gave)  # type: ignore[attr-defined]
        for seat in range(4):
            assert auction.pinochle_hand(game, seat) == dealt[seat]
        world = game.world(0, rng)
        assert 0 < weight(world, 0, game.view(0), auction.pinochle) <= 1


def test_bidder_worlds_believe_bids_and_passes() -> None:
    """A Bidder seat that bid 5 of 8 tricks is given a hand the heuristic values higher
    in believed worlds than in uniform ones, and one that passed a lower one."""
    game = tricktable.new_game("bidder", players=4, seed=3)
    bidder_seat = game.to_move or 0
    game.apply("bid 5")
    passer = game.to_move or 0
    game.apply("pass")
    seat = game.to_move or 0
    state = game.redacted(seat)

    def strength(worlds: list[GameState], who: int) -> float:  # expected tricks in trumps
        hands = [w.hands[who] for w in worlds]  # type: ignore[attr-defined]
        return statistics.fmean(best_trump(hand, PIQUET.full & ~hand, 4)[1] for hand in hands)

    uniform = [state.world(seat, random.Random(s)) for s in range(200)]
    believed = believed_worlds(state, seat, random.Random(4), count=200, pool=6)
    assert all(w.view(seat) == game.view(seat) for w in believed)
    assert strength(believed, bidder_seat) > strength(uniform, bidder_seat) + 0.5
    assert strength(believed, passer) < strength(uniform, passer) - 0.1


def test_notrump_worlds_believe_the_contract_choice() -> None:
    """A Notrump selector who passed is given a hand the heuristic values lower, and its
    partner who then chose Spades more spades, in believed worlds than in uniform ones."""
    game = tricktable.new_game("notrump", seed=3)
    passer = game.to_move or 0
    game.apply("pass")
    chooser = game.to_move or 0
    game.apply("contract ♠")
    seat = (chooser + 1) % 4  # a defender
    state = game.redacted(seat)
    spades = STANDARD.suit_masks[0]

    def best_worth(worlds: list[GameState], who: int) -> float:
        return statistics.fmean(max(
            VALUES[c] * (2 * make_chance(auction.notrump_hand(w, who), c, 4) - 1)
            for c in range(5)) for w in worlds)

    def spade_count(worlds: list[GameState], who: int) -> float:
        return statistics.fmean((w.hands[who] & spades).bit_count()  # type: ignore[attr-defined]
                                for w in worlds)

    uniform = [state.world(seat, random.Random(s)) for s in range(400)]
    believed = believed_worlds(state, seat, random.Random(4), count=400, pool=6)
    assert all(w.view(seat) == game.view(seat) for w in believed)
    assert spade_count(believed, chooser) > spade_count(uniform, chooser) + 0.3
    assert best_worth(believed, passer) < best_worth(uniform, passer) - 0.1


def _heuristic_closes(count: int) -> list[GameState]:
    """The first ``count`` Sixty-Six hands (by seed) where a heuristic player closed the
    stock, just after the close (and any play that followed it before the other seat's
    turn)."""
    found: list[GameState] = []
    for seed in range(200):
        game = tricktable.new_game("sixtysix", seed=seed)
        bots = [make_bot("heuristic", "sixtysix", seed + seat) for seat in range(2)]
        while not game.results and (game.closer is None  # type: ignore[attr-defined]
                                    or game.to_move == game.closer):  # type: ignore[attr-defined]
            seat = game.to_move or 0
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
        if not game.results and game.to_move is not None:
            found.append(game)
        if len(found) == count:
            break
    return found


def test_a_close_is_believed_as_the_heuristic_closes() -> None:
    """After a close, the worlds that believe it give the closer a hand the heuristic
    would have closed with (its estimate nearer 66 and over) far more often than uniform
    worlds do, and more of the closer's real cards."""
    games = _heuristic_closes(12)
    assert len(games) == 12
    uniform, believed, real = [], [], []
    right_uniform, right_believed = [], []
    for game in games:
        closer = game.closer  # type: ignore[attr-defined]
        seat, held = 1 - closer, game.hands[closer]  # type: ignore[attr-defined]
        state = game.redacted(seat)
        assert said(state.view(seat), seat) and not said(state.view(closer), closer)
        plain = [state.world(seat, random.Random(s)) for s in range(32)]
        drawn = believed_worlds(state, seat, random.Random(1), count=32, pool=4)
        real.append(close_estimate(sixtysix_at_close(game)))  # type: ignore[arg-type]
        uniform.append(statistics.fmean(close_estimate(sixtysix_at_close(w)) for w in plain))  # type: ignore[arg-type]
        believed.append(statistics.fmean(close_estimate(sixtysix_at_close(w)) for w in drawn))  # type: ignore[arg-type]
        right_uniform.append(statistics.fmean((w.hands[closer] & held).bit_count()  # type: ignore[attr-defined]
                                               for w in plain))
        right_believed.append(statistics.fmean((w.hands[closer] & held).bit_count()  # type: ignore[attr-defined]
                                                for w in drawn))
    assert min(real) >= 66  # the heuristic closes at 66 or more
    assert statistics.fmean(believed) > statistics.fmean(uniform) + 8
    assert statistics.fmean(right_believed) > statistics.fmean(right_uniform)


def test_only_the_closer_is_weighed_by_its_close() -> None:
    game = _heuristic_closes(1)[0]
    closer = game.closer  # type: ignore[attr-defined]
    world = game.world(1 - closer, random.Random(3))
    view = game.view(1 - closer)
    assert auction.sixtysix(world, 1 - closer, view) == 1.0
    estimate = close_estimate(sixtysix_at_close(world))  # type: ignore[arg-type]
    assert auction.sixtysix(world, closer, view) == auction.chance(
        estimate - 66, auction.SPREAD["sixtysix"])


def test_the_hand_at_the_close_is_rebuilt_from_what_both_saw() -> None:
    """The closer's hand when it closed is its hand now and the cards it played since:
    kept through the rest of the hand's tricks, and nothing of it left for the next hand."""
    game = tricktable.new_game("sixtysix", seed=5)
    rng = random.Random(2)
    game.apply("close")
    closer = game.closer  # type: ignore[attr-defined]
    held, hand = game.hands[closer], game.hand_number  # type: ignore[attr-defined]
    assert sixtysix_at_close(game).points == 0 and sixtysix_at_close(game).unseen.bit_count() == 17  # type: ignore[arg-type]
    while game.hand_number == hand and not game.is_over:  # type: ignore[attr-defined]
        assert sixtysix_at_close(game).hand == held  # type: ignore[arg-type]
        game.apply(rng.choice(game.legal_actions()))
    assert game.close_seen == 0 and game.close_points == 0  # type: ignore[attr-defined]


# -- the card play believed --------------------------------------------------------------

GAMES = [name for name in tricktable.games() if heuristic_module(name) is not None]
READS_PLAY = [name for name in GAMES if tricktable.find_game(name).replays_by_cards]


def _readers(name: str, players: int) -> list[Bot]:
    return [make_bot("heuristic", name, 100 + s) for s in range(players)]


def test_a_card_the_heuristic_would_not_play_is_doubted() -> None:
    """South leads R5 from a hand whose heuristic player leads another card: each other
    seat believes a world less for it; South's own cards, and a card the heuristic would
    play, say nothing."""
    game = tricktable.new_game("rook", deal=ROOK_EXAMPLE)
    for action in ["bid 70", "pass", "pass", "pass", "discard G2", "trump R"]:
        game.apply(action)
    readers = _readers("rook", 4)
    pick = readers[0].play_state(game, game.legal_actions())  # type: ignore[attr-defined]
    other = game.clone()
    assert pick.text != "play R5"
    game.apply("play R5")
    other.apply(pick)
    assert play_likelihood(game, 1, readers, watch=1) == DOUBT
    assert play_likelihood(game, 0, readers, watch=1) == 1.0  # its own card
    assert play_likelihood(game, 1, readers, watch=0) == 1.0  # nothing watched
    assert play_likelihood(other, 1, readers, watch=1) == 1.0


def _placed_right(name: str, watch: int) -> float:
    """The share of the other hands' unseen cards that believed worlds place in the right
    hand, over decisions from the third trick on of a heuristic self-play hand."""
    shares = []
    for seed in range(2):
        game = tricktable.new_game(name, seed=seed)
        bots = [make_bot("heuristic", name, s) for s in range(game.players)]
        readers = _readers(name, game.players)
        while not game.results:
            seat = game.to_move
            if game.phase is Phase.PLAY and 2 <= game.tricks_played <= 5 and seat is not None:
                state = game.redacted(seat)
                unseen = state.hidden_from(seat)
                others = [s for s in range(game.players) if s != seat]
                total = sum((game.hands[s] & unseen).bit_count() for s in others)
                worlds = believed_worlds(state, seat, random.Random(seed), 16, 4, None, watch,
                                         readers)
                shares += [sum((w.hands[s] & game.hands[s] & unseen).bit_count()
                               for s in others) / total for w in worlds if total]
            playout_step(game, bots)
    return statistics.fmean(shares)


@pytest.mark.parametrize("name", READS_PLAY)
def test_worlds_that_watch_the_play_place_the_unseen_cards_better(name: str) -> None:
    """Believing the other seats' cards moves the worlds towards the real deal (in
    heuristic self-play, where the model is right): more of the unseen cards lie in the
    hand that holds them than in worlds that believe the auction alone."""
    assert _placed_right(name, watch=13) > _placed_right(name, watch=0) + 0.03


@pytest.mark.parametrize("name", sorted(set(GAMES) - set(READS_PLAY)))
def test_a_game_whose_play_cannot_be_replayed_is_not_watched(name: str) -> None:
    """Where the play changes more than the cards (a stock, trumps called), watching
    the play changes no world."""
    game = tricktable.new_game(name, seed=3)
    rng = random.Random(3)
    while game.phase is not Phase.PLAY or not any(game.played):  # type: ignore[attr-defined]
        game.apply(rng.choice(game.legal_actions()))
    seat = game.to_move or 0
    state, readers = game.redacted(seat), _readers(name, game.players)
    assert play_likelihood(game, seat, readers, watch=13) == 1.0
    watched = believed_worlds(state, seat, random.Random(1), 4, 4, None, 13, readers)
    plain = believed_worlds(state, seat, random.Random(1), 4, 4)
    assert [w.reveal() for w in watched] == [w.reveal() for w in plain]
