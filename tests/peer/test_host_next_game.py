"""A host that starts a match's next game unlike the finished game implies (another leader,
another dealer, another pagons level) is refused by every member, who names it and ends; an
honest host's matches play on, each member checking each start (in-process peers over loopback,
inside a private network namespace only)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.games import kind_of
from net.identity import fingerprint, load_or_create_identity, verify_signature
from net.lobby import LobbyHost, LobbyOut
from net.peer import Peer, PeerSettings
from net.peer_events import HostFault, HostMalformed
from net.table.config import TableConfig, start_signed_bytes
from tests.net.netns import requires_private_netns

pytestmark = [requires_private_netns, pytest.mark.slow]

MATCH_DEADLINE = 240.0
"""Seconds a whole test match may take on a loaded machine."""
REFUSED_WITHIN = 5.0
"""Seconds between the host's wrong start and every member's end."""

Tamper = Callable[[int | None, int | None, dict[str, Any] | None, int], tuple[Any, Any, Any]]


class HostileLobby(LobbyHost):
    """A host lobby that changes what the finished game implies for the next one."""

    tamper: Tamper

    def game_finished(
        self, first: int | None, dealer: int | None = None, options: dict[str, Any] | None = None
    ) -> list[LobbyOut]:
        first, dealer, options = self.tamper(first, dealer, options, self.seats)
        return super().game_finished(first, dealer, options)


class HostilePeer(Peer):
    """A host whose lobby is a `HostileLobby` with `tamper`; it notes when it started game 1."""

    tamper: Tamper
    second_start: float | None = None

    async def _publish(self) -> None:
        """Turn the new lobby hostile before the table is announced: `_host` creates the lobby
        and then awaits this announcement, during which a quick first game may already end."""
        assert self.lobby_host is not None
        if not isinstance(self.lobby_host, HostileLobby):
            self.lobby_host.__class__ = HostileLobby
            self.lobby_host.tamper = self.tamper  # type: ignore[attr-defined]
        await super()._publish()

    def _start_game(self, start: Any) -> None:
        if start.config.game_no == 1 and self.second_start is None:
            self.second_start = time.monotonic()
        super()._start_game(start)


def keeps_to_it(first: Any, dealer: Any, options: Any, seats: int) -> tuple[Any, Any, Any]:
    """Nothing changed."""
    return first, dealer, options


def another_first(first: Any, dealer: Any, options: Any, seats: int) -> tuple[Any, Any, Any]:
    """Who leads: the seat after the implied one (seat 0 after a draw)."""
    return (0 if first is None else (first + 1) % seats), dealer, options


def another_dealer(first: Any, dealer: Any, options: Any, seats: int) -> tuple[Any, Any, Any]:
    """Who deals: the seat after the implied dealer."""
    return first, ((dealer or 0) + 1) % seats, options


def another_level(first: Any, dealer: Any, options: Any, seats: int) -> tuple[Any, Any, Any]:
    """Pagons: the first team one level higher than the finished deal earned."""
    options = dict(options or {})
    kind = kind_of("pagons")
    assert kind is not None
    teams = len(kind.get_rules("pagons", **options).deal_steps(seats))
    steps = [int(n) for n in str(options.get("steps") or ",".join("0" * teams)).split(",")]
    steps[0] = steps[0] + 1 if steps[0] < 2 else steps[0] - 1
    return first, dealer, {**options, "steps": ",".join(map(str, steps))}


async def ended_at(member: Peer) -> tuple[Any, float]:
    """A member's result (or the error it ended with) and when it ended."""
    try:
        result: Any = await member.run()
    except Exception as error:  # the error is what the test checks
        result = error
    return result, time.monotonic()


async def play(
    folder: Path, variant: str, seats: int, games: int, tamper: Tamper | None
) -> tuple[Peer, list[Peer], list[tuple[Any, float]]]:
    """A host (hostile with `tamper`) and seats-1 members joined by address play `games`
    games; the host, the members and each member's result or error with when it ended."""
    settings = PeerSettings(
        name="North", data_dir=folder / "North", host_table="Checked", variant=variant,
        seats=seats, games=games, interface="lo", bot="random", bot_seed=1, resume_window=20.0,
    )  # fmt: skip
    identity = load_or_create_identity(folder / "North" / "identity.key")
    host: Peer
    if tamper is None:
        host = Peer(settings, identity)
    else:
        host = HostilePeer(settings, identity)
        host.tamper = tamper
    hosting = asyncio.get_running_loop().create_task(host.run())
    while host.listener is None:
        await asyncio.sleep(0.01)
    members = []
    for n, name in enumerate(("East", "South", "West")[: seats - 1]):
        member_settings = PeerSettings(
            name=name, data_dir=folder / name, connect=f"127.0.0.1:{host.listener.port}",
            interface="lo", bot="random", bot_seed=2 + n,
        )  # fmt: skip
        members.append(Peer(member_settings, load_or_create_identity(folder / name / "id.key")))
    ended = await asyncio.gather(*(ended_at(m) for m in members))
    if tamper is None:
        await hosting
    else:
        hosting.cancel()
        await asyncio.gather(hosting, return_exceptions=True)
    return host, members, list(ended)


def run_match(folder: Path, variant: str, seats: int, games: int, tamper: Tamper | None) -> Any:
    """`play` under a deadline."""
    return asyncio.run(
        asyncio.wait_for(play(folder, variant, seats, games, tamper), MATCH_DEADLINE)
    )


@pytest.mark.parametrize(
    ("variant", "seats", "tamper", "words"),
    [
        ("throw-in", 3, another_first, " leads instead of "),
        ("throw-in", 3, another_dealer, " deals instead of "),
        ("pagons", 3, another_level, "rule option steps "),
    ],
    ids=["first", "dealer", "pagons-level"],
)
def test_every_member_refuses_a_next_game_the_last_one_does_not_imply(
    tmp_path: Path, variant: str, seats: int, tamper: Tamper, words: str
) -> None:
    host, members, ended = run_match(tmp_path, variant, seats, 3, tamper)
    assert isinstance(host, HostilePeer) and host.second_start is not None
    host_words = f"the host North ({fingerprint(host.key)})"
    for member, (error, when) in zip(members, ended, strict=True):
        assert isinstance(error, HostFault), error
        assert str(error).startswith(host_words + " started game 2 unlike the last game decides")
        assert words in str(error) and error.game == 1
        assert len(error.differences) == 1, error.differences  # only what the host changed
        assert when - host.second_start < REFUSED_WITHIN
        assert len(member.results) == 1 and member.results[0]["clean"]  # game 1 was played
        assert member.checked_starts == [1] and 1 not in member.games
        # the evidence: the host signed the config it started, which the member refused
        config = TableConfig.from_wire(error.evidence["config"])
        verify_signature(host.key, error.evidence["sig"], start_signed_bytes(config))
        assert member.implied is not None and config != member.implied


@pytest.mark.parametrize(("variant", "seats"), [("throw-in", 3), ("pagons", 3)])
def test_an_honest_match_of_three_games_is_checked_and_plays_on(
    tmp_path: Path, variant: str, seats: int
) -> None:
    host, members, ended = run_match(tmp_path, variant, seats, 3, None)
    hashes = [g["log_hash"] for g in host.result()["games"]]
    assert len(hashes) == 3
    for member, (result, _) in zip(members, ended, strict=True):
        assert isinstance(result, dict) and result["ok"], result
        assert [g["log_hash"] for g in result["games"]] == hashes
        assert member.checked_starts == [1, 2]  # games 2 and 3 were checked against 1 and 2


def test_a_member_refuses_an_unsigned_start_naming_the_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unsigned start is malformed at every game, the first included (one rule)."""
    monkeypatch.setattr("net.peer_lobby.sign_start", lambda message, sign: message)
    host, members, ended = run_match(tmp_path, "throw-in", 2, 2, keeps_to_it)
    ((error, _),) = ended
    assert isinstance(error, HostMalformed), error
    assert error.differences == ["the start is not signed"]
    assert str(error).startswith(f"the host North ({fingerprint(host.key)}) sent a malformed")
    assert "sig" not in error.evidence and members[0].results == []
