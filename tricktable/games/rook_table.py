"""What a Rook table shows and says: views, prompts, the labelled table items, outcomes.

:class:`RookTable` is the presentation half of :class:`~tricktable.games.rook.RookGame`
(which holds the rules): it reads the game's state and never changes it.

>>> import tricktable
>>> tricktable.new_game("rook", seed=1).prompt(2)
'Bid 70 to 200 in fives, or pass'
"""

from __future__ import annotations

from tricktable.cards import ROOK, Seat, bits
from tricktable.engine.state import BID_PHASE, DISCARD_PHASE, JSON, TRUMP_PHASE
from tricktable.games.rook_cards import (
    BID_MAX,
    BID_STEP,
    BIRD,
    LOW_BOY,
    NO_TRUMP,
    RookRules,
    hand_text,
    option_values,
)
from tricktable.games.rook_worlds import RookWorlds

ACTION_WORDS = {"lowboy": "low boy", "notrump": "no trump"}
"""The actions named by one word, as buttons say them."""


class RookTable(RookWorlds):
    """The views and words of a Rook game (its rules: :class:`~tricktable.games.rook.RookGame`)."""

    rules: RookRules
    bid: int
    bids: list[tuple[Seat, int | str | None]]
    low_boy: bool
    low_boy_seat: Seat | None
    high_bid: int
    high_seat: Seat | None
    trump: int | None
    hand_number: int
    reneges: list[tuple[Seat, int]]  # (seat, trick number)

    def _lowest_bid(self) -> int:
        """The lowest bid the seat to move may make: the minimum, or above the high bid."""
        return max(self.rules.min_bid, self.high_bid + BID_STEP)

    def _hand_text(self, mask: int) -> list[str]:
        return hand_text(mask, self.trump, self.rules.rook_rank)

    def _trump_text(self) -> str:
        """The named trump in words: a colour, or "no trump"."""
        return "no trump" if self.trump == NO_TRUMP else ROOK.suit_text(self.trump or 0)

    def _contract(self) -> str:
        """The bid and trump: "120 Red", "120 no trump", "low boy, Red trump"."""
        if self.low_boy:
            trump = "no trump" if self.trump == NO_TRUMP else f"{self._trump_text()} trump"
            return f"low boy, {trump}"
        return f"{self.bid} {self._trump_text()}"

    def sitting_out(self) -> Seat | None:
        """The seat that sits out this hand: a low boy bidder's partner (None: nobody)."""
        return ((self.bidder or 0) + 2) % 4 if self.low_boy else None

    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` sees at the table (None: a spectator).

        >>> import tricktable
        >>> v = tricktable.new_game("rook", seed=5).view(0)
        >>> len(v["hand"]), v["hand_sizes"], v["phase"]
        (14, [14, 14, 14, 14], 'bid')
        """
        trump = self.trump
        view: JSON = {
            "game": self.name,
            "seat": seat,
            "players": 4,
            "sides": self.sides,
            "phase": str(self.phase),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "bids": [{"seat": s, "bid": b} for s, b in self.bids],
            "high_bid": self.high_bid or None,
            "high_bidder": self.high_seat,
            "declarer": self.bidder,
            "bid": self.bid if self.bidder is not None else None,
            "low_boy": self.low_boy,
            "sits_out": self.sitting_out(),
            "action_words": dict(ACTION_WORDS),  # a copy: a view is the caller's to change
            "contract": None if trump is None else self._contract(),
            "trump": None if trump is None or trump == NO_TRUMP else ROOK.suit_text(trump),
            "nest_size": self.nest.bit_count(),
            "trick": self.trick_cards(),
            "last_trick": None if self.trick else self.last_trick_view(),  # until the next lead
            "tricks": [self.tricks_won[0] + self.tricks_won[2],
                       self.tricks_won[1] + self.tricks_won[3]],
            "scores": list(self.scores),
            "target": self.rules.target,
            **option_values(self.rules),
            "winner": self.winner,
        }
        if seat is not None:
            view["hand"] = self._hand_text(self.hands[seat])
            if seat == self.bidder and self.nest_cards:
                view["nest_cards"] = [ROOK.text(c) for c in bits(self.nest_cards)]
                view["discard"] = [ROOK.text(c) for c in bits(self.discarded)]
        view.update(self._table_view(seat))
        return view


    def reveal(self) -> JSON:
        """Every card's place, face up (replays and tests only)."""
        return {
            "hands": [self._hand_text(h) for h in self.hands],
            "nest": [ROOK.text(c) for c in bits(self.nest)],
            "discard": [ROOK.text(c) for c in bits(self.discarded)],
            "trick": [ROOK.text(c) for c in self.trick],
            "taken": [[ROOK.text(c) for c in bits(self.taken[s] | self.taken[s + 2])]
                      for s in (0, 1)],
        }

    # -- what a table shows and says (read by the CLI's table screen) ---------------

    display = (
        ("Nest", "{nest_size} face down"),
        ("You took from the nest", "{nest_cards:cards}"),
        ("You discarded", "{discard:cards}"),
    )
    """Lines a table shows beside the common ones: (label, template of view keys)."""

    def prompt(self, seat: Seat) -> str | None:
        """What ``seat`` is asked to do now, in a sentence (None: it is not its turn).

        >>> import tricktable
        >>> tricktable.new_game("rook", seed=1).prompt(2)
        'Bid 70 to 200 in fives, or pass'
        """
        if seat != self.to_move:
            return None
        if self.phase is BID_PHASE:
            if self.low_boy_seat is not None:
                return "Bid 200 to outbid the low boy, or pass"
            low_boy = ", low boy" if self.rules.low_boy else ""
            return f"Bid {self._lowest_bid()} to {BID_MAX} in fives{low_boy}, or pass"
        if self.phase is DISCARD_PHASE:
            left = self.rules.nest - self.discarded.bit_count()
            what = (f"Discard {self.rules.nest} cards, one at a time ({left} to go)"
                    if self.rules.nest > 1 else "Choose a card to discard")
            if self.rules.discard_points == "last_trick":
                return f"{what}: any card; the discard's counters go to the last trick's taker"
            return (f"{what}: counters (5, 10, 14, 1 and the bird card) can't be discarded "
                    "while you hold another card")
        if self.phase is TRUMP_PHASE:
            either = ", or no trump" if self.rules.no_trumps else ""
            return f"Name trump: Red, Green, Yellow or Black{either}"
        if not self.trick:
            return "Lead any card"
        if self.trick[0] == BIRD and self.trump == NO_TRUMP:
            return "Play any card: the Rook, the one trump, was led"
        led = self.trump if self.trick[0] == BIRD else ROOK.suit_of(self.trick[0])
        return f"Play a card: follow {ROOK.suit_text(led or 0)} if you can"

    # -- what the table shows (the web table and the terminal read these) ----

    def _table_view(self, seat: Seat | None) -> JSON:
        """The contract, trump and nest as labelled table items, and ``prompt`` (in the seat
        to move's own view only).

        >>> import tricktable
        >>> game = tricktable.new_game("rook", seed=1)
        >>> game.view(game.to_move)["prompt"], game.view(None)["table"][0]
        ('Bid 70 to 200 in fives, or pass', {'label': 'Trump', 'text': 'not named yet'})
        """
        name = self.seat_name
        items: list[JSON] = []
        if self.bidder is not None:
            bid = LOW_BOY if self.low_boy else self.bid
            items.append({"label": "Bid", "text": f"{bid} by {name(self.bidder)}"})
        elif self.high_seat is not None:
            bid = LOW_BOY if self.high_seat == self.low_boy_seat else self.high_bid
            items.append({"label": "High bid", "text": f"{bid} by {name(self.high_seat)}"})
        trump = "not named yet" if self.trump is None else self._trump_text()
        items.append({"label": "Trump", "text": trump})
        if self.nest:
            count = self.nest.bit_count()
            items.append({"label": "Nest", "text": f"{count} card{'s' * (count > 1)} face down"})
        at_seats: list[list[JSON]] = [[] for _ in range(4)]
        out = self.sitting_out()
        if out is not None:
            at_seats[out].append(
                {"label": "You sit out", "text": "your partner plays low boy alone; your cards "
                 "stay face down"} if seat == out else
                {"label": "Sits out", "text": "its partner plays low boy alone; its cards lie "
                 "face down"})
        return {"prompt": None if seat is None else self.prompt(seat), "table": items,
                "at_seats": at_seats}

    def _outcome(self, declarer: Seat | None, made: bool | None, taken: list[int]) -> str:
        """How the hand went for the bidders, in words ("made: 135 of 120", "set by 15")."""
        if declarer is None:
            return "thrown in: nobody bid"
        if made is None:
            seat = self.reneges[0][0]
            return f"renege by {self.seat_name(seat)}: 200 to the other team"
        if self.low_boy:  # over at the bidder's first trick
            name = self.seat_name(declarer)
            return (f"{name} took no trick: +{BID_MAX}" if made
                    else f"{name} took a trick at trick {self.tricks_played}: -{BID_MAX}")
        points = taken[declarer % 2]
        if made:
            return f"made: {points} points of the {self.bid} bid"
        return f"set by {self.bid - points}: {points} points of the {self.bid} bid"

