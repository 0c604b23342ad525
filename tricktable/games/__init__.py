"""The games: importing this package registers every game with the engine."""

from tricktable.games import rook

__all__ = ["rook"]
