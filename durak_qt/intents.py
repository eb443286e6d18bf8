"""Turn what the player pointed at into one of the engine's legal actions (never invent one).

The view only knows which cards are selected and where they were dropped; every answer here is
an action picked from `observation.legal` as it is, so no game rule lives in the client.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

ONTO_TABLE = "table"  # drop target meaning "put the cards on the table" (attack, throw, transfer)
TABLE_KINDS = ("attack", "throw", "transfer")
CARD_KINDS = ("attack", "throw", "transfer", "beat", "show_trump")


def playable_cards(legal: Iterable[Any]) -> set[Any]:
    """Every card that appears in some legal action that plays or shows cards."""
    return {card for action in legal if action.kind in CARD_KINDS for card in action.cards}


def _covers(action_cards: Sequence[Any], chosen: Sequence[Any]) -> bool:
    have = Counter(action_cards)
    have.subtract(Counter(chosen))
    return all(count >= 0 for count in have.values())


def can_select_together(legal: Iterable[Any], chosen: Sequence[Any]) -> bool:
    """Some legal action plays all the chosen cards (perhaps with more)."""
    return any(action.kind in CARD_KINDS and _covers(action.cards, chosen) for action in legal)


def resolve(legal: Iterable[Any], chosen: Sequence[Any], target: Any) -> Any | None:
    """The legal action that plays exactly `chosen` onto `target`, or None.

    `target` is ONTO_TABLE, or an attacking card on the table (then it is a beat).
    """
    if not chosen:
        return None
    for action in legal:
        if target == ONTO_TABLE:
            if action.kind in TABLE_KINDS and Counter(action.cards) == Counter(chosen):
                return action
        elif (
            action.kind == "beat"
            and len(chosen) == 1
            and action.cards == (chosen[0],)
            and action.target == target
        ):
            return action
    return None


def only_action_for(legal: Iterable[Any], card: Any) -> Any | None:
    """The single legal action playing just this card (for double click / Enter), else None."""
    found = [
        action
        for action in legal
        if action.kind in ("attack", "throw", "transfer", "beat") and action.cards == (card,)
    ]
    return found[0] if len(found) == 1 else None


def first_of_kind(legal: Iterable[Any], kind: str, card: Any | None = None) -> Any | None:
    """The first legal action of a kind (with this single card when given), else None."""
    for action in legal:
        if action.kind == kind and (card is None or action.cards == (card,)):
            return action
    return None


def beat_targets(legal: Iterable[Any], card: Any) -> list[Any]:
    """The attacking cards this card may beat, in table order as the engine listed them."""
    return [action.target for action in legal if action.kind == "beat" and action.cards == (card,)]
