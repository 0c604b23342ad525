"""The double-dummy kernel: exact search of plain trick play on ints and bitmasks.

Where a game can describe the rest of its hand as plain tricks
(:meth:`~tricktable.engine.state.GameState.play_position`), the card points
a side takes are searched here instead of through the game's ``apply``:
hands are int masks changed in place and undone, a trick is a short list,
and nothing is copied. Same method as :class:`~tricktable.solver.Solver`:
fail-soft alpha-beta, a transposition table at trick starts holding bounds
on the points still to come (so positions reached with different points
taken share entries), equivalent cards searched once, the table's best card
first, and the last card to a trick trying to take it first.

>>> import random, tricktable
>>> from tricktable.solver import Solver, margin
>>> game = tricktable.new_game("rook", seed=4)
>>> rng = random.Random(4)
>>> while game.phase != "play" or sum(game.tricks_won) < 10:
...     _ = game.apply(rng.choice(game.legal_actions()))
>>> kernel = PlayKernel(side=0)
>>> kernel.value(game.play_position()) == Solver(game, 0, "points", kernel=False).value(game) \\
...     - margin(game.taken_points(), 0)
True
"""

from __future__ import annotations

from tricktable.cards import Card, bits
from tricktable.engine.trick import PlayPosition
from tricktable.solver.equivalence import distinct_cards

Bounds = tuple[float, float, int]  # lower, upper, best card (-1: none)
INFINITY = float("inf")


class PlayKernel:
    """Exact search of the points side ``side`` takes over the others from a position on.

    The value is the side's points from here minus the other side's (two
    sides); the table may be shared by every position of one hand.
    """

    def __init__(self, side: int) -> None:
        self.side = side
        self.table: dict[tuple[object, ...], Bounds] = {}
        self.nodes = 0

    def value(self, position: PlayPosition) -> float:
        """The exact value of ``position``, both sides playing perfectly."""
        return self._start(position).search(list(position.trick), position.leader,
                                            -INFINITY, INFINITY)

    def evaluate(self, position: PlayPosition) -> list[tuple[Card, float]]:
        """Each card the seat to move may play, one of each run of equivalent cards,
        with its exact value."""
        search = self._start(position)
        trick = list(position.trick)
        seat = position.to_move
        hand = search.hands[seat]
        values = []
        for card in search.moves(hand, trick, seat, -1):
            values.append((card, search.play(card, seat, hand, trick, position.leader,
                                             -INFINITY, INFINITY)))
        return values

    def _start(self, position: PlayPosition) -> _Search:
        if len(set(position.side_of)) != 2:
            raise ValueError("the kernel searches two sides")
        return _Search(self, position)


class _Search:
    """One search from a position: the mutable hands and trick counts."""

    def __init__(self, kernel: PlayKernel, position: PlayPosition) -> None:
        self.kernel = kernel
        self.position = position
        self.hands = list(position.hands)
        self.tricks = list(position.side_tricks)
        self.players = position.players
        self.points = position.points
        self.live = 0  # the cards in the hands and on the trick: it changes as tricks end
        for card in (*position.hands, *(1 << card for card in position.trick)):
            self.live |= card

    def moves(self, hand: int, trick: list[Card], seat: int, first: int) -> list[Card]:
        """The cards worth trying, one of each run of equivalent ones, best guesses first."""
        position = self.position
        legal = position.legal(hand, tuple(trick))
        points = self.points
        cards = distinct_cards(bits(legal), self.live, position.suit_of, points,
                               copies=position.copies)
        if len(trick) == self.players - 1 and len(cards) > 1:
            ours = position.side_of[seat]
            leader = (seat + 1) % self.players

            def guess(card: Card) -> tuple[bool, int, int]:
                won = position.winner((*trick, card))
                if position.side_of[(leader + won) % self.players] == ours:
                    return card != first, -points[card], card  # take it, with a valuable card
                return card != first, 1000 + points[card], card  # else lose it cheaply
            cards.sort(key=guess)
        else:
            cards.sort(key=lambda card: (card != first, -points[card], -card))
        return cards

    def search(self, trick: list[Card], leader: int, alpha: float, beta: float) -> float:
        """Alpha-beta value of the points to come (fail-soft)."""
        kernel = self.kernel
        kernel.nodes += 1
        key: tuple[object, ...] | None = None
        first = -1
        if not trick:
            hands = self.hands
            if not hands[leader]:
                return self.finish()
            key = (*hands, leader, *self.tricks) if self.position.finish else (*hands, leader)
            entry = kernel.table.get(key)
            if entry is not None:
                lower, upper, first = entry
                if lower >= beta or lower == upper:
                    return lower
                if upper <= alpha:
                    return upper
                alpha, beta = max(alpha, lower), min(beta, upper)
        seat = (leader + len(trick)) % self.players
        hand = self.hands[seat]
        maximizing = self.position.side_of[seat] == kernel.side
        low, high = alpha, beta
        best_value = -INFINITY if maximizing else INFINITY
        best_card = -1
        for card in self.moves(hand, trick, seat, first):
            value = self.play(card, seat, hand, trick, leader, low, high)
            if maximizing:
                if value > best_value:
                    best_value, best_card = value, card
                low = max(low, value)
            else:
                if value < best_value:
                    best_value, best_card = value, card
                high = min(high, value)
            if low >= high:
                break
        if key is not None:
            lower = best_value if best_value > alpha else -INFINITY
            upper = best_value if best_value < beta else INFINITY
            if entry is not None:
                lower, upper = max(lower, entry[0]), min(upper, entry[1])
            kernel.table[key] = (lower, upper, best_card)
        return best_value

    def play(self, card: Card, seat: int, hand: int, trick: list[Card], leader: int,
             alpha: float, beta: float) -> float:
        """The value after ``seat`` plays ``card``: the trick's points if it completes it."""
        hands = self.hands
        hands[seat] = hand ^ (1 << card)
        trick.append(card)
        try:
            if len(trick) < self.players:
                return self.search(trick, leader, alpha, beta)
            position = self.position
            cards = tuple(trick)
            winner = (leader + position.winner(cards)) % self.players
            side = position.side_of[winner]
            points = position.trick_points + sum(self.points[c] for c in cards)
            if not hands[winner]:
                points += position.last_points
            if side != self.kernel.side:
                points = -points
            live = self.live
            self.tricks[side] += 1
            self.live = live & ~sum(1 << c for c in cards)
            value = points + self.search([], winner, alpha - points, beta - points)
            self.tricks[side] -= 1
            self.live = live
            return value
        finally:
            trick.pop()
            hands[seat] = hand

    def finish(self) -> float:
        """What the trick counts earn at the hand's end, as the side's margin."""
        finish = self.position.finish
        if finish is None:
            return 0.0
        bonus = finish(tuple(self.tricks))
        side = self.kernel.side
        return float(bonus[side] - sum(b for s, b in enumerate(bonus) if s != side))

__all__ = ["PlayKernel"]
