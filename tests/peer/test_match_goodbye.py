"""A seat that leaves a match between games (issue 25: nothing waits without a deadline, blame
only what was seen). The host and two members are real `Peer` objects driven in-process, without
sockets (their meshes record what they send, delivered here by key) and on a simulated clock;
game 1 is played in the simulator.

- A seat told to leave (`request_leave`: SIGTERM, the client's Leave) sends a signed `bye`; the
  host relays it and every other seat ends at once, at the same simulated moment, in the words
  "South (...) left the match after game 1"; the leaver records its own goodbye, nobody is named.
- A relayed `bye` that the named seat did not sign names the host, who relayed it.
- A seat that vanishes (no goodbye) ends the host once the resume window passes (not before),
  and every member as the host ends the match, in words naming the seat that left, never as a
  cheater."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

import net.peer_lobby
from net.identity import fingerprint
from net.lobby import LobbyHost, bye_message
from net.mesh import MATCH_ENDED
from net.peer import Peer
from net.peer_events import HostMalformed, SeatLeftMatch
from tests.cheap_proofs import deal_cheaply
from tests.hostile.test_next_game_adversary import (
    EAST,
    HOST,
    RESUME_WINDOW,
    SOUTH,
    SimulatedClock,
    game_1,
    game_1_run,
    key_of,
    link_from,
    member_after_game_1,
    recording_peer,
)

SEATS = (HOST, EAST, SOUTH)


@pytest.fixture(autouse=True)
def cheap_proofs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Game 1 deals with one-round proofs (tests only)."""
    deal_cheaply(monkeypatch)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> SimulatedClock:
    """The lobby's waits read this clock (`net.peer_lobby.monotonic`)."""
    simulated = SimulatedClock()
    monkeypatch.setattr(net.peer_lobby, "monotonic", simulated)
    return simulated


def host_after_game_1(tmp_path: Path) -> Peer:
    """The host (seat 0) with its lobby of game 1's seats, game 1 over and clean here."""
    peer = recording_peer(tmp_path, HOST, host_table="Kitchen")
    run = game_1_run(peer, HOST)
    lobby = LobbyHost("Kitchen", run.start.config.table_id, key_of(HOST), games=3)
    lobby.resume(run.start)  # game 1 runs, with these seats
    peer.lobby_host = lobby
    for seat in (EAST, SOUTH):
        peer.mesh.links[key_of(seat)] = link_from(seat)
    in_loop(lambda: peer._game_over(run, game_1().results()[HOST]))
    assert not lobby.playing and lobby.game == 1 and peer.failure is None
    return peer


class Match:
    """The three peers after game 1, and what each has sent that was delivered so far."""

    def __init__(self, tmp_path: Path) -> None:
        self.peers = {
            HOST: host_after_game_1(tmp_path),
            EAST: member_after_game_1(tmp_path, EAST),
            SOUTH: member_after_game_1(tmp_path, SOUTH),
        }
        self.delivered = dict.fromkeys(SEATS, 0)
        self.gone: set[int] = set()

    def exchange(self, until: Callable[[], bool] = lambda: False) -> None:
        """Deliver every message sent so far (and what it makes the peers send) to the seats
        still there, then tick every peer once, all at one simulated moment; or stop delivering,
        without the tick, as soon as `until()` holds."""

        async def run() -> None:
            moved = True
            while moved:
                moved = False
                for seat, peer in self.peers.items():
                    sent = peer.mesh.sent  # type: ignore[attr-defined]
                    while self.delivered[seat] < len(sent):
                        key, message = sent[self.delivered[seat]]
                        self.delivered[seat] += 1
                        target = next(s for s in SEATS if key_of(s) == key)
                        if seat not in self.gone and target not in self.gone:
                            self.peers[target].on_message(link_from(seat), message)
                            moved = True
                        if until():
                            return
                await asyncio.sleep(0)
            for seat, peer in self.peers.items():
                if seat not in self.gone and not peer.finished.is_set():
                    peer._tick()

        asyncio.run(run())

    def ended(self, seat: int) -> bool:
        """The seat's peer has stopped (its match is over here)."""
        return self.peers[seat].finished.is_set()


def in_loop(act: Callable[[], None]) -> None:
    """Do `act` in an event loop, as a running peer does everything."""

    async def run() -> None:
        act()

    asyncio.run(run())


def words_of(seat: int) -> str:
    """How the others name a seat: "South (abcd-efgh)"."""
    return f"{game_1().config.seats[seat].name} ({fingerprint(key_of(seat))})"


@pytest.mark.parametrize("leaver", [SOUTH, HOST])
def test_a_seat_that_says_goodbye_between_games_ends_the_match_at_once_for_everyone(
    tmp_path: Path, clock: SimulatedClock, leaver: int
) -> None:
    match = Match(tmp_path)
    began = clock.now
    in_loop(match.peers[leaver].request_leave)  # before it says ready: the others do, in vain
    match.exchange()

    assert clock.now == began  # no wait: the same simulated moment
    leaver_peer = match.peers[leaver]
    assert match.ended(leaver) and leaver_peer.failure is None, leaver_peer.failure
    for peer in match.peers.values():
        assert peer.result()["left"] == [
            {
                "name": game_1().config.seats[leaver].name,
                "fingerprint": fingerprint(key_of(leaver)),
                "after": 1,
            }
        ]
    for seat in SEATS:
        if seat == leaver:
            continue
        peer = match.peers[seat]
        assert match.ended(seat), f"seat {seat} still waits"
        assert isinstance(peer.failure_error, SeatLeftMatch), peer.failure
        assert str(peer.failure_error) == (
            f"{words_of(leaver)} left the match after game 1; the match ends"
        )
        assert 1 not in peer.games  # no game 2 started
    host = match.peers[HOST].lobby_host
    assert host is not None and not host.can_start


def test_a_goodbye_that_crosses_the_next_start_forfeits_that_game_and_ends_the_match(
    tmp_path: Path, clock: SimulatedClock
) -> None:
    """South says goodbye just after the host started game 2 (everyone was ready), the start
    still on its way to it: the host refuses the goodbye for game 1, South starts game 2 and
    forfeits it as it begins (a goodbye for game 2), and the match ends there for everyone."""
    match = Match(tmp_path)
    host = match.peers[HOST]
    lobby = host.lobby_host
    assert lobby is not None
    match.exchange(until=lambda: lobby.playing)  # game 2 started at the host, nowhere else
    in_loop(match.peers[SOUTH].request_leave)
    for _ in range(400):
        match.exchange()
        if all(match.ended(seat) for seat in SEATS):
            break
    south = match.peers[SOUTH]
    assert south.failure is None, south.failure
    assert [g["reason"] for g in south.results] == ["finished", "left"]
    for seat in (HOST, EAST):
        peer = match.peers[seat]
        assert match.ended(seat), f"seat {seat} still waits"
        assert [g["game"] for g in peer.results] == [0, 1]  # (numbered from 0)
        assert peer.results[1]["fool"] == SOUTH, peer.results[1]
        assert (
            str(peer.failure_error)
            == f"{words_of(SOUTH)} left the match after game 2; the match ends"
        )
        assert peer.result()["left"][0]["after"] == 2
    assert clock.now == 1000.0  # the lobby's clock never moved: no deadline was needed


def test_a_goodbye_the_seat_did_not_sign_names_the_host_that_relayed_it(
    tmp_path: Path, clock: SimulatedClock
) -> None:
    match = Match(tmp_path)
    forged = bye_message(key_of(SOUTH), game_1().config, game_1().identities[HOST].sign)
    east = match.peers[EAST]
    in_loop(lambda: east.on_message(link_from(HOST), forged))
    assert isinstance(east.failure_error, HostMalformed), east.failure
    assert east.failure_error.host == words_of(HOST)
    assert east.result()["left"] == []


def test_a_seat_that_vanishes_between_games_ends_every_seat_within_the_resume_window(
    tmp_path: Path, clock: SimulatedClock
) -> None:
    match = Match(tmp_path)
    began = clock.now
    match.gone.add(SOUTH)  # killed before it said ready: no goodbye; every link to it drops now
    for seat in (HOST, EAST):
        match.peers[seat].mesh.away_since[key_of(SOUTH)] = began
    while not match.ended(HOST) and clock.now - began < RESUME_WINDOW + 10:
        clock.now += 1.0
        match.exchange()
        assert not match.ended(EAST), match.peers[EAST].failure
    waited = clock.now - began
    assert RESUME_WINDOW < waited <= RESUME_WINDOW + 1, waited
    host = match.peers[HOST]
    assert isinstance(host.failure_error, SeatLeftMatch), host.failure
    said = "South left the table between games (not back after game 1); the match ends"
    assert str(host.failure_error) == said
    east = match.peers[EAST]  # the host closes every link as it stops: "match over"
    closed = SimpleNamespace(close_reason=f"remote: {MATCH_ENDED}", peer_key=key_of(HOST))
    east.on_link_down(key_of(HOST), closed)  # type: ignore[arg-type]
    assert isinstance(east.failure_error, SeatLeftMatch), east.failure
    assert str(east.failure_error) == said
    assert all(peer.result()["left"] == [] for peer in (host, east))  # no goodbye was signed
