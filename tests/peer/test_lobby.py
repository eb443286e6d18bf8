"""The lobby core: every message, bad input (named, nothing changes), kick, options, start rules."""

from __future__ import annotations

import copy
import hashlib
import random

import pytest

from engine.game import Game
from engine.match import next_leader
from net.identity import Identity
from net.lobby import (
    ChatReceived,
    GameStart,
    Kicked,
    LobbyChanged,
    LobbyClient,
    LobbyError,
    LobbyHost,
    Refused,
    SeatAddress,
    Send,
    chat_message,
    check_rules,
    error_message,
    join_message,
    kick_message,
    leave_message,
    options_message,
    parse_start,
    ready_message,
    seat_message,
    sign_start,
    start_message,
)
from net.table.config import TableConfig


def identity(n: int) -> Identity:
    """A real Ed25519 identity, fixed per n."""
    return Identity.from_seed(hashlib.sha256(b"lobby-%d" % n).digest())


def key(n: int) -> bytes:
    """A real Ed25519 public key, fixed per n."""
    return identity(n).public_key


HOST, EAST, SOUTH, WEST = key(0), key(1), key(2), key(3)
ADDRESS = SeatAddress(("127.0.0.1",), 40000)


def address(n: int) -> SeatAddress:
    return SeatAddress(("127.0.0.1", "::1"), 40000 + n)


def new_lobby(seats: int = 3) -> LobbyHost:
    lobby = LobbyHost("Kitchen", "kitchen-1", HOST, "throw-in", {}, seats, games=2)
    lobby.receive(HOST, join_message("North", "heuristic", address(0)))
    lobby.receive(HOST, seat_message(0))
    return lobby


def full_lobby() -> LobbyHost:
    lobby = new_lobby()
    for n, (member, name) in enumerate(((EAST, "East"), (SOUTH, "South")), start=1):
        lobby.receive(member, join_message(name, "random", address(n)))
        lobby.receive(member, seat_message(None))
    return lobby


def ready_all(lobby: LobbyHost, game: int = 0) -> list:
    out: list = []
    for member in (HOST, EAST, SOUTH):
        out = lobby.receive(member, ready_message(game))
    return out


def snapshot(lobby: LobbyHost) -> LobbyHost:
    return copy.deepcopy(lobby)


def test_join_seat_and_state_is_sent_to_everyone() -> None:
    lobby = new_lobby()
    out = lobby.receive(EAST, join_message("East", "random", address(1)))
    sends = [o for o in out if isinstance(o, Send)]
    assert sends and sends[0].to is None and sends[0].message["k"] == "state"
    assert any(isinstance(o, LobbyChanged) for o in out)
    out = lobby.receive(EAST, seat_message(None))
    state = next(o.state for o in out if isinstance(o, LobbyChanged))
    assert state.seats_taken == 2
    seats = {m["name"]: m["seat"] for m in state.members}
    assert seats == {"North": 0, "East": 1}
    assert lobby.free_seats() == [2]


@pytest.mark.parametrize(
    ("sender", "message", "reason"),
    [
        (EAST, seat_message(1), "before joining"),
        (EAST, {"t": "l", "k": "join", "name": "", "port": 1, "addresses": []}, "name"),
        (EAST, {"t": "l", "k": "join", "name": "E", "port": 0, "addresses": []}, "port"),
        (EAST, {"t": "l", "k": "join", "name": "E", "port": 9, "addresses": ["x"]}, "IP address"),
        (EAST, join_message("North", "random", ADDRESS), "taken"),
        (EAST, {**join_message("E", "random", ADDRESS), "bot": "oracle"}, "unknown bot"),
        (HOST, {"t": "l", "k": "dance"}, "unknown lobby message"),
        (HOST, ["not", "a", "map"], "map"),
        (HOST, seat_message(7), "does not exist"),
        (HOST, seat_message(-1), "does not exist"),
        (HOST, ready_message(5), "next is 0"),
        (HOST, {"t": "l", "k": "ready", "game": 0, "ready": "yes"}, "true or false"),
        (HOST, chat_message(""), "chat text"),
        (HOST, chat_message("x" * 501), "chat text"),
        (HOST, leave_message(), "host cannot leave"),
        (HOST, start_message(), "seat(s) still free"),
        (HOST, options_message("no-such-variant", {}), "unknown variant"),
        (HOST, options_message("throw-in", {"attack_cap": 0}), "attack_cap"),
        (HOST, options_message("throw-in", {"colour": "red"}), "unknown rule options"),
        (HOST, options_message("throw-in", {}, seats=13), "seats must be"),
        (HOST, options_message("throw-in", {}, move_timer=20), "move timer is one of 0, 15"),
        (HOST, options_message("throw-in", {}, move_timer="30"), "move timer"),  # type: ignore[arg-type]
        (HOST, kick_message(EAST), "not in the lobby"),
        (HOST, kick_message(HOST), "cannot kick itself"),
    ],
)
def test_bad_input_is_refused_naming_the_sender_and_changes_nothing(
    sender: bytes, message: object, reason: str
) -> None:
    lobby = new_lobby()
    before = snapshot(lobby)
    with pytest.raises(LobbyError) as caught:
        lobby.receive(sender, message)
    assert reason in str(caught.value)
    if sender == HOST:
        assert "North" in str(caught.value)
    assert lobby == before


def test_only_the_host_may_kick_change_options_or_start() -> None:
    lobby = full_lobby()
    before = snapshot(lobby)
    for message in (kick_message(SOUTH), options_message("simple", {}), start_message()):
        with pytest.raises(LobbyError, match="only the host") as caught:
            lobby.receive(EAST, message)
        assert "East" in str(caught.value)
    assert lobby == before


def test_a_taken_seat_cannot_be_taken_and_a_full_table_refuses_newcomers() -> None:
    lobby = full_lobby()
    with pytest.raises(LobbyError, match="seat 1 is taken"):
        lobby.receive(SOUTH, seat_message(1))
    with pytest.raises(LobbyError, match="full"):
        lobby.receive(WEST, join_message("West", "random", address(3)))


def test_kick_frees_the_seat_and_tells_the_kicked() -> None:
    lobby = full_lobby()
    out = lobby.receive(HOST, kick_message(SOUTH, "snoring"))
    assert Send(SOUTH, {"t": "l", "k": "kicked", "reason": "snoring"}) in out
    assert Kicked(SOUTH, "snoring") in out
    assert SOUTH not in lobby.members and lobby.free_seats() == [2]
    with pytest.raises(LobbyError, match="before joining"):
        lobby.receive(SOUTH, ready_message(0))


def test_leave_and_disconnect_free_the_seat_before_the_first_game() -> None:
    lobby = full_lobby()
    lobby.receive(SOUTH, leave_message())
    assert SOUTH not in lobby.members
    lobby.disconnected(EAST)
    assert EAST not in lobby.members
    assert lobby.disconnected(HOST) == [] and HOST in lobby.members


def test_chat_is_relayed_with_the_sender() -> None:
    lobby = full_lobby()
    out = lobby.receive(EAST, chat_message("hello"))
    assert ChatReceived(EAST, "East", "hello") in out
    line = next(o.message for o in out if isinstance(o, Send))
    assert line == {"t": "l", "k": "chat", "key": EAST, "name": "East", "text": "hello"}


def test_options_change_rules_and_reset_ready() -> None:
    lobby = full_lobby()
    ready_all(lobby)
    assert lobby.can_start
    out = lobby.receive(HOST, options_message("simple", {"attack_cap": 5}))
    assert lobby.variant == "simple" and lobby.options == {"attack_cap": 5}
    assert all(not m.ready for m in lobby.members.values()) and not lobby.can_start
    state = next(o.state for o in out if isinstance(o, LobbyChanged))
    assert state.variant == "simple" and state.options == {"attack_cap": 5}
    with pytest.raises(LobbyError, match="someone sits beyond seat 1"):
        lobby.receive(HOST, options_message("simple", {}, seats=2))


def test_the_move_timer_is_a_table_setting_every_member_is_told() -> None:
    lobby = LobbyHost("Kitchen", "kitchen-1", HOST, move_timer=30)
    lobby.receive(HOST, join_message("North", "", address(0)))
    out = lobby.receive(EAST, join_message("East", "", address(1)))
    wire = next(o.message for o in out if isinstance(o, Send))
    assert wire["move_timer"] == 30
    client = LobbyClient(EAST, HOST)
    (changed,) = client.receive(wire)
    assert isinstance(changed, LobbyChanged) and changed.state.move_timer == 30
    out = lobby.receive(HOST, options_message("throw-in", {}, move_timer=0))
    assert lobby.move_timer == 0 and lobby.state().move_timer == 0
    assert next(o.message for o in out if isinstance(o, Send))["move_timer"] == 0
    out = lobby.receive(HOST, options_message("simple", {}))  # no timer named: it stays
    assert lobby.move_timer == 0


@pytest.mark.parametrize("seconds", [-1, 45, 15.0, "15", None, True])
def test_a_bad_move_timer_is_a_clear_error(seconds: object) -> None:
    with pytest.raises(ValueError, match="the move timer is one of 0, 15, 30, 60 seconds"):
        LobbyHost("Kitchen", "kitchen-1", HOST, move_timer=seconds)  # type: ignore[arg-type]
    wire = new_lobby().state().as_wire() | {"move_timer": seconds}
    with pytest.raises(LobbyError, match="bad 'state': the move timer is one of"):
        LobbyClient(EAST, HOST).receive(wire)


def test_start_only_when_every_seat_is_taken_and_ready() -> None:
    lobby = full_lobby()
    lobby.receive(HOST, ready_message(0))
    lobby.receive(EAST, ready_message(0))
    with pytest.raises(LobbyError, match=r"not ready yet: South \("):
        lobby.receive(HOST, start_message())
    lobby.receive(SOUTH, ready_message(0))
    assert lobby.can_start
    out = lobby.receive(HOST, start_message())
    start = next(o for o in out if isinstance(o, GameStart))
    assert [s.name for s in start.config.seats] == ["North", "East", "South"]
    assert [s.key for s in start.config.seats] == [HOST, EAST, SOUTH]
    assert start.addresses == (address(0), address(1), address(2))
    assert start.config.game_no == 0 and start.config.first is None
    wire = next(o.message for o in out if isinstance(o, Send) and o.message["k"] == "start")
    assert parse_start(wire) == start
    assert TableConfig.from_wire(wire["config"]) == start.config
    assert lobby.playing and not lobby.can_start
    with pytest.raises(LobbyError, match="already running"):
        lobby.receive(HOST, start_message())
    with pytest.raises(LobbyError, match="while a game is running"):
        lobby.receive(EAST, seat_message(2))


def test_next_game_is_led_as_the_match_says_once_everyone_is_ready_again() -> None:
    lobby = full_lobby()
    ready_all(lobby)
    start = next(o for o in lobby.receive(HOST, start_message()) if isinstance(o, GameStart))
    rules = start.config.rules()

    # A real Game holding what next_leader reads of a finished one (the compiled engine takes
    # no stand-in).
    finished = Game.new(rules, 3, random.Random(0))
    finished.fool, finished.out = 1, (2, 0)
    first = next_leader(rules, 3, finished)
    lobby.receive(EAST, ready_message(1))  # ready for the next game while this one runs
    lobby.game_finished(first)
    assert lobby.game == 1 and not lobby.playing
    with pytest.raises(LobbyError, match="not ready yet"):
        lobby.receive(HOST, start_message(first))
    lobby.receive(SOUTH, ready_message(1))
    lobby.receive(HOST, ready_message(1))
    out = lobby.receive(HOST, start_message(first))
    second = next(o for o in out if isinstance(o, GameStart))
    assert second.config.game_no == 1
    assert second.config.first == first == 0  # under the fool (seat 1): seat 0


def test_a_member_coming_back_mid_game_keeps_its_seat_and_gets_the_start_again() -> None:
    lobby = full_lobby()
    ready_all(lobby)
    lobby.receive(HOST, start_message())
    assert lobby.disconnected(EAST) == []
    out = lobby.receive(EAST, join_message("East", "random", address(5)))
    assert lobby.members[EAST].seat == 1
    assert any(isinstance(o, Send) and o.to == EAST and o.message["k"] == "start" for o in out)


def test_client_reads_state_start_chat_kick_and_errors() -> None:
    lobby = full_lobby()
    client = LobbyClient(EAST, HOST)
    state_message = lobby.state().as_wire()
    (changed,) = client.receive(state_message)
    assert isinstance(changed, LobbyChanged) and changed.state == lobby.state()
    ready_all(lobby)
    out = lobby.receive(HOST, start_message())
    wire = next(o.message for o in out if isinstance(o, Send) and o.message["k"] == "start")
    with pytest.raises(LobbyError, match=r"^host .*: bad 'start': the start is not signed$"):
        client.receive(wire)
    (start,) = client.receive(sign_start(wire, identity(0).sign))
    assert isinstance(start, GameStart) and start.config.seats[1].key == EAST
    assert client.receive(error_message("no")) == [Refused("no")]
    assert client.receive({"t": "l", "k": "kicked", "reason": "bye"}) == [Kicked(EAST, "bye")]
    chat = {"t": "l", "k": "chat", "key": HOST, "name": "North", "text": "hi"}
    assert client.receive(chat) == [ChatReceived(HOST, "North", "hi")]


@pytest.mark.parametrize(
    "message",
    [
        {"t": "l", "k": "state", "members": "x"},
        {"t": "l", "k": "start", "config": {}, "addresses": []},
        {"t": "l", "k": "nonsense"},
        {"t": "x"},
    ],
)
def test_client_names_the_host_for_a_malformed_message(message: dict) -> None:
    client = LobbyClient(EAST, HOST)
    with pytest.raises(LobbyError, match="host"):
        client.receive(message)
    assert client.state is None


def test_client_refuses_a_start_without_its_seat_and_a_state_from_another_host() -> None:
    lobby = full_lobby()
    ready_all(lobby)
    out = lobby.receive(HOST, start_message())
    wire = next(o.message for o in out if isinstance(o, Send) and o.message["k"] == "start")
    with pytest.raises(LobbyError, match="without this peer"):
        LobbyClient(WEST, HOST).receive(wire)
    with pytest.raises(LobbyError, match="another host"):
        LobbyClient(EAST, WEST).receive(lobby.state().as_wire())


def test_start_message_with_duplicate_keys_or_wrong_address_count_is_refused() -> None:
    lobby = full_lobby()
    ready_all(lobby)
    out = lobby.receive(HOST, start_message())
    wire = next(o.message for o in out if isinstance(o, Send) and o.message["k"] == "start")
    short = {**wire, "addresses": wire["addresses"][:2]}
    with pytest.raises(ValueError, match="one address entry per seat"):
        parse_start(short)
    config = dict(wire["config"])
    config["seats"] = [config["seats"][0], config["seats"][0], config["seats"][2]]
    with pytest.raises(ValueError):
        parse_start({**wire, "config": config})


@pytest.mark.parametrize("seats", [1, 11, 12])
def test_a_table_has_the_seats_fair_dealing_supports(seats: int) -> None:
    with pytest.raises(ValueError, match="2 to 10 seats"):
        check_rules("throw-in", {}, seats)
    with pytest.raises(ValueError):
        LobbyHost("T", "t-1", key(0), seats=seats)
    lobby = new_lobby()
    with pytest.raises(LobbyError, match="seats"):
        lobby.receive(key(0), options_message("throw-in", {}, seats))


def test_ten_seats_are_accepted() -> None:
    assert check_rules("throw-in", {"decks": 2}, 10).decks == 2
    assert LobbyHost("T", "t-1", key(0), "big", seats=10).state().seats == 10


def test_a_taken_name_and_a_full_table_are_refused_with_a_code_the_client_reads() -> None:
    lobby = new_lobby(seats=2)
    with pytest.raises(LobbyError) as taken:
        lobby.receive(EAST, join_message("North", "", ADDRESS))
    assert taken.value.why == "name-taken"
    lobby.receive(EAST, join_message("East", "", ADDRESS))
    lobby.receive(EAST, seat_message(1))
    with pytest.raises(LobbyError) as full:
        lobby.receive(SOUTH, join_message("South", "", ADDRESS))
    assert full.value.why == "full"
    client = LobbyClient(SOUTH, HOST)
    wire = error_message(str(taken.value), taken.value.why)
    assert wire["why"] == "name-taken"
    assert client.receive(wire) == [Refused(str(taken.value), "name-taken")]
    unknown = {**wire, "why": "something new"}
    assert client.receive(unknown) == [Refused(str(taken.value), "")]
    with pytest.raises(ValueError, match="refusal code"):
        LobbyError("East", "no", why="whatever")
