"""Issue 30, the lobby: spectators watch with the host's setting (allowed, cap, chat), are listed
in the state, get the running game's signed start, and may only watch, chat and leave."""

from __future__ import annotations

import hashlib

import pytest

from net.discovery import TableAnnouncement, parse_announcement, txt_properties
from net.identity import Identity
from net.lobby import (
    WATCHER_KINDS,
    LobbyError,
    LobbyHost,
    LobbyState,
    Send,
    chat_message,
    join_message,
    leave_message,
    ready_message,
    seat_message,
    sign_start,
    start_message,
    watch_message,
    watched_start,
)
from net.watch_events import DEFAULT_SPECTATOR_CAP, SpectatorPolicy
from tests.peer.test_lobby import EAST, HOST, SOUTH, address, full_lobby, identity


def spectator(n: int) -> bytes:
    """A spectator's key (fixed per n)."""
    return Identity.from_seed(hashlib.sha256(b"spectator-%d" % n).digest()).public_key


def playing_lobby(**settings: object) -> LobbyHost:
    """A full lobby whose first game runs."""
    lobby = full_lobby()
    for name, value in settings.items():
        setattr(lobby, name, value)
    for member in (HOST, EAST, SOUTH):
        lobby.receive(member, ready_message(0))
    lobby.receive(HOST, start_message())
    assert lobby.playing
    return lobby


def sent(outs: list[object], kind: str) -> list[Send]:
    return [o for o in outs if isinstance(o, Send) and o.message.get("k") == kind]


def test_a_spectator_is_listed_and_gets_the_running_game_s_signed_start() -> None:
    lobby = playing_lobby()
    outs = lobby.receive(spectator(1), watch_message("Guest"))
    state = LobbyState.from_wire(sent(outs, "state")[0].message)
    assert state.watcher_names == ("Guest",)
    assert state.watchers[0]["key"] == spectator(1)
    assert state.spectators == SpectatorPolicy()
    start = sent(outs, "start")
    assert len(start) == 1 and start[0].to == spectator(1)
    checked = watched_start(sign_start(start[0].message, identity(0).sign), HOST)
    assert checked.config.game_no == 0
    with pytest.raises(ValueError, match="not the host"):
        watched_start(sign_start(start[0].message, identity(5).sign), HOST)


def test_the_host_caps_spectators_refusing_more_in_words() -> None:
    lobby = playing_lobby()
    for n in range(DEFAULT_SPECTATOR_CAP):
        lobby.receive(spectator(n), watch_message(f"Guest{n}"))
    with pytest.raises(LobbyError, match="already has 8 spectators") as refused:
        lobby.receive(spectator(99), watch_message("Late"))
    assert refused.value.why == "watch-full"
    assert len(lobby.watchers) == DEFAULT_SPECTATOR_CAP


def test_a_table_without_spectators_refuses_them() -> None:
    lobby = playing_lobby(spectators=SpectatorPolicy(allowed=False))
    with pytest.raises(LobbyError, match="allows no spectators") as refused:
        lobby.receive(spectator(1), watch_message("Guest"))
    assert refused.value.why == "watch-closed" and lobby.watchers == {}


def test_names_are_unique_among_players_and_spectators() -> None:
    lobby = playing_lobby()
    with pytest.raises(LobbyError, match="taken"):
        lobby.receive(spectator(1), watch_message("East"))
    lobby.receive(spectator(1), watch_message("Guest"))
    with pytest.raises(LobbyError, match="taken"):
        lobby.receive(spectator(2), watch_message("Guest"))
    with pytest.raises(LobbyError, match="a player of the table cannot watch"):
        lobby.receive(EAST, watch_message("Other"))


@pytest.mark.parametrize(
    "message",
    [
        join_message("Guest", "", address(7)),
        seat_message(None),
        ready_message(1),
        start_message(),
        {"t": "l", "k": "kick", "key": EAST},
        {"t": "l", "k": "options", "variant": "throw-in", "options": {}},
    ],
    ids=lambda m: m["k"],
)
def test_a_spectator_may_only_watch_chat_and_leave(message: dict[str, object]) -> None:
    lobby = playing_lobby()
    lobby.receive(spectator(1), watch_message("Guest"))
    with pytest.raises(LobbyError) as refused:
        lobby.receive(spectator(1), message)
    assert refused.value.why == "spectator" and message["k"] not in WATCHER_KINDS
    assert "spectator Guest" in str(refused.value)


def test_spectators_chat_unless_the_host_turned_it_off() -> None:
    lobby = playing_lobby()
    lobby.receive(spectator(1), watch_message("Guest"))
    line = sent(lobby.receive(spectator(1), chat_message("nice trump")), "chat")[0]
    assert line.to is None and line.message["name"] == "Guest"
    quiet = playing_lobby(spectators=SpectatorPolicy(chat=False))
    quiet.receive(spectator(1), watch_message("Guest"))
    with pytest.raises(LobbyError, match="chat off") as refused:
        quiet.receive(spectator(1), chat_message("hello"))
    assert refused.value.why == ""  # refused, not a violation: the spectator stays


def test_a_spectator_leaves_or_its_link_closes_and_the_state_says_so() -> None:
    lobby = playing_lobby()
    lobby.receive(spectator(1), watch_message("Guest"))
    lobby.receive(spectator(2), watch_message("Other"))
    outs = lobby.receive(spectator(1), leave_message())
    assert LobbyState.from_wire(sent(outs, "state")[0].message).watcher_names == ("Other",)
    outs = lobby.disconnected(spectator(2))
    assert LobbyState.from_wire(sent(outs, "state")[0].message).watchers == ()
    assert lobby.members.keys() == {HOST, EAST, SOUTH}  # players are unaffected


@pytest.mark.parametrize(
    "watchers",
    [
        [{"name": "Guest"}],
        [{"name": "Guest", "key": b"short"}],
        [{"name": "", "key": bytes(32)}],
        "Guest",
        [{"name": "Guest", "key": bytes(32), "seat": 1}],
    ],
)
def test_a_state_with_malformed_watchers_is_refused(watchers: object) -> None:
    wire = full_lobby().state().as_wire()
    with pytest.raises(ValueError):
        LobbyState.from_wire(dict(wire, watchers=watchers))


def test_a_state_without_spectator_fields_reads_as_none_and_the_defaults() -> None:
    wire = full_lobby().state().as_wire()
    del wire["watchers"], wire["spectators"]
    state = LobbyState.from_wire(wire)
    assert state.watchers == () and state.spectators == SpectatorPolicy()
    with pytest.raises(ValueError):
        LobbyState.from_wire(dict(wire, spectators={"cap": -1}))


def test_the_announcement_says_whether_a_game_runs_and_how_many_watch() -> None:
    table = TableAnnouncement.create(
        name="Kitchen",
        variant="throw-in",
        seats_taken=3,
        seats_total=3,
        host_key=HOST,
        host_name="North",
        password=False,
        port=4000,
        addresses=["10.0.0.1"],
        running=True,
        watchers=2,
    )
    properties = {k.encode(): v.encode() for k, v in txt_properties(table).items()}
    assert properties[b"run"] == b"1" and properties[b"watch"] == b"2"
    back = parse_announcement(table.service_name, properties, ["10.0.0.1"], 4000)
    assert back.running and back.watchers == 2
    del properties[b"run"], properties[b"watch"]
    older = parse_announcement(table.service_name, properties, ["10.0.0.1"], 4000)
    assert not older.running and older.watchers == 0


def test_the_host_s_command_line_sets_the_spectator_policy() -> None:
    from net.peer_cli import build_parser, spectator_policy

    args = build_parser().parse_args(["--name", "N", "--host", "T", "--spectators", "3"])
    assert spectator_policy(args.spectators, not args.no_spectator_chat) == SpectatorPolicy(
        True, 3, True
    )
    args = build_parser().parse_args(["--name", "N", "--host", "T", "--no-spectator-chat"])
    assert spectator_policy(args.spectators, not args.no_spectator_chat) == SpectatorPolicy(
        True, DEFAULT_SPECTATOR_CAP, False
    )
    assert not spectator_policy(0, True).allowed


@pytest.mark.parametrize("chat", [True, False])
def test_the_watch_starts_saying_whether_the_host_lets_spectators_chat(chat: bool) -> None:
    """`WatchStarted.chat` is the host's setting, so the client's chat box says "off" at once."""
    from net.watch_events import WatchRequest, WatchStarted
    from net.watcher import Watcher

    lobby = playing_lobby(spectators=SpectatorPolicy(chat=chat))
    state = LobbyState.from_wire(lobby.state().as_wire())
    seen: list[object] = []
    watcher = Watcher(
        WatchRequest("T", "Guest"), identity(9), seen.append, host_key=lobby.state().host
    )
    watcher._state(state)
    started = [e for e in seen if isinstance(e, WatchStarted)]
    assert len(started) == 1 and started[0].chat is chat
