"""Shared helpers for engine tests: random play and invariant checks."""

from __future__ import annotations

import random

from engine.actions import Action
from engine.game import NO_CARD, Game
from engine.rules import Rules

MOVE_CAP = 5000


def random_action(game: Game, rng: random.Random) -> Action:
    """A random legal action of a random seat that is to act."""
    to_act = game.to_act
    assert to_act, "a running game must wait for someone"
    seat = rng.choice(to_act)
    legal = game.legal_actions(seat)
    assert legal, f"seat {seat} is to act but has no legal action"
    return rng.choice(legal)


def check_invariants(game: Game) -> None:
    """Cards conserved and in exactly one place; the limits of the bout hold."""
    places = [s for h in game.hands for s in h] + game.talon + game.discard
    places += [s for pair in game.table for s in pair if s != NO_CARD]
    assert sorted(places) == list(range(len(game.faces))), "a card is lost or in two places"
    attacks = len(game.table)
    assert attacks <= game.rules.attack_cap
    if game.table and not game.over and not game.taking:
        assert game.unbeaten() <= len(game.hands[game.defender]), "more to beat than he holds"
        assert game.unbeaten() == sum(1 for _, b in game.table if b == NO_CARD)
    for seat in game.out:
        assert not game.hands[seat], "a seat that is out still holds cards"


def play_out(rules: Rules, players: int, seed: int, check: bool = True) -> Game:
    """Play a random game to the end, checking invariants after every move."""
    rng = random.Random(seed)
    game = Game.new(rules, players, rng)
    for _ in range(MOVE_CAP):
        if game.over:
            return game
        game.apply(random_action(game, rng))
        if check:
            check_invariants(game)
    raise AssertionError(f"no end after {MOVE_CAP} moves")
