"""Czech fool's hard level: sampled deals in which the other seats' recent moves are the ones
the heuristic would have made (`engine.bots.play_reader`)."""

from __future__ import annotations

import random
from collections import Counter

from engine.bots.czech_heuristic import CzechHeuristicBot
from engine.bots.kind_search import blind_copy
from engine.bots.play_reader import PlayReader
from engine.czech.game import CzechGame
from engine.games import kind_for


def watched_game(seed: int, decisions: int = 6) -> tuple[CzechGame, PlayReader]:
    """A three-player heuristic game watched by seat 0's reader at each of its decisions,
    stopped at its `decisions`-th one."""
    kind = kind_for("czech")
    for attempt in range(50):
        game = kind.new_game(kind.get_rules("czech"), 3, random.Random(seed + attempt))
        assert isinstance(game, CzechGame)
        bots = [CzechHeuristicBot(s) for s in range(3)]
        reader = PlayReader(CzechHeuristicBot)
        noted = 0
        while not game.over:
            seat = game.to_act[0]
            if seat == 0:
                reader.note(game, 0)
                noted += 1
                if noted == decisions:
                    return game, reader
            game.apply(bots[seat].choose(game, seat))
    raise AssertionError("no game long enough")


def test_deals_read_from_the_plays_make_the_others_moves_the_heuristics() -> None:
    """Plain deals often give the others hands with which the heuristic would have moved
    otherwise; the reader's deals seldom do, and move only faces hidden from the seat inside
    their generation."""
    game, reader = watched_game(3)
    blind = blind_copy(game, 0)
    rng = random.Random(1)
    before, after = [], []
    for _ in range(30):
        deal = blind.resample(0, rng)
        deal.deal_around_shown(0, rng)
        before.append(reader.unlikely_moves(deal, 0))
        reader.deal_around(deal, 0, rng)
        after.append(reader.unlikely_moves(deal, 0))
        for slot, face in enumerate(deal.faces):
            if game.known[slot] & 1:
                assert face == game.faces[slot]
        per_generation = Counter(zip(deal.generation, deal.faces, strict=True))
        assert per_generation == Counter(zip(game.generation, game.faces, strict=True))
    assert sum(before) >= 10 and sum(after) <= sum(before) // 3, (before, after)


def test_the_reader_keeps_only_what_the_seat_knows() -> None:
    """Noting two games that differ only in faces hidden from the seat keeps the same copies."""
    game, _ = watched_game(5, decisions=3)
    other = game.resample(0, random.Random(7))
    assert other.faces != game.faces
    first, second = PlayReader(CzechHeuristicBot), PlayReader(CzechHeuristicBot)
    first.note(game, 0)
    second.note(other, 0)
    assert [c.faces for c, _ in first.copies] == [c.faces for c, _ in second.copies]


def test_the_reader_forgets_a_game_that_is_not_the_one_it_watched() -> None:
    _, reader = watched_game(5, decisions=4)
    assert len(reader.copies) == 4
    other, _ = watched_game(40, decisions=1)
    reader.note(other, 0)
    assert len(reader.copies) == 1
