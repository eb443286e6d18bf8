"""A crash-safe, append-only journal of one game at one peer, and the replay that rebuilds its core.

The first record holds what the core was built from (config, seat, dealing seed, the mesh
addresses, the peer's role); every later record is one input to the core, in order:
`start(now)`, `receive(sender, frame, now)`, `tick(now)`, `intend(action text)`, `leave()`, and
finally `end` once the game is over. The file is created 0600 (it holds the secret dealing
seed). Each record is a 4-byte big-endian body length, a 4-byte BLAKE2b check of the length,
an 8-byte BLAKE2b checksum of the body, and the msgpack body; zeros follow the last record.
Appends are written at once (a killed process loses nothing) and made durable before the
caller sends anything they caused (the peer groups the syncs of one event-loop turn). On load
a torn last record (a crash in the middle of an append: damaged, with only zeros after it) is
ignored and overwritten; a bad record with more data after it is corruption and raises
`JournalCorrupt`.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from engine.errors import IllegalAction
from net.absence import RESUME_WINDOW
from net.identity import Identity
from net.lobby import GameStart, SeatAddress
from net.table.config import TableConfig
from net.table.core import TableCore
from net.table.reliable import ProtocolViolation

MAGIC = b"DURAK-JOURNAL-1\n"
HEADER = struct.Struct(">I4s8s")
MAX_RECORD_BYTES = 4 << 20
PREALLOCATE = 64 << 10
"""Bytes of zeros written ahead of the records at a time (a game's records take about this)."""
SUFFIX = ".journal"
RESULTS_SUFFIX = ".results"
"""A table's finished games at one peer: one JSON summary a line (their journals are removed)."""


class JournalError(Exception):
    """A journal that cannot be used; the message says which file and why."""


class JournalCorrupt(JournalError):
    """A record before the last one is damaged: the journal cannot be trusted."""


def _checksum(body: bytes) -> bytes:
    return hashlib.blake2b(body, digest_size=8).digest()


def _length_check(length: int) -> bytes:
    return hashlib.blake2b(length.to_bytes(4, "big"), digest_size=4).digest()


def encode_record(record: dict[str, Any]) -> bytes:
    """One record as stored: length, a check of the length, a checksum of the body, the body."""
    body = msgpack.packb(record, use_bin_type=True)
    return HEADER.pack(len(body), _length_check(len(body)), _checksum(body)) + body


@dataclass
class JournalContents:
    """What a journal file held: the header record, the inputs, whether the game ended."""

    header: dict[str, Any]
    inputs: list[dict[str, Any]]
    ended: dict[str, Any] | None
    good_bytes: int
    torn_bytes: int

    @property
    def start(self) -> GameStart:
        """The game's config and mesh addresses."""
        config = TableConfig.from_wire(self.header["config"])
        addresses = tuple(SeatAddress.from_wire(a) for a in self.header["addresses"])
        return GameStart(config, addresses)

    @property
    def last_now(self) -> float:
        """The latest clock value any input carried."""
        nows = [r["now"] for r in self.inputs if "now" in r]
        return max(nows, default=float(self.header.get("now", 0.0)))

    def can_go_on(self, now: float) -> bool:
        """The game did not end and its last record is at most one resume window old at `now`
        (`time.time()` seconds): resuming it can still meet the others."""
        if self.ended is not None:
            return False
        window = float(self.header.get("resume_window", RESUME_WINDOW))
        return now - (float(self.header.get("epoch", 0.0)) + self.last_now) <= window


def read_journal(path: Path) -> JournalContents:
    """Read and check a journal; JournalCorrupt if a record other than the last is damaged."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise JournalError(f"cannot read journal {path}: {error.strerror}") from None
    if not data.startswith(MAGIC):
        raise JournalCorrupt(f"{path} is not a durak journal (bad magic)")
    offset = len(MAGIC)
    records: list[dict[str, Any]] = []
    torn = 0
    while offset < len(data):
        remaining = len(data) - offset
        if remaining < HEADER.size:
            torn = remaining if any(data[offset:]) else 0
            break
        length, length_check, checksum = HEADER.unpack_from(data, offset)
        end = offset + HEADER.size + length
        if length_check != _length_check(length) or length > MAX_RECORD_BYTES:
            if not any(data[offset:]):
                break  # the zeros written ahead of the records: the journal ends here
            if not any(data[offset + HEADER.size :]):
                torn = remaining  # a record header cut short, zeros after it
                break
            raise JournalCorrupt(
                f"{path}: record {len(records)} at byte {offset} has a damaged length"
            )
        if end > len(data):
            torn = remaining
            break
        body = data[offset + HEADER.size : end]
        if _checksum(body) != checksum:
            if not any(data[end:]):  # nothing but zeros after it: the last append, cut short
                torn = remaining
                break
            raise JournalCorrupt(
                f"{path}: record {len(records)} at byte {offset} fails its checksum"
            )
        try:
            record = msgpack.unpackb(body, raw=False)
        except (ValueError, msgpack.ExtraData) as error:
            raise JournalCorrupt(f"{path}: record {len(records)} is not msgpack: {error}") from None
        if not isinstance(record, dict) or "r" not in record:
            raise JournalCorrupt(f"{path}: record {len(records)} is not a journal record")
        records.append(record)
        offset = end
    if not records or records[0]["r"] != "header":
        raise JournalCorrupt(f"{path}: the journal has no header record")
    inputs = records[1:]
    ended = None
    if inputs and inputs[-1]["r"] == "end":
        ended = inputs.pop()
    if any(r["r"] in ("header", "end") for r in inputs):
        raise JournalCorrupt(f"{path}: a header or end record in the middle")
    return JournalContents(records[0], inputs, ended, offset, torn)


@dataclass(eq=False)
class Journal:
    """An open journal file: `append` each core input (fsync'ed) before acting on its outputs.

    The file grows in zero-filled chunks written and fsync'ed ahead of the records, so an append
    changes no file metadata and `fdatasync` makes it durable cheaply; the zeros after the last
    record are not part of the journal (see `read_journal`).
    """

    path: Path
    _descriptor: int | None = field(default=None, repr=False)
    tail: int = 0
    """Where the next record goes (the end of the records)."""
    allocated: int = 0
    """The file size: records, then zeros."""
    sync_each: bool = True
    """fsync after every append; False leaves it to `sync()` (group commit, see `append`)."""
    dirty: bool = False

    @classmethod
    def create(cls, path: Path, header: dict[str, Any]) -> Journal:
        """A new journal (mode 0600) holding `header`; JournalError if it exists."""
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            raise JournalError(f"journal {path} already exists") from None
        journal = cls(path, descriptor)
        journal.append({"r": "header", **header}, prefix=MAGIC)
        _fsync_directory(path.parent)
        return journal

    @classmethod
    def reopen(cls, path: Path) -> tuple[Journal, JournalContents]:
        """Open an existing journal for appending after its last good record (a torn record and
        the zeros after the records are overwritten)."""
        contents = read_journal(path)
        if os.stat(path).st_mode & 0o077:
            os.chmod(path, 0o600)
        descriptor = os.open(path, os.O_RDWR)
        journal = cls(path, descriptor, contents.good_bytes, os.fstat(descriptor).st_size)
        if contents.torn_bytes:
            os.pwrite(descriptor, bytes(journal.allocated - journal.tail), journal.tail)
            os.fsync(descriptor)
        return journal, contents

    def append(self, record: dict[str, Any], sync: bool = True, prefix: bytes = b"") -> None:
        """Append one record: written (it survives the process being killed) and, unless
        `sync` is False, fsync'ed (it survives the machine crashing) when this returns."""
        if self._descriptor is None:
            raise JournalError(f"journal {self.path} is closed")
        data = prefix + encode_record(record)
        if self.tail + len(data) > self.allocated:
            self._grow(len(data))
        os.pwrite(self._descriptor, data, self.tail)
        self.tail += len(data)
        self.dirty = True
        if sync:
            self.sync()

    def _grow(self, needed: int) -> None:
        """Write zeros ahead of the records and make the new size durable (one full fsync)."""
        assert self._descriptor is not None
        size = max(self.allocated + PREALLOCATE, self.tail + needed + PREALLOCATE)
        os.pwrite(self._descriptor, bytes(size - self.allocated), self.allocated)
        os.fsync(self._descriptor)
        self.allocated = size

    def sync(self) -> None:
        """Make what was appended since the last sync durable (group commit)."""
        if self._descriptor is not None and self.dirty:
            os.fdatasync(self._descriptor)
            self.dirty = False

    def start(self, now: float) -> None:
        """Record `core.start(now)`."""
        self.append({"r": "start", "now": now}, self.sync_each)

    def receive(self, sender: int, frame: Any, now: float) -> None:
        """Record `core.receive(sender, frame, now)`."""
        self.append({"r": "recv", "from": sender, "frame": frame, "now": now}, self.sync_each)

    def tick(self, now: float) -> None:
        """Record `core.tick(now)`."""
        self.append({"r": "tick", "now": now}, self.sync_each)

    def intend(self, action: Any) -> None:
        """Record `core.intend(action)` (any game's action: its text is read back by the table's
        game adapter, `GameAdapter.parse`)."""
        self.append({"r": "intend", "action": str(action)}, self.sync_each)

    def name_trump(self, suit: str) -> None:
        """Record `core.name_trump(suit)` (the dealer's choice of the trump suit)."""
        self.append({"r": "trump", "suit": suit}, self.sync_each)

    def leave(self) -> None:
        """Record `core.leave()`."""
        self.append({"r": "leave"}, self.sync_each)

    def end(self, summary: dict[str, Any]) -> None:
        """Mark the game over (a journal with an end record is not resumed)."""
        self.append({"r": "end", **summary})

    def close(self) -> None:
        """fsync and close the file."""
        if self._descriptor is not None:
            self.sync()
            os.close(self._descriptor)
            self._descriptor = None


def _fsync_directory(directory: Path) -> None:
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _safe(table_id: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in table_id)[:64]


def journal_path(folder: Path, table_id: str, game_no: int, seat_key: bytes) -> Path:
    """Where the journal of one game at one peer lives."""
    return folder / f"{_safe(table_id)}-g{game_no:04d}-{seat_key.hex()[:12]}{SUFFIX}"


def results_path(folder: Path, table_id: str, seat_key: bytes) -> Path:
    """Where one peer keeps the summaries of a table's finished games."""
    return folder / f"{_safe(table_id)}-{seat_key.hex()[:12]}{RESULTS_SUFFIX}"


def retire(folder: Path, table_id: str, seat_key: bytes, summary: dict[str, Any]) -> None:
    """A game ended here (its journal has its end record): append its summary to the table's
    results file (fsync'ed), then remove this seat's journals of the table's earlier finished
    games. Only the last finished game's journal stays (its audit may be read again); an
    unfinished journal is never removed."""
    game_no = int(summary["game"])
    path = results_path(folder, table_id, seat_key)
    line = (json.dumps({"r": "end", **summary}, sort_keys=True) + "\n").encode()
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        os.write(descriptor, line)
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
    pattern = f"{_safe(table_id)}-g*-{seat_key.hex()[:12]}{SUFFIX}"
    for old in folder.glob(pattern):
        number = old.name.removeprefix(_safe(table_id) + "-g")[:4]
        if not number.isdigit() or int(number) >= game_no:
            continue
        try:
            finished = read_journal(old).ended is not None
        except JournalError:
            continue
        if finished:
            old.unlink(missing_ok=True)
    _fsync_directory(folder)


def replay(contents: JournalContents, identity: Identity) -> TableCore:
    """Rebuild the core by feeding it the journal's inputs again (outputs are dropped)."""
    header = contents.header
    core = TableCore(
        contents.start.config,
        int(header["seat"]),
        identity,
        bytes(header["seed"]),
        float(header.get("now", 0.0)),
        float(header.get("resume_window", RESUME_WINDOW)),
    )
    for record in contents.inputs:
        apply_record(core, record)
    return core


def apply_record(core: TableCore, record: dict[str, Any]) -> None:
    """Feed one journal record to a core, as the live peer did (errors it raised then are
    raised again now and ignored, since they changed the same state)."""
    kind = record["r"]
    try:
        if kind == "start":
            core.start(record["now"])
        elif kind == "recv":
            core.receive(record["from"], record["frame"], record["now"])
        elif kind == "tick":
            core.tick(record["now"])
        elif kind == "intend":
            core.intend(core.adapter.parse(record["action"]))  # the game's own action text
        elif kind == "trump":
            core.name_trump(str(record["suit"]))
        elif kind == "leave":
            core.leave()
        else:
            raise JournalCorrupt(f"unknown journal record {kind!r}")
    except (ProtocolViolation, IllegalAction, ValueError):
        pass


def unfinished_journals(folder: Path, table_name: str) -> Iterator[tuple[Path, JournalContents]]:
    """Journals in `folder` of games at the table named `table_name` that did not end."""
    if not folder.is_dir():
        return
    for path in sorted(folder.glob("*" + SUFFIX)):
        contents = read_journal(path)
        if contents.header.get("table_name") == table_name and contents.ended is None:
            yield path, contents


def finished_summaries(folder: Path, table_id: str) -> list[dict[str, Any]]:
    """The end records of every finished game of the table `table_id`, by game number (from the
    table's results files and from journals that ended)."""
    found: dict[int, dict[str, Any]] = {}
    if not folder.is_dir():
        return []
    for path in sorted(folder.glob(f"{_safe(table_id)}-*{RESULTS_SUFFIX}")):
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                summary = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line torn by a crash
            if isinstance(summary, dict) and type(summary.get("game")) is int:
                found.setdefault(summary["game"], summary)
    for path in sorted(folder.glob("*" + SUFFIX)):
        try:
            contents = read_journal(path)
        except JournalError:
            continue
        if contents.ended is not None and contents.start.config.table_id == table_id:
            found.setdefault(int(contents.ended.get("game", 0)), contents.ended)
    return [found[game] for game in sorted(found)]
