"""The games of one peer: each game's start and mesh, its frames in (to the core, journalled
first) and out (after the journal is synced), its ticks, and its end (summary, last heartbeat,
journal retired, the game forgotten)."""

from __future__ import annotations

import asyncio
import gc
import logging
import secrets
import time
from typing import Any

from engine.actions import FORFEIT
from engine.errors import IllegalAction
from net.game_run import GameRun, awaited, for_the_player, summarize
from net.history.keep import keep_game
from net.history.store import HistoryStore
from net.identity import Identity
from net.journal import Journal, journal_path, retire
from net.lobby import GameStart
from net.peer_base import PeerBase
from net.peer_events import HostEquivocated, HostFault, SeatBack, SeatSilent
from net.peer_settings import PeerSettings
from net.peer_starts import TwoStarts, shown_message, start_wire
from net.table.config import SeatInfo, TableConfig, implied_differences
from net.table.core import GameOver, LinkViolation, MoveApplied, Out, StateChanged, TableCore
from net.table.reliable import Outgoing, ProtocolViolation
from net.transport import Connection

logger = logging.getLogger("net.peer")

GAME = "g"
"""The `t` field of a game frame envelope: `{"t": "g", "g": game number, "f": core frame}`."""
TICK_EVERY = 0.1
"""Seconds between two ticks of every game."""


class GameRoutes(PeerBase):
    """Runs this peer's games: frames in and out of their cores, ticks, and their ends."""

    def __init__(self, settings: PeerSettings, identity: Identity) -> None:
        """No game yet, so no next game implied."""
        super().__init__(settings, identity)
        self.implied: TableConfig | None = None
        """The config of the match's next game as this peer's finished game implies it."""
        self.checked_starts: list[int] = []
        """The games whose start this peer checked against its own finished game."""
        self.history: HistoryStore | None = HistoryStore(settings.data_dir, settings.games_kept)
        """Where every game that ends here is kept as a game file (net/history)."""
        self.forfeited: set[int] = set()
        """The games this seat forfeited as it left (`_forfeit`)."""

    def _start_game(self, start: GameStart) -> None:
        """A game starts: journal its header, build its core and mesh, deal. A member first
        compares the host's signed start with the others it got or was shown for that game
        (`net.peer_starts`), waits with it until its own earlier game is over, checks it
        against that game (`_refuse_host_start`), and shows it to the other members."""
        config = start.config
        if not self.hosting:
            two = self.witness.got(start, self.key)
            if two is not None:
                self._host_equivocated(two)
                return
        if config.game_no in self.games or self._done_with(config.game_no):
            return
        earlier = [n for n, run in self.games.items() if n < config.game_no and not run.summary]
        if earlier and not self.hosting:
            self.pending_start = start
            logger.info(
                "the start of game %d waits for game %d to end here", config.game_no, earlier[-1]
            )
            self._trace("start-waits", game=config.game_no, until=earlier[-1])
            return
        if self._refuse_host_start(start):
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
            "move_timer": (self.lobby_host or self.lobby_state or self.settings).move_timer,
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
        self._show_start(start)  # before the core's hello: the others compare it first
        now = run.clock()
        outs = core.start(now)
        journal.start(now)
        self._route(run, outs)
        self._flush_early(run)
        if self.leaving:  # its start crossed this seat's goodbye: forfeited once it begins
            logger.warning("game %d starts as this seat leaves: it forfeits it", config.game_no)

    def _refuse_host_start(self, start: GameStart) -> bool:
        """A member refuses the host's start of a match's next game that departs from what the
        game it finished implies (`implied_differences`): the table ends here with a
        `HostFault` naming the host, its signed start the evidence, or that is not signed (the
        lobby client refuses an unsigned start of any game before it gets here). True when
        refused."""
        implied = self.implied
        config = start.config
        if self.hosting or implied is None or config.game_no < implied.game_no:
            return False
        differences = implied_differences(implied, config)
        if start.signature is None:  # the lobby client refuses it before; any other way in too
            differences.append("its start is not signed")
        self.checked_starts.append(config.game_no)
        self._trace("checked", game=config.game_no, differences=differences)
        if not differences:
            return False
        fault = HostFault(self.host_words(), config.game_no, differences, start_wire(start))
        logger.error("refusing game %d: %s", config.game_no, fault)
        self._show_start(start, also=implied.seats)  # the others, given another, name the host
        self._fail_with(fault)
        return True

    def _host_equivocated(self, two: TwoStarts) -> None:
        """The host signed two different starts of one game: stop, naming it, both the
        evidence."""
        shown_by = "this seat" if two.shown_by == self.key else self.seat_words(two.shown_by)
        fault = HostEquivocated(
            self.host_words(), two.game, shown_by, two.differences(), two.evidence()
        )
        logger.error("%s", fault)
        for start in (two.mine, two.theirs):  # every member compares both with its own
            self._show_start(start)
        self._fail_with(fault)

    def _show_start(self, start: GameStart, also: tuple[SeatInfo, ...] = ()) -> None:
        """Show the host's signed start of a game to every other member of it (and of `also`,
        the seats this member expected; the host knows what it signed): a host that signed
        another for one of them is named there. A member shows the start it starts, and the one
        it refuses, so that the others never play on without it unaware of why."""
        if self.hosting or start.signature is None:
            return
        shown = shown_message(start)
        keys = dict.fromkeys(seat.key for seat in (*start.config.seats, *also))
        for key in keys:
            if key not in (self.key, self.host_key):
                self._send(key, shown)

    def _forfeit(self, run: GameRun) -> None:
        """This seat leaves a running game: it forfeits (its keys are published once the
        forfeit is in the log, `TableCore.leave`), journalled; once per game."""
        self.forfeited.add(run.game_no)
        try:
            outs = run.core.leave()
        except IllegalAction as error:
            logger.warning("game %d: cannot forfeit: %s", run.game_no, error)
            return
        if run.journal is not None:
            run.journal.leave()
        self._route(run, outs)

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
        """Hand the frames kept for this game, before it started here, to its core."""
        for key, frame in self.early.take(run.game_no):
            sender = run.seat_of.get(key)
            if sender is not None:
                self._core_receive(run, sender, frame, None)

    def _game_frame(self, connection: Connection, message: dict[str, Any]) -> None:
        """A game frame: to its game's core, kept early when its game has not started here."""
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
        """Keep a frame of a game not started here yet, when it can be the next game (within the
        bounds of `net.peer_early`)."""
        known = [*self.games, *(int(s["game"]) for s in self.results)]
        if self._done_with(game_no) or game_no > max(known, default=-1) + 2:
            return
        self.early.keep(key, game_no, frame)

    def _core_receive(
        self, run: GameRun, sender: int, frame: Any, connection: Connection | None
    ) -> None:
        """Journal a frame and give it to the core; a violation drops the link it came on."""
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

    def _route(self, run: GameRun, outs: list[Out]) -> None:
        """Act on the core's outputs: send, play, trace, end the game, drop a violating link."""
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
                if self.leaving and run.game_no not in self.forfeited and run.summary is None:
                    self._forfeit(run)  # a game that began after this seat said goodbye
                    self._say_goodbye()  # (the host refused the one for the game before)
                    continue
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
        """Sync the journals the waiting frames depend on (one fsync each), then send the frames."""
        self.flush_scheduled = False
        for journal in self.unsynced:
            journal.sync()
        self.unsynced.clear()
        unsent, self.unsent = self.unsent, []
        for key, envelope in unsent:
            self._send(key, envelope)

    async def _tick_loop(self) -> None:
        """Tick every game every TICK_EVERY seconds until the match is done."""
        while not self.stopping and not self._tick():
            await asyncio.sleep(TICK_EVERY)

    def _tick(self) -> bool:
        """One tick: every game, then the waits between games and in the lobby; True (and the
        peer finished) once the match is done here, ended in words when another seat left it."""
        for run in list(self.games.values()):
            now = run.clock()
            outs = run.core.tick(now)
            if run.journal is not None:
                run.journal.tick(now)
            self._route(run, self._enrich(run, outs))
            self._play(run)
            self._maybe_end(run, now)
        self._check_between_games()
        self._check_lobby_waits()
        if not self._match_done():
            return False
        if self.match_end is not None and len(self.results) < (self.games_total or 1):
            self._fail_with(self.match_end)  # another seat left: no other game starts
        self.finished.set()
        return True

    def _maybe_end(self, run: GameRun, now: float) -> None:
        """Close the journal of a finished game once everyone has what this seat sent (asked at
        its end, as a settled game has that, and on every tick after) and forget the game."""
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
        logger.info("game %d forgotten: freed at the next game's end here", run.game_no)

    def _collect_forgotten(self, ended: GameRun) -> None:
        """Free the games forgotten so far with a full collection, at a game's end here and
        before the lobby hears of it: so before this peer says ready for the next game, or
        (hosting) starts it, never while a deal runs.

        A game's core is a web of cycles (its parts point back at it): only a full collection
        frees it, and Python runs one only once the long-lived objects have grown by a quarter,
        so a match piled up ~0.9 MB per game (3 seats) for ~19 games before one ran. The
        collection costs tens of ms (it walks every object), and when it ran as a game was
        forgotten, on the tick after its end, it came as the next game's deal began and
        stalled this seat's step of the deal, which every seat waits on. Here it frees the
        games forgotten before (the one just ended, still in the caller's hands, goes at the
        next end): at most one finished game waits to be freed."""
        began, cpu = time.perf_counter(), time.process_time()
        freed = gc.collect()
        took, cpu = time.perf_counter() - began, time.process_time() - cpu
        logger.info(
            "game %d ended: %d objects of forgotten games freed in %.1f ms (%.1f ms CPU)",
            ended.game_no,
            freed,
            took * 1000,
            cpu * 1000,
        )

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

    def _game_over(self, run: GameRun, over: GameOver) -> None:
        """A game ended here: its summary joins the results, the lobby hears of it."""
        if run.summary is not None:
            return
        run.over_at = run.last_now
        earlier = [s for s in self.results if int(s["game"]) < run.game_no]
        run.summary = summarize(run, over, earlier)
        self.results.append(run.summary)
        self.results.sort(key=lambda s: int(s["game"]))
        self._trace("over", game=run.game_no, log_hash=over.log_hash)
        keep_game(self.history, run.core, over)
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
        # Both before the next game can start here: closing a game (fsyncs, the earlier
        # journal read back) and the collection once came on the tick after, in the next deal.
        self._maybe_end(run, run.last_now)  # closed now when everyone has what it sent
        self._collect_forgotten(run)
        config, game = run.start.config, run.core.game
        if game is not None and run.summary["clean"]:  # only a clean game has a next one
            self.implied = config.next_game(game)  # every member checks the next start by it
        if self.lobby_host is not None:
            following = config if game is None else config.next_game(game)  # who leads, deals
            first = None if game is None else following.first
            options = dict(following.options)  # a match's next rules (pagons' levels)
            self._host_outs(self.lobby_host.game_finished(first, following.dealer, options))
        self._lobby_policy()
        self._start_waiting(run)

    def _start_waiting(self, ended: GameRun) -> None:
        """A game ended here: the next game's start that came before, now checked and started
        (after a game that did not end cleanly the match is over and the start is dropped)."""
        waiting = self.pending_start
        if waiting is None or waiting.config.game_no <= ended.game_no or self._playing():
            return
        self.pending_start = None
        if ended.summary is not None and ended.summary["clean"]:
            self._start_game(waiting)
        else:
            logger.warning(
                "the start of game %d is dropped: game %d did not end cleanly",
                waiting.config.game_no,
                ended.game_no,
            )
