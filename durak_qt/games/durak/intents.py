"""Turn what the player pointed at into one of the engine's legal actions (never invent one).

The view only knows which cards are selected and where they were dropped; every answer here is
an action picked from `observation.legal` as it is, so no game rule lives in the client.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

ONTO_TABLE = "table"  # drop target meaning "put the cards on the table" (attack, throw, transfer)
TABLE_KINDS = ("attack", "throw", "transfer")
CARD_KINDS = ("attack", "throw", "transfer", "beat", "show_trump")
FACE_DOWN_KINDS = ("beat_hidden",)  # believe: the cards a face-down beat may use
SELECT_KINDS = (*CARD_KINDS, "beat_hidden", "exchange")  # every action that names hand cards


def _beat_kind(face_down: bool) -> str:
    return "beat_hidden" if face_down else "beat"


def playable_cards(legal: Iterable[Any], face_down: bool = False) -> set[Any]:
    """Every card that some legal play uses (face-down beats only when `face_down`)."""
    kinds = FACE_DOWN_KINDS if face_down else CARD_KINDS
    return {card for action in legal if action.kind in kinds for card in action.cards}


def selectable_cards(legal: Iterable[Any], face_down: bool = False) -> set[Any]:
    """The cards a click may choose: playable ones, those an exchange would swap, and those a
    face-down beat may use (a right click on the attack card lays them face down)."""
    legal = tuple(legal)
    extra = {
        card
        for action in legal
        if action.kind in ("exchange", "beat_hidden")
        for card in action.cards
    }
    return playable_cards(legal, face_down) | extra


def _covers(action_cards: Sequence[Any], chosen: Sequence[Any]) -> bool:
    have = Counter(action_cards)
    have.subtract(Counter(chosen))
    return all(count >= 0 for count in have.values())


def can_select_together(legal: Iterable[Any], chosen: Sequence[Any]) -> bool:
    """Some legal action plays (or exchanges) all the chosen cards, perhaps with more."""
    return any(action.kind in SELECT_KINDS and _covers(action.cards, chosen) for action in legal)


def resolve(
    legal: Iterable[Any], chosen: Sequence[Any], target: Any, face_down: bool = False
) -> Any | None:
    """The legal action that plays exactly `chosen` onto `target`, or None.

    `target` is ONTO_TABLE, or an attacking card on the table (then it is a beat, face down
    when `face_down`).
    """
    if not chosen:
        return None
    beat = _beat_kind(face_down)
    for action in legal:
        if target == ONTO_TABLE:
            if action.kind in TABLE_KINDS and Counter(action.cards) == Counter(chosen):
                return action
        elif (
            action.kind == beat
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


def beat_targets(legal: Iterable[Any], card: Any, face_down: bool = False) -> list[Any]:
    """The attacking cards this card may beat (face down when `face_down`), in engine order."""
    beat = _beat_kind(face_down)
    return [action.target for action in legal if action.kind == beat and action.cards == (card,)]


def exchange_for(legal: Iterable[Any], chosen: Sequence[Any]) -> Any | None:
    """The legal exchange of exactly the chosen cards (poker), else None."""
    if len(chosen) != 2:
        return None
    for action in legal:
        if action.kind == "exchange" and Counter(action.cards) == Counter(chosen):
            return action
    return None


def kinds_of(legal: Iterable[Any]) -> set[str]:
    """The kinds of the legal actions."""
    return {action.kind for action in legal}


BLIND_KINDS = ("attack", "throw", "beat", "transfer")  # reverse fool: plays naming a position


def blind_slots(
    hand: Sequence[Any], legal: Iterable[Any], hand_slots: Sequence[int] = ()
) -> dict[int, int]:
    """Reverse fool: the deck position of each hand card you cannot see, by hand index.

    The engine names such a card by position ("0 attack @5"). With `hand_slots` (your hand's
    positions) the answer is direct; otherwise the blind plays list your unseen cards in hand
    order, so the k-th unknown card is the k-th position they name (used only when the counts
    agree). Empty when no legal play names a position.
    """
    unknown = [index for index, card in enumerate(hand) if card is None]
    named = list(
        dict.fromkeys(
            action.slots[0]
            for action in legal
            if action.kind in BLIND_KINDS and len(action.slots) == 1 and not action.cards
        )
    )
    if not named:
        return {}
    if len(hand_slots) == len(hand):
        return {index: hand_slots[index] for index in unknown if hand_slots[index] in named}
    if len(named) != len(unknown):
        return {}
    return dict(zip(unknown, named, strict=True))


def blind_actions(legal: Iterable[Any], slot: int) -> list[Any]:
    """The legal blind plays of the card at this position."""
    return [
        action
        for action in legal
        if action.kind in BLIND_KINDS and action.slots == (slot,) and not action.cards
    ]


def resolve_blind(legal: Iterable[Any], slot: int, target: Any) -> Any | None:
    """The blind play of position `slot` onto `target` (ONTO_TABLE or an attack card), or None."""
    for action in blind_actions(legal, slot):
        if target == ONTO_TABLE and action.kind in TABLE_KINDS:
            return action
        if target != ONTO_TABLE and action.kind == "beat" and action.target == target:
            return action
    return None


def blind_targets(legal: Iterable[Any], slot: int) -> list[Any]:
    """The attack cards the blind card at `slot` may be laid on."""
    return [action.target for action in blind_actions(legal, slot) if action.kind == "beat"]


def play_chosen(
    legal: Sequence[Any],
    chosen: Sequence[Any],
    slot: int | None,
    target: Any,
    face_down: bool = False,
) -> Any | None:
    """The legal action that playing the chosen cards (or the chosen unseen card at deck
    position `slot`) onto `target` makes, or None.

    Onto an attack card: the beat (face down when `face_down`); with two cards chosen (poker:
    perhaps for an exchange) the last one beats; and when no beat fits, the cards go onto the
    table as onto the middle would.
    """
    if slot is not None:
        action = resolve_blind(legal, slot, target)
        if action is None and target != ONTO_TABLE:
            action = resolve_blind(legal, slot, ONTO_TABLE)
        return action
    action = resolve(legal, chosen, target, face_down)
    if action is None and target != ONTO_TABLE and len(chosen) > 1:
        action = resolve(legal, chosen[-1:], target, face_down)
    if action is None and target != ONTO_TABLE:
        action = resolve(legal, chosen, ONTO_TABLE)
    return action


def toggled(
    hand: Sequence[Any],
    legal: Sequence[Any],
    selected: Sequence[int],
    blind: Mapping[int, int],
    index: int,
    face_down: bool = False,
) -> tuple[int, ...] | None:
    """The choice of hand cards after a click on the card at `index`: put back when chosen,
    added when some legal action plays it with the others, else chosen alone; an unseen card
    (reverse fool, `blind`: hand index -> deck position) is always played alone. None when the
    card cannot be chosen."""
    if not 0 <= index < len(hand):
        return None
    card = hand[index]
    if card is None:
        if index not in blind:
            return None
        return () if tuple(selected) == (index,) else (index,)
    if card not in selectable_cards(legal, face_down):
        return None
    kept = [i for i in selected if i not in blind]
    if index in kept:
        kept.remove(index)
        return tuple(kept)
    chosen = [hand[i] for i in kept if 0 <= i < len(hand) and hand[i] is not None]
    if kept and can_select_together(legal, [*chosen, card]):
        return (*kept, index)
    return (index,)


def kind_action(
    legal: Sequence[Any], kind: str, chosen: Sequence[Any], slot: int | None
) -> Any | None:
    """What a button (or its key) of this kind plays now, or None: the exchange of the two
    chosen cards; else the one legal action of the kind (with the chosen card, or the chosen
    unseen card's position, when the kind names one)."""
    if kind == "exchange":
        return exchange_for(legal, chosen)
    candidates = [action for action in legal if action.kind == kind]
    if slot is not None:
        candidates = [action for action in candidates if action.slots == (slot,)] or [
            action for action in candidates if not action.slots and not action.cards
        ]
    elif len(chosen) == 1:
        matching = [action for action in candidates if action.cards == (chosen[0],)]
        if matching:
            candidates = matching
    return candidates[0] if len(candidates) == 1 else None
