"""What every table controller does on the GUI thread: show the peers' events at a readable pace.

A table core's events for the player's seat (`StateChanged`, `MoveApplied`, `GameOver`, ...) come
from a worker thread in batches; `TableController` queues them, shows each move for a moment,
keeps the move count, log hash, scores and verdict, and checks the player's action against the
position shown before handing it to the subclass (`_send_action`). `LocalGame` and `LanGame`
are the two subclasses.
"""

from __future__ import annotations

import dataclasses
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QTimer, Signal

from durak_qt.games.durak.game_over import AuditVerdict, ScoreLine
from durak_qt.log_notice import LogNotice, SeatArg
from durak_qt.table.verdict import describe_verdict
from engine.actions import DISCARDED, EXCHANGED, FORFEIT, RESHUFFLE, TRUMP_OPENED
from engine.observation import Observation
from net.absence import RESUME_WINDOW
from net.peer_events import SeatSilent
from net.table.core import GameOver, MoveApplied, PeerBack, PeerSilent, StateChanged

SLOW_AFTER_MS = 400
"""A move whose proofs take longer than this shows the progress line."""


def shuffle_after_its_cause(events: list[Any]) -> list[Any]:
    """The engine reports a reshuffle of the talon before the bout's discard (crazy) or the
    exchange (poker) that caused it; tell it as a player sees it: the cause, the shuffle, then
    the draws."""
    cause = next((e for e in events if e.kind in (EXCHANGED, DISCARDED)), None)
    if cause is None:
        return events
    shuffles = [event for event in events if event.kind == RESHUFFLE]
    rest = [event for event in events if event.kind != RESHUFFLE]
    at = rest.index(cause) + 1
    return rest[:at] + shuffles + rest[at:]


@dataclass(frozen=True)
class MatchScores:
    """Points and fools of the match so far, computed where the engine game lives."""

    points: tuple[int, ...]
    fools: tuple[int | None, ...]


class TableController(QObject):
    """The GUI-thread half of a game controller (see `durak_qt.controller.GameController`)."""

    observation_changed = Signal(object)
    events_happened = Signal(object)
    game_finished = Signal()
    error = Signal(object)
    """A line for the log (`durak_qt.log_notice.LogNotice`, re-rendered on a language switch)."""
    status_changed = Signal(str)
    """A line of progress while the peers work ("" when done)."""
    countdown_changed = Signal(str)
    """A countdown's words while one runs ("" none): the table's wait for your move."""
    game_reset = Signal()
    """The next game is being dealt: views forget everything of the last one."""
    seat_silent = Signal(int, float, float)
    """Nothing heard from this seat since (`time.time()` seconds); the table waits for its
    player until the deadline (the end of net's resume window), then they forfeit."""
    seat_back = Signal(int)
    """A silent seat was heard from again."""

    def __init__(
        self, names: Sequence[str], human_seat: int, bot_delay_ms: int, parent: QObject | None
    ) -> None:
        super().__init__(parent)
        self.names = list(names)
        self.players = len(self.names)
        self.human_seat = human_seat
        self.bot_delay_ms = bot_delay_ms
        self._pending: deque[tuple[float, Any]] = deque()  # (when it arrived, the item)
        self._pace = QTimer(self)
        self._pace.setSingleShot(True)
        self._pace.timeout.connect(self._drain)
        self._slow = QTimer(self)
        self._slow.setSingleShot(True)
        self._slow.timeout.connect(self._show_slow)
        self._shown: Observation | None = None
        self._shown_arrived: float | None = None  # when the position shown came from the peers
        self._submitted = False
        self._over: GameOver | None = None
        self._scores = MatchScores((0,) * self.players, ())
        self._finished = False
        self._left: list[int] = []
        self.moves = 0
        self.log_hash = ""
        self.dealing = False
        self.redealing = False
        """A reshuffle (crazy) or exchange (poker) is being re-dealt: the table waits for it."""
        self._logged_moves = -1
        self._held_trump: Any = None

    # ----- for subclasses -----------------------------------------------------------------

    def _send_action(self, action: Any) -> None:
        """Hand the player's checked action to the peers (on their thread)."""
        raise NotImplementedError

    def _working(self) -> bool:
        """The peers' thread is busy with a request of ours."""
        return False

    def _now(self) -> float:
        """The clock items are stamped with when they arrive (`time.monotonic`)."""
        return time.monotonic()

    def _reset(self, status: str, new_game: bool = True) -> None:
        """Forget the last game's state before a game is shown; the views forget theirs too
        (`game_reset`) only for a new game, not for a game resumed from its journal."""
        self._pending.clear()
        self._pace.stop()
        self._shown, self._over, self._finished, self._submitted = None, None, False, False
        self._shown_arrived = None
        self.moves, self.log_hash, self.dealing = 0, "", True
        self.redealing, self._logged_moves, self._held_trump = False, -1, None
        self._left = []
        if new_game:
            self.game_reset.emit()
        else:  # the first position shown is where the restored log ends: its move is told
            self._logged_moves = self.moves
        self.status_changed.emit(status)

    def _receive(self, items: Sequence[Any]) -> None:
        """Queue the player's events from the peers; they are shown at a readable pace (each
        stamped with its arrival: the table's clock for your move runs from then, not from when
        the pace shows it)."""
        now = self._now()
        self._pending.extend((now, item) for item in items)
        if not self._pace.isActive():
            self._drain()

    def _refuse(self, reason: str | LogNotice) -> None:
        """The peers refused the player's action: show the position again, say why (`reason`:
        the peers' words, or a notice of ours, translated when the line is written)."""
        self._submitted = False
        self._slow.stop()
        if self._shown is not None:
            self.observation_changed.emit(self._shown)
        self.error.emit(
            LogNotice(
                "LocalGame",
                QT_TRANSLATE_NOOP("LocalGame", "That move is not allowed now: %1"),
                (reason,),
            )
        )

    # ----- the controller interface -------------------------------------------------------

    def submit(self, action: Any) -> bool:
        """Play your action if it is legal in the position shown; otherwise say why."""
        shown = self._shown
        if shown is None or self._over is not None or self._finished:
            self.error.emit(
                LogNotice("LocalGame", QT_TRANSLATE_NOOP("LocalGame", "The game is not running."))
            )
            return False
        if self._submitted or action not in shown.legal:
            self.error.emit(
                LogNotice(
                    "LocalGame",
                    QT_TRANSLATE_NOOP("LocalGame", "That move is not allowed now: %1"),
                    (str(action),),
                )
            )
            return False
        self._submitted = True
        self.observation_changed.emit(dataclasses.replace(shown, legal=()))
        self._slow.start(SLOW_AFTER_MS)
        self._send_action(action)
        return True

    def observation(self) -> Observation | None:
        """What your seat sees now (as shown)."""
        return self._shown

    def fool(self) -> int | None:
        """The fool of the finished game, None for a draw (or while it runs)."""
        if self._over is None:
            return None
        fool = self._over.result.get("fool")
        return fool if isinstance(fool, int) else None

    def is_over(self) -> bool:
        """The game has ended and its end has been shown."""
        return self._finished

    def unfinished(self) -> bool:
        """The game ended before its end (its result is not over): a cheat caught, abandoned,
        the host's configurations differed."""
        return self._over is not None and self._over.result.get("over") is not True

    def winners(self) -> list[int]:
        """Points and pogony: the seats with the best score in the finished game (else [])."""
        if self._over is None:
            return []
        winners = self._over.result.get("winners", [])
        return (
            [seat for seat in winners if isinstance(seat, int)] if isinstance(winners, list) else []
        )

    def scores(self) -> list[ScoreLine]:
        """Points and times the fool of every seat across the match."""
        points = self._scores.points
        return [
            ScoreLine(
                self.names[seat],
                points[seat] if seat < len(points) else 0,
                self._scores.fools.count(seat),
            )
            for seat in range(self.players)
        ]

    def verdict(self) -> AuditVerdict:
        """The audit verdict every peer reached, in words, with the log hash."""
        if self._over is None:
            raise RuntimeError("the game has not ended")
        return describe_verdict(self._over, self.names, self.moves, self._left, self.human_seat)

    def bots_busy(self) -> bool:
        """The peers are still working or moves wait to be shown (tests wait for this to pass)."""
        if self._finished:
            return False
        return self._working() or bool(self._pending) or self._pace.isActive()

    # ----- showing ------------------------------------------------------------------------

    def _show_slow(self) -> None:
        if self._working() and not self._finished:
            self.status_changed.emit(
                QCoreApplication.translate("LocalGame", "The peers check the proofs…")
            )

    def _drain(self) -> None:
        while self._pending:
            arrived, item = self._pending.popleft()
            if isinstance(item, StateChanged):
                self._shown_arrived = arrived
                self._show(item.observation)
                if self.bot_delay_ms > 0 and not item.observation.legal:
                    self._pace.start(self.bot_delay_ms)  # let the player see each other move
                    return
            elif isinstance(item, MoveApplied):
                self.moves = item.index + 1
                self.log_hash = item.log_hash
                if item.action.kind == FORFEIT:
                    self._left.append(item.action.seat)
            elif isinstance(item, MatchScores):
                self._scores = item
            elif isinstance(item, GameOver):
                self._over = item
            elif isinstance(item, PeerSilent):
                self._seat_silent(item)
            elif isinstance(item, PeerBack):
                self.seat_back.emit(item.seat)
                self.error.emit(
                    LogNotice(
                        "TableController",
                        QT_TRANSLATE_NOOP("TableController", "%1 is back."),
                        (SeatArg(item.seat),),
                    )
                )
        if self._over is not None and not self._finished:
            self._finished = True
            self._slow.stop()
            self.status_changed.emit("")
            shown = self._shown
            if self.unfinished() and shown is not None and (shown.legal or shown.to_act):
                # the game stopped in the middle: nobody is to move in the position left behind
                self._shown = dataclasses.replace(shown, legal=(), to_act=())
                self.observation_changed.emit(self._shown)
            self.game_finished.emit()

    def _seat_silent(self, item: PeerSilent) -> None:
        """Show a silent seat with net's times (a bare PeerSilent: from now, the default window)."""
        if isinstance(item, SeatSilent) and item.deadline >= item.silent_since > 0:
            since, deadline = item.silent_since, item.deadline
        else:
            since = time.time()
            deadline = since + RESUME_WINDOW
        self.seat_silent.emit(item.seat, since, deadline)
        self.error.emit(
            LogNotice(
                "TableController",
                QT_TRANSLATE_NOOP(
                    "TableController",
                    "%1 is not answering. The table waits until %2; if %1 is not back by then, "
                    "%1 is the fool by forfeit.",
                ),
                (SeatArg(item.seat), time.strftime("%H:%M:%S", time.localtime(deadline))),
            )
        )

    def departed(self) -> tuple[list[int], list[int]]:
        """When the game ended because seats left (reason "absent"): those seats, and the seats
        of the team that loses by their forfeit in a team game ([] otherwise); ([], [])."""
        over = self._over
        if over is None or over.reason != "absent":
            return [], []
        forfeits = over.result.get("forfeits", [])
        seats = [s for s in forfeits if isinstance(s, int)] if isinstance(forfeits, list) else []
        team = over.result.get("losing_team")
        if not isinstance(team, int):
            return seats, []
        return seats, [seat for seat in range(self.players) if seat % 2 == team]

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat)

    def _show(self, observation: Observation) -> None:
        if self.dealing:
            self.dealing = False
            self.status_changed.emit("")
        self._slow.stop()
        if not self._working():
            self.status_changed.emit("")
        new_move = self.moves != self._logged_moves
        self._logged_moves = self.moves
        if new_move and any(event.kind == RESHUFFLE for event in observation.last_events):
            # The table pauses until every peer has locked the hidden sub-deck of the new talon
            # (the next position shown for this move is the resumed one); no move until then.
            self.redealing = True
            observation = dataclasses.replace(observation, legal=())
            self.status_changed.emit(
                QCoreApplication.translate(
                    "TableController", "Shuffling the talon again… every peer checks every proof"
                )
            )
        elif self.redealing:
            self.redealing = False
            self.status_changed.emit("")
        self._shown = observation
        self._submitted = False
        self.events_happened.emit(self._events_to_log(observation, new_move))
        self.observation_changed.emit(observation)

    def _events_to_log(self, observation: Observation, new_move: bool) -> list[Any]:
        """A move's events once (it may be shown again as its cards open); the line of the trump
        card turned up waits until its face has reached this seat, so that it can name it."""
        events: list[Any] = []
        held = self._held_trump
        if held is not None and (new_move or observation.trump_card is not None):
            events.append(held)
            self._held_trump = None
        if not new_move:
            return events
        waiting = observation.trump_card is None and observation.talon_count > 0
        for event in observation.last_events:
            if event.kind == TRUMP_OPENED and waiting:
                self._held_trump = event
            else:
                events.append(event)
        return shuffle_after_its_cause(events)
