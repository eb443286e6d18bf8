"""One test per attack of a hostile seat (issue 12): who is named, that every honest peer ends,
and within what simulated time. Seat 1 is hostile at a three-seat table throughout."""

from __future__ import annotations

import random
from typing import Any

from net.dealing.peer import DealingPeer
from net.table.core import FINAL_DEADLINE, GameOver, TableCore
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

HOSTILE = 1
SPREAD = 5.0  # a verdict reached by one honest peer reaches the others within this (simulated)


def hostile_table(seed: int = 31) -> tuple[SimulatedTable, Hostile]:
    table = make_table(3, seed=seed, bots="random")
    record_end_times(table)
    return table, Hostile(table, HOSTILE)


def honest_results(table: SimulatedTable) -> dict[int, GameOver]:
    results = table.results()
    for seat in honest_seats(table, HOSTILE):
        assert seat in results, f"honest seat {seat} never ended"
    return {seat: results[seat] for seat in honest_seats(table, HOSTILE)}


def assert_hostile_named(table: SimulatedTable, words: str = "") -> dict[int, GameOver]:
    results = honest_results(table)
    for seat, over in results.items():
        assert over.reason == "cheat" and over.cheater == HOSTILE, (seat, over)
        assert words in over.evidence, (seat, over.evidence)
    times = [end_times(table)[s] for s in results]
    assert max(times) - min(times) <= SPREAD, times
    return results


def assert_clean_end(table: SimulatedTable) -> None:
    """The game played to its end with nobody named, the same result and log everywhere."""
    results = table.results()
    assert set(results) == {0, 1, 2}, results
    assert {o.reason for o in results.values()} == {"finished"}, results
    assert len({o.log_hash for o in results.values()}) == 1
    assert all(o.cheater is None for o in results.values())


def replace_payload(change: Any) -> Any:
    def replace(receiver: int, frame: Frame) -> Frame:
        return dict(frame, p=change(frame["p"]))

    return replace


def test_a_deal_message_that_is_a_string_names_its_sender_everywhere() -> None:
    table, hostile = hostile_table()
    junk = replace_payload(lambda p: {"k": "deal", "d": 0, "m": "not a message"})
    hostile.on(kind("deal:roster", receivers=(0,)), "replace", change=junk)
    table.start()
    run_until_honest_end(table, HOSTILE)
    assert_hostile_named(table, "malformed")


def test_a_keys_message_citing_a_digest_that_is_a_string_names_its_sender() -> None:
    table, hostile = hostile_table()

    def bad_digest(payload: dict[str, Any]) -> dict[str, Any]:
        message = dict(payload["m"])
        message["answers"] = [dict(message["answers"][0], digest="a string")]
        return dict(payload, m=message)

    hostile.on(kind("deal:keys", receivers=(2,)), "replace", change=replace_payload(bad_digest))
    table.start()
    run_until_honest_end(table, HOSTILE)
    assert_hostile_named(table, "malformed")


def test_different_dealing_hellos_to_different_seats_name_their_sender() -> None:
    table, hostile = hostile_table()
    core = table.cores[HOSTILE]
    assert core is not None
    other = DealingPeer(
        core.context,
        HOSTILE,
        seed=b"another seed".ljust(32, b"\0"),
        bind=core.identity.sign,
        check_binding=core.check_binding,
    )
    second_hello = other.start()[0]
    swap = replace_payload(lambda p: dict(p, m=second_hello))
    hostile.on(kind("deal:hello", receivers=(2,)), "replace", change=swap)
    table.start()
    run_until_honest_end(table, HOSTILE)
    assert_hostile_named(table)


def test_different_votes_to_different_seats_name_the_voter() -> None:
    table, hostile = hostile_table()
    flip = replace_payload(lambda p: dict(p, bid=not p["bid"]))
    hostile.on(kind("vote", receivers=(2,), times=10_000), "replace", change=flip)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=600)
    results = assert_hostile_named(table)
    assert max(end_times(table)[s] for s in results) < 120


def test_a_final_that_matches_no_log_names_its_signer_within_the_deadline() -> None:
    table, hostile = hostile_table()
    garbage = replace_payload(lambda p: dict(p, d=[bytes(32)] * 3))
    hostile.on(kind("final", times=1), "replace", change=garbage)
    finished_at: dict[int, float] = {}

    def watch(seat: int, core: TableCore, outputs: list[Any]) -> None:
        if core.game_finished and seat not in finished_at:
            finished_at[seat] = table.now

    table.watch(watch)
    table.start()
    run_until_honest_end(table, HOSTILE)
    assert_hostile_named(table, "final log")
    for seat in honest_seats(table, HOSTILE):
        assert end_times(table)[seat] - finished_at[seat] <= FINAL_DEADLINE + SPREAD


def test_a_forged_verdict_naming_an_honest_seat_names_its_announcer() -> None:
    table, hostile = hostile_table()

    def forged(payload: dict[str, Any]) -> dict[str, Any]:
        core = table.cores[HOSTILE]
        assert core is not None
        shown = core.net.delivered[0][0].as_wire()  # seat 0's hello: well formed, honestly signed
        return {"k": "verdict", "seat": 0, "why": "malformed", "reason": "lies", "frames": [shown]}

    hostile.on(kind("vote"), "replace", change=replace_payload(forged))
    table.start()
    run_until_honest_end(table, HOSTILE)
    assert_hostile_named(table, "does not show")


def test_a_frame_with_a_forged_signature_is_refused_at_the_link_and_names_nobody() -> None:
    table, hostile = hostile_table()
    forge = kind("vote", receivers=(0,), resends=False)
    unsigned_junk = lambda r, f: dict(f, p={"k": "vote"}, g=bytes(64))  # noqa: E731
    hostile.on(forge, "replace", change=unsigned_junk)
    table.start()
    run_until_honest_end(table, HOSTILE)
    assert_clean_end(table)
    assert any(receiver == 0 and seat == HOSTILE for receiver, seat, _ in table.violations)


def test_dropped_delayed_duplicated_and_reordered_messages_name_nobody() -> None:
    table, hostile = hostile_table(seed=33)
    hostile.on(kind("vote", receivers=(0,), times=5, resends=False), "drop")
    hostile.on(kind("act", times=3), "delay", delay=2.0)
    hostile.on(kind("deal:keys", times=50), "reorder")
    hostile.on(kind("claim", times=1), "duplicate")
    table.start()
    run_until_honest_end(table, HOSTILE)
    table.step_until(table.now + 30)
    assert_clean_end(table)
    assert {action for action, _, _ in hostile.applied} == {
        "drop",
        "delay",
        "reorder",
        "duplicate",
    }


def fuzz(rng: random.Random) -> Any:
    def change(receiver: int, frame: Frame) -> Frame:
        payload = dict(frame["p"])
        key = rng.choice(sorted(payload))
        payload[key] = rng.choice([None, -1, "x", b"\0" * 40, [], {}, 2**40, True, [[1]]])
        return dict(frame, p=payload)

    return change


def sometimes(rng: random.Random) -> Any:
    """Match one message frame in twenty."""

    def match(receiver: int, frame: Frame) -> bool:
        return frame.get("t") == "m" and rng.random() < 0.05

    return match


def test_fuzzed_messages_only_ever_name_their_sender() -> None:
    for seed in range(3):
        table, hostile = hostile_table(seed=40 + seed)
        rng = random.Random(seed)
        hostile.on(sometimes(rng), "replace", change=fuzz(rng))
        table.start()
        run_until_honest_end(table, HOSTILE)
        for over in honest_results(table).values():
            assert over.cheater in (None, HOSTILE), over
            assert over.reason in ("cheat", "finished"), over


def test_a_host_that_gives_seats_different_configurations_names_nobody() -> None:
    template = make_table(3, seed=35, bots="random")
    record_end_times(template)
    other = template.config.__class__(**{**template.config.__dict__, "first": 2})

    def make_core(seat: int) -> TableCore:
        config = other if seat == 2 else template.config
        return TableCore(config, seat, template.identities[seat], template.seeds[seat], 0.0)

    table = SimulatedTable(
        template.config, template.identities, template.bots, seed=35, make_core=make_core
    )
    table.start()
    table.step_until(30)
    results = table.results()
    assert set(results) == {0, 1, 2}
    for over in results.values():
        assert over.reason == "config-mismatch" and over.cheater is None, over
