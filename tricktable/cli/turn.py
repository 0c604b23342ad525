"""A human turn in words: what to do, the beginner's guide, the strong bot's hints.

A game may say what its seat to move is asked to do with a ``prompt(seat)``
method (``"Pass 3 cards to W, one at a time: 3 to go"``); otherwise the words
come from the legal actions.

>>> import tricktable
>>> game = tricktable.new_game("rook", seed=1)
>>> default_prompt(game.legal_actions(), game.table.arg_types)
'Pass, or bid 70 to 200'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.text import Text

from tricktable import Action, GameState
from tricktable.bots.hints import Hint
from tricktable.cli import display
from tricktable.cli.render import JSON


def default_prompt(legal: Sequence[Action], arg_types: Mapping[str, str]) -> str:
    """What to do, from the legal actions alone: ``Play a card``, ``Bid 70 to 200, or pass``.

    ``arg_types`` gives each action kind's argument (``game.table.arg_types``).
    """
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    words = []
    for kind, actions in by_kind.items():
        args = [a.text.partition(" ")[2] for a in actions]
        arg_type = arg_types.get(kind, "none")
        if arg_type == "none" or len(actions) == 1:
            words.append(actions[0].text if len(actions) == 1 else kind)
        elif arg_type == "card":
            words.append(f"{kind} a card")
        elif arg_type == "number":
            numbers = [a.arg or 0 for a in actions]
            words.append(f"{kind} {min(numbers)} to {max(numbers)}")
        else:
            words.append(f"{kind} {', '.join(args[:-1])} or {args[-1]}")
    sentence = ", or ".join(words) if len(words) < 3 else \
        ", ".join(words[:-1]) + ", or " + words[-1]
    return sentence[:1].upper() + sentence[1:]


def prompt_for(game: GameState, seat: int) -> str:
    """What ``seat`` (to move) is asked to do: the game's ``prompt(seat)``, else a
    ``prompt`` in the seat's view, else words from the legal actions."""
    own = getattr(game, "prompt", None)
    text = own(seat) if callable(own) else game.view(seat).get("prompt")
    if isinstance(text, str) and text:
        return text
    return default_prompt(game.legal_actions(), game.table.arg_types)


@dataclass(frozen=True)
class GuideAdvice:
    """The beginner's guide's choice now: the action, and why in a few words."""

    action: Action
    reason: str


def guide_advice(view: JSON, declared: Sequence[display.Declaration],
                 legal: Sequence[Action]) -> GuideAdvice | None:
    """What a declared guide (``{choice: {"suggested_bid": n, ...}}``) says to do now.

    While bidding: the lowest legal bid up to the guide's top bid for its best
    choice, else pass. While naming trump: that best choice. None when the
    view has no guide or it says nothing about the legal actions.
    """
    guide = None
    for _, template in declared:
        block = display.lone_block(template)
        if block and block[1] == "guide":
            guide = display.lookup(view, block[0])
    if not isinstance(guide, dict) or not guide:
        return None
    rows = {choice: row for choice, row in guide.items()
            if isinstance(row, dict) and isinstance(row.get("suggested_bid"), int)}
    if not rows:
        return None
    best = max(rows, key=lambda choice: rows[choice]["suggested_bid"])
    top = rows[best]["suggested_bid"]
    bids = sorted((a for a in legal if a.kind == "bid" and a.arg is not None),
                  key=lambda a: a.arg or 0)
    chooser = [a for a in legal if a.text.partition(" ")[2] == best]
    if chooser and not bids:
        return GuideAdvice(chooser[0], f"{best} has your highest top bid, {top}")
    if not bids and not any(a.kind == "pass" for a in legal):
        return None
    affordable = [a for a in bids if (a.arg or 0) <= top]
    if affordable:
        return GuideAdvice(affordable[0], f"your top bid is {top}, with {best} trump")
    passing = next((a for a in legal if a.kind == "pass"), None)
    if passing is None:
        return None
    return GuideAdvice(passing, f"your top bid, {top} with {best} trump, is below the "
                                "lowest bid you may make")


def advice_lines(advice: GuideAdvice | None, hints: Sequence[Hint] | None) -> RenderableType:
    """The guide's choice and the strong bot's hints, each labelled, and where they part."""
    lines: list[Text] = []
    if advice is not None:
        lines.append(Text.assemble(("Beginner's guide says: ", "bold green"),
                                   (advice.action.text, "bold"), f" ({advice.reason})"))
    if hints:
        lines.append(Text("Strong bot's hints (value = expected score for your side, in "
                          "deals that fit what you have seen):", style="bold green"))
        for rank, hint in enumerate(hints[:3], start=1):
            lines.append(Text(f"  hint {rank}: {hint.action:<14} {hint.value:+7.1f}  "
                              f"{hint.reason}", style="green"))
        if advice is not None and hints[0].action != advice.action.text:
            lines.append(Text(
                f"The guide and the search differ: the guide is a rule of thumb from your "
                f"own cards alone; the search also weighs the bidding so far and plays the "
                f"hand out, so hint 1 ({hints[0].action}) is its best estimate.",
                style="dim"))
    return Group(*lines)
