"""Durak's table as piles: the talon, the discard, the bout's pairs, the other seats' fans (with
a locked pile behind, magadan) and your hand, with their badges (the talon's and the discard's
counts, the cards out of play, the trump badge, the locked counts), from an Observation and a
`TableFrame`.

The placements are those the table scene (`durak_qt.table.scene.TableScene`) draws; your hand's
fan is spread here, once (the hand pile's `fan`). The scene adds only what the pointer does (a
hand held still while the pointer rests on it: the frame's `hand_spots`). What the cards, the
middle and the keys mean is put on the piles by `durak_qt.games.durak.card_intents`.
"""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import QCoreApplication, QPointF, QRectF

from durak_qt import palette
from durak_qt.card_text import SUIT_SYMBOLS, display_order, suit_name
from durak_qt.games.durak.card_intents import with_intents
from durak_qt.table.card_art import card_height
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
    own_locked_room,
    own_trump,
    pile_placements,
    suit_badge_rect,
    trump_card_hidden,
)
from durak_qt.table.moment import TableMoment
from durak_qt.table.piles import Badge, Pile, TableFrame
from engine.observation import Observation

translate = QCoreApplication.translate
"""Texts in the current language, in the Durak table's context ("TableScene")."""

LOCKED_SHOWN = 3
"""Cards drawn of a locked pile (durak_qt.table.layout.locked_pile)."""
BOUT_FIRST_Z = 10
"""The z of the first attack card; each pair takes two (durak_qt.table.layout.bout_placements)."""


def durak_piles(
    obs: Observation, frame: TableFrame, choice: TableMoment | None = None
) -> list[Pile]:
    """Every pile of a Durak table, in the order the scene names its faces, with what a click,
    a drag and a key mean for the player's `choice` (the frame's `selected_hand` lifts the
    chosen cards; `card_intents.with_intents`)."""
    piles = placed_piles(obs, frame)
    return with_intents(obs, piles, choice or TableMoment(), frame.geometry.bout_rect())


def placed_piles(obs: Observation, frame: TableFrame) -> list[Pile]:
    """Every pile of a Durak table with its cards placed and its badges, meaning nothing yet."""
    geo = frame.geometry
    back = frame.card_back
    face_key = face_keys()
    middle = pile_placements(obs, geo, back, face_key)
    talon = tuple(p for p in middle if p.key[0] != "discard")
    discard = tuple(p for p in middle if p.key[0] == "discard")
    piles = [
        Pile("talon", talon, talon_badges(obs, frame)),
        Pile("discard", discard, (discard_badge(obs, frame),)),
    ]
    pairs: dict[int, list[Placement]] = defaultdict(list)
    for placed in bout_placements(obs, geo, back, face_key):
        pairs[int(placed.z - BOUT_FIRST_Z) // 2].append(placed)
    names = [f"pair {i}" for i in pairs]  # close neighbours, rows squeezed on a low table
    piles += [
        Pile(name, tuple(cards), stacked_on=tuple(n for n in names if n != name))
        for name, cards in zip(names, pairs.values(), strict=True)
    ]
    fans, _behind = fan_placements(obs, geo, back, face_key)
    lift = -card_height(geo.small_width) * 0.3  # a count on the part of a pile above the fan
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
            count_badge = locked_badge(obs, frame, seat, behind[0].pos + QPointF(0, lift))
            piles.append(
                Pile(f"locked {seat}", behind, (count_badge,), stacked_on=(f"seat {seat}",))
            )
            at += locked
    hand = obs.hand
    order = display_order(hand, own_trump(obs), frame.sort_order)
    count = len(hand)
    left_clear = frame.left_clear + own_locked_room(geo, obs)
    spread = geo.hand_spread(count, left_clear, frame.reserved_right) if count else 0.0
    keys: list[CardKey] = [
        ("mine", index) if hand[index] is None else face_key(hand[index])  # type: ignore[arg-type]
        for index in order
    ]
    held = list(frame.hand_spots)
    spots = held if len(held) == count else geo.hand_fan(count, spread)
    selected = sorted(frame.selected_hand)
    mine = hand_placements(obs, geo, order, keys, spots, selected, back)
    piles.append(Pile("hand", tuple(mine), fan=tuple(spots)))
    locked = locked_count(obs, obs.seat)
    if locked:
        point = own_locked_point(geo, count, spread)
        cards = tuple(locked_pile(obs.seat, locked, point, geo.card_width, back))
        piles.append(Pile("locked mine", cards, (locked_badge(obs, frame, obs.seat, point),)))
    return piles


def talon_badges(obs: Observation, frame: TableFrame) -> tuple[Badge, ...]:
    """Under the talon its count and the cards out of play; the trump badge above it (under
    the counts when a seat sits above it)."""
    geo = frame.geometry
    talon = geo.talon_point()
    text_size = frame.text_size()
    below = geo.card_height * 0.5
    if obs.talon_count:
        text = translate("TableScene", "Talon: %1").replace("%1", str(obs.talon_count))
    else:
        text = translate("TableScene", "Talon empty")
    removed = getattr(obs, "removed_count", 0)
    out_of_play = translate("TableScene", "Out of play: %1").replace("%1", str(removed))
    labels_bottom = talon.y() + below + text_size * (3.1 if removed else 1.3)
    return (
        Badge("talon count", text, talon + QPointF(0, below + text_size * 1.3), text_size),
        Badge(
            "out of play",
            out_of_play if removed else "",
            talon + QPointF(0, below + text_size * 3.1),
            text_size,
            tooltip=translate(
                "TableScene", "Cards taken out of the game, face down: nobody will play them"
            ),
        ),
        trump_badge(obs, frame, labels_bottom + text_size),
    )


def trump_badge(obs: Observation, frame: TableFrame, below_labels: float) -> Badge:
    """The trump suit in a round badge (your own trump in two-trump games)."""
    geo = frame.geometry
    unit = geo.unit
    trumps = tuple(obs.trumps)
    suit = own_trump(obs)
    symbol = SUIT_SYMBOLS.get(suit or "", "–")
    radius = palette.suit_badge_radius(unit, "talon_trump_badge")
    if trumps:
        caption = translate("TableScene", "Your trump")
        tip = translate("TableScene", "Every player has his own trump suit; yours is %1")
        tip = tip.replace("%1", suit_name(suit))
    else:
        caption = translate("TableScene", "Trump")
        if trump_card_hidden(obs):
            tip = translate("TableScene", "Trump suit: %1 (the trump card lies face down)")
            tip = tip.replace("%1", suit_name(suit))
        elif suit:
            tip = translate("TableScene", "Trump suit: %1").replace("%1", symbol)
        else:
            tip = translate("TableScene", "No trump in this game")
    talon = geo.talon_point()
    above = talon + QPointF(0, -geo.card_height * 0.5 - radius * 1.9 - 10 * unit)
    shape = suit_badge_rect(radius)
    seats = [seat_area(obs, frame, seat) for seat in range(obs.players) if seat != obs.seat]
    if any(shape.translated(above).intersects(area) for area in seats):
        point = QPointF(talon.x(), below_labels + radius + 4 * unit)
    else:
        point = above
    return Badge(
        "trump", symbol, point, 0, suit=suit or "", caption=caption, radius=radius, tooltip=tip
    )


def seat_area(obs: Observation, frame: TableFrame, seat: int) -> QRectF:
    """Where another seat's fan (with a locked pile above it) and name plate lie."""
    fan = frame.geometry.fan_area(obs, seat)
    plate = frame.plates.get(seat)
    return fan if plate is None else fan.united(plate)


def discard_badge(obs: Observation, frame: TableFrame) -> Badge:
    """The discard's count, under it."""
    geo = frame.geometry
    text_size = frame.text_size()
    point = geo.discard_point() + QPointF(0, geo.card_height * 0.5 + text_size * 1.3)
    text = translate("TableScene", "Discard: %1").replace("%1", str(obs.discard_count))
    return Badge("discard count", text, point, text_size)


def locked_badge(obs: Observation, frame: TableFrame, seat: int, point: QPointF) -> Badge:
    """Magadan: how many locked cards a seat has, on its locked pile."""
    count = locked_count(obs, seat)
    return Badge(
        f"locked {seat}",
        translate("TableScene", "%n locked", "", count),
        point,
        frame.text_size(),
        tooltip=translate(
            "TableScene", "%n locked card(s): face down, unknown even to their owner", "", count
        ),
    )
