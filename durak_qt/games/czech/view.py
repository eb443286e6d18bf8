"""Czech fool's table: the deck to draw from, the discard pile's top card with the ordered suit
beside it, the suit chooser when you order, and the Draw and Pass buttons.

Mouse: click a lit card to play it, the deck to draw, a suit to order it. Keys: ←/→ and
Enter play a card, D draws, P passes; while ordering C, D, H, S (or 1 to 4, or ←/→ and Enter)
name the suit. Every move is taken from the observation's legal actions as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QPointF, Qt

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
from durak_qt.table.card_art import card_height
from durak_qt.table.game_view import (
    Choice,
    GameView,
    KeyOutcome,
    KeyUse,
    TableMarks,
    common_tooltip,
)
from durak_qt.table.layout import Placement
from durak_qt.table.moment import CardFacts, TableMoment
from durak_qt.table.piles import (
    Badge,
    FaceNamer,
    Pile,
    TableFrame,
    first_of_kind,
    legal_of,
    play_intent,
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
        Pile("deck", backs, deck_badges, intents=deck_intents),
        Pile("pile", tuple(cards), tuple(badges)),
    ]


def suit_focus(orders: Mapping[str, Any], chooser: int) -> int:
    """The index in SUITS of the suit the keys point at: the chosen one while the rules offer
    it, else the first offered."""
    current = chooser % len(SUITS)
    offered = [suit for suit in SUITS if suit in orders]
    if SUITS[current] not in orders and offered:
        current = SUITS.index(offered[0])
    return current


def czech_choices(obs: Any, frame: TableFrame, moment: TableMoment) -> list[Choice]:
    """The four suits to order from, lit where the rules allow, when you order: in the band
    between the pile's count and the status line, as large as it leaves room for."""
    orders = order_choices(obs)
    if not orders:
        return []
    geo = frame.geometry
    unit = geo.unit
    ch = card_height(geo.card_width)
    top = pile_point(frame).y() + ch * 0.5 + frame.text_size() * 2.2  # under the pile's count
    banner_half = 0.9 * palette.text_pixels("banner", unit)  # the status line's text, padded
    bottom = geo.status_line_y() - banner_half - 4 * unit
    radius = max(10.0, min(palette.suit_badge_radius(unit, "suit_choice"), (bottom - top) / 2.6))
    y = (top + bottom) / 2
    focus = suit_focus(orders, moment.chooser)
    return [
        Choice(
            key=suit,
            symbol=SUIT_SYMBOLS[suit],
            suit=suit,
            pos=QPointF(frame.size[0] * 0.5 + (index - 1.5) * radius * 2.8, y),
            radius=radius,
            enabled=suit in orders,
            focused=moment.keys_used and index == focus,
            tooltip=translate("Czech", "Order %1 (key %2)")
            .replace("%2", suit)
            .replace("%1", suit_name(suit)),
            intent=orders.get(suit),
        )
        for index, suit in enumerate(SUITS)
    ]


def czech_key(obs: Any, frame: TableFrame, moment: TableMoment, key: int) -> KeyOutcome:
    """While you order: a suit's letter (or 1 to 4) orders it, ←/→ move over the offered
    suits and Enter or Space orders the one they point at; ↑/↓ do nothing."""
    orders = order_choices(obs)
    if not orders:
        return None
    if key in SUIT_KEYS:
        return orders.get(SUIT_KEYS[Qt.Key(key)])
    focus = suit_focus(orders, moment.chooser)
    if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
        offered = [SUITS.index(suit) for suit in orders]
        step = -1 if key == Qt.Key.Key_Left else 1
        for _ in range(len(SUITS)):
            focus = (focus + step) % len(SUITS)
            if focus in offered:
                break
        return replace(moment, chooser=focus)
    if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
        return orders.get(SUITS[focus])
    return KeyUse.TAKEN if key in (Qt.Key.Key_Up, Qt.Key.Key_Down) else None


def czech_marks(
    obs: Any, frame: TableFrame, moment: TableMoment, placed: Sequence[Placement]
) -> TableMarks:
    """The arrows are the suit chooser's while you order."""
    return TableMarks(hand_keys=not order_choices(obs))


def czech_entry_point(obs: Any, frame: TableFrame, placed: Placement) -> QPointF | None:
    """Drawn cards come from the deck; the pile's new top from the seat that played it."""
    key = placed.key
    if key[0] == "back" or (key[0] == "face" and placed.hand_index is not None):
        return deck_point(frame)
    if obs.top is not None and key == ("face", obs.top.text):
        players = [e.seat for e in obs.last_events if e.kind in PLAY_EVENTS]
        if players and players[-1] != obs.seat:
            return frame.geometry.fan_centre(cast(Any, obs), players[-1])
    return None


def czech_tooltip(obs: Any, frame: TableFrame, moment: TableMoment, card: CardFacts) -> str:
    """The deck (and whether a click draws) and the discard pile say so."""
    if card.key[0] == "deck":
        if card.lit:
            return translate("Czech", "The deck: click to draw a card (D)")
        return translate("Czech", "The deck")
    if card.key[0] == "under":
        return translate("Czech", "The discard pile")
    return common_tooltip(obs, frame, moment, card)


def czech_status(obs: Any, frame: TableFrame, moment: TableMoment) -> tuple[str, bool] | None:
    """Who won once over; else what your move may be (None: not your move)."""
    if obs.over:
        if obs.winner is not None:
            return translate("Czech", "Game over: %1 wins").replace(
                "%1", frame.seat_name(obs.winner)
            ), False
        return translate("Czech", "Game over: nobody went out"), False
    kinds = {action.kind for action in legal_of(obs)}
    if not kinds:
        return None
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


def czech_keys_help() -> str:
    """The keys and clicks of the czech fool table."""
    return translate(
        "Czech",
        "Mouse: click a lit card to play it, the deck to draw, a suit to order it.\n"
        "Keys: ←/→ choose a card, Enter play it, D draw, P pass; "
        "ordering: C, D, H, S or 1–4.",
    )


VIEW = GameView(
    middle=czech_middle,
    hand_intent=play_intent,
    status=czech_status,
    keys_help=czech_keys_help,
    tooltip=czech_tooltip,
    entry_point=czech_entry_point,
    marks=czech_marks,
    key=czech_key,
    choices=czech_choices,
)
"""How the czech fool table is drawn and played (durak_qt.table.game_view)."""


CLIENT = Family3Client(
    kind="czech",
    titles=TITLES,
    descriptions=DESCRIPTIONS,
    table_view=VIEW,
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
