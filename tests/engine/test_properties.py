"""Random play of every family-1 variant: games end, cards are conserved, limits hold, replays agree."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.game import Game
from engine.rules import get_rules
from tests.engine.helpers import play_out, random_action

FAMILY_1 = ["simple", "throw-in", "transfer", "transfer-trump-show", "transfer-2", "american",
            "teams", "kozlov"]  # fmt: skip


def players_for(variant: str) -> list[int]:
    rules = get_rules(variant)
    return [
        p for p in range(rules.min_players, rules.max_players + 1) if not rules.teams or p in (4, 6)
    ]


CASES = [
    (variant, players, deck)
    for variant in FAMILY_1
    for players in players_for(variant)
    for deck in (24, 32, 36, 52)
    if players * 6 <= deck
]


@pytest.mark.parametrize(("variant", "players", "deck"), CASES)
def test_random_play_reaches_the_end(variant: str, players: int, deck: int) -> None:
    rules = get_rules(variant, deck=deck)
    for seed in range(3):
        game = play_out(rules, players, seed)
        assert game.over
        assert game.fool is None or not game.in_game >> game.fool & 1 or game.hands[game.fool]


@settings(max_examples=40)
@given(
    case=st.sampled_from(CASES),
    seed=st.integers(0, 2**32),
)
def test_replaying_the_log_reproduces_the_state_hash(case: tuple[str, int, int], seed: int) -> None:
    variant, players, deck = case
    rules = get_rules(variant, deck=deck)
    rng = random.Random(seed)
    game = Game.new(rules, players, random.Random(seed))
    deck_order = list(game.faces)
    first = game.lead
    hashes = [game.state_hash()]
    while not game.over:
        game.apply(random_action(game, rng))
        hashes.append(game.state_hash())
    again = Game.from_deck(rules, players, deck_order, first=first)  # type: ignore[arg-type]
    assert again.state_hash() == hashes[0]
    for action, expected in zip(game.log, hashes[1:], strict=True):
        again.apply(action)
        assert again.state_hash() == expected


@settings(max_examples=40)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32))
def test_illegal_actions_change_nothing(case: tuple[str, int, int], seed: int) -> None:
    """Every action some seat could take that is not legal now is rejected without a trace."""
    variant, players, deck = case
    rng = random.Random(seed)
    game = Game.new(get_rules(variant, deck=deck), players, random.Random(seed))
    for _ in range(40):
        if game.over:
            break
        before = game.state_hash()
        candidates = [a for s in range(players) for a in game.legal_actions(s)]
        others = [a._replace(seat=(a.seat + 1) % players) for a in candidates]
        for action in others:
            if action in candidates:
                continue
            with pytest.raises(IllegalAction):
                game.apply(action)
            assert game.state_hash() == before
        game.apply(random_action(game, rng))


def test_golden_playthrough_hash() -> None:
    """A seeded game reaches the same final state on every machine and Python build."""
    rng = random.Random(20261202)
    game = Game.new(get_rules("throw-in", throw_order="free"), 3, random.Random(1))
    while not game.over:
        game.apply(random_action(game, rng))
    assert (len(game.log), game.fool, list(game.out)) == GOLDEN[:3]
    assert game.state_hash() == GOLDEN[3]


GOLDEN: tuple[int, int | None, list[int], str] = (
    209,
    2,
    [0, 1],
    "4bb2344e0906da656a8d900cf77f65dee464c3a095228e31182e16c3207caf95",
)
