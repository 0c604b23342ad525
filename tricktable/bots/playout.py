"""Play-outs: bots play a sampled world on to the end of its hand, reading the engine's state.

Inside a search (the strong bot's worlds, the suggested bids) the heuristic
players that play each world out are not asked through views: building a
view for every card, and one for every watching bot after every trick, took
most of the search's time. A bot with a ``play_state(game, legal)`` method
(:class:`StateReader`) is given the game itself at trick play and reads from
it only what its seat sees at the table: its hand, the trick, the cards
played and who played them, the trump and the contract, what it was shown.
It chooses the card it would choose from its view after watching every
trick (tests/bots/test_playout.py checks this at every card of whole games),
so it needs no ``observe``. Other bots, and every choice outside trick play,
still go through the view.

>>> import random, tricktable
>>> from tricktable.bots import make_bot
>>> game = tricktable.new_game("pinochle", seed=2).world(0, random.Random(1))
>>> bots = [make_bot("heuristic", "pinochle", seed) for seed in range(4)]
>>> while not game.results:
...     _ = playout_step(game, bots)
>>> len(game.results)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tricktable.bots.base import Bot
from tricktable.engine.actions import Action
from tricktable.engine.events import Event
from tricktable.engine.state import GameState


class StateReader(Protocol):
    """A bot that can choose its card from the engine's state (trick play in play-outs)."""

    def play_state(self, game: GameState, legal: list[Action]) -> Action | None:
        """The card for the seat to move, read from what it sees of ``game``; None to be
        asked through its view instead (outside trick play)."""
        ...


def playout_step(game: GameState, bots: Sequence[Bot]) -> list[Event]:
    """The seat to move plays on in a play-out; return the events.

    A forced move is made without asking; a bot that reads the state is asked
    with the game; any other with its view, and it watches each trick (its
    ``observe``) as at the table.
    """
    seat = game.to_move
    assert seat is not None, "the game is over"
    legal = game.legal_actions()
    action: Action | None = legal[0] if len(legal) == 1 else None
    bot = bots[seat]
    if action is None:
        reader = getattr(bot, "play_state", None)
        action = reader(game, legal) if reader is not None else None
    if action is None:
        action = bot.choose(game.view(seat), legal)
    events = game.apply(action)
    if any(event.kind == "trick" for event in events):
        for other, watcher in enumerate(bots):
            observe = getattr(watcher, "observe", None)
            if observe is not None and not hasattr(watcher, "play_state"):
                observe(game.view(other))
    return events
