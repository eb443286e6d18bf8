"""One headless peer on the LAN: it joins the lobby and the games together, with a bot.

`Peer(settings, identity).run()` listens (`net.mesh`), hosts (announcing the table, see
`net.table_finder`) or finds the table by name or address and joins its lobby (`net.lobby`),
then for each game builds the full mesh (each seat dials every lower seat), drives a
`TableCore` (receive, tick every 0.1 s, intend with the bot) and journals every core input
before acting on its outputs (`net.journal`), so a killed peer restarts, replays the journal
and carries on. One game's state and end are `net.game_run`; the words and errors a player
sees are `net.peer_events`. docs/protocol.md ("Peer runtime") explains it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import signal
import time
from pathlib import Path
from typing import Any

import msgpack

from engine.actions import FORFEIT, Action
from engine.bots import Bot, make_bot
from engine.errors import IllegalAction
from net.bot_worker import WorkerBot, worker_bot_or_none
from net.game_run import GameRun, awaited, away_too_long, for_the_player, seats_json, summarize
from net.identity import Identity, fingerprint
from net.journal import (
    Journal,
    JournalContents,
    finished_summaries,
    journal_path,
    replay,
    retire,
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
    parse_host_port,
    ready_message,
    seat_message,
    start_message,
)
from net.mesh import MATCH_ENDED, Mesh, link_local, monotonic
from net.peer_events import JoinError, PeerError, SeatBack, SeatSilent
from net.peer_settings import PeerSettings, default_data_dir
from net.table.config import TableConfig
from net.table.core import (
    GameOver,
    LinkViolation,
    MoveApplied,
    Out,
    StateChanged,
    TableCore,
)
from net.table.reliable import Outgoing, ProtocolViolation
from net.table_finder import Announcer, find_host, find_named_table, first_contact, refusal
from net.transport import Connection, Listener

logger = logging.getLogger("net.peer")

GAME = "g"
"""The `t` field of a game frame envelope: `{"t": "g", "g": game number, "f": core frame}`."""
TICK_EVERY = 0.1
REDISCOVER_AFTER = 3.0
"""Seconds the host may be unreachable outside a game before it is looked for again by mDNS."""
MAX_EARLY_FRAMES = 4096
MAX_EARLY_BYTES_PER_PEER = 1 << 20
"""Bytes of early frames (of a game not started here yet) kept per sender."""


__all__ = ["GameRun", "JoinError", "Peer", "PeerError", "PeerSettings", "default_data_dir"]


class Peer:
    """A headless peer that hosts or joins one table and plays its games with a bot."""

    def __init__(self, settings: PeerSettings, identity: Identity) -> None:
        self.settings = settings
        self.identity = identity
        self.key = identity.public_key
        self.hosting = settings.host_table is not None
        seed = settings.bot_seed if settings.bot_seed is not None else secrets.randbits(32)
        self.bot: Bot = worker_bot_or_none(settings.bot, seed) or make_bot(settings.bot, seed)
        self.mesh = Mesh(identity, settings.password, self)
        self.announcer = Announcer(settings.interface)
        self.unsent: list[tuple[bytes, dict[str, Any]]] = []
        self.unsynced: set[Journal] = set()
        self.flush_scheduled = False
        self.games: dict[int, GameRun] = {}
        """Games running here, or over and still answering; a closed game is only a summary."""
        self.last_config: TableConfig | None = None
        self.table_keys: set[bytes] = set()
        """Keys of the seats of games this peer finished (they may connect for the next)."""
        self.early: dict[int, list[tuple[bytes, Any, int]]] = {}
        """Frames of games not started here yet: (sender key, frame, its size in bytes)."""
        self.early_bytes: dict[bytes, int] = {}
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

    @property
    def listener(self) -> Listener | None:
        """Where this peer listens (None before `run` starts listening)."""
        return self.mesh.listener

    @property
    def my_address(self) -> SeatAddress | None:
        """The addresses and port the other seats dial."""
        return self.mesh.address

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
            if self.settings.host_key is not None:  # another table of that name is not ours
                resumable = [
                    (p, c)
                    for p, c in resumable
                    if c.header.get("host_key") == self.settings.host_key
                ]
            if self.settings.resume and not resumable:
                raise PeerError(
                    f"no unfinished game of table {self.settings.table_name!r} to resume"
                )
            port = self.settings.port
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
                raise self.failure_error or PeerError(self.failure)
            return self.result()
        finally:
            await self.close()

    def _setup_done(self, task: asyncio.Task[None]) -> None:
        """Hosting or joining failed: stop with its reason."""
        if not task.cancelled() and task.exception() is not None:
            error = task.exception()
            if isinstance(error, PeerError):
                self._fail_with(error)
            else:
                self._fail(f"cannot start: {error!r}")

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
        config = self.last_config
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
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.mesh.close()
        await self.announcer.close()
        if isinstance(self.bot, WorkerBot):
            self.bot.close()
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

    def _fail_with(self, error: PeerError) -> None:
        """Stop the peer; `run` raises this error (typed, for a client to tell failures apart)."""
        if self.failure is None:
            self.failure_error = error
        self._fail(str(error))

    def _trace(self, event: str, at: float | None = None, **fields: Any) -> None:
        if self.trace_file is not None:
            when = monotonic() if at is None else at
            record = {"t": when, "event": event, "peer": self.settings.name, **fields}
            self.trace_file.write(json.dumps(record) + "\n")

    # ------------------------------------------------------------------ sockets

    async def _listen(self, port: int) -> None:
        await self.mesh.listen(self.settings.interface, port, self._accept)
        assert self.mesh.listener is not None and self.mesh.address is not None
        logger.info(
            "%s (%s) listening on port %d, addresses %s",
            self.settings.name,
            fingerprint(self.key),
            self.mesh.listener.port,
            ", ".join(self.mesh.address.addresses),
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
        return key in self.table_keys or any(key in run.seat_of for run in self.games.values())

    # The mesh's questions (net.mesh.MeshOwner).

    def on_message(self, connection: Connection, message: Any) -> None:
        """A message from a connection: a game frame or a lobby message."""
        self._dispatch(connection, message)

    def on_link_down(self, key: bytes, connection: Connection) -> None:
        """A key's last connection closed: the lobby hears of it; a host that ended its match
        ends ours."""
        if self.lobby_host is not None:
            self._host_outs(self.lobby_host.disconnected(key))
        elif key == self.host_key and MATCH_ENDED in str(connection.close_reason):
            self._host_ended_match()

    def on_dialed(self, key: bytes) -> None:
        """A dialled link is up: to the host, (re)join its lobby."""
        if key == self.host_key and self.lobby_client is not None:
            if not self._playing():
                self.readied.clear()  # a restarted host forgot our seat and our "ready"
            self._send_join()

    async def on_unreachable(self, key: bytes, error: Exception, for_seconds: float) -> bool:
        """Only the host outside a game has a deadline here (the cores watch the seats)."""
        if key != self.host_key or self._playing():
            return False
        return await self._host_unreachable(error, for_seconds)

    def keep_dialing(self) -> bool:
        """Links are wanted until every game is played and closed."""
        return not self._match_done()

    def fail(self, reason: str) -> None:
        """Stop the peer (the mesh hit an internal error)."""
        self._fail(reason)

    def _host_ended_match(self) -> None:
        """The host closed our link because its match ended: between games that ends ours."""
        if not self._playing() and not self._played_all() and not self.stopping:
            table = self.table_label()
            self._fail_with(JoinError("vanished", table, "the host ended the match"))

    def _check_between_games(self) -> None:
        """The host, between games of a match: a seated member away for longer than the resume
        window will not say ready, so the match ends (the others are told as the host closes)."""
        host = self.lobby_host
        if host is None or self._playing() or not self.results or self._played_all():
            return
        window = self.settings.resume_window
        gone = [
            member.name
            for member in host.seated()
            if member.key != self.key
            and monotonic() - self.mesh.away_since.get(member.key, 1e18) > window
        ]
        if gone:
            names = " and ".join(gone)
            self._fail(f"{names} left the table between games; the match ends")

    def _send(self, key: bytes, message: dict[str, Any]) -> bool:
        return self.mesh.send(key, message)

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

    def _playing(self) -> bool:
        """A game of this peer is running (its mesh and core govern the waits then)."""
        return any(run.summary is None for run in self.games.values())

    async def _host_unreachable(self, error: Exception, for_seconds: float) -> bool:
        """The host cannot be reached outside a game: stop with a JoinError when it refused us or
        stayed away past the deadline (the join timeout in the lobby, the resume window between
        games); look for it again by its identity over mDNS (a host restarted in the lobby listens
        on a new port). True when the peer stops."""
        table = self.table_label()
        refused = refusal(error, table)
        if refused is not None and not self.games:
            self._fail_with(refused)
            return True
        deadline = self.settings.resume_window if self.games else self.settings.join_timeout
        if for_seconds > deadline:
            self._fail_with(JoinError("vanished", table, f"no answer for {for_seconds:.0f} s"))
            return True
        if for_seconds > REDISCOVER_AFTER and self.host_key is not None:
            found = await find_host(self.settings.interface, self.host_key, REDISCOVER_AFTER)
            if found is not None:
                address = SeatAddress(tuple(found.addresses[:8]), found.port)
                if address != self.mesh.dial_targets.get(self.host_key):
                    logger.info("found the host again at %s port %d", found.addresses, found.port)
                    self.host_address = address
                    self.mesh.dial_targets[self.host_key] = address
        return False

    def table_label(self) -> str:
        """The table's name for messages (its address when joined by address)."""
        if self.lobby_state is not None:
            return self.lobby_state.table
        return self.settings.host_table or self.settings.join_table or self.settings.connect or ""

    # ------------------------------------------------------------------ dispatch

    def _dispatch(self, connection: Connection, message: Any) -> None:
        if not isinstance(message, dict):
            self.mesh.drop(connection, "sent a message that is not a map")
            return
        kind = message.get("t")
        if kind == GAME:
            self._game_frame(connection, message)
        elif kind == LOBBY:
            self._lobby_message(connection, message)
        else:
            self.mesh.drop(connection, f"sent a message of unknown type {kind!r}")

    def _game_frame(self, connection: Connection, message: dict[str, Any]) -> None:
        game_no, frame = message.get("g"), message.get("f")
        if type(game_no) is not int or game_no < 0:
            self.mesh.drop(connection, "game frame without a game number")
            return
        run = self.games.get(game_no)
        if run is None:
            self._keep_early(connection.peer_key, game_no, frame)
            return
        sender = run.seat_of.get(connection.peer_key)
        if sender is None:
            self.mesh.drop(connection, f"its key has no seat in game {game_no}")
            return
        self._core_receive(run, sender, frame, connection)

    def _keep_early(self, key: bytes, game_no: int, frame: Any) -> None:
        """Keep a frame of a game not started here yet, when it can be the next game and its
        sender stays within MAX_EARLY_BYTES_PER_PEER (beyond, the reliable layer resends it)."""
        known = [*self.games, *(int(s["game"]) for s in self.results)]
        if self._done_with(game_no) or game_no > max(known, default=-1) + 2:
            return
        try:
            size = len(msgpack.packb(frame, use_bin_type=True))
        except (TypeError, ValueError, OverflowError):
            return  # not plain data: the core would refuse it anyway
        held = self.early_bytes.get(key, 0)
        count = sum(len(frames) for frames in self.early.values())
        if held + size > MAX_EARLY_BYTES_PER_PEER or count >= MAX_EARLY_FRAMES:
            return
        self.early_bytes[key] = held + size
        self.early.setdefault(game_no, []).append((key, frame, size))

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
        outs = self._enrich(run, outs)
        if violation is not None:
            logger.warning(
                "game %d: protocol violation by seat %d (%s): %s",
                run.game_no,
                violation.seat,
                run.start.config.seats[violation.seat].name,
                violation.reason,
            )
            if connection is not None:
                self.mesh.drop(connection, f"protocol violation: {violation.reason}")
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
                if run.core.game_finished and not run.auditing:
                    run.auditing = True
                    self._trace("audit", game=run.game_no)
            elif isinstance(item, GameOver):
                self._game_over(run, item)
            elif isinstance(item, LinkViolation):  # an unsigned message: close that link
                logger.warning("game %d: seat %d: %s", run.game_no, item.seat, item.reason)
                connection = self.mesh.links.get(seats[item.seat].key)
                if connection is not None:
                    self.mesh.drop(connection, f"protocol violation: {item.reason}")

    def _play(self, run: GameRun, chosen: Action | None = None) -> None:
        core = run.core
        if core.over is not None or core.game is None or not core.my_turn:
            return
        if core.intent is not None:
            return
        legal = core.game.legal_actions(core.seat)
        if not legal:
            return  # the game waits for this seat, but its new cards are not open to it yet
        if chosen is None and isinstance(self.bot, WorkerBot):  # thinks in its process: go on
            at = (run.game_no, len(core.entries))
            self.bot.think_then(
                at,
                core.game,
                core.seat,
                lambda: (run.game_no, len(core.entries)),
                lambda a: self._play(run, a),
            )
            return
        try:
            action = chosen if chosen is not None else self.bot.choose(core.game, core.seat)
        except Exception:
            logger.exception(
                "game %d: the %s bot failed; playing %s instead",
                run.game_no,
                self.settings.bot,
                legal[0],
            )
            action = legal[0]
        index, signed_at = len(core.entries), monotonic()
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
                self._route(run, self._enrich(run, outs))
                self._play(run)
                self._maybe_end(run, now)
            self._check_between_games()
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
            if run.core.net.all_acked(others) or now - run.left_at > self.settings.resume_window:
                result = dict(run.core.game.result) if run.core.game is not None else {}
                self._game_over(run, GameOver(result, None, run.core.log_hash, "left"))
        if run.ended or run.over_at is None or run.summary is None:
            return
        acked = run.core.net.all_acked(awaited(run))
        if acked or now - run.over_at > self.settings.resume_window:
            logger.info(
                "game %d closed %.1f s after its end (%s)",
                run.game_no,
                now - run.over_at,
                "everyone has what this seat sent" if acked else "the resume window passed",
            )
            run.ended = True
            self._say_what_we_have(run)
            if run.journal is not None:
                run.journal.end(run.summary)
                run.journal.close()
                run.journal = None
                retire(self.settings.journal_dir, run.start.config.table_id, self.key, run.summary)
            self._forget(run)

    def _forget(self, run: GameRun) -> None:
        """A finished game shrinks to its summary (in `results`): its core, dealing state and
        journal are let go; its seats may still connect for the match's later games."""
        self.last_config = run.start.config
        self.table_keys.update(run.seat_of)
        if self.games.get(run.game_no) is run:
            del self.games[run.game_no]

    def _say_what_we_have(self, run: GameRun) -> None:
        """A last heartbeat to every other seat: it acknowledges all we received, so the others
        need not wait for our acknowledgements after we stop."""
        beat = run.core.net.heartbeat()
        envelope = {"t": GAME, "g": run.game_no, "f": beat.frame}
        for index, seat in enumerate(run.start.config.seats):
            if index != run.core.seat:
                self._send(seat.key, envelope)

    def _enrich(self, run: GameRun, outs: list[Out]) -> list[Out]:
        """The core's silence events for the player (named, with wall-clock times), logged."""
        enriched = for_the_player(run, outs)
        for item in enriched:
            if isinstance(item, SeatSilent):
                logger.warning("game %d: %s", run.game_no, item.words())
            elif isinstance(item, SeatBack):
                logger.info("game %d: %s", run.game_no, item.words())
        return enriched

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
            config, game = run.start.config, run.core.game
            following = config if game is None else config.next_game(game)  # who leads, deals
            first = None if game is None else following.first
            self._host_outs(self.lobby_host.game_finished(first, following.dealer))
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
            "resume_window": self.settings.resume_window,
        }
        path = journal_path(self.settings.journal_dir, config.table_id, config.game_no, self.key)
        journal = Journal.create(path, header)
        journal.sync_each = False
        core = TableCore(config, seat, self.identity, seed, 0.0, self.settings.resume_window)
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
            self.mesh.want_link(seats[index].key, run.start.addresses[index])
        if self.host_key is not None and self.host_key != self.key and self.host_key in run.seat_of:
            address = run.start.addresses[run.seat_of[self.host_key]]
            self.host_address = self.host_address or address
            self.mesh.want_link(self.host_key, self.host_address)

    def _flush_early(self, run: GameRun) -> None:
        for key, frame, size in self.early.pop(run.game_no, []):
            self.early_bytes[key] -= size
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
                move_timer=self.settings.move_timer,
            )
            self.lobby_host.resume(start)
            self._spawn(self._publish())
        else:
            assert self.host_key is not None
            self.lobby_client = LobbyClient(self.key, self.host_key)
        self._mesh(run)
        away = time.time() - (run.epoch + run.last_now)
        if core.over is None and not contents.can_go_on(time.time()):
            logger.warning(
                "game %d: this seat was away %.0f s, longer than the resume window (%.0f s): "
                "the others went on without it; it is the fool by forfeit",
                config.game_no,
                away,
                core.resume_window,
            )
            self._route(run, [away_too_long(run)])  # a client hears of the end too
        elif core.over is not None:
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
                move_timer=settings.move_timer,
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
        assert self.lobby_host is not None and self.mesh.listener is not None
        await self.announcer.publish(
            self.settings.table_name,
            self.lobby_host.state(),
            self.key,
            self.settings.name,
            self.settings.password is not None,
            self.mesh.listener.port,
        )

    async def _join(self) -> None:
        settings = self.settings
        if settings.connect is not None:
            await self._join_by_address(settings.connect)
            return
        name = settings.table_name
        if settings.host_key is not None:
            logger.info("looking for table %r of host %s", name, fingerprint(settings.host_key))
            found = await find_host(settings.interface, settings.host_key, settings.join_timeout)
            if found is None:
                detail = (
                    f"host {fingerprint(settings.host_key)}, looked for {settings.join_timeout:g} s"
                )
                raise JoinError("not-found", name, detail)
            table = found
        else:
            logger.info("looking for table %r", name)
            table = await find_named_table(settings.interface, name, settings.join_timeout)
        logger.info(
            "found table %r hosted by %s (%s) at %s port %d",
            table.name,
            table.host_name,
            table.host_fingerprint,
            ", ".join(table.addresses),
            table.port,
        )
        if table.password and settings.password is None:
            raise JoinError("wrong-password", table.name, "this table needs a password")
        self.host_key = table.host_key
        self.host_address = SeatAddress(tuple(table.addresses[:8]), table.port)
        self.lobby_client = LobbyClient(self.key, table.host_key)
        self.mesh.want_link(table.host_key, self.host_address)

    async def _join_by_address(self, text: str) -> None:
        """Join the table whose host listens at HOST:PORT, without mDNS: the first connection
        demands the host key when the settings name one (an invitation does), else tells us the
        host's identity; from then on it is dialled like a host found by name."""
        settings = self.settings
        connection = await first_contact(
            text, self.identity, settings.password, settings.join_timeout, settings.host_key
        )
        port = parse_host_port(text)[1]
        seen = connection.peer_address[0] if connection.peer_address else "127.0.0.1"
        self.host_key = connection.peer_key
        self.host_address = SeatAddress((str(seen).removeprefix("::ffff:"),), port)
        self.mesh.dial_targets[self.host_key] = self.host_address
        self.lobby_client = LobbyClient(self.key, self.host_key)
        logger.info("joined by address %s: host %s", text, fingerprint(self.host_key))
        self.mesh.attach(connection)
        self._send_join()
        self._spawn(self.mesh.read(connection))
        self.mesh.want_link(self.host_key, self.host_address)

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
                self._send(key, error_message(str(error), error.why))
                return
            self._host_outs(outs)
        elif self.lobby_client is not None and key == self.host_key:
            try:
                events = self.lobby_client.receive(message)
            except LobbyError as error:
                self.mesh.drop(connection, str(error))
                return
            self._client_events(events)
        else:
            self.mesh.drop(connection, "sent a lobby message, but it is not the host")

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
                link = self.mesh.links.get(item.key)
                if link is not None:
                    self._spawn(link.close("kicked"))
            elif isinstance(item, LobbyChanged):
                self.lobby_state = item.state
                self._spawn(self.announcer.follow(item.state))
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
                self._fail_with(JoinError("kicked", self.table_label(), item.reason))
            elif isinstance(item, Refused):
                logger.warning("the host refused: %s", item.reason)
                if self.lobby_state is None:  # our join itself was refused
                    kind = item.why or "refused"  # "name-taken", "full"
                    self._fail_with(JoinError(kind, self.table_label(), item.reason))
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
            if state.playing and not self.games:
                self._fail_with(JoinError("full", state.table, "the game started without us"))
                return
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
    if not isinstance(seen, str) or not isinstance(addresses, list) or link_local(seen):
        return message
    if seen.startswith("::ffff:"):
        seen = seen.removeprefix("::ffff:")
    return {**message, "addresses": [seen, *(a for a in addresses if a != seen)][:8]}
