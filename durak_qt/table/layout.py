"""Where everything of the table lies: pure geometry from an Observation and the view's size.

No item is made or drawn here (that is `durak_qt.table.scene`): `TableGeometry` gives the points
and areas of a table of some size, and the `*_placements` functions say where each card of an
observation goes, as `Placement`s the scene turns into card items.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QPointF, QRectF

from durak_qt.card_text import RANK_LETTERS, card_label, suit_name
from durak_qt.table.card_art import card_height
from engine.cards import Card
from engine.observation import Observation

CardKey = tuple[object, ...]
"""Names one card item across layouts: ("face", "7C", copy), ("back", seat, i), ("talon", i)..."""

Spot = tuple[float, float, float]
"""A hand card's place: x, y of its centre and its tilt in degrees."""

translate = QCoreApplication.translate
"""Texts in the current language, in the table scene's context (as lupdate finds them)."""

DISCARD_SPOTS = ((-14.0, -3, 2), (9.0, 4, -3), (-4.0, 1, 1), (17.0, -2, 3), (2.0, 3, -1))
"""The discard's cards: each one's turn in degrees and its shift in 3 % of a card's width."""
BOUT_STEP = 1.35
"""The step between the bout's attack cards, in card widths (a pair spans 1.22)."""


def rim_angle(rx: float, ry: float, start: float, end: float, fraction: float) -> float:
    """The angle (degrees) at `fraction` of the length of an ellipse's arc from start to end."""
    steps = 400
    angles = [start + (end - start) * i / steps for i in range(steps + 1)]
    points = [(rx * math.cos(math.radians(a)), ry * math.sin(math.radians(a))) for a in angles]
    lengths = [0.0]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
    wanted = lengths[-1] * fraction
    index = next((i for i, length in enumerate(lengths) if length >= wanted), steps)
    return angles[index]


def rank_badge(rank: int | None) -> str:
    """A public rank as printed on a card back ("A", "10"); "" when the rank is not public."""
    if rank is None:
        return ""
    return RANK_LETTERS.get(rank, str(rank))


def locked_count(obs: Observation, seat: int) -> int:
    """Magadan: how many locked cards this seat has (0 in every other game)."""
    locked = tuple(obs.locked)
    return locked[seat] if seat < len(locked) else 0


def own_trump(obs: Observation) -> str | None:
    """The trump suit for your cards (two-trump: your own suit, None while unknown)."""
    trumps = tuple(obs.trumps)
    if trumps:
        return trumps[obs.seat] if obs.seat < len(trumps) else None
    return obs.trump_suit


def trump_card_hidden(obs: Observation) -> bool:
    """Invisible fool: the trump suit is known but the trump card under the talon is not."""
    return obs.trump_suit is not None and obs.trump_card is None and obs.talon_count > 0


@dataclass
class Placement:
    """Where one card goes in a layout."""

    key: CardKey
    image: str
    pos: QPointF
    width: int
    rotation: float
    z: float
    card: Card | None = None
    hand_index: int | None = None
    on_table_unbeaten: bool = False
    visible_width: float = 0.0
    talon: bool = False  # the talon's top (armenian: a click leads it)
    note: str = ""  # the tooltip of a card shown face down (a locked pile, a face-down cover)
    badge: str = ""  # a mark on a card back: "?" on a cover to check, a public rank (albanian)


def suit_badge_rect(radius: float) -> QRectF:
    """The box of a round suit badge with its caption, about its centre (items.TrumpBadge)."""
    return QRectF(-radius * 2.2, -radius - 2, radius * 4.4, radius * 2.9)


def face_keys() -> Callable[[Card], CardKey]:
    """A namer of face-up card items for one layout: two copies of a card get two names."""
    seen: dict[str, int] = {}

    def face_key(card: Card) -> CardKey:
        count = seen.get(card.text, 0)
        seen[card.text] = count + 1
        return ("face", card.text, count)

    return face_key


@dataclass(frozen=True)
class TableGeometry:
    """The places of a table `width` x `height` pixels with cards `card_scale` times the usual."""

    width: float
    height: float
    card_scale: float = 1.0

    @functools.cached_property
    def unit(self) -> float:
        """Scale of everything relative to a 1280x800 table."""
        return max(0.45, min(self.width / 1150, self.height / 720))

    @functools.cached_property
    def card_width(self) -> int:
        """Width in pixels of a card in the player's hand."""
        return max(36, round(96 * self.unit * self.card_scale))

    @functools.cached_property
    def card_height(self) -> int:
        """Height in pixels of a card in the player's hand."""
        return card_height(self.card_width)

    @functools.cached_property
    def small_width(self) -> int:
        """Width in pixels of a card in another player's fan."""
        return max(28, round(self.card_width * 0.62))

    def seat_point(self, obs: Observation | None, seat: int) -> QPointF:
        """Centre of a seat's place; yours is at the bottom, the others round the rim, their
        fans inside the view."""
        width, height = self.width, self.height
        if obs is None or seat == obs.seat:
            return QPointF(width * 0.5, height - self.card_height * 0.6)
        others = obs.players - 1
        step = (seat - obs.seat) % obs.players  # 1 = the next player, to your left
        cx, cy = width * 0.5, height * 0.43
        rx, ry = width * 0.41, height * 0.31
        if others == 1:
            angle = 90.0
        elif others <= 5:
            angle = 188.0 - (step - 1) * (196.0 / (others - 1))
        else:  # two decks, seven players or more: equal gaps along the rim, not equal angles
            angle = rim_angle(rx, ry, 188.0, -8.0, (step - 1) / (others - 1))
        x = cx + rx * math.cos(math.radians(angle))
        small = self.small_width
        half_fan = small * 1.55 + 6 * self.unit
        x = min(max(x, half_fan), width - half_fan)  # the fan stays inside the view
        top = small * 0.55 + card_height(small) * 0.56 + 4 * self.unit
        return QPointF(x, max(cy - ry * math.sin(math.radians(angle)), top))

    def fan_centre(self, obs: Observation, seat: int) -> QPointF:
        """Centre of another seat's fan of cards (above its name plate)."""
        return self.seat_point(obs, seat) + QPointF(0, -self.small_width * 0.55)

    def fan_room(self, obs: Observation, seat: int) -> float:
        """How wide another seat's fan may be: the distance to the next seat's place along the
        rim at either side, less a little (seven seats or more sit close together)."""
        here = self.seat_point(obs, seat)
        gaps = [
            math.dist((here.x(), here.y()), (there.x(), there.y()))
            for there in (
                self.seat_point(obs, (seat + step) % obs.players)
                for step in (-1, 1)
                if (seat + step) % obs.players != obs.seat
            )
        ]
        return min(gaps, default=self.width) - 8 * self.unit

    def fan_area(self, obs: Observation, seat: int) -> QRectF:
        """Where another seat's widest fan (with a locked pile above it) may lie."""
        small = self.small_width
        small_height = card_height(small)
        centre = self.fan_centre(obs, seat)
        fan_width = small * 3.1  # the widest fan: 1.9 card widths of spread plus a tilted card
        return QRectF(
            centre.x() - fan_width / 2, centre.y() - small_height * 0.95, fan_width, small_height
        )

    @functools.cached_property
    def side_fan_reach(self) -> float:
        """How far in from the table's left or right edge the fan of a seat at that side
        reaches (three seats or more: the first and the last seat after yours sit there)."""
        half_fan = self.small_width * 1.55 + 6 * self.unit  # seat_point keeps this in view
        side = max(self.width * 0.5 - self.width * 0.41 * math.cos(math.radians(8.0)), half_fan)
        return side + self.small_width * 1.55  # fan_area's half width

    @functools.cached_property
    def discard_half_width(self) -> float:
        """How far the discard's turned cards reach left or right of its centre."""
        cw, ch = self.card_width, self.card_height
        return max(
            abs(shift) * cw * 0.03
            + (cw * math.cos(math.radians(turn)) + ch * math.sin(math.radians(abs(turn)))) / 2
            for turn, shift, _down in DISCARD_SPOTS
        )

    def talon_point(self) -> QPointF:
        """Centre of the talon: a quarter in from the left, but clear of the fan of a seat at
        the left side (large cards, or a narrow table beside the side panel)."""
        reach = self.side_fan_reach + 6 * self.unit + self.card_width * 0.56  # its left edge
        return QPointF(max(self.width * 0.235, reach), self.height * 0.44)

    def discard_point(self) -> QPointF:
        """Centre of the discard pile: a quarter in from the right, but clear of the fan of a
        seat at the right side."""
        reach = self.side_fan_reach + 6 * self.unit + self.discard_half_width
        return QPointF(min(self.width * 0.775, self.width - reach), self.height * 0.44)

    def bout_rect(self) -> QRectF:
        """The middle area where attack and beat pairs lie (above the status line, which
        would hide a card; on a low table with large cards it is shorter), centred, clear of
        the trump card under the talon and of the discard."""
        ch = self.card_height
        top = self.height * 0.44 - ch * 1.2
        bottom = min(top + ch * 2.45, self.status_line_y() - 16 * self.unit)
        gap = 4 * self.unit
        trump_right = self.talon_point().x() + self.card_width * 0.5 + ch * 0.5  # turned trump
        discard_left = self.discard_point().x() - self.discard_half_width
        inset = max(0.0, trump_right + gap - self.width * 0.32)  # the same at both sides:
        inset = max(inset, self.width * 0.68 - discard_left + gap)  # the bout stays centred
        left, right = self.width * 0.32 + inset, self.width * 0.68 - inset
        return QRectF(left, top, right - left, bottom - top)

    def status_line_y(self) -> float:
        """Centre height of the line that says whose move it is (above your hand)."""
        return self.height - self.card_height * 1.28 - self.height * 0.03 - 12 * self.unit

    def quiet_band(self) -> QRectF:
        """The strip between the middle of the table and the status line: no seat, card or pile
        lies there (the progress banner goes there, clear of the seats at the top)."""
        top = self.bout_rect().bottom()
        bottom = self.status_line_y() - 14 * self.unit
        return QRectF(0, top, self.width, max(bottom - top, 0.0))

    def hand_spread(self, count: int, left_clear: float, right_reserved: float) -> float:
        """The step between the cards of your hand: the fan is centred, keeps right of
        `left_clear` (your name plate) and `right_reserved` pixels off the right edge (buttons)."""
        cw = self.card_width
        reserved = max(left_clear, right_reserved) + 8 * self.unit
        tilted = cw * 1.15  # a tilted outer card is a little wider than it is
        half = min(self.width * 0.3, self.width * 0.5 - reserved) - tilted / 2
        return max(0.0, min(cw * 0.72, 2 * half / max(count - 1, 1)))

    def hand_fan(self, count: int, spread: float) -> list[Spot]:
        """Where the cards of a hand of `count` lie, left to right, bent and tilted a little."""
        cw, ch = self.card_width, self.card_height
        mid = (count - 1) / 2
        tilt = min(2.5, 20.0 / max(count, 1))
        edge = math.radians(mid * tilt)  # the outer cards' tilt and drop must stay in view
        bend = cw * 0.004 * min(1.0, 30.25 / mid**2) if mid else 0.0  # at most 0.12 cw
        overhang = (cw * math.sin(edge) + ch * math.cos(edge) - ch) / 2
        base_y = self.height - ch * 0.5 - self.height * 0.025 - mid**2 * bend - overhang
        return [
            (
                self.width * 0.5 + (pos - mid) * spread,
                base_y + (pos - mid) ** 2 * bend,
                (pos - mid) * tilt,
            )
            for pos in range(count)
        ]


def pile_placements(
    obs: Observation, geo: TableGeometry, card_back: str, face_key: Callable[[Card], CardKey]
) -> list[Placement]:
    """The talon, the trump under it (face down while invisible fool hides it), the discard."""
    cw = geo.card_width
    placements: list[Placement] = []
    talon = geo.talon_point()
    backs_in_talon = obs.talon_count
    if obs.trump_card is not None and obs.talon_count > 0:
        backs_in_talon -= 1
        placements.append(
            Placement(
                face_key(obs.trump_card),
                obs.trump_card.text,
                talon + QPointF(cw * 0.5, 0),
                cw,
                90.0,
                0.0,
                card=obs.trump_card,
                talon=backs_in_talon == 0,
            )
        )
    elif trump_card_hidden(obs):
        backs_in_talon -= 1
        placements.append(
            Placement(
                ("hidden_trump",),
                card_back,
                talon + QPointF(cw * 0.5, 0),
                cw,
                90.0,
                0.0,
                talon=backs_in_talon == 0,
                note=translate(
                    "TableScene", "The trump card lies face down; the trump suit is %1"
                ).replace("%1", suit_name(obs.trump_suit)),
            )
        )
    shown_backs = min(max(backs_in_talon, 0), 4)
    talon_ranks = tuple(obs.talon_ranks)  # albanian: ranks are public
    for i in range(shown_backs):
        offset = i * max(1.0, cw * 0.02)
        top = i == shown_backs - 1
        placements.append(
            Placement(
                ("talon", i),
                card_back,
                talon + QPointF(-offset, -offset),
                cw,
                0.0,
                1 + i,
                talon=top,
                badge=rank_badge(talon_ranks[0]) if top and talon_ranks else "",
            )
        )
    discard = geo.discard_point()
    for i in range(min(obs.discard_count // 3 + (1 if obs.discard_count else 0), 5)):
        angle, right, down = DISCARD_SPOTS[i]
        shift = QPointF(right * cw * 0.03, down * cw * 0.03)
        placements.append(Placement(("discard", i), card_back, discard + shift, cw, angle, 1 + i))
    return placements


def bout_placements(
    obs: Observation, geo: TableGeometry, card_back: str, face_key: Callable[[Card], CardKey]
) -> list[Placement]:
    """The bout: attack cards in rows across the middle, each with its beating card on it."""
    pairs = list(obs.table)
    if not pairs:
        return []
    cw, ch = geo.card_width, geo.card_height
    face_down = set(obs.face_down)
    placements: list[Placement] = []
    area = geo.bout_rect()
    step = cw * BOUT_STEP
    # As many pairs a row as the middle third of the table takes; in a narrower area (large
    # cards beside the talon's trump card) the pairs close up rather than leave the area.
    per_row = max(1, min(len(pairs), int(geo.width * 0.36 // step)))
    if per_row > 1:
        step = max(cw * 0.6, min(step, (area.width() - cw * 1.22) / (per_row - 1)))
    rows = math.ceil(len(pairs) / per_row)
    row_gap = ch * 1.08
    if rows > 1:  # many cards (two decks, long transfers, a low table): squeeze the rows
        row_gap = min(row_gap, (area.height() - ch * 1.2) / (rows - 1))
    for index, (attack, beat) in enumerate(pairs):
        row, col = divmod(index, per_row)
        in_row = min(per_row, len(pairs) - row * per_row)
        x = area.center().x() + (col - (in_row - 1) / 2) * step - cw * 0.1
        y = area.center().y() + (row - (rows - 1) / 2) * row_gap - ch * 0.08
        tilt = ((index * 37) % 7 - 3) * 1.0
        placements.append(
            Placement(
                face_key(attack),
                attack.text,
                QPointF(x, y),
                cw,
                tilt,
                10 + index * 2,
                card=attack,
                on_table_unbeaten=beat is None and index not in face_down,
            )
        )
        cover = QPointF(x + cw * 0.22, y + ch * 0.2)
        if index in face_down:  # believe: a cover laid face down (its face may be ours)
            note = translate("TableScene", "Beaten face down")
            if beat is not None:
                note = translate(
                    "TableScene", "Beaten face down with %1 (only its owner sees it)"
                ).replace("%1", card_label(beat))
            placements.append(
                Placement(
                    ("cover", index),
                    card_back,
                    cover,
                    cw,
                    tilt + 8,
                    11 + index * 2,
                    note=note,
                    badge="?" if obs.waiting_check else "",
                )
            )
        elif beat is not None:
            placements.append(
                Placement(face_key(beat), beat.text, cover, cw, tilt + 8, 11 + index * 2, card=beat)
            )
    return placements


def locked_pile(
    seat: int, count: int, point: QPointF, width: int, card_back: str, z: float = 50.0
) -> list[Placement]:
    """Magadan: a seat's locked cards as a small face-down pile (nobody sees them)."""
    text = "%n locked card(s): face down, unknown even to their owner"
    note = QCoreApplication.translate("TableScene", text, "", count)  # the words: TableScene
    step = max(1.0, width * 0.04)
    return [
        Placement(
            ("locked", seat, i),
            card_back,
            point + QPointF(i * step, -i * step),
            width,
            0.0,
            z + i * 0.01,
            note=note,
        )
        for i in range(min(count, 3))
    ]


def fan_placements(
    obs: Observation, geo: TableGeometry, card_back: str, face_key: Callable[[Card], CardKey]
) -> tuple[list[Placement], dict[int, QPointF]]:
    """Other players' hands, fanned, faces known to you shown face up; and where each seat's
    locked pile lies (magadan)."""
    small = geo.small_width
    placements: list[Placement] = []
    piles: dict[int, QPointF] = {}
    all_ranks = tuple(obs.hand_ranks)
    for seat in range(obs.players):
        if seat == obs.seat:
            continue
        known = obs.hands[seat] if seat < len(obs.hands) else ()
        ranks = all_ranks[seat] if seat < len(all_ranks) else ()
        count = obs.hand_sizes[seat]
        centre = geo.fan_centre(obs, seat)
        open_hand = count > 0 and sum(c is not None for c in known) * 2 > count
        # Open hands (reverse fool, cards you saw taken) fan wider so their corners read.
        # Many seats: the fan (its outer cards tilted) keeps within its room on the rim.
        room = max(0.0, geo.fan_room(obs, seat) - small * 1.3)
        widest = min(small * 1.9, room)
        spread = min(small * (0.42 if open_hand else 0.32), widest / max(count - 1, 1))
        for i in range(count):
            card = known[i] if i < len(known) else None
            x = centre.x() + (i - (count - 1) / 2) * spread
            angle = (i - (count - 1) / 2) * min(5.0, 30.0 / max(count, 1))
            if card is None:
                badge = rank_badge(ranks[i]) if i < len(ranks) else ""
                key: CardKey = ("back", seat, i)
                placements.append(
                    Placement(
                        key, card_back, QPointF(x, centre.y()), small, angle, 1 + i, badge=badge
                    )
                )
            else:
                placements.append(
                    Placement(
                        face_key(card),
                        card.text,
                        QPointF(x, centre.y()),
                        small,
                        angle,
                        1 + i,
                        card=card,
                    )
                )
        locked = locked_count(obs, seat)
        if locked:
            # Behind the fan, sticking out above it, but inside the table (a seat at the top).
            behind = centre + QPointF(0, -card_height(small) * 0.42)
            highest = card_height(small) * 0.5 + 2 * max(1.0, small * 0.04)  # its top card
            behind.setY(max(behind.y(), highest))
            piles[seat] = behind
            placements.extend(locked_pile(seat, locked, behind, small, card_back, z=0.0))
    return placements, piles


def hand_placements(
    obs: Observation,
    geo: TableGeometry,
    order: Sequence[int],
    keys: Sequence[CardKey],
    spots: Sequence[Spot],
    selected: Sequence[int],
    card_back: str,
) -> list[Placement]:
    """Your hand in display `order` at these `spots`; chosen cards lifted; each card knows the
    strip of it that its right neighbour leaves visible (where a click lands on it)."""
    cw, ch = geo.card_width, geo.card_height
    placements: list[Placement] = []
    count = len(order)
    for pos, (index, key) in enumerate(zip(order, keys, strict=True)):
        card = obs.hand[index]
        x, y, angle = spots[pos]
        if index in selected:
            y -= ch * 0.22
        next_x = spots[pos + 1][0] if pos < count - 1 else x + cw
        placements.append(
            Placement(
                key,
                card_back if card is None else card.text,
                QPointF(x, y),
                cw,
                angle,
                100 + pos,
                card=card,
                hand_index=index,
                visible_width=min(max(next_x - x, 1.0), cw),
            )
        )
    return placements


def hand_zone(geo: TableGeometry, spots: Sequence[Spot]) -> QRectF:
    """The area of your hand at these spots (a chosen card lifted included), with a margin."""
    cw, ch = geo.card_width, geo.card_height
    zone = QRectF()
    for x, y, _angle in spots:
        zone = zone.united(QRectF(x - cw / 2, y - ch * 0.75, cw, ch * 1.25))
    return zone.adjusted(-cw * 0.2, -cw * 0.2, cw * 0.2, cw * 0.2)


def own_locked_room(geo: TableGeometry, obs: Observation) -> float:
    """Magadan: how much farther right of your name plate your hand keeps, so that your
    locked pile fits between them (none without locked cards)."""
    return geo.card_width * 1.35 if locked_count(obs, obs.seat) else 0.0


def own_locked_point(geo: TableGeometry, count: int, spread: float) -> QPointF:
    """Magadan: where your locked pile lies, left of your hand and clear of your name plate."""
    cw, ch = geo.card_width, geo.card_height
    width, height = geo.width, geo.height
    left = width * 0.5 - (count - 1) / 2 * spread - cw * 1.25 if count else width * 0.4
    left = max(left, cw * 0.5 + 190 * geo.unit)  # clear of your name plate
    return QPointF(left, height - ch * 0.5 - height * 0.025)


def held_spots(
    old_keys: Sequence[CardKey],
    old_spots: Sequence[Spot],
    keys: Sequence[CardKey],
    fresh: list[Spot],
    may_hold: bool,
) -> list[Spot]:
    """Your hand's spots: `fresh` (as the layout spreads it), but when `may_hold` (the pointer
    rests on the hand) and cards only left it, the cards that stay keep the spots they had, so
    that a click never lands on a card that slid under the pointer."""
    kept = dict(zip(old_keys, old_spots, strict=True))
    staying = set(keys)
    hold = (
        may_hold
        and all(key in kept for key in keys)
        and list(keys) == [key for key in old_keys if key in staying]
    )
    return [kept[key] for key in keys] if hold else fresh
