"""Joker rummy's hard level: what its sampled deals keep of what a seat saw."""

from __future__ import annotations

import random
from typing import Any

from engine.bots.kind_search import KindSearchBot, blind_copy
from engine.bots.rummy_declines import DeclineReader, makes_combination
from engine.games import kind_for
from engine.rummy.actions import DISCARD, DRAW, TAKE
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


def watched_game(seed: int, declines: int = 2) -> tuple[RummyGame, DeclineReader, list[Any]]:
    """A two-player heuristic game watched by seat 0's reader at each of its decisions, until
    the reader remembers `declines` declines; also each (discard, next move, seat 1's hand)
    of seat 0's discards."""
    kind = kind_for("joker-rummy")
    for attempt in range(50):
        game = kind.new_game(kind.get_rules("joker-rummy"), 2, random.Random(seed + attempt))
        bots = [RummyHeuristicBot(1), RummyHeuristicBot(2)]
        reader, seen = DeclineReader(), []
        while not game.over and len(reader.declines) < declines:
            seat = game.to_act[0]
            if seat == 0:
                reader.note(game, 0)
            hand = tuple(game.hands[1])
            action = bots[seat].choose(game, seat)
            game.apply(action)
            if seat == 0 and action.kind == DISCARD and not game.over:
                follow = bots[1].choose(game, 1)
                seen.append((action.cards[0], follow.kind, hand))
        if len(reader.declines) == declines:
            return game, reader, seen
    raise AssertionError("no game with enough declines")


def test_the_reader_remembers_each_card_the_next_seat_left_for_the_deck() -> None:
    """Seat 0 discarded a card and seat 1 drew from the deck: the reader remembers that card
    with seat 1's hand at the time, and nothing when seat 1 took the card."""
    game, reader, seen = watched_game(7, declines=4)
    left = [(card, hand) for card, kind, hand in seen if kind == DRAW and not card.is_joker]
    assert [(d.seat, d.card, d.slots) for d in reader.declines] == [
        (1, card, hand) for card, hand in left[:4]
    ]
    for decline in reader.declines:  # the heuristic's rule: nothing there made a combination
        assert not makes_combination(decline.card, [game.faces[s] for s in decline.slots])


def test_the_reader_forgets_a_game_that_is_not_the_one_it_watched() -> None:
    _, reader, _ = watched_game(11)
    other = kind_for("joker-rummy").new_game(
        kind_for("joker-rummy").get_rules("joker-rummy"), 2, random.Random(3)
    )
    reader.note(other, other.to_act[0])
    assert reader.declines == []


def test_deals_around_declines_keep_what_the_seat_knows_and_break_no_decline() -> None:
    """In sampled deals the declining hand holds nothing that made a combination with a card it
    left (nearly always: the repair gives up after a few swaps), faces move only among slots
    hidden from the seat in one generation, and the deal is the same whatever the hidden
    faces were (it reads only what the seat knows)."""
    game, reader, _ = watched_game(5, declines=3)
    bot = KindSearchBot(3, reader=lambda: reader)
    blind = blind_copy(game, 0)
    plain = KindSearchBot(3)
    broken_plain = broken_read = 0
    for i in range(40):
        deal = bot.sample(blind, 0, random.Random(i))
        before = plain.sample(blind, 0, random.Random(i))
        assert sorted(map(str, deal.faces)) == sorted(map(str, game.faces))
        for slot, known in enumerate(game.known):
            if known & 1:
                assert deal.faces[slot] is game.faces[slot]
            else:
                assert deal.generation[slot] == game.generation[slot]
        for decline in reader.declines:
            broken_read += makes_combination(decline.card, [deal.faces[s] for s in decline.slots])
            broken_plain += makes_combination(
                decline.card, [before.faces[s] for s in decline.slots]
            )
    assert broken_read <= 2 < broken_plain
    other = game.resample(0, random.Random(1))  # other hidden faces, the same knowledge
    assert other.faces != game.faces
    again = bot.sample(blind_copy(other, 0), 0, random.Random(9))
    assert again.faces == bot.sample(blind, 0, random.Random(9)).faces
