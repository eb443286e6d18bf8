"""Czech fool's hidden game for a LAN table: faces arrive through `reveal`, `known` tells the table
whom to open each slot to, the replay refills from the table's re-deals."""

from __future__ import annotations

import random

import pytest

from engine.cards import Card, deck_spec
from engine.czech.actions import DRAW, PASS, CzechAction
from engine.czech.game import RESHUFFLE, CzechGame
from engine.czech.rules import czech_ids, get_czech_rules
from engine.errors import EngineError, IllegalAction


def table_deck(variant: str, seed: int) -> list[Card]:
    deck = list(deck_spec(get_czech_rules(variant).deck))
    random.Random(seed).shuffle(deck)
    return deck


def open_what_the_rules_show(full: CzechGame, hidden: list[CzechGame], opened: list[int]) -> None:
    """Play the table: open each slot to the seats the hidden games' `known` newly shows it to
    (the faces from the full game)."""
    for slot, known in enumerate(hidden[0].known):
        new = known & ~opened[slot]
        if not new:
            continue
        opened[slot] |= new
        seats = [s for s in range(full.players) if new >> s & 1]
        for seat in seats:
            hidden[seat].reveal(slot, full.faces[slot], to=seats)


def play_along(
    variant: str, players: int, seed: int, limit: int = 3000
) -> tuple[CzechGame, list[CzechGame]]:
    """A full game (refills shuffled by its generator) and each seat's hidden game, fed by the
    openings a table would make; returns both at the end."""
    rules = get_czech_rules(variant)
    deck = table_deck(variant, seed)
    first = seed % players
    hands, _ = CzechGame.table_layout(rules, players)
    start = deck[hands[first][-1]] if rules.open_start else None
    full = CzechGame.from_table(rules, players, deck, first, redeals=None)
    full.rng = random.Random(seed)
    hidden = [CzechGame.new_hidden(rules, players, first, start) for _ in range(players)]
    opened = [0] * len(deck)
    if start is not None:
        opened[hands[first][-1]] = (1 << players) - 1
    open_what_the_rules_show(full, hidden, opened)
    rng = random.Random(seed + 1)
    for _ in range(limit):
        if full.over:
            break
        seat = full.turn
        for game in hidden:
            assert game.observation(seat).turn == seat
        mine = hidden[seat]
        assert set(mine.legal_actions(seat)) == set(full.legal_actions(seat))
        action = rng.choice(full.legal_actions(seat))
        if action.card is not None:  # a played card is opened to everyone before it is applied
            hand = full.hands[seat]
            slot = next(s for s in hand if full.faces[s] is action.card)
            shown = [slot]
            last = [s for s in hand if s != slot]
            wild = len(last) == 1 and full.faces[last[0]].rank == rules.wild_rank
            if rules.wild_left_loses and wild:  # option 3: a jack left alone is shown
                shown.append(last[0])
            for position in shown:
                for game in hidden:
                    game.reveal(position, full.faces[position])
                opened[position] = (1 << players) - 1
        for game in hidden:
            assert game.is_legal(action)
        events = full.apply(action)
        for game in hidden:
            game.apply(action)
        for event in events:
            if event.kind == RESHUFFLE:
                for slot in event.slots:
                    opened[slot] = 0
                for game in hidden:  # (one card alone stays as every seat saw it on the pile)
                    assert len(event.slots) == 1 or all(game.faces[s] is None for s in event.slots)
        open_what_the_rules_show(full, hidden, opened)
        if not full.over:  # (at the end a hidden game shows every hand: their points count)
            for viewer in range(players):
                assert hidden[viewer].observation(viewer) == full.observation(viewer)
            assert [g.known for g in hidden] == [full.known] * players
    return full, hidden


@pytest.mark.parametrize("variant", czech_ids())
def test_each_seats_hidden_game_sees_what_the_full_game_shows_it(variant: str) -> None:
    for seed in range(2):
        full, hidden = play_along(variant, 3, seed, limit=1500)
        if not full.over:
            continue  # a long game: every move so far was checked on the way
        for game in hidden:
            assert game.over and game.scored
            assert game.result == full.result


def test_a_hidden_game_knows_no_face_it_was_not_shown() -> None:
    rules = get_czech_rules("czech")
    game = CzechGame.new_hidden(rules, 3, 0)
    assert all(face is None for face in game.faces)
    hands, stock = CzechGame.table_layout(rules, 3)
    assert hands[1] == [1, 4, 7, 10, 13] and stock[-1] == 15
    assert all(game.known[s] == 1 << seat for seat, hand in enumerate(hands) for s in hand)
    assert game.observation(0).hand == ()


def test_a_draw_with_unknown_faces_is_judged_by_what_could_be_held() -> None:
    rules = get_czech_rules("czech-1")  # draw one card, then pass
    game = CzechGame.new_hidden(rules, 2, 0)
    assert game.is_legal(CzechAction(0, DRAW))
    assert not game.is_legal(CzechAction(0, PASS))  # the deck is full: draw or play
    assert not game.is_legal(CzechAction(1, DRAW))  # not its turn
    game.apply(CzechAction(0, DRAW))
    assert game.is_legal(CzechAction(0, PASS))
    assert not game.is_legal(CzechAction(0, DRAW))  # one card only


def test_a_hidden_game_scores_once_the_hands_are_opened() -> None:
    full, hidden = play_along("czech", 2, 7)
    assert full.over and all(g.scored for g in hidden)
    rules = get_czech_rules("czech")
    replay = CzechGame.new_hidden(rules, 2, 7 % 2)
    deck = table_deck("czech", 7)
    for action in full.log:
        if action.card is not None:
            replay.reveal(next(s for s, c in enumerate(deck) if c is action.card), action.card)
        try:
            replay.apply(action)
        except EngineError:
            return  # refilled slots are unknown here: the table would re-deal them
    assert replay.over and not replay.scored  # nobody opened the hands left
    for hand in replay.hands:
        for slot in hand:
            assert replay.known[slot] == 0b11  # shown to all at the end
            replay.reveal(slot, deck[slot])
    assert replay.scored and replay.result == full.result


def test_the_replay_refills_from_the_tables_re_deals() -> None:
    full, _ = play_along("czech-8", 3, 2)
    deck = table_deck("czech-8", 2)
    faces_after: list[list[Card]] = []
    game = CzechGame.from_table(get_czech_rules("czech-8"), 3, deck, 2 % 3, redeals=None)
    game.rng = random.Random(2)
    for action in full.log:
        for event in game.apply(action):
            if event.kind == RESHUFFLE:
                faces_after.append([game.faces[s] for s in event.slots])
    replay = CzechGame.from_table(get_czech_rules("czech-8"), 3, deck, 2 % 3, faces_after)
    for action in full.log:
        replay.apply(action)
    assert replay.result == full.result and replay.state_hash() == full.state_hash()
    if faces_after:
        wrong = CzechGame.from_table(get_czech_rules("czech-8"), 3, deck, 2 % 3, [])
        with pytest.raises((EngineError, IllegalAction)):
            for action in full.log:
                wrong.apply(action)


def test_reveal_refuses_a_second_face_for_one_slot() -> None:
    game = CzechGame.new_hidden(get_czech_rules("czech"), 2, 0)
    game.reveal(0, Card.parse("7H"), to=[0])
    game.reveal(0, Card.parse("7H"))
    assert game.known[0] == 0b11
    with pytest.raises(EngineError):
        game.reveal(0, Card.parse("8H"))
    with pytest.raises(EngineError):
        game.reveal(99, Card.parse("8H"))
