"""Round fool's leads: "1 card - any card; 3 cards - any card and one pair of cards; 5 cards -
any card and two pairs of cards" (pairs by rank). Every such set of a hand, each once.

`leads` lists them; `Leads` (and `LeadActions`, the same as a seat's actions) counts them and
builds the one asked for, in the same order, for players that pick one at random."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations
from operator import attrgetter
from typing import overload

from engine.cards import Card
from engine.round.actions import LEAD, RoundAction

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


@cache
def _choices(count: int, size: int) -> tuple[tuple[int, ...], ...]:
    """`combinations(range(count), size)` as a tuple (index i is the i-th combination)."""
    return tuple(combinations(range(count), size))


def _pick(group: list[Card], indices: tuple[int, ...]) -> Group:
    """The cards of `group` at `indices`, in that order."""
    return tuple(group[i] for i in indices)


class Leads(Sequence[Group]):
    """The leads of a hand in exactly `leads`' order: counted at once, one built when indexed.

    A hand of 18 cards has about 300 leads; a player choosing one at random (a random bot, a
    playout) needs their number and one of them, not all of them. Iterating lists them all
    with `leads`; indexing decodes the position section by section (the same order)."""

    __slots__ = ("_by_rank", "_hand", "_ordered", "_sections", "_size", "_sizes")

    def __init__(self, hand: Sequence[Card], sizes: Sequence[int]) -> None:
        self._hand, self._sizes = hand, sizes
        ordered = sorted(hand, key=_CODE)
        by_rank: dict[int, list[Card]] = {}
        for card in ordered:
            by_rank.setdefault(card.rank, []).append(card)
        self._ordered, self._by_rank = ordered, by_rank
        paired = [(rank, len(cards)) for rank, cards in by_rank.items() if len(cards) >= 2]
        n = len(ordered)
        # (number of leads, kind, rank, other rank) in `leads`' order; `by_rank` is in rank order.
        sections: list[tuple[int, int, int, int]] = [(n, _SINGLE, 0, 0)] if 1 in sizes else []
        if 3 in sizes and n >= 3:
            for rank, count in paired:
                sections.append((_COMB3[count], _THREE_OF_A_RANK, rank, 0))
                sections.append((_COMB2[count] * (n - count), _PAIR_AND_CARD, rank, 0))
        if 5 in sizes and n >= 5:
            sections.extend(
                (n - 4, _FOUR_AND_CARD, rank, 0) for rank, count in paired if count == 4
            )
            for index, (low, low_count) in enumerate(paired):
                for high, high_count in paired[index + 1 :]:
                    number = _COMB2[low_count] * _COMB2[high_count] * (n - low_count - high_count)
                    sections.append((number, _TWO_PAIRS_AND_CARD, low, high))
            pairs = sum(_COMB2[count] for _, count in paired)
            for rank, count in paired:
                number = _COMB3[count] * (pairs - _COMB2[count])
                sections.append((number, _THREE_AND_PAIR, rank, 0))
        self._sections = sections
        self._size = sum(section[0] for section in sections)

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Group]:
        return iter(leads(self._hand, self._sizes))

    @overload
    def __getitem__(self, index: int) -> Group: ...

    @overload
    def __getitem__(self, index: slice) -> list[Group]: ...

    def __getitem__(self, index: int | slice) -> Group | list[Group]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("lead index out of range")
        for number, kind, rank, other in self._sections:
            if index < number:
                return self._decode(index, kind, rank, other)
            index -= number
        raise AssertionError("the sections add up to the size")  # pragma: no cover

    def _decode(self, index: int, kind: int, rank: int, other: int) -> Group:
        """The `index`-th lead of one section (the loops of `leads`, unrolled)."""
        ordered, by_rank = self._ordered, self._by_rank
        if kind == _SINGLE:
            return (ordered[index],)
        group = by_rank[rank]
        if kind == _THREE_OF_A_RANK:
            return _pick(group, _choices(len(group), 3)[index])
        if kind == _PAIR_AND_CARD:
            others = [card for card in ordered if card.rank != rank]
            pair_index, single = divmod(index, len(others))
            pair = _pick(group, _choices(len(group), 2)[pair_index])
            return _with_single(pair, others[single])
        if kind == _FOUR_AND_CARD:
            others = [card for card in ordered if card.rank != rank]
            return _with_single(tuple(group), others[index])
        if kind == _TWO_PAIRS_AND_CARD:
            high = by_rank[other]
            others = [card for card in ordered if card.rank != rank and card.rank != other]
            low_pairs, high_pairs = _choices(len(group), 2), _choices(len(high), 2)
            low_pair, rest = divmod(index, len(high_pairs) * len(others))
            high_pair, single = divmod(rest, len(others))
            pair_a, pair_b = _pick(group, low_pairs[low_pair]), _pick(high, high_pairs[high_pair])
            card = others[single]
            if card.rank < rank:
                return (card, *pair_a, *pair_b)
            if card.rank < other:
                return (*pair_a, card, *pair_b)
            return (*pair_a, *pair_b, card)
        # _THREE_AND_PAIR: three of `rank`, then every pair of every other paired rank
        pairs_of = [
            (pair_rank, cards)
            for pair_rank, cards in by_rank.items()
            if pair_rank != rank and len(cards) >= 2
        ]
        per_three = sum(_COMB2[len(cards)] for _, cards in pairs_of)
        three_index, index = divmod(index, per_three)
        three = _pick(group, _choices(len(group), 3)[three_index])
        for pair_rank, cards in pairs_of:
            count = _COMB2[len(cards)]
            if index < count:
                pair = _pick(cards, _choices(len(cards), 2)[index])
                return (*three, *pair) if pair_rank > rank else (*pair, *three)
            index -= count
        raise AssertionError("the pairs add up to the section")  # pragma: no cover


_CODE = attrgetter("code")
_COMB2 = (0, 0, 1, 3, 6, 10, 15, 21, 28)  # pairs among n cards of a rank
_COMB3 = (0, 0, 0, 1, 4, 10, 20, 35, 56)  # threes among n cards of a rank
_SINGLE, _THREE_OF_A_RANK, _PAIR_AND_CARD, _FOUR_AND_CARD = range(4)
_TWO_PAIRS_AND_CARD, _THREE_AND_PAIR = range(4, 6)


class LeadActions(Sequence[RoundAction]):
    """A seat's legal leads as actions, in `Leads` order: a tuple-like sequence whose items are
    built when indexed (equal to the tuple of the same actions)."""

    __slots__ = ("_leads", "_seat")

    def __init__(self, seat: int, hand: Sequence[Card], sizes: Sequence[int]) -> None:
        self._seat, self._leads = seat, Leads(hand, sizes)

    def __len__(self) -> int:
        return len(self._leads)

    def __iter__(self) -> Iterator[RoundAction]:
        seat, make = self._seat, tuple.__new__
        return iter([make(RoundAction, (seat, LEAD, cards, None)) for cards in self._leads])

    @overload
    def __getitem__(self, index: int) -> RoundAction: ...

    @overload
    def __getitem__(self, index: slice) -> list[RoundAction]: ...

    def __getitem__(self, index: int | slice) -> RoundAction | list[RoundAction]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return tuple.__new__(RoundAction, (self._seat, LEAD, self._leads[index], None))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == len(self) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))
