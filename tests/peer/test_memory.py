"""A long match keeps memory and disk flat: two bot peers in one process play a match over
loopback (joined by address), and the traced memory and the journal folder are measured at each
game's end (inside a private network namespace only)."""

from __future__ import annotations

import asyncio
import gc
import os
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from net.identity import load_or_create_identity
from net.journal import RESULTS_SUFFIX, SUFFIX
from net.peer import GameRun, Peer, PeerSettings
from net.table.core import GameOver
from tests.net.netns import requires_private_netns

pytestmark = [requires_private_netns, pytest.mark.slow, pytest.mark.soak]  # a long-match soak

GAMES = 30  # DURAK_MEMORY_GAMES=100 for the full match
SETTLED_AFTER = 10
MAX_GROWTH_PER_GAME = 100_000  # bytes


@dataclass
class Samples:
    """Traced memory (bytes) and the journal folder at the host after each game."""

    memory: list[int] = field(default_factory=list)
    journals: list[list[str]] = field(default_factory=list)
    journal_bytes: list[int] = field(default_factory=list)


class MeasuredPeer(Peer):
    """A host that samples its memory and journals whenever a game ends here."""

    samples: Samples

    def _game_over(self, run: GameRun, over: GameOver) -> None:
        super()._game_over(run, over)
        folder = self.settings.journal_dir
        names = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
        self.samples.journals.append(names)
        self.samples.journal_bytes.append(sum((folder / n).stat().st_size for n in names))
        gc.collect()
        self.samples.memory.append(tracemalloc.get_traced_memory()[0])


async def play_match(folder: Path, games: int) -> tuple[dict[str, Any], dict[str, Any], Samples]:
    """Host and joiner (heuristic bots) play `games` games; their results and the samples."""
    host_settings = PeerSettings(
        name="North", data_dir=folder / "North", host_table="Long", seats=2, games=games,
        interface="lo", bot_seed=1,
    )  # fmt: skip
    host = MeasuredPeer(host_settings, load_or_create_identity(folder / "North" / "identity.key"))
    host.samples = Samples()
    hosting = asyncio.get_running_loop().create_task(host.run())
    while host.listener is None:
        await asyncio.sleep(0.01)
    join_settings = PeerSettings(
        name="East", data_dir=folder / "East", connect=f"127.0.0.1:{host.listener.port}",
        interface="lo", bot_seed=2,
    )  # fmt: skip
    joiner = Peer(join_settings, load_or_create_identity(folder / "East" / "identity.key"))
    joined = await joiner.run()
    hosted = await hosting
    return hosted, joined, host.samples


def test_a_long_match_keeps_memory_and_journals_flat(tmp_path: Path) -> None:
    games = int(os.environ.get("DURAK_MEMORY_GAMES", GAMES))
    tracemalloc.start()
    try:
        hosted, joined, samples = asyncio.run(asyncio.wait_for(play_match(tmp_path, games), 900))
    finally:
        tracemalloc.stop()
    for result in (hosted, joined):
        assert result["ok"] and len(result["games"]) == games
    assert [g["log_hash"] for g in hosted["games"]] == [g["log_hash"] for g in joined["games"]]
    settled = samples.memory[SETTLED_AFTER - 1]
    growth = (samples.memory[-1] - settled) / (games - SETTLED_AFTER)
    print(f"memory after game {SETTLED_AFTER}: {settled / 1e6:.2f} MB; growth {growth:.0f} B/game")
    assert growth < MAX_GROWTH_PER_GAME
    # on disk: the last finished game's journal, the running one (and one being closed), and
    # one results file
    for names in samples.journals[1:]:
        assert len([n for n in names if n.endswith(SUFFIX)]) <= 3  # + one closing
        assert len([n for n in names if n.endswith(RESULTS_SUFFIX)]) == 1
    assert max(samples.journal_bytes) < 1 << 20
    folder = tmp_path / "North" / "journals"
    assert len(list(folder.glob("*" + SUFFIX))) == 1  # the last game's, for its audit
