"""A spectator on the LAN: it finds a table, asks its host to watch, dials every seat of each
game and follows it (`net.watch_follow.GameFollower`), delivering `net.watch_events` to a sink.

`Watcher(request, identity, sink).run()` is the `WatchControl` a client drives (the GUI's
watching view, `durak-peer --watch`). The host lets it in with `watch` (its table setting:
spectators allowed, the cap, their chat) and sends it the lobby state (its `watchers` list the
spectators) and each game's signed `start`; the watcher checks the host's signature, dials every
seat at the start's addresses demanding each seat's key and says `hello` for the game; each seat
then feeds it (docs/protocol.md, "Spectators"). It sends nothing else to a seat but `bye`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from net.handshake import PROTOCOL_VERSION, ChannelError
from net.identity import Identity, IdentityError, fingerprint
from net.lobby import (
    LOBBY,
    LobbyState,
    SeatAddress,
    chat_message,
    leave_message,
    parse_host_port,
    watch_message,
    watched_start,
)
from net.mesh import MATCH_ENDED, Mesh, monotonic
from net.peer_events import JOIN_TIMEOUT, JoinError
from net.table_finder import find_named_table, first_contact, refusal, version_detail
from net.transport import Connection
from net.watch_events import (
    WATCH_END_KINDS,
    GameEnded,
    TableShown,
    WatchChat,
    WatchEnded,
    WatchersChanged,
    WatchEvent,
    WatchRequest,
    WatchSink,
    WatchStarted,
    watch_end,
)
from net.watch_feed import WATCH
from net.watch_follow import Disagreement, GameFollower

logger = logging.getLogger("net.watcher")

TICK = 0.2
"""Seconds between the watcher's checks of its deadlines."""
CLOSE_GRACE = 5.0
"""Seconds a spectator waits for the seats' last feed after the host ended the match."""
IDLE_BEFORE_CHECKS = 0.3
"""Seconds without a feed frame after which a spectator still catching up checks the proofs."""
REVEALS_WAIT = 3.0
"""Seconds without a feed frame after which a game the seats reported over, its hands opened by
the audit, ends here without them (a seat's reveal never came: the seat went away)."""
REFUSALS = {"watch-closed": "closed", "watch-full": "full", "name-taken": "name-taken"}
"""The host's refusal codes a watcher ends with, as watch end kinds."""


def is_address(text: str) -> bool:
    """Whether a watch target is an address (HOST:PORT) rather than a table's name."""
    try:
        parse_host_port(text)
    except ValueError:
        return False
    return True


class Watcher:
    """One spectator's watch of one table (`net.watch_events.WatchControl`)."""

    def __init__(
        self,
        request: WatchRequest,
        identity: Identity,
        sink: WatchSink,
        interface: str = "all",
        join_timeout: float = JOIN_TIMEOUT,
        host_key: bytes | None = None,
    ) -> None:
        self.request = request
        self.identity = identity
        self.key = identity.public_key
        self.sink = sink
        self.interface = interface
        self.join_timeout = join_timeout
        self.host_key = host_key
        self.mesh = Mesh(identity, request.password or None, self)
        self.state: LobbyState | None = None
        self.follower: GameFollower | None = None
        self.seats: list[bytes] = []
        self.ended_games: list[GameEnded] = []
        self.hands_shown: set[int] = set()
        """The games whose audit opened every hand to this spectator (`TableShown.audit`)."""
        self.end: WatchEnded | None = None
        self.done = asyncio.Event()
        self.began = monotonic()
        self.host_away_since: float | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.started = False
        self.last_feed = monotonic()
        self.host_closed_at: float | None = None

    # ------------------------------------------------------------------ the calls

    async def run(self) -> WatchEnded:
        """Watch until the watch ends; every event to the sink, `WatchEnded` last (returned)."""
        ticker = asyncio.get_running_loop().create_task(self._tick_loop())
        try:
            await self._find()
            await self.done.wait()
        except JoinError as error:
            kind = error.kind if error.kind in WATCH_END_KINDS else "refused"
            self._finish(kind, error.detail or str(error))
        except (ChannelError, OSError) as error:
            self._finish("vanished", str(error))
        finally:
            ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ticker
            await self.mesh.close()
        assert self.end is not None
        return self.end

    def chat(self, text: str) -> bool:
        """Say a line at the table (False: not in yet, or spectators' chat is off)."""
        state = self.state
        if state is None or self.host_key is None or not state.spectators.chat:
            return False
        return self.mesh.send(self.host_key, chat_message(text))

    def leave(self) -> None:
        """Stop watching at once: tell the host and the seats, end with "left"."""
        if self.end is not None:
            return
        if self.host_key is not None:
            self.mesh.send(self.host_key, leave_message())
        self._bye()
        self._finish("left")

    # ------------------------------------------------------------------ finding the table

    async def _find(self) -> None:
        """Reach the host (by address or by name) and ask it to let this spectator watch."""
        target = self.request.table
        if is_address(target):
            connection = await first_contact(
                target,
                self.identity,
                self.request.password or None,
                self.join_timeout,
                self.host_key,
            )
            port = parse_host_port(target)[1]
            seen = connection.peer_address[0] if connection.peer_address else "127.0.0.1"
            self.host_key = connection.peer_key
            address = SeatAddress((str(seen).removeprefix("::ffff:"),), port)
            self.mesh.dial_targets[self.host_key] = address
            self.mesh.attach(connection)
            self._spawn(self.mesh.read(connection))
            self.on_dialed(self.host_key)
            self.mesh.want_link(self.host_key, address)
            return
        table = await find_named_table(self.interface, target, self.join_timeout)
        if table.protocol_version != PROTOCOL_VERSION:
            raise JoinError("version", table.name, version_detail(table))
        if table.password and not self.request.password:
            raise JoinError("wrong-password", table.name, "this table needs a password")
        self.host_key = table.host_key
        self.mesh.want_link(table.host_key, SeatAddress(tuple(table.addresses[:8]), table.port))

    # ------------------------------------------------------------------ the mesh's questions

    def on_message(self, connection: Connection, message: Any) -> None:
        """The host's lobby messages and the seats' feeds; anything else drops the link."""
        if not isinstance(message, dict) or self.end is not None:
            return
        key, kind = connection.peer_key, message.get("t")
        if kind == LOBBY and key == self.host_key:
            self._lobby(message)
        elif kind == WATCH and key in self.seats:
            self._feed(self.seats.index(key), message)
        else:
            self.mesh.drop(connection, f"sent a spectator a message of type {str(kind)[:8]!r}")

    def on_link_down(self, key: bytes, connection: Connection) -> None:
        """The host's link closed: the match ended (when it says so), else it may come back. A
        seat's closed: an end said in words needs one seat fewer to agree (`seat_gone`)."""
        if key in self.seats and self.follower is not None and self.end is None:
            try:
                events = self.follower.seat_gone(self.seats.index(key))
            except Disagreement as error:
                self._finish("disagreement", str(error))
                return
            self._deliver(events)
        if key != self.host_key:
            return
        if MATCH_ENDED in str(connection.close_reason) and self.state is not None:
            self.host_closed_at = monotonic()  # over once the last game's end is in (`_tick`)
        elif "spectator" in str(connection.close_reason) or "kicked" in str(
            connection.close_reason
        ):
            self._finish("dropped", str(connection.close_reason))
        else:
            self.host_away_since = self.host_away_since or monotonic()

    def on_dialed(self, key: bytes) -> None:
        """A link is up: to the host, ask to watch; to a seat, say hello for its game."""
        if key == self.host_key:
            self.host_away_since = None
            self.mesh.send(key, watch_message(self.request.name))
        if key in self.seats:
            if self.follower is not None:
                self.follower.seat_back(self.seats.index(key))
            self._hello(key)

    def _hello(self, key: bytes) -> None:
        """Ask a seat for the followed game's feed."""
        if self.follower is not None:
            self.mesh.send(key, {"t": WATCH, "k": "hello", "g": self.follower.config.game_no})

    async def on_unreachable(self, key: bytes, error: Exception, for_seconds: float) -> bool:
        """A refused handshake with the host ends the watch in words; a seat is dialled on."""
        if key == self.host_key:
            refused = refusal(error, self.request.table)
            if refused is not None and self.state is None:
                kind = refused.kind if refused.kind in WATCH_END_KINDS else "refused"
                self._finish(kind, refused.detail)
                return True
        return False

    def keep_dialing(self) -> bool:
        """Links are wanted until the watch ends."""
        return self.end is None

    def fail(self, reason: str) -> None:
        """The mesh hit an internal error."""
        self._finish("vanished", reason)

    # ------------------------------------------------------------------ lobby and games

    def _lobby(self, message: dict[str, Any]) -> None:
        """The host's state, a game's signed start, a chat line, a refusal."""
        kind = message.get("k")
        try:
            if kind == "state":
                self._state(LobbyState.from_wire(message))
            elif kind == "start":
                self._start(message)
            elif kind == "chat":
                self._chat_line(message)
            elif kind == "error":
                why = str(message.get("why", ""))
                self._finish(REFUSALS.get(why, "refused"), str(message.get("reason", ""))[:200])
            elif kind == "kicked":
                self._finish("dropped", str(message.get("reason", ""))[:200])
        except (ValueError, IdentityError) as error:
            self._finish("disagreement", f"the host sent a malformed {kind!r}: {error}"[:300])

    def _state(self, state: LobbyState) -> None:
        if state.host != self.host_key:
            raise ValueError("the state names another host")
        before = self.state
        self.state = state
        if not self.started:
            self.started = True
            seated = sorted(
                (m for m in state.members if m.get("seat") is not None),
                key=lambda m: int(m["seat"]),
            )
            host = next((m["name"] for m in state.members if m.get("key") == state.host), "")
            self._emit(
                WatchStarted(
                    state.table,
                    str(host),
                    state.variant,
                    tuple(sorted(state.options.items())),
                    tuple(str(m["name"]) for m in seated),
                    chat=state.spectators.chat,
                )
            )
        if before is None or before.watcher_names != state.watcher_names:
            self._emit(WatchersChanged(state.watcher_names))

    def _start(self, message: dict[str, Any]) -> None:
        """A game's start, signed by the host: follow it, dialling every seat."""
        if self.host_key is None:
            return
        start = watched_start(message, self.host_key)
        config = start.config
        current = self.follower
        if current is not None and config.game_no <= current.config.game_no:
            return  # the start of a game already followed (sent again)
        if current is not None:
            self._end_without_hands(current)  # its reveals are late: the new game comes first
        self._bye()
        self.follower = GameFollower(config)
        self.seats = [seat.key for seat in config.seats]
        logger.info("following game %d of %r", config.game_no, config.table_id)
        for key, address in zip(self.seats, start.addresses, strict=True):
            if key == self.key:
                continue
            link = self.mesh.links.get(key)
            self.mesh.want_link(key, address)
            if link is not None and not link.closed:
                self._hello(key)

    def _chat_line(self, message: dict[str, Any]) -> None:
        key, name, text = message.get("key"), message.get("name"), message.get("text")
        if not isinstance(name, str) or not isinstance(text, str):
            raise ValueError("a malformed chat line")
        state = self.state
        spectator = state is not None and any(w["key"] == key for w in state.watchers)
        self._emit(WatchChat(name, text, spectator))

    def _feed(self, seat: int, frame: dict[str, Any]) -> None:
        """A seat's feed frame for the followed game."""
        follower = self.follower
        if follower is None or frame.get("g") != follower.config.game_no:
            return  # a late frame of a game already over here
        self.last_feed = monotonic()
        try:
            events = follower.receive(seat, frame)
        except Disagreement as error:
            self._finish("disagreement", str(error))
            return
        self._deliver(events)

    def _deliver(self, events: list[WatchEvent]) -> None:
        """Hand a game's events to the sink; the match's last game's end ends the watch."""
        for event in events:
            self._emit(event)
            if isinstance(event, TableShown) and event.audit:
                self.hands_shown.add(event.game_no)
            if isinstance(event, GameEnded):
                self.ended_games.append(event)
                total = self.state.games if self.state is not None else 1
                if event.game_no + 1 >= total:
                    self._finish("match-over")

    def _bye(self) -> None:
        """Tell the seats of the followed game that this spectator stops watching it."""
        if self.follower is None:
            return
        for key in self.seats:
            link = self.mesh.links.get(key)
            if link is not None and not link.closed:
                self.mesh.send(key, {"t": WATCH, "k": "bye"})

    # ------------------------------------------------------------------ time and the end

    async def _tick_loop(self) -> None:
        while self.end is None:
            await asyncio.sleep(TICK)
            now = monotonic()
            self._verify_when_idle(now)
            self._reveals_overdue(now)
            closed = self.host_closed_at
            if closed is not None and (
                self.follower is None
                or self.follower.ended is not None
                or now - closed > CLOSE_GRACE
            ):
                self._finish("match-over")
            if self.state is None and now - self.began > self.join_timeout:
                self._finish("vanished", f"no answer for {now - self.began:.0f} s")
            elif (
                self.host_away_since is not None
                and now - self.host_away_since > self.join_timeout
                and (self.follower is None or self.follower.ended is not None)
            ):
                self._finish("vanished", f"the host did not answer for {self.join_timeout:g} s")

    def _verify_when_idle(self, now: float) -> None:
        """Check the deals' deferred proofs once the spectator follows live or no feed came for
        a while (catching up comes first; the game's end waits for the checks)."""
        follower = self.follower
        if follower is None or not follower.unchecked():
            return
        live = follower.applied >= follower.applied_by_seats and follower.game is not None
        if not live and now - self.last_feed < IDLE_BEFORE_CHECKS:
            return
        try:
            events = follower.verify()
        except Disagreement as error:
            self._finish("disagreement", str(error))
            return
        self._deliver(events)

    def _reveals_overdue(self, now: float) -> None:
        """The followed game, reported over with its hands opened, still lacks a seat's audit
        reveal and no feed came for REVEALS_WAIT: it ends here without the hands."""
        if self.follower is not None and now - self.last_feed > REVEALS_WAIT:
            self._end_without_hands(self.follower)

    def _end_without_hands(self, follower: GameFollower) -> None:
        """End a game whose audit reveals did not all come, as the seats reported it."""
        try:
            events = follower.end_without_hands()
        except Disagreement as error:
            self._finish("disagreement", str(error))
            return
        self._deliver(events)

    def _emit(self, event: WatchEvent) -> None:
        try:
            self.sink(event)
        except Exception:
            logger.exception("the watch's sink failed on %r", type(event).__name__)

    def _finish(self, kind: str, detail: str = "") -> None:
        """End the watch (once): its `WatchEnded` goes to the sink last."""
        if self.end is not None:
            return
        self.end = watch_end(kind, detail)
        logger.info("watch over: %s", self.end.words)
        self._emit(self.end)
        self.done.set()

    def _spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def result(self) -> dict[str, Any]:
        """What this spectator saw, for `durak-peer --watch --result`: the table, each game's
        log hash and result and whether the audit showed it every hand, and how the watch ended."""
        state = self.state
        return {
            "watch": True,
            "table": {"name": state.table if state else self.request.table, "id": state.table_id}
            if state
            else {"name": self.request.table},
            "me": {"name": self.request.name, "fingerprint": fingerprint(self.key)},
            "games": [
                {
                    "game": g.game_no,
                    "log_hash": g.log_hash,
                    "result": g.words,
                    "fool": g.fool,
                    "reason": g.reason,
                    "hands_shown": g.game_no in self.hands_shown,
                }
                for g in self.ended_games
            ],
            "ended": self.end.kind if self.end else None,
            "words": self.end.words if self.end else None,
            "ok": self.end is not None and self.end.kind == "match-over" and bool(self.ended_games),
        }


__all__ = ["Watcher", "is_address"]
