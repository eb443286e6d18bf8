"""Durak's table: the one table scene (`durak_qt.table.pile_scene.PileScene`) drawing the piles of
Durak's pure layout (`durak_qt.games.durak.piles.durak_piles`), whose cards, middle and keys say
what a click, a drag or a key means (`durak_qt.games.durak.card_intents`); this scene keeps the
player's choice and carries out those intents."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QPainter, QRadialGradient

from durak_qt import palette
from durak_qt.games.durak import card_intents, intents, looks, view
from durak_qt.games.durak.card_intents import FaceDown, KeyTarget, Moves, Select
from durak_qt.games.durak.looks import CardLooks
from durak_qt.games.durak.piles import placed_piles
from durak_qt.table import absence
from durak_qt.table.absence import Absence
from durak_qt.table.card_art import CardArt
from durak_qt.table.items import AbsenceBadge, CardItem, LabelItem, PlayAreaItem, TrumpBadge
from durak_qt.table.layout import (
    CardKey,
    Placement,
    Spot,
    hand_zone,
    held_spots,
    trump_card_hidden,
)
from durak_qt.table.moment import CardFacts, TableMoment
from durak_qt.table.pile_scene import PileScene
from durak_qt.table.piles import MIDDLE, CardMarks, Pile, TableFrame, piles_by_name
from engine.actions import Action
from engine.cards import Card
from engine.observation import Observation


class TableScene(PileScene):
    """Draws an Observation; emits `action_chosen(Action)` with an action taken from obs.legal."""

    selection_changed = Signal()

    def __init__(self, art: CardArt, parent: QObject | None = None) -> None:
        super().__init__(art, parent)
        self.view = view.DURAK_VIEW
        self.observation: Observation | None = None
        self._selected: list[int] = []  # indices into observation.hand, in the order chosen
        self.target_index = 0  # which possible beat target the keyboard points at
        self.face_down = False  # believe: beats chosen now are laid face down
        self.blind_map: dict[int, int] = {}  # reverse: hand index -> position of a card unseen
        self.note = ""  # a word on what was done for the player (auto-pass), until their next move
        self.pointer: QPointF | None = None  # where the mouse is over the table (scene points)
        self.hand_held = False  # your hand keeps its places for the pointer resting on it
        self._last_hand: tuple[list[CardKey], list[Spot]] = ([], [])
        self._last_card_width = 0
        self._hand_zone = QRectF()  # pixels at the right of the bottom edge kept for the buttons
        self._card_looks: CardLooks | None = None  # what the cards mean in the layout drawn now
        self._drawn: tuple[TableFrame, TableMoment] | None = None
        """The frame and moment of the layout drawn now (what its tooltips read)."""
        self.play_area = PlayAreaItem()
        self.play_area.setZValue(-10)
        self.play_area.clicked.connect(lambda: self.ground_clicked("middle"))
        self.addItem(self.play_area)
        self.talon_label = LabelItem()
        self.discard_label = LabelItem()
        self.removed_label = LabelItem()
        self.trump_badge = TrumpBadge()
        for name, item in (
            ("talon count", self.talon_label),
            ("discard count", self.discard_label),
            ("out of play", self.removed_label),
            ("trump", self.trump_badge),
        ):
            item.setZValue(500)
            self.addItem(item)
            self.badge_items[name] = item
        self.trump_badge.hide()  # until a game is dealt (a LAN table may wait for players)
        self.clock: Callable[[], float] = time.time
        """Seconds for the absence countdowns: the wall clock, as net's resume deadlines are
        (tests put a fake clock here)."""
        self.absences: dict[int, Absence] = {}
        self.absence_badges: dict[int, AbsenceBadge] = {}
        self._absence_tick = QTimer(self)
        self._absence_tick.setInterval(1000)
        self._absence_tick.timeout.connect(self.update_absences)

    # ----- geometry -----------------------------------------------------------------------

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

    def status_line_y(self) -> float:
        """Centre height of the line that says whose move it is (above your hand)."""
        return self.geometry.status_line_y()

    def quiet_band(self) -> QRectF:
        """The strip between the middle of the table and the status line (see TableGeometry)."""
        return self.geometry.quiet_band()

    # ----- observation --------------------------------------------------------------------

    @property
    def locked_labels(self) -> dict[int, LabelItem]:
        """Magadan: the count on each seat's locked pile, by seat (those shown now)."""
        obs = self.observation
        found: dict[int, LabelItem] = {}
        for name, item in self.badge_items.items():
            kind, _, seat = name.partition(" ")
            if kind == "locked" and item.isVisible() and isinstance(item, LabelItem):
                found[obs.seat if seat == "mine" and obs else int(seat)] = item
        return found

    def relayout(self, animate: bool = False) -> None:
        """Place everything for the observation shown (animated when asked and allowed)."""
        self._layout(animate=animate)

    def seat_name(self, seat: int) -> str:
        """The name shown for a seat."""
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return self.tr("Seat %1").replace("%1", str(seat + 1))

    def set_observation(self, observation: Observation) -> None:
        """Draw a new observation (animated when the speed setting allows)."""
        previous = self.observation
        self.observation = observation = self.shown(observation)
        if observation.legal or observation.over:
            self.note = ""
        kept = looks.carry(
            previous,
            observation,
            TableMoment(
                picked=tuple(self._selected),
                face_down=self.face_down,
                target_index=self.target_index,
            ),
        )
        self._selected, self.face_down = list(kept.picked), kept.face_down
        self.target_index = kept.target_index
        self.blind_map = card_intents.blind_map(observation)
        if self.focus_index is not None and self.focus_index >= len(observation.hand):
            self.focus_index = len(observation.hand) - 1 if observation.hand else None
        self._layout(animate=True, previous=previous)
        self.selection_changed.emit()

    def clear_game(self) -> None:
        """Forget the game shown: no card, seat, pile, label, banner or choice of it stays drawn."""
        self.clear_cards()
        for seat in list(self.absences):
            self.show_seat_back(seat)
        self._selected, self.blind_map = [], {}
        self.target_index, self.face_down = 0, False
        self.note = ""
        self._last_hand, self._hand_zone, self.hand_held = ([], []), QRectF(), False
        for label in (self.talon_label, self.discard_label, self.removed_label):
            label.set_text("", 12)
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

    def moment(self) -> TableMoment:
        """What the view's functions read besides the observation and the frame, as plain
        values: the choice, the note, read-only, who is away and the clock now, the bots."""
        return dataclasses.replace(
            self.choice(),
            read_only=self.read_only,
            note=self.note,
            absences=dict(self.absences),
            now=self.clock(),
            bot_hosts=dict(self.bot_hosts),
        )

    def absence_text(self, seat: int) -> tuple[str, str, str]:
        """The lines of a seat's absence badge: who, why, and the time left to come back."""
        return view.absence_lines(self.frame(), self.moment(), seat)

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
        frame, moment = self.frame(), self.moment()
        for seat in self.absences:
            if seat not in self.absence_badges:
                self.absence_badges[seat] = AbsenceBadge()
                self.absence_badges[seat].setZValue(600)
                self.addItem(self.absence_badges[seat])
            badge = self.absence_badges[seat]
            name, reason, countdown = view.absence_lines(frame, moment, seat)
            expired = view.absence_expired(moment, seat)
            badge.set_text(name, reason, countdown, expired, self.unit)
            shape = badge.boundingRect()
            if seat == obs.seat:
                point = QPointF(width * 0.5, height * 0.5)
            else:
                point = self._absence_point(obs, seat, shape, placed)
            point = absence.kept_inside(point, shape, width)
            badge.setPos(point)
            placed.append(shape.translated(point))
            badge.setToolTip(absence.absence_tooltip())
            badge.show()

    def _absence_point(
        self, obs: Observation, seat: int, shape: QRectF, placed: list[QRectF]
    ) -> QPointF:
        """Where another seat's absence badge goes (`absence.absence_point`): clear of every card
        where it lies once arrived, every name plate, every other seat's fan, the trump badge and
        the badges placed before."""
        taken = [*placed, *(plate.sceneBoundingRect() for plate in self.seats.values())]
        taken += [self.seat_area(other) for other in range(obs.players) if other != obs.seat]
        for item in self.cards.values():  # where each card lies once it has arrived
            taken.append(item.sceneBoundingRect().translated(item.home - item.pos()))
        if self.trump_badge.isVisible():
            taken.append(self.trump_badge.sceneBoundingRect())
        table = QRectF(0, 0, *self._size)
        return absence.absence_point(shape, self.seat_area(seat), taken, table, 6 * self.unit)

    def show_note(self, text: str) -> None:
        """Say on the status line what was done for the player, until their next move."""
        self.note = text
        if self.observation is not None:
            self._layout(animate=False)

    def legal(self) -> tuple[Action, ...]:
        """The legal actions of the observation shown (empty when none)."""
        return tuple(self.observation.legal) if self.observation is not None else ()

    @property
    def selected(self) -> list[int]:
        """The hand cards chosen: indexes into observation.hand, in the order chosen."""
        return self._selected

    @selected.setter
    def selected(self, indexes: Sequence[int]) -> None:
        """Choose these hand cards (the layout's intents follow at once)."""
        self._selected = list(indexes)
        self._layout(animate=False)

    def choice(self) -> TableMoment:
        """The player's choice now, as Durak's layout takes it (a plain value)."""
        order, at = self.hand_order, self.focus_index
        focus = order[at] if at is not None and 0 <= at < len(order) else None
        return TableMoment(
            picked=tuple(self._selected),
            face_down=self.face_down,
            target_index=self.target_index,
            focused_hand=focus,
        )

    def chosen_cards(self) -> list[Card]:
        """The selected hand cards whose faces you see."""
        obs = self.observation
        return [] if obs is None else card_intents.chosen_cards(obs, self._selected)

    def chosen_slot(self) -> int | None:
        """Reverse fool: the position of the one chosen card you cannot see, else None."""
        return card_intents.chosen_slot(self._selected, self.blind_map)

    def left_clear(self) -> float:
        """Your name plate's right edge as drawn: your hand keeps right of it."""
        obs = self.observation
        plate = self.seats.get(obs.seat) if obs is not None else None
        return plate.drawn_rect().right() if plate is not None else 0.0

    def selected_hand_indexes(self) -> list[int]:
        """The hand cards chosen (drawn lifted out of the fan)."""
        return self._selected

    def _durak_layout(self, obs: Observation) -> list[Pile]:
        """The piles of the observation (durak_qt.games.durak.piles), your hand held in place
        while the pointer rests on it, with what they mean for the choice now."""
        frame = self.frame()
        piles = placed_piles(obs, frame)
        hand = piles_by_name(piles)["hand"]
        self.hand_order = [
            placed.hand_index for placed in hand.cards if placed.hand_index is not None
        ]
        keys = [placed.key for placed in hand.cards]
        spots = self._hand_spots(keys, obs.hand, list(hand.fan))
        if self.hand_held:
            piles = placed_piles(obs, dataclasses.replace(frame, hand_spots=tuple(spots)))
        self._last_hand = (keys, spots)
        self._hand_zone = hand_zone(self.geometry, spots)
        return card_intents.with_intents(obs, piles, self.choice(), self.bout_rect())

    def _hand_spots(
        self, keys: list[CardKey], hand: Sequence[Card | None], fresh: list[Spot]
    ) -> list[Spot]:
        """The fan of the hand as the layout spread it (`fresh`), or held in place while the
        pointer rests on the hand (`layout.held_spots`; `hand_held` until the pointer leaves
        the hand); never held with a card you cannot see or at a new card size."""
        old_keys, old_spots = self._last_hand
        may_hold = (
            self.pointer is not None
            and self._hand_zone.contains(self.pointer)
            and None not in hand
            and self.card_width == self._last_card_width
        )
        self._last_card_width = self.card_width
        spots = held_spots(old_keys, old_spots, keys, fresh, may_hold)
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

    @staticmethod
    def trump_card_hidden(obs: Observation) -> bool:
        """Invisible fool: the trump suit is known but the trump card under the talon is not."""
        return trump_card_hidden(obs)

    def _layout(self, animate: bool, previous: Observation | None = None) -> None:
        obs = self.observation
        if obs is None:
            return
        self.stop_animation()
        frame, moment = self.frame(), self.moment()
        self._drawn = (frame, moment)
        self.place_seats(obs, frame, moment)
        self.set_piles(self._durak_layout(obs))
        chosen = self.chosen_cards()
        self._card_looks = looks.card_looks(obs, self.choice())
        discarded = previous is not None and obs.discard_count > previous.discard_count
        discard = self.discard_point()
        self.draw_cards(
            self.placed_cards(self.piles),
            self.animation_ms if animate else 0,
            lambda placed: view.entry_point(obs, frame, placed),
            lambda key: discard if discarded and key[0] == "face" else None,
        )
        self.draw_badges(self.layout_badges(self.piles))
        self._layout_furniture(obs, chosen, frame, moment)
        if self.absences:
            self.update_absences()

    def card_marks(self, placed: Placement) -> CardMarks:
        """A card's marks in the layout drawn now (`looks.card_marks`)."""
        assert self._card_looks is not None
        return looks.card_marks(self._card_looks, placed, self.keyboard_used)

    def card_tip(self, placed: Placement, item: CardItem) -> str:
        """What the card is and what a click on it does (`view.tooltip`)."""
        facts = CardFacts(
            key=placed.key,
            card=placed.card,
            hand_index=placed.hand_index,
            lit=item.playable,
            target=item.target,
            talon=item.talon,
            blind=placed.hand_index is not None and placed.hand_index in self.blind_map,
            note=placed.note,
        )
        assert self.observation is not None and self._drawn is not None
        frame, moment = self._drawn
        return view.tooltip(self.observation, frame, moment, facts)

    def _layout_furniture(
        self, obs: Observation, chosen: list[Card], frame: TableFrame, moment: TableMoment
    ) -> None:
        """The play area with its hint, and the status line."""
        area_active = self.grounds.get("middle") is not None
        shown: list[Card | None] = list(chosen) if self.chosen_slot() is None else [None]
        hint = view.play_area_hint(obs, shown, area_active)
        area = self.bout_rect()
        if hint and view.hint_covered(area, self.placed_cards(self.piles)):
            hint = ""  # the lit outline says it: a line half under the cards says nothing
        self.play_area.set_area(area, area_active, hint)

        banner, mine = view.status(obs, frame, moment)
        self.draw_banner(banner, mine, view.keys_help())

    def seat_area(self, seat: int) -> QRectF:
        """Where another seat's fan (with a locked pile above it) and name plate lie."""
        assert self.observation is not None
        fan = self.geometry.fan_area(self.observation, seat)
        plate = self.seats.get(seat)
        return fan if plate is None else fan.united(plate.sceneBoundingRect())

    def status_text(self) -> tuple[str, bool]:
        """The status line: what you may do now, or whom the table waits for; and whether it
        is you (`view.status` of the observation shown; empty with none)."""
        obs = self.observation
        if obs is None:
            return "", False
        return view.status(obs, self.frame(), self.moment())

    # ----- interaction --------------------------------------------------------------------

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
        self._selected = []
        self._layout(animate=False)
        self.selection_changed.emit()
        self.action_chosen.emit(action)

    def perform_intent(self, intent: object) -> bool:
        """Carry out what a card, the middle or a key means (`card_intents`): make a legal
        move, or change the choice of cards, face down or the attack card the keys aim at."""
        if isinstance(intent, Select):
            self._select(intent)
        elif isinstance(intent, FaceDown):
            return self.set_face_down(intent.on)
        elif isinstance(intent, KeyTarget):
            self.target_index = intent.index
            self.tab_target = None  # the keys aim at the card ↑/↓ point at
            self._layout(animate=False)
        elif isinstance(intent, Action):
            self._choose(intent)
        else:
            return False
        return True

    def _select(self, intent: Select) -> None:
        """Make these hand cards the chosen ones (the keys move to the card clicked)."""
        self._selected = list(intent.selected)
        self.target_index = 0
        if intent.focus is not None and intent.focus in self.hand_order:
            self.focus_index = self.hand_order.index(intent.focus)
        self._layout(animate=False)
        self.selection_changed.emit()

    def set_face_down(self, on: bool) -> bool:
        """Believe: beat face down from now on (only while a face-down beat is legal)."""
        possible = intents.first_of_kind(self.legal(), "beat_hidden") is not None
        on = on and possible
        if on != self.face_down:
            self.face_down = on
            if self._selected and not set(self.chosen_cards()) <= intents.selectable_cards(
                self.legal(), on
            ):
                self._selected = []
            self.target_index = 0
            self._layout(animate=False)
            self.selection_changed.emit()
        return on == self.face_down and possible

    def choose_kind(self, kind: str) -> bool:
        """Take, pass, transfer, show the trump, accept, check, lead the talon or exchange (a
        button): only if that is legal now (with the chosen card, or the two for an exchange)."""
        obs = self.observation
        if obs is None:
            return False
        return self.perform(Moves(obs, self.choice()).kind(kind))

    def drag_began(self, item: CardItem) -> None:
        """The dragged card is the one chosen (with the others when it is among them); the
        middle lights up when it may go there."""
        obs = self.observation
        if obs is not None and item.talon:  # armenian: the talon's top goes onto the table
            self.play_area.set_area(self.bout_rect(), True, self.play_area.hint)
            return
        if obs is None or item.hand_index is None:
            return
        if item.card is None and item.hand_index not in self.blind_map:
            return
        if item.hand_index not in self._selected:
            self._selected = [item.hand_index]
        for other in self.cards.values():
            other.selected = other.hand_index is not None and other.hand_index in self._selected
            other.target = False
            other.refresh()
        onto_table = any(zone.lit_key == MIDDLE for zone in self.drop_zones(item))
        self.play_area.set_area(self.bout_rect(), onto_table, self.play_area.hint)

    def drop_missed(self, item: CardItem) -> None:
        """Back to the hand; the choice stays."""
        self._layout(animate=bool(self.animation_ms))
        if not item.talon:
            self.selection_changed.emit()

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
