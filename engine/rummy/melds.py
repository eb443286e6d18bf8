"""Combinations of joker rummy: runs of one suit and sets of one rank, with jokers.

A run is given low to high; its positions run from 1 (an ace below the deuce) to 14 (an ace
above the king), and a joker stands for the card of its position. A set holds one rank in
different suits (3 or 4 cards); a joker in it stands for a suit the set lacks. Every
combination holds at least one natural card. Pure functions on cards; no game state.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations, permutations
from operator import attrgetter

from engine.cards import BLACK_JOKER, RANK_TEXT, RED_JOKER, SUITS, Card

BY_CODE = attrgetter("code")
"""Sort key of cards: rank, then suit, jokers last (as `Card.__lt__`, without its call)."""
RUN = "run"
SET = "set"
MIN_MELD = 3
TOP_POSITION = 14
SET_SIZE = 4


_CARD_AT: dict[str, tuple[Card, ...]] = {
    suit: tuple(Card.parse(RANK_TEXT[14 if p == 1 else max(p, 2)] + suit) for p in range(15))
    for suit in SUITS
}  # position 0 is a placeholder: no run reaches it

_BY_RANK: dict[int, dict[str, Card]] = {
    rank: {suit: _CARD_AT[suit][rank] for suit in SUITS} for rank in range(2, 15)
}
_LANE = 16  # bits per suit in `_BIT`: run positions 1 to 14, bits 0 and 15 always clear
_BIT: dict[Card, int] = {
    card: 1 << (_LANE * SUITS.index(card.suit) + card.rank)
    for cards in _CARD_AT.values()
    for card in cards
    if card.suit is not None
}
"""Each natural card's bit for `live_cards`: its rank's bit in its suit's lane of 16 bits."""
_RANKS = (1 << _LANE) - 1  # one lane
_EVERY_LANE = sum(1 << (_LANE * s) for s in range(len(SUITS)))  # bit 0 of every lane


def card_of(position: int, suit: str) -> Card:
    """The natural card at a run position (1 and 14 are both the ace)."""
    return _CARD_AT[suit][position]


def hand_value(card: Card, joker_points: int) -> int:
    """Points of a card left in hand: ace 11, pictures 10, the rest their value, joker given."""
    if card.is_joker:
        return joker_points
    return 11 if card.rank == 14 else min(card.rank, 10)


def position_value(position: int, low_ace: int) -> int:
    """Points a run position adds to a first laying (a low ace counts `low_ace`)."""
    if position == 1:
        return low_ace
    return 11 if position == TOP_POSITION else min(position, 10)


def run_low(cards: Sequence[Card]) -> int | None:
    """The position of a run's first card, or None when `cards` (low to high) is no run."""
    if not MIN_MELD <= len(cards) <= TOP_POSITION:
        return None
    naturals = [(i, c) for i, c in enumerate(cards) if not c.is_joker]
    if not naturals or len({c.suit for _, c in naturals}) != 1:
        return None
    index, first = naturals[0]
    lows = (1 - index, 14 - index) if first.rank == 14 else (first.rank - index,)
    for low in lows:
        if low < 1 or low + len(cards) - 1 > TOP_POSITION:
            continue
        if all(c is card_of(low + i, str(c.suit)) for i, c in naturals):
            return low
    return None


def set_rank(cards: Sequence[Card]) -> int | None:
    """The rank of a set, or None when `cards` is no set (3-4 cards, one rank, suits differ)."""
    if not MIN_MELD <= len(cards) <= SET_SIZE:
        return None
    naturals = [c for c in cards if not c.is_joker]
    if not naturals or len({c.rank for c in naturals}) != 1:
        return None
    if len({c.suit for c in naturals}) != len(naturals):
        return None
    return naturals[0].rank


def set_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A set's canonical order: natural cards by suit, then jokers."""
    return tuple(sorted(cards, key=lambda c: (c.is_joker, c.code)))


def meld_value(kind: str, cards: Sequence[Card], low_ace: int) -> int:
    """Points of a valid combination towards a first laying (a joker counts as its card)."""
    if kind == RUN:
        low = run_low(cards)
        assert low is not None
        return sum(position_value(low + i, low_ace) for i in range(len(cards)))
    rank = set_rank(cards)
    assert rank is not None
    return len(cards) * (11 if rank == 14 else min(rank, 10))


def _survey(held: Sequence[Card]) -> tuple[dict[str, list[bool]], dict[int, list[str]]]:
    """One pass over a hand: the run positions held in each suit, the suits held of each rank."""
    positions: dict[str, list[bool]] = {}
    suits: dict[int, list[str]] = {}
    for card in held:
        if card.suit is None:
            continue
        have = positions.get(card.suit)
        if have is None:
            have = positions[card.suit] = [False] * (TOP_POSITION + 2)
        have[card.rank] = True
        if card.rank == TOP_POSITION:
            have[1] = True
        of_rank = suits.setdefault(card.rank, [])
        if card.suit not in of_rank:
            of_rank.append(card.suit)
    for of_rank in suits.values():
        of_rank.sort()
    return positions, suits


def _run_melds(
    held: Sequence[Card],
    jokers: Sequence[Card],
    suit: str,
    must: int | None,
    have: list[bool],
) -> Iterator[tuple[Card, ...]]:
    """Runs of `suit` from a hand (those covering position `must` when given); `have[p]`:
    the hand holds the suit's card at position p."""
    cards_at = _CARD_AT[suit]
    spare = len(jokers)
    if not spare:
        yield from _natural_runs(held, cards_at, have, must)
        return
    following = [TOP_POSITION + 1] * (TOP_POSITION + 2)  # the first natural at or after p
    for position in range(TOP_POSITION, 0, -1):
        following[position] = position if have[position] else following[position + 1]
    lows = range(1, TOP_POSITION - 1) if must is None else range(max(1, must - 13), must + 1)
    for low in lows:
        if following[low] - low > spare or following[low] > TOP_POSITION:
            continue  # a run needs a natural card within reach of its jokers
        gaps: list[int] = []
        for high in range(low, TOP_POSITION + 1):
            if not have[high]:
                gaps.append(high)
                if len(gaps) > spare:
                    break
            length = high - low + 1
            if length < MIN_MELD or length == len(gaps) or (must is not None and high < must):
                continue
            full = low == 1 and high == TOP_POSITION
            if not gaps and not full:
                yield cards_at[low : high + 1]
                continue
            spaces = [gaps]
            if full and have[1] and held.count(cards_at[1]) < 2:
                spaces = [[1, *gaps], [*gaps, TOP_POSITION]]  # one ace: a joker is the other
            for space in spaces:
                if len(space) > spare or len(space) == length:
                    continue
                for fill in sorted(set(permutations(jokers, len(space)))):
                    run = list(cards_at[low : high + 1])
                    for position, joker in zip(space, fill, strict=True):
                        run[position - low] = joker
                    yield tuple(run)


def _natural_runs(
    held: Sequence[Card], cards_at: tuple[Card, ...], have: list[bool], must: int | None
) -> Iterator[tuple[Card, ...]]:
    """Runs without jokers: every window of 3 or more inside a stretch of held positions."""
    position = 1
    while position <= TOP_POSITION:
        if not have[position]:
            position += 1
            continue
        start = position
        while position <= TOP_POSITION and have[position]:
            position += 1
        end = position - 1  # the stretch start..end is held
        if must is not None and not start <= must <= end:
            continue
        for low in range(start, end - 1) if must is None else range(start, must + 1):
            first_high = low + MIN_MELD - 1 if must is None else max(low + MIN_MELD - 1, must)
            for high in range(first_high, end + 1):
                if low == 1 and high == TOP_POSITION and held.count(cards_at[1]) < 2:
                    continue
                yield cards_at[low : high + 1]


def _set_melds(
    jokers: Sequence[Card], rank: int, must: str | None, suits: list[str]
) -> Iterator[tuple[Card, ...]]:
    """Sets of `rank` from a hand holding `suits` of it (those with the suit `must` if given)."""
    by_suit = _BY_RANK[rank]
    if len(suits) + len(jokers) < MIN_MELD:
        return
    if not jokers:  # the loop below with nothing to add: natural sets of 3 or more suits
        for size in range(MIN_MELD, len(suits) + 1):
            for chosen in combinations(suits, size):
                if must is None or must in chosen:
                    yield tuple(by_suit[s] for s in chosen)
        return
    for size in range(1, len(suits) + 1):
        for chosen in combinations(suits, size):
            if must is not None and must not in chosen:
                continue
            naturals = tuple(by_suit[s] for s in chosen)
            for extra in range(max(0, MIN_MELD - size), min(len(jokers), SET_SIZE - size) + 1):
                for added in sorted(set(combinations(jokers, extra))):
                    yield naturals + added


def hand_melds(cards: Sequence[Card]) -> list[tuple[str, tuple[Card, ...]]]:
    """Every distinct combination that can be laid from `cards` (runs low to high)."""
    held = tuple(cards)
    jokers = sorted((c for c in held if c.is_joker), key=BY_CODE)
    positions, suits = _survey(held)
    found: list[tuple[str, tuple[Card, ...]]] = []
    for suit in sorted(positions):
        have = positions[suit]
        if jokers or _has_window(have):
            found.extend((RUN, run) for run in _run_melds(held, jokers, suit, None, have))
    spare = len(jokers)
    for rank in sorted(suits):
        if len(suits[rank]) + spare >= MIN_MELD:
            found.extend((SET, group) for group in _set_melds(jokers, rank, None, suits[rank]))
    return found


def _has_window(have: list[bool]) -> bool:
    """Whether three run positions in a row are held."""
    row = 0
    for held in have:
        row = row + 1 if held else 0
        if row == MIN_MELD:
            return True
    return False


def _melds_with(cards: tuple[Card, ...], card: Card) -> Iterator[tuple[str, tuple[Card, ...]]]:
    """Every combination of `cards` (sorted) that holds `card` (a natural card)."""
    jokers = [c for c in cards if c.is_joker]  # `cards` is sorted: so are its jokers
    suit, rank = str(card.suit), card.rank
    have = [False] * (TOP_POSITION + 2)  # the run positions of `suit` held
    of_rank: list[str] = []  # the suits of `rank` held
    for other in cards:
        if other.suit == suit:
            have[other.rank] = True
        if other.rank == rank and other.suit not in of_rank:
            of_rank.append(str(other.suit))
    have[1] = have[TOP_POSITION]
    of_rank.sort()
    for position in (1, 14) if rank == 14 else (rank,):
        for run in _run_melds(cards, jokers, suit, position, have):
            yield RUN, run
    for group in _set_melds(jokers, rank, suit, of_rank):
        yield SET, group


def remove_cards(cards: tuple[Card, ...], used: Sequence[Card]) -> tuple[Card, ...]:
    """`cards` (sorted) without one copy of each card of `used`."""
    rest = list(cards)
    for card in used:
        rest.remove(card)
    return tuple(rest)


def live_cards(cards: Sequence[Card]) -> list[Card]:
    """The cards of `cards` that some combination of `cards` could hold (all, with two jokers;
    the jokers always)."""
    bit = _BIT
    mask = jokers = 0  # bit p of a suit's lane: the suit's card at run position p is held
    for card in cards:
        if card in bit:
            mask |= bit[card]
        else:
            jokers += 1
    if jokers > 1:
        return list(cards)  # two jokers make a run with any card
    clubs, diamonds = mask & _RANKS, mask >> _LANE & _RANKS
    hearts, spades = mask >> 2 * _LANE & _RANKS, mask >> 3 * _LANE
    if jokers:  # bit r: two suits or more of rank r are held (a joker is the third)
        sets = (clubs | diamonds) & (hearts | spades) | clubs & diamonds | hearts & spades
    else:  # bit r: three suits or more of rank r are held
        sets = (clubs & diamonds & (hearts | spades)) | ((clubs | diamonds) & hearts & spades)
    # every lane at once: a shift moves a held bit at most into a neighbour lane's bit 0 or
    # 15, which no card holds, and the `mask &` below clears it
    mask |= mask >> 13 & _EVERY_LANE << 1  # the ace is position 1 too
    if jokers:  # another card of the run within two places: a joker fills the gap
        runs = mask & (mask >> 1 | mask << 1 | mask >> 2 | mask << 2)
    else:
        window = mask & mask >> 1 & mask >> 2  # bit p: positions p, p+1, p+2 are held
        runs = window | window << 1 | window << 2
    live = sets * _EVERY_LANE | runs | (runs & _EVERY_LANE << 1) << 13  # a low ace run: the ace
    return [card for card in cards if card not in bit or live & bit[card]]


def one_joker(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """`cards` (sorted) with every joker as the red one: a joker's colour plays no part, so
    searches that differ only in which joker is left share `reaches`' cache."""
    if BLACK_JOKER not in cards:
        return cards
    return tuple(RED_JOKER if card is BLACK_JOKER else card for card in cards)


def laying_bound(cards: Sequence[Card]) -> int:
    """A quick upper bound of `best_laying`: the points of every card that some combination
    could hold (a joker counts 11)."""
    return sum(11 if c.is_joker else hand_value(c, 0) for c in live_cards(cards))


@lru_cache(maxsize=1 << 15)
def best_laying(cards: tuple[Card, ...], low_ace: int) -> int:
    """The most points of combinations, none sharing a card, that `cards` (sorted) can lay."""
    if len(cards) < MIN_MELD or cards[0].is_joker:
        return 0  # jokers sort last: nothing but jokers lays nothing
    first, rest = cards[0], cards[1:]
    best = best_laying(rest, low_ace)  # the first card stays in hand
    for kind, meld in _melds_with(cards, first):
        value = meld_value(kind, meld, low_ace)
        best = max(best, value + best_laying(remove_cards(cards, meld), low_ace))
    return best


@lru_cache(maxsize=1 << 10)
def _run_points(low: int, length: int, low_ace: int) -> int:
    """Points of the run positions low .. low + length - 1 towards a first laying."""
    return sum(position_value(low + i, low_ace) for i in range(length))


def _scored_melds_with(
    cards: tuple[Card, ...], card: Card, low_ace: int
) -> Iterator[tuple[int, tuple[Card, ...]]]:
    """`_melds_with` with each combination's points (as `meld_value`, without a re-check)."""
    for kind, meld in _melds_with(cards, card):
        yield laid_points(kind, meld, low_ace), meld


def laid_points(kind: str, meld: Sequence[Card], low_ace: int) -> int:
    """`meld_value` of a combination known to be valid (a run's first place read off its
    first natural card, without checking the rest)."""
    index = 0
    while meld[index].is_joker:
        index += 1
    rank = meld[index].rank
    if kind == SET:
        return len(meld) * (11 if rank == 14 else min(rank, 10))
    low = (1 if index == 0 else 14 - index) if rank == 14 else rank - index
    return _run_points(low, len(meld), low_ace)


@lru_cache(maxsize=1 << 16)
def reaches(cards: tuple[Card, ...], need: int, low_ace: int) -> bool:
    """Whether `cards` (sorted) can lay combinations, none sharing a card, of at least `need`
    points: `best_laying(cards, low_ace) >= need`, searched with a bound and stopping early."""
    if need <= 0:
        return True
    if len(cards) < MIN_MELD or cards[0].is_joker:
        return False
    cap = max(11, low_ace)  # the most an ace or a joker adds
    if sum(cap if c.rank >= 14 else min(c.rank, 10) for c in cards) < need:
        return False
    for value, meld in _scored_melds_with(cards, cards[0], low_ace):
        if value >= need:
            return True
        rest = tuple(live_cards(remove_cards(cards, meld)))
        if reaches(rest, need - value, low_ace):
            return True
    return reaches(cards[1:], need, low_ace)  # the first card stays in hand


def reaches_with(cards: tuple[Card, ...], card: Card, need: int, low_ace: int) -> bool:
    """`reaches(cards, need, low_ace)` for `cards` (sorted, live) that fall short of `need`
    without one copy of `card` (a natural card): then only layings holding `card` can reach it,
    so only combinations holding it are searched."""
    if need <= 0:
        return True
    if card not in cards:
        return False  # not live: no combination holds it, the rest falls short
    for value, meld in _scored_melds_with(cards, card, low_ace):
        if value >= need:
            return True
        if reaches(tuple(live_cards(remove_cards(cards, meld))), need - value, low_ace):
            return True
    return False
