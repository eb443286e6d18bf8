"""Albanian fool: the whole deck ordered by rank, every position's rank public, suits hidden."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.audit import audit_game
from engine.cards import Card, deck_spec, parse_cards
from engine.errors import EngineError
from engine.game import Game, deck_ranks_by_position, rank_order_problem
from engine.rules import get_rules
from engine.scenario import ScenarioError, run_scenario
from tests.engine.helpers import random_action

ALBANIAN = get_rules("albanian")


def ranks(cards: list[Card | None]) -> list[int]:
    """Ranks of faces that must all be known."""
    assert None not in cards
    return [c.rank for c in cards if c is not None]


def test_the_whole_deck_is_ordered_by_rank_with_suits_shuffled() -> None:
    orders = set()
    for seed in range(30):
        game = Game.new(ALBANIAN, 3, random.Random(seed))
        assert ranks(game.faces) == sorted(ranks(game.faces), reverse=True)
        assert tuple(ranks(game.faces)) == deck_ranks_by_position(ALBANIAN)
        dealt = [game.faces[s] for hand in game.hands for s in hand]
        assert sorted(ranks(dealt), reverse=True) == list(deck_ranks_by_position(ALBANIAN)[:18])
        assert game.faces[game.talon[0]].rank == 10  # type: ignore[union-attr]
        trump = game.faces[game.talon[-1]]
        assert trump is not None and trump.rank == 6 and game.trump_suit == trump.suit
        orders.add(tuple(c.suit for c in game.faces[:4] if c is not None))
    assert len(orders) > 10  # the aces' suits come in many orders


def test_deck_ranks_by_position_give_one_segment_per_rank() -> None:
    assert deck_ranks_by_position(ALBANIAN) == tuple(r for r in range(14, 5, -1) for _ in range(4))
    big = get_rules("albanian", deck=52)
    assert deck_ranks_by_position(big)[:5] == (14, 14, 14, 14, 13)
    assert deck_ranks_by_position(big)[-1] == 2 and len(deck_ranks_by_position(big)) == 52


def test_a_deck_not_ordered_by_rank_cannot_be_dealt_nor_audited() -> None:
    deck = list(deck_spec(36))
    random.Random(1).shuffle(deck)
    with pytest.raises(EngineError, match="ordered by rank"):
        Game.from_deck(ALBANIAN, 2, deck)
    problems = audit_game(ALBANIAN, 2, deck, [], first=0)
    assert problems and "cannot be dealt" in problems[0]


@pytest.mark.parametrize(
    ("hands", "talon", "reason"),
    [
        ([["AC", "KD"], ["AS", "KH"]], ["QS", "KC", "6H"], "QS would be dealt above the higher KC"),
        ([["KD", "AC"], ["AS", "KH"]], ["QS", "6H"], "KD would be dealt above the higher AS"),
        ([["AC", "QD"], ["AS", "KH"]], ["QS", "6H"], "QD would be dealt above the higher KH"),
        ([["AC"], ["AS", "KH"]], ["QS", "6H"], "deal 2 cards to each"),
        ([["AC"], ["AS", "KH"]], [], "one card at a time, seat 0 first"),
    ],
)
def test_a_layout_must_be_what_a_rank_ordered_deck_deals(
    hands: list[list[str]], talon: list[str], reason: str
) -> None:
    rules = get_rules("albanian", hand_size=2)
    laid = [list(parse_cards(h)) for h in hands]
    assert reason in rank_order_problem(rules, laid, parse_cards(talon))
    with pytest.raises(EngineError, match=reason):
        Game.from_layout(rules, laid, parse_cards(talon), first=0)
    data = {"variant": "albanian", "options": {"hand_size": 2}, "hands": hands, "talon": talon}
    with pytest.raises(ScenarioError, match=reason):
        run_scenario({**data, "trump": "H", "first": 0})


def test_a_full_deal_in_order_is_accepted() -> None:
    rules = get_rules("albanian", hand_size=2)
    laid = [list(parse_cards(["AC", "KD"])), list(parse_cards(["AS", "KH"]))]
    assert rank_order_problem(rules, laid, parse_cards(["KS", "6H"])) == ""
    assert rank_order_problem(rules, [[Card.parse("AC")], []], []) == ""


def test_other_variants_have_no_public_ranks() -> None:
    game = Game.new(get_rules("throw-in"), 2, random.Random(0))
    assert game.public_rank(0) is None
    obs = game.observation(0)
    assert obs.hand_ranks == () and obs.talon_ranks == ()


@settings(max_examples=40)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 60),
    data=st.data(),
)
def test_ranks_are_public_and_resampling_keeps_them(
    players: int, seed: int, moves: int, data: st.DataObject
) -> None:
    rules = ALBANIAN
    rng = random.Random(seed)
    game = Game.new(rules, players, random.Random(seed))
    seat = data.draw(st.integers(0, players - 1))
    peer = Game.new_hidden(rules, players, seat, first=game.lead)
    everyone = (1 << players) - 1

    def follow() -> None:
        for slot, known in enumerate(game.known):
            face = game.faces[slot]
            assert face is not None
            if known == everyone and peer.known[slot] != everyone:
                peer.reveal(slot, face)
            elif known >> seat & 1 and peer.faces[slot] is None:
                peer.reveal(slot, face, to=[seat])

    follow()
    for _ in range(moves):
        if game.over:
            break
        action = random_action(game, rng)
        for slot in game.opened_by(action):
            peer.reveal(slot, game.faces[slot])  # type: ignore[arg-type]
        game.apply(action)
        peer.apply(action)
        follow()
    seen = game.observation(seat)
    assert peer.observation(seat) == seen
    for slot, face in enumerate(game.faces):
        assert face is not None and peer.public_rank(slot) == game.public_rank(slot) == face.rank
    for hand, hand_ranks, shown in zip(game.hands, seen.hand_ranks, seen.hands, strict=True):
        assert list(hand_ranks) == [game.public_rank(s) for s in hand]
        assert all(r is not None for r in hand_ranks)
        assert len(shown) == len(hand_ranks)
    assert list(seen.talon_ranks) == [game.public_rank(s) for s in game.talon]
    for source in (game, peer):
        copy = source.resample(seat, random.Random(seed + 1))
        assert Counter(copy.faces) == Counter(deck_spec(36))
        for slot, face in enumerate(copy.faces):
            assert face is not None and face.rank == game.public_rank(slot)
            if game.known[slot] >> seat & 1:
                assert face == game.faces[slot]
