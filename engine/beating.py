"""Which card beats which: the one place that decides it, with a per-trump lookup table."""

from __future__ import annotations

from functools import lru_cache

from engine.cards import ALL_FACES, Card
from engine.rules import Rules


def beats(rules: Rules, trump: str | None, attack: Card, defend: Card) -> bool:
    """True when `defend` may cover `attack` under these rules and trump suit."""
    if attack.is_joker or defend.is_joker:
        return False  # jokers are a family-2 variant; the classic decks have none
    if defend.suit == attack.suit:
        return defend.rank > attack.rank
    return defend.suit == trump


@lru_cache(maxsize=256)
def beat_table(rules: Rules, trump: str | None) -> tuple[frozenset[int], ...]:
    """For each card code, the codes of the cards that beat it."""
    size = max(c.code for c in ALL_FACES) + 1
    table: list[frozenset[int]] = [frozenset()] * size
    for attack in ALL_FACES:
        table[attack.code] = frozenset(d.code for d in ALL_FACES if beats(rules, trump, attack, d))
    return tuple(table)
