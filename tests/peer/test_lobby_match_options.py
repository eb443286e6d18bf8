"""The host's lobby deals a match's next game with the options its finished game fixed (the
levels of durak with pagons), as `TableConfig.next_game` computes them."""

from __future__ import annotations

import hashlib

from net.identity import Identity
from net.lobby import (
    GameStart,
    LobbyHost,
    SeatAddress,
    join_message,
    ready_message,
    seat_message,
    start_message,
)
from net.table.config import TableConfig


def key(n: int) -> bytes:
    """A real Ed25519 public key, fixed per n."""
    return Identity.from_seed(hashlib.sha256(b"match-options-%d" % n).digest()).public_key


HOST, EAST = key(0), key(1)


def ready(lobby: LobbyHost, game: int) -> GameStart:
    for member in (HOST, EAST):
        lobby.receive(member, ready_message(game))
    out = lobby.receive(HOST, start_message(lobby.next_first))
    return next(o for o in out if isinstance(o, GameStart))


def test_the_next_game_is_dealt_with_the_options_the_finished_one_fixed() -> None:
    lobby = LobbyHost("Kitchen", "kitchen-2", HOST, "pagons", {"pagons_move": False}, 2, games=3)
    for n, (member, name) in enumerate(((HOST, "North"), (EAST, "East"))):
        lobby.receive(member, join_message(name, "random", SeatAddress(("127.0.0.1",), 40000 + n)))
        lobby.receive(member, seat_message(n))
    first = ready(lobby, 0)
    assert dict(first.config.options) == {"pagons_move": False}
    lobby.game_finished(None, None, {"pagons_move": False, "steps": "1,0"})
    assert lobby.state().options == {"pagons_move": False, "steps": "1,0"}
    second = ready(lobby, 1)
    assert dict(second.config.options) == {"pagons_move": False, "steps": "1,0"}
    assert TableConfig.from_wire(second.config.as_wire()) == second.config
    lobby.game_finished(None)  # a game whose match keeps the rules: the options stay
    assert dict(ready(lobby, 2).config.options) == {"pagons_move": False, "steps": "1,0"}
