"""Issue 30: a spectator follows a simulated table of every game kind (cheap proofs).

At every step the spectator's observation equals the game's public observation at a seat
(`GameKind.public_observation`), its state never holds a face that not every seat was shown
(checked against the seats' own cores) until the audit that ends the game opens every hand to it
as to the seats, it joins mid-game and catches up, and it ends with the seats' log hash and
result."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest

from engine.cards import Card
from net.dealing.messages import signed
from net.identity import Identity
from net.table.core import Out, TableCore
from net.table.watched_sim import SimSpectator, WatchedTable, make_watched_table
from net.watch_events import GameEnded, GameStarted, MoveShown, TableShown, WatchRequest
from net.watch_feed import WATCH, SpectatorViolation, WatchDesk
from net.watcher import REVEALS_WAIT, Watcher
from tests.cheap_proofs import deal_cheaply

KINDS = ("throw-in", "czech", "road", "round", "cross", "pagons", "joker-rummy")
"""Durak's throw-in and the six family-3 kinds."""
ALL_DONE = 6000.0


@pytest.fixture(autouse=True, scope="module")
def cheap_proofs() -> Iterator[None]:
    """Tables deal with one-round proofs in this module."""
    with pytest.MonkeyPatch.context() as patch:
        deal_cheaply(patch)
        yield


def public_at_seat(table: WatchedTable) -> dict[int, Any]:
    """Record seat 0's public observation at each log length, as it last was at that length
    (-1: the start), after every batch of its outputs while no move is half-taken (a move in,
    its faces being opened) (filled as it plays)."""
    seen: dict[int, Any] = {}

    def watcher(seat: int, core: TableCore, outputs: list[Out]) -> None:
        if seat == 0 and core.game is not None and (core.round is None or core.round.act is None):
            seen[len(core.entries) - 1] = core.game.public_observation()

    table.watch(watcher)
    return seen


def never_hidden(table: WatchedTable) -> Any:
    """A spectator check: every face it holds, every seat's core opened to every other seat,
    until the audit at the game's end opened every face (then it holds every one)."""

    def check(spectator: SimSpectator) -> None:
        follower = spectator.follower
        assert follower.hidden_faces_held() == []
        if follower.audited:
            assert follower.game is not None and None not in follower.game.faces
            assert any(  # a seat's audit opened the deck before the spectator's
                core is not None
                and core.over is not None
                and core.over.verdict is not None
                and core.over.verdict.deck is not None
                for core in table.cores
            )
            return
        for index, deal in enumerate(follower.deals):
            for position in deal.known:
                for seat, core in enumerate(table.cores):
                    if core is None:
                        continue
                    real = core.deals[index]
                    if seat in deal.left:
                        continue
                    others = set(range(table.config.players)) - {seat} - real.left
                    assert others <= real.sent_keys.get(position, set()), (index, position, seat)

    return check


def watch(variant: str, join_at: float, seed: int = 1) -> tuple[WatchedTable, SimSpectator]:
    """A 3-seat table of `variant` with one spectator joining at `join_at`, played out."""
    table = make_watched_table(3, variant=variant, seed=seed, bots="heuristic,random")
    seen = public_at_seat(table)
    table.start()
    table.step_until(join_at)
    spectator = table.add()
    spectator.checks.append(never_hidden(table))
    table.step_until(ALL_DONE)
    events = [event for _, event in spectator.events]
    assert spectator.failed is None
    assert table.dropped == {}
    shown: dict[int, Any] = {}  # the spectator's last observation at each log length
    for event in events:
        if isinstance(event, MoveShown):
            shown[event.index] = event.observation
        elif isinstance(event, GameStarted) or (isinstance(event, TableShown) and not event.audit):
            shown[event.moves - 1] = event.observation
    compared = [index for index in shown if index in seen and (index >= 0 or join_at == 0)]
    for index in compared:  # a length a seat passed in one batch has no quiet state to compare
        assert shown[index] == seen[index], (variant, index)
    assert len(compared) >= len(shown) // 2
    return table, spectator


def opened_by_the_audit(core: TableCore) -> Any:
    """A seat's game at its end with every face its audit's verdict opened: the open table."""
    assert core.game is not None
    game = core.game.clone()
    for slot, (deal, position) in enumerate(core.sources):
        deck = core.deal_verdicts[deal].deck
        assert deck is not None
        game.reveal(slot, Card.parse(deck[position]))
    return game.open_observation()


@pytest.mark.parametrize("variant", KINDS)
def test_a_spectator_from_the_start_sees_the_public_game_and_the_audit_shows_every_hand(
    variant: str,
) -> None:
    """Every move as a seat saw it, then the game's end; hidden until the audit (the
    `never_hidden` check after every frame), then every face the seats' audit opened, once, just
    before the game's end; the hands were hidden until then. (One run: the two checks watched the
    same seeded game.)"""
    table, spectator = watch(variant, 0.0)
    events = [event for _, event in spectator.events]
    assert isinstance(events[0], GameStarted)
    moves = [event for event in events if isinstance(event, MoveShown)]
    core = table.cores[0]
    assert core is not None and core.over is not None
    assert [m.index for m in moves] == list(range(len(core.entries)))
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert ended.log_hash == core.over.log_hash
    assert ended.reason == "finished" and ended.fool == core.over.result.get("fool")
    audits = [e for e in events if isinstance(e, TableShown) and e.audit]
    assert len(audits) == 1 and events[-2] is audits[0] and isinstance(events[-1], GameEnded)
    assert core.over.verdict is not None
    assert core.over.verdict.deck is not None and spectator.follower.audited
    assert audits[0].moves == len(core.entries)
    assert audits[0].observation == opened_by_the_audit(core)
    if variant == "throw-in":  # the fool's hand: backs until the audit (the family-3 kinds
        assert audits[0].observation != events[-3].observation  # show hands for the score)


def seat_core(table: WatchedTable, seat: int) -> TableCore:
    """A seat's live core."""
    core = table.cores[seat]
    assert core is not None
    return core


def test_a_seat_that_signed_a_second_reveal_for_the_spectator_is_named() -> None:
    """Seat 1 feeds the spectator another seed than it revealed to the seats, signed by it: the
    other seats relay the reveal it signed for them, so the spectator holds two versions its
    author signed, and ends the watch in words naming that author (the rule at the table), no
    hand shown."""
    table = make_watched_table(3, variant="throw-in", seed=5, bots="heuristic,random")
    original = table._to_spectator

    def tampered(delivery: Any) -> None:
        if delivery.sender == 1:
            frame = msgpack.unpackb(delivery.wire, raw=False)
            for deal in frame["p"].get("deals") or []:
                for message in deal[3]:
                    if message.get("type") == "audit-reveal":
                        own = seat_core(table, 1).deals[deal[0]]
                        message["seed"] = bytes(32)  # signed by its seat: only the audit sees it
                        message["sig"] = signed(own.group, own.secrets.signing_key, message)["sig"]
            delivery.wire = msgpack.packb(frame, use_bin_type=True)
        original(delivery)

    table._to_spectator = tampered  # type: ignore[method-assign]
    table.start()
    spectator = table.add()
    spectator.checks.append(never_hidden(table))
    table.step_until(ALL_DONE)
    assert spectator.failed == "East signed two versions of one message of deal 0"
    assert not spectator.follower.audited and spectator.follower.ended is None
    assert not any(isinstance(e, TableShown) and e.audit for _, e in spectator.events)
    assert all(over.reason == "finished" for over in table.results().values())


def test_a_reveal_that_never_comes_ends_the_game_without_the_hands() -> None:
    """Seat 2's feed stops before its audit reveal (its seat went away) and no other seat got
    the reveal to relay: the spectator waits for it, then (the watcher, REVEALS_WAIT with no
    feed: `end_without_hands`) ends the game as the seats reported it, never showing a hand."""
    table = make_watched_table(3, variant="throw-in", seed=6, bots="heuristic,random")
    original = table._to_spectator
    cut = []

    def stopped(delivery: Any) -> None:
        frame = msgpack.unpackb(delivery.wire, raw=False)
        deals = frame["p"].get("deals") or []
        if delivery.sender == 2:
            if any(m.get("type") == "audit-reveal" for deal in deals for m in deal[3]):
                cut.append(frame["n"])
            if cut:
                return
        for deal in deals:  # the other seats never relay it
            deal[3] = [m for m in deal[3] if (m["sender"], m["type"]) != (2, "audit-reveal")]
        delivery.wire = msgpack.packb(frame, use_bin_type=True)
        original(delivery)

    table._to_spectator = stopped  # type: ignore[method-assign]
    table.start()
    spectator = table.add()
    spectator.checks.append(never_hidden(table))
    while not all(core is None or core.over is not None for core in table.cores):
        assert table.now < ALL_DONE
        table.step_until(table.now + 1.0)
    table.step_until(table.now + 5.0)
    follower = spectator.follower
    assert cut and spectator.failed is None
    assert follower.awaiting_reveals and follower.ended is None
    seen: list[Any] = []
    watcher = Watcher(WatchRequest("Table", "Guest"), Identity.generate(), seen.append)
    watcher.follower = follower
    watcher._reveals_overdue(watcher.last_feed + REVEALS_WAIT / 2)
    assert seen == [] and follower.ended is None  # still waiting
    watcher._reveals_overdue(watcher.last_feed + REVEALS_WAIT + 0.1)
    events = [e for e in seen if isinstance(e, GameEnded)]
    assert len(events) == 1 and follower.ended is events[0]
    core = seat_core(table, 0)
    assert core.over is not None and events[0].log_hash == core.over.log_hash
    assert watcher.result()["games"][0]["hands_shown"] is False
    assert not follower.audited and follower.hidden_faces_held() == []
    assert not any(isinstance(e, TableShown) and e.audit for _, e in spectator.events)
    assert follower.end_without_hands() == []  # once


JOIN_AFTER = 8
"""Moves in the log when the mid-game spectator joins (every kind's game is longer)."""


@pytest.mark.parametrize("variant", KINDS)
def test_a_spectator_joining_mid_game_catches_up(variant: str) -> None:
    table = make_watched_table(3, variant=variant, seed=1, bots="heuristic,random")
    seen = public_at_seat(table)
    table.start()
    core = table.cores[0]
    assert core is not None
    while len(core.entries) < JOIN_AFTER:
        table.step_until(table.now + 0.02)
    spectator = table.add()
    spectator.checks.append(never_hidden(table))
    table.step_until(ALL_DONE)
    assert spectator.failed is None and core.over is not None
    assert len(core.entries) > JOIN_AFTER  # it joined in the middle
    events = [event for _, event in spectator.events]
    started = events[0]
    assert isinstance(started, GameStarted) and started.caught_up > 0
    moves = [event for event in events if isinstance(event, MoveShown)]
    assert [m.index for m in moves] == list(range(len(core.entries)))
    last = {m.index: m.observation for m in moves}
    last.update(
        {e.moves - 1: e.observation for e in events if isinstance(e, TableShown) and not e.audit}
    )
    assert last[len(core.entries) - 1] == seen[len(core.entries) - 1]  # the final table
    assert isinstance(events[-1], GameEnded) and events[-1].log_hash == core.over.log_hash


def test_a_spectator_never_opens_a_face_it_is_offered_before_every_seat_saw_it() -> None:
    """A seat's plain key for a position not opened to every seat is kept aside, never used."""
    table = make_watched_table(3, variant="throw-in", seed=2)
    table.start()
    spectator = table.add()
    core = table.cores[1]
    assert core is not None
    while len(core.entries) < 5:
        table.step_until(table.now + 0.01)
    follower = spectator.follower
    assert follower.deals and follower.applied > 0
    deal = core.deals[0]
    before = set(follower.deals[0].known)
    hand = next(p for p, owner in deal.owner.items() if owner == 1 and p not in before)
    key = deal.secrets.card_keys[hand].to_bytes(32, "little")
    assert follower.deals[0].offer_key(1, hand, key, 1) == set()  # not refused: kept aside
    assert hand not in follower.deals[0].known and set(follower.deals[0].known) == before
    assert follower.hidden_faces_held() == []


def test_a_seat_takes_only_hello_and_bye_from_a_spectator() -> None:
    """Any other frame a spectator sends is a violation: its feed ends, the core never sees it."""
    table = make_watched_table(3, variant="throw-in", seed=3)
    core = table.cores[0]
    assert core is not None
    desk = WatchDesk(core)
    desk.receive("s", {"t": WATCH, "k": "hello", "g": 0})
    assert set(desk.feeds) == {"s"}
    with pytest.raises(SpectatorViolation, match="twice"):
        desk.receive("s", {"t": WATCH, "k": "hello", "g": 0})
    desk.receive("s", {"t": WATCH, "k": "bye"})
    assert desk.feeds == {}
    for frame in (
        {"t": "m", "s": 0, "p": {"k": "vote"}},
        {"t": WATCH, "k": "feed", "g": 0},
        {"t": WATCH, "k": "chat", "text": "hi"},
        {"t": WATCH, "k": "hello", "g": 0, "x": 1},
        {"t": WATCH, "k": "hello", "g": 5},
        "garbage",
    ):
        fresh = WatchDesk(core)
        with pytest.raises(SpectatorViolation, match="spectator"):
            fresh.receive("s", frame)
        assert fresh.feeds == {}


def lying_seat(table: WatchedTable, how: str) -> None:
    """Seat 1 feeds the spectator another game than it plays (`how`: what it changes)."""
    original = table._to_spectator

    def tampered(delivery: Any) -> None:
        if delivery.sender == 1:
            frame = msgpack.unpackb(delivery.wire, raw=False)
            payload = frame["p"]
            if how == "hash" and "at" in payload and payload["at"][0] > 3:
                payload["at"][1] = "0" * 64
            if how == "move" and payload.get("log"):
                payload["log"][0][1]["pos"] = [*reversed(payload["log"][0][1]["pos"]), 0]
            if how == "start" and "start" in payload:
                payload["start"]["first"] = (payload["start"]["first"] + 1) % 3
            delivery.wire = msgpack.packb(frame, use_bin_type=True)
        original(delivery)

    table._to_spectator = tampered  # type: ignore[method-assign]


@pytest.mark.parametrize("how", ["hash", "move"])
def test_a_seat_feeding_another_log_loses_its_feed_and_the_watch_goes_on(how: str) -> None:
    """Seat 1 feeds a heartbeat hash that is not the signed log's, or a move its author did not
    sign: its feed ends (naming nobody), the others' feeds carry the game to its end."""
    table = make_watched_table(3, variant="throw-in", seed=4, bots="heuristic,random")
    lying_seat(table, how)
    table.start()
    spectator = table.add()
    table.step_until(ALL_DONE)
    assert spectator.failed is None and set(spectator.follower.ended_feeds) == {1}
    why = spectator.follower.ended_feeds[1]
    assert re.search(r"seat \d|North|East|South", why) is None
    core = seat_core(table, 0)
    ended = spectator.events[-1][1]
    assert core.over is not None and isinstance(ended, GameEnded)
    assert ended.log_hash == core.over.log_hash


def test_a_seat_feeding_another_start_ends_the_watch_naming_nobody() -> None:
    """The start is no one's signed message: two that differ end the watch in words."""
    table = make_watched_table(3, variant="throw-in", seed=4, bots="heuristic,random")
    lying_seat(table, "start")
    table.start()
    spectator = table.add()
    table.step_until(ALL_DONE)
    assert spectator.failed is not None
    assert re.search(r"seat \d|seat [0-9]|North|East|South", spectator.failed) is None
    assert all(over.reason == "finished" for over in table.results().values())  # the table plays on
