"""Setting a Durak game up: the blank state, the deal of each constructor of `Game`, the
trump and the first leader, and the index of the faces."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from engine import bout, variants  # (variants: its names are read when called)
from engine.beating import beat_table
from engine.cards import Card
from engine.dealing_order import deal_layout
from engine.errors import EngineError
from engine.first_lead import decide_first_lead, deciding_card
from engine.rules import Rules
from engine.variants import piled, reshuffle
from engine.variants.twist import NO_CARD, lets_any_card

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.game import Game

_NO_RNG: Final = random.Random(0)  # placeholder until a constructor sets the game's own generator


@lru_cache(maxsize=16)
def _clockwise(players: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, every seat in clockwise order starting with itself."""
    return tuple(
        tuple((seat + step) % players for step in range(players)) for seat in range(players)
    )


def trump_colour_of(card: Card | None) -> str | None:
    """The colour a turned-up joker makes trump (None for other cards)."""
    return card.color if card is not None and card.is_joker else None


NO_LEGAL: Final[dict[int, tuple[Action, ...]]] = {}
"""`Game._legal` while no second seat's legal actions are kept: shared by every game and never
written (`Game.legal_tuple` puts a new dictionary in its place first), so that a clone or a
move makes none."""

NO_EMPTY_SEQ: Final[dict[int, int]] = {}
"""`Game._empty_seq` while no seat has emptied its hand: shared and never written
(`bout.note_empty` puts a new dictionary in its place first)."""


_ONE_GENERATION: Final[dict[int, list[int]]] = {}
"""One list of zeros per deck size, shared by every game whose deal is one generation (Durak
never writes `generation` in place)."""


def generations(game: Game, faces: Sequence[Card | None]) -> list[int]:
    """Each slot's generation (`engine.hidden`: faces move only within one when resampled):
    one for the whole deal, or a twist's own (albanian: each public rank; the twists with a
    part in the play include albanian's deck order)."""
    for twist in game.twists:
        own = twist.generations(game.rules, faces)
        if own is not None:
            return own
    size = len(faces)
    zeros = _ONE_GENERATION.get(size)
    if zeros is None:
        zeros = _ONE_GENERATION[size] = [0] * size
    return zeros


def blank(
    cls: type[Game], rules: Rules, players: int, faces: list[Card | None], hidden: bool
) -> Game:
    """A new game of class `cls` before the deal: every field set, nothing dealt, no trump
    (`hidden`: a table seat's game, whose faces arrive through `reveal`)."""
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
    game.hidden = hidden
    game.lead = 0
    game.defender = 1
    game.taking = False
    game.passed = 0
    game.right = 0
    game.passes_in_row = 0
    game.shown = 0
    game.discarded_any = False
    game.in_game = (1 << players) - 1
    game.out = ()
    game.over = False
    game.fool = None
    game.log = []
    game.claims = ()
    game._events = []
    game._empty_seq = NO_EMPTY_SEQ
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
    game.attack_limit = 0
    game._strict = rules.throw_order == "strict"
    game._teams = rules.team_count(players)
    game._self_throw = rules.self_throw
    game._ranks = -1
    game.bout_hand = 0
    game._legal = NO_LEGAL
    game._lseat = None
    game._lcache = ()
    game.everyone = (1 << players) - 1
    game.rng = _NO_RNG
    game.twists = variants.twists_for(rules)
    game._has_twists = bool(game.twists)
    game._tries_any_card = game._has_twists and lets_any_card(game.twists)
    game._play_held = False
    game.twist_states = {}
    for twist in game.twists:
        state = twist.new_state(players)
        if state is not None:
            game.twist_states[type(state)] = state
        shared = twist.shared_state
        if shared is not None and shared not in game.twist_states:
            game.twist_states[shared] = shared()
    game._resample_cache = None
    game.generation = generations(game, faces)
    index_faces(game)
    return game


def index_faces(game: Game) -> None:
    """Note each slot's face code (`_codes`, NO_CARD when unknown here) and each known
    code's slot (`_slot_of`, None when some face lies in two slots)."""
    faces = game.faces
    try:
        codes = [face.code for face in faces]  # type: ignore[union-attr]
    except AttributeError:  # some faces are unknown here (None)
        codes = [NO_CARD if face is None else face.code for face in faces]
    slot_of = dict(zip(codes, range(len(codes)), strict=True))
    unknown = codes.count(NO_CARD)
    if unknown:
        del slot_of[NO_CARD]
    game._codes = codes
    game._slot_of = slot_of if len(slot_of) == len(codes) - unknown else None


def set_aside(game: Game) -> None:
    """Cards a variant puts aside once the cards are dealt (secret: the secret card)."""
    for twist in variants.deal_twists_for(game.rules):
        twist.set_aside(game)


def setup_trump(game: Game, trump: str | None) -> None:
    """Set the trump after the deal, before the first lead: a variant's own way (trumpless,
    japanese, two-trump, invisible: `engine.variants`), else the last card dealt or the
    dealer's named suit when no talon is left (`piled`), else the last talon card turned up.
    `trump`: the suit the dealer named, or a peer's suit of a card it cannot see."""
    twists = variants.deal_twists_for(game.rules)
    for twist in twists:  # (secret: the secret card, unless a layout set it aside first)
        twist.set_aside(game)
    if not (
        any(twist.set_trump(game, trump) for twist in twists)
        or piled.turn_up_whole_deal(game, trump)
        or any(twist.turn_up(game) for twist in twists)
    ):
        set_trump_from_last(game, game.talon[-1])
        for twist in twists:
            twist.trump_card_turned_up(game, trump)
    for twist in twists:
        twist.trump_set(game)
    game._beaters = beat_table(game.rules, game.trump_suit)


def first_leader(game: Game, rng: random.Random | None) -> int:
    """Who leads when the cards decide, in an all-knowing engine: every seat shows its
    deciding card (`engine.first_lead`), as the seats at the table do."""
    rules, players = game.rules, game.players
    own = [
        t for t in (tw.lead_trumps(game) for tw in variants.deal_twists_for(rules)) if t is not None
    ]
    if own:  # (two-trump: each seat's own suit)
        trumps = own[0]
    else:
        trump = game.trump_suit
        if trump is None and game.trump_slot is not None and rules.jokers:
            trump = trump_colour_of(game.faces[game.trump_slot])
        trumps = [trump] * players
    shown = []
    faces = game.faces
    for seat in range(players):
        # the base's hand_cards, spelt out: mypyc's one-C-file-a-module build cannot call a
        # method of the compiled base (engine.hidden) from this module
        hand = [card for card in (faces[slot] for slot in game.hands[seat]) if card is not None]
        card = deciding_card(rules, hand, trumps[seat])
        shown.append([] if card is None else [card])
    decided = decide_first_lead(rules, players, None, shown, trumps, rng)
    assert decided.leader is not None
    return decided.leader


def setup_variant(game: Game) -> None:
    """Variant steps after the deal (engine.variants: lock, hide, set the talon aside)."""
    for twist in game.twists:
        twist.after_deal(game)


def set_trump_from_last(game: Game, slot: int) -> None:
    """Turn the card at `slot` up as the trump card: its suit (a joker: its colour) is trump."""
    game.trump_slot = slot
    game.known[slot] = game.everyone
    card = game.faces[slot]
    if card is None:
        game.trump_suit = None
    elif card.is_joker:
        game.trump_suit = card.color  # a turned-up joker: its whole colour is trump
    else:
        game.trump_suit = card.suit
    game._beaters = beat_table(game.rules, game.trump_suit)


def from_deck(
    cls: type[Game],
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
    for twist in variants.deal_twists_for(rules):
        twist.check_deck(deck)
    dealt, talon = deal_layout(rules, players, dealer)
    faces: list[Card | None] = list(deck)
    game = blank(cls, rules, players, faces, False)
    game.rng = rng or random.Random(0)
    if redeals:  # (a replay's reshuffles; a new game's are shuffled by `rng`)
        reshuffle.replay_redeals(game, redeals)
    game.hands = dealt
    game.talon = talon
    for seat, hand in enumerate(dealt):
        for slot in hand:
            game.known[slot] |= 1 << seat
    setup_trump(game, trump)
    if first is None:
        first = first_leader(game, rng)
    setup_variant(game)
    bout.start_bout(game, first)
    return game


def new_hidden(
    cls: type[Game],
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
    `viewer`: the seat the table plays this game for (the game keeps only that it is
    `hidden`: which faces a seat knows is in `known`).
    """
    rules.check_players(players)
    size = rules.deck_size
    dealt, talon = deal_layout(rules, players, dealer)
    game = blank(cls, rules, players, [None] * size, True)
    game.rng = random.Random(0)
    game.hands = dealt
    game.talon = talon
    for twist in variants.deal_twists_for(rules):  # (two-trump: every seat's trump card)
        twist.table_positions(game, trump_slots)
    setup_trump(game, trump)
    setup_variant(game)
    bout.start_bout(game, first)
    return game


def from_layout(
    cls: type[Game],
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
    for twist in variants.deal_twists_for(rules):  # (albanian's deal by rank; trumpless: no trump)
        twist.check_layout(rules, hands, talon, trump)
    faces: list[Card | None] = [c for h in hands for c in h]
    faces.extend(talon)
    game = blank(cls, rules, players, faces, False)
    game.rng = rng or random.Random(0)
    slot = 0
    game.hands = []
    for seat, hand in enumerate(hands):
        game.hands.append(list(range(slot, slot + len(hand))))
        for s in range(slot, slot + len(hand)):
            game.known[s] = 1 << seat
        slot += len(hand)
    game.talon = list(range(slot, slot + len(talon)))
    set_aside(game)  # (secret: a talon of one card is the secret card alone)
    if game.talon:
        setup_trump(game, trump)
        if trump is not None and trump != game.trump_suit:
            raise EngineError(f"the turned-up {talon[-1]} makes {game.trump_suit} trump")
    else:  # no talon: the layout names the trump (japanese: its fixed suit)
        game.trump_suit = trump
        for twist in variants.deal_twists_for(rules):
            twist.trump_set(game)
        game._beaters = beat_table(rules, game.trump_suit)
    for seat in range(players):
        if not game.hands[seat] and not game.talon:
            bout.mark_out(game, seat)
    if first is None:
        first = first_leader(game, rng)
    setup_variant(game)
    if not bout.finish_if_over(game):
        bout.start_bout(game, first)
    return game
