"""Any desktop can sit at the table: joins name their dealing groups, the table deals in the best
all seats share (ristretto255 where all have the system libsodium, else the Ed25519 subgroup)."""

from __future__ import annotations

import hashlib

import pytest

import net.crypto.group as group_module
from engine.bots import make_bot
from net.crypto.group import available_groups, best_shared_group
from net.identity import Identity
from net.lobby import (
    GameStart,
    LobbyError,
    LobbyHost,
    SeatAddress,
    join_message,
    parse_start,
    ready_message,
    seat_message,
    start_message,
)
from net.table.config import ConfigError, TableConfig
from net.table.sim import SimulatedTable

IDENTITIES = [Identity.from_seed(hashlib.sha256(b"groups-%d" % n).digest()) for n in range(3)]
KEYS = [identity.public_key for identity in IDENTITIES]
NAMES = ["North", "East", "South"]


def _without_libsodium(monkeypatch: pytest.MonkeyPatch) -> tuple[str, ...]:
    """The groups a machine without the system libsodium finds (ristretto255 fails to load)."""
    real = group_module.get_group

    def missing(name: str) -> group_module.Group:
        if name == "ristretto255":
            raise OSError("libsodium.so.23: cannot open shared object file")
        return real(name)

    with monkeypatch.context() as patch:
        patch.setattr(group_module, "get_group", missing)
        return available_groups()


def _started(groups: list[tuple[str, ...] | None]) -> tuple[LobbyHost, GameStart]:
    """A three-seat lobby whose members join naming these groups (None: this machine's), all
    ready, started."""
    lobby = LobbyHost("Kitchen", "kitchen-1", KEYS[0], "throw-in", {}, 3)
    for n, supported in enumerate(groups):
        address = SeatAddress(("127.0.0.1",), 40000 + n)
        lobby.receive(KEYS[n], join_message(NAMES[n], "heuristic", address, supported))
        lobby.receive(KEYS[n], seat_message(n))
    for n in range(3):
        lobby.receive(KEYS[n], ready_message(0))
    out = lobby.receive(KEYS[0], start_message())
    starts = [item for item in out if isinstance(item, GameStart)]
    assert len(starts) == 1, out
    return lobby, starts[0]


def test_a_machine_without_libsodium_names_only_the_ed25519_subgroup(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert _without_libsodium(monkeypatch) == ("ed25519",)
    assert available_groups()[0] == "ristretto255"  # this machine has it (scripts/_setup.sh)
    assert best_shared_group([("ristretto255", "ed25519"), ("ed25519",)]) == "ed25519"
    assert best_shared_group([("ristretto255",), ("ed25519",)]) is None
    assert best_shared_group([("ed25519", "ristretto255")]) == "ristretto255"


def test_where_every_seat_has_libsodium_the_table_deals_in_ristretto255() -> None:
    lobby, start = _started([None, None, None])
    assert lobby.state().group == "ristretto255" and start.config.group == "ristretto255"
    assert "group" not in start.config.as_wire()  # the default digests as before


def test_one_seat_without_libsodium_moves_the_table_to_ed25519_and_plays_to_a_clean_audit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lacking = _without_libsodium(monkeypatch)
    lobby, start = _started([None, lacking, None])
    assert lobby.state().group == "ed25519"
    assert lobby.state().as_wire()["group"] == "ed25519"  # what the lobby shows
    wire = lobby._start_wire(start)
    config = parse_start(wire).config
    assert config.group == "ed25519" and config == start.config
    assert (
        config.digest()
        != TableConfig.from_wire({**wire["config"], "group": "ristretto255"}).digest()
    )
    bots = [make_bot("heuristic", 7 + seat) for seat in range(3)]
    table = SimulatedTable(config, IDENTITIES, bots, seed=7)
    table.start()
    table.step_until(3600)
    results = table.results()
    assert len(results) == 3
    for over in results.values():
        assert over.reason == "finished", over
        assert over.verdict is not None and over.verdict.ok, over.verdict
    for core in table.cores:
        assert core is not None and core.deals[0].context.group_name == "ed25519"


def test_seats_sharing_no_group_cannot_start_and_are_told_why() -> None:
    lobby = LobbyHost("Kitchen", "kitchen-1", KEYS[0], "throw-in", {}, 2)
    for n, supported in enumerate([("ristretto255",), ("ed25519",)]):
        address = SeatAddress(("127.0.0.1",), 40000 + n)
        lobby.receive(KEYS[n], join_message(NAMES[n], "", address, supported))
        lobby.receive(KEYS[n], seat_message(n))
    assert lobby.state().group == ""
    lobby.receive(KEYS[0], ready_message(0))
    lobby.receive(KEYS[1], ready_message(0))
    with pytest.raises(LobbyError, match="no dealing group every seat supports"):
        lobby.receive(KEYS[0], start_message())
    assert not lobby.playing


@pytest.mark.parametrize("groups", [["p-256"], [], "ed25519", ["ed25519"] * 3])
def test_a_join_naming_unknown_groups_is_refused(groups: object) -> None:
    lobby = LobbyHost("Kitchen", "kitchen-1", KEYS[0], "throw-in", {}, 2)
    message = join_message("East", "", SeatAddress(("127.0.0.1",), 40001))
    with pytest.raises(LobbyError, match="groups must list"):
        lobby.receive(KEYS[1], {**message, "groups": groups})
    assert KEYS[1] not in lobby.members


def test_a_config_naming_an_unknown_group_is_refused() -> None:
    config = _started([None, None, None])[1].config
    with pytest.raises(ConfigError, match="dealing group"):
        TableConfig.from_wire({**config.as_wire(), "group": "p-256"})


def test_a_join_names_the_proof_kinds_this_version_checks() -> None:
    message = join_message("East", "", SeatAddress(("127.0.0.1",), 40001))
    assert message["proofs"] == ["argument", "cut-and-choose"]
    lobby = LobbyHost("Kitchen", "kitchen-1", KEYS[0], "throw-in", {}, 2)
    lobby.receive(KEYS[1], message)
    assert lobby.members[KEYS[1]].proofs == ("argument", "cut-and-choose")
    assert lobby.state().as_wire()["members"][0]["proofs"] == ["argument", "cut-and-choose"]


@pytest.mark.parametrize("proofs", [["zk-snark"], [], "argument", ["argument"] * 2])
def test_a_join_naming_unknown_proofs_is_refused(proofs: object) -> None:
    lobby = LobbyHost("Kitchen", "kitchen-1", KEYS[0], "throw-in", {}, 2)
    message = join_message("East", "", SeatAddress(("127.0.0.1",), 40001))
    with pytest.raises(LobbyError, match="proofs must list"):
        lobby.receive(KEYS[1], {**message, "proofs": proofs})
    assert KEYS[1] not in lobby.members


def test_a_seat_that_cannot_check_the_argument_cannot_start_and_is_told_why() -> None:
    lobby = LobbyHost("Kitchen", "kitchen-1", KEYS[0], "throw-in", {}, 2)
    for n, proofs in enumerate([("argument", "cut-and-choose"), ("cut-and-choose",)]):
        address = SeatAddress(("127.0.0.1",), 40000 + n)
        lobby.receive(KEYS[n], join_message(NAMES[n], "", address, proofs=proofs))
        lobby.receive(KEYS[n], seat_message(n))
    lobby.receive(KEYS[0], ready_message(0))
    lobby.receive(KEYS[1], ready_message(0))
    with pytest.raises(LobbyError, match="not every seat can check the shuffle argument"):
        lobby.receive(KEYS[0], start_message())
    assert not lobby.playing
