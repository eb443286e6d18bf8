"""The durak-peer command line: options, bad arguments, the time-out exit status."""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.accelerate_guard import engine_description
from net.identity import Identity, verify_signature
from net.lobby import parse_host_port
from net.peer import Peer, PeerSettings
from net.peer_cli import (
    EXIT_ERROR,
    EXIT_OK,
    EXIT_TIMEOUT,
    build_parser,
    host_fault_json,
    json_safe,
    main,
    parse_option,
)
from net.peer_events import HostFault
from net.table.config import SeatInfo, TableConfig, start_signed_bytes
from net.version import startup_line
from tests.net.netns import requires_private_netns

ROOT = Path(__file__).resolve().parents[2]


def test_rule_options_are_read_as_json_when_they_parse() -> None:
    assert parse_option("attack_cap=5") == ("attack_cap", 5)
    assert parse_option("self_throw=true") == ("self_throw", True)
    assert parse_option("throwers=neighbours") == ("throwers", "neighbours")
    for bad in ("nothing", "=5"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_option(bad)


ISSUE_HOST = (
    'durak-peer --name North --host "Kitchen" --variant throw-in --seats 3 --bot heuristic '
    "--result result.json"
)
ISSUE_JOIN = 'durak-peer --name East --join "Kitchen" --bot random --result result.json'


def test_the_command_lines_of_the_issue_parse() -> None:
    host = build_parser().parse_args(shlex.split(ISSUE_HOST)[1:])
    assert (host.host, host.variant, host.seats, host.bot) == (
        "Kitchen",
        "throw-in",
        3,
        "heuristic",
    )
    join = build_parser().parse_args(shlex.split(ISSUE_JOIN)[1:])
    assert (join.join, join.host, join.bot, join.games) == ("Kitchen", None, "random", None)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--name", "X", "--host", "A", "--join", "B"])
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--name", "X", "--host", "A", "--variant", "chess"])


def test_games_below_one_is_refused(
    capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="net.peer"):
        assert main(["--name", "X", "--host", "A", "--games", "0"]) == EXIT_ERROR
    assert "--games" in capsys.readouterr().err
    assert caplog.messages[0] == startup_line("durak-peer")  # the engine that runs, logged first
    assert engine_description() in caplog.messages[0]


@requires_private_netns
def test_a_table_that_never_appears_ends_in_the_time_out_status(tmp_path: Path) -> None:
    result = tmp_path / "result.json"
    command = [sys.executable, "-m", "net.peer_cli", "--name", "East", "--join", "Nowhere"]
    command += ["--data-dir", str(tmp_path), "--result", str(result), "--timeout", "1"]
    finished = subprocess.run(command, cwd=ROOT, capture_output=True, timeout=30)
    assert finished.returncode == EXIT_TIMEOUT
    written = json.loads(result.read_text())
    assert written["ok"] is False and "timed out" in written["error"]
    assert (tmp_path / "identity.key").stat().st_mode & 0o077 == 0


def test_join_by_address_and_a_listen_port_parse() -> None:
    args = build_parser().parse_args(["--name", "W", "--connect", "10.0.0.5:4000"])
    assert (args.connect, args.join, args.host) == ("10.0.0.5:4000", None, None)
    host = build_parser().parse_args(["--name", "N", "--host", "T", "--port", "4000"])
    assert host.port == 4000
    assert build_parser().parse_args(["--name", "W", "--connect", "[::1]:4000"]).connect
    for bad in ("10.0.0.5", "10.0.0.5:0", "10.0.0.5:99999", "::1:4000", ":4000", "host:port"):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["--name", "W", "--connect", bad])
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--name", "W", "--connect", "a:1", "--join", "T"])


def test_parse_host_port_reads_names_ipv4_and_bracketed_ipv6() -> None:
    assert parse_host_port("kitchen.local:4000") == ("kitchen.local", 4000)
    assert parse_host_port(" 192.168.1.20:4000 ") == ("192.168.1.20", 4000)
    assert parse_host_port("[fe80::1%eth0]:65535") == ("fe80::1%eth0", 65535)
    with pytest.raises(ValueError, match="brackets"):
        parse_host_port("fe80::1:4000")


def test_a_bad_port_or_window_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--name", "X", "--host", "A", "--port", "70000"]) == EXIT_ERROR
    assert "--port" in capsys.readouterr().err
    assert main(["--name", "X", "--host", "A", "--resume-window", "0"]) == EXIT_ERROR
    assert "--resume-window" in capsys.readouterr().err


def test_the_host_sets_the_move_timer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import net.peer_cli as peer_cli

    chosen: list[PeerSettings] = []

    async def run_peer(settings: PeerSettings, timeout: float | None) -> tuple[int, dict]:
        chosen.append(settings)
        return EXIT_OK, {"ok": True, "games": []}

    monkeypatch.setattr(peer_cli, "run_peer", run_peer)
    for seconds in (0, 15, 30, 60):
        assert main(["--name", "N", "--host", "T", "--move-timer", str(seconds)]) == EXIT_OK
    assert main(["--name", "N", "--host", "T"]) == EXIT_OK
    assert [settings.move_timer for settings in chosen] == [0, 15, 30, 60, 0]
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--name", "N", "--host", "T", "--move-timer", "20"])
    assert "--move-timer" in capsys.readouterr().err
    assert main(["--name", "N", "--join", "T", "--move-timer", "30"]) == EXIT_ERROR
    assert "--move-timer is for hosting" in capsys.readouterr().err
    assert len(chosen) == 5  # the joiner started nothing


def test_a_refused_host_start_writes_its_evidence_into_the_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = Identity.from_seed(hashlib.sha256(b"cli-host-fault").digest())
    seats = (SeatInfo("Boris", host.public_key), SeatInfo("East", bytes(range(32))))
    config = TableConfig("t-9", 1, "throw-in", (("attack_cap", 5),), seats, first=0)
    signature = host.sign(start_signed_bytes(config))
    evidence = {
        "t": "l",
        "k": "start",
        "config": config.as_wire(),
        "addresses": [{"addresses": ["127.0.0.1"], "port": 4000}],
        "sig": signature,
    }
    differences = ["Boris leads instead of East leads"]

    class RefusingPeer(Peer):
        async def run(self) -> dict[str, Any]:
            raise HostFault("Boris (ab12)", 1, differences, evidence)

    monkeypatch.setattr("net.peer_cli.Peer", RefusingPeer)
    path = tmp_path / "result.json"
    argv = ["--name", "East", "--connect", "127.0.0.1:4000", "--data-dir", str(tmp_path)]
    assert main([*argv, "--result", str(path)]) == EXIT_ERROR
    written = json.loads(path.read_text())
    assert "unlike the last game decides" in written["error"] and written["ok"] is False
    fault = written["host_fault"]
    assert fault["host"] == "Boris (ab12)" and fault["game"] == 1
    assert fault["differences"] == differences
    start = fault["start"]
    assert start["k"] == "start" and start["addresses"] == evidence["addresses"]
    assert start["config"]["seats"][0]["key"] == host.public_key.hex()
    # The JSON alone lets anyone check the host signed the config it started.
    wire = start["config"]
    for seat in wire["seats"]:
        seat["key"] = bytes.fromhex(seat["key"])
    signed = start_signed_bytes(TableConfig.from_wire(wire))
    verify_signature(host.public_key, bytes.fromhex(start["sig"]), signed)


def test_an_unsigned_refused_start_is_written_with_a_null_signature() -> None:
    fault = HostFault("the table", 2, ["its start is not signed"], {"k": "start", "sig": None})
    assert host_fault_json(fault) == {
        "host": "the table",
        "game": 2,
        "differences": ["its start is not signed"],
        "start": {"k": "start", "sig": None},
    }
    assert json_safe({1: (b"\x01\xff", [b""])}) == {"1": ["01ff", [""]]}
