"""Every move of a batch of a table core's outputs reaches the family-3 page's log with its own
engine events, at a LAN table (`Family3GuiPeer._forward`) and against bots (`Family3Table`)."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from durak_qt.games.family3.lan_game import Family3GuiPeer, Moved
from durak_qt.games.family3.local_table import Family3Table, Step
from engine.games import kind_of
from net.table.core import MoveApplied, StateChanged


def two_moves(variant: str = "pagons") -> tuple[Any, list[Any], list[tuple[Any, ...]]]:
    """A game after two moves, the outputs of both in one batch, and each move's events."""
    kind = kind_of(variant)
    assert kind is not None
    game = kind.new_game(kind.get_rules(variant), 4, random.Random(5))
    outs: list[Any] = []
    applied: list[tuple[Any, ...]] = []
    for _ in range(2):
        action = game.legal_actions(game.to_act[0])[0]
        events = tuple(game.apply(action))
        assert events
        applied.append(events)
        outs.append(MoveApplied(len(game.log) - 1, action, "hash", events))
    outs.append(StateChanged(game.observation(0)))
    return game, outs, applied


def test_a_lan_batch_of_two_moves_logs_both_with_their_own_events() -> None:
    game, outs, applied = two_moves()
    emitted: list[Any] = []
    peer = Family3GuiPeer.__new__(Family3GuiPeer)
    peer.signals = SimpleNamespace(items=SimpleNamespace(emit=lambda *a: emitted.append(a)))
    core = SimpleNamespace(game=game, observation=None, my_turn=False)
    peer._forward(SimpleNamespace(core=core, game_no=0), outs)  # type: ignore[arg-type]
    [(_, items)] = emitted
    moved = [item for item in items if isinstance(item, Moved)]
    assert [item.events for item in moved] == applied
    assert [item.index for item in moved] == [len(game.log) - 2, len(game.log) - 1]


def test_a_local_batch_of_two_moves_logs_both_with_their_own_events() -> None:
    game, outs, applied = two_moves()
    table = Family3Table.__new__(Family3Table)
    table.game_no, table.player_seat = 0, 0
    core = SimpleNamespace(
        game=game,
        observation=game.observation(0),
        my_turn=False,
        entries=[b"a", b"b"],
        config=SimpleNamespace(first=None),
    )
    table.cores = [core]  # type: ignore[list-item]
    [step] = table._player_items(outs)
    assert isinstance(step, Step)
    assert list(step.events) == applied
    assert step.mover == outs[1].action.seat


def test_the_local_game_writes_one_log_entry_a_move_of_a_step(qtbot: Any) -> None:
    from durak_qt.games.family3.local_game import Family3LocalGame

    game, outs, applied = two_moves()
    local = Family3LocalGame("pagons", 4, seed=1, bot_delay_ms=0)
    logged: list[Any] = []
    local.events_happened.connect(logged.append)
    step = Step(0, game.observation(0), tuple(applied), outs[1].action.seat, 2, None)
    local._show(step)
    assert [tuple(events) for events in logged] == applied
