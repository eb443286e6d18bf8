"""A game on this computer: you against engine bots, bots thinking off the GUI thread.

Implements `durak_qt.controller.GameController`, so the fair-dealing LAN table can replace it:
`start()`, `submit(action)`, the signal `observation_changed(Observation)` and a few more.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QThreadPool, QTimer, Signal

from durak_qt.game_over import AuditVerdict, ScoreLine


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


class _Relay(QObject):
    """Carries a bot's choice from the worker thread back to the GUI thread (queued signal)."""

    chosen = Signal(int, object)


class LocalGame(QObject):
    """Runs an engine match on this machine with bots in every seat but yours."""

    observation_changed = Signal(object)
    events_happened = Signal(object)
    game_finished = Signal()
    error = Signal(str)

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
    ) -> None:
        super().__init__(parent)
        from engine.bots import make_bot
        from engine.match import Match
        from engine.rules import get_rules

        if not 0 <= human_seat < players:
            raise ValueError(f"seat {human_seat} is not at a table of {players}")
        self.rules = get_rules(variant)
        self.match = Match(self.rules, players)
        self.players = players
        self.human_seat = human_seat
        self.names = seat_names(player_name, players, human_seat)
        base_seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        self._rng = random.Random(base_seed)
        self._bots = {
            seat: make_bot(bot, base_seed + seat) for seat in range(players) if seat != human_seat
        }
        self.bot_delay_ms = bot_delay_ms
        self.game: Any = None
        self._deck: tuple[Any, ...] = ()
        self._first = 0
        self._version = 0  # bumps on every move, so a stale bot answer is dropped
        self._thinking = False
        self._relay = _Relay()
        self._relay.chosen.connect(self._bot_chose)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._start_bot)

    # ----- the controller interface -------------------------------------------------------

    def start(self) -> None:
        """Deal a new game of the match (the last fool deals) and show it."""
        self.game = self.match.new_game(self._rng)
        self._deck = tuple(self.game.faces)  # every face is known here: the deck as dealt
        self._first = self.game.lead
        self._version += 1
        self._publish(self.game.last_events())

    def submit(self, action: Any) -> bool:
        """Play your action if it is legal now; otherwise say why and change nothing."""
        game = self.game
        if game is None or game.is_over:
            self.error.emit(QCoreApplication.translate("LocalGame", "The game is not running."))
            return False
        if action.seat != self.human_seat or not game.is_legal(action):
            self.error.emit(
                QCoreApplication.translate("LocalGame", "That move is not allowed now: %1").replace(
                    "%1", str(action)
                )
            )
            return False
        self._apply(action)
        return True

    def observation(self) -> Any:
        """What your seat sees now."""
        return self.game.observation(self.human_seat)

    def fool(self) -> int | None:
        """The fool of the finished game, None for a draw (or while it runs)."""
        return self.game.fool if self.game is not None else None

    def bot_hosts(self) -> dict[int, str]:
        """Every bot seat and the machine that runs it (here: this computer)."""
        host = QCoreApplication.translate("LocalGame", "this computer")
        return dict.fromkeys(self._bots, host)

    def scores(self) -> list[ScoreLine]:
        """Points and times the fool of every seat across the match."""
        return [
            ScoreLine(self.names[seat], self.match.points[seat], self.match.fools.count(seat))
            for seat in range(self.players)
        ]

    def verdict(self) -> AuditVerdict:
        """The audit of the game: an independent replay of every move from the dealt deck."""
        from engine.audit import audit_game

        if self.game is None:
            raise RuntimeError("no game was dealt")
        problems = audit_game(self.rules, self.players, self._deck, self.game.log, self._first)
        if problems:
            return AuditVerdict(
                False,
                QCoreApplication.translate("LocalGame", "The replay found problems: %1").replace(
                    "%1", "; ".join(problems)
                ),
            )
        return AuditVerdict(
            True,
            QCoreApplication.translate(
                "LocalGame",
                "Verified: a fresh replay of all %1 moves from the dealt deck agrees. This was a "
                "local game against bots run by this computer, so the bots' cards were visible "
                "to it.",
            ).replace("%1", str(len(self.game.log))),
        )

    def bots_busy(self) -> bool:
        """A bot is about to move or thinking (tests wait for this to pass, for repeatable games)."""
        if self.game is None or self.game.is_over:
            return False
        return self._thinking or self._timer.isActive() or self._bot_seat() is not None

    def stop(self) -> None:
        """Stop the bots (the window closes or a new game starts)."""
        self._timer.stop()
        self._version += 1

    # ----- internals ----------------------------------------------------------------------

    def _apply(self, action: Any) -> None:
        events = self.game.apply(action)
        self._version += 1
        self._publish(events)

    def _publish(self, events: Sequence[Any]) -> None:
        self.events_happened.emit(list(events))
        self.observation_changed.emit(self.observation())
        if self.game.is_over:
            self.match.record(self.game)
            self.game_finished.emit()
            return
        self._schedule_bot()

    def _bot_seat(self) -> int | None:
        for seat in self.game.to_act:
            if seat in self._bots and self.game.legal_actions(seat):
                return seat
        return None

    def _schedule_bot(self) -> None:
        if self._thinking or self._bot_seat() is None:
            return
        self._timer.start(self.bot_delay_ms)

    def _start_bot(self) -> None:
        seat = self._bot_seat()
        if seat is None or self._thinking or self.game.is_over:
            return
        self._thinking = True
        snapshot = self.game.clone()
        version = self._version
        bot = self._bots[seat]
        relay = self._relay

        def think() -> None:
            try:
                action = bot.choose(snapshot, seat)
            except Exception as problem:  # a broken bot must not kill the GUI thread
                relay.chosen.emit(version, problem)
                return
            relay.chosen.emit(version, action)

        QThreadPool.globalInstance().start(think)

    def _bot_chose(self, version: int, action: Any) -> None:
        self._thinking = False
        if isinstance(action, Exception):
            self.error.emit(str(action))
            return
        if version != self._version or self.game is None or self.game.is_over:
            self._schedule_bot()
            return
        if not self.game.is_legal(action):
            self.error.emit(f"bot chose an illegal move: {action}")
            return
        self._apply(action)
