"""A game on this computer runs the real protocol: bots are full peers with their own keys."""

from __future__ import annotations

import random

import pytest

from engine.errors import IllegalAction
from net.table.core import GameOver, StateChanged
from net.table.local import LocalTable


def play_out(table: LocalTable, seed: int) -> GameOver:
    rng = random.Random(seed)
    for _ in range(2000):
        if table.game_over is not None:
            return table.game_over
        obs = table.observation
        if obs is not None and table.core.my_turn:
            table.submit(rng.choice(obs.legal))
        else:
            table.run()
    raise AssertionError("the local game did not end")


def test_a_local_game_is_dealt_fairly_played_and_audited() -> None:
    table = LocalTable(["Anna", "Bot 1", "Bot 2"], 0, ["heuristic", "random"], seed=b"s" * 32)
    events = table.new_game()
    assert any(isinstance(e, StateChanged) for e in events)
    obs = table.observation
    assert obs is not None and None not in obs.hand and len(obs.hand) == 6
    game = table.core.game
    assert game is not None
    # The player's peer holds no face its seat may not see (the bots' hands stay hidden).
    assert all(f is None or game.known[s] & 1 for s, f in enumerate(game.faces))
    assert any(f is None for s in game.hands[1] for f in [game.faces[s]])
    over = play_out(table, 1)
    assert over.reason == "finished" and over.verdict is not None and over.verdict.ok
    assert {core.log_hash for core in table.cores} == {over.log_hash}
    # The bots are peers with keys of their own, distinct from the player's.
    assert len({s.key for s in table.seats}) == 3


def test_the_next_game_is_led_from_beside_the_fool() -> None:
    table = LocalTable(["Anna", "Bot"], 0, ["heuristic"], seed=b"t" * 32)
    table.new_game()
    first = play_out(table, 2)
    table.new_game()
    fool = first.result["fool"]
    if fool is not None:
        assert table.core.first == (fool - 1) % 2


def test_an_illegal_player_move_is_refused() -> None:
    table = LocalTable(["Anna", "Bot"], 0, ["random"], seed=b"u" * 32)
    table.new_game()
    obs = table.observation
    assert obs is not None
    with pytest.raises(IllegalAction):
        table.submit(obs.legal[0]._replace(seat=1))
