"""Game files: a finished game of every kind written, read, verified and replayed to its end;
a tampered or unreadable file refused in words; never a secret in a file."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import msgpack
import pytest

from net.history.gamefile import (
    GAME_FILE_VERSION,
    GameFile,
    GameFileError,
    encode_game_file,
    read_game_file,
    write_game_file,
)
from net.history.replay import replay_game_file
from net.history.verify import VERIFIED, verify_game_file
from tests.history.games import KIND_PRESETS, game_file, local_game

SEEN_BY_REPLAY = ("hand", "hand_sizes", "to_act", "over", "fool", "legal")
"""Observation fields the replay must show as the live game did (others, such as hands the
live seat saw opened at the end, follow each game's knowledge)."""


@pytest.mark.parametrize("variant", KIND_PRESETS)
def test_a_finished_game_round_trips_verifies_and_replays_to_its_end(
    variant: str, tmp_path: Path
) -> None:
    table = local_game(variant)
    gf = game_file(table)
    path = tmp_path / "game.durak"
    write_game_file(gf, path)
    read = read_game_file(path)
    assert read == gf
    verification = verify_game_file(read)
    assert verification.ok, verification.failure
    assert verification.words == VERIFIED and verification.failure is None
    replay = verification.replay or replay_game_file(read)
    assert replay.opened and len(replay.steps) == len(gf.log) > 0
    assert replay.steps[0].bout_start and replay.steps[0].words == gf.log[0]["a"]
    last = replay.state(len(replay.steps) - 1)
    live = table.core.game
    assert dict(last.result) == dict(live.result) == gf.result.outcome
    seen, shown = last.observation(0), live.observation(0)
    for name in SEEN_BY_REPLAY:
        if hasattr(shown, name):
            assert getattr(seen, name) == getattr(shown, name), name
    assert last.open_observation() is not None and replay.state(-1).public_observation() is not None
    # stepping back is the same game as stepping forward
    middle = len(replay.steps) // 2
    assert replay.state(middle).observation(1) == replay.state(middle).observation(1)


@pytest.mark.real_proofs
def test_a_game_dealt_with_real_proofs_verifies() -> None:
    gf = game_file(local_game("throw-in", players=3, seed=4))
    assert gf.deals[0].messages and verify_game_file(gf).words == VERIFIED


@pytest.fixture(scope="module")
def durak_file() -> GameFile:
    return game_file(local_game("throw-in", seed=2))


def tampered_log(gf: GameFile, index: int, **changes: object) -> GameFile:
    log = [dict(e) for e in gf.log]
    log[index].update(changes)
    return dataclasses.replace(gf, log=log)


def test_a_changed_move_is_refused_naming_it(durak_file: GameFile) -> None:
    original = durak_file.log[3]["a"]
    seat = original.split()[0]
    verification = verify_game_file(tampered_log(durak_file, 3, a=f"{seat} take"))
    assert not verification.ok and verification.words.startswith("Not verified")
    assert "move 3" in (verification.failure or "")


def test_a_changed_signature_is_refused(durak_file: GameFile) -> None:
    sig = bytearray(durak_file.log[5]["sig"])
    sig[0] ^= 1
    verification = verify_game_file(tampered_log(durak_file, 5, sig=bytes(sig)))
    assert not verification.ok
    assert "move 5" in (verification.failure or "") and "signature" in (verification.failure or "")


def test_a_changed_reveal_is_refused(durak_file: GameFile) -> None:
    deal = durak_file.deals[0]
    messages = [dict(m) for m in deal.messages]
    reveal = next(m for m in messages if m["type"] == "audit-reveal")
    reveal["seed"] = bytes(32)
    changed = dataclasses.replace(durak_file, deals=[dataclasses.replace(deal, messages=messages)])
    verification = verify_game_file(changed)
    assert not verification.ok
    failure = verification.failure or ""
    assert "deal 0" in failure and f"seat {reveal['sender']}" in failure and "reveal" in failure


def test_a_truncated_file_is_refused(durak_file: GameFile, tmp_path: Path) -> None:
    path = tmp_path / "cut.durak"
    path.write_bytes(encode_game_file(durak_file)[:-200])
    with pytest.raises(GameFileError, match="truncated"):
        read_game_file(path)


def test_a_file_of_a_newer_version_is_refused_in_words(
    durak_file: GameFile, tmp_path: Path
) -> None:
    data = msgpack.unpackb(encode_game_file(durak_file), raw=False)
    data["version"] = GAME_FILE_VERSION + 1
    path = tmp_path / "new.durak"
    path.write_bytes(msgpack.packb(data, use_bin_type=True))
    with pytest.raises(
        GameFileError, match=f"made by a newer Durak: version {GAME_FILE_VERSION + 1}"
    ):
        read_game_file(path)


def test_a_file_that_is_no_game_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "text.durak"
    path.write_bytes(b'{"not": "a game"}')
    with pytest.raises(GameFileError, match="not a game file"):
        read_game_file(path)


def test_a_finished_game_file_holds_no_secret_but_what_the_audit_revealed() -> None:
    table = local_game("throw-in", seed=3)
    body = encode_game_file(game_file(table))
    for identity in table.identities:
        assert identity.private_bytes() not in body
    revealed = {m["seed"] for d in game_file(table).deals for m in d.messages if "seed" in m}
    assert len(revealed) == 2  # every seat revealed deal 0's seed at the audit: public now


def test_a_game_left_midway_holds_no_secret_and_says_what_it_could_not_check() -> None:
    table = local_game("throw-in", seed=5, leave_after=6)
    gf = game_file(table)
    body = encode_game_file(gf)
    assert gf.result.ended == "left" and not gf.reveals
    for core in table.cores:
        assert core.identity.private_bytes() not in body
        assert core.dealing_seed not in body
    verification = verify_game_file(gf)
    assert verification.ok, verification.failure
    assert verification.words.startswith("Partly verified") and verification.unchecked
    replay = verification.replay
    assert replay is not None and not replay.opened and "no full audit" in replay.why
    assert [s.words for s in replay.steps] == [e["a"] for e in gf.log]
    # the table as it was: only faces every seat saw are open, the rest are backs
    assert gf.public_faces and replay.playable
    for (deal, position), text in gf.public_faces.items():
        assert all(core.deals[deal].known[position][1] == text for core in table.cores)
    last = replay.state(len(replay.steps) - 1)
    assert None in last.open_observation().hands[0]
    assert last.observation(0).hand == last.open_observation().hands[0]


@pytest.mark.parametrize("variant", KIND_PRESETS)
def test_a_game_left_midway_replays_with_the_faces_every_seat_saw(variant: str) -> None:
    table = local_game(variant, seed=5, leave_after=6)
    gf = game_file(table)
    replay = replay_game_file(gf)
    assert gf.result.ended == "left" and not replay.opened and replay.playable, replay.why
    assert len(replay.steps) == len(gf.log) and "backs" in replay.why
    last = replay.state(len(replay.steps) - 1)
    assert last.open_observation() is not None and last.public_observation() is not None


@pytest.mark.parametrize("variant", ["czech", "crazy", "poker"])
def test_a_game_left_after_a_redeal_replays_to_its_end_with_the_faces_every_seat_saw(
    variant: str,
) -> None:
    table = local_game(variant, seed=3, leave_after=12, leave_after_redeal=True)
    gf = game_file(table)
    assert gf.result.ended == "left" and gf.start.reshuffle_deals, "the game re-dealt"
    replay = replay_game_file(gf)
    assert not replay.opened and replay.playable and "backs" in replay.why, replay.why
    assert "stops" not in replay.why and len(replay.steps) == len(gf.log)
    assert any(deal > 0 for deal, _ in gf.public_faces), "a re-dealt card was shown"
    last = replay.state(len(replay.steps) - 1)
    live = table.cores[0].game
    everyone = (1 << len(table.cores)) - 1
    assert None in last.faces  # backs where nothing was shown
    for slot, known in enumerate(live.known):
        if known == everyone:  # every face the live table showed every seat, the same
            assert last.faces[slot] == live.faces[slot], slot
        if last.faces[slot] is not None:
            assert last.faces[slot] == live.faces[slot], slot
    assert last.public_observation() == live.public_observation()
    verification = verify_game_file(gf)
    assert verification.ok and verification.words.startswith("Partly verified")


def swapped_sources(gf: GameFile) -> GameFile:
    sources = list(gf.start.initial_sources)
    sources[-1], sources[-2] = sources[-2], sources[-1]  # two talon cards never drawn, say
    return dataclasses.replace(gf, start=dataclasses.replace(gf.start, initial_sources=sources))


def changed_public_face(gf: GameFile) -> GameFile:
    source = min(gf.public_faces)
    other = next(t for t in ("AS", "6H") if t != gf.public_faces[source])
    return dataclasses.replace(gf, public_faces={**gf.public_faces, source: other})


TAMPERS = {
    "the result's words": (
        lambda gf: dataclasses.replace(
            gf, result=dataclasses.replace(gf.result, words="Bot 9 is the fool")
        ),
        "words",
    ),
    "a face shown to every seat": (changed_public_face, "position"),
    "the card layout": (swapped_sources, "layout"),
    "a deal's label": (
        lambda gf: dataclasses.replace(
            gf, deals=[dataclasses.replace(gf.deals[0], label="other"), *gf.deals[1:]]
        ),
        "labelled",
    ),
    "the configuration": (
        lambda gf: dataclasses.replace(gf, config={**gf.config, "extra": 1}),
        "configuration",
    ),
}


@pytest.mark.parametrize("name", TAMPERS)
def test_a_changed_record_is_refused_naming_it(durak_file: GameFile, name: str) -> None:
    tamper, words = TAMPERS[name]
    verification = verify_game_file(tamper(durak_file))
    assert not verification.ok and words in (verification.failure or ""), verification.failure


def test_a_removed_lowest_trump_claim_is_refused() -> None:
    gf = game_file(local_game("throw-in", seed=8))
    assert gf.start.game_claims, "the first game of a table shows lowest trumps"
    start = dataclasses.replace(gf.start, game_claims=gf.start.game_claims[1:])
    verification = verify_game_file(dataclasses.replace(gf, start=start))
    assert not verification.ok and "lowest trumps" in (verification.failure or "")


def test_reverse_fools_claim_about_the_next_hand_is_checked_against_the_deck() -> None:
    from net.history.opening import open_game
    from net.history.verify import _proxy_problems

    gf = game_file(local_game("reverse", players=3, seed=4))
    assert verify_game_file(gf).words == VERIFIED
    opened = open_game(gf, check_proofs=False)
    assert _proxy_problems(gf, opened) == []
    seat = next(s for s, p in enumerate(gf.start.claims) if p is not None)
    claims = list(gf.start.claims)
    claims[seat] = None  # "the next seat holds no trump": the deck says it does
    lied = dataclasses.replace(gf, start=dataclasses.replace(gf.start, claims=claims))
    [problem] = _proxy_problems(lied, opened)
    assert problem.startswith(f"seat {seat}:") and "claimed no trump" in problem


def test_a_game_stopped_by_a_cheat_is_kept_and_says_what_it_could_not_check() -> None:
    from net.history.capture import game_file_of
    from tests.table.test_table_core import cheating_table, run

    table = cheating_table("illegal", seat=1, seed=3)
    over = run(table)[0]
    assert over.reason == "cheat" and over.cheater == 1
    core = table.cores[0]
    assert core is not None
    gf = game_file_of(core, over)
    assert gf.result.words == "Stopped: East was caught cheating"
    verification = verify_game_file(gf)
    assert verification.ok and verification.words.startswith("Partly verified")
    assert any("why it ended (cheat)" in line for line in verification.unchecked)


def test_a_redealt_face_changed_in_a_fully_audited_game_is_refused() -> None:
    gf = game_file(local_game("crazy", seed=3))
    assert gf.start.reshuffle_deals and verify_game_file(gf).words == VERIFIED
    source = max(gf.public_faces)  # a card of the last re-deal, shown to every seat
    assert source[0] in gf.start.reshuffle_deals
    other = next(t for t in ("AS", "6H") if t != gf.public_faces[source])
    changed = dataclasses.replace(gf, public_faces={**gf.public_faces, source: other})
    verification = verify_game_file(changed)
    assert not verification.ok
    assert f"position {source[1]} of deal {source[0]}" in (verification.failure or "")


def test_a_card_is_public_only_when_every_seat_sent_its_key_to_every_other() -> None:
    from net.history.capture import opened_to_every_seat

    messages = [
        {"type": "keys", "sender": 0, "openings": [[1, [1, 2]], [2, [1]], [3, [1, 2]]]},
        {"type": "keys", "sender": 1, "openings": [[1, [0, 2]], [2, [0, 2]], [3, [0]]]},
        {"type": "keys", "sender": 2, "openings": [[1, [0, 1]], [2, [0, 1]]]},
        {"type": "keys", "sender": 2, "openings": [[3, [0]]]},
        {"type": "leave", "sender": 2},  # published keys show no card to the table
    ]
    assert opened_to_every_seat(messages, 3) == {1}


@pytest.mark.parametrize("variant", ["throw-in", "pagons"])
def test_a_game_that_never_began_has_no_start_claims(variant: str) -> None:
    """A table closed before its deal (a host caught signing two starts) still keeps a game
    file: its start claims are none, not a crash of the peer that keeps it."""
    from net.history.capture import start_claims

    assert start_claims(variant, None) == []
