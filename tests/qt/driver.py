"""Plays the human seat of a table widget through real mouse clicks (for tests and screenshots)."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from durak_qt.table_view import TableWidget


def click_scene(qtbot: Any, table: TableWidget, point: QPointF) -> None:
    """Click the table view at a scene point."""
    qtbot.mouseClick(
        table.view.viewport(), Qt.MouseButton.LeftButton, pos=table.view.mapFromScene(point)
    )


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
    """Wait until the game is over (True) or the player has a move and the bots rest (False)."""
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
        timeout=timeout_ms,
    )
    return bool(page.game_over.isVisible())


def click_move(
    qtbot: Any, table: TableWidget, game: Any, action: Any, timeout_ms: int = 10_000
) -> None:
    """Play `action` by clicks, check the table chose exactly it, and wait until it is applied."""
    before = game.moves
    with qtbot.waitSignal(table.action_chosen, timeout=2000) as signal:
        play_by_clicks(qtbot, table, action)
    assert signal.args == [action]
    qtbot.waitUntil(lambda: game.moves > before, timeout=timeout_ms)


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
