"""The first lead, decided in one place (engine.first_lead): claims only when the cards decide."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from engine.cards import Card, parse_cards
from engine.first_lead import FirstLead, decide_first_lead, deciding_card
from engine.game import Game
from engine.match import Match, next_leader
from engine.rules import PRESETS, get_rules
from tests.engine.helpers import random_action


def finished(variant: str, players: int, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(get_rules(variant), players, random.Random(seed))
    while not game.over:
        game.apply(random_action(game, rng))
    return game


def test_no_claim_once_the_leader_is_fixed() -> None:
    """Issue point 13: a later game's leader is fixed by the previous result: nobody shows a card."""
    rules = get_rules("throw-in")
    assert decide_first_lead(rules, 3) == FirstLead(None, claims=True)
    previous = next(
        g for g in (finished("throw-in", 3, s) for s in range(20)) if g.fool is not None
    )
    decided = decide_first_lead(rules, 3, previous)
    assert decided == FirstLead((previous.fool - 1) % 3, claims=False)  # type: ignore[operator]
    draw = finished("throw-in", 3, 1)
    draw.fool = None  # a draw: nobody lost, so the cards decide again
    assert decide_first_lead(rules, 3, draw) == FirstLead(None, claims=True)


def test_chinese_nine_of_diamonds_leads_every_game() -> None:
    """Chinese: claims every game; the 9D's holder leads even when a previous game exists."""
    rules = get_rules("chinese")
    previous = next(g for g in (finished("chinese", 3, s) for s in range(20)) if g.fool is not None)
    assert decide_first_lead(rules, 3, previous).claims
    shown = [[Card.parse("6S")], [Card.parse("9D")], []]
    assert decide_first_lead(rules, 3, previous, shown, ["S"] * 3).leader == 1
    assert next_leader(rules, 3, previous) is not None  # the LAN table's reading today


def test_deciding_cards() -> None:
    """A seat shows the 9D (chinese), its lowest trump, its lowest card (fallback), or nothing."""
    hand = list(parse_cards(["9D", "7S", "QS", "6H"]))
    assert deciding_card(get_rules("throw-in"), hand, "S") == Card.parse("7S")
    assert deciding_card(get_rules("chinese"), hand, "S") == Card.parse("9D")
    assert deciding_card(get_rules("throw-in"), hand, "C") is None
    assert deciding_card(get_rules("simple"), hand, "C") == Card.parse("6H")
    assert deciding_card(get_rules("trumpless"), hand, None) == Card.parse("6H")


@pytest.mark.parametrize("variant", ["throw-in", "simple", "trumpless", "jokers", "big"])
def test_shown_cards_pick_the_same_leader_as_whole_hands(variant: str) -> None:
    """Deciding from the shown cards alone gives the leader the whole hands give."""
    rules = PRESETS[variant]
    for seed in range(60):
        players = 2 + seed % 3
        game = Game.new(rules, players, random.Random(seed))
        hands = [game.hand_cards(s) for s in range(players)]
        trump = game.trump_suit
        whole = decide_first_lead(
            rules, players, None, hands, [trump] * players, random.Random(seed)
        )
        expected = whole.leader
        shown = [[c] if (c := deciding_card(rules, h, trump)) else [] for h in hands]
        decided = decide_first_lead(rules, players, None, shown, [trump] * players)
        if any(shown):  # with nothing shown a lot decides: any seat may win it
            assert decided.leader == expected


def test_a_match_leads_later_games_from_the_previous_result() -> None:
    """Match.new_game asks decide_first_lead: the fool's neighbour leads, without claims."""
    rules = get_rules("throw-in", next_lead="from_under_fool")
    match = Match(rules, 3)
    rng = random.Random(3)
    for _ in range(4):
        previous = match.games[-1] if match.games else None
        decided = decide_first_lead(rules, 3, previous)
        game = match.new_game(rng)
        if decided.leader is not None:
            assert game.lead == decided.leader and not decided.claims
        while not game.over:
            game.apply(random_action(game, rng))
        match.record(game)


def test_a_first_lead_survives_deepcopy_and_pickle() -> None:
    """Compiled too (a table core holding one is deep-copied by the hostile tests)."""
    for lead in (FirstLead(2, True), FirstLead(None, False)):
        assert copy.deepcopy(lead) == lead == pickle.loads(pickle.dumps(lead))
        assert copy.copy(lead) == lead
