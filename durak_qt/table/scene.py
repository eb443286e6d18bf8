"""The one table scene: every game kind's table drawn from its `durak_qt.table.game_view.GameView`.

`TableScene` draws what the game's view (Durak's `DURAK_VIEW`, each family-3 game's `VIEW`: pure
functions) returns for the observation shown, the window's frame (`TableFrame`, made once per
layout) and the player's `TableMoment` (the cards picked, the card aimed at, the chooser, the
keys' focus, who is away and the clock): the piles of its layout with their badges, the name
plates, the status line, the play area and its hint (Durak's), the game's round buttons
(czech's suits), the absence badges with their countdowns. The card items, animation, drag and
drop and the keys are the pile scene's (`durak_qt.table.pile_scene.PileScene`); a click, a drop,
a key or a button performs the intent the layout gives it: a legal action of `observation.legal`
as it is, a change of the choice (`Select`, `FaceDown`, `KeyTarget`, `Pick`, `Aim`). No game
subclasses it, so the live table, the resume path, a replay and a spectator draw a game alike.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import QObject, QPointF, QRect, QRectF, QTimer, Signal
from PySide6.QtGui import QPainter

from durak_qt.games.durak import card_intents, intents
from durak_qt.games.durak.card_intents import FaceDown, KeyTarget, Select
from durak_qt.games.durak.view import DURAK_VIEW, absence_expired, absence_lines, hint_covered
from durak_qt.table import absence
from durak_qt.table.absence import Absence
from durak_qt.table.card_art import CardArt
from durak_qt.table.choice_item import ChoiceItem
from durak_qt.table.game_view import (
    CardMarker,
    Choice,
    GameView,
    KeyUse,
    Laid,
    common_status,
)
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
from durak_qt.table.piles import (
    MIDDLE,
    Aim,
    CardMarks,
    Pick,
    TableFrame,
    piles_by_name,
    seat_label,
)
from engine.cards import Card


class TableScene(PileScene):
    """Draws an observation as the game's view says; emits `action_chosen(action)` with an
    action of observation.legal."""

    selection_changed = Signal()
    changed_layout = Signal()

    def __init__(
        self, art: CardArt, parent: QObject | None = None, view: GameView = DURAK_VIEW
    ) -> None:
        super().__init__(art, parent)
        self.view: GameView = view
        self._selected: list[int] = []  # hand indexes picked, in the order picked
        self.target_index = 0  # Durak: which possible beat target the keys point at
        self.face_down = False  # Durak's believe: beats chosen now are laid face down
        self.chooser = 0  # which option of the game's chooser the keys point at
        self.match_points: tuple[int, ...] = ()
        self.blind_map: dict[int, int] = {}  # reverse: hand index -> position of a card unseen
        self.note = ""  # a word on what was done for the player (auto-pass), until their next move
        self.pointer: QPointF | None = None  # where the mouse is over the table (scene points)
        self.hand_held = False  # your hand keeps its places for the pointer resting on it
        self._last_hand: tuple[list[CardKey], list[Spot]] = ([], [])
        self._last_card_width = 0
        self._hand_zone = QRectF()  # pixels at the right of the bottom edge kept for the buttons
        self._frame: TableFrame | None = None  # the frame of the layout drawn now
        self._drawn_moment = TableMoment()  # the moment it was drawn with
        self._marker: CardMarker | None = None  # what each of its cards shows and takes
        self._laid_for: Any = None  # the observation the layout drawn now was made for
        self.choice_items: dict[str, ChoiceItem] = {}  # the game's round buttons, by key
        self._choice_intents: dict[str, object | None] = {}
        self.play_area = PlayAreaItem()
        self.play_area.setZValue(-10)
        self.play_area.clicked.connect(lambda: self.ground_clicked("middle"))
        self.addItem(self.play_area)
        self.play_area.setVisible(view.play_area_hint is not None)
        self._labels: dict[str, LabelItem] = {}
        for name in ("talon count", "discard count", "out of play"):
            label = LabelItem()
            label.setZValue(500)
            self.addItem(label)
            self.badge_items[name] = label
            self._labels[name] = label
        self.trump_badge = TrumpBadge()
        self.trump_badge.setZValue(500)
        self.addItem(self.trump_badge)
        self.badge_items["trump"] = self.trump_badge
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

    # ----- labels of Durak's piles ----------------------------------------------------------

    @property
    def talon_label(self) -> LabelItem:
        """The talon's count."""
        return self._labels["talon count"]

    @property
    def discard_label(self) -> LabelItem:
        """The discard pile's count."""
        return self._labels["discard count"]

    @property
    def removed_label(self) -> LabelItem:
        """The count of the cards out of play."""
        return self._labels["out of play"]

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

    # ----- what is shown ------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        """The name shown for a seat (`TableFrame.seat_name`'s words: "Seat 3" unnamed)."""
        return seat_label(self.names, seat)

    def set_match_points(self, points: Sequence[int]) -> None:
        """The match's points per seat, shown on the name plates."""
        self.match_points = tuple(points)
        self.relayout()

    def set_observation(self, observation: Any) -> None:
        """Draw a new observation (animated when the speed setting allows); the game says what
        stays chosen (`GameView.carry`)."""
        previous = self.observation
        self.observation = observation = self.shown(observation)
        self.select(self.view.carry(previous, observation, self.selection()))
        if observation.legal or observation.over:
            self.note = ""
        self.blind_map = dict(self.view.unseen_hand(observation))
        hand = tuple(observation.hand)
        if self.focus_index is not None and self.focus_index >= len(hand):
            self.focus_index = len(hand) - 1 if hand else None
        if self.view.focus_playable and (previous is None or tuple(previous.hand) != hand):
            self.focus_index = self.first_playable_position() if self.keyboard_used else None
        self._layout(animate=True, previous=previous)
        self.selection_changed.emit()

    def clear_game(self) -> None:
        """Forget the game shown: no card, seat, pile, label, banner or choice of it stays drawn."""
        self.clear_cards()
        for seat in list(self.absences):
            self.show_seat_back(seat)
        self.select(TableMoment())
        self._drawn_moment = TableMoment()
        self._draw_choices(())
        self.blind_map = {}
        self.note = ""
        self._last_hand, self._hand_zone, self.hand_held = ([], []), QRectF(), False
        for label in self._labels.values():
            label.set_text("", 12)
        self.play_area.set_area(self.play_area.rect, False, "")
        self.selection_changed.emit()

    def legal(self) -> tuple[Any, ...]:
        """The legal actions of the observation shown (none when it is over or not yours)."""
        obs = self.observation
        return tuple(obs.legal) if obs is not None and not obs.over else ()

    # ----- the player's choice --------------------------------------------------------------

    @property
    def selected(self) -> list[int]:
        """The hand cards chosen: indexes into observation.hand, in the order chosen."""
        return self._selected

    @selected.setter
    def selected(self, indexes: Sequence[int]) -> None:
        """Choose these hand cards (the layout's intents follow at once)."""
        self._selected = list(indexes)
        self.relayout()

    @property
    def selected_hand(self) -> set[int]:
        """The hand indexes picked, as a set."""
        return set(self._selected)

    @selected_hand.setter
    def selected_hand(self, indexes: Iterable[int]) -> None:
        self._selected = list(indexes)

    def selected_hand_indexes(self) -> list[int]:
        """The hand cards chosen (drawn lifted out of the fan)."""
        return self._selected

    def selection(self) -> TableMoment:
        """What the player chose and has not played yet, as a plain value."""
        return TableMoment(
            picked=tuple(self._selected),
            aim=self.aim,
            chooser=self.chooser,
            target_index=self.target_index,
            face_down=self.face_down,
            focused_hand=self._focused_hand_index(),
            keys_used=self.keyboard_used,
            tab_target=self.tab_target,
        )

    def moment(self) -> TableMoment:
        """The selection with the table's people and clock: read-only, the note, who is away
        and the time now, the bots, the match points."""
        return dataclasses.replace(
            self.selection(),
            read_only=self.read_only,
            note=self.note,
            absences=dict(self.absences),
            now=self.clock(),
            bot_hosts=dict(self.bot_hosts),
            match_points=self.match_points,
        )

    def select(self, selection: TableMoment) -> None:
        """Keep a selection the game worked out (drawn at the next layout)."""
        self._selected = list(selection.picked)
        self.aim = selection.aim
        self.chooser = selection.chooser
        self.face_down = selection.face_down
        self.target_index = selection.target_index

    def frame_now(self) -> TableFrame:
        """The frame of the layout drawn now (a fresh one before the first)."""
        return self._frame if self._frame is not None else self.frame()

    def chosen_cards(self) -> list[Card]:
        """The selected hand cards whose faces you see."""
        obs = self.observation
        return [] if obs is None else card_intents.chosen_cards(obs, self._selected)

    def chosen_slot(self) -> int | None:
        """Reverse fool: the position of the one chosen card you cannot see, else None."""
        return card_intents.chosen_slot(self._selected, self.blind_map)

    def _focused_hand_index(self) -> int | None:
        order, at = self.hand_order, self.focus_index
        return order[at] if at is not None and 0 <= at < len(order) else None

    def playable_cards(self) -> set[Card]:
        """The cards of your hand drawn lit: the game's (`GameView.lit_hand`), else those a
        click on which does something (laid out or not yet)."""
        obs = self.observation
        if obs is None:
            return set()
        if self.view.lit_hand is not None:
            return self.view.lit_hand(obs)
        if self._laid_for is obs:
            laid = next((pile.cards for pile in self.piles if pile.name == "hand"), ())
            return {p.card for p in laid if p.card is not None and p.key in self.intents}
        frame = self.frame()
        hand: tuple[Card | None, ...] = tuple(obs.hand)
        intent = self.view.hand_intent
        return {c for i, c in enumerate(hand) if c is not None and intent(obs, frame, c, i)}

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
        return absence_lines(self.frame_now(), self.moment(), seat)

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
        frame, moment = self.frame_now(), self.moment()
        for seat in self.absences:
            if seat not in self.absence_badges:
                self.absence_badges[seat] = AbsenceBadge()
                self.absence_badges[seat].setZValue(600)
                self.addItem(self.absence_badges[seat])
            badge = self.absence_badges[seat]
            name, reason, countdown = absence_lines(frame, moment, seat)
            badge.set_text(name, reason, countdown, absence_expired(moment, seat), self.unit)
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

    def _absence_point(self, obs: Any, seat: int, shape: QRectF, placed: list[QRectF]) -> QPointF:
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

    def seat_area(self, seat: int) -> QRectF:
        """Where another seat's fan (with a locked pile above it) and name plate lie."""
        assert self.observation is not None
        fan = self.geometry.fan_area(self.observation, seat)
        plate = self.seats.get(seat)
        return fan if plate is None else fan.united(plate.sceneBoundingRect())

    def show_note(self, text: str) -> None:
        """Say on the status line what was done for the player, until their next move."""
        self.note = text
        if self.observation is not None:
            self._layout(animate=False)

    # ----- layout -------------------------------------------------------------------------

    def relayout(self, animate: bool = False) -> None:
        """Place everything for the observation shown (cards that moved glide to their places
        when `animate` and the animation setting allow)."""
        self._layout(animate=animate)

    def left_clear(self) -> float:
        """Your name plate's right edge as drawn: your hand keeps right of it."""
        obs = self.observation
        plate = self.seats.get(obs.seat) if obs is not None else None
        return plate.drawn_rect().right() if plate is not None else 0.0

    def _layout(self, animate: bool, previous: Any = None) -> None:
        obs = self.observation
        if obs is None:
            return
        view = self.view
        self.stop_animation()
        frame = self.frame(plates=False)  # the plates are placed with it, then read
        moment = self.moment()
        self.place_seats(obs, frame, moment)
        self._frame = frame = self.with_plates_placed(frame)  # the layout reads the plates
        laid = self._laid_out(obs, frame)
        self.hand_order = list(laid.hand_order)
        focused = self._focused_hand_index()  # the one part of the moment the layout moves
        if focused != moment.focused_hand:
            moment = dataclasses.replace(moment, focused_hand=focused)
        self._drawn_moment = moment
        self.set_piles(view.intents(obs, laid.piles, frame, moment))
        self._laid_for = obs
        placed = list(laid.placed.values())
        self._marker = view.card_marks(view, obs, frame, moment, placed, self.intents)
        self.draw_badges([*self.layout_badges(self.piles), *laid.badges])
        self._draw_choices(view.choices(obs, frame, moment))
        self.draw_cards(
            placed,
            self.animation_ms if animate else 0,
            lambda card: view.entry_point(obs, frame, card),
            lambda key: view.exit_point(previous, obs, frame, key),
        )
        self._draw_play_area(obs)
        text, mine = self.status_text(obs)
        self.draw_banner(text, mine, view.keys_help())
        if self.absences:
            self.update_absences()
        self.changed_layout.emit()

    def _laid_out(self, obs: Any, frame: TableFrame) -> Laid:
        """The view's layout, your hand held in place while the pointer rests on it (when the
        game holds it)."""
        view = self.view
        laid = view.layout(view, obs, frame)
        if not view.holds_hand:
            return laid
        hand = piles_by_name(laid.piles)["hand"]
        keys = [placed.key for placed in hand.cards]
        spots = self._hand_spots(keys, obs.hand, list(hand.fan))
        if self.hand_held:
            laid = view.layout(view, obs, dataclasses.replace(frame, hand_spots=tuple(spots)))
        self._last_hand = (keys, spots)
        self._hand_zone = hand_zone(self.geometry, spots)
        return laid

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
    def trump_card_hidden(obs: Any) -> bool:
        """Invisible fool: the trump suit is known but the trump card under the talon is not."""
        return trump_card_hidden(obs)

    def _draw_play_area(self, obs: Any) -> None:
        """The play area with its hint (a game with one: Durak's middle)."""
        hint_of = self.view.play_area_hint
        if hint_of is None:
            return
        area_active = self.grounds.get("middle") is not None
        shown: list[Card | None] = (
            list(self.chosen_cards()) if self.chosen_slot() is None else [None]
        )
        hint = hint_of(obs, shown, area_active)
        area = self.bout_rect()
        if hint and hint_covered(area, self.placed_cards(self.piles)):
            hint = ""  # the lit outline says it: a line half under the cards says nothing
        self.play_area.set_area(area, area_active, hint)

    def _draw_choices(self, choices: Sequence[Choice]) -> None:
        """Show the game's round buttons, one item per key; a key it dropped is hidden."""
        shown = set()
        for choice in choices:
            shown.add(choice.key)
            item = self.choice_items.get(choice.key)
            if item is None:
                item = ChoiceItem(choice.key)
                item.setZValue(600)
                item.clicked.connect(self._choice_clicked)
                self.addItem(item)
                self.choice_items[choice.key] = item
            item.set_look(choice.symbol, choice.suit, choice.radius, choice.enabled, choice.focused)
            item.setPos(choice.pos)
            item.setToolTip(choice.tooltip)
            item.show()
            self._choice_intents[choice.key] = choice.intent
        for key, item in self.choice_items.items():
            if key not in shown:
                item.hide()
                self._choice_intents.pop(key, None)

    def _choice_clicked(self, key: object) -> None:
        self.perform(self._choice_intents.get(str(key)))

    def status_text(self, obs: Any = None) -> tuple[str, bool]:
        """The status line: what you may do now, or whom the table waits for; and whether it
        is you (empty with no observation)."""
        obs = self.observation if obs is None else obs
        if obs is None:
            return "", False
        frame = self.frame_now()
        line = self.view.status(obs, frame, self._drawn_moment)
        return line if line is not None else common_status(obs, frame, self.read_only)

    def card_marks(self, placed: Placement) -> CardMarks:
        """A card's marks in the layout drawn now (the view's `card_marks`)."""
        assert self._marker is not None
        return self._marker(placed)

    def card_tip(self, placed: Placement, item: CardItem) -> str:
        """What the card is and what a click on it does (the view's `tooltip`)."""
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
        assert self.observation is not None
        return self.view.tooltip(self.observation, self.frame_now(), self._drawn_moment, facts)

    def button_kinds(self) -> set[str]:
        """The kinds whose buttons are shown now (`GameView.button_kinds`)."""
        obs = self.observation
        if obs is None:
            return set()
        return self.view.button_kinds(obs, self.frame_now(), self._drawn_moment)

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

    def back_items(self) -> list[CardItem]:
        """Every card shown face down (the other seats' hands, the deck)."""
        return [item for item in self.cards.values() if item.card is None]

    def choose(self, action: Any) -> bool:
        """Emit a legal action (anything else is ignored); True when emitted."""
        if action is None or action not in self.legal():
            return False
        if self.view.move_clears_choice:
            self._selected = []
            self._layout(animate=False)
            self.selection_changed.emit()
        self.action_chosen.emit(action)
        return True

    def perform_intent(self, intent: object) -> bool:
        """Carry out what a card, the middle, a key or a button means: make a legal move, or
        change the choice (pick cards, aim, face down, the card the keys aim at)."""
        if isinstance(intent, Select):
            self._select(intent)
        elif isinstance(intent, FaceDown):
            return self.set_face_down(intent.on)
        elif isinstance(intent, KeyTarget):
            self.target_index = intent.index
            self.tab_target = None  # the keys aim at the card ↑/↓ point at
            self._layout(animate=False)
        elif isinstance(intent, Pick):
            return self.pick(intent.hand_index)
        elif isinstance(intent, Aim):
            self.aim = intent.card
            self.relayout()
        else:
            return self.choose(intent)
        return True

    def _select(self, intent: Select) -> None:
        """Make these hand cards the chosen ones (the keys move to the card clicked)."""
        self._selected = list(intent.selected)
        self.target_index = 0
        if intent.focus is not None and intent.focus in self.hand_order:
            self.focus_index = self.hand_order.index(intent.focus)
        self._layout(animate=False)
        self.selection_changed.emit()

    def pick(self, hand_index: int) -> bool:
        """Pick a card of your hand for a move of several cards, or put it back, as the game
        says (`GameView.pick`); False when it cannot be picked now."""
        obs = self.observation
        if obs is None:
            return False
        picked = self.view.pick(obs, self.frame(), self.selection(), hand_index)
        if picked is None:
            return False
        self.select(picked)
        self.relayout()
        return True

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
        """Perform a button's intent (the button, or its key): only what is legal now."""
        obs = self.observation
        if obs is None:
            return False
        return self.perform(self.view.button_intent(obs, self.frame(), self.selection(), kind))

    def drag_began(self, item: CardItem) -> None:
        """The dragged card is the one chosen (with the others when it is among them); the
        middle lights up when it may go there (a game whose piles say where cards go)."""
        if not self.view.drag_chooses:
            return
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
        """Back to its place; the choice stays."""
        self._layout(animate=bool(self.animation_ms))
        if not item.talon:
            self.selection_changed.emit()

    def view_key(self, key: int) -> bool:
        """A key the game's view reads before the layout's (`GameView.key`): carry out what it
        says (a new selection, Enter's meaning, or an intent)."""
        obs = self.observation
        if obs is None:
            return False
        outcome = self.view.key(obs, self.frame(), self.selection(), key)
        if outcome is None:
            return False
        if outcome is KeyUse.TAKEN:
            return True
        if outcome is KeyUse.ACTIVATE:
            return self.activate_focused() or True
        if isinstance(outcome, TableMoment):
            self.select(outcome)
            self.relayout()
            return True
        return self.perform(outcome)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """The game's felt (`GameView.felt`)."""
        self.view.felt(painter, QRectF(rect), *self._size)
