"""Cross fool's table: while building, the deck, the line (the stake) and every seat's open pile
with its top card marked; in play, the chain of cards to close, diamonds as trump and the cards
gone to waste.

Mouse: click the deck to draw while building; in play click a lit card to lead or to close the
chain's top card. Keys: D draws, ←/→ and Enter play a card, T takes the chain's bottom card.
Every move is taken from the observation's legal actions as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QPointF, Qt

from durak_qt import palette
from durak_qt.card_text import SUIT_SYMBOLS, card_label
from durak_qt.games.cross.words import COUNTS, DESCRIPTIONS, TITLES, describe_cross_events
from durak_qt.games.family3.client import ButtonSpec, Family3Client
from durak_qt.table.card_art import card_height
from durak_qt.table.game_view import (
    Arranged,
    GameView,
    TableMarks,
    common_tooltip,
)
from durak_qt.table.layout import CardKey, Placement
from durak_qt.table.moment import CardFacts, TableMoment
from durak_qt.table.piles import (
    Badge,
    FaceNamer,
    Pile,
    TableFrame,
    first_of_kind,
    legal_of,
    per_observation,
    play_intent,
)
from engine.cards import Card
from engine.cross import game as cross
from engine.cross.actions import BEAT, DRAW, LEAD, TAKE
from engine.cross.match import CrossMatch

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("Cross", ...)` calls)."""

PLAY_EVENTS = frozenset((cross.LED, cross.BEATEN, cross.GIVEN))
"""Events that put a card down (the "play" sound)."""

STACK_SHOWN = 3
"""Backs drawn for the deck and the waste (their counts are written under them)."""

FAN_SHOWN = 12
"""Cards drawn of another seat's pile or hand (the base table's fan)."""


def deck_point(frame: TableFrame) -> QPointF:
    """Centre of the deck (building) and of the trump badge (play)."""
    width, height = frame.size
    return QPointF(width * 0.29, height * 0.42)


def waste_point(frame: TableFrame) -> QPointF:
    """Centre of the cards gone to waste."""
    width, height = frame.size
    return QPointF(width * 0.71, height * 0.42)


def row_centre(frame: TableFrame) -> QPointF:
    """Centre of the line (building) or the chain (play)."""
    width, height = frame.size
    return QPointF(width * 0.5, height * 0.42)


def row_cards(cards: Any, frame: TableFrame) -> tuple[Placement, ...]:
    """The line or the chain: bottom card first, the top one on the right, on top."""
    cw = frame.geometry.card_width
    count = len(cards)
    room = frame.size[0] * 0.24 - cw
    step = min(cw * 0.42, room / max(count - 1, 1))
    centre = row_centre(frame)
    left = centre.x() - step * (count - 1) / 2
    return tuple(
        Placement(
            ("face", card.text),
            card.text,
            QPointF(left + i * step, centre.y()),
            cw,
            (-3.0, 3.0)[i % 2],
            20 + i,
            card,
        )
        for i, card in enumerate(cards)
    )


def cross_middle(obs: Any, frame: TableFrame, face_key: FaceNamer) -> list[Pile]:
    """The middle of a cross fool table: the line (building) or the chain (play) with its
    words, the deck and its count (its top card draws while you may), the cards gone to waste,
    the trump badge in play."""
    geo = frame.geometry
    unit, cw = geo.unit, geo.card_width
    ch = card_height(cw)
    text_size = frame.text_size()
    centre = row_centre(frame)
    row_badges: list[Badge] = []
    if obs.phase == cross.BUILD_PHASE:
        row = row_cards(obs.line, frame)
        above = centre - QPointF(0, ch * 0.56 + text_size * 1.2)
        row_badges.append(
            Badge("line", translate("Cross", "The line (the stake)"), above, text_size)
        )
    else:
        row = row_cards(obs.table, frame)
        if obs.table and not obs.over:
            closed = (
                translate("Cross", "Closed %1 of %2")
                .replace("%1", str(obs.covers))
                .replace("%2", str(max(obs.trick_size - 1, 1)))
            )
            tip = translate(
                "Cross", "The chain goes to waste after as many closes as it had players, less one"
            )
            below = centre + QPointF(0, ch * 0.56 + text_size * 1.3)
            row_badges.append(Badge("chain", closed, below, text_size, tooltip=tip))
    deck = deck_point(frame)
    backs = tuple(
        Placement(
            ("deck", i),
            frame.card_back,
            deck + QPointF(-2.0 * i * unit, -2.0 * i * unit),
            cw,
            0.0,
            10 + i,
        )
        for i in range(min(obs.deck_count, STACK_SHOWN))
    )
    deck_badges: list[Badge] = []
    if obs.deck_count:
        below_deck = deck + QPointF(0, ch * 0.5 + text_size * 1.3)
        deck_badges.append(Badge("deck", COUNTS.deck(obs.deck_count), below_deck, text_size))
    waste = waste_point(frame)
    gone = tuple(
        Placement(("waste", i), frame.card_back, waste, cw, (-8.0, 5.0, 14.0)[i], 10 + i)
        for i in range(min(obs.discard_count, STACK_SHOWN))
    )
    waste_badges: tuple[Badge, ...] = ()
    if obs.discard_count:
        below_waste = waste + QPointF(0, ch * 0.5 + text_size * 1.5)
        waste_badges = (Badge("waste", COUNTS.gone(obs.discard_count), below_waste, text_size),)
    if (
        obs.phase != cross.BUILD_PHASE
    ):  # diamonds are trump in play; the badge lies where the deck was
        deck_badges.append(
            Badge(
                "trump",
                SUIT_SYMBOLS["D"],
                deck,
                text_size,
                suit="D",
                caption=translate("Cross", "trump"),
                radius=palette.suit_badge_radius(unit),
                tooltip=translate(
                    "Cross",
                    "Diamonds are trump: a diamond closes hearts and spades; clubs are closed "
                    "only by clubs, diamonds only by diamonds",
                ),
            )
        )
    draw = first_of_kind(obs, DRAW)
    deck_intents = {backs[-1].key: draw} if backs and draw is not None else {}
    return [
        Pile("row", row, tuple(row_badges)),
        Pile("deck", backs, tuple(deck_badges), intents=deck_intents),
        Pile("waste", gone, waste_badges),
    ]


def cross_arrange(obs: Any, frame: TableFrame, placed: Mapping[CardKey, Placement]) -> Arranged:
    """While building a hand is a pile: yours lies bottom first (not sorted), and a long pile
    of another seat shows its top card in its last place."""
    if obs.phase != cross.BUILD_PHASE:
        return Arranged(placed)
    wanted = dict(placed)
    mine = sorted((p for p in wanted.values() if p.hand_index is not None), key=lambda p: p.pos.x())
    spots = [(p.pos, p.rotation, p.z, p.visible_width) for p in mine]
    by_index = sorted(mine, key=lambda p: p.hand_index or 0)
    for card, (pos, angle, z, visible) in zip(by_index, spots, strict=True):
        wanted[card.key] = replace(card, pos=pos, rotation=angle, z=z, visible_width=visible)
    for seat, pile in enumerate(obs.hands):
        if seat == obs.seat or len(pile) <= FAN_SHOWN or pile[-1] is None:
            continue
        last = pile[FAN_SHOWN - 1]
        if last is None:
            continue
        old = wanted.pop(("face", last.text))
        key: CardKey = ("face", pile[-1].text)
        wanted[key] = replace(old, key=key, image=pile[-1].text, card=pile[-1])
    return Arranged(wanted, [p.hand_index or 0 for p in by_index])


@per_observation
def tops(obs: Any) -> set[Card]:
    """The top cards of every pile and of the line while building (the cards that move)."""
    if obs.phase != cross.BUILD_PHASE:
        return set()
    piles = [*obs.hands, obs.line]
    return {pile[-1] for pile in piles if pile and pile[-1] is not None}


def cross_marks(
    obs: Any, frame: TableFrame, moment: TableMoment, placed: Sequence[Placement]
) -> TableMarks:
    """The top card of every pile while building."""
    moving = tops(obs)
    return TableMarks(targets=frozenset(p.key for p in placed if p.card in moving))


def cross_tooltip(obs: Any, frame: TableFrame, moment: TableMoment, card: CardFacts) -> str:
    """The deck (and whether a click draws), the waste, a pile's top card."""
    if card.key[0] == "deck":
        if card.lit:
            return translate("Cross", "The deck: click to draw (D)")
        return translate("Cross", "The deck")
    if card.key[0] == "waste":
        return translate("Cross", "Cards gone to waste")
    if card.card is not None and card.card in tops(obs):
        return translate("Cross", "%1: the top card of its pile").replace(
            "%1", card_label(card.card)
        )
    return common_tooltip(obs, frame, moment, card)


def cross_status(obs: Any, frame: TableFrame, moment: TableMoment) -> tuple[str, bool] | None:
    """Who is the fool once over; else what your move may be (None: not your move)."""
    if obs.over:
        if obs.fool is not None:
            return translate("Cross", "Game over: %1 is the fool").replace(
                "%1", frame.seat_name(obs.fool)
            ), False
        return translate("Cross", "Game over: nobody is the fool"), False
    kinds = {action.kind for action in legal_of(obs)}
    if not kinds:
        return None
    if DRAW in kinds:
        return translate("Cross", "Your turn to build: click the deck or press D"), True
    if LEAD in kinds:
        return translate("Cross", "Your lead: click any card"), True
    top = card_label(obs.table[-1]) if obs.table else ""
    if BEAT in kinds and TAKE in kinds:
        text = translate("Cross", "Close %1 with a lit card, or take the bottom card (T)")
    elif BEAT in kinds:
        text = translate("Cross", "Close %1 with a lit card")
    else:
        text = translate("Cross", "Nothing closes %1: take the bottom card (T)")
    return text.replace("%1", top), True


def cross_keys_help() -> str:
    """The keys and clicks of the cross fool table."""
    return translate(
        "Cross",
        "Mouse: click the deck to draw while building; in play click a lit card.\n"
        "Keys: D draw, ←/→ choose a card, Enter play it, T take the bottom card.",
    )


VIEW = GameView(
    middle=cross_middle,
    hand_intent=play_intent,
    status=cross_status,
    keys_help=cross_keys_help,
    tooltip=cross_tooltip,
    marks=cross_marks,
    arrange=cross_arrange,
)
"""How the cross fool table is drawn and played (durak_qt.table.game_view)."""


CLIENT = Family3Client(
    kind="cross",
    titles=TITLES,
    descriptions=DESCRIPTIONS,
    table_view=VIEW,
    describe_events=describe_cross_events,
    make_match=CrossMatch,
    play_events=PLAY_EVENTS,
    points_rule=QT_TRANSLATE_NOOP(
        "Family3OverPanel",
        "A point for the fool of each game: fewer is better. The first player out deals the next game.",
    ),
    buttons=(
        ButtonSpec(
            DRAW,
            QT_TRANSLATE_NOOP("Family3", "Draw (D)"),
            QT_TRANSLATE_NOOP("Family3", "Give away what fits, then turn up the deck's top card"),
            int(Qt.Key.Key_D),
            "button_draw",
        ),
        ButtonSpec(
            TAKE,
            QT_TRANSLATE_NOOP("Family3", "Take (T)"),
            QT_TRANSLATE_NOOP("Family3", "Take the chain's bottom card; the rest goes on"),
            int(Qt.Key.Key_T),
            "button_pick_up",
        ),
    ),
)
"""How the client shows cross fool (durak_qt.games.family3.client)."""
