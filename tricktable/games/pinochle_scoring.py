"""How a Pinochle hand ends and scores: each team's meld, the bid made or set, the
throw-in, the game's winner (bidder's out, the target, the loss limit) and the next deal.

:class:`PinochleScoring` is the hand-end part of
:class:`~tricktable.games.pinochle.PinochleGame` (which holds the phase flow; split from
:mod:`.pinochle`).

>>> import tricktable
>>> game = tricktable.new_game("pinochle", seed=1)
>>> game.team_meld(), game._outcome(-5), game._outcome(None)
([0, 0], 'set by 5: -5 of the 0 bid', 'thrown in by the dealer')
"""

from __future__ import annotations

from abc import abstractmethod

from tricktable.cards import Seat
from tricktable.engine.events import Event
from tricktable.engine.results import hand_result
from tricktable.engine.state import GAME_OVER_PHASE
from tricktable.games.pinochle_cards import SUIT_TEXT, TEAM_NAMES, PinochleRules
from tricktable.games.pinochle_worlds import PinochleWorlds


class PinochleScoring(PinochleWorlds):
    """The end of a Pinochle hand and of the game (extended by
    :class:`~tricktable.games.pinochle.PinochleGame`)."""

    rules: PinochleRules
    scores: list[int]  # per team
    hand_number: int
    scale: int  # points per counter: 1, or 10 on the tens count
    assumed: int  # the dealer's assumed bid, in points
    bidder: Seat | None
    bid: int
    given_meld: list[int]  # each team's meld from a play deal (no cards shown)

    @abstractmethod
    def _start_hand(self) -> None:
        """Deal the next hand (the game's phase flow)."""

    def team_meld(self) -> list[int]:
        """Each team's meld this hand, as shown (0 before trump is named; a play deal's as
        it gives them)."""
        if not self.melds:
            return list(self.given_meld)
        totals = [m.total * self.scale for m in self.melds]
        return [totals[0] + totals[2], totals[1] + totals[3]]

    def _end_hand(self, thrown_in: bool = False) -> None:
        deltas = [0, 0]
        meld = self.team_meld()
        counted = list(meld)
        if thrown_in:
            deltas[self.dealer & 1] = -self.assumed
        else:
            team_tricks = [self.tricks_won[0] + self.tricks_won[2],
                           self.tricks_won[1] + self.tricks_won[3]]
            if self.rules.meld_needs_trick:
                counted = [m if t else 0 for m, t in zip(meld, team_tricks, strict=True)]
            deltas = self._bid_deltas(counted, self.card_points)
        self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        totals = [m + p for m, p in zip(counted, self.card_points, strict=True)]
        margin = None if thrown_in else totals[(self.bidder or 0) & 1] - self.bid
        made = None if margin is None else margin >= 0
        self.results.append(hand_result(
            self, declarer=None if thrown_in else self.bidder, made=made, margin=margin,
            contract=None if thrown_in else f"{self.bid} {SUIT_TEXT[self.trump or 0]}",
            card_points=self.card_points, points=totals, meld=meld, deltas=deltas,
            outcome=self._outcome(margin), bid=self.bid, thrown_in=thrown_in,
            trump=None if thrown_in else SUIT_TEXT[self.trump or 0], meld_counted=counted))
        summary = (f"hand {self.hand_number} over: N/S {deltas[0]:+d}, E/W {deltas[1]:+d}; "
                   f"scores {self.scores[0]}-{self.scores[1]}")
        self.log.append(Event("score", None, summary))
        self._next_hand_or_end()

    def hand_score(self, totals: list[int]) -> list[int] | None:
        """Each team's score for the hand had it ended with ``totals`` card points: the
        bidders make their bid with meld and points or lose it, the others score theirs.
        None where meld counts only with a trick taken (``meld_needs_trick``): then the
        score is no function of the points alone.

        >>> import tricktable
        >>> game = tricktable.new_game("pinochle", seed=1)
        >>> game.bidder, game.bid, game.melds = 0, 30, []
        >>> game.hand_score([31, 19]), game.hand_score([29, 21])
        ([31, 19], [-30, 21])
        >>> rules = {"meld_needs_trick": True}
        >>> tricktable.new_game("pinochle", seed=1, options=rules).hand_score([31, 19]) is None
        True
        """
        if self.rules.meld_needs_trick:
            return None
        return self._bid_deltas(self.team_meld(), totals)

    def _bid_deltas(self, meld: list[int], points: list[int]) -> list[int]:
        """Each team's score change from its meld counted and its card points: the bidders'
        total if it reaches the bid, else minus the bid; the others' total."""
        totals = [m + p for m, p in zip(meld, points, strict=True)]
        bidders = (self.bidder or 0) & 1
        deltas = list(totals)
        if totals[bidders] < self.bid:
            deltas[bidders] = -self.bid
        return deltas

    def _game_winner(self) -> int | None:
        """The winning team after a hand, if any: bidder's out, then the target, the floor."""
        reached = [s >= self.rules.target * self.scale for s in self.scores]
        limit = self.rules.loss_limit * self.scale
        sunk = [limit > 0 and s <= -limit for s in self.scores]
        if self.bidder is not None and reached[self.bidder & 1]:
            return self.bidder & 1
        if any(reached):
            a, b = self.scores
            return None if a == b else int(b > a)
        if any(sunk):
            return 1 if sunk[0] else 0
        return None

    def _next_hand_or_end(self) -> None:
        winner = self._game_winner()
        if winner is None and self.deal is None:
            self.dealer = (self.dealer + 1) % 4
            self._start_hand()
            return
        a, b = self.scores
        if winner is None and a != b:
            winner = int(b > a)  # a single dealt hand: the higher score
        self.winner = winner
        self.phase = GAME_OVER_PHASE
        self.to_move = None
        won = "nobody" if winner is None else TEAM_NAMES[winner]
        self.log.append(Event("game", None, f"game over: {won} wins {a}-{b}"))

    def _outcome(self, margin: int | None) -> str:
        """How the hand went for the bidders, in words."""
        if margin is None:
            return "thrown in by the dealer"
        total = self.bid + margin
        return (f"made: {total} of the {self.bid} bid" if margin >= 0
                else f"set by {-margin}: {total} of the {self.bid} bid")
