"""The host's signed starts, shown from member to member (sans-I/O): every member that starts a
game sends each other member the `start` the host signed for it, and checks the ones it is
shown against its own. Two different configs signed by the host under one table id and game
number are the host's equivocation, proven by its own two signatures: the member names the host
(`TwoStarts`). A shown start that is malformed or not signed by the host names the member that
showed it (`ShownStartError`), never the host. docs/protocol.md ("Lobby", "The start exchange").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from net.identity import IdentityError, verify_signature
from net.lobby import LOBBY, GameStart, parse_start
from net.table.config import implied_differences, start_signed_bytes

SHOWN = "shown"
"""The `k` of a member's lobby message to another member: `{"t": "l", "k": "shown", "start":
the host's signed start message as this member got it}`."""
KEPT_PER_SENDER = 4
"""Shown starts of games not started here yet, kept per sender (the rest are dropped)."""

KEPT_GAMES = 2
"""This member's own starts of earlier games kept (a start is resent only to a member that
rejoins during its game)."""

GameId = tuple[str, int]
"""A game: its table id and its game number (what one signed start may name once)."""


def start_wire(start: GameStart) -> dict[str, Any]:
    """The host's signed `start` message of a game, as a member received it."""
    return {
        "t": LOBBY,
        "k": "start",
        "config": start.config.as_wire(),
        "addresses": [a.as_wire() for a in start.addresses],
        "sig": start.signature,
    }


def shown_message(start: GameStart) -> dict[str, Any]:
    """What a member sends every other member when it starts a game: the host's signed start."""
    return {"t": LOBBY, "k": SHOWN, "start": start_wire(start)}


class ShownStartError(ValueError):
    """A member showed a start that is malformed or not signed by the host: its own fault."""


@dataclass(frozen=True)
class TwoStarts:
    """The host signed two different configs of one game: `mine` (this member's) and `theirs`
    (shown by the seat with key `shown_by`)."""

    mine: GameStart
    theirs: GameStart
    shown_by: bytes

    @property
    def game(self) -> int:
        """The game's number."""
        return self.mine.config.game_no

    def differences(self) -> list[str]:
        """How the other start departs from this member's, in words."""
        found = implied_differences(self.mine.config, self.theirs.config)
        return found or ["another configuration"]

    def evidence(self) -> list[dict[str, Any]]:
        """The two signed start messages (this member's first)."""
        return [start_wire(self.mine), start_wire(self.theirs)]


@dataclass
class StartWitness:
    """One member's record of the host's signed starts: its own, and the ones other members
    showed it before its own of that game arrived."""

    mine: dict[GameId, GameStart] = field(default_factory=dict)
    kept: dict[bytes, dict[GameId, GameStart]] = field(default_factory=dict)

    def got(self, start: GameStart, me: bytes) -> TwoStarts | None:
        """The host's start of a game reached this member (key `me`; its signature checked by
        the lobby client): the host's equivocation when it differs from one the host sent this
        member before for the same game, or from one another member showed; None otherwise."""
        game = _game_id(start)
        earlier = self.mine.get(game)
        if earlier is not None:
            return None if _same(earlier, start) else TwoStarts(earlier, start, me)
        self.mine[game] = start
        for old in [g for g in self.mine if g[0] == game[0] and g[1] < game[1] - KEPT_GAMES]:
            del self.mine[old]  # a long match stays small: no start is resent that long after
        for key, shown in self.kept.items():
            theirs = shown.pop(game, None)
            if theirs is not None and not _same(start, theirs):
                return TwoStarts(start, theirs, key)
        return None

    def shown(self, sender: bytes, message: Any, host_key: bytes) -> TwoStarts | None:
        """A member's `shown` message: the host's equivocation when the start it holds, signed
        by the host, differs from this member's of the same game; None when it agrees or this
        member's start of that game has not arrived (then it is kept). ShownStartError when it
        is malformed or its signature is not the host's (the sender is at fault)."""
        if not isinstance(message, dict) or not isinstance(message.get("start"), dict):
            raise ShownStartError("a 'shown' message holds a start message")
        try:
            theirs = parse_start(message["start"])
        except ValueError as error:  # ConfigError and the engine's ParseError are ValueErrors
            raise ShownStartError(f"the start it showed is malformed: {error}") from None
        if theirs.signature is None:
            raise ShownStartError("the start it showed is not signed")
        try:
            verify_signature(host_key, theirs.signature, start_signed_bytes(theirs.config))
        except IdentityError:
            raise ShownStartError("the start it showed is not signed by the host") from None
        game = _game_id(theirs)
        mine = self.mine.get(game)
        if mine is not None:
            return None if _same(mine, theirs) else TwoStarts(mine, theirs, sender)
        kept = self.kept.setdefault(sender, {})
        if game in kept or len(kept) < KEPT_PER_SENDER:
            kept[game] = theirs
        return None


def _game_id(start: GameStart) -> GameId:
    return (start.config.table_id, start.config.game_no)


def _same(one: GameStart, other: GameStart) -> bool:
    """The same signed config (the addresses are not signed and may differ)."""
    return one.config.digest() == other.config.digest()
