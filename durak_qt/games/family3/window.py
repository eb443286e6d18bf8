"""The page of a family-3 game in the main window: the table, the log and chat beside it, and
the game-over points over it; and `play_family3`, the window's way into it.

`MainWindow.play_against_bots` asks the preset's registry entry for its pages; a family-3
game's (`durak_qt.games.family3.pages`) hand the preset id to `play_family3`, which starts a
`durak_qt.games.family3.local_game.Family3LocalGame` (keeping each finished game in the
window's history) and shows this page; the window's own table page is left alone. The page
needs of its game only what `Family3Controller` lists, so a LAN table's controller of a
family-3 game can be shown here too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, Qt, SignalInstance
from PySide6.QtWidgets import QHBoxLayout, QSplitter, QWidget

from durak_qt.games.family3.client import Family3Client
from durak_qt.games.family3.game_over import Family3OverPanel
from durak_qt.games.family3.local_game import Family3LocalGame, GamePoints
from durak_qt.keys import LatinKeys
from durak_qt.log_notice import LogNotice, SeatArg
from durak_qt.table.family3_table import Family3Table, new_table
from durak_qt.table.side_panel import SidePanel


class Family3Controller(Protocol):
    """What the page asks of the game it shows (`Family3LocalGame` keeps it)."""

    client: Family3Client
    names: list[str]
    human_seat: int
    players: int
    game_no: int
    destroyed: SignalInstance
    observation_changed: SignalInstance
    events_happened: SignalInstance
    game_finished: SignalInstance
    error: SignalInstance
    game_reset: SignalInstance

    def start(self) -> None:
        """Deal the next game of the match."""

    def submit(self, action: Any) -> bool:
        """Play your action."""

    def observation(self) -> Any:
        """What your seat sees now."""

    def leader(self) -> int | None:
        """The seat that leads the game shown."""

    def winners(self) -> list[int]:
        """The seats that won the finished game (a team game: the winning team's players)."""

    def fool(self) -> int | None:
        """The seat with the most points in the finished game."""

    def unfinished(self) -> bool:
        """The game ended before its end (abandoned, a cheat caught): nobody loses it."""

    def match_points(self) -> list[int]:
        """The match's points per seat."""

    def game_points(self) -> list[GamePoints]:
        """Each seat's points of the last game and of the match."""

    def games_played(self) -> int:
        """Games of the match finished so far."""

    def bot_hosts(self) -> dict[int, str]:
        """Bot seats and the machine running each."""

    def retranslate_names(self) -> None:
        """Name the bots again in the language of the moment."""


class RefusalLine(LogNotice):
    """A log line about a move refused (with a ⚠ before it)."""

    def render(self, seat_name: Callable[[int], str]) -> str:
        """The line in the current language, marked."""
        return "⚠ " + super().render(seat_name)


class Family3Page(QWidget):
    """A family-3 game against bots: table, log and chat, game-over points."""

    def __init__(self, window: Any, game: Family3Controller) -> None:
        super().__init__(window)
        self.window_ = window
        self.game = game
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.table: Family3Table = new_table(game.client, self.splitter)
        self.side = SidePanel(self.splitter)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([1000, 260])
        layout.addWidget(self.splitter)
        self.over = Family3OverPanel(self.table)
        self.over.rule_text = game.client.points_rule
        self.over.retranslate()
        self.over.hide()
        self._latin_keys = LatinKeys(self)
        self.table.view.installEventFilter(self._latin_keys)
        self._entries: list[tuple[list[Any], Any] | LogNotice] = []
        self._leader_told = False  # the log named this game's leader
        self._my_turn = False
        self._last_lines = 0  # log lines of the last entry
        self.table.action_chosen.connect(game.submit)
        self.side.leave_requested.connect(self.leave)
        self.side.settings_requested.connect(self._settings)
        self.side.message_sent.connect(self._chat)
        self.over.next_game.connect(self.next_game)
        self.over.back_to_lobby.connect(window.back_to_lobby)
        game.game_reset.connect(self._game_reset)
        game.observation_changed.connect(self._observation)
        game.events_happened.connect(self._events)
        game.error.connect(self._notice)
        game.game_finished.connect(self.show_game_over)
        game.destroyed.connect(self.deleteLater)  # left: the page goes with its game
        self.apply_settings()
        self.table.set_players(game.names, game.bot_hosts())

    # ----- the game -----------------------------------------------------------------------

    def apply_settings(self) -> None:
        """The window's display settings: hand sorting, card back, card size, animations."""
        s = self.window_.settings
        self.table.apply_settings(s.sort_order, s.card_back, s.card_scale, s.animation_ms)

    def next_game(self) -> None:
        """Deal the next game of the match."""
        self.over.hide()
        self.game.start()
        self.table.view.setFocus()

    def _game_reset(self) -> None:
        self.over.hide()
        self.table.clear_game()
        self.table.scene.set_match_points(self.game.match_points())
        self._entries.clear()
        self._leader_told = False
        self.side.clear_log()

    def _observation(self, observation: Any) -> None:
        self.table.set_observation(observation)
        leader = self.game.leader()
        if not self._leader_told and leader is not None:  # a new game: who leads it, once
            # known (road's first game at a table asks the seats for the lowest trump first)
            self._leader_told = True
            note = LogNotice(
                "Family3",
                QT_TRANSLATE_NOOP("Family3", "Game %1 of the match: %2 leads."),
                (str(self.game.game_no), SeatArg(leader)),
            )
            self._entries.append(note)
            self._last_lines = 1
            self.side.add_log_line(note.render(self._name))
        mine = not observation.over and bool(observation.legal)
        if mine and not self._my_turn:
            self.window_.sounds.play("turn")
        self._my_turn = mine

    def _events(self, events: list[Any]) -> None:
        if not events:
            return
        observation = self.game.observation()
        merge = self.game.client.merge_events
        last = self._entries[-1] if self._entries else None
        merged = merge(last[0], events) if merge and isinstance(last, tuple) else None
        if merged is not None:  # one line for a run (e.g. draws): the last one is written again
            self._entries.pop()
            for _ in range(self._last_lines):
                self.side.log.takeItem(self.side.log.count() - 1)
            events = merged
        self._entries.append((list(events), observation))
        lines = self._render(list(events), observation)
        self._last_lines = len(lines)
        for line in lines:
            self.side.add_log_line(line)
        if any(event.kind in self.game.client.play_events for event in events):
            self.window_.sounds.play("play")

    def _render(self, events: list[Any], observation: Any) -> list[str]:
        return list(self.game.client.describe_events(events, self._name, observation))

    def _name(self, seat: int) -> str:
        names = self.game.names
        return names[seat] if 0 <= seat < len(names) else "?"

    def _notice(self, notice: LogNotice) -> None:
        warning = RefusalLine(notice.context, notice.text, notice.args)
        self._entries.append(warning)
        self._last_lines = 1
        self.side.add_log_line(warning.render(self._name))

    def _rerender_log(self) -> None:
        self.side.clear_log()
        for entry in self._entries:
            if isinstance(entry, LogNotice):
                self.side.add_log_line(entry.render(self._name))
            else:
                for line in self._render(*entry):
                    self.side.add_log_line(line)

    def show_game_over(self) -> None:
        """The game's end: the winner, the fool and the points, over the table."""
        game = self.game
        winners = game.winners()  # a team game: the winning team's players
        fool = game.fool()
        lines = game.game_points()
        points = [line.game for line in lines]
        losers = [seat for seat in range(game.players) if seat not in winners]
        worst = max((points[seat] for seat in losers), default=0)
        most = [game.names[seat] for seat in losers if points[seat] == worst and worst > 0]
        self.table.scene.set_match_points(game.match_points())
        self.over.show_result(
            [game.names[seat] for seat in winners if seat != game.human_seat],
            None if fool is None else game.names[fool],
            game.human_seat in winners,
            fool == game.human_seat,
            lines,
            game.games_played(),
            most,
            game.unfinished(),
        )

    # ----- leaving, settings, chat --------------------------------------------------------

    def running(self) -> bool:
        """A game of the match is being played (not over, not yet dealt)."""
        observation = self.game.observation()
        return observation is not None and not observation.over

    def leave_cost(self) -> str:
        """What leaving costs, in words, for the window's question ("" when nothing runs)."""
        if not self.running():
            return ""
        return self.tr("The game against the bots ends here, unfinished; the match ends with it.")

    def leave(self) -> None:
        """Leave: the window asks first while a game runs, then shows the lobby."""
        self.window_.leave_table()

    def _settings(self) -> None:
        self.window_.open_settings()
        self.apply_settings()

    def _chat(self, text: str) -> None:
        self.side.add_chat_line(self.window_.settings.name or self.tr("You"), text)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.game.retranslate_names()
            self.table.set_players(self.game.names, self.game.bot_hosts())
            self._rerender_log()
            if self.over.isVisible():
                self.show_game_over()  # the seats' names in the new language
        super().changeEvent(event)


def play_family3(
    window: Any, variant: str, players: int = 3, bot: str = "heuristic"
) -> Family3Page:
    """Start a family-3 match against bots in `window` (a MainWindow) and show its page;
    ValueError (nothing done) when `variant` is no family-3 game the client can show."""
    delay = window.bot_delay_ms if window.bot_delay_ms is not None else 650
    game = Family3LocalGame(
        variant,
        players,
        window.settings.name or window.tr("You"),
        bot=bot,
        seed=window.game_seed,
        bot_delay_ms=delay,
        parent=window,
        history=window._history_store(),  # each finished game kept as a game file
    )
    window._retire_game()
    old = window.findChild(Family3Page)
    if old is not None:
        window.stack.removeWidget(old)
        old.deleteLater()
    window.game, window.game_variant, window.table_timer = game, variant, 0
    page = Family3Page(window, game)
    window.stack.addWidget(page)
    window.stack.setCurrentWidget(page)
    game.start()
    page.table.view.setFocus()
    return page
