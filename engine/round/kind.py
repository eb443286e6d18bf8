"""Round (complete) fool as a game kind of the registry (`engine.games`)."""

from __future__ import annotations

import random

from engine.games import GameKind
from engine.round.actions import RoundAction
from engine.round.bots import ROUND_BOTS, make_round_bot
from engine.round.game import RoundGame
from engine.round.rules import RoundRules, get_round_rules, round_ids
from engine.round.scenario import run_round_scenario


def new_round_game(rules: RoundRules, players: int, rng: random.Random) -> RoundGame:
    """A fresh round game: shuffled and its first drawer drawn by `rng`."""
    return RoundGame.new(rules, players, rng)


KIND = GameKind(
    name="round",
    ids=round_ids,
    get_rules=get_round_rules,
    new_game=new_round_game,
    bots=tuple(ROUND_BOTS),
    make_bot=make_round_bot,
    parse_action=RoundAction.parse,
    run_scenario=run_round_scenario,
    counts_points=True,
)
