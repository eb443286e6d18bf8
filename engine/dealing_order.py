"""The order of dealing: shuffles, which deck positions each seat is dealt, and the refill
from the talon after a bout (who draws first, one card at a time for variants that need it)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from engine.action_values import (
    DREW_EVENT,
)
from engine.actions import (
    DREW,
    Event,
)
from engine.cards import Card
from engine.rules import Rules

_EVENT: Final = Event

if TYPE_CHECKING:
    from engine.game import Game


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
    """Deck positions of every seat's hand and of the talon (top first) after `dealer` deals
    (each seat gets `hand_size` cards unless a variant deals otherwise: `dealt_hand_size`)."""
    size = rules.deck_size
    hand_size = rules.hand_size
    for twist in variants.deal_twists_for(rules):  # (piled: the whole deck)
        dealt = twist.dealt_hand_size(rules, players)
        if dealt is not None:
            hand_size = dealt
    hands = deal_positions(players, hand_size, size, first_dealt_seat(players, dealer))
    dealt = sum(len(h) for h in hands)
    return hands, list(range(dealt, size))


def draw_all(game: Game, defender: int) -> None:
    """Refill the hands from the talon after a bout: the lead first, clockwise, the defender last
    (first with `defender_draws_first`); family 2 draws one card at a time (`draw_in_turn`)."""
    in_game = game.in_game
    order = []
    for seat in game._clockwise[game.lead]:
        if seat != defender and in_game >> seat & 1:
            order.append(seat)
    if game.rules.defender_draws_first:
        order.insert(0, defender)
    else:
        order.append(defender)
    if game._has_twists:
        draw_in_turn(game, order)
        return
    size = game.rules.hand_size
    talon, known, events, hands = game.talon, game.known, game._events, game.hands
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
        events.append(DREW_EVENT[seat][len(drawn)])
        if not talon:
            break


def draw_in_turn(game: Game, order: list[int]) -> None:
    """Drawing one card at a time, for variants that act as the talon shrinks."""
    rules = game.rules
    size = rules.hand_size
    twists = game.twists
    for seat in order:
        hand = game.hands[seat]
        need = size - len(hand)
        for twist in twists:  # (magadan: locked cards count; empty: only with an empty hand)
            wanted = twist.draw_need(game, seat, size)
            if wanted is not None:
                need = wanted
        seen_by = 1 << seat
        for twist in twists:  # (reverse: everybody but the drawer)
            seen_by = twist.drawn_seen_by(game, seat, seen_by)
        drawn = 0
        while drawn < need and game.talon:
            slot = game.talon.pop(0)
            game.known[slot] |= seen_by
            hand.append(slot)
            drawn += 1
            for twist in game.twists:
                twist.after_card_drawn(game)
        if drawn:
            game._events.append(Event(DREW, seat, (), -1, drawn))
        if not game.talon:
            break


# (last: the variants import this module, through game_setup; an import inside deal_layout cost
# the import machinery once per game, about 0.1 % of a 2-player game's instructions, pure)
from engine import variants  # noqa: E402
