"""One game at one peer: its core, journal and clocks, and what its end means (the summary of
the result file, who a finished game still waits for, the end of a game come back to too late).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.games import kind_for
from net.identity import fingerprint
from net.journal import Journal
from net.lobby import GameStart
from net.peer_events import SeatBack, SeatSilent
from net.table.core import GameOver, Out, PeerBack, PeerSilent, TableCore


@dataclass
class GameRun:
    """One game at this peer: its core, journal and mesh."""

    start: GameStart
    core: TableCore
    journal: Journal | None
    epoch: float
    last_now: float
    seat_of: dict[bytes, int]
    over_at: float | None = None
    left_at: float | None = None
    summary: dict[str, Any] | None = None
    ended: bool = False
    dealt: bool = False
    redealing: bool = False  # a reshuffle's sub-deck is being dealt (crazy, poker)
    auditing: bool = False  # the game is played out; the audit runs

    @property
    def game_no(self) -> int:
        """The game number."""
        return self.start.config.game_no

    def clock(self) -> float:
        """Seconds since the game began (never going back, even across a restart)."""
        self.last_now = max(self.last_now, time.time() - self.epoch)
        return self.last_now


def summarize(
    run: GameRun, over: GameOver, earlier: Sequence[dict[str, Any]] = ()
) -> dict[str, Any]:
    """One game of the result JSON; a family-3 game adds its points and the match's so far
    (`match_scores`, over the `earlier` summaries of this table)."""
    config = run.start.config
    verdict = over.verdict
    audit: dict[str, Any] | None = None
    if verdict is not None:
        audit = {
            "ok": verdict.ok,
            "cheaters": {str(seat): list(why) for seat, why in verdict.cheaters.items()},
            "forfeits": list(verdict.forfeits),
            "problems": list(verdict.problems),
        }
    result = {str(k): v for k, v in over.result.items()}
    summary = {
        "game": config.game_no,
        "log_hash": over.log_hash,
        "moves": len(run.core.entries),
        "fool": result.get("fool"),
        "draw": bool(result.get("draw")),
        "result": result,
        "reason": over.reason,
        "cheater": over.cheater,
        "evidence": over.evidence,
        "stalled": list(over.stalled),
        "waited": over.waited,
        "unconfirmed": list(over.unconfirmed),
        "audit": audit,
        "first": config.first,
        "seats": seats_json(config.seats),
        "clean": over.reason == "finished" and verdict is not None and verdict.ok,
    }
    if kind_for(config.variant).counts_points:
        summary["winner"] = result.get("winner")
        summary["points"] = game_points(result, config.players)
        summary["match_points"] = match_scores([*earlier, summary], config.players)
    return summary


def game_points(result: dict[str, Any], players: int) -> list[int] | None:
    """A family-3 game's points per seat from its result (None when the result has none: a
    game that ended before its hands were counted)."""
    points = result.get("points")
    if isinstance(points, list) and len(points) == players and all(type(p) is int for p in points):
        return list(points)
    return None


def match_scores(summaries: Sequence[dict[str, Any]], players: int) -> list[int]:
    """The match's points per seat: each counted game's points added up, as
    `engine.points_match.PointsMatch.record` adds them (games without points add nothing)."""
    total = [0] * players
    for summary in summaries:
        points = summary.get("points")
        if isinstance(points, list) and len(points) == players:
            total = [a + int(b) for a, b in zip(total, points, strict=True)]
    return total


def awaited(run: GameRun) -> list[int]:
    """The seats whose acknowledgements a finished game waits for: the others, but not the seats
    that left (nobody, when this seat is the one that left).

    A seat that left is one whose forfeit is in the log (`TableCore.left_seats`: it stops once
    the others have all it sent, so it never acknowledges their audit reveals and finals; waiting
    for it held the others' close, and the end of their match, for the resume window) or one the
    others signed absent."""
    summary = run.summary or {}
    gone = set(run.core.left_seats)
    if summary.get("reason") == "absent":
        gone.update(summary.get("result", {}).get("forfeits", []))
    if run.core.seat in gone:
        return []
    return [s for s in range(run.start.config.players) if s != run.core.seat and s not in gone]


def away_too_long(run: GameRun) -> GameOver:
    """The end of a game this seat came back to after the resume window: it forfeited."""
    seat = run.core.seat
    result: dict[str, Any] = {
        "over": True,
        "fool": seat,
        "draw": False,
        "out": [],
        "forfeits": [seat],
    }
    if run.core.adapter.teams:
        result["losing_team"] = seat % 2
    return GameOver(
        result, None, run.core.log_hash, "absent", evidence="away past the resume window"
    )


def seats_json(seats: Any) -> list[dict[str, Any]]:
    """Seats with names and fingerprints."""
    return [
        {"seat": i, "name": s.name, "fingerprint": fingerprint(s.key), "bot": s.bot}
        for i, s in enumerate(seats)
    ]


def for_the_player(run: GameRun, outs: list[Out]) -> list[Out]:
    """The core's silence events with names and wall-clock times, for the player."""
    seats = run.start.config.seats
    enriched: list[Out] = []
    for item in outs:
        if isinstance(item, PeerSilent) and not isinstance(item, SeatSilent):
            since = run.epoch + item.since
            deadline = since + run.core.resume_window
            item = SeatSilent(item.seat, item.since, seats[item.seat].name, since, deadline)
        elif isinstance(item, PeerBack) and not isinstance(item, SeatBack):
            item = SeatBack(item.seat, seats[item.seat].name)
        enriched.append(item)
    return enriched
