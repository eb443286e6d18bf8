"""The state one headless peer's parts share (`net.peer.Peer` joins the parts), and the helpers
they all use: tasks, failure, sending, the trace and what the match has played so far."""

from __future__ import annotations

import asyncio
import json
from abc import ABC, abstractmethod
from typing import Any

from net.game_run import GameRun
from net.identity import Identity, fingerprint
from net.journal import Journal
from net.lobby import (
    GameStart,
    LobbyClient,
    LobbyHost,
    LobbyOut,
    LobbyState,
    SeatAddress,
    SeatLeft,
)
from net.mesh import Mesh, monotonic
from net.peer_early import EarlyFrames
from net.peer_events import PeerError, SeatLeftMatch
from net.peer_settings import PeerSettings
from net.peer_starts import StartWitness, TwoStarts
from net.table.config import TableConfig
from net.table.core import GameOver, Out
from net.table_finder import Announcer
from net.transport import Listener


class PeerBase(ABC):
    """One peer's shared state; its parts (lobby, games, resume, bot seat) are subclasses."""

    mesh: Mesh
    """The peer's links (made by `net.peer.Peer`, the mesh's owner)."""

    def __init__(self, settings: PeerSettings, identity: Identity) -> None:
        """The state of a peer that has not started: no links, lobby or games yet."""
        self.settings = settings
        self.identity = identity
        self.key = identity.public_key
        self.hosting = settings.host_table is not None
        self.announcer = Announcer(settings.interface)
        self.unsent: list[tuple[bytes, dict[str, Any]]] = []
        self.unsynced: set[Journal] = set()
        self.flush_scheduled = False
        self.games: dict[int, GameRun] = {}
        """Games running here, or over and still answering; a closed game is only a summary."""
        self.last_config: TableConfig | None = None
        self.table_keys: set[bytes] = set()
        """Keys of the seats of games this peer finished (they may connect for the next)."""
        self.early = EarlyFrames()
        """Frames of games not started here yet."""
        self.results: list[dict[str, Any]] = []
        self.lobby_host: LobbyHost | None = None
        self.lobby_client: LobbyClient | None = None
        self.lobby_state: LobbyState | None = None
        self.host_key: bytes | None = self.key if self.hosting else None
        self.host_address: SeatAddress | None = None
        self.table_id = ""
        self.games_total: int | None = settings.games
        self.readied: set[int] = set()
        self.tasks: set[asyncio.Task[Any]] = set()
        self.finished = asyncio.Event()
        self.stopping = False
        self.failure: str | None = None
        self.failure_error: PeerError | None = None
        self.leaving = False
        self.trace_file: Any = None
        self.witness = StartWitness()
        """The host's signed starts this member got and was shown (`net.peer_starts`)."""
        self.pending_start: GameStart | None = None
        """A start of the match's next game that came before this member's game was over: it
        is checked and started (or refused) when that game ends here."""
        self.join_began: float | None = None
        self.departures: list[SeatLeft] = []
        """The seats that said goodbye to the match (their signed `bye`; this one's own too)."""
        self.bye_sent: float | None = None
        """When (monotonic) this member sent the host its goodbye, until the host answers it
        (relays it, or refuses it as a start of the next game crossed it): the peer stays."""
        self.match_end: SeatLeftMatch | None = None
        """Another seat left the match: once no game runs here the match is over, in these
        words (`net.peer_lobby.LobbySide._seat_left`)."""
        self.waits: dict[str, float] = {}
        """Since when (monotonic) each of a member's lobby waits has been waiting
        (`net.peer_lobby.LOBBY_WAITS`); a wait that is over is removed."""

    @property
    def listener(self) -> Listener | None:
        """Where this peer listens (None before `run` starts listening)."""
        return self.mesh.listener

    @property
    def my_address(self) -> SeatAddress | None:
        """The addresses and port the other seats dial."""
        return self.mesh.address

    def _spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        """Run a task that `close` cancels."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def _fail(self, reason: str) -> None:
        """Stop the peer; `run` raises PeerError with the first reason (logged by the caller)."""
        self.failure = self.failure or reason
        self.finished.set()

    def _fail_with(self, error: PeerError) -> None:
        """Stop the peer; `run` raises this error (typed, for a client to tell failures apart)."""
        if self.failure is None:
            self.failure_error = error
        self._fail(str(error))

    def _trace(self, event: str, at: float | None = None, **fields: Any) -> None:
        """One event of this peer, at a monotonic time, in the `--trace` file (when tracing)."""
        if self.trace_file is not None:
            when = monotonic() if at is None else at
            record = {"t": when, "event": event, "peer": self.settings.name, **fields}
            self.trace_file.write(json.dumps(record) + "\n")

    def _send(self, key: bytes, message: dict[str, Any]) -> bool:
        """Send a message to a key now, or when its link is up (see `Mesh.send`)."""
        return self.mesh.send(key, message)

    def host_words(self) -> str:
        """The host as a member names it: "North (abcd-efgh)"."""
        if self.host_key is None:
            return "of the table"
        name = self.name_of(self.host_key)
        return f"{name or '?'} ({fingerprint(self.host_key)})"

    def seat_words(self, key: bytes) -> str:
        """Another peer as this one names it: "East (abcd-efgh)", or "peer abcd-efgh"."""
        name = self.name_of(key)
        return f"{name} ({fingerprint(key)})" if name else f"peer {fingerprint(key)}"

    def name_of(self, key: bytes) -> str | None:
        """The name a key has at this table (the lobby's, or the seats of a game here or of the
        last one forgotten), None if unknown."""
        configs = [run.start.config for run in self.games.values()]
        if self.last_config is not None:
            configs.append(self.last_config)  # (a finished game is forgotten once settled)
        for config in configs:
            for seat in config.seats:
                if seat.key == key:
                    return seat.name
        members = self.lobby_state.members if self.lobby_state is not None else []
        for member in members:
            if member.get("key") == key and isinstance(member.get("name"), str):
                return str(member["name"])
        return None

    def _playing(self) -> bool:
        """A game of this peer is running (its mesh and core govern the waits then)."""
        return any(run.summary is None for run in self.games.values())

    def _done_with(self, game_no: int) -> bool:
        """A game this peer finished and forgot, or will never play."""
        return any(int(s["game"]) == game_no for s in self.results)

    def _played_all(self) -> bool:
        """Every game this peer will play is over here."""
        if self.leaving and self.bye_sent is None and not self._playing():
            return True
        if self.match_end is not None and not self._playing():
            return True
        if not self.results:
            return False
        return len(self.results) >= (self.games_total or 1) or not self.results[-1]["clean"]

    def _match_done(self) -> bool:
        """Every game is played and closed here."""
        return self._played_all() and all(run.ended for run in self.games.values())

    # The parts' hooks (a subclass such as the client's `GuiPeer` may override any of them).

    @abstractmethod
    def _start_game(self, start: GameStart) -> None:
        """A game the lobby started begins here (`net.peer_games`)."""

    @abstractmethod
    def _mesh(self, run: GameRun) -> None:
        """Keep the links a game needs (`net.peer_games`)."""

    @abstractmethod
    def _route(self, run: GameRun, outs: list[Out]) -> None:
        """Act on a core's outputs (`net.peer_games`)."""

    @abstractmethod
    def _post(self, run: GameRun, key: bytes, envelope: dict[str, Any]) -> None:
        """Send a frame of a game once the journal inputs that caused it are on disk
        (`net.peer_games`)."""

    @abstractmethod
    def _game_over(self, run: GameRun, over: GameOver) -> None:
        """A game ended here (`net.peer_games`)."""

    @abstractmethod
    def _play(self, run: GameRun) -> None:
        """This seat's decision point in a game (`net.peer_bot`)."""

    @abstractmethod
    def _host_outs(self, outs: list[LobbyOut]) -> None:
        """Act on the host lobby's outputs (`net.peer_lobby`)."""

    @abstractmethod
    def _lobby_policy(self) -> None:
        """Take a seat and say ready when the match wants this peer (`net.peer_lobby`)."""

    @abstractmethod
    async def _publish(self) -> None:
        """Announce the hosted table (`net.peer_lobby`)."""

    @abstractmethod
    def _host_equivocated(self, two: TwoStarts) -> None:
        """Stop naming the host, who signed two different starts of one game (`net.peer_games`)."""

    @abstractmethod
    def _say_goodbye(self) -> None:
        """Tell the table this seat leaves the match after its latest game (`net.peer_lobby`)."""

    @abstractmethod
    def _check_lobby_waits(self) -> None:
        """End a member's lobby wait that ran past its deadline, in words (`net.peer_lobby`)."""

    @abstractmethod
    def _check_between_games(self) -> None:
        """End the match when a seat stays away between games (`net.peer_lobby`)."""
