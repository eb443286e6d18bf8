"""Round fool's counted leads: indexing `Leads` gives exactly the listing of `leads`."""

from __future__ import annotations

import random

import pytest

from engine.cards import deck_spec, parse_cards
from engine.round.actions import LEAD, RoundAction
from engine.round.leads import LeadActions, Leads, leads

SIZE_SETS = [(1, 3, 5), (1,), (3,), (5,), (1, 5), (3, 5), (1, 3)]


@pytest.mark.parametrize("deck", [24, 32, 36, 52])
def test_indexing_matches_the_listing_for_random_hands(deck: int) -> None:
    rng = random.Random(deck)
    cards = list(deck_spec(deck))
    for _ in range(40):
        hand = rng.sample(cards, rng.randrange(0, 21))
        for sizes in SIZE_SETS:
            listed = leads(hand, sizes)
            counted = Leads(hand, sizes)
            assert len(counted) == len(listed)
            assert [counted[i] for i in range(len(counted))] == listed
            assert list(counted) == listed


def test_every_section_of_a_full_hand() -> None:
    # four sixes, three sevens, two eights, two tens and singles: every kind of lead appears
    hand = parse_cards("6C 6D 6H 6S 7C 7D 7H 8S 8H 10C 10D 9S JH AS")
    listed = leads(hand, (1, 3, 5))
    counted = Leads(hand, (1, 3, 5))
    assert len(counted) == len(listed) == len(set(listed))
    assert counted[-1] == listed[-1] and counted[2:7] == listed[2:7]
    with pytest.raises(IndexError):
        counted[len(listed)]


def test_lead_actions_equal_the_tuple_of_the_same_actions() -> None:
    hand = parse_cards("6C 6S 7H 9D 9S")
    actions = LeadActions(1, hand, (1, 3, 5))
    expected = tuple(RoundAction(1, LEAD, cards) for cards in leads(hand, (1, 3, 5)))
    assert len(actions) == len(expected)
    assert actions == expected and expected == actions and tuple(actions) == expected
    assert actions[3] == expected[3] and actions[-1] == expected[-1]
    assert actions[::4] == list(expected[::4])
    assert RoundAction.parse("1 lead 6C 6S 7H") in actions
    assert RoundAction.parse("1 lead 6C 7H 9D") not in actions
    assert hash(actions) == hash(expected)
