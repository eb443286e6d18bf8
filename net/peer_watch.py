"""The seat side of spectators at one peer: which keys may connect to watch, their hellos and
byes, and each game's feed to them after every batch of the core's outputs (`net.watch_feed`).

A spectator is admitted by the host's lobby (its key is in the lobby state's `watchers`); it
dials every seat as a seat does. Any frame from it but a watch `hello` or `bye` (a game frame,
a lobby message to a member, a watch frame of another kind) closes its link at once.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from net.game_run import GameRun
from net.identity import Identity
from net.peer_base import PeerBase
from net.peer_settings import PeerSettings
from net.transport import Connection
from net.watch_feed import WATCH, SpectatorViolation, WatchDesk

logger = logging.getLogger("net.peer")

FEED_EVERY = 0.1
"""Seconds a seat gathers a game's news before feeding its spectators (one frame each, not one
per batch of the core's outputs: spectators cost the seats little); a game's end goes at once."""


class WatchSeat(PeerBase):
    """This peer's spectators: who may connect, and feeding them each game it plays."""

    def __init__(self, settings: PeerSettings, identity: Identity) -> None:
        """No spectator yet."""
        super().__init__(settings, identity)
        self.watch_desks: dict[int, WatchDesk] = {}
        """Each game's spectators and their feeds, by game number."""
        self.watch_early: dict[int, set[bytes]] = {}
        """Spectators whose hello came before its game started here (fed once it starts)."""
        self.watch_due: set[int] = set()
        """Games whose spectators' next feed is scheduled (`FEED_EVERY`)."""

    def watcher_keys(self) -> set[bytes]:
        """The keys of the table's spectators, as the host's lobby state names them."""
        if self.lobby_host is not None:
            return set(self.lobby_host.watchers)
        state = self.lobby_state
        return set() if state is None else {w["key"] for w in state.watchers}

    def _desk(self, run: GameRun) -> WatchDesk:
        """The game's desk of spectators (a new one for a core rebuilt by a resume)."""
        desk = self.watch_desks.get(run.game_no)
        if desk is None or desk.core is not run.core:
            desk = self.watch_desks[run.game_no] = WatchDesk(run.core)
        return desk

    def _watch_frame(self, connection: Connection, message: dict[str, Any]) -> None:
        """A watch frame: a spectator's hello or bye for a game here; anything else from
        anyone (or from a key the lobby does not list as a spectator) closes the link."""
        key = connection.peer_key
        if key not in self.watcher_keys():
            self.mesh.drop(connection, "sent a watch frame but watches nothing here")
            return
        if message.get("k") == "bye" and set(message) <= {"t", "k", "g"}:
            self._watcher_gone(key)  # it stops watching (every game here)
            return
        game_no = message.get("g")
        run = self.games.get(game_no) if type(game_no) is int else None
        if run is None and message.get("k") == "hello" and set(message) == {"t", "k", "g"}:
            self._early_hello(key, game_no)
            return
        try:
            if run is None:
                raise SpectatorViolation(f"a spectator may not send {str(message.get('k'))[:20]!r}")
            first = self._desk(run).receive(key, message)
        except SpectatorViolation as error:
            self._drop_watcher(key, connection, error.reason)
            return
        logger.info(
            "game %d: spectator %s %s",
            run.game_no,
            connection.peer_fingerprint,
            "watches" if message.get("k") == "hello" else "left",
        )
        if first is not None:
            self._post(run, key, first)

    def _early_hello(self, key: bytes, game_no: object) -> None:
        """A hello for a game not here: kept when it is the next game (fed once it starts),
        ignored for a game already over and closed here."""
        known = [*self.games, *(int(s["game"]) for s in self.results)]
        newest = max(known, default=-1)
        if type(game_no) is int and newest < game_no <= newest + 2:
            self.watch_early.setdefault(game_no, set()).add(key)

    def _drop_watcher(self, key: bytes, connection: Connection, reason: str) -> None:
        """A spectator broke the rules: forget it in every game and close its link."""
        self._watcher_gone(key)
        self.mesh.drop(connection, f"spectator: {reason}")

    def _feed_spectators(self, run: GameRun) -> None:
        """The game moved on: feed its spectators within FEED_EVERY (at once when it is over)."""
        if run.game_no in self.watch_early:
            self._feed_now(run)
            return
        desk = self.watch_desks.get(run.game_no)
        if desk is None or not desk.feeds:
            return
        if run.core.over is not None:
            self._feed_now(run)
        elif run.game_no not in self.watch_due:
            self.watch_due.add(run.game_no)
            asyncio.get_running_loop().call_later(FEED_EVERY, self._feed_now, run)

    def _feed_now(self, run: GameRun) -> None:
        """Send each spectator of a game what is new since its last feed frame."""
        self.watch_due.discard(run.game_no)
        for key in self.watch_early.pop(run.game_no, set()):
            first = self._desk(run).receive(key, {"t": WATCH, "k": "hello", "g": run.game_no})
            if first is not None:
                self._post(run, key, first)
        desk = self.watch_desks.get(run.game_no)
        if desk is None or not desk.feeds:
            return
        if desk.core is not run.core:
            desk = self._desk(run)
        for key, frame in desk.updates():
            self._post(run, key, frame)

    def _watcher_gone(self, key: bytes) -> None:
        """A spectator's link closed: its feeds end (it says hello again when it comes back)."""
        for desk in self.watch_desks.values():
            desk.drop(key)
        for waiting in self.watch_early.values():
            waiting.discard(key)


__all__ = ["WatchSeat"]
