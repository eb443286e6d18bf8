"""The game: a deterministic state machine over bouts, on slots whose faces a seat may not know.

A slot is one physical card's place in the dealt deck (its position). `faces[slot]` is the face
when this engine instance knows it, else None; `known[slot]` is the bit set of seats that may see
it. An engine made with `Game.new` or `Game.from_layout` knows every face (bots, simulation, the
audit, tests); one made with `Game.new_hidden` runs on a peer and learns faces through `reveal`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Final, cast

from engine import game_checks, game_copy, game_setup, game_views
from engine.action_values import (
    BEATEN_EVENT,
    CODES,
    LAID_EVENT,
    LAID_ONE,
    ONLY,
    PASSED_EVENT,
    TAKING_EVENT,
    tuple_new,
)
from engine.actions import (
    ATTACK,
    BEAT,
    BEATEN,
    BLIND_KINDS,
    FORFEIT,
    FORFEITED,
    GAME_OVER,
    PASS,
    SHOW_TRUMP,
    TAKE,
    THROW,
    TRANSFER,
    TRUMP_SHOWN,
    WRONG,
    Action,
    Event,
)
from engine.beating import beat_table
from engine.bout import (  # (called by name: one lookup fewer on the hot path)
    after_move,
    end_bout,
    find_throwers,
    find_to_act,
    move_right,
    note_empty,
    pass_defence,
)
from engine.cards import Card, deck_spec
from engine.dealing_order import deal_layout as deal_layout  # (the table and tests import it here)
from engine.dealing_order import deal_positions as deal_positions
from engine.dealing_order import draw_below as draw_below
from engine.dealing_order import shuffle_as_random
from engine.errors import EngineError, IllegalAction
from engine.hidden import HiddenCardGame
from engine.legal_moves import find_legal, rank_mask
from engine.observation import Observation
from engine.rules import MAX_SEATS, Rules
from engine.variants import (
    Twist,
    deal_twists_for,
    own_actions,
    reverse,
)
from engine.variants.albanian import (  # (the table and tests import them here)
    deck_ranks_by_position as deck_ranks_by_position,
)
from engine.variants.albanian import order_deck_by_rank as order_deck_by_rank
from engine.variants.albanian import rank_order_problem as rank_order_problem
from engine.variants.believe import HIDDEN_BEAT as HIDDEN_BEAT  # (the audit imports it here)
from engine.variants.boring import HIGHEST_LEAD as HIGHEST_LEAD  # (audit, tests import it here)
from engine.variants.twist import NO_CARD as NO_CARD  # (one definition for game and variants)
from engine.variants.twist import TwistState, held_seat, holding_twist, tried_wrong

_ACTION: Final = Action  # (module constants: compiled code reads them without a name lookup)
_EVENT: Final = Event
_MAX_SEATS: Final = MAX_SEATS


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


class Game(HiddenCardGame):
    """A game of Durak between `players` seats; seat i+1 sits to the left of seat i.

    `Game` holds the state and applies moves; each other concern is a module of free functions
    on it: `game_setup` (the deals, the trump, the first leader), `dealing_order` (positions,
    shuffles, drawing), `legal_moves`, `game_checks`, `bout` (the bout's flow and end),
    `game_copy` (clone, resample) and `game_views` (observations, hashes, results), the last
    two reached through the hooks of the hidden-card base, whose `resample` deals the faces a
    seat cannot see again within their `generation` (`engine.hidden.HiddenCardGame`:
    `_copy_state`, `_faces_for`, `_resampled`, `_revealed`, `_observe`, `_state_text`). These
    read its underscored fields; the variants (`engine.variants`) use only public names and
    the base's `_events` (the events of the last action, read through `last_events`).

    No slot serves one variant alone, and these modules read no family-2 option: a variant's
    state is its twist's record in `twist_states`, reached through the named hooks of
    `engine.variants.twist`; three flags say when to ask (`_has_twists`: the game has twists;
    `_tries_any_card`: some twist lets any card be tried; `_play_held`: a twist holds the play
    now), so that a game without twists, or without those hooks, skips the asking (bools: a
    pure engine tests a bool faster than a tuple's truth or a bit of an int). Two slots are
    shared by the variants that need them: `rng`, the shuffles during play (crazy and poker,
    `engine.variants.reshuffle`), and `claims`, the statements about hidden cards the audit
    checks (believe, boring)."""

    __slots__ = (
        "_beaters",
        "_cap",
        "_clockwise",
        "_codes",
        "_empty_seq",
        "_events",
        "_has_twists",
        "_lcache",
        "_legal",
        "_lseat",
        "_next",
        "_play_held",
        "_ranks",
        "_resample_cache",
        "_self_throw",
        "_seq",
        "_slot_of",
        "_strict",
        "_ta",
        "_teams",
        "_thr",
        "_tries_any_card",
        "_unb",
        "attack_limit",
        "bout_hand",
        "claims",
        "defender",
        "discard",
        "discarded_any",
        "everyone",
        "faces",
        "fool",
        "generation",
        "hands",
        "hidden",
        "in_game",
        "known",
        "lead",
        "log",
        "out",
        "over",
        "passed",
        "passes_in_row",
        "players",
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
        "twists",
    )

    rules: Rules
    players: int
    faces: list[Card | None]
    known: list[int]
    generation: list[int]  # (shared by clones: a new list when it changes)
    hands: list[list[int]]
    talon: list[int]
    discard: list[int]
    table: list[list[int]]
    trump_suit: str | None
    trump_slot: int | None
    hidden: bool  # a table seat's game (`new_hidden`): faces arrive through `reveal`
    lead: int
    defender: int
    taking: bool
    passed: int
    right: int
    passes_in_row: int
    shown: int
    discarded_any: bool
    in_game: int
    out: tuple[int, ...]  # (replaced whole when a seat goes out: clones share it)
    over: bool
    fool: int | None
    log: list[Action]
    claims: tuple[Claim, ...]  # (replaced whole on a new claim: clones share it)
    _events: list[Event]  # (a new list for each action: clones share the last one)
    _empty_seq: dict[int, int]
    _seq: int
    _beaters: tuple[frozenset[int], ...]
    _thr: list[int] | None
    _ta: tuple[int, ...] | None
    _unb: int
    _cap: int
    _clockwise: tuple[tuple[int, ...], ...]
    attack_limit: int
    _next: tuple[int | None, ...]
    _strict: bool
    _teams: int
    _self_throw: bool
    _slot_of: dict[int, int] | None
    _resample_cache: tuple[Any, ...] | None
    _codes: list[int]
    _ranks: int
    bout_hand: int
    _legal: dict[int, tuple[Action, ...]]
    _lseat: int | None
    _lcache: tuple[Action, ...]
    everyone: int
    twists: tuple[Twist, ...]
    _has_twists: bool
    _tries_any_card: bool
    _play_held: bool
    rng: random.Random
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
        """A game dealt from a known deck order (`engine.game_setup.from_deck`)."""
        return game_setup.from_deck(cls, rules, players, deck, first, rng, redeals, dealer, trump)

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
        """A peer's game: no face known until `reveal` (`engine.game_setup.new_hidden`)."""
        return game_setup.new_hidden(cls, rules, players, viewer, first, trump, dealer, trump_slots)

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
        """A game from a laid-out position (`engine.game_setup.from_layout`)."""
        return game_setup.from_layout(cls, rules, hands, talon, trump, first, rng)

    def _copy_state(self) -> Game:
        """The copy `clone` makes: every native field written by name (`game_copy`)."""
        game = game_copy.copy_but_faces(self, Game())
        game.faces = self.faces[:]
        return game

    # ----------------------------------------------------------------- hidden faces

    def _revealed(self, slot: int) -> None:
        """A face learnt by `reveal`: the code tables take it, the cached legal actions go, a
        twist sees it (two-trump: a seat's trump card), and the trump card sets the trump."""
        card: Card = self.faces[slot]  # type: ignore[assignment]  # (`reveal` just set it)
        if self._codes[slot] != card.code:  # new lists: clones share the old ones
            self._codes = codes = list(self._codes)
            codes[slot] = card.code
            slot_of = self._slot_of
            if slot_of is not None and card.code not in slot_of:
                self._slot_of = slot_of = dict(slot_of)
                slot_of[card.code] = slot
            else:
                self._slot_of = None
        self._legal = game_setup.NO_LEGAL
        self._lseat = None
        self._ta = None
        if self._has_twists:
            for twist in self.twists:  # (two-trump: a seat's trump card)
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
        own = own_actions.OWN_ACTIONS.get(kind)
        if own is not None:
            return [] if own.opened is None else own.opened(self, action)
        if kind in (ATTACK, THROW, TRANSFER, BEAT, SHOW_TRUMP):
            return self.take_slots(action.seat, action.cards)
        return []

    def wire_action(self, action: Action) -> Action:
        """The form of `action` to send to the other seats: hidden cards named by position."""
        own = own_actions.OWN_ACTIONS.get(action.kind)
        if own is not None and own.by_position and action.cards:
            slots = tuple(self.take_slots(action.seat, action.cards))
            return Action(action.seat, action.kind, (), action.target, slots)
        return action

    def record_claim(self, seat: int, kind: str, text: str) -> None:
        """Record a statement about hidden cards for the end-of-game audit."""
        self.claims = (*self.claims, Claim(seat, kind, text))

    def public_rank(self, slot: int) -> int | None:
        """The rank of a position that everyone knows by the deal (albanian), else None."""
        for twist in self.twists:
            rank = twist.public_rank(self, slot)
            if rank is not None:
                return rank
        return None

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

    # ----------------------------------------------------------------- bout facts

    def throwers(self) -> list[int]:
        """Seats that may throw in at the defender now, clockwise from the lead attacker."""
        if self._thr is None:
            self._thr = find_throwers(self)
        return self._thr

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
        left = self.attack_limit - len(self.table)
        if not self.taking:  # every card must still be coverable from his hand
            free = len(self.hands[self.defender]) - self._unb
            left = min(left, free // 2 if by_defender else free)
        return left

    def table_ranks(self) -> set[int]:
        """Ranks of every card on the table."""
        mask = rank_mask(self)
        return {rank for rank in range(16) if mask >> rank & 1}

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats whose move the game is waiting for."""
        found = self._ta
        if found is None:
            if self.over:
                found = ()
            elif not self.table:
                found = ONLY[self.lead]
            elif self._play_held and holding_twist(self) is not None:
                found = ONLY[held_seat(self)]  # (believe: the leader's word)
            elif self._unb and not self.taking:  # (a thrower waits until all is beaten)
                found = ONLY[self.defender]
            else:
                found = find_to_act(self)
            self._ta = found
        return found

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
            cached = self._lcache = tuple(find_legal(self, seat))
            self._lseat = seat
            return cached
        legal = self._legal
        found = legal.get(seat)
        if found is None:
            found = tuple(find_legal(self, seat))
            if not legal:  # (the shared empty one: `game_setup.NO_LEGAL`)
                legal = self._legal = {}
            legal[seat] = found
        return found

    def hand_known(self, seat: int) -> bool:
        """Every face in `seat`'s hand is known to this engine."""
        faces = self.faces
        return all(faces[s] is not None for s in self.hands[seat])

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

    def take_slots(self, seat: int, cards: Sequence[Card]) -> list[int]:
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
        if self._play_held and (holder := holding_twist(self)) is not None:
            holder.check_held(self, seat, kind)  # (believe: only the leader's word)
            return []
        own = own_actions.OWN_ACTIONS.get(kind)  # (a variant's own kind: armenian, believe, poker)
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
                    slots = self.take_slots(seat, cards)
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
            self._legal = game_setup.NO_LEGAL
        if not hand:  # a thrower who runs out of cards throws no more (kept per bout otherwise)
            self._thr = None
        self._ta = None
        events: list[Event] = []
        self._events = events
        if kind == FORFEIT:
            return self._forfeit(move)
        # (reverse: a card that does not fit takes the bout)
        wrong = self._tries_any_card and tried_wrong(self, move)
        if kind == BEAT:
            slot = slots[0]
            self.known[slot] = self.everyone
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
                note_empty(self, seat)
            self.passed = 0
            card = cards[0]
            index = (seat * CODES + target.code) * CODES + card.code
            event = BEATEN_EVENT[index]
            if event is None:
                event = BEATEN_EVENT[index] = tuple_new(
                    _EVENT, (BEATEN, seat, (card, target), -1, 0, ())
                )
            events.append(event)
            if self._has_twists and not wrong:
                for twist in self.twists:
                    if twist.after_beat(self, seat, target):  # (chinese: a beaten 9D)
                        self.log.append(move)
                        end_bout(self, took=False)
                        return events
        elif kind in LAID_EVENT:  # attack, throw, transfer
            table, known, everyone = self.table, self.known, self.everyone
            for slot in slots:
                known[slot] = everyone
                table.append([slot, NO_CARD])
            self._unb += len(slots)
            if self._ranks >= 0:
                for card in cards:
                    self._ranks |= 1 << card.rank
            if not hand:
                note_empty(self, seat)
            self.passed = 0
            if kind == THROW:
                self.passes_in_row = 0
            defender = self.defender
            if len(cards) == 1:
                code = cards[0].code
                block = 0 if kind == ATTACK else 1 if kind == THROW else 2  # (LAID_KINDS)
                index = ((block * _MAX_SEATS + seat) * _MAX_SEATS + defender) * CODES + code
                event = LAID_ONE[index]
                if event is None:
                    event = LAID_ONE[index] = tuple_new(
                        _EVENT, (LAID_EVENT[kind], seat, cards, defender, 0, ())
                    )
                events.append(event)
            else:
                events.append(tuple_new(_EVENT, (LAID_EVENT[kind], seat, cards, defender, 0, ())))
            if kind == ATTACK and self._has_twists:
                for twist in self.twists:  # (boring: the leader's claim)
                    twist.after_lead(self, seat, move)
            if wrong:
                pass
            elif kind == TRANSFER:
                pass_defence(self, seat)
            elif (
                kind == THROW
                and not hand
                and self.rules.throw_order == "strict"
                and seat == self.right
            ):
                move_right(self)
        elif kind == PASS:
            self.passed |= 1 << seat
            if self._strict:  # (a defender passes only with self-throw, in his turn)
                self.passes_in_row += 1
                move_right(self)
            events.append(PASSED_EVENT[seat])
        elif kind == TAKE:
            self.taking = True
            self.passed = 0
            self.passes_in_row = 0
            events.append(TAKING_EVENT[seat])
        elif kind == SHOW_TRUMP:
            hand.extend(slots)  # the card stays in hand, now seen by everyone
            self.known[slots[0]] = self.everyone
            self.shown |= 1 << seat
            events.append(tuple_new(_EVENT, (TRUMP_SHOWN, seat, cards, self.defender, 0, ())))
            pass_defence(self, seat)
        else:
            return self._apply_own(move, slots, events)
        self.log.append(move)
        if wrong:  # reverse: the card stays played and its player takes the whole bout
            events.append(Event(WRONG, seat, cards))
            end_bout(self, took=True, taker=seat)
        elif (
            self.table
            and (not self._unb or self.taking or self._strict or self._self_throw)
            and not (self._play_held and holding_twist(self) is not None)
        ):
            after_move(self)
        return events

    def _apply_own(self, action: Action, slots: list[int], events: list[Event]) -> list[Event]:
        """A variant's own kind of action (`OWN_ACTIONS`: talon lead, face-down beat, words,
        exchange)."""
        self.log.append(action)
        own = own_actions.OWN_ACTIONS.get(action.kind)
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

    def set_beaters(self) -> None:
        """Take the beat table of the trump now (after the trump is set or changes); variants
        with a trump per defender replace it with the defender's (`Twist.defender_set`)."""
        self._beaters = beat_table(self.rules, self.trump_suit)
        if self._has_twists:
            for twist in self.twists:
                twist.defender_set(self, self.defender, False)

    def mark_held(self, held: bool) -> None:
        """A twist holds the play from now on (`held`: `Twist.holds_play`), or no longer: only
        then does the game ask which twist holds it (`holding_twist`)."""
        self._play_held = held

    @property
    def pending(self) -> int:
        """The position a held play waits to open (believe: the face-down cover), else NO_CARD."""
        holder = holding_twist(self)
        return NO_CARD if holder is None else holder.held_slot(self)

    @property
    def trump_slots(self) -> list[int]:
        """The positions turned up as the seats' own trump cards (`Twist.trump_positions`:
        two-trump), none when the game has one trump card (`trump_slot`)."""
        for twist in self.twists:
            found = twist.trump_positions(self)
            if found:
                return found
        return []

    def can_beat(self, card: Card, target: Card) -> bool:
        """`card` beats `target` by the beat table in force (the defender's trump in two-trump)."""
        return card.code in self._beaters[target.code]

    def beat_by(self, trump: str | None) -> None:
        """Beat by the table of `trump` until the next change (two-trump: the defender's own)."""
        self._beaters = beat_table(self.rules, trump)

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

    def _observe(self, seat: int, mask: int) -> Observation:
        """The observation of a viewer at `seat` (NO_SEAT: none) who sees the faces known to
        every seat of `mask` (`observation`, `public_observation`, `open_observation`)."""
        return game_views.observation(self, seat, mask)

    def _state_text(self, public: bool = False) -> str:
        """The whole state as text, for `state_hash` and (`public`) `public_hash`."""
        return game_views.state_text(self, public)

    def visible_faces(self, seat: int) -> list[Card | None]:
        """Face of every slot as `seat` may know it."""
        bit = 1 << seat
        return [f if k & bit else None for f, k in zip(self.faces, self.known, strict=True)]

    def _faces_for(self, seat: int) -> list[Card]:
        """Every slot's face for a resample for `seat`: a table seat's unopened slots filled
        from the deck (`engine.game_copy.faces_for`)."""
        return game_copy.faces_for(self, seat)

    def _resampled(self, rng: random.Random) -> None:
        """A resampled copy's code tables, generator, twist records and trump
        (`game_copy.resampled`)."""
        game_copy.resampled(self, rng)


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
