"""Durak as a game kind of the registry (`engine.games`): every family-1 and family-2 preset.

The rules, the engine and the bots stay where they are (`engine.rules`, `engine.game`,
`engine.bots`); this module only describes them with the `GameKind` every game has.
"""

from __future__ import annotations

import random

from engine.actions import Action
from engine.bots import BOTS, make_bot
from engine.game import Game
from engine.games import FamilyGame, GameKind
from engine.rules import ALIASES, Rules, get_rules, variant_ids
from engine.scenario import run_durak_scenario


def new_durak_game(rules: Rules, players: int, rng: random.Random) -> FamilyGame:
    """A fresh Durak game: the deck shuffled by `rng`, the first leader as the rules decide."""
    return Game.new(rules, players, rng)


def durak_start_claims(game: Game) -> list[tuple[int, str, str]]:
    """The claims of a Durak game's start (seat, claim kind, text): `Game.claims`."""
    return [(claim.seat, claim.kind, claim.text) for claim in game.claims]


def editable_options(rules: Rules) -> tuple[str, ...]:
    """The options of a Durak preset the create-table dialog offers: the deck, the throwing
    order and the first bout's limit, and three pairs instead of two teams in team play."""
    return ("deck", "throw_order", "first_bout_cap", *(("pairs",) if rules.teams else ()))


KIND = GameKind(
    name="durak",
    ids=variant_ids,
    get_rules=get_rules,
    new_game=new_durak_game,
    bots=tuple(BOTS),
    make_bot=make_bot,
    parse_action=Action.parse,
    run_scenario=run_durak_scenario,
    aliases=lambda: list(ALIASES),
    rule_options=editable_options,
    move_timer=True,
    start_claims=durak_start_claims,
)
