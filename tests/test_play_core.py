"""The trick-play core's fast paths agree with the rules they stand for.

The deal's shuffle draws exactly what ``random.shuffle`` draws, and an action
``legal_actions()`` offered is taken unchecked only in the state that offered it.

``PlaySpec.beating`` finds the cards that would head a trick with rank masks
instead of asking :meth:`PlaySpec.key` card by card; every spec the games
use, and plain specs with and without trump, must give the same cards.
"""

from __future__ import annotations

import random

import pytest
from conformance.support import game_cases, random_step, start

import tricktable
from tricktable.cards import PINOCHLE, STANDARD
from tricktable.engine.actions import IllegalAction
from tricktable.engine.play import HEAD, OVERTRUMP, TRUMP, PlaySpec, TrickGame, plain_spec
from tricktable.engine.state import Phase, deal_round, shuffle


def beating_by_key(spec: PlaySpec, seat: int, mask: int, lead: int, to_beat: int) -> int:
    """The definition: the cards of ``mask`` whose key is higher than ``to_beat``."""
    return sum(1 << card for card in range(len(spec.rank))
               if mask >> card & 1 and spec.key(seat, card, lead) > to_beat)


def check_beating(spec: PlaySpec, rng: random.Random, tries: int = 300) -> None:
    cards = len(spec.rank)
    for _ in range(tries):
        seat, lead = rng.randrange(spec.players), rng.randrange(cards)
        mask = rng.getrandbits(cards)
        winner = rng.randrange(cards)
        for to_beat in (spec.key(seat, winner, lead), -1, 0, rng.randrange(-1, 130)):
            assert spec.beating(seat, mask, lead, to_beat) == \
                beating_by_key(spec, seat, mask, lead, to_beat), (seat, mask, lead, to_beat)


@pytest.mark.parametrize("trump", [None, 0, 3])
def test_beating_agrees_with_the_keys_of_plain_specs(trump: int | None) -> None:
    for deck in (STANDARD, PINOCHLE):
        check_beating(plain_spec(deck, players=4, sides=2, trump=trump,
                                 duty=HEAD | TRUMP | OVERTRUMP), random.Random(trump))


def test_beating_agrees_with_the_keys_of_every_spec_the_games_use() -> None:
    rng = random.Random(3)
    checked = 0
    for name, players in game_cases():
        for seed in range(3):
            game = start(name, players, seed)
            seen: set[int] = set()
            while not game.is_over and len(game.results) < 2:
                random_step(game, rng)
                spec = getattr(game, "spec", None)
                if isinstance(game, TrickGame) and spec is not None and id(spec) not in seen:
                    seen.add(id(spec))
                    check_beating(spec, rng, tries=40)
                    checked += 1
    assert checked >= 4


def bare(trick: object) -> object:
    """A trick's cards and winner (a view may add its number)."""
    if not isinstance(trick, dict):
        return trick
    return {"cards": trick["cards"], "winner": trick["winner"]}


@pytest.mark.parametrize(("name", "players"), game_cases(), ids=lambda v: str(v))
def test_a_finished_hand_keeps_every_trick_in_its_result(name: str, players: int) -> None:
    """Each hand's result lists its tricks in order as they were seen, whoever won them:
    one per trick taken, the last equal to the hand's ``last_trick``, every card once."""
    for seed in range(4):
        game, rng = start(name, players, seed), random.Random(seed)
        seen: list[object] = []  # the tricks of this hand, as each view's last_trick showed it
        while not game.is_over and len(game.results) < 3:
            hands = len(game.results)
            before = bare(game.view(None).get("last_trick"))
            random_step(game, rng)
            after = bare(game.view(None).get("last_trick"))
            if len(game.results) != hands:
                result = game.results[-1]
                history = result.trick_history
                last = bare(result.last_trick)
                where = (name, seed, result.hand)
                assert [bare(t) for t in history[-1:]] == ([last] if last else []), where
                assert [bare(t) for t in history[:len(seen)]] == seen, where
                cards = [p["card"] for trick in history for p in trick["cards"]]
                assert len(cards) == len(set(cards)) or name == "pinochle"  # two of each there
                taken = sum(1 for trick in history if trick["winner"] is not None)
                assert sum(result.seat_tricks) == taken, (name, seed, result.seat_tricks)
                seen = []
            elif after and after != before:
                seen.append(after)


def test_shuffle_deals_exactly_as_random_shuffle_does() -> None:
    """Saved games replay only if every deal draws the same order from the same stream."""
    for size in (1, 2, 24, 32, 48, 52, 57, 100):
        for seed in range(40):
            mine, theirs = list(range(size)), list(range(size))
            ours, reference = random.Random(seed), random.Random(seed)
            shuffle(ours, mine)
            reference.shuffle(theirs)
            assert mine == theirs, (size, seed)
            assert ours.getstate() == reference.getstate(), (size, seed)


def test_deal_round_deals_one_card_at_a_time_from_the_dealers_left() -> None:
    rng = random.Random(8)
    for players in (2, 3, 4, 5, 6):
        for dealer in range(players):
            cards = rng.sample(range(57), rng.randrange(0, 57))
            by_hand = [0] * players
            for index, card in enumerate(cards):
                by_hand[(dealer + 1 + index) % players] |= 1 << card
            assert deal_round(cards, players, dealer) == by_hand


@pytest.mark.parametrize("name", sorted({name for name, _ in game_cases()}))
def test_an_offered_action_is_legal_only_in_the_state_that_offered_it(name: str) -> None:
    """``apply`` skips the check of what ``legal_actions()`` offered in the very same state:
    once anything is applied, an action offered before is checked again, refused if it is
    illegal now, and a refused action changes nothing."""
    rng = random.Random(11)
    game = start(name, tricktable.find_game(name).player_counts[0], seed=4)
    refused = 0
    while not game.is_over and refused < 30:
        before = game.legal_actions()
        game.apply(rng.choice(before))
        if game.is_over:
            break
        now = {action.id for action in game.legal_actions()}
        for stale in before:
            if stale.id not in now:
                snapshot = (list(game.history), len(game.log), game.to_move, game.phase)
                with pytest.raises(IllegalAction):
                    game.apply(stale)
                assert (list(game.history), len(game.log), game.to_move, game.phase) == snapshot
                refused += 1
                break
    assert refused >= 10


def test_a_world_checks_every_action_again() -> None:
    """A world's hidden hands are dealt anew: what the original offered is not taken unchecked."""
    rng = random.Random(2)
    game = start("rook", 4, seed=6)
    while game.phase != "play" or not game.trick:
        random_step(game, rng)
    game.legal_actions()
    world = game.world((game.to_move + 1) % 4, random.Random(1))
    assert world._offered == 0 and world._plain == 0
    for action in world.table.actions:
        assert world.is_legal(action) == (action in world.legal_actions())


REPLAYED = ("hands", "played", "taken", "card_points", "tricks_won", "lacks", "trick",
            "trick_seats", "finished", "leader", "to_move", "win_key", "tricks_played")


@pytest.mark.parametrize(("name", "players"), game_cases(), ids=lambda v: str(v))
def test_a_hand_replayed_by_its_cards_ends_where_it_stands(name: str, players: int) -> None:
    """``replay`` starts from every card back in its hand and, card by card, reaches the
    state the hand is in (once the last card is asked past, it is played too): each card
    legal for the seat to move when it comes. A game
    that cannot be replayed by its cards alone yields nothing."""
    replayed = 0
    for seed in range(6):
        game, rng = start(name, players, seed), random.Random(seed)
        while not game.is_over and not game.results:
            if isinstance(game, TrickGame) and game.phase is Phase.PLAY and rng.random() < 0.3:
                then = None
                for then, seat, card in game.replay():
                    assert then.to_move == seat and then.playable(seat) >> card & 1
                    assert then is not game
                if game.replays_by_cards and any(game.played):
                    assert then is not None
                    assert {f: getattr(then, f) for f in REPLAYED} == \
                        {f: getattr(game, f) for f in REPLAYED}, (name, seed)
                    replayed += 1
                else:
                    assert then is None, name
            random_step(game, rng)
    assert replayed or not tricktable.find_game(name).replays_by_cards
