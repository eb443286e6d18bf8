"""Hidden cards as slots, shared by every game engine: what a seat sees, and dealing the unseen again.

A game keeps `faces[slot]` (the card), `known[slot]` (the bitmask of seats that may see it)
and `generation[slot]` (the deal or refill the slot came from).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from typing import Any

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


class StateHashes:
    """The hashes every game gives from its state text and its seats' observations.

    A game defines `_state_text(public)` (its whole state as text; with `public`, faces not
    open to every seat as "?"), `observation(seat)` with a `key()`, and `log`.
    """

    log: Sequence[object]

    def _state_text(self, public: bool = False) -> str:
        raise NotImplementedError

    def observation(self, seat: int) -> Any:
        """Exactly what `seat` may know now."""
        raise NotImplementedError

    def state_hash(self) -> str:
        """SHA-256 of the whole state."""
        return hashlib.sha256(self._state_text().encode()).hexdigest()

    def public_hash(self) -> str:
        """SHA-256 of what every seat knows (faces not open to all are "?")."""
        return hashlib.sha256(self._state_text(public=True).encode()).hexdigest()

    def information_state_key(self, seat: int) -> str:
        """A key equal for two games exactly when `seat` cannot tell them apart."""
        history = ";".join(str(a) for a in self.log)
        raw = self.observation(seat).key() + "#" + history
        return hashlib.sha256(raw.encode()).hexdigest()
