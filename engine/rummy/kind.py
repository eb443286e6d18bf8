"""Joker rummy as a game kind of the registry (`engine.games`)."""

from __future__ import annotations

import random

from engine.games import GameKind
from engine.rummy.actions import RummyAction
from engine.rummy.bots import RUMMY_BOTS, make_rummy_bot
from engine.rummy.game import RummyGame
from engine.rummy.rules import RummyRules, get_rummy_rules, rummy_ids
from engine.rummy.scenario import run_rummy_scenario


def new_rummy_game(rules: RummyRules, players: int, rng: random.Random) -> RummyGame:
    """A fresh hand, shuffled and its first player (the dealer's left) drawn by `rng`."""
    return RummyGame.new(rules, players, rng)


KIND = GameKind(
    name="joker-rummy",
    ids=rummy_ids,
    get_rules=get_rummy_rules,
    new_game=new_rummy_game,
    bots=tuple(RUMMY_BOTS),
    make_bot=make_rummy_bot,
    parse_action=RummyAction.parse,
    run_scenario=run_rummy_scenario,
    counts_points=True,
)
