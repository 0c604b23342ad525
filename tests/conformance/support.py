"""Machinery the conformance suite and the property tests share.

Nothing here knows a particular game: it works through the public engine API
(``new_game``, ``legal_actions``, ``apply``, ``view``, ``events``, ``reveal``,
``hidden_from``, ``record``) and the game class's ``deck`` and
``player_counts``.

>>> card_tokens({"trick": [{"card": "R14"}], "log": ["N plays G5,", "pass"]}) >= {"R14", "G5"}
True
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import tricktable
from tricktable import Action, GameState, Seat
from tricktable.cards import Deck, bits

JSON = dict[str, Any]

MAX_STEPS = 20_000
"""No game may need more actions than this to finish (random play)."""

_PUNCTUATION = ".,;:!?()[]{}\"'"


# -- which games ---------------------------------------------------------------


def game_cases() -> list[tuple[str, int]]:
    """Every registered game with every player count it allows."""
    return [(name, count) for name in tricktable.games()
            for count in tricktable.find_game(name).player_counts]


def shipped_games() -> list[str]:
    """The registered games that tricktable ships (not a game a test registers)."""
    return [name for name in tricktable.games()
            if tricktable.find_game(name).__module__.startswith("tricktable.")]


def case_id(case: object) -> str:
    """A readable pytest id: ``rook-4p``."""
    if isinstance(case, tuple) and len(case) == 2:
        return f"{case[0]}-{case[1]}p"
    return str(case)


def start(name: str, players: int, seed: int, options: JSON | None = None) -> GameState:
    """A new seeded game, with the options under which random play ends (the game's
    ``playout_options``) unless ``options`` says otherwise."""
    options = {**tricktable.find_game(name).playout_options, **(options or {})}
    return tricktable.new_game(name, seed=seed, players=players, options=options)


def deck_of(game: GameState) -> Deck:
    """The game's deck, as its registered class declares it."""
    return tricktable.find_game(game.name).deck


def viewers(game: GameState) -> list[Seat | None]:
    """Every seat, then the spectator (None)."""
    return [*range(game.players), None]


# -- playing -------------------------------------------------------------------


def legal_or_fail(game: GameState) -> list[Action]:
    """The legal actions; a game that is not over must always have one."""
    legal = game.legal_actions()
    assert legal, f"{game!r} is not over but has no legal action"
    return legal


def random_step(game: GameState, rng: random.Random) -> Action:
    """Apply one uniformly random legal action; return it."""
    action = rng.choice(legal_or_fail(game))
    game.apply(action)
    return action


def play_out(game: GameState, rng: random.Random, max_steps: int = MAX_STEPS) -> int:
    """Play random legal actions until the game is over; return the number of steps."""
    steps = 0
    while not game.is_over:
        assert steps < max_steps, f"{game.name}: no end after {max_steps} random actions"
        random_step(game, rng)
        steps += 1
    return steps


def walk(
    game: GameState, rng: random.Random, max_steps: int = MAX_STEPS
) -> Iterator[Action | None]:
    """Yield None for the start, then each random action right after applying it."""
    yield None
    steps = 0
    while not game.is_over:
        assert steps < max_steps, f"{game.name}: no end after {max_steps} random actions"
        yield random_step(game, rng)
        steps += 1


def finished_game(name: str, players: int, seed: int, options: JSON | None = None) -> GameState:
    """A seeded game played to its end by random legal actions (seeded too)."""
    game = start(name, players, seed, options)
    play_out(game, random.Random(seed))
    return game


# -- snapshots -----------------------------------------------------------------


def snapshot(game: GameState) -> str:
    """Everything observable about a game, as one canonical JSON text."""
    data = {
        "views": {str(seat): game.view(seat) for seat in viewers(game)},
        "events": {str(seat): game.events(seat) for seat in viewers(game)},
        "reveal": game.reveal(),
        "record": game.record(),
        "results": [result.to_json() for result in game.results],
        "scores": game.scores,
        "winner": game.winner,
        "phase": str(game.phase),
        "to_move": game.to_move,
        "is_over": game.is_over,
        "legal": [action.text for action in game.legal_actions()],
        "hidden": [game.hidden_from(seat) for seat in range(game.players)],
    }
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def rejected_action(game: GameState, rng: random.Random) -> Action | None:
    """An action of the game's table that ``is_legal`` refuses now (random), if any."""
    actions = list(game.table.actions)
    rng.shuffle(actions)
    return next((action for action in actions if not game.is_legal(action)), None)


# -- where the cards are -------------------------------------------------------


def deck_counts(deck: Deck) -> Counter[str]:
    """How many copies of each card text the deck holds."""
    return Counter(deck.text(card) for card in range(len(deck)))


def reveal_counts(reveal: JSON, deck: Deck) -> tuple[Counter[str], dict[str, list[str]]]:
    """Count every card text found in the lists of a ``reveal()`` dict, with where.

    Strings inside lists (at any depth, also inside dicts inside lists) that
    are a card's text or letters-only text are counted; other strings are
    ignored; strings that are not inside any list (a scalar ``"trump": "Red"``)
    are not places and are not counted.
    """
    by_text = {deck.text(card): deck.text(card) for card in range(len(deck))}
    by_text.update({deck.ascii(card): deck.text(card) for card in range(len(deck))})
    counts: Counter[str] = Counter()
    where: dict[str, list[str]] = {}

    def visit(value: Any, path: str, in_list: bool) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                visit(item, f"{path}.{key}", in_list)
        elif isinstance(value, list | tuple):
            for index, item in enumerate(value):
                visit(item, f"{path}[{index}]", True)
        elif isinstance(value, str) and in_list and value in by_text:
            text = by_text[value]
            counts[text] += 1
            where.setdefault(text, []).append(path)

    visit(reveal, "reveal()", False)
    return counts, where


def conservation_problems(game: GameState) -> list[str]:
    """What is wrong with ``reveal()``'s account of the deck (empty: every card once)."""
    deck = deck_of(game)
    counts, where = reveal_counts(game.reveal(), deck)
    expected = deck_counts(deck)
    problems = []
    for text in sorted(set(expected) | set(counts)):
        if counts[text] != expected[text]:
            problems.append(f"{text}: {counts[text]} in {where.get(text, [])}, "
                            f"the deck holds {expected[text]}")
    return problems


# -- hidden cards --------------------------------------------------------------


def card_tokens(value: Any, skip: frozenset[str] = frozenset()) -> set[str]:
    """Every whitespace-separated word of every string (keys too) in a JSON value.

    Each word is kept as it is and without surrounding punctuation. Top-level
    keys named in ``skip`` are left out.
    """
    words: set[str] = set()

    def add(text: str) -> None:
        for word in text.split():
            words.add(word)
            words.add(word.strip(_PUNCTUATION))

    def visit(item: Any) -> None:
        if isinstance(item, dict):
            for key, inner in item.items():
                add(str(key))
                visit(inner)
        elif isinstance(item, list | tuple):
            for inner in item:
                visit(inner)
        elif isinstance(item, str):
            add(item)

    if isinstance(value, dict):
        for key, inner in value.items():
            if key not in skip:
                add(str(key))
                visit(inner)
    else:
        visit(value)
    return words


def texts_of(deck: Deck, mask: int) -> set[str]:
    """The display and letters-only texts of the cards in ``mask``."""
    return {text for card in bits(mask) for text in (deck.text(card), deck.ascii(card))}


def secret_texts(deck: Deck, hidden: int) -> set[str]:
    """Texts naming a hidden card: every copy of that face is hidden (two-copy decks)."""
    return texts_of(deck, hidden) - texts_of(deck, deck.full & ~hidden)


def hidden_mask(game: GameState, viewer: Seat | None) -> int:
    """Cards ``viewer`` may not see; for a spectator, those hidden from any seat."""
    if viewer is not None:
        return game.hidden_from(viewer)
    mask = 0
    for seat in range(game.players):
        mask |= game.hidden_from(seat)
    return mask


def view_skip(game: GameState, view: JSON) -> frozenset[str]:
    """Top-level view keys not scanned for hidden cards.

    Only ``results`` when it is exactly ``game.results``: summaries of
    finished hands describe earlier deals, whose cards have been dealt again.
    """
    return frozenset({"results"}) if view.get("results") == game.results else frozenset()


def view_leaks(game: GameState, viewer: Seat | None) -> set[str]:
    """Texts of cards hidden from ``viewer`` that its view contains."""
    view = game.view(viewer)
    secret = secret_texts(deck_of(game), hidden_mask(game, viewer))
    return card_tokens(view, view_skip(game, view)) & secret


def json_problem(value: Any) -> str | None:
    """Why ``value`` is not plain JSON (serialises and reads back equal), or None."""
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as error:
        return f"not JSON-serialisable: {error}"
    if json.loads(text) != value:
        return "changes through JSON (use lists, str keys, no tuples)"
    return None


class EventLeakChecker:
    """Scan each event as it is logged, as every seat and the spectator see it.

    An event is checked against the cards hidden from the viewer right after
    the action that logged it. When an action finishes a hand (``results``
    grows) and a new hand is dealt, only the events from the last ``deal``
    event on belong to the new hand's secrets; the earlier ones close the
    old hand and are checked less strictly (the action's own card aside).
    """

    def __init__(self, game: GameState) -> None:
        self.game = game
        self.seen = 0
        self.hands_done = len(game.results)

    def check(self, action: Action | None) -> list[str]:
        """Problems in the events logged since the last check."""
        game = self.game
        deck = deck_of(game)
        start = self.seen
        kinds = [event.kind for event in game.log[start:]]
        self.seen = len(game.log)
        hand_ended = len(game.results) > self.hands_done
        self.hands_done = len(game.results)
        boundary: int | None = None  # index of the new hand's "deal" event
        own_card: set[str] = set()
        if hand_ended:
            deals = [index for index, kind in enumerate(kinds) if kind == "deal"]
            boundary = deals[-1] if deals else None
            if action is not None and game.table.arg_types.get(action.kind) == "card":
                card = action.arg or 0
                own_card = {deck.text(card), deck.ascii(card)}
        problems = []
        for viewer in viewers(game):
            secret = secret_texts(deck, hidden_mask(game, viewer))
            texts = game.events(viewer)[start:]
            if len(texts) != len(kinds):
                problems.append(f"events({viewer}) has {len(texts)} new entries, the log "
                                f"{len(kinds)}")
            for index, text in enumerate(texts):
                if boundary is not None and index < boundary:
                    continue  # the old hand is over: its closing events may show anything
                leaked = card_tokens(text) & secret
                if hand_ended and boundary is None:
                    leaked -= own_card
                if leaked:
                    hint = (" (a hand ended here: start each hand's events with a 'deal' event)"
                            if hand_ended and boundary is None else "")
                    problems.append(
                        f"event {start + index} {text!r} as seat {viewer} sees it names "
                        f"{sorted(leaked)}, hidden from that seat{hint}")
        return problems
