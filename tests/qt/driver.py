"""Plays the human seat of a table widget through real mouse clicks (for tests and screenshots)."""

from __future__ import annotations

import hashlib
import os
import random
import statistics
import time
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from durak_qt.table.family3_table import Family3Table, new_table
from durak_qt.table.view import TableWidget

IDLE_PROBE_S = 0.020
"""Seconds `machine_probe` takes on an idle core of the development machine."""
MAX_TIME_FACTOR = 8.0


def machine_probe() -> float:
    """Seconds a fixed piece of Python work (hashing and arithmetic) takes here and now."""
    started = time.perf_counter()
    digest = b"durak"
    for _ in range(30_000):
        digest = hashlib.sha256(digest).digest()
    total = 0
    for number in range(100_000):
        total += number * number
    return time.perf_counter() - started


@lru_cache(maxsize=1)
def time_factor() -> float:
    """How much slower than idle this machine runs now (1 to MAX_TIME_FACTOR); the environment
    variable DURAK_TEST_TIME_FACTOR sets it outright (e.g. on a slow CI runner)."""
    chosen = os.environ.get("DURAK_TEST_TIME_FACTOR")
    if chosen:
        return max(1.0, float(chosen))
    measured = statistics.median(machine_probe() for _ in range(3))
    return min(MAX_TIME_FACTOR, max(1.0, measured / IDLE_PROBE_S))


def deadline_ms(milliseconds: int) -> int:
    """A wait's deadline for an idle machine, scaled to how loaded this one is now."""
    return round(milliseconds * time_factor())


def shown_family3_table(qtbot: Any, client: Any, names: list[str]) -> Family3Table:
    """A family-3 kind's table (`client`: its `Family3Client`) for these seats, shown at
    1366x768."""
    table = new_table(client)
    qtbot.addWidget(table)
    table.resize(1366, 768)
    table.set_players(names)
    table.show()
    qtbot.waitExposed(table)
    return table


def click_scene(qtbot: Any, table: TableWidget, point: QPointF) -> None:
    """Click the table view at a scene point."""
    qtbot.mouseClick(
        table.view.viewport(), Qt.MouseButton.LeftButton, pos=table.view.mapFromScene(point)
    )


def pick_card(scene: Any, hand_index: int) -> None:
    """Click your hand card at this index (what its pile says a click means: choose it, add
    it to the chosen cards or put it back)."""
    scene._card_clicked(next(i for i in scene.hand_items() if i.hand_index == hand_index))


def click_card(qtbot: Any, table: TableWidget, card: Any) -> None:
    """Click a card of your hand (a copy not chosen yet, when two decks give two)."""
    copies = [i for i in table.scene.hand_items() if i.card == card and i.hand_index is not None]
    item = next((i for i in copies if i.hand_index not in table.scene.selected), copies[0])
    click_scene(qtbot, table, item.click_point())


def target_item(table: TableWidget, card: Any) -> Any:
    """The unbeaten attack card on the table showing this face (a beaten copy is no target)."""
    return next(i for i in table.scene.table_items() if i.card == card)


def click_blind(qtbot: Any, table: TableWidget, slot: int) -> None:
    """Reverse fool: click the card back of your hand at deck position `slot`."""
    index = next(i for i, s in table.scene.blind_map.items() if s == slot)
    item = next(i for i in table.scene.hand_items() if i.hand_index == index)
    click_scene(qtbot, table, item.click_point())


def play_by_clicks(qtbot: Any, table: TableWidget, action: Any) -> None:
    """Perform one legal action of the shown observation with the mouse, as a player would."""
    scene = table.scene
    if action.slots and action.kind in ("attack", "throw", "beat", "transfer"):
        click_blind(qtbot, table, action.slots[0])
        if action.kind == "beat":
            target = target_item(table, action.target)
            click_scene(qtbot, table, target.sceneBoundingRect().center())
        elif action.kind == "transfer":
            qtbot.mouseClick(table.buttons["transfer"], Qt.MouseButton.LeftButton)
        else:
            click_scene(qtbot, table, scene.bout_rect().center())
    elif action.kind in ("beat", "beat_hidden"):
        if scene.face_down != (action.kind == "beat_hidden"):  # believe: the "Face down" toggle
            qtbot.mouseClick(table.buttons["face_down"], Qt.MouseButton.LeftButton)
        click_card(qtbot, table, action.cards[0])
        target = target_item(table, action.target)
        click_scene(qtbot, table, target.sceneBoundingRect().center())
    elif action.kind in ("attack", "throw", "transfer"):
        for card in action.cards:
            click_card(qtbot, table, card)
        click_scene(
            qtbot, table, scene.bout_rect().center() + QPointF(0, scene.bout_rect().height() * 0.45)
        )
    elif action.kind == "exchange":
        scene.selected = []
        for card in action.cards:
            click_card(qtbot, table, card)
        qtbot.mouseClick(table.buttons["exchange"], Qt.MouseButton.LeftButton)
    elif action.kind == "show_trump":
        click_card(qtbot, table, action.cards[0])
        qtbot.mouseClick(table.buttons["show_trump"], Qt.MouseButton.LeftButton)
    else:
        qtbot.mouseClick(table.buttons[action.kind], Qt.MouseButton.LeftButton)


def pick_action(legal: tuple[Any, ...], rng: random.Random) -> Any:
    """A sensible choice for a test player: beat or attack when possible, rarely take.

    Family-2 moves come up now and then: a face-down beat, an exchange, a check, a talon lead.
    """
    extras = [a for a in legal if a.kind in ("beat_hidden", "exchange", "attack_talon")]
    if extras and rng.random() < 0.25:
        return rng.choice(extras)
    words = [a for a in legal if a.kind in ("accept", "check")]
    if words:
        return rng.choice(words)
    playing = [a for a in legal if a.kind in ("beat", "attack", "transfer")]
    if playing and rng.random() < 0.9:
        return rng.choice(playing)
    throws = [a for a in legal if a.kind == "throw"]
    if throws and rng.random() < 0.5:
        return rng.choice(throws)
    return rng.choice(list(legal))


def my_move_or_game_over(qtbot: Any, page: Any, game: Any, timeout_ms: int = 10_000) -> bool:
    """Wait until the game is over (True) or the player has a move and the bots rest (False);
    `timeout_ms` is for an idle machine (scaled by `deadline_ms`)."""
    table = page.table
    qtbot.waitUntil(
        lambda: (
            page.game_over.isVisible()
            or (
                table.scene.observation is not None
                and bool(table.scene.observation.legal)
                and not game.bots_busy()
            )
        ),
        timeout=deadline_ms(timeout_ms),
    )
    return bool(page.game_over.isVisible())


def click_move(
    qtbot: Any, table: TableWidget, game: Any, action: Any, timeout_ms: int = 10_000
) -> None:
    """Play `action` by clicks, check the table chose exactly it, and wait until it is applied."""
    before = game.moves
    with qtbot.waitSignal(table.action_chosen, timeout=deadline_ms(2000)) as signal:
        play_by_clicks(qtbot, table, action)
    assert signal.args == [action]
    qtbot.waitUntil(lambda: game.moves > before, timeout=deadline_ms(timeout_ms))


def answer_leave_box(choice: str, seen: list[str] | None = None) -> None:
    """Once the "leave the game?" question is up, note what it says in `seen` and click the
    button named `choice` ("Leave" or "Stay and play")."""

    def check() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, check)
            return
        if seen is not None:
            seen.append(box.informativeText())
        next(b for b in box.buttons() if b.text() == choice).click()

    QTimer.singleShot(0, check)
