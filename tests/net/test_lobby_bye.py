"""A seat's goodbye at the host's lobby (`bye`, net/lobby.py): relayed as signed, the seat freed,
no other game of the match started; a goodbye the sender did not sign, or for another game than
the last one started, is refused naming its sender and changes nothing."""

from __future__ import annotations

import copy

import pytest

from net.lobby import (
    LobbyClient,
    LobbyError,
    SeatLeft,
    Send,
    bye_message,
    check_bye,
    join_message,
    parse_bye,
    ready_message,
    start_message,
)
from tests.hostile.test_fuzz_lobby import east_bye, lobby_after_game_1
from tests.peer.test_lobby import EAST, HOST, SOUTH, address, identity


def test_a_goodbye_is_relayed_as_signed_and_ends_the_match_at_the_host() -> None:
    lobby = lobby_after_game_1()
    bye = east_bye(lobby)
    outs = lobby.receive(EAST, bye)
    relayed = [o for o in outs if isinstance(o, Send) and o.message["k"] == "bye"]
    assert [(o.to, o.message) for o in relayed] == [(None, bye), (EAST, bye)]  # EAST: its answer
    assert EAST not in lobby.members and lobby.free_seats() == [1]
    (left,) = LobbyClient(SOUTH, HOST).receive(bye)
    assert isinstance(left, SeatLeft) and left.key == EAST
    assert lobby.current is not None
    check_bye(left, lobby.current.config)  # what every member checks against its own config
    for member in (HOST, SOUTH):
        lobby.receive(member, ready_message(1))
    assert not lobby.can_start
    with pytest.raises(LobbyError, match="a seat left it"):
        lobby.receive(HOST, start_message())
    with pytest.raises(LobbyError, match="left the match"):
        lobby.receive(EAST, join_message("East", "random", address(1)))


def test_the_hosts_own_goodbye_is_relayed_and_keeps_its_member() -> None:
    lobby = lobby_after_game_1()
    assert lobby.current is not None
    outs = lobby.receive(HOST, bye_message(HOST, lobby.current.config, identity(0).sign))
    assert any(isinstance(o, SeatLeft) and o.key == HOST for o in outs)
    assert HOST in lobby.members and not lobby.can_start


@pytest.mark.parametrize(
    "what", ["signed by another", "another seat's key", "an earlier game", "before any game"]
)
def test_a_goodbye_that_is_not_the_senders_own_for_the_last_game_is_refused(what: str) -> None:
    lobby = lobby_after_game_1()
    assert lobby.current is not None
    config = lobby.current.config
    sender = EAST
    if what == "signed by another":
        bye = bye_message(EAST, config, identity(2).sign)
    elif what == "another seat's key":
        bye, sender = east_bye(lobby), SOUTH
    elif what == "an earlier game":  # game 2 has started since
        for member in (HOST, EAST, SOUTH):
            lobby.receive(member, ready_message(1))
        lobby.receive(HOST, start_message())
        assert lobby.playing and lobby.current.config.game_no == 1
        bye = bye_message(EAST, config, identity(1).sign)
    else:
        lobby = lobby_after_game_1()
        bye = east_bye(lobby)
        lobby.current = None
    before = copy.deepcopy(lobby)
    with pytest.raises(LobbyError, match="bad bye") as refused:
        lobby.receive(sender, bye)
    assert refused.value.sender == before.members[sender].label()
    assert lobby == before


def test_a_bye_with_a_field_too_many_is_malformed() -> None:
    bye = east_bye(lobby_after_game_1())
    with pytest.raises(ValueError, match="nothing else"):
        parse_bye({**bye, "name": "East"})
