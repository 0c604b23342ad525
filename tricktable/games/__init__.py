"""The games: importing this package registers every game with the engine."""

from tricktable.games import bidder as bidder
from tricktable.games import notrump as notrump
from tricktable.games import pinochle as pinochle
from tricktable.games import rook
from tricktable.games import sixtysix as sixtysix

__all__ = ["rook"]
