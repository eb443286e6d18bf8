"""The `abandon` message under attack (issue 12): a malformed, forged, replayed or out-of-place
abandon, and an abandon that a hostile link drops, delays or duplicates. Each test says who is
named, checks that every honest seat ends, and within what simulated time."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.errors import IllegalAction
from net.absence import RESUME_WINDOW
from net.table.core import GameOver, TableCore
from net.table.forwarding import is_forwarded
from net.table.phases import ABANDON_CONFIRM, Phase
from net.table.reliable import Outgoing, ProtocolViolation
from net.table.sim import SimulatedTable, make_table
from tests.hostile.harness import (
    Frame,
    Hostile,
    end_times,
    honest_seats,
    kind,
    kind_of,
    record_end_times,
    run_until_honest_end,
)
from tests.hostile.helpers import (
    fresh_core,
    game_overs,
    signed_frame,
    state_of,
    table_in_play,
    verdicts_sent,
)

HOSTILE = 1
SPREAD = 5.0  # what one honest seat learns reaches every other within this (simulated seconds)
ABANDON = {"k": "abandon", "i": 0, "h": "0" * 64, "reason": "the keys never came"}


# ----------------------------------------------------------------- one core, one frame


def signed_for_game(table: SimulatedTable, sender: int, seq: int, game_no: int) -> Frame:
    """Seat `sender`'s abandon numbered `seq`, signed by it for another game of the table."""
    other = replace(table.config, game_no=game_no)
    signer = TableCore.frame_signer(other, table.identities[sender])
    return {"t": "m", "s": seq, "p": ABANDON, "g": signer.sign(sender, seq, ABANDON)}


@pytest.mark.parametrize(
    "payload",
    [
        {"k": "abandon"},
        {"k": "abandon", "reason": 5},
        {"k": "abandon", "reason": None},
        {"k": "abandon", "reason": "x" * 2_001},
        {"k": "abandon", "reason": "x", "seat": 0},
    ],
)
def test_a_malformed_abandon_names_its_signer(payload: dict[str, Any]) -> None:
    table = table_in_play()
    core = fresh_core(table)
    before = state_of(core)
    out = core.receive(1, signed_frame(table, 1, core.net.next_from[1], payload), table.now)
    over = game_overs(out)
    assert over and over[0].reason == "cheat" and over[0].cheater == 1, out
    assert state_of(core) == before
    sent = verdicts_sent(out)
    assert sent and sent[0]["seat"] == 1 and sent[0]["why"] == "malformed"


def test_a_well_formed_abandon_stops_the_game_is_shown_and_ends_it_naming_nobody() -> None:
    """The abandon stops the game at once and is shown, as its author signed it, to every seat;
    ABANDON_CONFIRM later the game ends abandoned, naming nobody, and is announced again."""
    table = table_in_play()
    core = fresh_core(table)
    seq = core.net.next_from[1]
    frame = signed_frame(table, 1, seq, ABANDON)
    out = core.receive(1, frame, table.now)
    assert not game_overs(out) and core.phase is Phase.ABANDONING
    shown = [o for o in out if isinstance(o, Outgoing) and kind_of(o.frame) == "show"]
    assert len(shown) == 1 and shown[0].to is None
    assert shown[0].frame["p"]["frames"] == [{"f": 1, "s": seq, "p": ABANDON, "g": frame["g"]}]
    with pytest.raises(IllegalAction):  # the game is stopped: no move of this seat is voted
        core.intend(core.adapter.forfeit(core.seat))
    assert not core.my_turn
    assert core.leave() == []  # leaving now forfeits nothing: the game ends abandoned anyway
    confirm = ABANDON_CONFIRM.after(core.resume_window)
    assert not game_overs(core.tick(table.now + confirm / 2))
    out = core.tick(table.now + confirm)
    over = game_overs(out)
    assert over and over[0].reason == "abandoned" and over[0].cheater is None
    assert "seat 1" in over[0].evidence and "the keys never came" in over[0].evidence
    relayed = [o for o in out if isinstance(o, Outgoing) and kind_of(o.frame) == "abandon"]
    assert len(relayed) == 1 and relayed[0].to is None  # to every seat it may not have reached
    assert relayed[0].frame["p"]["i"] == len(core.entries)  # the log it ends, by its slot
    assert relayed[0].frame["p"]["h"] == core.log_hash
    # The same frame again (a duplicate, a resend) changes nothing and is not announced again.
    assert core.receive(1, frame, table.now) == []


def forged_frames(table: SimulatedTable, seq: int) -> dict[str, Frame]:
    """Seat 1's link carrying an abandon that seat 1 did not sign for this game."""
    by_seat_2 = TableCore.frame_signer(table.config, table.identities[2])
    return {
        "signed by seat 2": {
            "t": "m",
            "s": seq,
            "p": ABANDON,
            "g": by_seat_2.sign(1, seq, ABANDON),
        },
        "signature of zeros": {"t": "m", "s": seq, "p": ABANDON, "g": bytes(64)},
        "unsigned": {"t": "m", "s": seq, "p": ABANDON},
        "signed for game 1": signed_for_game(table, 1, seq, game_no=1),
        "signed under another number": dict(signed_frame(table, 1, seq + 1, ABANDON), s=seq),
    }


@pytest.mark.parametrize("how", sorted(forged_frames(table_in_play(), 1)))
def test_a_forged_or_replayed_abandon_is_refused_at_the_link_and_changes_nothing(how: str) -> None:
    table = table_in_play()
    core = fresh_core(table)
    seq = core.net.next_from[1]
    before = state_of(core)
    with pytest.raises(ProtocolViolation) as caught:
        core.receive(1, forged_frames(table, seq)[how], table.now)
    assert caught.value.seat == 1
    assert core.over is None and state_of(core) == before
    assert core.net.next_from[1] == seq  # the number stays free for seat 1's real message
    core.receive(1, signed_frame(table, 1, seq, ABANDON), table.now)
    assert core.phase is Phase.ABANDONING  # the real one still gets through


def test_an_abandon_from_a_seat_whose_final_arrived_is_ignored_while_this_seat_plays_on() -> None:
    """The sender finished the game (its final came first): this seat will finish it too, and
    the audit decides the rest; ending abandoned here would split the honest seats."""
    table = table_in_play()
    core = fresh_core(table)
    seq = core.net.next_from[1]
    final = {"k": "final", "d": [bytes(32)] * 5}
    assert core.receive(1, signed_frame(table, 1, seq, final), table.now) == []
    out = core.receive(1, signed_frame(table, 1, seq + 1, ABANDON), table.now)
    assert not game_overs(out) and core.over is None


def test_another_seats_abandon_from_another_game_shown_as_evidence_names_the_shower() -> None:
    table = table_in_play()
    core = fresh_core(table)
    old = signed_for_game(table, 0, 3, game_no=1)
    shown = {"f": 0, "s": old["s"], "p": old["p"], "g": old["g"]}
    verdict = {"k": "verdict", "seat": 0, "why": "fault", "reason": "left", "frames": [shown]}
    out = core.receive(1, signed_frame(table, 1, core.net.next_from[1], verdict), table.now)
    over = game_overs(out)
    assert over and over[0].reason == "cheat" and over[0].cheater == 1, out


# ----------------------------------------------------------------- a table


def hostile_table(
    players: int = 3, seed: int = 31, **kwargs: Any
) -> tuple[SimulatedTable, Hostile]:
    table = make_table(players, seed=seed, bots="random", **kwargs)
    record_end_times(table)
    return table, Hostile(table, HOSTILE)


def run_until_entries(table: SimulatedTable, seat: int, entries: int, limit: float = 60.0) -> None:
    """Step the table until seat's log holds `entries` moves."""
    while table.now < limit:
        core = table.cores[seat]
        assert core is not None and core.over is None, "the game ended too early"
        if len(core.entries) >= entries:
            return
        table.step_until(table.now + 0.05)
    raise AssertionError(f"seat {seat} never reached {entries} moves")


def abandon_now(table: SimulatedTable, seat: int) -> float:
    """Seat's wait runs out now: its core ends the game as abandoned and announces it."""
    core = table.cores[seat]
    assert core is not None
    table.route(seat, core.finish("abandoned", evidence="a wait ran out (test)"))
    return table.now


def assert_abandoned_everywhere(table: SimulatedTable, since: float, within: float) -> None:
    """Every honest seat ended abandoned, naming nobody, within `within` of `since`."""
    results = table.results()
    for seat in honest_seats(table, HOSTILE):
        over = results.get(seat)
        assert over is not None, f"honest seat {seat} still waits at {table.now:.1f} s"
        assert over.reason == "abandoned" and over.cheater is None, (seat, over)
        took = end_times(table)[seat] - since
        assert took <= within, (seat, took, over.evidence)


def assert_hostile_named(table: SimulatedTable, why: str = "") -> dict[int, GameOver]:
    results = table.results()
    honest = {s: results.get(s) for s in honest_seats(table, HOSTILE)}
    for seat, over in honest.items():
        assert over is not None, f"honest seat {seat} never ended"
        assert over.reason == "cheat" and over.cheater == HOSTILE, (seat, over)
        assert why in over.evidence, over.evidence
    times = [end_times(table)[s] for s in honest]
    assert max(times) - min(times) <= SPREAD, times
    return {s: o for s, o in honest.items() if o is not None}


def abandon_payload(receiver: int, frame: Frame) -> Frame:
    return dict(frame, p={"k": "abandon", "i": 0, "h": "0" * 64, "reason": "I leave"})


def test_a_malformed_abandon_to_one_seat_names_its_sender_at_every_honest_seat() -> None:
    table, hostile = hostile_table()
    junk = lambda r, f: dict(f, p={"k": "abandon", "reason": 7})  # noqa: E731
    hostile.on(kind("vote", receivers=(0,)), "replace", change=junk)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=120)
    assert_hostile_named(table, "malformed")


def test_an_abandon_before_the_hello_names_its_sender_at_every_honest_seat() -> None:
    table, hostile = hostile_table()
    hostile.on(kind("hello", receivers=(0,)), "replace", change=abandon_payload)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=120)
    assert_hostile_named(table)


def test_an_abandon_forged_on_one_link_is_refused_there_and_the_game_plays_on() -> None:
    table, hostile = hostile_table()

    def forged(receiver: int, frame: Frame) -> Frame:
        return dict(frame, p=ABANDON, g=bytes(64))  # a signature the tamper keeps: not seat 1's

    hostile.on(kind("vote", receivers=(0,), times=3, resends=False), "replace", change=forged)
    table.start()
    run_until_honest_end(table, HOSTILE)
    table.step_until(table.now + 30)
    results = table.results()
    assert {o.reason for o in results.values()} == {"finished"}, results
    assert len({o.log_hash for o in results.values()}) == 1
    refused = [r for receiver, seat, r in table.violations if receiver == 0 and seat == HOSTILE]
    assert len(refused) == 3 and all("no valid signature" in r for r in refused), refused


def test_an_abandon_told_to_one_seat_only_names_its_sender_at_every_honest_seat() -> None:
    """Seat 1 tells seat 0 it abandons and sends seat 2 a vote under the same number: seat 0
    shows seat 2 the abandon, which differs from the vote seat 2 holds (the one rule)."""
    table, hostile = hostile_table()
    hostile.on(kind("vote", receivers=(0,), times=1), "replace", change=abandon_payload)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=300)
    assert_hostile_named(table, "two different")


def test_two_versions_of_one_seats_abandon_meet_and_name_it_at_every_honest_seat() -> None:
    """Seat 1 signs two different abandons under one number, one to each other seat (another
    reason, another stalled seat): each stops and shows the one it got; the other version,
    shown back, names seat 1 (by the one rule: one abandon per seat and game) within SPREAD."""

    def two_versions(receiver: int, frame: Frame) -> Frame:
        core = table.cores[HOSTILE]
        assert core is not None
        payload = {"k": "abandon", "i": len(core.entries), "h": core.log_hash}
        stalled = [s for s in honest_seats(table, HOSTILE) if s != receiver]
        return dict(frame, p=payload | {"reason": f"to {receiver}", "stalled": stalled})

    table, hostile = hostile_table()
    hostile.on(kind("vote"), "replace", change=two_versions)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=300)
    assert {receiver for _, receiver, _ in hostile.applied} == {0, 2}
    named = assert_hostile_named(table, "signed two different messages")
    for over in named.values():
        assert over.stalled == ()


def test_an_abandon_after_the_senders_final_is_ignored_and_the_audit_decides() -> None:
    table, _ = hostile_table()
    sent: list[float] = []

    def abandon_after_final(seat: int, core: TableCore, outputs: list[Any]) -> None:
        if seat == HOSTILE and core.game_finished and not sent:
            sent.append(table.now)
            table.route(seat, core.broadcast(ABANDON))

    table.watch(abandon_after_final)
    table.start()
    run_until_honest_end(table, HOSTILE)
    assert sent, "the hostile seat never finished its game"
    results = table.results()
    for seat in honest_seats(table, HOSTILE):
        assert results[seat].reason == "finished" and results[seat].cheater is None, results
    assert len({results[s].log_hash for s in honest_seats(table, HOSTILE)}) == 1


# ----------------------------------------------------------------- the abandon relay


def test_a_hostile_abandon_dropped_for_good_to_one_seat_reaches_it_through_another() -> None:
    table, hostile = hostile_table()
    hostile.on(kind("abandon", receivers=(2,)), "drop")  # its resends too
    table.start()
    run_until_entries(table, 0, 3)
    since = abandon_now(table, HOSTILE)
    run_until_honest_end(table, HOSTILE, limit=since + 300)
    assert_abandoned_everywhere(table, since, within=SPREAD)
    assert ("drop", 2, "abandon") in hostile.applied


def test_a_hostile_abandon_delayed_to_one_seat_and_duplicated_to_another_ends_both_once() -> None:
    table, hostile = hostile_table()
    hostile.on(kind("abandon", receivers=(2,)), "delay", delay=30.0)
    hostile.on(kind("abandon", receivers=(0,)), "duplicate")
    table.start()
    run_until_entries(table, 0, 3)
    since = abandon_now(table, HOSTILE)
    run_until_honest_end(table, HOSTILE, limit=since + 300)
    assert_abandoned_everywhere(table, since, within=SPREAD)
    for seat in honest_seats(table, HOSTILE):
        assert sum(isinstance(e, GameOver) for e in table.events[seat]) == 1


def link_down(table: SimulatedTable, sender: int, receiver: int, start: float, end: float) -> None:
    """Frames from `sender` to `receiver` are lost from simulated time `start` to `end`."""
    previous = table.tamper

    def tamper(frm: int, to: int, frame: Frame) -> Frame | None:
        if (frm, to) == (sender, receiver) and start <= table.now < end:
            return None
        return frame if previous is None else previous(frm, to, frame)

    table.tamper = tamper


def test_an_honest_abandon_over_a_link_down_for_30_s_ends_the_seat_behind_it_in_time() -> None:
    """Seat 0 abandons while its link to seat 2 is down for 30 s and the hostile seat does not
    pass the abandon on; seat 0 keeps its game until seat 2 has it (as a peer does, up to the
    resume window), so seat 2 ends when the link is back, well within the window."""
    table, hostile = hostile_table(linger=RESUME_WINDOW)
    hostile.on(kind("abandon"), "drop")  # the hostile seat never passes an abandon on,
    hostile.on(kind("show"), "drop")  # nor shows seat 0's,
    hostile.on(lambda receiver, frame: is_forwarded(frame), "drop")  # nor forwards it
    table.start()
    run_until_entries(table, 0, 3)
    link_down(table, 0, 2, table.now, table.now + 30.0)
    since = abandon_now(table, 0)
    run_until_honest_end(table, HOSTILE, limit=since + 2 * RESUME_WINDOW + 60)
    assert_abandoned_everywhere(table, since, within=30.0 + SPREAD)
    assert end_times(table)[2] - since >= 30.0  # it could only learn it once the link was back


def test_an_honest_abandon_lost_for_good_on_one_link_reaches_that_seat_through_another() -> None:
    """Four seats: seat 0's abandon never crosses its link to seat 2; seat 3 passes it on."""
    table, hostile = hostile_table(players=4, seed=32)
    hostile.on(kind("abandon"), "drop")
    hostile.on(lambda receiver, frame: is_forwarded(frame), "drop")
    previous = table.tamper

    def lose_abandon(frm: int, to: int, frame: Frame) -> Frame | None:
        payload = frame.get("p")
        if (frm, to) == (0, 2) and isinstance(payload, dict) and payload.get("k") == "abandon":
            return None
        return frame if previous is None else previous(frm, to, frame)

    table.tamper = lose_abandon
    table.start()
    run_until_entries(table, 0, 3)
    since = abandon_now(table, 0)
    run_until_honest_end(table, HOSTILE, limit=since + 300)
    assert_abandoned_everywhere(table, since, within=SPREAD)
    assert "seat 0" in table.results()[2].evidence  # shown by seat 3, as seat 0 signed it


def test_a_two_seat_abandon_delayed_on_its_link_still_ends_the_other_seat_in_time() -> None:
    table = make_table(2, seed=34, bots="random", linger=RESUME_WINDOW)
    record_end_times(table)
    table.start()
    run_until_entries(table, 0, 2)
    link_down(table, 1, 0, table.now, table.now + 20.0)
    since = abandon_now(table, 1)
    table.step_until(since + RESUME_WINDOW)
    over = table.results().get(0)
    assert over is not None and over.reason == "abandoned" and over.cheater is None, over
    assert 20.0 <= end_times(table)[0] - since <= 20.0 + SPREAD


@pytest.mark.parametrize("offset", [0, -1, 1])
def test_an_abandon_blames_only_seats_overdue_here_in_the_round_it_names(
    monkeypatch: pytest.MonkeyPatch, offset: int
) -> None:
    """The abandon names the log it ends (`i`): its `stalled` counts here only for the round this
    seat has open, and only for a seat whose vote this seat's own clock saw missing past the
    window; an abandon naming another round blames nobody (issue 25, finding 3)."""
    sleeper = 2
    table = make_table(3, seed=5, bots="random")
    play_bot = table._play_bot
    monkeypatch.setattr(table, "_play_bot", lambda seat: seat != sleeper and play_bot(seat))
    table.start()
    table.step_until(60.0)  # within the window: the round waits for the sleeper
    core = fresh_core(table)
    assert core.round is not None and core.game is not None and sleeper in core.game.to_act
    past = table.now + core.resume_window
    index = core.round.index + offset
    if index < 0:
        pytest.skip("no earlier round")
    payload = {"k": "abandon", "i": index, "h": core.log_hash, "reason": "x", "stalled": [sleeper]}
    core.receive(1, signed_frame(table, 1, core.net.next_from[1], payload), past)
    over = game_overs(core.tick(past + ABANDON_CONFIRM.after(core.resume_window)))
    assert over and over[0].reason == "abandoned" and over[0].cheater is None, over
    assert over[0].stalled == ((sleeper,) if offset == 0 else ()), over[0]
