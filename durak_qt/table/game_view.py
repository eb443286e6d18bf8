"""How a game's table is drawn and played, as pure functions: `GameView`, the one record every game
fills (Durak's `DURAK_VIEW`, each family-3 game's `VIEW`), with the defaults a game of one-card
moves needs.

The one scene (`durak_qt.table.scene.TableScene`) calls a view's functions with the observation
shown, the window's `durak_qt.table.piles.TableFrame` and the player's `TableMoment` (plain
values) and draws what they return. So the live table, the resume path, a replay and a spectator
draw a game alike, and every function is tested without widgets.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter

from durak_qt import palette
from durak_qt.card_text import card_label
from durak_qt.table.layout import CardKey, Placement
from durak_qt.table.moment import CardFacts, TableMoment, toggled
from durak_qt.table.piles import (
    NO_MARKS,
    Badge,
    CardMarks,
    FaceNamer,
    HandIntent,
    MiddleLayout,
    Pile,
    TableFrame,
    first_of_kind,
    hand_sizes_of,
    legal_of,
    other_hand_piles,
    own_hand_pile,
    play_intent,
)
from engine.cards import Card

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("Family3", ...)` calls)."""


@dataclass(frozen=True)
class TableMarks:
    """The cards one layout marks, by key, and whether ←/→ move over your hand now."""

    targets: frozenset[CardKey] = frozenset()  # what your move aims at (the target ring)
    focused: frozenset[CardKey] = frozenset()  # cards of the middle the keys point at
    hand_keys: bool = True  # False while the game's own chooser has the arrows


@dataclass(frozen=True)
class Choice:
    """A round button a game puts on the table (a suit to order): its look and its intent."""

    key: str
    symbol: str
    suit: str  # the ink of the symbol
    pos: QPointF
    radius: float
    enabled: bool
    focused: bool
    tooltip: str
    intent: object | None


class KeyUse(enum.Enum):
    """What a game's key function says besides an intent or a new `TableMoment`."""

    TAKEN = "taken"  # the key is the game's, and changes nothing now
    ACTIVATE = "activate"  # the focused hand card's intent, as Enter on it


KeyOutcome = object
"""A game key's meaning: None (not the game's key), a `KeyUse`, a new `TableMoment` (drawn), or
an intent to perform (a legal action, a `durak_qt.table.piles.Pick` or `Aim`)."""

StatusLine = Callable[[Any, TableFrame, TableMoment], "tuple[str, bool] | None"]
"""The line above your hand and whether it is your move; None: the common line."""


Tooltip = Callable[[Any, TableFrame, TableMoment, CardFacts], str]
"""A card's tooltip: (observation, frame, moment, the card) -> text."""


def common_status(obs: Any, frame: TableFrame, read_only: bool = False) -> tuple[str, bool]:
    """The line every game shows unless it says more: over, your move, or whom it waits for."""
    if obs.over:
        return translate("Family3", "Game over"), False
    if legal_of(obs):
        return translate("Family3", "Your move"), True
    waiting = [frame.seat_name(s) for s in obs.to_act if s != obs.seat or read_only]
    if waiting:
        return translate("Family3", "Waiting for %1").replace("%1", ", ".join(waiting)), False
    return "", False


def no_status(obs: Any, frame: TableFrame, moment: TableMoment) -> tuple[str, bool] | None:
    """No line of the game's own: the common one."""
    return None


def common_keys_help() -> str:
    """The keys and clicks of a table of one-card moves."""
    return translate(
        "Family3",
        "Mouse: click a lit card to play it.\nKeys: ←/→ choose a card, Enter or Space play it.",
    )


def common_tooltip(obs: Any, frame: TableFrame, moment: TableMoment, card: CardFacts) -> str:
    """A card's name, and for a lit card of your hand that a click plays it."""
    if card.card is None:
        return ""
    label = card_label(card.card)
    if card.lit and card.hand_index is not None:
        return translate("Family3", "%1: click to play it").replace("%1", label)
    return label


def no_entry(obs: Any, frame: TableFrame, placed: Placement) -> QPointF | None:
    """A card new on the table just appears."""
    return None


def first_button(obs: Any, frame: TableFrame, moment: TableMoment, kind: str) -> object | None:
    """A button's intent in a game of one-card moves: the first legal action of its kind."""
    return first_of_kind(obs, kind)


def legal_kinds(obs: Any, frame: TableFrame, moment: TableMoment) -> set[str]:
    """The buttons shown: those of the legal actions' kinds."""
    return {str(getattr(action, "kind", "")) for action in legal_of(obs)}


def no_marks(
    obs: Any, frame: TableFrame, moment: TableMoment, placed: Sequence[Placement]
) -> TableMarks:
    """No card marked; the arrows move over your hand."""
    return TableMarks()


def no_key(obs: Any, frame: TableFrame, moment: TableMoment, key: int) -> KeyOutcome:
    """The game has no keys of its own (its buttons' letters are the scene's)."""
    return None


def toggle_pick(
    obs: Any, frame: TableFrame, moment: TableMoment, hand_index: int
) -> TableMoment | None:
    """Pick a card of your hand for a move of several cards, or put it back."""
    return replace(moment, picked=toggled(moment.picked, hand_index))


def keep_selection(previous: Any, obs: Any, moment: TableMoment) -> TableMoment:
    """What stays chosen when a new observation comes: everything."""
    return moment


def no_badges(obs: Any, frame: TableFrame, placed: Sequence[Placement]) -> list[Badge]:
    """No badge beyond the piles'."""
    return []


def no_choices(obs: Any, frame: TableFrame, moment: TableMoment) -> list[Choice]:
    """No chooser on the table."""
    return []


def common_seat_role(obs: Any, seat: int) -> tuple[str, QColor]:
    """The pill under a seat's name: the winner and the fool of a finished game."""
    colours = palette.current()
    if obs.over and getattr(obs, "winner", None) == seat:
        return translate("Family3", "WINNER"), colours.role_won
    if obs.over and getattr(obs, "fool", None) == seat:
        return translate("Family3", "FOOL"), colours.role_fool
    return "", colours.role_none


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


def seat_title(obs: Any, frame: TableFrame, moment: TableMoment, seat: int) -> str:
    """A seat's name as its plate shows it: yours says "(you)" unless the table is watched."""
    yours = seat == obs.seat and not moment.read_only
    return frame.seat_name(seat) + (translate("Family3", " (you)") if yours else "")


def seat_detail(obs: Any, moment: TableMoment, seat: int) -> str:
    """The line under a seat's name: its cards, its match points, and "bot"."""
    detail = COUNTS.cards(hand_sizes_of(obs)[seat])
    if seat < len(moment.match_points):
        detail += " · " + COUNTS.points(moment.match_points[seat])
    if seat in moment.bot_hosts:
        detail += " · " + translate("Family3", "bot")
    return detail


def move_text(obs: Any, moment: TableMoment, seat: int) -> str:
    """The mark of a seat to move: "▲ your move" on yours (unless watched), else "▲ to move"."""
    if seat == obs.seat and not moment.read_only:
        return translate("Family3", "▲ your move")
    return translate("Family3", "▲ to move")


def seat_tooltip(obs: Any, frame: TableFrame, moment: TableMoment, seat: int) -> str:
    """A seat's tooltip: its name, and who runs its bot."""
    text = frame.seat_name(seat)
    if seat in moment.bot_hosts:
        text += "\n" + translate("Family3", "A bot run by %1").replace("%1", moment.bot_hosts[seat])
    return text


Arrange = Callable[[Any, TableFrame, Mapping[CardKey, Placement]], "Arranged"]
"""A game's last word on the cards' places: (observation, frame, placements) -> `Arranged`."""


@dataclass(frozen=True)
class Arranged:
    """The cards' places after the game's `arrange`, and your hand's display order if it set
    one (None: the sorted order)."""

    placed: Mapping[CardKey, Placement]
    hand_order: list[int] | None = None


def as_laid(obs: Any, frame: TableFrame, placed: Mapping[CardKey, Placement]) -> Arranged:
    """The cards stay where the piles put them."""
    return Arranged(placed)


def no_middle(obs: Any, frame: TableFrame, face_key: FaceNamer) -> list[Pile]:
    """Nothing in the middle of the table."""
    return []


@dataclass(frozen=True)
class Laid:
    """A layout: its piles (with what their cards mean), every card's place by key (after the
    game's `arrange`), your hand's indexes in display order, and the badges placed from the
    cards' places beyond the piles' own."""

    piles: list[Pile]
    placed: Mapping[CardKey, Placement]
    hand_order: list[int]
    badges: Sequence[Badge] = ()


def hands_and_middle(view: GameView, obs: Any, frame: TableFrame) -> Laid:
    """The other seats' cards, your hand with the intents the view gives its cards
    (`hand_intent`, `hand_alt_intent`) and the view's middle, placed as its `arrange` says."""
    face_key = FaceNamer()
    piles = other_hand_piles(obs, frame, face_key)
    hand, order = own_hand_pile(obs, frame, face_key, view.hand_intent, view.hand_alt_intent)
    piles.append(hand)
    piles.extend(view.middle(obs, frame, face_key))
    wanted = {placed.key: placed for pile in piles for placed in pile.cards}
    arranged = view.arrange(obs, frame, wanted)
    placed = arranged.placed
    if arranged.hand_order is not None:
        order = list(arranged.hand_order)
    return Laid(piles, placed, order, view.badges(obs, frame, list(placed.values())))


def as_given(obs: Any, piles: list[Pile], frame: TableFrame, moment: TableMoment) -> list[Pile]:
    """The piles mean what the layout made them mean."""
    return piles


CardMarker = Callable[[Placement], CardMarks]
"""What one card of a layout shows and takes now."""


def marked_by_intents(
    view: GameView,
    obs: Any,
    frame: TableFrame,
    moment: TableMoment,
    placed: Sequence[Placement],
    intents: Mapping[CardKey, object],
) -> CardMarker:
    """A hand card is lit when the game says (`lit_hand`; by default, when it has an intent); a
    card of the middle when it has an intent; the game's `marks` add its targets and the cards
    of the middle the keys point at; the keys' hand card is ringed while ←/→ move over it."""
    if view.lit_hand is not None:
        playable = view.lit_hand(obs)
    else:
        playable = {
            p.card
            for p in placed
            if p.hand_index is not None and p.card is not None and p.key in intents
        }
    marks = view.marks(obs, frame, moment, placed)
    hand_keys = not obs.over and marks.hand_keys and moment.tab_target is None

    focused_keys = marks.focused if moment.keys_used else frozenset()

    def mark(placed: Placement) -> CardMarks:
        card, hand_index, key = placed.card, placed.hand_index, placed.key
        in_hand = hand_index is not None
        if (
            not in_hand
            and key not in intents
            and key not in marks.targets
            and key not in focused_keys
        ):
            return NO_MARKS  # most cards: another seat's, a trick's, a pile's (no new value)
        middle_live = not in_hand and key in intents
        lit = (in_hand and card is not None and card in playable) or middle_live
        focused_hand = in_hand and hand_index == moment.focused_hand and hand_keys
        return CardMarks(
            lit=lit,
            picked=in_hand and hand_index in moment.picked,
            target=key in marks.targets,
            focused=moment.keys_used and (focused_hand or (not in_hand and key in marks.focused)),
            clickable=in_hand or middle_live,
            pointing=lit,
        )

    return mark


def no_exit(previous: Any, obs: Any, frame: TableFrame, key: CardKey) -> QPointF | None:
    """A card that left the table just goes."""
    return None


def panel_felt(painter: QPainter, rect: QRectF, width: float, height: float) -> None:
    """A felt of its own: a rounded table, lighter in the middle where the piles lie."""
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


def no_unseen(obs: Any) -> dict[int, int]:
    """You see every card of your hand."""
    return {}


ONE_CARD_ACTIVATE_KEYS = (int(Qt.Key.Key_Return), int(Qt.Key.Key_Enter), int(Qt.Key.Key_Space))
"""Enter or Space play the focused card (a game of one-card moves)."""


@dataclass(frozen=True)
class GameView:
    """How one game's table is drawn and played: pure functions the one scene calls (each
    default is what a game of one-card moves needs)."""

    middle: MiddleLayout = no_middle
    """The piles of the middle of the table (durak_qt.table.piles.MiddleLayout)."""
    layout: Callable[[GameView, Any, TableFrame], Laid] = hands_and_middle
    """The whole layout (by default the hands and the view's `middle`, `arrange`d)."""
    intents: Callable[[Any, list[Pile], TableFrame, TableMoment], list[Pile]] = as_given
    """The layout's piles with what their cards mean for the player's choice now (Durak's)."""
    card_marks: Callable[
        [GameView, Any, TableFrame, TableMoment, Sequence[Placement], Mapping[CardKey, object]],
        CardMarker,
    ] = marked_by_intents
    """What each card of the layout shows and takes now."""
    exit_point: Callable[[Any, Any, TableFrame, CardKey], QPointF | None] = no_exit
    """Where a card that left the table glides to (previous observation, new one; None: it goes)."""
    status: StatusLine = no_status
    keys_help: Callable[[], str] = common_keys_help
    tooltip: Tooltip = common_tooltip
    entry_point: Callable[[Any, TableFrame, Placement], QPointF | None] = no_entry
    """Where a card that was not on the table flies in from (None: it just appears)."""
    hand_intent: HandIntent = play_intent
    """What a click on a card of your hand means (by default the one legal action playing it)."""
    hand_alt_intent: HandIntent | None = None
    """What a click with Ctrl or Shift on a card of your hand means (pagons: mark it)."""
    button_intent: Callable[[Any, TableFrame, TableMoment, str], object | None] = first_button
    button_kinds: Callable[[Any, TableFrame, TableMoment], set[str]] = legal_kinds
    lit_hand: Callable[[Any], set[Card]] | None = None
    """The hand cards drawn lit (None: those with an intent)."""
    marks: Callable[[Any, TableFrame, TableMoment, Sequence[Placement]], TableMarks] = no_marks
    key: Callable[[Any, TableFrame, TableMoment, int], KeyOutcome] = no_key
    """A key the game reads before the common ones (suit letters while ordering, ...)."""
    pick: Callable[[Any, TableFrame, TableMoment, int], TableMoment | None] = toggle_pick
    """A `Pick` intent: the new moment (None: the card cannot be picked now)."""
    carry: Callable[[Any, Any, TableMoment], TableMoment] = keep_selection
    """What stays chosen from the last observation drawn (or None) to a new one."""
    arrange: Arrange = as_laid
    badges: Callable[[Any, TableFrame, Sequence[Placement]], list[Badge]] = no_badges
    """Badges placed from the cards' places (pagons' stars over your pagons)."""
    choices: Callable[[Any, TableFrame, TableMoment], list[Choice]] = no_choices
    seat_role: Callable[[Any, int], tuple[str, QColor]] = common_seat_role
    seat_title: Callable[[Any, TableFrame, TableMoment, int], str] = seat_title
    seat_detail: Callable[[Any, TableMoment, int], str] = seat_detail
    move_text: Callable[[Any, TableMoment, int], str] = move_text
    seat_tooltip: Callable[[Any, TableFrame, TableMoment, int], str] = seat_tooltip
    play_area_hint: Callable[[Any, list[Card | None], bool], str] | None = None
    """The middle's hint where a click plays the chosen cards (Durak's; None: no play area)."""
    felt: Callable[[QPainter, QRectF, float, float], None] = panel_felt
    """The table's background: (painter, rect to fill, table width, height)."""
    unseen_hand: Callable[[Any], Mapping[int, int]] = no_unseen
    """Your hand cards you may play without seeing them, by hand index -> their deck position
    (Durak's reverse fool)."""
    holds_hand: bool = False
    """Your hand keeps its places while the pointer rests on it (Durak's)."""
    drag_chooses: bool = False
    """A hand card dragged becomes the one chosen, and the middle lights up where it may go
    (Durak's)."""
    activate_keys: tuple[int, ...] = ONE_CARD_ACTIVATE_KEYS
    """The keys that perform the focused card's intent."""
    focus_playable: bool = True
    """The keys' focus starts on your first playable card (and moves there on a new hand)."""
    move_clears_choice: bool = False
    """A move forgets the cards chosen at once (Durak's), not at the next observation."""


PLAIN_VIEW = GameView(middle=no_middle)
"""A table of one-card moves with nothing in the middle."""
