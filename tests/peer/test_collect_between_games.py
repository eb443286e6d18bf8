"""A peer closes a finished game (journal ended and retired, game forgotten) and frees its finished
games with a full collection between games, never while a game runs here: both once came a tick
after a game's end, as the next game's deal began, and stalled the seat's step of it (fsyncs, a
journal read back, tens of ms of collection), on the path every seat waits on (issue 25: start to
dealt for 3 peers). In-process peers over loopback, inside a private network namespace only."""

from __future__ import annotations

import asyncio
import gc
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from net.game_run import awaited
from net.identity import load_or_create_identity
from net.peer import Peer, PeerSettings
from tests.net.netns import requires_private_netns

pytestmark = [requires_private_netns, pytest.mark.slow]

GAMES = 3
MATCH_DEADLINE = 240.0
"""Seconds the whole match may take on a loaded machine."""


@dataclass(frozen=True)
class Moment:
    """What one peer held when it ran a full collection, or closed a game."""

    peer: str
    finished: int
    """Games over here by then (summaries in `results`)."""
    running: tuple[int, ...]
    """Games started here and not over yet: being dealt or played."""


class LateClosingPeer(Peer):
    """A peer that closes a finished game (`_maybe_end`: journal ended, game forgotten) only
    once the next game has started here: the order a quick start and the tick that closes race
    to on a quiet machine, made certain."""

    def _maybe_end(self, run: Any, now: float) -> None:
        if run.game_no < GAMES - 1 and not any(n > run.game_no for n in self.games):
            return
        super()._maybe_end(run, now)


async def play(folder: Path, kind: type[Peer]) -> tuple[list[Peer], list[Any]]:
    """A host and two members joined by address (each a `kind`) play a match of GAMES games of
    throw-in."""
    settings = PeerSettings(
        name="North", data_dir=folder / "North", host_table="Collected", variant="throw-in",
        seats=3, games=GAMES, interface="lo", bot="random", bot_seed=1,
    )  # fmt: skip
    host = kind(settings, load_or_create_identity(folder / "North" / "identity.key"))
    hosting = asyncio.get_running_loop().create_task(host.run())
    while host.listener is None:
        await asyncio.sleep(0.01)
    members = [
        kind(
            PeerSettings(
                name=name,
                data_dir=folder / name,
                connect=f"127.0.0.1:{host.listener.port}",
                interface="lo",
                bot="random",
                bot_seed=2 + n,
            ),
            load_or_create_identity(folder / name / "identity.key"),
        )
        for n, name in enumerate(("East", "South"))
    ]
    results = await asyncio.gather(*(m.run() for m in members), hosting)
    return [host, *members], list(results)


def test_a_peer_collects_its_finished_games_only_while_no_game_runs_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    collections: list[Moment] = []
    collect = gc.collect

    def noted_collect(*args: Any) -> int:
        caller = sys._getframe(1).f_locals.get("self")
        if isinstance(caller, Peer):  # a peer's own collection (not the test's, not pytest's)
            running = tuple(n for n, run in caller.games.items() if run.summary is None)
            collections.append(Moment(caller.settings.name, len(caller.results), running))
        return collect(*args)

    monkeypatch.setattr(gc, "collect", noted_collect)
    peers, results = asyncio.run(asyncio.wait_for(play(tmp_path, LateClosingPeer), MATCH_DEADLINE))
    assert all(r["ok"] and len(r["games"]) == GAMES for r in results), results
    for peer in peers:
        mine = [c for c in collections if c.peer == peer.settings.name]
        # one collection at each game's end here, after its summary ...
        assert [c.finished for c in mine] == list(range(1, GAMES + 1)), mine
        # ... while no game runs here: before this peer says ready for the next, or starts it
        assert all(c.running == () for c in mine), mine


def test_a_peer_closes_a_settled_game_before_it_says_ready_for_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game that every other seat has all of at its end (as a settled game has) is closed
    then, before the peer says ready for the next game (the host too, to its own lobby), not at
    a later tick that may come as the next deal begins."""
    open_at_ready: list[tuple[str, int, tuple[int, ...]]] = []
    to_host = Peer._to_host

    def noted_to_host(self: Peer, message: dict[str, Any]) -> None:
        if message.get("k") == "ready":
            settled = tuple(
                n
                for n, run in self.games.items()
                if run.summary is not None and run.core.net.all_acked(awaited(run))
            )
            open_at_ready.append((self.settings.name, message["game"], settled))
        to_host(self, message)

    monkeypatch.setattr(Peer, "_to_host", noted_to_host)
    peers, results = asyncio.run(asyncio.wait_for(play(tmp_path, Peer), MATCH_DEADLINE))
    assert all(r["ok"] and len(r["games"]) == GAMES for r in results), results
    for peer in peers:
        mine = [
            (game, settled) for name, game, settled in open_at_ready if name == peer.settings.name
        ]
        assert [game for game, _ in mine][-(GAMES - 1) :] == list(range(1, GAMES)), mine
        assert all(settled == () for _, settled in mine), mine
