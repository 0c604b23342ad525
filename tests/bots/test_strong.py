"""The strong bot, hints and suggested bids: legal, deterministic, seeing only the seat."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable

import pytest
from click.testing import CliRunner

import tricktable
from tests.conformance.support import case_id, game_cases, random_step, start
from tricktable.bots import BOT_NAMES, decide, make_bot
from tricktable.bots.hints import hint_limits, suggested_bids
from tricktable.bots.strong import (
    LEVELS,
    SearchLimits,
    StrongBot,
    cards_left,
    certain,
    level,
)
from tricktable.cards import PINOCHLE
from tricktable.cli import main
from tricktable.solver import solve

FAST = SearchLimits(worlds=4, seconds=60.0)


def _midgame(name: str, players: int, seed: int, steps: int) -> tricktable.GameState:
    rng = random.Random(seed)
    game = start(name, players, seed)
    for _ in range(steps):
        if game.is_over or game.results:
            break
        random_step(game, rng)
    return game


def test_a_closed_stock_is_no_longer_in_play() -> None:
    """After a close only the hands are played out, so the end-game solve starts on time."""
    rng = random.Random(3)
    game = start("sixtysix", 2, 3)
    while not any(action.kind == "close" for action in game.legal_actions()):
        random_step(game, rng)
    in_play = cards_left(game)
    game.apply(next(a for a in game.legal_actions() if a.kind == "close"))
    held = sum(hand.bit_count() for hand in game.hands)  # type: ignore[attr-defined]
    assert game.stock and cards_left(game) == held < in_play  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "players"), game_cases(), ids=case_id)
def test_strong_bot_plays_a_whole_hand_legally(name: str, players: int) -> None:
    game = start(name, players, 4)
    bots = [StrongBot(name, seed=s, limits=FAST) for s in range(players)]
    while not game.results and not game.is_over:
        action = decide(bots[game.to_move or 0], game)
        assert action in game.legal_actions()
        game.apply(action)
    assert game.results


def test_strong_and_expert_are_bot_levels_everywhere() -> None:
    assert BOT_NAMES == ("random", "heuristic", "strong", "expert")
    for name in tricktable.games():
        for level_name in ("strong", "expert"):
            bot = make_bot(level_name, name, 1)
            assert isinstance(bot, StrongBot) and bot.limits == level(level_name, name)
    strong, expert = LEVELS["strong"], LEVELS["expert"]
    assert expert.worlds > strong.worlds and expert.candidates > strong.candidates


def test_the_same_seed_and_view_give_the_same_decision() -> None:
    for seed in range(6):
        game = _midgame("rook", 4, seed, 10 + 7 * seed)
        first = decide(StrongBot("rook", seed=9, limits=FAST), game)
        again = decide(StrongBot("rook", seed=9, limits=FAST), game.clone())
        assert first == again


def _racing_clock(step: float) -> Callable[[], float]:
    """A clock that moves ``step`` seconds each time it is read."""
    ticks = itertools.count()
    return lambda: step * next(ticks)


def test_a_busy_machine_does_not_change_the_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """The time cap counts the bot's own CPU time: a wall clock that races past every
    deadline, as on a loaded machine, changes nothing (default limits)."""
    game = _midgame("pinochle", 4, 3, 0)
    calm = StrongBot("pinochle", seed=4).rank(game.redacted(0), game.legal_actions())
    for clock in ("perf_counter", "monotonic", "time"):
        monkeypatch.setattr(f"time.{clock}", _racing_clock(10.0))
    busy = StrongBot("pinochle", seed=4).rank(game.redacted(0), game.legal_actions())
    assert [(c.action, c.values) for c in busy] == [(c.action, c.values) for c in calm]
    assert len(calm[0].values) > 1


def test_the_cpu_time_cap_stops_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cap is a safety net: a search past it stops after the world in hand, and the
    bot counts the cut (the benchmark reports the count)."""
    game = _midgame("pinochle", 4, 3, 0)
    monkeypatch.setattr("time.thread_time", _racing_clock(10.0))
    bot = StrongBot("pinochle", seed=4)
    choices = bot.rank(game.redacted(0), game.legal_actions())
    valued = [len(choice.values) for choice in choices]
    assert max(valued) == 1 and set(valued) <= {0, 1}  # the screen's one world, then cut
    assert bot.cuts == 1


def test_the_strong_bot_needs_the_redacted_game() -> None:
    game = start("rook", 4, 1)
    with pytest.raises(TypeError, match="decide"):
        StrongBot("rook").choose(game.view(0), game.legal_actions())


def test_search_keeps_the_heuristic_pick_unless_clearly_beaten() -> None:
    game = _midgame("sixtysix", 2, 3, 6)
    state = game.redacted(game.to_move or 0)
    choices = StrongBot("sixtysix", seed=1, limits=FAST).rank(state, game.legal_actions())
    heuristic = make_bot("heuristic", "sixtysix", 0)
    assert choices[0].values and all(c.action in game.legal_actions() for c in choices)
    assert len({c.action for c in choices}) == len(choices)
    assert heuristic.choose(state.view(state.to_move or 0), game.legal_actions()) in [
        c.action for c in choices]


def test_the_search_decides() -> None:
    """The pick is the candidate with the best mean among those valued in the most
    worlds, whether or not the heuristic player would have chosen it."""
    limits = SearchLimits(worlds=4, seconds=60.0)
    overruled = 0
    for seed in range(6):
        game = _midgame("rook", 4, seed, 20 + 5 * seed)
        seat = game.to_move or 0
        state, legal = game.redacted(seat), game.legal_actions()
        bot = StrongBot("rook", seed=2, limits=limits)
        ranked = bot.rank(state, legal)
        most = max(len(choice.values) for choice in ranked)
        best = max(choice.mean for choice in ranked if len(choice.values) == most)
        assert len(ranked[0].values) == most and ranked[0].mean == best
        rng = random.Random(f"2:{json.dumps(state.view(seat), sort_keys=True)}")
        overruled += ranked[0].action != bot.candidates(state, legal, rng)[0]
    assert overruled >= 1


@pytest.mark.parametrize("name", ["strong", "expert"])
def test_a_level_plays_in_each_game_with_the_keep_its_heuristic_player_asks(name: str) -> None:
    """Bidder's heuristic asks the levels to play their search's best (keep 0, measured
    better); the other games keep the level's own rule, and limits given explicitly win."""
    for game in tricktable.games():
        bot = make_bot(name, game, 1)
        assert isinstance(bot, StrongBot)
        assert bot.limits.keep == (0.0 if game == "bidder" else LEVELS[name].keep), game
        assert StrongBot(game, 1).limits.keep == (0.0 if game == "bidder" else 2.0)
    assert StrongBot("bidder", 1, LEVELS[name]).limits.keep == LEVELS[name].keep == 2.0


def test_rooks_levels_search_the_least_raise_besides_the_heuristics_bid_and_a_pass() -> None:
    """Rook's heuristic asks for ``bid_levels`` = 1: of the bid levels only the least and
    the heuristic's own are searched (with the pass); Pinochle's levels search them all."""
    for seed in range(6):
        game = start("rook", 4, seed)
        seat = game.to_move or 0
        state, legal = game.redacted(seat), game.legal_actions()
        bot = make_bot("strong", "rook", 1)
        assert isinstance(bot, StrongBot)
        found = bot.candidates(state, legal, random.Random(0))
        least = min(action.arg for action in legal if action.kind == "bid")
        kept = {action for action in legal if action.kind != "bid" or action.arg == least}
        assert set(found) == kept | {found[0]}, [action.text for action in found]
        assert len(found) < len(legal) - 10
    game = tricktable.new_game("pinochle", seed=1)
    bot = make_bot("strong", "pinochle", 1)
    assert isinstance(bot, StrongBot)
    state, legal = game.redacted(game.to_move or 0), game.legal_actions()
    assert set(bot.candidates(state, legal, random.Random(0))) == set(legal)


def test_pinochles_strong_level_searches_as_wide_as_expert() -> None:
    """Pinochle's heuristic asks for expert's breadth (measured better there); Notrump,
    where the same breadth lost, keeps the level's own."""
    strong, expert = level("strong", "pinochle"), LEVELS["expert"]
    breadth = ("candidates", "widen", "screen_rollouts")
    assert [getattr(strong, name) for name in breadth] == \
        [getattr(expert, name) for name in breadth]
    assert level("strong", "notrump").candidates == LEVELS["strong"].candidates < expert.candidates
    assert strong.worlds == LEVELS["strong"].worlds < expert.worlds


def test_rooks_strong_level_draws_more_worlds_and_expert_keeps_its_own() -> None:
    """Rook's heuristic asks the strong level alone for 24 worlds (measured better there);
    expert keeps its 40, and the other games strong's 16."""
    assert level("strong", "rook").worlds == 24 > LEVELS["strong"].worlds
    assert level("expert", "rook").worlds == LEVELS["expert"].worlds == 40
    assert level("expert", "rook").bid_levels == level("strong", "rook").bid_levels == 1
    for game in tricktable.games():
        if game != "rook":
            assert level("strong", game).worlds == LEVELS["strong"].worlds, game
    bot = make_bot("strong", "rook", 1)
    assert isinstance(bot, StrongBot) and bot.limits.worlds == 24


def test_hints_search_the_bids_the_strong_bot_searches() -> None:
    """Hints use the strong level as the game plays it: in Rook's auction only the least
    raise, the heuristic's bid and the pass are ranked, not every bid level."""
    game = start("rook", 4, 0)
    legal = game.legal_actions()
    least = min(action.arg for action in legal if action.kind == "bid")
    ranked = {hint.action for hint in tricktable.hint(game, worlds=2)}
    assert {f"bid {least}", "pass"} <= ranked
    assert len(ranked) <= 3 < len(legal), sorted(ranked)


def test_keep_plays_the_heuristic_pick_unless_clearly_beaten() -> None:
    """With ``keep`` the heuristic's pick plays while it is still running unless the best
    mean beats it by that many standard errors; the same worlds without ``keep`` let the
    best mean overrule it somewhere."""
    overruled = 0
    for seed in range(8):
        game = _midgame("sixtysix", 2, seed, 4 + seed)
        seat = game.to_move or 0
        state, legal = game.redacted(seat), game.legal_actions()
        if len(legal) < 2:
            continue
        rng = random.Random(f"2:{json.dumps(state.view(seat), sort_keys=True)}")
        pick = StrongBot("sixtysix", seed=2).candidates(state, legal, rng)[0]
        kept = StrongBot("sixtysix", seed=2, limits=SearchLimits(keep=50.0)).rank(state, legal)
        mine = next(choice for choice in kept if choice.action == pick)
        assert kept[0] is mine or len(mine.values) < len(kept[0].values)  # or dropped
        best = StrongBot("sixtysix", seed=2, limits=SearchLimits(keep=0.0)).rank(state, legal)
        overruled += best[0].action != pick and len(best[0].values) == len(
            next(c for c in best if c.action == pick).values)
    assert overruled >= 1


def test_every_distinct_legal_action_is_a_candidate() -> None:
    """A bid decision offers every bid level and the pass; after the screen the
    candidates waiting in line take the places of dropped ones."""
    game = start("rook", 4, 5)
    seat = game.to_move or 0
    state, legal = game.redacted(seat), game.legal_actions()
    bot = StrongBot("rook", seed=1, limits=FAST)
    rng = random.Random(0)
    assert set(bot.candidates(state, legal, rng)) == set(legal) and len(legal) > 20
    limits = SearchLimits(worlds=8, candidates=2, widen=3, screen=1, settle=2, seconds=60.0)
    ranked = StrongBot("rook", seed=1, limits=limits).rank(state, legal)
    assert {choice.action for choice in ranked} == set(legal)
    searched = [choice for choice in ranked if len(choice.values) > 1]
    assert 1 <= len(searched) <= 2 + 3


def test_hint_ranks_choices_with_reasons() -> None:
    game = _midgame("rook", 4, 2, 30)
    while game.phase != "play":
        random_step(game, random.Random(0))
    hints = tricktable.hint(game, worlds=4)
    legal = {a.text for a in game.legal_actions()}
    assert hints and {h.action for h in hints} <= legal
    assert all("sampled deals" in h.reason for h in hints)
    assert any(h.reason.startswith("wins the trick in") for h in hints)


@pytest.mark.parametrize(("seed", "moves"), [
    (2, []),  # closing, a choice the screen dropped after a few deals
    (14, ["play K♦", "play A♦", "draw"]),  # a card dropped early averages best over its deals
])
def test_hints_rank_the_kept_choices_by_value_then_the_dropped(seed: int,
                                                               moves: list[str]) -> None:
    """A dropped choice's value is the best's expected value plus its shortfall against
    the best on the deals it was valued in, not its own few deals' average."""
    game = tricktable.new_game("sixtysix", seed=seed)
    for move in moves:
        game.apply(move)
    hints = tricktable.hint(game)
    ranked = {c.action.text: c for c in StrongBot("sixtysix", seed=0, limits=hint_limits(
        "sixtysix")).rank(game.redacted(game.to_move or 0), game.legal_actions())}
    best = ranked[hints[0].action]
    kept = [h for h in hints if len(ranked[h.action].values) == len(best.values)]
    dropped = hints[len(kept):]
    assert len(kept) >= 2 and dropped and len(best.values) > 6
    assert [h.value for h in kept] == sorted((h.value for h in kept), reverse=True)
    assert [h.value for h in dropped] == sorted((h.value for h in dropped), reverse=True)
    for hint in dropped:
        values = ranked[hint.action].values
        short = sum(v - b for v, b in zip(values, best.values, strict=False)) / len(values)
        assert hint.value == round(best.mean + short, 2) != round(ranked[hint.action].mean, 2)
        assert hint.reason.endswith(f"against {best.action.text} on them")


def test_a_hint_searches_the_strong_levels_fixed_worlds_not_what_a_time_cap_allows() -> None:
    game = tricktable.new_game("sixtysix", seed=1)
    worlds = StrongBot("sixtysix").worlds_for(game)
    first = tricktable.hint(game)
    deals = {int(re.search(r"(?:of|over) (\d+) sampled deals", h.reason)[1])  # type: ignore[index]
             for h in first}
    assert max(deals) == worlds == 32  # each kept choice valued in every world of the level
    assert tricktable.hint(game) == first  # the same view, the same hints
    assert tricktable.hint(game, seconds=1e6) == first  # no time cap: the same search


def test_hint_is_only_for_the_seat_to_move() -> None:
    game = start("rook", 4, 2)
    other = ((game.to_move or 0) + 1) % 4
    with pytest.raises(ValueError, match="turn"):
        tricktable.hint(game, other)


def test_suggested_bids_are_for_games_that_declare_them() -> None:
    with pytest.raises(ValueError, match="Rook suggests no bids"):
        suggested_bids(start("rook", 4, 1))
    # a run and marriages in hearts
    hearts = ["AH", "10H", "KH", "QH", "JH", "9H", "KH", "QH", "QS", "JD", "AS", "9C"]
    rest = [PINOCHLE.ascii(c) for c in range(len(PINOCHLE))]
    for card in hearts:
        rest.remove(card)
    game = tricktable.new_game("pinochle", deal={
        "dealer": 0, "hands": [rest[:12], hearts, rest[12:24], rest[24:]]})
    bids = suggested_bids(game, worlds=4)
    assert set(bids) == set("♠♥♦♣")
    assert max(bids, key=lambda suit: bids[suit]["suggested_bid"]) == "♥"
    assert bids["♥"]["suggested_bid"] >= 30


def test_play_shows_hints() -> None:
    result = CliRunner().invoke(main, ["play", "sixtysix", "--seed", "3", "--hints"],
                                input="quit\n\n")
    assert "hint 1:" in result.output


def _certain_positions(count: int) -> list[tricktable.GameState]:
    """Sixty-Six positions after the stock is drawn, two choices at least: the seat to move
    can place every card still to be played."""
    found = []
    for seed in itertools.count():
        game = start("sixtysix", 2, seed)
        bots = [make_bot("heuristic", "sixtysix", seed + s) for s in range(2)]
        while not game.results and not game.is_over:
            seat = game.to_move or 0
            if certain(game, seat) and len(game.legal_actions()) > 1:
                found.append(game)
                break
            game.apply(decide(bots[seat], game))
        if len(found) == count:
            return found
    raise AssertionError("unreachable")


def test_a_seat_that_can_place_every_card_plays_an_exactly_best_action() -> None:
    """Once nothing is hidden from the seat (one world), strong plays an action of the
    best exact value, solved once; where the heuristic's pick is best it keeps it."""
    for game in _certain_positions(6):
        seat = game.to_move or 0
        state, legal = game.redacted(seat), game.legal_actions()
        assert state.world(seat, random.Random(1)).hands == game.hands  # type: ignore[attr-defined]
        exact = solve(game, "score").actions
        bot = StrongBot("sixtysix", seed=2)
        ranked = bot.rank(state, legal)
        assert exact[ranked[0].action.text] == max(exact.values())
        assert ranked[0].reason().endswith("solved exactly: every card is placed")
        rng = random.Random(f"2:{json.dumps(state.view(seat), sort_keys=True)}")
        pick = bot.candidates(state, legal, rng)[0]
        if exact[pick.text] == max(exact.values()):
            assert ranked[0].action == pick
    opening = start("sixtysix", 2, 1)
    assert not certain(opening, opening.to_move or 0)  # the stock still to draw


def test_a_reason_says_where_each_sampled_deal_was_solved_exactly() -> None:
    """Near a Rook hand's end every sampled deal is solved exactly, and the hint says so
    rather than speak of its play-outs."""
    game = start("rook", 4, 3)
    rng = random.Random(3)
    while not (game.phase == "play" and cards_left(game) <= 8):
        random_step(game, rng)
    seat = game.to_move or 0
    ranked = StrongBot("rook", seed=1).rank(game.redacted(seat), game.legal_actions())
    assert ranked and all(choice.reason().endswith("sampled deals, each solved exactly")
                          for choice in ranked if choice.values)


def test_a_choice_never_searched_says_it_is_the_only_one() -> None:
    """Where every legal card plays alike (one run, or one card), nothing is searched and
    the hint says why rather than speak of zero sampled deals."""
    game = start("rook", 4, 3)
    rng = random.Random(3)
    while not (game.phase == "play" and len(game.legal_actions()) == 1):
        random_step(game, rng)
    hints = tricktable.hint(game)
    assert [h.reason for h in hints] == ["nothing to weigh: every legal choice plays alike here"]


def test_a_small_deck_searches_more_worlds() -> None:
    """At the strong level a Sixty-Six decision (24 cards) searches up to 32 worlds where
    candidates stay close, a Pinochle decision (48 cards) up to 16."""
    for name, players, most in (("sixtysix", 2, 32), ("pinochle", 4, 16)):
        searched = []
        for seed in range(4):
            game = _midgame(name, players, seed, 3 + seed)
            seat = game.to_move or 0
            ranked = StrongBot(name, seed=2).rank(game.redacted(seat), game.legal_actions())
            searched.append(max(len(choice.values) for choice in ranked))
        assert max(searched) == most, (name, searched)


def test_a_world_past_its_budget_is_solved_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """An exact solve that runs past its budget is not tried again in the same world for
    the next candidate: the play-outs value them all."""
    from tricktable.bots import strong

    calls: list[int] = []

    def over_budget(world: tricktable.GameState, nodes: int) -> None:
        calls.append(nodes)

    monkeypatch.setattr(strong, "exact_values", over_budget)
    rng = random.Random(3)
    game = start("rook", 4, 3)
    while not (game.phase == "play" and cards_left(game) <= 24 and len(game.legal_actions()) > 2):
        random_step(game, rng)
    seat = game.to_move or 0
    ranked = StrongBot("rook", seed=2, limits=FAST).rank(game.redacted(seat), game.legal_actions())
    valued = sum(len(choice.values) for choice in ranked)
    assert valued > max(len(choice.values) for choice in ranked)  # several candidates a world
    assert len(calls) == max(len(choice.values) for choice in ranked)  # one try a world


def test_loading_the_kernel_during_a_search_is_not_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """The safety net leaves out the CPU time numba spends loading or compiling code (a
    cold cache compiles for a minute): here the thread's clock races past every deadline,
    all of it spent in the compiler lock, and the search is neither cut nor changed."""
    from tricktable.bots import strong

    game = _midgame("pinochle", 4, 3, 0)
    calm = StrongBot("pinochle", seed=4).rank(game.redacted(0), game.legal_actions())
    monkeypatch.setattr("time.thread_time", _racing_clock(10.0))
    monkeypatch.setattr(strong, "load_seconds", _racing_clock(10.0))
    bot = StrongBot("pinochle", seed=4)
    loading = bot.rank(game.redacted(0), game.legal_actions())
    assert bot.cuts == 0
    assert [(c.action, c.values) for c in loading] == [(c.action, c.values) for c in calm]
