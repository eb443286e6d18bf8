"""The player's own record, per opponent and per game, from the History list's entries.

Which seat was the player's: the one holding his identity key (a LAN table); in a game where
every other seat was a bot, the one human seat (a game against bots on this computer, whose
seats have keys derived from its table seed, not the player's). Opponents are people told apart
by their identity keys and shown by their latest names; bots have no lasting key (each game
derives new ones), so a bot is counted by its name. Only games played to their end count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Tally:
    """Games played, won (another seat was the fool), lost as the fool, and drawn."""

    played: int = 0
    won: int = 0
    fool: int = 0
    draws: int = 0

    def count(self, own: int, fool: int | None) -> None:
        """Add one finished game in which seat `own` was the player's and `fool` lost."""
        self.played += 1
        if fool is None:
            self.draws += 1
        elif fool == own:
            self.fool += 1
        else:
            self.won += 1


@dataclass
class OwnRecords:
    """Per opponent (key -> tally, key -> latest name, key -> bot) and per game (variant)."""

    opponents: dict[str, Tally] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    bots: dict[str, bool] = field(default_factory=dict)
    games: dict[str, Tally] = field(default_factory=dict)


def own_seat(players: Sequence[tuple[str, str, bool]], own_key_hex: str) -> int | None:
    """The player's seat among (name, key hex, bot) seats; None when he did not play."""
    keys = [key for _, key, _ in players]
    if own_key_hex and own_key_hex in keys:
        return keys.index(own_key_hex)
    people = [seat for seat, (_, _, bot) in enumerate(players) if not bot]
    return people[0] if len(people) == 1 and len(players) > 1 else None


def opponent_key(name: str, key_hex: str, bot: bool) -> str:
    """What tells an opponent apart: a person's identity key, a bot's name."""
    return f"bot:{name}" if bot else key_hex


def own_records(entries: Sequence[Any], own_key_hex: str) -> OwnRecords:
    """The player's records over History entries given newest first (the latest name wins)."""
    records = OwnRecords()
    for entry in reversed(entries):  # oldest first
        if entry.damaged or entry.ended != "finished":
            continue
        own = own_seat(entry.players, own_key_hex)
        if own is None:
            continue
        records.games.setdefault(entry.variant, Tally()).count(own, entry.fool)
        for seat, (name, key_hex, bot) in enumerate(entry.players):
            if seat == own:
                continue
            key = opponent_key(name, key_hex, bot)
            records.names[key] = name
            records.bots[key] = bot
            records.opponents.setdefault(key, Tally()).count(own, entry.fool)
    return records
