"""Czech fool's table: the deck to draw from, the discard pile's top card with the ordered suit
beside it, the suit chooser when you order, and the Draw and Pass buttons.

Mouse: click a lit card to play it, the deck to draw, a suit to order it. Keys: ←/→ and
Enter play a card, D draws, P passes; while ordering C, D, H, S (or 1 to 4, or ←/→ and Enter)
name the suit. Every move is taken from the observation's legal actions as it is.
"""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QPointF, Qt

from durak_qt import palette
from durak_qt.card_text import SUIT_SYMBOLS, suit_name
from durak_qt.games.czech.words import (
    COUNTS,
    DESCRIPTIONS,
    TITLES,
    describe_czech_events,
    merge_czech_draws,
)
from durak_qt.games.family3.client import ButtonSpec, Family3Client
from durak_qt.games.family3.view import Family3View
from durak_qt.table.card_art import CardArt, card_height
from durak_qt.table.choice_item import ChoiceItem
from durak_qt.table.family3_scene import Family3Scene
from durak_qt.table.items import CardItem
from durak_qt.table.layout import CardKey, Placement
from durak_qt.table.piles import (
    CLICK_DRAW,
    Badge,
    FaceNamer,
    Pile,
    TableFrame,
    first_of_kind,
    legal_of,
)
from engine.cards import SUITS
from engine.czech import game as czech
from engine.czech.actions import DRAW, ORDER, PASS, PLAY
from engine.czech.match import CzechMatch

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("Czech", ...)` calls)."""

SUIT_KEYS = {
    Qt.Key.Key_C: "C",
    Qt.Key.Key_D: "D",
    Qt.Key.Key_H: "H",
    Qt.Key.Key_S: "S",
    Qt.Key.Key_1: SUITS[0],
    Qt.Key.Key_2: SUITS[1],
    Qt.Key.Key_3: SUITS[2],
    Qt.Key.Key_4: SUITS[3],
}
"""Keys that name a suit while ordering (letters reach the table Latin on any layout)."""

PLAY_EVENTS = frozenset((czech.PLAYED, czech.OPENED))
"""Events that put a card on the pile (its flight, the "play" sound)."""

DECK_SHOWN = 3
"""Backs drawn for the deck (its count is written under it)."""


def deck_point(frame: TableFrame) -> QPointF:
    """Centre of the deck to draw from."""
    width, height = frame.size
    return QPointF(width * 0.37, height * 0.42)


def pile_point(frame: TableFrame) -> QPointF:
    """Centre of the discard pile's top card."""
    width, height = frame.size
    return QPointF(width * 0.53, height * 0.42)


def order_choices(obs: Any) -> dict[str, Any]:
    """The suits you may order now, each with its action (the suit chooser's intents)."""
    return {a.suit: a for a in legal_of(obs) if a.kind == ORDER}


def czech_middle(obs: Any, frame: TableFrame, face_key: FaceNamer) -> list[Pile]:
    """The middle of a czech fool table: the deck with its count (its top card draws while you
    may), the discard pile's top card over the cards under it with its count, and the ordered
    suit beside it (a badge and a line under the pile)."""
    geo = frame.geometry
    unit, cw = geo.unit, geo.card_width
    ch = card_height(cw)
    text_size = frame.text_size()
    deck, pile = deck_point(frame), pile_point(frame)
    backs = tuple(
        Placement(
            ("deck", i),
            frame.card_back,
            deck + QPointF(-2.0 * i * unit, -2.0 * i * unit),
            cw,
            0.0,
            10 + i,
        )
        for i in range(min(obs.stock_count, DECK_SHOWN))
    )
    deck_text = (
        COUNTS.deck(obs.stock_count) if obs.stock_count else translate("Czech", "Deck empty")
    )
    below_deck = deck + QPointF(0, ch * 0.5 + text_size * 1.3)
    under = min(max(obs.discard_count - 1, 0), 2)
    cards = [  # the pile under the top card, its faces no longer in play
        Placement(("under", i), frame.card_back, pile, cw, (-7.0, 6.0)[i], 10 + i)
        for i in range(under)
    ]
    if obs.top is not None:
        cards.append(Placement(("face", obs.top.text), obs.top.text, pile, cw, 0.0, 20, obs.top))
    badges: list[Badge] = []
    if obs.top is not None:
        below = pile + QPointF(0, ch * 0.5 + text_size * 1.3)
        badges.append(Badge("pile", COUNTS.pile(obs.discard_count), below, text_size))
    suit = obs.ordered
    if suit is not None:
        radius = palette.suit_badge_radius(unit)
        beside = pile + QPointF(cw * 0.5 + radius * 1.9, -radius * 0.3)
        tip = translate("Czech", "Ordered suit: play %1 or a card that orders")
        badges.append(
            Badge(
                "ordered",
                SUIT_SYMBOLS[suit],
                beside,
                text_size,
                suit=suit,
                caption=translate("Czech", "ordered"),
                radius=radius,
                tooltip=tip.replace("%1", suit_name(suit)),
            )
        )
        line = translate("Czech", "Ordered: %1").replace("%1", suit_name(suit))
        under_count = pile + QPointF(0, ch * 0.5 + text_size * 3.1)
        badges.append(Badge("ordered line", line, under_count, text_size, emphasis=True))
    draw = first_of_kind(obs, DRAW)
    deck_intents = {backs[-1].key: draw} if backs and draw is not None else {}
    deck_badges = (Badge("deck", deck_text, below_deck, text_size),)
    return [
        Pile("deck", backs, deck_badges, click=CLICK_DRAW, intents=deck_intents),
        Pile("pile", tuple(cards), tuple(badges)),
    ]


VIEW = Family3View(
    middle=czech_middle,
)
"""How the czech table is drawn and played (durak_qt.games.family3.view)."""


class CzechScene(Family3Scene):
    """The czech fool table drawn from a `CzechObservation`."""

    def __init__(self, art: CardArt, view: Family3View, parent: QObject | None = None) -> None:
        super().__init__(art, view, parent)
        self.suit_focus = 0  # which suit of the chooser the keys point at
        self.choices: dict[str, ChoiceItem] = {}
        for suit in SUITS:
            choice = ChoiceItem(suit)
            choice.setZValue(600)
            choice.clicked.connect(self._suit_clicked)
            choice.hide()
            self.addItem(choice)
            self.choices[suit] = choice

    # ----- the middle ---------------------------------------------------------------------

    def deck_point(self) -> QPointF:
        """Centre of the deck to draw from."""
        return deck_point(self.frame())

    def pile_point(self) -> QPointF:
        """Centre of the discard pile's top card."""
        return pile_point(self.frame())

    def layout_middle(self, obs: Any, wanted: dict[CardKey, Placement]) -> None:
        """The suit chooser when you order (the piles are `czech_middle`'s)."""
        unit = self.geometry.unit
        self._layout_chooser(
            unit, card_height(self.geometry.card_width), palette.text_pixels("label", unit)
        )

    def _layout_chooser(self, unit: float, ch: int, text_size: int) -> None:
        """The four suits to order from, lit where the rules allow, when you order: in the
        band between the pile's count and the status line, as large as it leaves room for."""
        orders = set(order_choices(self.observation))
        width, _height = self.size
        top = self.pile_point().y() + ch * 0.5 + text_size * 2.2  # under the pile's count
        banner_half = 0.9 * palette.text_pixels("banner", unit)  # the status line's text, padded
        bottom = self.geometry.status_line_y() - banner_half - 4 * unit
        radius = max(
            10.0, min(palette.suit_badge_radius(unit, "suit_choice"), (bottom - top) / 2.6)
        )
        y = (top + bottom) / 2
        if not orders:
            for choice in self.choices.values():
                choice.hide()
            return
        offered = [suit for suit in SUITS if suit in orders]
        if SUITS[self.suit_focus % len(SUITS)] not in orders and offered:
            self.suit_focus = SUITS.index(offered[0])
        for index, suit in enumerate(SUITS):
            choice = self.choices[suit]
            focused = self.keyboard_used and index == self.suit_focus % len(SUITS)
            choice.set_look(SUIT_SYMBOLS[suit], suit, radius, suit in orders, focused)
            choice.setPos(QPointF(width * 0.5 + (index - 1.5) * radius * 2.8, y))
            choice.setToolTip(
                translate("Czech", "Order %1 (key %2)")
                .replace("%2", suit)
                .replace("%1", suit_name(suit))
            )
            choice.show()

    def clear_middle(self) -> None:
        for choice in self.choices.values():
            choice.hide()

    def hand_keys_live(self) -> bool:
        return super().hand_keys_live() and not order_choices(self.observation)

    def entry_point(self, obs: Any, key: CardKey, placed: Placement) -> QPointF | None:
        """Drawn cards come from the deck; the pile's new top from the seat that played it."""
        if key[0] == "back" or (key[0] == "face" and placed.hand_index is not None):
            return self.deck_point()
        if obs.top is not None and key == ("face", obs.top.text):
            players = [e.seat for e in obs.last_events if e.kind in PLAY_EVENTS]
            if players and players[-1] != obs.seat:
                return self.geometry.fan_centre(cast(Any, obs), players[-1])
        return None

    def card_tooltip(self, key: CardKey, item: CardItem) -> str:
        if key[0] == "deck":
            if item.playable:
                return translate("Czech", "The deck: click to draw a card (D)")
            return translate("Czech", "The deck")
        if key[0] == "under":
            return translate("Czech", "The discard pile")
        return super().card_tooltip(key, item)

    # ----- keys and words -----------------------------------------------------------------

    def _suit_clicked(self, suit: object) -> None:
        self.perform(order_choices(self.observation).get(str(suit)))

    def handle_kind_key(self, key: int) -> bool:
        orders = order_choices(self.observation)
        if not orders:
            return False
        if key in SUIT_KEYS:
            return self.perform(orders.get(SUIT_KEYS[Qt.Key(key)]))
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            offered = [SUITS.index(suit) for suit in orders]
            step = -1 if key == Qt.Key.Key_Left else 1
            current = self.suit_focus % len(SUITS)
            for _ in range(len(SUITS)):
                current = (current + step) % len(SUITS)
                if current in offered:
                    break
            self.suit_focus = current
            self.relayout()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            return self.perform(orders.get(SUITS[self.suit_focus % len(SUITS)]))
        return key in (Qt.Key.Key_Up, Qt.Key.Key_Down)

    def status_text(self, obs: Any) -> tuple[str, bool]:
        if obs.over:
            if obs.winner is not None:
                return translate("Czech", "Game over: %1 wins").replace(
                    "%1", self.seat_name(obs.winner)
                ), False
            return translate("Czech", "Game over: nobody went out"), False
        kinds = {action.kind for action in self.legal()}
        if not kinds:
            return super().status_text(obs)
        if ORDER in kinds:
            return translate("Czech", "Order a suit: click it, or press C, D, H or S"), True
        if obs.phase == "follow" and PLAY in kinds:
            text = translate("Czech", "Play on: a lit card, or draw (D)")
        elif PLAY in kinds and DRAW in kinds:
            text = translate("Czech", "Your move: play a lit card or draw (D)")
        elif PLAY in kinds and PASS in kinds:
            text = translate("Czech", "Play a lit card or pass (P)")
        elif DRAW in kinds:
            text = translate("Czech", "No card fits: draw (D)")
        elif PASS in kinds:
            text = translate("Czech", "Nothing fits and nothing to draw: pass (P)")
        else:
            text = translate("Czech", "Your move: play a lit card")
        if obs.ordered is not None:
            text = translate("Czech", "%1 ordered · ").replace("%1", suit_name(obs.ordered)) + text
        return text, True

    def keys_help(self) -> str:
        return translate(
            "Czech",
            "Mouse: click a lit card to play it, the deck to draw, a suit to order it.\n"
            "Keys: ←/→ choose a card, Enter play it, D draw, P pass; "
            "ordering: C, D, H, S or 1–4.",
        )


CLIENT = Family3Client(
    kind="czech",
    titles=TITLES,
    descriptions=DESCRIPTIONS,
    table_view=VIEW,
    scene_class=CzechScene,
    describe_events=describe_czech_events,
    make_match=CzechMatch,
    merge_events=merge_czech_draws,
    play_events=PLAY_EVENTS,
    buttons=(
        ButtonSpec(
            DRAW,
            QT_TRANSLATE_NOOP("Family3", "Draw (D)"),
            QT_TRANSLATE_NOOP("Family3", "Take one card from the deck"),
            int(Qt.Key.Key_D),
            "button_draw",
        ),
        ButtonSpec(
            PASS,
            QT_TRANSLATE_NOOP("Family3", "Pass (P)"),
            QT_TRANSLATE_NOOP("Family3", "End your turn without playing"),
            int(Qt.Key.Key_P),
            "button_play",
        ),
    ),
)
"""How the client shows czech fool (durak_qt.games.family3.client)."""
