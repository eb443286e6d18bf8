"""Forwarding: a signed message that one seat holds and another still lacks is passed on.

Every heartbeat says what its sender has delivered from each seat. When two of a seat's
heartbeats, FORWARD_AFTER seconds or more apart, show it stuck below what this seat holds from a
third seat, this seat sends it the missing messages itself, signed by their author:
`{"t": "fw", "e": {f, s, p, g}}`. The receiver checks the author's signature and takes the message
as if from its author. So a message that a hostile seat gave one honest seat only (a move, a vote,
the message a verdict rests on) reaches every honest seat within about two heartbeats, and a
fault one seat sees no longer leaves the others waiting for a move that never comes to them
(docs/protocol.md, "Forwarding").

Every heartbeat also carries the running hash of each seat's messages its sender holds
(`reliable.chained`). When a seat's hash of a third seat's messages differs from ours at the same
count, the two hold different versions of one of them: we forward that author's messages to it,
the latest first, and it (holding the other version) names the author with both signed versions
(`take_signed`), whatever the kind. A game is settled only once every seat heard from shows by its
heartbeat that it holds exactly what we hold (`confirms`), so the last message of a game cannot be
sent in two versions unseen either.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from net.table.events import Out
from net.table.reliable import Delivered, Equivocation, Outgoing, ProtocolViolation
from net.table.verdicts import shown_frames

if TYPE_CHECKING:
    from net.table.core import TableCore

FORWARD = "fw"
"""The `t` of a forwarded message frame."""
FORWARD_AFTER = 0.9
"""Seconds between two heartbeats of a seat that both show it lacking a message we hold (they
come every HEARTBEAT_EVERY = 1 s): then we forward it."""
FORWARD_BATCH = 16
"""Messages of one author forwarded to one seat at a time."""


def is_forwarded(frame: Any) -> bool:
    """Tell whether a frame is a forwarded message (`{"t": "fw", ...}`)."""
    return isinstance(frame, dict) and frame.get("t") == FORWARD


class Forwarding:
    """What every other seat has (from its heartbeats), and the forwarding of what it lacks."""

    def __init__(self, core: TableCore) -> None:
        self.core = core
        self.have: dict[int, list[int]] = {}  # seat -> its last heartbeat's `have`
        self.heard_at: dict[int, float] = {}  # seat -> when its last heartbeat came
        self.stuck: dict[tuple[int, int], tuple[int, float]] = {}  # (seat, author) -> (have, since)
        self.finals_shown: set[int] = set()  # seats whose differing final we showed
        self.heads: dict[int, list[bytes]] = {}  # seat -> its last heartbeat's running hashes
        # (seat, author) -> (the count below which we forward next, when we last did): the
        # messages of `author` we show a seat whose hash of them differs from ours
        self.differing: dict[tuple[int, int], tuple[int, float]] = {}

    def heard(self, sender: int, frame: dict[str, Any], now: float) -> None:
        """Note what a checked heartbeat says its sender has delivered."""
        if frame.get("t") == "hb":
            self.have[sender] = list(frame["have"])
            self.heard_at[sender] = now
            heads = frame.get("hh")
            if heads is None:
                self.heads.pop(sender, None)
            else:
                self.heads[sender] = list(heads)

    def confirms(self, seat: int) -> bool:
        """The seat's last heartbeat shows it holding exactly the messages we hold, every seat's
        (the same counts and the same running hashes)."""
        net = self.core.net
        return self.have.get(seat) == net.have() and self.heads.get(seat) == net.heads_held()

    def held_alike(self, author: int, count: int) -> bool:
        """Every other seat still in the game showed by its last heartbeat that it holds
        `author`'s first `count` messages exactly as we do (the same running hash at a count at
        least as high): a message among them is the same at every seat, so our reference to it
        (a deal's audit log) is nobody's to check."""
        core = self.core
        held = len(core.net.heads[author])
        for seat in range(core.players):
            if seat == core.seat or seat in core.left_seats:
                continue
            have, heads = self.have.get(seat), self.heads.get(seat)
            if have is None or heads is None or not count <= have[author] <= held:
                return False
            if heads[author] != core.net.head(author, have[author]):
                return False
        return True

    def receive(self, sender: int, frame: dict[str, Any]) -> list[Out]:
        """A message of another seat forwarded by `sender`: checked, then taken as its author's.
        A frame that is not a message its author signed for this game is `sender`'s violation."""
        core = self.core
        if set(frame) != {"t", "e"}:
            raise ProtocolViolation(sender, "malformed forwarded message")
        item = core.signer.evidence(frame["e"])
        if item is None or item.sender >= core.players:
            raise ProtocolViolation(
                sender,
                "forwarded a message that its author did not sign for this table and game",
            )
        return self.take_signed(item)

    def take_signed(self, item: Delivered) -> list[Out]:
        """Another seat's checked signed message, passed on by a third: taken as its author's
        (a different one under the same number proves that the author equivocated)."""
        core = self.core
        if item.sender == core.seat:
            return []  # our own message: we hold it
        try:
            delivered = core.net.accept(item)
        except Equivocation as exc:  # it differs from the one its author sent us: both prove it
            return core.evidence.named(exc.seat, exc.reason, "equivocation", exc.frames)
        except ProtocolViolation:
            return []  # too far ahead of what we hold: the earlier ones are forwarded first
        return core.take(delivered)

    def shown(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """A `show` message: each signed message in it taken as its author's; one that its author
        did not sign is the shower's violation."""
        out: list[Out] = []
        for item in shown_frames(self.core.signer, self.core.players, sender, payload["frames"]):
            out.extend(self.take_signed(item))
        return out

    def show_differing_finals(self) -> list[Out]:
        """Once our game finished: show everyone each final that differs from our log, at once
        and in our own ordered stream (before our audit reveal, which every seat needs to finish),
        so a seat that holds another final of the same author names it before it finishes."""
        core = self.core
        if not core.game_finished or core.over is not None:
            return []
        mine = core.evidence.digests()
        out: list[Out] = []
        for seat, item in sorted(core.final_frames.items()):
            if seat in self.finals_shown or core.finals.get(seat) == mine or not core.signed(item):
                continue
            self.finals_shown.add(seat)
            out.extend(core.broadcast({"k": "show", "frames": [item.as_wire()]}))
        return out

    def due(self, now: float) -> list[Out]:
        """Forward to each seat the messages its heartbeats showed it lacking for FORWARD_AFTER
        seconds (`now` is not needed: the heartbeats' times decide)."""
        core = self.core
        out: list[Out] = []
        for seat, have in sorted(self.have.items()):
            if seat in core.silent:
                continue  # not listening now: it asks again (a heartbeat) when it is back
            for author in range(core.players):
                if author in (core.seat, seat):
                    continue
                out.extend(self._lacking(seat, author, have[author], self.heard_at[seat]))
                out.extend(self._differing(seat, author, have[author], self.heard_at[seat]))
        return out

    def _differing(self, seat: int, author: int, has: int, now: float) -> list[Out]:
        """When `seat`'s running hash of `author`'s first `has` messages differs from ours, it
        holds another version of one of them: forward them to it, FORWARD_BATCH at a time, the
        latest first, once per FORWARD_AFTER (`now`: when the heartbeat came)."""
        core = self.core
        held = core.net.delivered[author]
        heads = self.heads.get(seat)
        if heads is None or not 0 < has <= len(held) or heads[author] == core.net.head(author, has):
            self.differing.pop((seat, author), None)
            return []
        below, last = self.differing.get((seat, author), (has, now - FORWARD_AFTER))
        if now - last < FORWARD_AFTER:
            return []
        low = max(0, below - FORWARD_BATCH)
        self.differing[(seat, author)] = (low or has, now)  # from the top again once all went
        out: list[Out] = []
        for item in reversed(held[low:below]):
            if core.signed(item):
                out.append(Outgoing(seat, {"t": FORWARD, "e": item.as_wire()}))
        return out

    def _lacking(self, seat: int, author: int, has: int, now: float) -> list[Out]:
        """The messages of `author` that `seat` has lacked long enough, as forwarded frames
        (`now`: when the heartbeat saying `has` came)."""
        core = self.core
        held = core.net.delivered[author]
        if has >= len(held):
            self.stuck.pop((seat, author), None)
            return []
        mark = self.stuck.get((seat, author))
        if mark is None or mark[0] != has:
            self.stuck[(seat, author)] = (has, now)
            if not core.announced:
                return []
            # We showed a verdict: the others need the messages it rests on now, not later.
        elif now - mark[1] < FORWARD_AFTER:
            return []
        else:
            self.stuck[(seat, author)] = (has, now)  # again if the next heartbeat still lacks it
        out: list[Out] = []
        for item in held[has : has + FORWARD_BATCH]:
            if not core.signed(item):
                break  # its author's link fault (reported): forwarding it would make it ours
            out.append(Outgoing(seat, {"t": FORWARD, "e": item.as_wire()}))
        return out
