"""A family-3 match on this computer through the real table protocol: you against the game
kind's bots, every seat a full peer.

`Family3LocalGame` wraps `durak_qt.games.family3.local_table.Family3Table` (a
`net.table.local.LocalTable`: keys for every seat, the fair-dealing shuffle with proofs, vote
rounds, the signed log and the audit) and runs it on a worker thread of its own, so neither the
crypto nor a bot's thinking (the hard level searches for up to about half a second a move)
holds up the window. Each step your seat sees comes back by a queued signal, tagged with the
generation of the game it belongs to (a game started or stopped meanwhile drops it), and is
shown at the bots' pace (`bot_delay_ms` before each bot's move; 0 in tests). Each finished game
is kept in the history (`history`) as a verifiable game file. It offers what the family-3 page
needs of its game (`durak_qt.games.family3.window.Family3Controller`).
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QObject,
    QThreadPool,
    QTimer,
    Signal,
)

from durak_qt.games.durak.game_over import AuditVerdict, ScoreLine
from durak_qt.games.durak.local_game import seat_names, table_seed
from durak_qt.games.family3.client import Family3Client, client_for, game_kind
from durak_qt.games.family3.local_table import Family3Table, Finished, Step, TableHalted
from durak_qt.log_notice import LogNotice
from durak_qt.table.verdict import describe_verdict
from durak_qt.worker_relay import WorkerRelay
from engine.errors import EngineError
from net.game_run import game_points
from net.history.store import HistoryStore
from net.table.core import GameOver, Out
from net.table.local import BOT_STAND_INS


@dataclass(frozen=True)
class GamePoints:
    """One seat's points: this game's and the match's so far."""

    name: str
    game: int
    match: int


@dataclass
class MatchRecord:
    """The match so far: the points added up per seat, the seat that led each game, and each
    finished game (your seat's, every face opened by the audit) with its result."""

    players: int
    points: list[int] = field(default_factory=list)
    leaders: list[int] = field(default_factory=list)
    games: list[Any] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.points = self.points or [0] * self.players

    def record(self, game: Any, result: dict[str, Any]) -> None:
        """Add a finished game (its points counted when its result has them)."""
        counted = game_points(result, self.players) or [0] * self.players
        self.points = [a + b for a, b in zip(self.points, counted, strict=True)]
        self.games.append(game)
        self.results.append(dict(result))

    def fools(self) -> list[int | None]:
        """The fool of each finished game (None: nobody)."""
        return [r.get("fool") if type(r.get("fool")) is int else None for r in self.results]


class SeatBots(MutableMapping[int, Any]):
    """The table's bots by seat (the player's seat has none); a bot set here plays from the
    next move on (before the game starts, or in tests)."""

    def __init__(self, bots: list[Any]) -> None:
        self._bots = bots

    def __getitem__(self, seat: int) -> Any:
        bot = self._bots[seat] if type(seat) is int and 0 <= seat < len(self._bots) else None
        if bot is None:
            raise KeyError(seat)
        return bot

    def __setitem__(self, seat: int, bot: Any) -> None:
        if seat not in self:
            raise KeyError(seat)  # only a bot's seat takes another bot
        self._bots[seat] = bot

    def __delitem__(self, seat: int) -> None:
        raise TypeError("every bot seat keeps a bot")

    def __iter__(self) -> Iterator[int]:
        return (seat for seat, bot in enumerate(self._bots) if bot is not None)

    def __len__(self) -> int:
        return sum(bot is not None for bot in self._bots)


class Family3LocalGame(QObject):
    """A points match of a family-3 game against bots, every seat a peer; the page's game."""

    observation_changed = Signal(object)
    events_happened = Signal(object)
    game_finished = Signal()
    error = Signal(object)
    status_changed = Signal(str)
    game_reset = Signal()
    seat_silent = Signal(int, float, float)  # never: every seat is on this computer
    seat_back = Signal(int)

    def __init__(
        self,
        variant: str,
        players: int = 3,
        player_name: str = "You",
        human_seat: int = 0,
        bot: str = "heuristic",
        seed: int | None = None,
        bot_delay_ms: int = 650,
        parent: QObject | None = None,
        history: HistoryStore | None = None,
    ) -> None:
        """`seed`: the table's seed for a test or screenshot (None: fresh randomness);
        `history`: where each finished game is kept as a game file (None: not kept)."""
        super().__init__(parent)
        client = client_for(variant)
        if client is None:
            raise ValueError(f"{variant!r} is no family-3 game the client can show")
        if not 0 <= human_seat < players:
            raise ValueError(f"seat {human_seat} is not at a table of {players}")
        self.kind = game_kind(variant)
        self.client: Family3Client = client
        self.variant = variant
        self.rules = self.kind.get_rules(variant)
        self.rules.check_players(players)
        self.players = players
        self.human_seat = human_seat
        self.names = seat_names(player_name, players, human_seat)
        self.bot_name = bot if bot in self.kind.bots else BOT_STAND_INS.get(bot, "heuristic")
        self._relay = WorkerRelay()  # no parent: the worker may outlive this game by a moment
        self._relay.delivered.connect(self._delivered)
        self._relay.refused.connect(self._refused)
        self._relay.failed.connect(self._failed)
        self._relay.idle.connect(self._idle)
        self._table = Family3Table(
            self.names,
            human_seat,
            [self.bot_name],
            variant,
            seed=table_seed(seed),
            sink=self._relay.deliver,
        )
        self._table.history = history
        self.bots = SeatBots(self._table.bots)
        self.bot_delay_ms = bot_delay_ms
        self._pace = QTimer(self)
        self._pace.setSingleShot(True)
        self._pace.timeout.connect(self._paced)
        self._pending: deque[Any] = deque()
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)  # one worker: the table is not thread-safe
        self._generation = 0
        self._jobs: dict[int, int] = {}  # jobs asked and not yet done, by generation
        self._disposed = False
        self._shown: Any = None
        self._leader: int | None = None
        self._over: GameOver | None = None
        self._finished = False
        self._dealing = False
        self._sent: tuple[Any, int] | None = None
        self.match = MatchRecord(players)
        self._next_first: int | None = None  # the next game's leader, as the last result fixes
        self.moves = 0
        self.log_hash = ""
        self.game_no = 0

    # ----- the controller interface -------------------------------------------------------

    def start(self) -> None:
        """Shuffle and deal the next game of the match off the GUI thread (the table's last
        result says who leads; a game stopped midway is dealt afresh)."""
        self._forget_shown()
        self.game_reset.emit()
        self.game_no += 1
        self.moves, self._over, self._finished = 0, None, False
        self._leader = None
        self._lead(self._next_first)
        self._sent = None
        self._dealing = True
        if self._shown is not None:  # the last game's table stays until the deal: nobody moves
            self._shown = _unplayable(self._shown)
        self.status_changed.emit(
            QCoreApplication.translate("Family3", "Shuffling… every peer checks every proof")
        )
        self._run(lambda table: table.new_game())

    def submit(self, action: Any) -> bool:
        """Play your action if your view lists it now; otherwise say why and change nothing."""
        shown = self._shown
        if shown is None or shown.over or self._over is not None:
            self._notice(QT_TRANSLATE_NOOP("Family3", "The game is not running."))
            return False
        if self._pending or action not in shown.legal:
            self._notice(QT_TRANSLATE_NOOP("Family3", "That move is not allowed now: %1"), action)
            return False
        self._sent = (shown, self.moves)  # shown again if the table refuses the move
        self._shown = _unplayable(shown)  # one move per turn: the table answers with the next
        self.moves += 1  # made: the table's next step counts it again
        self._run(lambda table: table.submit(action))
        return True

    @property
    def game(self) -> Any:
        """Your seat's game at the table (its hidden cards unknown; None before the first deal).
        The worker changes it: read it only while the bots rest."""
        cores = self._table.cores
        return cores[self.human_seat].game if cores else None

    def observation(self) -> Any:
        """What your seat sees now (None before the first deal; while the next game is dealt,
        the last one's, with no move to make)."""
        return self._shown

    def is_over(self) -> bool:
        """The game has ended and its end has been shown."""
        return self._finished

    def departed(self) -> tuple[list[int], list[int]]:
        """Nobody leaves a game on this computer."""
        return [], []

    def unfinished(self) -> bool:
        """The game ended before its end (the table found a problem)."""
        return self._over is not None and self._over.reason != "finished"

    def bots_busy(self) -> bool:
        """The peers still work on the game shown, or its moves wait to be shown."""
        if self._finished:
            return False
        return self._jobs.get(self._generation, 0) > 0 or bool(self._pending)

    def fool(self) -> int | None:
        """The seat with the most points in the finished game (None: shared, or running)."""
        fool = self._result().get("fool")
        return fool if type(fool) is int else None

    def winners(self) -> list[int]:
        """The seats that won the finished game (a team game: the winning team's players)."""
        result = self._result()
        winners = result.get("winners")
        if isinstance(winners, list):
            return [int(seat) for seat in winners]
        winner = result.get("winner")
        return [winner] if type(winner) is int else []

    def bot_hosts(self) -> dict[int, str]:
        """Every bot seat and the machine that runs it (here: this computer)."""
        host = QCoreApplication.translate("LocalGame", "this computer")
        return {seat: host for seat in self.bots}

    def scores(self) -> list[ScoreLine]:
        """Points of the match so far per seat (the engine's points: fewer is better)."""
        fools = self.match.fools()
        return [
            ScoreLine(self.names[seat], self.match.points[seat], fools.count(seat))
            for seat in range(self.players)
        ]

    def leader(self) -> int | None:
        """The seat that leads the game shown (None before the deal, or while road asks)."""
        return self._leader

    def match_points(self) -> list[int]:
        """The match's points per seat so far (each counted game's points added up)."""
        return list(self.match.points)

    def games_played(self) -> int:
        """Games of the match finished so far."""
        return len(self.match.games)

    def game_points(self) -> list[GamePoints]:
        """Each seat's points of the last finished game (0 before one) and of the match."""
        last = game_points(self._result(), self.players) or [0] * self.players
        match = self.match_points()
        return [GamePoints(self.names[s], last[s], match[s]) for s in range(self.players)]

    def verdict(self) -> AuditVerdict:
        """The audit verdict every peer reached, in words, with the log hash."""
        if self._over is None:
            raise RuntimeError("the game has not ended")
        return describe_verdict(self._over, self.names, self.moves, (), self.human_seat)

    def retranslate_names(self) -> None:
        """Name the bots again (by where they sit) in the language just chosen."""
        self.names = seat_names(self.names[self.human_seat], self.players, self.human_seat)

    def stop(self) -> None:
        """Stop the game shown: its peers stop at their next frame, and what they were still
        to say (a bot's answer included) is dropped."""
        self._forget_shown()
        self._table.halted = True
        if self._over is None:  # a game given up midway: the next deal decides who leads
            self._next_first = None
        self.status_changed.emit("")

    def dispose(self) -> None:
        """Stop, and delete this game once its worker is idle (never blocking the GUI)."""
        self.stop()
        self._table.abandoned = True
        self._disposed = True
        if not self._working():
            self.deleteLater()

    def wait_for_bots(self, msecs: int = 30_000) -> bool:
        """Block until the worker thread is idle (for closing down and tests)."""
        return self._pool.waitForDone(msecs)

    wait_for_worker = wait_for_bots

    # ----- the worker ---------------------------------------------------------------------

    def _working(self) -> bool:
        return any(self._jobs.values())

    def _run(self, job: Callable[[Family3Table], list[Out]]) -> None:
        generation = self._generation
        relay, table = self._relay, self._table
        self._jobs[generation] = self._jobs.get(generation, 0) + 1

        def work() -> None:
            try:
                relay.generation = generation
                job(table)
            except EngineError as refusal:  # IllegalAction: nothing changed
                relay.send("refused", generation, str(refusal))
            except TableHalted:
                pass  # stopped or left: nobody waits for this game any more
            except Exception as problem:  # a broken peer must not kill the worker silently
                relay.send("failed", generation, f"{type(problem).__name__}: {problem}")
            finally:
                relay.send("idle", generation)

        self._pool.start(work)

    def _forget_shown(self) -> None:
        """Whatever the worker still says about the game shown is dropped from now on."""
        self._generation += 1
        self._pending.clear()
        self._pace.stop()

    # ----- back on the GUI thread ---------------------------------------------------------

    def _delivered(self, generation: int, items: list[Any]) -> None:
        if generation != self._generation:
            return
        self._pending.extend(items)
        if not self._pace.isActive():
            self._drain()

    def _drain(self, paced: bool = False) -> None:
        """Show the steps waiting, pausing `bot_delay_ms` before each bot's move (after the
        first thing shown) so the player can follow."""
        while self._pending:
            item = self._pending[0]
            bot_move = isinstance(item, Step) and item.mover in self.bots and any(item.events)
            if bot_move and not paced and self.bot_delay_ms > 0 and self._shown is not None:
                self._pace.start(self.bot_delay_ms)
                return
            paced = False
            self._pending.popleft()
            if isinstance(item, Step):
                self._show(item)
            elif isinstance(item, Finished):
                self._end(item)

    def _paced(self) -> None:
        self._drain(paced=True)

    def _show(self, step: Step) -> None:
        if self._dealing:  # dealt: the shuffle's status line goes
            self._dealing = False
            self.status_changed.emit("")
        if self._leader is None:
            asking = getattr(step.observation, "asking", None)
            to_act = getattr(step.observation, "to_act", ())
            if step.first is not None:
                self._lead(step.first)
            elif asking is None and to_act:  # (not while road asks for the lowest trump)
                self._lead(int(to_act[0]))
        self.moves, self._sent = step.moves, None
        self._shown = step.observation
        for events in step.events:  # one entry of the log a move
            if events:
                self.events_happened.emit(list(events))
        self.observation_changed.emit(step.observation)

    def _lead(self, seat: int | None) -> None:
        """The game shown is led by `seat` (None: not known yet)."""
        if seat is not None and self._leader is None:
            self._leader = seat
            self.match.leaders.append(seat)

    def _end(self, finished: Finished) -> None:
        over = finished.over
        if self._over is not None:
            return
        self._over, self.log_hash = over, over.log_hash
        self._next_first = finished.next_first
        self.match.record(finished.game, over.result)
        if over.reason != "finished" or over.verdict is None or not over.verdict.ok:
            self._notice(QT_TRANSLATE_NOOP("Family3", "The game ended: %1"), self.verdict().text)
        shown = self._shown
        if shown is not None and not shown.over:  # stopped midway: nobody moves any more
            self._shown = _unplayable(shown)
            self.observation_changed.emit(self._shown)
        self._finished = True
        self.game_finished.emit()

    def _result(self) -> dict[str, Any]:
        """The result of the game shown, once it has ended (empty before)."""
        return dict(self._over.result) if self._over is not None else {}

    def _refused(self, generation: int, reason: str) -> None:
        if generation != self._generation:
            return
        if self._sent is not None:  # the move did not go: your turn again
            self._shown, self.moves = self._sent
        self._notice(QT_TRANSLATE_NOOP("Family3", "That move is not allowed now: %1"), reason)

    def _failed(self, generation: int, reason: str) -> None:
        if generation == self._generation:
            self._notice(  # (the Durak table's words for a failure, translated already)
                QT_TRANSLATE_NOOP("LocalGame", "The local table failed: %1"),
                reason,
                context="LocalGame",
            )

    def _idle(self, generation: int) -> None:
        self._jobs[generation] -= 1
        if not self._jobs[generation]:
            del self._jobs[generation]
        if self._disposed and not self._working():
            self.deleteLater()

    def _notice(self, text: object, *args: Any, context: str = "Family3") -> None:
        self.error.emit(LogNotice(context, text, tuple(str(arg) for arg in args)))


def _unplayable(observation: Any) -> Any:
    """The observation with no move to make (a game stopped, or a move on its way)."""
    if dataclasses.is_dataclass(observation) and not isinstance(observation, type):
        return dataclasses.replace(observation, legal=())
    return observation
