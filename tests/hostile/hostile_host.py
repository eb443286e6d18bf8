"""A `durak-peer` host that breaks one rule of the lobby or the match, for the real-process tests
of tests/hostile/test_hostile_host.py (issue 25, findings 6 to 8). Test code only: the shipped
peer has no such hook.

Run as `python -m tests.hostile.hostile_host MODE [ARGUMENT] -- durak-peer arguments...`, MODE:
- `bad-first`: every `start` it sends says `first = -1` (signed by it, so the host is to blame);
- `two-starts VICTIM`: the `start` it sends the member named VICTIM names another first leader
  than the one every other seat gets (both signed);
- `early-next`: it starts the match's next game as soon as its own game ends, without waiting
  for the members to say ready (as soon as its last move is applied, before any seat's audit
  ends), with another first leader than the finished game decides;
- `table-id ID`: it gives its table the id ID (another table's, finding 4), otherwise honest.
"""

from __future__ import annotations

import hashlib
import sys
from typing import Any

import msgpack

from net import lobby as lobby_module
from net import peer_base, peer_cli, peer_games, peer_lobby
from net.lobby import LobbyHost, LobbyOut
from net.table.config import START_SIGNED


def _other_first(config: dict[str, Any]) -> dict[str, Any]:
    """A start's wire config led by another seat than it names (seat 0 when it names none)."""
    first = config.get("first")
    seats = len(config["seats"])
    return {**config, "first": 0 if first is None else (first + 1) % seats}


def _resigned(message: dict[str, Any], config: dict[str, Any], sign: Any) -> dict[str, Any]:
    """The start message with another config, signed again with the host's key."""
    changed = {**message, "config": config}
    return lobby_module.sign_start(changed, sign)


def bad_first() -> None:
    """Every start the host sends names seat -1 as the first leader, signed by the host."""
    original = peer_lobby.sign_start

    def sign(message: dict[str, Any], signer: Any) -> dict[str, Any]:
        signed = original(message, signer)
        config = {**signed["config"], "first": -1}
        return {**signed, "config": config, "sig": signer(wire_signed_bytes(config))}

    peer_lobby.sign_start = sign


def wire_signed_bytes(config: dict[str, Any]) -> bytes:
    """What the host signs for a wire config (`start_signed_bytes`), even one that does not
    parse (first = -1): the digest of its msgpack form."""
    packed = msgpack.packb(config, use_bin_type=True)
    return START_SIGNED + hashlib.sha256(b"durak-table-config\x00" + packed).digest()


def two_starts(victim: str) -> None:
    """The start sent to `victim` names another first leader (signed) than everyone else's."""
    original = peer_base.PeerBase._send

    def send(self: Any, key: bytes, message: dict[str, Any]) -> bool:
        host = getattr(self, "lobby_host", None)
        if message.get("t") == "l" and message.get("k") == "start" and host is not None:
            member = host.members.get(key)
            if member is not None and member.name == victim:
                config = _other_first(message["config"])
                message = _resigned(message, config, self.identity.sign)
        sent: bool = original(self, key, message)
        return sent

    peer_base.PeerBase._send = send  # type: ignore[method-assign]


def early_next() -> None:
    """Start game 1 the moment game 0's last move is applied here (before any seat's audit is
    over, so before the members' game 0 ends), led by another seat than game 0 decides, without
    waiting for the members to say ready."""

    def can_start(self: LobbyHost) -> bool:
        seated = len(self.seated()) == self.seats
        if self.game >= 1:
            return not self.playing and seated
        return not self.playing and seated and all(m.ready for m in self.seated())

    original_start = LobbyHost._start

    def start(self: LobbyHost, member: Any, message: Any) -> list[LobbyOut]:
        if self.game >= 1:
            for other in self.seated():
                other.ready = True
        return original_start(self, member, message)

    original_finished = LobbyHost.game_finished
    finished: set[int] = set()

    def game_finished(
        self: LobbyHost,
        first: int | None,
        dealer: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> list[LobbyOut]:
        if self.game in finished:  # game 0's real end, after game 1 was started early
            return []
        finished.add(self.game)
        return original_finished(self, first, dealer, options)

    LobbyHost.can_start = property(can_start)  # type: ignore[assignment,method-assign]
    LobbyHost._start = start  # type: ignore[method-assign]
    LobbyHost.game_finished = game_finished  # type: ignore[method-assign]

    original_route = peer_games.GameRoutes._route

    def route(self: Any, run: Any, outs: list[Any]) -> None:
        original_route(self, run, outs)
        host = self.lobby_host
        if host is None or run.game_no != 0 or not run.core.game_finished or host.game != 0:
            return
        following = run.start.config.next_game(run.core.game)
        other = 0 if following.first is None else (following.first + 1) % following.players
        self._host_outs(host.game_finished(other, following.dealer, dict(following.options)))

    peer_games.GameRoutes._route = route  # type: ignore[method-assign]


def table_id(chosen: str) -> None:
    """The host's lobby (and so every game's configuration) carries the table id `chosen`."""
    original = LobbyHost.__init__

    def init(self: LobbyHost, name: str, _table_id: str, *args: Any, **kwargs: Any) -> None:
        original(self, name, chosen, *args, **kwargs)

    LobbyHost.__init__ = init  # type: ignore[method-assign]
    # The id it announces too: every assignment of the peer's own id is ignored.
    peer_lobby.LobbySide.table_id = property(  # type: ignore[assignment,method-assign]
        lambda self: chosen, lambda self, value: None
    )


def main(argv: list[str]) -> int:
    """Break the chosen rule, then run durak-peer with the arguments after `--`."""
    mode, rest = argv[0], argv[argv.index("--") + 1 :]
    if mode == "bad-first":
        bad_first()
    elif mode == "two-starts":
        two_starts(argv[1])
    elif mode == "early-next":
        early_next()
    elif mode == "table-id":
        table_id(argv[1])
    else:
        raise SystemExit(f"unknown mode {mode!r}")
    return peer_cli.main(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
