"""Durak's table as piles: the talon, the discard, the bout's pairs, the other seats' fans (with
a locked pile behind, magadan) and your hand, from an Observation and a `TableFrame`.

The placements are those the Durak scene draws (`durak_qt.table.layout`); the scene adds only
what the pointer does (a hand held still while the pointer rests on it).
"""

from __future__ import annotations

from collections import defaultdict

from durak_qt.card_text import display_order
from durak_qt.table.layout import (
    CardKey,
    Placement,
    bout_placements,
    face_keys,
    fan_placements,
    hand_placements,
    locked_count,
    locked_pile,
    own_locked_point,
    own_trump,
    pile_placements,
)
from durak_qt.table.piles import CLICK_DRAW, CLICK_PLAY, Pile, TableFrame
from engine.observation import Observation

LOCKED_SHOWN = 3
"""Cards drawn of a locked pile (durak_qt.table.layout.locked_pile)."""
BOUT_FIRST_Z = 10
"""The z of the first attack card; each pair takes two (durak_qt.table.layout.bout_placements)."""


def durak_piles(obs: Observation, frame: TableFrame) -> list[Pile]:
    """Every pile of a Durak table, in the order the scene names its faces."""
    geo = frame.geometry
    back = frame.card_back
    face_key = face_keys()
    middle = pile_placements(obs, geo, back, face_key)
    talon = tuple(p for p in middle if p.key[0] != "discard")
    discard = tuple(p for p in middle if p.key[0] == "discard")
    piles = [Pile("talon", talon, click=CLICK_DRAW), Pile("discard", discard)]
    pairs: dict[int, list[Placement]] = defaultdict(list)
    for placed in bout_placements(obs, geo, back, face_key):
        pairs[int(placed.z - BOUT_FIRST_Z) // 2].append(placed)
    names = [f"pair {i}" for i in pairs]  # close neighbours, rows squeezed on a low table
    piles += [
        Pile(name, tuple(cards), click=CLICK_PLAY, stacked_on=tuple(n for n in names if n != name))
        for name, cards in zip(names, pairs.values(), strict=True)
    ]
    fans, _behind = fan_placements(obs, geo, back, face_key)
    at = 0
    for seat in range(obs.players):  # fan_placements goes seat by seat: the fan, then locked
        if seat == obs.seat:
            continue
        count = obs.hand_sizes[seat]
        piles.append(Pile(f"seat {seat}", tuple(fans[at : at + count])))
        at += count
        locked = min(locked_count(obs, seat), LOCKED_SHOWN)
        if locked:  # behind the fan, sticking out above it
            behind = tuple(fans[at : at + locked])
            piles.append(Pile(f"locked {seat}", behind, stacked_on=(f"seat {seat}",)))
            at += locked
    hand = obs.hand
    order = display_order(hand, own_trump(obs), frame.sort_order)
    count = len(hand)
    spread = geo.hand_spread(count, frame.left_clear, frame.reserved_right) if count else 0.0
    keys: list[CardKey] = [
        ("mine", index) if hand[index] is None else face_key(hand[index])  # type: ignore[arg-type]
        for index in order
    ]
    spots = geo.hand_fan(count, spread)
    selected = sorted(frame.selected_hand)
    mine = hand_placements(obs, geo, order, keys, spots, selected, back)
    piles.append(Pile("hand", tuple(mine), click=CLICK_PLAY))
    locked = locked_count(obs, obs.seat)
    if locked:
        point = own_locked_point(geo, count, spread)
        piles.append(
            Pile("locked mine", tuple(locked_pile(obs.seat, locked, point, geo.card_width, back)))
        )
    return piles
