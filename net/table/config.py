"""What every peer at a table agrees on before a game: table, game number, rules, seats and keys."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import msgpack

from engine.rules import Rules, get_rules


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

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    def rules(self) -> Rules:
        """The engine rules of this game."""
        return get_rules(self.variant, **dict(self.options))

    def as_wire(self) -> dict[str, Any]:
        """Plain data for messages and saves."""
        return {
            "table": self.table_id,
            "game": self.game_no,
            "variant": self.variant,
            "options": dict(self.options),
            "seats": [s.as_wire() for s in self.seats],
            "first": self.first,
        }

    @classmethod
    def from_wire(cls, data: Any) -> TableConfig:
        """Parse a config; ValueError when malformed."""
        if not isinstance(data, dict):
            raise ValueError("a table config is a map")
        options = data.get("options", {})
        seats = data.get("seats")
        if not isinstance(options, dict) or not isinstance(seats, list):
            raise ValueError("bad options or seats")
        config = cls(
            table_id=str(data.get("table", "")),
            game_no=int(data.get("game", 0)),
            variant=str(data.get("variant", "throw-in")),
            options=tuple(sorted(options.items())),
            seats=tuple(SeatInfo.from_wire(s) for s in seats),
            first=data.get("first"),
        )
        config.rules().check_players(config.players)
        return config

    def digest(self) -> bytes:
        """A digest naming this exact setup (bound into signatures and the log)."""
        packed = msgpack.packb(self.as_wire(), use_bin_type=True)
        return hashlib.sha256(b"durak-table-config\x00" + packed).digest()
