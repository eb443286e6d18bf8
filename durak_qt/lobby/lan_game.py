"""LAN play: a `net.peer.Peer` on an asyncio thread, with the player's seat driven from the GUI.

`GuiPeer` is a `Peer` whose decision point (`_play`) waits for the player instead of asking a
bot: the GUI's chosen action comes in through `play(game_no, action)`. It forwards the seat's
events, the lobby state and chat lines to the GUI thread. `LanGame` is the controller the window
drives (`durak_qt.controller.GameController`); bots that fill seats of a table created here are
headless peers of their own (own keys, own journals) on the same asyncio thread.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QApplication

from durak_qt.async_thread import AsyncioThread
from durak_qt.dialogs.trump_choice import SUIT_SYMBOLS, TrumpChoiceDialog, take_trump_items
from durak_qt.lobby.table_deadline import TableDeadline
from durak_qt.log_notice import LogNotice, SeatArg
from durak_qt.table.controller import MatchScores, TableController
from durak_qt.table.turn_deadline import TurnDeadline
from engine.actions import Action
from engine.errors import IllegalAction
from engine.match import Match
from engine.observation import Observation
from net.crypto.group import DEFAULT_GROUP
from net.handshake import ChannelError, Failure
from net.identity import Identity, IdentityError, load_identity, load_or_create_identity
from net.invitation import Invitation, InvitationError
from net.lobby import (
    MOVE_TIMERS,
    ChatReceived,
    GameStart,
    Kicked,
    LobbyChanged,
    LobbyOut,
    Refused,
    chat_message,
)
from net.peer import GameRun, Peer, PeerSettings
from net.peer_events import (
    HostEquivocated,
    HostFault,
    HostMalformed,
    HostStalled,
    JoinError,
    SeatLeftMatch,
)
from net.table.config import TableConfig
from net.table.core import GameOver, MoveApplied, Out, PeerBack, PeerSilent, StateChanged
from net.table.events import TrumpChoiceDue, TrumpNamed

logger = logging.getLogger("durak_qt.lobby.lan_game")

MATCH_GAMES = 99
"""Games a table created here offers; the match goes on while the players say "play again"."""
LEAVE_TIMEOUT = 30.0
"""Seconds a leaving peer waits at most for its forfeit to be settled at the table (the forfeit
is voted into the log like any move, so it may wait for another player's turn)."""
JOIN_DEADLINE_S = 30.0
"""Seconds a join may take to reach the host's lobby before the player is told it failed."""
NEXT_GAME_DEADLINE_S = 30.0
"""Seconds "play again" waits for the next game before the player is told the table is gone."""

NOT_YOUR_TURN = "not-your-turn"
"""The reason `GuiPeer.play` gives when the table no longer waits for this seat's move (the
turn passed while the click or key was on its way): nothing was sent."""
NOT_YOUR_TURN_WORDS = QT_TRANSLATE_NOOP(
    "LanGame", "It is no longer your turn: your move was not sent to the table."
)

CLOSED_KINDS = ("password", "refused", "wrong_host", "vanished", "host_gone", "closed")
"""Why a table ended for this player: a wrong password, the host did not let them in, another
computer answered at an invitation's address, the table could not be found or reached, the host
left between games, any other end."""


def _words(text: object) -> str:
    return QCoreApplication.translate("LanGame", str(text))


_WRONG_HOST = QT_TRANSLATE_NOOP(
    "LanGame",
    "Another computer answered at the address of “%1”: it is not the host who made the invitation.",
)

_OTHER_VERSION = QT_TRANSLATE_NOOP(
    "LanGame",
    "The table “%1” runs a different version of the game: every player needs the same version.",
)


def _join_failure(error: JoinError) -> tuple[str, object]:
    """(kind, untranslated words) for net's typed reason a join ended."""
    if error.kind == "wrong-password":
        return "password", QT_TRANSLATE_NOOP(
            "LanGame", "The table “%1” did not accept that password. Try again."
        )
    if error.kind == "full":
        return "refused", QT_TRANSLATE_NOOP(
            "LanGame", "The table “%1” did not let you in: it is full or already playing."
        )
    if error.kind == "kicked":
        return "refused", QT_TRANSLATE_NOOP(
            "LanGame", "The host of “%1” asked you to leave the table."
        )
    if error.kind == "name-taken":
        return "refused", QT_TRANSLATE_NOOP(
            "LanGame",
            "The table “%1” already has a player with your name: choose another one in "
            "Settings and join again.",
        )
    if error.kind == "refused":
        return "refused", QT_TRANSLATE_NOOP("LanGame", "The host of “%1” did not let you in.")
    if error.kind == "wrong-host":
        return "wrong_host", _WRONG_HOST
    if error.kind == "version":
        return "refused", _OTHER_VERSION
    if error.kind == "ambiguous":
        return "closed", QT_TRANSLATE_NOOP(
            "LanGame",
            "Two tables are called “%1”: pick one in the lobby, or paste its host's invitation.",
        )
    if error.kind == "not-found":
        return "vanished", QT_TRANSLATE_NOOP(
            "LanGame",
            "The table “%1” could not be found: it has closed, or your network does not let "
            "this computer reach it.",
        )
    return "vanished", QT_TRANSLATE_NOOP("LanGame", "The table “%1” stopped answering.")


def _channel_failure(error: ChannelError) -> tuple[str, object]:
    """(kind, untranslated words) for the failure that ended a connection to the host."""
    if error.failure in (Failure.WRONG_PASSWORD, Failure.PASSWORD_MISMATCH):
        return "password", QT_TRANSLATE_NOOP(
            "LanGame", "The table “%1” did not accept that password. Try again."
        )
    if error.failure is Failure.NOT_ACCEPTED:
        return "refused", QT_TRANSLATE_NOOP(
            "LanGame", "The table “%1” did not let you in: it is full or already playing."
        )
    if error.failure is Failure.WRONG_HOST:
        return "wrong_host", _WRONG_HOST
    if error.failure is Failure.VERSION:
        return "refused", _OTHER_VERSION
    if error.failure is Failure.TIMEOUT:
        return "vanished", QT_TRANSLATE_NOOP("LanGame", "The table “%1” stopped answering.")
    return "closed", QT_TRANSLATE_NOOP("LanGame", "The connection to the table “%1” ended.")


def _host_fault_words(fault: HostFault) -> object:
    """The untranslated words for a rule of the lobby or the match the host broke, by kind."""
    if isinstance(fault, HostEquivocated):
        return QT_TRANSLATE_NOOP(
            "LanGame",
            "The host of “%1” sent two players two different starts of one game (both signed "
            "by the host), so the table is closed.",
        )
    if isinstance(fault, HostMalformed):
        return QT_TRANSLATE_NOOP(
            "LanGame",
            "The host of “%1” sent a message that breaks the protocol, so the table is closed.",
        )
    if isinstance(fault, HostStalled) and fault.running:
        return QT_TRANSLATE_NOOP(
            "LanGame",
            "The host of “%1” kept saying a game runs with you seated, but it never started here, "
            "so the table is closed.",
        )
    if isinstance(fault, HostStalled):
        return QT_TRANSLATE_NOOP(
            "LanGame",
            "The host of “%1” did not start the next game although every player was ready, so "
            "the table is closed.",
        )
    return QT_TRANSLATE_NOOP(
        "LanGame",
        "The host of “%1” started the next game unlike the last game decides (another "
        "first player, dealer or level), so the table is closed.",
    )


def _seat_left_words(left: SeatLeftMatch, table_name: str) -> str:
    """The words for a match that ends because another seat left it: with its goodbye, or not
    back between games within the resume window."""
    if left.vanished:
        text = QT_TRANSLATE_NOOP(
            "LanGame",
            "%2 did not come back after game %3, so the table “%1” has closed: no new game. "
            "Nobody cheated.",
        )
    else:
        text = QT_TRANSLATE_NOOP(
            "LanGame",
            "%2 left the match after game %3, so the table “%1” has closed: no new game.",
        )
    words = _words(text).replace("%1", table_name).replace("%3", str(left.game + 1))
    return words.replace("%2", left.who)


def explain_failure(problem: object, table_name: str) -> tuple[str, str]:
    """(kind from CLOSED_KINDS, words for the player) for why a peer stopped: net's typed
    `JoinError` (by its `kind`), a `ChannelError` (by its `failure`), anything else closed."""
    text: object
    if isinstance(problem, JoinError):
        kind, text = _join_failure(problem)
    elif isinstance(problem, ChannelError):
        kind, text = _channel_failure(problem)
    elif isinstance(problem, HostFault):
        kind, text = "closed", _host_fault_words(problem)
    elif isinstance(problem, SeatLeftMatch):
        return "closed", _seat_left_words(problem, table_name)
    elif isinstance(problem, OSError | TimeoutError):
        kind, text = (
            "vanished",
            QT_TRANSLATE_NOOP(
                "LanGame",
                "The table “%1” could not be found: it has closed, or your network does not let "
                "this computer reach it.",
            ),
        )
    else:
        kind = "closed"
        text = QT_TRANSLATE_NOOP("LanGame", "The connection to the table “%1” ended.")
    return kind, _words(text).replace("%1", table_name)


def opening_status(settings: PeerSettings) -> str:
    """The line shown while a peer opens: resuming from its journal, hosting, or joining."""
    if settings.resume:
        words = QCoreApplication.translate(
            "LanGame", "Resuming your game at “%1”: replaying the journal…"
        )
    elif settings.host_table is not None:
        words = QCoreApplication.translate(
            "LanGame", "Opening the table “%1”… waiting for players."
        )
    else:
        words = QCoreApplication.translate("LanGame", "Looking for the table “%1” on the network…")
    return words.replace("%1", settings.table_name)


def waiting_words(state: object) -> str:
    """The lobby's progress line: seats taken, and the dealing group when it is not the usual
    one (a seat without ristretto255 moves the table to the Ed25519 subgroup; none shared: no
    start)."""
    words = (
        QCoreApplication.translate("LanGame", "Waiting for players: %1 of %2 seats taken.")
        .replace("%1", str(getattr(state, "seats_taken", 0)))
        .replace("%2", str(getattr(state, "seats", 0)))
    )
    group = getattr(state, "group", DEFAULT_GROUP)
    if group == "":
        words += " " + QCoreApplication.translate(
            "LanGame", "The seated players share no dealing group: the game cannot start."
        )
    elif group != DEFAULT_GROUP:
        words += " " + QCoreApplication.translate(
            "LanGame",
            "Cards will be dealt in the Ed25519 group: a seat's system lacks ristretto255.",
        )
    return words


def table_gone_words(table_name: str) -> str:
    """The words for a table whose host left after a game of ours."""
    words = QCoreApplication.translate("LanGame", "The table “%1” has closed: no further games.")
    return words.replace("%1", table_name)


def seat_names(config: TableConfig) -> list[str]:
    """Seat names as this player reads them: bots named in the viewer's language."""
    names, bots = [], 0
    for seat in config.seats:
        if seat.bot:
            bots += 1
            names.append(QCoreApplication.translate("LanGame", "Bot %1").replace("%1", str(bots)))
        else:
            names.append(seat.name)
    return names


async def run_with_bot_peers(peer: Peer, bots: int, bot: str, bot_keys: set[bytes]) -> Any:
    """Run `peer` until it stops, with `bots` headless bot peers (engine bot `bot`, keys added
    to `bot_keys`) joining the table it hosts; the bots stop with it. A host resuming its table
    resumes the bots it ran there too, each from its own journal (`resumed_bot_peers`)."""
    settings = peer.settings
    helpers: list[Peer] = []
    for index in range(bots):
        name = f"Bot {index + 1}"  # every viewer shows bots in its own language
        helper_settings = bot_settings(settings, peer.key, index + 1, name, bot)
        helper_identity = load_or_create_identity(helper_settings.data_dir / "identity.key")
        helpers.append(Peer(helper_settings, helper_identity))
        bot_keys.add(helper_identity.public_key)
    if settings.resume and settings.host_table is not None:
        for helper_settings, helper_identity in resumed_bot_peers(settings, peer.key):
            helpers.append(Peer(helper_settings, helper_identity))
            bot_keys.add(helper_identity.public_key)
    tasks = [asyncio.get_running_loop().create_task(h.run()) for h in helpers]
    try:
        return await peer.run()
    finally:
        for helper in helpers:
            helper.finished.set()
        await asyncio.gather(*tasks, return_exceptions=True)


def resumed_bot_peers(host: PeerSettings, host_key: bytes) -> list[tuple[PeerSettings, Identity]]:
    """The bot peers this client ran at the table `host` resumes (its `host_key`) that have an
    unfinished game of it in their journals: their settings, resuming as the engine bot and
    name their seat had, and their identities."""
    from net.peer_resume import resumable_journals

    found: list[tuple[PeerSettings, Identity]] = []
    folders = sorted((host.data_dir / "bots").glob("bot-*"))
    for folder in folders:
        index = folder.name.removeprefix("bot-")
        if not index.isdigit():
            continue
        try:
            identity = load_identity(folder / "identity.key")
        except (IdentityError, OSError):
            continue
        settings = bot_settings(host, host_key, int(index), f"Bot {index}")
        settings = dataclasses.replace(settings, resume=True)
        journals = resumable_journals(settings, identity.public_key)
        if not journals:
            continue
        seats = journals[-1][1].start.config.seats
        seat = next((s for s in seats if s.key == identity.public_key), None)
        if seat is not None:
            settings = dataclasses.replace(settings, name=seat.name, bot=seat.bot or settings.bot)
        found.append((settings, identity))
    return found


def report_stop(future: concurrent.futures.Future[Any], signals: PeerSignals) -> None:
    """When the peer's run ends, emit `signals.stopped` with its exception (None: normal)."""

    def done(finished: concurrent.futures.Future[Any]) -> None:
        problem = None if finished.cancelled() else finished.exception()
        with contextlib.suppress(RuntimeError):  # the signals may be gone with the window
            signals.stopped.emit(problem)

    future.add_done_callback(done)


def wait_for_peer(
    future: concurrent.futures.Future[Any] | None, thread: AsyncioThread, msecs: int
) -> bool:
    """Block until the peer's run has ended and its thread too (closing down, tests)."""
    if future is not None:
        with contextlib.suppress(Exception):
            future.result(timeout=msecs / 1000)
    thread.stop(msecs)
    return future is None or thread.isFinished()


class PeerSignals(QObject):
    """Carries what the peer's asyncio thread reports to the GUI thread (queued signals)."""

    game_started = Signal(object, bool)  # TableConfig, resumed from the journal
    items = Signal(int, object)  # game number, list of the seat's events
    lobby = Signal(object)  # net.lobby.LobbyState
    chat = Signal(str, str)  # name, text
    refused = Signal(str)
    failed = Signal(object)  # why the peer stopped: a PeerError (JoinError...) or a text
    stopped = Signal(object)  # None when the peer ended normally, else the exception
    invitation = Signal(str)  # the durak:// invitation of a table hosted here


class GuiPeer(Peer):
    """A peer whose own seat is played by a person: the GUI chooses, nobody else does."""

    def __init__(self, settings: PeerSettings, identity: Identity, signals: PeerSignals) -> None:
        super().__init__(settings, identity)
        self.settings = dataclasses.replace(settings, bot="")  # joins as a person, not a bot
        self.signals = signals
        self.next_wanted = False
        self.match: Match | None = None
        self.page_pending = settings.connect is not None and not settings.resume
        """Joined by address, the table's game is not known yet: no seat is taken until the
        window has chosen the page for the variant the host's lobby names (`page_chosen`)."""

    # ----- the invitation of a table hosted here ------------------------------------------

    def announce_invitation(self) -> None:
        """Hand the GUI the invitation to this hosted table (once it listens)."""
        address = self.my_address
        if address is None or not address.addresses:
            return
        try:
            invitation = Invitation(
                address.addresses[0], address.port, self.key, self.settings.table_name[:40]
            )
        except InvitationError as error:
            logger.warning("no invitation for this table: %s", error)
            return
        self.signals.invitation.emit(str(invitation))

    # ----- the decision point -------------------------------------------------------------

    def _play(self, run: GameRun, chosen: Action | None = None) -> None:
        """The player moves from the GUI (`play`); nothing is chosen for them."""

    def play(self, game_no: int, action: Action) -> None:
        """The player's action for game `game_no` (called on the peer's loop)."""
        run = self.games.get(game_no)
        if run is None or run.core.over is not None or run.core.game is None:
            self.signals.refused.emit("the game is not running")
            return
        if run.core.intent is not None:
            self.signals.refused.emit("a move of yours is already on its way")
            return
        if not run.core.my_turn:  # the turn passed after the click: refuse here, send nothing
            self.signals.refused.emit(NOT_YOUR_TURN)
            return
        try:
            outs = run.core.intend(action)
        except IllegalAction as error:
            self.signals.refused.emit(str(error))
            return
        if run.journal is not None:
            run.journal.intend(action)
        self._route(run, outs)

    def choose_trump(self, game_no: int, suit: str) -> None:
        """The player, dealing, named `suit` as trump (called on the peer's loop)."""
        run = self.games.get(game_no)
        if run is None or not run.core.trump_choice_due:
            self.signals.refused.emit("the trump suit is no longer yours to name")
            return
        if not self.name_trump(run, suit):
            self.signals.refused.emit(f"{suit!r} was not taken as the trump suit")

    def want_next(self) -> None:
        """The player asked for the next game: say ready when the lobby allows."""
        self.next_wanted = True
        self._lobby_policy()

    def say(self, text: str) -> None:
        """Send a chat line to the table (through the host's lobby)."""
        self._to_host(chat_message(text))

    def leave_table(self) -> None:
        """Leave as `Peer.request_leave` does (forfeit, keys published, the journal records it),
        but stop after LEAVE_TIMEOUT seconds even if the table never settles the forfeit."""
        if not self.leaving:
            self.request_leave()
        self._spawn(self._stop_after(LEAVE_TIMEOUT))

    async def _stop_after(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self.finished.set()

    # ----- what the GUI hears -------------------------------------------------------------

    def _route(self, run: GameRun, outs: list[Out]) -> None:
        self._forward(run, outs)
        super()._route(run, outs)

    def _forward(self, run: GameRun, outs: list[Out]) -> None:
        core, game_no = run.core, run.game_no
        mine: list[Any] = [
            item
            for item in outs
            if isinstance(
                item,
                StateChanged
                | MoveApplied
                | GameOver
                | PeerSilent
                | PeerBack
                | TrumpChoiceDue
                | TrumpNamed,
            )
        ]
        if not mine:
            return
        if any(isinstance(item, GameOver) for item in mine) and core.game is not None:
            if self.match is None:
                self.match = Match(core.rules, core.players)
            if core.game.over:
                self.match.record(core.game)
            mine.append(MatchScores(tuple(self.match.points), tuple(self.match.fools)))
        self.signals.items.emit(game_no, mine)

    def _refuse_host_start(self, start: GameStart) -> bool:
        """The member's check of the host's start (`GameRoutes._refuse_host_start`); only a
        start it accepts, with this player seated, tells the GUI a new game begins, so a
        refused start shows its failure without a new game's page first."""
        if super()._refuse_host_start(start):
            return True
        if self.key in [seat.key for seat in start.config.seats]:
            self.next_wanted = False
            self.signals.game_started.emit(start.config, False)
        return False

    def _resume(self, path: Path, contents: Any) -> None:
        super()._resume(path, contents)
        run = self.games.get(contents.start.config.game_no)
        if run is not None:
            self.signals.game_started.emit(run.start.config, True)
            if run.core.observation is not None:
                self._forward(run, [StateChanged(run.core.observation)])
            elif run.core.trump_choice_due:  # you deal: ask again (a pause restarts its wait)
                self._forward(run, [TrumpChoiceDue(run.core.claiming.choice_deadline)])

    def page_chosen(self, signals: PeerSignals, kind: type[GuiPeer] | None = None) -> None:
        """The window chose the page for this table: report to `signals` from now on, as a
        `kind` of GuiPeer (the page's own; None keeps this one), and take a seat."""
        if kind is not None:
            self.__class__ = kind  # a subclass that only reports differently (no own state)
        self.signals = signals
        self.page_pending = False
        self._lobby_policy()

    def _lobby_policy(self) -> None:
        if self.page_pending:
            return  # the page is chosen from the lobby's variant first
        if self.results and not self.next_wanted:
            return  # after a game, ready again only when the player says so
        super()._lobby_policy()

    def _lobby_events(self, items: list[LobbyOut]) -> None:
        for item in items:
            if isinstance(item, ChatReceived):
                self.signals.chat.emit(item.name, item.text)
            elif isinstance(item, LobbyChanged):
                self.signals.lobby.emit(item.state)
            elif isinstance(item, Refused):
                self.signals.refused.emit(item.reason)
            elif isinstance(item, Kicked) and item.key == self.key:
                self.signals.failed.emit(item.reason)

    def _host_outs(self, outs: list[LobbyOut]) -> None:
        self._lobby_events(outs)
        super()._host_outs(outs)

    def _client_events(self, events: list[LobbyOut]) -> None:
        shown = events
        if self.lobby_state is None:  # our join itself was refused: net fails with a JoinError
            shown = [item for item in events if not isinstance(item, Refused)]
        self._lobby_events(shown)
        super()._client_events(events)

    def _fail(self, reason: str) -> None:
        if not self.leaving and self.failure is None:  # leaving is no news
            error = self.failure_error
            self.signals.failed.emit(error if error is not None else reason)
        super()._fail(reason)


@dataclass(frozen=True)
class UnfinishedTable:
    """A LAN game this player was in when the client stopped; its journal lets it resume."""

    name: str
    hosting: bool
    games: int | None
    host_key: bytes | None = None
    """The key of the table's host, which a joiner's resume demands (None: an old journal)."""
    move_timer: int = 0
    """The table's seconds per move, which a resumed host announces again (0: none)."""


def unfinished_tables(data_dir: Path) -> list[UnfinishedTable]:
    """Tables with a game of this player's identity that never ended, newest first."""
    from net.journal import SUFFIX, JournalError, read_journal

    try:
        key = load_identity(data_dir / "identity.key").public_key
    except (IdentityError, OSError):
        return []
    folder = data_dir / "journals"
    if not folder.is_dir():
        return []
    found: dict[str, UnfinishedTable] = {}
    paths = sorted(folder.glob("*" + SUFFIX), key=lambda p: p.stat().st_mtime, reverse=True)
    for path in paths:
        try:
            contents = read_journal(path)
        except (JournalError, OSError, ValueError):
            continue
        header = contents.header
        name = header.get("table_name")
        if contents.ended is not None or not isinstance(name, str) or name in found:
            continue
        if any(record.get("r") == "leave" for record in contents.inputs):
            continue  # the player left it (forfeit): resuming would only show that end
        if bytes(header.get("key", b"")) != key:
            continue
        games, host_key = header.get("games"), header.get("host_key")
        timer = header.get("move_timer", 0)
        found[name] = UnfinishedTable(
            name,
            bool(header.get("hosting")),
            games if isinstance(games, int) else None,
            bytes(host_key) if isinstance(host_key, bytes) and len(host_key) == 32 else None,
            timer if timer in MOVE_TIMERS and type(timer) is int else 0,
        )
    return list(found.values())


def bot_settings(
    host: PeerSettings, host_key: bytes, index: int, name: str, bot: str = "heuristic"
) -> PeerSettings:
    """A headless bot peer (engine bot `bot`) that joins the table `host` opens, demanding the
    key of this host (another table of the same name is never joined); its own keys and
    journals."""
    return PeerSettings(
        name=name,
        data_dir=host.data_dir / "bots" / f"bot-{index}",
        join_table=host.host_table,
        host_key=host_key,
        bot=bot,
        interface=host.interface,
        password=host.password,
    )


class LanGame(TableController, TableDeadline):
    """A table on the LAN seen from your seat: a `GuiPeer` on its own asyncio thread."""

    players_changed = Signal()
    chat_received = Signal(str, str)
    invitation_ready = Signal(str)
    """A table hosted here: its durak:// invitation, for players who cannot see it by mDNS."""
    table_closed = Signal(str, str)
    """(kind from CLOSED_KINDS, words for the player): the table ended for this player."""
    variant_learned = Signal(object)
    """Joined by address: the host's first lobby state (net.lobby.LobbyState), which names the
    table's game; the window keeps this page (`keep_page`) or hands the peer over
    (`hand_over`) to the page of that game. No seat is taken before."""
    move_timer_announced = Signal(int)
    """The host's lobby announced the table's seconds per move (0: none), which differ from
    what this game knew (a joiner starts without a timer until the host's first state)."""

    def __init__(
        self,
        settings: PeerSettings,
        bots: int = 0,
        bot_delay_ms: int = 0,
        parent: QObject | None = None,
        bot: str = "heuristic",
    ) -> None:
        super().__init__([settings.name], 0, bot_delay_ms, parent)
        self._invited = False
        self.settings = settings
        self.bots = bots
        self.bot = bot
        self.join_deadline_s = JOIN_DEADLINE_S
        self.next_game_deadline_s = NEXT_GAME_DEADLINE_S
        self._init_deadline()
        self.hosting = settings.host_table is not None
        self.table_name = settings.table_name
        self.resuming = settings.resume
        self.move_timer = settings.move_timer
        """The table's seconds per move as its host announced it (yours when hosting)."""
        self.config: TableConfig | None = None
        self.game_no = -1
        self.bot_keys: set[bytes] = set()
        self.signals = PeerSignals()
        self.signals.game_started.connect(self._game_started)
        self.signals.items.connect(self._items)
        self.signals.lobby.connect(self._lobby)
        self.signals.chat.connect(self.chat_received)
        self.signals.refused.connect(self._peer_refused)
        self.signals.failed.connect(self._peer_failed)
        self.signals.stopped.connect(self._stopped)
        self.signals.invitation.connect(self.invitation_ready)
        self._thread = AsyncioThread("lan-peer", self)
        self._peer: GuiPeer | None = None
        self._future: concurrent.futures.Future[Any] | None = None
        self.running = False
        self._player_left = False  # the player left: the peer's end is no failure to report
        self.trump_dialog: TrumpChoiceDialog | None = None  # you deal: name the trump suit
        self._variant_pending = settings.connect is not None and not settings.resume
        self._handed_over = False
        self.turn_deadline = TurnDeadline(settings.resume_window, self)
        """Without a move timer the table waits the resume window for your move: the warning."""
        self.turn_deadline.warning_changed.connect(self.countdown_changed)
        self.game_finished.connect(self.turn_deadline.stop)

    # ----- opening and closing ------------------------------------------------------------

    def open(self) -> None:
        """Start the peer (host or join) on its thread; returns at once."""
        if self._future is not None:
            return
        self._thread.start_loop()
        self.running = True
        self.status_changed.emit(opening_status(self.settings))
        self._future = self._thread.submit(self._main())
        if not self.hosting and not self.resuming:
            self._start_deadline("vanished", self.join_deadline_s)
        report_stop(self._future, self.signals)

    async def _main(self) -> dict[str, Any]:
        identity = load_or_create_identity(self.settings.data_dir / "identity.key")
        peer = GuiPeer(self.settings, identity, self.signals)
        self._peer = peer
        result: dict[str, Any] = await run_with_bot_peers(peer, self.bots, self.bot, self.bot_keys)
        return result

    def keep_page(self) -> None:
        """Joined by address, the table deals a game of this page: take a seat."""
        peer = self._peer
        if peer is not None and self.running:
            self._thread.call(peer.page_chosen, self.signals)

    def hand_over(self) -> tuple[AsyncioThread, GuiPeer, concurrent.futures.Future[Any]]:
        """Give the running peer (joined by address, no seat taken yet), its thread and its
        future to the page of the table's game; this controller is done without leaving."""
        peer, future = self._peer, self._future
        if peer is None or future is None or not self.running:
            raise RuntimeError("no running peer to hand over")
        thread = self._thread
        self._handed_over, self.running, self._closed = True, False, True
        self._peer, self._future = None, None
        self._thread = AsyncioThread("lan-peer", self)  # never started: nothing to stop
        self._deadline.stop()
        return thread, peer, future

    def stop(self) -> None:
        """Leave the table: forfeit a running game, then stop the peer (and the bots run here)."""
        if self.running:
            self._player_left = True
            self._thread.call(self._leave)
        self.turn_deadline.stop()
        self._deadline.stop()
        self._pace.stop()
        self._pending.clear()
        self.status_changed.emit("")

    def _leave(self) -> None:
        """On the peer's loop: the peer was made by `_main` before this runs (both are queued)."""
        if self._peer is not None:
            self._peer.leave_table()

    def wait_for_worker(self, msecs: int = 10_000) -> bool:
        """Block until the peer has stopped and its thread has ended (closing down, tests)."""
        return wait_for_peer(self._future, self._thread, msecs)

    # ----- the controller interface -------------------------------------------------------

    def start(self) -> None:
        """Play again: say ready for the next game; the host starts it when everyone is."""
        peer = self._peer
        if peer is None or not self.running:
            self.error.emit(
                LogNotice("LanGame", QT_TRANSLATE_NOOP("LanGame", "The table is closed."))
            )
            return
        self.status_changed.emit(self.tr("Waiting for the others to be ready…"))
        self._start_deadline("host_gone", self.next_game_deadline_s)
        self._thread.call(peer.want_next)

    def say(self, text: str) -> None:
        """Send a chat line to everyone at the table."""
        peer = self._peer
        if peer is not None and self.running:
            self._thread.call(peer.say, text)

    def bot_hosts(self) -> dict[int, str]:
        """Bot seats and the machine that runs each (it can see that bot's cards)."""
        if self.config is None:
            return {}
        hosts: dict[int, str] = {}
        for seat, info in enumerate(self.config.seats):
            if not info.bot:
                continue
            if info.key in self.bot_keys:
                hosts[seat] = self.tr("this computer")
            else:
                hosts[seat] = self.tr("its own peer")
        return hosts

    def submit(self, action: Any) -> bool:
        """Play your action (`TableController.submit`); the deadline's warning hides meanwhile."""
        sent = super().submit(action)
        if sent:
            self.turn_deadline.hold()
        return sent

    def _show(self, observation: Observation) -> None:
        super()._show(observation)
        self.turn_deadline.observe(self._shown, self.move_timer, self._shown_arrived)

    def _refuse(self, reason: str | LogNotice) -> None:
        super()._refuse(reason)
        self.turn_deadline.observe(self._shown, self.move_timer, self._shown_arrived)

    def _reset(self, status: str, new_game: bool = True) -> None:
        self.turn_deadline.stop()
        super()._reset(status, new_game)

    def _now(self) -> float:
        """Arrivals on the turn deadline's clock (a test's hand clock too)."""
        return self.turn_deadline.clock()

    def _send_action(self, action: Any) -> None:
        peer = self._peer
        if peer is None or not self.running:
            closed = QT_TRANSLATE_NOOP("LanGame", "The table is closed.")
            self._refuse(LogNotice("LanGame", closed))  # translated with the line, once
            return
        self._thread.call(peer.play, self.game_no, action)

    # ----- from the peer ------------------------------------------------------------------

    def _game_started(self, config: TableConfig, resumed: bool = False) -> None:
        """A game of ours starts: a new one clears the views; a resumed one keeps what the
        window restored from the client journal (its chat and log)."""
        keys = [seat.key for seat in config.seats]
        peer = self._peer
        if peer is None or peer.key not in keys:
            return
        self._deadline.stop()
        self.config, self.game_no = config, config.game_no
        names = self._display_names(config)
        if names != self.names:
            self.names, self.players = names, len(names)
            self._scores = MatchScores((0,) * self.players, ())
        self.human_seat = keys.index(peer.key)
        self.players_changed.emit()
        if resumed:
            self._reset(opening_status(self.settings), new_game=False)
        else:
            self._reset(self.tr("Shuffling… every peer checks every proof"))

    def _items(self, game_no: int, items: list[Any]) -> None:
        if game_no != self.game_no:
            return
        self._receive(take_trump_items(items, self._ask_trump, self._trump_named))

    def _ask_trump(self, seconds: float) -> None:
        """You deal and name the trump suit: the dialog, closed a second before the table's
        deadline (then the table chooses for you and tells everyone)."""
        dialog = TrumpChoiceDialog(seconds - 1, QApplication.activeWindow())
        game_no = self.game_no
        dialog.chosen.connect(lambda suit: self._send_trump(game_no, suit))
        dialog.timed_out.connect(
            lambda: self.error.emit(
                LogNotice(
                    "LanGame",
                    QT_TRANSLATE_NOOP("LanGame", "Time is up: a trump suit is chosen for you."),
                )
            )
        )
        self.trump_dialog = dialog
        dialog.show()

    def _send_trump(self, game_no: int, suit: str) -> None:
        peer = self._peer
        if peer is not None and self.running:
            self._thread.call(peer.choose_trump, game_no, suit)

    def _trump_named(self, named: TrumpNamed) -> None:
        """Say in the log which suit the dealer named, and whether it was chosen for him."""
        dialog = self.trump_dialog
        if dialog is not None and named.seat == self.human_seat and not dialog.answered:
            dialog.answered = True
            dialog.timer.stop()
            dialog.close()
        symbol = SUIT_SYMBOLS.get(named.suit, named.suit)
        if named.auto:
            text = QT_TRANSLATE_NOOP(
                "LanGame", "%1 did not name the trump suit in time: %2 was chosen for the dealer."
            )
        else:
            text = QT_TRANSLATE_NOOP("LanGame", "%1 deals and named the trump suit: %2.")
        self.error.emit(LogNotice("LanGame", text, (SeatArg(named.seat), symbol)))

    def _display_names(self, config: TableConfig) -> list[str]:
        """Seat names as this player reads them: bots named in the viewer's language."""
        return seat_names(config)

    def retranslate_names(self) -> None:
        """Name the bots again in the language just chosen."""
        if self.config is not None:
            self.names = self._display_names(self.config)

    def _lobby(self, state: Any) -> None:
        if self._deadline_kind == "vanished":
            self._deadline.stop()  # the host's lobby answered: the table is there
            self._deadline_kind = ""
        if self._handed_over:
            return
        if self._variant_pending:
            self._variant_pending = False
            self.variant_learned.emit(state)
            if self._handed_over:
                return
        if state.move_timer != self.move_timer:
            self.move_timer = state.move_timer
            self.move_timer_announced.emit(state.move_timer)
            if self._shown is not None and not self._submitted:
                self.turn_deadline.observe(self._shown, self.move_timer, self._shown_arrived)
        if self.hosting and not self._invited and self._peer is not None:
            self._invited = True
            self._thread.call(self._peer.announce_invitation)
        if state.playing or self.game_no >= 0:
            return  # between games the game-over panel is up; "play again" says ready
        self.status_changed.emit(waiting_words(state))

    def _peer_refused(self, reason: str) -> None:
        if reason == NOT_YOUR_TURN:
            self._refuse_late_move()
        elif self._submitted:
            self._refuse(reason)
        else:
            self.error.emit(
                LogNotice(
                    "LanGame", QT_TRANSLATE_NOOP("LanGame", "The table refused: %1"), (reason,)
                )
            )

    def _refuse_late_move(self) -> None:
        """The turn passed before the player's move reached the table: it was not sent; the
        position is shown again with a line that says so."""
        self._submitted = False
        self._slow.stop()
        if self._shown is not None:
            self.observation_changed.emit(self._shown)
        self.turn_deadline.observe(self._shown, self.move_timer, self._shown_arrived)
        self.error.emit(LogNotice("LanGame", NOT_YOUR_TURN_WORDS))

    def _peer_failed(self, problem: object) -> None:
        logger.info("table %r failed: %s", self.table_name, problem)
        self._close(*self._explain(problem))

    def _explain(self, problem: object) -> tuple[str, str]:
        """`explain_failure`, where a table that vanished after our game is a host gone."""
        kind, words = explain_failure(problem, self.table_name)
        if kind == "vanished" and self.game_no >= 0:
            return "host_gone", table_gone_words(self.table_name)
        return kind, words

    def _stopped(self, problem: object) -> None:
        if self._handed_over:
            return  # the peer and its thread are another page's now
        self.running = False
        self._thread.stop()  # the peer is done: end its (now idle) loop and thread
        self.status_changed.emit("")
        if self._player_left or self._closed:
            return
        if problem is not None:
            logger.info("table %r stopped: %s", self.table_name, problem)
            self._close(*self._explain(problem))
        elif self._deadline.isActive() and self._deadline_kind == "host_gone":
            self._close("host_gone", table_gone_words(self.table_name))
