"""The lobby of a table, sans-I/O: join, seat, leave, ready, kick, chat, options, start, and a
seat's signed goodbye to the match (`bye`, relayed by the host).

The lobby is host-centred: the host (the peer that announces the table over mDNS) runs
`LobbyHost`, every other peer runs `LobbyClient` and talks only to the host. Messages are
plain maps `{"t": "l", "k": kind, ...}` sent as single transport messages; members are known
by the Ed25519 key their transport connection authenticated. After every change the host
sends everyone the whole lobby state. `start` hands every member the `TableConfig` of the
next game and the listening addresses of every seat, from which the peers build the full
mesh; the game itself never depends on the host. docs/protocol.md ("Lobby") lists the fields.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots import BOTS
from engine.errors import ParseError
from engine.games import all_ids, kind_for
from engine.rules import MAX_SEATS
from net.crypto.group import DEFAULT_GROUP, GROUP_PREFERENCE, available_groups, best_shared_group
from net.dealing.context import ARGUMENT, MIN_PLAYERS, PROOF_KINDS
from net.identity import SIGNATURE_BYTES, IdentityError, fingerprint, verify_signature
from net.table.config import SeatInfo, TableConfig, start_signed_bytes
from net.table.game_adapter import adapter_for
from net.watch_events import SpectatorPolicy

LOBBY = "l"
"""The `t` field of every lobby message."""
MAX_NAME_CHARS = 32
MAX_CHAT_CHARS = 500
MAX_ADDRESSES = 8
MIN_SEATS = MIN_PLAYERS
"""The seats a table may have: MIN_SEATS..engine.rules.MAX_SEATS (what fair dealing supports)."""
MAX_WATCHERS = 64
"""The most spectators a lobby state may list (a host's cap is at most this)."""
MOVE_TIMERS = (0, 15, 30, 60)
"""A table's seconds per move that the host may announce; 0: no move timer."""

Message = dict[str, Any]


REFUSAL_CODES = ("name-taken", "full", "watch-closed", "watch-full", "spectator")
"""What an `error` message's `why` may say, beyond its words: the member's name is taken, or
no seat is free (a client turns these into `JoinError` kinds without reading the words); the
table allows no spectators, or as many as its cap already watch; a spectator sent what only a
player may (the host then closes its link)."""


MEMBER_KINDS = (
    "join",
    "seat",
    "leave",
    "ready",
    "chat",
    "kick",
    "options",
    "start",
    "watch",
    "bye",
)
"""Every lobby message a member (or the host, as a member of its own table) sends the host:
`LobbyHost.receive` takes these kinds and no other (tests/hostile/test_generic_adversary.py
attacks each of them field by field). A spectator sends `watch` (instead of `join`), then only
`chat` and `leave` (`WATCHER_KINDS`)."""
WATCHER_KINDS = ("watch", "chat", "leave")
"""The lobby messages the host takes from a spectator; any other is a violation (its link is
closed)."""
HOST_KINDS = ("state", "start", "chat", "kicked", "error", "bye")
"""Every lobby message the host sends a member: `LobbyClient.receive` takes these and no other
(a `bye` is a seat's own signed goodbye, relayed as the seat signed it)."""
BYE_SIGNED = b"durak-bye\x00"
"""The domain of a seat's signature of its goodbye: these bytes, then the digest of the config of
the last game it played (`bye_signed_bytes`)."""


class LobbyError(Exception):
    """A lobby message that breaks the rules; the text names the sender, `why` is one of
    REFUSAL_CODES when the refusal is one a client tells its player apart ("" otherwise)."""

    def __init__(self, sender: str, reason: str, why: str = "") -> None:
        if why and why not in REFUSAL_CODES:
            raise ValueError(f"unknown refusal code {why!r}")
        super().__init__(f"{sender}: {reason}")
        self.sender = sender
        self.reason = reason
        self.why = why


@dataclass(frozen=True)
class SeatAddress:
    """Where a seat's peer listens: addresses (IPv4 first) and a TCP port."""

    addresses: tuple[str, ...]
    port: int

    def as_wire(self) -> dict[str, Any]:
        """Plain data for messages and saves."""
        return {"addresses": list(self.addresses), "port": self.port}

    @classmethod
    def from_wire(cls, data: Any) -> SeatAddress:
        """Parse an address entry; ValueError when malformed."""
        if not isinstance(data, dict):
            raise ValueError("an address entry is a map")
        return cls(check_addresses(data.get("addresses")), check_port(data.get("port")))


def check_addresses(value: Any) -> tuple[str, ...]:
    """A list of IP address strings (at most 8); ValueError otherwise."""
    if not isinstance(value, list) or len(value) > MAX_ADDRESSES:
        raise ValueError(f"addresses must be a list of at most {MAX_ADDRESSES} IP addresses")
    for item in value:
        if not isinstance(item, str):
            raise ValueError("an address must be text")
        try:
            ipaddress.ip_address(item.split("%", 1)[0])
        except ValueError:
            raise ValueError(f"{item!r} is not an IP address") from None
    return tuple(value)


def check_port(value: Any) -> int:
    """A TCP port 1..65535; ValueError otherwise."""
    if type(value) is not int or not 1 <= value <= 65535:
        raise ValueError(f"port {value!r} is not within 1..65535")
    return value


def parse_host_port(text: str) -> tuple[str, int]:
    """`HOST:PORT` (`[IPv6]:PORT` for IPv6) into a host and a port; ValueError otherwise."""
    host, sep, port = text.strip().rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    elif ":" in host:
        raise ValueError(f"{text!r}: write an IPv6 address in brackets, like [::1]:4000")
    if not sep or not host or not port.isdigit():
        raise ValueError(f"{text!r} is not HOST:PORT")
    return host, check_port(int(port))


def check_name(value: Any) -> str:
    """A player name of 1..32 printable characters; ValueError otherwise."""
    if (
        not isinstance(value, str)
        or not value.strip()
        or len(value) > MAX_NAME_CHARS
        or not value.isprintable()
    ):
        raise ValueError(f"a name is 1 to {MAX_NAME_CHARS} printable characters")
    return value


def check_move_timer(value: Any) -> int:
    """A table's seconds per move (one of MOVE_TIMERS); ValueError otherwise."""
    if type(value) is not int or value not in MOVE_TIMERS:
        allowed = ", ".join(str(seconds) for seconds in MOVE_TIMERS)
        raise ValueError(f"the move timer is one of {allowed} seconds, not {value!r}")
    return value


def check_rules(variant: Any, options: Any, seats: int) -> Any:
    """The engine rules for a variant id (Durak's `Rules`, or a family-3 game kind's rules) and
    rule options at `seats` seats, when a table can deal them; ValueError otherwise."""
    known = all_ids()
    if not isinstance(variant, str) or variant not in known:
        raise ValueError(f"unknown variant {variant!r}; choose from {', '.join(known)}")
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise ValueError("rule options must be a map from option name to value")
    if "id" in options or "description" in options:
        raise ValueError("rule options cannot change the variant id or description")
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {seats!r}")
    try:
        rules = kind_for(variant).get_rules(variant, **options)
        rules.check_players(seats)
    except (ValueError, TypeError) as error:  # ParseError is a ValueError
        raise ValueError(str(error)) from None
    unsupported = table_problem(variant, options, seats)
    if unsupported:
        raise ValueError(f"{variant}: {unsupported}")
    return rules


def table_problem(variant: str, options: dict[str, Any], seats: int) -> str | None:
    """Why the table cannot deal this game (None: it can): the one answer of net.table, its
    game adapter's `unsupported()`; a game no adapter reads is not dealt yet."""
    placeholder = tuple(SeatInfo(f"seat {n}", bytes(32)) for n in range(seats))
    config = TableConfig("check", 0, variant, tuple(sorted(options.items())), placeholder)
    try:
        adapter = adapter_for(config)
    except (ValueError, TypeError):  # ParseError: the table reads no such game
        return "a LAN table does not deal this game yet"
    return adapter.unsupported()


# ------------------------------------------------------------------ messages (client side)


def join_message(
    name: str,
    bot: str,
    address: SeatAddress,
    groups: Sequence[str] | None = None,
    proofs: Sequence[str] = PROOF_KINDS,
) -> Message:
    """Ask the host to let this peer in (its key is the connection's), naming the dealing groups
    it supports (by default those this machine has, best first) and the pass-1 proof kinds it
    can check (by default every kind this version knows, best first)."""
    supported = list(available_groups() if groups is None else groups)
    return {
        "t": LOBBY,
        "k": "join",
        "name": name,
        "bot": bot,
        "groups": supported,
        "proofs": list(proofs),
        **address.as_wire(),
    }


def check_proofs(value: Any) -> tuple[str, ...]:
    """The pass-1 proof kinds a join names (a join naming none: the shuffle argument alone)."""
    if value is None:
        return (ARGUMENT,)
    if (
        not isinstance(value, list)
        or not value
        or len(value) > len(PROOF_KINDS)
        or not all(type(kind) is str and kind in PROOF_KINDS for kind in value)
        or len(set(value)) != len(value)  # (hashable now: known names only)
    ):
        raise ValueError(f"proofs must list some of {', '.join(PROOF_KINDS)}")
    return tuple(value)


def check_groups(value: Any) -> tuple[str, ...]:
    """The dealing groups a join names (a join naming none: the default group alone)."""
    if value is None:
        return (DEFAULT_GROUP,)
    if (
        not isinstance(value, list)
        or not value
        or len(value) > len(GROUP_PREFERENCE)
        or not all(name in GROUP_PREFERENCE for name in value)
    ):
        raise ValueError(f"groups must list some of {', '.join(GROUP_PREFERENCE)}")
    return tuple(value)


def watch_message(name: str) -> Message:
    """Ask the host to let this peer watch the table as a spectator named `name`."""
    return {"t": LOBBY, "k": "watch", "name": name}


def seat_message(seat: int | None = None) -> Message:
    """Take seat `seat` (None: the first free one)."""
    return {"t": LOBBY, "k": "seat", "seat": seat}


def leave_message() -> Message:
    """Leave the lobby (the seat is freed)."""
    return {"t": LOBBY, "k": "leave"}


def ready_message(game: int, ready: bool = True) -> Message:
    """Ready (or not) for game number `game`."""
    return {"t": LOBBY, "k": "ready", "game": game, "ready": ready}


def chat_message(text: str) -> Message:
    """Say something to the table."""
    return {"t": LOBBY, "k": "chat", "text": text}


def kick_message(key: bytes, reason: str = "") -> Message:
    """(host) Send a member away."""
    return {"t": LOBBY, "k": "kick", "key": key, "reason": reason}


def options_message(
    variant: str,
    options: dict[str, Any],
    seats: int | None = None,
    move_timer: int | None = None,
) -> Message:
    """(host) Choose the variant and rule options (and the number of seats, the move timer)."""
    message: Message = {"t": LOBBY, "k": "options", "variant": variant, "options": options}
    if move_timer is not None:
        message["move_timer"] = move_timer
    if seats is not None:
        message["seats"] = seats
    return message


def start_message(first: int | None = None) -> Message:
    """(host) Start the next game once every seat is taken and ready."""
    return {"t": LOBBY, "k": "start", "first": first}


def bye_signed_bytes(config: TableConfig) -> bytes:
    """What a seat signs when it leaves a match: the config digest of the last game it played
    (which names the table, the game and its seats)."""
    return BYE_SIGNED + config.digest()


def bye_message(key: bytes, config: TableConfig, sign: Callable[[bytes], bytes]) -> Message:
    """A seat's goodbye (its key `key`): it leaves the match after the game of `config`, the last
    it played (or forfeited); signed, so the host relays it to every member as evidence."""
    return SeatLeft(key, config.game_no, sign(bye_signed_bytes(config))).as_wire()


# ------------------------------------------------------------------ outputs


@dataclass(frozen=True)
class Send:
    """A lobby message for one member (`to` is its key) or for every member (`to` None)."""

    to: bytes | None
    message: Message


@dataclass(frozen=True)
class GameStart:
    """A game begins: its config, where every seat listens (index = seat) and the host's
    signature of the config (`start_signed_bytes`; None when the start came unsigned)."""

    config: TableConfig
    addresses: tuple[SeatAddress, ...]
    signature: bytes | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Kicked:
    """The host sent `key` away (the runtime closes that connection after the message)."""

    key: bytes
    reason: str


@dataclass(frozen=True)
class ChatReceived:
    """A chat line from `name` (`key`)."""

    key: bytes
    name: str
    text: str


@dataclass(frozen=True)
class LobbyChanged:
    """The lobby state as the host last described it."""

    state: LobbyState


@dataclass(frozen=True)
class Refused:
    """The host refused something this peer asked for; `why` is one of REFUSAL_CODES or ""."""

    reason: str
    why: str = ""


@dataclass(frozen=True)
class SeatLeft:
    """A seat (`key`) said goodbye: it leaves the match after game number `game`, the last it
    played, with its signature of that game's config (`bye_signed_bytes`); checked against the
    config by `check_bye` (a member checks the host's relay against its own config)."""

    key: bytes
    game: int
    signature: bytes

    def as_wire(self) -> Message:
        """The `bye` message, as the seat signed it."""
        return {"t": LOBBY, "k": "bye", "key": self.key, "game": self.game, "sig": self.signature}


def parse_bye(message: Message) -> SeatLeft:
    """A `bye` message's fields (ValueError when malformed; `check_bye` checks the signature)."""
    if set(message) != {"t", "k", "key", "game", "sig"}:
        raise ValueError("a bye holds key, game and sig, and nothing else")
    key, game, signature = message["key"], message["game"], message["sig"]
    if type(key) is not bytes or len(key) != 32:
        raise ValueError("a bye's key is 32 bytes")
    if type(game) is not int or game < 0:
        raise ValueError(f"a bye's game {game!r} is not a game number")
    if type(signature) is not bytes or len(signature) != SIGNATURE_BYTES:
        raise ValueError(f"a bye's signature is {SIGNATURE_BYTES} bytes")
    return SeatLeft(key, game, signature)


def check_bye(left: SeatLeft, config: TableConfig) -> None:
    """`left` is the goodbye of a seat of `config`'s game, signed by that seat (ValueError
    otherwise)."""
    if left.game != config.game_no:
        raise ValueError(f"it says it left after game {left.game + 1}, not {config.game_no + 1}")
    if left.key not in [seat.key for seat in config.seats]:
        raise ValueError(f"{fingerprint(left.key)} has no seat in game {config.game_no + 1}")
    try:
        verify_signature(left.key, left.signature, bye_signed_bytes(config))
    except IdentityError:
        raise ValueError("its signature is not the leaving seat's") from None


LobbyOut = Send | GameStart | Kicked | ChatReceived | LobbyChanged | Refused | SeatLeft


# ------------------------------------------------------------------ state


@dataclass
class Member:
    """Someone in the lobby."""

    key: bytes
    name: str
    bot: str
    address: SeatAddress
    seat: int | None = None
    ready: bool = False
    groups: tuple[str, ...] = (DEFAULT_GROUP,)
    proofs: tuple[str, ...] = (ARGUMENT,)

    def label(self) -> str:
        """`name (fingerprint)`, for error messages."""
        return f"{self.name} ({fingerprint(self.key)})"

    def as_wire(self) -> dict[str, Any]:
        """Plain data for the state message."""
        return {
            "name": self.name,
            "key": self.key,
            "bot": self.bot,
            "seat": self.seat,
            "ready": self.ready,
            "groups": list(self.groups),
            "proofs": list(self.proofs),
        }


@dataclass(frozen=True)
class LobbyState:
    """What the host tells everyone after each change."""

    table: str
    table_id: str
    host: bytes
    variant: str
    options: dict[str, Any]
    seats: int
    game: int
    playing: bool
    members: tuple[dict[str, Any], ...]
    games: int = 1
    move_timer: int = 0
    """The table's seconds per move (MOVE_TIMERS; 0: none), the same for every seat."""
    group: str = DEFAULT_GROUP
    """The group the seated players would deal in (the best all support; "": none shared)."""
    watchers: tuple[dict[str, Any], ...] = ()
    """The spectators, in the order they came: `{"name", "key"}` each (a seat lets their keys
    connect to feed them the game)."""
    spectators: SpectatorPolicy = field(default_factory=SpectatorPolicy)
    """The host's table setting for spectators."""

    @property
    def watcher_names(self) -> tuple[str, ...]:
        """The spectators' names (the side panel's list)."""
        return tuple(str(w["name"]) for w in self.watchers)

    def as_wire(self) -> Message:
        """The `state` message."""
        return {
            "t": LOBBY,
            "k": "state",
            "table": self.table,
            "table_id": self.table_id,
            "host": self.host,
            "variant": self.variant,
            "options": dict(self.options),
            "seats": self.seats,
            "game": self.game,
            "playing": self.playing,
            "members": [dict(m) for m in self.members],
            "games": self.games,
            "move_timer": self.move_timer,
            "group": self.group,
            "watchers": [dict(w) for w in self.watchers],
            "spectators": {
                "allowed": self.spectators.allowed,
                "cap": self.spectators.cap,
                "chat": self.spectators.chat,
            },
        }

    @property
    def seats_taken(self) -> int:
        """How many seats are taken."""
        return sum(1 for m in self.members if m.get("seat") is not None)

    @classmethod
    def from_wire(cls, data: Message) -> LobbyState:
        """Parse a `state` message; ValueError when malformed."""
        members = data.get("members")
        if not isinstance(members, list) or not all(isinstance(m, dict) for m in members):
            raise ValueError("state members must be a list of maps")
        for member in members:
            check_name(member.get("name"))
            key = member.get("key")
            if not isinstance(key, bytes) or len(key) != 32:
                raise ValueError("a member key is 32 bytes")
        seats, game, games = data.get("seats"), data.get("game"), data.get("games", 1)
        if type(seats) is not int or type(game) is not int or game < 0:
            raise ValueError("state seats and game must be integers")
        if type(games) is not int or games < 1:
            raise ValueError("state games must be a positive integer")
        host = data.get("host")
        if not isinstance(host, bytes) or len(host) != 32:
            raise ValueError("the host key is 32 bytes")
        options = data.get("options")
        if not isinstance(options, dict):
            raise ValueError("state options must be a map")
        move_timer = check_move_timer(data.get("move_timer", 0))
        group = data.get("group", DEFAULT_GROUP)
        if not isinstance(group, str) or group not in (*GROUP_PREFERENCE, ""):
            raise ValueError("the state's group is not a known dealing group")
        watchers = check_watchers(data.get("watchers", []))
        spectators = check_policy(data.get("spectators", {}))
        return cls(
            table=str(data.get("table", "")),
            table_id=str(data.get("table_id", "")),
            host=host,
            variant=str(data.get("variant", "")),
            options=options,
            seats=seats,
            game=game,
            playing=bool(data.get("playing")),
            members=tuple(members),
            games=games,
            move_timer=move_timer,
            group=group,
            watchers=watchers,
            spectators=spectators,
        )


def check_watchers(value: Any) -> tuple[dict[str, Any], ...]:
    """The spectators a state lists (ValueError when malformed)."""
    if not isinstance(value, list) or len(value) > MAX_WATCHERS:
        raise ValueError(f"watchers must be a list of at most {MAX_WATCHERS}")
    out = []
    for watcher in value:
        if not isinstance(watcher, dict) or set(watcher) != {"name", "key"}:
            raise ValueError("a watcher is a map of name and key")
        key = watcher["key"]
        if not isinstance(key, bytes) or len(key) != 32:
            raise ValueError("a watcher's key is 32 bytes")
        out.append({"name": check_name(watcher["name"]), "key": key})
    return tuple(out)


def check_policy(value: Any) -> SpectatorPolicy:
    """The host's spectator setting a state names (absent fields: the defaults)."""
    if not isinstance(value, dict) or set(value) - {"allowed", "cap", "chat"}:
        raise ValueError("spectators must be a map of allowed, cap and chat")
    default = SpectatorPolicy()
    allowed, cap, chat = (
        value.get("allowed", default.allowed),
        value.get("cap", default.cap),
        value.get("chat", default.chat),
    )
    if type(allowed) is not bool or type(chat) is not bool:
        raise ValueError("spectators' allowed and chat are true or false")
    if type(cap) is not int or not 0 <= cap <= MAX_WATCHERS:
        raise ValueError(f"the spectators' cap is within 0..{MAX_WATCHERS}")
    return SpectatorPolicy(allowed, cap, chat)


# ------------------------------------------------------------------ the host


@dataclass
class LobbyHost:
    """The host's lobby: validates members' messages and decides who sits where."""

    table: str
    table_id: str
    host_key: bytes
    variant: str = "throw-in"
    options: dict[str, Any] = field(default_factory=dict)
    seats: int = 3
    games: int = 1
    game: int = 0
    playing: bool = False
    members: dict[bytes, Member] = field(default_factory=dict)
    current: GameStart | None = None
    next_first: int | None = None
    next_dealer: int | None = None  # who deals the next game (TableConfig.next_game)
    move_timer: int = 0
    """The table's seconds per move, announced in every state (one of MOVE_TIMERS)."""
    spectators: SpectatorPolicy = field(default_factory=SpectatorPolicy)
    """The host's table setting for spectators (allowed, cap, chat)."""
    watchers: dict[bytes, str] = field(default_factory=dict)
    """The spectators, by key, in the order they came: their names."""
    departed: list[SeatLeft] = field(default_factory=list)
    """The seats that said goodbye (`bye`), in the order they left: the match starts no other
    game, and they cannot join again."""

    def __post_init__(self) -> None:
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise ValueError(f"seats must be within {MIN_SEATS}..{MAX_SEATS}")
        if self.games < 1:
            raise ValueError("a match has at least one game")
        check_move_timer(self.move_timer)
        check_rules(self.variant, self.options, self.seats)

    # -------------------------------------------------------------- queries

    def state(self) -> LobbyState:
        """The lobby as everyone is told."""
        ordered = sorted(
            self.members.values(),
            key=lambda m: (m.seat is None, m.seat or 0, m.name, m.key),
        )
        return LobbyState(
            table=self.table,
            table_id=self.table_id,
            host=self.host_key,
            variant=self.variant,
            options=dict(self.options),
            seats=self.seats,
            game=self.game,
            playing=self.playing,
            members=tuple(m.as_wire() for m in ordered),
            games=self.games,
            move_timer=self.move_timer,
            group=self.dealing_group() or "",
            watchers=tuple({"name": name, "key": key} for key, name in self.watchers.items()),
            spectators=self.spectators,
        )

    def dealing_group(self) -> str | None:
        """The best dealing group every seated member supports (None: they share none)."""
        return best_shared_group(m.groups for m in self.seated())

    def seated(self) -> list[Member]:
        """Seated members by seat."""
        return sorted((m for m in self.members.values() if m.seat is not None), key=_seat_of)

    @property
    def can_start(self) -> bool:
        """Every seat is taken, every seated player is ready, and no game is running."""
        seated = self.seated()
        return (
            not self.playing
            and not self.departed
            and len(seated) == self.seats
            and all(m.ready for m in seated)
        )

    def free_seats(self) -> list[int]:
        """Seats nobody sits on."""
        taken = {m.seat for m in self.members.values()}
        return [s for s in range(self.seats) if s not in taken]

    # -------------------------------------------------------------- input

    def receive(self, key: bytes, message: Any) -> list[LobbyOut]:
        """A lobby message from the member whose connection authenticated `key`.

        Raises LobbyError naming the sender when the message breaks a rule; nothing changes then.
        """
        member = self.members.get(key)
        who = member.label() if member else f"peer {fingerprint(key)}"
        if not isinstance(message, dict) or message.get("t") != LOBBY:
            raise LobbyError(who, "a lobby message is a map with t='l'")
        kind = message.get("k")
        if kind not in MEMBER_KINDS:
            raise LobbyError(who, f"unknown lobby message {str(kind)[:40]!r}")
        if key in self.watchers or kind == "watch":
            return self._watcher(key, message)
        if kind == "join":
            return self._join(key, who, message)
        if member is None:
            raise LobbyError(who, f"sent {kind!r} before joining")
        handler = {
            "seat": self._seat,
            "leave": self._leave,
            "ready": self._ready,
            "chat": self._chat,
            "kick": self._kick,
            "options": self._options,
            "start": self._start,
            "bye": self._bye,
        }.get(str(kind))
        if handler is None:
            raise LobbyError(who, f"unknown lobby message {kind!r}")
        if kind in ("kick", "options", "start") and key != self.host_key:
            raise LobbyError(who, f"only the host may send {kind!r}")
        return handler(member, message)

    def disconnected(self, key: bytes) -> list[LobbyOut]:
        """The member's connection is gone: before the first game it leaves; later it keeps its
        seat (it may come back during a match)."""
        if self.watchers.pop(key, None) is not None:
            return self._changed()
        member = self.members.get(key)
        if member is None or key == self.host_key or self.playing or self.game > 0:
            return []
        del self.members[key]
        return self._changed()

    def game_finished(
        self, first: int | None, dealer: int | None = None, options: dict[str, Any] | None = None
    ) -> list[LobbyOut]:
        """The running game ended at the host; the next one is led by `first`, dealt by `dealer`
        and played with `options` when the match changes them (pagons' levels), all from
        `TableConfig.next_game` of the finished game."""
        if not self.playing:
            return []
        self.playing = False
        self.game += 1
        self.next_first = first
        self.next_dealer = dealer
        if options is not None:
            self.options = dict(options)
        return self._changed()

    def resume(self, start: GameStart) -> None:
        """Rebuild the lobby of a restarted host from the game it was playing."""
        config = start.config
        self.variant = config.variant
        self.options = dict(config.options)
        self.seats = config.players
        self.game = config.game_no
        self.playing = True
        self.current = start
        self.members = {
            seat.key: Member(seat.key, seat.name, seat.bot, start.addresses[index], index, False)
            for index, seat in enumerate(config.seats)
        }

    # -------------------------------------------------------------- handlers

    def _changed(self) -> list[LobbyOut]:
        state = self.state()
        return [Send(None, state.as_wire()), LobbyChanged(state)]

    def _join(self, key: bytes, who: str, message: Message) -> list[LobbyOut]:
        try:
            name = check_name(message.get("name"))
            address = SeatAddress.from_wire(message)
            groups = check_groups(message.get("groups"))
            proofs = check_proofs(message.get("proofs"))
        except ValueError as error:
            raise LobbyError(who, f"bad join: {error}") from None
        bot = message.get("bot", "")
        if not isinstance(bot, str) or (bot and bot not in BOTS):
            raise LobbyError(who, f"bad join: unknown bot {bot!r}")
        if any(left.key == key for left in self.departed):
            raise LobbyError(who, "it left the match (bye)")
        taken = {m.name for k, m in self.members.items() if k != key}
        taken |= set(self.watchers.values())
        if name in taken:
            raise LobbyError(who, f"the name {name!r} is taken", why="name-taken")
        member = self.members.get(key)
        if member is None:
            if not self.free_seats():
                raise LobbyError(who, "the table is full", why="full")
            self.members[key] = Member(key, name, bot, address, groups=groups, proofs=proofs)
        else:  # a member coming back: keeps its seat
            member.name, member.bot, member.address = name, bot, address
            member.groups, member.proofs = groups, proofs
        out = self._changed()
        if member is not None and self.playing and self.current is not None:
            out.append(Send(key, self._start_wire(self.current)))
        return out

    def _watcher(self, key: bytes, message: Message) -> list[LobbyOut]:
        """A spectator's message: `watch` (come in), `chat` (when the host allows it) or
        `leave`; anything else is a violation (why "spectator": its link is closed)."""
        kind, name, member = message.get("k"), self.watchers.get(key), self.members.get(key)
        who = (
            member.label()
            if member is not None
            else f"spectator {name} ({fingerprint(key)})"
            if name
            else f"peer {fingerprint(key)}"
        )
        if kind not in WATCHER_KINDS:
            raise LobbyError(who, f"a spectator may not send {kind!r}", why="spectator")
        if kind == "watch":
            if key in self.members:
                raise LobbyError(who, "a player of the table cannot watch it")
            try:
                chosen = check_name(message.get("name"))
            except ValueError as error:
                raise LobbyError(who, f"bad watch: {error}") from None
            if set(message) != {"t", "k", "name"}:
                raise LobbyError(who, "bad watch: unknown fields")
            if not self.spectators.allowed:
                raise LobbyError(who, "the table allows no spectators", why="watch-closed")
            taken = {m.name for m in self.members.values()}
            taken |= {n for k, n in self.watchers.items() if k != key}
            if chosen in taken:
                raise LobbyError(who, f"the name {chosen!r} is taken", why="name-taken")
            if key not in self.watchers and len(self.watchers) >= self.spectators.cap:
                raise LobbyError(
                    who,
                    f"the table already has {len(self.watchers)} spectators, its host's cap",
                    why="watch-full",
                )
            self.watchers[key] = chosen
            out = self._changed()
            if self.playing and self.current is not None:
                out.append(Send(key, self._start_wire(self.current)))
            return out
        if name is None:
            raise LobbyError(who, f"sent {kind!r} before watching")
        if kind == "leave":
            del self.watchers[key]
            return self._changed()
        if not self.spectators.chat:
            raise LobbyError(who, "the host turned spectators' chat off")
        text = message.get("text")
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_CHAT_CHARS:
            raise LobbyError(who, f"chat text must be 1 to {MAX_CHAT_CHARS} characters")
        line = {"t": LOBBY, "k": "chat", "key": key, "name": name, "text": text}
        return [Send(None, line), ChatReceived(key, name, text)]

    def _seat(self, member: Member, message: Message) -> list[LobbyOut]:
        seat = message.get("seat")
        if self.playing:
            raise LobbyError(member.label(), "cannot change seats while a game is running")
        free = self.free_seats()
        if seat is None:
            if member.seat is not None:
                return self._changed()
            if not free:
                raise LobbyError(member.label(), "no seat is free")
            seat = free[0]
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise LobbyError(member.label(), f"seat {seat!r} does not exist (0..{self.seats - 1})")
        if seat != member.seat and seat not in free:
            raise LobbyError(member.label(), f"seat {seat} is taken")
        if seat != member.seat and member.seat is not None and self.game > 0:
            raise LobbyError(member.label(), "a seated player keeps its seat for the whole match")
        member.seat, member.ready = seat, False
        return self._changed()

    def _leave(self, member: Member, message: Message) -> list[LobbyOut]:
        if member.key == self.host_key:
            raise LobbyError(member.label(), "the host cannot leave its own table")
        if self.playing:
            raise LobbyError(member.label(), "cannot leave the lobby while a game is running")
        del self.members[member.key]
        return self._changed()

    def _bye(self, member: Member, message: Message) -> list[LobbyOut]:
        """A seat leaves the match after the last game the host started, which seated it: its
        signed goodbye is relayed to everyone, its seat freed (the host's own stays: its table
        ends), and no other game of the match starts."""
        try:
            left = parse_bye(message)
            if left.key != member.key:
                raise ValueError("it names another seat's key")
            if self.current is None:
                raise ValueError("no game of the match has started")
            check_bye(left, self.current.config)
        except ValueError as error:
            raise LobbyError(member.label(), f"bad bye: {error}") from None
        self.departed.append(left)
        out: list[LobbyOut] = [Send(None, left.as_wire()), left]
        if member.key != self.host_key:
            del self.members[member.key]
            out.insert(1, Send(member.key, left.as_wire()))  # the leaver's answer
        return out + self._changed()

    def _ready(self, member: Member, message: Message) -> list[LobbyOut]:
        game, ready = message.get("game"), message.get("ready", True)
        if type(ready) is not bool:
            raise LobbyError(member.label(), "ready must be true or false")
        expected = self.game + 1 if self.playing else self.game
        if game != expected:
            raise LobbyError(member.label(), f"ready for game {game!r}; the next is {expected}")
        if member.seat is None:
            raise LobbyError(member.label(), "take a seat before saying ready")
        member.ready = ready
        return self._changed()

    def _chat(self, member: Member, message: Message) -> list[LobbyOut]:
        text = message.get("text")
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_CHAT_CHARS:
            raise LobbyError(member.label(), f"chat text must be 1 to {MAX_CHAT_CHARS} characters")
        line = {"t": LOBBY, "k": "chat", "key": member.key, "name": member.name, "text": text}
        return [Send(None, line), ChatReceived(member.key, member.name, text)]

    def _kick(self, member: Member, message: Message) -> list[LobbyOut]:
        key, reason = message.get("key"), message.get("reason", "")
        if not isinstance(reason, str) or len(reason) > MAX_CHAT_CHARS:
            raise LobbyError(member.label(), "a kick reason is text")
        if not isinstance(key, bytes) or key not in self.members:
            raise LobbyError(member.label(), "kicked someone who is not in the lobby")
        if key == self.host_key:
            raise LobbyError(member.label(), "the host cannot kick itself")
        if self.playing:
            raise LobbyError(member.label(), "cannot kick while a game is running")
        del self.members[key]
        out: list[LobbyOut] = [Send(key, {"t": LOBBY, "k": "kicked", "reason": reason})]
        out.append(Kicked(key, reason))
        return out + self._changed()

    def _options(self, member: Member, message: Message) -> list[LobbyOut]:
        if self.playing:
            raise LobbyError(member.label(), "cannot change the rules while a game is running")
        if self.game > 0:  # every member checks the next start against the finished game
            raise LobbyError(member.label(), "the rules of a match stay as its first game's")
        variant, options = message.get("variant"), message.get("options", {})
        seats = message.get("seats", self.seats)
        if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
            raise LobbyError(member.label(), f"seats must be within {MIN_SEATS}..{MAX_SEATS}")
        if any(m.seat is not None and m.seat >= seats for m in self.members.values()):
            raise LobbyError(member.label(), f"someone sits beyond seat {seats - 1}")
        try:
            check_rules(variant, options, seats)
            move_timer = check_move_timer(message.get("move_timer", self.move_timer))
        except ValueError as error:
            raise LobbyError(member.label(), f"bad options: {error}") from None
        self.variant, self.options, self.seats = str(variant), dict(options), seats
        self.move_timer = move_timer
        for other in self.members.values():
            other.ready = False
        return self._changed()

    def _start(self, member: Member, message: Message) -> list[LobbyOut]:
        first = message.get("first", self.next_first)
        if self.playing:
            raise LobbyError(member.label(), f"game {self.game} is already running")
        if self.departed:
            raise LobbyError(member.label(), "the match is over: a seat left it (bye)")
        seated = self.seated()
        if len(seated) != self.seats:
            raise LobbyError(member.label(), f"{self.seats - len(seated)} seat(s) still free")
        waiting = [m.label() for m in seated if not m.ready]
        if waiting:
            raise LobbyError(member.label(), "not ready yet: " + ", ".join(waiting))
        if first is not None and (type(first) is not int or not 0 <= first < self.seats):
            raise LobbyError(member.label(), f"first seat {first!r} does not exist")
        group = self.dealing_group()
        if group is None:
            lists = ", ".join(f"{m.label()}: {'/'.join(m.groups)}" for m in seated)
            raise LobbyError(member.label(), f"no dealing group every seat supports ({lists})")
        if not all(ARGUMENT in m.proofs for m in seated):  # every table deals with the argument
            lists = ", ".join(f"{m.label()}: {'/'.join(m.proofs)}" for m in seated)
            raise LobbyError(
                member.label(), f"not every seat can check the shuffle argument ({lists})"
            )
        config = TableConfig(
            table_id=self.table_id,
            game_no=self.game,
            variant=self.variant,
            options=tuple(sorted(self.options.items())),
            seats=tuple(SeatInfo(m.name, m.key, m.bot) for m in seated),
            first=first,
            dealer=self.next_dealer if (self.next_dealer or 0) < self.seats else None,
            group=group,
        )
        start = GameStart(config, tuple(m.address for m in seated))
        self.playing, self.current = True, start
        for other in self.members.values():
            other.ready = False
        out: list[LobbyOut] = [Send(None, self._start_wire(start)), start]
        return out + self._changed()

    @staticmethod
    def _start_wire(start: GameStart) -> Message:
        return {
            "t": LOBBY,
            "k": "start",
            "config": start.config.as_wire(),
            "addresses": [a.as_wire() for a in start.addresses],
        }


def _seat_of(member: Member) -> int:
    return -1 if member.seat is None else member.seat


def parse_start(data: Message) -> GameStart:
    """A `start` message from the host as a GameStart; ValueError when malformed (its
    signature, when it has one, is checked by `LobbyClient`, which knows the host)."""
    config = TableConfig.from_wire(data.get("config"))
    addresses = data.get("addresses")
    if not isinstance(addresses, list) or len(addresses) != config.players:
        raise ValueError("start needs one address entry per seat")
    keys = [s.key for s in config.seats]
    if len(set(keys)) != len(keys):
        raise ValueError("two seats share one key")
    signature = data.get("sig")
    if signature is not None and (
        type(signature) is not bytes or len(signature) != SIGNATURE_BYTES
    ):
        raise ValueError(f"the start's signature is {SIGNATURE_BYTES} bytes")
    return GameStart(config, tuple(SeatAddress.from_wire(a) for a in addresses), signature)


def watched_start(message: Message, host_key: bytes) -> GameStart:
    """A `start` well formed and signed by the host (ValueError otherwise): as a spectator takes
    it; a member first checks that it seats the member (`LobbyClient`)."""
    return host_signed(parse_start(message), host_key)


def host_signed(start: GameStart, host_key: bytes) -> GameStart:
    """`start`, once its signature is found to be the host's (ValueError otherwise)."""
    if start.signature is None:
        raise ValueError("the start is not signed")
    try:
        verify_signature(host_key, start.signature, start_signed_bytes(start.config))
    except IdentityError:
        raise ValueError("the start's signature is not the host's") from None
    return start


def sign_start(message: Message, sign: Callable[[bytes], bytes]) -> Message:
    """The host's `start` message with its signature of the game's config (`sig`): what every
    member shows when it refuses the start (docs/protocol.md, "Lobby")."""
    config = TableConfig.from_wire(message.get("config"))
    return {**message, "sig": sign(start_signed_bytes(config))}


# ------------------------------------------------------------------ the client


@dataclass
class LobbyClient:
    """A member's view of the lobby: turns the host's messages into events."""

    my_key: bytes
    host_key: bytes
    state: LobbyState | None = None

    def receive(self, message: Any) -> list[LobbyOut]:
        """A lobby message from the host; LobbyError naming the host when malformed."""
        who = f"host {fingerprint(self.host_key)}"
        if not isinstance(message, dict) or message.get("t") != LOBBY:
            raise LobbyError(who, "a lobby message is a map with t='l'")
        kind = message.get("k")
        if kind not in HOST_KINDS:
            raise LobbyError(who, f"unknown lobby message {str(kind)[:40]!r}")
        try:
            if kind == "state":
                self.state = LobbyState.from_wire(message)
                if self.state.host != self.host_key:
                    raise ValueError("the state names another host")
                return [LobbyChanged(self.state)]
            if kind == "start":
                start = parse_start(message)
                if self.my_key not in [s.key for s in start.config.seats]:
                    raise ValueError("a game started without this peer's seat")
                return [host_signed(start, self.host_key)]
            if kind == "chat":
                key, name, text = message.get("key"), message.get("name"), message.get("text")
                if not isinstance(key, bytes) or not isinstance(text, str):
                    raise ValueError("malformed chat line")
                return [ChatReceived(key, check_name(name), text)]
            if kind == "kicked":
                return [Kicked(self.my_key, str(message.get("reason", "")))]
            if kind == "bye":  # the peer checks the signature against its own game's config
                return [parse_bye(message)]
            if kind == "error":
                why = message.get("why", "")
                return [
                    Refused(str(message.get("reason", "")), why if why in REFUSAL_CODES else "")
                ]
        except (ValueError, ParseError) as error:
            raise LobbyError(who, f"bad {kind!r}: {error}") from None
        raise LobbyError(who, f"unknown lobby message {kind!r}")


def error_message(reason: str, why: str = "") -> Message:
    """The host's answer to a message it refused (`why`: one of REFUSAL_CODES, or "")."""
    message: Message = {"t": LOBBY, "k": "error", "reason": reason}
    if why:
        message["why"] = why
    return message
