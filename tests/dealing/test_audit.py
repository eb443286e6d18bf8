"""The end-of-game audit: honest games pass, hidden cheats and refusals are named."""

from __future__ import annotations

import pytest

import net.dealing.peer
from net.dealing import DealContext, DealingPeer
from net.dealing.driver import InMemoryTable, initial_deal
from net.dealing.messages import Message, digest

from . import cheaters
from .helpers import deck_of, make_table, true_deck


def test_honest_audit_passes_and_opens_the_whole_deck() -> None:
    context, peers, table = make_table(3, 36)
    table.deal()
    table.open_many(initial_deal(3, 36))
    verdicts = table.audit()
    truth = true_deck(context, [p.secrets for p in peers], peers[0].deck or [])
    assert set(verdicts) == {0, 1, 2}
    assert all(v.ok and v.deck == tuple(truth) for v in verdicts.values())


def test_game_check_problems_fail_the_audit() -> None:
    seen: list[list[str]] = []

    def game_check(deck: list[str]) -> list[str]:
        seen.append(deck)
        return ["seat 0 said it had no lower trump, but it held one"]

    context = DealContext(table="t", hand=0, players=2, deck=deck_of(24))
    peers = [DealingPeer(context, s, game_check=game_check) for s in range(2)]
    table = InMemoryTable(peers)
    table.deal()
    verdicts = table.audit()
    assert len(seen) == 2 and sorted(seen[0]) == sorted(deck_of(24))
    assert all(
        not v.ok and v.problems == ("seat 0 said it had no lower trump, but it held one",)
        for v in verdicts.values()
    )


def test_a_wrong_key_to_a_colluder_is_caught_at_the_audit() -> None:
    # Seat 1 sends a wrong key for position 2 (dealt to seat 2); seat 2 colludes and stays silent.
    liar = type("Cheat", (cheaters.WrongKeyDealer,), {"bad_positions": frozenset({2})})
    _, _, table = make_table(3, 24, peer_class={1: liar, 2: cheaters.CredulousColluder})
    table.deal()
    table.open_many(initial_deal(3, 24))
    verdicts = table.audit()
    assert set(verdicts) == {0, 1, 2}
    for verdict in verdicts.values():
        assert set(verdict.cheaters) == {1}
        assert verdict.cheaters[1] == ["sent a wrong key for position 2 to seat 2"]


def test_refusing_to_reveal_forfeits() -> None:
    _, peers, table = make_table(3, 24)
    table.deal()
    for seat in (0, 1):  # seat 2 never publishes its audit log nor its secrets
        table._route(seat, peers[seat].start_audit())
    table.run()
    assert table.verdicts() == {}
    table.each(lambda peer: peer.audit_timeout() if peer.seat != 2 else [])
    table.each(lambda peer: peer.audit_timeout() if peer.seat != 2 else [])
    verdicts = table.verdicts()
    assert set(verdicts) == {0, 1}
    for verdict in verdicts.values():
        assert verdict.forfeits == (2,)
        assert not verdict.ok and verdict.deck is None


def test_revealing_a_false_seed_is_named() -> None:
    _, _, table = make_table(3, 24, peer_class={0: cheaters.LyingRevealer})
    table.deal()
    verdicts = table.audit()
    for verdict in verdicts.values():
        assert set(verdict.cheaters) == {0}
        assert "does not match the keys it committed to" in verdict.cheaters[0][0]


def test_a_graceful_leave_lets_the_others_go_on_and_pass_the_audit() -> None:
    context, peers, table = make_table(4, 24)
    table.deal()
    table.open_many(initial_deal(4, 24))
    truth = true_deck(context, [p.secrets for p in peers], peers[0].deck or [])
    table.leave(3)
    assert all(3 in peer.left for peer in peers[:3])
    table.open(21, {0}, owner=0)  # a draw after seat 3 left: its key comes from its leave message
    assert peers[0].known[21][1] == truth[21]
    assert 21 not in peers[1].known
    verdicts = table.audit()
    assert set(verdicts) == {0, 1, 2}
    assert all(v.ok and v.deck == tuple(truth) for v in verdicts.values())


def test_each_seat_digests_each_deal_message_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stored message's digest is computed when it is signed or checked on receipt, and then
    reused by every citation, reference and the audit (not recomputed for each)."""
    digested: list[tuple[int, int]] = []

    def counting_digest(message: Message) -> bytes:
        digested.append((message["sender"], message["seq"]))
        return digest(message)

    monkeypatch.setattr(net.dealing.peer, "digest", counting_digest)
    _context, peers, table = make_table(3, 24)
    table.deal()
    table.open_many(initial_deal(3, 24))
    verdicts = table.audit()
    assert all(v.ok for v in verdicts.values())
    assert len(digested) == sum(peer.logged for peer in peers) == 3 * peers[0].logged
