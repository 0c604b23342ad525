"""What a Pinochle table shows: each seat's view, the seed's scoreboard, the table items
and the observation features read from the view (split from :mod:`.pinochle`).

>>> import tricktable
>>> game = tricktable.new_game("pinochle", seed=1)
>>> view(game, None)["scoreboard"]["trump"], features(4, 2)[0].name
(None, 'bids')
"""

from __future__ import annotations

from collections.abc import Callable

from tricktable.cards import PINOCHLE, Seat
from tricktable.engine import observe as obs
from tricktable.engine.observe import Feature, Reading
from tricktable.engine.state import BID_PHASE, JSON, TRUMP_PHASE
from tricktable.games.pinochle import (
    SUIT_TEXT,
    TEAM_NAMES,
    TENS,
    PinochleGame,
    beginner_data,
    hand_text,
)


def view(game: PinochleGame, seat: Seat | None) -> JSON:
    """What ``seat`` sees at the table (None: a spectator): :meth:`PinochleGame.view`."""
    trump = None if game.trump is None else SUIT_TEXT[game.trump]
    view: JSON = {
        "game": game.name,
        "seat": seat,
        "players": 4,
        "sides": game.sides,
        "team_names": list(TEAM_NAMES),
        "options": game.rules.to_options(),
        "phase": str(game.phase),
        "hand_number": game.hand_number,
        "dealer": game.dealer,
        "to_move": game.to_move,
        "hand_sizes": [h.bit_count() for h in game.hands],
        "assumed_bid": game.assumed,
        "scale": game.scale,
        "bids": [{"seat": s, "bid": b, "meld_bid": m} for s, b, m in game.bids],
        "high_bid": game.high_bid,
        "high_bidder": game.high_seat,
        "declarer": game.bidder,
        "bid": game.bid if game.bidder is not None else None,
        "contract": None if trump is None else f"{game.bid} {trump}",
        "trump": trump,
        "meld": meld_view(game),
        "shown": [hand_text(h & s) for h, s in zip(game.hands, game.shown, strict=True)],
        "trick": game.trick_cards(),
        "last_trick": game.last_trick_view(),
        "tricks": [game.tricks_won[0] + game.tricks_won[2],
                   game.tricks_won[1] + game.tricks_won[3]],
        "trick_number": sum(game.tricks_won) + 1,
        "trick_points": list(game.card_points),
        "scores": list(game.scores),
        "target": game.rules.target * game.scale,
        "scoreboard": scoreboard(game, trump),
        "winner": game.winner,
    }
    if view["last_trick"] is not None:
        view["last_trick"]["number"] = game.tricks_played
    if seat is not None:
        view["hand"] = hand_text(game.hands[seat])
        before_play = game.phase is BID_PHASE or game.phase is TRUMP_PHASE
        view["beginner"] = beginner_data(game.hands[seat], game.scale) if before_play else None
    view.update(game.passing_view(seat))
    view.update(table_view(game, seat))
    return view

def meld_view(game: PinochleGame) -> JSON | None:
    """Each player's meld laid on the table, and each team's total (None before)."""
    if not game.melds:
        return None
    players = [{"seat": seat, "total": m.total * game.scale,
                "items": [{"name": i.name, "value": i.value * game.scale, "cards": i.texts()}
                          for i in m.items]}
               for seat, m in enumerate(game.melds)]
    return {"players": players, "teams": game.team_meld()}

def scoreboard(game: PinochleGame, trump: str | None) -> JSON:
    """The seed's box in the corner."""
    return {
        "teams": list(TEAM_NAMES),
        "dealer": game.dealer,
        "dealer_team": game.dealer & 1,
        "meld": game.team_meld() if game.melds else None,
        "trick_points": list(game.card_points),
        "bid_winner": game.bidder,
        "trump": trump,
        "bid": game.bid if game.bidder is not None else None,
        "scores": list(game.scores),
    }


def table_view(game: PinochleGame, seat: Seat | None) -> JSON:
    """The seed's box in the corner as labelled table items (bid winner, trump and bid,
    meld line, trick-points line), each player's meld laid out in front of them during
    the first trick (``at_seats``), and ``prompt`` (in the seat to move's view only).

    >>> import tricktable
    >>> game = tricktable.new_game("pinochle", seed=1)
    >>> game.view(game.to_move)["prompt"], game.view(None)["table"][1]
    ('Bid 21 to 100, or pass', {'label': 'Trump', 'text': 'not named yet'})
    """
    name, teams = game.seat_name, " · ".join
    items: list[JSON] = []
    if game.bidder is not None:
        items.append({"label": "Bid", "text": f"{game.bid} by {name(game.bidder)}"})
    else:
        items.append({"label": "High bid", "text": f"{game.high_bid} by "
                                                  f"{name(game.high_seat)}"})
    items.append({"label": "Trump", "text": "not named yet" if game.trump is None
                  else SUIT_TEXT[game.trump]})
    if game.melds:
        meld_line = teams(f"{t} {m}" for t, m in zip(TEAM_NAMES, game.team_meld(), strict=True))
        points = teams(f"{t} {p}" for t, p in zip(TEAM_NAMES, game.card_points, strict=True))
        items += [{"label": "Meld", "text": meld_line},
                  {"label": "Trick points", "text": points}]
    at_seats: list[list[JSON]] = [[] for _ in range(4)]
    if game.melds and not any(game.tricks_won):
        for place, held in zip(at_seats, game.melds, strict=True):
            words = ", ".join(f"{item.name} {item.value * game.scale}" for item in held.items)
            place.append({"label": f"Meld {held.total * game.scale}",
                          "text": words or "no meld",
                          "cards": [text for item in held.items for text in item.texts()]})
    return {"prompt": None if seat is None else game.prompt(seat), "table": items,
            "at_seats": at_seats}


def features(players: int, sides: int) -> list[Feature]:
    """The auction (meld bids too), trump, each seat's meld and shown cards, points."""
    n, d = players, len(PINOCHLE)
    return [
        Feature("bids", (n,), "each seat's highest bid / 100 (/ 1000 on the tens count)",
                _by_scale(obs.bids, 100)),
        Feature("passed", (n,), "1 for each seat that has passed",
                obs.passes("bids", "bid", None)),
        Feature("meld_bids", (n,), "1 for each seat that made a meld bid",
                obs.passes("bids", "meld_bid", True)),
        Feature("high_bidder", (n,), "the seat holding the high bid",
                obs.seat_of("high_bidder")),
        Feature("bidder", (n,), "the seat that won the bid", obs.seat_of("declarer")),
        Feature("high_bid", (1,), "the high bid (the contract once won) / 100",
                _by_scale(lambda by: obs.number("high_bid", by), 100)),
        Feature("trump", (4,), "trump, one-hot (♠ ♥ ♦ ♣)", obs.suit_of("trump")),
        Feature("meld", (n,), "each seat's meld / 100 (clipped)", _meld_feature),
        Feature("shown", (n, d), "the melded cards still in each hand, by relative seat",
                obs.cards_per_seat("shown")),
        Feature("trick_points", (sides,), "each side's trick points / 25, own side first",
                _by_scale(lambda by: obs.per_side("trick_points", by), 25)),
        Feature("gave", (d,), "the cards the seat passed", obs.cards_of("passed")),
        Feature("received", (d,), "the cards the seat received", obs.cards_of("received")),
    ]


def _meld_feature(r: Reading, x: obs.Cells) -> None:
    """Each seat's meld / 100, by relative seat."""
    if r.view["meld"] is not None:
        for player in r.view["meld"]["players"]:
            x[r.rel(player["seat"])] = obs.scaled(player["total"], 100 * r.view["scale"])


def _by_scale(make: Callable[[float], obs.Fill], base: float) -> obs.Fill:
    """A fill that divides by ``base`` times the view's ``scale``: the tens count reads alike."""
    fills = {1: make(base), TENS: make(base * TENS)}

    def fill(r: Reading, x: obs.Cells) -> None:
        fills[r.view["scale"]](r, x)
    return fill
