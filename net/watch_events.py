"""What a spectator's client receives and the calls it makes: the watching interface.

A spectator ("watcher") is a peer that receives a running table's signed log and is opened only
the positions the rules make public (docs/protocol.md, "Spectators"). Its client (the GUI's
watching view, or `durak-peer --watch`) sees nothing of the protocol: it starts a watch with a
`WatchRequest`, receives `WatchEvent`s in order through one callback, and may `chat` or `leave`
(`WatchControl`). Every event is immutable and carries words a player understands; no event ever
holds a face the table did not show to every seat.

Around a watch (the players' side and the lobby list), the same interface adds:
- `SpectatorPolicy`, the host's table setting (spectators allowed, the cap, their chat);
- `net.lobby.LobbyState.watcher_names` (and `.watchers`, each `{"name", "key"}`): who watches,
  in the state every member receives (a player's side panel), and `.spectators`, the policy;
- `net.discovery.TableAnnouncement.running` and `.watchers`: a table whose game runs, and how
  many watch it (the lobby list's *Watch* button and count).

Order: `WatchStarted` once; then per game `GameStarted`, `MoveShown` (and `TableShown`)... and
`GameEnded` (when the seats' audit opened every hand, a `TableShown` with `audit` set, every
hand's faces, comes just before it); between
and among them `WatchChat` and `WatchersChanged`; `WatchEnded` last, exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

WATCH_END_KINDS = {
    "left": "you stopped watching",
    "match-over": "the match is over",
    "not-found": "no table of that name answered on this network",
    "ambiguous": "two tables have that name; pick one in the lobby or paste its invitation",
    "vanished": "the table stopped answering",
    "wrong-password": "the password is wrong",
    "closed": "the table does not allow spectators",
    "full": "the table already has as many spectators as its host allows",
    "version": "this table runs a different version of the game",
    "name-taken": "someone at that table already has your name",
    "refused": "the host refused",
    "dropped": "the table stopped sending to this spectator (it broke the protocol)",
    "disagreement": "the players sent this spectator different games; the watch cannot go on",
}
"""Why a watch ended (`WatchEnded.kind`), in words. "disagreement" names a seat only when that
seat signed two versions of one log entry or dealing message (its detail says so): anything else
a spectator sees cannot prove which seat lied to it."""


DEFAULT_SPECTATOR_CAP = 8
"""Spectators a table admits unless its host sets another cap."""


@dataclass(frozen=True)
class SpectatorPolicy:
    """The host's table setting for spectators: whether any may watch, how many at most
    (more are refused in words: WATCH_END_KINDS["full"]), and whether their chat lines reach
    the table (off: `WatchControl.chat` returns False and the host drops their lines)."""

    allowed: bool = True
    cap: int = DEFAULT_SPECTATOR_CAP
    chat: bool = True

    @classmethod
    def from_cap(cls, cap: int, chat: bool = True) -> SpectatorPolicy:
        """The setting of a host who lets at most `cap` watch (0 or less: nobody)."""
        return cls(allowed=cap > 0, cap=max(cap, 0), chat=chat)


@dataclass(frozen=True)
class WatchRequest:
    """What to watch: `table` is a table's name (found by mDNS) or "host:port" (an address, as
    when joining); `password` the table's password if it has one; `name` the spectator's name
    shown to the table (unique among players and spectators)."""

    table: str
    name: str
    password: str = ""


@dataclass(frozen=True)
class WatchStarted:
    """The host let this spectator in: the table's name, its host's name, the variant (an id of
    the game registry, `engine.games`) and options, the players' names by seat, and whether the
    host lets spectators chat (off: the chat box says so from the start)."""

    table: str
    host: str
    variant: str
    options: tuple[tuple[str, Any], ...]
    players: tuple[str, ...]
    chat: bool = True


@dataclass(frozen=True)
class GameStarted:
    """A game of the match began (or was running when the spectator arrived: `caught_up` tells
    how many moves the seats said the log held then; they follow at once as `MoveShown`s).
    `game_no` counts from 0; `players` are the names by seat; `observation` is the game's
    public observation (`GameKind` interface: every hand as backs) at `moves` moves."""

    game_no: int
    variant: str
    players: tuple[str, ...]
    observation: Any
    moves: int
    caught_up: int


@dataclass(frozen=True)
class MoveShown:
    """A move entered the game's signed log at `index` and was checked as a seat checks it:
    `seat` made it (None: the table's own entry, such as a forfeit), `words` say it, and
    `observation` is the game's public observation after it; `log_hash` is the log's hash."""

    game_no: int
    index: int
    seat: int | None
    words: str
    observation: Any
    log_hash: str


@dataclass(frozen=True)
class TableShown:
    """The table showed every seat more faces without a move (hands shown for the score at a
    game's end, a card turned up): the public observation after `moves` moves, as now.
    `audit`: the end-of-game audit opened every face (every hand shown, as to the seats); it
    comes just before the game's `GameEnded`."""

    game_no: int
    moves: int
    observation: Any
    audit: bool = False


@dataclass(frozen=True)
class WatchChat:
    """A chat line at the table: who said it and whether they are a spectator."""

    name: str
    text: str
    spectator: bool


@dataclass(frozen=True)
class WatchersChanged:
    """Who watches the table now (names, in the order they came), spectator's own included."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class GameEnded:
    """A game ended as its seats voted it: the result in words (the one line a seat shows),
    the log hash every seat signed, the seat of the fool (None: none), and the reason
    (`net.table.events.GameOver.reason`)."""

    game_no: int
    words: str
    log_hash: str
    fool: int | None
    reason: str


@dataclass(frozen=True)
class WatchEnded:
    """The watch is over (the last event): `kind` is a key of WATCH_END_KINDS, `words` says
    why (with any detail)."""

    kind: str
    words: str


WatchEvent = (
    WatchStarted
    | GameStarted
    | MoveShown
    | TableShown
    | WatchChat
    | WatchersChanged
    | GameEnded
    | WatchEnded
)
"""Every event a spectator's client receives."""


def watch_end(kind: str, detail: str = "") -> WatchEnded:
    """The `WatchEnded` of a kind (ValueError for an unknown kind), its words with any detail."""
    if kind not in WATCH_END_KINDS:
        raise ValueError(f"unknown watch end {kind!r}")
    words = WATCH_END_KINDS[kind]
    return WatchEnded(kind, words + (f" ({detail})" if detail else ""))


class WatchSink(Protocol):
    """Where a watch delivers its events, one at a time, in order (called on the watch's own
    asyncio loop: a GUI hands them to its thread)."""

    def __call__(self, event: WatchEvent) -> None: ...


class WatchControl(Protocol):
    """The calls a spectator's client makes on a running watch. `net.watcher.Watcher(request,
    identity, sink)` implements it (`identity`: a `net.identity.Identity`, the spectator's
    key; `sink`: a `WatchSink`); `run` is called once, on the asyncio loop the watch lives on,
    and `chat`/`leave` on that same loop (a GUI uses `loop.call_soon_threadsafe`)."""

    async def run(self) -> WatchEnded:
        """Watch until the watch ends; every event goes to the sink, `WatchEnded` last (and
        returned)."""
        ...

    def chat(self, text: str) -> bool:
        """Say a line at the table; False when not sent (not in yet, or the host turned
        spectators' chat off)."""
        ...

    def leave(self) -> None:
        """Stop watching at once (the table is not affected); `run` returns "left"."""
        ...


__all__ = [
    "DEFAULT_SPECTATOR_CAP",
    "WATCH_END_KINDS",
    "GameEnded",
    "GameStarted",
    "MoveShown",
    "SpectatorPolicy",
    "TableShown",
    "WatchChat",
    "WatchControl",
    "WatchEnded",
    "WatchEvent",
    "WatchRequest",
    "WatchSink",
    "WatchStarted",
    "WatchersChanged",
    "watch_end",
]
