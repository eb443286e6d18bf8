"""One schema per fair-dealing message: the type and size of every field, checked at the boundary.

`check_message` runs before a dealing core looks at a message, so the core never sees a badly
typed value: a message that fails is the sender's fault (it signed it), never an internal error.
Sizes are upper bounds (the core checks exact lengths against the deck it deals). A list that is a
set by meaning (the receivers of a key, the messages a message answers) holding one key twice is
malformed too (`refuse_repeats`): one rule, checked at parse time, for every message of every layer.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Annotated, Any, Literal, get_args

import msgspec
from msgspec import Meta, Struct

MAX_SEATS = 16  # more than any table seats (the table checks 2..10); bounds seat fields
MAX_POSITIONS = 256  # more than any deck (108 cards with two decks and jokers)
MAX_BLOB = 64 * 1024  # the largest field: a 512-round shuffle proof is 32,832 bytes
MAX_LOG = 65_536  # references in one audit log

Seat = Annotated[int, Meta(ge=0, lt=MAX_SEATS)]
Seq = Annotated[int, Meta(ge=0, le=1_000_000)]
Position = Annotated[int, Meta(ge=0, lt=MAX_POSITIONS)]
Bytes32 = Annotated[bytes, Meta(min_length=32, max_length=32)]
Bytes64 = Annotated[bytes, Meta(min_length=64, max_length=64)]
Blob = Annotated[bytes, Meta(max_length=MAX_BLOB)]


def refuse_repeats(keys: Iterable[Hashable], what: str) -> None:
    """Raise ValueError (a ValidationError once msgspec converts it) when a key repeats: a list
    that is a set by meaning must not hold one member twice."""
    seen: set[Hashable] = set()
    for key in keys:
        if key in seen:
            raise ValueError(f"{what} {key!r} appears twice")
        seen.add(key)


class Reference(Struct, forbid_unknown_fields=True):
    """A signed pointer to a message; a hello's also carries its key and the key's binding."""

    sender: Seat
    seq: Seq
    digest: Bytes32
    sig: Bytes64
    key: Bytes32 | None = None
    binding: Bytes64 | None = None


Answers = Annotated[list[Reference], Meta(max_length=MAX_SEATS)]


class _Message(Struct, forbid_unknown_fields=True, tag_field="type"):
    session: Bytes32
    sender: Seat
    seq: Seq
    sig: Bytes64

    def __post_init__(self) -> None:
        answers: list[Reference] = getattr(self, "answers", [])
        refuse_repeats(((r.sender, r.seq) for r in answers), "answered message")


class Hello(_Message, tag="hello"):
    """Commitments to every key of one seat for one deal."""

    nonce: Bytes32
    shuffle_key: Bytes32
    card_keys: Blob
    exchange_key: Bytes32
    signing_key: Bytes32
    unlock_key: Bytes32 | None = None
    combined_key: Bytes32 | None = None
    combined_proof: Bytes64 | None = None
    binding: Bytes64 | None = None


class Roster(_Message, tag="roster"):
    """The hellos this seat saw."""

    answers: Answers


class Unlock(_Message, tag="unlock"):
    """Pass 0 of a hidden sub-deck."""

    answers: Answers
    deck: Blob
    proofs: Blob


class Shuffle(_Message, tag="shuffle"):
    """Pass 1: the re-keyed, permuted deck and its proof."""

    answers: Answers
    deck: Blob
    proof: Blob
    proof_kind: Literal["argument", "cut-and-choose"] | None = None  # None: cut-and-choose


class Rekey(_Message, tag="rekey"):
    """Pass 2: per-position keys and one proof each."""

    answers: Answers
    deck: Blob
    proofs: Blob


Receivers = Annotated[list[Seat], Meta(min_length=1, max_length=MAX_SEATS)]
Opening = tuple[Position, Receivers]


class Keys(_Message, tag="keys"):
    """Per-position keys, each hidden from all but its receivers."""

    answers: Answers
    openings: Annotated[list[Opening], Meta(min_length=1, max_length=MAX_POSITIONS)]
    ciphers: Annotated[list[Blob], Meta(min_length=1, max_length=MAX_POSITIONS)]

    def __post_init__(self) -> None:
        super().__post_init__()
        pairs = ((position, r) for position, receivers in self.openings for r in receivers)
        refuse_repeats(pairs, "key for (position, receiver)")


class Leave(_Message, tag="leave"):
    """A leaving seat's keys for every position."""

    answers: Answers
    keys: Blob


class AuditDigest(_Message, tag="audit-digest"):
    """The signed references of every message a seat holds."""

    answers: Answers
    log: Annotated[list[Reference], Meta(max_length=MAX_LOG)]
    summary: Bytes32

    def __post_init__(self) -> None:
        super().__post_init__()
        refuse_repeats(((r.sender, r.seq) for r in self.log), "logged message")


class AuditReveal(_Message, tag="audit-reveal"):
    """A seat's secret seed, after every audit log is in."""

    seed: Bytes32
    answers: Answers


DealMessage = Hello | Roster | Unlock | Shuffle | Rekey | Keys | Leave | AuditDigest | AuditReveal


def tagged_types(union: Any) -> dict[str, type[Struct]]:
    """The struct of each tag in a tagged union of structs."""
    return {member.__struct_config__.tag: member for member in get_args(union)}


def convert_tagged(value: dict[str, Any], tag_field: str, union: Any, types: dict[str, Any]) -> Any:
    """Convert a map to the struct its tag names, strictly (a ValidationError says why not).

    msgspec builds a bare union's type information again on every `convert` call (about 20 to
    30 us here) but keeps a struct's, so a known tag goes straight to its struct (1 to 2 us); an
    unknown or missing tag goes through the union for msgspec's own error message."""
    tag = value.get(tag_field)
    struct = types.get(tag) if isinstance(tag, str) else None
    return msgspec.convert(value, union if struct is None else struct, strict=True)


_DEAL_TYPES = tagged_types(DealMessage)


def check_message(message: Any) -> str | None:
    """Why a dealing message is malformed (None: every field has its type and size)."""
    if not isinstance(message, dict):
        return "a dealing message is a map"
    try:
        convert_tagged(message, "type", DealMessage, _DEAL_TYPES)
    except msgspec.ValidationError as error:
        return f"malformed {str(message.get('type'))[:20]!r} message: {error}"
    return None


__all__ = [
    "MAX_SEATS",
    "DealMessage",
    "Reference",
    "check_message",
    "convert_tagged",
    "refuse_repeats",
    "tagged_types",
]
