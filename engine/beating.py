"""Which card beats which: the one place that decides it, with a per-trump lookup table.

`trump` is a suit ("C", "D", "H", "S"), None (no trump), or a colour ("red", "black") when a
joker was turned up in the jokers variant: then every card of that colour is a trump.
"""

from __future__ import annotations

from functools import lru_cache

from engine.cards import ALL_FACES, LOWEST_RANK_OF_DECK, SUIT_COLORS, Card
from engine.rules import Rules

COLOURS = ("red", "black")


def is_trump(card: Card, trump: str | None) -> bool:
    """True when `card` is a trump (jokers never are: they follow their own rules)."""
    if trump is None or card.is_joker:
        return False
    if trump in COLOURS:
        return SUIT_COLORS[card.suit] == trump  # type: ignore[index]
    return card.suit == trump


def trump_colour(trump: str | None) -> str | None:
    """The colour of the trump ("red"/"black"), None without a trump."""
    if trump is None:
        return None
    return trump if trump in COLOURS else SUIT_COLORS[trump]


def _joker_beats(trump: str | None, attack: Card, defend: Card) -> bool:
    """Jokers variant: the joker of the trump colour is highest, the other beats its colour."""
    colour = trump_colour(trump) or "red"
    if attack.is_joker:  # only the highest joker beats the other one; nothing beats the highest
        return defend.is_joker and attack.color != colour and defend.color == colour
    if not defend.is_joker:
        return False
    if defend.color == colour:
        return True
    return attack.color == defend.color


def beats(rules: Rules, trump: str | None, attack: Card, defend: Card) -> bool:
    """True when `defend` may cover `attack` under these rules and trump."""
    if attack.is_joker or defend.is_joker:
        return _joker_beats(trump, attack, defend)
    if rules.royal and attack.rank == LOWEST_RANK_OF_DECK[rules.deck]:
        if defend.rank != 14:
            return False
        if rules.royal_any_ace:
            return True
        if is_trump(attack, trump):
            return is_trump(defend, trump)
        return defend.suit == attack.suit or is_trump(defend, trump)
    if rules.spades_only_spades and attack.suit == "S":
        return defend.suit == "S" and defend.rank > attack.rank
    attack_trump, defend_trump = is_trump(attack, trump), is_trump(defend, trump)
    if defend.suit == attack.suit:
        return defend.rank > attack.rank
    if attack_trump and defend_trump:  # a colour of trumps: higher rank, equal ranks never
        return defend.rank > attack.rank
    return defend_trump and not attack_trump


def beat_table(rules: Rules, trump: str | None) -> tuple[frozenset[int], ...]:
    """For each card code, the codes of the cards that beat it."""
    return _beat_table(
        (rules.deck, rules.royal, rules.royal_any_ace, rules.spades_only_spades), trump
    )


@lru_cache(maxsize=512)
def _beat_table(key: tuple[int, bool, bool, bool], trump: str | None) -> tuple[frozenset[int], ...]:
    deck, royal, any_ace, spades = key
    rules = Rules(deck=deck, royal=royal, royal_any_ace=any_ace, spades_only_spades=spades)
    size = max(c.code for c in ALL_FACES) + 1
    table: list[frozenset[int]] = [frozenset()] * size
    for attack in ALL_FACES:
        table[attack.code] = frozenset(d.code for d in ALL_FACES if beats(rules, trump, attack, d))
    return tuple(table)
