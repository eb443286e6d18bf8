"""What a peer tells its player: typed events and errors with words a player understands.

`SeatSilent` / `SeatBack` carry who fell silent, since when and until when the table waits
(wall-clock times, for a countdown); `JoinError` says why joining a table ended (no such
table, another version of the game, two tables of that name, the table vanished, a wrong
password, a full table, another host answering, your name taken, refused or kicked);
`HostFault` names a host that started a match's next game unlike its last game decides;
`end_words` explains how a game ended ("North left the table; North is the fool by forfeit").
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from net.table.core import PeerBack, PeerSilent

JOIN_TIMEOUT = 30.0
"""Seconds a join may take to find the table and get in before it ends with a `JoinError`."""


@dataclass(frozen=True)
class SeatSilent(PeerSilent):
    """A seat fell silent: its name, when it was last heard and when the table stops waiting
    (both `time.time()` seconds); the game goes on without it after `deadline`."""

    name: str = ""
    silent_since: float = 0.0
    deadline: float = 0.0

    def words(self) -> str:
        """The line a client shows."""
        left = max(0, round(self.deadline - time.time()))
        return (
            f"{self.name} is not answering (since {_clock(self.silent_since)}); "
            f"the table waits {left} s more, then {self.name} is the fool by forfeit"
        )


@dataclass(frozen=True)
class SeatBack(PeerBack):
    """A silent seat answers again."""

    name: str = ""

    def words(self) -> str:
        """The line a client shows."""
        return f"{self.name} is back"


JOIN_FAILURES = {
    "not-found": "no table of that name answered on this network",
    "ambiguous": "two tables have that name; pick one in the lobby or paste its invitation",
    "vanished": "the table stopped answering",
    "wrong-password": "the password is wrong",
    "full": "the table is full",
    "wrong-host": "another computer answered in the table's place",
    "name-taken": "a player at that table already has your name",
    "refused": "the host refused",
    "kicked": "the host removed you from the table",
    "version": "this table runs a different version of the game",
}


class PeerError(Exception):
    """The peer cannot go on (bad settings, no such table, a corrupt journal...)."""


class JoinError(PeerError):
    """Joining a table ended without a seat; `kind` is a key of JOIN_FAILURES."""

    def __init__(self, kind: str, table: str, detail: str = "") -> None:
        if kind not in JOIN_FAILURES:
            raise ValueError(f"unknown join failure {kind!r}")
        words = f"cannot join {table!r}: {JOIN_FAILURES[kind]}"
        super().__init__(words + (f" ({detail})" if detail else ""))
        self.kind = kind
        self.table = table
        self.detail = detail


class HostFault(PeerError):
    """The host started a match's next game unlike the finished game implies (another leader,
    dealer, rule level...), or without signing its start: every member that played the finished
    game refuses it and the table ends for it. `host` names the host (name and fingerprint),
    `differences` say what departs, `evidence` is the host's signed `start` message."""

    def __init__(
        self, host: str, game: int, differences: list[str], evidence: dict[str, Any]
    ) -> None:
        words = (
            f"the host {host} started game {game + 1} unlike the last game decides "
            f"({'; '.join(differences)}); the table is closed"
        )
        super().__init__(words)
        self.host = host
        self.game = game
        self.differences = list(differences)
        self.evidence = evidence


def end_words(summary: dict[str, Any]) -> str:
    """How a game ended, in a sentence (from a `net.peer.summarize` summary)."""
    names = {s["seat"]: s["name"] for s in summary.get("seats", [])}
    result = summary.get("result") or {}
    reason = summary.get("reason")
    fool = summary.get("fool")
    fool_name = names.get(fool, f"seat {fool}")
    if reason == "absent":
        gone = [names.get(s, f"seat {s}") for s in result.get("forfeits", [fool])]
        who = " and ".join(gone)
        verb = "left" if len(gone) == 1 else "have left"
        return f"{who} {verb} the table; {fool_name} is the fool by forfeit"
    if reason == "left":
        return f"{fool_name} left the table and is the fool by forfeit"
    if reason == "cheat":
        cheater = names.get(summary.get("cheater"), "a player")
        return f"{cheater} was caught cheating: {summary.get('evidence', '')}"
    if reason == "abandoned":
        return "the game was abandoned: the players could not agree how it ended"
    if summary.get("draw"):
        return "the game is a draw"
    return f"{fool_name} is the fool"


def _clock(moment: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(moment))
