"""A game on this computer through the real table protocol: you against bots that are full peers.

`LocalGame` wraps `net.table.local.LocalTable` (every seat with keys of its own, the fair-dealing
shuffle with proofs, vote rounds, the signed log and the audit) and runs it on a worker thread,
so the window never waits for the crypto. It implements `durak_qt.controller.GameController`.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QThreadPool, Signal
from PySide6.QtWidgets import QApplication

from durak_qt.dialogs.trump_choice import SUIT_SYMBOLS, TrumpChoiceDialog, take_trump_items
from durak_qt.games.durak.game_over import AuditVerdict
from durak_qt.games.durak.local_journal import DEAL, MOVE, TRUMP, LocalJournal, LocalSetup
from durak_qt.log_notice import LogNotice, SeatArg
from durak_qt.table.controller import MatchScores, TableController
from durak_qt.worker_relay import WorkerRelay
from engine.actions import Action
from engine.errors import IllegalAction
from engine.match import Match
from net.bot_worker import WorkerBot, worker_bot_or_none
from net.table.core import GameOver, Out, StateChanged
from net.table.events import TrumpNamed
from net.table.local import LocalTable


def seat_names(player_name: str, players: int, human_seat: int = 0) -> list[str]:
    """Names for a table: yours at your seat, the bots named by where they sit as you see it."""
    north = QCoreApplication.translate("LocalGame", "North")
    east = QCoreApplication.translate("LocalGame", "East")
    west = QCoreApplication.translate("LocalGame", "West")
    north_west = QCoreApplication.translate("LocalGame", "North-West")
    north_east = QCoreApplication.translate("LocalGame", "North-East")
    clockwise_from_left = {
        2: (north,),
        3: (west, east),
        4: (west, north, east),
        5: (west, north_west, north_east, east),
        6: (west, north_west, north, north_east, east),
    }
    if players not in clockwise_from_left:
        raise ValueError(f"a local game has 2 to 6 players, not {players}")
    names = [""] * players
    names[human_seat] = player_name
    for step, name in enumerate(clockwise_from_left[players], start=1):
        names[(human_seat + step) % players] = name
    return names


def table_seed(seed: int | None) -> bytes | None:
    """The 32-byte LocalTable seed for a test's or screenshot's number (None: fresh randomness)."""
    if seed is None:
        return None
    return hashlib.sha256(f"durak-local-game|{seed}".encode()).digest()


class NextGame:
    """(A resumed game's replay) the game the player was in is dealt next: what came before
    belongs to finished games of the match, which the views do not show again."""


NEXT_GAME = NextGame()


class TableAbandoned(Exception):
    """The game was left: the worker stops running the peers (their audits after game over)."""


class StreamingTable(LocalTable):
    """A LocalTable that hands the player's events over as soon as they happen, and scores games.

    Only ever touched by the worker thread, except `abandoned`, which the GUI thread may set.
    """

    def __init__(self, *args: Any, sink: Callable[[list[Any]], None], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat, bot in enumerate(self.bots):  # the search bot thinks in a process of its own
            worker = worker_bot_or_none(bot.name, self._seed_int("bot", seat)) if bot else None
            if worker is not None:
                worker.start()
                self.bots[seat] = worker
        self.sink = sink
        self.wake: Callable[[], None] = lambda: None
        """Called (on a worker's thread) when a bot thinking in a worker process has answered:
        the owner then runs the table again (`run`) on the table's thread."""
        self._thinking: dict[int, tuple[tuple[int, int], concurrent.futures.Future[Action]]] = {}
        self.abandoned = False
        self.match: Match | None = None
        self._scored: set[int] = set()

    def _route(self, seat: int, outputs: list[Out]) -> None:
        if self.abandoned:  # every frame and tick passes here: stop at the next one
            raise TableAbandoned
        super()._route(seat, outputs)
        if seat != self.player_seat:
            return
        if any(isinstance(item, StateChanged | GameOver) for item in outputs):
            self.flush()

    def thinking(self) -> bool:
        """A bot is thinking in its worker process (its answer wakes the table)."""
        return any(not future.done() for _, future in list(self._thinking.values()))

    def _bots_move(self) -> bool:
        """LocalTable's bots move, except that a bot in a worker process is only asked: the
        table (the other bots, the player) goes on, and its answer is played on a later run
        if the position is still the one it was asked about."""
        moved = False
        for seat, bot in enumerate(self.bots):
            core = self.cores[seat]
            if bot is None or core.game is None or core.over is not None or core.game_finished:
                continue
            if not core.my_turn or core.intent is not None:
                continue
            if not isinstance(bot, WorkerBot):
                self._route(seat, core.intend(bot.choose(core.game, seat)))
                moved = True
                continue
            position = (self.game_no, len(core.entries))
            asked = self._thinking.get(seat)
            if asked is None or asked[0] != position:
                future = bot.submit(core.game, seat)
                future.add_done_callback(lambda _: self.wake())
                self._thinking[seat] = (position, future)
                continue
            if not asked[1].done():
                continue
            del self._thinking[seat]
            self._route(seat, core.intend(asked[1].result()))
            moved = True
        return moved

    def settle(self) -> None:
        """Run until no bot thinks in its worker process (a replay waits for each answer, as
        the player did before moving)."""
        while self.thinking():
            concurrent.futures.wait([future for _, future in list(self._thinking.values())])
            self.events = self.run() + self.events

    def replay(self, inputs: Sequence[tuple[str, str]]) -> None:
        """Play the player's inputs of a journal again (the bots answer as they did: the
        table's seed is the same); `NEXT_GAME` goes to the sink before the last deal."""
        last_deal = max(i for i, (kind, _) in enumerate(inputs) if kind == DEAL)
        for index, (kind, text) in enumerate(inputs):
            if index == last_deal:
                self.flush()
                self.sink([NEXT_GAME])
            if kind == DEAL:
                outs = self.new_game()
            elif kind == MOVE:
                outs = self.submit(Action.parse(text))
            else:
                outs = self.name_trump(text or None)
            self.events = outs + self.events
            self.settle()
            self.flush()

    def close_workers(self) -> None:
        """Stop the bots' worker processes (a move being waited for gets the heuristic's)."""
        for bot in self.bots:
            if isinstance(bot, WorkerBot):
                bot.close()

    def flush(self) -> None:
        """Hand the player's events gathered so far to the sink (plus the scores after a game)."""
        items: list[Any] = list(self.events)
        self.events = []
        if any(isinstance(item, GameOver) for item in items) and self.game_no not in self._scored:
            self._scored.add(self.game_no)
            if self.match is None:
                self.match = Match(self.core.rules, len(self.seats))
            game = self.core.game
            if game is not None and game.over:
                self.match.record(game)
            items.append(MatchScores(tuple(self.match.points), tuple(self.match.fools)))
        if items:
            self.sink(items)


class _Relay(WorkerRelay):
    """The Durak worker's relay: `WorkerRelay`, and word that a bot process answered."""

    thought = Signal()
    """A bot in a worker process answered: run the table again."""


class LocalGame(TableController):
    """You against bots on this computer, every seat a peer of the real table protocol."""

    def __init__(
        self,
        variant: str = "throw-in",
        players: int = 3,
        player_name: str = "You",
        human_seat: int = 0,
        bot: str = "heuristic",
        seed: int | None = None,
        bot_delay_ms: int = 700,
        parent: QObject | None = None,
        options: dict[str, Any] | None = None,
        journal: LocalJournal | None = None,
        raw_seed: bytes | None = None,
        move_timer: int = 0,
        history: Any = None,
    ) -> None:
        """`journal`: where the game is kept for a resume, written afresh; `raw_seed`: the
        32-byte table seed of a game being resumed (`resume` then replays its inputs);
        `history`: the net.history.store.HistoryStore each finished game is kept in (None: not
        kept)."""
        if not 0 <= human_seat < players:
            raise ValueError(f"seat {human_seat} is not at a table of {players}")
        super().__init__(
            seat_names(player_name, players, human_seat), human_seat, bot_delay_ms, parent
        )
        self._relay = _Relay()  # no parent: the worker may outlive this game by a moment
        self._relay.delivered.connect(self._delivered)
        self._relay.refused.connect(self._refused)
        self._relay.failed.connect(self._failed)
        self._relay.idle.connect(self._idle)
        self._relay.thought.connect(self._thought)
        self._table = StreamingTable(
            self.names,
            human_seat,
            [bot],
            variant,
            options=options,
            seed=raw_seed or table_seed(seed),
            sink=self._relay.deliver,
        )
        self._table.history = history
        self.journal = journal
        if journal is not None:
            journal.start(
                LocalSetup(
                    variant,
                    players,
                    player_name,
                    bot,
                    self._table.seed,
                    dict(options or {}),
                    move_timer,
                )
            )
        self._skipping = False  # a replay: the finished games of the match are not shown
        self._replaying = False  # a replay runs: no pace, no trump dialog until it ends
        self._paced_ms = bot_delay_ms
        self._trump_due: float | None = None
        self._table.ask_player_trump = True  # you deal: you name the trump suit
        self.trump_dialog: TrumpChoiceDialog | None = None
        relay = self._relay
        self._table.wake = lambda: relay.send("thought")
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)  # one worker: the table is not thread-safe
        self._generation = 0
        self._jobs = 0
        self._disposed = False

    # ----- the controller interface -------------------------------------------------------

    def start(self) -> None:
        """Shuffle and deal the next game of the match (the fool deals) off the GUI thread."""
        self._generation += 1
        self._reset(self.tr("Shuffling… every peer checks every proof"))
        if self.journal is not None:
            self.journal.record(DEAL)
        self._run(lambda table: table.new_game())

    def resume(self, inputs: Sequence[tuple[str, str]]) -> None:
        """Rebuild the game a killed client was playing from its journal's inputs: the table
        plays them again off the GUI thread; the views show the game the player was in (each
        move once, at once), the match's scores, and wait for the next move."""
        self._generation += 1
        self._reset(self.tr("Resuming your game against the bots…"))
        self._skipping, self._replaying = True, True
        self.bot_delay_ms = 0
        if self.journal is not None:  # kept again: a second kill resumes as well
            for kind, text in inputs:
                self.journal.record(kind, text)

        def replay(table: StreamingTable) -> list[Out]:
            table.replay(inputs)
            return []

        self._run(replay)

    def retranslate_names(self) -> None:
        """Name the bots again (by where they sit) in the language just chosen."""
        self.names = seat_names(self.names[self.human_seat], self.players, self.human_seat)

    def bot_hosts(self) -> dict[int, str]:
        """Every bot seat and the machine that runs it (here: this computer)."""
        host = self.tr("this computer")
        return {seat: host for seat in range(self.players) if seat != self.human_seat}

    def verdict(self) -> AuditVerdict:
        """The audit verdict every peer reached, in words, with the log hash."""
        verdict = super().verdict()
        if not verdict.verified:
            return verdict
        note = self.tr(
            "The bots are peers with their own keys, but they run on this computer, so it could "
            "see their cards."
        )
        return dataclasses.replace(verdict, text=verdict.text + " " + note)

    def stop(self) -> None:
        """Forget the running game: the worker's later results are dropped."""
        self._generation += 1
        self._pool.clear()
        self._pending.clear()
        self._pace.stop()
        self._slow.stop()
        self.status_changed.emit("")

    def dispose(self) -> None:
        """Stop, and delete this game as soon as its worker is idle (never blocking the GUI).

        The worker stops at its next frame: after game over it may still be running the bots'
        audits, and no thread may outlive the application.
        """
        self.stop()
        if self.journal is not None:
            self.journal.discard()  # left as it should be: nothing to resume
        self._table.abandoned = True
        self._table.close_workers()
        self._disposed = True
        if self._jobs == 0:
            self.deleteLater()

    def wait_for_worker(self, msecs: int = 30_000) -> bool:
        """Block until the worker thread is idle (for closing down and tests)."""
        return self._pool.waitForDone(msecs)

    # ----- the worker ---------------------------------------------------------------------

    def _working(self) -> bool:
        return self._jobs > 0 or self._table.thinking()

    def _send_action(self, action: Any) -> None:
        if self.journal is not None:
            self.journal.record(MOVE, str(action))
        self._run(lambda table: table.submit(action))

    def _name_trump(self, suit: str | None) -> None:
        """You named the trump suit (None: the time ran out and one is drawn for you)."""
        if self.journal is not None:
            self.journal.record(TRUMP, suit or "")
        self._run(lambda table: table.name_trump(suit))

    def _run(self, job: Callable[[StreamingTable], list[Out]]) -> None:
        generation = self._generation
        relay, table = self._relay, self._table
        self._jobs += 1

        def work() -> None:
            try:
                relay.generation = generation
                rest = job(table)
                table.events = rest + table.events
                table.flush()
            except IllegalAction as refusal:
                relay.send("refused", generation, str(refusal))
            except TableAbandoned:
                pass  # left: nobody waits for this game any more
            except Exception as problem:  # a broken peer must not kill the worker silently
                relay.send("failed", generation, f"{type(problem).__name__}: {problem}")
            finally:
                relay.send("idle", generation)

        self._pool.start(work)

    # ----- back on the GUI thread ---------------------------------------------------------

    def _delivered(self, generation: int, items: Sequence[Any]) -> None:
        if generation != self._generation:
            return
        if self._skipping:  # a replay's finished games: only the match's scores count
            for index, item in enumerate(items):
                if item is NEXT_GAME:
                    self._skipping = False
                    items = items[index + 1 :]
                    break
                if isinstance(item, MatchScores):
                    self._scores = item
            else:
                return
        self._receive(take_trump_items(items, self._ask_trump, self._trump_named))

    def _ask_trump(self, seconds: float) -> None:
        """You deal and name the trump suit (`dealer_names_trump`): the dialog; when its time
        runs out a suit is drawn for you, as the LAN table does."""
        if self._replaying:  # asked only if the replay ends with the suit still to name
            self._trump_due = seconds
            return
        dialog = TrumpChoiceDialog(seconds, QApplication.activeWindow())
        dialog.chosen.connect(self._name_trump)
        dialog.timed_out.connect(lambda: self._name_trump(None))
        self.trump_dialog = dialog
        dialog.show()

    def _trump_named(self, named: TrumpNamed) -> None:
        """Say in the log which suit the dealer named, and whether it was drawn for him."""
        symbol = SUIT_SYMBOLS.get(named.suit, named.suit)
        if named.auto:
            text = QT_TRANSLATE_NOOP(
                "LanGame", "%1 did not name the trump suit in time: %2 was chosen for the dealer."
            )
        else:
            text = QT_TRANSLATE_NOOP("LanGame", "%1 deals and named the trump suit: %2.")
        self.error.emit(LogNotice("LanGame", text, (SeatArg(named.seat), symbol)))

    def _refused(self, generation: int, reason: str) -> None:
        if generation == self._generation:
            self._refuse(reason)

    def _failed(self, generation: int, reason: str) -> None:
        if generation == self._generation:
            self.error.emit(
                LogNotice(
                    "LocalGame",
                    QT_TRANSLATE_NOOP("LocalGame", "The local table failed: %1"),
                    (reason,),
                )
            )

    def _thought(self) -> None:
        """A bot thinking in its worker process answered: the table plays it (off this thread)."""
        if not self._disposed:
            self._run(lambda table: table.run())

    def _idle(self, generation: int) -> None:
        self._jobs -= 1
        if self._disposed and self._jobs == 0:
            self.deleteLater()
            return
        if generation == self._generation and self._jobs == 0:
            self._slow.stop()
            self.status_changed.emit("")
            if self._replaying:
                self._replay_done()

    def _replay_done(self) -> None:
        """The replay of a resumed game has run: the pace of the bots' moves comes back, and
        a trump suit still to be named by you is asked for."""
        self._replaying, self._skipping = False, False
        self.bot_delay_ms = self._paced_ms
        due, self._trump_due = self._trump_due, None
        if due is not None and self._table.core.trump_choice_due:
            self._ask_trump(due)
