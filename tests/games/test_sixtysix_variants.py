"""Sixty-Six's rule options and the Schnapsen and Santase rule sets (docs/rules-sixtysix.md,
"Options and rule sets"). Seat 0 is P1, seat 1 P2; P2 deals, so P1 leads first.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tricktable
from tests.games.test_sixtysix_rules import run
from tricktable import DealError, IllegalAction
from tricktable.engine.results import HandResult
from tricktable.engine.rules import OptionError
from tricktable.games.sixtysix import SixtySixGame
from tricktable.games.sixtysix_rules import PRESETS, SANTASE, SCHNAPSEN, SixtySixRules

# The short deck (no nines), trump ♥ (A♥ turned up): P1 holds the trump marriage and J♥.
SHORT = {"dealer": 1, "hands": [["AS", "10S", "KH", "QH", "JH"], ["KS", "QS", "AC", "10C", "JD"]],
         "stock": ["QD", "KD", "10D", "AD", "JS", "10H", "QC", "KC", "JC"], "trump": "AH"}
NINES = {"9♠", "9♥", "9♦", "9♣"}


def start(deal: dict[str, Any] | None = None, seed: int = 0, **options: Any) -> SixtySixGame:
    game = tricktable.new_game("sixtysix", seed=seed, deal=deal, options=options)
    assert isinstance(game, SixtySixGame)
    return game


# P1 marries in trumps on its first lead (40) and wins it with Q♥ over J♦ (45), then takes
# K♠ with A♠ (60), then Q♠ with 10♠ (73).
TO_60 = ("marry Q♥", "play J♦", "draw", "play A♠", "play K♠", "draw")
TO_73 = (*TO_60, "play 10♠", "play Q♠")


def test_the_short_deck_deals_five_each_without_the_nines() -> None:
    for seed in range(5):
        game = start(seed=seed, short_deck=True)
        view = game.view(0)
        assert view["hand_sizes"] == [5, 5] and view["stock_size"] == 10
        assert set(view["out"]) == NINES and set(game.reveal()["out"]) == NINES
        dealt = set(view["hand"]) | set(game.view(1)["hand"]) | set(game.reveal()["stock"])
        assert not dealt & NINES and len(dealt) + 1 == 20
    assert start(seed=1).view(0)["out"] == []


def test_a_short_deal_names_twenty_cards() -> None:
    game = start(SHORT, short_deck=True)
    assert game.view(0)["trump_card"] == "A♥" and game.view(0)["stock_size"] == 10
    with pytest.raises(DealError, match="the nines are out of the short deck's game"):
        start({**SHORT, "out": ["9S", "9H", "9D", "9C"]}, short_deck=True)


def test_the_short_deck_exchanges_the_trump_jack() -> None:
    game = start(SHORT, short_deck=True)
    with pytest.raises(IllegalAction, match="you may exchange the jack only after winning a trick"):
        game.apply("exchange")
    run(game, "play A♠", "play K♠")
    assert "exchange" in {a.text for a in game.legal_actions()}
    game.apply("exchange")
    assert "A♥" in game.view(0)["hand"] and "J♥" not in game.view(0)["hand"]
    assert game.view(1)["exchange"] == {"seat": 0, "nine": "J♥", "took": "A♥"}
    assert game.view(1)["trump_card"] == "J♥"


def test_without_announcing_the_table_ends_the_hand_at_66() -> None:
    game = run(start(SHORT, short_deck=True), *TO_73)
    assert game.is_over and game.results[-1].deltas == (3, 0)
    with pytest.raises(IllegalAction, match="option announce"):
        run(start(SHORT, short_deck=True), *TO_60).apply("announce")


def test_announcing_66_when_the_player_has_it_wins_the_hand() -> None:
    game = run(start(SHORT, short_deck=True, announce=True), *TO_73)
    assert not game.is_over and game.counted(0) == 73  # nobody counts for P1
    game.apply("announce")
    assert game.is_over and game.results[-1].deltas == (3, 0)  # P2 has no trick: 3


def test_a_wrong_announcement_loses_the_hand() -> None:
    game = run(start(SHORT, short_deck=True, announce=True), *TO_60)
    game.apply("announce")  # 60: P2, who has no trick, scores 3
    assert game.results[-1].deltas == (0, 3)
    assert game.results[-1].outcome == "P1 announced 66 with 60"
    game = run(start(SHORT, short_deck=True, announce=True), "marry Q♥", "play J♦", "draw",
               "play Q♦", "play K♦", "draw")  # P2 wins K♦ over Q♦ and announces with 7
    assert game.to_move == 1
    game.apply("announce")
    assert game.results[-1].deltas == (2, 0)  # P1 has a trick: 2


def test_announcing_needs_a_trick() -> None:
    game = start(SHORT, short_deck=True, announce=True)
    assert "announce" not in {a.text for a in game.legal_actions()}
    with pytest.raises(IllegalAction, match="you have won no trick: you cannot have 66"):
        game.apply("announce")


def test_showing_a_marriage_is_announcing_and_may_be_wrong() -> None:
    game = run(start(SHORT, short_deck=True, announce=True), "play A♠", "play K♠")
    assert "show ♥" in {a.text for a in game.legal_actions()}  # offered whatever the count
    game.apply("show ♥")  # 15 + 40 = 55: wrong
    assert game.results[-1].deltas == (0, 3)


def test_points_and_taken_cards_are_not_shown_when_66_is_announced() -> None:
    game = run(start(SHORT, short_deck=True, announce=True), *TO_60, "play 10♠")
    for viewer in (0, 1, None):
        view = game.view(viewer)
        assert view["points"] is None and view["taken"] is None
        assert not any("has 45" in line or "has 60" in line for line in game.events(viewer))
        assert all(item["label"] != "Points (hand ends at 66)" for item in view["table"])
    assert game.view(0)["tricks"] == [2, 0]  # the number of tricks lies on the table
    log = game.table_log(1)  # earlier tricks are turned down: only the trick in progress
    assert "P1 plays A♠" not in log and "P1 plays 10♠" in log
    shown = run(start(SHORT, short_deck=True), *TO_60).view(1)
    assert shown["points"] == [60, 0] and shown["taken"][0]


def played_out_hands(seeds: int, **options: Any) -> list[HandResult]:
    """Hands played out by random players who never announce, show or close (one hand from
    each seed: a deal= game ends with its hand)."""
    hands = []
    for seed in range(seeds):
        order = list(range(24))
        random.Random(seed).shuffle(order)
        texts = [tricktable.find_game("sixtysix").deck.ascii(card) for card in order]
        deal = {"dealer": seed % 2, "hands": [texts[:6], texts[6:12]], "stock": texts[12:23],
                "trump": texts[23]}
        game = start(deal, announce=True, **options)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice([a for a in game.legal_actions()
                                   if a.kind not in ("announce", "show", "close")]))
        hands += [result for result in game.results if result.extras["played_out"]]
    return hands


def test_a_played_out_hand_goes_to_the_last_trick_under_that_rule() -> None:
    hands = played_out_hands(10, played_out="last_trick")
    assert len(hands) == 10
    for result in hands:
        assert result.last_trick is not None
        winner = result.last_trick["winner"]
        loser = 1 - winner
        value = 3 if not result.tricks[loser] else 2 if result.points[loser] < 33 else 1
        assert result.extras["winner"] == winner and result.deltas[winner] == value
        assert result.extras["carry"] == 0 and result.extras["ended_by"] == "last_trick"
    carried = played_out_hands(3)  # the seed's rule: nobody scores, 1 point carries over
    assert all(r.extras["winner"] is None and r.deltas == (0, 0) for r in carried)


def test_the_last_trick_points_are_an_option() -> None:
    for last, total in ((10, 130), (0, 120), (4, 124)):
        for result in played_out_hands(3, last_trick=last):
            assert sum(result.card_points) == total


def test_marriages_after_a_trick_only() -> None:
    game = start(SHORT, short_deck=True, marriage_needs_trick=True)
    assert not {a.kind for a in game.legal_actions()} & {"marry"}
    with pytest.raises(IllegalAction, match="only after winning a trick"):
        game.apply("marry Q♥")
    run(game, "play A♠", "play K♠", "draw")
    assert "marry Q♥" in {a.text for a in game.legal_actions()}


def test_the_rule_sets_are_sets_of_single_options() -> None:
    schnapsen = SixtySixRules.from_options(SCHNAPSEN)
    assert (schnapsen.short_deck, schnapsen.announce, schnapsen.strict_follow,
            schnapsen.played_out, schnapsen.last_trick, schnapsen.target) == (
        True, True, True, "last_trick", 0, 7)
    santase = SixtySixRules.from_options(SANTASE)
    assert (santase.short_deck, santase.announce, santase.marriage_needs_trick,
            santase.played_out, santase.last_trick, santase.target) == (
        False, True, True, "last_trick", 10, 11)
    assert [preset.name for preset in PRESETS] == ["schnapsen", "santase"]
    game = tricktable.new_game("sixtysix", seed=3, options={"preset": "schnapsen", "target": 5})
    assert game.record()["options"] == {**SixtySixRules.from_options(SCHNAPSEN).to_options(),
                                        "target": 5}  # the record keeps the options alone
    assert game.view(0)["hand_sizes"] == [5, 5]
    with pytest.raises(OptionError, match="'last_trick' must be at most 10"):
        SixtySixRules(last_trick=11)
    with pytest.raises(OptionError, match="'short_deck' must be true or false"):
        SixtySixRules(short_deck=1)  # type: ignore[arg-type]


def test_the_rule_sets_are_the_games_presets_chosen_by_name() -> None:
    """``preset: schnapsen`` sets Schnapsen's options; an option given beside it wins; the
    record keeps the resolved options (no preset name), so it replays alone."""
    assert SixtySixRules.presets == PRESETS
    game = tricktable.new_game("sixtysix", seed=3, options={"preset": "schnapsen", "target": 3})
    assert game.rules == SixtySixRules.from_options({**SCHNAPSEN, "target": 3})
    assert game.record()["options"] == game.rules.to_options()
    assert tricktable.new_game("sixtysix", seed=3, options={"preset": "santase"}).rules == (
        SixtySixRules.from_options(SANTASE))
    with pytest.raises(OptionError, match="unknown preset 'austrian'; presets: schnapsen, "
                                          "santase"):
        SixtySixRules.from_options({"preset": "austrian"})
