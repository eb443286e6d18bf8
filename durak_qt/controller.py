"""What the window needs from whatever runs a game: a local engine match or a LAN table."""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import SignalInstance

from durak_qt.games.durak.game_over import AuditVerdict, ScoreLine


class GameController(Protocol):
    """A running match seen from one seat: `LocalGame` (bots on this computer) or `LanGame`.

    Signals: `observation_changed(Observation)` after every move, `events_happened(list[Event])`
    for the log and animations, `game_finished()` when a game of the match ends,
    `error(LogNotice)` for a ⚠ line in the log (a refused action, a silent seat),
    `status_changed(str)` for a line of progress while the peers work (shuffling, proofs; ""
    when done), `countdown_changed(str)` for a countdown's words (the table's wait for your
    move; "" when none runs).
    """

    observation_changed: SignalInstance
    events_happened: SignalInstance
    game_finished: SignalInstance
    error: SignalInstance
    status_changed: SignalInstance
    countdown_changed: SignalInstance
    names: list[str]
    human_seat: int
    players: int
    moves: int
    """Moves in the agreed log of the game shown."""
    log_hash: str
    """The hash of that log ("" before the first move)."""

    def start(self) -> None:
        """Deal the next game of the match."""

    def submit(self, action: Any) -> bool:
        """Play the local player's action; False (and `error`) when it is not legal now."""

    def observation(self) -> Any:
        """What your seat sees now, as shown (None before the deal)."""

    def is_over(self) -> bool:
        """The game has ended and its end has been shown."""

    def departed(self) -> tuple[list[int], list[int]]:
        """Seats whose leaving ended the game (reason "absent") and, in a team game, the seats
        of the team that loses by their forfeit; ([], []) for any other end."""

    def bots_busy(self) -> bool:
        """Others are still thinking or moves wait to be shown (tests wait for this to pass)."""

    def fool(self) -> int | None:
        """The fool of the finished game, None for a draw."""

    def unfinished(self) -> bool:
        """The game ended before its end (a cheat caught, abandoned, the host's configurations
        differed): nobody loses it, and the audit verdict says why."""

    def winners(self) -> list[int]:
        """Points and pogony: the seats with the best score (empty for other variants)."""

    def bot_hosts(self) -> dict[int, str]:
        """Bot seats and the machine that runs each (it can see that bot's cards)."""

    def scores(self) -> list[ScoreLine]:
        """Match scores, one line per seat."""

    def verdict(self) -> AuditVerdict:
        """The audit of the finished game."""

    def stop(self) -> None:
        """Stop all work for this match (leaving the table)."""
