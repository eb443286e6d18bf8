"""Round fool's leads: "1 card - any card; 3 cards - any card and one pair of cards; 5 cards -
any card and two pairs of cards" (pairs by rank). Every such set of a hand, each once."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from itertools import combinations

from engine.cards import Card

Group = tuple[Card, ...]


def is_lead(cards: Sequence[Card], sizes: Sequence[int]) -> bool:
    """Whether `cards` are one card and pairs of equal rank, in an allowed number."""
    if len(cards) not in sizes or len(set(cards)) != len(cards):
        return False
    counts: dict[int, int] = defaultdict(int)
    for card in cards:
        counts[card.rank] += 1
    return sum(n % 2 for n in counts.values()) == 1


def leads(hand: Sequence[Card], sizes: Sequence[int]) -> Iterator[Group]:
    """Every lead of `hand`, each a tuple in canonical (sorted) order, each set once.

    Groups of one rank are sorted already, so a lead is its groups joined in rank order."""
    ordered = sorted(hand)
    by_rank: dict[int, list[Card]] = defaultdict(list)
    for card in ordered:
        by_rank[card.rank].append(card)
    ranks = sorted(by_rank)
    if 1 in sizes:
        yield from ((card,) for card in ordered)
    if 3 in sizes and len(hand) >= 3:
        yield from _threes(by_rank, ranks, ordered)
    if 5 in sizes and len(hand) >= 5:
        yield from _fives(by_rank, ranks, ordered)


def _with_single(group: Group, single: Card) -> Group:
    """`group` (one rank) and a card of another rank, in canonical order."""
    return (*group, single) if single.rank > group[0].rank else (single, *group)


def _threes(
    by_rank: dict[int, list[Card]], ranks: list[int], ordered: list[Card]
) -> Iterator[Group]:
    for rank in ranks:
        group = by_rank[rank]
        if len(group) < 2:
            continue
        yield from combinations(group, 3)  # a pair and a card of the same rank
        others = [card for card in ordered if card.rank != rank]
        for pair in combinations(group, 2):
            for single in others:
                yield _with_single(pair, single)


def _fives(
    by_rank: dict[int, list[Card]], ranks: list[int], ordered: list[Card]
) -> Iterator[Group]:
    paired = [rank for rank in ranks if len(by_rank[rank]) >= 2]
    for rank in paired:  # four of a rank (two pairs) and any card
        if len(by_rank[rank]) == 4:
            four = tuple(by_rank[rank])
            for single in ordered:
                if single.rank != rank:
                    yield _with_single(four, single)
    for low, high in combinations(paired, 2):
        others = [card for card in ordered if card.rank not in (low, high)]
        for pair_a in combinations(by_rank[low], 2):
            for pair_b in combinations(by_rank[high], 2):
                for single in others:
                    if single.rank < low:
                        yield (single, *pair_a, *pair_b)
                    elif single.rank < high:
                        yield (*pair_a, single, *pair_b)
                    else:
                        yield (*pair_a, *pair_b, single)
    for odd in paired:  # three of a rank (a pair and a card) and a pair of another
        for three in combinations(by_rank[odd], 3):
            for rank in paired:
                if rank != odd:
                    for pair in combinations(by_rank[rank], 2):
                        yield (*three, *pair) if rank > odd else (*pair, *three)
