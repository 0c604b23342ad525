"""How a Notrump hand ends and scores: the contract made or set (or the hand dropped), the
hand's result, the game's winner at the target and the next deal.

:class:`NotrumpScoring` is the hand-end part of
:class:`~tricktable.games.notrump.NotrumpGame` (which holds the phase flow; split from
:mod:`.notrump`).

>>> import tricktable
>>> game = tricktable.new_game("notrump", seed=1)
>>> _ = game.apply("pass"), game.apply("pass")  # both pass: the dealer's team scores 4
>>> game.hand_number, game.scores, game.results[0].outcome
(2, [0, 4], 'both passed: the hand is dropped')
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar

from tricktable.engine.events import Event
from tricktable.engine.results import hand_result
from tricktable.engine.state import GAME_OVER_PHASE
from tricktable.games.notrump_cards import DROPPED_POINTS, NEEDED, VALUES, contract_text
from tricktable.games.notrump_table import NotrumpTable


class NotrumpScoring(NotrumpTable):
    """The end of a Notrump hand and of the game (extended by
    :class:`~tricktable.games.notrump.NotrumpGame`)."""

    scores: list[int]  # per side

    @abstractmethod
    def _start_hand(self) -> None:
        """Deal the next hand (the game's phase flow)."""

    def _hand_deltas(self) -> tuple[list[int], bool | None]:
        """Each side's score for the hand just played, and whether the contract was made."""
        deltas = [0] * len(self.sides)
        if self.contract is None:
            if self.players == 4:  # both passed: the dealer's team, the other team, scores 4
                deltas[self.dealer % 2] = DROPPED_POINTS
            return deltas, None
        made = sum(self.tricks_won[s] for s in self.teams[0]) >= NEEDED
        for seat in self.teams[0 if made else 1]:
            deltas[self.side_of(seat)] = VALUES[self.contract]
        return deltas, made

    score_basis: ClassVar[str] = "tricks"

    def hand_score(self, totals: list[int]) -> list[int] | None:
        """Per team of the play spec (the selecting team first), the hand's score had it
        ended with ``totals`` tricks: the contract's value to the selecting team if it
        took seven, else to the defenders (each defender of three scores it too).

        >>> import tricktable
        >>> game = tricktable.new_game("notrump", seed=1)
        >>> game.contract = 0  # Spades, worth 10
        >>> game.hand_score([7, 6]), game.hand_score([6, 7])
        ([10, 0], [0, 10])
        """
        if self.contract is None:
            return None
        deltas = [0, 0]
        deltas[0 if totals[0] >= NEEDED else 1] = VALUES[self.contract]
        return deltas

    def _end_hand(self) -> None:
        deltas, made = self._hand_deltas()
        self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        past = self.past_tricks
        won = sum(self.tricks_won[s] for s in self.teams[0]) if self.declarer is not None else 0
        margin = None if made is None else won - NEEDED
        self.results.append(hand_result(
            self, declarer=self.declarer, contract=contract_text(self.contract), made=made,
            margin=margin, card_points=self._side_tricks(), deltas=deltas,
            outcome=self._outcome(made, won),
            last_trick=self.trick_view(past[-1]) if past else None,
            value=VALUES[self.contract] if self.contract is not None else None,
            choices=self._choices_view(), teams=[list(team) for team in self.teams],
            team_trumps=self._side_trumps(), calls=self._calls_view(),
            thrown_out=bool(self.thrown_out)))
        shown = ", ".join(f"{self.side_name(i)} {d:+d}" for i, d in enumerate(deltas))
        self.log.append(Event("score", None, f"hand {self.hand_number} over: {shown}; scores "
                                             f"{'-'.join(map(str, self.scores))}"))
        self._next_hand_or_end()

    def _next_hand_or_end(self) -> None:
        top = max(self.scores)
        leaders = [i for i, s in enumerate(self.scores) if s == top]
        decided = top >= self.rules.target and len(leaders) == 1
        if self.deal is None and not decided:
            self.dealer = (self.dealer + 1) % self.players
            self._start_hand()
            return
        self.winner = leaders[0] if len(leaders) == 1 else None
        self.phase = GAME_OVER_PHASE
        self.to_move = None
        won = "nobody" if self.winner is None else self.side_name(self.winner)
        self.log.append(Event("game", None, f"game over: {won} wins "
                                            f"{'-'.join(map(str, self.scores))}"))
