"""A member holds the host to the same rules at every lobby and match step (issue 25), checked on a
peer that is not running (no sockets): any malformed message from the host stops the member at
once naming the host (never a dropped link met again at every redial), and each of the member's
waits on the host ends at its deadline, in words."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from net import peer_lobby
from net.identity import fingerprint
from net.lobby import LobbyClient, LobbyState, ready_message, sign_start
from net.peer import Peer, PeerSettings
from net.peer_events import HostMalformed, HostStalled, JoinError
from tests.hostile.test_fuzz_frames import mutate
from tests.hostile.test_fuzz_lobby import HOST_MESSAGES
from tests.peer.test_lobby import EAST, HOST, SOUTH, full_lobby, identity

JOIN_TIMEOUT = 5.0


class FakeLink:
    """A connection from the host that records a drop."""

    peer_key = HOST
    closed = False


def member(folder: Path) -> Peer:
    """East, a member of North's table, not running: it knows the host and its lobby client."""
    settings = PeerSettings(
        name="East", data_dir=folder, connect="127.0.0.1:4000", join_timeout=JOIN_TIMEOUT
    )
    peer = Peer(settings, identity(1))
    peer.host_key = HOST
    peer.lobby_client = LobbyClient(EAST, HOST)
    peer.join_began = 0.0
    dropped: list[str] = []
    peer.mesh.drop = lambda connection, reason: dropped.append(reason)  # type: ignore[method-assign]
    peer.dropped = dropped  # type: ignore[attr-defined]
    return peer


def state(ready: bool) -> LobbyState:
    """North's full lobby of three, every seat ready (or not)."""
    lobby = full_lobby()
    if ready:
        for key in (HOST, EAST, SOUTH):
            lobby.receive(key, ready_message(0))
    return lobby.state()


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_a_malformed_host_message_stops_the_member_naming_the_host_and_drops_nothing(
    tmp_path: Path, data: st.DataObject
) -> None:
    peer = member(tmp_path)
    peer._start_game = lambda start: None  # type: ignore[method-assign]
    message = data.draw(st.sampled_from(HOST_MESSAGES))
    if message["k"] == "start":
        message = sign_start(message, identity(0).sign)
    message = mutate(copy.deepcopy(message), data)
    peer._lobby_message(FakeLink(), message)  # type: ignore[arg-type]
    assert peer.dropped == []  # type: ignore[attr-defined]
    error = peer.failure_error
    if isinstance(error, HostMalformed):
        assert str(error).startswith(f"the host ? ({fingerprint(HOST)}) sent a malformed")
        assert error.evidence == message or "message" in error.evidence
    else:  # taken, or a refusal the host may send (kicked, or an error before we were in)
        assert error is None or isinstance(error, JoinError), error


def test_a_start_from_the_host_with_first_minus_one_names_it(tmp_path: Path) -> None:
    peer = member(tmp_path)
    peer.lobby_state = state(ready=True)
    start = next(m for m in HOST_MESSAGES if m["k"] == "start")
    bad = {**start, "config": {**start["config"], "first": -1}}
    peer._lobby_message(FakeLink(), bad)  # type: ignore[arg-type]
    error = peer.failure_error
    assert isinstance(error, HostMalformed) and peer.dropped == []  # type: ignore[attr-defined]
    assert str(error) == (
        f"the host North ({fingerprint(HOST)}) sent a malformed 'start' "
        "(first seat -1 is not one of the 3 seats); the table is closed"
    )


def at(monkeypatch: pytest.MonkeyPatch, moment: float) -> None:
    """The member's clock reads `moment`."""
    monkeypatch.setattr(peer_lobby, "monotonic", lambda: moment)


def link_up(peer: Peer) -> None:
    peer.mesh.links[HOST] = FakeLink()  # type: ignore[assignment]


def test_no_lobby_within_the_join_timeout_ends_the_join(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    peer = member(tmp_path)
    link_up(peer)
    at(monkeypatch, JOIN_TIMEOUT - 0.1)
    peer._check_lobby_waits()
    assert peer.failure is None
    at(monkeypatch, JOIN_TIMEOUT + 0.1)
    peer._check_lobby_waits()
    error = peer.failure_error
    assert isinstance(error, JoinError) and error.kind == "refused"
    assert "the host answered our join with nothing for 5 s" in str(error)


def test_a_host_away_past_the_join_timeout_has_vanished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    peer = member(tmp_path)
    peer.lobby_state = state(ready=False)
    at(monkeypatch, 100.0)
    peer._check_lobby_waits()  # the host's link is down from now
    at(monkeypatch, 100.0 + JOIN_TIMEOUT - 0.1)
    peer._check_lobby_waits()
    assert peer.failure is None
    link_up(peer)  # back: the wait ends
    at(monkeypatch, 100.0 + JOIN_TIMEOUT + 1)
    peer._check_lobby_waits()
    assert peer.failure is None and "host-away" not in peer.waits
    del peer.mesh.links[HOST]
    peer._check_lobby_waits()
    at(monkeypatch, 100.0 + 2 * JOIN_TIMEOUT + 1.2)
    peer._check_lobby_waits()
    error = peer.failure_error
    assert isinstance(error, JoinError) and error.kind == "vanished"


def test_no_start_when_every_seat_is_ready_names_the_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    peer = member(tmp_path)
    link_up(peer)
    peer.lobby_state = state(ready=False)  # the lobby may wait for players as long as it likes
    for moment in (0.0, 1000.0):
        at(monkeypatch, moment)
        peer._check_lobby_waits()
    assert peer.failure is None
    peer.lobby_state = state(ready=True)
    at(monkeypatch, 1000.0)
    peer._check_lobby_waits()
    at(monkeypatch, 1000.0 + JOIN_TIMEOUT + 0.1)
    peer._check_lobby_waits()
    error = peer.failure_error
    assert isinstance(error, HostStalled)
    assert str(error) == (
        f"the host North ({fingerprint(HOST)}) did not start game 1 although every player was "
        "ready (waited 5 s); the table is closed"
    )
