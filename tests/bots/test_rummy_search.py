"""Joker rummy's hard level: what its sampled deals keep of what a seat saw."""

from __future__ import annotations

import random

from engine.bots.kind_search import KindSearchBot, blind_copy
from engine.games import kind_for
from engine.rummy.actions import TAKE
from engine.rummy.bots import RummyHeuristicBot
from engine.rummy.game import RummyGame


def game_after_a_take(seed: int) -> tuple[RummyGame, int, int]:
    """A two-player heuristic game just after a seat took the open card; the game, the seat
    that took it and the slot of that card."""
    kind = kind_for("joker-rummy")
    for attempt in range(50):
        game = kind.new_game(kind.get_rules("joker-rummy"), 2, random.Random(seed + attempt))
        bots = [RummyHeuristicBot(1), RummyHeuristicBot(2)]
        while not game.over:
            seat = game.to_act[0]
            action = bots[seat].choose(game, seat)
            game.apply(action)
            if action.kind == TAKE:
                return game, seat, game.hands[seat][-1]
    raise AssertionError("no game where a seat took the open card")


def test_a_card_taken_openly_stays_in_the_takers_hand_in_every_sampled_deal() -> None:
    """The other seat saw the card taken from the stock: every deal the search samples keeps
    it in the taker's hand, while the taker's other hidden cards move."""
    for seed in (1, 2, 3):
        game, taker, slot = game_after_a_take(100 * seed)
        watcher = 1 - taker
        face = game.faces[slot]
        hidden = [s for s in game.hands[taker] if not game.known[s] & (1 << watcher)]
        bot = KindSearchBot(seed)
        blind = blind_copy(game, watcher)
        deals = [bot.sample(blind, watcher, random.Random(i)) for i in range(20)]
        assert all(deal.faces[slot] is face and slot in deal.hands[taker] for deal in deals)
        assert hidden and any(deal.faces[s] != game.faces[s] for deal in deals for s in hidden)
