"""The one-conversion check of a received frame (`check_received`) judges as the two checks do."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from net.table.schema import check_frame, check_payload, check_received
from tests.hostile.test_fuzz_frames import SAMPLES, VALUES, mutate


def two_checks(frame: Any) -> tuple[str | None, bool]:
    """What `check_frame`, then `check_payload` on a message's payload, say."""
    problem = check_frame(frame)
    if problem is not None or frame["t"] != "m":
        return problem, False
    return None, check_payload(frame["p"]) is None


def test_every_real_payload_is_well_formed_in_one_conversion() -> None:
    for payload in SAMPLES:
        assert check_received({"t": "m", "s": 3, "p": payload, "g": bytes(64)}) == (None, True)


def test_a_heartbeat_is_well_formed_and_carries_no_payload() -> None:
    assert check_received({"t": "hb", "have": [0, 4, 2]}) == (None, False)
    problem, _ = check_received({"t": "hb", "have": "x"})
    assert problem is not None


@settings(max_examples=300)
@given(st.data())
def test_a_mutated_frame_or_payload_is_judged_as_by_the_two_checks(data: st.DataObject) -> None:
    payload = data.draw(st.sampled_from(SAMPLES))
    frame: Any = {"t": "m", "s": 3, "p": payload, "g": bytes(64)}
    if data.draw(st.booleans()):
        frame["p"] = mutate(payload, data)
    else:
        frame = mutate(frame, data)
    assert check_received(frame) == two_checks(frame)


@settings(max_examples=100)
@given(VALUES)
def test_a_random_value_is_judged_as_by_the_two_checks(value: Any) -> None:
    assert check_received(value) == two_checks(value)


def test_an_abandons_stalled_seats_are_checked_at_the_boundary() -> None:
    """`stalled` (the seats that never moved) is a short list of seats, or the payload is malformed."""
    abandon = {
        "k": "abandon",
        "i": 3,
        "h": "0" * 64,
        "reason": "the vote of seat(s) [1] in round 3 never came",
    }
    assert check_payload(abandon) is None  # (absent: none stalled)
    assert check_payload({**abandon, "stalled": [1]}) is None
    for bad in ("1", [-1], ["1"], [1.5], list(range(40))):
        assert check_payload({**abandon, "stalled": bad}) is not None, bad
