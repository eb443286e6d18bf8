"""Frames of a game not started here yet are kept within bounds: per sender in bytes, in all by
count, and only for a game that can come next."""

from __future__ import annotations

import hashlib
from pathlib import Path

from net.identity import Identity
from net.peer import Peer, PeerSettings
from net.peer_early import MAX_EARLY_BYTES_PER_PEER, MAX_EARLY_FRAMES


def make_peer(tmp_path: Path) -> Peer:
    identity = Identity.from_seed(hashlib.sha256(b"early").digest())
    return Peer(PeerSettings(name="North", data_dir=tmp_path, join_table="T"), identity)


def test_a_sender_parks_at_most_its_byte_allowance(tmp_path: Path) -> None:
    peer = make_peer(tmp_path)
    stranger, honest = b"s" * 32, b"h" * 32
    blob = {"t": "m", "s": 1, "p": {"junk": bytes(100_000)}}
    for _ in range(50):
        peer._keep_early(stranger, 0, blob)
    kept = [f for k, f, _ in peer.early.frames[0] if k == stranger]
    assert len(kept) == MAX_EARLY_BYTES_PER_PEER // 100_000
    assert peer.early.bytes_of[stranger] <= MAX_EARLY_BYTES_PER_PEER
    peer._keep_early(honest, 0, {"t": "hb", "have": [0, 0, 0]})
    assert any(k == honest for k, _, _ in peer.early.frames[0])  # others still get in


def test_frames_of_a_far_future_game_or_a_done_game_are_not_kept(tmp_path: Path) -> None:
    peer = make_peer(tmp_path)
    peer._keep_early(b"s" * 32, 5, {"t": "hb", "have": [0, 0]})
    assert peer.early.frames == {}
    peer.results.append({"game": 0})
    peer._keep_early(b"s" * 32, 0, {"t": "hb", "have": [0, 0]})
    assert peer.early.frames == {}
    peer._keep_early(b"s" * 32, 1, {"t": "hb", "have": [0, 0]})
    assert len(peer.early.frames[1]) == 1


def test_the_count_of_early_frames_is_capped(tmp_path: Path) -> None:
    peer = make_peer(tmp_path)
    for n in range(MAX_EARLY_FRAMES + 10):
        peer._keep_early(bytes([n % 251]) * 32, 0, {"t": "hb", "have": [n]})
    assert sum(len(v) for v in peer.early.frames.values()) == MAX_EARLY_FRAMES
