"""A LAN peer keeps its finished games up to the player's "Games kept" limit (PeerSettings)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from net.history.store import DEFAULT_HISTORY_LIMIT
from net.identity import Identity
from net.peer import Peer, PeerSettings
from tests.history.games import game_file, local_game


def test_a_peer_prunes_its_history_at_the_limit_its_settings_carry(tmp_path: Path) -> None:
    assert PeerSettings("Anna", tmp_path).games_kept == DEFAULT_HISTORY_LIMIT
    settings = PeerSettings("Anna", tmp_path, host_table="t", games_kept=2)
    peer = Peer(settings, Identity.from_seed(bytes(32)))
    assert peer.history is not None and peer.history.limit == 2
    finished = game_file(local_game("throw-in", seed=5))
    for second in range(3):
        peer.history.save(
            dataclasses.replace(
                finished,
                created=f"2026-01-01T00:00:{second:02d}+00:00",
                log_hash=f"{second:02d}" + finished.log_hash[2:],
            )
        )
    assert [e.created[-8:-6] for e in peer.history.entries()] == ["02", "01"]
