"""One headless peer on the LAN: lobby, full mesh, one table core per game, a bot, a journal.

`Peer(settings).run()` listens with `net.transport.listen`, hosts (announcing the table with
`net.discovery`) or finds the table by name and joins its lobby, then for each game builds the
full mesh (each seat dials every lower seat; connections are mapped to seats by their
authenticated key; other keys are refused), drives a `TableCore` (receive, tick every 0.1 s,
intend with the bot) and journals every core input before acting on its outputs, so a killed
peer restarts, replays the journal and carries on. docs/protocol.md ("Peer runtime") explains it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import secrets
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.actions import FORFEIT
from engine.bots import Bot, make_bot
from engine.errors import IllegalAction
from engine.match import next_leader
from net.discovery import (
    DiscoveryError,
    TableAnnouncement,
    TableAppeared,
    TableBrowser,
    TablePublisher,
    TableUpdated,
    advertised_addresses,
    make_zeroconf,
    resolve_interfaces,
)
from net.handshake import ChannelError
from net.identity import Identity, fingerprint
from net.journal import (
    Journal,
    JournalContents,
    finished_summaries,
    journal_path,
    replay,
    unfinished_journals,
)
from net.lobby import (
    LOBBY,
    ChatReceived,
    GameStart,
    Kicked,
    LobbyChanged,
    LobbyClient,
    LobbyError,
    LobbyHost,
    LobbyOut,
    LobbyState,
    Refused,
    SeatAddress,
    Send,
    error_message,
    join_message,
    ready_message,
    seat_message,
    start_message,
)
from net.table.core import (
    GameOver,
    LinkViolation,
    MoveApplied,
    Out,
    PeerBack,
    PeerSilent,
    StateChanged,
    TableCore,
)
from net.table.reliable import Outgoing, ProtocolViolation
from net.transport import Connection, ConnectionClosedError, Listener, connect, listen

logger = logging.getLogger("net.peer")

GAME = "g"
"""The `t` field of a game frame envelope: `{"t": "g", "g": game number, "f": core frame}`."""
TICK_EVERY = 0.1
LINGER = 5.0
"""After its game is over a core keeps answering for at most this long, until every other seat
has acknowledged everything it sent."""
DIAL_BACKOFF = (0.2, 2.0)
MAX_EARLY_FRAMES = 4096
MAX_OUTBOX = 8192
"""Messages kept for a seat whose link is not up yet (sent when it comes up; beyond this the
reliable layer's resends on heartbeats catch up)."""


class PeerError(Exception):
    """The peer cannot go on (bad settings, no such table, a corrupt journal...)."""


@dataclass
class PeerSettings:
    """What the `durak-peer` command line chose."""

    name: str
    data_dir: Path
    host_table: str | None = None
    join_table: str | None = None
    variant: str = "throw-in"
    seats: int = 3
    options: dict[str, Any] = field(default_factory=dict)
    bot: str = "heuristic"
    games: int | None = None
    interface: str = "all"
    password: str | None = None
    resume: bool = False
    trace: Path | None = None
    bot_seed: int | None = None

    @property
    def table_name(self) -> str:
        """The table this peer hosts or joins."""
        name = self.host_table if self.host_table is not None else self.join_table
        if not name:
            raise PeerError("choose --host NAME or --join NAME")
        return name

    @property
    def journal_dir(self) -> Path:
        """Where game journals are kept."""
        return self.data_dir / "journals"


@dataclass
class GameRun:
    """One game at this peer: its core, journal and mesh."""

    start: GameStart
    core: TableCore
    journal: Journal | None
    epoch: float
    last_now: float
    seat_of: dict[bytes, int]
    over_at: float | None = None
    left_at: float | None = None
    summary: dict[str, Any] | None = None
    ended: bool = False
    dealt: bool = False
    redealing: bool = False  # a reshuffle's sub-deck is being dealt (crazy, poker)

    @property
    def game_no(self) -> int:
        """The game number."""
        return self.start.config.game_no

    def clock(self) -> float:
        """Seconds since the game began (never going back, even across a restart)."""
        self.last_now = max(self.last_now, time.time() - self.epoch)
        return self.last_now


def summarize(run: GameRun, over: GameOver) -> dict[str, Any]:
    """One game of the result JSON."""
    config = run.start.config
    verdict = over.verdict
    audit: dict[str, Any] | None = None
    if verdict is not None:
        audit = {
            "ok": verdict.ok,
            "cheaters": {str(seat): list(why) for seat, why in verdict.cheaters.items()},
            "forfeits": list(verdict.forfeits),
            "problems": list(verdict.problems),
        }
    result = {str(k): v for k, v in over.result.items()}
    return {
        "game": config.game_no,
        "log_hash": over.log_hash,
        "moves": len(run.core.entries),
        "fool": result.get("fool"),
        "draw": bool(result.get("draw")),
        "result": result,
        "reason": over.reason,
        "cheater": over.cheater,
        "evidence": over.evidence,
        "audit": audit,
        "first": config.first,
        "seats": seats_json(config.seats),
        "clean": over.reason == "finished" and verdict is not None and verdict.ok,
    }


def seats_json(seats: Any) -> list[dict[str, Any]]:
    """Seats with names and fingerprints."""
    return [
        {"seat": i, "name": s.name, "fingerprint": fingerprint(s.key), "bot": s.bot}
        for i, s in enumerate(seats)
    ]


def _monotonic() -> float:
    return time.clock_gettime(time.CLOCK_MONOTONIC)


class Peer:
    """A headless peer that hosts or joins one table and plays its games with a bot."""

    def __init__(self, settings: PeerSettings, identity: Identity) -> None:
        self.settings = settings
        self.identity = identity
        self.key = identity.public_key
        self.hosting = settings.host_table is not None
        self.bot: Bot = make_bot(
            settings.bot,
            settings.bot_seed if settings.bot_seed is not None else secrets.randbits(32),
        )
        self.links: dict[bytes, Connection] = {}
        self.spare: dict[bytes, list[Connection]] = {}
        self.outbox: dict[bytes, list[dict[str, Any]]] = {}
        self.unsent: list[tuple[bytes, dict[str, Any]]] = []
        self.unsynced: set[Journal] = set()
        self.flush_scheduled = False
        self.games: dict[int, GameRun] = {}
        self.early: dict[int, list[tuple[bytes, Any]]] = {}
        self.results: list[dict[str, Any]] = []
        self.lobby_host: LobbyHost | None = None
        self.lobby_client: LobbyClient | None = None
        self.lobby_state: LobbyState | None = None
        self.host_key: bytes | None = self.key if self.hosting else None
        self.host_address: SeatAddress | None = None
        self.table_id = ""
        self.games_total: int | None = settings.games
        self.readied: set[int] = set()
        self.dial_targets: dict[bytes, SeatAddress] = {}
        self.dialers: dict[bytes, asyncio.Task[None]] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self.listener: Listener | None = None
        self.publisher: TablePublisher | None = None
        self.zeroconf: Any = None
        self.my_address: SeatAddress | None = None
        self.finished = asyncio.Event()
        self.stopping = False
        self.failure: str | None = None
        self.leaving = False
        self.trace_file: Any = None
        self._announced: tuple[int, int, str] | None = None

    # ------------------------------------------------------------------ running

    async def run(self) -> dict[str, Any]:
        """Play the match; returns the result JSON (see `result()`)."""
        if self.settings.trace is not None:
            self.trace_file = self.settings.trace.open("a", buffering=1, encoding="utf-8")
        try:
            resumable = list(
                unfinished_journals(self.settings.journal_dir, self.settings.table_name)
            )
            resumable = [(p, c) for p, c in resumable if bytes(c.header["key"]) == self.key]
            if self.settings.resume and not resumable:
                raise PeerError(
                    f"no unfinished game of table {self.settings.table_name!r} to resume"
                )
            port = 0
            if resumable:
                port = resumable[-1][1].start.addresses[int(resumable[-1][1].header["seat"])].port
            await self._listen(port)
            loop = asyncio.get_running_loop()
            for number in (signal.SIGTERM, signal.SIGINT):
                with contextlib.suppress(NotImplementedError, RuntimeError):
                    loop.add_signal_handler(number, self.request_leave)
            ticker = self._spawn(self._tick_loop())
            if resumable:
                for path, contents in resumable:
                    self._resume(path, contents)
            else:
                setup = self._spawn(self._host() if self.hosting else self._join())
                setup.add_done_callback(self._setup_done)
            await self.finished.wait()
            ticker.cancel()
            if self.failure is not None:
                raise PeerError(self.failure)
            return self.result()
        finally:
            await self.close()

    def _setup_done(self, task: asyncio.Task[None]) -> None:
        """Hosting or joining failed: stop with its reason."""
        if not task.cancelled() and task.exception() is not None:
            error = task.exception()
            self._fail(str(error) if isinstance(error, PeerError) else f"cannot start: {error!r}")

    def request_leave(self) -> None:
        """Leave gracefully (SIGTERM, Ctrl-C): forfeit the running game, so the others can go
        on with this seat's keys published; a second request gives up at once."""
        if self.leaving:
            self._fail("interrupted while leaving")
            return
        self.leaving = True
        running = [run for run in self.games.values() if run.summary is None]
        logger.warning("leaving the table: forfeiting %d running game(s)", len(running))
        for run in running:
            try:
                outs = run.core.leave()
            except IllegalAction as error:
                logger.warning("game %d: cannot forfeit: %s", run.game_no, error)
                continue
            if run.journal is not None:
                run.journal.leave()
            self._route(run, outs)
        if not running:
            self._fail("left the table before a game started")

    def result(self) -> dict[str, Any]:
        """The result JSON: table, seats and names, and each game's log hash, fool and audit."""
        config = None
        if self.games:
            config = self.games[max(self.games)].start.config
        table: dict[str, Any] = {"name": self.settings.table_name, "id": self.table_id}
        if config is not None:
            table.update({"variant": config.variant, "options": dict(config.options)})
        if self.host_key is not None:
            table["host"] = fingerprint(self.host_key)
        return {
            "table": table,
            "me": {"name": self.settings.name, "fingerprint": fingerprint(self.key)},
            "seats": seats_json(config.seats) if config is not None else [],
            "games": self.results,
            "ok": bool(self.results)
            and len(self.results) >= (self.games_total or 1)
            and all(g["clean"] for g in self.results),
        }

    async def close(self) -> None:
        """Stop everything: dialers, links, listener, mDNS, journals."""
        self.stopping = True
        for task in list(self.dialers.values()) + list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.dialers.values(), *self.tasks, return_exceptions=True)
        spares = [c for connections in self.spare.values() for c in connections]
        every = {id(c): c for c in [*self.links.values(), *spares]}
        for link in every.values():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(link.close("match over"), 2.0)
        if self.listener is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.listener.close(), 3.0)
        if self.publisher is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.publisher.unregister(), 3.0)
        if self.zeroconf is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.zeroconf.async_close(), 3.0)
        for run in self.games.values():
            if run.journal is not None:
                run.journal.close()
        if self.trace_file is not None:
            self.trace_file.close()
            self.trace_file = None

    def _spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def _fail(self, reason: str) -> None:
        """Stop the peer; `run` raises PeerError with the first reason (logged by the caller)."""
        self.failure = self.failure or reason
        self.finished.set()

    def _trace(self, event: str, at: float | None = None, **fields: Any) -> None:
        if self.trace_file is not None:
            when = _monotonic() if at is None else at
            record = {"t": when, "event": event, "peer": self.settings.name, **fields}
            self.trace_file.write(json.dumps(record) + "\n")

    # ------------------------------------------------------------------ sockets

    def _listen_hosts(self) -> list[str] | None:
        if self.settings.interface == "all":
            return None
        chosen = resolve_interfaces(self.settings.interface)
        assert isinstance(chosen, list)
        return [a for a in chosen if not _link_local(a)]

    async def _listen(self, port: int) -> None:
        self.listener = await listen(
            self.identity,
            self._on_connection,
            host=self._listen_hosts(),
            port=port,
            password=self.settings.password,
            accept_peer=self._accept,
        )
        addresses = [a for a in advertised_addresses(self.settings.interface) if not _link_local(a)]
        self.my_address = SeatAddress(tuple(addresses[:8]), self.listener.port)
        logger.info(
            "%s (%s) listening on port %d, addresses %s",
            self.settings.name,
            fingerprint(self.key),
            self.listener.port,
            ", ".join(addresses),
        )

    def _accept(self, key: bytes) -> bool:
        """Which keys may connect: anyone at the host's lobby, otherwise the seats of our games."""
        if key == self.key:
            return False
        if self.lobby_host is not None and (
            key in self.lobby_host.members or self.lobby_host.free_seats()
        ):
            return True
        if key == self.host_key:
            return True
        return any(key in run.seat_of for run in self.games.values())

    async def _on_connection(self, connection: Connection) -> None:
        self._attach(connection)
        await self._read(connection)

    def _attach(self, connection: Connection) -> None:
        """Use this connection for its key from now on (the newest connection of a key wins)."""
        key = connection.peer_key
        old = self.links.get(key)
        self.links[key] = connection
        self.spare.setdefault(key, []).append(connection)
        if old is None or old.closed:
            logger.info("link to %s up", connection.peer_fingerprint)
        waiting = self.outbox.pop(key, [])
        for index, message in enumerate(waiting):
            if connection.closed:
                self.outbox[key] = waiting[index:]
                break
            self._send(key, message)

    async def _read(self, connection: Connection) -> None:
        async for message in connection:
            try:
                self._dispatch(connection, message)
            except Exception:
                logger.exception("internal error handling a message from %s", connection)
                self._fail("internal error; see the log")
        key = connection.peer_key
        others = [c for c in self.spare.get(key, []) if c is not connection and not c.closed]
        self.spare[key] = others
        if self.links.get(key) is connection:
            del self.links[key]
            logger.info("link to %s down: %s", fingerprint(key), connection.close_reason)
            if others:  # another connection with this key is still open: use it
                self._attach(others.pop())
            elif self.lobby_host is not None and not self.stopping:
                self._host_outs(self.lobby_host.disconnected(key))

    def _send(self, key: bytes, message: dict[str, Any]) -> bool:
        link = self.links.get(key)
        if link is None or link.closed:
            waiting = self.outbox.setdefault(key, [])
            if len(waiting) < MAX_OUTBOX:
                waiting.append(message)
            return False
        try:
            link.send(message)
        except (ConnectionClosedError, ChannelError) as error:
            logger.debug("cannot send to %s: %s", fingerprint(key), error)
            return False
        return True

    def _post(self, run: GameRun, key: bytes, envelope: dict[str, Any]) -> None:
        """Send a game frame once the journal inputs that caused it are on disk: frames wait
        until the event loop has handled what is ready now, then one fsync covers them all."""
        self.unsent.append((key, envelope))
        if run.journal is not None:
            self.unsynced.add(run.journal)
        if not self.flush_scheduled:
            self.flush_scheduled = True
            asyncio.get_running_loop().call_soon(self._flush_unsent)

    def _flush_unsent(self) -> None:
        self.flush_scheduled = False
        for journal in self.unsynced:
            journal.sync()
        self.unsynced.clear()
        unsent, self.unsent = self.unsent, []
        for key, envelope in unsent:
            self._send(key, envelope)

    def _drop(self, connection: Connection, reason: str) -> None:
        logger.warning("dropping connection with %s: %s", connection.peer_fingerprint, reason)
        self._spawn(connection.close(reason[:150]))

    def _want_link(self, key: bytes, address: SeatAddress) -> None:
        """Keep a connection to `key` open, dialling it (with backoff) whenever there is none."""
        self.dial_targets[key] = address
        if key not in self.dialers and not self.stopping:
            self.dialers[key] = asyncio.get_running_loop().create_task(self._dial_loop(key))

    async def _dial_loop(self, key: bytes) -> None:
        delay = DIAL_BACKOFF[0]
        while not self.stopping and not self._played_all():
            link = self.links.get(key)
            if link is not None and not link.closed:
                await link.wait_closed()
                await asyncio.sleep(0.05)
                continue
            target = self.dial_targets[key]
            try:
                connection = await connect(
                    list(target.addresses),
                    target.port,
                    self.identity,
                    password=self.settings.password,
                    expected_peer_key=key,
                )
            except (OSError, ChannelError, TimeoutError) as error:
                if key == self.host_key and not self.games and isinstance(error, ChannelError):
                    if "password" in error.reason:
                        self._fail(f"the table refused the password: {error.reason}")
                        return
                    if "not accepted" in error.reason:
                        self._fail(f"the host did not let us in (table full?): {error.reason}")
                        return
                logger.info("cannot reach %s yet: %s", fingerprint(key), error)
                await asyncio.sleep(delay)
                delay = min(delay * 2, DIAL_BACKOFF[1])
                continue
            delay = DIAL_BACKOFF[0]
            self._attach(connection)
            if key == self.host_key and self.lobby_client is not None:
                self._send_join()
            await self._read(connection)

    # ------------------------------------------------------------------ dispatch

    def _dispatch(self, connection: Connection, message: Any) -> None:
        if not isinstance(message, dict):
            self._drop(connection, "sent a message that is not a map")
            return
        kind = message.get("t")
        if kind == GAME:
            self._game_frame(connection, message)
        elif kind == LOBBY:
            self._lobby_message(connection, message)
        else:
            self._drop(connection, f"sent a message of unknown type {kind!r}")

    def _game_frame(self, connection: Connection, message: dict[str, Any]) -> None:
        game_no, frame = message.get("g"), message.get("f")
        if type(game_no) is not int or game_no < 0:
            self._drop(connection, "game frame without a game number")
            return
        run = self.games.get(game_no)
        if run is None:
            if self._done_with(game_no):
                return
            early = self.early.setdefault(game_no, [])
            if sum(len(v) for v in self.early.values()) < MAX_EARLY_FRAMES:
                early.append((connection.peer_key, frame))
            return
        sender = run.seat_of.get(connection.peer_key)
        if sender is None:
            self._drop(connection, f"its key has no seat in game {game_no}")
            return
        self._core_receive(run, sender, frame, connection)

    def _done_with(self, game_no: int) -> bool:
        """A game this peer finished and forgot, or will never play."""
        return any(int(s["game"]) == game_no for s in self.results)

    def _core_receive(
        self, run: GameRun, sender: int, frame: Any, connection: Connection | None
    ) -> None:
        now = run.clock()
        violation: ProtocolViolation | None = None
        outs: list[Out] = []
        began = time.perf_counter()
        try:
            outs = run.core.receive(sender, frame, now)
        except ProtocolViolation as error:
            violation = error
        took = time.perf_counter() - began
        if run.journal is not None:
            run.journal.receive(sender, frame, now)
        logger.debug(
            "game %d: frame from seat %d took %.1f ms (+%.1f ms journal)",
            run.game_no,
            sender,
            took * 1000,
            (time.perf_counter() - began - took) * 1000,
        )
        if violation is not None:
            logger.warning(
                "game %d: protocol violation by seat %d (%s): %s",
                run.game_no,
                violation.seat,
                run.start.config.seats[violation.seat].name,
                violation.reason,
            )
            if connection is not None:
                self._drop(connection, f"protocol violation: {violation.reason}")
            return
        self._route(run, outs)

    # ------------------------------------------------------------------ the core

    def _route(self, run: GameRun, outs: list[Out]) -> None:
        seats = run.start.config.seats
        for item in outs:
            if isinstance(item, Outgoing):
                payload = item.frame.get("p")
                if (
                    self.settings.trace is not None
                    and item.to is None
                    and isinstance(payload, dict)
                    and payload.get("k") == "act"
                ):  # this seat signed a move (first sending only: resends go to one seat)
                    self._trace("signed", game=run.game_no, index=payload.get("i"))
                envelope = {"t": GAME, "g": run.game_no, "f": item.frame}
                targets = [item.to] if item.to is not None else range(len(seats))
                for target in targets:
                    if target != run.core.seat:
                        self._post(run, seats[target].key, envelope)
            elif isinstance(item, StateChanged):
                if not run.dealt:
                    run.dealt = True
                    self._trace("dealt", game=run.game_no)
                if run.redealing and run.core.resume is None:
                    run.redealing = False
                    self._trace("redealt", game=run.game_no)
                self._play(run)
            elif isinstance(item, MoveApplied):
                self._trace("applied", game=run.game_no, index=item.index, action=str(item.action))
                if run.core.resume is not None and not run.redealing:  # waits for a sub-deck
                    run.redealing = True
                    size = run.core.deals[-1].context.size
                    self._trace("reshuffle", game=run.game_no, index=item.index, positions=size)
                if item.action.kind == FORFEIT and item.action.seat == run.core.seat:
                    run.left_at = run.last_now
            elif isinstance(item, PeerSilent):
                logger.info("game %d: seat %d is silent", run.game_no, item.seat)
            elif isinstance(item, PeerBack):
                logger.info("game %d: seat %d is back", run.game_no, item.seat)
            elif isinstance(item, GameOver):
                self._game_over(run, item)
            elif isinstance(item, LinkViolation):  # an unsigned message: close that link
                logger.warning("game %d: seat %d: %s", run.game_no, item.seat, item.reason)
                connection = self.links.get(seats[item.seat].key)
                if connection is not None:
                    self._drop(connection, f"protocol violation: {item.reason}")

    def _play(self, run: GameRun) -> None:
        core = run.core
        if core.over is not None or core.game is None or not core.my_turn:
            return
        if core.intent is not None:
            return
        legal = core.game.legal_actions(core.seat)
        if not legal:
            return  # the game waits for this seat, but its new cards are not open to it yet
        try:
            action = self.bot.choose(core.game, core.seat)
        except Exception:
            logger.exception(
                "game %d: the %s bot failed; playing %s instead",
                run.game_no,
                self.settings.bot,
                legal[0],
            )
            action = legal[0]
        index, signed_at = len(core.entries), _monotonic()
        try:
            outs = core.intend(action)
        except IllegalAction as error:
            logger.error(
                "game %d: the bot chose %s, which is not legal: %s", run.game_no, action, error
            )
            return
        if run.journal is not None:
            run.journal.intend(action)
        self._trace("intend", game=run.game_no, index=index, action=str(action), at=signed_at)
        self._route(run, outs)

    async def _tick_loop(self) -> None:
        while not self.stopping:
            for run in list(self.games.values()):
                now = run.clock()
                outs = run.core.tick(now)
                if run.journal is not None:
                    run.journal.tick(now)
                self._route(run, outs)
                self._play(run)
                self._maybe_end(run, now)
            if self._match_done():
                self.finished.set()
                return
            await asyncio.sleep(TICK_EVERY)

    def _maybe_end(self, run: GameRun, now: float) -> None:
        """Close the journal of a finished game once everyone has what this seat sent."""
        if run.left_at is not None and run.summary is None:
            # A seat that forfeited takes no part in the audit: it is done once the others have
            # its forfeit and its published keys.
            others = [s for s in range(run.start.config.players) if s != run.core.seat]
            if run.core.net.all_acked(others) or now - run.left_at > LINGER:
                result = dict(run.core.game.result) if run.core.game is not None else {}
                self._game_over(run, GameOver(result, None, run.core.log_hash, "left"))
        if run.ended or run.over_at is None or run.summary is None:
            return
        others = [s for s in range(run.start.config.players) if s != run.core.seat]
        if run.core.net.all_acked(others) or now - run.over_at > LINGER:
            run.ended = True
            if run.journal is not None:
                run.journal.end(run.summary)
                run.journal.close()
                run.journal = None

    def _played_all(self) -> bool:
        """Every game this peer will play is over here."""
        if self.leaving and all(run.summary is not None for run in self.games.values()):
            return True
        if not self.results:
            return False
        return len(self.results) >= (self.games_total or 1) or not self.results[-1]["clean"]

    def _match_done(self) -> bool:
        return self._played_all() and all(run.ended for run in self.games.values())

    def _game_over(self, run: GameRun, over: GameOver) -> None:
        if run.summary is not None:
            return
        run.over_at = run.last_now
        run.summary = summarize(run, over)
        self.results.append(run.summary)
        self.results.sort(key=lambda s: int(s["game"]))
        self._trace("over", game=run.game_no, log_hash=over.log_hash)
        verdict = run.summary["audit"]
        if over.reason == "cheat":
            logger.error("game %d: CHEAT by seat %s: %s", run.game_no, over.cheater, over.evidence)
        logger.info(
            "game %d over (%s): fool %s, log %s, audit %s",
            run.game_no,
            over.reason,
            run.summary["fool"],
            over.log_hash[:16],
            "clean" if run.summary["clean"] else verdict,
        )
        if self.lobby_host is not None:
            first = next_leader(run.core.rules, run.start.config.players, run.core.game)
            self._host_outs(self.lobby_host.game_finished(first))
        self._lobby_policy()

    def _start_game(self, start: GameStart) -> None:
        config = start.config
        if config.game_no in self.games or self._done_with(config.game_no):
            return
        keys = [s.key for s in config.seats]
        if self.key not in keys:
            logger.warning("game %d starts without this peer", config.game_no)
            return
        seat = keys.index(self.key)
        self.table_id = config.table_id
        seed = secrets.token_bytes(32)
        epoch = time.time()
        header = {
            "config": config.as_wire(),
            "addresses": [a.as_wire() for a in start.addresses],
            "seat": seat,
            "seed": seed,
            "key": self.key,
            "now": 0.0,
            "epoch": epoch,
            "table_name": self.settings.table_name,
            "host_key": self.host_key,
            "hosting": self.hosting,
            "games": self.games_total,
            "name": self.settings.name,
        }
        path = journal_path(self.settings.journal_dir, config.table_id, config.game_no, self.key)
        journal = Journal.create(path, header)
        journal.sync_each = False
        core = TableCore(config, seat, self.identity, seed, 0.0)
        run = GameRun(start, core, journal, epoch, 0.0, {k: i for i, k in enumerate(keys)})
        self.games[config.game_no] = run
        logger.info(
            "game %d starts: %s, seat %d of %d, first %s",
            config.game_no,
            config.variant,
            seat,
            config.players,
            config.first,
        )
        self._mesh(run)
        now = run.clock()
        outs = core.start(now)
        journal.start(now)
        self._route(run, outs)
        self._flush_early(run)

    def _mesh(self, run: GameRun) -> None:
        """Dial every lower seat (and the host, for the lobby)."""
        seats = run.start.config.seats
        for index in range(run.core.seat):
            self._want_link(seats[index].key, run.start.addresses[index])
        if self.host_key is not None and self.host_key != self.key and self.host_key in run.seat_of:
            address = run.start.addresses[run.seat_of[self.host_key]]
            self.host_address = self.host_address or address
            self._want_link(self.host_key, self.host_address)

    def _flush_early(self, run: GameRun) -> None:
        for key, frame in self.early.pop(run.game_no, []):
            sender = run.seat_of.get(key)
            if sender is not None:
                self._core_receive(run, sender, frame, None)

    def _resume(self, path: Path, contents: JournalContents) -> None:
        """Rebuild a game from its journal and carry on."""
        header = contents.header
        journal, contents = Journal.reopen(path)
        journal.sync_each = False
        started = time.perf_counter()
        core = replay(contents, self.identity)
        start = contents.start
        config = start.config
        logger.info(
            "resumed game %d of table %r from %s: %d inputs replayed in %.2f s, log has %d moves",
            config.game_no,
            config.table_id,
            path,
            len(contents.inputs),
            time.perf_counter() - started,
            len(core.entries),
        )
        self.table_id = config.table_id
        self.host_key = bytes(header["host_key"]) if header.get("host_key") else None
        if self.games_total is None and header.get("games"):
            self.games_total = int(header["games"])
        seat_of = {s.key: i for i, s in enumerate(config.seats)}
        run = GameRun(start, core, journal, float(header["epoch"]), contents.last_now, seat_of)
        if not self.results:
            self.results = finished_summaries(self.settings.journal_dir, config.table_id)
        self.games[config.game_no] = run
        if core.game is not None:
            run.dealt = True
        if self.hosting:
            self.lobby_host = LobbyHost(
                self.settings.table_name,
                config.table_id,
                self.key,
                config.variant,
                dict(config.options),
                config.players,
                self.games_total or 1,
            )
            self.lobby_host.resume(start)
            self._spawn(self._publish())
        else:
            assert self.host_key is not None
            self.lobby_client = LobbyClient(self.key, self.host_key)
        self._mesh(run)
        if core.over is not None:
            self._game_over(run, core.over)

    # ------------------------------------------------------------------ lobby

    async def _host(self) -> None:
        settings = self.settings
        assert self.my_address is not None
        self.table_id = f"{settings.table_name[:24]}-{secrets.token_hex(6)}"
        try:
            self.lobby_host = LobbyHost(
                settings.table_name,
                self.table_id,
                self.key,
                settings.variant,
                dict(settings.options),
                settings.seats,
                settings.games or 1,
            )
        except ValueError as error:
            raise PeerError(f"cannot host: {error}") from None
        self.games_total = settings.games or 1
        self._host_outs(
            self.lobby_host.receive(
                self.key, join_message(settings.name, settings.bot, self.my_address)
            )
        )
        await self._publish()

    async def _publish(self) -> None:
        assert self.lobby_host is not None and self.listener is not None
        self.zeroconf = make_zeroconf(self.settings.interface)
        state = self.lobby_host.state()
        announcement = TableAnnouncement.create(
            name=self.settings.table_name,
            variant=state.variant,
            seats_taken=state.seats_taken,
            seats_total=state.seats,
            host_key=self.key,
            host_name=self.settings.name,
            password=self.settings.password is not None,
            port=self.listener.port,
            addresses=advertised_addresses(self.settings.interface),
        )
        self.publisher = TablePublisher(self.zeroconf, announcement)
        await self.publisher.register()
        self._announced = (state.seats_taken, state.seats, state.variant)
        logger.info("announced table %r as %s", self.settings.table_name, announcement.service_name)
        self._spawn(self._update_announcement())

    async def _update_announcement(self) -> None:
        if self.publisher is None or self.lobby_host is None or self._announced is None:
            return
        state = self.lobby_host.state()
        now = (state.seats_taken, state.seats, state.variant)
        if now == self._announced:
            return
        self._announced = now
        try:
            await self.publisher.update(
                seats_taken=state.seats_taken, seats_total=state.seats, variant=state.variant
            )
        except DiscoveryError as error:
            logger.warning("cannot update the announcement: %s", error)

    async def _join(self) -> None:
        settings = self.settings
        self.zeroconf = make_zeroconf(settings.interface)
        browser = TableBrowser(self.zeroconf)
        await browser.start()
        try:
            logger.info("looking for table %r", settings.table_name)
            while True:
                event = await browser.next_event()
                if isinstance(event, TableAppeared | TableUpdated) and (
                    event.table.name == settings.table_name
                ):
                    table = event.table
                    break
        finally:
            await browser.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.zeroconf.async_close(), 3.0)
        self.zeroconf = None
        logger.info(
            "found table %r hosted by %s (%s) at %s port %d",
            table.name,
            table.host_name,
            table.host_fingerprint,
            ", ".join(table.addresses),
            table.port,
        )
        if table.password and settings.password is None:
            raise PeerError(f"table {table.name!r} needs a password (--password)")
        self.host_key = table.host_key
        self.host_address = SeatAddress(tuple(table.addresses[:8]), table.port)
        self.lobby_client = LobbyClient(self.key, table.host_key)
        self._want_link(table.host_key, self.host_address)

    def _send_join(self) -> None:
        assert self.host_key is not None and self.my_address is not None
        self._send(
            self.host_key, join_message(self.settings.name, self.settings.bot, self.my_address)
        )

    def _to_host(self, message: dict[str, Any]) -> None:
        """A lobby message from this peer to the host (itself, when hosting)."""
        if self.lobby_host is not None:
            try:
                outs = self.lobby_host.receive(self.key, message)
            except LobbyError as error:
                logger.warning("lobby refused our own %s: %s", message.get("k"), error)
                return
            self._host_outs(outs)
        elif self.host_key is not None:
            self._send(self.host_key, message)

    def _lobby_message(self, connection: Connection, message: dict[str, Any]) -> None:
        key = connection.peer_key
        if self.lobby_host is not None:
            if message.get("k") == "join":
                message = _with_seen_address(message, connection)
            try:
                outs = self.lobby_host.receive(key, message)
            except LobbyError as error:
                logger.warning("lobby: %s", error)
                self._send(key, error_message(str(error)))
                return
            self._host_outs(outs)
        elif self.lobby_client is not None and key == self.host_key:
            try:
                events = self.lobby_client.receive(message)
            except LobbyError as error:
                self._drop(connection, str(error))
                return
            self._client_events(events)
        else:
            self._drop(connection, "sent a lobby message, but it is not the host")

    def _host_outs(self, outs: list[LobbyOut]) -> None:
        assert self.lobby_host is not None
        for item in outs:
            if isinstance(item, Send):
                if item.to is None:
                    for member in list(self.lobby_host.members):
                        if member != self.key:
                            self._send(member, item.message)
                elif item.to != self.key:
                    self._send(item.to, item.message)
            elif isinstance(item, GameStart):
                self._trace("start", game=item.config.game_no)
                self._start_game(item)
            elif isinstance(item, Kicked):
                link = self.links.get(item.key)
                if link is not None:
                    self._spawn(link.close("kicked"))
            elif isinstance(item, LobbyChanged):
                self.lobby_state = item.state
                self._spawn(self._update_announcement())
            elif isinstance(item, ChatReceived):
                logger.info("chat from %s: %s", item.name, item.text)
        self._lobby_policy()
        host = self.lobby_host
        total = self.games_total or 1
        if host.can_start and host.game < total and not self.stopping:
            self._host_outs(host.receive(self.key, start_message(host.next_first)))

    def _client_events(self, events: list[LobbyOut]) -> None:
        for item in events:
            if isinstance(item, LobbyChanged):
                self.lobby_state = item.state
                if self.games_total is None:
                    self.games_total = item.state.games
                self._lobby_policy()
            elif isinstance(item, GameStart):
                self._start_game(item)
            elif isinstance(item, Kicked):
                self._fail(f"kicked by the host: {item.reason or 'no reason given'}")
            elif isinstance(item, Refused):
                logger.warning("the host refused: %s", item.reason)
            elif isinstance(item, ChatReceived):
                logger.info("chat from %s: %s", item.name, item.text)

    def _lobby_policy(self) -> None:
        """A headless player takes any free seat, and says ready for the next game when its
        previous games are over and the match wants more."""
        state = self.lobby_state
        if state is None:
            return
        me = next((m for m in state.members if m.get("key") == self.key), None)
        if me is None:
            return
        if me.get("seat") is None:
            if not state.playing and -1 not in self.readied:
                self.readied.add(-1)
                self._to_host(seat_message(None))
            return
        self.readied.discard(-1)
        wanted = state.game + 1 if state.playing else state.game
        total = self.games_total or state.games
        if wanted >= total or wanted in self.readied or me.get("ready"):
            return
        if any(run.summary is None for run in self.games.values()):
            return  # still playing
        if self.results and not self.results[-1]["clean"]:
            return  # the match stops after a game that went wrong
        self.readied.add(wanted)
        self._to_host(ready_message(wanted))


def _with_seen_address(message: dict[str, Any], connection: Connection) -> dict[str, Any]:
    """A join message with the address the host sees the member at put first (it is reachable
    from the host at least, whatever the member thinks its addresses are)."""
    seen = connection.peer_address[0] if connection.peer_address else None
    addresses = message.get("addresses")
    if not isinstance(seen, str) or not isinstance(addresses, list) or _link_local(seen):
        return message
    if seen.startswith("::ffff:"):
        seen = seen.removeprefix("::ffff:")
    return {**message, "addresses": [seen, *(a for a in addresses if a != seen)][:8]}


def _link_local(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.split("%", 1)[0]).is_link_local
    except ValueError:
        return True


def default_data_dir() -> Path:
    """`$XDG_DATA_HOME/durak-lan` (with `~/.local/share` when XDG_DATA_HOME is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "durak-lan"
