"""Team play: two teams, or six players in three pairs; the fool's whole team loses."""

from __future__ import annotations

import random

import pytest

from engine.errors import ParseError
from engine.game import Game
from engine.match import game_points
from engine.rules import get_rules
from tests.engine.helpers import random_action


def test_team_counts() -> None:
    """4 seats: two pairs; 6 seats: two threes, or three pairs with `pairs`."""
    teams = get_rules("teams")
    assert (teams.team_count(4), teams.team_count(6)) == (2, 2)
    pairs = get_rules("teams", pairs=True)
    assert (pairs.team_count(4), pairs.team_count(6)) == (2, 3)
    assert get_rules("throw-in").team_count(4) == 0
    with pytest.raises(ParseError, match="team play"):
        get_rules("throw-in", pairs=True)


@pytest.mark.parametrize("seed", range(20))
def test_three_pairs_play_to_the_end(seed: int) -> None:
    """Random games of three pairs end with one pair left holding cards (or a draw)."""
    rules = get_rules("teams", pairs=True)
    rng = random.Random(seed)
    game = Game.new(rules, 6, rng)
    assert game.observation(0).teams == (0, 1, 2, 0, 1, 2)
    while not game.over:
        game.apply(random_action(game, rng))
    if game.fool is None:
        return
    points = game_points(rules, game)
    losers = [seat for seat, value in enumerate(points) if value == 0]
    assert losers == sorted({game.fool, (game.fool + 3) % 6})
    left = [s for s in range(6) if s not in game.out]
    assert len({s % 3 for s in left}) == 1
    assert game.result["losing_team"] == game.fool % 3
