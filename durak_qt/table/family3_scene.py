"""The table of a family-3 game: your hand, the other seats' backs and name plates, the buttons.

`Family3Scene` is the one scene of every family-3 game: it draws what the game's
`durak_qt.games.family3.view.Family3View` (pure functions, named by the game's
`Family3Client`) returns for the observation shown, the window's frame and the player's
`TableMoment` (the cards picked, the card aimed at, the game's chooser, the keys' focus): the
piles of every family-3 observation (your hand with the playable cards lit, the other seats'
cards as backs with their counts) and the game's middle, with their badges and the game's round
buttons (`Choice`); it shows whose move it is and the match points on the name plates, animates
the cards, and turns a click, a drop, a key or a button into the intent the view gives it (a
legal action of `observation.legal` as it is, a `Pick` or an `Aim`). No game subclasses it, so
the live table, the resume path, a replay and a spectator draw a game the same way.
`Family3Table` is the widget: the scene's view (`durak_qt.table.view.TableView`) with the game's
buttons (`durak_qt.games.family3.client.ButtonSpec`) at the bottom right. The drawing itself
(card items, badges, name plates, animation) is the one table scene's
(`durak_qt.table.pile_scene.PileScene`), which Durak's table uses too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    QPointF,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QGuiApplication, QLinearGradient, QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from durak_qt import palette
from durak_qt.card_text import display_order
from durak_qt.games.family3.client import ButtonSpec
from durak_qt.games.family3.view import (
    PLAIN_VIEW,
    Choice,
    Family3View,
    KeyUse,
    TableMarks,
    common_status,
)
from durak_qt.palette import themed
from durak_qt.table.card_art import CardArt, shared_card_art
from durak_qt.table.choice_item import ChoiceItem
from durak_qt.table.items import CardItem
from durak_qt.table.layout import CardKey, Placement
from durak_qt.table.moment import CardFacts, TableMoment
from durak_qt.table.pile_scene import PileScene
from durak_qt.table.piles import (
    Aim,
    CardMarks,
    DropZone,
    FaceNamer,
    Pick,
    TableFrame,
    card_of,
    other_hand_piles,
    own_hand_pile,
)
from durak_qt.table.tab_order import BUTTON_FOCUS_STYLE, TabOrder
from durak_qt.table.view import TableView, button_style
from engine.cards import Card

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("Family3", ...)` calls)."""


ALT_MODIFIERS = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
"""A click with one of these held performs the card's alternative intent (`Pile.alt_intents`)."""


__all__ = ["Family3Scene", "Family3Table", "card_of", "new_table"]


class Family3Scene(PileScene):
    """Draws a family-3 observation as its game's `Family3View` says; emits
    `action_chosen(action)` with an action of obs.legal."""

    changed_layout = Signal()

    def __init__(
        self, art: CardArt, view: Family3View = PLAIN_VIEW, parent: QObject | None = None
    ) -> None:
        super().__init__(art, parent)
        self.view = view
        self.match_points: tuple[int, ...] = ()
        self.selected_hand: set[int] = set()  # hand indexes picked for a move of several cards
        self.chooser = 0  # which option of the game's chooser the keys point at
        self._face_key = FaceNamer()
        self.button_keys: dict[int, str] = {}  # a key -> the kind of the button it presses
        self._playable: set[Card] = set()  # the hand cards a legal action plays, now
        self._laid_for: Any = None  # the observation the piles drawn now were laid out for
        self._focus_hand_index: int | None = None  # the hand card the keyboard points at
        self._frame: TableFrame | None = None  # the frame of the layout drawn now
        self._drawn_selection = TableMoment()  # the selection it was drawn with
        self._placed: list[Placement] = []  # its cards' places
        self._marks = TableMarks()  # what the game marks in it
        self.choice_items: dict[str, ChoiceItem] = {}  # the game's round buttons, by key
        self._choice_intents: dict[str, object | None] = {}

    def pointer_moved(self, point: QPointF | None, dragging: bool = False) -> None:
        """The view reports the pointer; a family-3 hand does not hold still for it."""

    # ----- what is shown ------------------------------------------------------------------

    def set_match_points(self, points: Sequence[int]) -> None:
        """The match's points per seat, shown on the name plates."""
        self.match_points = tuple(points)
        self.relayout()

    def seat_name(self, seat: int) -> str:
        """The name shown for a seat."""
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return translate("Family3", "Seat %1").replace("%1", str(seat + 1))

    def selection(self) -> TableMoment:
        """What the player chose and has not played yet, as a plain value."""
        return TableMoment(
            picked=tuple(sorted(self.selected_hand_indexes())),
            aim=self.aim,
            chooser=self.chooser,
            focused_hand=self._focused_hand_index(),
            keys_used=self.keyboard_used,
        )

    def moment(self) -> TableMoment:
        """The selection with the table's people: read-only, the bots, the match points."""
        return replace(
            self.selection(),
            read_only=self.read_only,
            bot_hosts=dict(self.bot_hosts),
            match_points=self.match_points,
        )

    def select(self, selection: TableMoment) -> None:
        """Keep a selection the game worked out (drawn at the next layout)."""
        self.selected_hand = set(selection.picked)
        self.aim = selection.aim
        self.chooser = selection.chooser

    def set_observation(self, observation: Any) -> None:
        """Draw a new observation; only its legal actions can be chosen; the game says what
        stays chosen (`Family3View.carry`)."""
        previous = self.observation
        self.select(self.view.carry(previous, observation, self.selection()))
        self.observation = observation = self.shown(observation)
        hand = tuple(observation.hand)
        if self.focus_index is not None and self.focus_index >= len(hand):
            self.focus_index = len(hand) - 1 if hand else None
        if previous is None or tuple(previous.hand) != hand:
            self.focus_index = self._first_playable_position() if self.keyboard_used else None
        self.relayout(animate=previous is not None)

    def clear_game(self) -> None:
        """Forget the game shown: no card, seat or label of it stays drawn."""
        self.clear_cards()
        self.clear_middle()

    def legal(self) -> tuple[Any, ...]:
        """The legal actions of the observation shown (none when it is not your move)."""
        obs = self.observation
        return tuple(obs.legal) if obs is not None and not obs.over else ()

    def playable_cards(self) -> set[Card]:
        """The cards of your hand drawn lit: the game's (`Family3View.lit_hand`), else those
        a click on which does something."""
        obs, intent = self.observation, self.view.hand_intent
        if obs is None:
            return set()
        if self.view.lit_hand is not None:
            return self.view.lit_hand(obs)
        if self._laid_for is obs:  # the layout drawn now has them
            laid = next((pile.cards for pile in self.piles if pile.name == "hand"), ())
            return {p.card for p in laid if p.card is not None and p.key in self.intents}
        frame = self.frame()
        hand: tuple[Card | None, ...] = tuple(obs.hand)
        return {c for i, c in enumerate(hand) if c is not None and intent(obs, frame, c, i)}

    def relayout(self, animate: bool = False) -> None:
        """Place everything for the observation shown (cards that moved glide to their places
        when `animate` and the animation setting allow)."""
        obs = self.observation
        if obs is None:
            return
        view = self.view
        self.place_seats(obs, self.frame(), self.moment())  # the frame reads the plates' places
        self._frame = frame = self.frame()
        self._face_key = FaceNamer()
        piles = other_hand_piles(obs, frame, self._face_key)
        hand, self.hand_order = own_hand_pile(
            obs, frame, self._face_key, view.hand_intent, view.hand_alt_intent
        )
        piles.append(hand)
        piles.extend(view.middle(obs, frame, self._face_key))
        self.set_piles(piles)
        self._laid_for = obs
        wanted = {placed.key: placed for placed in self.placed_cards(piles)}
        self.layout_middle(obs, wanted)
        self._placed = list(wanted.values())
        self.draw_badges([*self.layout_badges(piles), *view.badges(obs, frame, self._placed)])
        self._focus_hand_index = self._focused_hand_index()
        self._drawn_selection = self.selection()
        self._playable = self.playable_cards()
        self.prepare_marks(obs)
        self._draw_choices(view.choices(obs, frame, self._drawn_selection))
        self.draw_cards(
            wanted.values(),
            self.animation_ms if animate else 0,
            lambda placed: self.entry_point(obs, placed.key, placed),
        )
        text, mine = self.status_text(obs)
        self.draw_banner(text, mine, self.keys_help())
        self.changed_layout.emit()

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

    def face_key(self, card: Card) -> CardKey:
        """The item name of a face in this layout: ("face", "7H"), a second copy of the same
        card (two decks) ("face", "7H", 1)."""
        return self._face_key(card)

    def selected_hand_indexes(self) -> set[int]:
        """The hand indexes picked for a move of several cards."""
        return self.selected_hand

    def drawn_selection(self) -> TableMoment:
        """The selection of the layout drawn now (what its marks, tooltips and status say)."""
        return self._drawn_selection

    def frame_now(self) -> TableFrame:
        """The frame of the layout drawn now (a fresh one before the first)."""
        return self._frame if self._frame is not None else self.frame()

    # ----- what the game's view says -----------------------------------------------------

    def perform_intent(self, intent: object) -> bool:
        """A card's intent: pick a hand card (`pick`), aim at a table card, or make a legal
        action."""
        if isinstance(intent, Pick):
            return self.pick(intent.hand_index)
        if isinstance(intent, Aim):
            self.aim = intent.card
            self.relayout()
            return True
        return self.choose(intent)

    def pick(self, hand_index: int) -> bool:
        """Pick a card of your hand for a move of several cards, or put it back, as the game
        says (`Family3View.pick`); False when it cannot be picked now."""
        obs = self.observation
        if obs is None:
            return False
        picked = self.view.pick(obs, self.frame(), self.selection(), hand_index)
        if picked is None:
            return False
        self.select(picked)
        self.relayout()
        return True

    def layout_middle(self, obs: Any, wanted: dict[CardKey, Placement]) -> None:
        """The game's last word on the cards' places (`Family3View.arrange`); cards go into
        `wanted` (key -> durak_qt.table.layout.Placement)."""
        arranged = self.view.arrange(obs, self.frame_now(), wanted)
        if arranged.placed is not wanted:  # the game placed cards anew (it never edits `wanted`)
            wanted.clear()
            wanted.update(arranged.placed)
        if arranged.hand_order is not None:
            self.hand_order = list(arranged.hand_order)

    def clear_middle(self) -> None:
        """Forget what was chosen and the game's own items (a new game is being dealt)."""
        self.select(TableMoment())
        self._drawn_selection = TableMoment()
        self._draw_choices(())

    def button_kinds(self) -> set[str]:
        """The kinds whose buttons are shown now (`Family3View.button_kinds`)."""
        obs = self.observation
        if obs is None:
            return set()
        return self.view.button_kinds(obs, self.frame_now(), self.drawn_selection())

    def handle_kind_key(self, key: int) -> bool:
        """A key the game reads before the common ones (`Family3View.key`)."""
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

    def status_text(self, obs: Any) -> tuple[str, bool]:
        """The line above your hand: what you may do, or whom the table waits for; and whether
        it is your move."""
        frame = self.frame_now()
        line = self.view.status(obs, frame, self.drawn_selection())
        return line if line is not None else common_status(obs, frame, self.read_only)

    def choose(self, action: Any) -> bool:
        """Emit a legal action (anything else is ignored); True when emitted."""
        if action is None or action not in self.legal():
            return False
        self.action_chosen.emit(action)
        return True

    def choose_kind(self, kind: str) -> bool:
        """Perform a button's intent (the button, or its key)."""
        obs = self.observation
        if obs is None:
            return False
        return self.perform(self.view.button_intent(obs, self.frame(), self.selection(), kind))

    # ----- placing ------------------------------------------------------------------------

    def seat_role(self, obs: Any, seat: int) -> tuple[str, QColor]:
        """The pill under a seat's name (`Family3View.seat_role`)."""
        return self.view.seat_role(obs, seat)

    def entry_point(self, obs: Any, key: CardKey, placed: Placement) -> QPointF | None:
        """Where a card that was not on the table flies in from (`Family3View.entry_point`)."""
        return self.view.entry_point(obs, self.frame_now(), placed)

    def _focused_hand_index(self) -> int | None:
        if self.focus_index is not None and self.focus_index < len(self.hand_order):
            return self.hand_order[self.focus_index]
        return None

    def card_marks(self, placed: Placement) -> CardMarks:
        """A hand card is lit when the game says (`playable_cards`: by default, when it has an
        intent); a card of the middle when it has an intent; the game adds its picked and
        target cards."""
        card, hand_index = placed.card, placed.hand_index
        in_hand = hand_index is not None
        middle_live = not in_hand and placed.key in self.intents
        lit = (in_hand and card is not None and card in self._playable) or middle_live
        return CardMarks(
            lit=lit,
            picked=in_hand and self.is_picked(placed),
            target=self.is_target(placed),
            focused=self.keyboard_used
            and (
                (
                    in_hand
                    and hand_index == self._focus_hand_index
                    and self.hand_keys_live()
                    and self.tab_target is None
                )
                or (not in_hand and self.is_focused_middle(placed))
            ),
            clickable=in_hand or middle_live,
            pointing=lit,
        )

    def card_tip(self, placed: Placement, item: CardItem) -> str:
        """The game's tooltip for the card (`card_tooltip`)."""
        return self.card_tooltip(placed.key, item)

    def prepare_marks(self, obs: Any) -> None:
        """Ask the game once per layout what it marks (`Family3View.marks`: what `is_target`,
        `is_focused_middle` and `hand_keys_live` read; called before the cards are styled)."""
        self._marks = self.view.marks(obs, self.frame_now(), self.drawn_selection(), self._placed)

    def is_picked(self, placed: Placement) -> bool:
        """Whether a hand card stands out of the fan, picked for a move of several cards."""
        return placed.hand_index in self.selected_hand

    def is_target(self, placed: Placement) -> bool:
        """Whether a card is marked as what your move aims at (the attack card to beat)."""
        return placed.key in self._marks.targets

    def is_focused_middle(self, placed: Placement) -> bool:
        """Whether the keys point at this card of the middle (while they are used)."""
        return placed.key in self._marks.focused

    def hand_keys_live(self) -> bool:
        """Whether ←/→ choose a card of your hand now (not while a game's chooser has them)."""
        obs = self.observation
        return obs is not None and not obs.over and self._marks.hand_keys

    def card_tooltip(self, key: CardKey, item: CardItem) -> str:
        """The tooltip of a card (`Family3View.tooltip`): its name, and what a click does."""
        obs = self.observation
        facts = CardFacts(key, item.card, item.hand_index, item.playable)
        return self.view.tooltip(obs, self.frame_now(), self.drawn_selection(), facts)

    def keys_help(self) -> str:
        """The keys and clicks of this table, for the status line's tooltip."""
        return self.view.keys_help()

    # ----- interaction --------------------------------------------------------------------

    def back_items(self) -> list[CardItem]:
        """Every card shown face down (the other seats' hands, the deck)."""
        return [item for item in self.cards.values() if item.card is None]

    def _card_clicked(self, item: CardItem) -> None:
        """Perform the card's intent (with Ctrl or Shift held, its alternative one if any)."""
        alt = self.alt_intent_of(item)
        held = QGuiApplication.keyboardModifiers() & ALT_MODIFIERS
        self.perform(alt if held and alt is not None else self.intent_of(item))

    def drop_zones(self, item: CardItem) -> list[DropZone]:
        """A hand card dragged up onto the table (above half its height) plays as a click on
        it would."""
        if item.hand_index is None or item.card is None:
            return []
        top = item.home.y() - item.sceneBoundingRect().height() / 2
        far = 1e6
        return [DropZone(QRectF(-far, -far, 2 * far, top + far), "play")]

    def dropped_on(self, item: CardItem, intent: object) -> bool:
        """Play the card let go on the table (when it makes no move it goes back)."""
        self.perform(self.intent_of(item))
        self.relayout()
        return True

    def drop_missed(self, item: CardItem) -> None:
        """Back to its place in the hand."""
        self.relayout()

    def _first_playable_position(self) -> int | None:
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

    activate_keys = (int(Qt.Key.Key_Return), int(Qt.Key.Key_Enter), int(Qt.Key.Key_Space))

    def game_key(self, key: int) -> bool:
        """The game's own keys (`handle_kind_key`), then the buttons' letters."""
        if self.handle_kind_key(key):
            return True
        if key in self.button_keys:  # letters on any layout arrive Latin (keys.LatinKeys)
            return self.choose_kind(self.button_keys[key])
        return False

    def next_focus(self, step: int, first_use: bool) -> int | None:
        """The first playable card when the keys had no focus; the keys' first press only
        shows the focus where it is."""
        if self.focus_index is None:
            start = self._first_playable_position()
            return start if start is not None else 0
        if first_use:
            return self.focus_index
        return (self.focus_index + step) % len(self.hand_order)

    def activate_focused(self) -> bool:
        """Enter or Space: perform the focused card's intent (with no focus, show it on the
        first playable card)."""
        count = len(self.hand_order)
        if self.focus_index is None or not count:
            self.focus_index = self._first_playable_position()
            self.relayout()
            return self.focus_index is not None
        index = self.hand_order[self.focus_index % count]
        focused = next((i for i in self.hand_items() if i.hand_index == index), None)
        return focused is not None and self.perform(self.intent_of(focused))

    def drawBackground(self, painter: QPainter, rect: QRectF | Any) -> None:
        """A felt of its own: a rounded table, lighter in the middle where the piles lie."""
        width, height = self._size
        gradient = QLinearGradient(QPointF(0, 0), QPointF(0, height))
        colours = palette.current()
        gradient.setColorAt(0.0, colours.felt_top)
        gradient.setColorAt(0.5, colours.felt_band)
        gradient.setColorAt(1.0, colours.felt_bottom)
        painter.fillRect(rect, gradient)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colours.felt_panel)
        middle = QRectF(width * 0.22, height * 0.24, width * 0.56, height * 0.42)
        painter.drawRoundedRect(middle, height * 0.08, height * 0.08)


class Family3Table(QWidget):
    """The table widget: the scene's view and the game's buttons; emits `action_chosen`."""

    action_chosen = Signal(object)

    def __init__(
        self,
        scene: Family3Scene,
        buttons: Sequence[ButtonSpec] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.scene = scene
        self.view = TableView(cast(Any, scene), self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.specs = {spec.kind: spec for spec in buttons}
        self.buttons: dict[str, QPushButton] = {}
        self._box = QWidget(self.view)
        self._box.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        box_layout = QVBoxLayout(self._box)
        box_layout.setContentsMargins(0, 0, 0, 0)
        box_layout.setSpacing(round(palette.spacing("button_gap")))
        for spec in buttons:
            button = QPushButton(self._box)
            themed(button, button_style(spec.colour) + BUTTON_FOCUS_STYLE)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # Tab reaches it, a click does not
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.clicked.connect(lambda _checked=False, k=spec.kind: self._clicked(k))
            button.hide()
            box_layout.addWidget(button)
            self.buttons[spec.kind] = button
        scene.action_chosen.connect(self.action_chosen)
        scene.changed_layout.connect(self._update_buttons)
        scene.button_keys = {spec.key: spec.kind for spec in buttons}
        self.tab_order = TabOrder(self.view, scene, self.shown_buttons)
        self.tab_order.watch([self.view, *self.buttons.values()])
        self.retranslate()

    def shown_buttons(self) -> list[QPushButton]:
        """The buttons shown now, top to bottom (where Tab stops after the table's cards)."""
        return [b for b in self.buttons.values() if not b.isHidden() and b.isEnabled()]

    def set_players(self, names: Sequence[str], bot_hosts: Mapping[int, str] | None = None) -> None:
        """Names of the seats and which are bots."""
        self.scene.set_players(names, bot_hosts)

    def set_observation(self, observation: Any) -> None:
        """Draw this observation."""
        self.scene.set_observation(observation)

    def clear_game(self) -> None:
        """A new game is being dealt: nothing of the last one stays."""
        self.scene.clear_game()
        self._update_buttons()

    def apply_settings(
        self, sort_order: str, card_back: str, card_scale: float, animation_ms: int = 0
    ) -> None:
        """Display preferences: hand sorting, card back, card size, card movement (ms)."""
        scene = self.scene
        scene.sort_order, scene.card_back, scene.card_scale = sort_order, card_back, card_scale
        scene.animation_ms = animation_ms
        scene.relayout()

    def visible_buttons(self) -> set[str]:
        """The kinds whose buttons are shown now."""
        return {kind for kind, button in self.buttons.items() if not button.isHidden()}

    def _clicked(self, kind: str) -> None:
        self.scene.choose_kind(kind)
        self.view.setFocus()

    def _update_buttons(self) -> None:
        kinds = self.scene.button_kinds()
        for kind, button in self.buttons.items():
            button.setVisible(kind in kinds)
        self._place_buttons()

    def retranslate(self) -> None:
        """Every text again in the current language."""
        for kind, spec in self.specs.items():
            self.buttons[kind].setText(translate("Family3", str(spec.label)))
            self.buttons[kind].setToolTip(translate("Family3", str(spec.tip)))
        self.scene.relayout()
        self._place_buttons()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _place_buttons(self) -> None:
        pixels = palette.text_pixels("button", self.scene.geometry.unit)
        font = self._box.font()
        font.setPixelSize(pixels)
        for button in self.buttons.values():
            button.setFont(font)
        widest = max([b.sizeHint().width() for b in self.buttons.values()] or [0])
        self._box.adjustSize()
        height = self._box.sizeHint().height()
        viewport = self.view.viewport().size()
        margin = round(palette.spacing("button_margin"))
        self._box.setGeometry(
            viewport.width() - widest - margin, viewport.height() - height - margin, widest, height
        )
        self.scene.set_reserved_right(widest + margin if self.buttons else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_buttons()


def new_table(client: Any, parent: QWidget | None = None) -> Family3Table:
    """The table of a family-3 game kind's view (`durak_qt.games.family3.client.Family3Client`)."""
    scene = client.make_scene(shared_card_art(), None)
    table = Family3Table(scene, client.buttons, parent)
    scene.setParent(table)
    return table
