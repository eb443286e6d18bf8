"""A table as a list of piles: pure layout from an observation and the window's geometry.

A game's layout function takes its observation and a `TableFrame` (the geometry, the seat
names, the card back, the room the name plate and the buttons take) and returns `Pile`s: the
cards of each pile with their places (`durak_qt.table.layout.Placement`), the short texts
drawn beside them (`Badge`) and what a click, a drop or Enter on each of its cards means (its
`intents`: a legal action of the observation, or a `Pick`). Nothing here makes or draws an
item (that is the scene's job), so layouts are tested without widgets.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from PySide6.QtCore import QCoreApplication, QPointF, QRectF

from durak_qt import palette
from durak_qt.card_text import display_order
from durak_qt.table.card_art import card_height
from durak_qt.table.layout import CardKey, Placement, Spot, TableGeometry
from engine.cards import Card

translate = QCoreApplication.translate

OTHER_HAND_SHOWN = 12
"""A long hand of another seat is drawn as this many cards; its plate says how many."""


@dataclass(frozen=True)
class Badge:
    """A short text on the table: a label on a rounded plate, or a suit in a round badge."""

    name: str  # the scene keeps one item per name across layouts
    text: str
    pos: QPointF
    pixel_size: int
    suit: str = ""  # a suit badge ("trump", "ordered") shows this suit's symbol
    caption: str = ""  # the word under a suit badge
    radius: float = 0.0  # a suit badge's radius
    tooltip: str = ""
    emphasis: bool = False  # drawn in the colours of "your move"
    bold: bool = False
    left_aligned: bool = False  # `pos` is the middle of the text's left edge, not its centre


@dataclass(frozen=True)
class CardMarks:
    """What one card shows and takes now, as the game says; the one scene draws it the same
    way for every game (`durak_qt.table.pile_scene.PileScene.style_card`)."""

    lit: bool = False  # the hint: a click (or a drag) on it makes or starts a move
    picked: bool = False  # chosen for a move (drawn lifted, with the picked ring)
    target: bool = False  # what the chosen cards aim at (the target ring)
    focused: bool = False  # the keys point at it (the dashed focus ring)
    clickable: bool = False  # takes a click; a lit one may be dragged
    pointing: bool = False  # the pointing hand over it
    talon: bool = False  # the talon's top card, led with a click or a drag (armenian)


NO_MARKS = CardMarks()
"""A card that shows nothing and takes nothing (another seat's back, a discarded card)."""


@dataclass(frozen=True)
class DropZone:
    """Where a dragged card may be let go, and what that means: `intent` goes back to the
    game's scene (`PileScene.dropped_on`; None: the card goes back); `lit_key` names a card
    drawn as a target meanwhile (or `MIDDLE`, the middle of the table)."""

    area: QRectF
    intent: object
    lit_key: CardKey | None = None


MIDDLE: CardKey = ("middle",)
"""The `DropZone.lit_key` of the middle of the table (no card: the scene lights its area)."""


@dataclass(frozen=True)
class Pick:
    """An intent: pick the card at `hand_index` of your hand for a move of several cards (or
    put it back when it is picked)."""

    hand_index: int


@dataclass(frozen=True)
class Aim:
    """An intent: aim your next move at this card of the table (the attack card a beat from
    your hand covers)."""

    card: Card


@dataclass(frozen=True)
class Pile:
    """One group of cards on the table: its cards' places, its badges, what a click means."""

    name: str
    cards: tuple[Placement, ...] = ()
    badges: tuple[Badge, ...] = ()
    stacked_on: tuple[str, ...] = ()  # piles this one covers by design (a card on the pile)
    fan: tuple[Spot, ...] = ()  # a hand's places left to right, before a picked card is lifted
    intents: Mapping[CardKey, object] = field(default_factory=dict)
    """What a click, a drop or Enter on each card of the pile means now (a card without one
    takes none): a legal action of the observation, a `Pick` or an `Aim`."""
    alt_intents: Mapping[CardKey, object] = field(default_factory=dict)
    """What a click with Ctrl or Shift held (or the game's marking key) on a card means."""
    context_intents: Mapping[CardKey, object] = field(default_factory=dict)
    """What a click with the right button on a card means (believe: beat face down)."""
    double_intents: Mapping[CardKey, object] = field(default_factory=dict)
    """What a double click on a card means (the one move it makes alone)."""
    drops: Mapping[CardKey, tuple[DropZone, ...]] = field(default_factory=dict)
    """Where each card may be dragged and let go, and what that means, first zone first."""
    ground: DropZone | None = None
    """A pile without cards that takes clicks (the middle of the table): its area and what a
    click there means (None: nothing)."""
    key_intents: Mapping[int, object] = field(default_factory=dict)
    """What a key (a `Qt.Key` value) means while the keys are at this pile (your hand)."""


def legal_of(obs: Any) -> tuple[Any, ...]:
    """The legal actions an observation offers (none once its game is over)."""
    return () if getattr(obs, "over", False) else tuple(obs.legal)


def card_of(action: Any) -> Card | None:
    """The card an action plays (None for a draw, a pass, an order...)."""
    card = getattr(action, "card", None)
    return card if isinstance(card, Card) else None


def first_of_kind(obs: Any, kind: str) -> Any | None:
    """The first legal action of a kind (what its button or its key makes), or None."""
    return next((a for a in legal_of(obs) if getattr(a, "kind", None) == kind), None)


Result = TypeVar("Result")


def per_observation(work: Callable[[Any], Result]) -> Callable[[Any], Result]:
    """`work(obs)` remembered for the last observation it was asked about (observations are
    immutable: a layout asks once per card, the answer is worked out once per layout)."""
    last: list[Any] = [None, None]

    def remembered(obs: Any) -> Result:
        if last[0] is not obs:
            last[0], last[1] = obs, work(obs)
        return cast(Result, last[1])

    return functools.wraps(work)(remembered)


@per_observation
def plays_by_card(obs: Any) -> dict[Card, list[Any]]:
    """The legal actions playing each card (in the engine's order)."""
    plays: dict[Card, list[Any]] = {}
    for action in legal_of(obs):
        card = card_of(action)
        if card is not None:
            plays.setdefault(card, []).append(action)
    return plays


def play_intent(obs: Any, frame: TableFrame, card: Card, hand_index: int) -> object | None:
    """A hand card's intent in a game of one-card moves: the one legal action playing it."""
    found = plays_by_card(obs).get(card, ())
    return found[0] if len(found) == 1 else None


def first_intent(obs: Any, frame: TableFrame, kind: str) -> object | None:
    """A button's intent in a game of one-card moves: the first legal action of its kind."""
    return first_of_kind(obs, kind)


def picked_cards(obs: Any, frame: TableFrame) -> list[Card]:
    """The cards of your hand picked for a move of several cards, in hand order."""
    hand = tuple(obs.hand)
    return [hand[i] for i in sorted(frame.selected_hand) if i < len(hand) and hand[i]]


ButtonIntent = Callable[[Any, "TableFrame", str], object | None]
"""What a button (or its key) means: (observation, frame, button kind) -> intent."""

HandIntent = Callable[[Any, "TableFrame", Card, int], object | None]
"""What a click on a card of your hand means: (observation, frame, card, hand index) ->
intent."""


def seat_label(names: Sequence[str], seat: int) -> str:
    """The name shown for a seat: its name, or "Seat 3" when the table has none for it (in the
    one scene's words, context "TableScene", for every game)."""
    if 0 <= seat < len(names):
        return names[seat]
    return translate("TableScene", "Seat %1").replace("%1", str(seat + 1))


@dataclass(frozen=True)
class TableFrame:
    """What a layout needs besides the observation: where, how large, and in which look."""

    geometry: TableGeometry
    names: tuple[str, ...] = ()
    card_back: str = "back-blue"
    sort_order: str = "suit"
    left_clear: float = 0.0  # your name plate's right edge: your hand stays right of it
    reserved_right: float = 0.0  # pixels at the bottom right kept for the buttons
    selected_hand: frozenset[int] = field(default_factory=frozenset)
    plates: Mapping[int, QRectF] = field(default_factory=dict)  # the seats' name plates
    hand_spots: tuple[Spot, ...] = ()  # your hand held where it was (used when as many as it)
    aim: Card | None = None  # the card of the table your next move aims at (`Aim`)

    @property
    def size(self) -> tuple[float, float]:
        """The table's width and height in pixels."""
        return self.geometry.width, self.geometry.height

    def seat_name(self, seat: int) -> str:
        """The name shown for a seat (`seat_label`)."""
        return seat_label(self.names, seat)

    def text_size(self) -> int:
        """The pixel size of a pile's label at this table's size."""
        return palette.text_pixels("label", self.geometry.unit)


class FaceNamer:
    """Names the face-up card items of one layout: ("face", "7H"), a second copy of the same
    card (two decks) ("face", "7H", 1)."""

    def __init__(self) -> None:
        self._seen: dict[str, int] = {}

    def __call__(self, card: Card) -> CardKey:
        count = self._seen.get(card.text, 0)
        self._seen[card.text] = count + 1
        return ("face", card.text) if count == 0 else ("face", card.text, count)


def hand_sizes_of(obs: Any) -> tuple[int, ...]:
    """How many cards each seat holds: the observation's `hand_sizes`, else the lengths of its
    `hands` (a game whose observation lists every hand, faces or None)."""
    sizes = getattr(obs, "hand_sizes", None)
    return tuple(sizes) if sizes is not None else tuple(len(hand) for hand in obs.hands)


def other_hand_piles(obs: Any, frame: TableFrame, face_key: FaceNamer) -> list[Pile]:
    """Other seats' cards fanned above their plates: backs, or faces the seat may know."""
    geo = frame.geometry
    small = geo.small_width
    piles: list[Pile] = []
    for seat in range(obs.players):
        if seat == obs.seat:
            continue
        known = tuple(obs.hands[seat]) if seat < len(obs.hands) else ()
        count = hand_sizes_of(obs)[seat]
        centre = geo.fan_centre(cast(Any, obs), seat)
        shown = min(count, OTHER_HAND_SHOWN)
        spread = min(small * 0.32, (small * 1.9) / max(shown - 1, 1))
        cards: list[Placement] = []
        for i in range(shown):
            card = known[i] if i < len(known) else None
            x = centre.x() + (i - (shown - 1) / 2) * spread
            angle = (i - (shown - 1) / 2) * min(5.0, 30.0 / max(shown, 1))
            point = QPointF(x, centre.y())
            if card is None:
                key: CardKey = ("back", seat, i)
                cards.append(Placement(key, frame.card_back, point, small, angle, 1 + i))
            else:
                key = face_key(card)
                cards.append(Placement(key, card.text, point, small, angle, 1 + i, card))
        piles.append(Pile(f"seat {seat}", tuple(cards)))
    return piles


def above_hand_card(placed: Placement) -> QRectF:
    """The table above half a hand card's height: a card dragged there and let go plays as a
    click on it would."""
    top = placed.pos.y() - turned_box(placed).height() / 2
    far = 1e6
    return QRectF(-far, -far, 2 * far, top + far)


def own_hand_pile(
    obs: Any,
    frame: TableFrame,
    face_key: FaceNamer,
    intent: HandIntent | None = None,
    alt_intent: HandIntent | None = None,
) -> tuple[Pile, list[int]]:
    """Your hand fanned at the bottom (picked cards stand out of the fan), each card with the
    intents `intent` and `alt_intent` give it, and the hand indexes in display order."""
    geo = frame.geometry
    hand = tuple(obs.hand)
    order = display_order(hand, None, frame.sort_order)
    count = len(hand)
    spread = geo.hand_spread(count, frame.left_clear, frame.reserved_right)
    spots = geo.hand_fan(count, spread)
    cards: list[Placement] = []
    intents: dict[CardKey, object] = {}
    alt_intents: dict[CardKey, object] = {}
    drops: dict[CardKey, tuple[DropZone, ...]] = {}
    for pos, index in enumerate(order):
        card = hand[index]
        x, y, angle = spots[pos]
        image = frame.card_back if card is None else card.text
        key: CardKey = ("mine", index) if card is None else face_key(card)
        meaning = None if intent is None or card is None else intent(obs, frame, card, index)
        if meaning is not None:
            intents[key] = meaning
        alt = None if alt_intent is None or card is None else alt_intent(obs, frame, card, index)
        if alt is not None:
            alt_intents[key] = alt
        if index in frame.selected_hand:
            y -= geo.card_height * 0.2
        next_x = spots[pos + 1][0] if pos + 1 < count else x + geo.card_width
        placed = Placement(
            key,
            image,
            QPointF(x, y),
            geo.card_width,
            angle,
            100 + pos,
            card,
            hand_index=index,
            visible_width=min(max(next_x - x, 1.0), geo.card_width),
        )
        cards.append(placed)
        if meaning is not None:
            drops[key] = (DropZone(above_hand_card(placed), meaning),)
    hand_pile = Pile(
        "hand",
        tuple(cards),
        fan=tuple(spots),
        intents=intents,
        alt_intents=alt_intents,
        drops=drops,
    )
    return hand_pile, order


MiddleLayout = Callable[[Any, TableFrame, FaceNamer], list[Pile]]
"""A game's layout of the middle of the table: (observation, frame, face namer) -> piles."""


def table_piles(
    obs: Any,
    frame: TableFrame,
    middle: MiddleLayout,
    hand_intent: HandIntent | None = None,
    hand_alt_intent: HandIntent | None = None,
) -> list[Pile]:
    """Every pile of a family-3 table: the other seats' hands, your hand (its cards' intents
    from `hand_intent` and `hand_alt_intent`), the game's middle."""
    face_key = FaceNamer()
    piles = other_hand_piles(obs, frame, face_key)
    hand, _order = own_hand_pile(obs, frame, face_key, hand_intent, hand_alt_intent)
    piles.append(hand)
    piles.extend(middle(obs, frame, face_key))
    return piles


def turned_box(placed: Placement, margin: float = 0.0) -> QRectF:
    """The bounding box of a placed card grown by `margin` on each side, turned by its rotation
    about its centre."""
    width = float(placed.width) + 2 * margin
    height = float(card_height(placed.width)) + 2 * margin
    angle = math.radians(placed.rotation)
    cos, sin = abs(math.cos(angle)), abs(math.sin(angle))
    box_w, box_h = width * cos + height * sin, width * sin + height * cos
    return QRectF(placed.pos.x() - box_w / 2, placed.pos.y() - box_h / 2, box_w, box_h)


def card_rect(placed: Placement) -> QRectF:
    """The bounding box of a placed card, turned by its rotation about its centre."""
    return turned_box(placed)


def pile_rect(pile: Pile) -> QRectF:
    """The bounding box of a pile's cards (empty when it has none)."""
    rect = QRectF()
    for placed in pile.cards:
        rect = rect.united(card_rect(placed)) if not rect.isNull() else card_rect(placed)
    return rect


def piles_by_name(piles: Sequence[Pile]) -> dict[str, Pile]:
    """The piles of a layout by name."""
    return {pile.name: pile for pile in piles}


def pile_intents(piles: Sequence[Pile], alt: bool = False) -> dict[CardKey, object]:
    """The intent (`alt`: the alternative intent) of every card of a layout that has one, by
    the card's key."""
    return {
        key: intent
        for pile in piles
        for key, intent in (pile.alt_intents if alt else pile.intents).items()
    }


def card_bounds(placed: Placement) -> QRectF:
    """The box a placed card's item takes on the table: the card with the margin its rings
    are drawn in (`durak_qt.table.items.CardItem.boundingRect`), turned by its rotation."""
    return turned_box(placed, max(4.0, placed.width * 0.08))
