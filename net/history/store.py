"""The history: every finished game kept as a game file under the data directory, with an index.

`HistoryStore(data_dir)` keeps files in `data_dir/history/` and a small index beside them
(`index.json`, rewritten atomically) so the list opens without reading every file; a file the
index does not know is read once and added; one that cannot be read is listed as damaged with
its reason. Oldest games are pruned first beyond the limit (`DEFAULT_HISTORY_LIMIT`).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from net.history.gamefile import GameFile, GameFileError, read_game_file, write_game_file

DEFAULT_HISTORY_LIMIT = 1000
"""How many games the history keeps unless the player sets another limit."""
HISTORY_FOLDER = "history"
INDEX_NAME = "index.json"
SUFFIX = ".durak"
"""A game file's name ends so (docs/game-files.md)."""


@dataclass(frozen=True)
class HistoryEntry:
    """One kept game as the list shows it; `damaged`: why its file cannot be read (then the
    other fields are empty); `verified`: None until a check ran."""

    path: Path
    created: str
    variant: str
    players: list[tuple[str, str, bool]]
    """(name, identity key in hex, bot) per seat."""
    result: str
    ended: str = ""
    fool: int | None = None
    verified: bool | None = None
    damaged: str | None = None


@dataclass
class Record:
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
class Records:
    """The player's record per opponent (`opponent_key`; `names`: each one's latest name,
    `bots`: which are bots) and per game (variant id)."""

    opponents: dict[str, Record] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    bots: dict[str, bool] = field(default_factory=dict)
    games: dict[str, Record] = field(default_factory=dict)


def own_seat(players: Sequence[tuple[str, str, bool]], own_key_hex: str) -> int | None:
    """The player's seat among (name, key hex, bot) seats: the one holding his identity key (a
    LAN table), else the one human seat among bots (a game against bots on this computer, whose
    seats have keys derived from its table seed); None when he did not play."""
    keys = [key for _, key, _ in players]
    if own_key_hex and own_key_hex in keys:
        return keys.index(own_key_hex)
    people = [seat for seat, (_, _, bot) in enumerate(players) if not bot]
    return people[0] if len(people) == 1 and len(players) > 1 else None


def opponent_key(name: str, key_hex: str, bot: bool) -> str:
    """What tells an opponent apart: a person's identity key; a bot's name (bots derive new
    keys every game)."""
    return f"bot:{name}" if bot else key_hex


def records_of(entries: Sequence[Any], own_key_hex: str) -> Records:
    """The player's records over history entries given newest first (the latest name wins);
    only games played to their end count."""
    records = Records()
    for entry in reversed(entries):  # oldest first
        if entry.damaged or entry.ended != "finished":
            continue
        own = own_seat(entry.players, own_key_hex)
        if own is None:
            continue
        records.games.setdefault(entry.variant, Record()).count(own, entry.fool)
        for seat, (name, key_hex, bot) in enumerate(entry.players):
            if seat == own:
                continue
            key = opponent_key(name, key_hex, bot)
            records.names[key] = name
            records.bots[key] = bot
            records.opponents.setdefault(key, Record()).count(own, entry.fool)
    return records


class HistoryStore:
    """The kept games of one data directory."""

    def __init__(self, data_dir: Path, limit: int = DEFAULT_HISTORY_LIMIT) -> None:
        self.folder = Path(data_dir) / HISTORY_FOLDER
        self.limit = limit

    # ----------------------------------------------------------------- writing

    def save(self, gf: GameFile) -> Path:
        """Keep a game file (then prune beyond the limit); returns its path."""
        stamp = "".join(ch for ch in gf.created if ch.isdigit())[:14]
        path = self.folder / f"{stamp}-{_safe(gf.variant)}-{gf.log_hash[:12]}{SUFFIX}"
        write_game_file(gf, path)
        index = self._index()
        index[path.name] = _entry_data(gf)
        self._write_index(index)
        self.prune(self.limit)
        return path

    def mark_verified(self, path: Path, ok: bool) -> None:
        """Record the outcome of checking a kept file (the list shows it)."""
        index = self._index()
        if path.name in index:
            index[path.name]["verified"] = ok
            self._write_index(index)

    def prune(self, limit: int = DEFAULT_HISTORY_LIMIT) -> list[Path]:
        """Remove the oldest games beyond `limit`; returns the paths removed."""
        kept = self.entries()
        removed = [entry.path for entry in kept[max(limit, 0) :]]
        if not removed:
            return []
        index = self._index()
        for path in removed:
            path.unlink(missing_ok=True)
            index.pop(path.name, None)
        self._write_index(index)
        return removed

    # ----------------------------------------------------------------- reading

    def entries(self) -> list[HistoryEntry]:
        """Every kept game, newest first; a damaged file is listed with its reason."""
        if not self.folder.is_dir():
            return []
        index = self._index()
        names = {p.name for p in self.folder.glob(f"*{SUFFIX}")}
        changed = set(index) - names
        for gone in changed:
            index.pop(gone)
        found: list[HistoryEntry] = []
        for name in names:
            path = self.folder / name
            data = index.get(name)
            if data is None:
                try:
                    data = _entry_data(read_game_file(path))
                except GameFileError as exc:
                    found.append(HistoryEntry(path, "", "", [], "", damaged=exc.reason))
                    continue
                index[name] = data
                changed.add(name)
            found.append(_entry(path, data))
        if changed:
            self._write_index(index)
        found.sort(key=lambda e: (e.created, e.path.name), reverse=True)
        return found

    def records(self, own_key_hex: str) -> Records:
        """The player's record per opponent and per game, over the finished games he played."""
        return records_of(self.entries(), own_key_hex)

    # ----------------------------------------------------------------- index

    def _index(self) -> dict[str, dict[str, Any]]:
        """The index (empty when missing or unreadable: it is rebuilt from the files)."""
        try:
            data = json.loads((self.folder / INDEX_NAME).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write_index(self, index: dict[str, dict[str, Any]]) -> None:
        """Replace the index atomically."""
        self.folder.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(prefix=".index-", dir=self.folder)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            json.dump(index, out, sort_keys=True)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, self.folder / INDEX_NAME)


def _safe(text: str) -> str:
    """A file-name-safe form of a variant id."""
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in text)[:40]


def _entry_data(gf: GameFile) -> dict[str, Any]:
    """What the index keeps of a game file."""
    return {
        "created": gf.created,
        "variant": gf.variant,
        "players": [[p.name, p.key_hex, p.bot] for p in gf.players],
        "result": gf.result.words,
        "ended": gf.result.ended,
        "fool": gf.result.fool,
        "verified": None,
    }


def _entry(path: Path, data: dict[str, Any]) -> HistoryEntry:
    """An index row as a list entry (a malformed row lists the file as damaged)."""
    try:
        players = [(str(n), str(k), bool(b)) for n, k, b in data["players"]]
        fool = data.get("fool")
        verified = data.get("verified")
        return HistoryEntry(
            path,
            str(data["created"]),
            str(data["variant"]),
            players,
            str(data["result"]),
            str(data.get("ended", "")),
            fool if isinstance(fool, int) else None,
            verified if isinstance(verified, bool) else None,
        )
    except (KeyError, TypeError, ValueError):
        return HistoryEntry(path, "", "", [], "", damaged="its index row is malformed")


__all__ = [
    "DEFAULT_HISTORY_LIMIT",
    "HistoryEntry",
    "HistoryStore",
    "Record",
    "Records",
]
