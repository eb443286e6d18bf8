"""Issue 30: a hostile spectator is a sender role of the generic adversary (cheap proofs, the
deterministic simulator, simulated time).

Each kind is taken from its module's own list, so that a kind added later is sent too: every
table frame kind (`schema.Frame` and the forwarded `fw`), every table payload kind
(`schema.Payload`) in a message signed by the spectator or forged as a seat's, every deal message
kind (`net.dealing.schema.DealMessage`), every lobby kind a member or a host sends
(`lobby.MEMBER_KINDS`, `lobby.HOST_KINDS`), every watch frame but a well-formed hello and bye
(`watch_feed.SPECTATOR_KINDS`), each field of a hello malformed; a seat's own signed frames
replayed; a flood. One spectator per frame joins mid-game beside an honest one.

Asserted each time: every seat drops the hostile spectator and names no seat; no core saw a
violation; the game ends exactly as (and when) it ends without spectators; the honest spectator
follows it to the end with the seats' log hash.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from net.dealing.schema import _DEAL_TYPES
from net.lobby import HOST_KINDS, MEMBER_KINDS
from net.table.schema import _FRAME_TYPES, _PAYLOAD_TYPES
from net.table.watched_sim import SpectatorSends, WatchedTable, make_watched_table
from net.watch_events import GameEnded
from net.watch_feed import SPECTATOR_KINDS, WATCH
from tests.cheap_proofs import deal_cheaply
from tests.hostile.schema_attacks import struct_sample

VARIANT = "throw-in"
PLAYERS = 3
SEED = 7
JOIN_AFTER_MOVES = 6
ALL_DONE = 2000.0
HELLO = {"t": WATCH, "k": "hello", "g": 0}


@pytest.fixture(autouse=True, scope="module")
def cheap_proofs() -> Iterator[None]:
    """Tables deal with one-round proofs in this module."""
    with pytest.MonkeyPatch.context() as patch:
        deal_cheaply(patch)
        yield


def table() -> WatchedTable:
    return make_watched_table(PLAYERS, variant=VARIANT, seed=SEED, bots="heuristic,random")


def to_mid_game(watched: WatchedTable) -> None:
    """Start the table and play it to the move where spectators join (in the same steps with
    and without them: the ticks fall at the same instants)."""
    watched.start()
    core = watched.cores[0]
    assert core is not None
    while len(core.entries) < JOIN_AFTER_MOVES:
        watched.step_until(watched.now + 0.01)


@cache
def baseline() -> tuple[str, float, tuple[Any, ...]]:
    """The table's log hash, end time and result without any spectator."""
    plain = table()
    to_mid_game(plain)
    plain.step_until(ALL_DONE)
    results = plain.results()
    assert len(results) == PLAYERS
    (log_hash,) = {over.log_hash for over in results.values()}
    return log_hash, max(plain.over_at.values()), tuple(sorted(results[0].result.items()))


def signed_frames_in_flight(watched: WatchedTable) -> list[dict[str, Any]]:
    """Seat-to-seat frames on the wire now (a spectator replays them)."""
    import msgpack

    frames = []
    for delivery in watched.queue:
        if delivery.sender < PLAYERS and delivery.receiver < PLAYERS:
            frames.append(msgpack.unpackb(delivery.wire, raw=False))
    return frames


def frame_attacks(watched: WatchedTable) -> dict[str, list[Any]]:
    """Every kind of frame a hostile spectator sends, by what it is."""
    attacks: dict[str, list[Any]] = {}
    for kind, struct in _FRAME_TYPES.items():
        attacks[f"table frame {kind}"] = [struct_sample(struct)]
    attacks["forwarded frame"] = [{"t": "fw", "f": 0, "frames": []}]
    for kind, struct in _PAYLOAD_TYPES.items():
        payload = struct_sample(struct)
        attacks[f"payload {kind}"] = [{"t": "m", "s": 0, "p": payload, "g": b"\x00" * 64}]
        forged = watched.sign_as(1, {"t": "m", "s": 0, "p": payload})
        attacks[f"payload {kind} signed as seat 1"] = [forged]
    for kind, struct in _DEAL_TYPES.items():
        deal = {"k": "deal", "d": 0, "m": struct_sample(struct)}
        attacks[f"deal {kind}"] = [{"t": "m", "s": 0, "p": deal, "g": b"\x00" * 64}]
    for kind in (*MEMBER_KINDS, *HOST_KINDS):
        attacks[f"lobby {kind}"] = [{"t": "l", "k": kind}]
    attacks["game envelope"] = [{"t": "g", "g": 0, "f": {"t": "h"}}]
    attacks["watch feed"] = [{"t": WATCH, "k": "feed", "g": 0, "n": 0, "p": {}}]
    attacks["watch chat"] = [{"t": WATCH, "k": "chat", "text": "hi"}]
    attacks["watch kind unknown"] = [{"t": WATCH, "k": "zz"}]
    attacks["hello extra field"] = [dict(HELLO, zz=1)]
    attacks["hello other game"] = [dict(HELLO, g=5)]
    attacks["hello no game"] = [{"t": WATCH, "k": "hello"}]
    attacks["hello game not a number"] = [dict(HELLO, g="0")]
    attacks["hello twice"] = [HELLO, HELLO]
    attacks["not a map"] = [[1, 2, 3]]
    attacks["replayed seat frames"] = signed_frames_in_flight(watched)[:1] or [HELLO, HELLO]
    attacks["flood"] = [HELLO] + [{"t": "m", "s": n, "p": {}} for n in range(300)]
    assert not set(SPECTATOR_KINDS) - {"hello", "bye"}  # the only kinds a seat takes
    return attacks


def sending(frames: list[Any]) -> SpectatorSends:
    """A hostile spectator that sends each seat these frames when it joins."""
    return lambda seat, now: list(frames)


def test_hostile_spectators_are_dropped_and_the_game_is_unaffected() -> None:
    watched = table()
    to_mid_game(watched)
    attacks = frame_attacks(watched)
    hostile = {}
    for what, frames in attacks.items():
        spectator = watched.add(sends=sending(frames))
        hostile[spectator.ident] = what
    honest = watched.add()
    watched.step_until(ALL_DONE)

    log_hash, ended_at, result = baseline()
    results = watched.results()
    assert {over.log_hash for over in results.values()} == {log_hash}
    assert all(over.reason == "finished" for over in results.values())
    assert tuple(sorted(results[0].result.items())) == result
    assert max(watched.over_at.values()) == ended_at  # the same speed, to the simulated instant
    assert watched.violations == []  # no core saw anything a spectator sent
    for ident, what in hostile.items():
        seats = {seat for seat, _ in watched.dropped.get(ident, [])}
        assert seats == set(range(PLAYERS)), (what, watched.dropped.get(ident))
        for _, reason in watched.dropped[ident]:
            assert reason.startswith("a spectator"), (what, reason)  # it, never a seat
    assert honest.ident not in watched.dropped and honest.failed is None
    assert isinstance(honest.events[-1][1], GameEnded)
    assert honest.events[-1][1].log_hash == log_hash


def test_spectators_that_vanish_leave_or_come_again_change_nothing() -> None:
    watched = table()
    to_mid_game(watched)
    vanished = watched.add()
    # after its first frame it reads nothing more: the seats keep feeding into the void
    vanished.checks.append(lambda spectator: setattr(spectator, "failed", "crashed"))
    left = watched.add(sends=lambda seat, now: [HELLO, {"t": WATCH, "k": "bye"}])
    again = watched.add()  # a spectator that crashed just joins again (a new link, a new feed)
    watched.step_until(ALL_DONE)
    log_hash, ended_at, _ = baseline()
    assert {over.log_hash for over in watched.results().values()} == {log_hash}
    assert max(watched.over_at.values()) == ended_at
    assert watched.dropped == {} and watched.violations == []
    assert all(left.ident not in watched.feeding(seat) for seat in range(PLAYERS))
    assert vanished.failed == "crashed"  # its events all came with its first frame (a catch-up
    assert len({at for at, _ in vanished.events}) <= 1  # from any one seat, its relays included)
    assert again.failed is None and isinstance(again.events[-1][1], GameEnded)
