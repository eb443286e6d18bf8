"""The frame codec: strict msgpack with hard limits, and the length-prefix splitter."""

from __future__ import annotations

import math

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.codec import (
    DEFAULT_LIMITS,
    FrameError,
    FrameReader,
    Limits,
    check_value,
    encode_frame,
    frame_body,
    pack,
    unpack,
)

SMALL = Limits(max_frame_bytes=256, max_depth=3, max_container_len=4)

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(1 << 63), max_value=(1 << 64) - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | st.binary(max_size=20)
)
values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=30,
)


def depth_of(value: object) -> int:
    """Nesting depth as the codec counts it."""
    if isinstance(value, list):
        return 1 + max((depth_of(item) for item in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth_of(item) for item in value.values()), default=0)
    return 0


@given(values)
def test_valid_values_round_trip(value: object) -> None:
    assert unpack(pack(value)) == value


@given(st.binary(max_size=300))
def test_random_bytes_never_raise_anything_but_frame_error(data: bytes) -> None:
    try:
        value = unpack(data)
    except FrameError as error:
        assert error.reason
    else:
        check_value(value)  # whatever decodes is a valid value
        assert unpack(pack(value)) == value


@given(values, st.data())
def test_mutated_documents_never_raise_anything_but_frame_error(
    value: object, data: st.DataObject
) -> None:
    document = bytearray(pack(value))
    position = data.draw(st.integers(0, len(document) - 1))
    document[position] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(0, len(document)))
    for candidate in (bytes(document), bytes(document[:cut])):
        try:
            decoded = unpack(candidate)
        except FrameError as error:
            assert error.reason
        else:
            check_value(decoded)


@given(values)
def test_limits_are_enforced_on_both_ends(value: object) -> None:
    """A value the small limits refuse is refused by pack, and by unpack of a plain msgpack dump."""
    raw = msgpack.packb(value, use_bin_type=True)
    try:
        pack(value, SMALL)
    except FrameError:
        with pytest.raises(FrameError):
            unpack(raw, SMALL)
    else:
        assert depth_of(value) <= SMALL.max_depth
        assert unpack(raw, SMALL) == value


@given(st.lists(values, max_size=6), st.lists(st.integers(1, 40), max_size=10))
def test_reader_splits_any_chunking(items: list[object], cuts: list[int]) -> None:
    stream = b"".join(encode_frame(item) for item in items)
    reader = FrameReader()
    bodies: list[bytes] = []
    position = 0
    for size in [*cuts, len(stream)]:
        bodies += reader.feed(stream[position : position + size])
        position += size
    assert [unpack(body) for body in bodies] == items
    assert reader.pending_bytes == 0
    reader.check_end_of_stream()


@pytest.mark.parametrize(
    ("document", "reason"),
    [
        (b"", "empty"),
        (b"\xc1", "malformed"),
        (b"\x81\x01\x02", "map key"),
        (b"\x81\xc4\x01a\x01", "keys must be str"),
        (b"\x82\xa1a\x01\xa1a\x02", "twice"),
        (b"\xd6\xff\x00\x00\x00\x00", "ext"),  # a msgpack timestamp
        (b"\xc7\x00\x05", "ExtType"),  # an empty ext
        (b"\x91" * 17 + b"\x01", "nesting"),
        (b"\x91" * 5000 + b"\x01", "nesting"),
        (b"\xdd\xff\xff\xff\xff", "max_array_len"),
        (b"\xdf\x00\x01\x00\x00", "max_map_len"),
        (b"\xa2\xff\xfe", "UTF-8"),
        (b"\x01\x02", "left over"),
        (b"\x92\x01", "truncated"),
        (b"\xcb\x7f\xf8\x00\x00\x00\x00\x00\x00", "not finite"),
    ],
)
def test_bad_documents_say_why(document: bytes, reason: str) -> None:
    with pytest.raises(FrameError, match=reason):
        unpack(document)


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ({1: "a"}, "keys must be str"),
        ({b"k": 1}, "keys must be str"),
        ({"a": {1, 2}}, "set is not allowed"),
        (object(), "not allowed"),
        (1 << 64, "range"),
        (-(1 << 63) - 1, "range"),
        (math.inf, "not finite"),
        ([[[[]]]], "nesting"),
        (list(range(5)), "5 items"),
        ("x" * 300, "bytes"),
    ],
)
def test_values_outside_the_rules_cannot_be_packed(value: object, reason: str) -> None:
    with pytest.raises(FrameError, match=reason):
        pack(value, SMALL)


def test_depth_limit_is_exact() -> None:
    nested: object = 1
    for _ in range(DEFAULT_LIMITS.max_depth):
        nested = [nested]
    assert unpack(pack(nested)) == nested
    with pytest.raises(FrameError, match="nesting"):
        pack([nested])


def test_reader_refuses_oversized_and_empty_frames_before_the_body_arrives() -> None:
    with pytest.raises(FrameError, match="announces 257 bytes"):
        FrameReader(SMALL).feed(b"\x00\x00\x01\x01")
    with pytest.raises(FrameError, match="empty body"):
        FrameReader().feed(b"\x00\x00\x00\x00")
    with pytest.raises(FrameError, match="announces"):
        FrameReader().feed(b"\xff\xff\xff\xff")


def test_reader_reports_truncation_at_end_of_stream() -> None:
    reader = FrameReader()
    frame = encode_frame({"a": 1})
    assert reader.feed(frame[:-1]) == []
    with pytest.raises(FrameError, match="ended inside a frame"):
        reader.check_end_of_stream()


def test_frame_body_checks_size() -> None:
    assert frame_body(b"\x01") == b"\x00\x00\x00\x01\x01"
    with pytest.raises(FrameError):
        frame_body(b"")
    with pytest.raises(FrameError):
        frame_body(bytes(257), SMALL)


def test_tuples_pack_as_arrays() -> None:
    assert unpack(pack(("a", (1, 2)))) == ["a", [1, 2]]


def test_packed_size_is_the_length_of_the_encoding() -> None:
    from net.codec import packed_size

    value = {"t": "g", "g": 3, "f": [b"x" * 1000, "ok", None]}
    assert packed_size(value) == len(pack(value))
    with pytest.raises(FrameError):
        packed_size(object())
