"""Cross fool registers itself as a game kind (engine.games)."""

from __future__ import annotations

import random

from engine.cross.actions import CrossAction
from engine.cross.bots import CROSS_BOTS, make_cross_bot
from engine.cross.game import CrossGame
from engine.cross.rules import CrossRules, cross_ids, get_cross_rules
from engine.cross.scenario import run_cross_scenario
from engine.games import GameKind


def new_cross_game(rules: CrossRules, players: int, rng: random.Random) -> CrossGame:
    """A fresh cross game, its deck shuffled by `rng`."""
    return CrossGame.new(rules, players, rng)


KIND = GameKind(
    name="cross",
    ids=cross_ids,
    get_rules=get_cross_rules,
    new_game=new_cross_game,
    bots=tuple(CROSS_BOTS),
    make_bot=make_cross_bot,
    parse_action=CrossAction.parse,
    run_scenario=run_cross_scenario,
    counts_points=True,
)
