"""What a Bidder table shows and says: views, prompts, the labelled table items, outcomes.

:class:`BidderTable` is the presentation half of
:class:`~tricktable.games.bidder.BidderGame` (which holds the rules): it reads the
game's state and never changes it.

>>> import tricktable
>>> tricktable.new_game("bidder", players=3, seed=4).view(None)["contract"] is None
True
"""

from __future__ import annotations

from typing import ClassVar

from tricktable.cards import PIQUET, Seat
from tricktable.engine import observe as obs
from tricktable.engine.observe import Feature, Reading
from tricktable.engine.play import TrickGame
from tricktable.engine.state import BID_PHASE, JSON, KNOCK_PHASE, TRUMP_PHASE
from tricktable.engine.views import Key
from tricktable.games.bidder_cards import (
    NULL,
    BidderRules,
    bid_rank,
    bid_text,
    cards_text,
    hand_text,
    null_value,
)


class BidderTable(TrickGame):
    """The views and words of a Bidder game (its rules:
    :class:`~tricktable.games.bidder.BidderGame`)."""

    result_keys: ClassVar[dict[str, Key]] = {
        "value": Key("count", "the contract's value before doubling", nullable=True),
        "knocks": Key("count", "knocks this hand (each doubles the value)"),
        "contra": Key("flag", "a defender declared contra (doubles the value)"),
        "multiplier": Key("count", "2 to the knocks and contra"),
    }
    view_keys: ClassVar[dict[str, Key]] = {
        "hand_size": Key("count", "cards each player is dealt"),
        "deals": Key("count", "hands in the game"),
        "left_over": Key("cards", "the cards left over, out of play, once shown"),
        "knocks": Key("count", "how many players knocked"),
        "knockers": Key("seats", "who knocked"),
        "bids": Key("records", "the auction so far: {seat, bid}"),
        "high_bidder": Key("seat", "who holds the high bid", nullable=True),
        "value": Key("count", "what the contract is worth, doublings included", nullable=True),
        "contra": Key("flag", "whether a defender declared contra"),
        "contra_by": Key("seat", "who did", nullable=True),
        "played": Key("list", "this hand's finished tricks, in order"),
        "winners": Key("seats", "the winners once the game is over (a shared win: several)"),
    }
    rules: BidderRules
    hand_size: int
    deals: int
    winners: list[Seat]
    rest: list[int]  # each seat's undealt cards
    left_over: int
    left_over_shown: bool
    knockers: list[Seat]
    bids: list[tuple[Seat, int | None]]  # (seat, bid), None for a pass
    high_bid: int | None
    high_seat: Seat | None
    declarer: Seat | None
    bid: int | None  # the contract: tricks, or NULL
    trump: int | None
    contra_by: Seat | None

    # -- what the contract is worth (read by the scoring too) ------------------

    @property
    def multiplier(self) -> int:
        """2^(knocks + contra): what the contract's value is multiplied by."""
        return 1 << (len(self.knockers) + (self.contra_by is not None))

    def _value(self) -> int:
        return null_value(self.hand_size) if self.bid == NULL else self.bid or 0

    def _made(self, won: int | None = None) -> bool:
        """Whether the contract is made with ``won`` tricks (default: the declarer's)."""
        won = self.tricks_won[self.declarer or 0] if won is None else won
        return won == 0 if self.bid == NULL else won >= (self.bid or 0)

    def _contract_text(self) -> str | None:
        if self.bid is None:
            return None
        if self.bid == NULL:
            return "null"
        suit = "" if self.trump is None else " " + PIQUET.suit_text(self.trump)
        return f"{self.bid}{suit}"

    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` sees at the table (None: a spectator).

        >>> import tricktable
        >>> v = tricktable.new_game("bidder", players=5, seed=2).view(1)
        >>> len(v["hand"]), v["hand_sizes"], len(v["left_over"]), v["phase"]
        (6, [6, 6, 6, 6, 6], 2, 'bid')
        """
        trump = self.trump
        view: JSON = {
            "game": self.name,
            "seat": seat,
            "players": self.players,
            "sides": self.sides,
            "hand_size": self.hand_size,
            "phase": str(self.phase),
            "hand_number": self.hand_number,
            "deals": self.deals,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "left_over": hand_text(self.left_over) if self.left_over_shown else [],
            "knocks": len(self.knockers),
            "knockers": list(self.knockers),
            "bids": [{"seat": s, "bid": "pass" if b is None else bid_text(b) if b == NULL else b}
                     for s, b in self.bids],
            "high_bidder": self.high_seat,
            "declarer": self.declarer,
            "contract": self._contract_text(),
            "trump": None if trump is None else PIQUET.suit_text(trump),
            "value": None if self.declarer is None else self._value() * self.multiplier,
            "contra": self.contra_by is not None,
            "contra_by": self.contra_by,
            "trick": self.trick_cards(),
            "last_trick": None if self.trick else self.last_trick_view(),  # until the next lead
            "played": [self.trick_view(trick)["cards"] for trick in self.finished],
            "tricks": list(self.tricks_won),
            "scores": list(self.scores),
            "winner": self.winner,
            "winners": list(self.winners),
        }
        if seat is not None:
            view["hand"] = hand_text(self.hands[seat])
        view.update(self._table_view(seat))
        return view


    def reveal(self) -> JSON:
        """Every card's place, face up, each card once (replays and tests only)."""
        undealt = sum(self.rest) | (0 if self.left_over_shown else self.left_over)
        return {
            "hands": [hand_text(h) for h in self.hands],
            "undealt": cards_text(undealt),
            "left_over": cards_text(self.left_over) if self.left_over_shown else [],
            "trick": [PIQUET.text(c) for c in self.trick],
            "taken": [cards_text(t) for t in self.taken],
        }

    # -- what a table shows and says (read by the CLI's table screen) ---------------

    display = (
        ("Game", "{deals} deals in all"),
        ("Knocks", "{knocks} by {knockers:seats}: each doubles the stake"),
        ("Contra", "declared by {contra_by:seat}: the stake is doubled"),
        ("Left over, out of play", "{left_over:cards}"),
    )
    """Lines a table shows beside the common ones: (label, template of view keys)."""

    def prompt(self, seat: Seat) -> str | None:
        """What ``seat`` is asked to do now, in a sentence (None: it is not its turn).

        >>> import tricktable
        >>> game = tricktable.new_game("bidder", players=4, seed=2)
        >>> for part in game.prompt(game.to_move or 0).split(", or "):
        ...     print(part)
        Bid 1 to 8 tricks
        null (take no trick; it ranks between 4 and 5)
        pass: a pass is final
        """
        if seat != self.to_move:
            return None
        legal = self.legal_actions()
        if self.phase is KNOCK_PHASE:
            return "Knock to double the hand's stake, or pass; the rest of the cards come next"
        if self.phase is BID_PHASE:
            bids = [a.arg or 0 for a in legal if a.kind == "bid"]
            words = [f"Bid {min(bids)} to {max(bids)} tricks" if bids else ""]
            if any(a.kind == "null" for a in legal):
                below = (self.hand_size + 1) // 2  # null ranks just above this bid
                words.append(f"null (take no trick; it ranks between {below} and {below + 1})")
            words.append("pass: a pass is final")
            return ", or ".join(w for w in words if w)
        if self.phase is TRUMP_PHASE:
            return "Name trump: ♠, ♥, ♦ or ♣"
        text = "Lead any card" if not self.trick else "Play a card: follow suit if you can"
        if any(a.kind == "contra" for a in legal):
            text += "; or declare contra to double the stake"
        if self.bid == NULL and seat == self.declarer:
            text += " (null: take no trick)"
        return text

    @classmethod
    def features(cls, players: int, sides: int) -> list[Feature]:
        """The auction, the contract, trump, knocks, contra and the left-over cards."""
        n = players
        return [
            Feature("bids", (n,), "each seat's highest bid, by its rank in the auction order"
                    " / (hand size + 1)", _bids_feature),
            Feature("passed", (n,), "1 for each seat that has passed",
                    obs.passes("bids", "bid", "pass")),
            Feature("high_bidder", (n,), "the seat holding the high bid",
                    obs.seat_of("high_bidder")),
            Feature("declarer", (n,), "the seat that won the bid", obs.seat_of("declarer")),
            Feature("contract", (1,), "the tricks bid / hand size (0 for null)",
                    _contract_feature),
            Feature("null", (1,), "1 if the contract is null", obs.equals("contract", "null")),
            Feature("trump", (4,), "trump, one-hot (♠ ♥ ♦ ♣)", obs.suit_of("trump")),
            Feature("knockers", (n,), "1 for each seat that knocked",
                    obs.seats_listed("knockers")),
            Feature("contra_by", (n,), "the seat that declared contra",
                    obs.seat_of("contra_by")),
            Feature("left_over", (len(PIQUET),), "the left-over cards, out of play, once shown",
                    obs.cards_of("left_over")),
        ]

    # -- what the table shows (the web table and the terminal read these) ----

    def _table_view(self, seat: Seat | None) -> JSON:
        """The contract, trump, knocks, contra and the cards left out as labelled table
        items, and ``prompt`` (in the seat to move's own view only).

        >>> import tricktable
        >>> game = tricktable.new_game("bidder", players=6, seed=1)
        >>> game.view(None)["table"][1], game.view(game.to_move)["prompt"][:9]
        ({'label': 'Left out', 'cards': ['J♠', '7♥']}, 'Bid 1 to ')
        """
        name = self.seat_name
        items: list[JSON] = []
        contract = self._contract_text()
        if contract is not None and self.declarer is not None:
            value = self._value() * self.multiplier
            items.append({"label": "Contract", "text": f"{contract} by {name(self.declarer)}, "
                                                       f"worth {value}"})
        elif self.high_seat is not None:
            items.append({"label": "High bid", "text": f"{bid_text(self.high_bid or NULL)} by "
                                                      f"{name(self.high_seat)}"})
        if self.bid != NULL:
            items.append({"label": "Trump", "text": "not named yet" if self.trump is None
                          else PIQUET.suit_text(self.trump)})
        if self.knockers:
            items.append({"label": "Knocks", "text": ", ".join(name(s) for s in self.knockers)})
        if self.contra_by is not None:
            items.append({"label": "Contra", "text": f"by {name(self.contra_by)}: value doubled"})
        if self.left_over_shown and self.left_over:
            items.append({"label": "Left out", "cards": hand_text(self.left_over)})
        return {"prompt": None if seat is None else self.prompt(seat), "table": items}

    def _outcome(self, declarer: Seat | None, won: int) -> str:
        """How the hand went for the declarer, in words."""
        if declarer is None:
            return "thrown in: everyone passed"
        if self.bid == NULL:
            return "null made: no trick taken" if self._made() else "null lost: took a trick"
        if self._made():
            return f"made with {won} tricks of {self.bid}"
        return f"set by {(self.bid or 0) - won}: {won} tricks of {self.bid}"


def _bids_feature(r: Reading, x: obs.Cells) -> None:
    """Each seat's highest bid by its rank in the auction order / (hand size + 1)."""
    size = r.view["hand_size"]
    for entry in r.view["bids"]:
        bid = entry["bid"]
        if bid != "pass":
            rank = bid_rank(NULL if bid == "null" else bid, size) / (size + 1)
            x[r.rel(entry["seat"])] = max(x[r.rel(entry["seat"])], rank)


def _contract_feature(r: Reading, x: obs.Cells) -> None:
    """The tricks bid / hand size (0 for null)."""
    contract = r.view["contract"]
    if contract is not None and contract != "null":
        x[0] = int(contract.split()[0]) / r.view["hand_size"]
