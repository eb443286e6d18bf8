"""The signed log of moves: which moves show faces, what each claims, how entries chain."""

from __future__ import annotations

import hashlib
from typing import Any

from engine.actions import ATTACK, BEAT, BLIND_KINDS, SHOW_TRUMP, THROW, TRANSFER, Action
from engine.cards import Card
from net.dealing.messages import canonical_bytes as canonical

FACE_UP_KINDS = (ATTACK, THROW, TRANSFER, BEAT, SHOW_TRUMP)  # moves that name the cards shown


def blind_play(action: Action) -> bool:
    """Reverse fool: a card played by its slot, its face unseen by its player."""
    return bool(action.slots) and action.kind in BLIND_KINDS


def claimed_cards(action: Action) -> tuple[Card | None, ...]:
    """The face a move claims for each position it plays (None: a blind play claims nothing)."""
    return (None,) * len(action.slots) if blind_play(action) else action.cards


def chain(previous: str, entry: dict[str, Any]) -> str:
    """The log hash after appending one signed entry."""
    return hashlib.sha256(bytes.fromhex(previous) + canonical(entry)).hexdigest()
