"""Czech fool's draws tell the other seats something: a seat that drew held no card that fitted,
and the search bot's deal of what it cannot see (`resample`, then `deal_around_shown`) respects
that."""

from __future__ import annotations

import random

from engine.bots.czech_heuristic import make_czech_bot
from engine.bots.kind_search import KindSearchBot
from engine.cards import Card
from engine.czech.actions import DRAW
from engine.czech.game import CzechGame
from engine.czech.misfits import deal_around_misfits
from engine.czech.rules import get_czech_rules


def fits_then(card: Card, suits: tuple[object, ...], ranks: tuple[object, ...]) -> bool:
    return card.suit in suits or card.rank in ranks


def test_the_search_bot_s_deal_gives_no_fitting_card_to_a_hand_that_drew() -> None:
    checked = 0
    searcher = make_czech_bot("search", 0)
    assert isinstance(searcher, KindSearchBot)
    for seed in range(6):
        game = CzechGame.new(get_czech_rules("czech"), 3, random.Random(seed))
        bots = [make_czech_bot("heuristic", seat) for seat in range(3)]
        rng = random.Random(seed)
        while not game.over and len(game.log) < 400:
            seat = game.to_act[0]
            action = bots[seat].choose(game, seat)
            game.apply(action)
            if action.kind != DRAW or game.over:
                continue
            slots, suits, ranks = game.misfits[-1]
            viewer = (action.seat + 1) % 3
            hidden = [s for s in slots if not game.known[s] >> viewer & 1]
            for turn in range(10):
                if turn % 2:
                    deal = game.resample(viewer, rng)
                    deal.deal_around_shown(viewer, rng)
                else:
                    deal = searcher.sample(game, viewer, rng)  # the search bot's deal
                assert sorted(map(str, deal.faces)) == sorted(map(str, game.faces))
                for slot in hidden:
                    assert not fits_then(deal.faces[slot], suits, ranks), (seed, slot)
                    checked += 1
    assert checked > 500


def test_misfits_no_deal_can_meet_leave_the_shuffle_as_it_was() -> None:
    """A player who drew holding a fitting card (voluntary draws): no deal fits, none is forced."""
    cards = [Card.parse(text) for text in ("7H", "8H", "9H", "10H")]
    known = [0b10, 0b10, 0b10, 0b10]  # hidden from seat 0
    generation = [0, 0, 0, 0]
    misfits = [((0, 1), ("H",), ())]  # hearts fitted, and every card left is a heart
    rng = random.Random(1)
    assert deal_around_misfits(cards, known, generation, 0, misfits, rng) == cards


def test_a_misfit_holds_only_for_slots_the_seat_cannot_see() -> None:
    cards = [Card.parse(text) for text in ("7H", "8S", "9C", "10H")]
    known = [0b01, 0b10, 0b10, 0b10]  # seat 0 sees slot 0 (a heart, as it is)
    misfits = [((0, 1, 2), ("H",), ())]
    for seed in range(20):
        dealt = deal_around_misfits(cards, known, [0, 0, 0, 0], 0, misfits, random.Random(seed))
        assert dealt[0] == cards[0]
        assert all(card.suit != "H" for card in dealt[1:3])
        assert dealt[3] == cards[3]  # the one hidden heart can only lie in the free slot
