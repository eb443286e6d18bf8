"""Issue 30: a spectator catches up from any one honest seat (cheap proofs, simulated time).

Every seat relays the other seats' signed log entries, signed deal messages and the plain keys
of positions their author opened to every seat; the spectator checks each against its author's
signature or commitment, never trusting the seat that relayed it. So a game with a seat gone
(crashed, or forfeited and gone) is caught up and followed to its end; a seat that relays
something its author did not sign has its feed ended, naming nobody; an author that signed two
versions of one entry is named.

Then the review of the spectator paths as an attacker: each finding's test."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest

from net.table.game_adapter import entry_seat
from net.table.log import act_signed_bytes
from net.table.watched_sim import SimSpectator, WatchedTable, make_watched_table
from net.watch_events import GameEnded, GameStarted, MoveShown, TableShown
from net.watch_feed import WATCH, SpectatorViolation, WatchDesk
from net.watch_follow import Disagreement, GameFollower
from tests.cheap_proofs import deal_cheaply
from tests.table.test_spectators import never_hidden, public_at_seat

ALL_DONE = 6000.0
JOIN_AFTER = 6
"""Moves in the log when the gone seat goes (every 3-seat game here is longer)."""
GONE = 2


@pytest.fixture(autouse=True, scope="module")
def cheap_proofs() -> Iterator[None]:
    """Tables deal with one-round proofs in this module."""
    with pytest.MonkeyPatch.context() as patch:
        deal_cheaply(patch)
        yield


def live(table: WatchedTable, seat: int) -> Any:
    core = table.cores[seat]
    assert core is not None
    return core


def play_to(table: WatchedTable, moves: int) -> None:
    """Step the table until seat 0's log holds `moves` entries."""
    while len(live(table, 0).entries) < moves:
        assert table.now < ALL_DONE
        table.step_until(table.now + 0.02)


def seat_goes(table: WatchedTable, how: str) -> None:
    """Seat GONE goes mid-game: it crashes, or it forfeits (its leave and published keys reach
    the others) and then its process is gone."""
    if how == "forfeit":
        table.route(GONE, live(table, GONE).leave())
        while GONE not in live(table, 0).deals[0].left:
            assert table.now < ALL_DONE
            table.step_until(table.now + 0.02)
    table.crash(GONE)
    table.step_until(table.now + 0.3)


def compare_with_the_table(spectator: SimSpectator, seen: dict[int, Any]) -> None:
    """The spectator's observation at every log length equals seat 0's public observation."""
    shown: dict[int, Any] = {}
    for _, event in spectator.events:
        if isinstance(event, MoveShown):
            shown[event.index] = event.observation
        elif isinstance(event, GameStarted) or (isinstance(event, TableShown) and not event.audit):
            shown[event.moves - 1] = event.observation
    compared = [index for index in shown if index in seen and index >= 0]
    for index in compared:
        assert shown[index] == seen[index], index
    assert len(compared) >= len(shown) // 2


@pytest.mark.parametrize(
    ("how", "reasons"), [("crash", {"absent", "abandoned"}), ("forfeit", {"finished"})]
)
def test_a_game_with_a_seat_gone_is_caught_up_from_the_others(how: str, reasons: set[str]) -> None:
    table = make_watched_table(3, variant="throw-in", seed=11, bots="heuristic,random")
    seen = public_at_seat(table)
    table.start()
    play_to(table, JOIN_AFTER)
    seat_goes(table, how)
    spectator = table.add()
    spectator.checks.append(never_hidden(table))
    table.step_until(ALL_DONE)
    core = live(table, 0)
    assert core.over is not None and core.over.reason in reasons
    assert spectator.failed is None and table.dropped == {}
    events = [event for _, event in spectator.events]
    started = events[0]
    assert isinstance(started, GameStarted) and started.caught_up >= JOIN_AFTER
    moves = [event for event in events if isinstance(event, MoveShown)]
    assert [m.index for m in moves] == list(range(len(core.entries)))
    assert GONE in {m.seat for m in moves}  # the gone seat's moves came relayed
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.log_hash == core.over.log_hash
    assert ended.reason == core.over.reason and ended.fool == core.over.result.get("fool")
    compare_with_the_table(spectator, seen)


# ------------------------------------------------------------ a relaying seat that lies


@pytest.fixture(scope="module")
def recorded() -> tuple[WatchedTable, list[tuple[int, bytes]]]:
    """A 3-seat game played out with a spectator from the start, and every feed frame that
    reached it, in order (replayed below into fresh followers: cheaper than a table each)."""
    table = make_watched_table(3, variant="throw-in", seed=4, bots="heuristic,random")
    frames: list[tuple[int, bytes]] = []
    original = table._to_spectator

    def record(delivery: Any) -> None:
        frames.append((delivery.sender, delivery.wire))
        original(delivery)

    table._to_spectator = record  # type: ignore[method-assign]
    table.start()
    spectator = table.add()
    table.step_until(ALL_DONE)
    assert spectator.failed is None and isinstance(spectator.events[-1][1], GameEnded)
    return table, frames


Tamper = Any
"""(payload of seat 1's frame) -> whether it changed it."""


def replay(
    table: WatchedTable, frames: list[tuple[int, bytes]], tamper: Tamper, liar: int = 1
) -> GameFollower:
    """A fresh spectator fed the recorded frames, seat `liar`'s tampered once by `tamper`."""
    follower = GameFollower(table.config)
    done = False
    for seat, wire in frames:
        frame = msgpack.unpackb(wire, raw=False)
        if seat == liar and not done:
            done = tamper(frame["p"])
        follower.receive(seat, frame)
        follower.verify()
    return follower


def relayed_entry(payload: dict[str, Any]) -> bool:
    """Seat 1 relays a move of seat 0 with another position (not signed by seat 0)."""
    for index, entry in payload.get("log") or []:
        if entry_seat(entry) == 0 and entry.get("pos") and index > 3:
            entry["pos"] = [*reversed(entry["pos"]), 0]
            return True
    return False


def relayed_message(payload: dict[str, Any]) -> bool:
    """Seat 1 relays a dealing message of seat 0 with a field changed (not signed by it)."""
    for deal in payload.get("deals") or []:
        for message in deal[3]:
            if message["sender"] == 0 and message["type"] == "keys":
                message["ciphers"] = bytes(len(message["ciphers"]))
                return True
    return False


def relayed_key(payload: dict[str, Any]) -> bool:
    """Seat 1 relays seat 0's key of a public position with another value."""
    for item in payload.get("keys") or []:
        if item[3] == 0:
            item[2] = bytes(reversed(item[2]))
            return True
    return False


@pytest.mark.parametrize("tamper", [relayed_entry, relayed_message, relayed_key])
def test_a_seat_relaying_what_its_author_did_not_sign_loses_its_feed(
    recorded: tuple[WatchedTable, list[tuple[int, bytes]]], tamper: Tamper
) -> None:
    """The relaying seat's feed ends, naming nobody; the game is followed to the seats' end."""
    table, frames = recorded
    follower = replay(table, frames, tamper)
    assert follower.failed is None and set(follower.ended_feeds) == {1}
    assert re.search(r"seat \\d|North|East|South", follower.ended_feeds[1]) is None
    core = live(table, 0)
    assert follower.ended is not None and core.over is not None
    assert follower.ended.log_hash == core.over.log_hash
    assert follower.hidden_faces_held() == []


def test_an_author_that_signed_two_versions_of_a_move_is_named(
    recorded: tuple[WatchedTable, list[tuple[int, bytes]]],
) -> None:
    """Seat 1 feeds the spectator its own move changed and signed again: the other seats relay
    the version it signed for them; both signatures check, so the spectator names seat 1."""

    def resigned(payload: dict[str, Any]) -> bool:
        for index, entry in payload.get("log") or []:
            if entry_seat(entry) == 1 and index > 3:
                entry["note"] = "another"
                signed = act_signed_bytes(table.config.digest(), entry)
                entry["sig"] = table.identities[1].sign(signed)
                return True
        return False

    table, frames = recorded
    with pytest.raises(Disagreement, match=r"^East signed two versions of log entry \d+$"):
        replay(table, frames, resigned)


# ------------------------------------------------------------ the review's findings


def test_a_spectator_cycling_hello_and_bye_is_dropped(
    recorded: tuple[WatchedTable, list[tuple[int, bytes]]],
) -> None:
    """Each hello costs a seat a whole catch-up (every seat's material, encoded and sealed): a
    spectator saying hello and bye over and over (or dropped and dialling again) makes a seat
    work without end. A seat starts few feeds per spectator and game, then drops it."""
    table, _ = recorded
    desk = WatchDesk(live(table, 0))
    hello, bye = {"t": WATCH, "k": "hello", "g": 0}, {"t": WATCH, "k": "bye"}
    with pytest.raises(SpectatorViolation, match="hello"):
        for _ in range(50):
            assert desk.receive("s", hello) is not None  # a whole catch-up each time
            desk.receive("s", bye)
            desk.drop("s")  # its link closed, it dials again


def test_a_finished_game_ends_with_the_result_the_spectator_played_out(
    recorded: tuple[WatchedTable, list[tuple[int, bytes]]],
) -> None:
    """A seat reports the game finished with another fool: the spectator's own game is over
    (every move checked), so the result is that game's, not the seat's words."""

    def other_fool(payload: dict[str, Any]) -> bool:
        over = payload.get("over")
        if over is None:
            return False
        over["result"] = dict(over["result"], fool=(over["result"]["fool"] + 1) % 3)
        return True

    table, frames = recorded
    for seat in range(3):  # whichever seat's end comes first
        follower = replay(table, frames, other_fool, liar=seat)
        core = live(table, 0)
        assert follower.ended is not None and core.over is not None
        assert follower.ended.fool == core.over.result["fool"], seat


def test_one_seat_cannot_end_the_game_for_the_spectator_in_its_own_words(
    recorded: tuple[WatchedTable, list[tuple[int, bytes]]],
) -> None:
    """Seat 1 tells the spectator mid-game that seat 0 cheated (an `over` no one signs, at the
    hash the log has then): another seat must say the same before a spectator shows an end
    that is not the game played out; the game goes on to its real end."""

    def false_cheat(payload: dict[str, Any]) -> bool:
        at = payload.get("at")
        if at is None or at[0] < 8:
            return False
        result = {"over": False, "fool": None, "draw": False, "out": []}
        payload["over"] = {
            "reason": "cheat", "log_hash": at[1], "result": result, "cheater": 0, "opened": False
        }  # fmt: skip
        return True

    table, frames = recorded
    follower = replay(table, frames, false_cheat)
    core = live(table, 0)
    assert follower.ended is not None and core.over is not None
    assert (follower.ended.reason, follower.ended.log_hash) == ("finished", core.over.log_hash)


def test_an_end_in_words_needs_two_seats_or_the_only_seat_still_linked(
    recorded: tuple[WatchedTable, list[tuple[int, bytes]]],
) -> None:
    """An abandoned game one seat reports ends here once a second seat says the same, or once
    the other seats' links went down (a crashed seat's link closes: no seat can fake that)."""
    table, frames = recorded
    follower = GameFollower(table.config)
    for seat, wire in frames:
        frame = msgpack.unpackb(wire, raw=False)
        if "over" in frame["p"]:
            break
        follower.receive(seat, frame)
        follower.verify()
    assert follower.applied > 0 and follower.ended is None
    over = {"reason": "abandoned", "log_hash": follower.log_hash, "result": {}, "opened": False}
    numbers = list(follower.next_number)
    frame = {"t": WATCH, "k": "feed", "g": 0, "n": numbers[0], "p": {"over": over}}
    assert follower.receive(0, frame) == []  # one seat's words
    assert follower.seat_gone(1) == []
    ended = follower.seat_gone(2)
    assert [type(e) for e in ended] == [GameEnded] and ended[0].reason == "abandoned"


@pytest.mark.parametrize("what", ["heartbeat", "deal", "not a map"])
def test_a_seat_feeding_a_malformed_frame_loses_its_feed(
    recorded: tuple[WatchedTable, list[tuple[int, bytes]]], what: str
) -> None:
    """A seat's malformed frame is that seat's fault alone: its feed ends, naming nobody, and
    the other seats carry the game to its end."""

    def malformed(payload: dict[str, Any]) -> bool:
        if what == "heartbeat" and "at" in payload:
            payload["at"] = "garbage"
        elif what == "deal" and payload.get("deals"):
            payload["deals"][0] = [0, "deck", "sources", 5]
        elif what == "not a map" and "log" in payload:
            payload["log"] = [[3, "entry"]]
        else:
            return False
        return True

    table, frames = recorded
    follower = replay(table, frames, malformed)
    assert follower.failed is None and set(follower.ended_feeds) == {1}
    core = live(table, 0)
    assert follower.ended is not None and core.over is not None
    assert follower.ended.log_hash == core.over.log_hash


def test_feeding_a_spectator_checks_no_signature_a_seat_was_spared() -> None:
    """A seat relays its held dealing messages unchecked (the spectator checks each against its
    author): feeding one must not make the seat check every carried `keys` signature on every
    move, which it otherwise checks only when one is used as evidence."""
    table = make_watched_table(3, variant="throw-in", seed=11, bots="heuristic,random")
    table.start()
    spectator = table.add()
    play_to(table, JOIN_AFTER + 6)
    assert spectator.failed is None and spectator.events
    core = live(table, 0)
    assert sum(len(deal._unchecked) for deal in core.deals) > 0
