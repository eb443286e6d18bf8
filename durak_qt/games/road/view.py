"""Road fool's table: the bout's pile (the top card is the one to beat), who attacks whom, the
trump suit, the cards out of the game, and the Take and Clear buttons.

Mouse: click a lit card to lead or to beat the top card. Keys: ←/→ and Enter play a card,
T takes the pile, C clears it (the attacker agrees the bout is beaten off). At a LAN table's
first game a seat asked for the lowest trump clicks it to show it, or presses N (not mine).
Every move is taken from the observation's legal actions as it is.
"""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QPointF, Qt

from durak_qt import palette
from durak_qt.card_text import SUIT_SYMBOLS, card_label, suit_name
from durak_qt.games.family3.client import ButtonSpec, Family3Client
from durak_qt.games.road.words import COUNTS, DESCRIPTIONS, TITLES, describe_road_events
from durak_qt.table.card_art import card_height
from durak_qt.table.game_view import GameView, common_tooltip
from durak_qt.table.layout import CardKey, Placement
from durak_qt.table.moment import CardFacts, TableMoment
from durak_qt.table.piles import Badge, FaceNamer, Pile, TableFrame, legal_of, play_intent
from engine.road import game as road
from engine.road.actions import BEAT, CLEAR, LEAD, PASS, SHOW, TAKE
from engine.road.match import RoadMatch

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("Road", ...)` calls)."""

PLAY_EVENTS = frozenset((road.LED, road.BEATEN))
"""Events that put a card on the pile (its flight, the "play" sound)."""

DISCARD_SHOWN = 3
"""Backs drawn for the cards out of the game (the count is written under them)."""


def pile_point(frame: TableFrame) -> QPointF:
    """Centre of the pile's bottom card."""
    width, height = frame.size
    return QPointF(width * 0.5, height * 0.42)


def discard_point(frame: TableFrame) -> QPointF:
    """Centre of the cards out of the game (right of the pile, clear of the side seats)."""
    width, height = frame.size
    return QPointF(width * 0.71, height * 0.42)


def trump_point(frame: TableFrame) -> QPointF:
    """Centre of the trump badge (left of the pile)."""
    width, height = frame.size
    return QPointF(width * 0.29, height * 0.42)


def road_middle(obs: Any, frame: TableFrame, face_key: FaceNamer) -> list[Pile]:
    """The middle of a road fool table: the bout's pile with who attacks whom above it and its
    count under it, the cards out of the game, the trump badge."""
    geo = frame.geometry
    unit, cw = geo.unit, geo.card_width
    ch = card_height(cw)
    text_size = frame.text_size()
    width = frame.size[0]
    pile = tuple(obs.pile)
    count = len(pile)
    room = width * 0.24 - cw  # the pile spreads between the trump and the discards
    step = min(cw * 0.42, room / max(count - 1, 1))
    centre = pile_point(frame)
    left = centre.x() - step * (count - 1) / 2
    cards: list[Placement] = []
    for i, card in enumerate(pile):
        key: CardKey = ("face", card.text)
        point = QPointF(left + i * step, centre.y() + (i % 2) * ch * 0.06)
        cards.append(Placement(key, card.text, point, cw, (-4.0, 4.0)[i % 2], 20 + i, card))
    badges: list[Badge] = []
    if count:
        top = card_label(pile[-1])
        text = COUNTS.pile(count) + " · " + translate("Road", "to beat: %1").replace("%1", top)
        below = QPointF(centre.x(), centre.y() + ch * 0.56 + text_size * 1.3)
        badges.append(Badge("pile", text, below, text_size))
    if not obs.over:
        bout = translate("Road", "%1 attacks %2").replace("%2", frame.seat_name(obs.defender))
        above = centre - QPointF(0, ch * 0.56 + text_size * 1.2)
        badges.append(
            Badge("bout", bout.replace("%1", frame.seat_name(obs.attacker)), above, text_size)
        )
    discard = discard_point(frame)
    gone = [
        Placement(("gone", i), frame.card_back, discard, cw, (-8.0, 5.0, 14.0)[i], 10 + i)
        for i in range(min(obs.discard_count, DISCARD_SHOWN))
    ]
    gone_badges: tuple[Badge, ...] = ()
    if obs.discard_count:
        below = discard + QPointF(0, ch * 0.5 + text_size * 1.5)
        gone_badges = (Badge("gone", COUNTS.gone(obs.discard_count), below, text_size),)
    suit = obs.trump
    trump = Badge(
        "trump",
        SUIT_SYMBOLS[suit],
        trump_point(frame),
        text_size,
        suit=suit,
        caption=translate("Road", "trump"),
        radius=palette.suit_badge_radius(unit),
        tooltip=translate("Road", "Trump: %1 (the dealer's last card, %2, shows it)")
        .replace("%2", card_label(obs.trump_card))
        .replace("%1", suit_name(suit)),
    )
    return [
        Pile("pile", tuple(cards), tuple(badges)),
        Pile("gone", tuple(gone), gone_badges),
        Pile("trump", (), (trump,)),
    ]


def road_entry_point(obs: Any, frame: TableFrame, placed: Placement) -> QPointF | None:
    """A card another seat plays comes from that seat's cards."""
    if placed.key[0] == "face" and placed.hand_index is None and obs.pile:
        players = [e.seat for e in obs.last_events if e.kind in PLAY_EVENTS]
        if players and players[-1] != obs.seat and placed.card == obs.pile[-1]:
            return frame.geometry.fan_centre(cast(Any, obs), players[-1])
    return None


def road_tooltip(obs: Any, frame: TableFrame, moment: TableMoment, card: CardFacts) -> str:
    """The cards out of the game say so; a lit card of your hand names the card it beats."""
    if card.key[0] == "gone":
        return translate("Road", "Cards out of the game")
    if card.card is not None and card.hand_index is not None and card.lit and obs.pile:
        return (
            translate("Road", "%1: click to beat %2")
            .replace("%2", card_label(obs.pile[-1]))
            .replace("%1", card_label(card.card))
        )
    return common_tooltip(obs, frame, moment, card)


def road_status(obs: Any, frame: TableFrame, moment: TableMoment) -> tuple[str, bool] | None:
    """Who is the fool once over; else what your move may be (None: not your move)."""
    if obs.over:
        if obs.fool is not None:
            return translate("Road", "Game over: %1 is the fool").replace(
                "%1", frame.seat_name(obs.fool)
            ), False
        return translate("Road", "Game over: nobody is the fool"), False
    kinds = {action.kind for action in legal_of(obs)}
    if not kinds:
        return None
    if SHOW in kinds:
        text = translate("Road", "You hold the lowest trump: click it to show it and lead")
    elif PASS in kinds:
        text = translate("Road", "Who holds the lowest trump? Not you: press Not mine (N)")
    elif LEAD in kinds:
        text = translate("Road", "Your lead: click a card to play it to %1").replace(
            "%1", frame.seat_name(obs.defender)
        )
    elif BEAT in kinds and TAKE in kinds:
        text = translate("Road", "Beat the top card with a lit card, or take the pile (T)")
    elif TAKE in kinds:
        text = translate("Road", "Nothing beats the top card: take the pile (T)")
    elif BEAT in kinds and CLEAR in kinds:
        text = translate("Road", "Beat the top card back, or clear the pile (C)")
    elif CLEAR in kinds:
        text = translate("Road", "Nothing beats the top card: clear the pile (C)")
    else:
        text = translate("Road", "Your move: play a lit card")
    return text, True


def road_keys_help() -> str:
    """The keys and clicks of the road fool table."""
    return translate(
        "Road",
        "Mouse: click a lit card to lead or to beat the top card.\n"
        "Keys: ←/→ choose a card, Enter play it, T take the pile, C clear it.",
    )


VIEW = GameView(
    middle=road_middle,
    hand_intent=play_intent,  # a card leads, beats or shows the lowest trump
    status=road_status,
    keys_help=road_keys_help,
    tooltip=road_tooltip,
    entry_point=road_entry_point,
)
"""How the road fool table is drawn and played (durak_qt.table.game_view)."""


CLIENT = Family3Client(
    kind="road",
    titles=TITLES,
    descriptions=DESCRIPTIONS,
    table_view=VIEW,
    describe_events=describe_road_events,
    make_match=RoadMatch,
    play_events=PLAY_EVENTS,
    points_rule=QT_TRANSLATE_NOOP(
        "Family3OverPanel",
        "A point for the fool of each game: fewer is better. The first player out leads the next game.",
    ),
    buttons=(
        ButtonSpec(
            TAKE,
            QT_TRANSLATE_NOOP("Family3", "Take (T)"),
            QT_TRANSLATE_NOOP("Family3", "Take every card of the pile"),
            int(Qt.Key.Key_T),
            "button_pick_up",
        ),
        ButtonSpec(
            CLEAR,
            QT_TRANSLATE_NOOP("Family3", "Clear (C)"),
            QT_TRANSLATE_NOOP("Family3", "Agree the bout is beaten off: the pile leaves the game"),
            int(Qt.Key.Key_C),
            "button_play",
        ),
        ButtonSpec(
            PASS,
            QT_TRANSLATE_NOOP("Family3", "Not mine (N)"),
            QT_TRANSLATE_NOOP(
                "Family3", "You do not hold the lowest trump: the next player is asked"
            ),
            int(Qt.Key.Key_N),
            "button_road_pass",
        ),
    ),
)
"""How the client shows road fool (durak_qt.games.family3.client)."""
