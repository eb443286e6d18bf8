"""One schema per table frame and message: the type and size of every field, checked at the boundary.

Frames (`t`) are the reliable layer's envelopes: "m" carries one signed payload, "hb" says what a
seat has received. Payloads (`k`) are the table protocol's messages (docs/protocol.md). A payload
that fails its schema is its signer's fault; a frame that fails is its link's. A list that is a
set by meaning holding one key twice (a seat, a position, a signed message) is malformed too
(`refuse_repeats`, the same rule as the dealing messages').
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

import msgspec
from msgspec import Meta, Struct

from net.dealing.schema import (
    MAX_SEATS,
    Bytes32,
    Bytes64,
    DealMessage,
    Seat,
    convert_tagged,
    refuse_repeats,
    tagged_types,
)

MAX_SEQ = 10_000_000
MAX_LOG = 100_000  # moves in one game's log: far more than any game makes
MAX_DEALS = 256  # deal 0, then a sub-deck per reshuffle
MAX_EVIDENCE = 8  # signed frames in one verdict

Seq = Annotated[int, Meta(ge=1, le=MAX_SEQ)]
Index = Annotated[int, Meta(ge=0, le=MAX_LOG)]
Attempt = Annotated[int, Meta(ge=0, le=MAX_SEQ)]
Position = Annotated[int, Meta(ge=0, lt=256)]
LogHash = Annotated[str, Meta(pattern="^[0-9a-f]{64}$")]
Text = Annotated[str, Meta(max_length=2_000)]


# ----------------------------------------------------------------- frames


class MessageFrame(Struct, forbid_unknown_fields=True, tag_field="t", tag="m"):
    """Payload number `s` of its sender, signed (`g`) by the sender's identity key."""

    s: Seq
    p: dict[str, Any]
    g: Bytes64 | None = None


class HeartbeatFrame(Struct, forbid_unknown_fields=True, tag_field="t", tag="hb"):
    """What the sender has delivered from every seat, in seat order: how many messages, and
    (`hh`) the running hash of them (`reliable.chained`)."""

    have: Annotated[list[Annotated[int, Meta(ge=0, le=MAX_SEQ)]], Meta(max_length=MAX_SEATS)]
    hh: Annotated[list[Bytes32], Meta(max_length=MAX_SEATS)] | None = None


Frame = MessageFrame | HeartbeatFrame


class SignedFrame(Struct, forbid_unknown_fields=True):
    """A payload with its sender (`f`), number and signature: evidence anyone can check."""

    f: Seat
    s: Seq
    p: dict[str, Any]
    g: Bytes64


Frames = Annotated[list[SignedFrame], Meta(max_length=MAX_SEATS)]


def refuse_repeated_votes(frames: list[SignedFrame]) -> None:
    """Signed votes shown together: one message of one seat at most (its number)."""
    refuse_repeats(((f.f, f.s) for f in frames), "signed message (seat, number)")


def refuse_repeated_frames(frames: list[SignedFrame]) -> None:
    """Signed messages shown as evidence: each at most once (two versions of one number may be
    the very evidence, so the signature is part of the key)."""
    refuse_repeats(((f.f, f.s, f.g) for f in frames), "signed message (seat, number, signature)")


# ----------------------------------------------------------------- payloads


class _Payload(Struct, forbid_unknown_fields=True, tag_field="k"):
    # Where one message of this kind sits in the game: the fields (a dotted path reaches into a
    # nested map) that an honest seat never signs two different messages of this kind for. ()
    # means once per game; None means the kind may be sent any number of times (`message_slot`).
    slot: ClassVar[tuple[str, ...] | None] = None


class Hello(_Payload, tag="hello"):
    """The first payload of every seat: the digest of the configuration it plays."""

    slot = ()

    c: Bytes32


class Deal(_Payload, tag="deal"):
    """A fair-dealing message of deal `d` (its own schema: net.dealing.schema)."""

    slot = ("d", "m.seq")

    d: Annotated[int, Meta(ge=0, lt=MAX_DEALS)]
    m: DealMessage


class Claim(_Payload, tag="claim"):
    """The position of the card that decides who leads (None: nothing to show)."""

    slot = ()

    pos: Position | None


class NamedTrump(_Payload, tag="trump"):
    """The dealer names the trump suit before the deal (`dealer_names_trump`); `auto`: the
    deadline passed and the suit was chosen for him (net.table.trump_choice)."""

    slot = ()

    suit: Literal["C", "D", "H", "S"]
    auto: bool = False


class Vote(_Payload, tag="vote"):
    """A seat's vote in round `i`, attempt `n`; a re-vote carries the all-wait votes before it."""

    slot = ("i", "n")

    i: Index
    n: Attempt
    bid: bool
    h: LogHash
    prior: Frames = []

    def __post_init__(self) -> None:
        refuse_repeated_votes(self.prior)


class Entry(_Payload, tag="act"):
    """A log entry: a move signed by its author over the log it extends."""

    slot = ("i",)

    i: Index
    a: Annotated[str, Meta(min_length=1, max_length=200)]
    pos: Annotated[list[Position], Meta(max_length=64)]
    prev: LogHash
    sig: Bytes64

    def __post_init__(self) -> None:
        refuse_repeats(self.pos, "position")


class Act(Entry, tag="act"):
    """The winner's move, with the signed votes that made it the winner."""

    cert: Frames = []

    def __post_init__(self) -> None:
        super().__post_init__()
        refuse_repeated_votes(self.cert)


class Evidence(_Payload, tag="evidence"):
    """The sender's log entry `i`, shown when logs differ."""

    slot = ("i",)

    i: Index
    entry: Entry


class Votes(_Payload, tag="votes"):
    """The signed votes the sender holds for round `i`, attempt `n` (shown when its winner is
    silent)."""

    slot = ("i", "n")

    i: Index
    n: Attempt
    frames: Frames

    def __post_init__(self) -> None:
        refuse_repeated_votes(self.frames)


class Final(_Payload, tag="final"):
    """The digests of the sender's whole log, once its game ended."""

    slot = ()

    d: Annotated[list[Bytes32], Meta(max_length=MAX_LOG)]


class VerdictPayload(_Payload, tag="verdict"):
    """A seat named with its evidence: signed frames and log entries anyone can check."""

    slot = ()

    seat: Seat
    why: Literal["malformed", "equivocation", "fault", "final", "entries", "key"]
    reason: Text
    frames: Annotated[list[SignedFrame], Meta(max_length=MAX_EVIDENCE)] = []
    entries: Annotated[list[Entry], Meta(max_length=2)] = []
    key: dict[str, Any] | None = (
        None  # why "key": a wrong key's evidence (DealingPeer.wrong_key_shown)
    )

    def __post_init__(self) -> None:
        refuse_repeated_frames(self.frames)


class Gone(_Payload, tag="gone"):
    """A stayer's signed statement that `seats` left after `i` log entries (net.absence)."""

    seats: Annotated[list[Seat], Meta(min_length=1, max_length=MAX_SEATS)]
    i: Index
    h: LogHash
    sig: Bytes64

    def __post_init__(self) -> None:
        refuse_repeats(self.seats, "seat")


class Ready(_Payload, tag="ready"):
    """The game waits for the sender's move in round `i` and its hand is open to it: it holds what
    it needs to move, so a move not made within the move window is its forfeit."""

    slot = ("i",)

    i: Index


class Abandon(_Payload, tag="abandon"):
    """The sender ended the game as abandoned, naming nobody, after a wait ran out, at the log it
    held: `i` entries with hash `h` (the log's slot: the entry the game ends at); `stalled`: the
    seats whose move the game waited for in vain in round `i` (each receiver checks them itself).
    Once per game: two different abandons of one seat name it (`votes.conflicting`), and every
    receiver shows the one it got to the others (net.table.abandonment) so that they meet."""

    slot = ()

    i: Index
    h: LogHash
    reason: Text
    stalled: Annotated[list[Seat], Meta(max_length=MAX_SEATS)] = msgspec.field(default_factory=list)

    def __post_init__(self) -> None:
        refuse_repeats(self.stalled, "seat")


class Shown(_Payload, tag="show"):
    """Other seats' signed messages, shown so that each receiver takes them as from their authors
    (a final that differs from the sender's log: a conflicting one exposes its author at once)."""

    frames: Annotated[list[SignedFrame], Meta(min_length=1, max_length=MAX_EVIDENCE)]

    def __post_init__(self) -> None:
        refuse_repeated_frames(self.frames)


Payload = (
    Hello
    | Deal
    | Claim
    | NamedTrump
    | Vote
    | Act
    | Votes
    | Evidence
    | Final
    | VerdictPayload
    | Gone
    | Ready
    | Abandon
    | Shown
)


class _CheckedMessageFrame(Struct, forbid_unknown_fields=True, tag_field="t", tag="m"):
    """A message frame whose payload is typed too: one conversion checks both."""

    s: Seq
    p: Payload
    g: Bytes64 | None = None


_FRAME_TYPES = tagged_types(Frame)
_PAYLOAD_TYPES = tagged_types(Payload)


def message_slot(payload: dict[str, Any]) -> tuple[Any, ...] | None:
    """Where a well-formed payload sits in its game: (kind, the values of its kind's slot
    fields); None for a kind sent any number of times. Two different signed payloads of one seat
    with one slot prove that it equivocated (`votes.conflicting`), whatever the kind."""
    kind = payload.get("k")
    struct = _PAYLOAD_TYPES.get(kind) if isinstance(kind, str) else None
    fields: tuple[str, ...] | None = getattr(struct, "slot", None)
    if fields is None:
        return None
    values: list[Any] = [kind]
    for path in fields:
        value: Any = payload
        for part in path.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        values.append(value)
    return tuple(values)


def check_frame(frame: Any) -> str | None:
    """Why a frame is malformed (None: it has the shape of a message or a heartbeat)."""
    if not isinstance(frame, dict):
        return "a frame must be a map"
    try:
        convert_tagged(frame, "t", Frame, _FRAME_TYPES)
    except msgspec.ValidationError as error:
        if str(error).endswith("at `$.s`"):
            return f"message without a valid sequence number ({error})"
        return f"malformed frame: {error}"
    return None


def check_payload(payload: Any) -> str | None:
    """Why a payload is malformed (None: every field, a deal message's too, is well typed)."""
    if not isinstance(payload, dict):
        return "a payload must be a map"
    try:
        convert_tagged(payload, "k", Payload, _PAYLOAD_TYPES)
    except msgspec.ValidationError as error:
        return f"malformed {str(payload.get('k'))[:20]!r} message: {error}"
    return None


def check_received(frame: Any) -> tuple[str | None, bool]:
    """Why a received frame is malformed (None: it is well formed), and whether it is a message
    whose payload is well formed too (`check_payload`): one conversion when both are."""
    if isinstance(frame, dict) and frame.get("t") == "m":
        try:
            msgspec.convert(frame, _CheckedMessageFrame, strict=True)
        except msgspec.ValidationError:
            pass  # the frame's or the payload's fault: told apart below
        else:
            return None, True
    problem = check_frame(frame)
    if problem is not None or frame["t"] != "m":
        return problem, False
    return None, check_payload(frame["p"]) is None


def check_signed_frame(frame: Any) -> str | None:
    """Why a piece of evidence is not a signed frame (None: it is one)."""
    try:
        msgspec.convert(frame, SignedFrame, strict=True)
    except msgspec.ValidationError as error:
        return f"malformed signed frame: {error}"
    return None


__all__ = [
    "check_frame",
    "check_payload",
    "check_received",
    "check_signed_frame",
    "message_slot",
]
