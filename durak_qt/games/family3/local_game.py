"""A family-3 match on this computer: you against the game kind's bots, no network.

`Family3LocalGame` keeps a points match of any registered game kind (`engine.games`), shows
your seat's observation after every action, and lets each bot move on a timer of its own
(`bot_delay_ms` apart, so the player can follow; 0 in tests). The bots run on the GUI thread:
the family-3 engines answer in well under a millisecond, unlike the Durak table's proofs.
It offers what the window needs of a game controller (`durak_qt.controller.GameController`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QTimer, Signal

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
        self._shown: Any = None
        self._finished = False
        self.moves = 0
        self.log_hash = ""
        self.game_no = 0

    # ----- the controller interface -------------------------------------------------------

    def start(self) -> None:
        """Deal the next game of the match (the winner of the last one leads)."""
        self._timer.stop()
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
        if self._timer.isActive() or action not in game.legal_actions(self.human_seat):
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
        """A bot's move is still to come."""
        return self._timer.isActive()

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
        """Stop the bots: no further move is made."""
        self._timer.stop()
        self.status_changed.emit("")

    def dispose(self) -> None:
        """Stop and delete this game."""
        self.stop()
        self.deleteLater()

    # ----- moves --------------------------------------------------------------------------

    def _apply(self, action: Any) -> None:
        try:
            events = self.game.apply(action)
        except EngineError as refusal:  # IllegalAction: nothing changed
            self._notice(QT_TRANSLATE_NOOP("Family3", "That move is not allowed now: %1"), refusal)
            return
        self.moves += 1
        self._show(list(events))

    def _bot_moves(self) -> None:
        """The next bot seat to act makes its move."""
        game = self.game
        if game is None or game.over:
            return
        seat = next((s for s in game.to_act if s in self.bots), None)
        if seat is None:
            return
        self._apply(self.bots[seat].choose(game, seat))

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

    def _notice(self, text: object, *args: Any) -> None:
        self.error.emit(LogNotice("Family3", text, tuple(str(arg) for arg in args)))
