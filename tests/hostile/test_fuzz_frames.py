"""Property tests: random and mutated frames of every message type, fed to the table core and the
dealing core, raise nothing but a protocol violation of their sender and change no log, deal or
vote state when they are refused (issue 12, item 2)."""

from __future__ import annotations

from typing import Any, get_args

from hypothesis import given, settings
from hypothesis import strategies as st

from net.dealing.errors import DealingError
from net.table.reliable import ProtocolViolation
from net.table.schema import Payload, check_payload
from tests.hostile.helpers import fresh_core, game_overs, signed_frame, state_of, table_in_play

LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**63), 2**64 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.binary(max_size=80),
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


# Every payload kind of net/table/schema.py: each one is sampled and fuzzed below.
KINDS = {kind.__struct_config__.tag for kind in get_args(Payload)}


def samples() -> list[dict[str, Any]]:
    """One real payload of every kind seat 1 sent (hello, deal messages, claim, vote, act), and
    a final, an evidence, a verdict, a statement of absence, shown votes and messages, a trump and an abandon
    made from real parts."""
    table = table_in_play()
    sender = table.cores[1]
    assert sender is not None
    found: dict[str, dict[str, Any]] = {}
    for payload in sender.net.sent:
        kind = payload["k"] if payload["k"] != "deal" else "deal-" + payload["m"]["type"]
        found.setdefault(kind, payload)
    entry = sender.entries[0]
    found["final"] = {"k": "final", "d": [bytes(32)] * 3}
    found["evidence"] = {"k": "evidence", "i": 0, "entry": entry}
    shown = sender.net.delivered[0][0].as_wire()
    found["verdict"] = {"k": "verdict", "seat": 0, "why": "fault", "reason": "x", "frames": [shown]}
    found.setdefault("act", dict(entry))  # a move seat 1 did not make: out of turn, unsigned
    found["show"] = {"k": "show", "frames": [shown]}
    found["trump"] = {"k": "trump", "suit": "H"}  # no dealer names the trump at this table
    found["abandon"] = {
        "k": "abandon",
        "i": 0,
        "h": "0" * 64,
        "reason": "the keys never came",
    }
    found["ready"] = {"k": "ready", "i": len(sender.entries)}  # bots decide before it is due
    gone = sender.absence.state(sender.identity, (2,), len(sender.entries), sender.log_hash)
    assert gone is not None
    found["gone"] = gone
    votes = [item.as_wire() for key, item in sender.vote_frames.items() if key[:2] == (0, 0)]
    found["votes"] = {"k": "votes", "i": 0, "n": 0, "frames": votes}
    missing = set(KINDS) - {k.split("-")[0] for k in found}
    assert not missing, f"no sample of {sorted(missing)}"
    return [found[k] for k in sorted(found)]


SAMPLES = samples()


def mutate(value: Any, data: st.DataObject, depth: int = 0) -> Any:
    """The value with one field somewhere replaced, removed or added."""
    if isinstance(value, dict) and value and depth < 4:
        key = data.draw(st.sampled_from(sorted(value, key=str)))
        operation = data.draw(st.sampled_from(["replace", "delete", "recurse", "add"]))
        out = dict(value)
        if operation == "delete":
            del out[key]
        elif operation == "add":
            out[data.draw(st.text(max_size=6))] = data.draw(VALUES)
        elif operation == "recurse":
            out[key] = mutate(value[key], data, depth + 1)
        else:
            out[key] = data.draw(VALUES)
        return out
    if isinstance(value, list) and value and depth < 4 and data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(value) - 1))
        out_list = list(value)
        out_list[index] = mutate(value[index], data, depth + 1)
        return out_list
    return data.draw(VALUES)


@settings(max_examples=200)
@given(st.data())
def test_a_mutated_signed_message_only_ever_names_its_signer(data: st.DataObject) -> None:
    table = table_in_play()
    payload = mutate(data.draw(st.sampled_from(SAMPLES)), data)
    core = fresh_core(table)
    before = state_of(core)
    try:
        out = core.receive(1, signed_frame(table, 1, core.net.next_from[1], payload), table.now)
    except ProtocolViolation as exc:  # e.g. not a map: refused at the link
        assert exc.seat == 1
        assert state_of(core) == before
        return
    for over in game_overs(out):
        if over.reason == "abandoned":  # a well-formed abandon: the game ends, nobody named
            assert payload.get("k") == "abandon" and check_payload(payload) is None, payload
            assert over.cheater is None
        else:
            assert over.reason == "cheat" and over.cheater == 1, over
        assert state_of(core) == before


@settings(max_examples=80)
@given(VALUES)
def test_a_random_frame_is_refused_at_the_link_or_ignored(frame: Any) -> None:
    table = table_in_play()
    core = fresh_core(table)
    before = state_of(core)
    try:
        out = core.receive(1, frame, table.now)
    except ProtocolViolation as exc:
        assert exc.seat == 1
    else:
        assert not game_overs(out)
    assert state_of(core) == before


@settings(max_examples=80)
@given(st.data())
def test_a_mutated_dealing_message_raises_only_a_dealing_error(data: st.DataObject) -> None:
    table = table_in_play()
    sender = table.cores[1]
    assert sender is not None
    messages = [m for (seat, _), m in sorted(sender.dealing._log.items()) if seat == 1]
    message = mutate(data.draw(st.sampled_from(messages)), data)
    core = fresh_core(table)
    before = dict(core.dealing._log)
    try:
        core.dealing.receive(message, origin=1)
    except DealingError as exc:  # CheatDetected is one
        assert exc.seat in (1, None)
        assert core.dealing._log == before
