"""Round (complete) fool's table: the deck with the trump card under it, the face-up table cards
to beat with the card just drawn, then the lead being beaten and the beaten-off cards.

Mouse: click the deck to draw, a lit table card to beat it with the drawn card; in play click
cards of your hand to choose a lead (one card and pairs of a rank) and press Lead, or, when you
defend, click a lit attack card to aim at it and a lit hand card to beat it. Keys: D draws,
←/→ and Enter choose a table card to beat while hitting; in play ←/→ choose a hand card, Enter
marks it for the lead (L leads) or beats the aimed card with it, ↑/↓ aim at another attack card,
T takes, P places the drawn card where the rules allow it. Every move is taken from the
observation's legal actions as it is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QPointF, Qt

from durak_qt import palette
from durak_qt.card_text import SUIT_SYMBOLS, card_label, suit_name
from durak_qt.games.family3.client import ButtonSpec, Family3Client
from durak_qt.games.round.words import COUNTS, DESCRIPTIONS, TITLES, describe_round_events
from durak_qt.table.card_art import card_height
from durak_qt.table.game_view import (
    GameView,
    KeyOutcome,
    KeyUse,
    TableMarks,
    common_tooltip,
)
from durak_qt.table.layout import CardKey, Placement
from durak_qt.table.moment import CardFacts, TableMoment
from durak_qt.table.piles import (
    Aim,
    Badge,
    FaceNamer,
    Pick,
    Pile,
    TableFrame,
    first_of_kind,
    legal_of,
    per_observation,
    picked_cards,
)
from engine.cards import Card
from engine.round import game as round_game
from engine.round.actions import BEAT, DRAW, HIT, LEAD, PLACE, TAKE, RoundAction
from engine.round.match import RoundMatch

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("Round", ...)` calls)."""

PLAY_EVENTS = frozenset((round_game.LED, round_game.BEATEN, round_game.PLACED))
"""Events that put a card on the table (the "play" sound)."""

STACK_SHOWN = 3
"""Backs drawn for the deck and for the beaten-off cards (their counts are written under)."""

ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)


def deck_point(frame: TableFrame) -> QPointF:
    """Centre of the deck (the trump card lies under it)."""
    width, height = frame.size
    return QPointF(width * 0.27, height * 0.42)


def drawn_point(frame: TableFrame) -> QPointF:
    """Centre of the card just drawn, waiting to beat a table card."""
    width, height = frame.size
    return QPointF(width * 0.75, height * 0.42)


@per_observation
def beat_targets(obs: Any) -> list[Card]:
    """The attack cards you may beat now, in the lead's order."""
    found = {a.target for a in legal_of(obs) if a.kind == BEAT}
    return [card for card in obs.attack if card in found]


def aim_of(obs: Any, frame: TableFrame) -> Card | None:
    """The attack card a beat from your hand covers: the one aimed at, else the first."""
    targets = beat_targets(obs)
    return frame.aim if frame.aim in targets else (targets[0] if targets else None)


def round_hand_intent(obs: Any, frame: TableFrame, card: Card, hand_index: int) -> object | None:
    """A hand card's intent: while you lead, pick it for the lead (the Lead button leads the
    picked cards); else the beat of the aimed attack card with it."""
    legal = legal_of(obs)
    if any(a.kind == LEAD for a in legal):
        return Pick(hand_index)
    aim = aim_of(obs, frame)
    beats = (a for a in legal if a.kind == BEAT and a.target == aim and a.cards[0] == card)
    return next(beats, None)


def round_button_intent(
    obs: Any, frame: TableFrame, moment: TableMoment, kind: str
) -> object | None:
    """A button's intent: Lead leads exactly the picked cards (when they are a lead); the
    others make the first legal action of their kind."""
    if kind != LEAD:
        return first_of_kind(obs, kind)
    picked = picked_cards(obs, frame)
    lead = RoundAction(obs.seat, LEAD, tuple(sorted(picked)))
    return lead if picked and lead in legal_of(obs) else None


def deck_pile(obs: Any, frame: TableFrame) -> Pile:
    """The deck with the trump card across under it (its top card draws while you may); the
    trump suit as a badge once the deck is gone."""
    geo = frame.geometry
    unit, cw = geo.unit, geo.card_width
    ch = card_height(cw)
    text_size = frame.text_size()
    deck = deck_point(frame)
    cards: list[Placement] = []
    if obs.trump_card is not None and obs.phase != round_game.PLAY:
        point = deck + QPointF(cw * 0.45, 0)
        key: CardKey = ("face", obs.trump_card.text)
        cards.append(Placement(key, obs.trump_card.text, point, cw, 90.0, 8, obs.trump_card))
    for i in range(min(obs.stock_count, STACK_SHOWN)):
        offset = QPointF(-2.0 * i * unit, -2.0 * i * unit)
        cards.append(Placement(("deck", i), frame.card_back, deck + offset, cw, 0.0, 10 + i))
    badges: list[Badge] = []
    if obs.phase != round_game.PLAY:
        if obs.stock_count:
            below = deck + QPointF(0, ch * 0.5 + text_size * 1.3)
            badges.append(Badge("deck", COUNTS.deck(obs.stock_count), below, text_size))
    else:
        suit = obs.trump
        badges.append(
            Badge(
                "trump",
                SUIT_SYMBOLS[suit],
                deck,
                text_size,
                suit=suit,
                caption=translate("Round", "trump"),
                radius=palette.suit_badge_radius(unit),
                tooltip=translate("Round", "Trump: %1").replace("%1", suit_name(suit)),
            )
        )
    draw = first_of_kind(obs, DRAW)
    top = cards[-1].key if obs.stock_count and draw is not None else None
    intents = {top: draw} if top is not None else {}
    return Pile("deck", tuple(cards), tuple(badges), intents=intents)


def table_pile(obs: Any, frame: TableFrame) -> Pile:
    """The face-up table cards in rows between the deck and the drawn card; a card the drawn
    one may beat does so when clicked."""
    width, height = frame.size
    text_size = frame.text_size()
    cards = tuple(obs.table)
    count = len(cards)
    tw = max(30, round(frame.geometry.card_width * 0.8))
    th = card_height(tw)
    rows = 1 if count <= 5 else (2 if count <= 16 else 3)
    cols = max(1, math.ceil(count / rows))
    cw = frame.geometry.card_width
    trump_edge = deck_point(frame).x() + cw * 0.45 + card_height(cw) * 0.5  # across the deck
    left, right = max(width * 0.36, trump_edge + 4 * frame.geometry.unit), width * 0.665
    step = min(tw * 1.1, (right - left - tw) / max(cols - 1, 1))
    centre = QPointF((left + right) / 2, height * 0.42)
    top = centre.y() - (rows - 1) * th * 0.54
    placed: list[Placement] = []
    for index, card in enumerate(cards):
        row, col = divmod(index, cols)
        in_row = min(cols, count - row * cols)
        x = centre.x() + (col - (in_row - 1) / 2) * step
        point = QPointF(x, top + row * th * 1.08)
        placed.append(Placement(("face", card.text), card.text, point, tw, 0.0, 30 + index, card))
    badges: tuple[Badge, ...] = ()
    if count:
        above = QPointF(centre.x(), top - th * 0.5 - text_size * 1.2)
        badges = (Badge("table", translate("Round", "On the table"), above, text_size),)
    hits = {a.cards[0]: a for a in legal_of(obs) if a.kind == HIT}
    intents = {p.key: hits[p.card] for p in placed if p.card in hits}
    return Pile("table", tuple(placed), badges, intents=intents)


def bout_piles(obs: Any, frame: TableFrame) -> list[Pile]:
    """The lead in a row, each cover across its card (one pile a pair; a click on an attack
    card aims at it while you may beat more than one); the beaten-off cards on the right."""
    width, height = frame.size
    cw = frame.geometry.card_width
    ch = card_height(cw)
    text_size = frame.text_size()
    count = len(obs.attack)
    step = min(cw * 1.35, (width * 0.26) / max(count - 1, 1))
    centre = QPointF(width * 0.5, height * 0.39)
    piles: list[Pile] = []
    targets = beat_targets(obs)
    for index, (card, cover) in enumerate(zip(obs.attack, obs.covers, strict=True)):
        point = QPointF(centre.x() + (index - (count - 1) / 2) * step, centre.y())
        pair = [Placement(("face", card.text), card.text, point, cw, 0.0, 30 + index, card)]
        if cover is not None:
            spot = point + QPointF(cw * 0.22, ch * 0.24)
            pair.append(
                Placement(("face", cover.text), cover.text, spot, cw, 8.0, 40 + index, cover)
            )
        stacked = tuple(
            f"pair {i}" for i in range(len(obs.attack)) if i != index
        )  # a long lead squeezes its pairs together
        aims = {pair[0].key: Aim(card)} if len(targets) > 1 and card in targets else {}
        piles.append(Pile(f"pair {index}", tuple(pair), stacked_on=stacked, intents=aims))
    gone = drawn_point(frame) + QPointF(width * 0.01, 0)
    backs = tuple(
        Placement(("gone", i), frame.card_back, gone, cw, (-8.0, 5.0, 14.0)[i], 10 + i)
        for i in range(min(obs.discard_count, STACK_SHOWN))
    )
    badges: tuple[Badge, ...] = ()
    if obs.discard_count:
        below = gone + QPointF(0, ch * 0.5 + text_size * 1.5)
        badges = (Badge("gone", COUNTS.gone(obs.discard_count), below, text_size),)
    piles.append(Pile("gone", backs, badges))
    return piles


def round_middle(obs: Any, frame: TableFrame, face_key: FaceNamer) -> list[Pile]:
    """The middle of a round fool table: the deck (the trump under it, or the trump badge in
    play), the table cards (taking turns) or the bout's pairs and the beaten-off cards (play),
    and the card just drawn."""
    piles = [deck_pile(obs, frame)]
    if obs.phase == round_game.PLAY:
        piles.extend(bout_piles(obs, frame))
    else:
        piles.append(table_pile(obs, frame))
    if obs.drawn is not None:
        cw = frame.geometry.card_width
        text_size = frame.text_size()
        point = drawn_point(frame)
        drawn = Placement(("face", obs.drawn.text), obs.drawn.text, point, cw, 0.0, 60, obs.drawn)
        words = translate("Round", "Drawn: %1").replace("%1", card_label(obs.drawn))
        below = point + QPointF(0, card_height(cw) * 0.5 + text_size * 1.3)
        badge = Badge("drawn", words, below, text_size, bold=True)
        piles.append(Pile("drawn", (drawn,), (badge,)))
    return piles


def hits(obs: Any) -> list[Card]:
    """The table cards the drawn card may beat now, in the table's order."""
    found = {a.cards[0] for a in legal_of(obs) if a.kind == HIT}
    return [card for card in obs.table if card in found]


def leading(obs: Any) -> bool:
    """Whether you lead now (a click on a hand card picks it for the lead)."""
    return any(a.kind == LEAD for a in legal_of(obs))


def round_carry(previous: Any, obs: Any, moment: TableMoment) -> TableMoment:
    """The cards picked for your lead stay picked while you lead and hold them; the aim stays
    on an attack card you may still beat, else goes to the first."""
    old_hand = tuple(previous.hand) if previous is not None else ()
    chosen = {old_hand[i] for i in moment.picked if i < len(old_hand)}
    hand = tuple(obs.hand)
    picked = tuple(i for i, c in enumerate(hand) if c in chosen) if leading(obs) else ()
    targets = beat_targets(obs)
    aim = moment.aim if moment.aim in targets else (targets[0] if targets else None)
    return replace(moment, picked=picked, aim=aim)


def round_marks(
    obs: Any, frame: TableFrame, moment: TableMoment, placed: Sequence[Placement]
) -> TableMarks:
    """The aimed attack card; the lit table card ←/→ point at while hitting (then the arrows
    are not your hand's)."""
    can_hit = hits(obs)
    focus = can_hit[moment.chooser % len(can_hit)] if can_hit else None
    return TableMarks(
        targets=frozenset(
            p.key
            for p in placed
            if p.hand_index is None and p.card is not None and p.card == moment.aim
        ),
        focused=frozenset({("face", focus.text)} if focus is not None else ()),
        hand_keys=not can_hit,
    )


def round_key(obs: Any, frame: TableFrame, moment: TableMoment, key: int) -> KeyOutcome:
    """While hitting, ←/→ move over the lit table cards and Enter beats the one they point at;
    else ↑/↓ aim at another attack card."""
    can_hit = hits(obs)
    if can_hit:
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            return replace(moment, chooser=moment.chooser + (-1 if key == Qt.Key.Key_Left else 1))
        if key in ENTER_KEYS:
            card = can_hit[moment.chooser % len(can_hit)]
            return next(a for a in legal_of(obs) if a.kind == HIT and a.cards[0] == card)
        return KeyUse.TAKEN if key in (Qt.Key.Key_Up, Qt.Key.Key_Down) else None
    targets = beat_targets(obs)
    if key in (Qt.Key.Key_Up, Qt.Key.Key_Down) and targets:
        index = targets.index(moment.aim) if moment.aim in targets else 0
        index += -1 if key == Qt.Key.Key_Up else 1
        return replace(moment, aim=targets[index % len(targets)])
    return None


def round_entry_point(obs: Any, frame: TableFrame, placed: Placement) -> QPointF | None:
    """A drawn card comes from the deck; another seat's lead or beat from its cards."""
    if obs.drawn is not None and placed.card == obs.drawn:
        return deck_point(frame)
    played = [e for e in obs.last_events if e.kind in (round_game.LED, round_game.BEATEN)]
    if played and played[-1].seat != obs.seat and placed.hand_index is None:
        return frame.geometry.fan_centre(cast(Any, obs), played[-1].seat)
    return None


def round_tooltip(obs: Any, frame: TableFrame, moment: TableMoment, card: CardFacts) -> str:
    """The deck, the beaten-off cards; what a click on a lit card does."""
    key, face = card.key, card.card
    if key[0] == "deck":
        if card.lit:
            return translate("Round", "The deck: click to draw a card (D)")
        return translate("Round", "The deck")
    if key[0] == "gone":
        return translate("Round", "Beaten-off cards, out of the game")
    if face is not None and card.hand_index is None and card.lit:
        if obs.drawn is not None:
            return (
                translate("Round", "%1: click to beat it with %2")
                .replace("%2", card_label(obs.drawn))
                .replace("%1", card_label(face))
            )
        return translate("Round", "%1: click to beat this card next").replace(
            "%1", card_label(face)
        )
    if face is not None and card.hand_index is not None and card.lit:
        if leading(obs):
            return translate("Round", "%1: click to choose it for your lead").replace(
                "%1", card_label(face)
            )
        if moment.aim is not None:
            return (
                translate("Round", "%1: click to beat %2")
                .replace("%2", card_label(moment.aim))
                .replace("%1", card_label(face))
            )
    return common_tooltip(obs, frame, moment, card)


def round_status(obs: Any, frame: TableFrame, moment: TableMoment) -> tuple[str, bool] | None:
    """Who has no cards left once over; else what your move may be (None: not your move)."""
    if obs.over:
        if obs.winners:
            names = ", ".join(frame.seat_name(seat) for seat in obs.winners)
            return translate("Round", "Game over: %1 has no cards left").replace("%1", names), False
        return translate("Round", "Game over"), False
    kinds = {action.kind for action in legal_of(obs)}
    if not kinds:
        return None
    if DRAW in kinds:
        return translate("Round", "Draw a card: click the deck or press D"), True
    if HIT in kinds:
        text = translate("Round", "Beat a lit table card with %1: click it").replace(
            "%1", card_label(obs.drawn)
        )
        if PLACE in kinds:
            text += translate("Round", ", or place it (P)")
        return text, True
    if PLACE in kinds:
        return translate("Round", "%1 beats nothing: place it (P)").replace(
            "%1", card_label(obs.drawn)
        ), True
    if LEAD in kinds:
        chosen = len(moment.picked)
        if not chosen:
            text = translate(
                "Round", "Your lead to %1: choose 1, 3 or 5 cards (one card and pairs)"
            ).replace("%1", frame.seat_name(obs.defender))
        elif round_button_intent(obs, frame, moment, LEAD) is not None:
            text = COUNTS.selected(chosen) + translate("Round", ": lead them (L)")
        else:
            text = COUNTS.selected(chosen) + translate(
                "Round", ": not a lead (one card and pairs of a rank)"
            )
        return text, True
    if BEAT in kinds and moment.aim is not None:
        text = translate("Round", "Beat %1 with a lit card, or take (T)").replace(
            "%1", card_label(moment.aim)
        )
        if len(beat_targets(obs)) > 1:
            text += translate("Round", "; ↑/↓ or a click aims at another card")
        return text, True
    return translate("Round", "Nothing beats the lead: take (T)"), True


def round_keys_help() -> str:
    """The keys and clicks of the round fool table."""
    return translate(
        "Round",
        "Mouse: click the deck to draw, a lit table card to beat it; in play click cards "
        "for your lead and press Lead, or click a lit card to beat the marked attack card.\n"
        "Keys: D draw, ←/→ and Enter choose; L lead the chosen cards, ↑/↓ aim at another "
        "attack card, T take, P place.",
    )


VIEW = GameView(
    middle=round_middle,
    hand_intent=round_hand_intent,
    button_intent=round_button_intent,
    status=round_status,
    keys_help=round_keys_help,
    tooltip=round_tooltip,
    entry_point=round_entry_point,
    marks=round_marks,
    key=round_key,
    carry=round_carry,
)
"""How the round fool table is drawn and played (durak_qt.table.game_view)."""


CLIENT = Family3Client(
    kind="round",
    titles=TITLES,
    descriptions=DESCRIPTIONS,
    table_view=VIEW,
    describe_events=describe_round_events,
    make_match=RoundMatch,
    play_events=PLAY_EVENTS,
    points_rule=QT_TRANSLATE_NOOP(
        "Family3OverPanel",
        "A point for the fool of each game: fewer is better. "
        "The player who went out draws first in the next game.",
    ),
    buttons=(
        ButtonSpec(
            DRAW,
            QT_TRANSLATE_NOOP("Family3", "Draw (D)"),
            QT_TRANSLATE_NOOP("Family3", "Take one card from the deck"),
            int(Qt.Key.Key_D),
            "button_draw",
        ),
        ButtonSpec(
            PLACE,
            QT_TRANSLATE_NOOP("Family3", "Place (P)"),
            QT_TRANSLATE_NOOP("Family3", "Lay the drawn card on the table"),
            int(Qt.Key.Key_P),
            "button_play",
        ),
        ButtonSpec(
            LEAD,
            QT_TRANSLATE_NOOP("Family3", "Lead (L)"),
            QT_TRANSLATE_NOOP("Family3", "Lead the cards you chose"),
            int(Qt.Key.Key_L),
            "button_draw",
        ),
        ButtonSpec(
            TAKE,
            QT_TRANSLATE_NOOP("Family3", "Take (T)"),
            QT_TRANSLATE_NOOP("Family3", "Take the cards you have not beaten"),
            int(Qt.Key.Key_T),
            "button_pick_up",
        ),
    ),
)
"""How the client shows round fool (durak_qt.games.family3.client)."""
