"""A seeded digest of joker-rummy random games: speed-ups must not change any behaviour.

The digests were recorded before the engine's hot paths were optimised, and again when the
stalled-deck end was added (it ends game 40 of the four-player hands at action 580, and the
state text names the table at the last refill); every state, legal listing, event,
observation, clone and resample of the games below goes into them.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from engine.bots.random_bot import RandomBot
from engine.cards import Card
from engine.rummy.game import RummyGame
from engine.rummy.melds import (
    BY_CODE,
    best_laying,
    hand_melds,
    laid_points,
    live_cards,
    meld_value,
    reaches,
)
from engine.rummy.rules import get_rummy_rules

RULES = get_rummy_rules("joker-rummy")
GAMES = 50
RECORDED = {
    2: "21b4bf7f76ae8ce0db7b3f42ea99e19913bd6f511114fdfd2696ad6b36d86187",
    4: "27505cf6359fe47cc5de758450947f2856ca5eb5fe92769900287b0b17831c55",
}


def game_digest(players: int, games: int = GAMES) -> str:
    """SHA-256 over `games` seeded random hands of `players` seats, action by action."""
    digest = hashlib.sha256()
    for number in range(games):
        rng = random.Random(1000 * players + number)
        game = RummyGame.new(RULES, players, rng)
        bots = [RandomBot(number * 10 + seat) for seat in range(players)]
        while not game.over:
            seat = game.turn
            legal = game.legal_tuple(seat)
            digest.update(" ".join(map(str, legal)).encode())
            action = bots[seat].choose(game, seat)  # type: ignore[arg-type]
            events = game.apply(action)  # type: ignore[arg-type]
            digest.update(repr(events).encode())
            digest.update(game.state_hash().encode())
            digest.update(game.observation(game.turn).key().encode())
            if len(game.log) % 37 == 0:
                digest.update(game.clone().state_hash().encode())
                resampled = game.resample(game.turn, random.Random(len(game.log)))
                digest.update(resampled.state_hash().encode())
        digest.update(repr(game.result).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("players", sorted(RECORDED))
def test_random_games_are_unchanged(players: int) -> None:
    assert game_digest(players) == RECORDED[players]


def test_reaches_agrees_with_the_full_search() -> None:
    """`reaches` (bounded, stops early) answers exactly `best_laying(cards) >= need`."""
    rng = random.Random(7)
    deck = list(RULES.deck())
    for _ in range(300):
        cards = tuple(sorted(rng.sample(deck, rng.randrange(3, 16)), key=BY_CODE))
        low_ace = rng.choice((0, 1))
        best = best_laying(cards, low_ace)
        for need in (1, best - 1, best, best + 1, 51):
            assert reaches(cards, need, low_ace) == (best >= need), (cards, need)


@pytest.mark.parametrize("set_aside", [False, True])
def test_table_moves_listed_are_those_the_refusals_let_through(set_aside: bool) -> None:
    """The direct listing of adds and swaps equals filtering every candidate by the refusals."""
    rules = RULES.replace(set_aside_complete=set_aside)
    checked = 0
    for number in range(12):
        game = RummyGame.new(rules, 2 + number % 3, random.Random(number))
        bots = [RandomBot(number + seat) for seat in range(game.players)]
        while not game.over:
            seat = game.turn
            if game.phase == "play" and game.opened[seat]:
                hand = set(game.hand_cards(seat))
                expected = [
                    action
                    for action in game._table_moves(seat, hand)
                    if (game._add_refusal if action.kind == "add" else game._swap_refusal)(action)
                    is None
                    and game._room_refusal(action) is None
                ]
                assert game._legal_table_moves(seat, hand) == expected
                checked += 1
            game.apply(bots[seat].choose(game, seat))  # type: ignore[arg-type]
    assert checked > 100


def test_laid_points_agree_with_meld_value_and_live_cards_hold_every_combination() -> None:
    """The quick points of a valid combination equal `meld_value`; `live_cards` drops no card
    that some combination of the hand holds (with no, one and two jokers)."""
    rng = random.Random(11)
    deck = list(RULES.deck())
    jokers = [c for c in deck if c.is_joker]
    naturals = [c for c in deck if not c.is_joker]
    for round_number in range(300):
        cards = rng.sample(naturals, rng.randrange(3, 16)) + jokers[: round_number % 3]
        live = set(live_cards(cards))
        for kind, meld in hand_melds(cards):
            assert set(meld) <= live, (cards, meld)
            for low_ace in (0, 1):
                assert laid_points(kind, meld, low_ace) == meld_value(kind, meld, low_ace)


def test_remembered_short_hands_give_the_listing_a_fresh_search_gives() -> None:
    """The per-seat memory that a hand fell short of the first laying (searching only through
    the card drawn next) never changes a listing: each equals that of a copy without it."""
    compared = 0
    for number in range(16):
        game = RummyGame.new(RULES, 2 + number % 3, random.Random(500 + number))
        bots = [RandomBot(number + seat) for seat in range(game.players)]
        while not game.over:
            seat = game.turn
            if game.phase == "play" and not game.opened[seat]:
                fresh = game.clone()
                fresh._short = [None] * game.players
                fresh._legal = None
                compared += isinstance(game._short[seat], Card)
                assert game.legal_tuple(seat) == fresh.legal_tuple(seat)
            game.apply(bots[seat].choose(game, seat))  # type: ignore[arg-type]
    assert compared > 100
