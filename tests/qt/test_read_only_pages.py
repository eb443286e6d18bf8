"""The History's replay viewer and the watching page draw a game on the table its registry
entry's pages make (`durak_qt.games.pages.GamePages`: `table`, `show_display`,
`describe_events`), Durak's included: swapping Durak's pages in the registry moves both there."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from durak_qt.games.pages import game_pages, same_game
from durak_qt.history.viewer import ReplayInfo, ReplayViewer
from durak_qt.main_window import TablePages
from durak_qt.table.family3_table import Family3Table
from durak_qt.table.view import TableWidget
from durak_qt.watching.page import WatchingPage
from engine import games
from tests.qt.test_history_viewer import seeded_replay
from tests.qt.watch_sim import PlayedGame, game_events, play, started

NAMES = ("Anna", "Boris", "Vera")


class RecordingTablePages(TablePages):
    """Durak's pages, writing down what a replay or a watch asked of them."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []
        self.tables: list[Any] = []

    def table(self, variant: str, parent: Any = None) -> Any:
        self.calls.append(("table", variant))
        made = super().table(variant, parent)
        self.tables.append(made)
        return made

    def show_display(
        self, table: Any, sort_order: str, card_back: str, card_scale: float, animation_ms: int
    ) -> None:
        self.calls.append(("display", sort_order))
        assert table in self.tables
        super().show_display(table, sort_order, card_back, card_scale, animation_ms)

    def describe_events(self, variant: str, events: Any, name_of: Any, observation: Any) -> Any:
        self.calls.append(("describe", variant))
        return [
            f"[{line}]" for line in super().describe_events(variant, events, name_of, observation)
        ]


RECORDER = RecordingTablePages()


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> RecordingTablePages:
    """Durak's registry entry names `RECORDER` as its pages (the registry restored after)."""
    durak = next(found for found in games.entries() if found.name == games.DURAK)
    ours = dataclasses.replace(durak, pages_path=f"{__name__}:RECORDER")
    monkeypatch.setattr(games, "ENTRIES", games.with_entries(ours))
    RECORDER.calls.clear()
    RECORDER.tables.clear()
    return RECORDER


def test_presets_of_one_game_share_a_table_and_no_game_has_none() -> None:
    assert same_game("throw-in", "Transfer") and same_game("czech", "czech")
    assert not same_game("throw-in", "czech") and not same_game("road", "czech")
    assert not same_game("no-such-game", "no-such-game")
    with pytest.raises(ValueError, match="no-such-game"):
        game_pages("no-such-game")


def test_a_replay_is_drawn_and_told_by_its_entry_s_pages(
    qtbot: Any, recorded: RecordingTablePages
) -> None:
    replay = seeded_replay("throw-in")
    viewer = ReplayViewer()
    qtbot.addWidget(viewer)
    viewer.load(replay, ReplayInfo("throw-in", NAMES, True, "Verified: every move checked"))
    assert recorded.tables == [viewer.table] and isinstance(viewer.table, TableWidget)
    assert viewer.table.scene.read_only and not viewer.table.auto_pass.enabled
    assert ("display", "suit") in recorded.calls
    assert recorded.calls.count(("describe", "throw-in")) >= len(replay.steps)
    logged = [viewer.log.item(row).text() for row in range(1, viewer.log.count())]
    assert any("[" in line for line in logged)  # the pages' words, not the signed text


def test_a_watch_is_drawn_and_told_by_its_entry_s_pages(
    qtbot: Any, recorded: RecordingTablePages
) -> None:
    durak: PlayedGame = play("throw-in", 3, seed=5)
    page = WatchingPage()
    qtbot.addWidget(page)
    page.show_event(started("Friday", "throw-in", NAMES))
    for event in game_events(durak, NAMES):
        page.show_event(event)
    qtbot.wait(5)
    assert recorded.tables == [page.table] and page.table.scene.read_only
    assert recorded.calls.count(("table", "throw-in")) == 1
    assert recorded.calls.index(("table", "throw-in")) < recorded.calls.index(("display", "suit"))
    assert ("describe", "throw-in") in recorded.calls
    assert any(line.startswith("[") for line in page.log_lines())


def test_a_watch_keeps_its_table_for_one_game_and_changes_it_for_another(
    qtbot: Any, recorded: RecordingTablePages
) -> None:
    page = WatchingPage()
    qtbot.addWidget(page)
    page.apply_settings("rank", "back-red", 1.0, 0)
    page._ensure_table("throw-in")
    first = page.table
    page._ensure_table("transfer")
    assert page.table is first and recorded.tables == [first]
    page._ensure_table("czech")
    assert isinstance(page.table, Family3Table) and page.table.scene.sort_order == "rank"
    page._ensure_table("throw-in")
    assert page.table is recorded.tables[-1] and len(recorded.tables) == 2
    assert page.table.scene.card_back == "back-red"
