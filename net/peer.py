"""One headless peer on the LAN: it joins the lobby and the games together, with a bot.

`Peer(settings, identity).run()` listens (`net.mesh`), hosts (announcing the table, see
`net.table_finder`) or finds the table by name or address and joins its lobby (`net.lobby`),
then for each game builds the full mesh (each seat dials every lower seat), drives a
`TableCore` (receive, tick every 0.1 s, intend with the bot) and journals every core input
before acting on its outputs (`net.journal`), so a killed peer restarts, replays the journal
and carries on. `Peer` joins its parts, one job each: the lobby side (`net.peer_lobby`), the
games and their frames (`net.peer_games`, frames of games not started yet in `net.peer_early`,
the host's signed starts shown from member to member in `net.peer_starts`),
the resume from journals (`net.peer_resume`), the bot seat (`net.peer_bot`), over the state they
share (`net.peer_base`). One game's state and end are `net.game_run`; the words and errors a
player sees are `net.peer_events`. docs/protocol.md ("Peer runtime") explains it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Any

from net.bot_worker import WorkerBot
from net.game_run import GameRun, seats_json
from net.identity import Identity, fingerprint
from net.lobby import LOBBY, SeatLeft
from net.mesh import MATCH_ENDED, Mesh
from net.peer_bot import BotSeat
from net.peer_events import JoinError, PeerError
from net.peer_games import GAME, GameRoutes
from net.peer_lobby import LobbySide
from net.peer_resume import JournalResume, resumable_journals
from net.peer_settings import PeerSettings, default_data_dir
from net.peer_watch import WatchSeat
from net.table.core import Out
from net.transport import Connection
from net.watch_feed import WATCH

logger = logging.getLogger("net.peer")

__all__ = ["GameRun", "JoinError", "Peer", "PeerError", "PeerSettings", "default_data_dir"]


class Peer(LobbySide, JournalResume, BotSeat, GameRoutes, WatchSeat):
    """A headless peer that hosts or joins one table and plays its games with a bot."""

    def __init__(self, settings: PeerSettings, identity: Identity) -> None:
        """A peer that has not started (`run` starts it); the mesh asks it about its links."""
        super().__init__(settings, identity)
        self.mesh = Mesh(identity, settings.password, self)

    # ------------------------------------------------------------------ running

    async def run(self) -> dict[str, Any]:
        """Play the match; returns the result JSON (see `result()`)."""
        if self.settings.trace is not None:
            self.trace_file = self.settings.trace.open("a", buffering=1, encoding="utf-8")
        try:
            resumable = resumable_journals(self.settings, self.key)
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

    def _route(self, run: GameRun, outs: list[Out]) -> None:
        """Act on a core's outputs (`GameRoutes._route`), then feed the game's spectators."""
        super()._route(run, outs)
        self._feed_spectators(run)

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
        on with this seat's keys published; a game already over here but not closed yet is
        closed as usual, once the others have all this seat sent (`_maybe_end`), and a
        heartbeat tells them at once all this seat holds; once a game of the match has started,
        a signed goodbye tells everyone this seat leaves the match after it (`_say_goodbye`:
        nobody waits for its ready); a second request gives up at once."""
        if self.leaving:
            self._fail("interrupted while leaving")
            return
        self.leaving = True
        running = [run for run in self.games.values() if run.summary is None]
        closing = [run for run in self.games.values() if run.summary is not None and not run.ended]
        logger.warning(
            "leaving the table: forfeiting %d running game(s), closing %d finished one(s)",
            len(running),
            len(closing),
        )
        for run in closing:
            self._say_what_we_have(run)  # the others need not wait for this seat's next beat
        for run in running:
            self._forfeit(run)
        if self._latest_config() is None:
            self._fail("left the table before a game started")
            return
        self._say_goodbye()  # the peer stops once its games are closed (`_match_done`)

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
            "left": [self._departure_json(left) for left in self.departures],
            "ok": bool(self.results)
            and len(self.results) >= (self.games_total or 1)
            and all(g["clean"] for g in self.results),
        }

    def _departure_json(self, left: SeatLeft) -> dict[str, Any]:
        """A seat that left the match: its name, fingerprint and the last game it played."""
        return {
            "name": self.name_of(left.key) or "",
            "fingerprint": fingerprint(left.key),
            "after": left.game + 1,
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

    # ------------------------------------------------------------------ sockets

    async def _listen(self, port: int) -> None:
        """Listen at `port` (0: any free port) on the configured interface, and log where."""
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
            key in self.lobby_host.members
            or self.lobby_host.free_seats()
            or self.lobby_host.spectators.allowed
        ):
            return True
        if key in self.watcher_keys():
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
        self._watcher_gone(key)
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

    def _dispatch(self, connection: Connection, message: Any) -> None:
        """A game frame or a lobby message from a connection; anything else drops the link."""
        if not isinstance(message, dict):
            self.mesh.drop(connection, "sent a message that is not a map")
            return
        kind = message.get("t")
        if kind == GAME:
            self._game_frame(connection, message)
        elif kind == LOBBY:
            self._lobby_message(connection, message)
        elif kind == WATCH:
            self._watch_frame(connection, message)
        else:
            self.mesh.drop(connection, f"sent a message of unknown type {kind!r}")
