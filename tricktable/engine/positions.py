"""Where a hand's trick play stands, for the solvers, and a game started at trick play.

:func:`solver_position` gives the double-dummy solver a :class:`Position` (ints
and the play spec), :func:`kernel_position` the int kernel a
:class:`~tricktable.engine.trick.PlayPosition`; :func:`start_play` sets a fresh
game at trick play from a play-phase deal (``TrickGame.start_play``).

>>> import tricktable
>>> game = tricktable.new_game("rook", deal={"hands": ["R1", "R2", "G2", "G3"],
...     "trump": "red", "leader": 0, "declarer": 0})
>>> solver_position(game).hands == tuple(game.hands), solver_position(game).tricks_played
(True, 13)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tricktable.cards import Card, Deck, Seat
from tricktable.engine.events import Event
from tricktable.engine.spec import PlaySpec
from tricktable.engine.state import PLAY_PHASE, DealError
from tricktable.engine.trick import PlayPosition

if TYPE_CHECKING:
    from tricktable.engine.play import TrickGame


@dataclass(frozen=True, slots=True)
class Position:
    """The rest of a hand's trick play as ints: what the double-dummy solver searches.

    The trick so far is ``trick`` (played by ``trick_seats``, None for a card
    turned up by nobody) and its winning key ``win_key`` (-1: no card yet);
    ``to_move`` plays next. Each side has taken ``side_tricks`` and
    ``side_points`` so far, and ``tricks_played`` tricks are over.
    """

    spec: PlaySpec
    hands: tuple[int, ...]
    trick: tuple[Card, ...]
    trick_seats: tuple[Seat | None, ...]
    to_move: Seat
    win_pos: int
    win_key: int
    tricks_played: int
    side_tricks: tuple[int, ...]
    side_points: tuple[int, ...]


def solver_position(game: TrickGame) -> Position | None:
    """The rest of ``game``'s hand's trick play for the solver (None: not at trick play)."""
    if game.to_move is None or not game._at_tricks():
        return None
    spec = game.search_spec()
    sides = max(spec.side_of) + 1
    side_tricks = [0] * sides
    for seat, won in enumerate(game.tricks_won):
        side_tricks[spec.side_of[seat]] += won
    seats = [seat for seat in range(spec.players) if seat != spec.sits_out]
    if len(seats) < spec.players:  # the seats that play, as a table of their own
        spec = replace(spec, players=len(seats), sits_out=-1,
                       side_of=tuple(spec.side_of[s] for s in seats),
                       trumps=tuple(spec.trumps[s] for s in seats),
                       calls=tuple(spec.calls[s] for s in seats) if spec.calls else ())
    index = {seat: number for number, seat in enumerate(seats)}
    return Position(spec, tuple(game.hands[s] for s in seats), tuple(game.trick),
                    tuple(None if s is None else index[s] for s in game.trick_seats),
                    index[game.to_move], game.win_pos, game.win_key, game.tricks_played,
                    tuple(side_tricks), tuple(game.card_points))


def kernel_position(game: TrickGame) -> PlayPosition | None:
    """The rest of ``game``'s hand for the int kernel of the solver, where every seat has
    the same trumps and nothing but cards are played (None otherwise)."""
    spec = game.search_spec()
    if (game.to_move is None or not game._at_tricks() or not game._plain_tricks()
            or len(set(spec.trumps)) != 1 or any(spec.calls) or spec.sits_out >= 0
            or (game.trick_seats and game.trick_seats[0] is None)):
        return None
    key = spec.key

    def winner(trick: tuple[Card, ...]) -> int:
        keys = [key(0, card, trick[0]) for card in trick]
        return keys.index(max(keys))

    def legal(hand: int, trick: tuple[Card, ...]) -> int:
        if not trick:
            return hand
        return spec.legal(0, hand, trick[0], key(0, trick[winner(trick)], trick[0]))

    finish = None
    if spec.most_tricks_bonus:
        def finish(side_tricks: tuple[int, ...]) -> tuple[int, ...]:
            mine = spec.bonus_side
            most = mine if side_tricks[mine] * 2 >= sum(side_tricks) else 1 - mine
            return tuple(spec.most_tricks_bonus if side == most else 0
                         for side in range(len(side_tricks)))

    sides = max(spec.side_of) + 1
    side_tricks = [0] * sides
    for seat, won in enumerate(game.tricks_won):
        side_tricks[spec.side_of[seat]] += won
    return PlayPosition(
        hands=tuple(game.hands), trick=tuple(game.trick),
        leader=game.leader if game.trick else game.to_move, side_of=spec.side_of,
        side_tricks=tuple(side_tricks), legal=legal, winner=winner,
        suit_of=game.deck.suit_table, points=spec.points, copies=game.deck.copies,
        last_points=spec.last_bonus, finish=finish)


def start_play(game: TrickGame, deal: dict[str, Any]) -> None:
    """Set the fresh ``game`` at trick play from a play-phase ``deal``
    (:meth:`TrickGame.start_play <tricktable.engine.play.TrickGame.start_play>` says what it
    holds); raise :class:`DealError` naming a bad value."""
    unknown = sorted(set(deal) - {"hands", "leader", "tricks", "points", "dealer"}
                     - game.play_deal_keys)
    if unknown:
        keys = ", ".join(sorted({"hands", "leader", "tricks", "points", *game.play_deal_keys}))
        raise DealError(f"unknown deal key {unknown[0]!r}; a play deal has: {keys}")
    players, deck = game.players, game.deck
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise DealError(f"a deal needs 'hands': a list of {players} hands")
    masks: list[int] = []
    seen = 0
    for seat, cards in enumerate(hands):
        if not isinstance(cards, str) and not (
                isinstance(cards, list) and all(isinstance(c, str) for c in cards)):
            raise DealError(f"seat {seat}'s hand must be card texts: {cards!r}")
        try:
            ids = deck.parse_many(cards, taken=seen)
        except ValueError as error:
            raise DealError(f"seat {seat}'s hand: {error}") from None
        mask = sum(1 << card for card in ids)
        seen |= mask
        masks.append(mask)
    size = masks[0].bit_count()
    if any(mask.bit_count() != size for mask in masks) or size == 0:
        sizes = ", ".join(str(mask.bit_count()) for mask in masks)
        raise DealError(f"the hands must hold the same number of cards, at least one: {sizes}")
    leader = deal_seat(deal, "leader", players, None)
    game.hands = masks  # the contract may name cards in them (Notrump's markers)
    declarer = game._play_contract(deal)
    spec = game.spec
    if size > spec.tricks:
        raise DealError(f"a {game.title} hand has at most {spec.tricks} cards, not {size}")
    sides = max(spec.side_of) + 1
    earlier = spec.tricks - size - game._held_back() // players
    tricks = deal.get("tricks")
    if tricks is None:
        first = spec.side_of[leader if declarer is None else declarer]
        tricks = [0] * sides
        for number in range(earlier):
            tricks[(first + number) % sides] += 1
    unbounded = range(0, 1 << 62)
    tricks = deal_numbers({"tricks": tricks}, "tricks", sides, unbounded, "side")
    points = deal_numbers(deal, "points", sides, unbounded, "side")
    if sum(tricks) != earlier:
        raise DealError(f"with {size} cards a hand left, {earlier} tricks were played, "
                        f"not {sum(tricks)}")
    game.deal = dict(deal)
    if "dealer" in deal:
        game.dealer = deal_seat(deal, "dealer", players, None)
    game._start_tricks(leader)
    game.tricks_played = earlier
    for side, count in enumerate(tricks):
        game.tricks_won[spec.side_of.index(side)] += count
    game.card_points = list(points)
    game.to_move = leader
    game.phase = PLAY_PHASE
    game.log = [Event("deal", leader, f"the hand starts at trick play, {size} cards each; "
                                      f"{game.seat_name(leader)} leads")]
    game._play_started()


def deal_seat(deal: dict[str, Any], key: str, players: int, default: int | None) -> int:
    """A seat number from a play deal (``default`` None: required), checked.

    >>> deal_seat({"declarer": 2}, "declarer", 4, 0), deal_seat({}, "declarer", 4, 0)
    (2, 0)
    """
    value = deal.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise DealError(f"'{key}' must be a seat from 0 to {players - 1}")
    return value


def deal_suit(deal: dict[str, Any], key: str, deck: Deck, words: dict[str, int]) -> int:
    """A suit from a play deal, by letter, symbol or name, or one of ``words`` (such as
    ``{"notrump": NO_TRUMP}``); required.

    >>> from tricktable.cards import STANDARD
    >>> deal_suit({"trump": "♥"}, "trump", STANDARD, {}), deal_suit(
    ...     {"trump": "notrump"}, "trump", STANDARD, {"notrump": 4})
    (1, 4)
    """
    text = deal.get(key)
    if isinstance(text, str) and text in words:
        return words[text]
    try:
        return deck.parse_suit(str(text))
    except ValueError as error:
        extra = "".join(f" or {word}" for word in words)
        raise DealError(f"'{key}': {error}{extra}") from None


def deal_number(deal: dict[str, Any], key: str, allowed: range, default: int) -> int:
    """A whole number from a play deal, one of ``allowed``.

    >>> deal_number({}, "bid", range(70, 201, 5), 70)
    70
    """
    value = deal.get(key, default)
    if isinstance(value, bool) or value not in allowed:
        raise DealError(f"'{key}' must be a number from {allowed.start} to {allowed[-1]}"
                        + (f" in {allowed.step}s" if allowed.step > 1 else ""))
    return value  # type: ignore[no-any-return]


def deal_numbers(deal: dict[str, Any], key: str, count: int, allowed: range,
                 per: str) -> list[int]:
    """A list of ``count`` whole numbers from a play deal, each one of ``allowed`` (default:
    zeros), one ``per`` side, team or seat.

    >>> deal_numbers({"meld": [14, 6]}, "meld", 2, range(0, 301), "team")
    [14, 6]
    """
    values = deal.get(key, [0] * count)
    if not isinstance(values, list) or len(values) != count or not all(
            isinstance(v, int) and not isinstance(v, bool) and v in allowed for v in values):
        bounds = f"from {allowed.start}" if allowed.stop > 1 << 61 else \
            f"from {allowed.start} to {allowed[-1]}" + (
                f" in {allowed.step}s" if allowed.step > 1 else "")
        raise DealError(f"'{key}' must list {count} whole numbers {bounds}, one per {per}")
    return list(values)
