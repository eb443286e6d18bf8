"""Watching a table as a spectator: the lobby's Watch button and count, the watching page fed by
a simulated spectator (the real `net.watch_events` events of a bot game), its banner, chat,
games of a match, refusals in words and leaving; the players' side panel naming spectators."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QPushButton

from durak_qt.i18n import install_language
from durak_qt.lobby.discovery import listing_for
from durak_qt.lobby.lobby import COLUMNS, LobbyWidget, TableListing
from durak_qt.main_window import MainWindow
from durak_qt.settings import Settings
from durak_qt.table.side_panel import SidePanel
from durak_qt.watching.page import WatchingPage
from durak_qt.watching.seen import end_words, spectator_view, watchers_of
from engine.hidden import NO_SEAT
from net.discovery import TableAnnouncement
from net.identity import load_identity
from net.watch_events import WatchEnded, WatchersChanged, watch_end
from tests.qt.driver import deadline_ms
from tests.qt.watch_sim import (
    PlayedGame,
    ScriptedWatch,
    WatchRecorder,
    faces_in,
    game_events,
    play,
    started,
)

NAMES = ("Boris", "Vera", "Gleb")
WATCHING = COLUMNS.index("watching")


def running_table(
    key: str = "t1", watchers: int = 2, running: bool = True, password: bool = False
) -> TableListing:
    """A lobby row of a table where a game runs (seats all taken)."""
    return TableListing(
        key,
        "Friday",
        "throw-in",
        3,
        3,
        "Boris",
        "9f3ac21b77d04e5a0011",
        password,
        running=running,
        watchers=watchers,
    )


@pytest.fixture(scope="module")
def durak_game() -> PlayedGame:
    return play("throw-in", 3, seed=5)


@pytest.fixture(scope="module")
def czech_game() -> PlayedGame:
    return play("czech", 3, seed=2, moves=14)


def scene_faces(page: WatchingPage) -> set[Any]:
    """The faces the watched table draws now."""
    return {item.card for item in page.table.scene.cards.values() if item.card is not None}


def settle(qtbot: Any, page: WatchingPage) -> None:
    """Let queued events and the page's coalesced redraw run."""
    qtbot.wait(5)
    page._redraw.stop()
    page._draw_now()


# ----- the lobby ---------------------------------------------------------------------------


def test_watch_button_is_offered_for_running_tables_with_the_count(qtbot: Any) -> None:
    lobby = LobbyWidget()
    qtbot.addWidget(lobby)
    lobby.show()
    lobby.model.add_or_update(running_table("t1", watchers=3))
    lobby.model.add_or_update(running_table("t2", running=False, watchers=0))
    model, display = lobby.model, Qt.ItemDataRole.DisplayRole
    assert model.headerData(WATCHING, Qt.Orientation.Horizontal, display) == "Watching"
    assert model.data(model.index(0, WATCHING), display) == "▶ 3"
    assert model.data(model.index(1, WATCHING), display) == ""
    assert "spectators watching it: 3" in model.data(
        model.index(0, WATCHING), Qt.ItemDataRole.ToolTipRole
    )
    assert not lobby.watch_button.isEnabled()  # nothing chosen
    lobby.table_view.selectRow(1)
    assert not lobby.watch_button.isEnabled()  # no game runs there
    assert "No game is running" in lobby.watch_button.toolTip()
    lobby.table_view.selectRow(0)
    assert lobby.watch_button.isEnabled() and not lobby.join_button.isEnabled()  # seats full
    with qtbot.waitSignal(lobby.watch_requested, timeout=deadline_ms(1000)) as asked:
        qtbot.mouseClick(lobby.watch_button, Qt.MouseButton.LeftButton)
    assert asked.args[0].key == "t1"
    with qtbot.waitSignal(lobby.watch_requested, timeout=deadline_ms(1000)):
        lobby._row_activated()  # a double click on a full running table watches it
    newer = dataclasses.replace(running_table("t3"), protocol_version=999)
    lobby.model.add_or_update(newer)
    lobby.table_view.selectRow(2)
    assert not lobby.watch_button.isEnabled()  # another version cannot be watched either


def test_bad_watcher_counts_are_refused_and_announcements_list_running_and_watchers() -> None:
    with pytest.raises(ValueError):
        running_table(watchers=-1)
    fields = dict(
        service_name="Friday._durak._tcp.local.", name="Friday", variant="throw-in",
        seats_taken=3, seats_total=3, host_fingerprint="9f3a", host_name="Boris",
        password=False, addresses=("127.0.0.1",), port=4000,
        protocol_version=running_table().protocol_version, host_key=b"k" * 32,
    )  # fmt: skip
    idle = listing_for(TableAnnouncement(**fields))  # type: ignore[arg-type]
    assert (idle.running, idle.watchers, idle.watchable) == (False, 0, False)
    busy = listing_for(TableAnnouncement(**fields, running=True, watchers=4))  # type: ignore[arg-type]
    assert (busy.running, busy.watchers, busy.watchable) == (True, 4, True)


# ----- what a spectator is shown -----------------------------------------------------------


def test_spectator_view_is_a_chair_with_backs_and_no_move(durak_game: PlayedGame) -> None:
    public = durak_game.publics[4]
    assert public.seat == NO_SEAT
    seen = spectator_view(public)
    assert seen.seat == 0 and seen.legal == ()
    assert seen.hand == public.hands[0]
    assert faces_in(seen) == faces_in(public)  # nothing added to what every seat saw
    assert spectator_view(public, bottom=7).seat == 0


def test_watching_page_follows_a_game_from_the_middle(qtbot: Any, durak_game: PlayedGame) -> None:
    page = WatchingPage()
    qtbot.addWidget(page)
    page.resize(1200, 700)
    page.show()
    page.show_event(started("Friday", "throw-in", NAMES))
    assert page.banner.isVisible() and page.banner_title.text() == "Watching"
    assert (
        "“Friday”" in page.banner_text.text() and "never a hidden card" in page.banner_text.text()
    )
    joined_at = 6
    events = list(game_events(durak_game, NAMES, joined_at=joined_at))
    for event in events[:-1]:
        page.show_event(event)
        settle(qtbot, page)
        # at every step the table draws only what the public observation holds
        assert scene_faces(page) <= faces_in(page.observation)
        assert page.table.scene.read_only
        assert not any(item.playable for item in page.table.scene.cards.values())
    lines = page.log_lines()
    assert lines[0] == "Game 1 of the match"
    assert lines[1] == f"You joined during the game: {joined_at} moves so far."
    assert len(lines) == 2 + len(durak_game.moves) - joined_at
    assert any(name in line for line in lines[2:] for name in NAMES)
    assert page.observation == durak_game.publics[-1]
    page.show_event(events[-1])  # the game ends: the result, nothing to play
    assert page.game_over.isVisible()
    fool = durak_game.fool
    assert fool is not None
    assert page.game_over.title.text() == f"{NAMES[fool]} is the fool"
    buttons = {b.text() for b in page.game_over.findChildren(QPushButton) if b.isVisible()}
    assert buttons == {"Back to the lobby", "Keep watching"}


def test_a_family3_game_is_watched_on_its_own_table(qtbot: Any, czech_game: PlayedGame) -> None:
    from durak_qt.table.family3_table import Family3Table

    page = WatchingPage()
    qtbot.addWidget(page)
    page.resize(1200, 700)
    page.show()
    page.show_event(started("Tavern", "czech", NAMES))
    for event in game_events(czech_game, NAMES):
        page.show_event(event)
        settle(qtbot, page)
        assert isinstance(page.table, Family3Table)
        assert scene_faces(page) <= faces_in(page.observation)
        backs = [item for item in page.table.scene.cards.values() if item.hand_index is not None]
        assert all(item.card is None for item in backs)  # the bottom chair's hand: backs
    assert len(page.log_lines()) == 1 + len(czech_game.moves)


def test_the_match_goes_on_across_games_and_ends_on_the_page(
    qtbot: Any, durak_game: PlayedGame, czech_game: PlayedGame
) -> None:
    page = WatchingPage()
    qtbot.addWidget(page)
    page.show()
    page.show_event(started("Friday", "throw-in", NAMES))
    for event in game_events(durak_game, NAMES):
        page.show_event(event)
    assert page.game_over.isVisible()
    second = play("throw-in", 3, seed=8, moves=3)
    for event in game_events(second, NAMES, game_no=1):
        page.show_event(event)
    assert not page.game_over.isVisible()  # the next game hides the result
    assert page.log_lines()[0] == "Game 2 of the match" and len(page.log_lines()) == 4
    page.show_event(WatchersChanged(("Olga", "Anna")))
    assert page.side.watchers_label.text() == "Watching: Olga, Anna"
    page.show_event(watch_end("match-over"))
    assert "The match is over." in page.banner_text.text()
    assert not page.side.chat_edit.isEnabled()


# ----- the window ----------------------------------------------------------------------------


def watching_window(qtbot: Any, settings: Settings, recorder: WatchRecorder) -> MainWindow:
    window = MainWindow(settings, bot_delay_ms=0, lan=True)
    qtbot.addWidget(window)
    window.make_watch = recorder
    window.resize(1366, 768)
    window.show()
    return window


def test_watch_chat_and_leave_with_escape(
    qtbot: Any, settings: Settings, durak_game: PlayedGame
) -> None:
    script = [started("Friday", "throw-in", NAMES), *game_events(durak_game, NAMES, joined_at=3)]
    script = script[:-1]  # still running
    recorder = WatchRecorder(script)
    window = watching_window(qtbot, settings, recorder)
    window.lobby.model.add_or_update(running_table())
    window.lobby.table_view.selectRow(0)
    qtbot.mouseClick(window.lobby.watch_button, Qt.MouseButton.LeftButton)
    page = window.watch_page
    assert isinstance(page, WatchingPage) and window.stack.currentWidget() is page
    qtbot.waitUntil(lambda: page.observation == durak_game.publics[-1], timeout=deadline_ms(5000))
    watch = recorder.watches[0]
    assert watch.request.table == "Friday" and watch.request.name == "Anna"
    page.side.chat_edit.setText("nice defence")
    qtbot.keyClick(page.side.chat_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.side.chat.count() == 1, timeout=deadline_ms(3000))
    assert page.side.chat.item(0).text() == "Anna (watching): nice defence"
    assert watch.said == ["nice defence"]
    assert window.leave_cost() == ""  # leaving asks nothing
    session = window.watch
    qtbot.keyClick(page.table.view, Qt.Key.Key_Escape)
    assert window.stack.currentWidget() is window.lobby and window.watch is None
    qtbot.waitUntil(lambda: session.ended is not None, timeout=deadline_ms(3000))
    assert watch.left and session.ended.kind == "left"
    assert window.lobby.notice.isHidden()  # leaving is no failure to report


def test_chat_off_is_said_in_the_chat_box(
    qtbot: Any, settings: Settings, durak_game: PlayedGame
) -> None:
    script = [started("Friday", "throw-in", NAMES), *list(game_events(durak_game, NAMES))[:3]]
    window = watching_window(qtbot, settings, WatchRecorder(script, chat_open=False))
    window.watch_lan_table(running_table())
    page = window.watch_page
    qtbot.waitUntil(lambda: page.table is not None, timeout=deadline_ms(5000))
    page.side.chat_edit.setText("hello")
    qtbot.keyClick(page.side.chat_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not page.side.chat_edit.isEnabled(), timeout=deadline_ms(3000))
    assert page.side.chat_edit.placeholderText() == "The host turned spectators' chat off"
    assert page.side.chat.count() == 0
    window.stop_watching()


def test_chat_off_is_said_from_the_start_when_the_host_says_so(
    qtbot: Any, settings: Settings, durak_game: PlayedGame
) -> None:
    script = [started("Friday", "throw-in", NAMES, chat=False), *game_events(durak_game, NAMES)]
    window = watching_window(qtbot, settings, WatchRecorder(script[:3], chat_open=False))
    window.watch_lan_table(running_table())
    page = window.watch_page
    qtbot.waitUntil(lambda: page.table is not None, timeout=deadline_ms(5000))
    assert not page.side.chat_edit.isEnabled()
    assert page.side.chat_edit.placeholderText() == "The host turned spectators' chat off"
    window.stop_watching()


@pytest.mark.parametrize("kind", ["full", "closed"])
def test_a_refusal_is_said_in_words_in_the_lobby(qtbot: Any, settings: Settings, kind: str) -> None:
    window = watching_window(qtbot, settings, WatchRecorder([watch_end(kind)]))
    window.watch_lan_table(running_table())
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.lobby, timeout=deadline_ms(3000))
    words = window.lobby.notice.text()
    assert words.startswith("You cannot watch “Friday”: ")
    assert words.endswith(end_words(watch_end(kind)))
    assert window.watch is None and window.watch_page is None
    install_language("ru")
    assert end_words(watch_end(kind)) != watch_end(kind).words  # said in Russian too


def test_a_password_is_asked_and_asked_again_when_wrong(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    answers = iter(["wrong", "right", None])

    def answer(_self: Any, table: str, problem: str = "") -> str | None:
        asked.append(problem)
        return next(answers)

    monkeypatch.setattr(MainWindow, "ask_password", answer)
    recorder = WatchRecorder([watch_end("wrong-password")])
    window = watching_window(qtbot, settings, recorder)
    window.watch_lan_table(running_table(password=True))
    qtbot.waitUntil(lambda: len(asked) == 3, timeout=deadline_ms(5000))
    assert [watch.request.password for watch in recorder.watches] == ["wrong", "right"]
    assert asked[0] == "" and "the password is wrong" in asked[1]
    assert window.watch is None  # the third time the player cancelled


def test_no_watch_without_network_play(qtbot: Any, settings: Settings) -> None:
    recorder = WatchRecorder([])
    window = watching_window(qtbot, settings, recorder)
    window.lan = False
    window.watch_lan_table(running_table())
    assert window.watch is None and recorder.watches == []
    assert "network play is switched off" in window.lobby.discovery_problem.text()


def test_a_watch_that_cannot_start_ends_in_words(qtbot: Any, settings: Settings) -> None:
    def broken(_request: Any, _sink: Any) -> Any:
        raise OSError("the identity key cannot be read")

    window = watching_window(qtbot, settings, WatchRecorder([]))
    window.make_watch = broken
    window.watch_lan_table(running_table())
    qtbot.waitUntil(lambda: window.lobby.notice.isVisible(), timeout=deadline_ms(3000))
    assert window.lobby.notice.text() == (
        "You cannot watch “Friday”: the identity key cannot be read"
    )


# ----- the players' side -----------------------------------------------------------------


class LobbySignals(QObject):
    lobby = Signal(object)


def test_players_see_who_watches_in_the_side_panel(qtbot: Any, settings: Settings) -> None:
    window = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(window)
    side = SidePanel()
    qtbot.addWidget(side)
    side.show()
    assert side.watchers_label.isHidden()
    game = SimpleNamespace(signals=LobbySignals())
    window._show_watchers(game, side)
    game.signals.lobby.emit(SimpleNamespace(watchers=("Olga", "Dima")))
    assert side.watchers_label.isVisible()
    assert side.watchers_label.text() == "Watching: Olga, Dima"
    install_language("ru")
    qtbot.wait(1)  # the language change arrives as an event
    assert side.watchers_label.text() == "Смотрят: Olga, Dima"
    game.signals.lobby.emit(SimpleNamespace(watchers=()))
    assert side.watchers_label.isHidden()
    assert watchers_of(SimpleNamespace()) == ()  # a host that does not say: nobody named
    entries = ({"name": "Olga", "key": b"k"}, {"name": "Dima", "key": b"l"})
    assert watchers_of(SimpleNamespace(watchers=entries)) == ("Olga", "Dima")
    named = SimpleNamespace(watchers=entries, watcher_names=("Olga", "Dima"))
    assert watchers_of(named) == ("Olga", "Dima")


def test_the_network_watch_is_nets_watcher_with_the_rows_host_key(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Watch from the lobby makes `net.watcher.Watcher(request, identity, sink, interface=,
    host_key=)` as the player's identity (a stand-in module here: the real one is net's)."""
    import sys
    import types

    made: list[tuple[Any, ...]] = []

    class Watcher(ScriptedWatch):
        def __init__(self, request: Any, identity: Any, sink: Any, **options: Any) -> None:
            super().__init__(request, sink, [watch_end("full")])
            made.append((request, identity, options))

    module = types.ModuleType("net.watcher")
    module.Watcher = Watcher  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "net.watcher", module)
    settings.interface = "lo"
    window = MainWindow(settings, bot_delay_ms=0, lan=True)
    qtbot.addWidget(window)
    row = dataclasses.replace(running_table(), host_key=b"h" * 32)
    window.watch_lan_table(row)
    qtbot.waitUntil(lambda: bool(window.lobby.notice.text()), timeout=deadline_ms(5000))
    assert "already has as many spectators" in window.lobby.notice.text()
    request, identity, options = made[0]
    assert options == {"interface": "lo", "host_key": b"h" * 32}
    assert request.table == "Friday" and request.name == "Anna" and request.password == ""
    assert identity.public_key == load_identity(settings.data_dir / "identity.key").public_key


def test_watch_ended_words_keep_nets_detail() -> None:
    ended = watch_end("vanished", "no answer for 12 s")
    assert end_words(ended) == "the table stopped answering (no answer for 12 s)"
    assert end_words(WatchEnded("something-new", "as said")) == "as said"


# ----- fed by net's simulated spectator ------------------------------------------------------


@pytest.mark.parametrize("variant", ["throw-in", "czech"])
def test_the_page_draws_what_nets_simulated_spectator_received(qtbot: Any, variant: str) -> None:
    """A spectator joining a simulated 3-seat table mid-game (net.table.watched_sim): every
    event it received drawn in order, the table never showing a face its public observation
    lacks, the page ending on the game's last public observation and its result."""
    from net.table.watched_sim import make_watched_table
    from net.watch_events import GameEnded, MoveShown, TableShown

    table = make_watched_table(3, variant=variant, seed=1, bots="heuristic,random")
    table.start()
    table.step_until(40.0)
    spectator = table.add()
    table.step_until(6000.0)
    events = [event for _, event in spectator.events]
    assert spectator.failed is None and any(isinstance(e, MoveShown) for e in events)
    page = WatchingPage()
    qtbot.addWidget(page)
    page.resize(1200, 700)
    page.show()
    page.show_event(started("Friday", variant, NAMES))
    drawn = 0
    for event in events:
        page.show_event(event)
        if isinstance(event, MoveShown | TableShown):
            settle(qtbot, page)
            drawn += 1
            assert page.observation is event.observation
            assert scene_faces(page) <= faces_in(event.observation)
    assert drawn > 0 and page.game_over.isVisible() == isinstance(events[-1], GameEnded)
    shown = [e for e in events if isinstance(e, MoveShown)]
    assert len(page.log_lines()) >= len(shown)


def test_closing_the_window_while_watching_asks_nothing_and_leaves(
    qtbot: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch, durak_game: PlayedGame
) -> None:
    monkeypatch.setattr(MainWindow, "ask_before_closing", True)  # as a player's window does
    recorder = WatchRecorder(
        [started("Friday", "throw-in", NAMES), *list(game_events(durak_game, NAMES))[:4]]
    )
    window = watching_window(qtbot, settings, recorder)
    window.watch_lan_table(running_table())
    page = window.watch_page
    qtbot.waitUntil(lambda: page.table is not None, timeout=deadline_ms(5000))
    session = window.watch
    assert window.close()  # no "leave the game?" question for a spectator
    assert recorder.watches[0].left and session.ended is not None
    assert session._thread.isFinished()


def test_the_watching_page_speaks_the_language_chosen(qtbot: Any, durak_game: PlayedGame) -> None:
    page = WatchingPage()
    qtbot.addWidget(page)
    page.show()
    page.show_event(started("Friday", "throw-in", NAMES))
    for event in list(game_events(durak_game, NAMES, joined_at=2))[:4]:
        page.show_event(event)
    english = page.log_lines()
    install_language("ru")
    qtbot.wait(1)
    assert page.banner_title.text() == "Вы зритель"
    assert page.log_lines()[0] == "Игра 1 матча" and len(page.log_lines()) == len(english)
    assert page.log_lines()[1:] != english[1:]
    assert page.side.leave_button.text() == "Уйти"


def test_the_host_chooses_how_many_may_watch_and_whether_they_chat(
    qtbot: Any, settings: Settings
) -> None:
    """Create table: 8 spectators with chat by default; "Nobody" turns chat off; the choice is the
    host peer's `SpectatorPolicy`."""
    from durak_qt.dialogs.options import CreateTableDialog, TableOptions
    from net.watch_events import DEFAULT_SPECTATOR_CAP, SpectatorPolicy

    dialog = CreateTableDialog("Anna")
    qtbot.addWidget(dialog)
    chosen = dialog.options()
    assert (chosen.spectators, chosen.spectator_chat) == (DEFAULT_SPECTATOR_CAP, True)
    dialog.spectators_spin.setValue(0)
    assert not dialog.spectator_chat_check.isEnabled()
    assert dialog.spectators_spin.text() == "Nobody"
    assert dialog.options().spectators == 0
    with pytest.raises(ValueError, match="spectators"):
        TableOptions("T", "throw-in", 2, 0, "", spectators=-1)

    window = MainWindow(settings, bot_delay_ms=0, lan=True)
    qtbot.addWidget(window)
    opened: list[Any] = []
    window._open_lan_game = lambda peer_settings, *rest: opened.append(peer_settings)  # type: ignore[method-assign]
    window._apply_table_settings = lambda: None  # type: ignore[method-assign]
    window.host_lan_table(
        TableOptions("T", "throw-in", 3, 0, "", spectators=3, spectator_chat=False)
    )
    assert opened[0].spectators == SpectatorPolicy(allowed=True, cap=3, chat=False)
    window.host_lan_table(TableOptions("T", "throw-in", 3, 0, "", spectators=0))
    assert not opened[1].spectators.allowed
