"""Sub-deck shuffles: some physical cards alone, or within segments (e.g. suits within a rank)."""

from __future__ import annotations

import dataclasses

import pytest

from net.dealing import CheatDetected, DealContext, DealingPeer
from net.dealing.driver import InMemoryTable
from net.dealing.messages import Message

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


def _poker_exchange() -> tuple[list[DealingPeer], list[DealingPeer], InMemoryTable, list[int]]:
    """A 3-seat deal, then seat 0 puts back positions 0 and 3; they and the talon are re-shuffled."""
    from net.dealing.driver import initial_deal

    main = DealContext(table="t", hand=0, players=3, deck=deck_of(24))
    parents = [DealingPeer(main, s) for s in range(3)]
    InMemoryTable(parents).deal()
    parent_table = InMemoryTable(parents)
    parent_table.open_many(initial_deal(3, 24))
    hidden = [0, 3, 18, 19, 20, 21, 22]
    sub = main.hidden_sub_deck(parents[0].session or b"", hidden, "exchange-1")
    subs = [DealingPeer(sub, s, parent=parents[s]) for s in range(3)]
    table = InMemoryTable(subs)
    table.deal()
    return parents, subs, table, hidden


def test_hidden_cards_are_reshuffled_with_their_faces_unknown() -> None:
    parents, subs, table, hidden = _poker_exchange()
    truth = _open_all_with_every_key(parents)
    assert all(sub.ready for sub in subs)
    table.open(0, {1}, owner=1)  # seat 1 draws the top card of the new talon
    assert 0 in subs[1].known and 0 not in subs[0].known and 0 not in subs[2].known
    table.open_many([(p, {0, 1, 2}, None) for p in range(1, len(hidden))])
    drawn = subs[1].known[0][1]
    rest = sorted(subs[0].known[p][1] for p in range(1, len(hidden)))
    assert sorted([drawn, *rest]) == sorted(truth[p] for p in hidden)
    verdicts = table.audit()
    assert len(verdicts) == 3 and all(v.ok for v in verdicts.values())


def test_a_wrong_unlock_is_caught_at_once() -> None:
    from net.crypto.group import random_scalar

    main = DealContext(table="t", hand=0, players=2, deck=deck_of(24))
    parents = [DealingPeer(main, s) for s in range(2)]
    InMemoryTable(parents).deal()
    sub = main.hidden_sub_deck(parents[0].session or b"", [20, 21, 22], "exchange-1")

    class WrongUnlock(DealingPeer):
        def _unlock(self) -> Message:
            (parent,) = self.parents.values()
            honest = parent.secrets
            keys = list(honest.card_keys)
            keys[21] = random_scalar(self.group)
            parent.secrets = dataclasses.replace(honest, card_keys=tuple(keys))
            try:
                return super()._unlock()
            finally:
                parent.secrets = honest

    subs = [DealingPeer(sub, 0, parent=parents[0]), WrongUnlock(sub, 1, parent=parents[1])]
    with pytest.raises(CheatDetected) as caught:
        InMemoryTable(subs).deal()
    assert caught.value.seat == 1 and caught.value.evidence["position"] == 1


def test_a_hidden_sub_deck_needs_its_parent() -> None:
    main = DealContext(table="t", hand=0, players=2, deck=deck_of(24))
    sub = main.hidden_sub_deck(b"x" * 32, [1, 2], "exchange-1")
    with pytest.raises(ValueError):
        DealingPeer(sub, 0)
    with pytest.raises(ValueError):
        DealingPeer(main, 0, parent=DealingPeer(main, 0))


def _open_all_with_every_key(peers: list[DealingPeer]) -> list[str]:
    from .helpers import true_deck

    return true_deck(peers[0].context, [p.secrets for p in peers], peers[0].deck or [])


# ----------------------------------------------------------------- several parents


def _open_any_with_every_key(peers: list[DealingPeer]) -> list[str]:
    """Ground truth of a locked deck, hidden sub-decks included (any card of the deck)."""
    context, group = peers[0].context, peers[0].group
    lookup = context.card_lookup()
    faces = []
    for position, point in enumerate(peers[0].deck or []):
        product = 1
        for peer in peers:
            product = product * peer.secrets.card_keys[position] % group.order
        faces.append(context.deck[lookup[group.mult(pow(product, -1, group.order), point)]])
    return faces


def _second_reshuffle(
    wrong: tuple[int, int] | None = None,
) -> tuple[list[DealingPeer], list[DealingPeer], list[DealingPeer], InMemoryTable, list[str]]:
    """A 3-seat deal, a first re-shuffle of main positions, then a second one mixing positions
    of the main deal and of the first re-shuffle (crazy fool's second recycled bout).

    `wrong` = (seat, position of the first re-shuffle): that seat swaps a wrong key there."""
    from net.crypto.group import random_scalar
    from net.dealing.driver import initial_deal

    main = DealContext(table="t", hand=0, players=3, deck=deck_of(24))
    parents = [DealingPeer(main, s) for s in range(3)]
    parent_table = InMemoryTable(parents)
    parent_table.deal()
    parent_table.open_many(initial_deal(3, 24))
    first = main.hidden_sub_deck(parents[0].session or b"", [18, 19, 20, 21, 22], "reshuffle-1")
    subs = [DealingPeer(first, s, parent=parents[s]) for s in range(3)]
    InMemoryTable(subs).deal()
    truth_main = _open_any_with_every_key(parents)
    truth_first = _open_any_with_every_key(subs)
    sources = [(parents[0].session or b"", p) for p in (0, 7)]
    sources += [(subs[0].session or b"", p) for p in (2, 3, 4)]
    expected = sorted([truth_main[0], truth_main[7], *(truth_first[p] for p in (2, 3, 4))])
    second = main.hidden_sub_deck_of(sources, "reshuffle-2")
    assert second.parents == (parents[0].session, subs[0].session)

    class WrongUnlock(DealingPeer):
        def _unlock(self) -> Message:
            assert wrong is not None
            target = self.parents[subs[0].session or b""]
            honest = target.secrets
            keys = list(honest.card_keys)
            keys[wrong[1]] = random_scalar(self.group)
            target.secrets = dataclasses.replace(honest, card_keys=tuple(keys))
            try:
                return super()._unlock()
            finally:
                target.secrets = honest

    seconds = [
        (WrongUnlock if wrong is not None and s == wrong[0] else DealingPeer)(
            second, s, parent=[parents[s], subs[s]]
        )
        for s in range(3)
    ]
    return parents, subs, seconds, InMemoryTable(seconds), expected


def test_a_sub_deck_of_two_parents_opens_their_cards_and_audits_clean() -> None:
    _, _, seconds, table, expected = _second_reshuffle()
    table.deal()
    assert all(peer.ready for peer in seconds)
    table.open(0, {2}, owner=2)  # seat 2 draws the top card: only it learns the face
    assert 0 in seconds[2].known and 0 not in seconds[0].known and 0 not in seconds[1].known
    table.open_many([(p, {0, 1, 2}, None) for p in range(1, 5)])
    faces = [seconds[2].known[0][1], *(seconds[0].known[p][1] for p in range(1, 5))]
    assert sorted(faces) == expected
    verdicts = table.audit()
    assert len(verdicts) == 3 and all(v.ok for v in verdicts.values())
    assert sorted(verdicts[0].deck or ()) == expected


@pytest.mark.parametrize("seat", [0, 2])
def test_a_wrong_key_swap_on_a_position_of_the_second_parent_is_named(seat: int) -> None:
    # Position 3 of the first re-shuffle is the 4th position of the second sub-deck.
    _, _, _, table, _ = _second_reshuffle(wrong=(seat, 3))
    with pytest.raises(CheatDetected) as caught:
        table.deal()
    assert caught.value.seat == seat and caught.value.evidence["position"] == 3


def test_a_sub_deck_needs_every_parent_it_names() -> None:
    parents, subs, _, _, _ = _second_reshuffle()
    sources = [(parents[0].session or b"", 0), (subs[0].session or b"", 1)]
    second = parents[0].context.hidden_sub_deck_of(sources, "reshuffle-2")
    with pytest.raises(ValueError, match="parent"):
        DealingPeer(second, 0, parent=parents[0])
    with pytest.raises(ValueError, match="parent"):
        DealingPeer(second, 0, parent=[parents[0], subs[1]])
    far = [(subs[0].session or b"", 9)]  # the first re-shuffle has 5 positions only
    with pytest.raises(ValueError, match="positions"):
        DealingPeer(parents[0].context.hidden_sub_deck_of([*far, sources[0]], "x"), 0,
                    parent=[parents[0], subs[0]])  # fmt: skip
