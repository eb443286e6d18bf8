"""The game journal: records survive, a torn tail is ignored, corruption is reported, and replaying
the journal rebuilds the very same core (same frames sent, same log hash)."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path
from typing import Any

import msgpack
import pytest

from engine.actions import Action
from net.journal import (
    MAGIC,
    Journal,
    JournalCorrupt,
    finished_summaries,
    journal_path,
    read_journal,
    replay,
    results_path,
    retire,
    unfinished_journals,
)
from net.lobby import SeatAddress
from net.table.core import TableCore
from net.table.reliable import ProtocolViolation
from net.table.sim import NetworkConditions, make_table

HEADER: dict[str, Any] = {"config": {"table": "t"}, "seat": 1, "seed": b"\x07" * 32}


def write_sample(path: Path, records: int = 5) -> Journal:
    journal = Journal.create(path, HEADER)
    for n in range(records):
        journal.receive(n % 3, {"t": "hb", "have": [n, n, n]}, n + 0.1)  # no zero bytes last
    return journal


def test_records_come_back_in_order_and_the_file_is_private(tmp_path: Path) -> None:
    path = tmp_path / "games" / "a.journal"
    journal = write_sample(path)
    journal.tick(9.5)
    journal.intend(Action.parse("0 attack 6H"))
    journal.leave()
    journal.close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    contents = read_journal(path)
    assert contents.header["seed"] == HEADER["seed"] and contents.header["seat"] == 1
    kinds = [r["r"] for r in contents.inputs]
    assert kinds == ["recv"] * 5 + ["tick", "intend", "leave"]
    assert contents.inputs[3]["frame"] == {"t": "hb", "have": [3, 3, 3]}
    assert contents.ended is None and contents.torn_bytes == 0
    assert contents.last_now == 9.5


def records_end(path: Path) -> int:
    """Where the records end (the rest of the file is zeros written ahead)."""
    return read_journal(path).good_bytes


def zero_out(path: Path, start: int, stop: int) -> None:
    """Overwrite bytes with zeros, as a crash in the middle of an append leaves them."""
    with open(path, "r+b") as file:
        file.seek(start)
        file.write(bytes(stop - start))


@pytest.mark.parametrize("cut", [1, 5, 11, 15, 17])
def test_a_torn_last_record_is_ignored_and_cut_off_on_reopen(tmp_path: Path, cut: int) -> None:
    path = tmp_path / "a.journal"
    write_sample(path).close()
    end = records_end(path)
    assert path.stat().st_size > end and not any(path.read_bytes()[end:])
    zero_out(path, end - cut, end)
    contents = read_journal(path)
    assert len(contents.inputs) == 4 and contents.torn_bytes > 0
    journal, again = Journal.reopen(path)
    assert len(again.inputs) == 4
    journal.tick(7.0)
    journal.close()
    final = read_journal(path)
    assert [r["r"] for r in final.inputs] == ["recv"] * 4 + ["tick"]
    assert final.torn_bytes == 0


def test_a_file_cut_short_loses_only_its_last_record(tmp_path: Path) -> None:
    path = tmp_path / "a.journal"
    write_sample(path).close()
    with open(path, "r+b") as file:
        file.truncate(records_end(path) - 3)
    assert len(read_journal(path).inputs) == 4


def test_a_last_record_with_a_bad_checksum_counts_as_torn(tmp_path: Path) -> None:
    path = tmp_path / "a.journal"
    write_sample(path).close()
    data = bytearray(path.read_bytes())
    data[records_end(path) - 1] ^= 0xFF
    path.write_bytes(bytes(data))
    assert len(read_journal(path).inputs) == 4


def test_appends_past_the_zeros_written_ahead_grow_the_file(tmp_path: Path) -> None:
    path = tmp_path / "a.journal"
    journal = write_sample(path)
    size = path.stat().st_size
    for n in range(40):
        journal.receive(1, {"t": "m", "s": n + 1, "p": {"blob": bytes(50_000)}}, float(n))
    journal.close()
    assert path.stat().st_size > size
    assert len(read_journal(path).inputs) == 45


def test_a_damaged_earlier_record_is_reported_not_skipped(tmp_path: Path) -> None:
    path = tmp_path / "a.journal"
    write_sample(path).close()
    data = bytearray(path.read_bytes())
    data[len(MAGIC) + 30] ^= 0x01  # inside the header record's body
    path.write_bytes(bytes(data))
    with pytest.raises(JournalCorrupt, match=r"record 0 .* fails its checksum"):
        read_journal(path)
    with pytest.raises(JournalCorrupt):
        Journal.reopen(path)


def test_a_damaged_length_in_the_middle_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "a.journal"
    write_sample(path).close()
    data = bytearray(path.read_bytes())
    data[len(MAGIC)] = 0x7F  # the header record's length no longer matches its check
    path.write_bytes(bytes(data))
    with pytest.raises(JournalCorrupt, match="record 0 at byte 16 has a damaged length"):
        read_journal(path)


def test_wrong_magic_and_missing_header_are_reported(tmp_path: Path) -> None:
    path = tmp_path / "a.journal"
    path.write_bytes(b"not a journal")
    with pytest.raises(JournalCorrupt, match="magic"):
        read_journal(path)
    path.write_bytes(MAGIC)
    with pytest.raises(JournalCorrupt, match="no header"):
        read_journal(path)


def test_a_journal_is_never_created_twice(tmp_path: Path) -> None:
    path = tmp_path / "a.journal"
    write_sample(path).close()
    with pytest.raises(Exception, match="already exists"):
        Journal.create(path, HEADER)


class JournaledCore:
    """A table core whose every input is journaled the way the peer runtime does it."""

    def __init__(self, core: TableCore, journal: Journal) -> None:
        self._core = core
        self._journal = journal

    def start(self, now: float) -> list:
        out = self._core.start(now)
        self._journal.start(now)
        return out

    def receive(self, sender: int, frame: Any, now: float) -> list:
        try:
            out = self._core.receive(sender, frame, now)
        except ProtocolViolation:
            self._journal.receive(sender, frame, now)
            raise
        self._journal.receive(sender, frame, now)
        return out

    def tick(self, now: float) -> list:
        out = self._core.tick(now)
        self._journal.tick(now)
        return out

    def intend(self, action: Action) -> list:
        out = self._core.intend(action)
        self._journal.intend(action)
        return out

    def __getattr__(self, name: str) -> Any:
        return getattr(self._core, name)


def journaled_table(tmp_path: Path, seed: int, seat: int, **kwargs: Any) -> tuple[Any, Path]:
    table = make_table(3, seed=seed, bots="heuristic,random", **kwargs)
    path = tmp_path / f"seat{seat}.journal"
    config = table.config
    header = {
        "config": config.as_wire(),
        "addresses": [SeatAddress(("127.0.0.1",), 1000 + s).as_wire() for s in range(3)],
        "seat": seat,
        "seed": table.seeds[seat],
        "key": config.seats[seat].key,
        "now": 0.0,
    }
    journal = Journal.create(path, header)
    journal.sync_each = False
    core = table.cores[seat]
    assert core is not None
    table.cores[seat] = JournaledCore(core, journal)  # type: ignore[call-overload]
    return table, path


@pytest.mark.parametrize("seed", [3, 4])
def test_replay_rebuilds_the_same_core_mid_game_and_at_the_end(tmp_path: Path, seed: int) -> None:
    conditions = NetworkConditions(latency=(0.001, 0.02), loss=0.05, duplicate=0.05)
    table, path = journaled_table(tmp_path, seed, seat=1, conditions=conditions)
    table.start()
    table.step_until(0.6)
    live = table.cores[1]._core
    middle = replay(read_journal(path), table.identities[1])
    assert middle.net.sent == live.net.sent and middle.net.sent
    assert middle.log_hash == live.log_hash
    table.step_until(600)
    assert table.finished()
    contents = read_journal(path)
    rebuilt = replay(contents, table.identities[1])
    assert rebuilt.net.sent == live.net.sent
    assert rebuilt.log_hash == live.log_hash
    assert rebuilt.entries == live.entries and len(rebuilt.entries) > 10
    assert rebuilt.over is not None and rebuilt.over.log_hash == live.over.log_hash
    assert rebuilt.observation == live.observation


def test_replay_with_a_protocol_violation_in_the_journal_still_matches(tmp_path: Path) -> None:
    table, path = journaled_table(tmp_path, 7, seat=2)
    table.start()
    table.step_until(0.3)
    live = table.cores[2]
    with pytest.raises(ProtocolViolation):
        live.receive(0, {"t": "bogus"}, table.now)
    table.step_until(600)
    rebuilt = replay(read_journal(path), table.identities[2])
    assert rebuilt.net.sent == live._core.net.sent and rebuilt.log_hash == live._core.log_hash


def test_unfinished_and_finished_journals_are_told_apart(tmp_path: Path) -> None:
    table = make_table(3, seed=6)
    config = table.config
    key = config.seats[0].key
    for game, ended in ((0, True), (1, False)):
        path = journal_path(tmp_path, config.table_id, game, key)
        header = {
            "config": {**config.as_wire(), "game": game},
            "addresses": [SeatAddress(("127.0.0.1",), 1000 + s).as_wire() for s in range(3)],
            "seat": 0,
            "seed": os.urandom(32),
            "table_name": "Kitchen",
        }
        journal = Journal.create(path, header)
        journal.start(0.0)
        if ended:
            journal.end({"game": game, "log_hash": "ab"})
        journal.close()
    found = list(unfinished_journals(tmp_path, "Kitchen"))
    assert [c.start.config.game_no for _, c in found] == [1]
    assert list(unfinished_journals(tmp_path, "Elsewhere")) == []
    assert finished_summaries(tmp_path, config.table_id) == [
        {"r": "end", "game": 0, "log_hash": "ab"}
    ]


def test_record_bodies_are_msgpack_with_checksums(tmp_path: Path) -> None:
    path = tmp_path / "a.journal"
    write_sample(path, records=1).close()
    data = path.read_bytes()[len(MAGIC) :]
    length = int.from_bytes(data[:4], "big")
    assert hashlib.blake2b(data[:4], digest_size=4).digest() == data[4:8]
    body = data[16 : 16 + length]
    assert hashlib.blake2b(body, digest_size=8).digest() == data[8:16]
    assert msgpack.unpackb(body)["r"] == "header"


def test_a_finished_game_leaves_its_summary_and_only_the_last_journal(tmp_path: Path) -> None:
    table = make_table(3, seed=6)
    config = table.config
    key = config.seats[0].key

    def journal(game: int, ended: bool) -> Path:
        path = journal_path(tmp_path, config.table_id, game, key)
        header = {
            "config": {**config.as_wire(), "game": game},
            "addresses": [SeatAddress(("127.0.0.1",), 1000 + s).as_wire() for s in range(3)],
            "seat": 0,
            "seed": os.urandom(32),
            "table_name": "Kitchen",
        }
        made = Journal.create(path, header)
        made.start(0.0)
        if ended:
            made.end({"game": game, "log_hash": f"h{game}"})
        made.close()
        return path

    first, unfinished = journal(0, True), journal(1, False)
    retire(tmp_path, config.table_id, key, {"game": 0, "log_hash": "h0"})
    assert first.exists() and unfinished.exists()  # the last finished game's journal stays
    second = journal(2, True)
    retire(tmp_path, config.table_id, key, {"game": 2, "log_hash": "h2"})
    assert not first.exists()  # an earlier finished game: only its summary is kept
    assert unfinished.exists() and second.exists()  # never an unfinished journal
    assert [s["game"] for s in finished_summaries(tmp_path, config.table_id)] == [0, 2]
    with results_path(tmp_path, config.table_id, key).open("a") as torn:
        torn.write('{"game": 3, "log')  # a line cut short by a crash is skipped
    assert [s["log_hash"] for s in finished_summaries(tmp_path, config.table_id)] == ["h0", "h2"]
    assert results_path(tmp_path, config.table_id, key).stat().st_mode & 0o077 == 0
    assert second.stat().st_size < 128 << 10  # no MiB of zeros written ahead


def test_a_game_can_go_on_only_within_the_resume_window_of_its_last_record(
    tmp_path: Path,
) -> None:
    table = make_table(3, seed=6)
    config = table.config
    path = journal_path(tmp_path, config.table_id, 0, config.seats[0].key)
    header = {
        "config": config.as_wire(),
        "addresses": [SeatAddress(("127.0.0.1",), 1000 + s).as_wire() for s in range(3)],
        "seat": 0,
        "seed": os.urandom(32),
        "epoch": 1000.0,
        "resume_window": 30.0,
    }
    journal = Journal.create(path, header)
    journal.start(0.0)
    journal.tick(5.0)
    journal.close()
    contents = read_journal(path)
    assert contents.can_go_on(1000.0 + 5.0 + 30.0)
    assert not contents.can_go_on(1000.0 + 5.0 + 30.5)
    journal, _ = Journal.reopen(path)
    journal.end({"game": 0})
    journal.close()
    assert not read_journal(path).can_go_on(1000.0 + 5.0)
