"""Vote rounds: one round's votes, the signed votes a seat keeps, and the one equivocation rule:
which two signed messages of one seat conflict, for every kind alike (`conflicting`,
`SignedBook`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from net.table.reliable import Delivered, Equivocation, FrameSigner, ProtocolViolation
from net.table.schema import check_payload, message_slot


@dataclass
class Round:
    """The votes of one round of the log."""

    index: int
    attempt: int = 0
    votes: dict[int, bool] = field(default_factory=dict)
    winner: int | None = None
    act: dict[str, Any] | None = None
    waiting_for: set[int] = field(default_factory=set)  # positions still to open
    act_at: float | None = None  # when the winner's move arrived
    closed_at: float | None = None  # when this peer first saw the winner and no move yet
    votes_shown: bool = False
    opened_at: float = 0.0  # when this peer opened the round


def conflicting(first: Delivered, second: Delivered) -> bool:
    """Two signed payloads of one seat that an honest seat never sends both of: two different
    messages under one number, or under one slot of the game (`schema.message_slot`: one vote per
    round and attempt, one move per log entry, one trump, claim, hello, final ...), whatever the
    kind; no kind has a rule of its own."""
    if first.sender != second.sender or first.payload == second.payload:
        return False
    if first.seq == second.seq:
        return True
    slot = message_slot(first.payload)
    return slot is not None and slot == message_slot(second.payload)


class SignedBook:
    """Every signed payload a seat took, by (author, slot): a second, different one under the
    same slot proves that its author equivocated (Equivocation with both messages)."""

    def __init__(self) -> None:
        self.items: dict[tuple[int, tuple[Any, ...]], Delivered] = {}

    def record(self, item: Delivered) -> None:
        """Keep a signed payload; raise Equivocation when it conflicts with one held."""
        slot = message_slot(item.payload)
        if slot is None:
            return
        key = (item.sender, slot)
        earlier = self.items.get(key)
        if earlier is None:
            self.items[key] = item
        elif earlier.payload != item.payload:
            place = ".".join(str(part) for part in slot[1:]) or "this game"
            raise Equivocation(
                item.sender,
                f"signed two different {slot[0]} messages for {place}",
                (earlier, item),
            )

    def held(self, author: int, slot: tuple[Any, ...]) -> Delivered | None:
        """The signed payload of `author` held for `slot`, if any."""
        return self.items.get((author, slot))


class VoteBook:
    """The signed votes one seat holds, by (round, attempt, voter): its own and every other's."""

    def __init__(
        self, signer: FrameSigner, players: int, seat: int, book: SignedBook | None = None
    ) -> None:
        self.signer = signer
        self.players = players
        self.seat = seat
        self.book = book or SignedBook()  # the equivocation rule every kind shares
        self.frames: dict[tuple[int, int, int], Delivered] = {}

    def holds(self, frame: Any) -> bool:
        """Tell whether a shown signed vote is exactly one this seat already holds."""
        payload = frame.get("p") if isinstance(frame, dict) else None
        if not isinstance(payload, dict):
            return False
        key = (payload.get("i"), payload.get("n"), frame.get("f"))
        if not all(type(part) is int for part in key):
            return False
        held = self.frames.get(key)  # type: ignore[arg-type]
        return (
            held is not None
            and held.seq == frame.get("s")
            and held.sig == frame.get("g")
            and held.payload == payload
        )

    def record(self, item: Delivered) -> None:
        """Keep a signed vote; a different one of the same seat for the same round proves it
        voted two ways (`SignedBook.record`, the rule of every kind)."""
        self.book.record(item)
        self.frames.setdefault((item.payload["i"], item.payload["n"], item.sender), item)

    def record_shown(
        self, sender: int, frame: dict[str, Any], index: int, attempt: int | None
    ) -> Delivered | None:
        """A vote shown inside another seat's message (a move's certificate, a re-vote, `votes`);
        returns it when it is another seat's vote this seat did not hold (to take as its voter's
        message), None otherwise."""
        if self.holds(frame):
            return None  # the very vote we hold, signature and all: checked when it came
        item = self.signer.evidence(frame)
        if item is None or item.sender >= self.players:
            raise ProtocolViolation(sender, "showed a vote that its voter did not sign")
        payload = item.payload
        if (
            check_payload(payload) is not None
            or payload.get("k") != "vote"
            or payload["i"] != index
            or (attempt is not None and payload["n"] != attempt)
        ):
            raise ProtocolViolation(sender, f"showed a vote that is not one of round {index}")
        if item.sender != self.seat:
            self.record(item)
            return item
        if self.frames.get((index, payload["n"], self.seat)) != item:
            raise ProtocolViolation(sender, "showed a vote of this seat that it never sent")
        return None
