"""Joker rummy's hidden game for a LAN table: every seat's game, fed only the faces the rules
let it see (as the table opens them), plays exactly the game of the open deck and peeks at
nothing; the audit's game replays a table's deck."""

from __future__ import annotations

import random

import pytest

from engine.bots.random_bot import RandomBot
from engine.cards import Card
from engine.errors import IllegalAction
from engine.rummy.actions import FORFEIT, RummyAction
from engine.rummy.bots import make_rummy_bot
from engine.rummy.game import RummyGame
from engine.rummy.rules import RummyRules, get_rummy_rules

RULES = get_rummy_rules("joker-rummy")


def open_new_faces(full: RummyGame, hidden: list[RummyGame]) -> None:
    """What a table does after a move: each slot opened to the seats its game says may now
    see it (at the end of a hand every hand is shown, to count the points)."""
    everyone = (1 << full.players) - 1
    for seat, game in enumerate(hidden):
        for slot, mask in enumerate(game.known):
            if mask >> seat & 1 and game.faces[slot] is None:
                game.reveal(slot, full.faces[slot], to=None if mask == everyone else [seat])


def play_table(rules: RummyRules, players: int, seed: int, bots: str = "random") -> RummyGame:
    """A hand dealt as a table deals it, every seat's hidden game checked at every move."""
    rng = random.Random(seed)
    deck = list(rules.deck())
    rng.shuffle(deck)
    first = rng.randrange(players)
    full = RummyGame.from_table(rules, players, deck, first, redeals=None)
    hidden = [RummyGame.new_hidden(rules, players, first) for _ in range(players)]
    open_new_faces(full, hidden)
    seated = [
        RandomBot(seed + s) if bots == "random" else make_rummy_bot(bots, seed + s)
        for s in range(players)
    ]
    while not full.over:
        seat = full.turn
        action: RummyAction = seated[seat].choose(full, seat)  # type: ignore[arg-type,assignment]
        for slot in full.shown_slots(action):  # shown to every seat before the move
            for game in hidden:
                if game.faces[slot] is None:
                    game.reveal(slot, full.faces[slot])
        own = hidden[seat]
        assert own.legal_tuple(seat) == full.legal_tuple(seat)
        full.apply(action)
        for game in hidden:
            game.apply(action)
        open_new_faces(full, hidden)
        for viewer, game in enumerate(hidden):
            if full.over:
                assert all(
                    f is not None for h in game.hands for f in map(game.faces.__getitem__, h)
                )
                continue
            assert game.known == full.known
            assert game.hands == full.hands and game.deck == full.deck
            assert game.stock == full.stock
            for slot, face in enumerate(game.faces):
                if face is not None:
                    assert full.known[slot] >> viewer & 1, f"seat {viewer} sees slot {slot}"
                    assert face is full.faces[slot]
            assert game.observation(viewer) == full.observation(viewer)
    for game in hidden:
        assert game.result == full.result
    return full


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (2, 3034)])
def test_hidden_games_play_the_open_game_and_see_only_what_they_may(
    players: int, seed: int
) -> None:
    play_table(RULES, players, seed)


def test_hidden_games_with_heuristic_bots_and_shuffled_refills() -> None:
    for seed in range(3):
        play_table(RULES.replace(refill_shuffle=True), 2, 40 + seed)
        play_table(RULES, 3, 50 + seed, bots="heuristic")


def test_the_first_player_draws_the_fifteenth_card_at_a_table() -> None:
    """The table deals 14 each; "the person entering is given a card that he himself would
    have to take from the deck": the first player's only move is to draw it."""
    hidden = RummyGame.new_hidden(RULES, 3, 1)
    assert [len(h) for h in hidden.hands] == [14, 14, 14]
    assert hidden.legal_tuple(1) == (RummyAction(1, "draw"),)
    assert hidden.deck[-1] == 42


def test_a_forfeit_ends_the_hand_and_the_leaver_is_the_fool() -> None:
    rng = random.Random(5)
    deck = list(RULES.deck())
    rng.shuffle(deck)
    game = RummyGame.from_table(RULES, 3, deck, 0)
    assert RummyAction(0, FORFEIT) not in game.legal_tuple(0)
    game.apply(RummyAction.parse("2 forfeit"))
    assert game.over and game.fool == 2 and game.winner is None
    with pytest.raises(IllegalAction):
        game.apply(RummyAction(1, FORFEIT))


def test_a_revealed_face_cannot_change() -> None:
    game = RummyGame.new_hidden(RULES, 2, 0)
    game.reveal(0, Card.parse("5H"), to=[0])
    game.reveal(0, Card.parse("5H"), to=[0])
    with pytest.raises(Exception, match="cannot become"):
        game.reveal(0, Card.parse("6H"))
