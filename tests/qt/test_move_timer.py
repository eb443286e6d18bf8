"""The move timer takes or passes for a player who runs out of time."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from durak_qt.games.durak.move_timer import MoveTimer, timeout_action
from engine.actions import Action
from engine.cards import Card


@dataclass
class View:
    seat: int = 0
    to_act: tuple[int, ...] = (0,)
    legal: tuple[Action, ...] = field(default_factory=tuple)
    over: bool = False


C7, C9 = Card.parse("7C"), Card.parse("9C")


@pytest.mark.parametrize(
    ("legal", "expected"),
    [
        ((Action(0, "beat", (C9,), C7), Action(0, "take")), Action(0, "take")),
        ((Action(0, "throw", (C7,)), Action(0, "pass")), Action(0, "pass")),
        ((Action(0, "attack", (C9,)), Action(0, "attack", (C7,))), Action(0, "attack", (C7,))),
    ],
)
def test_a_time_out_takes_passes_or_leads_the_lowest_card(
    legal: tuple[Action, ...], expected: Action
) -> None:
    assert timeout_action(View(legal=legal)) == expected


def test_the_timer_expires_with_the_time_out_move(qtbot) -> None:  # type: ignore[no-untyped-def]
    timer = MoveTimer(15, tick_ms=5)
    seen: list[int] = []
    timer.remaining_changed.connect(seen.append)
    with qtbot.waitSignal(timer.expired, timeout=2000) as caught:
        timer.observe(View(legal=(Action(0, "beat", (C9,), C7), Action(0, "take"))))
    assert caught.args == [Action(0, "take")]
    assert seen[0] == 15 and seen[-1] == -1 and 0 in seen


def test_no_countdown_when_it_is_not_your_move_or_the_timer_is_off(qtbot) -> None:  # type: ignore[no-untyped-def]
    timer = MoveTimer(15, tick_ms=5)
    timer.observe(View(to_act=(1,), legal=(Action(0, "pass"),)))
    assert timer.remaining == -1
    timer.set_seconds(0)
    timer.observe(View(legal=(Action(0, "take"),)))
    assert timer.remaining == -1
    with pytest.raises(ValueError):
        timer.set_seconds(7)


def test_a_move_made_in_time_stops_the_countdown(qtbot) -> None:  # type: ignore[no-untyped-def]
    timer = MoveTimer(30, tick_ms=5)
    timer.observe(View(legal=(Action(0, "take"),)))
    assert timer.remaining == 30
    timer.observe(View(to_act=(1,)))
    assert timer.remaining == -1
    with qtbot.assertNotEmitted(timer.expired, wait=100):
        pass


def test_the_table_plays_the_time_out_move_and_shows_the_countdown(qtbot) -> None:  # type: ignore[no-untyped-def]
    import random

    from durak_qt.table.view import TableWidget
    from engine.game import Game
    from engine.rules import get_rules

    game = Game.new(get_rules("throw-in"), 2, random.Random(3))
    lead = game.lead
    game.apply(game.legal_actions(lead)[0])  # the other seat must now beat or take
    seat = game.defender
    widget = TableWidget()
    qtbot.addWidget(widget)
    widget.set_players(["A", "B"])
    widget.apply_settings("suit", "back-blue", 1.0, 0, move_timer=15)
    widget.timer._tick.setInterval(5)
    with qtbot.waitSignal(widget.action_chosen, timeout=3000) as caught:
        widget.set_observation(game.observation(seat))
        assert widget.time_left.text()  # the countdown is on the table
    assert caught.args[0].kind == "take"


def test_pause_holds_the_countdown_and_resume_carries_it_on(qapp: object) -> None:
    timer = MoveTimer(10, tick_ms=1000)
    mine = View(legal=(Action(0, "take"),))
    timer.observe(mine)
    timer._on_tick()  # one second passed
    assert timer.remaining == 9
    timer.pause()
    timer.pause()  # a dialog over a dialog
    assert timer.paused and not timer._tick.isActive()
    timer.observe(mine)  # the same decision, seen again behind the dialog: no restart
    assert timer.remaining == 9 and not timer._tick.isActive()
    timer.resume()
    assert timer.paused and not timer._tick.isActive()
    timer.resume()
    assert not timer.paused and timer._tick.isActive() and timer.remaining == 9
    timer.resume()  # one resume too many changes nothing
    assert not timer.paused and timer.remaining == 9


def test_a_new_decision_during_a_pause_waits_for_resume(qapp: object) -> None:
    timer = MoveTimer(10)
    timer.pause()
    timer.observe(View(legal=(Action(0, "pass"),)))
    assert timer.remaining == 10 and not timer._tick.isActive()
    timer.resume()
    assert timer._tick.isActive()
    timer.stop()
