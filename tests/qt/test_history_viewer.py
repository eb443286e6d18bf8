"""The replay viewer over a seeded game played by bots: stepping, the slider, bout starts,
play and pause, the seat switch, the log's highlight, keys, and a game without a full audit."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from durak_qt.history.frames import EVERY_HAND, open_view
from durak_qt.history.viewer import PLAY_SPEEDS, ReplayInfo, ReplayViewer
from engine.games import kind_of


@dataclass(frozen=True)
class Step:
    """One move, as `net.history.replay.ReplayStep` has it."""

    index: int
    seat: int
    words: str
    bout_start: bool


@dataclass
class SeededReplay:
    """A game played by bots from a seed, every position kept (a stand-in for net's Replay)."""

    states: list[Any] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)

    def state(self, index: int) -> Any:
        return self.states[index]


def seeded_replay(variant: str, players: int = 3, seed: int = 7) -> SeededReplay:
    """Play `variant` with heuristic bots to the end, keeping a copy of every position."""
    kind = kind_of(variant)
    assert kind is not None
    game = kind.new_game(kind.get_rules(variant), players, random.Random(seed))
    bot = "heuristic" if "heuristic" in kind.bots else kind.bots[0]
    bots = [kind.make_bot(bot, seat) for seat in range(players)]
    replay = SeededReplay(states=[game.clone()])
    while not game.over:
        seat = game.to_act[0]
        action = bots[seat].choose(game, seat)
        events = game.apply(action)
        starts = any(event.kind == "bout_started" for event in events)
        replay.steps.append(Step(len(replay.steps), seat, str(action), starts))
        replay.states.append(game.clone())
    return replay


NAMES = ("Anna", "Boris", "Vera")


def open_viewer(qtbot: Any, replay: SeededReplay, variant: str, **info: Any) -> ReplayViewer:
    viewer = ReplayViewer()
    qtbot.addWidget(viewer)
    viewer.resize(1366, 768)
    viewer.show()
    qtbot.waitExposed(viewer)
    details = {"verified": True, "verification": "Verified: every move checked", **info}
    viewer.load(replay, ReplayInfo(variant=variant, names=NAMES, **details))
    return viewer


def shown_hands(viewer: ReplayViewer) -> Any:
    return viewer.table.scene.observation.hands


def test_steps_slider_and_log_follow_each_other(qtbot: Any) -> None:
    replay = seeded_replay("throw-in")
    viewer = open_viewer(qtbot, replay, "throw-in")
    last = len(replay.steps)
    assert viewer.slider.maximum() == last
    assert viewer.log.count() == last + 1  # the deal and every move
    assert viewer.position == 0
    qtbot.mouseClick(viewer.step_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(viewer.step_button, Qt.MouseButton.LeftButton)
    assert viewer.position == 2 and viewer.slider.value() == 2 and viewer.log.currentRow() == 2
    assert viewer.table.scene.observation == open_view(replay.state(2), 0)
    qtbot.mouseClick(viewer.step_back_button, Qt.MouseButton.LeftButton)
    assert viewer.position == 1
    viewer.slider.setValue(last - 3)
    assert viewer.position == last - 3 and viewer.log.currentRow() == last - 3
    viewer.log.setCurrentRow(5)
    assert viewer.position == 5 and viewer.slider.value() == 5
    qtbot.mouseClick(viewer.last_button, Qt.MouseButton.LeftButton)
    assert viewer.position == last
    assert viewer.table.scene.observation.over
    viewer.step(1)
    assert viewer.position == last  # no further than the end
    assert f"Move {last} of {last}" in viewer.position_label.text()


def test_every_hand_face_up_by_default_and_one_seat_view(qtbot: Any) -> None:
    replay = seeded_replay("throw-in")
    viewer = open_viewer(qtbot, replay, "throw-in")
    viewer.go_to(4)
    hands = shown_hands(viewer)
    assert all(card is not None for hand in hands for card in hand)
    assert viewer.table.scene.observation.legal == ()  # read-only: nothing to play
    viewer.set_view(1)  # as Boris saw it
    assert viewer.view == 1
    observation = viewer.table.scene.observation
    assert observation.seat == 1 and observation.legal == ()
    assert all(card is not None for card in observation.hands[1])
    assert all(card is None for card in observation.hands[0])  # others' cards as backs
    backs = [key for key in viewer.table.scene.cards if key[0] == "back"]
    assert backs
    viewer.step(1)  # the switch stays while stepping
    assert viewer.table.scene.observation.seat == 1
    viewer.set_view(EVERY_HAND)
    assert all(card is not None for hand in shown_hands(viewer) for card in hand)


def test_bout_starts_and_keys(qtbot: Any) -> None:
    replay = seeded_replay("throw-in")
    viewer = open_viewer(qtbot, replay, "throw-in")
    starts = [i for i, step in enumerate(replay.steps) if step.bout_start]
    assert len(starts) > 2
    view = viewer.table.view
    QTest.keyClick(view, Qt.Key.Key_PageDown)
    expected = starts[0] if starts[0] > 0 else starts[1]
    assert viewer.position == expected
    QTest.keyClick(view, Qt.Key.Key_Right)
    assert viewer.position == expected + 1
    QTest.keyClick(view, Qt.Key.Key_PageUp)  # back to the start of this bout
    assert viewer.position == expected
    QTest.keyClick(view, Qt.Key.Key_Left)
    assert viewer.position == expected - 1
    QTest.keyClick(view, Qt.Key.Key_End)
    assert viewer.position == len(replay.steps)
    QTest.keyClick(view, Qt.Key.Key_Home)
    assert viewer.position == 0
    qtbot.mouseClick(viewer.bout_button, Qt.MouseButton.LeftButton)
    assert viewer.position == expected


def test_play_and_pause_at_three_speeds(qtbot: Any) -> None:
    replay = seeded_replay("throw-in")
    viewer = open_viewer(qtbot, replay, "throw-in")
    assert [viewer.speed_combo.itemData(i) for i in range(3)] == ["slow", "normal", "fast"]
    assert PLAY_SPEEDS["slow"] > PLAY_SPEEDS["normal"] > PLAY_SPEEDS["fast"]
    viewer.set_speed("fast")
    QTest.keyClick(viewer.table.view, Qt.Key.Key_Space)
    assert viewer.playing and viewer.play_timer.interval() == PLAY_SPEEDS["fast"]
    qtbot.waitUntil(lambda: viewer.position >= 2, timeout=5000)
    qtbot.mouseClick(viewer.play_button, Qt.MouseButton.LeftButton)
    assert not viewer.playing
    paused_at = viewer.position
    qtbot.wait(PLAY_SPEEDS["fast"] * 2)
    assert viewer.position == paused_at
    viewer.set_speed("slow")
    viewer.toggle_play()
    assert viewer.play_timer.interval() == PLAY_SPEEDS["slow"]
    viewer.stop()


@pytest.mark.parametrize("variant", ["czech", "road"])
def test_family3_games_use_their_own_table(qtbot: Any, variant: str) -> None:
    from durak_qt.games.family3.client import client_for

    replay = seeded_replay(variant)
    viewer = open_viewer(qtbot, replay, variant)
    client = client_for(variant)
    assert client is not None
    assert viewer.table.scene.view is client.table_view
    viewer.go_to(len(replay.steps))
    assert viewer.table.scene.observation.over
    assert viewer.log.count() == len(replay.steps) + 1
    assert all(viewer.log.item(i).text() for i in range(viewer.log.count()))


def test_unaudited_game_says_why(qtbot: Any) -> None:
    replay = seeded_replay("throw-in")
    viewer = open_viewer(
        qtbot,
        replay,
        "throw-in",
        complete=False,
        why="Boris left the table",
        verification="Checked: every signature and move; not checked: the hands never opened",
    )
    assert viewer.unaudited.isVisible()
    assert "Boris left the table" in viewer.unaudited.text()


def test_refused_file_shows_no_table(qtbot: Any) -> None:
    viewer = ReplayViewer()
    qtbot.addWidget(viewer)
    viewer.load(seeded_replay("throw-in"), ReplayInfo("throw-in", NAMES, True, "Verified"))
    viewer.show_refusal("the signature of move 12 does not match Boris's key")
    assert viewer.table is None
    assert "move 12" in viewer.verification.text()
    assert viewer.verification.text().startswith("Not verified")
    assert not viewer.step_button.isEnabled()


def test_the_bottom_seat_is_nobody_s_you(qtbot: Any) -> None:
    """The live table names its own seat "(you)" and never waits for it; a replay does not."""
    replay = seeded_replay("throw-in")
    viewer = open_viewer(qtbot, replay, "throw-in")
    scene = viewer.table.scene
    bottom = scene.seats[0]
    assert "(you)" not in bottom.name
    position = next(p for p in range(1, len(replay.steps)) if replay.state(p).to_act == (0,))
    viewer.go_to(position)
    assert scene.status_text()[0] == "Waiting for Anna"


@dataclass
class WordsOnly:
    """A replay whose cards were never opened (net's `Replay` with `playable` False)."""

    steps: list[Step]
    playable: bool = False

    def state(self, index: int) -> Any:
        raise ValueError("no full audit")


def test_a_replay_without_a_table_shows_its_moves(qtbot: Any) -> None:
    steps = [Step(i, i % 2, f"attack {i}", i % 3 == 0) for i in range(7)]
    viewer = open_viewer(qtbot, WordsOnly(steps), "throw-in", complete=False, why="no full audit")
    assert viewer.table is None and viewer.no_table.isVisible()
    assert viewer.log.count() == 8 and viewer.log.item(3).text() == "3. attack 2"
    viewer.step(3)
    assert viewer.position == 3 and viewer.log.currentRow() == 3
    viewer.next_bout()
    assert viewer.position == 6
    assert not viewer.view_combo.isEnabled()


def test_the_verdict_of_a_verified_file_is_said_in_the_language_of_the_moment(
    qtbot: Any,
) -> None:
    from durak_qt.history.viewer import VERIFIED
    from durak_qt.i18n import install_language
    from net.history.verify import VERIFIED as NET_VERIFIED

    assert VERIFIED == NET_VERIFIED
    viewer = open_viewer(qtbot, seeded_replay("throw-in"), "throw-in", verification=VERIFIED)
    assert viewer.verification.text() == VERIFIED
    install_language("ru")
    qtbot.waitUntil(lambda: viewer.verification.text().startswith("Проверено"), timeout=2000)
    assert viewer.back_button.text() == "◀ История"
