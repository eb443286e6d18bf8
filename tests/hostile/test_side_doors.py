"""Issue 25's table-core findings 1 to 5, each reproduced on the deterministic simulator: who is
named, that no honest seat is, that every honest seat ends, and within what simulated time."""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

import pytest

from net.dealing.context import DealContext
from net.dealing.peer import Bind, CheckBinding, DealingPeer, Message
from net.identity import Identity
from net.table.config import SeatInfo
from net.table.core import GameOver, TableCore
from net.table.events import FINAL_CONFIRM_DEADLINE
from net.table.reliable import ProtocolViolation
from net.table.sim import SimulatedTable, make_table
from tests.hostile.harness import (
    Frame,
    Hostile,
    end_times,
    honest_seats,
    kind,
    record_end_times,
    run_until_honest_end,
)
from tests.hostile.hostile_seat import with_a_wrong_second_entry
from tests.table.first_deal import FirstDealConduct

HOSTILE = 1
SPREAD = 5.0  # what one honest seat learns reaches every other within this (simulated seconds)


def assert_named_everywhere(
    table: SimulatedTable, within: float, since: float = 0.0, hostile: int = HOSTILE
) -> None:
    """Every honest seat named the hostile seat, and no other, within `within` of `since`."""
    results = table.results()
    for seat in honest_seats(table, hostile):
        over = results.get(seat)
        assert over is not None, f"honest seat {seat} still waits at {table.now:.1f} s"
        assert (over.reason, over.cheater) == ("cheat", hostile), (seat, over)
        took = end_times(table)[seat] - since
        assert took <= within, (seat, took, over.evidence)


# ----------------------------------------------------------------- finding 1


class TwoEntriesForOnePosition(FirstDealConduct):
    """Its first keys message naming seat 2 holds a second entry for the same position and
    receiver: the first with the right key, the second with a wrong one."""

    def first_core(
        self, context: DealContext, seat: int, seed: bytes, bind: Bind, check: CheckBinding
    ) -> DealingPeer:
        done: list[bool] = []

        class Liar(DealingPeer):
            def _emit(self, body: dict[str, Any]) -> Message:
                if not done:
                    lying = with_a_wrong_second_entry(body, lambda rs: 2 if 2 in rs else None)
                    if lying is not None:
                        body = lying
                        done.append(True)
                return super()._emit(body)

        return Liar(context, seat, seed=seed, bind=bind, check_binding=check)


@pytest.mark.parametrize("variant", ["throw-in", "road"])
def test_finding_1_two_keys_entries_for_one_position_and_receiver_name_their_sender(
    variant: str,
) -> None:
    table = make_table(3, variant=variant, seed=3, conducts={HOSTILE: TwoEntriesForOnePosition()})
    record_end_times(table)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=120.0)
    assert_named_everywhere(table, within=SPREAD + 5.0)


# ----------------------------------------------------------------- finding 2


def test_finding_2_a_dealer_naming_two_trumps_is_named_at_every_seat() -> None:
    dealer = 2  # piled with dealer_names_trump: no dealer in the config, seat 2 deals
    table = make_table(3, variant="piled", options={"dealer_names_trump": True}, seed=5)
    record_end_times(table)
    hostile = Hostile(table, dealer)

    def other_suit(receiver: int, frame: Frame) -> Frame:
        payload = frame["p"]
        suit = "H" if payload["suit"] != "H" else "S"
        return dict(frame, p=dict(payload, suit=suit))

    hostile.on(kind("trump", receivers=(1,)), "replace", change=other_suit)
    table.start()
    run_until_honest_end(table, dealer, limit=200.0)
    assert hostile.applied, "the dealer never named a trump"
    assert_named_everywhere(table, within=60.0, hostile=dealer)
    for seat in honest_seats(table, dealer):
        assert "two different" in table.results()[seat].evidence


def test_finding_2_a_first_lead_claim_shown_two_ways_is_named_at_every_seat() -> None:
    table = make_table(3, variant="throw-in", seed=7)
    record_end_times(table)
    hostile = Hostile(table, HOSTILE)

    def claim_none(receiver: int, frame: Frame) -> Frame:
        payload = frame["p"]
        if payload["pos"] is None:
            other = table.cores[HOSTILE]
            assert other is not None
            return dict(frame, p=dict(payload, pos=other.dealt[HOSTILE][0]))
        return dict(frame, p=dict(payload, pos=None))

    hostile.on(kind("claim", receivers=(2,)), "replace", change=claim_none)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=400.0)
    assert hostile.applied, "the seat never claimed"
    assert_named_everywhere(table, within=60.0)
    for seat in honest_seats(table, HOSTILE):
        assert table.results()[seat].stalled == ()


# ----------------------------------------------------------------- finding 3


def test_finding_3_an_abandon_early_in_a_turn_blames_nobody(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    victim = 2  # its player takes his time (his bot never decides): the abandon comes first
    table = make_table(3, seed=4, bots="random")
    play_bot = table._play_bot
    monkeypatch.setattr(table, "_play_bot", lambda seat: seat != victim and play_bot(seat))
    record_end_times(table)
    table.start()
    hostile = table.cores[HOSTILE]
    assert hostile is not None
    while table.now < 60.0:
        table.step_until(table.now + 0.05)
        current, game = hostile.round, hostile.game
        if game is not None and current is not None and victim in game.to_act:
            break
    assert hostile.game is not None and victim in hostile.game.to_act, "the turn never came"
    table.step_until(table.now + 0.05)
    payload = {
        "k": "abandon",
        "i": len(hostile.entries),
        "h": hostile.log_hash,
        "reason": "nobody moved",
        "stalled": [victim],
    }
    table.route(HOSTILE, hostile.broadcast(payload))
    sent_at = table.now
    run_until_honest_end(table, HOSTILE, limit=table.now + 30.0)
    results = table.results()
    for seat in honest_seats(table, HOSTILE):
        over = results.get(seat)
        assert over is not None, f"seat {seat} still waits"
        assert over.stalled == () and over.waited == 0.0, (seat, over)
        assert end_times(table)[seat] - sent_at <= SPREAD


# ----------------------------------------------------------------- finding 4


def test_finding_4_a_message_of_another_table_with_the_same_id_is_refused_at_the_link() -> None:
    table_a = make_table(3, seed=11)
    other = [Identity.from_seed(hashlib.sha256(f"other-{s}".encode()).digest()) for s in range(3)]
    identities = [table_a.identities[0], other[1], other[2]]
    seats = tuple(
        SeatInfo(f"B{s}", identities[s].public_key) if s else table_a.config.seats[0]
        for s in range(3)
    )
    config_b = dataclasses.replace(table_a.config, seats=seats)  # the same table id and game
    table_b = SimulatedTable(config_b, identities, table_a.bots, seed=12)
    for table in (table_a, table_b):
        table.start()
        table.step_until(3.0)
    core_a = table_a.cores[0]
    assert core_a is not None
    seq = 2  # seat 0's second message at table A (its first deal message)
    frame = {"f": 0, "s": seq, "p": core_a.net.sent[seq - 1], "g": core_a.net.sent_sigs[seq - 1]}
    core_b = table_b.cores[2]
    assert core_b is not None
    with pytest.raises(ProtocolViolation) as caught:
        core_b.receive(1, {"t": "fw", "e": frame}, table_b.now)
    assert caught.value.seat == 1  # the forwarder, refused at its link
    table_b.step_until(table_b.now + 10.0)
    assert all(over.cheater != 0 for over in table_b.results().values())


# ----------------------------------------------------------------- finding 5


def test_finding_5_a_seat_that_never_sends_final_cannot_hold_the_others() -> None:
    table = make_table(3, variant="throw-in", seed=2)
    record_end_times(table)
    hostile = Hostile(table, HOSTILE)
    hostile.on(kind("final", times=1_000_000), "drop")
    finished_at: dict[int, float] = {}

    def watch(seat: int, core: TableCore, outputs: list[Any]) -> None:
        if core.game_finished and seat not in finished_at:
            finished_at[seat] = table.now

    table.watch(watch)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=3_000.0)
    results = table.results()
    for seat in honest_seats(table, HOSTILE):
        over: GameOver | None = results.get(seat)
        assert over is not None, f"seat {seat} still waits at {table.now:.1f} s"
        # Its final held back every later message of its ordered stream (its audit secrets too):
        # the audit's deadline and the final's run together, and its result stands.
        assert over.reason == "finished" and over.result["over"], over
        assert over.unconfirmed == (HOSTILE,), over
        assert over.verdict is not None and over.verdict.forfeits == (HOSTILE,), over.verdict
        assert not over.verdict.cheaters
        took = end_times(table)[seat] - finished_at[seat]
        assert took <= FINAL_CONFIRM_DEADLINE + SPREAD, (seat, took)
