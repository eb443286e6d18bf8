"""The classic beat shared by road and round fool: a higher card of the same suit, or a trump
over a card that is not one. Decided by `engine.beating`, the project's one beating table."""

from __future__ import annotations

from engine.beating import beat_table
from engine.cards import Card
from engine.rules import Rules

_CLASSIC = Rules()  # no royal, japanese or joker rules: the plain beat of text A


def beaten_by(trump: str) -> tuple[frozenset[int], ...]:
    """For each card code, the codes of the cards that beat it with `trump` the trump suit."""
    return beat_table(_CLASSIC, trump)


def beats(trump: str, attack: Card, defend: Card) -> bool:
    """True when `defend` covers `attack` with `trump` the trump suit."""
    return defend.code in beat_table(_CLASSIC, trump)[attack.code]
