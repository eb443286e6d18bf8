"""A LAN game is kept at every peer: two bot peers play one game over loopback (in a private
network namespace only) and each keeps the same verified game file under its data directory."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from net.history.gamefile import read_game_file
from net.history.store import HistoryStore
from net.history.verify import VERIFIED, verify_game_file
from net.identity import load_or_create_identity
from net.peer import Peer, PeerSettings
from tests.net.netns import requires_private_netns

pytestmark = [requires_private_netns]


async def play_one_game(folder: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """A host and a joiner (bots) play one two-seat game."""
    host_settings = PeerSettings(
        name="North", data_dir=folder / "North", host_table="Kept", seats=2, games=1,
        interface="lo", bot_seed=1,
    )  # fmt: skip
    host = Peer(host_settings, load_or_create_identity(folder / "North" / "identity.key"))
    hosting = asyncio.get_running_loop().create_task(host.run())
    while host.listener is None:
        await asyncio.sleep(0.01)
    join_settings = PeerSettings(
        name="East", data_dir=folder / "East", connect=f"127.0.0.1:{host.listener.port}",
        interface="lo", bot_seed=2,
    )  # fmt: skip
    joiner = Peer(join_settings, load_or_create_identity(folder / "East" / "identity.key"))
    joined = await joiner.run()
    return await hosting, joined


def test_every_peer_keeps_the_lan_game_as_a_verified_file(tmp_path: Path) -> None:
    hosted, joined = asyncio.run(asyncio.wait_for(play_one_game(tmp_path), 300))
    assert hosted["ok"] and joined["ok"]
    hashes = set()
    for name in ("North", "East"):
        [entry] = HistoryStore(tmp_path / name).entries()
        assert entry.damaged is None and entry.variant == "throw-in"
        assert sorted(n for n, _, _ in entry.players) == ["East", "North"]
        gf = read_game_file(entry.path)
        assert verify_game_file(gf).words == VERIFIED
        hashes.add(gf.log_hash)
    assert len(hashes) == 1 and hashes == {hosted["games"][0]["log_hash"]}
