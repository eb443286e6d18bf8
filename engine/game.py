"""The game: a deterministic state machine over bouts, on slots whose faces a seat may not know.

A slot is one physical card's place in the dealt deck (its position). `faces[slot]` is the face
when this engine instance knows it, else None; `known[slot]` is the bit set of seats that may see
it. An engine made with `Game.new` or `Game.from_layout` knows every face (bots, simulation, the
audit, tests); one made with `Game.new_hidden` runs on a peer and learns faces through `reveal`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from operator import attrgetter
from typing import Any, Final, cast

from engine import game_checks, game_views
from engine.actions import (
    ATTACK,
    ATTACKED,
    BEAT,
    BEATEN,
    BLIND_KINDS,
    BOUT_STARTED,
    DISCARDED,
    DREW,
    EXCHANGE,
    FORFEIT,
    FORFEITED,
    GAME_OVER,
    OUT,
    PASS,
    PASSED,
    SHOW_TRUMP,
    TAKE,
    TAKING,
    THROW,
    THROWN,
    TOOK,
    TRANSFER,
    TRANSFERRED,
    TRUMP_SHOWN,
    WRONG,
    Action,
    Event,
)
from engine.beating import beat_table
from engine.cards import ALL_FACES, Card, deck_spec
from engine.errors import EngineError, IllegalAction
from engine.first_lead import decide_first_lead, deciding_card
from engine.observation import Observation
from engine.rules import MAX_SEATS, Rules
from engine.variants import (
    Twist,
    deal_twists_for,
    piled,
    reverse,
    twists_for,
)
from engine.variants.albanian import (  # (the table and tests import them here)
    deck_ranks_by_position as deck_ranks_by_position,
)
from engine.variants.albanian import order_deck_by_rank as order_deck_by_rank
from engine.variants.albanian import rank_order_problem as rank_order_problem
from engine.variants.believe import HIDDEN_BEAT as HIDDEN_BEAT  # (the audit imports it here)
from engine.variants.boring import HIGHEST_LEAD as HIGHEST_LEAD  # (audit, tests import it here)
from engine.variants.own_actions import OWN_ACTIONS
from engine.variants.twist import NO_CARD as NO_CARD  # (one definition for game and variants)
from engine.variants.twist import TwistState

_tuple_new: Final = (
    tuple.__new__
)  # builds Action/Event values without the NamedTuple __new__ wrapper
_LAID_EVENT: Final = {ATTACK: ATTACKED, THROW: THROWN, TRANSFER: TRANSFERRED}
_LAID_KINDS: Final = (ATTACK, THROW, TRANSFER)  # (the order of _LAID_ONE's blocks)
_ACTION: Final = Action  # (module constants: compiled code reads them without a name lookup)
_EVENT: Final = Event
_MAX_SEATS: Final = MAX_SEATS
_NO_RNG: Final = random.Random(0)  # placeholder until a constructor sets the game's own generator


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


_ATTACK_ONE: Final = _one_card_actions(ATTACK)
_THROW_ONE: Final = _one_card_actions(THROW)
_TRANSFER_ONE: Final = _one_card_actions(TRANSFER)
_SHOW_ONE: Final = _one_card_actions(SHOW_TRUMP)
_CODES: Final = max(c.code for c in ALL_FACES) + 1
_RANK_OF_CODE: Final = [0] * _CODES
_CARD_OF_CODE: Final[list[Card]] = [ALL_FACES[0]] * _CODES  # codes no face has are never looked up
for _card in ALL_FACES:
    _RANK_OF_CODE[_card.code] = _card.rank
    _CARD_OF_CODE[_card.code] = _card
_CODES_OF_RANKS: Final[dict[int, frozenset[int]]] = {}
_CODES_OF_RANK: Final[list[frozenset[int]]] = [
    frozenset(c.code for c in ALL_FACES if c.rank == rank) for rank in range(16)
]


def _codes_of_ranks(ranks: int) -> frozenset[int]:
    """Codes of every face whose rank bit is set in `ranks` (memoised; a new set of ranks is
    the union of its ranks' codes, not a pass over every face)."""
    found = _CODES_OF_RANKS.get(ranks)
    if found is None:
        found = frozenset().union(*[_CODES_OF_RANK[r] for r in range(16) if ranks >> r & 1])
        _CODES_OF_RANKS[ranks] = found
    return found


_BEATEN: Final[list[Event | None]] = [None] * (_MAX_SEATS * _CODES * _CODES)
"""The event of a beat, one shared value per (seat, target code, card code), made when first met."""
_LAID_ONE: Final[list[Event | None]] = [None] * (
    len(_LAID_KINDS) * _MAX_SEATS * _MAX_SEATS * _CODES
)
"""The event of one card attacked, thrown or transferred, per (kind, seat, defender, code)."""
_BEAT_ROWS: Final[list[list[list[Action] | None]]] = [[None] * _CODES for _ in range(_MAX_SEATS)]


def _beat_row(seat: int, target: Card) -> list[Action]:
    """Beats of `target` by `seat`, indexed by the beating card's code (shared values)."""
    row = _BEAT_ROWS[seat][target.code]
    if row is None:
        by_code = {card.code: Action(seat, BEAT, (card,), target) for card in ALL_FACES}
        stand_in = by_code[target.code]  # for codes no face has: never looked up
        row = [by_code.get(code, stand_in) for code in range(_CODES)]
        _BEAT_ROWS[seat][target.code] = row
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


def _combo_actions(
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
    """The actions `_combo_actions` memoises (the memos start afresh when they would hold more
    than _COMBO_ACTIONS_MAX actions)."""
    global _combo_actions_held
    actions = []
    ordered = sorted(cards, key=_code)
    for size in range(low, high + 1):
        combos = combinations(ordered, size)
        for combo in dict.fromkeys(combos):  # (tuple.__new__: no NamedTuple wrapper call)
            actions.append(_tuple_new(_ACTION, (seat, kind, combo, None, ())))
    if _combo_actions_held + len(actions) > _COMBO_ACTIONS_MAX:
        _COMBOS.clear()
        for memo in _COMBOS_BY_SET:
            memo.clear()
        _combo_actions_held = 0
    _combo_actions_held += len(actions)
    return tuple(actions)


_TAKE: Final = tuple(Action(seat, TAKE) for seat in range(_MAX_SEATS))
_PASSED_EVENT: Final = tuple(Event(PASSED, seat) for seat in range(_MAX_SEATS))
_TAKING_EVENT: Final = tuple(Event(TAKING, seat) for seat in range(_MAX_SEATS))
_BOUT_EVENT: Final = tuple(
    tuple(Event(BOUT_STARTED, lead, (), defender) for defender in range(_MAX_SEATS))
    for lead in range(_MAX_SEATS)
)
_DREW_EVENT: Final = tuple(
    tuple(Event(DREW, seat, (), -1, count) for count in range(61)) for seat in range(_MAX_SEATS)
)
_PASS: Final = tuple(Action(seat, PASS) for seat in range(_MAX_SEATS))
_ONLY: Final = tuple((seat,) for seat in range(_MAX_SEATS))  # shared one-seat `to_act` values
_PASS_ONLY: Final = tuple((action,) for action in _PASS)


class Claim:
    """A statement about hidden cards, checked when every card is opened at the end."""

    __slots__ = ("kind", "seat", "text")

    def __init__(self, seat: int, kind: str, text: str) -> None:
        self.seat = seat
        self.kind = kind
        self.text = text

    def __repr__(self) -> str:
        return f"Claim({self.seat}, {self.kind!r}, {self.text!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as a call (a compiled Claim is not restored attribute by attribute)."""
        return (Claim, (self.seat, self.kind, self.text))


_code: Final = attrgetter("code")


@lru_cache(maxsize=16)
def _clockwise(players: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, every seat in clockwise order starting with itself."""
    return tuple(
        tuple((seat + step) % players for step in range(players)) for seat in range(players)
    )


def draw_below(getrandbits: Callable[[int], int], count: int) -> int:
    """The index `random.Random` draws below `count` (for `choice`, `shuffle`) with this
    `getrandbits`: bits for the count, again until below it."""
    bits = count.bit_length()
    draw = getrandbits(bits)
    while draw >= count:
        draw = getrandbits(bits)
    return draw


def shuffle_as_random(deck: list[Card], rng: random.Random) -> None:
    """Shuffle `deck` in place into the order `rng.shuffle(deck)` gives (its steps inlined)."""
    if type(rng) is not random.Random:  # a subclass may draw differently: let it shuffle
        rng.shuffle(deck)
        return
    getrandbits = rng.getrandbits
    for i in range(len(deck) - 1, 0, -1):
        j = draw_below(getrandbits, i + 1)
        deck[i], deck[j] = deck[j], deck[i]


_FACTORIALS: Final = [1]
for _n in range(1, 130):
    _FACTORIALS.append(_FACTORIALS[-1] * _n)
_FACTORIAL_BITS: Final = [f.bit_length() for f in _FACTORIALS]


def shuffle_codes(items: list[int], rng: random.Random) -> None:
    """Shuffle `items` in place, every order equally likely (Fisher-Yates on the digits of one
    random number below len(items)!, drawn with `rng.getrandbits`)."""
    size = len(items)
    if size < 2:
        return
    if size >= len(_FACTORIALS):
        rng.shuffle(items)
        return
    limit, bits, draw = _FACTORIALS[size], _FACTORIAL_BITS[size], rng.getrandbits
    number = draw(bits)
    while number >= limit:
        number = draw(bits)
    top = size
    while top > 1:
        pick = number % top
        number //= top
        top -= 1
        items[top], items[pick] = items[pick], items[top]


def deal_positions(
    players: int, hand_size: int, deck_size: int, first_seat: int = 0
) -> list[list[int]]:
    """Deck positions dealt to each seat: one card at a time, `first_seat` first, clockwise."""
    dealt = min(players * hand_size, deck_size)  # (a seat's cards are every players-th one)
    return [list(range((seat - first_seat) % players, dealt, players)) for seat in range(players)]


def first_dealt_seat(players: int, dealer: int | None) -> int:
    """Who gets the first card: the seat on the dealer's left (A, C, D: the dealer deals
    clockwise). Without a dealer, seat 0 (as if the last seat dealt)."""
    return 0 if dealer is None else (dealer + 1) % players


def deal_layout(
    rules: Rules, players: int, dealer: int | None = None
) -> tuple[list[list[int]], list[int]]:
    """Deck positions of every seat's hand and of the talon (top first) after `dealer` deals."""
    size = rules.deck_size
    hand_size = -(-size // players) if rules.deal_all else rules.hand_size
    hands = deal_positions(players, hand_size, size, first_dealt_seat(players, dealer))
    dealt = sum(len(h) for h in hands)
    return hands, list(range(dealt, size))


def trump_colour_of(card: Card | None) -> str | None:
    """The colour a turned-up joker makes trump (None for other cards)."""
    return card.color if card is not None and card.is_joker else None


class Game:
    """A game of Durak between `players` seats; seat i+1 sits to the left of seat i."""

    __slots__ = (
        "_all",
        "_any_card",
        "_beaters",
        "_cap",
        "_clockwise",
        "_codes",
        "_empty_seq",
        "_events",
        "_f2",
        "_lcache",
        "_legal",
        "_limit",
        "_lseat",
        "_next",
        "_ranks",
        "_sample",
        "_self_throw",
        "_seq",
        "_slot_of",
        "_strict",
        "_ta",
        "_teams",
        "_thr",
        "_twists",
        "_unb",
        "bout_hand",
        "claims",
        "defender",
        "discard",
        "discarded_any",
        "faces",
        "fool",
        "hands",
        "held_by",
        "in_game",
        "known",
        "lead",
        "log",
        "out",
        "over",
        "passed",
        "passes_in_row",
        "players",
        "redeals",
        "removed",
        "right",
        "rng",
        "rules",
        "shown",
        "table",
        "taking",
        "talon",
        "trump_slot",
        "trump_suit",
        "twist_states",
        "viewer",
    )

    rules: Rules
    players: int
    faces: list[Card | None]
    known: list[int]
    hands: list[list[int]]
    talon: list[int]
    discard: list[int]
    table: list[list[int]]
    trump_suit: str | None
    trump_slot: int | None
    viewer: int | None
    lead: int
    defender: int
    taking: bool
    passed: int
    right: int
    passes_in_row: int
    shown: int
    discarded_any: bool
    in_game: int
    out: list[int]
    over: bool
    fool: int | None
    held_by: Twist | None
    log: list[Action]
    claims: list[Claim]
    _events: list[Event]
    _empty_seq: dict[int, int]
    _seq: int
    _beaters: tuple[frozenset[int], ...]
    _thr: list[int] | None
    _ta: tuple[int, ...] | None
    _unb: int
    _cap: int
    _clockwise: tuple[tuple[int, ...], ...]
    _limit: int
    _next: tuple[int | None, ...]
    _strict: bool
    _teams: int
    _self_throw: bool
    _slot_of: dict[int, int] | None
    _sample: tuple[Any, ...] | None
    _codes: list[int]
    _ranks: int
    bout_hand: int
    _legal: dict[int, tuple[Action, ...]]
    _lseat: int | None
    _lcache: tuple[Action, ...]
    _all: int
    _f2: bool
    _twists: tuple[Twist, ...]
    _any_card: Twist | None
    rng: random.Random
    removed: list[int]
    redeals: list[list[Card]]
    twist_states: dict[type[TwistState], TwistState]

    # ----------------------------------------------------------------- construction

    @classmethod
    def new(
        cls,
        rules: Rules,
        players: int,
        rng: random.Random,
        first: int | None = None,
        dealer: int | None = None,
        trump: str | None = None,
    ) -> Game:
        """A fresh game with every face known, the deck shuffled by `rng`, dealt by `dealer`
        (`trump`: the suit he named, with `dealer_names_trump`)."""
        deck = list(deck_spec(rules.deck, rules.jokers, rules.decks))
        shuffle_as_random(deck, rng)
        for twist in deal_twists_for(rules):  # (albanian by rank; japanese's card under)
            twist.order_deck(deck, rng)
        return cls.from_deck(rules, players, deck, first=first, rng=rng, dealer=dealer, trump=trump)

    @classmethod
    def from_deck(
        cls,
        rules: Rules,
        players: int,
        deck: Sequence[Card],
        first: int | None = None,
        rng: random.Random | None = None,
        redeals: Sequence[Sequence[Card]] = (),
        dealer: int | None = None,
        trump: str | None = None,
    ) -> Game:
        """A game dealt from a known deck order (position 0 is dealt first, to the seat on the
        `dealer`'s left, seat 0 without one; the last is trump). `trump`: the suit the dealer
        named before the deal (`dealer_names_trump`, when the whole deck is dealt).

        `rng` drives the shuffles some variants make during the game (crazy, poker); `redeals`
        instead gives, for each such reshuffle in turn, the faces of the new talon positions
        (in the order of the `reshuffle` event's slots), as the table dealt them.
        """
        rules.check_players(players)
        if len(deck) != rules.deck_size:
            raise EngineError(f"a deck of {rules.deck_size} cards is needed, got {len(deck)}")
        for twist in deal_twists_for(rules):
            twist.check_deck(deck)
        dealt, talon = deal_layout(rules, players, dealer)
        faces: list[Card | None] = list(deck)
        game = cls._blank(rules, players, faces, None)
        game.rng = rng or random.Random(0)
        game.redeals = [list(cards) for cards in redeals]
        game.hands = dealt
        game.talon = talon
        for seat, hand in enumerate(dealt):
            for slot in hand:
                game.known[slot] |= 1 << seat
        game._setup_trump(trump)
        if first is None:
            first = game._first_leader(rng)
        game._setup_variant()
        game._start_bout(first)
        return game

    @classmethod
    def new_hidden(
        cls,
        rules: Rules,
        players: int,
        viewer: int,
        first: int,
        trump: str | None = None,
        dealer: int | None = None,
        trump_slots: Sequence[int] = (),
    ) -> Game:
        """A peer's game: no face known until `reveal`; `first` and `dealer` agreed by the table.

        `trump` is the trump suit when the table knows it without a visible card (invisible), or
        the suit the dealer named (`dealer_names_trump`).
        `trump_slots`: two-trump with `distinct_trumps`: every seat's trump position, as the
        table turned them up (the cards passed over are opened to all by `reveal`).
        """
        rules.check_players(players)
        size = rules.deck_size
        dealt, talon = deal_layout(rules, players, dealer)
        game = cls._blank(rules, players, [None] * size, viewer)
        game.rng = random.Random(0)
        game.hands = dealt
        game.talon = talon
        for twist in deal_twists_for(rules):  # (two-trump: every seat's trump card)
            twist.table_positions(game, trump_slots)
        game._setup_trump(trump)
        game._setup_variant()
        game._start_bout(first)
        return game

    @classmethod
    def from_layout(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[Card]],
        talon: Sequence[Card] = (),
        trump: str | None = None,
        first: int | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        """A game from a laid-out position (scenarios): hands, talon top first, trump card last.

        Variants that set cards aside do it here too: with `secret_trump` the last talon card
        is the secret card (under the trump card); with `personal_trumps` the last cards of the
        talon are the players' trump cards (the very last one for seat 0).
        """
        players = len(hands)
        if players < 2:
            raise EngineError("a game needs at least two players")
        for twist in deal_twists_for(rules):  # (albanian's deal by rank; trumpless: no trump)
            twist.check_layout(rules, hands, talon, trump)
        faces: list[Card | None] = [c for h in hands for c in h]
        faces.extend(talon)
        game = cls._blank(rules, players, faces, None)
        game.rng = rng or random.Random(0)
        slot = 0
        game.hands = []
        for seat, hand in enumerate(hands):
            game.hands.append(list(range(slot, slot + len(hand))))
            for s in range(slot, slot + len(hand)):
                game.known[s] = 1 << seat
            slot += len(hand)
        game.talon = list(range(slot, slot + len(talon)))
        game._set_aside()  # (secret: a talon of one card is the secret card alone)
        if game.talon:
            game._setup_trump(trump)
            if trump is not None and trump != game.trump_suit:
                raise EngineError(f"the turned-up {talon[-1]} makes {game.trump_suit} trump")
        else:  # no talon: the layout names the trump (japanese: its fixed suit)
            game.trump_suit = trump
            for twist in deal_twists_for(rules):
                twist.trump_set(game)
            game._beaters = beat_table(rules, game.trump_suit)
        for seat in range(players):
            if not game.hands[seat] and not game.talon:
                game._mark_out(seat)
        if first is None:
            first = game._first_leader(rng)
        game._setup_variant()
        if not game._finish_if_over():
            game._start_bout(first)
        return game

    @classmethod
    def _blank(
        cls, rules: Rules, players: int, faces: list[Card | None], viewer: int | None
    ) -> Game:
        game = cls()  # (no __init__: a blank object, compiled or not)
        game.rules = rules
        game.players = players
        game.faces = faces
        game.known = [0] * len(faces)
        game.hands = [[] for _ in range(players)]
        game.talon = []
        game.discard = []
        game.table = []
        game.trump_suit = None
        game.trump_slot = None
        game.viewer = viewer
        game.lead = 0
        game.defender = 1
        game.taking = False
        game.passed = 0
        game.right = 0
        game.passes_in_row = 0
        game.shown = 0
        game.discarded_any = False
        game.in_game = (1 << players) - 1
        game.out = []
        game.over = False
        game.fool = None
        game.held_by = None
        game.log = []
        game.claims = []
        game._events = []
        game._empty_seq = {}
        game._seq = 0
        game._beaters = beat_table(rules, None)
        game._thr = None
        game._ta = None
        game._unb = 0
        game._cap = rules.attack_cap
        if rules.first_bout_cap is not None:
            game._cap = min(rules.attack_cap, rules.first_bout_cap)
        game._clockwise = _clockwise(players)
        game._next = (*game._clockwise[0][1:], 0)  # everyone in: the seat on the left
        game._limit = 0
        game._strict = rules.throw_order == "strict"
        game._teams = rules.team_count(players)
        game._self_throw = rules.self_throw
        game._ranks = -1
        game.bout_hand = 0
        game._legal = {}
        game._lseat = None
        game._lcache = ()
        game._all = (1 << players) - 1
        game.rng = _NO_RNG
        game._f2 = rules.base != ""
        game._twists = twists_for(rules)
        game._any_card = next((t for t in game._twists if t.tries_any_card), None)
        game.twist_states = {}
        for twist in game._twists:
            state = twist.new_state(players)
            if state is not None:
                game.twist_states[type(state)] = state
        game.removed = []
        game.redeals = []
        game._sample = None
        game._index_faces()
        return game

    def _index_faces(self) -> None:
        """Note each slot's face code (`_codes`, NO_CARD when unknown here) and each known
        code's slot (`_slot_of`, None when some face lies in two slots)."""
        faces = self.faces
        try:
            codes = [face.code for face in faces]  # type: ignore[union-attr]
        except AttributeError:  # some faces are unknown here (None)
            codes = [NO_CARD if face is None else face.code for face in faces]
        slot_of = dict(zip(codes, range(len(codes)), strict=True))
        unknown = codes.count(NO_CARD)
        if unknown:
            del slot_of[NO_CARD]
        self._codes = codes
        self._slot_of = slot_of if len(slot_of) == len(codes) - unknown else None

    def _set_aside(self) -> None:
        """Cards a variant puts aside once the cards are dealt (secret: the secret card)."""
        for twist in deal_twists_for(self.rules):
            twist.set_aside(self)

    def _setup_trump(self, trump: str | None) -> None:
        """Set the trump after the deal, before the first lead: a variant's own way (trumpless,
        japanese, two-trump, invisible: `engine.variants`), else the last card dealt or the
        dealer's named suit when no talon is left (`piled`), else the last talon card turned up.
        `trump`: the suit the dealer named, or a peer's suit of a card it cannot see."""
        twists = deal_twists_for(self.rules)
        for twist in twists:  # (secret: the secret card, unless a layout set it aside first)
            twist.set_aside(self)
        if not (
            any(twist.set_trump(self, trump) for twist in twists)
            or piled.turn_up_whole_deal(self, trump)
            or any(twist.turn_up(self) for twist in twists)
        ):
            self._set_trump_from_last(self.talon[-1])
            for twist in twists:
                twist.trump_card_turned_up(self, trump)
        for twist in twists:
            twist.trump_set(self)
        self._beaters = beat_table(self.rules, self.trump_suit)

    def _first_leader(self, rng: random.Random | None) -> int:
        """Who leads when the cards decide, in an all-knowing engine: every seat shows its
        deciding card (`engine.first_lead`), as the seats at the table do."""
        rules, players = self.rules, self.players
        own = [t for t in (tw.lead_trumps(self) for tw in deal_twists_for(rules)) if t is not None]
        if own:  # (two-trump: each seat's own suit)
            trumps = own[0]
        else:
            trump = self.trump_suit
            if trump is None and self.trump_slot is not None and rules.jokers:
                trump = trump_colour_of(self.faces[self.trump_slot])
            trumps = [trump] * players
        shown = []
        for seat in range(players):
            card = deciding_card(rules, self.hand_cards(seat), trumps[seat])
            shown.append([] if card is None else [card])
        decided = decide_first_lead(rules, players, None, shown, trumps, rng)
        assert decided.leader is not None
        return decided.leader

    def _setup_variant(self) -> None:
        """Variant steps after the deal (engine.variants: lock, hide, set the talon aside)."""
        for twist in self._twists:
            twist.after_deal(self)

    def _set_trump_from_last(self, slot: int) -> None:
        self.trump_slot = slot
        self.known[slot] = self._all
        card = self.faces[slot]
        if card is None:
            self.trump_suit = None
        elif card.is_joker:
            self.trump_suit = card.color  # a turned-up joker: its whole colour is trump
        else:
            self.trump_suit = card.suit
        self._beaters = beat_table(self.rules, self.trump_suit)

    def clone(self) -> Game:
        """An independent copy (for search and what-if)."""
        game = self._copy_but_faces()
        game.faces = self.faces[:]
        return game

    def _copy_but_faces(self) -> Game:
        """A copy sharing only `faces` with this game (the caller gives it its own).

        Every slot but `faces` is set here, one by one (compiled: direct field writes; a test
        checks that none is left out); the containers the game changes are copied."""
        game = Game()  # (no __init__: a blank object, compiled or not)
        game._all = self._all
        game._any_card = self._any_card
        game._beaters = self._beaters
        game._cap = self._cap
        game._clockwise = self._clockwise
        game._codes = self._codes
        game._empty_seq = self._empty_seq.copy()
        game._events = self._events[:]
        game._f2 = self._f2
        game._lcache = ()
        game._legal = {}
        game._limit = self._limit
        game._lseat = None
        game._next = self._next
        game._ranks = self._ranks
        game._sample = self._sample
        game._self_throw = self._self_throw
        game._seq = self._seq
        game._slot_of = self._slot_of
        game._strict = self._strict
        game._ta = self._ta
        game._teams = self._teams
        game._thr = self._thr
        game._twists = self._twists
        game._unb = self._unb
        game.bout_hand = self.bout_hand
        game.claims = self.claims[:]
        game.defender = self.defender
        game.discard = self.discard[:]
        game.discarded_any = self.discarded_any
        game.fool = self.fool
        game.hands = [h[:] for h in self.hands]
        game.held_by = self.held_by
        game.in_game = self.in_game
        game.known = self.known[:]
        game.lead = self.lead
        game.log = self.log[:]
        game.out = self.out[:]
        game.over = self.over
        game.passed = self.passed
        game.passes_in_row = self.passes_in_row
        game.players = self.players
        game.redeals = self.redeals
        game.removed = self.removed
        game.right = self.right
        game.rng = self.rng
        game.rules = self.rules
        game.shown = self.shown
        game.table = [p[:] for p in self.table]
        game.taking = self.taking
        game.talon = self.talon[:]
        game.trump_slot = self.trump_slot
        game.trump_suit = self.trump_suit
        game.twist_states = self.twist_states
        game.viewer = self.viewer
        if self._f2:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
            game.rng = rng
            game.removed = self.removed[:]
            game.redeals = [x[:] for x in self.redeals]
            game.twist_states = {kind: state.copy() for kind, state in self.twist_states.items()}
        return game

    # ----------------------------------------------------------------- hidden faces

    def reveal(self, slot: int, card: Card, to: Iterable[int] | None = None) -> None:
        """Learn the face of a slot (opened by the dealing protocol) for seats `to` (all if None)."""
        if not 0 <= slot < len(self.faces):
            raise EngineError(f"no slot {slot}")
        current = self.faces[slot]
        if current is not None and current != card:
            raise EngineError(f"slot {slot} is {current}, cannot become {card}")
        self.faces[slot] = card
        if self._codes[slot] != card.code:  # new lists: clones share the old ones
            self._codes = codes = list(self._codes)
            codes[slot] = card.code
            slot_of = self._slot_of
            if slot_of is not None and card.code not in slot_of:
                self._slot_of = slot_of = dict(slot_of)
                slot_of[card.code] = slot
            else:
                self._slot_of = None
        self._legal = {}
        self._lseat = None
        self._ta = None
        if to is None:
            self.known[slot] = self._all
        else:
            for seat in to:
                self.known[slot] |= 1 << seat
        if self._f2:
            for twist in self._twists:  # (two-trump: a seat's trump card)
                twist.revealed(self, slot, card)
        if slot == self.trump_slot and self.trump_suit is None:
            self.trump_suit = card.color if card.is_joker else card.suit
            for twist in deal_twists_for(self.rules):  # (japanese: the fixed suit; trumpless)
                twist.trump_set(self)
            self.set_beaters()
        if self._ranks >= 0:
            self._ranks = -1

    def opened_by(self, action: Action) -> list[int]:
        """Positions every seat must see before `action` is applied: the cards it plays face up.

        The table layer opens these (on the acting peer's word) before applying the action
        on a peer; face-down moves (beat_hidden, exchange) open nothing.
        """
        kind = action.kind
        if action.slots and kind in BLIND_KINDS:  # reverse: the blind card is shown as played
            return reverse.blind_slot(self, action)
        own = OWN_ACTIONS.get(kind)
        if own is not None:
            return [] if own.opened is None else own.opened(self, action)
        if kind in (ATTACK, THROW, TRANSFER, BEAT, SHOW_TRUMP):
            return self._take_slots(action.seat, action.cards)
        return []

    def wire_action(self, action: Action) -> Action:
        """The form of `action` to send to the other seats: hidden cards named by position."""
        own = OWN_ACTIONS.get(action.kind)
        if own is not None and own.by_position and action.cards:
            slots = tuple(self._take_slots(action.seat, action.cards))
            return Action(action.seat, action.kind, (), action.target, slots)
        return action

    def record_claim(self, seat: int, kind: str, text: str) -> None:
        """Record a statement about hidden cards for the end-of-game audit."""
        self.claims.append(Claim(seat, kind, text))

    def public_rank(self, slot: int) -> int | None:
        """The rank of a position that everyone knows by the deal (albanian), else None."""
        for twist in self._twists:
            rank = twist.public_rank(self, slot)
            if rank is not None:
                return rank
        return None

    def hand_cards(self, seat: int) -> list[Card]:
        """The known faces in a seat's hand (all of them in an all-knowing engine)."""
        faces = self.faces
        return [faces[s] for s in self.hands[seat] if faces[s] is not None]  # type: ignore[misc]

    def slot_owner(self, slot: int) -> str:
        """Where a slot is now: "hand:N", "talon", "table", "discard"."""
        for seat, hand in enumerate(self.hands):
            if slot in hand:
                return f"hand:{seat}"
        if slot in self.talon:
            return "talon"
        if any(slot in pair for pair in self.table):
            return "table"
        if slot in self.discard:
            return "discard"
        raise EngineError(f"slot {slot} is nowhere")

    # ----------------------------------------------------------------- seats

    def _partner(self, a: int, b: int) -> bool:
        """Seats a and b are different members of one team."""
        teams = self._teams
        return bool(teams) and a != b and (a - b) % teams == 0

    def _partner_on_left(self, seat: int) -> int | None:
        """The next partner of `seat` clockwise still in the game (None if none is left)."""
        players, in_game = self.players, self.in_game
        for step in range(1, players):
            other = (seat + step) % players
            if in_game >> other & 1 and self._partner(other, seat):
                return other
        return None

    def _left_in_game(self, seat: int, skip_partners_of: int | None = None) -> int | None:
        """The next seat clockwise from `seat` still in the game (an opponent if asked)."""
        players, in_game = self.players, self.in_game
        for step in range(1, players):
            other = (seat + step) % players
            if not in_game >> other & 1:
                continue
            if skip_partners_of is not None and (
                other == skip_partners_of or self._partner(other, skip_partners_of)
            ):
                continue
            return other
        return None

    def _neighbours(self, seat: int) -> tuple[int | None, int | None]:
        left = self._left_in_game(seat)
        right = None
        for step in range(1, self.players):
            other = (seat - step) % self.players
            if self.in_game >> other & 1:
                right = other
                break
        return left, right

    def throwers(self) -> list[int]:
        """Seats that may throw in at the defender now, clockwise from the lead attacker."""
        if self._thr is None:
            self._thr = self._find_throwers()
        return self._thr

    def _find_throwers(self) -> list[int]:
        rules = self.rules
        if not rules.throw_in:
            return []
        defender, players, lead = self.defender, self.players, self.lead
        in_game, hands = self.in_game, self.hands
        if players == 2:
            return [lead] if lead != defender and in_game >> lead & 1 and hands[lead] else []
        allowed = None
        if rules.throwers == "neighbours":
            allowed = set(self._neighbours(defender))
        teams = rules.teams
        seats = []
        for step in range(players):
            seat = (lead + step) % players
            if seat == defender or not in_game >> seat & 1 or not hands[seat]:
                continue
            if teams and self._partner(seat, defender):
                continue
            if allowed is not None and seat not in allowed:
                continue
            seats.append(seat)
        return seats

    # ----------------------------------------------------------------- bout facts

    def cap_now(self) -> int:
        """The most attack cards this bout may hold."""
        rules = self.rules
        if rules.first_bout_cap is not None and not self.discarded_any:
            return min(rules.first_bout_cap, rules.attack_cap)
        return rules.attack_cap

    def unbeaten(self) -> int:
        """Attack cards on the table not yet covered."""
        return self._unb

    def room(self, by_defender: int = 0) -> int:
        """How many more attack cards may join the table now.

        The attack cards on the table never exceed the cap nor the cards the defender held when
        he became defender (`bout_hand`); until he takes, he must also hold a card for every
        unbeaten one (a defender throwing on himself: one to throw and one to beat it).
        """
        left = self._limit - len(self.table)
        if not self.taking:  # every card must still be coverable from his hand
            free = len(self.hands[self.defender]) - self._unb
            left = min(left, free // 2 if by_defender else free)
        return left

    def table_ranks(self) -> set[int]:
        """Ranks of every card on the table."""
        mask = self._rank_mask()
        return {rank for rank in range(16) if mask >> rank & 1}

    def _rank_mask(self) -> int:
        """Bit r set when a card of rank r lies on the table (attack or beating card)."""
        mask = self._ranks
        if mask < 0:
            faces = self.faces
            mask = 0
            face_down: set[int] = set()
            for twist in self._twists:  # (believe: the covers face down)
                face_down = twist.face_down_covers(self) or face_down
            for a, b in self.table:
                laid: Card = faces[a]  # type: ignore[assignment]  # (typed: a native read compiled)
                mask |= 1 << laid.rank
                if b != NO_CARD and b not in face_down:
                    cover: Card = faces[b]  # type: ignore[assignment]  # (every face on it is known)
                    mask |= 1 << cover.rank
            self._ranks = mask
        return mask

    def _everyone_passed(self, throwers: list[int]) -> bool:
        passed = self.passed
        if not self._self_throw:
            if self._strict:
                return self.passes_in_row >= len(throwers)
            for seat in throwers:  # noqa: SIM110 - a plain loop: no generator per call
                if not passed >> seat & 1:
                    return False
            return True
        if self._strict:  # the defender holds the right in his turn too
            return self.passes_in_row >= len(self._rotation(throwers))
        needed = list(throwers)
        if not self.taking and self.room(by_defender=1) > 0:
            needed.append(self.defender)
        return all(passed >> s & 1 for s in needed)

    def _rotation(self, throwers: list[int]) -> list[int]:
        """Strict order: the seats the right to throw goes round, clockwise from the lead.

        With self-throw (american) the defender takes his turn too while he may throw on
        himself: D "the right to throw moves to other players in a clockwise direction", and in
        its example the attacker throws again after the defender has declared. Like an attacker
        holding cards, a defender holding cards says pass even when he has nothing to throw.
        """
        if not self._self_throw or self.taking or not self.hands[self.defender]:
            return throwers
        defender, lead, players = self.defender, self.lead, self.players
        seats = [*throwers, defender]
        seats.sort(key=lambda seat: (seat - lead) % players)
        return seats

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats whose move the game is waiting for."""
        found = self._ta
        if found is None:
            if self.over:
                found = ()
            elif not self.table:
                found = _ONLY[self.lead]
            elif self.held_by is not None:  # (believe: the leader's word)
                found = _ONLY[self.held_by.held_seat(self)]
            elif self._unb and not self.taking:  # (a thrower waits until all is beaten)
                found = _ONLY[self.defender]
            else:
                found = self._find_to_act()
            self._ta = found
        return found

    def _find_to_act(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if not self.table:
            return _ONLY[self.lead]
        unbeaten = self._unb
        taking = self.taking
        if unbeaten and not taking and not self._strict and not self._self_throw:
            return _ONLY[self.defender]
        seats = []
        if unbeaten and not taking:
            seats.append(self.defender)
        if not unbeaten or taking:
            throwers = self._thr
            if throwers is None:
                throwers = self._thr = self._find_throwers()
            if self._strict:
                if self.right in throwers or (
                    self._self_throw and self.right in self._rotation(throwers)
                ):
                    seats.append(self.right)
            else:
                passed = self.passed
                for seat in throwers:
                    if not passed >> seat & 1:
                        seats.append(seat)
            if (
                self._self_throw
                and not self._strict
                and not taking
                and not self.passed >> self.defender & 1
                and self.room(by_defender=1) > 0
            ):
                seats.append(self.defender)
        if len(seats) == 1:
            return _ONLY[seats[0]]
        return tuple(sorted(set(seats)))

    @property
    def is_over(self) -> bool:
        """The game has ended."""
        return self.over

    # ----------------------------------------------------------------- legal actions

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now (cards limited to faces this engine knows)."""
        return list(self.legal_tuple(seat))

    def legal_tuple(self, seat: int) -> tuple[Action, ...]:
        """The same actions as `legal_actions(seat)`, as a tuple shared until the next move.

        The first seat asked in a state keeps its actions in `_lseat`/`_lcache` (no dictionary
        on the usual path); others in the `_legal` dictionary (empty while `_lseat` is None).
        """
        if seat == self._lseat:
            return self._lcache
        if self._lseat is None:
            cached = self._lcache = tuple(self._find_legal(seat))
            self._lseat = seat
            return cached
        found = self._legal.get(seat)
        if found is None:
            found = self._legal[seat] = tuple(self._find_legal(seat))
        return found

    def _find_legal(self, seat: int) -> Sequence[Action]:
        if self.over or not self.in_game >> seat & 1:
            return []
        table = self.table
        if self.held_by is not None:  # believe: the face-down card awaits a word
            return self.held_by.held_options(self, seat)
        if not table:
            if seat != self.lead:
                return []
            if self._f2:
                return self._lead_options_f2(seat)
            return self._lead_options(seat)
        rules = self.rules
        actions: list[Action] = []
        unbeaten = self._unb
        if seat == self.defender:
            if self.taking:
                return actions
            if unbeaten:
                faces = self.faces
                codes = self._codes
                hand = self.hands[seat]
                if self._any_card is not None:  # (reverse: any card, most of them blind)
                    actions = self._any_card.any_card_options(self, seat, BEAT)
                    hand = []
                rows = _BEAT_ROWS[seat]
                for attack, cover in table:
                    if cover != NO_CARD:
                        continue
                    target: Card = faces[attack]  # type: ignore[assignment]  # (laid: known)
                    code = target.code
                    row = rows[code] or _beat_row(seat, target)
                    can = self._beaters[code]
                    for slot in hand:
                        own = codes[slot]
                        if own in can:  # an unknown face (NO_CARD) never is
                            actions.append(row[own])
                if self._f2:
                    for twist in self._twists:  # (believe: face down; poker: the exchange)
                        actions.extend(twist.defends(self, seat))
                if rules.decks > 1:  # identical copies give identical actions
                    actions = list(dict.fromkeys(actions))
                if rules.transfer != "off" or rules.transfer_trump_show:
                    actions.extend(self._transfer_options(seat, unbeaten))
                actions.append(_TAKE[seat])
            elif rules.self_throw:
                room = self.room(by_defender=1)
                if self._strict:  # only in his turn of the right, and always with a pass
                    if self.right == seat:
                        if room > 0:
                            actions.extend(self._throw_options(seat, room))
                        actions.append(_PASS[seat])
                    return actions
                if room > 0:
                    actions.extend(self._throw_options(seat, room))
                if not self.passed >> seat & 1:
                    actions.append(_PASS[seat])
            return actions
        throwers = self._thr
        if throwers is None:
            throwers = self._thr = self._find_throwers()
        if seat not in throwers:
            return actions
        strict = self._strict
        if strict and seat != self.right:
            return actions
        taking = self.taking
        room = self._limit - len(table)
        if not taking:
            room = min(room, len(self.hands[self.defender]) - unbeaten)
        throws: Sequence[Action] = ()
        if room > 0:
            if self._any_card is not None:
                throws = self._any_card.any_card_options(self, seat, THROW)
            else:
                throws = self._throw_options(seat, room)
        if (not unbeaten or taking) and (strict or not self.passed >> seat & 1):
            return (*throws, _PASS[seat]) if throws else _PASS_ONLY[seat]
        return throws

    def _lead_options(self, seat: int) -> list[Action]:
        """One card, or several of one rank (single ranks first, in hand order)."""
        codes = self._codes
        row = _ATTACK_ONE[seat]
        hand = self.hands[seat]
        actions: list[Action] = []
        seen = twice = 0  # bit r: rank r held once / more than once (no dictionary per call)
        for slot in hand:
            code = codes[slot]
            if code == NO_CARD:
                continue
            actions.append(row[code])  # type: ignore[arg-type]
            bit = 1 << _RANK_OF_CODE[code]
            if seen & bit:
                twice |= bit
            else:
                seen |= bit
        rules = self.rules
        if rules.decks > 1:  # two copies of a face lead the same way
            actions = list(dict.fromkeys(actions))
        if not twice:
            return actions
        limit = len(self.hands[self.defender])
        if self._cap < limit:  # (_cap is cap_now())
            limit = self._cap
        if rules.lead_max is not None:
            limit = min(limit, rules.lead_max)
        if limit < 2:
            return actions
        for slot in hand:  # each rank held more than once, in the order it first lies in hand
            code = codes[slot]
            if code == NO_CARD:
                continue
            rank = _RANK_OF_CODE[code]
            bit = 1 << rank
            if not twice & bit:
                continue
            twice ^= bit
            group: list[Card] = []
            for other in hand:
                found = codes[other]
                if found != NO_CARD and _RANK_OF_CODE[found] == rank:
                    group.append(_CARD_OF_CODE[found])
            held = len(group)
            actions.extend(
                _combo_actions(seat, ATTACK, tuple(group), 2, held if held < limit else limit)
            )
            if not twice:
                break
        return actions

    # ----------------------------------------------------------------- family-2 options

    def _lead_options_f2(self, seat: int) -> list[Action]:
        """Leads under the family-2 options (reverse's blind leads, the twists', the talon)."""
        if self._any_card is not None:
            actions = self._any_card.any_card_options(self, seat, ATTACK)
        elif self._own_leads():  # (treshka's twist lists its own leads)
            actions = []
        else:
            actions = self._lead_options(seat)
        for twist in self._twists:  # (treshka, boring; armenian's talon lead comes last)
            actions = twist.leads(self, seat, actions)
        return actions

    def _own_leads(self) -> bool:
        """A twist lists every lead itself (treshka)."""
        return any(twist.lists_own_leads for twist in self._twists)

    def _hand_known(self, seat: int) -> bool:
        faces = self.faces
        return all(faces[s] is not None for s in self.hands[seat])

    def _throw_options(self, seat: int, room: int) -> Sequence[Action]:
        ranks = self._ranks
        if ranks < 0:
            ranks = self._rank_mask()
        fits = _CODES_OF_RANKS.get(ranks) or _codes_of_ranks(ranks)
        faces, codes = self.faces, self._codes
        cards: list[Card] = []
        for slot in self.hands[seat]:
            if codes[slot] in fits:
                cards.append(faces[slot])  # type: ignore[arg-type]
        if not cards:
            return ()
        if len(cards) == 1:
            return (_THROW_ONE[seat][cards[0].code],)  # type: ignore[return-value]
        if room == 1:
            if self.rules.decks > 1:
                cards = list(dict.fromkeys(cards))
            row = _THROW_ONE[seat]
            actions: list[Action] = []
            for card in cards:  # (a loop: a list comprehension is a call of its own)
                actions.append(row[card.code])  # type: ignore[arg-type]
            return actions
        return _combo_actions(seat, THROW, tuple(cards), 1, min(room, len(cards)))

    def _transfer_target(self, seat: int) -> int | None:
        """The seat a transfer by `seat` would pass the bout to (the next opponent on the left)."""
        if not self._teams:
            return self._next[seat]
        return self._left_in_game(seat, skip_partners_of=seat)

    def _transfer_rank(self) -> int | None:
        """The rank every unbeaten card shares, when a transfer is possible in principle."""
        rules = self.rules
        if rules.transfer == "off" and not rules.transfer_trump_show:
            return None
        faces = self.faces
        rank = None
        if rules.transfer != "any_time":
            for attack, cover in self.table:
                if cover != NO_CARD:
                    return None
                laid: Card = faces[attack]  # type: ignore[assignment]  # (typed: a native read)
                found = laid.rank
                if rank is None:
                    rank = found
                elif found != rank:
                    return None
            return rank
        for attack, cover in self.table:
            if cover == NO_CARD:
                unbeaten: Card = faces[attack]  # type: ignore[assignment]
                found = unbeaten.rank
                if rank is None:
                    rank = found
                elif found != rank:
                    return None
        return rank

    def _transfer_options(self, seat: int, unbeaten: int) -> list[Action]:
        rules = self.rules
        rank = self._transfer_rank()
        if rank is None:
            return []
        target = self._transfer_target(seat)
        if target is None:
            return []
        target_hand = len(self.hands[target])
        if self._any_card is not None:  # (reverse: any card, a wrong rank takes the bout)
            return self._any_card.any_card_options(self, seat, TRANSFER)
        by_card = (
            rules.transfer != "off"
            and target_hand >= unbeaten + 1
            and len(self.table) < self._cap  # (_cap is cap_now())
        )
        trump = self.trump_suit
        by_trump = rules.transfer_trump_show and not self.shown >> seat & 1
        by_trump = by_trump and target_hand >= unbeaten
        if not by_card and not by_trump:
            return []
        actions: list[Action] = []
        codes = self._codes
        seen = 0
        transfer_row, show_row = _TRANSFER_ONE[seat], _SHOW_ONE[seat]
        for slot in self.hands[seat]:
            code = codes[slot]
            if _RANK_OF_CODE[code] != rank or code == NO_CARD or seen >> code & 1:
                continue
            seen |= 1 << code
            if by_card:
                actions.append(transfer_row[code])  # type: ignore[arg-type]
            if by_trump and _CARD_OF_CODE[code].suit == trump:
                actions.append(show_row[code])  # type: ignore[arg-type]
        return actions

    def is_legal(self, action: Action) -> bool:
        """True when `apply(action)` would succeed."""
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def is_legal_blind(self, action: Action) -> bool:
        """True when a blind play ("0 attack @5") is allowed by public facts alone.

        The table asks this before it opens the card; `apply` then also needs the face. For
        any other action this is `is_legal`.
        """
        try:
            self.check_blind(action)
        except IllegalAction:
            return False
        return True

    def check_blind(self, action: Action) -> None:
        """Raise IllegalAction (with the reason) unless public facts allow this blind play."""
        if not isinstance(action, Action) or not (action.slots and action.kind in BLIND_KINDS):
            self._check(action)
            return
        reverse.check_blind(self, action)

    # ----------------------------------------------------------------- validation

    def _take_slots(self, seat: int, cards: Sequence[Card]) -> list[int]:
        """Slots in the seat's hand holding these faces (distinct slots), or IllegalAction."""
        faces = self.faces
        hand = self.hands[seat]
        if len(cards) == 1:
            card = cards[0]
            for slot in hand:
                if faces[slot] is card:
                    return [slot]
            raise IllegalAction(f"seat {seat} holds no (revealed) {card}")
        used: list[int] = []
        for card in cards:
            for slot in hand:
                if faces[slot] is card and slot not in used:
                    used.append(slot)
                    break
            else:
                raise IllegalAction(f"seat {seat} holds no (revealed) {card}")
        return used

    def _check(self, action: Action | Any) -> list[int]:
        """Raise IllegalAction unless the action is legal; return the hand slots it uses."""
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        fields = cast("tuple[object, ...]", action)  # (untyped: compiled code checks typed reads)
        game_checks.check_seat(self, fields[0])
        if not (
            isinstance(fields[1], str)
            and isinstance(fields[2], tuple)
            and (fields[3] is None or isinstance(fields[3], Card))
            and isinstance(fields[4], tuple)
        ):
            raise IllegalAction(f"not an action: {action!r}")
        seat, kind, cards = action.seat, action.kind, action.cards
        if not all(isinstance(c, Card) for c in cards):
            raise IllegalAction("cards must be Card values")
        if kind == FORFEIT:
            return []
        if action.slots and kind in BLIND_KINDS:
            slot, played = reverse.face_form(self, action)
            self._check(played)  # then it plays as the face
            return [slot]
        if self.held_by is not None:  # (believe: only the leader's word)
            self.held_by.check_held(self, seat, kind)
            return []
        own = OWN_ACTIONS.get(kind)  # (a variant's own kind: armenian, believe, poker)
        if own is not None and not own.by_defender:
            return own.check(self, action)
        if kind == ATTACK:
            return game_checks.check_attack(self, seat, cards)
        if not self.table:
            raise IllegalAction(f"seat {self.lead} must lead first")
        if kind == THROW:
            return game_checks.check_throw(self, seat, cards)
        if kind == PASS:
            game_checks.check_pass(self, seat)
            return []
        game_checks.check_defender(self, seat, kind)
        if kind == BEAT:
            return game_checks.check_beat(self, seat, action)
        if own is not None:
            return own.check(self, action)
        if kind == TAKE:
            if not self.unbeaten():
                raise IllegalAction("nothing is left to take: every card is beaten")
            return []
        if kind in (TRANSFER, SHOW_TRUMP):
            return game_checks.check_transfer(self, seat, kind, cards)
        raise IllegalAction(f"unknown action {kind!r}")

    # ----------------------------------------------------------------- applying

    def apply(self, action: Action | Any) -> list[Event]:  # (Any: bad input gets IllegalAction)
        """Play an action; raise IllegalAction (state unchanged) when it is not legal."""
        try:
            if type(action) is _ACTION:  # (typed: compiled code reads its fields by position)
                given: Action = action
                blind = bool(given.slots) and given.kind in BLIND_KINDS
                asked = given.seat
            else:
                blind = bool(action.slots) and action.kind in BLIND_KINDS
                asked = action.seat
            lseat = self._lseat  # (narrowed: compiled code compares two machine ints)
            cached = (
                self._lcache if lseat is not None and asked == lseat else self._legal.get(asked)
            )
        except (AttributeError, TypeError):  # not an action: _check below says what is wrong
            blind = False
            cached = None
        if blind:  # reverse: a card named by its position
            return reverse.apply_blind(self, action)
        known_legal = False
        if cached is not None:
            for legal in cached:  # usually the very object legal_actions handed out
                if legal is action:
                    known_legal = True
                    break
            else:
                known_legal = isinstance(action, _ACTION) and action in cached
        if known_legal:  # only find the slots
            move: Action = action  # (typed: compiled code reads its fields by position)
            seat, kind, cards = move.seat, move.kind, move.cards
            hand = self.hands[seat]
            if not cards:
                slots = []
            elif len(cards) == 1:
                card = cards[0]
                slot_of = self._slot_of
                if slot_of is not None:  # every face in one slot: the card's slot is in hand
                    slot = slot_of[card.code]
                    hand.remove(slot)
                else:
                    faces = self.faces
                    for index, slot in enumerate(hand):
                        if faces[slot] is card:
                            del hand[index]
                            break
                slots = [slot]
            else:
                slot_of = self._slot_of
                if slot_of is not None:  # distinct faces, each in its one slot (in hand: legal)
                    slots = []
                    for card in cards:
                        slot = slot_of[card.code]
                        hand.remove(slot)
                        slots.append(slot)
                else:
                    slots = self._take_slots(seat, cards)
                    for slot in slots:
                        hand.remove(slot)
        else:
            slots = self._check(action)
            move = action  # (an Action: _check refused anything else)
            seat, kind, cards = move.seat, move.kind, move.cards
            hand = self.hands[seat]
            if kind != FORFEIT:
                for slot in slots:
                    hand.remove(slot)
        self._lseat = None
        if self._legal:
            self._legal = {}
        if not hand:  # a thrower who runs out of cards throws no more (kept per bout otherwise)
            self._thr = None
        self._ta = None
        events: list[Event] = []
        self._events = events
        if kind == FORFEIT:
            return self._forfeit(move)
        wrong = self._any_card is not None and self._any_card.is_wrong(self, move)
        if kind == BEAT:
            slot = slots[0]
            self.known[slot] = self._all
            faces = self.faces
            target: Card = move.target  # type: ignore[assignment]  # (a beat names its target)
            for pair in self.table:
                if pair[1] == NO_CARD and faces[pair[0]] is target:
                    pair[1] = slot
                    break
            self._unb -= 1
            if self._ranks >= 0:
                self._ranks |= 1 << cards[0].rank
            if not hand:
                self._note_empty(seat)
            self.passed = 0
            card = cards[0]
            index = (seat * _CODES + target.code) * _CODES + card.code
            event = _BEATEN[index]
            if event is None:
                event = _BEATEN[index] = _tuple_new(
                    _EVENT, (BEATEN, seat, (card, target), -1, 0, ())
                )
            events.append(event)
            if self._f2 and not wrong:
                for twist in self._twists:
                    if twist.after_beat(self, seat, target):  # (chinese: a beaten 9D)
                        self.log.append(move)
                        self._end_bout(took=False)
                        return events
        elif kind in _LAID_EVENT:  # attack, throw, transfer
            table, known, everyone = self.table, self.known, self._all
            for slot in slots:
                known[slot] = everyone
                table.append([slot, NO_CARD])
            self._unb += len(slots)
            if self._ranks >= 0:
                for card in cards:
                    self._ranks |= 1 << card.rank
            if not hand:
                self._note_empty(seat)
            self.passed = 0
            if kind == THROW:
                self.passes_in_row = 0
            defender = self.defender
            if len(cards) == 1:
                code = cards[0].code
                block = 0 if kind == ATTACK else 1 if kind == THROW else 2  # (_LAID_KINDS)
                index = ((block * _MAX_SEATS + seat) * _MAX_SEATS + defender) * _CODES + code
                event = _LAID_ONE[index]
                if event is None:
                    event = _LAID_ONE[index] = _tuple_new(
                        _EVENT, (_LAID_EVENT[kind], seat, cards, defender, 0, ())
                    )
                events.append(event)
            else:
                events.append(_tuple_new(_EVENT, (_LAID_EVENT[kind], seat, cards, defender, 0, ())))
            if kind == ATTACK and self._f2:
                for twist in self._twists:  # (boring: the leader's claim)
                    twist.after_lead(self, seat, move)
            if wrong:
                pass
            elif kind == TRANSFER:
                self._pass_defence(seat)
            elif (
                kind == THROW
                and not hand
                and self.rules.throw_order == "strict"
                and seat == self.right
            ):
                self._move_right()
        elif kind == PASS:
            self.passed |= 1 << seat
            if self._strict:  # (a defender passes only with self-throw, in his turn)
                self.passes_in_row += 1
                self._move_right()
            events.append(_PASSED_EVENT[seat])
        elif kind == TAKE:
            self.taking = True
            self.passed = 0
            self.passes_in_row = 0
            events.append(_TAKING_EVENT[seat])
        elif kind == SHOW_TRUMP:
            hand.extend(slots)  # the card stays in hand, now seen by everyone
            self.known[slots[0]] = self._all
            self.shown |= 1 << seat
            events.append(_tuple_new(_EVENT, (TRUMP_SHOWN, seat, cards, self.defender, 0, ())))
            self._pass_defence(seat)
        else:
            return self._apply_own(move, slots, events)
        self.log.append(move)
        if wrong:  # reverse: the card stays played and its player takes the whole bout
            events.append(Event(WRONG, seat, cards))
            self._end_bout(took=True, taker=seat)
        elif (
            self.table
            and (not self._unb or self.taking or self._strict or self._self_throw)
            and self.held_by is None
        ):
            self._after_move()
        return events

    def _apply_own(self, action: Action, slots: list[int], events: list[Event]) -> list[Event]:
        """A variant's own kind of action (`OWN_ACTIONS`: talon lead, face-down beat, words,
        exchange)."""
        self.log.append(action)
        own = OWN_ACTIONS.get(action.kind)
        if own is None:  # pragma: no cover - _check refused it
            raise IllegalAction(f"unknown action {action.kind!r}")
        own.play(self, action, slots, events)
        return events

    def _forfeit(self, action: Action) -> list[Event]:
        """A seat gives up (ran out of time, left without its keys): it is the fool."""
        self.log.append(action)
        self.over = True
        self.fool = action.seat
        self._events.append(Event(FORFEITED, action.seat))
        self._events.append(Event(GAME_OVER, action.seat))
        return self._events

    def _note_empty(self, seat: int) -> None:
        if not self.hands[seat] and seat not in self._empty_seq:
            self._seq += 1
            self._empty_seq[seat] = self._seq

    def _move_right(self) -> None:
        throwers = self.throwers()
        if self._self_throw:
            throwers = self._rotation(throwers)
        if not throwers:
            return
        for step in range(1, self.players + 1):
            seat = (self.right + step) % self.players
            if seat in throwers:
                self.right = seat
                return

    def _pass_defence(self, seat: int) -> None:
        target = self._transfer_target(seat)
        assert target is not None
        self.lead = seat
        self.defender = target
        self.bout_hand = len(self.hands[target])
        self._limit = min(self.cap_now(), self.bout_hand)
        if self._f2:
            for twist in self._twists:  # (two-trump: the new defender's trump)
                twist.defender_set(self, target, False)
        self._thr = None
        self.right = seat
        self.passed = 0
        self.passes_in_row = 0

    def _after_move(self) -> None:
        """End the bout when public facts leave nobody a move, or everyone has passed."""
        taking = self.taking
        strict = self._strict
        if self._unb and not taking and not strict:
            return  # the defender is to beat: nothing can end the bout yet
        throwers = self._thr
        if throwers is None:
            throwers = self._thr = self._find_throwers()
        if strict and self.right not in throwers:
            if self._self_throw:  # (while his own card waits, the defender keeps the right)
                if (not self._unb or taking) and self.right not in self._rotation(throwers):
                    self._move_right()
            elif throwers:
                self._move_right()
        if taking:
            if throwers and self._limit > len(self.table):
                if strict or self._self_throw:
                    if not self._everyone_passed(throwers):
                        return
                else:
                    passed = self.passed
                    for seat in throwers:
                        if not passed >> seat & 1:
                            return
            self._end_bout(took=True)
            return
        if self._unb:
            return
        hand = len(self.hands[self.defender])
        if not hand or self._limit <= len(self.table):
            self._end_bout(took=False)
            return
        if strict or self._self_throw:
            if self._everyone_passed(throwers):
                self._end_bout(took=False)
            return
        passed = self.passed
        for seat in throwers:
            if not passed >> seat & 1:
                return
        self._end_bout(took=False)

    def _end_bout(self, took: bool, taker: int | None = None) -> None:
        """Close the bout: `taker` (the defender unless named) picks the cards up, or discard."""
        defender = self.defender
        if taker is None:
            taker = defender
        faces = self.faces
        slots = []
        for attack, cover in self.table:
            slots.append(attack)
            if cover != NO_CARD:
                slots.append(cover)
        self.table = []
        self._unb = 0
        self._ranks = 0
        self._thr = None
        known: list[Card] = []
        for slot in slots:  # (a face unknown here is None: left out)
            face = faces[slot]
            if face is not None:
                known.append(face)
        cards = tuple(known)
        f2 = self._f2
        if f2:
            for twist in self._twists:  # (believe: a card still face down is named to nobody)
                cards = twist.bout_ending(self, took, slots, cards)
        if took:
            if f2:
                for twist in self._twists:
                    slots = twist.before_take(self, taker, slots)
            self.hands[taker] += slots
            if self._empty_seq:
                self._empty_seq.pop(taker, None)
            self._events.append(_tuple_new(_EVENT, (TOOK, taker, cards, -1, 0, ())))
            if f2 and any(twist.after_take(self, taker) for twist in self._twists):
                return
        else:
            if not f2 or not any(twist.discard(self, slots) for twist in self._twists):
                self.discard += slots
            if not self.discarded_any:
                self.discarded_any = True
                self._cap = self.cap_now()
            self._events.append(_tuple_new(_EVENT, (DISCARDED, defender, cards, -1, 0, ())))
            if f2:
                for twist in self._twists:
                    twist.after_discard(self, defender)
        if self.talon:
            self._draw_all(defender)
            if f2 and not self.talon:
                for twist in self._twists:
                    twist.after_talon_empty(self)
        in_game = self.in_game
        if self.talon:
            if self._empty_seq:
                self._empty_seq.clear()
        else:
            hands = self.hands
            if self._empty_seq:  # a seat that drew (or got cards) after emptying is not out yet
                for seat in [s for s in self._empty_seq if hands[s]]:
                    del self._empty_seq[seat]
            if all(hands):  # (usually: nobody's hand is empty, so nobody goes out)
                empty = []
            else:
                empty = [s for s in range(self.players) if in_game >> s & 1 and not hands[s]]
            if empty:
                if len(empty) > 1:
                    empty.sort(key=lambda s: self._empty_seq.get(s, 1 << 30))
                for seat in empty:
                    self._mark_out(seat)
                if self._finish_if_over():
                    return
                in_game = self.in_game
        if f2:
            for twist in self._twists:
                twist.after_bout(self)
        if took or not in_game >> defender & 1:
            nxt = self._next[taker]
            if not took and self._teams:  # B: "...passes to the next player ... of his team"
                partner = self._partner_on_left(defender)
                if partner is not None:
                    nxt = partner
            self._start_bout(taker if nxt is None else nxt)
        else:
            self._start_bout(defender)

    def set_beaters(self) -> None:
        """Take the beat table of the trump now (after the trump is set or changes); variants
        with a trump per defender replace it with the defender's (`Twist.defender_set`)."""
        self._beaters = beat_table(self.rules, self.trump_suit)
        if self._f2:
            for twist in self._twists:
                twist.defender_set(self, self.defender, False)

    @property
    def pending(self) -> int:
        """The position a held play waits to open (believe: the face-down cover), else NO_CARD."""
        return NO_CARD if self.held_by is None else self.held_by.held_slot(self)

    @property
    def trump_slots(self) -> list[int]:
        """The positions turned up as the seats' own trump cards (`Twist.trump_positions`:
        two-trump), none when the game has one trump card (`trump_slot`)."""
        for twist in self._twists:
            found = twist.trump_positions(self)
            if found:
                return found
        return []

    def beat_by(self, trump: str | None) -> None:
        """Beat by the table of `trump` until the next change (two-trump: the defender's own)."""
        self._beaters = beat_table(self.rules, trump)

    def _faces_of(self, slots: Iterable[int]) -> tuple[Card, ...]:
        return tuple(c for c in (self.faces[s] for s in slots) if c is not None)

    def _draw_all(self, defender: int) -> None:
        in_game = self.in_game
        order = []
        for seat in self._clockwise[self.lead]:
            if seat != defender and in_game >> seat & 1:
                order.append(seat)
        if self.rules.defender_draws_first:
            order.insert(0, defender)
        else:
            order.append(defender)
        if self._f2:
            self._draw_in_turn(order)
            return
        size = self.rules.hand_size
        talon, known, events, hands = self.talon, self.known, self._events, self.hands
        for seat in order:
            hand = hands[seat]
            need = size - len(hand)
            if need <= 0:
                continue
            drawn = talon[:need]
            del talon[:need]
            bit = 1 << seat
            for slot in drawn:
                known[slot] |= bit
            hand += drawn
            events.append(_DREW_EVENT[seat][len(drawn)])
            if not talon:
                break

    def _draw_in_turn(self, order: list[int]) -> None:
        """Drawing one card at a time, for variants that act as the talon shrinks."""
        rules = self.rules
        size = rules.hand_size
        twists = self._twists
        for seat in order:
            hand = self.hands[seat]
            need = size - len(hand)
            for twist in twists:  # (magadan: locked cards count; empty: only with an empty hand)
                wanted = twist.draw_need(self, seat, size)
                if wanted is not None:
                    need = wanted
            seen_by = 1 << seat
            for twist in twists:  # (reverse: everybody but the drawer)
                seen_by = twist.drawn_seen_by(self, seat, seen_by)
            drawn = 0
            while drawn < need and self.talon:
                slot = self.talon.pop(0)
                self.known[slot] |= seen_by
                hand.append(slot)
                drawn += 1
                for twist in self._twists:
                    twist.after_card_drawn(self)
            if drawn:
                self._events.append(Event(DREW, seat, (), -1, drawn))
            if not self.talon:
                break

    def _mark_out(self, seat: int) -> None:
        self.in_game &= ~(1 << seat)
        self._next = tuple(self._left_in_game(other) for other in range(self.players))
        self.out.append(seat)
        self._events.append(Event(OUT, seat))

    def _finish_if_over(self) -> bool:
        remaining = [s for s in range(self.players) if self.in_game >> s & 1]
        if self._teams:
            over = len({s % self._teams for s in remaining}) <= 1
        else:
            over = len(remaining) <= 1
        if not over:
            return False
        self.over = True
        if remaining:
            self.fool = max(remaining, key=lambda s: (len(self.hands[s]), -s))
        self._events.append(Event(GAME_OVER, -1 if self.fool is None else self.fool))
        return True

    def _start_bout(self, lead: int) -> None:
        in_game = self.in_game
        if not in_game >> lead & 1:
            nxt = self._left_in_game(lead)
            assert nxt is not None
            lead = nxt
        if self.rules.teams:
            defender = self._left_in_game(lead, skip_partners_of=lead)
        else:
            defender = self._next[lead]  # the next seat clockwise still in the game
        if defender is None:
            self._finish_if_over()
            return
        self.lead = lead
        self.defender = defender
        self.bout_hand = hand = len(self.hands[defender])
        cap = self._cap
        self._limit = cap if cap < hand else hand
        self._thr = None
        self.right = lead
        self.taking = False
        self.passed = 0
        self.passes_in_row = 0
        self.shown = 0
        if self._f2:
            twists = self._twists
            for twist in twists:  # (two-trump: his trump; poker: the exchange opens again)
                twist.defender_set(self, defender, True)
            for twist in twists:
                if twist.bout_starting(self, lead):  # (a draw by repetition)
                    return
        self._events.append(_BOUT_EVENT[lead][defender])

    # ----------------------------------------------------------------- results and views

    @property
    def result(self) -> dict[str, object]:
        """The outcome: fool (None for a draw), order of leaving, losing team when teams play."""
        return game_views.result(self)

    def scores(self) -> list[int]:
        """Points: cards each seat beat; pogony: shoulder straps each seat scored (a game that
        keeps no score: the beats counted by points, none)."""
        return game_views.scores(self)

    def winners(self) -> list[int]:
        """Points and pogony: the seats with the best score (pogony ties: the highest strap)."""
        return game_views.winners(self)

    def observation(self, seat: int) -> Observation:
        """Exactly what `seat` may know now."""
        return game_views.observation(self, seat)

    def information_state_key(self, seat: int) -> str:
        """A key equal for two games exactly when `seat` cannot tell them apart."""
        return game_views.information_state_key(self, seat)

    def state_hash(self) -> str:
        """SHA-256 of the whole state (every face this engine knows)."""
        return game_views.state_hash(self)

    def public_hash(self) -> str:
        """SHA-256 of what every seat knows: equal on every honest peer at a table."""
        return game_views.public_hash(self)

    def last_events(self) -> list[Event]:
        """Events of the last applied action (or of setting up)."""
        return list(self._events)

    def visible_faces(self, seat: int) -> list[Card | None]:
        """Face of every slot as `seat` may know it."""
        bit = 1 << seat
        return [f if k & bit else None for f, k in zip(self.faces, self.known, strict=True)]

    def _unseen(self, seat: int) -> tuple[list[int], list[int], bool]:
        """The slots `seat` cannot see, the codes that may lie there (in code order), and
        whether this engine knows every face. Raises EngineError when the known faces do not
        fit the deck."""
        bit = 1 << seat
        known, codes, slot_of = self.known, self._codes, self._slot_of
        unknown = [s for s in range(len(known)) if not known[s] & bit]
        for twist in self._twists:  # (albanian: by public rank)
            twist.order_unseen(self, unknown)
        all_known = self.viewer is None and (  # (each face in one slot: a code per slot)
            len(slot_of) == len(codes) if slot_of is not None else NO_CARD not in codes
        )
        if all_known:
            pool = [codes[s] for s in unknown]
        else:
            rules = self.rules
            count = Counter(c.code for c in deck_spec(rules.deck, rules.jokers, rules.decks))
            for s, k in enumerate(known):
                if k & bit and codes[s] != NO_CARD:
                    count[codes[s]] -= 1
            pool = list(count.elements())
            if len(pool) != len(unknown) or any(n < 0 for n in count.values()):
                raise EngineError("the known faces do not fit the deck")
        pool.sort()
        return unknown, pool, all_known

    def resample(self, seat: int, rng: random.Random) -> Game:
        """An all-knowing copy whose faces unknown to `seat` are a random consistent deal.

        The result depends only on what `seat` knows and on `rng`: the unseen faces are put in
        code order before they are shuffled, so two games `seat` cannot tell apart give the
        same copy for the same seed. The copy's own generator (the reshuffles some variants
        make later) is drawn from `rng` too, and a replay's re-dealt faces are dropped.
        """
        known, codes = self.known, self._codes
        cached = self._sample
        if cached is None or cached[0] != seat or cached[1] is not codes or cached[2] != known:
            cached = self._sample = (seat, codes, known[:], *self._unseen(seat))
        unknown, unseen, all_known = cached[3], cached[4], cached[5]
        pool = unseen[:]
        shuffle_codes(pool, rng)
        for twist in self._twists:  # (albanian: each face on a position of its rank)
            twist.place_unseen(self, pool, unknown)
        game = self._copy_but_faces()
        game.viewer = None
        game._sample = None
        new_codes = codes[:]
        for slot, code in zip(unknown, pool, strict=True):
            new_codes[slot] = code
        faces: list[Card | None] = list(map(_CARD_OF_CODE.__getitem__, new_codes))
        game.faces = faces
        game._codes = new_codes
        if all_known and self._slot_of is not None:  # the same faces, permuted
            slot_of = self._slot_of.copy()
            slot_of.update(zip(pool, unknown, strict=True))
            game._slot_of = slot_of
        else:
            game._index_faces()
        if game._f2:
            game.rng = random.Random(rng.getrandbits(64))
            game.redeals = []
        if game.trump_slot is not None and game.trump_suit is None:
            trump_card = faces[game.trump_slot]
            game.trump_suit = trump_card.suit if trump_card is not None else None
            game._beaters = beat_table(game.rules, game.trump_suit)
        return game


def replay(
    rules: Rules,
    players: int,
    deck: Sequence[Card],
    actions: Iterable[Action],
    first: int | None = None,
    dealer: int | None = None,
) -> Game:
    """Deal `deck` and apply every action in order (raising IllegalAction on the first bad one)."""
    game = Game.from_deck(rules, players, deck, first=first, dealer=dealer)
    for action in actions:
        game.apply(action)
    return game
