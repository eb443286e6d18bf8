"""The easy bot: the heuristic with a seeded share of random moves."""

from __future__ import annotations

import random

import pytest

from engine.bots import EasyBot, HeuristicBot, make_bot
from engine.game import Game
from engine.rules import get_rules


def positions(count: int) -> list[tuple[Game, int]]:
    """Seeded positions from heuristic play where the seat to act has several options."""
    rng = random.Random(12)
    found: list[tuple[Game, int]] = []
    while len(found) < count:
        game = Game.new(get_rules("throw-in"), 2, rng)
        bot = HeuristicBot(1)
        while not game.over and len(found) < count:
            seat = game.to_act[0]
            if len(game.observation(seat).legal) > 1:
                found.append((game.clone(), seat))
            game.apply(bot.choose(game, seat))
    return found


def test_without_mistakes_it_plays_exactly_like_the_heuristic() -> None:
    for game, seat in positions(60):
        assert EasyBot(3, mistake_rate=0.0).choose(game, seat) == HeuristicBot(3).choose(game, seat)


def test_its_share_of_mistakes_is_the_seeded_rate() -> None:
    bot = EasyBot(4)
    choices = [bot.choose(game, seat) for game, seat in positions(400)]
    assert all(
        c in g.observation(s).legal for c, (g, s) in zip(choices, positions(400), strict=True)
    )
    assert 0.24 <= bot.mistakes / 400 <= 0.36
    again = EasyBot(4)
    assert [again.choose(game, seat) for game, seat in positions(400)] == choices


@pytest.mark.soak  # an evaluation of bot strength: scripts/test --slow
def test_it_loses_more_often_to_the_heuristic_than_the_heuristic_does() -> None:
    rules = get_rules("throw-in")
    fools = {"easy": 0, "heuristic": 0}
    for deal in range(60):
        for name in fools:
            rng = random.Random(deal)
            game = Game.new(rules, 2, rng)
            seat_of_tested = deal % 2
            bots = [make_bot("heuristic", deal), make_bot("heuristic", deal + 1)]
            bots[seat_of_tested] = make_bot(name, deal)
            while not game.over:
                seat = game.to_act[0]
                game.apply(bots[seat].choose(game, seat))
            fools[name] += game.fool == seat_of_tested
    assert fools["easy"] >= fools["heuristic"] + 8


def test_a_bad_mistake_rate_is_refused() -> None:
    with pytest.raises(ValueError):
        EasyBot(0, mistake_rate=1.5)
