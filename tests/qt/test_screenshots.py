"""Screenshots for the docs, made offscreen from real engine states: lobby, rules, table and
game over at 1366x768 and 1920x1080 in English and Russian, and family-2 positions.

They go to a scratch folder, so a test run leaves the checkout clean; to re-take the ones in
docs/screenshots/ run `DURAK_SCREENSHOTS=docs/screenshots .venv/bin/pytest tests/qt/test_screenshots.py`.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path
from typing import Any

from PySide6.QtGui import QColor

from durak_qt.dialogs.rules_help import RulesDialog
from durak_qt.i18n import install_language
from durak_qt.lobby.lobby import TableListing
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from tests.qt.driver import (
    deadline_ms,
    my_move_or_game_over,
    pick_action,
    pick_card,
    play_by_clicks,
)

SEED = 2026
SHOTS = Path(os.environ.get("DURAK_SCREENSHOTS") or Path(tempfile.gettempdir()) / "durak-shots")


SIZES = ((1366, 768), (1920, 1080))
"""A common laptop screen and a full-HD one; the window fills each (as maximized)."""
LANGUAGES = ("en", "ru")


def save_image(image: Any, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    assert image.save(str(path))
    assert path.stat().st_size > 10_000
    return path


def save(window: MainWindow, name: str) -> Path:
    return save_image(window.grab(), name)


def shoot_everywhere(qtbot: Any, window: MainWindow, moment: str, dialog: Any = None) -> None:
    """`moment` at every size and in every language: {moment}-{W}x{H}-{language}.png; a dialog
    given is drawn centred over the window, as the player sees it."""
    from PySide6.QtCore import QCoreApplication, QPoint
    from PySide6.QtGui import QPainter

    from durak_qt.table.items import refine_now

    for width, height in SIZES:
        window.resize(width, height)
        for language in LANGUAGES:
            install_language(language)
            for _ in range(4):  # the language change, then the layouts it asks for
                QCoreApplication.processEvents()
            refine_now()  # every picture smooth, as the idle GUI shows it
            shot = window.grab()
            if dialog is not None:
                dialog.resize(min(1100, width * 2 // 3), min(760, height * 5 // 6))
                QCoreApplication.processEvents()
                over = dialog.grab()
                painter = QPainter(shot)
                painter.fillRect(shot.rect(), QColor(0, 0, 0, 120))
                corner = QPoint((width - over.width()) // 2, (height - over.height()) // 2)
                painter.drawPixmap(corner, over)
                painter.end()
            save_image(shot, f"{moment}-{width}x{height}-{language}.png")
    install_language("en")
    QCoreApplication.processEvents()


def test_screenshots(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(*SIZES[0])
    window.show()
    qtbot.waitExposed(window)

    window.lobby.model.add_or_update(
        TableListing("a", "Friday podkidnoy", "throw-in", 2, 4, "Boris", "9f3ac21b77d04e5a", False)
    )
    window.lobby.model.add_or_update(
        TableListing("b", "Kitchen table", "transfer", 3, 3, "Vera", "41d0e9aa0c6b2f18", True)
    )
    window.lobby.model.add_or_update(
        TableListing("c", "Quick one", "crazy", 1, 2, "Gleb", "c07a5e11d2f4398b", False)
    )
    window.lobby.table_view.selectRow(0)
    shoot_everywhere(qtbot, window, "lobby")

    rules = RulesDialog("transfer", window)
    shoot_everywhere(qtbot, window, "rules", rules)
    rules.deleteLater()

    window.game_seed = SEED
    window.play_against_bots("transfer", 4)
    page = window.game_page
    assert page is not None and window.game is not None
    table = page.table
    rng = random.Random(SEED)

    def mid_bout() -> bool:
        obs = table.scene.observation
        beaten = sum(1 for _, beat in obs.table if beat is not None)
        playing = any(a.kind in ("beat", "throw") for a in obs.legal)
        return playing and len(obs.table) >= 2 and beaten >= 1 and obs.talon_count > 1

    shot_taken = False
    for _ in range(600):
        if my_move_or_game_over(qtbot, page, window.game, 10_000):
            break
        if not shot_taken and mid_bout():
            legal = table.scene.observation.legal
            playable = [a for a in legal if a.kind in ("beat", "throw", "attack", "transfer")]
            if playable:
                # Show a chosen card, lifted, with its targets lit, as a player would see it.
                pick_card(table.scene, table.scene.observation.hand.index(playable[0].cards[0]))
            shoot_everywhere(qtbot, window, "table")
            table.scene.selected = []
            shot_taken = True
        play_by_clicks(qtbot, table, pick_action(table.scene.observation.legal, rng))
    assert shot_taken
    assert page.game_over.isVisible()
    shoot_everywhere(qtbot, window, "game-over")


def test_family2_screenshots(qtbot: Any) -> None:
    """Believe (a face-down cover to accept or check) and reverse fool (your cards blind)."""
    from durak_qt.table.view import TableWidget
    from engine.actions import Action
    from engine.game import Game
    from engine.rules import get_rules
    from tests.qt.test_family2_table import actor_of, game_where, has_kind

    def grab(game: Game, seat: int, name: str, choose: int | None = None) -> None:
        table = TableWidget()
        qtbot.addWidget(table)
        table.resize(1000, 620)
        names = ["West", "East"] if game.players == 3 else ["North"]
        order = [(seat + step) % game.players for step in range(1, game.players)]
        seats = dict(zip(order, names, strict=True)) | {seat: "Anna"}
        table.set_players([seats[s] for s in range(game.players)])
        table.show()
        qtbot.waitExposed(table)
        table.set_observation(game.observation(seat))
        if choose is not None:
            pick_card(table.scene, choose)
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / name
        assert table.grab().save(str(path))
        assert path.stat().st_size > 10_000

    believe = game_where("believe", 3, has_kind("beat_hidden"))
    defender = actor_of(believe, "beat_hidden")
    believe.apply(next(a for a in believe.legal_actions(defender) if a.kind == "beat_hidden"))
    grab(believe, believe.to_act[0], "believe-check.png")
    reverse = Game.new(get_rules("reverse"), 3, random.Random(1))
    reverse.apply(Action.parse("1 attack @1"))
    grab(reverse, 2, "reverse-blind.png", choose=0)


def test_dealt_variant_screenshots(qtbot: Any, settings: Settings) -> None:
    """Invisible fool at six (the trump card face down, its suit on the badge under the talon)
    and crazy fool while the discards shuffled back into the talon are re-dealt."""
    from PySide6.QtCore import Qt

    from durak_qt.table.view import TableWidget
    from engine.game import Game
    from engine.rules import get_rules

    def small_save(widget: Any, name: str) -> None:
        image = widget.grab().scaledToWidth(1024, Qt.TransformationMode.SmoothTransformation)
        assert image.save(str(SHOTS / name))
        assert 10_000 < (SHOTS / name).stat().st_size < 400_000

    SHOTS.mkdir(parents=True, exist_ok=True)
    invisible = Game.new(get_rules("invisible", deck=52), 6, random.Random(SEED))
    rng = random.Random(SEED)
    while len(invisible.observation(0).table) < 2 or 0 not in invisible.to_act:
        seat = invisible.to_act[0]
        legal = invisible.legal_actions(seat)
        invisible.apply(next((a for a in legal if a.kind in ("attack", "beat")), rng.choice(legal)))
    table = TableWidget()
    qtbot.addWidget(table)
    table.resize(1280, 800)
    names = ["West", "North-West", "North", "North-East", "East"]
    table.set_players(["Anna", *names], dict.fromkeys(range(1, 6), "this computer"))
    table.show()
    qtbot.waitExposed(table)
    table.set_observation(invisible.observation(0))
    assert table.scene.trump_card_hidden(table.scene.observation)
    small_save(table, "invisible-6-players.png")

    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.game_seed = 2
    window.play_against_bots("crazy", 2)
    page, game = window.game_page, window.game
    assert page is not None and game is not None
    shot: list[str] = []

    def during_redeal(_observation: Any) -> None:
        if game.redealing and not shot:
            small_save(window, "crazy-reshuffle.png")
            shot.append(page.busy.text())

    game.observation_changed.connect(during_redeal)
    rng = random.Random(2)
    for _ in range(200):
        qtbot.waitUntil(
            lambda: (
                page.game_over.isVisible()
                or (
                    page.table.scene.observation is not None
                    and bool(page.table.scene.observation.legal)
                    and not game.bots_busy()
                )
            ),
            timeout=deadline_ms(20_000),
        )
        if shot or page.game_over.isVisible():
            break
        play_by_clicks(qtbot, page.table, pick_action(page.table.scene.observation.legal, rng))
    assert shot and shot[0].startswith("Shuffling the talon again")
    assert any("shuffled again" in line for line in page.side.log_lines())


def test_departed_player_screenshots(qtbot: Any, settings: Settings) -> None:
    """A player who stopped answering: the badge on their seat counting down to net's deadline
    (the end of the resume window) and the line in the log, at both sizes in English and Russian."""
    import time

    from PySide6.QtCore import QCoreApplication

    from net.peer_events import SeatSilent

    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.game_seed = SEED
    window.play_against_bots("throw-in", 4)
    page, game = window.game_page, window.game
    assert page is not None and game is not None
    assert not my_move_or_game_over(qtbot, page, game, deadline_ms(20_000))
    now = time.time()
    game._receive([SeatSilent(2, 0.0, "North", now - 25, now + 95)])  # what net reports
    badge = page.table.scene.absence_badges[2]
    assert badge.isVisible() and badge.countdown in ("1:35 to come back", "1:34 to come back")
    for width, height in SIZES:
        window.resize(width, height)
        for language in LANGUAGES:
            install_language(language)
            for _ in range(4):
                QCoreApplication.processEvents()
            page.table.scene.update_absences()
            assert badge.isVisible()
            save(window, f"absent-{width}x{height}-{language}.png")
    install_language("en")
    QCoreApplication.processEvents()
