"""Cross fool's engine: the deal, building, the chain, hidden deck, resample, bots, match."""

from __future__ import annotations

import random

import pytest

from engine.bots.base import Bot
from engine.bots.random_bot import RandomBot
from engine.cards import Card, deck_spec, parse_cards
from engine.cross.actions import CrossAction
from engine.cross.bots import CrossHeuristicBot, make_cross_bot
from engine.cross.game import DREW, OPENED, PLAY_PHASE, REPEATED, CrossGame
from engine.cross.match import CrossMatch
from engine.cross.rules import get_cross_rules
from engine.errors import EngineError, IllegalAction, ParseError
from engine.games import kind_of
from engine.rules import all_variant_ids

RULES = get_cross_rules("cross")


def play(game: CrossGame, bots: list[Bot], cap: int = 20_000) -> CrossGame:
    """Play the bots (bot i in seat i) to the end of the game."""
    for _ in range(cap):
        if game.over:
            return game
        game.apply(bots[game.turn].choose(game, game.turn))  # type: ignore[arg-type]
    raise AssertionError("no end")


def to_play_phase(game: CrossGame) -> CrossGame:
    """Draw until the building phase is over."""
    while game.phase != PLAY_PHASE:
        game.apply(CrossAction(game.turn, "draw"))
    return game


def test_preset_is_listed_and_registered() -> None:
    """`cross` is a preset id of its own kind, listed with every other variant."""
    assert "cross" in all_variant_ids()
    kind = kind_of("cross")
    assert kind is not None and kind.name == "cross"
    with pytest.raises(ParseError):
        get_cross_rules("crossed")
    with pytest.raises(ParseError):
        RULES.check_players(7)
    with pytest.raises(ParseError):
        RULES.replace(deck=32).check_players(2)


def test_action_text_round_trips() -> None:
    """Canonical texts parse back to the same action; bad text is a ParseError."""
    for text in ("0 draw", "1 lead 7H", "2 beat 10D", "3 take"):
        assert str(CrossAction.parse(text)) == text
    for bad in ("draw", "0 draw 7H", "0 lead", "0 beat 7H 8H", "0 jump"):
        with pytest.raises(ParseError):
            CrossAction.parse(bad)


def test_deal_opens_one_card_each_and_the_line_the_highest_builds_first() -> None:
    """Positions 0..n-1 go face up to the seats from `first`, the next to the line; the highest
    card builds first (the first of equal cards in dealing order); the deck stays hidden."""
    deck = list(deck_spec(36))
    order = ["9H", "AS", "AC", "7D"]  # seats 1, 2, 0 from first=1; then the line
    for position, text in enumerate(order):
        card = Card.parse(text)
        index = deck.index(card)
        deck[position], deck[index] = deck[index], deck[position]
    game = CrossGame.from_deck(RULES, 3, deck, first=1)
    assert [game.top_card(s).text for s in range(3)] == ["AC", "9H", "AS"]
    assert game.turn == 2  # AS was dealt before AC
    assert [game.faces[s].text for s in game.line] == ["7D"]
    opened = [e for e in game.last_events() if e.kind == OPENED]
    assert sorted(e.slots[0] for e in opened) == [0, 1, 2, 3]
    assert all(game.known[s] == 0 for s in game.deck) and game.deck[-1] == 4
    assert game.observation(0).deck_count == 32


def test_a_drawn_card_is_opened_to_every_seat() -> None:
    """Each draw names the slot it turned up; that slot is then known to all."""
    game = CrossGame.new(RULES, 3, random.Random(2))
    slot = game.deck[-1]
    events = game.apply(CrossAction(game.turn, "draw"))
    drew = [e for e in events if e.kind == DREW]
    assert drew[0].slots == (slot,) and game.known[slot] == 0b111


def test_same_seed_same_game_and_the_deck_stays_whole() -> None:
    """A game is a function of its seed; every card ends in a hand or the waste."""
    for players in range(2, 7):
        games = [
            play(
                CrossGame.new(RULES, players, random.Random(5)),
                [RandomBot(9 + s) for s in range(players)],
            )
            for _ in range(2)
        ]
        assert games[0].log == games[1].log
        assert games[0].state_hash() == games[1].state_hash()
        held = sum(len(h) for h in games[0].hands) + len(games[0].discard)
        assert held == 36 and not games[0].deck and not games[0].line


def test_building_ends_with_the_lowest_diamond_leading() -> None:
    """After the last card the piles become hands and the six of diamonds' holder leads."""
    game = to_play_phase(CrossGame.new(RULES, 4, random.Random(11)))
    holder = next(s for s in range(4) if Card.parse("6D") in game.hand_cards(s))
    assert game.turn == holder
    assert all(game.known[s] == 0b1111 for s in range(36))


def test_illegal_action_names_the_reason_and_changes_nothing() -> None:
    """A refused move says why and leaves the state as it was."""
    game = CrossGame.from_layout(
        RULES, [parse_cards("6C 9H"), parse_cards("AD 10H")], phase=PLAY_PHASE
    )
    before = game.state_hash()
    for text, words in (
        ("0 beat 9H", "no chain is open"),
        ("0 lead 8S", "not in your hand"),
        ("1 lead AD", "seat 0's turn"),
        ("0 draw", "the deck is laid out"),
    ):
        with pytest.raises(IllegalAction, match=words):
            game.apply(CrossAction.parse(text))
    assert game.state_hash() == before
    with pytest.raises(IllegalAction):
        game.apply("0 lead 6C")  # type: ignore[arg-type]


def test_bad_layouts_are_refused() -> None:
    """A duplicated card, a building phase with no deck or a missing seat is an EngineError."""
    with pytest.raises(EngineError, match="twice"):
        CrossGame.from_layout(RULES, [parse_cards("6C"), parse_cards("6C")], deck=parse_cards("7H"))
    with pytest.raises(EngineError, match="deck"):
        CrossGame.from_layout(RULES, [parse_cards("6C"), parse_cards("7C")])
    with pytest.raises(EngineError, match="no seat"):
        CrossGame.from_layout(RULES, [parse_cards("6C"), parse_cards("7C")], phase="play", turn=2)


def test_resample_moves_only_the_deck() -> None:
    """A resample keeps the seat's observation and every card already turned up."""
    game = CrossGame.new(RULES, 3, random.Random(4))
    for _ in range(5):
        game.apply(CrossAction(game.turn, "draw"))
    rng = random.Random(1)
    copies = [game.resample(1, rng) for _ in range(6)]
    for copy in copies:
        assert copy.observation(1) == game.observation(1)
        assert copy.public_hash() == game.public_hash()
        assert copy.information_state_key(1) == game.information_state_key(1)
        assert sorted(copy.faces) == sorted(game.faces)
        opened = [s for s in range(36) if game.known[s]]
        assert [copy.faces[s] for s in opened] == [game.faces[s] for s in opened]
    assert len({c.state_hash() for c in copies}) > 1
    clone = game.clone()
    clone.apply(CrossAction(clone.turn, "draw"))
    assert clone.state_hash() != game.state_hash()


def test_heuristic_sees_only_its_seat() -> None:
    """Its choice is the same on any order of the deck it cannot see."""
    game = CrossGame.new(RULES, 2, random.Random(6))
    bots = [RandomBot(1), RandomBot(2)]
    checked = 0
    while not game.over and checked < 60:
        seat = game.turn
        expected = CrossHeuristicBot(0).choose(game, seat)
        for draw in range(3):
            other = game.resample(seat, random.Random(draw))
            assert CrossHeuristicBot(0).choose(other, seat) == expected
        checked += 1
        game.apply(bots[seat].choose(game, seat))  # type: ignore[arg-type]
    assert checked > 30


def heuristic_wins(games: int) -> int:
    """Two-player games heuristic against random, seats alternating; games the heuristic won."""
    wins = 0
    for number in range(games):
        mine = number % 2
        bots: list[Bot] = [RandomBot(number + 7), RandomBot(number + 7)]
        bots[mine] = CrossHeuristicBot(number)
        game = play(CrossGame.new(RULES, 2, random.Random(number)), bots)
        wins += game.fool != mine
    return wins


@pytest.mark.soak  # an evaluation of bot strength: scripts/test --slow
def test_heuristic_beats_random() -> None:
    """The issue's bar is 75% of two-player games; measured 84.0% over 1,200 (95% interval
    81.8-86.0%) by the simulator. 100 games must give at least 72: about 3 standard
    deviations below the measured rate."""
    assert heuristic_wins(100) >= 72


def test_a_position_that_comes_back_ends_the_game_with_no_fool() -> None:
    """Three players pass three sevens round for ever: the third time a lead position comes
    back the game ends, nobody the fool."""
    game = CrossGame.from_layout(
        RULES,
        [parse_cards("7H 6S"), parse_cards("7S 6C"), parse_cards("7C 6H")],
        phase=PLAY_PHASE,
    )
    rounds = 0
    while not game.over:
        for leader, taker in ((0, 1), (2, 0), (1, 2)):  # each leads the seven he was passed
            seven = next(c for c in game.hand_cards(leader) if c.rank == 7 and c.text != "7S")
            game.apply(CrossAction.parse(f"{leader} lead {seven}"))
            game.apply(CrossAction.parse(f"{taker} take"))
        rounds += 1
        assert rounds <= 6
    assert game.repeated and game.fool is None and game.winners() == []
    assert any(e.kind == REPEATED for e in game.last_events())


def test_every_table_size_ends_well_under_the_cap() -> None:
    """Random and heuristic play of 2 to 6 players ends, with the fool holding cards."""
    for players in range(2, 7):
        for seed in range(5):
            bots: list[Bot] = [make_cross_bot("heuristic", seed)] + [
                RandomBot(seed + s) for s in range(1, players)
            ]
            game = play(CrossGame.new(RULES, players, random.Random(seed)), bots, cap=3_000)
            assert game.over
            if game.fool is not None:
                assert game.hands[game.fool] and game.fool not in game.out
                assert game.winners() == [s for s in range(players) if s != game.fool]


def test_match_counts_the_fools() -> None:
    """A match plays games in a row; the first to leave deals the next; fools add up."""
    match = CrossMatch(RULES, 3)
    rng = random.Random(3)
    for number in range(4):
        game = match.new_game(rng)
        play(game, [RandomBot(number * 3 + s) for s in range(3)])
        points = match.record(game)
        assert sum(points) == (game.fool is not None)
        if game.winner is not None:
            assert match.next_leader(rng) == game.winner
    assert sum(match.points) == sum(g.fool is not None for g in match.games)


def test_unknown_cross_bot_is_refused() -> None:
    """A bot name with no cross player is a ValueError naming the choices."""
    with pytest.raises(ValueError, match="heuristic"):
        make_cross_bot("oracle")  # ("search" is the hard level: every kind has it)
