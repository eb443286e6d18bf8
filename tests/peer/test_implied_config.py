"""What a finished game implies for the match's next one, and the lobby rules that keep it
checkable: the rules and seats stay for the whole match, and the host signs every start."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Any

import pytest

from net.identity import Identity
from net.lobby import (
    GameStart,
    LobbyClient,
    LobbyError,
    LobbyHost,
    SeatAddress,
    Send,
    join_message,
    leave_message,
    options_message,
    ready_message,
    seat_message,
    sign_start,
    start_message,
)
from net.table.config import SeatInfo, TableConfig, implied_differences, start_signed_bytes

IDENTITIES = [Identity.from_seed(hashlib.sha256(b"implied-%d" % n).digest()) for n in range(4)]
KEYS = [identity.public_key for identity in IDENTITIES]
NAMES = ["North", "East", "South", "West"]


def config(keys: list[bytes] | None = None, **fields: Any) -> TableConfig:
    """Game 1 of a 3-seat throw-in table, led by East and dealt by South."""
    chosen = KEYS[:3] if keys is None else keys
    seats = tuple(SeatInfo(NAMES[KEYS.index(k)], k) for k in chosen)
    base = TableConfig("t-1", 1, "throw-in", (), seats, first=1, dealer=2)
    return replace(base, **fields)


def test_the_implied_config_itself_departs_from_nothing() -> None:
    assert implied_differences(config(), config()) == []


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"first": 0}, "North leads instead of East leads"),
        ({"first": None}, "the lowest trump leads instead of East leads"),
        ({"dealer": 0}, "North deals instead of South deals"),
        ({"dealer": None}, "no dealer named instead of South deals"),
        ({"options": (("steps", "2,0"),)}, "rule option steps '2,0' instead of None"),
        ({"variant": "simple"}, "the game 'simple' instead of 'throw-in'"),
        ({"table_id": "t-2"}, "table id 't-2' instead of 't-1'"),
        ({"game_no": 3}, "game number 3 instead of 1"),
    ],
)
def test_each_departure_is_said_in_words(fields: dict[str, Any], words: str) -> None:
    assert implied_differences(config(), config(**fields)) == [words]


def test_a_seat_that_changed_hands_implies_no_leader_but_keeps_the_rules() -> None:
    newcomer = [KEYS[0], KEYS[3], KEYS[2]]  # East left, West joined in his seat
    started = config(newcomer, first=0, dealer=0)
    assert implied_differences(config(), started) == []
    changed = config(newcomer, first=0, options=(("attack_cap", 5),))
    assert implied_differences(config(), changed) == ["rule option attack_cap 5 instead of None"]


def test_the_same_players_in_other_seats_or_another_seat_count_depart() -> None:
    swapped = config([KEYS[1], KEYS[0], KEYS[2]])
    assert implied_differences(config(), swapped) == ["the same players in other seats"]
    two = config(KEYS[:2], first=1, dealer=0)
    assert implied_differences(config(), two) == ["2 seats instead of 3"]


def lobby_after_a_game() -> LobbyHost:
    """A 3-seat lobby whose game 0 has ended."""
    lobby = LobbyHost("Kitchen", "t-1", KEYS[0], games=3)
    for n in range(3):
        lobby.receive(KEYS[n], join_message(NAMES[n], "", SeatAddress(("127.0.0.1",), 4000 + n)))
        lobby.receive(KEYS[n], seat_message(n))
        lobby.receive(KEYS[n], ready_message(0))
    lobby.receive(KEYS[0], start_message())
    lobby.game_finished(1, 2)
    return lobby


def test_between_games_the_rules_and_the_seats_stay() -> None:
    lobby = lobby_after_a_game()
    with pytest.raises(LobbyError, match="the rules of a match stay as its first game's"):
        lobby.receive(KEYS[0], options_message("simple", {}))
    lobby.receive(KEYS[2], leave_message())  # a free seat, yet East keeps his
    with pytest.raises(LobbyError, match="keeps its seat for the whole match"):
        lobby.receive(KEYS[1], seat_message(2))
    lobby.receive(KEYS[3], join_message("West", "", SeatAddress(("127.0.0.1",), 4003)))
    lobby.receive(KEYS[3], seat_message(2))  # a newcomer takes the free seat
    assert [m.key for m in lobby.seated()] == [KEYS[0], KEYS[1], KEYS[3]]


def signed_start() -> dict[str, object]:
    """The host's signed start of game 1."""
    lobby = lobby_after_a_game()
    for n in range(3):
        lobby.receive(KEYS[n], ready_message(1))
    out = lobby.receive(KEYS[0], start_message(lobby.next_first))
    wire = next(o.message for o in out if isinstance(o, Send) and o.message["k"] == "start")
    return sign_start(wire, IDENTITIES[0].sign)


def test_a_member_reads_the_hosts_signature_of_the_start() -> None:
    wire = signed_start()
    (start,) = LobbyClient(KEYS[1], KEYS[0]).receive(wire)
    assert isinstance(start, GameStart) and start.signature == wire["sig"]
    assert start.config.first == 1 and start.config.dealer == 2
    signed = start_signed_bytes(start.config)
    assert IDENTITIES[0].sign(signed) == start.signature


@pytest.mark.parametrize("signer", [1, None])
def test_a_start_signed_by_another_key_or_badly_is_the_hosts_fault(signer: int | None) -> None:
    wire = signed_start()
    config = TableConfig.from_wire(wire["config"])
    sig = bytes(64) if signer is None else IDENTITIES[signer].sign(start_signed_bytes(config))
    with pytest.raises(LobbyError, match=r"host .*the start's signature is not the host's"):
        LobbyClient(KEYS[1], KEYS[0]).receive({**wire, "sig": sig})
    with pytest.raises(LobbyError, match="signature is 64 bytes"):
        LobbyClient(KEYS[1], KEYS[0]).receive({**wire, "sig": "x"})
