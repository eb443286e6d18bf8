"""The one-click game against bots, kept on disk while it is played, so that a client that is
killed can resume it: the table's seed and setup, then each input of the player (a deal, a
move, a trump suit named). A `LocalTable` of the same seed given the same inputs plays the same
games, bots and all (every seat's keys, dealing and bot are drawn from the seed), so replaying
them rebuilds the game where it stopped. One JSON-lines file; the game left normally deletes it.
Writing is best effort: a full disk loses the resume, never the game.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from durak_qt.lobby.client_journal import append_line

DEAL = "deal"
"""The next game of the match is dealt."""
MOVE = "move"
"""The player's move (its canonical text)."""
TRUMP = "trump"
"""The player, dealing, named the trump suit ("" when the time ran out and one was drawn)."""
KINDS = (DEAL, MOVE, TRUMP)

MAX_INPUTS = 100_000
"""A file longer than this is not read back (it is no journal this client wrote)."""


@dataclass(frozen=True)
class LocalSetup:
    """What the game was started with: enough to make the same table again."""

    variant: str
    players: int
    player_name: str
    bot: str
    seed: bytes
    options: dict[str, Any] = field(default_factory=dict)
    move_timer: int = 0

    def as_record(self) -> dict[str, Any]:
        """The setup as the journal's first line."""
        return {
            "t": "setup",
            "variant": self.variant,
            "players": self.players,
            "name": self.player_name,
            "bot": self.bot,
            "seed": self.seed.hex(),
            "options": self.options,
            "move_timer": self.move_timer,
        }

    @classmethod
    def from_record(cls, record: Any) -> LocalSetup | None:
        """The setup of a journal's first line (None when it is not one)."""
        if not isinstance(record, dict) or record.get("t") != "setup":
            return None
        try:
            seed = bytes.fromhex(str(record["seed"]))
            setup = cls(
                str(record["variant"]),
                int(record["players"]),
                str(record["name"]),
                str(record["bot"]),
                seed,
                dict(record.get("options") or {}),
                int(record.get("move_timer", 0)),
            )
        except (KeyError, TypeError, ValueError):
            return None
        return setup if len(seed) == 32 else None


@dataclass(frozen=True)
class LocalRecord:
    """A journal read back: the setup and the player's inputs, (kind, text) in order."""

    setup: LocalSetup
    inputs: list[tuple[str, str]]


class LocalJournal:
    """The journal of the game against bots at `path` (one at a time per data folder)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def start(self, setup: LocalSetup) -> None:
        """A new game against bots: forget any older one, keep this one's setup."""
        self.discard()
        self._append(setup.as_record())

    def record(self, kind: str, text: str = "") -> None:
        """Keep one input of the player (`kind`: DEAL, MOVE or TRUMP)."""
        if kind not in KINDS:
            raise ValueError(f"no input {kind!r}")
        self._append({"t": kind, "x": text})

    def discard(self) -> None:
        """The game was left as it should be: nothing to resume."""
        with contextlib.suppress(OSError):
            self.path.unlink()

    def read(self) -> LocalRecord | None:
        """The setup and inputs kept (None: no game to resume, or the file is no journal)."""
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except OSError:
            return None
        if not lines or len(lines) > MAX_INPUTS:
            return None
        records = []
        for line in lines:
            try:
                records.append(json.loads(line))
            except ValueError:
                break  # a line cut short by the kill: what came before stands
        setup = LocalSetup.from_record(records[0]) if records else None
        if setup is None:
            return None
        inputs = [
            (str(r["t"]), str(r.get("x", "")))
            for r in records[1:]
            if isinstance(r, dict) and r.get("t") in KINDS
        ]
        if not inputs or inputs[0][0] != DEAL:
            return None
        return LocalRecord(setup, inputs)

    def _append(self, record: dict[str, Any]) -> None:
        append_line(self.path, record)
