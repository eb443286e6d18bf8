"""The base of the one table scene: piles in, card items, badges and plates out.

`PileScene` turns a pure layout (`durak_qt.table.piles.Pile`s, from a game's layout function)
into what the player sees: it makes, moves, animates and removes the card items
(`durak_qt.table.items.CardItem`), shows the piles' badges, places the name plates and the
status line, follows the window's size and the look (theme, four-colour deck), and says whose
move it is. It also does what a player does with the cards the same way for every game: it draws
each card's marks (`style_card`: lit, picked, target, focus rings, cursor, tooltip), drags a lit
card and lets it go in the first `DropZone` under the pointer, and reads the keys (the game's own
first, then ←/→ along your hand and Enter on the focused card). What a card means is data of
the layout: each pile carries the intent of its cards (`Pile.intents`; a double click's, a right
click's, where a drag may be let go, a click on a pile's ground and the keys' meanings too, from
the game's pure layout function), and a click, a drop or a key performs that intent (`perform`;
the game says only how an intent is carried out, `perform_intent`). A click with Ctrl or Shift
performs a card's alternative intent, a hand card dragged up onto the table plays as a click
would (its pile's drop zone, `durak_qt.table.piles.above_hand_card`), and the keys are the
view's own (`GameView.key`), the layout's, then the buttons' letters, for every game alike; the
one scene built on this base is `durak_qt.table.scene.TableScene`.

The same scene serves the live table, the resume path and any read-only view (a replay, a
spectator): `set_read_only(True)` draws each observation without a move to make.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneHelpEvent

from durak_qt import palette
from durak_qt.card_text import display_order
from durak_qt.table.card_art import CardArt, card_height
from durak_qt.table.items import CardItem, LabelItem, SeatItem, TrumpBadge, redraw_scene
from durak_qt.table.layout import CardKey, Placement, TableGeometry
from durak_qt.table.moment import TableMoment
from durak_qt.table.piles import (
    NO_MARKS,
    Badge,
    CardMarks,
    DropZone,
    Pile,
    TableFrame,
)
from engine.cards import Card

ALT_MODIFIERS = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
"""A click with one of these held performs the card's alternative intent (`Pile.alt_intents`)."""

BadgeItem = LabelItem | TrumpBadge
"""The item showing a `Badge`: a label on a plate, or a suit in a round badge."""


@functools.lru_cache(maxsize=8)
def table_geometry(width: float, height: float, card_scale: float) -> TableGeometry:
    """The table's geometry at this size (made once per size: its measures are cached)."""
    return TableGeometry(width, height, card_scale)


def without_moves(observation: Any) -> Any:
    """The same observation with no legal action (what a read-only view draws)."""
    if dataclasses.is_dataclass(observation) and not isinstance(observation, type):
        return dataclasses.replace(observation, legal=())
    shown = copy.copy(observation)
    object.__setattr__(shown, "legal", ())
    return shown


class PileScene(QGraphicsScene):
    """Draws the piles of a game's layout; a game's scene says what its cards mean."""

    action_chosen = Signal(object)

    def __init__(self, art: CardArt, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.art = art
        self.view: Any = None  # the game's view: pure functions of what to draw (set by the game)
        self.observation: Any = None
        self.names: list[str] = []
        self.bot_hosts: dict[int, str] = {}
        self.sort_order = "suit"
        self.card_back = "back-blue"
        self.card_scale = 1.0
        self.animation_ms = 0  # how long a card glides to its new place (0: it jumps)
        self.reserved_right = 0.0
        self.read_only = False  # a replay or a spectator: observations drawn without moves
        self.focus_index: int | None = None  # position in the displayed hand
        self.keyboard_used = False  # focus rings show only once the player uses the keys
        self.hand_order: list[int] = []
        self.aim: Card | None = None  # the card of the table your next move aims at (`Aim`)
        self.tab_target: CardKey | None = None  # the table's card Tab gave the keys' focus
        self.piles: list[Pile] = []  # the layout drawn now
        self.intents: dict[CardKey, object] = {}  # what each card of it means (`Pile.intents`)
        self.alt_intents: dict[CardKey, object] = {}  # with Ctrl or Shift (`Pile.alt_intents`)
        self.context_intents: dict[CardKey, object] = {}  # right click (`Pile.context_intents`)
        self.double_intents: dict[CardKey, object] = {}  # double click (`Pile.double_intents`)
        self.drops: dict[CardKey, tuple[DropZone, ...]] = {}  # where a drag goes (`Pile.drops`)
        self.grounds: dict[str, object] = {}  # a click on a pile's ground, by pile (`Pile.ground`)
        self.key_intents: dict[int, object] = {}  # what the keys mean (`Pile.key_intents`)
        self.button_keys: dict[int, str] = {}  # a key -> the kind of the button it presses
        self.cards: dict[CardKey, CardItem] = {}
        self.seats: dict[int, SeatItem] = {}
        self.badge_items: dict[str, BadgeItem] = {}
        self._animation: QParallelAnimationGroup | None = None
        self._leaving: list[CardItem] = []  # cards gliding off the table, removed once there
        self._size = (1280.0, 800.0)
        self.banner = LabelItem()
        self.banner.setZValue(500)
        self.addItem(self.banner)
        self.setSceneRect(0, 0, *self._size)
        palette.notifier().changed.connect(self.restyle)

    # ----- what a game's scene supplies ---------------------------------------------------

    def relayout(self, animate: bool = False) -> None:
        """Place everything for the observation shown (cards that moved glide to their places
        when `animate` and the animation setting allow)."""
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        """The name shown for a seat."""
        raise NotImplementedError

    def moment(self) -> TableMoment:
        """What the view's functions read besides the observation and the frame, as one
        plain value: the player's choice, and the table's people and clock."""
        raise NotImplementedError

    def left_clear(self) -> float:
        """Your name plate's right edge: your hand keeps right of it."""
        obs = self.observation
        plate = self.seats.get(obs.seat) if obs is not None else None
        return plate.sceneBoundingRect().right() if plate is not None else 0.0

    def selected_hand_indexes(self) -> Iterable[int]:
        """The hand indexes picked now (drawn lifted out of the fan)."""
        return ()

    def card_marks(self, placed: Placement) -> CardMarks:
        """What a card shows and takes now: lit, picked, a target, focused, clickable."""
        return NO_MARKS

    def card_tip(self, placed: Placement, item: CardItem) -> str:
        """A card's tooltip (its marks are already set on `item`)."""
        return ""

    def _card_clicked(self, item: CardItem) -> None:
        """A card was clicked: perform its intent, with Ctrl or Shift held its alternative one
        if any (`Pile.alt_intents`); the mouse takes over from the keys."""
        self.keyboard_used = False
        alt = self.alt_intent_of(item)
        held = QGuiApplication.keyboardModifiers() & ALT_MODIFIERS
        self.perform(alt if held and alt is not None else self.intent_of(item))

    def _card_context_clicked(self, item: CardItem) -> None:
        """A card was clicked with the right button: perform its `Pile.context_intents`."""
        self.perform(self.context_intents.get(item.card_key))

    def _card_double_clicked(self, item: CardItem) -> None:
        """A card was double-clicked: perform its `Pile.double_intents`."""
        self.perform(self.double_intents.get(item.card_key))

    def ground_clicked(self, pile_name: str) -> bool:
        """The ground of a pile (`Pile.ground`) was clicked: perform what that means."""
        return self.perform(self.grounds.get(pile_name))

    def drag_began(self, item: CardItem) -> None:
        """A lit card started to follow the pointer (the game may choose it)."""

    def drop_zones(self, item: CardItem) -> list[DropZone]:
        """Where the card being dragged may be let go, and what each place means (its pile's
        `Pile.drops`)."""
        return list(self.drops.get(item.card_key, ()))

    def dropped_on(self, item: CardItem, intent: object) -> bool:
        """The dragged card was let go in a zone with this intent: perform it; True when it
        made a move or a choice."""
        return self.perform(intent)

    def drop_missed(self, item: CardItem) -> None:
        """The dragged card was let go where it makes nothing: it goes back to its place."""
        self.relayout(animate=bool(self.animation_ms))

    def view_key(self, key: int) -> bool:
        """A key the game's view reads before the layout's (`GameView.key`); True when used."""
        return False

    def choose_kind(self, kind: str) -> bool:
        """Perform a button's intent (the button, or its letter)."""
        return False

    def playable_cards(self) -> set[Card]:
        """The cards of your hand drawn lit now."""
        return set()

    def game_key(self, key: int) -> bool:
        """A key the game reads before the arrows and Enter: the view's own (`view_key`), its
        meaning in the layout (`Pile.key_intents`: letters, ↑/↓...), then a button's letter;
        True when it used it."""
        if self.view_key(key):
            return True
        intent = self.key_intents.get(key)
        if intent is not None and self.perform(intent):
            return True
        if key in self.button_keys:  # letters on any layout arrive Latin (keys.LatinKeys)
            return self.choose_kind(self.button_keys[key])
        return False

    def next_focus(self, step: int, first_use: bool) -> int | None:
        """The position in your hand ←/→ (`step` -1 or 1) move the keys' focus to; where the
        game says the focus starts on a playable card (`GameView.focus_playable`), the first
        playable card when the keys had none, and their first press only shows it."""
        count = len(self.hand_order)
        if not self.view.focus_playable:
            current = (
                self.focus_index if self.focus_index is not None else (-1 if step > 0 else count)
            )
            return (current + step) % count
        if self.focus_index is None:
            start = self.first_playable_position()
            return start if start is not None else 0
        if first_use:
            return self.focus_index
        return (self.focus_index + step) % count

    def activate_focused(self) -> bool:
        """Enter (Space too where the game says): perform the focused card's intent (with no
        focus, show it on the first playable card); True when something happened. A game whose
        layout gives Enter its meaning (`Pile.key_intents`) does nothing more here."""
        if not self.view.focus_playable:
            return False
        count = len(self.hand_order)
        if self.focus_index is None or not count:
            self.focus_index = self.first_playable_position()
            self.relayout()
            return self.focus_index is not None
        index = self.hand_order[self.focus_index % count]
        focused = next((i for i in self.hand_items() if i.hand_index == index), None)
        return focused is not None and self.perform(self.intent_of(focused))

    def first_playable_position(self) -> int | None:
        """The position in your hand (display order) of the first playable card (0 with
        none; None with no hand)."""
        obs = self.observation
        if obs is None or not obs.hand:
            return None
        playable = self.playable_cards()
        hand = tuple(obs.hand)
        self.hand_order = display_order(hand, None, self.sort_order)
        for pos, index in enumerate(self.hand_order):
            if hand[index] in playable:
                return pos
        return 0

    def perform_intent(self, intent: object) -> bool:
        """Carry out the intent of a card (a legal action, a `Pick`); True when something
        happened."""
        return False

    # ----- what every game's cards do the same way ----------------------------------------

    def set_piles(self, piles: list[Pile]) -> None:
        """Take a layout as the one drawn now, with the intents its piles give their cards."""
        self.piles = piles
        self.intents, self.alt_intents = {}, {}
        self.context_intents, self.double_intents, self.drops = {}, {}, {}
        self.grounds, self.key_intents = {}, {}
        for pile in piles:  # one pass, a later pile's entry winning
            self.intents.update(pile.intents)
            self.alt_intents.update(pile.alt_intents)
            self.context_intents.update(pile.context_intents)
            self.double_intents.update(pile.double_intents)
            self.drops.update(pile.drops)
            self.key_intents.update(pile.key_intents)
            if pile.ground is not None:
                self.grounds[pile.name] = pile.ground.intent
        if self.tab_target not in self.intents:
            self.tab_target = None

    def tab_targets(self) -> list[CardKey]:
        """The cards of the table (not your hand) that take a click now, in the layout's
        order: where Tab stops between your hand and the buttons."""
        return [key for pile in self.piles if pile.name != "hand" for key in pile.intents]

    def focus_table_target(self, key: CardKey | None) -> None:
        """Give the keys' focus to a card of the table (None: back to your hand)."""
        self.tab_target = key if key in self.intents else None
        self.relayout()

    def intent_of(self, item: CardItem) -> object | None:
        """What a click, a drop or Enter on this card means now (None: nothing)."""
        return self.intents.get(item.card_key)

    def alt_intent_of(self, item: CardItem) -> object | None:
        """What a click with Ctrl or Shift on this card means now (None: nothing)."""
        return self.alt_intents.get(item.card_key)

    def perform(self, intent: object | None) -> bool:
        """Do what an intent of the layout means (nothing in a read-only view); True when
        something happened."""
        if intent is None or self.read_only:
            return False
        return self.perform_intent(intent)

    @property
    def activate_keys(self) -> tuple[int, ...]:
        """The keys that play the focused card (`activate_focused`; the game's)."""
        return tuple(self.view.activate_keys)

    def style_card(self, placed: Placement, item: CardItem) -> None:
        """Draw what a card means now, the same way for every game: its rings (lit, picked,
        target, focus), whether it takes clicks, the cursor over it and its tooltip (worked out
        when a hover asks for it: most cards of a layout are never hovered)."""
        marks = self.card_marks(placed)
        item.talon = marks.talon
        item.playable = marks.lit
        item.selected = marks.picked
        item.focused = marks.focused or (
            self.keyboard_used and self.tab_target is not None and placed.key == self.tab_target
        )
        item.target = marks.target
        item.interactive = marks.clickable
        item.point_at(marks.pointing)
        item.tip_when_asked(functools.partial(self.card_tip, placed))

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        """A tooltip is asked for: the cards under the pointer work theirs out first (Qt reads
        an item's tooltip without Python's `CardItem.toolTip`)."""
        for item in self.items(event.scenePos()):
            if isinstance(item, CardItem):
                item.toolTip()
        super().helpEvent(event)

    def _drag_started(self, item: CardItem) -> None:
        """A card is dragged: the game chooses it, and the cards it may be dropped on are lit."""
        self.drag_began(item)
        lit = {zone.lit_key for zone in self.drop_zones(item) if zone.lit_key is not None}
        for key in lit:
            target = self.cards.get(key)
            if target is not None:
                target.target = True
                target.refresh()

    def _card_dropped(self, item: CardItem, point: QPointF) -> None:
        """A dragged card was let go: the first zone under the point says what that means."""
        zone = next((zone for zone in self.drop_zones(item) if zone.area.contains(point)), None)
        if zone is None or not self.dropped_on(item, zone.intent):
            self.drop_missed(item)

    def handle_key(self, key: int) -> bool:
        """Keyboard play, the same for every game: Enter on the table's card Tab focused
        performs its intent; else the game's own keys first, then ←/→ move the focus along
        your hand and Enter plays the focused card."""
        if self.observation is None:
            return False
        first_use = not self.keyboard_used
        self.keyboard_used = True
        if self.tab_target is not None and key in self.activate_keys:
            return self.perform(self.intents.get(self.tab_target))
        if self.game_key(key):
            return True
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right) and self.hand_order:
            self.tab_target = None
            step = -1 if key == Qt.Key.Key_Left else 1
            self.focus_index = self.next_focus(step, first_use)
            self.relayout()
            return True
        if key in self.activate_keys:
            return self.activate_focused()
        return False

    # ----- geometry -----------------------------------------------------------------------

    def set_size(self, width: float, height: float) -> None:
        """Fit the table to a view of this many pixels and lay it out again."""
        width, height = max(width, 200.0), max(height, 200.0)
        if (width, height) == self._size:
            return
        self._size = (width, height)
        self.setSceneRect(0, 0, width, height)
        self.relayout()

    def set_reserved_right(self, pixels: float) -> None:
        """Keep this many pixels at the bottom right free of your hand (the buttons lie there)."""
        if abs(pixels - self.reserved_right) >= 1:
            self.reserved_right = pixels
            self.relayout()

    @property
    def geometry(self) -> TableGeometry:
        """The places of the table at its size and card size (see durak_qt.table.layout)."""
        return table_geometry(self._size[0], self._size[1], self.card_scale)

    @property
    def size(self) -> tuple[float, float]:
        """The table's width and height in pixels."""
        return self._size

    @property
    def unit(self) -> float:
        """Scale of everything relative to a 1280x800 table."""
        return self.geometry.unit

    @property
    def card_width(self) -> int:
        """Width in pixels of a card in the player's hand."""
        return self.geometry.card_width

    def frame(self, plates: bool = True) -> TableFrame:
        """What the pure layouts need of this table: geometry, names, look, room taken
        (`plates=False`: without the name plates and your hand's room beside yours, for a
        layout that places the plates first, `with_plates_placed`)."""
        obs = self.observation
        return TableFrame(
            geometry=self.geometry,
            names=tuple(self.seat_name(seat) for seat in range(obs.players if obs else 0)),
            card_back=self.card_back,
            sort_order=self.sort_order,
            left_clear=self.left_clear() if plates else 0.0,
            reserved_right=self.reserved_right,
            selected_hand=frozenset(self.selected_hand_indexes()),
            plates=self.plate_rects() if plates else {},
            aim=self.aim,
        )

    def plate_rects(self) -> dict[int, QRectF]:
        """Where each seat's name plate lies in the scene now."""
        return {seat: plate.sceneBoundingRect() for seat, plate in self.seats.items()}

    def with_plates_placed(self, frame: TableFrame) -> TableFrame:
        """`frame` with the name plates where they lie now (and your hand clear of yours):
        the frame a layout reads once `place_seats` has placed them, built from the one it
        placed them with instead of a second `frame()`."""
        return dataclasses.replace(frame, left_clear=self.left_clear(), plates=self.plate_rects())

    # ----- what is shown ------------------------------------------------------------------

    def set_players(self, names: Sequence[str], bot_hosts: Mapping[int, str] | None = None) -> None:
        """Names of the seats, in seat order; `bot_hosts` maps a bot's seat to its machine."""
        self.names = list(names)
        self.bot_hosts = dict(bot_hosts or {})
        self.relayout()

    def set_read_only(self, on: bool) -> None:
        """Draw every observation from now on without a move to make (a replay, a spectator):
        no card is lit, no click, drop or key makes a move, and no seat is called "you"."""
        self.read_only = on
        if on and self.observation is not None:
            self.observation = without_moves(self.observation)
            self.relayout()

    def shown(self, observation: Any) -> Any:
        """The observation as this scene draws it (without moves when read-only)."""
        return without_moves(observation) if self.read_only else observation

    def restyle(self) -> None:
        """The look changed (theme, four-colour deck): draw the table again in it."""
        redraw_scene(self, self.relayout)

    def hand_items(self) -> list[CardItem]:
        """Your hand's card items in display order (left to right)."""
        by_index = {
            item.hand_index: item for item in self.cards.values() if item.hand_index is not None
        }
        return [by_index[i] for i in self.hand_order if i in by_index]

    def place_plate(self, item: SeatItem, obs: Any, seat: int) -> None:
        """Put a seat's name plate in its place: yours at the bottom left, another's under its
        fan (a long name kept inside the table); a plate already placed for the same words,
        seat, table and size stays where it is."""
        geo = self.geometry
        placed_for = (item.shown, seat, obs.seat, obs.players, geo, self._size)
        if item.placed_for == placed_for:
            return
        item.placed_for = placed_for
        unit = geo.unit
        width, height = self._size
        if seat == obs.seat:
            plate = item.plate_rect()
            bottom = height - item.to_move_height() - palette.spacing("plate_bottom", unit)
            item.setPos(
                plate.width() / 2 + palette.spacing("plate_left", unit),
                bottom - plate.height() / 2,
            )
            return
        point = geo.seat_point(obs, seat) + QPointF(
            0, card_height(geo.small_width) * 0.15 + palette.spacing("seat_plate_below", unit)
        )
        half = item.plate_rect().width() / 2 + 6 * unit  # a long name stays in view
        point.setX(min(max(point.x(), half), width - half))
        item.setPos(point)

    def place_seats(self, obs: Any, frame: TableFrame, moment: TableMoment) -> None:
        """Every seat's name plate as the game's view words it (`seat_title`, `seat_detail`,
        `seat_role`, `move_text`, `seat_tooltip`): yours at the bottom left, the others under
        their fans; plates of seats the table lacks go."""
        view = self.view
        for seat in range(obs.players):
            item = self.seat_item(seat)
            role, colour = view.seat_role(obs, seat)
            item.is_me = seat == obs.seat
            item.set_state(
                view.seat_title(obs, frame, moment, seat),
                view.seat_detail(obs, moment, seat),
                role,
                colour,
                seat in obs.to_act and not obs.over,
                view.move_text(obs, moment, seat),
                self.unit,
            )
            self.place_plate(item, obs, seat)
            item.setToolTip(view.seat_tooltip(obs, frame, moment, seat))
        self.drop_seats_from(obs.players)

    def seat_item(self, seat: int) -> SeatItem:
        """The name plate of a seat (made on first use)."""
        item = self.seats.get(seat)
        if item is None:
            item = SeatItem()
            item.setZValue(400)
            self.addItem(item)
            self.seats[seat] = item
        return item

    def drop_seats_from(self, players: int) -> None:
        """Remove the plates of seats this table does not have."""
        for seat in [s for s in self.seats if s >= players]:
            self.removeItem(self.seats.pop(seat))

    def draw_badges(self, badges: Sequence[Badge]) -> None:
        """Show the layout's badges, one item per name; a name the layout dropped is hidden."""
        colours = palette.current()
        shown = set()
        for badge in badges:
            shown.add(badge.name)
            item = self.badge_items.get(badge.name)
            if item is None:
                item = TrumpBadge() if badge.suit else LabelItem()
                item.setZValue(450)
                self.addItem(item)
                self.badge_items[badge.name] = item
            if isinstance(item, TrumpBadge):
                item.set_suit(badge.text, badge.suit, badge.radius, badge.caption)
            elif badge.emphasis:
                item.set_text(
                    badge.text,
                    badge.pixel_size,
                    colours.banner_mine_text,
                    colours.banner_mine_back,
                    bold=True,
                )
            else:
                item.set_text(badge.text, badge.pixel_size, bold=badge.bold)
            shift = item.boundingRect().width() / 2 if badge.left_aligned else 0.0
            item.setPos(badge.pos + QPointF(shift, 0))
            item.setToolTip(badge.tooltip)
            item.show()
        for name, item in self.badge_items.items():
            if name not in shown:
                item.hide()

    def draw_banner(self, text: str, mine: bool, tooltip: str) -> None:
        """The status line above your hand, in the colours of "your move" when `mine`."""
        colours = palette.current()
        self.banner.set_text(
            text,
            palette.text_pixels("banner", self.unit),
            colours.banner_mine_text if mine else colours.banner_text,
            colours.banner_mine_back if mine else colours.banner_back,
            bold=True,
        )
        self.banner.setPos(self._size[0] * 0.5, self.geometry.status_line_y())
        self.banner.setToolTip(tooltip)

    # ----- cards --------------------------------------------------------------------------

    def draw_cards(
        self,
        placements: Iterable[Placement],
        duration: int,
        entry: Callable[[Placement], QPointF | None],
        exit_point: Callable[[CardKey], QPointF | None] | None = None,
    ) -> None:
        """Make every placed card's item (or move the one it had), remove the others; with a
        `duration`, a new card glides in from `entry(placed)` (None: it appears) and a card that
        left glides to `exit_point(key)` before it goes (None: it goes at once)."""
        self.stop_animation()
        group = QParallelAnimationGroup(self) if duration else None
        wanted = {placed.key: placed for placed in placements}
        for key in [k for k in self.cards if k not in wanted]:
            gone = self.cards.pop(key)
            end = exit_point(key) if duration and exit_point is not None else None
            if end is None or group is None:
                self.removeItem(gone)
            else:
                self._leaving.append(gone)
                gone.interactive = False
                self._glide(group, gone, gone.pos(), end, duration)
        for key, placed in wanted.items():
            item = self.cards.get(key)
            start: QPointF | None = None
            if item is None:
                item = self._new_card(key, placed)
                if duration:
                    start = entry(placed)
            else:
                item.set_look(placed.image, placed.width)
                if duration:
                    start = item.pos()
            item.card = placed.card
            item.set_badge(placed.badge)
            item.hand_index = placed.hand_index
            item.home = placed.pos
            item.visible_width = placed.visible_width or placed.width
            if item.rotation() != placed.rotation:  # Qt re-indexes the item even when equal
                item.setRotation(placed.rotation)
            if item.zValue() != placed.z:
                item.setZValue(placed.z)
            moved = start is not None and QPointF(start - placed.pos).manhattanLength() > 1
            if group is not None and start is not None and moved:
                item.setPos(start)
                self._glide(group, item, start, placed.pos, duration)
            else:
                item.setPos(placed.pos)
            # Styled where it lies: Qt checks a new cursor against the items under the pointer
            # when the card covers the pointer's place (a new card lies at the scene's corner).
            self.style_card(placed, item)
            item.refresh()
        if group is not None and group.animationCount():
            group.finished.connect(self._animation_done)
            self._animation = group
            group.start(QAbstractAnimation.DeletionPolicy.KeepWhenStopped)
        elif group is not None:
            group.deleteLater()

    def _new_card(self, key: CardKey, placed: Placement) -> CardItem:
        item = CardItem(self.art, placed.image, placed.width)
        item.card_key = key
        item.clicked.connect(self._card_clicked)
        item.context_clicked.connect(self._card_context_clicked)
        item.double_clicked.connect(self._card_double_clicked)
        item.dropped.connect(self._card_dropped)
        item.drag_started.connect(self._drag_started)
        self.addItem(item)
        self.cards[key] = item
        return item

    @staticmethod
    def _glide(
        group: QParallelAnimationGroup, item: CardItem, start: QPointF, end: QPointF, ms: int
    ) -> None:
        animation = QPropertyAnimation(item, b"pos")
        animation.setStartValue(start)
        animation.setEndValue(end)
        animation.setDuration(ms)
        animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        group.addAnimation(animation)

    def stop_animation(self) -> None:
        """Stop the cards moving (they stay where they are); cards on their way out go."""
        group, self._animation = self._animation, None
        if group is not None:
            group.stop()
            group.deleteLater()
        for item in self._leaving:
            self.removeItem(item)
        self._leaving = []

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

    def clear_cards(self) -> None:
        """Remove every card item, name plate and badge of the game shown."""
        self.stop_animation()
        for item in [*self.cards.values(), *self.seats.values()]:
            self.removeItem(item)
        self.cards, self.seats = {}, {}
        for item in self.badge_items.values():
            item.hide()
        self.set_piles([])
        self.hand_order = []
        self.observation = None
        self.focus_index = None
        self.tab_target = None
        self.banner.set_text("", 12)

    @staticmethod
    def placed_cards(piles: Iterable[Pile]) -> list[Placement]:
        """Every card of a layout, pile by pile."""
        return [placed for pile in piles for placed in pile.cards]

    @staticmethod
    def layout_badges(piles: Iterable[Pile]) -> list[Badge]:
        """Every badge of a layout, pile by pile."""
        return [badge for pile in piles for badge in pile.badges]
