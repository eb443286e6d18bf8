"""A `durak-peer` process that plays one seat honestly except for one side door of issue 25
(test code only: the real peer has no such hook), for tests/lan/test_side_doors_hostile.py:

- `two-keys-entries`: its first keys message of deal 0 holds a second entry for the same position
  and receiver (finding 1), the first with the right key, the second with a wrong one;
- `claim-two-ways VICTIM`: its first-lead claim shows VICTIM another card than it shows the other
  seats (finding 2), signed with its own key;
- `abandon-early`: as soon as another seat is to move, it signs an `abandon` naming that seat as
  stalled (finding 3);
- `no-final`: it never sends its `final` (finding 5), heartbeating on.
- `no-move`: it votes, but never sends a move (nor what follows it), heartbeating on (issue 25,
  "Blame only what was seen": the others see it holding every vote of the round it won);
- `record-from NAME FILE`: honest, but it writes its table's id and every signed table message of
  the seat named NAME it receives to FILE (msgpack), for a hostile seat at another table;
- `forward-from FILE NAME`: once its game runs, it forwards (`fw`) every message FILE holds as the
  message of its own table's seat named NAME (finding 4: another table's message, same id).

Run as `python -m tests.hostile.hostile_seat MODE [VICTIM] -- durak-peer arguments...`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack

from net import peer_base, peer_cli
from net.dealing.peer import DealingPeer
from net.table.core import Out, TableCore
from net.table.forwarding import FORWARD
from net.table.reliable import Outgoing


def with_a_wrong_second_entry(
    body: dict[str, Any], receiver_in: Callable[[list[int]], int | None]
) -> dict[str, Any] | None:
    """A `keys` message body with a second entry for the first (position, receivers) entry for
    which `receiver_in(receivers)` picks a receiver: the same entry, that receiver's key share
    wrong (finding 1). None when no entry has a receiver picked (or the body holds no keys)."""
    if body.get("type") != "keys":
        return None
    for entry, cipher in zip(body["openings"], body["ciphers"], strict=True):
        position, receivers = entry
        receiver = receiver_in(receivers)
        if receiver is not None:
            wrong = bytearray(cipher)
            wrong[32 * receivers.index(receiver)] ^= 1
            return {
                **body,
                "openings": [*body["openings"], [position, receivers]],
                "ciphers": [*body["ciphers"], bytes(wrong)],
            }
    return None


def two_keys_entries() -> None:
    """Patch dealing so the first keys message of deal 0 repeats one (position, receiver) entry
    with a wrong key for that receiver."""
    original = DealingPeer._emit
    done: list[bool] = []

    def emit(self: DealingPeer, body: dict[str, Any]) -> Any:
        if not done and not self.context.hidden:
            lying = with_a_wrong_second_entry(
                body, lambda receivers: next((r for r in receivers if r != self.seat), None)
            )
            if lying is not None:
                body = lying
                done.append(True)
        return original(self, body)

    DealingPeer._emit = emit  # type: ignore[method-assign]


def claim_two_ways(victim: str) -> None:
    """Patch the peer's send so its first-lead claim to `victim` shows another card (or none)."""
    original = peer_base.PeerBase._send

    def send(self: Any, key: bytes, message: dict[str, Any]) -> bool:
        frame = message.get("f") if message.get("t") == "g" else None
        payload = frame.get("p") if isinstance(frame, dict) and frame.get("t") == "m" else None
        if isinstance(payload, dict) and payload.get("k") == "claim":
            run = self.games.get(message["g"])
            names = {} if run is None else {s.key: s.name for s in run.start.config.seats}
            if names.get(key) == victim:
                assert frame is not None
                core = run.core
                other = core.dealt[core.seat][0] if payload["pos"] is None else None
                changed = dict(payload, pos=other)
                sig = core.signer.sign(core.seat, frame["s"], changed)
                message = dict(message, f=dict(frame, p=changed, g=sig))
        sent: bool = original(self, key, message)
        return sent

    peer_base.PeerBase._send = send  # type: ignore[method-assign]


def abandon_early() -> None:
    """Patch the table core so that, as soon as another seat is to move, this seat signs an
    `abandon` naming that seat as stalled (finding 3: nobody waited for it)."""
    original = TableCore.receive
    done: list[bool] = []

    def receive(self: TableCore, sender: int, frame: Any, now: float) -> list[Out]:
        out = original(self, sender, frame, now)
        game = self.game
        if done or game is None or self.over is not None or self.game_finished:
            return out
        others = [seat for seat in game.to_act if seat != self.seat]
        if others:
            done.append(True)
            payload = {
                "k": "abandon",
                "i": len(self.entries),
                "h": self.log_hash,
                "reason": "nobody moved",
                "stalled": others,
            }
            out = [*out, *self.broadcast(payload)]
        return out

    TableCore.receive = receive  # type: ignore[method-assign]


def never_sends(kind: str) -> None:
    """Patch the peer's send so its messages of `kind` (and every resend) never leave: the
    messages after one in its ordered stream are held back with it; heartbeats still go."""
    original = peer_base.PeerBase._send

    def send(self: Any, key: bytes, message: dict[str, Any]) -> bool:
        frame = message.get("f") if message.get("t") == "g" else None
        payload = frame.get("p") if isinstance(frame, dict) and frame.get("t") == "m" else None
        if isinstance(payload, dict) and payload.get("k") == kind:
            return True
        sent: bool = original(self, key, message)
        return sent

    peer_base.PeerBase._send = send  # type: ignore[method-assign]


def no_final() -> None:
    """Its `final` never leaves (finding 5)."""
    never_sends("final")


def seat_named(core: TableCore, name: str) -> int | None:
    """The seat of the player named `name` at this core's table (None: not seated)."""
    names = [seat.name for seat in core.config.seats]
    return names.index(name) if name in names else None


def record_from(name: str, path: Path) -> None:
    """Patch the table core so that every signed message of the seat named `name` it receives is
    written, with this table's id, to `path` (msgpack): evidence for a seat at another table."""
    original = TableCore.receive
    held: list[dict[str, Any]] = []

    def receive(self: TableCore, sender: int, frame: Any, now: float) -> list[Out]:
        out = original(self, sender, frame, now)
        if sender == seat_named(self, name) and isinstance(frame, dict) and frame.get("t") == "m":
            held.append({"f": sender, "s": frame["s"], "p": frame["p"], "g": frame.get("g")})
            record = {"table_id": self.config.table_id, "frames": held}
            partial = path.with_suffix(".partial")  # replaced at once: a reader sees it whole
            partial.write_bytes(msgpack.packb(record, use_bin_type=True))
            partial.replace(path)
        return out

    TableCore.receive = receive  # type: ignore[method-assign]


def forward_from(path: Path, name: str) -> None:
    """Patch the table core so that, once its game has a hello from every seat, it forwards every
    message recorded in `path` as the message of its own table's seat named `name`."""
    original = TableCore.receive
    done: list[bool] = []

    def receive(self: TableCore, sender: int, frame: Any, now: float) -> list[Out]:
        out = original(self, sender, frame, now)
        victim = seat_named(self, name)
        if done or victim is None or len(self.hellos) < self.players or self.over is not None:
            return out
        done.append(True)
        recorded = msgpack.unpackb(path.read_bytes(), raw=False)
        for signed in recorded["frames"]:
            out = [*out, Outgoing(None, {"t": FORWARD, "e": dict(signed, f=victim)})]
        return out

    TableCore.receive = receive  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    """Open the side door the mode names, then run durak-peer with the rest of the arguments."""
    mode, extra, rest = argv[0], argv[1 : argv.index("--")], argv[argv.index("--") + 1 :]
    if mode == "two-keys-entries":
        two_keys_entries()
    elif mode == "claim-two-ways":
        claim_two_ways(extra[0])
    elif mode == "abandon-early":
        abandon_early()
    elif mode == "no-final":
        no_final()
    elif mode == "no-move":
        never_sends("act")
    elif mode == "record-from":
        record_from(extra[0], Path(extra[1]))
    elif mode == "forward-from":
        forward_from(Path(extra[0]), extra[1])
    else:
        raise SystemExit(f"unknown mode {mode!r}")
    return peer_cli.main(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
