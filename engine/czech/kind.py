"""Czech fool as a game kind of the registry (`engine.games`)."""

from __future__ import annotations

import random

from engine.bots.czech_heuristic import CZECH_BOTS, make_czech_bot
from engine.czech.actions import CzechAction
from engine.czech.game import CzechGame
from engine.czech.rules import CzechRules, czech_ids, get_czech_rules
from engine.czech.scenario import run_czech_scenario
from engine.games import GameKind


def new_czech_game(rules: CzechRules, players: int, rng: random.Random) -> CzechGame:
    """A fresh czech game, shuffled and its first player drawn by `rng`."""
    return CzechGame.new(rules, players, rng)


KIND = GameKind(
    name="czech",
    ids=czech_ids,
    get_rules=get_czech_rules,
    new_game=new_czech_game,
    bots=tuple(CZECH_BOTS),
    make_bot=make_czech_bot,
    parse_action=CzechAction.parse,
    run_scenario=run_czech_scenario,
    counts_points=True,
)
