"""What a Sixty-Six table shows and says: each seat's view, the table items, the prompt
and the observation features read from the view (split from :mod:`.sixtysix`).

>>> import tricktable
>>> game = tricktable.new_game("sixtysix", seed=5, options={"announce": True})
>>> view(game, 0)["points"], [item["label"] for item in table_view(game, 0)["table"]]
(None, ['Trump', 'Stock', 'Points'])
"""

from __future__ import annotations

from tricktable.cards import SIXTYSIX, Seat
from tricktable.engine import observe as obs
from tricktable.engine.observe import Feature, Reading
from tricktable.engine.state import GAME_OVER_PHASE, JSON
from tricktable.games.sixtysix import (
    GOAL,
    NAMES,
    SixtySixGame,
    hand_text,
    marriage_value,
)


def view(game: SixtySixGame, seat: Seat | None) -> JSON:
    """What ``seat`` sees at the table (None: a spectator): :meth:`SixtySixGame.view`."""
    view: JSON = {
        "game": game.name,
        "seat": seat,
        "players": 2,
        "sides": game.sides,
        "phase": str(game.phase),
        "hand_number": game.hand_number,
        "dealer": game.dealer,
        "to_move": game.to_move,
        "hand_sizes": [h.bit_count() for h in game.hands],
        "declarer": None,  # no contract: each plays for itself
        "contract": None,
        "trump": game._suit(game.trump),
        "trump_card": SIXTYSIX.text(game.stock[0]) if game.stock else None,
        "stock_size": len(game.stock),
        "closed": game.closer is not None,
        "closer": game.closer,
        "draw_pending": game.drawing,
        "follow_suit": not game.stock_open,
        "trick": game.trick_cards(),
        "last_trick": None if game.trick else game.last_trick_view(),  # until the next lead
        "tricks": list(game.tricks_won),
        "taken": None if game.rules.announce else [SIXTYSIX.texts(t) for t in game.taken],
        "points": None if game.rules.announce else [game.counted(0), game.counted(1)],
        "marriages": [{"seat": s, "suit": game._suit(suit),
                       "points": marriage_value(suit, game.trump),
                       "counted": game.tricks_won[s] > 0, "shown_only": shown}
                      for s, suit, shown in game.marriages],
        "shown": [hand_text(game.known[s] & game.hands[s]) for s in (0, 1)],
        "exchange": None,
        "carry": game.carry,
        "out": SIXTYSIX.texts(game.out),
        "scores": list(game.scores),
        "target": game.rules.target,
        "winner": game.winner,
    }
    if game.exchanged is not None:
        who, took = game.exchanged
        view["exchange"] = {"seat": who, "nine": SIXTYSIX.text(game._low_trump()),
                            "took": SIXTYSIX.text(took)}
    if seat is not None:
        view["hand"] = hand_text(game.hands[seat])
    view.update(table_view(game, seat))
    return view


def table_view(game: SixtySixGame, seat: Seat | None) -> JSON:
    """Trump, the stock with the turned-up card under it, the points as labelled table
    items; each player's marriages in ``at_seats``; ``prompt``: what the seat to move is
    asked to do; ``auto_action``: the action a table may take for that seat after a short
    pause unless it chooses another (the draw after a won trick).

    >>> import tricktable
    >>> game = tricktable.new_game("sixtysix", seed=5)
    >>> game.view(None)["table"][1]
    {'label': 'Stock', 'text': '12 cards, turned up under it:', 'cards': ['A♦']}
    """
    stock: JSON = {"label": "Stock", "text": "exhausted: follow suit from now on"}
    if game.closer is not None:
        stock["text"] = f"closed by {NAMES[game.closer]}: follow suit from now on"
    elif game.stock:
        stock["text"] = f"{len(game.stock)} cards, turned up under it:"
        stock["cards"] = [SIXTYSIX.text(game.stock[0])]
    items: list[JSON] = [{"label": "Trump", "text": game._suit(game.trump)}, stock]
    if game.rules.announce:
        items.append({"label": "Points", "text": f"not shown: announce {GOAL} when you "
                                                 "have it, from memory"})
    else:
        points = " · ".join(f"{NAMES[s]} {game.counted(s)}" for s in (0, 1))
        items.append({"label": f"Points (hand ends at {GOAL})", "text": points})
    at_seats: list[list[JSON]] = [[], []]
    for who, suit, _shown in game.marriages:
        counted = "" if game.tricks_won[who] else ", counted once a trick is won"
        at_seats[who].append({"label": "Marriage", "text": f"{game._suit(suit)} "
                              f"{marriage_value(suit, game.trump)}{counted}"})
    mover = seat is not None and seat == game.to_move and game.phase is not GAME_OVER_PHASE
    return {"prompt": None if seat is None else game.prompt(seat), "table": items,
            "at_seats": at_seats,
            "auto_action": "draw" if mover and game.drawing else None}


def features(players: int, sides: int) -> list[Feature]:
    """Trump, the stock, who closed it, points, marriages, cards seen, the carry."""
    n, d = players, len(SIXTYSIX)
    return [
        Feature("trump", (4,), "trump, one-hot (♠ ♥ ♦ ♣)", obs.suit_of("trump")),
        Feature("trump_card", (d,), "the face-up card under the stock",
                obs.cards_of("trump_card")),
        Feature("stock_size", (1,), "cards in the stock / 12", obs.number("stock_size", 12)),
        Feature("closed", (1,), "1 once the stock is closed", obs.flag("closed")),
        Feature("closer", (n,), "the seat that closed the stock", obs.seat_of("closer")),
        Feature("draw_pending", (1,), "1 when the trick's winner must draw or close",
                obs.flag("draw_pending")),
        Feature("follow_suit", (1,), "1 once suit must be followed",
                obs.flag("follow_suit")),
        Feature("points", (n,), "each seat's counted points / 66 (clipped; 0 when 66 is "
                "announced)", _points_feature),
        Feature("marriages", (n, 4), "the marriages each seat announced, by suit",
                _marriages_feature),
        Feature("shown", (n, d), "the cards each hand holds that the other has seen",
                obs.cards_per_seat("shown")),
        Feature("carry", (1,), "game points carried over / 3 (clipped)",
                obs.number("carry", 3)),
    ]


_SEAT_POINTS = obs.per_seat("points", 66)


def _points_feature(r: Reading, x: obs.Cells) -> None:
    """Each seat's counted points / 66, when the view shows them."""
    if r.view["points"] is not None:
        _SEAT_POINTS(r, x)


def _marriages_feature(r: Reading, x: obs.Cells) -> None:
    """The marriages each seat announced, by relative seat and suit."""
    for marriage in r.view["marriages"]:
        x[r.rel(marriage["seat"]), r.suit(marriage["suit"])] = 1


def prompt(game: SixtySixGame, seat: Seat) -> str | None:
    """What ``seat`` is asked to do now, in a sentence: :meth:`SixtySixGame.prompt`."""
    if seat != game.to_move:
        return None
    if game.drawing:
        return "You won the trick: draw from the stock (your opponent draws next), or close it"
    kinds = {action.kind for action in game.legal_actions()}
    if game.trick:
        text = ("Play any card: you need not follow while the stock is open"
                if game.stock_open else
                "Play a card: follow suit and beat it if you can, else trump")
    else:
        text = "Lead a card"
    extras = {"marry": "marry (lead a king or queen of the pair: 20, 40 in trump)",
              "exchange": f"exchange the trump {game.layout.low_name} for the turned-up card",
              "show": "show a marriage that takes you to 66",
              "close": "close the stock",
              "announce": "announce 66 (under 66 you lose the hand)"}
    return ", or ".join([text, *(words for kind, words in extras.items() if kind in kinds)])
