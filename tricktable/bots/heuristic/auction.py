"""How likely a seat's public auction is, given its hand, under the heuristic bots' bidding
(and Sixty-Six's close, under the heuristic's rule for closing).

Each function takes a world (a full deal the observer could be facing), a seat
of it and the observer's view, and returns the probability that the seat's
bids and passes shown in that view come from the hand the world gives it, as
the heuristic player of that game bids: it bids while its estimate of the
hand (``bid_limit``, the beginner data's suggested bid) reaches the bid
needed and passes once it does not. The estimate is blurred (a logistic of
the gap over ``SPREAD`` points) and every choice keeps a floor
(``FLOOR``), because other players, people included, bid otherwise.
:mod:`tricktable.bots.inference` multiplies them into a weight per world.

>>> import random, tricktable
>>> game = tricktable.new_game("rook", seed=2)
>>> _ = game.apply("pass")
>>> world = game.world(3, random.Random(1))
>>> 0 < LIKELIHOODS["rook"](world, 0, world.view(3)) <= 1
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any, cast

from tricktable.bots.heuristic import bidder as bidder_bot
from tricktable.bots.heuristic import notrump as notrump_bot
from tricktable.bots.heuristic import pinochle as pinochle_bot
from tricktable.bots.heuristic import rook_hand
from tricktable.bots.heuristic import sixtysix as sixtysix_bot
from tricktable.cards import PIQUET, SIXTYSIX
from tricktable.engine.state import PASS_PHASE, GameState
from tricktable.games.bidder_cards import NULL, bid_rank
from tricktable.games.notrump_cards import SUITS, VALUES, contract_text
from tricktable.games.pinochle import beginner_data
from tricktable.games.rook import BID_MIN, BID_STEP
from tricktable.games.sixtysix import GOAL, SixtySixGame

Likelihood = Callable[[GameState, int, dict[str, Any]], float]

FLOOR = 0.05  # the least probability of any one bid or pass, whatever the hand
# points over which the estimate is blurred (Bidder: a bid's expected score per opponent)
SPREAD = {"rook": 8.0, "pinochle": 3.0, "bidder": 1.0, "notrump": 2.0, "sixtysix": 6.0}


def chance(gap: float, spread: float) -> float:
    """The probability of a choice whose estimate clears it by ``gap`` points.

    >>> chance(0, 5.0), chance(100, 5.0) > 0.94, chance(-100, 5.0) < 0.06
    (0.5, True, True)
    """
    logistic = 1 / (1 + math.exp(-max(-50.0, min(50.0, gap / spread))))
    return FLOOR + (1 - 2 * FLOOR) * logistic


def auction(view: dict[str, Any], seat: int, opening: int,
            step: int) -> Iterator[tuple[dict[str, Any], int, bool]]:
    """The seat's choices in the view's auction (four players, partners opposite): each
    entry of ``bids`` (a bid of None is a pass), the least bid it needed then, and
    whether its partner was the high bidder then.

    >>> view = {"bids": [{"seat": 1, "bid": 70}, {"seat": 2, "bid": None},
    ...                  {"seat": 3, "bid": 75}, {"seat": 1, "bid": None}]}
    >>> [(entry["bid"], needed, partner) for entry, needed, partner in auction(view, 1, 70, 5)]
    [(70, 70, False), (None, 80, True)]
    """
    high, high_seat = None, None
    for entry in view.get("bids") or ():
        if entry["seat"] == seat:
            needed = opening if high is None else high + step
            yield entry, needed, high_seat == (seat + 2) % 4
        if isinstance(entry["bid"], int):  # a number (Rook's low boy has none)
            high, high_seat = entry["bid"], entry["seat"]


def rook(world: GameState, seat: int, view: dict[str, Any]) -> float:
    """Rook: bids and passes against the heuristic's ``bid_limit`` of the seat's 14 cards
    before the nest (cards played and, for the bidder, the discard put back, the nest
    card taken out); with its partner the high bidder, it bids on only with the
    heuristic's margin over the partner's bid."""
    hand: int = world.hands[seat] | world.played[seat]  # type: ignore[attr-defined]
    if seat == world.bidder and world.nest_cards:  # type: ignore[attr-defined]
        hand = (hand | world.discarded) & ~world.nest_cards  # type: ignore[attr-defined]
    limit = rook_hand.bid_limit(hand)
    overcall = rook_hand.DEFAULT_PARAMS.overcall_partner
    weight = 1.0
    opening = getattr(world.rules, "min_bid", BID_MIN)
    for entry, needed, partner_high in auction(view, seat, opening, BID_STEP):
        if entry["bid"] is not None and not isinstance(entry["bid"], int):
            continue  # a low boy: no reading of the hand's strength
        reach = limit - max(needed, needed - BID_STEP + overcall if partner_high else 0)
        weight *= chance(reach if entry["bid"] is not None else -reach, SPREAD["rook"])
    return weight


def pinochle_hand(world: GameState, seat: int) -> int:
    """A Pinochle seat's 12 cards in the auction: its hand and the cards it played, with
    the passing undone (option ``passing``: the bidder's partner gives first, then the
    bidder, who may give back a card it was given).

    >>> import tricktable
    >>> game = tricktable.new_game("pinochle", seed=1)
    >>> pinochle_hand(game, 0) == game.hands[0]
    True
    """
    hand: int = world.hands[seat] | world.played[seat]  # type: ignore[attr-defined]
    gave: list[int] = getattr(world, "gave", None) or [0] * world.players
    mine, theirs = gave[seat], gave[seat ^ 2]
    received = theirs if seat == world.bidder else theirs & ~mine  # type: ignore[attr-defined]
    return (hand | mine) & ~received


def pinochle(world: GameState, seat: int, view: dict[str, Any]) -> float:
    """Pinochle: bids and passes against the heuristic's top bid (the beginner data's
    best suggested bid less its safety margin) of the seat's 12 cards; a meld bid may
    fall short of the top bid by ``MELD_BID_SHORT`` and says the hand melds at least
    ``MELD_BID_MELD`` in its best trump. Points in the game's unit (10 on the tens count)."""
    unit: int = getattr(world, "scale", 1)
    data = max(beginner_data(pinochle_hand(world, seat), unit).values(),
               key=lambda item: item["suggested_bid"])
    top = data["suggested_bid"] - pinochle_bot.SAFETY * unit
    spread = SPREAD["pinochle"] * unit
    weight = 1.0
    for entry, needed, _ in auction(view, seat, (view.get("assumed_bid") or 0) + unit, unit):
        if entry["bid"] is None:
            weight *= chance(needed - top, spread)
        elif entry.get("meld_bid"):
            weight *= chance(top + pinochle_bot.MELD_BID_SHORT * unit - needed, spread)
            if data["meld"] < pinochle_bot.MELD_BID_MELD * unit:
                weight *= FLOOR
        else:
            weight *= chance(top - needed, spread)
    return weight


def bidder(world: GameState, seat: int, view: dict[str, Any]) -> float:
    """Bidder: each bid and pass against the heuristic's worth of every bid (its expected
    score per opponent, ``bid_worths``) for the seat's hand (its cards now and those it
    played; the left-over is shown before the auction): a bid says that bid is worth
    playing, a pass that no bid it could make was."""
    hand: int = world.hands[seat] | world.played[seat]  # type: ignore[attr-defined]
    size: int = world.hand_size  # type: ignore[attr-defined]
    shown: int = world.left_over if world.left_over_shown else 0  # type: ignore[attr-defined]
    table = bidder_bot.Table(seat, world.players, hand, PIQUET.full & ~(hand | shown), None,
                             None, False, [], [])
    worths = bidder_bot.bid_worths(table, size)
    spread = SPREAD["bidder"]
    weight = 1.0
    high = 0  # the rank of the high bid so far (0: none)
    for entry in view.get("bids") or ():
        said = entry["bid"]  # a number of tricks, "null" or "pass"
        bid = NULL if said == "null" else None if said == "pass" else said
        if entry["seat"] == seat:
            if bid is None:
                open_bids = [worth for b, worth in worths.items() if bid_rank(b, size) > high]
                if open_bids:
                    weight *= chance(-max(open_bids), spread)
            else:
                weight *= chance(worths[bid], spread)
        if bid is not None:
            high = bid_rank(bid, size)
    return weight


def notrump_hand(world: GameState, seat: int) -> int:
    """A Notrump seat's 13 (or 17) cards when the contract was chosen: its hand and the
    cards it played, with the passing undone (what it gave back, what it received out).

    >>> import tricktable
    >>> game = tricktable.new_game("notrump", seed=1)
    >>> notrump_hand(game, 0) == game.hands[0]
    True
    """
    hand: int = world.hands[seat] | world.played[seat]  # type: ignore[attr-defined]
    given: list[int] = world.given  # type: ignore[attr-defined]
    hand |= given[seat]
    if world.phase is not PASS_PHASE:  # the passed cards are delivered
        hand &= ~given[(seat - world.pass_offset) % world.players]  # type: ignore[attr-defined]
    return hand


CONTRACTS = {contract_text(contract): contract for contract in range(SUITS + 1)}


def notrump(world: GameState, seat: int, view: dict[str, Any]) -> float:
    """Notrump: each choice of a contract, or pass, against the heuristic's worth of
    every contract for the seat's hand when it chose (its value times ``2p - 1``, p the
    fitted chance of seven tricks): a contract says it was worth the most, a pass that
    none was worth more than passing."""
    choices = view.get("choices") or ()
    if not any(entry["seat"] == seat for entry in choices):
        return 1.0
    hand, players = notrump_hand(world, seat), world.players
    worths = {contract: VALUES[contract] * (2 * notrump_bot.make_chance(hand, contract,
                                                                          players) - 1)
              for contract in range(SUITS + 1)}
    weight = 1.0
    for position, entry in enumerate(choices):
        if entry["seat"] != seat:
            continue
        passing = notrump_bot.PASS_WORTH[players, position]
        chosen = CONTRACTS.get(entry["choice"])
        if chosen is None:  # a pass
            weight *= chance(passing - max(worths.values()), SPREAD["notrump"])
        else:
            rival = max([passing, *(w for c, w in worths.items() if c != chosen)])
            weight *= chance(worths[chosen] - rival, SPREAD["notrump"])
    return weight


def sixtysix_at_close(game: SixtySixGame) -> sixtysix_bot.Table:
    """The closer's table as it closed the stock, from what both seats saw then: the hand
    it holds now with the cards it played since (nothing is drawn after a close), its
    points then, and every card not seen then unseen.

    >>> import tricktable
    >>> game = tricktable.new_game("sixtysix", seed=5)
    >>> _ = game.apply("close")
    >>> table = sixtysix_at_close(game)
    >>> table.hand == game.hands[game.closer], table.unseen.bit_count()
    (True, 17)
    """
    closer = game.closer or 0
    hand = game.hands[closer] | game.played[closer] & ~game.close_seen
    return sixtysix_bot.Table(hand, game.trump, SIXTYSIX.full & ~(hand | game.close_seen),
                              True, game.close_points, None)


def sixtysix(world: GameState, seat: int, view: dict[str, Any]) -> float:
    """Sixty-Six: a close against the heuristic's estimate of the points the seat would
    reach by closing then (``close_estimate``: 66 or more and it closes), from the hand
    it held then (:func:`sixtysix_at_close`). Only a close is read: the seat that did
    not close chose to draw or lead many times, each a weak sign."""
    if world.closer != seat:  # type: ignore[attr-defined]
        return 1.0
    table = sixtysix_at_close(cast(SixtySixGame, world))
    return chance(sixtysix_bot.close_estimate(table) - GOAL, SPREAD["sixtysix"])


LIKELIHOODS: dict[str, Likelihood] = {"rook": rook, "pinochle": pinochle, "bidder": bidder,
                                      "notrump": notrump, "sixtysix": sixtysix}
"""The likelihood of each game that has one, by game name."""
