"""The trick-play core's fast paths agree with the rules they stand for.

``PlaySpec.beating`` finds the cards that would head a trick with rank masks
instead of asking :meth:`PlaySpec.key` card by card; every spec the games
use, and plain specs with and without trump, must give the same cards.
"""

from __future__ import annotations

import random

import pytest
from conformance.support import game_cases, random_step, start

from tricktable.cards import PINOCHLE, STANDARD
from tricktable.engine.play import HEAD, OVERTRUMP, TRUMP, PlaySpec, TrickGame, plain_spec


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
