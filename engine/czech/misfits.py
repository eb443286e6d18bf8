"""What a seat's draws show of its hand, and unseen faces dealt so that it holds.

A seat that draws (or passes with nothing drawn) holds no card that fits the pile: the drawing
bot's search must not deal it one. Each such move leaves a `Misfit`: the hand's slots then and
the suits and ranks that fitted. A draw in a game with voluntary draws is read the same way (the
opponent model: a player draws when nothing fits); a deal that no assignment can satisfy (a
player who drew with a fitting card) is dealt as if nothing were shown.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.hidden import unseen_by_generation

Misfit = tuple[tuple[int, ...], tuple[Any, ...], tuple[Any, ...]]
"""(the hand's slots, the suits that fitted, the ranks that fitted) when the seat drew."""

TRIES = 8
"""Attempts at a deal that respects every misfit before the plain shuffle is kept."""


def banned_faces(
    misfits: Sequence[Misfit], known: Sequence[int], seat: int
) -> dict[int, tuple[set[Any], set[Any]]]:
    """The slots hidden from `seat` that a misfit covers: (suits, ranks) their face may not have."""
    bit = 1 << seat
    banned: dict[int, tuple[set[Any], set[Any]]] = {}
    for slots, suits, ranks in misfits:
        for slot in slots:
            if not known[slot] & bit:
                suits_out, ranks_out = banned.setdefault(slot, (set(), set()))
                suits_out.update(suits)
                ranks_out.update(ranks)
    return banned


def deal_around_misfits(
    faces: Sequence[Any],
    known: Sequence[int],
    generation: Sequence[int],
    seat: int,
    misfits: Sequence[Misfit],
    rng: random.Random,
) -> list[Any]:
    """`faces` (already shuffled among the slots hidden from `seat`, inside each generation)
    with the hidden faces of each generation dealt again so that no slot a misfit covers holds
    a card of a suit or rank that fitted; `faces` unchanged where no deal is found."""
    banned = banned_faces(misfits, known, seat)
    new = list(faces)
    if not banned:
        return new
    for slots in unseen_by_generation(known, generation, seat).values():
        limited = [slot for slot in slots if slot in banned]
        if not limited:
            continue
        free = [slot for slot in slots if slot not in banned]
        for _attempt in range(TRIES):
            dealt = _deal_once([faces[slot] for slot in slots], limited, banned, rng)
            if dealt is not None:
                rest, chosen = dealt
                rng.shuffle(rest)
                for slot, card in zip(limited, chosen, strict=True):
                    new[slot] = card
                for slot, card in zip(free, rest, strict=True):
                    new[slot] = card
                break
    return new


def _deal_once(
    pool: list[Any],
    limited: list[int],
    banned: dict[int, tuple[set[Any], set[Any]]],
    rng: random.Random,
) -> tuple[list[Any], list[Any]] | None:
    """One greedy try: the most constrained slot first, each a random card it may hold; (the
    cards left, the card of each of `limited` in order), or None at a dead end."""

    def allowed(slot: int, card: Any) -> bool:
        suits, ranks = banned[slot]
        return card.suit not in suits and card.rank not in ranks

    left = list(pool)
    order = sorted(limited, key=lambda slot: sum(allowed(slot, card) for card in left))
    chosen: dict[int, Any] = {}
    for slot in order:
        fits = [index for index, card in enumerate(left) if allowed(slot, card)]
        if not fits:
            return None
        chosen[slot] = left.pop(fits[int(rng.random() * len(fits))])
    return left, [chosen[slot] for slot in limited]
