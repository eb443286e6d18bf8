"""Joker rummy's game state and moves: a seeded, deterministic engine with hidden slots.

Every physical card has a slot (its deck position); `faces[slot]` is its face and `known[slot]`
the bitmask of seats that may see it. A seat sees its own hand; the stock (the discard pile)
and the combinations on the table are open to all; a card drawn from the deck opens to its
drawer only. At a LAN table every seat plays a hidden game (`new_hidden`): a face is None until
the table opens it (`reveal`); the audit replays the game with every face (`from_table`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.actions import Event
from engine.cards import SUITS, Card
from engine.errors import EngineError, IllegalAction
from engine.hidden import HiddenCardGame, mypyc_attr
from engine.rummy.actions import (
    ADD,
    DISCARD,
    DRAW,
    FORFEIT,
    HIGH,
    LOW,
    RUN,
    SET,
    SWAP,
    TAKE,
    RummyAction,
)
from engine.rummy.melds import (
    BY_CODE,
    SET_SIZE,
    TOP_POSITION,
    card_of,
    hand_melds,
    hand_value,
    laid_points,
    live_cards,
    meld_value,
    one_joker,
    reaches,
    reaches_with,
    remove_cards,
    run_low,
    set_order,
    set_rank,
)
from engine.rummy.observation import RummyObservation, TableMeld
from engine.rummy.refusal import joker_for_held
from engine.rummy.rules import RummyRules

DRAW_PHASE = "draw"
PLAY_PHASE = "play"

# Event kinds (engine.actions.Event carries them); `slots` name the positions concerned.
DREW = "drew"  # slots: the deck card now open to `seat` only
TOOK = "took"  # the open top card of the stock
LAID = "laid"  # number: the new combination's index; slots open to all
ADDED = "added"  # number: the combination's index
SWAPPED = "swapped"  # cards: (the card given, the joker taken back)
DISCARDED = "discarded"
REFILLED = "refilled"  # slots: the stock turned over as the new deck (top last)
WENT_OUT = "went_out"  # number: jokers discarded on going out
STALLED = "stalled"  # a turned-over deck ran out with no card laid on the table meanwhile
GAME_OVER = "game_over"
_DISCARDS: dict[int, dict[Card, RummyAction]] = {}
"""The discard of each card by each seat, made once (actions are immutable)."""
_DRAWS: dict[int, tuple[RummyAction, RummyAction]] = {}
"""Each seat's draw and take, made once."""


@mypyc_attr(native_class=False)  # (pickled with the game: a plain class when compiled)
class Meld:
    """A combination on the table: its owner, kind, slots in order and a run's first position."""

    __slots__ = ("cards", "kind", "low", "owner", "shape", "slots")

    def __init__(self, owner: int, kind: str, slots: list[int], low: int) -> None:
        self.owner, self.kind, self.slots, self.low = owner, kind, slots, low
        self.cards: tuple[Card, ...] | None = None  # the faces of `slots`, kept until it changes
        self.shape: tuple[Any, ...] | None = None  # what `_shape` says of it, kept as long

    def copy(self) -> Meld:
        """An independent copy."""
        meld = Meld(self.owner, self.kind, list(self.slots), self.low)
        meld.cards, meld.shape = self.cards, self.shape
        return meld

    def changed(self) -> None:
        """Forget what was kept of the faces (a card was added or swapped)."""
        self.cards = self.shape = None


def place_cards(faces: list[Card], cards: Sequence[Card]) -> list[int]:
    """Append `cards` to `faces`; return their new slots."""
    slots = list(range(len(faces), len(faces) + len(cards)))
    faces.extend(cards)
    return slots


@mypyc_attr(native_class=False)  # (the hidden-card base: instances keep a __dict__)
class RummyGame(HiddenCardGame):
    """One hand of joker rummy; the public API mirrors `engine.game.Game`."""

    rules: RummyRules
    players: int
    # faces: the base's list[Any] (a hidden game holds None until `reveal`; compiled, a
    # list[Card] would refuse it)
    known: list[int]
    generation: list[int]
    hands: list[list[int]]
    deck: list[int]
    stock: list[int]
    melds: list[Meld]
    first: int  # the hand's first player (the dealer's left)
    turn: int
    phase: str
    round_number: int
    opened: list[bool]
    laid_this_turn: int
    reclaimed: list[int]
    over: bool
    winner: int | None
    fool: int | None
    points: list[int]
    refills: int
    table_at_refill: int
    log: list[RummyAction]
    rng: random.Random
    _events: list[Event]
    _legal: tuple[int, int, tuple[RummyAction, ...]] | None
    _counts: tuple[tuple[int, int], Counter[Card]] | None
    hidden: bool  # a table's hidden game: faces arrive through `reveal`
    redeals: list[list[Card]] | None  # a table replay: each shuffled refill's faces, in order
    scored: bool  # the points are counted (a hidden game waits for the hands to be opened)
    # _ending (HiddenCardGame's): a hidden game's (winner, last, leaver), scored once all is open
    _short: list[Card | bool | None]
    """Per seat, what is known of its first laying: True, its hand cannot reach `open_points`;
    a card, the hand without that card cannot; None, nothing (a cache of `_legal_now`)."""

    _copied_lists = ("deck", "stock", "opened", "reclaimed", "points", "_short")

    # ----------------------------------------------------------------- construction

    @classmethod
    def new(
        cls, rules: RummyRules, players: int, rng: random.Random, first: int | None = None
    ) -> RummyGame:
        """A fresh hand: the deck shuffled by `rng`; `first` (the seat after the dealer, drawn
        by lot when None) gets the fifteenth card and moves first."""
        deck = list(rules.deck())
        rng.shuffle(deck)
        if first is None:
            first = rng.randrange(players)
        return cls.from_deck(rules, players, deck, first, rng)

    @classmethod
    def from_deck(
        cls,
        rules: RummyRules,
        players: int,
        deck: Sequence[Card],
        first: int = 0,
        rng: random.Random | None = None,
    ) -> RummyGame:
        """Deal `deck` one card at a time from the seat `first`, `hand_size` rounds, then one
        more card to `first`; the rest is the deck, position `players * hand_size + 1` on top."""
        rules.check_players(players)
        if sorted(deck) != sorted(rules.deck()):
            raise EngineError(
                f"a deck of {len(rules.deck())} cards ({rules.decks} packs) is needed"
            )
        if not 0 <= first < players:
            raise EngineError(f"no seat {first}")
        dealt = players * rules.hand_size
        hands: list[list[int]] = [[] for _ in range(players)]
        for position in range(dealt):
            hands[(first + position) % players].append(position)
        hands[first].append(dealt)
        stack = list(range(len(deck) - 1, dealt, -1))
        return cls._start(rules, list(deck), hands, stack, [], [], first, PLAY_PHASE, 0, rng)

    @classmethod
    def from_layout(
        cls,
        rules: RummyRules,
        hands: Sequence[Sequence[Card]],
        deck: Sequence[Card] = (),
        stock: Sequence[Card] = (),
        melds: Sequence[tuple[int, str, Sequence[Card]]] = (),
        opened: Sequence[bool] = (),
        first: int = 0,
        phase: str = DRAW_PHASE,
        round_number: int | None = None,
        rng: random.Random | None = None,
    ) -> RummyGame:
        """A game from given hands, deck (top first), stock (top last) and combinations
        (owner, "run" or "set", cards), for scenarios; the cards need not make a whole deck.
        `round_number` defaults to past the first round."""
        players = len(hands)
        rules.check_players(players)
        faces: list[Card] = []
        hand_slots = [place_cards(faces, hand) for hand in hands]
        deck_slots = place_cards(faces, deck)[::-1]
        stock_slots = place_cards(faces, stock)
        table: list[Meld] = []
        for owner, kind, cards in melds:
            low = run_low(cards) if kind == RUN else set_rank(cards)
            if low is None or not 0 <= owner < players:
                raise EngineError(f"not a combination of seat {owner}: {kind} {cards}")
            table.append(Meld(owner, kind, place_cards(faces, cards), low))
        spare = Counter(rules.deck())
        spare.subtract(faces)
        if any(n < 0 for n in spare.values()):
            raise EngineError("the layout holds more copies of a card than the decks have")
        if phase not in (DRAW_PHASE, PLAY_PHASE):
            raise EngineError(f"no phase {phase!r}")
        game = cls._start(
            rules,
            faces,
            hand_slots,
            deck_slots,
            stock_slots,
            table,
            first,
            phase,
            players if round_number is None else round_number,
            rng,
        )
        game.opened = [bool(o) for o in opened] + [False] * (players - len(opened))
        return game

    @classmethod
    def table_layout(cls, rules: RummyRules, players: int) -> tuple[list[list[int]], list[int]]:
        """How a LAN table deals: position p of the deal to seat p mod players, `hand_size`
        each; the rest is the deck, position `players * hand_size` on top. The first player
        (drawn after the deal) starts by drawing that top card: *"the person entering is given
        a card that he himself would have to take from the deck"*."""
        rules.check_players(players)
        dealt = players * rules.hand_size
        hands = [list(range(seat, dealt, players)) for seat in range(players)]
        return hands, list(range(len(rules.deck()) - 1, dealt - 1, -1))

    @classmethod
    def new_hidden(cls, rules: RummyRules, players: int, first: int) -> RummyGame:
        """A table seat's game in `table_layout`, the first player to draw: no face known
        until `reveal` (`known` still says whom the rules show each slot to). It checks every
        move on what all seats see; the two rules that need the whole hand (a joker in a new
        run stands for no card its player holds; the rest of a first laying reaches the 51)
        are checked by the table's audit (`from_table`), so every seat's game agrees."""
        hands, deck = cls.table_layout(rules, players)
        faces: list[Card | None] = [None] * len(rules.deck())
        game = cls._start(rules, faces, hands, deck, [], [], first, DRAW_PHASE, 0, None)  # type: ignore[arg-type]
        game.hidden = True
        return game

    @classmethod
    def from_table(
        cls,
        rules: RummyRules,
        players: int,
        deck: Sequence[Card],
        first: int,
        redeals: Sequence[Sequence[Card]] | None = (),
    ) -> RummyGame:
        """A table's game with every face open, for the audit: `deck` by table position (see
        `table_layout`), each shuffled refill taking the faces of the next of `redeals`
        (None: shuffled by the game's own generator, as in `new`)."""
        if sorted(deck) != sorted(rules.deck()):
            raise EngineError(f"a deck of {len(rules.deck())} cards is needed")
        hands, stack = cls.table_layout(rules, players)
        game = cls._start(rules, list(deck), hands, stack, [], [], first, DRAW_PHASE, 0, None)
        game.redeals = None if redeals is None else [list(r) for r in redeals]
        return game

    @classmethod
    def _start(
        cls,
        rules: RummyRules,
        faces: list[Card],
        hands: list[list[int]],
        deck: list[int],
        stock: list[int],
        melds: list[Meld],
        first: int,
        phase: str,
        round_number: int,
        rng: random.Random | None,
    ) -> RummyGame:
        players = len(hands)
        if not 0 <= first < players:
            raise EngineError(f"no seat {first}")
        game = cls.__new__(cls)
        game.rules, game.players, game.faces = rules, players, faces
        everyone = (1 << players) - 1
        game.known = [0] * len(faces)
        for seat, hand in enumerate(hands):
            for slot in hand:
                game.known[slot] = 1 << seat
        for slot in stock:
            game.known[slot] = everyone
        for meld in melds:
            for slot in meld.slots:
                game.known[slot] = everyone
        game.generation = [0] * len(faces)
        game.hands, game.deck, game.stock, game.melds = hands, deck, stock, melds
        game.first, game.turn, game.phase, game.round_number = first, first, phase, round_number
        game.opened = [False] * players
        game.laid_this_turn, game.reclaimed = 0, []
        game.over, game.winner, game.fool = False, None, None
        game.points = [0] * players
        game.refills, game.table_at_refill = 0, 0
        game.log = []
        game.rng = rng or random.Random(0)
        game._events, game._legal, game._counts = [], None, None
        game._short = [None] * players
        game.hidden, game.redeals, game.scored, game._ending = False, None, False, None
        return game

    # ----------------------------------------------------------------- queries

    def meld_cards(self, index: int) -> tuple[Card, ...]:
        """The faces of a combination on the table, in order."""
        meld = self.melds[index]
        if meld.cards is None:
            meld.cards = tuple(self.faces[s] for s in meld.slots)
        return meld.cards

    def may_lay(self) -> bool:
        """Whether laying out is allowed yet ("Actions cannot be performed during the first
        round")."""
        return self.rules.lays_in_round(self.round_number, self.players)

    def _needed(self, seat: int) -> int:
        """Points still needed for `seat`'s first laying this turn (0 once opened)."""
        return 0 if self.opened[seat] else self.rules.open_points - self.laid_this_turn

    def legal_tuple(self, seat: int) -> tuple[RummyAction, ...]:
        """Every action `seat` may take now."""
        key = (len(self.log), seat)
        if self._legal is not None and self._legal[:2] == key:
            return self._legal[2]
        legal = tuple(self._legal_now(seat))
        self._legal = (*key, legal)
        return legal

    def _legal_now(self, seat: int) -> list[RummyAction]:
        """The legal actions, built to be legal (tests check each against `_refusal`)."""
        if self.over or seat != self.turn:
            return []
        if self.phase == DRAW_PHASE:  # as `_refusal` says: a deck or a stock to draw from
            draw, take = _DRAWS.get(seat) or _DRAWS.setdefault(
                seat, (RummyAction(seat, DRAW), RummyAction(seat, TAKE))
            )
            if self.stock:
                return [draw, take]
            return [draw] if self.deck else []
        hand = self.hand_cards(seat)
        legal: list[RummyAction] = []
        ordered = tuple(sorted(hand, key=BY_CODE))
        distinct = list(dict.fromkeys(ordered))
        if self.may_lay():
            need = self._needed(seat)
            if need <= 0:
                melds = hand_melds(live_cards(ordered))  # the same as of the whole hand
                legal.extend(RummyAction(seat, kind, cards) for kind, cards in melds)
            elif (live := self._may_open(seat, ordered, need)) is not None:
                # no combination holds a card that is not live: the live cards give the same
                # combinations, and the same search once one is laid (`live_cards` of a part)
                starts: dict[tuple[str, tuple[Card, ...]], bool] = {}  # by one_joker(cards)
                for kind, cards in hand_melds(live):
                    same = (kind, one_joker(cards))  # a joker's colour plays no part
                    if same not in starts:
                        starts[same] = self._starts_laying(live, need, kind, cards)
                    if starts[same]:
                        legal.append(RummyAction(seat, kind, cards))
            if self.opened[seat]:
                legal.extend(self._legal_table_moves(seat, set(distinct), distinct))
        held = len(hand)
        # `_discard_refusal` of one card: not in the middle of a first laying, and not while
        # holding a joker taken back (unless it is the last card)
        laying = self.laid_this_turn > 0 and not self.opened[seat]
        if not laying and not (self.reclaimed and held != 1):
            discards = _DISCARDS.setdefault(seat, {})
            for card in distinct:
                action = discards.get(card)
                if action is None:
                    action = discards[card] = RummyAction(seat, DISCARD, (card,))
                legal.append(action)
        if held > 1 and ordered[0].is_joker:  # jokers sort last: the hand is all jokers
            legal.append(RummyAction(seat, DISCARD, ordered))
        return legal

    def _may_open(self, seat: int, ordered: tuple[Card, ...], need: int) -> tuple[Card, ...] | None:
        """The live cards of the hand `ordered` (sorted) if it can lay `need` points this turn,
        else None: `reaches`, searching only combinations with the card drawn when the hand
        fell short without it."""
        low_ace = self.rules.low_ace_opening
        short = self._short[seat]
        whole = need == self.rules.open_points  # nothing laid yet this turn
        if whole and short is True:
            return None
        held = tuple(live_cards(ordered))
        live = one_joker(held)
        if whole and isinstance(short, Card) and not short.is_joker:
            can = reaches_with(live, short, need, low_ace)
        else:
            can = reaches(live, need, low_ace)
        if whole:
            self._short[seat] = None if can else True
        return held if can else None

    def _candidates(self, seat: int) -> list[RummyAction]:
        """Actions worth checking: every one the rules could allow, and some more (for tests)."""
        if self.over or seat != self.turn:
            return []
        if self.phase == DRAW_PHASE:
            return [RummyAction(seat, DRAW), RummyAction(seat, TAKE)]
        hand = self.hand_cards(seat)
        distinct = sorted(set(hand), key=BY_CODE)
        found = [RummyAction(seat, kind, cards) for kind, cards in hand_melds(hand)]
        found.extend(self._table_moves(seat, set(distinct)))
        found.extend(RummyAction(seat, DISCARD, (card,)) for card in distinct)
        if len(hand) > 1 and all(card.is_joker for card in hand):
            found.append(RummyAction(seat, DISCARD, tuple(sorted(hand, key=BY_CODE))))
        return found

    def _table_moves(self, seat: int, held: set[Card]) -> list[RummyAction]:
        """Adds and swaps of held cards onto the combinations on the table."""
        jokers = sorted((c for c in held if c.is_joker), key=BY_CODE)
        found: list[RummyAction] = []
        for index, meld in enumerate(self.melds):
            cards = self.meld_cards(index)
            if meld.kind == RUN:
                suit = str(next(c for c in cards if not c.is_joker).suit)
                high = meld.low + len(cards) - 1
                for end, position in ((LOW, meld.low - 1), (HIGH, high + 1)):
                    if 1 <= position <= TOP_POSITION:
                        fits = [card_of(position, suit), *jokers]
                        found.extend(
                            RummyAction(seat, ADD, (c,), index, end) for c in fits if c in held
                        )
                for offset, card in enumerate(cards):
                    wanted = card_of(meld.low + offset, suit)
                    if card.is_joker and wanted in held:
                        found.append(RummyAction(seat, SWAP, (wanted,), index))
            else:
                missing = sorted(
                    (c for c in held if not c.is_joker and c.rank == meld.low), key=BY_CODE
                )
                found.extend(RummyAction(seat, ADD, (c,), index) for c in missing + jokers)
                found.extend(RummyAction(seat, SWAP, (c,), index) for c in missing)
        return found

    def _shape(self, index: int) -> tuple[Any, ...]:
        """What the table moves need of combination `index`: whether it has room, whether one
        more card fills it, and for a run the cards its low and high ends take (None: no card
        goes there) and the cards its jokers stand for; for a set its suits and any joker;
        last, every natural card that some add or swap onto it could use."""
        meld = self.melds[index]
        cards = self.meld_cards(index)
        if meld.kind == RUN:
            suit = str(next(c for c in cards if not c.is_joker).suit)
            high = meld.low + len(cards) - 1
            below = card_of(meld.low - 1, suit) if meld.low > 1 else None
            above = card_of(high + 1, suit) if high < TOP_POSITION else None
            wants = tuple(card_of(meld.low + o, suit) for o, c in enumerate(cards) if c.is_joker)
            full = len(cards) + 1 >= TOP_POSITION
            takes = frozenset(c for c in (below, above, *wants) if c is not None)
            meld.shape = (below is not None or above is not None, full, below, above, wants, takes)
        else:
            present = frozenset(c.suit for c in cards)
            jokers = any(c.is_joker for c in cards)
            takes = frozenset(card_of(meld.low, s) for s in SUITS if s not in present)
            meld.shape = (len(cards) < SET_SIZE, len(cards) + 1 >= SET_SIZE, present, jokers, takes)
        return meld.shape

    def _legal_table_moves(
        self, seat: int, held: set[Card], ordered: Sequence[Card] | None = None
    ) -> list[RummyAction]:
        """The moves of `_table_moves` that `_add_refusal` or `_swap_refusal`, and
        `_room_refusal`, let through (the same checks, on each combination's shape once);
        `ordered`: the cards of `held` sorted, when the caller has them."""
        if ordered is None:
            ordered = sorted(held, key=BY_CODE)
        jokers = [c for c in ordered if c.is_joker]
        by_rank: dict[int, list[Card]] = {}
        for card in ordered:
            by_rank.setdefault(card.rank, []).append(card)
        melds = self.melds
        shapes = [meld.shape or self._shape(i) for i, meld in enumerate(melds)]
        rooms_total = sum(1 for shape in shapes if shape[0])
        swap_ok = rooms_total > 0 or len(self.hands[seat]) == 1  # the joker has somewhere to go
        reclaimed, set_aside = bool(self.reclaimed), self.rules.set_aside_complete
        found: list[RummyAction] = []
        for index, meld in enumerate(melds):
            shape = shapes[index]
            if not jokers and held.isdisjoint(shape[-1]):
                continue  # no held card fits it: nothing to add or swap
            room, full = shape[0], shape[1]
            # `_room_refusal`: with a joker taken back, a full combination needs room elsewhere
            cramped = reclaimed and full and rooms_total - room <= 0
            swappable = swap_ok and not cramped and not (set_aside and not room)
            if meld.kind == RUN:
                for end, wanted in ((LOW, shape[2]), (HIGH, shape[3])):
                    if wanted is not None:
                        if wanted in held and not cramped:
                            found.append(RummyAction(seat, ADD, (wanted,), index, end))
                        found.extend(RummyAction(seat, ADD, (j,), index, end) for j in jokers)
                if swappable:
                    found.extend(
                        RummyAction(seat, SWAP, (w,), index) for w in shape[4] if w in held
                    )
            else:
                present = shape[2]
                missing = [c for c in by_rank.get(meld.low, ()) if c.suit not in present]
                if room:
                    if not cramped:
                        found.extend(RummyAction(seat, ADD, (c,), index) for c in missing)
                    found.extend(RummyAction(seat, ADD, (j,), index) for j in jokers)
                if swappable and shape[3]:
                    found.extend(RummyAction(seat, SWAP, (c,), index) for c in missing)
        return found

    # ----------------------------------------------------------------- refusals

    def _refusal(self, action: RummyAction) -> str | None:
        """Why `action` is illegal now, in words a player understands; None when legal."""
        if self.over:
            return "the game is over"
        if action.seat != self.turn:
            return f"it is seat {self.turn}'s turn, not seat {action.seat}'s"
        kind = action.kind
        if kind in (DRAW, TAKE):
            if action.cards or action.meld != -1 or action.end:
                return f"{kind} names no card"
            if self.phase != DRAW_PHASE:
                return "you have taken your card this turn: lay out, add or discard"
            if kind == TAKE and not self.stock:
                return "the stock is empty: draw from the deck"
            if kind == DRAW and not self.deck and not self.stock:
                return "the deck and the stock are empty"
            return None
        if self.phase == DRAW_PHASE:
            return "take a card first: draw from the deck or take the top card of the stock"
        if not action.cards:
            return f"{kind} needs cards"
        hand = self._hand_counts(action.seat)
        for card, count in Counter(action.cards).items():
            if hand[card] < count:
                return f"{card} is not in your hand"
        if kind == DISCARD:
            return self._discard_refusal(action, sum(hand.values()))
        if kind not in (RUN, SET, ADD, SWAP):
            return f"no action {kind!r}"
        if not self.may_lay():
            return "nothing is laid out during the first round: every player moves once first"
        if kind in (RUN, SET):
            return self._lay_refusal(action)
        if not self.opened[action.seat]:
            need = self.rules.open_points
            return f"lay out {need} points of your own before adding to the table"
        if len(action.cards) != 1 or not 0 <= action.meld < len(self.melds):
            return f"no combination {action.meld} on the table"
        if kind == ADD:
            return self._add_refusal(action) or self._room_refusal(action)
        return self._swap_refusal(action)

    def _hand_counts(self, seat: int) -> Counter[Card]:
        """How many of each face `seat` holds (kept while the state does not change)."""
        key = (len(self.log), seat)
        if self._counts is None or self._counts[0] != key:
            self._counts = (key, Counter(self.hand_cards(seat)))
        return self._counts[1]

    def _discard_refusal(self, action: RummyAction, held: int) -> str | None:
        seat = action.seat
        if action.meld != -1 or action.end:
            return "a discard names only cards"
        if len(action.cards) > 1 and (
            len(action.cards) != held or not all(c.is_joker for c in action.cards)
        ):
            return "discard one card; only jokers that are your last cards go together"
        if self.laid_this_turn > 0 and not self.opened[seat]:
            return f"your first laying must reach {self.rules.open_points} points: lay more"
        if self.reclaimed and len(action.cards) != held:
            return "put the joker you took back on the table first (or finish by discarding it)"
        return None

    def _lay_refusal(self, action: RummyAction) -> str | None:
        cards, kind = action.cards, action.kind
        if action.meld != -1 or action.end:
            return "a combination names only cards"
        if kind == RUN:
            low = run_low(cards)
            if low is None:
                return f"{' '.join(c.text for c in cards)} is no run of one suit (low to high)"
            kept = self._hand_counts(action.seat) - Counter(cards)
            held = None if self.hidden else joker_for_held(cards, kept)  # hidden: the audit
            if held is not None:
                return f"you hold {held}: lay it, not a joker in its place"
        if kind == SET:
            if set_rank(cards) is None:
                return f"{' '.join(c.text for c in cards)} is no set of one rank in different suits"
            if tuple(cards) != set_order(cards):
                return "write a set's cards by suit, jokers last"
        return self._opening_refusal(action.seat, kind, cards)

    def _opening_refusal(self, seat: int, kind: str, cards: Sequence[Card]) -> str | None:
        """A combination that cannot be part of a first laying of `open_points` this turn."""
        need = self._needed(seat)
        if need <= 0:
            return None
        low_ace = self.rules.low_ace_opening
        value = meld_value(kind, cards, low_ace)
        if value >= need or self.hidden:
            return None  # a table's game: the hand is hidden, the audit checks the opening
        hand = tuple(sorted(self.hand_cards(seat), key=BY_CODE))
        # when the hand cannot reach `need`, no combination can start the laying (cached)
        live = tuple(live_cards(hand))
        if reaches(live, need, low_ace) and self._starts_laying(hand, need, kind, cards):
            return None
        return f"your first laying must reach {self.rules.open_points} points in this turn"

    def _starts_laying(
        self, hand: tuple[Card, ...], need: int, kind: str, cards: Sequence[Card]
    ) -> bool:
        """Whether laying `cards` from `hand` (sorted; the whole hand or its live cards alike)
        leaves `need` points within reach."""
        low_ace = self.rules.low_ace_opening
        value = laid_points(kind, cards, low_ace)  # `cards` is a valid combination
        if value >= need:
            return True
        rest = one_joker(tuple(live_cards(remove_cards(hand, cards))))
        return reaches(rest, need - value, low_ace)

    def _add_refusal(self, action: RummyAction) -> str | None:
        meld = self.melds[action.meld]
        card = action.cards[0]
        cards = self.meld_cards(action.meld)
        if meld.kind == SET:
            if action.end:
                return "a set has no ends: add without low or high"
            if len(cards) >= SET_SIZE:
                return f"combination {action.meld} holds all four suits"
            if card.is_joker:
                return None
            if card.rank != meld.low or any(c.suit == card.suit for c in cards):
                return f"{card} does not fit combination {action.meld}"
            return None
        if action.end not in (LOW, HIGH):
            return "say which end of the run: low or high"
        position = meld.low - 1 if action.end == LOW else meld.low + len(cards)
        if not 1 <= position <= TOP_POSITION:
            return f"the run ends there: nothing goes at its {action.end} end"
        suit = str(next(c for c in cards if not c.is_joker).suit)
        if not card.is_joker and card is not card_of(position, suit):
            return f"{card} does not continue combination {action.meld} at its {action.end} end"
        return None

    def _room_refusal(self, action: RummyAction) -> str | None:
        """An add that would leave no room on the table for a joker taken back this turn."""
        if not self.reclaimed or action.cards[0].is_joker:
            return None
        size = len(self.melds[action.meld].slots) + 1
        meld = self.melds[action.meld]
        full = size >= SET_SIZE if meld.kind == SET else size >= TOP_POSITION
        others = any(self._has_room(i) for i in range(len(self.melds)) if i != action.meld)
        if full and not others:
            return "keep room on the table for the joker you took back: place it first"
        return None

    def _swap_refusal(self, action: RummyAction) -> str | None:
        card = action.cards[0]
        if action.end:
            return "a swap names a combination and a card"
        if card.is_joker:
            return "give a natural card for the joker"
        if self.rules.set_aside_complete and not self._has_room(action.meld):
            return f"combination {action.meld} is complete and set aside: nothing comes back"
        if self._joker_index(action.meld, card) is None:
            return f"no joker in combination {action.meld} stands for {card}"
        room = any(self._has_room(i) for i in range(len(self.melds)))
        if not room and len(self.hands[action.seat]) != 1:
            return "the joker taken back could go nowhere on the table"
        return None

    def _joker_index(self, index: int, card: Card) -> int | None:
        """The position in combination `index` of a joker that `card` may replace."""
        meld = self.melds[index]
        cards = self.meld_cards(index)
        if meld.kind == RUN:
            suit = str(next(c for c in cards if not c.is_joker).suit)
            for offset, face in enumerate(cards):
                if face.is_joker and card_of(meld.low + offset, suit) is card:
                    return offset
            return None
        if card.rank != meld.low or any(c.suit == card.suit for c in cards):
            return None
        jokers = [offset for offset, face in enumerate(cards) if face.is_joker]
        return jokers[-1] if jokers else None

    def _has_room(self, index: int) -> bool:
        meld = self.melds[index]
        size = len(meld.slots)
        if meld.kind == SET:
            return size < SET_SIZE
        return meld.low > 1 or meld.low + size - 1 < TOP_POSITION

    # ----------------------------------------------------------------- moves

    def apply(self, action: object) -> list[Event]:  # (object: a compiled build checks it here)
        """Apply a legal action and return its events; IllegalAction (state unchanged) else."""
        if not isinstance(action, RummyAction):
            raise IllegalAction(f"not a joker-rummy action: {action!r}")
        if action.kind == FORFEIT:
            return self._forfeit(action)
        listed = self._legal  # the listing of this state is exactly what the rules accept
        reason: str | None = None
        if listed is None or listed[:2] != (len(self.log), action.seat) or action not in listed[2]:
            reason = self._refusal(action)
        if reason is not None:
            raise IllegalAction(f"{action}: {reason}")
        self._events = []
        self.log.append(action)
        seat, kind = action.seat, action.kind
        if kind == DRAW:
            self._draw(seat)
        elif kind == TAKE:
            slot = self.stock.pop()
            self.hands[seat].append(slot)
            self._added(seat, slot)
            self.phase = PLAY_PHASE
            self._events.append(Event(TOOK, seat, (self.faces[slot],), slots=(slot,)))
        elif kind in (RUN, SET):
            self._short[seat] = None
            self._lay(seat, action)
        elif kind == ADD:
            self._short[seat] = None
            self._add(seat, action)
        elif kind == SWAP:
            self._short[seat] = None
            self._swap(seat, action)
        else:
            short = self._short[seat]
            if short is not True:  # a hand that fell short still does with a card fewer
                self._short[seat] = action.cards == (short,) or None
            self._discard(seat, action.cards)
        if not self.over and not self.hands[seat] and kind != DISCARD:
            self._finish(seat, 0)
        return list(self._events)

    def _forfeit(self, action: RummyAction) -> list[Event]:
        """A table seat leaves: the hand ends, everyone counts his cards and the leaver is the
        fool (only a LAN table sends it; `legal_tuple` never lists it)."""
        if self.over or not 0 <= action.seat < self.players or action.cards:
            raise IllegalAction(
                f"{action}: the game is over" if self.over else f"{action}: no such forfeit"
            )
        self._events = []
        self.log.append(action)
        self._finish(None, 0, leaver=action.seat)
        return list(self._events)

    def _take_slots(self, seat: int, cards: Sequence[Card]) -> list[int]:
        """Remove `cards` from the hand (a joker taken back this turn goes first); their slots."""
        hand = self.hands[seat]
        slots = []
        for card in cards:
            pool = [s for s in self.reclaimed if s in hand and self.faces[s] is card]
            slot = pool[0] if pool else next(s for s in hand if self.faces[s] is card)
            hand.remove(slot)
            if slot in self.reclaimed:
                self.reclaimed.remove(slot)
            slots.append(slot)
        return slots

    def shown_slots(self, action: RummyAction) -> list[int]:
        """The hand slots a lay, add, swap or discard puts face up, as `apply` picks them (a
        joker taken back first, else the first copy in hand order); a LAN table opens exactly
        these to every seat before the move, so every seat's game picks the same slots."""
        if action.kind not in (RUN, SET, ADD, SWAP, DISCARD):
            return []
        hand, reclaimed, slots = list(self.hands[action.seat]), list(self.reclaimed), []
        for card in action.cards:
            pool = [s for s in reclaimed if s in hand and self.faces[s] is card]
            slot = pool[0] if pool else next(s for s in hand if self.faces[s] is card)
            hand.remove(slot)
            if slot in reclaimed:
                reclaimed.remove(slot)
            slots.append(slot)
        return slots

    def _lay(self, seat: int, action: RummyAction) -> None:
        cards = action.cards
        low = run_low(cards) if action.kind == RUN else set_rank(cards)
        assert low is not None
        slots = self._take_slots(seat, cards)
        self._open_to_all(slots)
        self.melds.append(Meld(seat, action.kind, slots, low))
        self.laid_this_turn += meld_value(action.kind, cards, self.rules.low_ace_opening)
        if self.laid_this_turn >= self.rules.open_points:
            self.opened[seat] = True
        self._events.append(
            Event(LAID, seat, cards, number=len(self.melds) - 1, slots=tuple(slots))
        )

    def _add(self, seat: int, action: RummyAction) -> None:
        meld = self.melds[action.meld]
        (slot,) = self._take_slots(seat, action.cards)
        self._open_to_all([slot])
        if action.end == LOW:
            meld.slots.insert(0, slot)
            meld.low -= 1
        else:
            meld.slots.append(slot)
        if meld.kind == SET:
            self._sort_set(meld)
        meld.changed()
        self._events.append(Event(ADDED, seat, action.cards, number=action.meld, slots=(slot,)))

    def _sort_set(self, meld: Meld) -> None:
        """Order a set's slots: cards by code, jokers last (a stable sort)."""
        faces = self.faces
        keyed = sorted([(faces[s].is_joker, faces[s].code, i, s) for i, s in enumerate(meld.slots)])
        meld.slots[:] = [s for _, _, _, s in keyed]

    def _swap(self, seat: int, action: RummyAction) -> None:
        meld = self.melds[action.meld]
        offset = self._joker_index(action.meld, action.cards[0])
        assert offset is not None
        (slot,) = self._take_slots(seat, action.cards)
        self._open_to_all([slot])
        joker = meld.slots[offset]
        meld.slots[offset] = slot
        if meld.kind == SET:
            self._sort_set(meld)
        meld.changed()
        self.hands[seat].append(joker)
        self.reclaimed.append(joker)
        self._events.append(
            Event(SWAPPED, seat, (action.cards[0], self.faces[joker]), number=action.meld,
                  slots=(slot, joker))
        )  # fmt: skip

    def _discard(self, seat: int, cards: Sequence[Card]) -> None:
        slots = self._take_slots(seat, cards)
        self._open_to_all(slots)
        self.stock.extend(slots)
        self._events.append(Event(DISCARDED, seat, tuple(cards), slots=tuple(slots)))
        if not self.hands[seat]:
            jokers = len(cards) if all(c.is_joker for c in cards) else 0
            self._finish(seat, jokers)
            return
        self.round_number += 1
        self.turn = (seat + 1) % self.players
        self.phase = DRAW_PHASE
        self.laid_this_turn, self.reclaimed = 0, []

    def _draw(self, seat: int) -> None:
        """The deck's top card to `seat`; an empty deck is turned over first, unless it was
        turned over before and no card has gone onto the table since: then the hand ends with
        no winner (event `stalled`; the text is silent, docs/rules.md "The deck runs out")."""
        if not self.deck:
            if self.refills and self.table_cards() == self.table_at_refill:
                self._events.append(Event(STALLED, seat))
                self._finish(None, 0)
                return
            self._refill(seat)
        slot = self.deck.pop()
        self.hands[seat].append(slot)
        self._added(seat, slot)
        self.known[slot] |= 1 << seat
        self.phase = PLAY_PHASE
        self._events.append(Event(DREW, seat, slots=(slot,)))

    def _added(self, seat: int, slot: int) -> None:
        """Note the card of `slot` come into a hand that fell short of the first laying."""
        self._short[seat] = self.faces[slot] if self._short[seat] is True else None

    def _refill(self, seat: int) -> None:
        """ "If the deck runs out, the stack next to it is turned over to become a deck": the
        first card discarded is now on top (shuffled instead with `refill_shuffle`)."""
        slots = self.stock[::-1]
        self.stock = []
        self.refills += 1
        self.table_at_refill = self.table_cards()
        if self.rules.refill_shuffle and len(slots) > 1:
            cards: list[Card | None]  # (None: hidden; compiled, list[Card] would refuse it)
            if self.hidden:  # the table re-deals them: faces come back through `reveal`
                cards = [None] * len(slots)
            elif self.redeals is not None:  # a table replay: the re-deal's faces, in order
                if not self.redeals:
                    raise EngineError("the deck ran out again, and the table dealt no more")
                dealt = self.redeals.pop(0)
                if sorted(dealt) != sorted(self.faces[s] for s in slots):
                    raise EngineError("a re-deal holds other cards than the stock turned over")
                cards = list(dealt)
            else:
                cards = [self.faces[s] for s in slots]
                self.rng.shuffle(cards)
            for slot, card in zip(slots, cards, strict=True):
                self.faces[slot] = card
                self.known[slot] = 0
                self.generation[slot] = self.refills
        self.deck = slots
        self._events.append(Event(REFILLED, seat, slots=tuple(slots)))

    def _finish(self, winner: int | None, jokers: int, leaver: int | None = None) -> None:
        """End the hand; a hidden game shows every hand and scores once they are open."""
        self.over, self.winner = True, winner
        if winner is not None:
            self._events.append(Event(WENT_OUT, winner, number=jokers))
        if self.hidden:
            self._finish_hidden((winner, jokers, leaver), GAME_OVER)
            return
        self._score(winner, jokers, leaver)
        self._events.append(Event(GAME_OVER, -1 if self.fool is None else self.fool))

    def _cloned(self, game: RummyGame) -> None:
        """The melds, the refill generator and a table replay's refills are copied too."""
        game.melds = [m.copy() for m in self.melds]
        if self.redeals is not None:
            game.redeals = [list(r) for r in self.redeals]
        game.rng = random.Random()
        game.rng.setstate(self.rng.getstate())

    def _resampled(self, rng: random.Random) -> None:
        """Refills draw anew; every cache of the old faces is forgotten."""
        self.rng = random.Random(rng.getrandbits(64))
        self._legal = self._counts = None
        self._short = [None] * self.players  # other seats' hands were dealt again
        for meld in self.melds:
            meld.changed()

    def _revealed(self, slot: int) -> None:
        """A face learnt: the caches are forgotten, and a finished hidden game scores once its
        hands are open."""
        self._legal = self._counts = None
        for meld in self.melds:
            meld.changed()
        self._score_when_open()

    def _score(self, winner: int | None, jokers: int, leaver: int | None) -> None:
        """Score the hand: the player who went out gets `out_points` (or the joker bonus),
        everyone else the points of the cards left in hand; a leaver is the fool."""
        self.scored = True
        for seat in range(self.players):
            self.points[seat] = self.hand_points(seat)
        if winner is not None:
            bonus = self.rules.joker_out_points
            self.points[winner] = (
                bonus[min(jokers, len(bonus)) - 1] if jokers else self.rules.out_points
            )
        worst = max(self.points)
        losers = [s for s in range(self.players) if self.points[s] == worst and s != winner]
        self.fool = losers[0] if len(losers) == 1 else None
        if leaver is not None:
            self.fool = leaver

    def table_cards(self) -> int:
        """How many cards lie in combinations on the table."""
        return sum(len(meld.slots) for meld in self.melds)

    def hand_points(self, seat: int) -> int:
        """Points of the cards in a seat's hand (a joker alone counts `lone_joker_points`)."""
        cards = self.hand_cards(seat)
        if len(cards) == 1 and cards[0].is_joker:
            return self.rules.lone_joker_points
        return sum(hand_value(c, self.rules.joker_points) for c in cards)

    # ----------------------------------------------------------------- results and views

    @property
    def result(self) -> dict[str, object]:
        """The outcome: who went out, the fool (the single seat with most points), points."""
        return {
            "over": self.over,
            "winner": self.winner,
            "fool": self.fool,
            "points": list(self.points),
        }

    def winners(self) -> list[int]:
        """The seat that went out (none when the hand ended by repetition)."""
        return [] if self.winner is None else [self.winner]

    def table_melds(self) -> tuple[TableMeld, ...]:
        """The combinations on the table, open to all."""
        return tuple(
            TableMeld(m.owner, m.kind, self.meld_cards(i), m.low) for i, m in enumerate(self.melds)
        )

    def _observe(self, seat: int, mask: int) -> RummyObservation:
        """What a viewer at `seat` (NO_SEAT: none) who sees the faces known to `mask` knows."""
        seated = seat >= 0
        return RummyObservation(
            seat=seat,
            players=self.players,
            variant=self.rules.id,
            hand=tuple(self.hand_cards(seat)) if seated else (),
            hands=tuple(self.seen_by(hand, mask) for hand in self.hands),
            hand_sizes=tuple(len(h) for h in self.hands),
            deck=self.seen_by(self.deck, mask),
            stock=tuple(self.faces[s] for s in self.stock),
            melds=self.table_melds(),
            opened=tuple(self.opened),
            laid_this_turn=self.laid_this_turn,
            reclaimed=tuple(self.faces[s] for s in self.reclaimed),
            phase=self.phase,
            round_number=self.round_number,
            turn=self.turn,
            to_act=self.to_act,
            over=self.over,
            winner=self.winner,
            fool=self.fool,
            points=tuple(self.points),
            legal=self.legal_tuple(seat) if seated else (),
            last_events=tuple(self._events),
            hand_slots=tuple(self.hands[seat]) if seated else (),
            rules=self.rules,
        )

    def _state_text(self, public: bool = False) -> str:
        return ";".join(
            [
                self.rules.id,
                "hands=" + "|".join(self.slots_text(h, public) for h in self.hands),
                "deck=" + self.slots_text(self.deck, public),
                "stock=" + self.slots_text(self.stock, public),
                "melds="
                + "|".join(
                    f"{m.owner}:{m.kind}:{m.low}:{self.slots_text(m.slots, public)}"
                    for m in self.melds
                ),
                f"turn={self.turn};phase={self.phase};round={self.round_number}",
                f"opened={self.opened};laid={self.laid_this_turn};reclaimed={self.reclaimed}",
                f"over={self.over}:{self.winner}:{self.fool};points={self.points}",
                f"refills={self.refills}:{self.table_at_refill}",
            ]
        )
