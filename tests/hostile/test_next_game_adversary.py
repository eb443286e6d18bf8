"""Issue 25's generic adversary at the match's "next game" step: a host attacks the start of
game 2 of a match at members that finished game 1 (`net.peer_games`, `net.peer_starts`,
`implied_differences`). The members are real `Peer` objects driven in-process, without sockets
(their mesh records what they send) and on a simulated clock; game 1 is played in the simulator.

Each attack comes from the lobby's own lists, so a field added later is attacked unasked: every
field of the start and of its config malformed (`start_malformations`), every config field
(`dataclasses.fields(TableConfig)`) signed with another value, two versions to two members,
replays from game 1 and from another table, a start signed by another seat, the start withheld
(with the host's state still ready, or still saying a game runs). Asserted each time: the host is
named (or the start dropped, harmlessly), no honest member is named, and every member ends
within its deadline."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import net.peer_lobby
from net.game_run import GameRun
from net.identity import fingerprint
from net.lobby import GameStart, LobbyClient, SeatAddress, parse_start
from net.peer import Peer, PeerSettings
from net.peer_events import HostEquivocated, HostFault, HostStalled
from net.peer_starts import SHOWN
from net.table.config import GROUP_PREFERENCE, TableConfig, start_signed_bytes
from net.table.sim import SimulatedTable, make_table
from tests.cheap_proofs import deal_cheaply
from tests.hostile.harness import run_until_honest_end
from tests.hostile.test_generic_adversary import start_malformations

HOST, EAST, SOUTH = 0, 1, 2
"""The seats: the host plays seat 0; East and South are honest members."""
ADDRESSES = tuple(SeatAddress(("127.0.0.1",), 4000 + n) for n in range(3))
JOIN_TIMEOUT = 30.0
RESUME_WINDOW = 120.0


@pytest.fixture(autouse=True)
def cheap_proofs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Game 1 and every game 2 started here deal with one-round proofs (tests only)."""
    deal_cheaply(monkeypatch)


@pytest.fixture(autouse=True)
def simulated_clock(monkeypatch: pytest.MonkeyPatch) -> SimulatedClock:
    """The members' lobby waits read this clock (`net.peer_lobby.monotonic`)."""
    clock = SimulatedClock()
    monkeypatch.setattr(net.peer_lobby, "monotonic", clock)
    return clock


class SimulatedClock:
    """A monotonic clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class RecordingMesh:
    """A member's mesh without sockets: it records what the member sends, drops and dials."""

    def __init__(self) -> None:
        self.sent: list[tuple[bytes, dict[str, Any]]] = []
        self.dropped: list[tuple[bytes, str]] = []
        self.wanted: list[bytes] = []
        self.links: dict[bytes, Any] = {}
        self.dial_targets: dict[bytes, Any] = {}
        self.away_since: dict[bytes, float] = {}

    def send(self, key: bytes, message: dict[str, Any]) -> bool:
        """Record a message to `key`."""
        self.sent.append((key, message))
        return True

    def drop(self, connection: Any, reason: str) -> None:
        """Record a link this member dropped, and why."""
        self.dropped.append((connection.peer_key, reason))

    def want_link(self, key: bytes, address: SeatAddress) -> None:
        """Record a seat this member would dial."""
        self.wanted.append(key)


@cache
def game_1() -> SimulatedTable:
    """Game 1 of the match (game number 0), played out honestly by three seats."""
    table = make_table(3, variant="throw-in", seed=31, bots="random")
    table.start()
    run_until_honest_end(table, HOST, limit=400.0)
    results = table.results()
    assert all(results[s].reason == "finished" for s in range(3)), results
    return table


def key_of(seat: int) -> bytes:
    """A seat's identity key."""
    return game_1().identities[seat].public_key


def link_from(seat: int) -> Any:
    """An authenticated link from `seat` (all the member reads of it)."""
    return SimpleNamespace(peer_key=key_of(seat), closed=False, peer_address=None)


def recording_peer(tmp_path: Path, seat: int, **table: str) -> Peer:
    """The peer of game 1's seat `seat` at the table "Kitchen" (`table`: `join_table` or
    `host_table`), in a match of 3 games, its mesh recording what it sends, keeping no game
    files and running no full collection at a game's end (0.2 s each here;
    tests/peer/test_collect_between_games.py checks it)."""
    settings = PeerSettings(
        name=game_1().config.seats[seat].name,
        data_dir=tmp_path / f"seat-{seat}",
        games=3,
        join_timeout=JOIN_TIMEOUT,
        resume_window=RESUME_WINDOW,
        **table,  # type: ignore[arg-type]
    )
    peer = Peer(settings, game_1().identities[seat])
    peer.mesh = RecordingMesh()  # type: ignore[assignment]
    peer.history = None  # no game files: what is kept is tests/history's
    peer._collect_forgotten = lambda ended: None  # type: ignore[method-assign]
    return peer


def game_1_run(peer: Peer, seat: int) -> GameRun:
    """Game 1 at `peer` (seat `seat`), as `_start_game` records it; not over here yet."""
    table = game_1()
    core = table.cores[seat]
    assert core is not None
    seat_of = {s.key: n for n, s in enumerate(table.config.seats)}
    first = signed(table.config)
    assert peer.witness.got(first, peer.key) is None
    run = GameRun(first, core, None, time.time(), 0.0, seat_of)
    peer.games[0] = run
    return run


def member(tmp_path: Path, seat: int) -> Peer:
    """The member at `seat` of game 1's table, its link to the host up, no game played yet."""
    peer = recording_peer(tmp_path, seat, join_table="Kitchen")
    peer.host_key = key_of(HOST)
    peer.lobby_client = LobbyClient(peer.key, key_of(HOST))
    peer.mesh.links[key_of(HOST)] = link_from(HOST)
    return peer


def member_after_game_1(tmp_path: Path, seat: int) -> Peer:
    """The member at `seat` with game 1 over and clean (through `_game_over`, as a peer ends a
    game)."""
    peer = member(tmp_path, seat)
    run = game_1_run(peer, seat)
    peer._game_over(run, game_1().results()[seat])
    assert peer.implied is not None and peer.failure is None
    return peer


def signed(config: TableConfig, signer: int = HOST) -> GameStart:
    """The parsed start of `config` signed by `signer`."""
    return parse_start(start_wire(config, signer))


def start_wire(config: TableConfig, signer: int = HOST) -> dict[str, Any]:
    """The `start` message of `config`, signed by `signer` (the host, unless an attack says)."""
    wire = {
        "t": "l",
        "k": "start",
        "config": config.as_wire(),
        "addresses": [a.as_wire() for a in ADDRESSES],
    }
    return {**wire, "sig": game_1().identities[signer].sign(start_signed_bytes(config))}


def implied_config() -> TableConfig:
    """Game 2's config as game 1's result decides it (what an honest host starts)."""
    table = game_1()
    core = table.cores[EAST]
    assert core is not None and core.game is not None
    return table.config.next_game(core.game)


def deliver(peer: Peer, *messages: tuple[int, dict[str, Any]]) -> None:
    """Hand the member each (sender seat, message) as its mesh would, in an event loop (a game
    that starts sends its frames from it)."""

    async def run() -> None:
        for sender, message in messages:
            peer.on_message(link_from(sender), message)
            await asyncio.sleep(0)

    asyncio.run(run())


def host_words() -> str:
    """How a member names the host."""
    return f"North ({fingerprint(key_of(HOST))})"


def assert_names_the_host(peer: Peer, what: str) -> None:
    """The member stopped with a `HostFault` naming the host, and started no game 2."""
    error = peer.failure_error
    assert isinstance(error, HostFault), (what, peer.failure)
    assert error.host == host_words(), (what, error.host)
    assert 1 not in peer.games, (what, "game 2 started anyway")


def started(peer: Peer, config: TableConfig) -> bool:
    """The member started game 2 with exactly `config`, naming nobody."""
    run = peer.games.get(1)
    return peer.failure is None and run is not None and run.start.config == config


def shown_to(peer: Peer, seat: int) -> list[dict[str, Any]]:
    """The `shown` messages this member sent `seat`."""
    sent = peer.mesh.sent  # type: ignore[attr-defined]
    return [m for key, m in sent if key == key_of(seat) and m.get("k") == SHOWN]


# ----------------------------------------------------------------- the honest next game


def test_an_honest_next_start_is_checked_and_starts_game_2(tmp_path: Path) -> None:
    peer = member_after_game_1(tmp_path, EAST)
    deliver(peer, (HOST, start_wire(implied_config())))
    assert started(peer, implied_config())
    assert peer.checked_starts == [1]
    assert shown_to(peer, SOUTH), "the member did not show the host's start to the others"


# ----------------------------------------------------------------- malformed, departing


def test_every_field_of_the_next_start_malformed_names_the_host(tmp_path: Path) -> None:
    """Each field of the next game's start and of its config malformed: the member stops naming
    the host, or takes it as the very start the host signed (an extra field, a default)."""
    honest = start_wire(implied_config())
    refused = 0
    for n, (what, bad) in enumerate(start_malformations(honest)):
        peer = member_after_game_1(tmp_path / str(n), EAST)
        deliver(peer, (HOST, bad))
        if peer.failure_error is not None:
            assert_names_the_host(peer, what)
            refused += 1
        else:
            assert started(peer, implied_config()), (what, "taken as another start")
    assert refused >= 10, refused


def other_values(config: TableConfig, field: dataclasses.Field[Any]) -> Iterator[tuple[str, Any]]:
    """(what, value) for values of one config field other than `config`'s, of the field's kind."""
    value = getattr(config, field.name)
    if field.name in ("first", "dealer"):
        yield from ((repr(s), s) for s in (None, *range(config.players)) if s != value)
    elif field.name == "seats":
        yield "the seats reversed", tuple(reversed(value))
        yield "two seats", value[:2]
        yield "South renamed", (*value[:2], dataclasses.replace(value[2], name="Mallory"))
        yield "South marked a bot", (*value[:2], dataclasses.replace(value[2], bot="random"))
    elif field.name == "options":
        yield "attack_cap 5", (*value, ("attack_cap", 5))
    elif field.name == "variant":
        yield "simple", "simple"
    elif field.name == "group":
        yield from ((g, g) for g in GROUP_PREFERENCE if g != value)
    elif isinstance(value, int):
        yield from ((repr(n), n) for n in (value - 1, value + 1, value + 2))
    elif isinstance(value, str):
        yield "another", value + "-elsewhere"
    else:
        raise AssertionError(f"no other value for the config's new field {field.name!r}")


def departures() -> Iterator[tuple[str, TableConfig]]:
    """(what, a config of game 2 with one field departing from what game 1 implies), for every
    field of `TableConfig` (a field added later is attacked too)."""
    implied = implied_config()
    for field in dataclasses.fields(TableConfig):
        for what, value in other_values(implied, field):
            yield f"{field.name}: {what}", dataclasses.replace(implied, **{field.name: value})


NOT_IMPLIED = ("seats: South renamed", "seats: South marked a bot", "group: ed25519")
"""What game 1 does not decide, so a member takes it in game 2's start: a seat's name and bot
label (the player's own, from its join), and the dealing group (the best every seat supports, as
the host found it). A field added to the config later fails the test below until it is either
checked by `implied_differences` or listed here."""


def test_every_config_field_signed_with_another_value_names_the_host(tmp_path: Path) -> None:
    """The host signs game 2's start with any one field unlike game 1 implies (who leads, who
    deals, the rules, the seats, the table, the game number...): the member names the host (a
    start of game 1's own number is a second start of game 1, the host's equivocation); only
    what game 1 does not decide (`NOT_IMPLIED`) is taken."""
    names = {f.name for f in dataclasses.fields(TableConfig)}
    attacked: set[str] = set()
    missed = []
    for n, (what, config) in enumerate(departures()):
        attacked.add(what.split(":")[0])
        peer = member_after_game_1(tmp_path / str(n), EAST)
        deliver(peer, (HOST, start_wire(config)))
        if peer.failure_error is None:
            assert started(peer, config), (what, peer.failure)
            missed.append(what)
            continue
        assert_names_the_host(peer, what)
    assert missed == list(NOT_IMPLIED), "taken as if game 1 implied it"
    assert attacked == names


# ----------------------------------------------------------------- two versions, replays, keys


@pytest.mark.parametrize("mine_first", [True, False])
def test_two_versions_of_the_next_start_to_two_members_name_the_host_at_both(
    tmp_path: Path, mine_first: bool
) -> None:
    """East gets the implied start, South one led by another seat, each signed by the host:
    South names the host (its start departs from game 1, or differs from the one East showed),
    and East, shown South's, names the host too, whichever of South's came first."""
    implied = implied_config()
    other = dataclasses.replace(implied, first=(implied.first or 0) % 2 + 1)
    east = member_after_game_1(tmp_path / "east", EAST)
    south = member_after_game_1(tmp_path / "south", SOUTH)
    deliver(east, (HOST, start_wire(implied)))
    (east_shows,) = shown_to(east, SOUTH)
    if mine_first:
        deliver(south, (HOST, start_wire(other)), (EAST, east_shows))
    else:
        deliver(south, (EAST, east_shows), (HOST, start_wire(other)))
    assert_names_the_host(south, "South, given the other start")
    south_shows = shown_to(south, EAST)
    assert south_shows, "South showed East nothing: East would play game 2 without it"
    deliver(east, *((SOUTH, message) for message in south_shows))
    assert isinstance(east.failure_error, HostEquivocated), east.failure
    assert east.failure_error.host == host_words()


def test_game_1s_start_replayed_after_it_is_dropped_harmlessly(tmp_path: Path) -> None:
    peer = member_after_game_1(tmp_path, EAST)
    deliver(peer, (HOST, start_wire(game_1().config)))
    assert peer.failure is None and list(peer.games) in ([], [0]), peer.failure
    deliver(peer, (HOST, start_wire(implied_config())))
    assert started(peer, implied_config())


def test_a_start_from_another_table_names_the_host(tmp_path: Path) -> None:
    """The host's signed start of game 2 at another table (another table id), replayed here."""
    elsewhere = dataclasses.replace(implied_config(), table_id="sim-31-elsewhere")
    peer = member_after_game_1(tmp_path, EAST)
    deliver(peer, (HOST, start_wire(elsewhere)))
    assert_names_the_host(peer, "another table's start")


@pytest.mark.parametrize("signer", [EAST, SOUTH])
def test_a_next_start_signed_by_a_member_names_the_host_whose_link_sent_it(
    tmp_path: Path, signer: int
) -> None:
    peer = member_after_game_1(tmp_path, EAST)
    deliver(peer, (HOST, start_wire(implied_config(), signer)))
    assert_names_the_host(peer, f"signed by seat {signer}")


def test_a_start_shown_by_a_member_but_signed_by_it_names_no_host_and_harms_nothing(
    tmp_path: Path,
) -> None:
    """South shows East a start South signed itself: not the host's, so East ignores it, names
    nobody, and starts the host's own start as usual."""
    peer = member_after_game_1(tmp_path, EAST)
    forged = {"t": "l", "k": SHOWN, "start": start_wire(implied_config(), SOUTH)}
    deliver(peer, (SOUTH, forged), (HOST, start_wire(implied_config())))
    assert started(peer, implied_config())


def test_a_next_start_before_game_1_is_over_here_is_checked_when_it_ends(tmp_path: Path) -> None:
    """Finding 8 through the same path: the start comes while game 1 still runs here; it waits,
    and is checked (and refused, naming the host) when game 1 ends."""
    table = game_1()
    peer = member_after_game_1(tmp_path, EAST)
    run = peer.games.pop(0, None)
    peer.results.clear()
    peer.implied = None
    core = table.cores[EAST]
    assert core is not None
    seat_of = {s.key: n for n, s in enumerate(table.config.seats)}
    run = GameRun(signed(table.config), core, None, time.time(), 0.0, seat_of)
    peer.games[0] = run
    wrong = dataclasses.replace(implied_config(), first=(implied_config().first or 0) % 2 + 1)
    deliver(peer, (HOST, start_wire(wrong)))
    assert peer.pending_start is not None and peer.failure is None
    peer._game_over(run, table.results()[EAST])
    assert_names_the_host(peer, "a start checked after the game it waited for")


# ----------------------------------------------------------------- withheld


def lobby_state(game: int, playing: bool) -> dict[str, Any]:
    """The host's lobby state: game `game` of 3, every seat taken and ready, `playing` or not."""
    seats = game_1().config.seats
    return {
        "t": "l",
        "k": "state",
        "table": "Kitchen",
        "table_id": game_1().config.table_id,
        "host": key_of(HOST),
        "variant": "throw-in",
        "options": {},
        "seats": 3,
        "games": 3,
        "game": game,
        "playing": playing,
        "members": [
            {"name": s.name, "key": s.key, "seat": n, "ready": True, "bot": ""}
            for n, s in enumerate(seats)
        ],
    }


def tick_until_stopped(peer: Peer, clock: SimulatedClock, limit: float) -> float:
    """Run the member's lobby checks once a (simulated) second until it stops; the seconds."""
    began = clock.now
    while peer.failure is None and clock.now - began <= limit:
        peer._check_lobby_waits()
        clock.now += 1.0
    return clock.now - began


@pytest.mark.parametrize("playing", [False, True])
def test_a_withheld_next_start_ends_the_member_naming_the_host(
    tmp_path: Path, simulated_clock: SimulatedClock, playing: bool
) -> None:
    """The host never sends game 2's start, its link up: with its state saying every seat is
    ready (or still saying game 1 runs, long after it ended), the member stops within its
    deadline, naming the host as stalled."""
    peer = member_after_game_1(tmp_path, EAST)
    deliver(peer, (HOST, lobby_state(1 if not playing else 0, playing)))
    assert peer.failure is None, peer.failure
    waited = tick_until_stopped(peer, simulated_clock, JOIN_TIMEOUT + RESUME_WINDOW + 5)
    assert isinstance(peer.failure_error, HostStalled), (waited, peer.failure)
    assert peer.failure_error.host == host_words()
    assert waited <= JOIN_TIMEOUT + RESUME_WINDOW + 2, waited


def test_a_first_start_withheld_while_the_host_says_it_runs_ends_the_member(
    tmp_path: Path, simulated_clock: SimulatedClock
) -> None:
    """The host's state says game 1 runs with this member seated, but its start never comes:
    the member stops within its deadline, naming the host."""
    peer = member(tmp_path, EAST)
    deliver(peer, (HOST, lobby_state(0, playing=True)))
    waited = tick_until_stopped(peer, simulated_clock, JOIN_TIMEOUT + RESUME_WINDOW + 5)
    assert isinstance(peer.failure_error, HostStalled), (waited, peer.failure)
    assert "kept saying game 1 runs" in str(peer.failure_error)
    assert waited <= JOIN_TIMEOUT + RESUME_WINDOW + 2, waited
