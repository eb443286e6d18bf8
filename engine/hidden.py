"""Hidden cards as slots, shared by every game engine: what a seat sees, and dealing the unseen again.

A game keeps `faces[slot]` (the card), `known[slot]` (the bitmask of seats that may see it)
and `generation[slot]` (the deal or refill the slot came from).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from engine.cards import Card


def seen_by(
    faces: Sequence[Card], known: Sequence[int], slots: Iterable[int], seat: int
) -> tuple[Card | None, ...]:
    """The faces of `slots` as `seat` sees them (None where it may not)."""
    bit = 1 << seat
    return tuple(faces[s] if known[s] & bit else None for s in slots)


def resample_unseen(
    faces: Sequence[Card],
    known: Sequence[int],
    generation: Sequence[int],
    seat: int,
    rng: random.Random,
) -> list[Card]:
    """New faces: those `seat` may not see shuffled among themselves within one generation.

    A seat knows which faces a generation holds (the deal: all it did not see; a refill: the
    cards it saw on the pile) but not where they lie, so faces move only inside a generation.
    """
    new = list(faces)
    bit = 1 << seat
    groups: dict[int, list[int]] = {}
    for slot, seen in enumerate(known):
        if not seen & bit:
            groups.setdefault(generation[slot], []).append(slot)
    for slots in groups.values():
        cards = [faces[s] for s in slots]
        rng.shuffle(cards)
        for slot, card in zip(slots, cards, strict=True):
            new[slot] = card
    return new
