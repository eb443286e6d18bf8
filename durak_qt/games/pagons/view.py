"""Durak with pagons: the talon with the trump card, the bout's pairs, the teams and the pagon
each hangs on the name plates, your pagons marked in your hand, and the pagons hung at the end.

Mouse: click a lit card to attack, throw in or beat the marked attack card; click another lit
attack card to aim at it; Ctrl+click (or Shift+click) marks cards of one rank for a lead of
several, and a click on another card of that rank (or the lead button) leads them all; the
buttons take, pass, hang the pagons and hand them to a partner.
Keys: ←/→ and Enter play a card, S marks the chosen card for a lead of several (Enter on one more
of its rank, or L, leads them), ↑/↓ aim at another attack card, T takes, P passes, H hangs,
R hands the pagons on. Every move is taken from the observation's legal actions as it is.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QPointF, Qt
from PySide6.QtGui import QColor

from durak_qt import palette
from durak_qt.card_text import SUIT_SYMBOLS, card_label, suit_name
from durak_qt.games.family3.client import ButtonSpec, Family3Client
from durak_qt.games.pagons.words import (
    COUNTS,
    DESCRIPTIONS,
    TITLES,
    describe_pagons_events,
    pagon_sign,
)
from durak_qt.table.card_art import card_height
from durak_qt.table.game_view import (
    GameView,
    KeyOutcome,
    TableMarks,
    common_tooltip,
    legal_kinds,
)
from durak_qt.table.layout import CardKey, Placement
from durak_qt.table.moment import CardFacts, TableMoment, toggled
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
)
from engine.cards import Card
from engine.games import kind_of
from engine.pagons import game as pagons
from engine.pagons.actions import ATTACK, BEAT, HANG, PASS, TAKE, THROW, TRANSFER
from engine.pagons.game import PagonsGame
from engine.pagons.match import PagonsMatch
from engine.pagons.rules import PagonsRules

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("Pagons", ...)` calls)."""

PLAY_EVENTS = frozenset((pagons.PLAYED, pagons.BEATEN, pagons.HUNG))
"""Events that put a card on the table (the "play" sound)."""

STACK_SHOWN = 3
"""Backs drawn for the talon and the beaten-off cards (their counts are written under)."""


LEAD_MARKED = "lead-marked"
"""The button (and L key) that leads the cards marked for a lead of several."""

MARK_KEYS = (int(Qt.Key.Key_S), int(Qt.Key.Key_Insert))
"""Keys that mark (or unmark) the chosen hand card for a lead of several."""


class PagonsClientMatch:
    """The client's pagons match: `engine.pagons.match.PagonsMatch` climbing the levels, with
    the fool points, leaders and games the local game shows; a match won starts afresh."""

    def __init__(self, rules: PagonsRules, players: int) -> None:
        self.rules, self.players = rules, players
        self.levels_match = PagonsMatch(rules, players)
        self.games: list[PagonsGame] = []
        self.points = [0] * players
        self.leaders: list[int] = []

    def new_game(self, rng: random.Random) -> PagonsGame:
        """The next deal, with the pagons each team hangs now, dealt as `PagonsMatch` does."""
        if self.levels_match.over:  # the queen was hung: the next match starts at sixes
            self.levels_match = PagonsMatch(self.rules, self.players)
        game = self.levels_match.new_game(rng)
        self.leaders.append(game.attacker)
        return game

    def record(self, game: PagonsGame) -> list[int]:
        """Score a finished deal: one point for its fool, and a level for a team that hung;
        return the deal's points."""
        self.levels_match.record(game)
        points = [int(seat == game.fool) for seat in range(self.players)]
        for seat, value in enumerate(points):
            self.points[seat] += value
        self.games.append(game)
        return points


def my_level(obs: Any) -> int | None:
    """The pagon rank your team hangs in this deal (None before a deal)."""
    if obs is None or not obs.levels:
        return None
    return int(obs.levels[obs.teams[obs.seat]])


def talon_pile(obs: Any, frame: TableFrame) -> Pile:
    """The talon with the trump card across under it (while it is in no hand); the trump suit
    as a badge once the talon is gone."""
    geo = frame.geometry
    unit, cw = geo.unit, geo.card_width
    ch = card_height(cw)
    text_size = frame.text_size()
    talon = geo.talon_point()
    cards: list[Placement] = []
    in_a_hand = any(obs.trump_card in hand for hand in obs.hands)
    if obs.trump_card is not None and (obs.talon_count or not in_a_hand):
        point = talon + QPointF(cw * 0.45, 0)
        key: CardKey = ("face", obs.trump_card.text)
        cards.append(Placement(key, obs.trump_card.text, point, cw, 90.0, 8, obs.trump_card))
    for i in range(min(max(obs.talon_count - 1, 0), STACK_SHOWN)):
        offset = QPointF(-2.0 * i * unit, -2.0 * i * unit)
        cards.append(Placement(("talon", i), frame.card_back, talon + offset, cw, 0.0, 10 + i))
    badges: list[Badge] = []
    if obs.talon_count:
        below = talon + QPointF(0, ch * 0.5 + text_size * 1.3)
        badges.append(Badge("talon", COUNTS.talon(obs.talon_count), below, text_size))
    else:  # the talon is gone: the trump suit stays on the table as a badge
        badges.append(
            Badge(
                "trump",
                SUIT_SYMBOLS[obs.trump],
                talon,
                text_size,
                suit=obs.trump,
                caption=translate("Pagons", "trump"),
                radius=palette.suit_badge_radius(unit),
                tooltip=translate("Pagons", "Trump: %1").replace("%1", suit_name(obs.trump)),
            )
        )
    return Pile("talon", tuple(cards), tuple(badges))


GONE_TURNS = (-8.0, 5.0, 14.0)
"""The turns, in degrees, of the backs drawn for the cards out of the game."""


def gone_point(frame: TableFrame) -> QPointF:
    """Centre of the cards out of the game: right of the middle, clear of the side seats' fans."""
    width, height = frame.size
    return QPointF(width * 0.71, height * 0.42)


def bout_room(frame: TableFrame) -> tuple[float, float]:
    """How far left and right of the middle a pair's centre may lie: clear of the trump card
    across under the talon and of the turned cards out of the game."""
    geo = frame.geometry
    cw, ch = geo.card_width, card_height(geo.card_width)
    gap = 6 * geo.unit
    trump_right = geo.talon_point().x() + cw * 0.45 + ch * 0.5
    turn = math.radians(max(GONE_TURNS))
    gone_left = gone_point(frame).x() - (cw * math.cos(turn) + ch * math.sin(turn)) / 2
    cover_reach = cw * 0.22 + (cw * math.cos(math.radians(8)) + ch * math.sin(math.radians(8))) / 2
    middle = frame.size[0] * 0.5
    left = middle - (trump_right + gap + cw * 0.5)  # an attack card's left half
    right = (gone_left - gap - cover_reach) - middle  # its cover across it, to the right
    return max(left, 0.0), max(right, 0.0)


BOUT_CLOSEST = 0.7
"""The closest step between pairs in a row, in card widths; a longer bout wraps to a row below."""


def bout_rows(frame: TableFrame, count: int) -> tuple[int, float, float]:
    """How a bout of `count` pairs lies: pairs a row, the step between them, the step between
    rows (a long bout wraps to rows below, closed up to stay above the status line)."""
    geo = frame.geometry
    cw, ch = geo.card_width, card_height(geo.card_width)
    half = min(bout_room(frame))  # the rows stay centred, between the talon and the gone cards
    widest = min(frame.size[0] * 0.3, 2 * half)
    per_row = max(1, min(count, 1 + int(widest // (cw * BOUT_CLOSEST))))
    step = min(cw * 1.3, widest / max(per_row - 1, 1))
    rows = -(-count // per_row)
    row_gap = ch * 1.08
    if rows > 1:
        bottom = geo.status_line_y() - 16 * geo.unit - frame.text_size() * 2.6  # the levels
        first_bottom = frame.size[1] * 0.39 + ch * 0.74 + cw * 0.1  # a cover, turned
        row_gap = max(ch * 0.3, min(row_gap, (bottom - first_bottom) / (rows - 1)))
    return per_row, step, row_gap


def gone_pile(obs: Any, frame: TableFrame) -> Pile:
    """The cards out of the game, clear of the side seats' fans, with their count."""
    cw = frame.geometry.card_width
    text_size = frame.text_size()
    gone = gone_point(frame)
    backs = tuple(
        Placement(("gone", i), frame.card_back, gone, cw, GONE_TURNS[i], 10 + i)
        for i in range(min(obs.discard_count, STACK_SHOWN))
    )
    badges: tuple[Badge, ...] = ()
    if obs.discard_count:
        below = gone + QPointF(0, card_height(cw) * 0.5 + text_size * 1.5)
        badges = (Badge("gone", COUNTS.gone(obs.discard_count), below, text_size),)
    return Pile("gone", backs, badges)


@per_observation
def beat_targets(obs: Any) -> list[Card]:
    """The open attack cards you may beat now, in the table's order."""
    found = {a.target for a in legal_of(obs) if a.kind == BEAT}
    return [attack for attack, _cover, _seat in obs.table if attack in found]


def aim_of(obs: Any, frame: TableFrame) -> Card | None:
    """The attack card a beat from your hand covers: the one aimed at, else the first."""
    targets = beat_targets(obs)
    return frame.aim if frame.aim in targets else (targets[0] if targets else None)


def marked_cards(obs: Any, frame: TableFrame) -> list[Card]:
    """The cards of your hand marked for a lead of several (the frame's picked ones)."""
    hand = tuple(obs.hand)
    return [hand[i] for i in sorted(frame.selected_hand) if i < len(hand) and hand[i]]


def lead_with(obs: Any, cards: list[Card]) -> Any | None:
    """The legal lead of exactly these cards (in any order), if there is one."""
    wanted = set(cards)
    leads = (a for a in legal_of(obs) if a.kind == ATTACK and set(a.cards) == wanted)
    return next(leads, None) if cards else None


def pagons_button_intent(
    obs: Any, frame: TableFrame, moment: TableMoment, kind: str
) -> object | None:
    """A button's intent: the lead button leads the marked cards; the others make the first
    legal action of their kind."""
    if kind == LEAD_MARKED:
        return lead_with(obs, marked_cards(obs, frame))
    return first_of_kind(obs, kind)


def pagons_hand_intent(obs: Any, frame: TableFrame, card: Card, hand_index: int) -> object | None:
    """A hand card's intent: with cards of its rank marked, the lead of them all; else it
    attacks alone, throws in, or beats the aimed attack card."""
    marked = marked_cards(obs, frame)
    if marked and card.rank == marked[0].rank and any(a.kind == ATTACK for a in legal_of(obs)):
        return lead_with(obs, marked if card in marked else [*marked, card])
    aim = aim_of(obs, frame)
    for action in legal_of(obs):
        if action.card != card or len(action.cards) != 1:
            continue
        if action.kind in (ATTACK, THROW) or (action.kind == BEAT and action.target == aim):
            return action
    return None


def pagons_mark_intent(obs: Any, frame: TableFrame, card: Card, hand_index: int) -> object | None:
    """A hand card's intent with Ctrl or Shift (or S): mark it for a lead of several, or
    unmark it, while some legal lead holds it with the marked cards of its rank."""
    leads = [a for a in legal_of(obs) if a.kind == ATTACK]
    marked = marked_cards(obs, frame)
    kept = {c for c in marked if c.rank == card.rank}
    if card in marked or any(kept | {card} <= set(a.cards) for a in leads):
        return Pick(hand_index)
    return None


def bout_piles(obs: Any, frame: TableFrame, centre: QPointF) -> list[Pile]:
    """The bout's pairs in a row, each cover across its attack card (one pile a pair; a click
    on an attack card aims at it while you may beat more than one), and who attacks whom above
    them."""
    cw = frame.geometry.card_width
    ch = card_height(cw)
    text_size = frame.text_size()
    count = len(obs.table)
    per_row, step, row_gap = bout_rows(frame, count)
    piles: list[Pile] = []
    targets = beat_targets(obs)
    for index, (attack, cover, _seat) in enumerate(obs.table):
        row, col = divmod(index, per_row)
        in_row = min(per_row, count - row * per_row)
        x = centre.x() + (col - (in_row - 1) / 2) * step
        point = QPointF(x, centre.y() + row * row_gap)
        z = 30 + row * 4 + col * 0.01  # covers over their row's attack cards, a row below over both
        pair = [Placement(("face", attack.text), attack.text, point, cw, 0.0, z, attack)]
        if cover is not None:
            spot = point + QPointF(cw * 0.22, ch * 0.24)
            pair.append(Placement(("face", cover.text), cover.text, spot, cw, 8.0, z + 2, cover))
        stacked = tuple(
            f"pair {i}" for i in range(len(obs.table)) if i != index
        )  # a long bout squeezes its pairs together
        aims = {pair[0].key: Aim(attack)} if len(targets) > 1 and attack in targets else {}
        piles.append(Pile(f"pair {index}", tuple(pair), stacked_on=stacked, intents=aims))
    if not (obs.over or obs.defender == obs.attacker):
        words = (
            translate("Pagons", "%1 attacks %2")
            .replace("%2", frame.seat_name(obs.defender))
            .replace("%1", frame.seat_name(obs.attacker))
        )
        above = centre - QPointF(0, ch * 0.56 + text_size * 1.2)
        piles.append(Pile("bout", (), (Badge("bout", words, above, text_size),)))
    return piles


def hung_pile(obs: Any, frame: TableFrame, centre: QPointF) -> Pile:
    """The hung pagons across the middle, tilted like shoulder straps, and who hung them."""
    cw = frame.geometry.card_width
    ch = card_height(cw)
    text_size = frame.text_size()
    count = len(obs.hung)
    cards = tuple(
        Placement(
            ("face", card.text),
            card.text,
            QPointF(centre.x() + (index - (count - 1) / 2) * cw * 0.8, centre.y()),
            cw,
            -20.0 if index < count / 2 else 20.0,
            30 + index,
            card,
        )
        for index, card in enumerate(obs.hung)
    )
    hanger = frame.seat_name(obs.hanger) if obs.hanger is not None else ""
    fool = frame.seat_name(obs.fool) if obs.fool is not None else ""
    words = (
        translate("Pagons", "%1 hung the pagons on %2").replace("%2", fool).replace("%1", hanger)
    )
    above = centre - QPointF(0, ch * 0.6 + text_size * 1.3)
    return Pile("hung", cards, (Badge("bout", words, above, text_size, emphasis=True),))


def levels_pile(obs: Any, frame: TableFrame) -> Pile:
    """Which pagons your side hangs in this deal, under the bout's covers."""
    level = my_level(obs)
    if level is None:
        return Pile("levels")
    text_size = frame.text_size()
    others = sorted(
        {int(obs.levels[team]) for team in set(obs.teams) if team != obs.teams[obs.seat]}
    )
    text = translate("Pagons", "Your pagons: %1 · the others': %2")
    text = text.replace("%2", ", ".join(pagon_sign(lv) for lv in others))
    ch = card_height(frame.geometry.card_width)
    per_row, _step, row_gap = bout_rows(frame, len(obs.table))
    lowest = (max(len(obs.table), 1) - 1) // per_row * row_gap  # under the bout's last row
    below = QPointF(
        frame.size[0] * 0.5, frame.size[1] * 0.39 + lowest + ch * 0.74 + text_size * 1.6
    )
    badge = Badge("levels", text.replace("%1", pagon_sign(level)), below, text_size, bold=True)
    return Pile("levels", (), (badge,))


def pagons_middle(obs: Any, frame: TableFrame, face_key: FaceNamer) -> list[Pile]:
    """The middle of a pagons table: the talon (or the trump badge), the cards out of the
    game, the bout's pairs or the hung pagons, and which pagons your side hangs."""
    width, height = frame.size
    centre = QPointF(width * 0.5, height * 0.39)
    piles = [talon_pile(obs, frame), gone_pile(obs, frame)]
    if obs.hung:
        piles.append(hung_pile(obs, frame, centre))
    else:
        piles.extend(bout_piles(obs, frame, centre))
    piles.append(levels_pile(obs, frame))
    return piles


def leads(obs: Any) -> list[Any]:
    """The legal leads of a bout (one card, or several of one rank)."""
    return [a for a in legal_of(obs) if a.kind == ATTACK]


def marked_of(obs: Any, moment: TableMoment) -> list[Card]:
    """The cards of your hand marked for a lead of several, in hand order."""
    hand = tuple(obs.hand)
    return [hand[i] for i in sorted(moment.picked) if i < len(hand) and hand[i]]


def queen_suit(obs: Any) -> str:
    """The suit of the queen that is a pagon (the rules' `queen_suit`)."""
    kind = kind_of(obs.variant)
    return str(getattr(kind.get_rules(obs.variant), "queen_suit", "S")) if kind else "S"


def is_pagon(obs: Any, card: Card) -> bool:
    """Whether a card of your hand is one of your pagons (the queen: of its suit only)."""
    level = my_level(obs)
    if level is None or card.rank != level:
        return False
    return level != 12 or card.suit == queen_suit(obs)


def pagons_pick(
    obs: Any, frame: TableFrame, moment: TableMoment, hand_index: int
) -> TableMoment | None:
    """Mark a card for a lead of several, or unmark it; a card of another rank starts the
    marking afresh. None (nothing changes) when no legal lead holds it with the others."""
    hand = tuple(obs.hand)
    card = hand[hand_index]
    if card is None:
        return None
    marked = {i for i in moment.picked if i < len(hand) and hand[i] is not None}
    if hand_index in marked:
        return replace(moment, picked=toggled(moment.picked, hand_index))
    kept = tuple(i for i in moment.picked if i in marked and hand[i].rank == card.rank)
    cards = {hand[i] for i in kept} | {card}
    if not any(cards <= set(a.cards) for a in leads(obs)):
        return None
    return replace(moment, picked=(*kept, hand_index))


def pagons_carry(previous: Any, obs: Any, moment: TableMoment) -> TableMoment:
    """The marked cards stay marked while a legal lead holds them all; the aim stays on an
    attack card you may still beat, else goes to the first."""
    old_hand = tuple(previous.hand) if previous is not None else ()
    in_order = [old_hand[i] for i in moment.picked if i < len(old_hand)]
    marked = set(in_order)
    if not any(marked <= set(a.cards) for a in leads(obs)):
        marked = set()  # not leading now, or the marked cards lead no more
    held = [i for i, card in enumerate(obs.hand) if card in marked]
    picked = tuple(sorted(held, key=lambda i: in_order.index(obs.hand[i])))  # in the order marked
    targets = beat_targets(obs)
    aim = moment.aim if moment.aim in targets else (targets[0] if targets else None)
    return replace(moment, picked=picked, aim=aim)


def pagons_button_kinds(obs: Any, frame: TableFrame, moment: TableMoment) -> set[str]:
    """The legal kinds' buttons, and the lead button while the marked cards lead."""
    kinds = legal_kinds(obs, frame, moment)
    marked = marked_of(obs, moment)
    return kinds | {LEAD_MARKED} if lead_with(obs, marked) is not None else kinds


def pagons_seat_role(obs: Any, seat: int) -> tuple[str, QColor]:
    """The pill under a name: the fool, the hanger, or the seat's team and pagon."""
    colours = palette.current()
    if obs.over and obs.fool == seat:
        return translate("Family3", "FOOL"), colours.role_fool
    if obs.over and obs.hanger == seat:
        return translate("Pagons", "HUNG THEM"), colours.role_won
    team = obs.teams[seat]
    sign = pagon_sign(int(obs.levels[team])) if obs.levels else ""
    if len(set(obs.teams)) == 2 and obs.players > 3:
        name = translate("Pagons", "team %1").replace("%1", "AB"[team])
        return name + " · " + sign, (colours.team_one, colours.team_two)[team]
    return translate("Pagons", "pagons %1").replace("%1", sign), colours.role_pagons


def pagon_stars(obs: Any, frame: TableFrame, placed: Sequence[Placement]) -> list[Badge]:
    """A gold star above each of your pagons (the card's corner stays readable)."""
    size = frame.text_size()
    mine = sorted(
        (
            p
            for p in placed
            if p.hand_index is not None and p.card is not None and is_pagon(obs, p.card)
        ),
        key=lambda p: p.pos.x(),
    )
    stars = []
    for index, card in enumerate(mine):
        visible = card.visible_width or card.width
        x = card.pos.x() - card.width * 0.5 + min(visible, card.width) * 0.5
        top = card.pos.y() - card_height(card.width) * 0.5
        tip = translate("Pagons", "One of your pagons")
        point = QPointF(x, top - size * 0.3)
        stars.append(Badge(f"pagon {index}", "★", point, size, tooltip=tip, emphasis=True))
    return stars


def pagons_marks(
    obs: Any, frame: TableFrame, moment: TableMoment, placed: Sequence[Placement]
) -> TableMarks:
    """The aimed attack card."""
    return TableMarks(
        targets=frozenset(
            p.key
            for p in placed
            if p.hand_index is None and p.card is not None and p.card == moment.aim
        )
    )


def pagons_entry_point(obs: Any, frame: TableFrame, placed: Placement) -> QPointF | None:
    """Another seat's card flies from its place to the table."""
    played = [e for e in obs.last_events if e.kind in PLAY_EVENTS]
    if played and played[-1].seat != obs.seat and placed.hand_index is None:
        return frame.geometry.fan_centre(cast(Any, obs), played[-1].seat)
    return None


def pagons_tooltip(obs: Any, frame: TableFrame, moment: TableMoment, card: CardFacts) -> str:
    """The talon, the beaten-off cards, your pagons; what a click on a lit card does."""
    key, face = card.key, card.card
    if key[0] == "talon":
        return translate("Pagons", "The talon")
    if key[0] == "gone":
        return translate("Pagons", "Beaten-off cards")
    if face is not None and card.hand_index is not None and is_pagon(obs, face):
        return translate("Pagons", "%1: one of your pagons").replace("%1", card_label(face))
    if face is not None and card.hand_index is not None and leads(obs) and card.lit:
        if card.hand_index in moment.picked:
            return translate(
                "Pagons",
                "%1: marked for your lead; click to lead the marked cards, Ctrl+click to unmark",
            ).replace("%1", card_label(face))
        return translate(
            "Pagons",
            "%1: click to lead it; Ctrl+click to mark it for a lead of several cards of one rank",
        ).replace("%1", card_label(face))
    if face is not None and card.hand_index is None and card.lit:
        return translate("Pagons", "%1: click to beat this card next").replace(
            "%1", card_label(face)
        )
    return common_tooltip(obs, frame, moment, card)


def pagons_key(obs: Any, frame: TableFrame, moment: TableMoment, key: int) -> KeyOutcome:
    """S (or Insert) marks the focused card for a lead of several; ↑/↓ aim at another
    attack card."""
    if key in MARK_KEYS and leads(obs):
        index = moment.focused_hand
        hand = tuple(obs.hand)
        if index is None or index >= len(hand) or hand[index] is None:
            return None
        return pagons_mark_intent(obs, frame, hand[index], index)
    targets = beat_targets(obs)
    if key in (Qt.Key.Key_Up, Qt.Key.Key_Down) and targets:
        index = targets.index(moment.aim) if moment.aim in targets else 0
        index += -1 if key == Qt.Key.Key_Up else 1
        return replace(moment, aim=targets[index % len(targets)])
    return None


def pagons_status(obs: Any, frame: TableFrame, moment: TableMoment) -> tuple[str, bool] | None:
    """Who hung the pagons on whom once over; else what your move may be (None: not your
    move)."""
    if obs.over:
        if obs.hanger is not None and obs.fool is not None:
            return translate("Pagons", "Game over: %1 hung the pagons on %2").replace(
                "%2", frame.seat_name(obs.fool)
            ).replace("%1", frame.seat_name(obs.hanger)), False
        if obs.fool is not None:
            return translate("Pagons", "Game over: %1 is the fool").replace(
                "%1", frame.seat_name(obs.fool)
            ), False
        return translate("Pagons", "Game over: nobody is the fool"), False
    kinds = {action.kind for action in legal_of(obs)}
    if not kinds:
        return None
    marked = marked_of(obs, moment)
    if HANG in kinds:
        text = translate("Pagons", "Only pagons in your hand: hang them on %1 (H)").replace(
            "%1", frame.seat_name(obs.defender)
        )
    elif TRANSFER in kinds:
        text = translate("Pagons", "Only pagons left: hand them to your partner (R), or attack")
    elif ATTACK in kinds and marked:
        text = translate("Pagons", "Your lead on %1: %2 marked; lead them (L) or mark more")
        text = text.replace("%2", " ".join(card_label(c) for c in sorted(marked)))
        text = text.replace("%1", frame.seat_name(obs.defender))
    elif ATTACK in kinds:
        text = translate("Pagons", "Your attack on %1: click a lit card").replace(
            "%1", frame.seat_name(obs.defender)
        )
        if any(len(a.cards) > 1 for a in leads(obs)):
            text += translate("Pagons", "; Ctrl+click or S marks cards of one rank")
    elif BEAT in kinds and moment.aim is not None:
        text = translate("Pagons", "Beat %1 with a lit card, or take (T)").replace(
            "%1", card_label(moment.aim)
        )
        if len(beat_targets(obs)) > 1:
            text += translate("Pagons", "; ↑/↓ or a click aims at another card")
    elif THROW in kinds:
        text = translate("Pagons", "Throw in a lit card, or pass (P)")
    elif TAKE in kinds:
        text = translate("Pagons", "Take the cards (T)")
    else:
        text = translate("Pagons", "Nothing to throw in: pass (P)")
    return text, True


def pagons_keys_help() -> str:
    """The keys and clicks of the pagons table."""
    return translate(
        "Pagons",
        "Mouse: click a lit card to attack, throw in or beat the marked card; ★ marks your "
        "pagons; Ctrl+click marks cards of one rank to lead them together (a click on one "
        "more of that rank, or Lead, leads them).\nKeys: ←/→ choose a card, Enter play it, "
        "S mark it for a lead of several, L lead the marked cards, ↑/↓ aim at another "
        "attack card, T take, P pass, H hang the pagons, R hand them to your partner.",
    )


VIEW = GameView(
    middle=pagons_middle,
    hand_intent=pagons_hand_intent,
    hand_alt_intent=pagons_mark_intent,
    button_intent=pagons_button_intent,
    button_kinds=pagons_button_kinds,
    status=pagons_status,
    keys_help=pagons_keys_help,
    tooltip=pagons_tooltip,
    entry_point=pagons_entry_point,
    marks=pagons_marks,
    key=pagons_key,
    pick=pagons_pick,
    carry=pagons_carry,
    badges=pagon_stars,
    seat_role=pagons_seat_role,
)
"""How the pagons table is drawn and played (durak_qt.table.game_view)."""


CLIENT = Family3Client(
    kind="pagons",
    titles=TITLES,
    descriptions=DESCRIPTIONS,
    table_view=VIEW,
    describe_events=describe_pagons_events,
    make_match=PagonsClientMatch,
    play_events=PLAY_EVENTS,
    points_rule=QT_TRANSLATE_NOOP(
        "Family3OverPanel",
        "A point for the fool of each deal: fewer is better. A team that hangs its pagons "
        "climbs a level (6, 7 ... ace, then the queen); the fool deals next.",
    ),
    buttons=(
        ButtonSpec(
            LEAD_MARKED,
            QT_TRANSLATE_NOOP("Family3", "Lead marked (L)"),
            QT_TRANSLATE_NOOP("Family3", "Lead the cards you marked, all of one rank, at once"),
            int(Qt.Key.Key_L),
            "button_lead_marked",
        ),
        ButtonSpec(
            HANG,
            QT_TRANSLATE_NOOP("Family3", "Hang pagons (H)"),
            QT_TRANSLATE_NOOP("Family3", "Hang your pagons on the defender: the deal ends"),
            int(Qt.Key.Key_H),
            "button_hang",
        ),
        ButtonSpec(
            TRANSFER,
            QT_TRANSLATE_NOOP("Family3", "To partner (R)"),
            QT_TRANSLATE_NOOP("Family3", "Hand your pagons to your next partner and leave"),
            int(Qt.Key.Key_R),
            "button_draw",
        ),
        ButtonSpec(
            TAKE,
            QT_TRANSLATE_NOOP("Family3", "Take (T)"),
            QT_TRANSLATE_NOOP("Family3", "Take every card of the bout"),
            int(Qt.Key.Key_T),
            "button_pick_up",
        ),
        ButtonSpec(
            PASS,
            QT_TRANSLATE_NOOP("Family3", "Pass (P)"),
            QT_TRANSLATE_NOOP("Family3", "Add no more cards to this bout"),
            int(Qt.Key.Key_P),
            "button_play",
        ),
    ),
)
"""How the client shows durak with pagons (durak_qt.games.family3.client)."""
