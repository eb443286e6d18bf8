"""Seeded local games against bots, played to their end (or left midway) for game-file tests."""

from __future__ import annotations

import random
from typing import Any

from net.history.capture import game_file_of
from net.history.gamefile import GameFile
from net.table.local import LocalTable

KIND_PRESETS = ("throw-in", "czech", "road", "round", "cross", "pagons", "joker-rummy")
"""One preset of each of the seven game kinds."""


def local_game(
    variant: str,
    players: int = 2,
    seed: int = 1,
    leave_after: int | None = None,
    options: dict[str, Any] | None = None,
    leave_after_redeal: bool = False,
) -> LocalTable:
    """A local table whose player moves at random (seeded) until the game is over, or leaves
    after `leave_after` of the log's moves (with `leave_after_redeal`: that many moves after the
    first re-deal)."""
    names = ["Anna", *(f"Bot {s}" for s in range(1, players))]
    table = LocalTable(names, 0, ["random"], variant, options, bytes([seed]) * 32)
    table.new_game()
    rng = random.Random(seed)
    for _ in range(20_000):
        if table.game_over is not None:
            return table
        core = table.core
        if leave_after_redeal and core.reshuffle_deals:
            leave_after_redeal = False
            leave_after = len(core.entries) + (leave_after or 0)
        if not leave_after_redeal and leave_after is not None and len(core.entries) >= leave_after:
            table.leave()
            leave_after = None
        elif core.my_turn:
            table.submit(rng.choice(list(core.game.legal_actions(table.player_seat))))
        else:
            table.run()
    raise AssertionError(f"{variant}: the local game did not end")


def game_file(table: LocalTable) -> GameFile:
    """The player's game file of a finished local table."""
    over = table.game_over
    assert over is not None
    return game_file_of(table.core, over)
