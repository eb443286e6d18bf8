"""A family-3 match on this computer: you against the game kind's bots, no network.

`Family3LocalGame` keeps a points match of any registered game kind (`engine.games`), shows
your seat's observation after every action, and lets each bot move on a timer of its own
(`bot_delay_ms` apart, so the player can follow; 0 in tests). A bot thinks on a worker thread
of this game's own (the hard level searches for up to about half a second a move) on a copy of
the game, and its answer comes back to the GUI thread by a queued signal, tagged with the
generation of the game it was asked about (a game started or stopped meanwhile drops it).
It offers what the window needs of a game controller (`durak_qt.controller.GameController`).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
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
from durak_qt.games.durak.local_game import seat_names
from durak_qt.games.family3.client import Family3Client, client_for, game_kind
from durak_qt.log_notice import LogNotice
from engine.errors import EngineError

BOT_STAND_INS = {"easy": "random"}
"""The create-table dialog's Durak bot levels a family-3 kind lacks, as its nearest bot (every
kind has "heuristic" and the hard level, "search")."""


@dataclass(frozen=True)
class GamePoints:
    """One seat's points: this game's and the match's so far."""

    name: str
    game: int
    match: int


class _Relay(QObject):
    """Carries a bot's answer from the worker thread to the GUI thread (queued signals): the
    generation asked about, the seat, and the action or what went wrong."""

    answered = Signal(int, int, object)
    failed = Signal(int, int, str)

    def send(self, signal: str, *args: Any) -> None:
        """Emit from the worker; nothing happens once the relay is gone."""
        with contextlib.suppress(RuntimeError):  # "Signal source has been deleted"
            getattr(self, signal).emit(*args)


class Family3LocalGame(QObject):
    """A points match of a family-3 game against bots; the window's game controller."""

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
    ) -> None:
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
        self._rng = random.Random(seed)
        self.bots = {
            seat: self.kind.make_bot(self.bot_name, self._rng.randrange(1 << 30))
            for seat in range(players)
            if seat != human_seat
        }
        self.match = client.make_match(self.rules, players)
        self.game: Any = None
        self.bot_delay_ms = bot_delay_ms
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._bot_moves)
        self._relay = _Relay()  # no parent: a thinking bot may outlive this game by a moment
        self._relay.answered.connect(self._answered)
        self._relay.failed.connect(self._failed)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)  # one bot thinks at a time
        self._generation = 0
        self._thinking = False  # a bot of this generation thinks on the worker thread
        self._jobs = 0  # bots asked and not yet answered (of any generation)
        self._disposed = False
        self._shown: Any = None
        self._finished = False
        self.moves = 0
        self.log_hash = ""
        self.game_no = 0

    # ----- the controller interface -------------------------------------------------------

    def start(self) -> None:
        """Deal the next game of the match (the winner of the last one leads)."""
        self._forget_thinking()
        self.game_reset.emit()
        self.game = self.match.new_game(self._rng)
        self.game_no += 1
        self.moves, self._finished = 0, False
        self._show(list(self.game.last_events()))

    def submit(self, action: Any) -> bool:
        """Play your action if it is legal now; otherwise say why and change nothing."""
        game = self.game
        if game is None or game.over:
            self._notice(QT_TRANSLATE_NOOP("Family3", "The game is not running."))
            return False
        if self.bots_busy() or action not in game.legal_actions(self.human_seat):
            self._notice(QT_TRANSLATE_NOOP("Family3", "That move is not allowed now: %1"), action)
            return False
        self._apply(action)
        return True

    def observation(self) -> Any:
        """What your seat sees now (None before the deal)."""
        return self._shown

    def is_over(self) -> bool:
        """The game has ended and its end has been shown."""
        return self._finished

    def departed(self) -> tuple[list[int], list[int]]:
        """Nobody leaves a game on this computer."""
        return [], []

    def unfinished(self) -> bool:
        """A game on this computer is always played to its end."""
        return False

    def bots_busy(self) -> bool:
        """A bot's move is still to come (on its timer, or being thought about)."""
        return self._timer.isActive() or self._thinking

    def fool(self) -> int | None:
        """The seat with the most points in the finished game (None: shared, or running)."""
        return self.game.fool if self.game is not None and self.game.over else None

    def winners(self) -> list[int]:
        """The seat that went out in the finished game (empty when nobody did)."""
        return list(self.game.winners()) if self.game is not None and self.game.over else []

    def bot_hosts(self) -> dict[int, str]:
        """Every bot seat and the machine that runs it (here: this computer)."""
        host = QCoreApplication.translate("LocalGame", "this computer")
        return {seat: host for seat in self.bots}

    def scores(self) -> list[ScoreLine]:
        """Points of the match so far per seat (the engine's points: fewer is better)."""
        fools = [game.fool for game in self.match.games]
        return [
            ScoreLine(self.names[seat], self.match.points[seat], fools.count(seat))
            for seat in range(self.players)
        ]

    def leader(self) -> int | None:
        """The seat that leads the game shown (None before the first deal)."""
        return self.match.leaders[-1] if self.match.leaders else None

    def match_points(self) -> list[int]:
        """The match's points per seat so far."""
        return list(self.match.points)

    def games_played(self) -> int:
        """Games of the match finished so far."""
        return len(self.match.games)

    def game_points(self) -> list[GamePoints]:
        """Each seat's points of the last finished game and of the match."""
        game_points = list(self.game.points) if self.game is not None else [0] * self.players
        return [
            GamePoints(self.names[seat], game_points[seat], self.match.points[seat])
            for seat in range(self.players)
        ]

    def verdict(self) -> AuditVerdict:
        """No table protocol ran: there is no log to audit, and the text says so."""
        return AuditVerdict(
            True,
            QCoreApplication.translate(
                "Family3", "Played on this computer against its bots: nothing to audit."
            ),
        )

    def retranslate_names(self) -> None:
        """Name the bots again (by where they sit) in the language just chosen."""
        self.names = seat_names(self.names[self.human_seat], self.players, self.human_seat)

    def stop(self) -> None:
        """Stop the bots: no further move is made (a bot's answer still to come is dropped)."""
        self._forget_thinking()
        self.status_changed.emit("")

    def dispose(self) -> None:
        """Stop, and delete this game once no bot thinks for it (never blocking the GUI)."""
        self.stop()
        self._disposed = True
        if self._jobs == 0:
            self.deleteLater()

    def wait_for_bots(self, msecs: int = 30_000) -> bool:
        """Block until no bot thinks on the worker thread (for closing down and tests)."""
        return self._pool.waitForDone(msecs)

    # ----- moves --------------------------------------------------------------------------

    def _apply(self, action: Any) -> None:
        try:
            events = self.game.apply(action)
        except EngineError as refusal:  # IllegalAction: nothing changed
            self._notice(QT_TRANSLATE_NOOP("Family3", "That move is not allowed now: %1"), refusal)
            return
        self.moves += 1
        self._show(list(events))

    def _forget_thinking(self) -> None:
        """No bot move is due any more: the timer stops, and an answer on its way is dropped."""
        self._timer.stop()
        self._generation += 1
        self._thinking = False

    def _bot_moves(self) -> None:
        """The next bot seat to act starts thinking on the worker thread, on a copy of the game."""
        game = self.game
        if game is None or game.over or self._thinking:
            return
        seat = next((s for s in game.to_act if s in self.bots), None)
        if seat is None:
            return
        bot, view = self.bots[seat], game.clone()
        relay, generation = self._relay, self._generation
        self._thinking = True
        self._jobs += 1

        def think() -> None:
            try:
                action = bot.choose(view, seat)
            except Exception as problem:  # a broken bot must not kill the worker silently
                relay.send("failed", generation, seat, f"{type(problem).__name__}: {problem}")
            else:
                relay.send("answered", generation, seat, action)

        self._pool.start(think)

    def _answered(self, generation: int, seat: int, action: Any) -> None:
        """Back on the GUI thread: a bot's answer is played if its game is still the one shown."""
        if self._job_done() or generation != self._generation:
            return
        self._thinking = False
        self._apply(action)

    def _failed(self, generation: int, seat: int, reason: str) -> None:
        """A bot failed: say so, and the kind's heuristic bot plays that move instead."""
        if self._job_done() or generation != self._generation:
            return
        self._thinking = False
        self._notice(  # (the Durak table's words for a failure, translated already)
            QT_TRANSLATE_NOOP("LocalGame", "The local table failed: %1"),
            reason,
            context="LocalGame",
        )
        self._apply(self.kind.make_bot("heuristic", seat).choose(self.game, seat))

    def _job_done(self) -> bool:
        """Count an answered job; whether this game is disposed of (and deleted once idle)."""
        self._jobs -= 1
        if self._disposed:
            if self._jobs == 0:
                self.deleteLater()
            return True
        return False

    def _show(self, events: Sequence[Any]) -> None:
        game = self.game
        self._shown = game.observation(self.human_seat)
        self.events_happened.emit(list(events))
        self.observation_changed.emit(self._shown)
        if game.over:
            if not self._finished:
                self._finished = True
                self.match.record(game)
                self.game_finished.emit()
            return
        if any(seat in self.bots for seat in game.to_act):
            self._timer.start(max(0, self.bot_delay_ms))

    def _notice(self, text: object, *args: Any, context: str = "Family3") -> None:
        self.error.emit(LogNotice(context, text, tuple(str(arg) for arg in args)))
