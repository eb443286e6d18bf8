"""Property tests of the lobby cores (issue 12, Tests): random and mutated lobby messages of every
kind, fed to the host's core from a member and to a member's core from the host, raise nothing but
a LobbyError and change nothing when they are refused."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from net.lobby import (
    LobbyClient,
    LobbyError,
    LobbyHost,
    Send,
    bye_message,
    chat_message,
    error_message,
    join_message,
    kick_message,
    leave_message,
    options_message,
    ready_message,
    seat_message,
    start_message,
)
from tests.hostile.test_fuzz_frames import VALUES, mutate
from tests.peer.test_lobby import EAST, HOST, SOUTH, address, full_lobby, identity, new_lobby


def lobby_after_game_1() -> LobbyHost:
    """A full lobby whose first game was started and ended at the host."""
    lobby = full_lobby()
    for member in (HOST, EAST, SOUTH):
        lobby.receive(member, ready_message(0))
    lobby.receive(HOST, start_message())
    lobby.game_finished(None)
    return lobby


def east_bye(lobby: LobbyHost) -> dict[str, Any]:
    """East's goodbye after the last game `lobby` started, signed by East."""
    assert lobby.current is not None
    return bye_message(EAST, lobby.current.config, identity(1).sign)


def member_messages() -> list[dict[str, Any]]:
    """One message of every kind a member sends the host."""
    return [
        east_bye(lobby_after_game_1()),
        join_message("West", "random", address(3)),
        seat_message(1),
        seat_message(None),
        ready_message(0),
        chat_message("hello"),
        leave_message(),
        kick_message(EAST),
        options_message("throw-in", {}, seats=3),
        start_message(),
    ]


def host_messages() -> list[dict[str, Any]]:
    """One message of every kind the host sends a member: state, start, chat, kicked, error,
    and a seat's goodbye, relayed."""
    lobby = full_lobby()
    found: dict[str, dict[str, Any]] = {}
    outs = lobby.receive(EAST, chat_message("hi"))
    for member in (HOST, EAST, SOUTH):
        outs += lobby.receive(member, ready_message(0))
    outs += lobby.receive(HOST, start_message())
    outs += lobby.game_finished(None)
    outs += lobby.receive(EAST, east_bye(lobby))
    for item in outs:
        if isinstance(item, Send):
            found.setdefault(str(item.message["k"]), item.message)
    found["kicked"] = {"t": "l", "k": "kicked", "reason": "bye"}
    found["error"] = error_message("no", "full")
    assert {"state", "start", "chat", "bye"} <= set(found), sorted(found)
    return [found[k] for k in sorted(found)]


MEMBER_MESSAGES = member_messages()
HOST_MESSAGES = host_messages()


@settings(max_examples=150)
@given(st.data())
def test_a_mutated_member_message_is_refused_naming_its_sender_or_taken(
    data: st.DataObject,
) -> None:
    lobby = full_lobby() if data.draw(st.booleans()) else new_lobby()
    sender = data.draw(st.sampled_from([HOST, EAST, SOUTH]))
    message = mutate(data.draw(st.sampled_from(MEMBER_MESSAGES)), data)
    before = copy.deepcopy(lobby)
    try:
        lobby.receive(sender, message)
    except LobbyError:
        assert lobby == before


@settings(max_examples=150)
@given(st.data())
def test_a_mutated_host_message_is_refused_or_taken_by_a_member(data: st.DataObject) -> None:
    client = LobbyClient(EAST, HOST)
    message = mutate(data.draw(st.sampled_from(HOST_MESSAGES)), data)
    before = copy.deepcopy(client)
    try:
        client.receive(message)
    except LobbyError:
        assert client == before


@settings(max_examples=80)
@given(VALUES)
def test_a_random_value_is_refused_by_both_lobby_cores(value: Any) -> None:
    lobby = new_lobby()
    before = copy.deepcopy(lobby)
    try:
        lobby.receive(EAST, value)
    except LobbyError:
        assert lobby == before
    client = LobbyClient(EAST, HOST)
    try:
        client.receive(value)
    except LobbyError:
        assert client.state is None
