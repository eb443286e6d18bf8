"""Issue 25's generic adversary. Every kind is taken from its module's own list, so a kind (or a
field) added later is attacked without anyone writing a test:

- in play (the deterministic simulator, simulated time, cheap proofs: one cut-and-choose round):
  for every table payload kind (`schema.Payload`) and every deal message kind
  (`net.dealing.schema.DealMessage`) that a seat sends in a game, one hostile seat drops its
  messages of that kind to one seat, withholds them from every seat forever, duplicates them,
  sends one seat another signed version, or signs them for another game, for another table or
  with another seat's key;
- on receipt (a copy of an honest seat's core in mid-game): every payload kind and deal message
  kind, each field malformed every way its schema forbids (`schema_attacks`), signed by the
  hostile seat; every frame kind (`schema.Frame` and the forwarded `fw`) malformed on its link; a
  map holding one key twice, at the codec;
- in the lobby and between games: every field of the host's signed `start` and of its config
  malformed, at a member; every lobby message kind a member sends (`lobby.MEMBER_KINDS`: join,
  seat, leave, ready, chat, kick, options, start, watch, bye) and the host sends
  (`lobby.HOST_KINDS`: state, start, chat, kicked, error, bye), each field malformed, replayed
  on another link and duplicated; a start from another host or for another member; every wait
  on a withheld message has a deadline (random mutations: tests/hostile/test_fuzz_lobby.py; two
  signed starts and a start of the next game that breaks the match, with real processes:
  tests/hostile/test_hostile_host.py).

Asserted each time: the hostile seat is named, or the message is dropped harmlessly (its link
refused, the receiver's state unchanged); no honest seat is ever named, stalled or blamed; every
honest seat ends, alike, within its phase's deadline. One game and seat count per attack, so the
file stays small (`bench/adversary.py` runs the full matrix)."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator
from functools import cache
from typing import Any

import msgpack
import pytest

import net.table.deals
import net.table.game_adapter
from net.codec import FrameError, unpack
from net.dealing.context import DealContext
from net.dealing.schema import _DEAL_TYPES
from net.identity import fingerprint
from net.lobby import (
    HOST_KINDS,
    MEMBER_KINDS,
    LobbyClient,
    LobbyError,
    LobbyHost,
    Send,
    chat_message,
    join_message,
    kick_message,
    leave_message,
    options_message,
    ready_message,
    seat_message,
    sign_start,
    start_message,
    watch_message,
    watched_start,
)
from net.peer_lobby import LOBBY_WAITS
from net.table.core import GameOver, TableCore
from net.table.reliable import ProtocolViolation
from net.table.schema import _FRAME_TYPES, _PAYLOAD_TYPES, SignedFrame, check_payload
from net.table.sim import SimulatedTable, make_table
from tests.hostile.adversary import (
    ATTACKS,
    DEAL_KINDS,
    ENDS_WITHIN,
    GAME_KINDS,
    HOSTILE,
    TO_ONE,
    attack,
    kinds_sent,
    play_attack,
    problems,
)
from tests.hostile.harness import Frame, Hostile, honest_seats, run_until_honest_end
from tests.hostile.helpers import fresh_core, state_of
from tests.hostile.schema_attacks import Message, malformations, struct_sample
from tests.hostile.test_fuzz_lobby import east_bye, host_messages, lobby_after_game_1
from tests.peer.test_lobby import (
    EAST,
    HOST,
    SOUTH,
    WEST,
    address,
    full_lobby,
    identity,
    new_lobby,
)
from tests.peer.test_lobby import (
    key as member_key,
)

VARIANT = "throw-in"
SEED = 31


@dataclasses.dataclass(frozen=True)
class CheapContext(DealContext):
    """A deal context with one cut-and-choose round: the same messages, far cheaper proofs."""

    rounds: int = 1


@pytest.fixture(autouse=True)
def cheap_proofs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table of this file deals with one-round proofs (tests only)."""
    monkeypatch.setattr(net.table.deals, "DealContext", CheapContext)
    monkeypatch.setattr(net.table.game_adapter, "DealContext", CheapContext)


# ----------------------------------------------------------------- attacks in play


@cache
def sent_in_play(players: int) -> frozenset[str]:
    """The kinds the hostile seat sends in this file's game played honestly (cheap proofs)."""
    return kinds_sent(make_table(players, variant=VARIANT, seed=SEED, bots="random"), HOSTILE)


@pytest.mark.parametrize("how", ATTACKS)
@pytest.mark.parametrize("name", GAME_KINDS)
def test_every_kind_attacked_in_play_names_no_honest_seat_and_ends(name: str, how: str) -> None:
    players = 3 if how in TO_ONE else 2
    if name not in sent_in_play(players):
        pytest.skip(f"a seat sends no {name!r} message in this game (attacked on receipt)")
    report = play_attack(players, VARIANT, SEED, name, how)
    assert report["attacked"], f"no {name!r} message was attacked"
    assert report["problems"] == [], report


def test_a_hello_in_two_versions_names_its_signer_at_every_seat() -> None:
    """A seat given a signed hello naming another configuration (under this game's identity) and
    the others the true one: every honest seat names the signer, none ends config-mismatch."""
    table = make_table(3, variant=VARIANT, seed=SEED, bots="random")
    hostile = Hostile(table, HOSTILE)
    attack(table, hostile, "hello", "two versions")
    table.start()
    run_until_honest_end(table, HOSTILE, limit=60.0)
    assert hostile.applied, "the hostile seat sent no hello"
    for seat in honest_seats(table, HOSTILE):
        over = table.results().get(seat)
        assert over is not None and (over.reason, over.cheater) == ("cheat", HOSTILE), (seat, over)


def test_votes_withheld_by_the_seat_to_move_record_it_as_stalled_at_every_seat() -> None:
    """The seat the game waits for withholds its votes while it heartbeats: every honest seat's
    own clock sees its vote overdue past the window, and its heartbeats show it holding its
    cards, so each records it (and only it) as stalled and it forfeits, the fool (issue 25,
    "Blame only what was seen"; `phases.PHASES`, VOTING; before, the game ended abandoned)."""
    table = make_table(3, variant=VARIANT, seed=SEED, bots="random")
    attack(table, Hostile(table, HOSTILE), "vote", "withhold")
    table.start()
    run_until_honest_end(table, HOSTILE, limit=ENDS_WITHIN)
    assert problems(table, HOSTILE) == []
    for seat in honest_seats(table, HOSTILE):
        over = table.results()[seat]
        assert (over.reason, over.stalled) == ("absent", (HOSTILE,)), (seat, over)
        assert over.result["forfeits"] == [HOSTILE], over


# ----------------------------------------------------------------- malformed on receipt


@cache
def table_in_play() -> SimulatedTable:
    """A 3-seat table whose game has started and made a couple of moves (built once)."""
    table = make_table(3, variant=VARIANT, seed=SEED, bots="random")
    table.start()
    while table.now < 60:
        table.step_until(table.now + 0.1)
        core = table.cores[0]
        assert core is not None
        if core.game is not None and core.round is not None and len(core.entries) >= 2:
            return table
    raise AssertionError("the game never got going")


def payload_samples(kind: str) -> tuple[type[Any], Message, Any]:
    """(the struct attacked, a well-typed sample of it, a wrapper making it a table payload)."""
    if kind.startswith("deal:"):
        struct = _DEAL_TYPES[kind.removeprefix("deal:")]
        return struct, struct_sample(struct), lambda m: {"k": "deal", "d": 0, "m": m}
    struct = _PAYLOAD_TYPES[kind]
    return struct, struct_sample(struct), lambda m: m


def receive_at_seat_0(frame: Any) -> tuple[TableCore, list[Any], ProtocolViolation | None]:
    """A private copy of seat 0's core in mid-game, given `frame` from the hostile seat."""
    table = table_in_play()
    core = fresh_core(table, 0)
    try:
        return core, core.receive(HOSTILE, frame, table.now), None
    except ProtocolViolation as exc:
        return core, [], exc


def assert_named_or_refused(frame: Any, strictly: bool) -> None:
    """Seat 0, given `frame`, names the hostile seat or refuses its link (its state unchanged);
    with `strictly` one of the two must happen; never is another seat named."""
    before = state_of(fresh_core(table_in_play(), 0))
    core, out, refused = receive_at_seat_0(frame)
    overs = [o for o in out if isinstance(o, GameOver)]
    for over in overs:
        assert over.cheater in (None, HOSTILE) and set(over.stalled) <= {HOSTILE}, over
    if refused is not None:
        assert refused.seat == HOSTILE, refused
        assert state_of(core) == before, refused.reason
    named = any(over.cheater == HOSTILE for over in overs)
    if strictly:
        assert named or refused is not None, ("neither named nor refused", out)


def signed_next(payload: Any) -> Frame:
    """The hostile seat's next message carrying `payload`, signed by it for this game."""
    table = table_in_play()
    core = table.cores[0]
    assert core is not None
    seq = core.net.next_from[HOSTILE]
    return table.sign_as(HOSTILE, {"t": "m", "s": seq, "p": payload})


@pytest.mark.parametrize("kind", [*sorted(_PAYLOAD_TYPES), *DEAL_KINDS])
def test_every_field_of_every_message_kind_malformed_names_its_signer(kind: str) -> None:
    struct, sample, wrap = payload_samples(kind)
    tried = 0
    for what, bad in malformations(struct, sample):
        payload = wrap(bad)
        malformed = check_payload(payload) is not None
        tried += malformed
        try:
            assert_named_or_refused(signed_next(payload), strictly=malformed)
        except AssertionError as error:
            raise AssertionError(f"{kind}, {what}: {error}") from None
    assert tried >= 3, f"only {tried} malformations of {kind!r} break its schema"


def frame_samples() -> Iterator[tuple[str, type[Any], Message, Any]]:
    """(kind, struct, a well-typed frame, a wrapper making it the frame sent) per frame kind."""
    message = signed_next({"k": "hello", "c": bytes(32)})
    for kind, struct in sorted(_FRAME_TYPES.items()):
        if kind == "m":
            yield kind, struct, message, lambda f: f
        else:
            yield kind, struct, struct_sample(struct), lambda f: f
    forwarded = {"f": 0, "s": 1, "p": message["p"], "g": message["g"]}
    yield "fw", SignedFrame, forwarded, lambda e: {"t": "fw", "e": e}


def test_every_field_of_every_frame_kind_malformed_is_refused_at_its_link() -> None:
    kinds = set()
    for kind, struct, sample, wrap in frame_samples():
        kinds.add(kind)
        for what, bad in malformations(struct, sample):
            if kind == "m" and what.startswith("p:"):
                continue  # the payload's own malformations: the test above
            _core, out, refused = receive_at_seat_0(wrap(bad))
            overs = [o for o in out if isinstance(o, GameOver)]
            assert all(over.cheater in (None, HOSTILE) for over in overs), (kind, what, overs)
            assert refused is not None or overs, (kind, what, "taken as if well formed")
            assert refused is None or refused.seat == HOSTILE, (kind, what, refused)
    assert kinds == {*_FRAME_TYPES, "fw"}


def repeated_key_map(payload: Message) -> bytes:
    """The payload's msgpack map with its first key written twice (the second time changed)."""
    items = list(payload.items())
    first_key, first_value = items[0]
    body = b"".join(msgpack.packb(k) + msgpack.packb(v, use_bin_type=True) for k, v in items)
    extra = msgpack.packb(first_key) + msgpack.packb(first_value, use_bin_type=True)
    count = len(items) + 1
    header = bytes([0x80 | count]) if count < 16 else b"\xde" + count.to_bytes(2, "big")
    return header + body + extra


@pytest.mark.parametrize("kind", [*sorted(_PAYLOAD_TYPES), *DEAL_KINDS])
def test_a_map_holding_one_key_twice_is_refused_at_the_codec(kind: str) -> None:
    _struct, sample, wrap = payload_samples(kind)
    with pytest.raises(FrameError, match="appears twice"):
        unpack(repeated_key_map(wrap(sample)))


# ----------------------------------------------------------------- the host's signed start


def host_start() -> dict[str, Any]:
    """The signed `start` a lobby host sends its members once every seat is ready."""
    lobby = full_lobby()
    outs = []
    for member in (HOST, EAST, SOUTH):
        outs += lobby.receive(member, ready_message(0))
    outs += lobby.receive(HOST, start_message())
    starts = [o.message for o in outs if isinstance(o, Send) and o.message.get("k") == "start"]
    assert starts, outs
    return sign_start(starts[0], identity(0).sign)


def start_malformations(start: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(what, the start with one thing wrong) for each field of the start and of its config,
    and each seat entry of the config (wrong type, missing, extra field)."""
    changed: list[tuple[str, dict[str, Any]]] = [("extra field", dict(start, zz=1))]
    for key in sorted(set(start) - {"t", "k"}):
        changed.append((f"{key}: wrong type", dict(start, **{key: 7 if key != "first" else "x"})))
        changed.append((f"{key}: missing", {k: v for k, v in start.items() if k != key}))
    config = start["config"]
    changed.append(("config: extra field", dict(start, config=dict(config, zz=1))))
    for key in sorted(config):
        value = config[key]
        wrong = 7 if isinstance(value, str | bytes | list | dict) or value is None else "x"
        changed.append(
            (f"config.{key}: wrong type", dict(start, config=dict(config, **{key: wrong})))
        )
        missing = {k: v for k, v in config.items() if k != key}
        changed.append((f"config.{key}: missing", dict(start, config=missing)))
    return changed


def test_every_field_of_the_hosts_start_malformed_names_the_host_at_the_member() -> None:
    """A member refuses each malformed start naming the host, or takes it as the very start the
    host signed (an extra field ignored, a missing one the default it was): nothing else."""
    start = host_start()
    honest = LobbyClient(EAST, HOST).receive(start)
    assert honest, "the honest start is refused"
    refused = 0
    for what, bad in start_malformations(start):
        try:
            taken = LobbyClient(EAST, HOST).receive(bad)
        except LobbyError as error:
            assert error.sender.startswith("host "), (what, error)
            refused += 1
        else:
            assert taken == honest, (what, "taken as another start than the one signed")
    assert refused >= 10, refused


# ----------------------------------------------------------------- every lobby and match message


LobbyCase = tuple[LobbyHost, bytes, dict[str, Any]]


def lobby_case(kind: str) -> LobbyCase:
    """A lobby in which the honest message of `kind` is taken, its sender and the message: one
    for every kind of `lobby.MEMBER_KINDS` (a kind added there fails here until it has one)."""
    if kind == "join":
        return new_lobby(), EAST, join_message("East", "random", address(1))
    if kind == "watch":  # a spectator (WEST's key) asks to watch a running table
        lobby = full_lobby()
        for member in (HOST, EAST, SOUTH):
            lobby.receive(member, ready_message(0))
        lobby.receive(HOST, start_message())
        return lobby, WEST, watch_message("Guest")
    if kind == "seat":
        lobby = new_lobby()
        lobby.receive(EAST, join_message("East", "random", address(1)))
        return lobby, EAST, seat_message(1)
    if kind == "bye":  # East leaves the match after game 1
        lobby = lobby_after_game_1()
        return lobby, EAST, east_bye(lobby)
    lobby = full_lobby()
    if kind == "start":
        for member in (HOST, EAST, SOUTH):
            lobby.receive(member, ready_message(0))
    messages = {
        "leave": (EAST, leave_message()),
        "ready": (EAST, ready_message(0)),
        "chat": (EAST, chat_message("hi")),
        "kick": (HOST, kick_message(EAST)),
        "options": (HOST, options_message("throw-in", {}, seats=3)),
        "start": (HOST, start_message()),
    }
    sender, message = messages[kind]
    return lobby, sender, message


WRONG_VALUES: tuple[Any, ...] = (
    7,
    -1,
    "x",
    "x" * 10_000,
    None,
    b"\0" * 3,
    [],
    [1, 1],
    [[]],  # an entry that cannot be hashed (a join's `proofs` crashed the host with it)
    [{}],
    {},
    1.5,
)


def field_attacks(message: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(what, the message with one thing wrong): an extra field, and each field (and each field of
    a nested map) missing or given every value of another shape."""
    yield "extra field", dict(message, zz=1)
    for key in sorted(set(message) - {"t", "k"}):
        yield f"{key}: missing", {k: v for k, v in message.items() if k != key}
        for wrong in WRONG_VALUES:
            if wrong != message[key] or type(wrong) is not type(message[key]):
                yield f"{key} = {str(wrong)[:12]!r}", dict(message, **{key: wrong})
        inner = message[key]
        if isinstance(inner, dict):
            for what, changed in field_attacks({"t": None, "k": None, **inner}):
                changed = {k: v for k, v in changed.items() if k not in ("t", "k")}
                yield f"{key}.{what}", dict(message, **{key: changed})


def members_take_what_the_host_sends(outs: list[Any]) -> None:
    """Every state and start the host sends after taking a message parses at a member: taking it
    never makes the host send what would get it (an honest host) named."""
    for item in outs:
        if not isinstance(item, Send):
            continue
        message = item.message
        if message.get("k") == "start":
            message = sign_start(message, identity(0).sign)
        if message.get("k") == "start" and item.to not in (None, HOST, EAST, SOUTH):
            watched_start(message, HOST)  # a spectator's copy of the running game's start
        elif message.get("k") in HOST_KINDS:
            LobbyClient(item.to or EAST, HOST).receive(message)


def sender_label(lobby: LobbyHost, sender: bytes) -> str:
    """How the host's errors name the member with this key (or the peer, before it joined)."""
    member = lobby.members.get(sender)
    if member is None and sender in lobby.watchers:
        return f"spectator {lobby.watchers[sender]} ({fingerprint(sender)})"
    return member.label() if member else f"peer {fingerprint(sender)}"


@pytest.mark.parametrize("kind", MEMBER_KINDS)
def test_every_member_message_malformed_names_its_sender_or_is_taken_harmlessly(
    kind: str,
) -> None:
    """Each lobby message a member sends (from `lobby.MEMBER_KINDS`), each field malformed: the
    host refuses it naming its sender, and nothing changes, or it takes it and everything it then
    sends its members parses there (no honest host is named for it)."""
    lobby, sender, honest = lobby_case(kind)
    members_take_what_the_host_sends(copy.deepcopy(lobby).receive(sender, honest))
    refused = 0
    for what, bad in field_attacks(honest):
        lobby, sender, _ = lobby_case(kind)
        before = copy.deepcopy(lobby)
        try:
            outs = lobby.receive(sender, bad)
        except LobbyError as error:
            assert error.sender == sender_label(before, sender), (what, error)
            assert lobby == before, (what, "a refused message changed the lobby")
            refused += 1
        else:
            members_take_what_the_host_sends(outs)
    assert refused or set(honest) <= {"t", "k"}, f"no malformed {kind!r} was refused"


@pytest.mark.parametrize("kind", MEMBER_KINDS)
def test_every_member_message_replayed_or_duplicated_names_nobody_else(kind: str) -> None:
    """A member's message replayed on another member's link is that member's own message (the
    link authenticates it): refused naming that member, or taken as its own; the same message
    twice is refused naming its sender or taken again, harmlessly. Nobody else is ever named."""
    for replayer in (SOUTH, EAST, HOST):
        lobby, sender, honest = lobby_case(kind)
        for who in (sender, replayer):
            before = copy.deepcopy(lobby)
            try:
                members_take_what_the_host_sends(lobby.receive(who, honest))
            except LobbyError as error:
                assert error.sender == sender_label(before, who), (kind, who, error)
                assert lobby == before


def honest_host_messages() -> dict[str, dict[str, Any]]:
    """One message of every kind of `lobby.HOST_KINDS`, as an honest host sends it (the start
    signed)."""
    found = {m["k"]: m for m in host_messages()}
    found["start"] = sign_start(found["start"], identity(0).sign)
    assert set(found) == set(HOST_KINDS), sorted(found)
    return found


@pytest.mark.parametrize("kind", HOST_KINDS)
def test_every_host_message_malformed_names_the_host_or_is_taken_as_signed(kind: str) -> None:
    """Each lobby message the host sends (from `lobby.HOST_KINDS`), each field malformed: a
    member refuses it naming the host (its link), unchanged, or takes it as the same kind of
    event; a start only as the very start the host signed."""
    honest = honest_host_messages()[kind]
    taken = LobbyClient(EAST, HOST).receive(honest)
    assert taken, f"the honest {kind!r} is refused"
    for what, bad in field_attacks(honest):
        client = LobbyClient(EAST, HOST)
        try:
            got = client.receive(bad)
        except LobbyError as error:
            assert error.sender.startswith("host "), (what, error)
            assert client == LobbyClient(EAST, HOST), (what, "a refused message changed it")
        else:
            assert [type(e) for e in got] == [type(e) for e in taken], (what, got)
            if kind == "start":
                assert got == taken, (what, "taken as another start than the one signed")


def test_a_start_signed_by_another_key_or_for_another_member_is_refused_naming_the_host() -> None:
    """A start replayed from another host (signed by another key), or one whose seats do not hold
    this member (another table's start), is refused at the member naming its host's link."""
    start = honest_host_messages()["start"]
    forged = sign_start({k: v for k, v in start.items() if k != "sig"}, identity(1).sign)
    for bad, member in ((forged, EAST), (start, member_key(5))):
        with pytest.raises(LobbyError) as caught:
            LobbyClient(member, HOST).receive(bad)
        assert caught.value.sender.startswith("host ")


def test_every_wait_of_a_member_on_its_host_has_a_deadline() -> None:
    """Withheld lobby messages (no state, no start, the host away) end each of a member's waits
    at a deadline that the table of waits names (net/peer_lobby.py, `LOBBY_WAITS`)."""
    assert set(LOBBY_WAITS) == {"join", "host-away", "start", "game-runs", "bye"}
    for wait, words in LOBBY_WAITS.items():
        assert "timeout" in words or "window" in words, (wait, words)


FOREIGN = ("other game", "other table", "another seat's key")


@pytest.mark.parametrize("how", FOREIGN)
def test_a_move_signed_for_another_table_game_or_key_is_refused_at_the_link(how: str) -> None:
    table = make_table(2, variant=VARIANT, seed=SEED, bots="random")
    hostile = Hostile(table, HOSTILE)
    attack(table, hostile, "act", how)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=ENDS_WITHIN)
    assert hostile.applied, "the hostile seat sent no move"
    assert any(blamed == HOSTILE for _, blamed, _ in table.violations), table.results()
