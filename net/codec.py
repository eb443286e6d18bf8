"""Length-prefixed msgpack frames with hard limits: the only way bytes become objects in `net/`.

A frame on the wire is a 4-byte big-endian unsigned length followed by that many body bytes.
Bodies are msgpack documents restricted to a small set of types (nil, bool, int, finite float,
str, bin, array, map with str keys); anything else, and anything over the limits, is a
`FrameError` that says why.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from typing import Any, TypeAlias

import msgpack

LENGTH_PREFIX = struct.Struct(">I")
"""The frame header: body length as a 4-byte big-endian unsigned integer."""

AEAD_TAG_BYTES = 16
"""Bytes that sealing adds to a body (the Poly1305 tag)."""

Value: TypeAlias = Any
"""A decoded value: None, bool, int, float, str, bytes, list of values, dict of str to values."""

_INT_MIN = -(1 << 63)
_INT_MAX = (1 << 64) - 1


class FrameError(ValueError):
    """A frame or value that breaks the codec rules; `reason` says which rule."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Limits:
    """Hard limits applied to every frame and value."""

    max_frame_bytes: int = 1 << 20
    """Largest body a frame may announce (a sealed body includes the 16-byte tag)."""
    max_depth: int = 16
    """Deepest nesting of arrays and maps (a scalar alone has depth 0, `[1]` has depth 1)."""
    max_container_len: int = 4096
    """Most items in one array, or entries in one map."""

    @property
    def max_payload_bytes(self) -> int:
        """Largest msgpack document that still fits in a sealed frame."""
        return self.max_frame_bytes - AEAD_TAG_BYTES


DEFAULT_LIMITS = Limits()


def check_value(value: object, limits: Limits = DEFAULT_LIMITS) -> None:
    """Raise FrameError unless `value` uses only the allowed types within the limits."""
    # Iterative walk: a hostile document must not reach Python's recursion limit.
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        kind = type(item)
        if item is None or kind is bool or kind is str or kind is bytes:
            continue
        if kind is int:
            if not _INT_MIN <= item <= _INT_MAX:  # type: ignore[operator]
                raise FrameError(f"integer {item} is outside the msgpack range")
            continue
        if kind is float:
            if not math.isfinite(item):  # type: ignore[arg-type]
                raise FrameError(f"float {item} is not finite")
            continue
        if kind is list or kind is tuple or kind is dict:
            if depth >= limits.max_depth:
                raise FrameError(f"nesting deeper than {limits.max_depth}")
            size = len(item)  # type: ignore[arg-type]
            if size > limits.max_container_len:
                raise FrameError(f"container of {size} items (limit {limits.max_container_len})")
            if kind is dict:
                for key, child in item.items():  # type: ignore[attr-defined]
                    if type(key) is not str:
                        raise FrameError(f"map key of type {type(key).__name__} (keys must be str)")
                    stack.append((child, depth + 1))
            else:
                stack.extend((child, depth + 1) for child in item)  # type: ignore[attr-defined]
            continue
        raise FrameError(f"type {kind.__name__} is not allowed")


def pack(value: object, limits: Limits = DEFAULT_LIMITS) -> bytes:
    """Encode a value as a msgpack document; FrameError if it breaks a rule or is too large."""
    check_value(value, limits)
    try:
        data: bytes = msgpack.packb(value, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as error:  # pragma: no cover - check_value guards
        raise FrameError(f"cannot encode: {error}") from error
    if len(data) > limits.max_payload_bytes:
        raise FrameError(f"document of {len(data)} bytes (limit {limits.max_payload_bytes})")
    return data


def packed_size(value: object) -> int:
    """Bytes of a decoded value's msgpack encoding (to bound buffers of parked values by bytes)."""
    try:
        return len(msgpack.packb(value, use_bin_type=True))
    except (TypeError, ValueError, OverflowError) as error:
        raise FrameError(f"cannot encode: {error}") from error


def _unique_map(pairs: list[tuple[Any, Any]]) -> dict[Any, Any]:
    """Build a map from decoded pairs, refusing non-str and repeated keys."""
    result: dict[Any, Any] = {}
    for key, value in pairs:
        if type(key) is not str:
            raise FrameError(f"map key of type {type(key).__name__} (keys must be str)")
        if key in result:
            raise FrameError(f"map key {key!r} appears twice")
        result[key] = value
    return result


def unpack(data: bytes, limits: Limits = DEFAULT_LIMITS) -> Value:
    """Decode exactly one msgpack document; FrameError for anything malformed or out of bounds."""
    if len(data) > limits.max_frame_bytes:
        raise FrameError(f"document of {len(data)} bytes (limit {limits.max_frame_bytes})")
    if not data:
        raise FrameError("empty document")
    try:
        value = msgpack.unpackb(
            data,
            raw=False,
            use_list=True,
            strict_map_key=True,
            object_pairs_hook=_unique_map,
            max_str_len=limits.max_frame_bytes,
            max_bin_len=limits.max_frame_bytes,
            max_array_len=limits.max_container_len,
            max_map_len=limits.max_container_len,
            max_ext_len=0,
        )
    except FrameError:
        raise
    except msgpack.ExtraData:
        raise FrameError("bytes left over after the document") from None
    except msgpack.OutOfData:
        raise FrameError("document is truncated") from None
    except msgpack.StackError:
        raise FrameError(f"nesting deeper than {limits.max_depth}") from None
    except UnicodeDecodeError:
        raise FrameError("str is not valid UTF-8") from None
    except (ValueError, OverflowError, RecursionError) as error:
        # msgpack reports truncation, bad type bytes, ext types and limit overruns as ValueError.
        if "incomplete input" in str(error):
            raise FrameError("document is truncated") from None
        raise FrameError(f"malformed msgpack: {error or type(error).__name__}") from None
    check_value(value, limits)
    return value


def encode_frame(value: object, limits: Limits = DEFAULT_LIMITS) -> bytes:
    """A whole unsealed frame (length prefix and msgpack body) for `value`."""
    return frame_body(pack(value, limits), limits)


def frame_body(body: bytes, limits: Limits = DEFAULT_LIMITS) -> bytes:
    """Put the length prefix in front of a body; FrameError if the body is empty or too large."""
    if not body:
        raise FrameError("empty frame")
    if len(body) > limits.max_frame_bytes:
        raise FrameError(f"frame of {len(body)} bytes (limit {limits.max_frame_bytes})")
    return LENGTH_PREFIX.pack(len(body)) + body


class FrameReader:
    """Splits a byte stream into frame bodies; sans-I/O, feed it whatever the socket gave."""

    def __init__(self, limits: Limits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        """Limits applied to each header as it is read; may be changed between frames."""
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        """Add received bytes; return the bodies now complete, in order. FrameError on a bad header."""
        self.push(data)
        bodies = []
        while (body := self.next_body()) is not None:
            bodies.append(body)
        return bodies

    def push(self, data: bytes) -> None:
        """Add received bytes without splitting them yet."""
        self._buffer += data

    def next_body(self) -> bytes | None:
        """The next complete body, or None until more bytes arrive; FrameError on a bad header."""
        header = LENGTH_PREFIX.size
        if len(self._buffer) < header:
            return None
        (length,) = LENGTH_PREFIX.unpack_from(self._buffer)
        if length == 0:
            raise FrameError("frame announces an empty body")
        if length > self.limits.max_frame_bytes:
            raise FrameError(
                f"frame announces {length} bytes (limit {self.limits.max_frame_bytes})"
            )
        if len(self._buffer) < header + length:
            return None
        body = bytes(self._buffer[header : header + length])
        del self._buffer[: header + length]
        return body

    @property
    def pending_bytes(self) -> int:
        """Bytes of an incomplete frame held back; non-zero at end of stream means truncation."""
        return len(self._buffer)

    def check_end_of_stream(self) -> None:
        """Raise FrameError if the stream ended inside a frame."""
        if self._buffer:
            raise FrameError(f"stream ended inside a frame ({len(self._buffer)} bytes pending)")
