"""Sub-deck shuffles: some physical cards alone, or within segments (e.g. suits within a rank)."""

from __future__ import annotations

import dataclasses

import pytest

from net.dealing import CheatDetected, DealContext, DealingPeer
from net.dealing.driver import InMemoryTable

from .helpers import deck_of


def _run(context: DealContext, players: int) -> InMemoryTable:
    peers = [DealingPeer(context, s) for s in range(players)]
    table = InMemoryTable(peers)
    table.deal()
    table.open_many([(p, set(range(players)), None) for p in range(context.size)])
    return table


def test_discards_shuffled_back_alone() -> None:
    main = DealContext(table="t", hand=3, players=3, deck=deck_of(36))
    discards = (4, 9, 17, 22, 30, 35)
    sub = main.sub_deck(discards, label="reshuffle-1")
    assert sub.context_id != main.context_id and sub.size == 6
    assert sub.card_points() == [main.card_points()[i] for i in discards]
    table = _run(sub, 3)
    opened = table.opened(0)
    assert sorted(opened.values()) == sorted(main.deck[i] for i in discards)
    assert table.opened(1) == opened == table.opened(2)


def test_segmented_shuffle_keeps_ranks_in_place() -> None:
    """Albanian fool's talon: ordered by rank, suits shuffled within each rank."""
    deck = deck_of(24)
    by_rank = tuple(sorted(range(24), key=lambda i: (deck[i][:-1], deck[i][-1])))
    context = DealContext(
        table="t", hand=0, players=2, deck=deck, cards=by_rank, segments=(4,) * 6, label="albanian"
    )
    opened = _run(context, 2).opened(0)
    for segment in range(6):
        ranks = {opened[p][:-1] for p in range(4 * segment, 4 * segment + 4)}
        assert len(ranks) == 1


def test_a_shuffle_across_segments_is_caught() -> None:
    deck = deck_of(24)
    context = DealContext(table="t", hand=0, players=2, deck=deck, segments=(12, 12))
    peers = [DealingPeer(context, 0), DealingPeer(context, 1)]
    crossing = list(range(24))
    crossing[0], crossing[23] = 23, 0  # seat 1 swaps a card between the two segments
    peers[1].secrets = dataclasses.replace(peers[1].secrets, permutation=tuple(crossing))
    table = InMemoryTable(peers)
    with pytest.raises(CheatDetected) as caught:
        table.deal()
    assert caught.value.seat == 1
