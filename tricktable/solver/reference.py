"""Plain minimax over a :class:`~tricktable.engine.play.Position`, from the spec's own
methods: slow and obviously right, for checking the compiled kernel on small positions.

>>> import tricktable
>>> from tricktable.solver.compiled import ROOK_ENDING
>>> game = tricktable.new_game("rook", deal=ROOK_ENDING)
>>> minimax(game.position(), side=0, objective="tricks")  # East keeps a higher red
1
"""

from __future__ import annotations

from dataclasses import replace

from tricktable.cards import bits
from tricktable.engine.play import PlaySpec, Position


def minimax(position: Position, side: int, objective: str = "tricks") -> int:
    """What ``side`` takes from ``position`` on (tricks, or card points with the spec's
    last-trick and most-tricks bonuses), every seat playing its best (trump calls too)."""
    hands = list(position.hands)
    seats = list(position.trick_seats)
    trick = list(position.trick)
    mine_so_far = position.side_tricks[side]
    points = objective == "points"

    def value(spec: PlaySpec, seat: int, win_pos: int, win_key: int, mine: int) -> int:
        if not trick and not hands[seat]:
            if points and spec.most_tricks_bonus:
                bonus_tricks = mine if spec.bonus_side == side else spec.tricks - mine
                to_bonus = 2 * bonus_tricks >= spec.tricks
                return spec.most_tricks_bonus if to_bonus == (spec.bonus_side == side) else 0
            return 0
        lead = trick[0] if trick else None
        allowed = spec.legal(seat, hands[seat], lead, win_key)
        results = []
        moves = [(card, after_play(spec, seat, card)) for card in bits(allowed)]
        if spec.calls and spec.calls[seat]:
            called = spec.with_trump(spec.side_of[seat], spec.calls[seat])
            moves += [(card, called) for card in bits(allowed & spec.calls[seat])]
        for card, spec in moves:
            hands[seat] ^= 1 << card
            trick.append(card)
            seats.append(seat)
            key = spec.key(seat, card, trick[0])
            new_pos, new_key = (len(trick) - 1, key) if key > win_key else (win_pos, win_key)
            if len(trick) < spec.players:
                result = value(spec, (seat + 1) % spec.players, new_pos, new_key, mine)
            else:
                winner = seats[new_pos]
                assert winner is not None
                ours = spec.side_of[winner] == side
                gain = 0
                if ours:
                    if points:
                        gain = sum(spec.points[c] for c in trick)
                        gain += 0 if hands[winner] else spec.last_bonus
                    else:
                        gain = 1
                saved_trick, saved_seats = trick[:], seats[:]
                trick.clear()
                seats.clear()
                result = gain + value(spec, winner, 0, -1, mine + ours)
                trick.extend(saved_trick)
                seats.extend(saved_seats)
            trick.pop()
            seats.pop()
            hands[seat] ^= 1 << card
            results.append(result)
        return max(results) if spec.side_of[seat] == side else min(results)

    return value(position.spec, position.to_move, position.win_pos, position.win_key,
                 mine_so_far)


def after_play(spec: PlaySpec, seat: int, card: int) -> PlaySpec:
    """``spec`` once ``seat`` plays ``card`` without a call: its marker, played so, ends
    its calls."""
    if spec.calls and spec.calls[seat] and spec.markers[seat] == card:
        calls, markers = list(spec.calls), list(spec.markers)
        calls[seat], markers[seat] = 0, -1
        return replace(spec, calls=tuple(calls), markers=tuple(markers))
    return spec
