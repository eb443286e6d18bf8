"""What a peer tells its player: typed events and errors with words a player understands.

`SeatSilent` / `SeatBack` carry who fell silent, since when and until when the table waits
(wall-clock times, for a countdown); `JoinError` says why joining a table ended (no such
table, another version of the game, two tables of that name, the table vanished, a wrong
password, a full table, another host answering, your name taken, refused or kicked);
`HostFault` names a host that broke a rule of the lobby or the match (a next game unlike its
last game decides, a malformed message, two different signed starts of one game, no start when
every seat was ready); `SeatLeftMatch` ends a match another seat left;
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
    """The host broke a rule of the lobby or the match, seen by this member: it started a
    match's next game unlike the finished game implies (another leader, dealer, rule level...)
    or without signing its start. The table ends for the member. `host` names the host (name
    and fingerprint), `game` the game, `differences` say what is wrong, `evidence` is what the
    host sent (its signed `start`; for a subclass, see there). The subclasses are the other
    rules a member holds the host to, with their own words."""

    def __init__(
        self,
        host: str,
        game: int,
        differences: list[str],
        evidence: dict[str, Any],
        words: str | None = None,
    ) -> None:
        if words is None:
            words = (
                f"the host {host} started game {game + 1} unlike the last game decides "
                f"({'; '.join(differences)}); the table is closed"
            )
        super().__init__(words)
        self.host = host
        self.game = game
        self.differences = list(differences)
        self.evidence = evidence


class HostMalformed(HostFault):
    """The host sent this member a lobby message that breaks the protocol (a `start` whose
    config does not parse or that it did not sign, a `state` naming another host...): the
    member stops at once, naming the host, instead of dropping the link and meeting the same
    message at every redial. `evidence` is the message as received; `game` is -1 when the
    message names no game."""

    def __init__(self, host: str, kind: str, reason: str, evidence: dict[str, Any]) -> None:
        config = evidence.get("config")
        game = config.get("game") if isinstance(config, dict) else None
        words = f"the host {host} sent a malformed {kind!r} ({reason}); the table is closed"
        super().__init__(host, game if type(game) is int else -1, [reason], evidence, words)


class HostEquivocated(HostFault):
    """The host signed two different starts of one game (table id and game number): this
    member's and the one another seat showed it. Both signatures are the host's, so this is
    proof anyone can check. `evidence` is `{"starts": [mine, theirs]}`, the two signed `start`
    messages; `shown_by` names the seat that showed the other one."""

    def __init__(
        self,
        host: str,
        game: int,
        shown_by: str,
        differences: list[str],
        starts: list[dict[str, Any]],
    ) -> None:
        words = (
            f"the host {host} signed two different starts of game {game + 1}: {shown_by} "
            f"was given one with {'; '.join(differences)}; the table is closed"
        )
        super().__init__(host, game, differences, {"starts": starts}, words)
        self.shown_by = shown_by


class HostStalled(HostFault):
    """The host did not start the next game although its own lobby state said every seat was
    taken and every seated player ready, or (`running`) its state kept saying a game with this
    member seated runs while no game ran here, for longer than the deadline: the member stops."""

    def __init__(self, host: str, game: int, waited: float, running: bool = False) -> None:
        self.running = running
        if running:
            reason = f"game {game + 1} said to run {waited:.0f} s with no game here"
            words = (
                f"the host {host} kept saying game {game + 1} runs, but neither started it here "
                f"nor ended it (waited {waited:.0f} s); the table is closed"
            )
        else:
            reason = f"no start {waited:.0f} s after every seat was ready"
            words = (
                f"the host {host} did not start game {game + 1} although every player was "
                f"ready (waited {waited:.0f} s); the table is closed"
            )
        super().__init__(host, game, [reason], {}, words)


class SeatLeftMatch(PeerError):
    """Another seat left the match, so no other game of it starts: it said goodbye (its signed
    `bye`, relayed by the host) after game number `game`, or (`vanished`) it stayed away between
    games past the resume window (at the host; at a member, seen as its own link to the seat
    down as the host ended the match). `who` names the seat; nobody is named for cheating."""

    def __init__(self, who: str, game: int, vanished: bool = False) -> None:
        if vanished:
            words = (
                f"{who} left the table between games (not back after game {game + 1}); "
                "the match ends"
            )
        else:
            words = f"{who} left the match after game {game + 1}; the match ends"
        super().__init__(words)
        self.who = who
        self.game = game
        self.vanished = vanished


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
