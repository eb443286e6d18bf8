"""Hidden cards: a peer that sees only what its seat may see runs the same game, and nothing leaks."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import deck_spec
from engine.game import Game, deal_layout
from engine.rules import get_rules
from tests.engine.helpers import random_action
from tests.engine.test_properties import CASES


def follow_as_peer(game: Game, peer: Game, seat: int, revealed: set[int]) -> None:
    """Tell the peer every face its seat has come to know (as the dealing protocol would)."""
    bit = 1 << seat
    for slot, known in enumerate(game.known):
        if slot in revealed:
            continue
        face = game.faces[slot]
        assert face is not None
        if known == (1 << game.players) - 1:
            peer.reveal(slot, face)
            revealed.add(slot)
        elif known & bit:
            peer.reveal(slot, face, to=[seat])


@settings(max_examples=30)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32), data=st.data())
def test_a_peer_with_hidden_cards_sees_exactly_its_observation(
    case: tuple[str, int, int], seed: int, data: st.DataObject
) -> None:
    variant, players, deck = case
    seat = data.draw(st.integers(0, players - 1))
    rules = get_rules(variant, deck=deck)
    rng = random.Random(seed)
    game = Game.new(rules, players, random.Random(seed))
    peer = Game.new_hidden(rules, players, seat, first=game.lead)
    revealed: set[int] = set()
    follow_as_peer(game, peer, seat, revealed)
    while True:
        seen = game.observation(seat)
        assert peer.observation(seat) == seen
        assert peer.public_hash() == game.public_hash()
        # No face the seat may not know is in its observation or the peer's memory.
        allowed = Counter(c for c in game.visible_faces(seat) if c is not None)
        shown = Counter(c for hand in seen.hands for c in hand if c is not None)
        shown.update(c for pair in seen.table for c in pair if c is not None)
        assert not shown - allowed
        assert all(
            face is None or game.known[slot] >> seat & 1 for slot, face in enumerate(peer.faces)
        )
        if game.over:
            break
        action = random_action(game, rng)
        played = game.take_slots(action.seat, action.cards)
        for slot in played:  # the protocol opens a played card to everybody first
            face = game.faces[slot]
            assert face is not None
            peer.reveal(slot, face)
            revealed.add(slot)
        game.apply(action)
        peer.apply(action)
        follow_as_peer(game, peer, seat, revealed)
    assert peer.result == game.result


def test_observation_shows_own_hand_and_hides_others() -> None:
    game = Game.new(get_rules("throw-in"), 3, random.Random(5))
    for seat in range(3):
        obs = game.observation(seat)
        assert None not in obs.hand
        assert len(obs.hand) == 6
        for other in range(3):
            if other != seat:
                assert obs.hands[other] == (None,) * 6
        assert obs.trump_card is not None and obs.trump_card.suit == obs.trump_suit


def test_taken_cards_become_known_to_everyone() -> None:
    game = Game.new(get_rules("throw-in"), 2, random.Random(3))
    lead, defender = game.lead, game.defender
    attack = game.legal_actions(lead)[0]
    game.apply(attack)
    game.apply(next(a for a in game.legal_actions(defender) if a.kind == "take"))
    while game.table:
        game.apply(next(a for a in game.legal_actions(lead) if a.kind == "pass"))
    assert set(attack.cards) <= set(c for c in game.observation(lead).hands[defender] if c)


@pytest.mark.parametrize("variant", ["throw-in", "transfer", "american"])
def test_resample_keeps_what_the_seat_knows(variant: str) -> None:
    rng = random.Random(9)
    game = Game.new(get_rules(variant), 4, random.Random(9))
    for _ in range(30):
        if game.over:
            break
        game.apply(random_action(game, rng))
    seat = 2
    samples = {tuple(c.text for c in game.resample(seat, random.Random(i)).faces) for i in range(5)}  # type: ignore[union-attr]
    assert len(samples) > 1
    for i in range(5):
        sample = game.resample(seat, random.Random(i))
        assert sample.observation(seat) == game.observation(seat)
        assert Counter(sample.faces) == Counter(deck_spec(36))
        assert sample.information_state_key(seat) == game.information_state_key(seat)


def test_resample_works_on_a_hidden_peer() -> None:
    rules = get_rules("throw-in")
    game = Game.new(rules, 2, random.Random(4))
    peer = Game.new_hidden(rules, 2, 0, first=game.lead)
    follow_as_peer(game, peer, 0, set())
    full = peer.resample(0, random.Random(1))
    assert None not in full.faces
    assert Counter(full.faces) == Counter(deck_spec(36))
    assert full.observation(0) == game.observation(0)


def _games_seat_0_cannot_tell_apart(variant: str, seed: int, count: int) -> list[Game]:
    """Two-player deals equal for seat 0 (its hand, the trump card) whose hidden cards differ,
    after seat 0 leads its first card, seat 1 takes and seat 0 stops throwing in."""
    rules = get_rules(variant)
    rng = random.Random(seed)
    deck = list(deck_spec(rules.deck, rules.jokers, rules.decks))
    rng.shuffle(deck)
    hands, talon = deal_layout(rules, 2)
    hidden = hands[1] + talon[1:-1]  # seat 0 draws the top card; the bottom one is turned up
    games = []
    for _ in range(count):
        cards = [deck[p] for p in hidden]
        rng.shuffle(cards)
        other = list(deck)
        for position, card in zip(hidden, cards, strict=True):
            other[position] = card
        game = Game.from_deck(rules, 2, other, first=0)
        game.apply(game.legal_actions(0)[0])
        game.apply(next(a for a in game.legal_actions(1) if a.kind == "take"))
        while 0 in game.to_act and game.table:
            game.apply(next(a for a in game.legal_actions(0) if a.kind == "pass"))
        games.append(game)
    return games


@pytest.mark.parametrize("variant", ["throw-in", "transfer-trump-show", "crazy"])
def test_resample_depends_only_on_what_the_seat_knows(variant: str) -> None:
    games = _games_seat_0_cannot_tell_apart(variant, seed=5, count=4)
    assert len({game.observation(0).key() for game in games}) == 1
    assert len({game.state_hash() for game in games}) == 4
    for seed in range(3):
        copies = [game.resample(0, random.Random(seed)) for game in games]
        assert len({copy.state_hash() for copy in copies}) == 1
        assert len({copy.rng.random() for copy in copies}) == 1  # the engine's own chance too
    # A peer that holds no hidden face draws the same deal for the same seed.
    rules = get_rules(variant)
    source = games[0]
    start = Game.from_deck(rules, 2, list(source.faces), first=0)  # type: ignore[arg-type]
    peer = Game.new_hidden(rules, 2, 0, first=0)
    revealed: set[int] = set()
    follow_as_peer(start, peer, 0, revealed)
    for action in source.log:
        for slot in start.opened_by(action):
            if slot not in revealed:
                peer.reveal(slot, start.faces[slot])  # type: ignore[arg-type]
                revealed.add(slot)
        peer.apply(action)
        start.apply(action)
        follow_as_peer(start, peer, 0, revealed)
    assert peer.observation(0) == source.observation(0)
    for seed in range(3):
        ours = peer.resample(0, random.Random(seed))
        assert ours.state_hash() == source.resample(0, random.Random(seed)).state_hash()
