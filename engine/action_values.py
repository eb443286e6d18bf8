"""Shared Action and Event values: one object per seat and card, made once, that the game's hot
paths hand out instead of building new ones (legal actions compare by identity first)."""

from __future__ import annotations

from itertools import combinations
from operator import attrgetter
from typing import Final

from engine.actions import (
    ATTACK,
    ATTACKED,
    BEAT,
    BOUT_STARTED,
    DREW,
    EXCHANGE,
    PASS,
    PASSED,
    SHOW_TRUMP,
    TAKE,
    TAKING,
    THROW,
    THROWN,
    TRANSFER,
    TRANSFERRED,
    Action,
    Event,
)
from engine.cards import ALL_FACES, Card
from engine.rules import MAX_SEATS

tuple_new: Final = (
    tuple.__new__
)  # builds Action/Event values without the NamedTuple __new__ wrapper
LAID_EVENT: Final = {ATTACK: ATTACKED, THROW: THROWN, TRANSFER: TRANSFERRED}
LAID_KINDS: Final = (ATTACK, THROW, TRANSFER)  # (the order of LAID_ONE's blocks)
_ACTION: Final = Action  # (module constants: compiled code reads them without a name lookup)
_EVENT: Final = Event
_MAX_SEATS: Final = MAX_SEATS


def _one_card_actions(kind: str) -> tuple[tuple[Action | None, ...], ...]:
    """For each seat, the action of `kind` with one card, indexed by card code (shared values)."""
    size = max(c.code for c in ALL_FACES) + 1
    rows = []
    for seat in range(_MAX_SEATS):
        row: list[Action | None] = [None] * size
        for card in ALL_FACES:
            row[card.code] = Action(seat, kind, (card,))
        rows.append(tuple(row))
    return tuple(rows)


ATTACK_ONE: Final = _one_card_actions(ATTACK)
THROW_ONE: Final = _one_card_actions(THROW)
TRANSFER_ONE: Final = _one_card_actions(TRANSFER)
SHOW_ONE: Final = _one_card_actions(SHOW_TRUMP)
CODES: Final = max(c.code for c in ALL_FACES) + 1
RANK_OF_CODE: Final = [0] * CODES
CARD_OF_CODE: Final[list[Card]] = [ALL_FACES[0]] * CODES  # codes no face has are never looked up
for _card in ALL_FACES:
    RANK_OF_CODE[_card.code] = _card.rank
    CARD_OF_CODE[_card.code] = _card
CODES_OF_RANKS: Final[dict[int, frozenset[int]]] = {}
_CODES_OF_RANK: Final[list[frozenset[int]]] = [
    frozenset(c.code for c in ALL_FACES if c.rank == rank) for rank in range(16)
]


def codes_of_ranks(ranks: int) -> frozenset[int]:
    """Codes of every face whose rank bit is set in `ranks` (memoised; a new set of ranks is
    the union of its ranks' codes, not a pass over every face)."""
    found = CODES_OF_RANKS.get(ranks)
    if found is None:
        found = frozenset().union(*[_CODES_OF_RANK[r] for r in range(16) if ranks >> r & 1])
        CODES_OF_RANKS[ranks] = found
    return found


BEATEN_EVENT: Final[list[Event | None]] = [None] * (_MAX_SEATS * CODES * CODES)
"""The event of a beat, one shared value per (seat, target code, card code), made when first met."""
LAID_ONE: Final[list[Event | None]] = [None] * (len(LAID_KINDS) * _MAX_SEATS * _MAX_SEATS * CODES)
"""The event of one card attacked, thrown or transferred, per (kind, seat, defender, code)."""
BEAT_ROWS: Final[list[list[list[Action] | None]]] = [[None] * CODES for _ in range(_MAX_SEATS)]


def beat_row(seat: int, target: Card) -> list[Action]:
    """Beats of `target` by `seat`, indexed by the beating card's code (shared values)."""
    row = BEAT_ROWS[seat][target.code]
    if row is None:
        by_code = {card.code: Action(seat, BEAT, (card,), target) for card in ALL_FACES}
        stand_in = by_code[target.code]  # for codes no face has: never looked up
        row = [by_code.get(code, stand_in) for code in range(CODES)]
        BEAT_ROWS[seat][target.code] = row
    return row


_COMBOS: Final[dict[tuple[object, ...], tuple[Action, ...]]] = {}
"""Combinations by (seat, kind, cards, low, high), for cards with a face twice or other kinds."""
_COMBO_KINDS: Final = (ATTACK, THROW, EXCHANGE)
_COMBOS_BY_SET: Final[list[dict[int, tuple[Action, ...]]]] = [
    {} for _ in range(_MAX_SEATS * len(_COMBO_KINDS))
]
"""Per seat and kind of _COMBO_KINDS: combinations by one int, the bits of the cards' codes (8
and up) with `low` << 4 | `high` below them: the same cards in any order share one entry."""
_COMBO_ACTIONS_MAX: Final = 250_000
"""The most actions the combinations memos hold (about 40 MB); they start afresh when full."""
_combo_actions_held = 0
assert min(card.code for card in ALL_FACES) >= 8  # (bits 0-7 of a set key: low and high)


def combo_actions(
    seat: int, kind: str, cards: tuple[Card, ...], low: int, high: int
) -> tuple[Action, ...]:
    """Actions of `kind` with every `low`..`high` of `cards` (in code order), memoised."""
    block = 0 if kind == ATTACK else 1 if kind == THROW else 2 if kind == EXCHANGE else -1
    if block >= 0 and 0 <= low <= high < 16:
        key = low << 4 | high
        for card in cards:
            bit = 1 << card.code
            if key & bit:
                break  # a face twice (two decks): memoised by the cards themselves
            key |= bit
        else:
            memo = _COMBOS_BY_SET[seat * len(_COMBO_KINDS) + block]
            found = memo.get(key)
            if found is None:
                found = _make_combos(seat, kind, cards, low, high)
                memo[key] = found
            return found
    general = (seat, kind, cards, low, high)
    found = _COMBOS.get(general)
    if found is None:
        found = _make_combos(seat, kind, cards, low, high)
        _COMBOS[general] = found
    return found


def _make_combos(
    seat: int, kind: str, cards: tuple[Card, ...], low: int, high: int
) -> tuple[Action, ...]:
    """The actions `combo_actions` memoises (the memos start afresh when they would hold more
    than _COMBO_ACTIONS_MAX actions)."""
    global _combo_actions_held
    actions = []
    ordered = sorted(cards, key=_code)
    for size in range(low, high + 1):
        combos = combinations(ordered, size)
        for combo in dict.fromkeys(combos):  # (tuple.__new__: no NamedTuple wrapper call)
            actions.append(tuple_new(_ACTION, (seat, kind, combo, None, ())))
    if _combo_actions_held + len(actions) > _COMBO_ACTIONS_MAX:
        _COMBOS.clear()
        for memo in _COMBOS_BY_SET:
            memo.clear()
        _combo_actions_held = 0
    _combo_actions_held += len(actions)
    return tuple(actions)


TAKE_OF: Final = tuple(Action(seat, TAKE) for seat in range(_MAX_SEATS))
PASSED_EVENT: Final = tuple(Event(PASSED, seat) for seat in range(_MAX_SEATS))
TAKING_EVENT: Final = tuple(Event(TAKING, seat) for seat in range(_MAX_SEATS))
BOUT_EVENT: Final = tuple(
    tuple(Event(BOUT_STARTED, lead, (), defender) for defender in range(_MAX_SEATS))
    for lead in range(_MAX_SEATS)
)
DREW_EVENT: Final = tuple(
    tuple(Event(DREW, seat, (), -1, count) for count in range(61)) for seat in range(_MAX_SEATS)
)
PASS_OF: Final = tuple(Action(seat, PASS) for seat in range(_MAX_SEATS))
ONLY: Final = tuple((seat,) for seat in range(_MAX_SEATS))  # shared one-seat `to_act` values
PASS_ONLY: Final = tuple((action,) for action in PASS_OF)

_code: Final = attrgetter("code")
