"""The history: games kept by the table's hook, listed newest first from an index, damaged files
listed with their reason, pruned oldest first, the player's records; `durak-verify`."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from net.history.cli import main as verify_main
from net.history.gamefile import GameFile, encode_game_file
from net.history.store import HistoryStore
from net.table.local import LocalTable
from tests.history.games import game_file, local_game


@pytest.fixture(scope="module")
def finished() -> GameFile:
    return game_file(local_game("throw-in", seed=6))


def aged(gf: GameFile, second: int) -> GameFile:
    """The same game as if played at another time."""
    return dataclasses.replace(
        gf,
        created=f"2026-01-01T00:00:{second:02d}+00:00",
        log_hash=f"{second:02d}" + gf.log_hash[2:],
    )


def test_a_local_table_keeps_its_finished_game(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path)
    original = LocalTable.history
    LocalTable.history = store
    try:
        table = local_game("cross", seed=7)
    finally:
        LocalTable.history = original
    [entry] = store.entries()
    assert entry.variant == "cross" and entry.damaged is None and entry.verified is None
    assert [name for name, _, _ in entry.players] == ["Anna", "Bot 1"]
    assert entry.result == game_file(table).result.words


def test_entries_are_newest_first_and_a_damaged_file_is_listed_with_its_reason(
    finished: GameFile, tmp_path: Path
) -> None:
    store = HistoryStore(tmp_path)
    for second in (3, 1, 2):
        store.save(aged(finished, second))
    (store.folder / "broken.durak").write_bytes(encode_game_file(finished)[:50])
    entries = store.entries()
    assert [e.created[-8:-6] for e in entries if not e.damaged] == ["03", "02", "01"]
    [damaged] = [e for e in entries if e.damaged]
    assert "truncated" in (damaged.damaged or "")
    # the index answers without reading the files: a kept file's body is not read again
    kept = [e.path for e in entries if not e.damaged]
    kept[0].write_bytes(b"")
    assert kept[0] in [e.path for e in HistoryStore(tmp_path).entries() if not e.damaged]


def test_prune_removes_the_oldest_first(finished: GameFile, tmp_path: Path) -> None:
    store = HistoryStore(tmp_path, limit=2)
    for second in range(4):
        store.save(aged(finished, second))
    assert [e.created[-8:-6] for e in store.entries()] == ["03", "02"]
    assert len(list(store.folder.glob("*.durak"))) == 2


def test_records_count_games_per_opponent_and_per_game(finished: GameFile, tmp_path: Path) -> None:
    store = HistoryStore(tmp_path)
    own = finished.players[0].key_hex
    other = "bot:Bot 1"  # a bot derives new keys every game: its name tells it apart
    fooled = dataclasses.replace(finished.result, fool=0)
    won = dataclasses.replace(finished.result, fool=1)
    drawn = dataclasses.replace(finished.result, fool=None)
    for second, result in enumerate((fooled, won, won, drawn)):
        store.save(dataclasses.replace(aged(finished, second), result=result))
    records = store.records(own)
    assert records.names == {other: "Bot 1"} and records.bots == {other: True}
    for record in (records.opponents[other], records.games["throw-in"]):
        assert (record.played, record.won, record.fool, record.draws) == (4, 2, 1, 1)


def test_durak_verify_exits_0_for_a_verified_file_and_1_for_a_tampered_one(
    finished: GameFile, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = HistoryStore(tmp_path).save(finished)
    assert verify_main([str(good)]) == 0
    assert capsys.readouterr().out.startswith("Verified:")
    log = [dict(e) for e in finished.log]
    log[0]["a"] = log[0]["a"].replace("attack", "transfer")
    bad = HistoryStore(tmp_path / "x").save(dataclasses.replace(finished, log=log))
    assert verify_main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("Not verified:") and out.count("\n") == 1
    bad.write_bytes(b"junk")
    assert verify_main([str(bad)]) == 1


def test_export_history_copies_every_readable_kept_file(finished: GameFile, tmp_path: Path) -> None:
    from net.history.export import export_history

    store = HistoryStore(tmp_path / "data")
    kept = store.save(finished)
    (store.folder / "broken.durak").write_bytes(b"junk")
    copies = export_history(store, tmp_path / "out")
    assert [c.name for c in copies] == [kept.name]
    assert copies[0].read_bytes() == kept.read_bytes()


def test_durak_export_history_uses_the_settings_data_dir(
    finished: GameFile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from durak_qt import main as durak_main
    from durak_qt.settings import Settings

    monkeypatch.setattr(Settings, "data_dir", property(lambda self: tmp_path / "data"))
    HistoryStore(tmp_path / "data").save(finished)
    assert durak_main.main(["--export-history", str(tmp_path / "out")]) == 0
    assert len(list((tmp_path / "out").glob("*.durak"))) == 1
