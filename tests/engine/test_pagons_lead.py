"""Who deals and who leads a deal of durak with pagons (`engine.pagons.lead`): the lowest trump
dealt, with none dealt the deal's lot; the match deals every deal as a LAN table does."""

from __future__ import annotations

import random

from engine.cards import Card, deck_spec
from engine.pagons.bots import make_pagons_bot
from engine.pagons.game import PagonsGame
from engine.pagons.lead import FIRST_DEALT_SEAT, first_lead, first_leader
from engine.pagons.match import PagonsMatch
from engine.pagons.rules import get_pagons_rules

RULES = get_pagons_rules("pagons")


def no_trump_dealt(players: int, trump: str = "H") -> list[Card]:
    """A deck whose dealt hands hold no card of `trump`, the last position a `trump` card."""
    deck = list(deck_spec(RULES.deck))
    return [c for c in deck if c.suit != trump] + [c for c in deck if c.suit == trump]


def test_the_lowest_trump_dealt_leads_wherever_the_deal_starts() -> None:
    for seed in range(20):
        deck = list(deck_spec(RULES.deck))
        random.Random(seed).shuffle(deck)
        game = PagonsGame.from_deck(RULES, 3, deck, seed % 3, lot=random.Random(seed))
        trump = deck[-1].suit
        held = [(deck[p].rank, s) for s in range(3) for p in game.hands[s] if deck[p].suit == trump]
        if held:
            assert game.attacker == min(held)[1]


def test_with_no_trump_dealt_the_deals_lot_draws_the_leader() -> None:
    """Not the seat dealt first: the lot, as at a table (which draws it from its session)."""
    leaders = []
    for seed in range(12):
        game = PagonsGame.from_deck(RULES, 3, no_trump_dealt(3), lot=random.Random(seed))
        assert game.attacker == random.Random(seed).randrange(3)
        leaders.append(game.attacker)
    assert set(leaders) == {0, 1, 2}
    cards = [[game.faces[s] for s in hand] for hand in game.hands]
    assert first_leader(cards, "H", random.Random(11)) == game.attacker


def test_a_new_deal_draws_its_lot_from_its_own_generator() -> None:
    found = 0
    for seed in range(400):
        game = PagonsGame.new(RULES, 2, random.Random(seed))
        dealt = [game.faces[s] for hand in game.hands for s in hand]
        if any(card.suit == game.trump for card in dealt):
            continue
        found += 1
        again = random.Random(seed)
        deck = list(deck_spec(RULES.deck))
        again.shuffle(deck)
        assert game.attacker == again.randrange(2)
    assert found  # about 2 % of two-seat deals hold no trump


def test_every_deal_of_a_match_is_dealt_and_led_as_a_table_deals_and_leads_it() -> None:
    """Seat 0 is dealt the first card of every deal (the table's layout), whoever was the fool,
    and nothing from the last deal fixes the next leader."""
    match = PagonsMatch(RULES, 3)
    hands, talon = PagonsGame.table_layout(RULES, 3)
    rng = random.Random(2)
    bots = [make_pagons_bot("heuristic", seat) for seat in range(3)]
    fools = []
    for _ in range(6):
        game = match.new_game(rng)
        assert game.hands == hands and game.talon == talon and FIRST_DEALT_SEAT == 0
        cards = [[game.faces[s] for s in hand] for hand in hands]
        if any(c.suit == game.trump for hand in cards for c in hand):
            assert game.attacker == first_leader(cards, game.trump, random.Random(0))
        while not game.over:
            game.apply(bots[game.turn].choose(game, game.turn))  # type: ignore[arg-type]
        fools.append(game.fool)
        match.record(game)
    assert any(fool not in (None, 0) for fool in fools)  # a deal after another seat's loss
    lead = first_lead(3)
    assert lead.claims and lead.leader is None
