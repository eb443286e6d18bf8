"""Honest dealing: every seat learns exactly its own cards and the opened ones."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.dealing import DealContext, DealingPeer, Ready, UsageError
from net.dealing.driver import InMemoryTable, initial_deal

from .helpers import deck_of, make_table, transcript, true_deck, view_of

SIZES = [24, 36, 52, 108]


def expected_view(players: int, size: int, seat: int) -> set[int]:
    """Positions a seat should see after the initial deal: its six cards and the trump."""
    return {p for p, seats, _ in initial_deal(players, size) if seat in seats}


EVERY_COUNT_AND_SIZE = {(2, 108), (3, 52), (4, 36), (5, 24), (6, 24)}
"""Every player count and every deck size once, the cheap way round: the suite runs these; the
other 15 pairs of the grid walk the same code with other counts (scripts/test --slow)."""


def table_shape(players: int, size: int) -> object:
    """A (players, size) parameter, `soak` unless it is in EVERY_COUNT_AND_SIZE."""
    marks = () if (players, size) in EVERY_COUNT_AND_SIZE else (pytest.mark.soak,)
    return pytest.param(players, size, id=f"{size}-{players}", marks=marks)


@pytest.mark.parametrize(
    ("players", "size"), [table_shape(players, size) for players in range(2, 7) for size in SIZES]
)
def test_each_seat_sees_its_cards_and_the_trump_and_nothing_else(players: int, size: int) -> None:
    # Few proof rounds here (the default is 64): this test is about secrecy, not proofs.
    context, peers, table = make_table(players, size, rounds=8)
    table.deal()
    assert table.ready()
    table.open_many(initial_deal(players, size))
    truth = true_deck(context, [p.secrets for p in peers], peers[0].deck or [])
    assert sorted(truth) == sorted(deck_of(size))
    for peer in peers:
        seat = peer.seat
        wanted = expected_view(players, size, seat)
        opened, missing = view_of(context, seat, peer.secrets, transcript(table, seat))
        assert set(opened) == wanted
        assert all(opened[p] == truth[p] for p in wanted)
        assert set(missing) == set(range(size)) - wanted
        assert all(count >= 1 for count in missing.values())
        assert {p: card for p, (_, card) in peer.known.items()} == {p: truth[p] for p in wanted}
        assert table.opened(seat) == {p: truth[p] for p in wanted}


def test_reverse_fool_opens_to_everybody_but_the_owner() -> None:
    context, peers, table = make_table(3, 24)
    table.deal()
    table.open(0, {1, 2}, owner=0)
    truth = true_deck(context, [p.secrets for p in peers], peers[0].deck or [])
    assert 0 not in peers[0].known
    assert peers[1].known[0][1] == truth[0] == peers[2].known[0][1]
    opened, missing = view_of(context, 0, peers[0].secrets, transcript(table, 0))
    assert 0 not in opened and missing[0] == 2


def test_no_coalition_of_the_others_reads_a_hidden_card() -> None:
    """All other seats pooling every key they hold still lack the owner's key of its cards."""
    _context, peers, table = make_table(4, 24, rounds=16)
    table.deal()
    table.open_many(initial_deal(4, 24))
    own_positions = expected_view(4, 24, 0) - {23}
    for position in own_positions:
        for peer in peers[1:]:
            assert 0 not in peer.received_keys.get(position, {})


def test_opening_before_ready_is_refused_and_changes_nothing() -> None:
    _, peers, _ = make_table(2, 24)
    with pytest.raises(UsageError):
        peers[0].open(0, {0})
    assert peers[0].sent_keys == {}


def test_deck_must_be_locked_identically_everywhere() -> None:
    _, peers, table = make_table(5, 24, rounds=16)
    table.deal()
    decks = {bytes(b"".join(p.deck or [])) for p in peers}
    assert len(decks) == 1
    assert all(sum(isinstance(e, Ready) for e in table.events[p.seat]) == 1 for p in peers)


def test_bad_contexts_are_refused() -> None:
    with pytest.raises(ValueError):
        DealContext(table="t", hand=0, players=1, deck=deck_of(24))
    with pytest.raises(ValueError):
        DealContext(table="t", hand=0, players=2, deck=deck_of(24), segments=(10, 10))
    with pytest.raises(ValueError):
        DealContext(table="t", hand=0, players=2, deck=deck_of(24), rounds=0)
    with pytest.raises(ValueError):
        DealingPeer(DealContext(table="t", hand=0, players=2, deck=deck_of(24)), 2)


@settings(max_examples=6)
@given(
    players=st.integers(min_value=2, max_value=6),
    seeds=st.lists(st.binary(min_size=32, max_size=32), min_size=6, max_size=6, unique=True),
    hand=st.integers(min_value=0, max_value=1000),
)
def test_honest_games_pass_the_audit(players: int, seeds: list[bytes], hand: int) -> None:
    context, peers, table = make_table(players, 24, seeds=seeds[:players], hand=hand)
    table.deal()
    table.open_many(initial_deal(players, 24))
    verdicts = table.audit()
    assert set(verdicts) == set(range(players))
    truth = true_deck(context, [p.secrets for p in peers], peers[0].deck or [])
    for verdict in verdicts.values():
        assert verdict.ok, verdict
        assert verdict.deck == tuple(truth)
        assert sorted(verdict.deck) == sorted(deck_of(24))


def test_the_ed25519_backend_runs_the_same_protocol() -> None:
    context = DealContext(table="t", hand=0, players=3, deck=deck_of(24), group_name="ed25519")
    peers = [DealingPeer(context, seat) for seat in range(3)]
    table = InMemoryTable(peers)
    table.deal()
    table.open_many(initial_deal(3, 24))
    verdicts = table.audit()
    assert all(v.ok for v in verdicts.values()) and len(verdicts) == 3
    truth = true_deck(context, [p.secrets for p in peers], peers[0].deck or [])
    assert peers[1].known[1][1] == truth[1]


def test_the_default_is_64_proof_rounds_and_binds_the_session() -> None:
    context = DealContext(table="t", hand=0, players=2, deck=deck_of(24))
    assert context.rounds == 64
    fewer = DealContext(table="t", hand=0, players=2, deck=deck_of(24), rounds=8)
    assert fewer.context_id != context.context_id  # peers with other round counts never agree
