"""Durak with pagons registers itself as a game kind (engine.games)."""

from __future__ import annotations

import random

from engine.audit import LOWEST_TRUMP
from engine.games import GameKind
from engine.pagons.actions import PagonsAction
from engine.pagons.bots import PAGONS_BOTS, make_pagons_bot
from engine.pagons.game import PagonsGame
from engine.pagons.rules import PagonsRules, get_pagons_rules, pagons_ids
from engine.pagons.scenario import run_pagons_scenario


def new_pagons_game(rules: PagonsRules, players: int, rng: random.Random) -> PagonsGame:
    """A fresh deal, its deck shuffled by `rng`, at the levels `rules.steps` gives (sixes)."""
    return PagonsGame.new(rules, players, rng)


def pagons_start_claims(game: PagonsGame) -> list[tuple[int, str, str]]:
    """The lowest trumps the seats showed to decide the first leader (seat, claim kind, text)."""
    return [(seat, LOWEST_TRUMP, text) for seat, text in game.claims]


KIND = GameKind(
    name="pagons",
    ids=pagons_ids,
    get_rules=get_pagons_rules,
    new_game=new_pagons_game,
    bots=tuple(PAGONS_BOTS),
    make_bot=make_pagons_bot,
    parse_action=PagonsAction.parse,
    run_scenario=run_pagons_scenario,
    counts_points=True,
    start_claims=pagons_start_claims,
)
