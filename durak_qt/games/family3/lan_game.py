"""A family-3 game at a LAN table, on the family-3 page: `Family3LanGame` is the page's
`Family3Controller` over a peer, as `durak_qt.lobby.lan_game.LanGame` is the Durak table's.

`Family3GuiPeer` is the client's `GuiPeer` (the player's seat moves from the GUI) that reports
what the family-3 page draws: your seat's observation, the engine events of each move, and at
the end the result file's summary of the game (its points and the match's, `net.game_run`).
`open_family3_lan` is the window's way in, through the pages a family-3 game's registry entry
names (`durak_qt.games.family3.pages`).
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import logging
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Signal

from durak_qt.async_thread import AsyncioThread
from durak_qt.games.family3.client import Family3Client, client_for
from durak_qt.games.family3.local_game import GamePoints
from durak_qt.games.family3.window import Family3Page
from durak_qt.lobby.lan_game import (
    JOIN_DEADLINE_S,
    NEXT_GAME_DEADLINE_S,
    NOT_YOUR_TURN,
    NOT_YOUR_TURN_WORDS,
    GuiPeer,
    PeerSignals,
    explain_failure,
    opening_status,
    report_stop,
    run_with_bot_peers,
    seat_names,
    table_gone_words,
    wait_for_peer,
    waiting_words,
)
from durak_qt.lobby.table_deadline import TableDeadline
from durak_qt.log_notice import LogNotice
from durak_qt.table.turn_deadline import TurnDeadline
from durak_qt.table.verdict import stalled_words, unconfirmed_words
from net.game_run import GameRun
from net.identity import load_or_create_identity
from net.peer import PeerSettings
from net.table.config import TableConfig
from net.table.core import GameOver, MoveApplied, Out, PeerBack, PeerSilent, StateChanged

logger = logging.getLogger("durak_qt.games.family3.lan_game")


@dataclass(frozen=True)
class Seen:
    """Your seat's view changed (a deal, a card opened, a move)."""

    observation: Any


@dataclass(frozen=True)
class Moved:
    """A move entered the table's log: the engine's events of it, for the log in words."""

    index: int
    events: tuple[Any, ...]


@dataclass(frozen=True)
class Ended:
    """The game ended here: its summary in the result file (points, match points, audit)."""

    summary: dict[str, Any]


class Family3GuiPeer(GuiPeer):
    """The player's peer at a family-3 table: observations, events and the end for the page."""

    def _forward(self, run: GameRun, outs: list[Out]) -> None:
        """Your observation after each change and the engine events of each applied move (every
        move of a batch with its own, `MoveApplied.events`)."""
        core = run.core
        mine: list[Any] = []
        for item in outs:
            if isinstance(item, MoveApplied):
                mine.append(Moved(item.index, item.events))
            elif isinstance(item, PeerSilent | PeerBack):
                mine.append(item)
        if any(isinstance(item, StateChanged | MoveApplied) for item in outs):
            observation = core.observation
            if observation is not None:
                mine.append(Seen(_playable(observation, core.my_turn)))
        if mine:
            self.signals.items.emit(run.game_no, mine)

    def _game_over(self, run: GameRun, over: GameOver) -> None:
        """The summary (with the points) is made by the peer; the page is handed a copy."""
        super()._game_over(run, over)
        if run.summary is not None:
            self.signals.items.emit(run.game_no, [Ended(dict(run.summary))])


class Family3LanGame(QObject, TableDeadline):
    """A family-3 match at a LAN table seen from your seat: a `Family3GuiPeer` on its own
    asyncio thread; the family-3 page's controller (`Family3Controller`)."""

    observation_changed = Signal(object)
    events_happened = Signal(object)
    game_finished = Signal()
    error = Signal(object)
    status_changed = Signal(str)
    game_reset = Signal()
    seat_silent = Signal(int, float, float)
    seat_back = Signal(int)
    players_changed = Signal()
    chat_received = Signal(str, str)
    invitation_ready = Signal(str)
    table_closed = Signal(str, str)
    """(kind from `lan_game.CLOSED_KINDS`, words for the player): the table ended for you."""

    def __init__(
        self,
        settings: PeerSettings,
        variant: str,
        bots: int = 0,
        bot: str = "heuristic",
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        client = client_for(variant)
        if client is None:
            raise ValueError(f"{variant!r} is no family-3 game the client can show")
        self.client: Family3Client = client
        self.variant = variant
        self.settings = settings
        self.bots, self.bot = bots, bot
        self.hosting = settings.host_table is not None
        self.table_name = settings.table_name
        self.names: list[str] = [settings.name]
        self.players = 1
        self.human_seat = 0
        self.game_no = 0  # the match's games counted from 1, as the local game counts them
        self.config: TableConfig | None = None
        self.bot_keys: set[bytes] = set()
        self.join_deadline_s = JOIN_DEADLINE_S
        self.next_game_deadline_s = NEXT_GAME_DEADLINE_S
        self._init_deadline()
        self._shown: Any = None
        self._summary: dict[str, Any] | None = None
        self._summaries: list[dict[str, Any]] = []
        self._leader: int | None = None
        self._player_left = False
        self._opened = False
        self.running = False
        self.signals = PeerSignals()
        self.signals.game_started.connect(self._game_started)
        self.signals.items.connect(self._items)
        self.signals.chat.connect(self.chat_received)
        self.signals.refused.connect(self._refused)
        self.signals.failed.connect(self._failed)
        self.signals.stopped.connect(self._stopped)
        self.signals.invitation.connect(self.invitation_ready)
        self.signals.lobby.connect(self._lobby)
        self._thread = AsyncioThread("lan-peer", self)
        self._peer: Family3GuiPeer | None = None
        self._future: concurrent.futures.Future[Any] | None = None
        self._table_game_no = -1  # the table's number of the game shown
        self._invited = False
        self.turn_deadline = TurnDeadline(settings.resume_window, self)
        """The table waits the resume window for your move (no move timer here): one log line
        warns in its last 30 s."""
        self.turn_deadline.warning_changed.connect(self._deadline_warning)
        self._warned = False

    # ----- opening and closing ------------------------------------------------------------

    def open(self) -> None:
        """Start the peer (host, join or resume) on its thread; returns at once."""
        if self._opened:
            return
        self._opened = True
        self._thread.start_loop()
        self.running = True
        self.status_changed.emit(opening_status(self.settings))
        self._future = self._thread.submit(self._main())
        if not self.hosting and not self.settings.resume:
            self._start_deadline("vanished", self.join_deadline_s)
        report_stop(self._future, self.signals)

    async def _main(self) -> dict[str, Any]:
        identity = load_or_create_identity(self.settings.data_dir / "identity.key")
        peer = Family3GuiPeer(self.settings, identity, self.signals)
        self._peer = peer
        result: dict[str, Any] = await run_with_bot_peers(peer, self.bots, self.bot, self.bot_keys)
        return result

    def adopt(self, handed: Any, state: Any) -> None:
        """Carry on a join by address (`LanGame.hand_over`: the peer, its thread and future)
        that learned from the host's lobby `state` that the table deals this game: the peer
        reports to this page from now on and takes a seat."""
        thread, peer, future = handed
        self._thread.deleteLater()
        thread.setParent(self)
        self._thread, self._peer, self._future = thread, peer, future
        self._opened = self.running = True
        report_stop(future, self.signals)
        thread.call(peer.page_chosen, self.signals, Family3GuiPeer)
        self._lobby(state)

    def stop(self) -> None:
        """Leave the table: forfeit a running game (you lose with your hand's points), then
        stop the peer and the bots run here."""
        if self.running and self._peer is not None:
            self._player_left = True
            self._thread.call(self._peer.leave_table)
        self._deadline.stop()
        self.turn_deadline.stop()

    def wait_for_worker(self, msecs: int = 10_000) -> bool:
        """Block until the peer has stopped and its thread has ended (closing down, tests)."""
        return wait_for_peer(self._future, self._thread, msecs)

    # ----- the page's controller ----------------------------------------------------------

    def start(self) -> None:
        """The first call opens the table; later ones say ready for the next game."""
        if not self._opened:
            self.open()
            return
        if self._peer is None or not self.running:
            self._notice(QT_TRANSLATE_NOOP("Family3", "The table is closed."))
            return
        self._start_deadline("host_gone", self.next_game_deadline_s)
        self._thread.call(self._peer.want_next)

    def submit(self, action: Any) -> bool:
        """Send your action to the table if your view lists it; otherwise say why."""
        shown = self._shown
        if shown is None or shown.over or self._summary is not None:
            self._notice(QT_TRANSLATE_NOOP("Family3", "The game is not running."))
            return False
        if action not in shown.legal:
            self._notice(QT_TRANSLATE_NOOP("Family3", "That move is not allowed now: %1"), action)
            return False
        if self._peer is None or not self.running:
            self._notice(QT_TRANSLATE_NOOP("Family3", "The table is closed."))
            return False
        self._thread.call(self._peer.play, self._table_game_no, action)
        self.turn_deadline.hold()
        return True

    def say(self, text: str) -> None:
        """Send a chat line to everyone at the table."""
        if self._peer is not None and self.running:
            self._thread.call(self._peer.say, text)

    def observation(self) -> Any:
        """What your seat sees now (None before the deal)."""
        return self._shown

    def is_over(self) -> bool:
        """The game shown has ended here."""
        return self._summary is not None

    def leader(self) -> int | None:
        """The seat that leads the game shown (None before the deal)."""
        return self._leader

    def winners(self) -> list[int]:
        """The seat that went out in the finished game (empty when nobody did)."""
        winner = None if self._summary is None else self._summary.get("winner")
        return [winner] if isinstance(winner, int) else []

    def fool(self) -> int | None:
        """The seat with the most points in the finished game (None: shared, or running)."""
        fool = None if self._summary is None else self._summary.get("fool")
        return fool if isinstance(fool, int) else None

    def unfinished(self) -> bool:
        """The game ended before its end (the result file's reason is not "finished")."""
        return self._summary is not None and self._summary.get("reason") != "finished"

    def match_points(self) -> list[int]:
        """The match's points per seat, as the peer's result file sums them."""
        for summary in reversed(self._summaries):
            points = summary.get("match_points")
            if isinstance(points, list) and len(points) == self.players:
                return [int(p) for p in points]
        return [0] * self.players

    def game_points(self) -> list[GamePoints]:
        """Each seat's points of the last finished game (0 when it was not counted) and of the
        match."""
        points = None if self._summary is None else self._summary.get("points")
        if not isinstance(points, list) or len(points) != self.players:
            points = [0] * self.players
        match = self.match_points()
        return [GamePoints(self.names[s], int(points[s]), match[s]) for s in range(self.players)]

    def games_played(self) -> int:
        """Games of the match finished here."""
        return len(self._summaries)

    def bot_hosts(self) -> dict[int, str]:
        """Bot seats and the machine that runs each (it can see that bot's cards)."""
        if self.config is None:
            return {}
        here = QCoreApplication.translate("LanGame", "this computer")
        away = QCoreApplication.translate("LanGame", "its own peer")
        return {
            seat: here if info.key in self.bot_keys else away
            for seat, info in enumerate(self.config.seats)
            if info.bot
        }

    def retranslate_names(self) -> None:
        """Name the bots again in the language just chosen."""
        if self.config is not None:
            self.names = self._display_names(self.config)

    # ----- from the peer ------------------------------------------------------------------

    def _game_started(self, config: TableConfig, resumed: bool = False) -> None:
        peer = self._peer
        keys = [seat.key for seat in config.seats]
        if peer is None or peer.key not in keys:
            return
        self._deadline.stop()
        self.config, self._table_game_no = config, config.game_no
        self.game_no = config.game_no + 1
        self.names, self.players = self._display_names(config), len(keys)
        self.human_seat = keys.index(peer.key)
        self._shown, self._summary, self._leader = None, None, config.first
        self.turn_deadline.stop()
        self.players_changed.emit()
        self.game_reset.emit()
        status = (
            QT_TRANSLATE_NOOP("Family3", "Resuming your game: replaying the journal…")
            if resumed
            else QT_TRANSLATE_NOOP("Family3", "Shuffling… every peer checks every proof")
        )
        self.status_changed.emit(QCoreApplication.translate("Family3", str(status)))

    def _items(self, game_no: int, items: list[Any]) -> None:
        if game_no != self._table_game_no:
            return
        for item in items:
            if isinstance(item, Moved):
                if item.events:
                    self.events_happened.emit(list(item.events))
            elif isinstance(item, Seen):
                self._see(item.observation)
            elif isinstance(item, Ended):
                self._end(item.summary)
            elif isinstance(item, PeerSilent):
                self.seat_silent.emit(item.seat, float(item.since), float(item.since))
            elif isinstance(item, PeerBack):
                self.seat_back.emit(item.seat)

    def _see(self, observation: Any) -> None:
        if self._leader is None and getattr(observation, "asking", None) is None:
            self._leader = _turn_of(observation)  # (not while road asks for the lowest trump)
        if self._shown is None:
            self.status_changed.emit("")
        self._shown = observation
        self.observation_changed.emit(observation)
        if self._summary is None:
            self.turn_deadline.observe(observation, 0)

    def _deadline_warning(self, words: str) -> None:
        """The first warning of a wait for your move goes into the log (one line, not a count)."""
        left = self.turn_deadline.remaining()
        if not words or left is None:
            self._warned = False
            return
        if self._warned:
            return
        self._warned = True
        text = QT_TRANSLATE_NOOP(
            "TurnDeadline", "Play within %1 s, or you lose this game by forfeit."
        )
        self.error.emit(LogNotice("TurnDeadline", text, (str(max(int(left + 0.999), 0)),)))

    def _end(self, summary: dict[str, Any]) -> None:
        if self._summary is not None:
            return
        self._summary = summary
        self._summaries.append(summary)
        self.turn_deadline.stop()
        if (
            summary.get("reason") != "finished"
            or not summary.get("clean")
            or summary.get("unconfirmed")
        ):
            words = _end_words(summary, self.names, self.settings.resume_window, self.human_seat)
            self._notice(QT_TRANSLATE_NOOP("Family3", "The game ended: %1"), words)
        shown = self._shown
        if summary.get("reason") != "finished" and shown is not None and not shown.over:
            # the game stopped in the middle: nobody is to move in the position left behind
            self._shown = dataclasses.replace(shown, legal=(), to_act=())
            self.observation_changed.emit(self._shown)
        self.game_finished.emit()

    def _lobby(self, state: Any) -> None:
        if self._deadline_kind == "vanished":
            self._deadline.stop()
            self._deadline_kind = ""
        if self.hosting and self._peer is not None and not self._invited:
            self._invited = True
            self._thread.call(self._peer.announce_invitation)
        if state.playing or self.config is not None:
            return  # between games the game-over points are up; "next game" says ready
        self.status_changed.emit(waiting_words(state))

    def _display_names(self, config: TableConfig) -> list[str]:
        return seat_names(config)

    def _refused(self, reason: str) -> None:
        if self._summary is None:
            self.turn_deadline.observe(self._shown, 0)  # the move did not go: the wait goes on
        if reason == NOT_YOUR_TURN:
            self.error.emit(LogNotice("LanGame", NOT_YOUR_TURN_WORDS))
            return
        self._notice(QT_TRANSLATE_NOOP("LanGame", "The table refused: %1"), reason)

    def _failed(self, problem: object) -> None:
        logger.info("table %r failed: %s", self.table_name, problem)
        self._close(*self._explain(problem))

    def _stopped(self, problem: object) -> None:
        self.running = False
        self._thread.stop()
        self.status_changed.emit("")
        if self._player_left or self._closed:
            return
        if problem is not None:
            self._close(*self._explain(problem))
        elif self._deadline.isActive() and self._deadline_kind == "host_gone":
            self._close("host_gone", table_gone_words(self.table_name))

    def _explain(self, problem: object) -> tuple[str, str]:
        kind, words = explain_failure(problem, self.table_name)
        if kind == "vanished" and self.config is not None:
            return "host_gone", table_gone_words(self.table_name)
        return kind, words

    def _notice(self, text: object, *args: Any) -> None:
        self.error.emit(LogNotice("Family3", text, tuple(str(arg) for arg in args)))


def _playable(observation: Any, my_turn: bool) -> Any:
    """Your observation with its legal actions only while the table can take your move
    (`TableCore.my_turn`: the game waits for you and every card of your hand has been opened to
    you; a card drawn but not opened yet would make the hidden game's list wrong)."""
    if my_turn or not getattr(observation, "legal", ()):
        return observation
    if dataclasses.is_dataclass(observation) and not isinstance(observation, type):
        return dataclasses.replace(observation, legal=())
    return observation


def _turn_of(observation: Any) -> int | None:
    """The seat to act in the first observation of a game: the leader."""
    to_act = getattr(observation, "to_act", ())
    return int(to_act[0]) if to_act else None


def _seat_name(names: list[str], seat: Any) -> str:
    """A seat's name in a result file's list (what is no seat of `names` as it is written)."""
    return names[seat] if type(seat) is int and 0 <= seat < len(names) else str(seat)


def _end_words(summary: dict[str, Any], names: list[str], window_s: float, me: int) -> str:
    """Why a game ended otherwise than cleanly, from the result file's summary (seats that never
    moved within the deadline the summary gives, else the resume window `window_s`, by their
    `names`; the reader's own seat `me` alone as "you")."""
    stalled, unconfirmed = summary.get("stalled"), summary.get("unconfirmed")
    if summary.get("reason") == "abandoned" and isinstance(stalled, list) and stalled:
        waited = summary.get("waited")
        seconds = float(waited) if isinstance(waited, (int, float)) and waited > 0 else window_s
        return stalled_words(stalled, lambda seat: _seat_name(names, seat), seconds, me)
    if summary.get("reason") == "finished" and isinstance(unconfirmed, list) and unconfirmed:
        return unconfirmed_words(unconfirmed, lambda seat: _seat_name(names, seat))
    reason = str(summary.get("reason", ""))
    evidence = str(summary.get("evidence", "") or "")
    return f"{reason}: {evidence}" if evidence else reason


class Family3LanPage(Family3Page):
    """The family-3 page of a LAN table: chat goes to the table, leaving costs a forfeit."""

    def __init__(self, window: Any, game: Family3LanGame) -> None:
        super().__init__(window, game)
        self.lan_game = game
        game.chat_received.connect(self.side.add_chat_line)
        game.players_changed.connect(self._players_changed)
        game.status_changed.connect(self._status)
        self._last_status = ""

    def _status(self, text: str) -> None:
        """The table's progress (opening, players joining, shuffling) as a line of the log
        (as it is written: no ellipsis in front, which read as a line cut off)."""
        if text and text != self._last_status:
            self.side.add_log_line(text)
        self._last_status = text

    def _players_changed(self) -> None:
        self.table.set_players(self.lan_game.names, self.lan_game.bot_hosts())

    def leave_cost(self) -> str:
        """Leaving a running game forfeits it: you lose with the points of your hand."""
        if not self.running():
            return ""
        text = self.tr(
            "You leave the table “%1”: you forfeit this game and lose it with the points of "
            "your hand; the others play on without you."
        )
        return text.replace("%1", self.lan_game.table_name)

    def _chat(self, text: str) -> None:
        self.lan_game.say(text)  # the host's lobby sends it back to everyone, you included


def open_family3_lan(
    window: Any,
    settings: PeerSettings,
    variant: str,
    bots: int = 0,
    bot: str = "heuristic",
    joined: Any = None,
) -> Family3LanPage:
    """Show a LAN table of a family-3 game on the family-3 page of `window` (a MainWindow);
    ValueError (nothing done) when `variant` is no family-3 game the client can show.
    `joined`: (LanGame, lobby state) of a join by address whose peer this page carries on."""
    game = Family3LanGame(settings, variant, bots, bot, parent=window)
    handed = joined[0].hand_over() if joined is not None else None  # before it is retired
    window._retire_game()
    old = window.findChild(Family3Page)
    if old is not None:
        window.stack.removeWidget(old)
        old.deleteLater()
    window.game, window.game_variant, window.table_timer = game, variant, 0
    page = Family3LanPage(window, game)
    window.stack.addWidget(page)
    window.stack.setCurrentWidget(page)
    closed = getattr(window, "_table_closed", None)
    if closed is not None:
        game.table_closed.connect(lambda kind, words: closed(game, kind, words))
    game.invitation_ready.connect(lambda text: setattr(window, "last_invitation", text))
    game.invitation_ready.connect(page.side.set_invitation)
    if joined is not None:
        game.adopt(handed, joined[1])
    else:
        game.start()
    page.table.view.setFocus()
    return page


__all__ = [
    "Ended",
    "Family3GuiPeer",
    "Family3LanGame",
    "Family3LanPage",
    "Moved",
    "Seen",
    "open_family3_lan",
]
