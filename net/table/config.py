"""What every peer at a table agrees on before a game: table, game number, rules, seats and keys."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from typing import Any

import msgpack

from engine.games import kind_for
from engine.rules import MAX_SEATS, Rules, get_rules
from net.crypto.group import DEFAULT_GROUP, GROUP_PREFERENCE

# One seat range for engine, dealing, lobby, discovery and table: 2..engine.rules.MAX_SEATS.
MIN_SEATS = 2
MAX_TABLE_ID = 200
MAX_OPTIONS = 64


class ConfigError(ValueError):
    """A configuration field the host sent is malformed or out of range (the host's fault)."""


@dataclass(frozen=True)
class SeatInfo:
    """A seat: the player's name and Ed25519 identity public key."""

    name: str
    key: bytes
    bot: str = ""
    host: int = -1

    def as_wire(self) -> dict[str, Any]:
        """Plain data for messages and saves."""
        return {"name": self.name, "key": self.key, "bot": self.bot, "host": self.host}

    @classmethod
    def from_wire(cls, data: Any) -> SeatInfo:
        """Parse a seat; ValueError when malformed."""
        if not isinstance(data, dict):
            raise ValueError("a seat is a map")
        name, key = data.get("name"), data.get("key")
        bot, host = data.get("bot", ""), data.get("host", -1)
        if not isinstance(name, str) or not 0 < len(name) <= 64:
            raise ValueError("a seat needs a name of 1..64 characters")
        if not isinstance(key, bytes) or len(key) != 32:
            raise ValueError("a seat needs a 32-byte public key")
        if not isinstance(bot, str) or not isinstance(host, int):
            raise ValueError("bad bot or host field")
        return cls(name, key, bot, host)


@dataclass(frozen=True)
class TableConfig:
    """The agreed setup of one game at a table."""

    table_id: str
    game_no: int
    variant: str
    options: tuple[tuple[str, Any], ...]
    seats: tuple[SeatInfo, ...]
    first: int | None = None
    dealer: int | None = None  # who deals (the first card goes to his left); None: seat 0 first
    group: str = DEFAULT_GROUP  # the group fair dealing runs in: the best every seat supports

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    def rules(self) -> Rules:
        """The engine rules of this game."""
        return get_rules(self.variant, **dict(self.options))

    def as_wire(self) -> dict[str, Any]:
        """Plain data for messages and saves (no dealer key without a dealer, so the digest of a
        config without one is what it was before dealers)."""
        wire = {
            "table": self.table_id,
            "game": self.game_no,
            "variant": self.variant,
            "options": dict(self.options),
            "seats": [s.as_wire() for s in self.seats],
            "first": self.first,
        }
        if self.dealer is not None:
            wire["dealer"] = self.dealer
        if self.group != DEFAULT_GROUP:  # a config in the default group digests as before
            wire["group"] = self.group
        return wire

    @classmethod
    def from_wire(cls, data: Any) -> TableConfig:
        """Parse a config and check every field; ConfigError (a ValueError) names the bad one."""
        if not isinstance(data, dict):
            raise ConfigError("a table config is a map")
        table, game = data.get("table", ""), data.get("game", 0)
        variant, options = data.get("variant", "throw-in"), data.get("options", {})
        seats, first, dealer = data.get("seats"), data.get("first"), data.get("dealer")
        group = data.get("group", DEFAULT_GROUP)
        if group not in GROUP_PREFERENCE:
            raise ConfigError(f"unknown dealing group {str(group)[:20]!r}")
        if not isinstance(table, str) or len(table) > MAX_TABLE_ID:
            raise ConfigError(f"the table id must be text of at most {MAX_TABLE_ID} characters")
        if type(game) is not int or not 0 <= game < 2**31:
            raise ConfigError(f"game number {game!r} is not a number from 0")
        if not isinstance(variant, str) or not variant:
            raise ConfigError("the variant must be named")
        if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
            raise ConfigError("the rule options must be a map")
        for name, value in options.items():
            if not isinstance(name, str) or not isinstance(value, bool | int | str | float | None):
                raise ConfigError(f"rule option {name!r} has no plain value")
        if not isinstance(seats, list) or not MIN_SEATS <= len(seats) <= MAX_SEATS:
            count = len(seats) if isinstance(seats, list) else "no list of"
            raise ConfigError(f"a table seats {MIN_SEATS}..{MAX_SEATS} players, not {count}")
        if first is not None and (type(first) is not int or not 0 <= first < len(seats)):
            raise ConfigError(f"first seat {first!r} is not one of the {len(seats)} seats")
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < len(seats)):
            raise ConfigError(f"dealer {dealer!r} is not one of the {len(seats)} seats")
        try:
            parsed = tuple(SeatInfo.from_wire(s) for s in seats)
        except ValueError as error:
            raise ConfigError(str(error)) from None
        options_items = tuple(sorted(options.items()))
        config = cls(table, game, variant, options_items, parsed, first, dealer, group)
        try:
            kind_for(variant).get_rules(variant, **options).check_players(config.players)
        except (ValueError, TypeError) as error:  # ParseError is a ValueError
            raise ConfigError(f"variant {variant!r} with these options: {error}") from None
        return config

    def next_game(self, previous: Any) -> TableConfig:
        """The config of the match's next game after `previous` (this config's finished game):
        the next game number, led and dealt as the previous result fixes.
        The game's table adapter says who leads (`GameAdapter.next_first`), who deals when its
        match passes the deal on (`DealerRotation`, Durak) and, when its match changes the rules
        between games, the next options (`MatchOptions`, pagons)."""
        from net.table.game_adapter import DealerRotation, MatchOptions, adapter_for

        adapter = adapter_for(self)
        first = adapter.next_first(self, previous)
        options = self.options
        if isinstance(adapter, MatchOptions):
            options = tuple(sorted(adapter.next_options(self, previous).items()))
        dealer = self.dealer
        if isinstance(adapter, DealerRotation):
            dealer = adapter.next_dealer(self, previous)
        return replace(self, game_no=self.game_no + 1, first=first, options=options, dealer=dealer)

    def digest(self) -> bytes:
        """A digest naming this exact setup (bound into signatures and the log)."""
        packed = msgpack.packb(self.as_wire(), use_bin_type=True)
        return hashlib.sha256(b"durak-table-config\x00" + packed).digest()


START_SIGNED = b"durak-start\x00"
"""The domain of the host's signature of a `start`: these bytes, then the config digest."""


def start_signed_bytes(config: TableConfig) -> bytes:
    """What the host signs when it starts a game: the game's configuration digest."""
    return START_SIGNED + config.digest()


def implied_differences(implied: TableConfig, started: TableConfig) -> list[str]:
    """How the host's config of a match's next game (`started`) departs from the one the
    finished game implies (`implied`, `TableConfig.next_game` computed by this peer); [] when
    it keeps to it. The rules and the number of seats are the match's; who leads and who deals
    are implied only when the same players sit in the same seats (a seat that changed hands
    between games implies nothing), and the same players in other seats is a departure (the
    lobby keeps every seated player in its seat for the whole match)."""
    found: list[str] = []
    if started.game_no != implied.game_no:
        found.append(f"game number {started.game_no} instead of {implied.game_no}")
    if started.table_id != implied.table_id:
        found.append(f"table id {started.table_id!r} instead of {implied.table_id!r}")
    if started.variant != implied.variant:
        found.append(f"the game {started.variant!r} instead of {implied.variant!r}")
    wanted, given = dict(implied.options), dict(started.options)
    for name in sorted(set(wanted) | set(given)):
        if wanted.get(name) != given.get(name):
            found.append(f"rule option {name} {given.get(name)!r} instead of {wanted.get(name)!r}")
    if started.players != implied.players:
        found.append(f"{started.players} seats instead of {implied.players}")
        return found
    keys, implied_keys = [s.key for s in started.seats], [s.key for s in implied.seats]
    if keys != implied_keys:
        if set(keys) == set(implied_keys):
            found.append("the same players in other seats")
        return found
    if started.first != implied.first:
        found.append(
            f"{_seat_words(started, started.first, 'leads')} instead of "
            f"{_seat_words(implied, implied.first, 'leads')}"
        )
    if started.dealer != implied.dealer:
        found.append(
            f"{_seat_words(started, started.dealer, 'deals')} instead of "
            f"{_seat_words(implied, implied.dealer, 'deals')}"
        )
    return found


def _seat_words(config: TableConfig, seat: int | None, verb: str) -> str:
    """`North leads`, or for no seat who decides (the lowest trump leads, no dealer named)."""
    if seat is None:
        return "the lowest trump leads" if verb == "leads" else "no dealer named"
    return f"{config.seats[seat].name} {verb}"
