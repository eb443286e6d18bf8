"""Copies of a Durak game: an independent clone, and resampling the faces a seat cannot see
(for search bots: a random deal consistent with what the seat knows). `Game` plugs these into
the hidden-card base's `clone` and `resample` (`engine.hidden`: `_copy_state`, `_deal_unseen`,
`_resampled`)."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, cast

from engine import game_setup
from engine.action_values import CARD_OF_CODE
from engine.beating import beat_table
from engine.cards import Card, deck_spec
from engine.errors import EngineError
from engine.variants.twist import NO_CARD

if TYPE_CHECKING:
    from engine.game import Game


def copy_but_faces(game: Game, copy: Game) -> Game:
    """Fill `copy` (a new `Game()`) as a copy of `game` sharing only `faces` (the caller gives
    it its own).

    Every slot but `faces` is set here, one by one (compiled: direct field writes; a test
    checks that none is left out); the containers the game changes in place are copied, and
    those it only replaces whole are shared: the last action's events, the claims and the
    seats out, the generations, and the empty tables of `game_setup.NO_LEGAL` and
    `NO_EMPTY_SEQ`."""
    copy.everyone = game.everyone
    copy.generation = game.generation
    copy._beaters = game._beaters
    copy._cap = game._cap
    copy._clockwise = game._clockwise
    copy._codes = game._codes
    empty_seq = game._empty_seq
    copy._empty_seq = empty_seq.copy() if empty_seq else game_setup.NO_EMPTY_SEQ
    copy._events = game._events  # (each action puts a new list in its place: shared)
    copy._has_twists = game._has_twists
    copy._lcache = ()
    copy._legal = game_setup.NO_LEGAL
    copy.attack_limit = game.attack_limit
    copy._lseat = None
    copy._next = game._next
    copy._play_held = game._play_held
    copy._ranks = game._ranks
    copy._resample_cache = game._resample_cache
    copy._self_throw = game._self_throw
    copy._seq = game._seq
    copy._slot_of = game._slot_of
    copy._strict = game._strict
    copy._ta = game._ta
    copy._teams = game._teams
    copy._thr = game._thr
    copy._tries_any_card = game._tries_any_card
    copy.twists = game.twists
    copy._unb = game._unb
    copy.bout_hand = game.bout_hand
    copy.claims = game.claims
    copy.defender = game.defender
    copy.discard = game.discard[:]
    copy.discarded_any = game.discarded_any
    copy.fool = game.fool
    copy.hands = [h[:] for h in game.hands]
    copy.in_game = game.in_game
    copy.known = game.known[:]
    copy.lead = game.lead
    copy.log = game.log[:]
    copy.out = game.out
    copy.over = game.over
    copy.passed = game.passed
    copy.passes_in_row = game.passes_in_row
    copy.players = game.players
    copy.right = game.right
    copy.rng = game.rng
    copy.rules = game.rules
    copy.shown = game.shown
    copy.table = [p[:] for p in game.table]
    copy.taking = game.taking
    copy.talon = game.talon[:]
    copy.trump_slot = game.trump_slot
    copy.trump_suit = game.trump_suit
    copy.twist_states = game.twist_states
    copy.hidden = game.hidden
    if game.twists:  # (the records of a twist that keeps state; crazy's and poker's shuffles)
        rng = random.Random()
        rng.setstate(game.rng.getstate())
        copy.rng = rng
        copy.twist_states = {kind: state.copy() for kind, state in game.twist_states.items()}
    return copy


def faces_for(game: Game, seat: int) -> list[Card]:
    """Every slot's face for a resample for `seat` (`HiddenCardGame._faces_for`): a table
    seat's unopened slots take the deck's faces not opened here, in code order (by public rank
    in albanian: `Twist.order_unseen`, `Twist.place_unseen`); the resample then shuffles
    them within their generation. EngineError when `seat` sees an unopened slot or the known
    faces do not fit the deck."""
    faces = cast("list[Card]", game.faces)  # (None only where `codes` says NO_CARD)
    codes = game._codes
    if NO_CARD not in codes:
        return faces
    bit = 1 << seat
    unopened = [s for s, code in enumerate(codes) if code == NO_CARD]
    rules = game.rules
    count = Counter(c.code for c in deck_spec(rules.deck, rules.jokers, rules.decks))
    count.subtract(code for code in codes if code != NO_CARD)
    pool = sorted(count.elements())
    if (
        len(pool) != len(unopened)
        or any(n < 0 for n in count.values())
        or any(game.known[s] & bit for s in unopened)
    ):
        raise EngineError("the known faces do not fit the deck")
    for twist in game.twists:  # (albanian: each face on a position of its rank)
        twist.order_unseen(game, unopened)
        twist.place_unseen(game, pool, unopened)
    filled = faces[:]
    for slot, code in zip(unopened, pool, strict=True):
        filled[slot] = CARD_OF_CODE[code]
    return filled


def resampled(copy: Game, rng: random.Random) -> None:
    """After the base's `_deal_unseen`: the copy knows every face (its code tables made
    again), its own generator (the reshuffles some variants make later) is drawn from `rng`
    too, a replay's re-dealt faces are dropped, and a trump card that was unknown sets the
    trump."""
    copy._resample_cache = None
    if copy.hidden:  # (a table seat's game: its unopened slots were filled too)
        copy.hidden = False
        game_setup.index_faces(copy)
    else:  # the same faces, permuted: only the moved ones are noted again
        codes = copy._codes[:]  # (the original's, which the clone shares)
        slot_of = copy._slot_of  # (None: some face lies in two slots, and still does)
        if slot_of is not None:
            slot_of = copy._slot_of = slot_of.copy()
        for slot, face in enumerate(copy.faces):
            code = face.code  # type: ignore[union-attr]  # (every face is known here)
            if codes[slot] != code:
                codes[slot] = code
                if slot_of is not None:
                    slot_of[code] = slot
        copy._codes = codes
    if copy.rules.base:  # (every family-2 game draws it: the bots' streams stay as they were)
        copy.rng = random.Random(rng.getrandbits(64))
        for state in copy.twist_states.values():  # (crazy, poker: no replay's faces)
            state.resampled()
    if copy.trump_slot is not None and copy.trump_suit is None:
        trump_card = copy.faces[copy.trump_slot]
        copy.trump_suit = trump_card.suit if trump_card is not None else None
        copy._beaters = beat_table(copy.rules, copy.trump_suit)
