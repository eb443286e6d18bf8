"""Road fool as a game kind of the registry (`engine.games`)."""

from __future__ import annotations

import random

from engine.games import GameKind
from engine.road.actions import RoadAction
from engine.road.bots import ROAD_BOTS, make_road_bot
from engine.road.game import RoadGame
from engine.road.rules import RoadRules, get_road_rules, road_ids
from engine.road.scenario import run_road_scenario


def new_road_game(rules: RoadRules, players: int, rng: random.Random) -> RoadGame:
    """A fresh road game: shuffled and its dealer drawn by `rng`, the lowest trump leading."""
    return RoadGame.new(rules, players, rng)


KIND = GameKind(
    name="road",
    ids=road_ids,
    get_rules=get_road_rules,
    new_game=new_road_game,
    bots=tuple(ROAD_BOTS),
    make_bot=make_road_bot,
    parse_action=RoadAction.parse,
    run_scenario=run_road_scenario,
    counts_points=True,
)
