"""What Pinochle and Sixty-Six players infer about hidden cards, one rule at a time.

Each test deals explicit hands, plays to a position and checks the per-seat
``lacks`` masks and what ``hidden(seat)`` allows; the expected cards are worked
out here from the rules (docs/rules-pinochle.md, docs/rules-sixtysix.md).
"""

from __future__ import annotations

import random
from typing import Any

import tricktable
from tricktable.cards import PINOCHLE, SIXTYSIX
from tricktable.engine.state import GameState
from tricktable.games.meld import mask_of, meld
from tricktable.games.pinochle import PinochleGame, meld_lacks
from tricktable.games.sixtysix import SixtySixGame


def pmask(text: str) -> int:
    """Both copies of each Pinochle face named."""
    mask = 0
    for card in PINOCHLE.parse_many(text):
        mask |= 3 << (card & ~1)
    return mask


def smask(text: str) -> int:
    mask = 0
    for card in SIXTYSIX.parse_many(text):
        mask |= 1 << card
    return mask


def play(game: GameState, *actions: str) -> None:
    for action in actions:
        game.apply(action)


# -- Pinochle ------------------------------------------------------------------

# Spades trump, North bids and leads. East has only low hearts; South no hearts
# and eight trumps (a double royal marriage); West one trump, no diamonds.
HEADING = [
    "AH AH 10H 10H KH KH QH QH 9D 9D JD 9C",
    "JH JH 9H 9H KD KD QD QD JD 9S JS JS",
    "AS AS 10S 10S KS KS QS QS AD AD 10D 10D",
    "9S AC AC 10C 10C KC KC QC QC JC JC 9C",
]
# Spades trump. East trumps the heart lead; South then follows low holding A♥.
TRUMPED = [
    "QH AC AC 10C 10C KC KC QC QC JC JC 9C",
    "9S AD AD 10D 10D KD KD QD QD JD JD 9D",
    "AH 9H AS AS 10S 10S KS KS QS QS JS JS",
    "QH AH 10H 10H KH KH JH JH 9H 9S 9C 9D",
]


def pinochle(hands: list[str]) -> PinochleGame:
    """North (first to speak) bids 21, the rest pass, spades trump."""
    game = tricktable.new_game("pinochle", deal={"dealer": 3, "hands": [
        hand.split() for hand in hands]})
    assert isinstance(game, PinochleGame)
    play(game, "bid 21", "pass", "pass", "pass", "trump S")
    return game


def test_pinochle_not_heading_the_led_suit_shows_no_higher_card() -> None:
    game = pinochle(HEADING)
    before = list(game.lacks)
    play(game, "play QH", "play JH")  # East could not beat Q♥: no K♥, 10♥, A♥
    assert game.lacks[1] == before[1] | pmask("KH 10H AH")
    play(game, "play KS")  # South: void in hearts, trumps (any trump beats a plain card)
    assert game.lacks[2] == before[2] | pmask("AH 10H KH QH JH 9H")
    play(game, "play 9S")  # West: void, trumps under K♠: no 10♠ or A♠
    assert game.lacks[3] == before[3] | pmask("AH 10H KH QH JH 9H 10S AS")
    allowed = game.hidden(0).allowed  # North's view of East, South, West
    pool = game.hidden_from(0)
    assert pool & pmask("10S AS") and not allowed[2] & pmask("10S AS")  # West: no higher trump
    assert allowed[2] & pmask("JS") and allowed[1] & pmask("10S AS")  # a lower one it may hold


def test_pinochle_void_without_trump_shows_no_trump() -> None:
    game = pinochle(HEADING)
    play(game, "play QH", "play JH", "play KS", "play 9S")  # South wins and leads
    before = game.lacks[3]
    play(game, "play AD", "play JC")  # West: void in diamonds and plays no trump
    assert game.lacks[3] == before | pmask("AD 10D KD QD JD 9D AS 10S KS QS JS 9S")
    assert not game.hidden(0).allowed[2] & pmask("JS 9S KD")
    north_east = game.lacks[:2]
    play(game, "play 9D", "play QD")  # nothing beats A♦: following low shows nothing
    assert game.lacks[:2] == north_east


def test_pinochle_following_a_trumped_lead_shows_nothing_higher() -> None:
    game = pinochle(TRUMPED)
    south = game.lacks[2]
    play(game, "play QH", "play 9S", "play 9H")  # South holds A♥ but need not head
    assert game.lacks[2] == south
    assert game.hidden(0).allowed[1] & pmask("AH") & game.hidden_from(0)
    assert game.lacks[1] & pmask("QH")  # East did show a heart void


def test_pinochle_meld_shows_what_is_not_held() -> None:
    game = pinochle(HEADING)  # South melds a double royal marriage in trump
    assert game.lacks[2] & pmask("JD 9S") == pmask("JD 9S")  # a pinochle, a dix otherwise
    assert not game.hidden(0).allowed[1] & pmask("JD 9S")
    shown = mask_of("KS KH KD KC QS")  # kings around and a spade marriage, hearts trump
    assert meld_lacks(shown, trump=1) == pmask("QH QD QC JD 9H")
    shown = meld(mask_of("QS QS QH QH QD QD QC QC JD"), trump=0).shown  # one pinochle
    assert meld_lacks(shown, trump=0) == pmask("JD 9S KS KH KD KC") & ~mask_of("JD")


def test_pinochle_meld_lacks_never_excludes_a_held_card() -> None:
    rng = random.Random(4)
    for _ in range(3000):
        hand = sum(1 << c for c in rng.sample(range(len(PINOCHLE)), 12))
        for trump in range(4):
            assert not meld_lacks(meld(hand, trump).shown, trump) & hand


def test_pinochle_worlds_keep_shown_cards_and_inferences() -> None:
    game = pinochle(HEADING)
    play(game, "play QH", "play JH", "play KS", "play 9S", "play AD", "play JC")
    hidden = game.hidden(0)
    rng = random.Random(2)
    for _ in range(50):
        world = game.world(0, rng)
        assert isinstance(world, PinochleGame)
        assert hidden.consistent(world._hidden_masks(0))
        assert world.view(0) == game.view(0)
        assert all(w & s == g & s for w, g, s in zip(world.hands, game.hands, game.shown,
                                                     strict=True))
        assert not world.hands[3] & pmask("AD 10D KD QD JD 9D AS 10S KS QS JS 9S")


def _meld_faces(hand: int, trump: int) -> list[tuple[str, list[str]]]:
    return [(item.name, item.texts()) for item in meld(hand, trump).items]


def test_pinochle_worlds_meld_what_each_hand_melded_and_replay_alike() -> None:
    """A meld is announced whole, so a world's hands (with the cards they have played) meld
    exactly what was announced, and the hand replayed from the world's deal shows the seat
    every event it saw."""
    rng = random.Random(6)
    worlds = 0
    for seed in range(16):
        game = tricktable.new_game("pinochle", seed=seed)
        dealt = list(game.hands)  # type: ignore[attr-defined]
        while game.phase != "play":
            game.apply(rng.choice(game.legal_actions()))
        for _ in range(rng.randrange(40)):
            game.apply(rng.choice(game.legal_actions()))
        if game.results:
            continue
        seat = game.to_move or 0
        played = [d & ~h for d, h in zip(dealt, game.hands, strict=True)]  # type: ignore[attr-defined]
        for _ in range(20):
            world = game.world(seat, rng)
            assert isinstance(world, PinochleGame) and isinstance(game, PinochleGame)
            held = [h | p for h, p in zip(world.hands, played, strict=True)]
            for other in range(4):
                assert _meld_faces(held[other], game.trump or 0) == _meld_faces(
                    dealt[other], game.trump or 0)
            deal = {"dealer": game.dealer, "hands": [PINOCHLE.hand_texts(h) for h in held]}
            again = tricktable.new_game("pinochle", seed=0, deal=deal)
            for action in game.history:
                again.apply(action)
            assert again.events(seat) == game.events(seat)
            worlds += 1
    assert worlds > 200


# -- Sixty-Six -----------------------------------------------------------------

# Hearts trump (A♥ turned up); P2 deals, P1 leads. P2 holds no diamond, no heart.
VOID = {"dealer": 1, "hands": ["JS 10S 9D JD 9C JC", "KS QS 9S AC 10C KC"],
        "stock": "AS 9H JH QH KH 10H QD KD 10D AD QC", "trump": "AH"}


def sixtysix(**options: Any) -> SixtySixGame:
    game = tricktable.new_game("sixtysix", deal=VOID, options=options)
    assert isinstance(game, SixtySixGame)
    return game


def test_sixtysix_free_play_shows_nothing() -> None:
    game = sixtysix(strict_follow=True)
    play(game, "play 9D", "play KS")  # stock open: no duty to follow
    assert game.lacks == [0, 0]
    assert game.hidden(0).allowed[0] & smask("QD KD 10D AD")


def test_sixtysix_not_following_after_the_close_shows_a_void() -> None:
    game = sixtysix()
    play(game, "close", "play 9D", "play AC")
    assert game.lacks[1] == smask("9D JD QD KD 10D AD")  # no duty to trump: hearts stay open
    allowed = game.hidden(0).allowed
    assert not allowed[0] & smask("QD KD 10D AD") and allowed[1] & smask("QD KD 10D AD")
    assert allowed[0] & smask("9H JH QH KH 10H")


def test_sixtysix_strict_void_without_trump_shows_no_trump() -> None:
    game = sixtysix(strict_follow=True)
    play(game, "close", "play 9D", "play AC")
    assert game.lacks[1] == smask("9D JD QD KD 10D AD 9H JH QH KH 10H AH")
    assert not game.hidden(0).allowed[0] & smask("9H JH QH KH 10H")


def test_sixtysix_strict_not_beating_shows_no_higher_card() -> None:
    strict, loose = sixtysix(strict_follow=True), sixtysix()
    for game in (strict, loose):
        play(game, "close", "play 10S", "play QS")
    assert strict.lacks[1] == smask("AS") and loose.lacks[1] == 0
    assert not strict.hidden(0).allowed[0] & smask("AS")
    assert loose.hidden(0).allowed[0] & smask("AS")


def test_sixtysix_worlds_reorder_the_stock_and_keep_the_known_cards() -> None:
    game = tricktable.new_game("sixtysix", seed=15)
    assert isinstance(game, SixtySixGame)
    seat = game.to_move or 0
    play(game, "marry QD")  # the marriage's K♦ stays known in the leader's hand
    other = 1 - seat
    hidden = game.hidden(other)
    assert hidden.sizes == (5 - 1, 11)
    orders = set()
    rng = random.Random(3)
    for _ in range(20):
        world = game.world(other, rng)
        assert isinstance(world, SixtySixGame)
        assert world.stock[0] == game.stock[0] and len(world.stock) == len(game.stock)
        assert world.hands[seat] & game.known[seat] == game.hands[seat] & game.known[seat]
        assert world.view(other) == game.view(other)
        assert hidden.consistent(world._hidden_masks(other))
        orders.add(tuple(world.stock))
    assert len(orders) > 10


def test_sixtysix_strict_random_games_never_contradict_the_inferences() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        game = tricktable.new_game("sixtysix", seed=seed, options={"strict_follow": True})
        while not game.is_over and len(game.results) < 2:
            for seat in (0, 1):
                hidden = game.hidden(seat)
                assert hidden.pool == game.hidden_from(seat)
                assert hidden.consistent(game._hidden_masks(seat))
                world = game.world(seat, rng)
                assert world.view(seat) == game.view(seat)
                assert hidden.consistent(world._hidden_masks(seat))
            game.apply(rng.choice(game.legal_actions()))
