"""What a Durak clone shares instead of copying: the empty legal-action and emptied-hand tables
(`game_setup.NO_LEGAL`, `NO_EMPTY_SEQ`, never written), the last action's events (a new list
each action) and the claims and seats out (tuples, replaced whole)."""

from __future__ import annotations

import random

import pytest

from engine import game_setup
from engine.game import Game
from engine.rules import get_rules


@pytest.mark.parametrize("variant", ["throw-in", "transfer", "believe", "boring", "crazy"])
@pytest.mark.parametrize("players", [2, 4])
def test_clones_share_only_what_no_move_writes(variant: str, players: int) -> None:
    """Every seat asks its legal actions (the second asker fills a table of its own), clones
    play on, and neither the shared empty tables nor the original change."""
    rules = get_rules(variant)
    try:
        rules.check_players(players)
    except ValueError:
        pytest.skip(f"{variant} is not for {players} players")
    for seed in range(4):
        rng = random.Random(seed)
        game = Game.new(rules, players, rng)
        while not game.over:
            for seat in range(players):
                game.legal_tuple(seat)
            copy = game.clone()
            before = game.state_hash()
            claims, out, events = game.claims, game.out, game.last_events()
            for _ in range(3):
                if copy.over or not copy.to_act:
                    break
                seat = copy.to_act[0]
                for other in range(players):
                    copy.legal_tuple(other)
                copy.apply(rng.choice(copy.legal_actions(seat)))
            assert game.state_hash() == before
            assert game.claims is claims and game.out is out
            assert game.last_events() == events
            assert not game_setup.NO_LEGAL and not game_setup.NO_EMPTY_SEQ
            game.apply(rng.choice(game.legal_actions(game.to_act[0])))
        assert not game_setup.NO_LEGAL and not game_setup.NO_EMPTY_SEQ


def test_a_second_seat_asking_gets_its_own_table() -> None:
    """Asking a second seat in a fresh state writes a new table, never the shared empty one."""
    game = Game.new(get_rules("throw-in"), 3, random.Random(2))
    assert game._legal is game_setup.NO_LEGAL
    first, second = game.to_act[0], (game.to_act[0] + 1) % 3
    game.legal_tuple(first)
    assert game.legal_tuple(second) == tuple(game.legal_actions(second))
    assert game._legal is not game_setup.NO_LEGAL and second in game._legal
    assert not game_setup.NO_LEGAL
