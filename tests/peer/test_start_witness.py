"""The start exchange (issue 25, finding 7): members show each other the host's signed start of a
game; two different configs the host signed under one table id and game number name the host,
with both signatures as the evidence; what a member shows that is not the host's signed start
names that member, never the host; a start of another table is no contradiction."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Any

import pytest

from net.identity import Identity, verify_signature
from net.lobby import GameStart, SeatAddress, parse_start, sign_start
from net.peer_starts import KEPT_PER_SENDER, SHOWN, ShownStartError, StartWitness, shown_message
from net.table.config import SeatInfo, TableConfig, start_signed_bytes

IDENTITIES = [Identity.from_seed(hashlib.sha256(b"witness-%d" % n).digest()) for n in range(3)]
HOST, EAST, SOUTH = (identity.public_key for identity in IDENTITIES)


def signed(signer: int = 0, **fields: Any) -> GameStart:
    """The host's (or `signer`'s) signed start of game 1 of table t-1, led by East."""
    seats = tuple(
        SeatInfo(n, k) for n, k in zip(("North", "East", "South"), (HOST, EAST, SOUTH), strict=True)
    )
    config = replace(TableConfig("t-1", 1, "throw-in", (), seats, first=1, dealer=2), **fields)
    addresses = tuple(SeatAddress(("127.0.0.1",), 4000 + n) for n in range(3))
    wire = {
        "t": "l",
        "k": "start",
        "config": config.as_wire(),
        "addresses": [a.as_wire() for a in addresses],
    }
    return parse_start(sign_start(wire, IDENTITIES[signer].sign))


def test_the_same_start_shown_either_way_round_is_no_contradiction() -> None:
    east = StartWitness()
    assert east.got(signed(), EAST) is None
    assert east.shown(SOUTH, shown_message(signed()), HOST) is None
    south = StartWitness()  # shown before its own start came
    assert south.shown(EAST, shown_message(signed()), HOST) is None
    assert south.got(signed(), SOUTH) is None


@pytest.mark.parametrize("mine_first", [True, False])
def test_two_signed_starts_of_one_game_name_the_host_with_both_signatures(
    mine_first: bool,
) -> None:
    witness = StartWitness()
    other = signed(first=2)
    if mine_first:
        assert witness.got(signed(), EAST) is None
        two = witness.shown(SOUTH, shown_message(other), HOST)
    else:
        assert witness.shown(SOUTH, shown_message(other), HOST) is None
        two = witness.got(signed(), EAST)
    assert two is not None and two.shown_by == SOUTH and two.game == 1
    assert two.differences() == ["South leads instead of East leads"]
    for wire in two.evidence():  # both are the host's signatures: proof anyone can check
        config = TableConfig.from_wire(wire["config"])
        verify_signature(HOST, wire["sig"], start_signed_bytes(config))
    assert [w["config"]["first"] for w in two.evidence()] == [1, 2]


def test_the_host_sending_this_member_a_second_start_of_one_game_is_named_too() -> None:
    witness = StartWitness()
    assert witness.got(signed(), EAST) is None
    assert witness.got(signed(), EAST) is None  # sent again on a rejoin: the same one
    two = witness.got(signed(dealer=0), EAST)
    assert two is not None and two.shown_by == EAST
    assert two.differences() == ["North deals instead of South deals"]


def test_a_start_of_another_table_is_no_contradiction() -> None:
    """A start the host signed for another table (a replay) is not this game's."""
    witness = StartWitness()
    witness.got(signed(), EAST)
    assert witness.shown(SOUTH, shown_message(signed(table_id="t-2", first=2)), HOST) is None


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda m: {**m, "start": {**m["start"], "sig": bytes(64)}}, "not signed by the host"),
        (
            lambda m: {**m, "start": {k: v for k, v in m["start"].items() if k != "sig"}},
            "not signed",
        ),
        (lambda m: {**m, "start": {**m["start"], "addresses": []}}, "malformed"),
        (lambda m: {**m, "start": "x"}, "holds a start message"),
        (lambda m: "x", "holds a start message"),
    ],
    ids=["forged", "unsigned", "malformed", "no-start", "not-a-map"],
)
def test_what_is_not_the_hosts_signed_start_is_the_senders_fault(change: Any, words: str) -> None:
    witness = StartWitness()
    witness.got(signed(), EAST)
    with pytest.raises(ShownStartError, match=words):
        witness.shown(SOUTH, change(shown_message(signed(first=2))), HOST)


def test_a_start_signed_by_another_seat_is_the_senders_fault() -> None:
    with pytest.raises(ShownStartError, match="not signed by the host"):
        StartWitness().shown(SOUTH, shown_message(signed(signer=2, first=2)), HOST)


def test_starts_shown_ahead_are_kept_within_bounds() -> None:
    witness = StartWitness()
    for game in range(KEPT_PER_SENDER + 3):
        witness.shown(SOUTH, shown_message(signed(game_no=game)), HOST)
    assert len(witness.kept[SOUTH]) == KEPT_PER_SENDER


def test_the_shown_message_is_a_lobby_message_of_its_own_kind() -> None:
    message = shown_message(signed())
    assert message["t"] == "l" and message["k"] == SHOWN and message["start"]["sig"]


def test_a_long_match_keeps_only_the_last_starts() -> None:
    witness = StartWitness()
    for game in range(10):
        assert witness.got(signed(game_no=game), EAST) is None
    assert sorted(g for _, g in witness.mine) == [7, 8, 9]
