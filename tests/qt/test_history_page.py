"""The History page over real game files of seeded local games: the list (newest first, the
"verified" mark, search by player and game, the player's records), a damaged file, a tampered
file and a file of a newer version refused in words, a game opened in the viewer; the lobby's
button and `MainWindow.open_game_file`; screenshots at 1366x768 in English and Russian."""

from __future__ import annotations

import dataclasses
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

import net.table.deals
import net.table.game_adapter
from durak_qt.history.page import HistoryPage
from durak_qt.settings import Settings
from net.dealing.context import DealContext
from net.history.capture import game_file_of
from net.history.gamefile import GameFile, encode_game_file, game_file_data, write_game_file
from net.history.store import HistoryStore
from net.identity import Identity, save_identity
from net.table.local import LocalTable

OWN_SEED = bytes(range(32))
"""The player's identity key seed: the same player in every game file here."""


class OneRoundContext(DealContext):
    """Deals with one cut-and-choose round: the same messages as a table's, cheaper proofs."""

    rounds: int = 1


def cheap_proofs(patch: pytest.MonkeyPatch) -> None:
    """Tables deal, and the verifier checks, with one-round proofs (tests only)."""
    patch.setattr(net.table.deals, "DealContext", OneRoundContext)
    patch.setattr(net.table.game_adapter, "DealContext", OneRoundContext)


@pytest.fixture(autouse=True)
def one_round_proofs(monkeypatch: pytest.MonkeyPatch) -> None:
    cheap_proofs(monkeypatch)


def finished_game(
    variant: str,
    names: list[str],
    seed: int,
    created: str,
    moves: int = 0,
    leave_after: int | None = None,
) -> GameFile:
    """The player's game file of a local game he played at random to its end (`seed`: the
    table's, which gives the bots their keys; `moves`: the player's choices), or left after
    `leave_after` moves of the log."""
    table = LocalTable(
        names, 0, ["random"], variant, None, bytes([seed]) * 32, Identity.from_seed(OWN_SEED)
    )
    table.new_game()
    rng = random.Random(moves)
    while table.game_over is None:
        if leave_after is not None and len(table.core.entries) >= leave_after:
            table.leave()
            leave_after = None
        elif table.core.my_turn:
            table.submit(rng.choice(list(table.core.game.legal_actions(0))))
        else:
            table.run()
    return dataclasses.replace(game_file_of(table.core, table.game_over), created=created)


@pytest.fixture(scope="module")
def game_files(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """Three finished games (one a day) and the file of each."""
    folder = tmp_path_factory.mktemp("games")
    games = {
        "oldest": finished_game("throw-in", ["Anna", "Boris"], 1, "2026-12-01T18:00:00+00:00"),
        "middle": finished_game("simple", ["Anna", "Vera"], 2, "2026-12-02T18:00:00+00:00"),
        "newest": finished_game(
            "throw-in", ["Anna", "Boris"], 1, "2026-12-03T18:00:00+00:00", moves=3
        ),
    }
    with pytest.MonkeyPatch.context() as patch:
        cheap_proofs(patch)
        paths = {}
        for name, game in games.items():
            paths[name] = folder / f"{name}.durak"
            write_game_file(game, paths[name])
        yield paths


def kept(settings: Settings, game_files: dict[str, Path], damaged: bool = True) -> HistoryStore:
    """A history holding the three games (and a damaged file), the player's key beside it."""
    save_identity(Identity.from_seed(OWN_SEED), settings.data_dir / "identity.key")
    store = HistoryStore(settings.data_dir)
    store.folder.mkdir(parents=True, exist_ok=True)
    for path in game_files.values():
        shutil.copyfile(path, store.folder / path.name)
    if damaged:
        (store.folder / "broken.durak").write_bytes(b"\x93not a game")
    return store


def open_page(qtbot: Any, settings: Settings) -> HistoryPage:
    page = HistoryPage(settings)
    qtbot.addWidget(page)
    page.resize(1366, 768)
    page.show()
    qtbot.waitExposed(page)
    page.refresh()
    return page


def column(page: HistoryPage, index: int) -> list[str]:
    return [page.table.item(row, index).text() for row in page.visible_rows()]


def test_the_list_newest_first_with_a_damaged_file(
    qtbot: Any, settings: Settings, game_files: dict[str, Path]
) -> None:
    kept(settings, game_files)
    page = open_page(qtbot, settings)
    games = column(page, 1)
    assert len(games) == 4
    assert "Damaged file" in games
    dated = [text for text in column(page, 0) if text]
    assert dated == sorted(dated, reverse=True)  # newest first
    assert column(page, 2)[:3] == ["Anna, Boris", "Anna, Vera", "Anna, Boris"]
    broken = games.index("Damaged file")
    assert "not a game file" in page.table.item(broken, 3).text()
    page.table.selectRow(broken)
    assert not page.replay_button.isEnabled()  # a damaged file is listed, never opened
    from durak_qt import palette

    palette.use("contrast")  # a new theme: the damaged row in its problem colour
    ink = page.table.item(broken, 1).foreground().color()
    assert ink == palette.current().lobby_problem
    assert column(page, 4)[:3] == ["–", "–", "–"]  # not checked yet


def test_search_by_player_and_by_game(
    qtbot: Any, settings: Settings, game_files: dict[str, Path]
) -> None:
    kept(settings, game_files)
    page = open_page(qtbot, settings)
    page.search.setText("vera")
    assert column(page, 2) == ["Anna, Vera"]
    page.search.setText("throw")
    assert column(page, 2) == ["Anna, Boris", "Anna, Boris"]
    page.search.setText("boris throw-in")  # every word: a player and a preset id
    assert len(page.visible_rows()) == 2
    page.search.setText("")
    assert len(page.visible_rows()) == 4


def test_own_record_per_opponent_and_per_game(
    qtbot: Any, settings: Settings, game_files: dict[str, Path]
) -> None:
    kept(settings, game_files)
    page = open_page(qtbot, settings)
    opponents = {
        page.opponents.item(row, 0).text(): [
            int(page.opponents.item(row, c).text()) for c in range(1, 5)
        ]
        for row in range(page.opponents.rowCount())
    }
    assert set(opponents) == {"Boris (bot)", "Vera (bot)"}  # a bot counted by its name
    assert opponents["Boris (bot)"][0] == 2 and opponents["Vera (bot)"][0] == 1
    for played, won, fool, draws in opponents.values():
        assert won + fool + draws == played
    kinds = [page.kinds.item(row, 1).text() for row in range(page.kinds.rowCount())]
    assert sorted(kinds) == ["1", "2"]


def test_a_game_opens_verified_in_the_viewer(
    qtbot: Any, settings: Settings, game_files: dict[str, Path]
) -> None:
    kept(settings, game_files, damaged=False)
    page = open_page(qtbot, settings)
    page.table.selectRow(0)
    qtbot.mouseClick(page.replay_button, Qt.MouseButton.LeftButton)
    viewer = page.viewer
    assert page.pages.currentWidget() is viewer
    assert viewer.verification.text().startswith("Verified: every signature")
    qtbot.waitUntil(lambda: viewer.table.view.hasFocus(), timeout=2000)
    qtbot.keyClick(viewer.table.view, Qt.Key.Key_Right)  # the arrows step at once
    assert viewer.position == 1
    viewer.go_to(0)
    assert viewer.table is not None and viewer.position == 0
    viewer.go_to(viewer.last_position())
    final = viewer.table.scene.observation
    assert final.over
    hands = final.hands
    assert all(card is not None for hand in hands for card in hand)
    qtbot.mouseClick(viewer.back_button, Qt.MouseButton.LeftButton)
    assert page.pages.currentWidget() is page.list_page
    assert column(page, 4)[0] == "✔"  # the check is remembered in the list


def refused(qtbot: Any, settings: Settings, body: bytes) -> str:
    path = settings.data_dir / "elsewhere" / "game.durak"
    path.parent.mkdir(parents=True)
    path.write_bytes(body)
    page = open_page(qtbot, settings)
    page.open_file(path)
    viewer = page.viewer
    assert viewer.table is None  # nothing shown
    assert viewer.verification.objectName() == "failed"
    assert not viewer.step_button.isEnabled()
    text = viewer.verification.text()
    assert text.startswith("Not verified: ")
    return text


def test_a_damaged_file_is_refused_in_words(
    qtbot: Any, settings: Settings, game_files: dict[str, Path]
) -> None:
    body = game_files["newest"].read_bytes()
    assert "truncated" in refused(qtbot, settings, body[: len(body) // 2])


def test_a_tampered_move_is_refused_in_words(
    qtbot: Any, settings: Settings, game_files: dict[str, Path]
) -> None:
    from net.history.gamefile import read_game_file

    game = read_game_file(game_files["newest"])
    log = [dict(entry) for entry in game.log]
    log[3]["a"] = "take" if log[3].get("a") != "take" else "pass"
    words = refused(qtbot, settings, encode_game_file(dataclasses.replace(game, log=log)))
    assert "Verified" not in words.removeprefix("Not verified")


def test_a_newer_version_is_refused_in_words(
    qtbot: Any, settings: Settings, game_files: dict[str, Path]
) -> None:
    import msgpack

    from net.history.gamefile import read_game_file

    data = game_file_data(read_game_file(game_files["newest"]))
    data["version"] = 99
    words = refused(qtbot, settings, msgpack.packb(data, use_bin_type=True))
    assert "version" in words


def test_the_lobby_button_and_a_file_from_the_command_line(
    qtbot: Any, settings: Settings, game_files: dict[str, Path]
) -> None:
    from durak_qt.main_window import MainWindow

    kept(settings, game_files)
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.show()
    qtbot.mouseClick(window.lobby.history_button, Qt.MouseButton.LeftButton)
    page = window.history_page
    assert window.stack.currentWidget() is page
    assert page.table.rowCount() == 4
    qtbot.mouseClick(page.back_button, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is window.lobby
    window.open_game_file(game_files["middle"])
    assert window.stack.currentWidget() is page
    assert page.pages.currentWidget() is page.viewer
    assert page.viewer.title.text().endswith("Anna, Vera")


def test_prunes_to_the_settings_limit(
    qtbot: Any, settings: Settings, game_files: dict[str, Path]
) -> None:
    kept(settings, game_files, damaged=False)
    settings.games_kept = 10
    page = open_page(qtbot, settings)
    assert len(page.entries) == 3
    store = HistoryStore(settings.data_dir)
    store.prune(2)  # what a lower setting does at the next refresh
    page.refresh()
    assert [e.path.name for e in page.entries] == ["newest.durak", "middle.durak"]


def test_a_language_switch_keeps_the_chosen_game_and_says_the_result_anew(
    qtbot: Any, settings: Settings, game_files: dict[str, Path]
) -> None:
    from durak_qt.i18n import install_language

    kept(settings, game_files)
    page = open_page(qtbot, settings)
    page.table.selectRow(1)
    chosen = page.selected_entry()
    assert chosen is not None and page.table.item(1, 3).text() == "Vera is the fool"
    install_language("ru")
    qtbot.waitUntil(lambda: page.title.text() == "История", timeout=2000)
    assert page.selected_entry() == chosen and page.replay_button.isEnabled()
    assert page.table.item(1, 3).text() == "Vera — дурак"


def test_a_game_against_bots_is_kept_and_counts_in_the_record(
    qtbot: Any, settings: Settings
) -> None:
    from durak_qt.main_window import MainWindow
    from tests.qt.test_local_game import play_out

    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    window.show()
    window.game_seed = 4
    window.play_against_bots("throw-in", 2)
    game = window.game
    assert game is not None
    with qtbot.waitSignal(game.game_finished, timeout=60_000):
        play_out(qtbot, game)
    qtbot.waitUntil(lambda: len(HistoryStore(settings.data_dir).entries()) == 1, timeout=10_000)
    window.back_to_lobby()
    window.show_history()
    page = window.history_page
    assert column(page, 2) == [", ".join(game.names)]
    bot_name = game.names[1]
    assert page.opponents.item(0, 0).text() == f"{bot_name} (bot)"
    assert page.opponents.item(0, 1).text() == "1"
    page.table.selectRow(0)
    page.replay_selected()
    assert page.viewer.verification.text().startswith("Verified")


def test_a_game_left_midway_shows_what_was_opened_and_backs_for_the_rest(
    qtbot: Any, settings: Settings
) -> None:
    left = finished_game(
        "throw-in", ["Anna", "Boris"], 5, "2026-12-04T18:00:00+00:00", leave_after=6
    )
    assert left.result.ended == "left"
    path = settings.data_dir / "left.durak"
    write_game_file(left, path)
    page = open_page(qtbot, settings)
    page.open_file(path)
    viewer = page.viewer
    assert viewer.verification.objectName() == "partial"
    assert viewer.verification.text().startswith("Partly verified")
    note = viewer.unaudited.text()  # why, as net's replay says it
    assert note.startswith("Not every hand was opened at the end: ") and "backs" in note
    assert viewer.table is not None and not viewer.no_table.isVisible()
    assert viewer.view_combo.itemText(0) == "Every card opened"
    viewer.go_to(1)  # the first attack: its cards open to everyone, the hands still backs
    shown = viewer.table.scene.observation
    assert shown.table and all(attack is not None for attack, _ in shown.table)
    assert any(card is None for hand in shown.hands for card in hand)
    assert viewer.log.count() == viewer.last_position() + 1
    assert viewer.log.item(1).text().startswith("1. Anna attacks with ")


def test_export_copies_the_chosen_game_file_and_says_when_it_cannot(
    qtbot: Any, settings: Settings, game_files: dict[str, Path], tmp_path: Path
) -> None:
    kept(settings, game_files, damaged=False)
    page = open_page(qtbot, settings)
    page.table.selectRow(0)
    entry = page.selected_entry()
    assert entry is not None and page.export_button.isEnabled()
    target = tmp_path / "for-boris.durak"
    page.export_to(entry.path, target)
    assert target.read_bytes() == entry.path.read_bytes() and page.problem.isHidden()
    page.export_to(entry.path, tmp_path / "no such folder" / "x.durak")
    assert page.problem.isVisible() and "cannot be exported" in page.problem.text()


def test_a_file_given_on_the_command_line() -> None:
    from durak_qt.main import parse_args

    assert parse_args(["game.durak"]).game_file == Path("game.durak")
    assert parse_args([]).game_file is None
