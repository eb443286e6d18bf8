"""Czech fool's engine: determinism, hidden cards, illegal moves, resample, presets, match."""

from __future__ import annotations

import random

import pytest

from engine.bots.random_bot import RandomBot
from engine.cards import Card, deck_spec, parse_cards
from engine.czech.actions import CzechAction
from engine.czech.game import CzechGame
from engine.czech.match import CzechMatch
from engine.czech.rules import CZECH_PRESETS, get_czech_rules
from engine.errors import IllegalAction, ParseError
from engine.rules import all_variant_ids, variant_ids

IDS = ["czech"] + [f"czech-{n}" for n in range(1, 10)]


def play_random(game: CzechGame, seed: int, cap: int = 20_000) -> CzechGame:
    """Play random moves to the end of the game."""
    bots = [RandomBot(seed + seat) for seat in range(game.players)]
    for _ in range(cap):
        if game.over:
            return game
        game.apply(bots[game.turn].choose(game, game.turn))  # type: ignore[arg-type]
    raise AssertionError("no end")


def test_every_preset_is_registered() -> None:
    """The ten ids of variants.md are presets, listed after the Durak ids, not among them."""
    assert list(CZECH_PRESETS) == IDS
    listed = all_variant_ids()
    start = listed.index("czech")
    assert listed[start : start + 10] == IDS  # together, after the Durak ids
    assert start >= len(variant_ids())
    assert not set(IDS) & set(variant_ids())
    with pytest.raises(ParseError):
        get_czech_rules("czech-10")


def test_action_text_round_trips() -> None:
    """Canonical texts parse back to the same action; bad text is a ParseError."""
    for text in ("0 play 7H", "1 draw", "2 order S", "0 pass", "1 play 10D"):
        assert str(CzechAction.parse(text)) == text
    for bad in ("play 7H", "0 order X", "0 draw 7H", "0 jump"):
        with pytest.raises(ParseError):
            CzechAction.parse(bad)


@pytest.mark.parametrize("variant", IDS)
def test_same_seed_same_game(variant: str) -> None:
    """A game is a function of its seed; every preset plays to an end with the deck intact."""
    rules = get_czech_rules(variant)
    first = play_random(CzechGame.new(rules, 3, random.Random(5)), 9)
    second = play_random(CzechGame.new(rules, 3, random.Random(5)), 9)
    assert first.log == second.log and first.state_hash() == second.state_hash()
    cards = sorted(first.faces)
    assert cards == sorted(deck_spec(rules.deck))
    held = sum(len(h) for h in first.hands) + len(first.stock) + len(first.discard)
    assert held == rules.deck


def test_illegal_action_names_the_reason_and_changes_nothing() -> None:
    """A card that fits neither suit nor rank is refused with words, the state unchanged."""
    rules = get_czech_rules("czech")
    game = CzechGame.from_layout(
        rules, [parse_cards("9H 10C"), parse_cards("JC")], parse_cards("7D"), parse_cards("KH")
    )
    before = game.state_hash()
    with pytest.raises(IllegalAction, match="matches neither"):
        game.apply(CzechAction.parse("0 play 10C"))
    with pytest.raises(IllegalAction, match="not in your hand"):
        game.apply(CzechAction.parse("0 play 8S"))
    assert game.state_hash() == before


def test_observation_hides_other_hands_and_the_deck() -> None:
    """A seat sees its hand and the top card; other hands are slots; the deck is a count."""
    game = CzechGame.new(get_czech_rules("czech"), 3, random.Random(1), first=0)
    game.apply(game.legal_tuple(0)[0])
    seen = game.observation(1)
    assert seen.hand == tuple(game.hand_cards(1))
    assert all(card is None for card in seen.hands[0]) and all(c is None for c in seen.hands[2])
    assert seen.top == game.top and seen.stock_count == len(game.stock)
    assert seen.legal == game.legal_tuple(1)


def test_resample_keeps_what_the_seat_knows() -> None:
    """Resampling changes only faces the seat cannot know, within one refill's cards."""
    rules = get_czech_rules("czech")
    game = CzechGame.new(rules, 2, random.Random(3), first=0)
    bots = [RandomBot(1), RandomBot(2)]
    while not game.over and game.reshuffles < 2:
        game.apply(bots[game.turn].choose(game, game.turn))  # type: ignore[arg-type]
    rng = random.Random(7)
    for _ in range(20):
        copy = game.resample(0, rng)
        assert copy.observation(0) == game.observation(0)
        assert sorted(copy.faces) == sorted(game.faces)
        for generation in set(game.generation):
            slots = [s for s, g in enumerate(game.generation) if g == generation]
            assert sorted(copy.faces[s] for s in slots) == sorted(game.faces[s] for s in slots)
    assert game.state_hash() == game.clone().state_hash()


def test_refill_keeps_the_top_card_and_forgets_the_pile_order() -> None:
    """The top card stays open; the rest become the deck, unknown to every seat."""
    rules = get_czech_rules("czech")
    game = CzechGame.from_layout(
        rules, [parse_cards("8S"), parse_cards("KC")], (), parse_cards("7C 8C 9C KH")
    )
    game.apply(CzechAction.parse("0 draw"))
    assert game.top == Card.parse("KH") and len(game.stock) == 2
    assert all(game.known[s] == 0 for s in game.stock)
    assert sum(game.generation[s] == 1 for s in game.stock) == 2


def test_match_adds_points_and_the_winner_moves_first() -> None:
    """Points add up over games; the winner of a game moves first in the next."""
    rules = get_czech_rules("czech")
    match = CzechMatch(rules, 2)
    rng = random.Random(4)
    for number in range(3):
        game = play_random(match.new_game(rng), number)
        totals = list(match.points)
        points = match.record(game)
        assert match.points == [a + b for a, b in zip(totals, points, strict=True)]
        if game.winner is not None:
            assert match.next_leader(rng) == game.winner


def test_scenario_runner_reports_wrong_expectations() -> None:
    """A wrong final expectation, an illegal move marked legal and a wrong reason all fail."""
    from engine.czech.scenario import run_czech_scenario

    base = {
        "variant": "czech",
        "hands": [["9H"], ["JC", "QD"]],
        "stock": ["10D"],
        "discard": ["8H"],
        "moves": [{"action": "0 play 9H"}],
        "expect": {"points": [0, 5], "winner": 0},
    }
    assert run_czech_scenario(dict(base)) == []
    wrong_points = dict(base, expect={"points": [0, 6]})
    assert [f.what for f in run_czech_scenario(wrong_points)] == ["points"]
    marked_illegal = dict(base, moves=[{"action": "0 play 9H", "illegal": True}])
    assert "was accepted" in run_czech_scenario(marked_illegal)[0].what
    wrong_reason = dict(
        base, moves=[{"action": "1 play JC", "illegal": True, "reason": "no such words"}]
    )
    assert run_czech_scenario(wrong_reason)[0].what == "refusal reason"


@pytest.mark.parametrize("variant", IDS)
def test_every_preset_ends_at_every_table_size(variant: str) -> None:
    """Random play ends (a win, a loss at once or a repeated position) for 2 to 5 players."""
    from engine.bots.czech_heuristic import CzechHeuristicBot

    rules = get_czech_rules(variant)
    for players in range(2, 6):
        if players * rules.hand_size >= rules.deck:
            continue
        for seed in range(6):
            game = CzechGame.new(rules, players, random.Random(seed))
            bots = [CzechHeuristicBot(seed)] + [RandomBot(seed + s) for s in range(1, players)]
            for _ in range(20_000):
                if game.over:
                    break
                game.apply(bots[game.turn].choose(game, game.turn))  # type: ignore[arg-type]
            assert game.over
            assert game.winner is not None or game.repeated or game.fool is not None
            assert sorted(game.faces) == sorted(deck_spec(rules.deck))


def test_public_hash_and_information_state_ignore_hidden_faces() -> None:
    """A resample keeps the public hash and the seat's information-state key, not the state."""
    game = CzechGame.new(get_czech_rules("czech"), 2, random.Random(8), first=0)
    for _ in range(6):
        game.apply(game.legal_tuple(game.turn)[0])
    rng = random.Random(1)
    copies = [game.resample(0, rng) for _ in range(5)]
    assert {c.public_hash() for c in copies} == {game.public_hash()}
    assert {c.information_state_key(0) for c in copies} == {game.information_state_key(0)}
    assert len({c.state_hash() for c in copies}) > 1


def test_king_of_spades_rule_is_an_option_off_by_default() -> None:
    """Option 9's "If desired, a rule is introduced: if a player places a King of Spades, then
    the opponent takes 5 cards from the deck, and the player continues his turn": off in every
    preset, on with the option, at any table size (the next seat takes the five)."""
    assert not any(rules.king_of_spades for rules in CZECH_PRESETS.values())
    hands = [parse_cards("KS 9S"), parse_cards("7C"), parse_cards("8C")]
    stock = parse_cards("6D 7D 8D 9D 10D JD")
    for on in (False, True):
        rules = get_czech_rules("czech-9", king_of_spades=on)
        game = CzechGame.from_layout(rules, hands, stock, parse_cards("8S"), first=0)
        game.apply(CzechAction.parse("0 play KS"))
        assert (game.turn, len(game.hands[1]), len(game.hands[2])) == (
            (0, 6, 1) if on else (1, 1, 1)
        )
