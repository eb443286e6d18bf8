"""Shared helpers of the hostile-peer tests: a table in mid-game, signed frames, core snapshots."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from net.table.core import GameOver, Out, TableCore
from net.table.reliable import Outgoing
from net.table.sim import SimulatedTable, make_table


@cache
def _table_in_play(players: int, seed: int) -> SimulatedTable:
    table = make_table(players, seed=seed, bots="random")
    table.start()
    while table.now < 60:
        table.step_until(table.now + 0.1)
        core = table.cores[0]
        assert core is not None
        if core.game is not None and core.round is not None and len(core.entries) >= 2:
            return table
    raise AssertionError("the game never got going")


def table_in_play(players: int = 3, seed: int = 21) -> SimulatedTable:
    """A simulated table whose game has started and made a couple of moves (built once)."""
    return _table_in_play(players, seed)


def fresh_core(table: SimulatedTable, seat: int = 0) -> TableCore:
    """A private copy of one seat's core (identities and signers shared, state copied)."""
    core = table.cores[seat]
    assert core is not None
    memo: dict[int, Any] = {id(core.identity): core.identity, id(core.signer): core.signer}
    for deal in core.deals:
        memo[id(deal.context)] = deal.context
        memo[id(deal.group)] = deal.group
    return copy.deepcopy(core, memo)


def signed_frame(table: SimulatedTable, sender: int, seq: int, payload: Any) -> dict[str, Any]:
    """A message frame carrying `payload` as seat `sender`'s number `seq`, signed by it."""
    return table.sign_as(sender, {"t": "m", "s": seq, "p": payload})


def state_of(core: TableCore) -> tuple[Any, ...]:
    """What a bad frame must not change: the log, every deal's message log, the votes."""
    current = core.round
    return (
        core.log_hash,
        len(core.entries),
        tuple(deal.logged for deal in core.deals),
        None if current is None else (current.index, current.attempt, dict(current.votes)),
    )


def game_overs(out: list[Out]) -> list[GameOver]:
    """The GameOver events among a core's outputs."""
    return [item for item in out if isinstance(item, GameOver)]


def verdicts_sent(out: list[Out]) -> list[dict[str, Any]]:
    """The verdict messages among a core's outputs."""
    return [
        item.frame["p"]
        for item in out
        if isinstance(item, Outgoing)
        and item.frame.get("t") == "m"
        and item.frame["p"].get("k") == "verdict"
    ]
