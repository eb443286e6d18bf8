"""Card points: each physical card of a deck hashed to its own group element."""

from __future__ import annotations

from collections.abc import Sequence

from net.crypto.group import Group
from net.crypto.hashing import transcript_hash


def deck_id(deck: Sequence[str]) -> bytes:
    """A digest naming a deck spec: the ordered tuple of its physical cards' texts."""
    return transcript_hash("deck-spec", list(deck))[:32]


def card_point(group: Group, deck_spec_id: bytes, index: int, text: str) -> bytes:
    """The point of physical card `index` (text `text`) in the deck named `deck_spec_id`."""
    return group.hash_to_point(transcript_hash("card-point", group.name, deck_spec_id, index, text))


def card_points(group: Group, deck: Sequence[str]) -> list[bytes]:
    """The points of every physical card of a deck, in deck-spec order; all distinct."""
    spec = deck_id(deck)
    points = [card_point(group, spec, index, text) for index, text in enumerate(deck)]
    if len(set(points)) != len(points):
        raise ValueError("card points collide")
    return points
