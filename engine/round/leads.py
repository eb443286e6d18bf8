"""Round fool's leads: "1 card - any card; 3 cards - any card and one pair of cards; 5 cards -
any card and two pairs of cards" (pairs by rank). Every such set of a hand, each once."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
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


def leads(hand: Sequence[Card], sizes: Sequence[int]) -> list[Group]:
    """Every lead of `hand`, each a tuple in canonical (sorted) order, each set once.

    Groups of one rank are sorted already, so a lead is its groups joined in rank order."""
    ordered = sorted(hand)
    by_rank: dict[int, list[Card]] = defaultdict(list)
    for card in ordered:
        by_rank[card.rank].append(card)
    paired = [rank for rank in sorted(by_rank) if len(by_rank[rank]) >= 2]
    found: list[Group] = [(card,) for card in ordered] if 1 in sizes else []
    if 3 in sizes and len(hand) >= 3:
        _add_threes(found, by_rank, paired, ordered)
    if 5 in sizes and len(hand) >= 5:
        _add_fives(found, by_rank, paired, ordered)
    return found


def _with_single(group: Group, single: Card) -> Group:
    """`group` (one rank) and a card of another rank, in canonical order."""
    return (*group, single) if single.rank > group[0].rank else (single, *group)


def _add_threes(
    found: list[Group], by_rank: dict[int, list[Card]], paired: list[int], ordered: list[Card]
) -> None:
    for rank in paired:
        group = by_rank[rank]
        found.extend(combinations(group, 3))  # a pair and a card of the same rank
        others = [card for card in ordered if card.rank != rank]
        for pair in combinations(group, 2):
            found.extend([_with_single(pair, single) for single in others])


def _add_fives(
    found: list[Group], by_rank: dict[int, list[Card]], paired: list[int], ordered: list[Card]
) -> None:
    for rank in paired:  # four of a rank (two pairs) and any card
        if len(by_rank[rank]) == 4:
            four = tuple(by_rank[rank])
            found.extend([_with_single(four, c) for c in ordered if c.rank != rank])
    for low, high in combinations(paired, 2):
        below = [c for c in ordered if c.rank < low]
        between = [c for c in ordered if low < c.rank < high]
        above = [c for c in ordered if c.rank > high]
        for pair_a in combinations(by_rank[low], 2):
            for pair_b in combinations(by_rank[high], 2):
                found.extend([(single, *pair_a, *pair_b) for single in below])
                found.extend([(*pair_a, single, *pair_b) for single in between])
                found.extend([(*pair_a, *pair_b, single) for single in above])
    for odd in paired:  # three of a rank (a pair and a card) and a pair of another
        for three in combinations(by_rank[odd], 3):
            for rank in paired:
                if rank != odd:
                    for pair in combinations(by_rank[rank], 2):
                        found.append((*three, *pair) if rank > odd else (*pair, *three))
