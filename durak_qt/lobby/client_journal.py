"""What the window showed at a LAN table, kept on disk so it survives a crash and a resume: the
chat lines and the log of the game (as engine events, so they re-render in any language).

One JSON-lines file per table under `<data_dir>/client-logs/`; a fresh (not resumed) game at a
table of the same name starts it again. Writing is best effort: a full disk loses the log, never
the game.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from engine.actions import Event
from engine.cards import Card

MAX_RECORDS = 5_000
"""A file holding more lines than this is not read back (it is no log this client wrote)."""


def _card_text(card: Any) -> str | None:
    return None if card is None else str(card.text)


def _card(text: Any) -> Card | None:
    return Card.parse(text) if isinstance(text, str) else None


def event_record(game_no: int, event: Event, observation: Any) -> dict[str, Any]:
    """A log event as plain data, with the trump it may name (from the position after it)."""
    return {
        "t": "event",
        "game": game_no,
        "kind": event.kind,
        "seat": event.seat,
        "cards": [_card_text(card) for card in event.cards],
        "other": event.other,
        "number": event.number,
        "slots": list(event.slots),
        "trump_card": _card_text(getattr(observation, "trump_card", None)),
        "trump_suit": getattr(observation, "trump_suit", None),
    }


def event_from_record(record: dict[str, Any]) -> tuple[Event, Any]:
    """(the event, a stand-in for the observation it names the trump from) of a record."""
    event = Event(
        str(record["kind"]),
        int(record.get("seat", -1)),
        tuple(_card(text) for text in record.get("cards", [])),  # type: ignore[misc]
        int(record.get("other", -1)),
        int(record.get("number", 0)),
        tuple(int(slot) for slot in record.get("slots", [])),
    )
    shown = SimpleNamespace(
        trump_card=_card(record.get("trump_card")), trump_suit=record.get("trump_suit")
    )
    return event, shown


def append_line(path: Path, record: dict[str, Any]) -> None:
    """Append `record` as one JSON line to `path` (its folder made private); best effort: a
    failed write loses the line, and the game goes on."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    except OSError:
        pass


@dataclass
class Restored:
    """What a resumed table showed: its chat lines and the events of its last game."""

    chat: list[tuple[str, str]]
    events: list[tuple[Event, Any]]


class ClientJournal:
    """The chat and game log of one table, appended line by line."""

    def __init__(self, folder: Path, table_name: str) -> None:
        digest = hashlib.sha256(table_name.encode()).hexdigest()[:16]
        self.path = folder / f"{digest}.jsonl"

    def start_afresh(self) -> None:
        """A new table of this name: forget what an older one showed."""
        with contextlib.suppress(OSError):
            self.path.unlink()

    def _append(self, record: dict[str, Any]) -> None:
        append_line(self.path, record)

    def chat(self, name: str, text: str) -> None:
        """Keep a chat line."""
        self._append({"t": "chat", "name": name, "text": text})

    def event(self, game_no: int, event: Event, observation: Any) -> None:
        """Keep a log event of game `game_no`."""
        self._append(event_record(game_no, event, observation))

    def restore(self) -> Restored:
        """Every chat line and the events of the newest game kept (nothing if unreadable)."""
        chat: list[tuple[str, str]] = []
        events: list[tuple[int, dict[str, Any]]] = []
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()[:MAX_RECORDS]
        except OSError:
            return Restored([], [])
        for line in lines:
            try:
                record = json.loads(line)
            except ValueError:
                continue  # a line cut short by the crash
            if not isinstance(record, dict):
                continue
            if record.get("t") == "chat":
                chat.append((str(record.get("name", "")), str(record.get("text", ""))))
            elif record.get("t") == "event" and isinstance(record.get("game"), int):
                events.append((record["game"], record))
        newest = max((game for game, _ in events), default=None)
        shown = []
        for game, record in events:
            if game == newest:
                with contextlib.suppress(KeyError, ValueError, TypeError):
                    shown.append(event_from_record(record))
        return Restored(chat, shown)
