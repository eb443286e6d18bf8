"""The table of a family-3 game: your hand, the other seats' backs and name plates, the buttons.

`Family3Scene` draws the piles of a pure layout (`durak_qt.table.piles`): what every family-3
observation has (your hand with the playable cards lit, the other seats' cards as backs with
their counts) and the game's middle of the table (its `middle_layout`), with their badges; it
shows whose move it is and the match points on the name plates, animates the cards, and turns a
click, a drop or a key into an action taken from `observation.legal` as it is: the intent the
layout gives the card (`hand_intent` and `hand_alt_intent` for your hand, the middle layout's
`Pile.intents`), or a button's (`button_intent`). A game's own module subclasses it for its
middle (`middle_layout`, and `layout_middle` for items of its own such as a suit chooser), its
intents (pure functions of the observation and the frame), its status line (`status_text`),
its tooltips and its extra keys (`handle_kind_key`).
`Family3Table` is the widget: the scene's view (`durak_qt.table.view.TableView`) with the game's
buttons (`durak_qt.games.family3.client.ButtonSpec`) at the bottom right. The drawing itself
(card items, badges, name plates, animation) is the one table scene's
(`durak_qt.table.pile_scene.PileScene`), which Durak's table uses too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
from durak_qt.card_text import card_label, display_order
from durak_qt.games.family3.client import ButtonSpec
from durak_qt.palette import themed
from durak_qt.table.card_art import CardArt, shared_card_art
from durak_qt.table.items import CardItem
from durak_qt.table.layout import CardKey, Placement
from durak_qt.table.pile_scene import PileScene
from durak_qt.table.piles import (
    Aim,
    ButtonIntent,
    CardMarks,
    DropZone,
    FaceNamer,
    HandIntent,
    MiddleLayout,
    Pick,
    card_of,
    first_intent,
    hand_sizes_of,
    other_hand_piles,
    own_hand_pile,
    play_intent,
)
from durak_qt.table.tab_order import BUTTON_FOCUS_STYLE, TabOrder
from durak_qt.table.view import TableView, button_style
from engine.cards import Card

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("Family3", ...)` calls)."""


ALT_MODIFIERS = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
"""A click with one of these held performs the card's alternative intent (`Pile.alt_intents`)."""


class Family3Counts(QObject):
    """Texts with a number, in the forms the language has for it (lupdate reads plural forms
    only from `tr`; never subclassed, so the context stays "Family3Counts")."""

    def cards(self, count: int) -> str:
        """ "5 cards"."""
        return self.tr("%n card(s)", "", count)

    def points(self, count: int) -> str:
        """ "23 points", "-50 points" (Qt fills %n only for a count of 0 or more: a negative
        count takes the form of its size, and its sign is written in)."""
        text = self.tr("%n point(s)", "", abs(count))
        return text.replace(str(abs(count)), str(count), 1) if count < 0 else text


COUNTS = Family3Counts()


__all__ = ["COUNTS", "Family3Scene", "Family3Table", "actions_of_kind", "card_of", "new_table"]


def actions_of_kind(legal: Sequence[Any], kind: str) -> list[Any]:
    """The legal actions of one kind, in the engine's order."""
    return [action for action in legal if getattr(action, "kind", None) == kind]


class Family3Scene(PileScene):
    """Draws a family-3 observation; emits `action_chosen(action)` with an action of obs.legal."""

    changed_layout = Signal()

    def __init__(self, art: CardArt, parent: QObject | None = None) -> None:
        super().__init__(art, parent)
        self.match_points: tuple[int, ...] = ()
        self.selected_hand: set[int] = set()  # hand indexes picked for a move of several cards
        self._face_key = FaceNamer()
        self.button_keys: dict[int, str] = {}  # a key -> the kind of the button it presses
        self._playable: set[Card] = set()  # the hand cards a legal action plays, now
        self._laid_for: Any = None  # the observation the piles drawn now were laid out for
        self._focus_hand_index: int | None = None  # the hand card the keyboard points at

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

    def set_observation(self, observation: Any) -> None:
        """Draw a new observation; only its legal actions can be chosen."""
        previous = self.observation
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
        """The cards of your hand a click on which does something (the lit ones)."""
        obs, intent = self.observation, self.hand_intent
        if obs is None:
            return set()
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
        self._place_seats(obs)
        frame = self.frame()
        self._face_key = FaceNamer()
        piles = other_hand_piles(obs, frame, self._face_key)
        hand, self.hand_order = own_hand_pile(
            obs, frame, self._face_key, self.hand_intent, self.hand_alt_intent
        )
        piles.append(hand)
        if self.middle_layout is not None:
            piles.extend(self.middle_layout(obs, frame, self._face_key))
        self.set_piles(piles)
        self._laid_for = obs
        wanted = {placed.key: placed for placed in self.placed_cards(piles)}
        self.layout_middle(obs, wanted)
        self.draw_badges(self.layout_badges(piles))
        self._focus_hand_index = self._focused_hand_index()
        self._playable = self.playable_cards()
        self.prepare_marks(obs)
        self.draw_cards(
            wanted.values(),
            self.animation_ms if animate else 0,
            lambda placed: self.entry_point(obs, placed.key, placed),
        )
        text, mine = self.status_text(obs)
        self.draw_banner(text, mine, self.keys_help())
        self.changed_layout.emit()

    def face_key(self, card: Card) -> CardKey:
        """The item name of a face in this layout: ("face", "7H"), a second copy of the same
        card (two decks) ("face", "7H", 1)."""
        return self._face_key(card)

    def selected_hand_indexes(self) -> set[int]:
        """The hand indexes picked for a move of several cards."""
        return self.selected_hand

    # ----- for a game's own scene ---------------------------------------------------------

    middle_layout: MiddleLayout | None = None
    """The game's pure layout of the middle of the table (durak_qt.table.piles.MiddleLayout)."""

    hand_intent: HandIntent = staticmethod(play_intent)
    """What a click on a card of your hand means (durak_qt.table.piles.HandIntent): by default
    the one legal action playing it."""

    button_intent: ButtonIntent = staticmethod(first_intent)
    """What a button (or its key) means: the first legal action of its kind, unless the game
    says otherwise (a lead of the picked cards...)."""

    hand_alt_intent: HandIntent | None = None
    """What a click with Ctrl or Shift on a card of your hand means (pagons: mark it)."""

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
        """Pick a card of your hand for a move of several cards, or put it back."""
        self.selected_hand ^= {hand_index}
        self.relayout()
        return True

    def layout_middle(self, obs: Any, wanted: dict[CardKey, Placement]) -> None:
        """Place what the game's `middle_layout` does not (items of its own, such as a suit
        chooser); cards go into `wanted` (key -> durak_qt.table.layout.Placement)."""

    def clear_middle(self) -> None:
        """Forget the middle's own items (a new game is being dealt)."""

    def button_kinds(self) -> set[str]:
        """The kinds whose buttons are shown now: those of the legal actions."""
        return {str(getattr(action, "kind", "")) for action in self.legal()}

    def handle_kind_key(self, key: int) -> bool:
        """A key the game reads before the common ones (suit letters while ordering, ...)."""
        return False

    def status_text(self, obs: Any) -> tuple[str, bool]:
        """The line above your hand: what you may do, or whom the table waits for; and whether
        it is your move."""
        if obs.over:
            return translate("Family3", "Game over"), False
        if self.legal():
            return translate("Family3", "Your move"), True
        waiting = [self.seat_name(s) for s in obs.to_act if s != obs.seat or self.read_only]
        if waiting:
            return translate("Family3", "Waiting for %1").replace("%1", ", ".join(waiting)), False
        return "", False

    def choose(self, action: Any) -> bool:
        """Emit a legal action (anything else is ignored); True when emitted."""
        if action is None or action not in self.legal():
            return False
        self.action_chosen.emit(action)
        return True

    def choose_kind(self, kind: str) -> bool:
        """Perform a button's intent (the button, or its key)."""
        obs = self.observation
        return obs is not None and self.perform(self.button_intent(obs, self.frame(), kind))

    # ----- placing ------------------------------------------------------------------------

    def _place_seats(self, obs: Any) -> None:
        unit = self.unit
        for seat in range(obs.players):
            item = self.seat_item(seat)
            cards = hand_sizes_of(obs)[seat]
            detail = COUNTS.cards(cards)
            if seat < len(self.match_points):
                points = self.match_points[seat]
                detail += " · " + COUNTS.points(points)
            if seat in self.bot_hosts:
                detail += " · " + translate("Family3", "bot")
            is_me = seat == obs.seat
            yours = is_me and not self.read_only
            name = self.seat_name(seat) + (translate("Family3", " (you)") if yours else "")
            to_move = seat in obs.to_act and not obs.over
            move_text = (
                translate("Family3", "▲ your move") if yours else translate("Family3", "▲ to move")
            )
            role, colour = self.seat_role(obs, seat)
            item.is_me = is_me
            item.set_state(name, detail, role, colour, to_move, move_text, unit)
            self.place_plate(item, obs, seat)
            item.setToolTip(self._seat_tooltip(seat))
        self.drop_seats_from(obs.players)

    def seat_role(self, obs: Any, seat: int) -> tuple[str, QColor]:
        """The pill under a seat's name: the winner and the fool of a finished game."""
        colours = palette.current()
        if obs.over and getattr(obs, "winner", None) == seat:
            return translate("Family3", "WINNER"), colours.role_won
        if obs.over and getattr(obs, "fool", None) == seat:
            return translate("Family3", "FOOL"), colours.role_fool
        return "", colours.role_none

    def _seat_tooltip(self, seat: int) -> str:
        text = self.seat_name(seat)
        if seat in self.bot_hosts:
            text += "\n" + translate("Family3", "A bot run by %1").replace(
                "%1", self.bot_hosts[seat]
            )
        return text

    def entry_point(self, obs: Any, key: CardKey, placed: Placement) -> QPointF | None:
        """Where a card that was not on the table flies in from (None: it just appears)."""
        return None

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
        """Work out once per layout what `is_picked`, `is_target` and `is_focused_middle` read
        (called before the cards are styled)."""

    def is_picked(self, placed: Placement) -> bool:
        """Whether a hand card stands out of the fan, picked for a move of several cards."""
        return placed.hand_index in self.selected_hand

    def is_target(self, placed: Placement) -> bool:
        """Whether a card is marked as what your move aims at (the attack card to beat)."""
        return False

    def is_focused_middle(self, placed: Placement) -> bool:
        """Whether the keys point at this card of the middle (while they are used)."""
        return False

    def hand_keys_live(self) -> bool:
        """Whether ←/→ choose a card of your hand now (not while a game's chooser has them)."""
        return self.observation is not None and not self.observation.over

    def card_tooltip(self, key: CardKey, item: CardItem) -> str:
        """The tooltip of a card: its name, and what a click does."""
        if item.card is None:
            return ""
        label = card_label(item.card)
        if item.playable and item.hand_index is not None:
            return translate("Family3", "%1: click to play it").replace("%1", label)
        return label

    def keys_help(self) -> str:
        """The keys and clicks of this table, for the status line's tooltip."""
        return translate(
            "Family3",
            "Mouse: click a lit card to play it.\nKeys: ←/→ choose a card, Enter or Space play it.",
        )

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
