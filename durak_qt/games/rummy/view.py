"""Joker rummy's table: the deck and the discards on the left, every player's combinations in
a row per player in the middle, your hand with the cards you picked raised.

Mouse: click cards of your hand to pick them (click again to put one back), then Lay out (L)
for a run or a set (when jokers let the cards read several ways, a numbered button per
reading: click one to lay it that way), click a lit combination to add the one picked card (a
joker of the combination: give the card for it; a run's left half: its low end), the
discards' top card or Discard (X) to discard it; the deck or Draw (D) draws, Take (T) takes
the discards' top. Keys: ←/→ choose a card, Space picks it, L lays out, ↑/↓ choose where the
picked card goes (or which reading Lay out lays), A (or Enter) adds it there, X discards,
D draws, T takes. Every move is one of the observation's legal actions, found by the cards
picked; the view knows no rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from types import SimpleNamespace
from typing import Any, cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QPointF, QRectF, Qt

from durak_qt import palette
from durak_qt.card_text import card_label
from durak_qt.games.family3.client import ButtonSpec, Family3Client
from durak_qt.games.rummy.words import COUNTS, DESCRIPTIONS, TITLES, describe_rummy_events
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
from durak_qt.table.moment import CardFacts, TableMoment, toggled
from durak_qt.table.piles import (
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
from engine.rummy import game as rummy
from engine.rummy.actions import ADD, DISCARD, DRAW, HIGH, LOW, RUN, SET, SWAP, TAKE
from engine.rummy.match import RummyMatch
from engine.rummy.refusal import (
    JOKER_FOR_HELD,
    LAY_MORE,
    OPENING_SHORT,
    QUIET_FIRST_ROUND,
    Refusal,
    observation_rules,
    picked_refusal,
)

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("Rummy", ...)` calls)."""

LAY = "lay"
"""The button (and key L) laying the picked cards as the run or set they make."""
PLACE = "place"
"""The button (and key A) putting the one picked card on a combination of the table."""

PLAY_EVENTS = frozenset((rummy.LAID, rummy.ADDED, rummy.SWAPPED, rummy.DISCARDED))
"""Events that put a card down (the "play" sound)."""

DECK_SHOWN = 3
"""Backs drawn for the deck (its count is written under it)."""
STOCK_SHOWN = 3
"""Discards shown, the top one last and whole."""


def _number(part: object) -> int:
    """A number of a card item's key (a combination's index, a card's place in it)."""
    return part if isinstance(part, int) else -1


def refusal_text(refusal: Refusal, picked: int) -> str:
    """Why the picked cards make no move, in words (the engine's reason, `picked` cards)."""
    if refusal.reason == QUIET_FIRST_ROUND:
        return translate(
            "Rummy", "Nothing is laid out in the first round, until everyone has moved once"
        )
    if refusal.reason == OPENING_SHORT:
        return COUNTS.opening_short(refusal.points).replace("%1", str(refusal.need))
    if refusal.reason == JOKER_FOR_HELD and refusal.card is not None:
        text = translate("Rummy", "You hold %1: lay it, not a joker in its place")
        return text.replace("%1", card_label(refusal.card))
    if refusal.reason == LAY_MORE:
        text = translate("Rummy", "Lay more first: no discard before your first laying reaches %1")
        return text.replace("%1", str(refusal.need))
    if picked > 1:
        return translate("Rummy", "These cards make no run or set: pick others")
    return translate("Rummy", "These cards make no move: pick others")


def pile_column_x(frame: TableFrame) -> float:
    """Where the deck and the discards stand: a fifth in from the left, but clear of the fan
    of a seat at the left side (large cards, or a narrow table beside the side panel)."""
    geo = frame.geometry
    reach = geo.side_fan_reach + 6 * geo.unit + geo.small_width * 0.8  # the discards' half width
    return max(frame.size[0] * 0.215, reach)


PLATE_REACH = (55.0, 44.0)
"""How far (in units) another seat's name plate, with its "to move" line, reaches right or
left of its centre and below it (durak_qt.table.pile_scene.PileScene.place_plate)."""


def deck_y(frame: TableFrame) -> float:
    """The height of the deck: three tenths down, but below the fan and the name plate of a
    seat above it (six players: the seat at the upper left)."""
    geo = frame.geometry
    unit, small, small_height = geo.unit, geo.small_width, card_height(geo.small_width)
    x, y = pile_column_x(frame), frame.size[1] * 0.3
    deck_half = small * 0.5 + 4 * unit
    around = cast(Any, SimpleNamespace(seat=0, players=len(frame.names)))  # seen from seat 0
    bottoms = []
    for seat in range(1, len(frame.names)):
        point = geo.seat_point(around, seat)
        if point.y() >= y:
            continue
        fan = geo.fan_centre(around, seat)
        if abs(fan.x() - x) < small * 1.55 + deck_half:  # its tilted cards reach a little lower
            bottoms.append(fan.y() + small_height * 0.6)
        plate_y = point.y() + small_height * 0.15 + palette.spacing("seat_plate_below", unit)
        if abs(point.x() - x) < PLATE_REACH[0] * unit + deck_half:
            bottoms.append(plate_y + PLATE_REACH[1] * unit)
    return max([y, *(bottom + 6 * unit + small_height * 0.5 for bottom in bottoms)])


def deck_point(frame: TableFrame) -> QPointF:
    """Centre of the deck to draw from."""
    return QPointF(pile_column_x(frame), deck_y(frame))


def stock_point(frame: TableFrame) -> QPointF:
    """Centre of the discards' top card."""
    return deck_point(frame) + QPointF(0, card_height(frame.geometry.small_width) * 1.45)


def melds_area(frame: TableFrame) -> QRectF:
    """Where the rows of combinations lie."""
    width, height = frame.size
    geo = frame.geometry
    top = height * 0.21
    bottom = geo.status_line_y() - 16 * geo.unit
    left = pile_column_x(frame) + geo.small_width * 1.4
    return QRectF(left, top, width * 0.82 - left, max(bottom - top, 40.0))


def meld_rows(obs: Any) -> list[tuple[int, list[int]]]:
    """(owner, combination indexes) of every player with combinations, you last."""
    order = [(obs.seat + step) % obs.players for step in range(1, obs.players + 1)]
    rows = []
    for owner in order:
        indexes = [i for i, meld in enumerate(obs.melds) if meld.owner == owner]
        if indexes:
            rows.append((owner, indexes))
    return rows


def wrap_melds(
    obs: Any, indexes: list[int], room: float, width: float, step: float, gap: float
) -> list[list[int]]:
    """A player's combinations in lines no wider than `room`."""
    lines: list[list[int]] = [[]]
    used = 0.0
    for index in indexes:
        span = width + (len(obs.melds[index].cards) - 1) * step
        if lines[-1] and used + gap + span > room:
            lines.append([])
            used = 0.0
        used += span + (gap if lines[-1] else 0.0)
        lines[-1].append(index)
    return lines


def matching(obs: Any, frame: TableFrame, kinds: tuple[str, ...]) -> list[Any]:
    """The legal moves of these kinds made of exactly the picked cards, in the engine's order."""
    picked = Counter(picked_cards(obs, frame))
    if not picked:
        return []
    return [a for a in legal_of(obs) if a.kind in kinds and Counter(a.cards) == picked]


@per_observation
def pickable(obs: Any) -> set[Card]:
    """The cards of your hand some legal move (not a draw) uses: a click picks them."""
    return {card for action in legal_of(obs) if action.kind != DRAW for card in action.cards}


def rummy_hand_intent(obs: Any, frame: TableFrame, card: Card, hand_index: int) -> object | None:
    """A hand card's intent: pick it (or put it back) while some move could use it."""
    if hand_index in frame.selected_hand or card in pickable(obs):
        return Pick(hand_index)
    return None


def rummy_button_intent(
    obs: Any, frame: TableFrame, moment: TableMoment, kind: str
) -> object | None:
    """A button's intent: Lay lays the picked cards as the run or set chosen (`lay_action`),
    Discard discards them, Place puts the picked card where ↑/↓ point (`focused_target`); Draw
    and Take as they say."""
    if kind == PLACE:
        return focused_target(obs, frame, moment)
    if kind == LAY:
        return lay_action(obs, frame, moment)
    if kind == DISCARD:
        return discard_action(obs, frame, moment)
    return first_of_kind(obs, kind)


def picked_moves(
    obs: Any, frame: TableFrame, moment: TableMoment, kinds: tuple[str, ...]
) -> list[Any]:
    """The legal moves of these kinds made of exactly the cards the moment picked."""
    return matching(obs, replace(frame, selected_hand=frozenset(moment.picked)), kinds)


def lay_readings(obs: Any, frame: TableFrame, moment: TableMoment) -> list[Any]:
    """Every legal run or set made of exactly the picked cards, in the engine's order (with
    jokers the same cards may read several ways: a joker at either end, a run or a set)."""
    return picked_moves(obs, frame, moment, (RUN, SET))


def lay_action(obs: Any, frame: TableFrame, moment: TableMoment) -> Any | None:
    """The reading of the picked cards the Lay button lays: the one ↑/↓ (or a reading's
    button) chose, the engine's first until then."""
    found = lay_readings(obs, frame, moment)
    return found[moment.chooser % len(found)] if found else None


def cards_text(cards: Any) -> str:
    """Cards as the status line writes them: "3♣ 4♣ 🃏"."""
    return " ".join(card_label(c) for c in cards)


def lay_text(lay: Any, readings: int) -> str:
    """What the Lay button lays: its cards, and whether a run or a set when the same cards
    read several ways."""
    if readings < 2:
        return translate("Rummy", "Lay out %1 (L)").replace("%1", cards_text(lay.cards))
    if lay.kind == SET:
        return translate("Rummy", "Lay out %1 as a set (L)").replace("%1", cards_text(lay.cards))
    return translate("Rummy", "Lay out %1 as a run (L)").replace("%1", cards_text(lay.cards))


def reading_choices(obs: Any, frame: TableFrame, moment: TableMoment) -> list[Choice]:
    """While the picked cards read several ways, a numbered round button per reading in a
    row above the status line: the chosen one ringed, a click lays it, its tooltip says how."""
    readings = lay_readings(obs, frame, moment)
    if len(readings) < 2:
        return []
    geo = frame.geometry
    unit = geo.unit
    radius = palette.suit_badge_radius(unit, "suit_choice") * 0.75
    banner_half = 0.9 * palette.text_pixels("banner", unit)  # the status line's text, padded
    y = geo.status_line_y() - banner_half - radius * 1.4
    chosen = moment.chooser % len(readings)
    middle = (len(readings) - 1) / 2
    return [
        Choice(
            key=f"reading {index}",
            symbol=str(index + 1),
            suit="S",  # the plain ink
            pos=QPointF(frame.size[0] * 0.5 + (index - middle) * radius * 2.8, y),
            radius=radius,
            enabled=True,
            focused=index == chosen,
            tooltip=lay_text(reading, len(readings)),
            intent=reading,
        )
        for index, reading in enumerate(readings)
    ]


def discard_action(obs: Any, frame: TableFrame, moment: TableMoment) -> Any | None:
    """The legal discard of exactly the picked cards."""
    found = picked_moves(obs, frame, moment, (DISCARD,))
    return found[0] if found else None


def table_targets(obs: Any, frame: TableFrame, moment: TableMoment) -> list[Any]:
    """The legal adds and swaps of the one picked card, in the engine's order."""
    return picked_moves(obs, frame, moment, (ADD, SWAP))


def focused_target(obs: Any, frame: TableFrame, moment: TableMoment) -> Any | None:
    """The add or swap ↑/↓ point at (the first until they are used)."""
    targets = table_targets(obs, frame, moment)
    return targets[moment.chooser % len(targets)] if targets else None


def picked_of(obs: Any, moment: TableMoment) -> list[Card]:
    """The cards of your hand the moment picked, in hand order."""
    hand = tuple(obs.hand)
    return [hand[i] for i in sorted(moment.picked) if i < len(hand)]


def meld_target(obs: Any, frame: TableFrame, index: int, offset: int) -> Any | None:
    """The add or swap a click on card `offset` of combination `index` makes with the picked
    card: a swap on the joker it stands for, else an add (a run's left half: its low end)."""
    targets = [a for a in matching(obs, frame, (ADD, SWAP)) if a.meld == index]
    if not targets:
        return None
    cards = obs.melds[index].cards
    face = cards[offset] if offset < len(cards) else None
    swaps = [a for a in targets if a.kind == SWAP]
    if face is not None and face.is_joker and swaps:
        return swaps[0]
    adds = [a for a in targets if a.kind == ADD]
    if len(adds) > 1:
        end = LOW if offset < len(cards) / 2 else HIGH
        return next((a for a in adds if a.end == end), adds[0])
    return adds[0] if adds else swaps[0]


def meld_piles(obs: Any, frame: TableFrame, text_size: int) -> list[Pile]:
    """Every player's combinations in a row under the player's name (one pile each; a click
    on one puts the picked card there when it may go), smaller cards until every row fits
    the area."""
    area = melds_area(frame)
    rows = meld_rows(obs)
    label_height = text_size * 1.7
    width = frame.geometry.small_width
    lines: list[list[list[int]]] = []
    for _ in range(12):
        step, gap, tall = width * 0.36, width * 0.3, card_height(width)
        lines = [wrap_melds(obs, indexes, area.width(), width, step, gap) for _, indexes in rows]
        needed = sum(label_height + len(rl) * (tall + 4) for rl in lines)
        if needed <= area.height() or width <= 22:
            break
        width = max(22, round(width * 0.88))
    step, gap, tall = width * 0.36, width * 0.3, card_height(width)
    piles: list[Pile] = []
    y = area.top()
    for (owner, _indexes), row_lines in zip(rows, lines, strict=True):
        opened = obs.opened[owner] if owner < len(obs.opened) else False
        name = frame.seat_name(owner)
        text = name if opened else translate("Rummy", "%1 (not opened yet)").replace("%1", name)
        at = QPointF(area.left(), y + label_height / 2)
        label = Badge(
            f"row {owner}", text, at, text_size, bold=owner == obs.seat, left_aligned=True
        )
        piles.append(Pile(f"row {owner}", (), (label,)))
        y += label_height
        for line in row_lines:
            x = area.left()
            for index in line:
                cards = obs.melds[index].cards
                span = width + (len(cards) - 1) * step
                placed = tuple(
                    Placement(
                        ("meld", index, offset),
                        card.text,
                        QPointF(x + width / 2 + offset * step, y + tall / 2),
                        width,
                        0.0,
                        30 + offset,
                        card,
                        visible_width=step if offset + 1 < len(cards) else width,
                    )
                    for offset, card in enumerate(cards)
                )
                aimed = {
                    p.key: meld_target(obs, frame, index, offset) for offset, p in enumerate(placed)
                }
                intents = {key: move for key, move in aimed.items() if move is not None}
                piles.append(Pile(f"meld {index}", placed, intents=intents))
                x += span + gap
            y += tall + 4
    return piles


def rummy_middle(obs: Any, frame: TableFrame, face_key: FaceNamer) -> list[Pile]:
    """The middle of a joker-rummy table: the deck and the discards on the left with their
    counts (the deck's top card draws; the discards' top takes it, or discards the picked
    card), every player's combinations in rows."""
    unit = frame.geometry.unit
    pile = frame.geometry.small_width
    text_size = palette.text_pixels("dense_label", unit)
    deck, stock = deck_point(frame), stock_point(frame)
    count = len(obs.deck)
    backs = tuple(
        Placement(
            ("deck", i),
            frame.card_back,
            deck + QPointF(-2.0 * i * unit, -2.0 * i * unit),
            pile,
            0.0,
            10 + i,
        )
        for i in range(min(count, DECK_SHOWN))
    )
    deck_text = COUNTS.deck(count) if count else translate("Rummy", "Deck empty")
    below_deck = deck + QPointF(0, card_height(pile) * 0.5 + text_size * 1.2)
    shown = tuple(obs.stock)[-STOCK_SHOWN:]
    discards = tuple(
        Placement(
            ("stock", i),
            card.text,
            stock + QPointF((i - (len(shown) - 1) / 2) * pile * 0.3, 0),
            pile,
            0.0,
            20 + i,
            card,
        )
        for i, card in enumerate(shown)
    )
    stock_text = COUNTS.stock(len(obs.stock)) if obs.stock else translate("Rummy", "No discards")
    below_stock = stock + QPointF(0, card_height(pile) * 0.5 + text_size * 1.2)
    draw = first_of_kind(obs, DRAW)
    deck_intents = {backs[-1].key: draw} if backs and draw is not None else {}
    discarded = matching(obs, frame, (DISCARD,))
    take = first_of_kind(obs, TAKE) or (discarded[0] if discarded else None)
    stock_intents = {discards[-1].key: take} if discards and take is not None else {}
    return [
        Pile(
            "deck",
            backs,
            (Badge("deck", deck_text, below_deck, text_size),),
            intents=deck_intents,
        ),
        Pile(
            "discards",
            discards,
            (Badge("discards", stock_text, below_stock, text_size),),
            intents=stock_intents,
        ),
        *meld_piles(obs, frame, text_size),
    ]


def rummy_lit_hand(obs: Any) -> set[Card]:
    """The cards of your hand some combination or table move can use (a discard alone does
    not light a card)."""
    moves = (RUN, SET, ADD, SWAP)
    return {card for action in legal_of(obs) if action.kind in moves for card in action.cards}


def rummy_pick(
    obs: Any, frame: TableFrame, moment: TableMoment, hand_index: int
) -> TableMoment | None:
    """Pick the card, or put it back when it was picked; the keys' place on the table starts
    again from the first."""
    return replace(moment, picked=toggled(moment.picked, hand_index), chooser=0)


def rummy_carry(previous: Any, obs: Any, moment: TableMoment) -> TableMoment:
    """The picked cards are forgotten when your hand changed."""
    if previous is None or tuple(previous.hand) != tuple(obs.hand):
        return replace(moment, picked=(), chooser=0)
    return moment


def rummy_button_kinds(obs: Any, frame: TableFrame, moment: TableMoment) -> set[str]:
    """Draw and Take while legal; Lay, Place and Discard while the picked cards make one."""
    legal = legal_of(obs)
    kinds = {kind for kind in (DRAW, TAKE) if any(a.kind == kind for a in legal)}
    if lay_action(obs, frame, moment) is not None:
        kinds.add(LAY)
    if table_targets(obs, frame, moment):
        kinds.add(PLACE)
    if discard_action(obs, frame, moment) is not None:
        kinds.add(DISCARD)
    return kinds


def rummy_marks(
    obs: Any, frame: TableFrame, moment: TableMoment, placed: Sequence[Placement]
) -> TableMarks:
    """The combination the keys point at (its joker, for a swap), while they are used."""
    target = focused_target(obs, frame, moment) if moment.keys_used else None
    if target is None:
        return TableMarks()
    return TableMarks(
        targets=frozenset(
            p.key
            for p in placed
            if p.key[0] == "meld"
            and p.key[1] == target.meld
            and (target.kind != SWAP or bool(p.card is not None and p.card.is_joker))
        )
    )


def rummy_key(obs: Any, frame: TableFrame, moment: TableMoment, key: int) -> KeyOutcome:
    """Space (and Enter while the picked card has no place) picks the focused card; Enter
    puts the picked card where ↑/↓ point, which move over its places (or over the readings of
    the picked cards, for the Lay button)."""
    target = focused_target(obs, frame, moment)
    if key == Qt.Key.Key_Space or (key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and target is None):
        return KeyUse.ACTIVATE
    if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
        return target
    if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
        targets = table_targets(obs, frame, moment)
        options = targets or lay_readings(obs, frame, moment)
        if not targets and len(options) < 2:
            return KeyUse.TAKEN
        step = 1 if key == Qt.Key.Key_Down else -1
        return replace(moment, chooser=(moment.chooser + step) % len(options))
    return None


def rummy_entry_point(obs: Any, frame: TableFrame, placed: Placement) -> QPointF | None:
    """A card new in your hand comes from the deck or the discards."""
    if placed.hand_index is None:
        return None
    kinds = [e.kind for e in obs.last_events]
    if rummy.DREW in kinds:
        return deck_point(frame)
    if rummy.TOOK in kinds:
        return stock_point(frame)
    return None


def rummy_tooltip(obs: Any, frame: TableFrame, moment: TableMoment, card: CardFacts) -> str:
    """The deck, the discards, a combination's card (whose it is), a card of your hand (picked
    or pickable): what a click does."""
    key, face = card.key, card.card
    if key[0] == "deck":
        if card.lit:
            return translate("Rummy", "The deck: click to draw a card (D)")
        return translate("Rummy", "The deck")
    if key[0] == "stock" and face is not None:
        label = card_label(face)
        if card.lit and any(a.kind == TAKE for a in legal_of(obs)):
            return translate("Rummy", "%1: click to take it (T)").replace("%1", label)
        if card.lit:
            return translate("Rummy", "Discards: click to discard the picked card (X)")
        return translate("Rummy", "Discards: %1 on top").replace("%1", label)
    if key[0] == "meld" and face is not None:
        owner = obs.melds[_number(key[1])].owner
        text = (
            translate("Rummy", "%1 of a combination of %2")
            .replace("%2", frame.seat_name(owner))
            .replace("%1", card_label(face))
        )
        if card.lit:
            text += "\n" + translate("Rummy", "Click to put the picked card here (A)")
        return text
    if card.hand_index is not None and face is not None:
        label = card_label(face)
        if card.hand_index in moment.picked:
            return translate("Rummy", "%1: picked; click to put it back").replace("%1", label)
        if face in pickable(obs):
            return translate("Rummy", "%1: click to pick it").replace("%1", label)
        return label
    return common_tooltip(obs, frame, moment, card)


def open_points(obs: Any) -> int:
    """The points a first laying must reach (51 when the rules cannot be read)."""
    try:
        return int(observation_rules(obs).open_points)
    except ValueError:
        return 51


def rummy_status(obs: Any, frame: TableFrame, moment: TableMoment) -> tuple[str, bool] | None:
    """Who went out once over; else what the picked cards make, or what to pick (None: not
    your move)."""
    if obs.over:
        if obs.winner is not None:
            return translate("Rummy", "Hand over: %1 went out").replace(
                "%1", frame.seat_name(obs.winner)
            ), False
        return translate("Rummy", "Hand over: nobody went out"), False
    legal = legal_of(obs)
    if not legal:
        return None
    kinds = {action.kind for action in legal}
    if DRAW in kinds or TAKE in kinds:
        if TAKE in kinds:
            top = card_label(obs.stock[-1])
            text = translate("Rummy", "Draw from the deck (D) or take %1 (T)")
            return text.replace("%1", top), True
        return translate("Rummy", "Draw from the deck (D)"), True
    lay = lay_action(obs, frame, moment)
    target = focused_target(obs, frame, moment)
    discard = discard_action(obs, frame, moment)
    if obs.reclaimed:
        text = translate("Rummy", "Put the joker you took back on the table")
    elif lay is not None:
        text = lay_text(lay, len(lay_readings(obs, frame, moment)))
    elif target is not None:
        text = translate("Rummy", "Click a lit combination for %1, or press A").replace(
            "%1", card_label(target.cards[0])
        )
    elif discard is not None:
        text = translate("Rummy", "Discard %1 (X) to end your turn").replace(
            "%1", " ".join(card_label(c) for c in discard.cards)
        )
    elif moment.picked:
        picked = picked_of(obs, moment)
        text = refusal_text(picked_refusal(obs, picked), len(moment.picked))
    elif (RUN in kinds or SET in kinds) and DISCARD in kinds:
        text = translate("Rummy", "Pick cards for a run or a set, or one card to discard")
    elif RUN in kinds or SET in kinds:
        text = translate("Rummy", "Pick cards for another run or set: no discard before %1")
        text = text.replace("%1", str(open_points(obs)))
    else:
        text = translate("Rummy", "Pick a card to discard or to add to the table")
    need = open_points(obs)
    if not obs.opened[obs.seat] and obs.laid_this_turn:
        text = COUNTS.laid(obs.laid_this_turn).replace("%1", str(need)) + " · " + text
    return text, True


def rummy_keys_help() -> str:
    """The keys and clicks of the joker rummy table."""
    return translate(
        "Rummy",
        "Mouse: click cards of your hand to pick them, then Lay out; click a lit "
        "combination to add the picked card, the discards to discard it, the deck to draw.\n"
        "Keys: ←/→ choose a card, Space pick it, L lay out, ↑/↓ and A (or Enter) add it, "
        "X discard, D draw, T take the discard.",
    )


VIEW = GameView(
    middle=rummy_middle,
    hand_intent=rummy_hand_intent,
    button_intent=rummy_button_intent,
    button_kinds=rummy_button_kinds,
    lit_hand=rummy_lit_hand,
    status=rummy_status,
    keys_help=rummy_keys_help,
    tooltip=rummy_tooltip,
    entry_point=rummy_entry_point,
    marks=rummy_marks,
    key=rummy_key,
    pick=rummy_pick,
    carry=rummy_carry,
    choices=reading_choices,
)
"""How the joker rummy table is drawn and played (durak_qt.table.game_view)."""


CLIENT = Family3Client(
    kind="joker-rummy",
    titles=TITLES,
    descriptions=DESCRIPTIONS,
    table_view=VIEW,
    describe_events=describe_rummy_events,
    make_match=RummyMatch,
    play_events=PLAY_EVENTS,
    points_rule=QT_TRANSLATE_NOOP(
        "Family3OverPanel",
        "Points are the cards left in hand; going out scores -50: fewer is better. "
        "The next hand starts one seat clockwise.",
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
            TAKE,
            QT_TRANSLATE_NOOP("Family3", "Take the discard (T)"),
            QT_TRANSLATE_NOOP("Family3", "Take the top card of the discards"),
            int(Qt.Key.Key_T),
            "button_draw",
        ),
        ButtonSpec(
            LAY,
            QT_TRANSLATE_NOOP("Family3", "Lay out (L)"),
            QT_TRANSLATE_NOOP("Family3", "Lay the picked cards out as a run or a set"),
            int(Qt.Key.Key_L),
            "button_play",
        ),
        ButtonSpec(
            PLACE,
            QT_TRANSLATE_NOOP("Family3", "Add to the table (A)"),
            QT_TRANSLATE_NOOP(
                "Family3", "Put the picked card on the combination ↑/↓ point at (or click one)"
            ),
            int(Qt.Key.Key_A),
            "button_play",
        ),
        ButtonSpec(
            DISCARD,
            QT_TRANSLATE_NOOP("Family3", "Discard (X)"),
            QT_TRANSLATE_NOOP("Family3", "Discard the picked card and end your turn"),
            int(Qt.Key.Key_X),
            "button_discard",
        ),
    ),
)
"""How the client shows joker rummy (durak_qt.games.family3.client)."""
