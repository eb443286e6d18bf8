"""A `durak-peer` process that plays honestly, except that the first vote it sends to one seat (named
on its command line) is replaced by a malformed vote signed with its own key: the hostile seat of
tests/hostile/test_loopback_verdict.py. Test code only: the real peer has no such hook.

Run as `python -m tests.hostile.hostile_peer VICTIM_NAME -- durak-peer arguments...`.
"""

from __future__ import annotations

import sys
from typing import Any

from net import peer_base, peer_cli

MALFORMED = {"k": "vote", "i": "not a round"}


def tamper_first_vote_to(victim: str) -> None:
    """Patch the peer's send so the first vote frame to `victim` carries MALFORMED, signed."""
    original = peer_base.PeerBase._send
    done: list[bool] = []

    def send(self: Any, key: bytes, message: dict[str, Any]) -> bool:
        frame = message.get("f") if message.get("t") == "g" else None
        payload = frame.get("p") if isinstance(frame, dict) and frame.get("t") == "m" else None
        if not done and isinstance(payload, dict) and payload.get("k") == "vote":
            run = self.games.get(message["g"])
            names = {} if run is None else {s.key: s.name for s in run.start.config.seats}
            if names.get(key) == victim:
                assert frame is not None
                sig = run.core.signer.sign(run.core.seat, frame["s"], MALFORMED)
                message = dict(message, f=dict(frame, p=MALFORMED, g=sig))
                done.append(True)
        sent: bool = original(self, key, message)
        return sent

    peer_base.PeerBase._send = send  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    """Tamper, then run durak-peer with the rest of the arguments."""
    victim, rest = argv[0], argv[argv.index("--") + 1 :]
    tamper_first_vote_to(victim)
    return peer_cli.main(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
