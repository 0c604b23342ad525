"""tricktable: bidding trick-taking card games on one rules engine.

>>> import tricktable
>>> game = tricktable.new_game("rook", seed=7)
>>> game.to_move, game.phase
(3, <Phase.BID: 'bid'>)
"""

from tricktable import games as _games  # registers every game
from tricktable.bots.hints import Hint, hint
from tricktable.cards import Card, CardSet, Deck, Seat
from tricktable.engine.actions import Action, IllegalAction
from tricktable.engine.events import Event
from tricktable.engine.registry import find_game, game_names, new_game
from tricktable.engine.results import HandResult
from tricktable.engine.rules import OptionError
from tricktable.engine.state import DealError, GameState, Phase
from tricktable.records import RecordError, load_record, replay, save_record

del _games


def games() -> list[str]:
    """The names of the games tricktable plays."""
    return game_names()


__all__ = [
    "Action", "Card", "CardSet", "DealError", "Deck", "Event", "GameState", "HandResult", "Hint",
    "IllegalAction",
    "OptionError", "Phase", "RecordError", "Seat", "find_game", "games", "hint", "load_record",
    "new_game", "replay", "save_record",
]
