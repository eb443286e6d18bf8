"""The card table drawn from one Observation; clicks and drops become legal engine actions."""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QRect,
    QRectF,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QPainter, QRadialGradient
from PySide6.QtWidgets import QGraphicsScene

from durak_qt import palette
from durak_qt.card_text import SUIT_SYMBOLS, card_label, cards_label, display_order, suit_name
from durak_qt.games.durak import intents
from durak_qt.table.card_art import CardArt, card_height
from durak_qt.table.items import (
    AbsenceBadge,
    CardItem,
    LabelItem,
    PlayAreaItem,
    SeatItem,
    TrumpBadge,
    redraw_scene,
)
from durak_qt.table.layout import (
    CardKey,
    Placement,
    Spot,
    TableGeometry,
    bout_placements,
    face_keys,
    fan_placements,
    hand_placements,
    hand_zone,
    locked_count,
    locked_pile,
    own_locked_point,
    own_trump,
    pile_placements,
    trump_card_hidden,
)
from engine.actions import Action
from engine.cards import Card
from engine.observation import Observation

Target = Card | str
"""Where chosen cards are played: an attack card to beat, or intents.ONTO_TABLE."""


@functools.lru_cache(maxsize=8)
def _geometry(width: float, height: float, card_scale: float) -> TableGeometry:
    """The table's geometry at this size (made once per size: its measures are cached)."""
    return TableGeometry(width, height, card_scale)


@dataclass(frozen=True)
class Absence:
    """A seat whose player left or went silent, and the resume window they have to come back."""

    since: float
    deadline: float
    left: bool


def clock_text(seconds: float) -> str:
    """Whole seconds left as m:ss, rounded up ("2:00", "0:07"); never negative."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


class TableScene(QGraphicsScene):
    """Draws an Observation; emits `action_chosen(Action)` with an action taken from obs.legal."""

    action_chosen = Signal(object)
    selection_changed = Signal()

    def __init__(self, art: CardArt, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._art = art
        self.observation: Observation | None = None
        self.names: list[str] = []
        self.bot_hosts: dict[int, str] = {}
        self.replay = False  # a replay (durak_qt.history): the bottom seat is not "you"
        self.sort_order = "suit"
        self.card_back = "back-blue"
        self.card_scale = 1.0
        self.animation_ms = 0
        self.selected: list[int] = []  # indices into observation.hand
        self.focus_index: int | None = None  # position in the displayed hand
        self.target_index = 0  # which possible beat target the keyboard points at
        self.keyboard_used = False  # focus rings show only once the player uses the keys
        self.face_down = False  # believe: beats chosen now are laid face down
        self.blind_map: dict[int, int] = {}  # reverse: hand index -> position of a card unseen
        self.cards: dict[CardKey, CardItem] = {}
        self.seats: dict[int, SeatItem] = {}
        self.hand_order: list[int] = []
        self._animation: QParallelAnimationGroup | None = None
        self._leaving: list[CardItem] = []
        palette.notifier().changed.connect(self.restyle)
        self._size = (1280.0, 800.0)
        self.note = ""  # a word on what was done for the player (auto-pass), until their next move
        self.reserved_right = 0.0
        self.pointer: QPointF | None = None  # where the mouse is over the table (scene points)
        self.hand_held = False  # your hand keeps its places for the pointer resting on it
        self._last_hand: tuple[list[CardKey], list[Spot]] = ([], [])
        self._last_card_width = 0
        self._hand_zone = QRectF()  # pixels at the right of the bottom edge kept for the buttons
        self.play_area = PlayAreaItem()
        self.play_area.setZValue(-10)
        self.play_area.clicked.connect(self._play_area_clicked)
        self.addItem(self.play_area)
        self.talon_label = LabelItem()
        self.discard_label = LabelItem()
        self.removed_label = LabelItem()
        self.banner = LabelItem()
        self.trump_badge = TrumpBadge()
        self.locked_labels: dict[int, LabelItem] = {}  # magadan: the count on each locked pile
        self._piles: dict[int, QPointF] = {}  # where each seat's locked pile lies
        for item in (
            self.talon_label,
            self.discard_label,
            self.removed_label,
            self.banner,
            self.trump_badge,
        ):
            item.setZValue(500)
            self.addItem(item)
        self.trump_badge.hide()  # until a game is dealt (a LAN table may wait for players)
        self.setSceneRect(0, 0, *self._size)
        self.clock: Callable[[], float] = time.time
        """Seconds for the absence countdowns: the wall clock, as net's resume deadlines are
        (tests put a fake clock here)."""
        self.absences: dict[int, Absence] = {}
        self.absence_badges: dict[int, AbsenceBadge] = {}
        self._absence_tick = QTimer(self)
        self._absence_tick.setInterval(1000)
        self._absence_tick.timeout.connect(self.update_absences)

    # ----- geometry -----------------------------------------------------------------------

    def set_size(self, width: float, height: float) -> None:
        """Fit the table to a view of this many pixels and lay it out again."""
        width, height = max(width, 200.0), max(height, 200.0)
        if (width, height) == self._size:
            return
        self._size = (width, height)
        self.setSceneRect(0, 0, width, height)
        self._layout(animate=False)

    def set_reserved_right(self, pixels: float) -> None:
        """Keep this many pixels at the bottom right free of your hand (the buttons lie there)."""
        if abs(pixels - self.reserved_right) >= 1:
            self.reserved_right = pixels
            self._layout(animate=False)

    @property
    def geometry(self) -> TableGeometry:
        """The places of the table at its size and card size (see durak_qt.table.layout)."""
        return _geometry(self._size[0], self._size[1], self.card_scale)

    @property
    def unit(self) -> float:
        """Scale of everything relative to a 1280x800 table."""
        return self.geometry.unit

    @property
    def card_width(self) -> int:
        """Width in pixels of a card in the player's hand."""
        return self.geometry.card_width

    def seat_point(self, seat: int) -> QPointF:
        """Centre of a seat's place on screen; your own seat is at the bottom."""
        return self.geometry.seat_point(self.observation, seat)

    def talon_point(self) -> QPointF:
        """Centre of the talon."""
        return self.geometry.talon_point()

    def discard_point(self) -> QPointF:
        """Centre of the discard pile."""
        return self.geometry.discard_point()

    def bout_rect(self) -> QRectF:
        """The middle area where attack and beat pairs lie."""
        return self.geometry.bout_rect()

    def _hint_covered(self, area: QRectF) -> bool:
        """Whether cards of the bout reach the line at the bottom of the play area where its
        hint is written (`PlayAreaItem.draw`)."""
        line_top = area.bottom() - 1.6 * max(11, round(area.height() * 0.06)) - 6
        for item in self.cards.values():
            home = item.home
            if area.contains(home) and home.y() + card_height(item.width) / 2 > line_top:
                return True
        return False

    def status_line_y(self) -> float:
        """Centre height of the line that says whose move it is (above your hand)."""
        return self.geometry.status_line_y()

    def quiet_band(self) -> QRectF:
        """The strip between the middle of the table and the status line (see TableGeometry)."""
        return self.geometry.quiet_band()

    # ----- observation --------------------------------------------------------------------

    def set_players(self, names: Sequence[str], bot_hosts: Mapping[int, str] | None = None) -> None:
        """Names of the seats, in seat order; `bot_hosts` maps a bot's seat to the machine running it."""
        self.names = list(names)
        self.bot_hosts = dict(bot_hosts or {})
        self._layout(animate=False)

    def seat_name(self, seat: int) -> str:
        """The name shown for a seat."""
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return self.tr("Seat %1").replace("%1", str(seat + 1))

    def set_observation(self, observation: Observation) -> None:
        """Draw a new observation (animated when the speed setting allows)."""
        previous = self.observation
        self.observation = observation
        if observation.legal or observation.over:
            self.note = ""
        if self.face_down and not any(a.kind == "beat_hidden" for a in observation.legal):
            self.face_down = False
        self.blind_map = intents.blind_slots(
            observation.hand, observation.legal, getattr(observation, "hand_slots", ())
        )
        blind_chosen = any(
            0 <= i < len(observation.hand) and observation.hand[i] is None for i in self.selected
        )
        if previous is None or previous.hand != observation.hand or blind_chosen:
            self.selected = []
            self.target_index = 0
        elif self.selected:  # keep the choice only while it can still be played together
            chosen = self.chosen_cards()
            if not intents.can_select_together(observation.legal, chosen):
                self.selected = []
        if self.focus_index is not None and self.focus_index >= len(observation.hand):
            self.focus_index = len(observation.hand) - 1 if observation.hand else None
        self._layout(animate=True, previous=previous)
        self.selection_changed.emit()

    def restyle(self) -> None:
        """The look changed (theme, four-colour deck): draw the table again in it."""
        redraw_scene(self, lambda: self._layout(animate=False))

    def clear_game(self) -> None:
        """Forget the game shown: no card, seat, pile, label, banner or choice of it stays drawn."""
        if self._animation is not None:
            self._animation.stop()
            self._animation.deleteLater()
            self._animation = None
        for item in [*self._leaving, *self.cards.values(), *self.seats.values()]:
            self.removeItem(item)
        for label in self.locked_labels.values():
            self.removeItem(label)
        for seat in list(self.absences):
            self.show_seat_back(seat)
        self._leaving, self.cards, self.seats, self.locked_labels = [], {}, {}, {}
        self._piles = {}
        self.observation = None
        self.selected, self.hand_order, self.blind_map = [], [], {}
        self.focus_index, self.target_index, self.face_down = None, 0, False
        self.note = ""
        self._last_hand, self._hand_zone, self.hand_held = ([], []), QRectF(), False
        for label in (self.talon_label, self.discard_label, self.removed_label, self.banner):
            label.set_text("", 12)
        self.trump_badge.hide()
        self.play_area.set_area(self.play_area.rect, False, "")
        self.selection_changed.emit()

    # ----- players away ---------------------------------------------------------------------

    def show_seat_absent(
        self, seat: int, since: float, deadline: float, left: bool = False
    ) -> None:
        """Mark a seat whose player left (`left`) or stopped answering at `since`, with a
        countdown to `deadline`, the end of the resume window (both in `clock()` seconds)."""
        if seat < 0 or (self.observation is not None and seat >= self.observation.players):
            raise ValueError(f"there is no seat {seat} at this table")
        if deadline < since:
            raise ValueError("the resume window cannot end before the player went away")
        self.absences[seat] = Absence(since, deadline, left)
        self._absence_tick.start()
        if self.observation is not None:
            self._layout(animate=False)  # the status line names the reason too
        self.update_absences()

    def show_seat_back(self, seat: int) -> None:
        """The player of this seat is back: no badge, no countdown."""
        self.absences.pop(seat, None)
        badge = self.absence_badges.pop(seat, None)
        if badge is not None:
            self.removeItem(badge)
        if not self.absences:
            self._absence_tick.stop()
        if self.observation is not None:
            self._layout(animate=False)

    def absence_text(self, seat: int) -> tuple[str, str, str]:
        """The lines of a seat's absence badge: who, why, and the time left to come back."""
        absence = self.absences[seat]
        reason = self.tr("left the table") if absence.left else self.tr("not responding")
        left = absence.deadline - self.clock()
        if left <= 0:
            return self.seat_name(seat), reason, self.tr("Time to come back is up")
        countdown = self.tr("%1 to come back").replace("%1", clock_text(left))
        return self.seat_name(seat), reason, countdown

    def waiting_name(self, seat: int) -> str:
        """A seat's name as the status line waits for it: "Boris (not responding)" when away."""
        absence = self.absences.get(seat)
        if absence is None:
            return self.seat_name(seat)
        reason = self.tr("left the table") if absence.left else self.tr("not responding")
        return f"{self.seat_name(seat)} ({reason})"

    def update_absences(self) -> None:
        """Redraw every absence badge with the time left now, over its seat."""
        obs = self.observation
        for seat in list(self.absence_badges):
            if seat not in self.absences:
                self.removeItem(self.absence_badges.pop(seat))
        if obs is None:
            for badge in self.absence_badges.values():
                badge.hide()
            return
        width, height = self._size
        placed: list[QRectF] = []
        for seat in self.absences:
            if seat not in self.absence_badges:
                self.absence_badges[seat] = AbsenceBadge()
                self.absence_badges[seat].setZValue(600)
                self.addItem(self.absence_badges[seat])
            badge = self.absence_badges[seat]
            name, reason, countdown = self.absence_text(seat)
            expired = self.absences[seat].deadline <= self.clock()
            badge.set_text(name, reason, countdown, expired, self.unit)
            shape = badge.boundingRect()
            if seat == obs.seat:
                point = QPointF(width * 0.5, height * 0.5)
            else:
                point = self._absence_point(obs, seat, shape, placed)
            point.setX(min(max(point.x(), shape.width() / 2 + 4), width - shape.width() / 2 - 4))
            point.setY(max(point.y(), shape.height() / 2 + 4))
            badge.setPos(point)
            placed.append(shape.translated(point))
            badge.setToolTip(
                self.tr(
                    "The game waits for this player until the countdown ends; "
                    "then the table ends as the rules for a departed player say."
                )
            )
            badge.show()

    def _absence_point(
        self, obs: Observation, seat: int, shape: QRectF, placed: list[QRectF]
    ) -> QPointF:
        """Where another seat's absence badge goes: beside its fan and name plate (right, left,
        below, above), in the first place inside the table that covers no card, no name plate
        and no badge placed before; below the plate when none is free."""
        area = self.seat_area(seat)
        gap = 6 * self.unit
        half_w, half_h = shape.width() / 2, shape.height() / 2
        centre = area.center()
        below = QPointF(centre.x(), area.bottom() + gap + half_h)
        candidates = (
            QPointF(area.right() + gap + half_w, centre.y()),
            QPointF(area.left() - gap - half_w, centre.y()),
            below,
            QPointF(centre.x(), area.top() - gap - half_h),
        )
        taken = [*placed, *(plate.sceneBoundingRect() for plate in self.seats.values())]
        taken += [self.seat_area(other) for other in range(obs.players) if other != obs.seat]
        for item in self.cards.values():  # where each card lies once it has arrived
            taken.append(item.sceneBoundingRect().translated(item.home - item.pos()))
        if self.trump_badge.isVisible():
            taken.append(self.trump_badge.sceneBoundingRect())
        table = QRectF(0, 0, *self._size)
        for point in candidates:
            rect = shape.translated(point)
            if table.contains(rect) and not any(rect.intersects(other) for other in taken):
                return point
        return below

    def show_note(self, text: str) -> None:
        """Say on the status line what was done for the player, until their next move."""
        self.note = text
        if self.observation is not None:
            self._layout(animate=False)

    def legal(self) -> tuple[Action, ...]:
        """The legal actions of the observation shown (empty when none)."""
        return tuple(self.observation.legal) if self.observation is not None else ()

    def chosen_cards(self) -> list[Card]:
        """The selected hand cards whose faces you see."""
        obs = self.observation
        if obs is None:
            return []
        return [
            card
            for i in self.selected
            if 0 <= i < len(obs.hand) and (card := obs.hand[i]) is not None
        ]

    def chosen_slot(self) -> int | None:
        """Reverse fool: the position of the one chosen card you cannot see, else None."""
        if len(self.selected) == 1:
            return self.blind_map.get(self.selected[0])
        return None

    def _placements(self, obs: Observation) -> list[Placement]:
        """Where every card of the observation goes now (see durak_qt.table.layout)."""
        geo = self.geometry
        face_key = face_keys()
        placements = pile_placements(obs, geo, self.card_back, face_key)
        placements += bout_placements(obs, geo, self.card_back, face_key)
        fans, self._piles = fan_placements(obs, geo, self.card_back, face_key)
        placements += fans
        # Your hand at the bottom, sorted, fanned; held in place while the pointer is over it.
        hand = obs.hand
        self.hand_order = display_order(hand, own_trump(obs), self.sort_order)
        count = len(hand)
        spread = self.hand_spread(count) if count else 0.0
        keys: list[CardKey] = []
        for index in self.hand_order:
            card = hand[index]
            keys.append(("mine", index) if card is None else face_key(card))
        spots = self._hand_spots(keys, hand, spread)
        self._last_hand = (keys, spots)
        self._hand_zone = hand_zone(geo, spots)
        placements += hand_placements(
            obs, geo, self.hand_order, keys, spots, self.selected, self.card_back
        )
        locked = locked_count(obs, obs.seat)
        if locked:
            point = own_locked_point(geo, count, spread)
            self._piles[obs.seat] = point
            placements += locked_pile(obs.seat, locked, point, geo.card_width, self.card_back)
        return placements

    def _hand_spots(
        self, keys: list[CardKey], hand: Sequence[Card | None], spread: float
    ) -> list[tuple[float, float, float]]:
        """The fan of the hand; but while the pointer rests on the hand and cards only left it,
        the cards that stay keep their places, so that a click never lands on a card that slid
        under the pointer (`hand_held` until the pointer leaves the hand)."""
        fresh = self.geometry.hand_fan(len(keys), spread)
        old_keys, old_spots = self._last_hand
        kept = dict(zip(old_keys, old_spots, strict=True))
        hold = (
            self.pointer is not None
            and self._hand_zone.contains(self.pointer)
            and None not in hand
            and all(key in kept for key in keys)
            and keys == [key for key in old_keys if key in set(keys)]
            and self.card_width == self._last_card_width
        )
        self._last_card_width = self.card_width
        spots = [kept[key] for key in keys] if hold else fresh
        self.hand_held = spots != fresh
        return spots

    def pointer_moved(self, point: QPointF | None, dragging: bool = False) -> None:
        """The pointer is at this scene point (None: off the table); a hand held in place for
        it closes up once the pointer has left the hand (never in the middle of a drag)."""
        self.pointer = point
        if dragging or not self.hand_held:
            return
        if point is None or not self._hand_zone.contains(point):
            self._layout(animate=bool(self.animation_ms))

    def hand_spread(self, count: int) -> float:
        """The step between the cards of your hand: the fan keeps clear of your name plate and
        of the buttons (`reserved_right` pixels at the right), and is centred on the table."""
        plate = self.seats.get(self.observation.seat) if self.observation is not None else None
        left = plate.drawn_rect().right() if plate is not None else 0.0
        return self.geometry.hand_spread(count, left, self.reserved_right)

    @staticmethod
    def trump_card_hidden(obs: Observation) -> bool:
        """Invisible fool: the trump suit is known but the trump card under the talon is not."""
        return trump_card_hidden(obs)

    def _layout(self, animate: bool, previous: Observation | None = None) -> None:
        obs = self.observation
        if obs is None:
            return
        if self._animation is not None:
            self._animation.stop()
            self._animation.deleteLater()
            self._animation = None
        for item in self._leaving:
            self.removeItem(item)
        self._leaving = []
        duration = self.animation_ms if animate else 0
        group = QParallelAnimationGroup(self)
        self._place_seats(obs)
        placements = self._placements(obs)
        wanted = {placement.key for placement in placements}
        playable = intents.playable_cards(obs.legal, self.face_down)
        chosen = self.chosen_cards()
        target_list = self.targets_for(chosen)
        talon_lead = intents.first_of_kind(obs.legal, "attack_talon") is not None
        targets = set(target_list)
        key_target = target_list[self.target_index % len(target_list)] if target_list else None
        source = self._source_point(obs, previous)

        for key in [k for k in self.cards if k not in wanted]:
            gone = self.cards.pop(key)
            discarded = previous is not None and obs.discard_count > previous.discard_count
            if duration and discarded and key[0] == "face":
                self._leaving.append(gone)
                gone.interactive = False
                self._animate(group, gone, self.discard_point(), duration)
            else:
                self.removeItem(gone)

        focus_hand_index = (
            self.hand_order[self.focus_index]
            if self.focus_index is not None and self.focus_index < len(self.hand_order)
            else None
        )
        for placement in placements:
            found = self.cards.get(placement.key)
            start: QPointF | None = None
            if found is None:
                item = CardItem(self._art, placement.image, placement.width)
                item.clicked.connect(self._card_clicked)
                item.context_clicked.connect(self._card_context_clicked)
                item.double_clicked.connect(self._card_double_clicked)
                item.dropped.connect(self._card_dropped)
                item.drag_started.connect(self._drag_started)
                self.addItem(item)
                self.cards[placement.key] = item
                if placement.key[0] in ("face", "back", "mine") and duration:
                    start = source(placement)
            else:
                item = found
                item.set_look(placement.image, placement.width)
                if duration:
                    start = item.pos()
            item.card = placement.card
            item.set_badge(placement.badge)
            item.hand_index = placement.hand_index
            item.home = placement.pos
            item.visible_width = placement.visible_width or placement.width
            item.setRotation(placement.rotation)
            item.setZValue(placement.z)
            in_hand = placement.hand_index is not None
            item.talon = placement.talon and talon_lead
            item.playable = (
                in_hand
                and (
                    (placement.card is not None and placement.card in playable)
                    or (placement.card is None and placement.hand_index in self.blind_map)
                )
            ) or item.talon
            item.selected = in_hand and placement.hand_index in self.selected
            item.focused = (
                self.keyboard_used
                and not obs.over
                and (
                    (in_hand and placement.hand_index == focus_hand_index)
                    or (placement.on_table_unbeaten and placement.card == key_target)
                )
            )
            item.target = placement.on_table_unbeaten and placement.card in targets
            item.interactive = in_hand or placement.on_table_unbeaten or item.talon
            item.point_at(item.playable or item.target)
            item.set_tip(self._card_tooltip(placement, item))
            item.refresh()
            if start is not None and QPointF(start - placement.pos).manhattanLength() > 1:
                item.setPos(start)
                self._animate(group, item, placement.pos, duration)
            else:
                item.setPos(placement.pos)

        self._layout_furniture(obs, chosen)
        if self.absences:
            self.update_absences()
        if group.animationCount():
            group.finished.connect(self._animation_done)
            self._animation = group
            group.start(QAbstractAnimation.DeletionPolicy.KeepWhenStopped)
        else:
            group.deleteLater()

    def _animate(
        self, group: QParallelAnimationGroup, item: CardItem, end: QPointF, duration: int
    ) -> None:
        animation = QPropertyAnimation(item, b"pos")
        animation.setStartValue(item.pos())
        animation.setEndValue(end)
        animation.setDuration(duration)
        animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        group.addAnimation(animation)

    def _animation_done(self) -> None:
        if self._animation is not None:
            self._animation.deleteLater()
            self._animation = None
        for item in self._leaving:
            self.removeItem(item)
        self._leaving = []

    def animations_running(self) -> bool:
        """True while cards are still moving."""
        return (
            self._animation is not None
            and self._animation.state() == QAbstractAnimation.State.Running
        )

    def _source_point(
        self, obs: Observation, previous: Observation | None
    ) -> Callable[[Placement], QPointF]:
        """Where a newly shown card flies in from: the talon (drawn) or the seat that played it."""
        player = obs.attacker if obs.attacker is not None else obs.seat
        for event in reversed(tuple(obs.last_events)):
            if event.kind in ("attacked", "thrown", "beaten", "transferred") and event.seat >= 0:
                player = event.seat
                break

        def source(placement: Placement) -> QPointF:
            on_table = any(placement.card in pair for pair in obs.table)
            if placement.key[0] == "face" and placement.hand_index is None and on_table:
                return self.seat_point(player)
            return self.talon_point()

        return source

    def _place_seats(self, obs: Observation) -> None:
        """Every seat's name plate: yours at the bottom left, the others under their fans."""
        unit = self.unit
        cw = self.card_width
        trumps = tuple(obs.trumps)
        for seat in range(obs.players):
            item = self.seats.get(seat)
            if item is None:
                item = SeatItem()
                item.setZValue(400)
                self.addItem(item)
                self.seats[seat] = item
            role, colour = self._role(obs, seat)
            count = obs.hand_sizes[seat]
            detail = self.tr("%n card(s)", "", count)
            locked = locked_count(obs, seat)
            if locked:
                detail += " · " + self.tr("%n locked", "", locked)
            if seat < len(trumps):
                seat_trump = trumps[seat]
                detail += " · " + self.tr("trump %1").replace(
                    "%1", SUIT_SYMBOLS.get(seat_trump, "?") if seat_trump else "?"
                )
            scores = tuple(obs.scores)
            if seat < len(scores):
                detail += " · " + self.score_text(obs, scores[seat])
            if seat in self.bot_hosts:
                detail += " · " + self.tr("bot")
            is_me = seat == obs.seat
            yours = is_me and not self.replay
            name = self.seat_name(seat) + (self.tr(" (you)") if yours else "")
            to_move = seat in obs.to_act and not obs.over
            move_text = self.tr("▲ your move") if yours else self.tr("▲ to move")
            item.is_me = is_me
            item.set_state(name, detail, role, colour, to_move, move_text, unit)
            if is_me:
                height = self._size[1]
                plate = item.plate_rect()
                bottom = height - item.to_move_height() - 8 * unit
                item.setPos(plate.width() / 2 + 14 * unit, bottom - plate.height() / 2)
            else:
                small = max(28, round(cw * 0.62))
                point = self.seat_point(seat) + QPointF(
                    0, card_height(small) * 0.15 + palette.spacing("seat_plate_below", unit)
                )
                half = item.plate_rect().width() / 2 + 6 * unit  # a long name stays in view
                point.setX(min(max(point.x(), half), self._size[0] - half))
                item.setPos(point)
            item.setToolTip(self._seat_tooltip(obs, seat, role))
        for seat in [s for s in self.seats if s >= obs.players]:
            self.removeItem(self.seats.pop(seat))

    def _layout_furniture(self, obs: Observation, chosen: list[Card]) -> None:
        unit = self.unit
        cw = self.card_width
        ch = card_height(cw)
        talon = self.talon_point()
        text_size = palette.text_pixels("label", unit)
        if obs.talon_count:
            talon_text = self.tr("Talon: %1").replace("%1", str(obs.talon_count))
        else:
            talon_text = self.tr("Talon empty")
        self.talon_label.set_text(talon_text, text_size)
        self.talon_label.setPos(talon + QPointF(0, ch * 0.5 + text_size * 1.3))
        self.discard_label.set_text(
            self.tr("Discard: %1").replace("%1", str(obs.discard_count)), text_size
        )
        self.discard_label.setPos(self.discard_point() + QPointF(0, ch * 0.5 + text_size * 1.3))
        removed = getattr(obs, "removed_count", 0)
        self.removed_label.set_text(
            self.tr("Out of play: %1").replace("%1", str(removed)) if removed else "", text_size
        )
        self.removed_label.setPos(talon + QPointF(0, ch * 0.5 + text_size * 3.1))
        self.removed_label.setToolTip(
            self.tr("Cards taken out of the game, face down: nobody will play them")
        )
        trumps = tuple(obs.trumps)
        trump_suit = own_trump(obs)
        symbol = SUIT_SYMBOLS.get(trump_suit or "", "–")
        radius = palette.suit_badge_radius(unit, "talon_trump_badge")
        caption = self.tr("Your trump") if trumps else self.tr("Trump")
        self.trump_badge.set_suit(symbol, trump_suit or "", radius, caption)
        self.trump_badge.show()
        if trumps:
            tip = self.tr("Every player has his own trump suit; yours is %1").replace(
                "%1", suit_name(trump_suit)
            )
        elif trump_card_hidden(obs):
            tip = self.tr("Trump suit: %1 (the trump card lies face down)").replace(
                "%1", suit_name(trump_suit)
            )
        elif trump_suit:
            tip = self.tr("Trump suit: %1").replace("%1", symbol)
        else:
            tip = self.tr("No trump in this game")
        self.trump_badge.setToolTip(tip)

        labels_bottom = talon.y() + ch * 0.5 + text_size * (3.1 if removed else 1.3)
        self.trump_badge.setPos(self._trump_badge_point(obs, radius, labels_bottom + text_size))
        for seat in [s for s in self.locked_labels if s not in self._piles]:
            self.removeItem(self.locked_labels.pop(seat))
        for seat, point in self._piles.items():
            label = self.locked_labels.get(seat)
            if label is None:
                label = self.locked_labels[seat] = LabelItem()
                label.setZValue(450)
                self.addItem(label)
            label.set_text(self.tr("%n locked", "", locked_count(obs, seat)), text_size)
            if seat != obs.seat:  # on the part of the pile above the fan
                point = point + QPointF(0, -card_height(max(28, round(cw * 0.62))) * 0.3)
            label.setPos(point)
            n = locked_count(obs, seat)  # one line: lupdate reads a split call as no plural
            tip = self.tr("%n locked card(s): face down, unknown even to their owner", "", n)
            label.setToolTip(tip)

        area_active = self._onto_table(chosen)
        hint = ""
        if area_active:
            shown = chosen if self.chosen_slot() is None else [None]
            hint = self.tr("Click here to play %1").replace("%1", cards_label(shown))
        elif not obs.table and any(a.kind == "attack" for a in obs.legal):
            hint = self.tr("Choose a card to attack with")
        area = self.bout_rect()
        if hint and self._hint_covered(area):
            hint = ""  # the lit outline says it: a line half under the cards says nothing
        self.play_area.set_area(area, area_active, hint)

        width = self._size[0]
        banner, mine = self.status_text()
        colours = palette.current()
        self.banner.set_text(
            banner,
            palette.text_pixels("banner", unit),
            colours.banner_mine_text if mine else colours.banner_text,
            colours.banner_mine_back if mine else colours.banner_back,
            bold=True,
        )
        self.banner.setPos(width * 0.5, self.status_line_y())
        self.banner.setToolTip(
            self.tr(
                "Mouse: click a lit card, then the card to beat or the middle of the table; "
                "or drag it there.\nKeys: ←/→ choose a card, Space add another, ↑/↓ choose the "
                "card to beat, Enter play, T take, P pass, R transfer, Esc cancel.\n"
                "Some variants: F face down, A accept, C check, X exchange, L lead the talon."
            )
        )

    def seat_area(self, seat: int) -> QRectF:
        """Where another seat's fan (with a locked pile above it) and name plate lie."""
        assert self.observation is not None
        fan = self.geometry.fan_area(self.observation, seat)
        plate = self.seats.get(seat)
        return fan if plate is None else fan.united(plate.sceneBoundingRect())

    def _trump_badge_point(self, obs: Observation, radius: float, below_labels: float) -> QPointF:
        """Above the talon, or under its labels when a seat sits there (five players or more)."""
        talon = self.talon_point()
        above = talon + QPointF(
            0, -card_height(self.card_width) * 0.5 - radius * 1.9 - 10 * self.unit
        )
        below = QPointF(talon.x(), below_labels + radius + 4 * self.unit)
        shape = self.trump_badge.boundingRect()
        areas = [self.seat_area(seat) for seat in range(obs.players) if seat != obs.seat]
        if any(shape.translated(above).intersects(area) for area in areas):
            return below
        return above

    def score_text(self, obs: Observation, score: int) -> str:
        """A seat's score in words: cards beaten (points) or shoulder straps (pogony)."""
        if obs.variant == "pogony":
            return self.tr("%n strap(s)", "", score)
        return self.tr("%n beaten", "", score)

    def _role(self, obs: Observation, seat: int) -> tuple[str, QColor]:
        colours = palette.current()
        if obs.over and obs.fool == seat:
            return self.tr("FOOL"), colours.role_fool
        if seat in obs.out:
            return self.tr("OUT"), colours.role_won
        if seat == obs.defender:
            if obs.taking:
                return self.tr("TAKES"), colours.role_take
            return self.tr("DEFENDS"), colours.role_defend
        if seat == obs.attacker:
            if seat in obs.passed:
                return self.tr("ATTACKS · BITO"), colours.role_attack
            return self.tr("ATTACKS"), colours.role_attack
        if seat in obs.passed:
            return self.tr("BITO"), colours.role_pass
        return "", colours.role_none

    def _seat_tooltip(self, obs: Observation, seat: int, role: str) -> str:
        text = self.tr("%1: %n card(s)", "", obs.hand_sizes[seat]).replace(
            "%1", self.seat_name(seat)
        )
        known = [c for c in (obs.hands[seat] if seat < len(obs.hands) else ()) if c is not None]
        if known and seat != obs.seat:
            text += "\n" + self.tr("Known to you: %1").replace("%1", cards_label(known))
        if role:
            text += "\n" + role
        if seat in self.bot_hosts:
            text += "\n" + self.tr("A bot run by %1, which can see this bot's cards.").replace(
                "%1", self.bot_hosts[seat]
            )
        return text

    def _card_tooltip(self, placement: Placement, item: CardItem) -> str:
        if item.talon:
            return self.tr("Click to lead the top card of the talon (L)")
        if placement.note:
            return placement.note
        if placement.card is None and placement.hand_index is not None:
            if placement.hand_index in self.blind_map:
                return self.tr(
                    "Your card: only the others see it. Click to choose it, then where to play it"
                )
            return self.tr("Your card: you do not see its face")
        if placement.card is None:
            return ""
        label = card_label(placement.card)
        if item.playable:
            return self.tr("%1: click to choose, then click where to play it (or drag it)").replace(
                "%1", label
            )
        if item.target:
            return self.tr("%1: click to beat it with the chosen card").replace("%1", label)
        return label

    def status_text(self) -> tuple[str, bool]:
        """The banner: what you may do now, or whom the table waits for; and whether it is you."""
        obs = self.observation
        if obs is None:
            return "", False
        if obs.over:
            if obs.fool is None:
                return self.tr("Game over: a draw"), False
            return self.tr("Game over: %1 is the fool").replace(
                "%1", self.seat_name(obs.fool)
            ), False
        kinds = {action.kind for action in obs.legal}
        if kinds:
            if "accept" in kinds or "check" in kinds:
                return self.tr("Your move: accept the face-down card or check it"), True
            if "exchange" in kinds and "take" in kinds:
                return self.tr("Your move: beat, take, or exchange two cards"), True
            if "beat_hidden" in kinds and "beat" not in kinds:
                return self.tr("Your move: beat face down or take"), True
            if "beat" in kinds or ("take" in kinds and "transfer" in kinds):
                if "transfer" in kinds:
                    return self.tr("Your move: beat, transfer or take"), True
                return self.tr("Your move: beat the cards or take them"), True
            if "attack_talon" in kinds:
                return self.tr("Your move: attack, or lead the talon's top card"), True
            if "attack" in kinds:
                return self.tr("Your move: attack"), True
            if "throw" in kinds:
                return self.tr("Your move: throw in more cards or pass"), True
            if "take" in kinds:
                return self.tr("Your move: take the cards"), True
            if kinds == {"pass"}:
                if obs.seat == obs.defender:
                    return self.tr("Your move: let them finish (Pass)"), True
                return self.tr("Nothing to throw in: press Pass (Bito)"), True
            return self.tr("Your move"), True
        # Your own seat without a move shown: it is on its way, or the peers still deal (a
        # re-deal of the talon, a card's keys): never "waiting for" yourself.
        waiting = [self.waiting_name(s) for s in obs.to_act if s != obs.seat or self.replay]
        if not waiting and obs.seat in obs.to_act:
            return self.tr("One moment: the peers check the cards"), False
        if obs.waiting_check and waiting:
            return self.tr("Waiting for %1 to accept or check the face-down card").replace(
                "%1", ", ".join(waiting)
            ), False
        if waiting:
            text = self.tr("Waiting for %1").replace("%1", ", ".join(waiting))
            return (f"{self.note} · {text}" if self.note else text), False
        return self.note, False

    # ----- interaction --------------------------------------------------------------------

    def hand_items(self) -> list[CardItem]:
        """Your hand's card items in display order (left to right)."""
        by_index = {
            item.hand_index: item for item in self.cards.values() if item.hand_index is not None
        }
        return [by_index[i] for i in self.hand_order if i in by_index]

    def table_items(self) -> list[CardItem]:
        """The unbeaten attack cards on the table."""
        return [
            item
            for key, item in self.cards.items()
            if key[0] == "face" and item.interactive and item.hand_index is None and not item.talon
        ]

    def item_for_card(self, card: Card) -> CardItem | None:
        """The item showing this card face (first copy), if any."""
        return self.cards.get(("face", card.text, 0))

    def _choose(self, action: Action) -> None:
        self.selected = []
        self._layout(animate=False)
        self.selection_changed.emit()
        self.action_chosen.emit(action)

    def targets_for(self, chosen: Sequence[Card]) -> list[Card]:
        """The attack cards the last chosen card may beat now (face down in face-down mode)."""
        slot = self.chosen_slot()
        if slot is not None:
            return intents.blind_targets(self.legal(), slot)
        if not chosen:
            return []
        return intents.beat_targets(self.legal(), chosen[-1], self.face_down)

    def set_face_down(self, on: bool) -> bool:
        """Believe: beat face down from now on (only while a face-down beat is legal)."""
        possible = intents.first_of_kind(self.legal(), "beat_hidden") is not None
        on = on and possible
        if on != self.face_down:
            self.face_down = on
            if self.selected and not set(self.chosen_cards()) <= intents.selectable_cards(
                self.legal(), on
            ):
                self.selected = []
            self.target_index = 0
            self._layout(animate=False)
            self.selection_changed.emit()
        return on == self.face_down and possible

    def toggle_card(self, hand_index: int) -> None:
        """Select or unselect a hand card (only cards that some legal action plays)."""
        obs = self.observation
        if obs is None or not 0 <= hand_index < len(obs.hand):
            return
        card = obs.hand[hand_index]
        if card is None:
            if hand_index not in self.blind_map:
                return
            # Reverse: a card you cannot see is played alone.
            self.selected = [] if self.selected == [hand_index] else [hand_index]
        elif card not in intents.selectable_cards(obs.legal, self.face_down):
            return
        else:
            self.selected = [i for i in self.selected if i not in self.blind_map]
            if hand_index in self.selected:
                self.selected.remove(hand_index)
            elif self.selected and intents.can_select_together(
                obs.legal, [*self.chosen_cards(), card]
            ):
                self.selected.append(hand_index)
            else:
                self.selected = [hand_index]
        self.target_index = 0
        if hand_index in self.hand_order:
            self.focus_index = self.hand_order.index(hand_index)
        self._layout(animate=False)
        self.selection_changed.emit()

    def play_selected(self, target: Target) -> bool:
        """Play the selected cards onto a target (ONTO_TABLE or an attack card); False if none fits."""
        slot = self.chosen_slot()
        if slot is not None:
            action = intents.resolve_blind(self.legal(), slot, target)
            if action is None and target != intents.ONTO_TABLE:
                action = intents.resolve_blind(self.legal(), slot, intents.ONTO_TABLE)
            if action is None:
                return False
            self._choose(action)
            return True
        chosen = self.chosen_cards()
        return self.play_cards(chosen, target, self.face_down)

    def play_cards(self, chosen: Sequence[Card], target: Target, face_down: bool) -> bool:
        """Play these hand cards onto a target (face down if asked); False if nothing fits."""
        legal = self.legal()
        action = intents.resolve(legal, chosen, target, face_down)
        if action is None and target != intents.ONTO_TABLE and len(chosen) > 1:
            # Two cards chosen (poker: perhaps for an exchange): the last one beats.
            action = intents.resolve(legal, chosen[-1:], target, face_down)
        if action is None and target != intents.ONTO_TABLE:
            action = intents.resolve(legal, chosen, intents.ONTO_TABLE)
        if action is None:
            return False
        self._choose(action)
        return True

    def choose_kind(self, kind: str) -> bool:
        """Take, pass, transfer, show the trump, accept, check, lead the talon or exchange.

        Only if that is legal now (with the selected card, or the two for an exchange).
        """
        chosen = self.chosen_cards()
        if kind == "exchange":
            exchange = intents.exchange_for(self.legal(), chosen)
            if exchange is None:
                return False
            self._choose(exchange)
            return True
        candidates = [action for action in self.legal() if action.kind == kind]
        slot = self.chosen_slot()
        if slot is not None:
            candidates = [action for action in candidates if action.slots == (slot,)] or [
                action for action in candidates if not action.slots and not action.cards
            ]
        elif len(chosen) == 1:
            matching = [action for action in candidates if action.cards == (chosen[0],)]
            if matching:
                candidates = matching
        if len(candidates) != 1:
            return False
        self._choose(candidates[0])
        return True

    def _card_clicked(self, item: CardItem) -> None:
        self.keyboard_used = False
        if item.talon:
            self.choose_kind("attack_talon")
        elif item.hand_index is not None:
            self.toggle_card(item.hand_index)
        elif item.card is not None and self.selected:
            self.play_selected(item.card)

    def _card_context_clicked(self, item: CardItem) -> None:
        """Right click on an attack card: beat it face down with the chosen card (believe)."""
        if item.card is None or item.hand_index is not None or not self.selected:
            return
        self.play_cards(self.chosen_cards()[-1:], item.card, face_down=True)

    def _card_double_clicked(self, item: CardItem) -> None:
        if item.hand_index is not None and item.hand_index in self.blind_map:
            blind = intents.blind_actions(self.legal(), self.blind_map[item.hand_index])
            if len(blind) == 1:
                self._choose(blind[0])
            return
        if item.hand_index is None or item.card is None:
            return
        action = intents.only_action_for(self.legal(), item.card)
        if action is not None:
            self._choose(action)

    def _drag_started(self, item: CardItem) -> None:
        """Light up where the dragged card may go, without moving anything."""
        obs = self.observation
        if obs is not None and item.talon:  # armenian: the talon's top goes onto the table
            self.play_area.set_area(self.bout_rect(), True, self.play_area.hint)
            return
        if obs is None or item.hand_index is None:
            return
        if item.card is None and item.hand_index not in self.blind_map:
            return
        if item.hand_index not in self.selected:
            self.selected = [item.hand_index]
        chosen = self.chosen_cards()
        targets = set(self.targets_for(chosen))
        for other in self.cards.values():
            other.selected = other.hand_index is not None and other.hand_index in self.selected
            other.target = other in self.table_items() and other.card in targets
            other.refresh()
        self.play_area.set_area(self.bout_rect(), self._onto_table(chosen), self.play_area.hint)

    def _card_dropped(self, item: CardItem, point: QPointF) -> None:
        if item.talon:
            on_table = self.bout_rect().adjusted(-40, -40, 40, 40).contains(point)
            if not (on_table and self.choose_kind("attack_talon")):
                self._layout(animate=bool(self.animation_ms))
            return
        if item.hand_index is not None and item.hand_index not in self.selected:
            self.selected = [item.hand_index]
        target: Target | None = None
        for other in self.table_items():
            if other.sceneBoundingRect().contains(point):
                target = other.card
                break
        if target is None and self.bout_rect().adjusted(-40, -40, 40, 40).contains(point):
            target = intents.ONTO_TABLE
        if target is None or not self.play_selected(target):
            self._layout(animate=bool(self.animation_ms))
            self.selection_changed.emit()

    def _onto_table(self, chosen: Sequence[Card]) -> bool:
        """The chosen cards (or the chosen unseen card) may go onto the middle of the table."""
        slot = self.chosen_slot()
        if slot is not None:
            return intents.resolve_blind(self.legal(), slot, intents.ONTO_TABLE) is not None
        return (
            bool(chosen) and intents.resolve(self.legal(), chosen, intents.ONTO_TABLE) is not None
        )

    def _play_area_clicked(self) -> None:
        if self.selected:
            self.play_selected(intents.ONTO_TABLE)

    def handle_key(self, key: int) -> bool:
        """Keyboard play: arrows move, Space selects, Enter plays, T takes, P passes."""
        obs = self.observation
        if obs is None:
            return False
        count = len(self.hand_order)
        self.keyboard_used = True
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right) and count:
            step = -1 if key == Qt.Key.Key_Left else 1
            current = (
                self.focus_index if self.focus_index is not None else (-1 if step > 0 else count)
            )
            self.focus_index = (current + step) % count
            self._layout(animate=False)
            return True
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.target_index += 1 if key == Qt.Key.Key_Down else -1
            self._layout(animate=False)
            return True
        if key == Qt.Key.Key_Space and self.focus_index is not None and count:
            self.toggle_card(self.hand_order[self.focus_index])
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            return self._enter()
        if key == Qt.Key.Key_T:
            return self.choose_kind("take")
        if key == Qt.Key.Key_P:
            return self.choose_kind("pass")
        if key == Qt.Key.Key_R:
            return self.choose_kind("transfer")
        family2_keys = {
            Qt.Key.Key_A: "accept",
            Qt.Key.Key_C: "check",
            Qt.Key.Key_X: "exchange",
            Qt.Key.Key_L: "attack_talon",
        }
        for family2_key, kind in family2_keys.items():
            if key == family2_key:
                return self.choose_kind(kind)
        if key == Qt.Key.Key_F:
            return self.set_face_down(not self.face_down)
        if key == Qt.Key.Key_Escape:
            self.selected = []
            self._layout(animate=False)
            self.selection_changed.emit()
            return True
        return False

    def _enter(self) -> bool:
        if not self.selected and self.focus_index is not None and self.hand_order:
            self.toggle_card(self.hand_order[self.focus_index])
        chosen = self.chosen_cards()
        if not chosen and self.chosen_slot() is None:
            return False
        if len(chosen) == 2 and self.choose_kind("exchange"):
            return True
        targets = self.targets_for(chosen)
        if targets and not self._onto_table(chosen):
            return self.play_selected(targets[self.target_index % len(targets)])
        return self.play_selected(intents.ONTO_TABLE)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        width, height = self._size
        gradient = QRadialGradient(QPointF(width / 2, height * 0.45), max(width, height) * 0.7)
        colours = palette.current()
        gradient.setColorAt(0.0, colours.felt_centre)
        gradient.setColorAt(0.7, colours.felt_middle)
        gradient.setColorAt(1.0, colours.felt_edge)
        painter.fillRect(rect, gradient)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colours.felt_sheen)
        painter.drawEllipse(QPointF(width / 2, height * 0.44), width * 0.44, height * 0.36)
