"""Joker rummy's engine: deal, combinations, hidden cards, refusals, resample, match, speed."""

from __future__ import annotations

import random
import time
from collections import Counter
from itertools import combinations, permutations

import pytest

from engine.bots.random_bot import RandomBot
from engine.cards import Card, parse_cards
from engine.errors import EngineError, IllegalAction, ParseError
from engine.points_match import clockwise_leader, fewest_points
from engine.rules import all_variant_ids, variant_ids
from engine.rummy.actions import DISCARD, DRAW, RummyAction
from engine.rummy.game import DREW, REFILLED, STALLED, RummyGame
from engine.rummy.match import RummyMatch
from engine.rummy.melds import (
    best_laying,
    hand_melds,
    laying_bound,
    meld_value,
    run_low,
    set_rank,
)
from engine.rummy.rules import RUMMY_PRESETS, get_rummy_rules

RULES = get_rummy_rules("joker-rummy")


def play_random(game: RummyGame, seed: int, cap: int = 20_000) -> RummyGame:
    """Play random moves to the end of the hand."""
    bots = [RandomBot(seed + seat) for seat in range(game.players)]
    for _ in range(cap):
        if game.over:
            return game
        game.apply(bots[game.turn].choose(game, game.turn))  # type: ignore[arg-type]
    raise AssertionError("no end")


def mid_game(seed: int, players: int = 3, steps: int = 60) -> RummyGame:
    """A game after `steps` random actions (or its end)."""
    game = RummyGame.new(RULES, players, random.Random(seed))
    bots = [RandomBot(seed * 7 + seat) for seat in range(players)]
    for _ in range(steps):
        if game.over:
            break
        game.apply(bots[game.turn].choose(game, game.turn))  # type: ignore[arg-type]
    return game


def test_preset_is_registered_apart_from_durak() -> None:
    """joker-rummy is a listed preset of its own; unknown names and options are refused."""
    assert list(RUMMY_PRESETS) == ["joker-rummy"]
    assert "joker-rummy" in all_variant_ids()
    assert "joker-rummy" not in variant_ids()
    with pytest.raises(ParseError):
        get_rummy_rules("joker")
    with pytest.raises(ParseError):
        get_rummy_rules("joker-rummy", trumps=True)
    assert get_rummy_rules("joker-rummy", joker_points=25).joker_points == 25


def test_action_text_round_trips() -> None:
    """Canonical texts parse back to the same action; bad text is a ParseError."""
    for text in ("0 draw", "1 take", "0 run 3C 4C RJ", "2 set QD QH BJ", "0 add 2 5C high",
                 "0 add 1 QS", "1 swap 0 5C", "0 discard 9D", "0 discard BJ RJ"):  # fmt: skip
        assert str(RummyAction.parse(text)) == text
    for bad in ("draw", "0 draw 7H", "0 add x 5C", "0 add 1 5C middle", "0 run", "0 jump 7H"):
        with pytest.raises(ParseError):
            RummyAction.parse(bad)


@pytest.mark.parametrize("players", [2, 4, 7])
def test_deal_gives_fifteen_to_the_first_player(players: int) -> None:
    """14 cards each, one more to the seat after the dealer, who starts by discarding."""
    game = RummyGame.new(RULES, players, random.Random(players), first=1)
    sizes = [len(h) for h in game.hands]
    assert sizes == [15 if seat == 1 else 14 for seat in range(players)]
    assert len(game.deck) == 106 - 14 * players - 1
    assert game.turn == 1 and game.phase == "play" and not game.stock
    assert {a.kind for a in game.legal_tuple(1)} == {DISCARD}
    for seat, hand in enumerate(game.hands):
        assert all(game.known[slot] == 1 << seat for slot in hand)
    assert all(game.known[slot] == 0 for slot in game.deck)


def test_deck_and_seats_are_checked() -> None:
    """Two decks seat 2 to 7 players, three decks up to 11; a wrong deck is refused."""
    with pytest.raises(ParseError):
        RULES.check_players(8)
    get_rummy_rules("joker-rummy", decks=3).check_players(11)
    assert len(get_rummy_rules("joker-rummy", decks=3).deck()) == 159
    with pytest.raises(EngineError):
        RummyGame.from_deck(RULES, 2, list(RULES.deck())[:-1], 0)


def test_combinations() -> None:
    """Runs of one suit low to high (ace low or high, no corner), sets of different suits."""
    assert run_low(parse_cards("3C 4C RJ")) == 3
    assert run_low(parse_cards("AC 2C 3C")) == 1
    assert run_low(parse_cards("QC KC AC")) == 12
    assert run_low(parse_cards("RJ KC AC")) == 12
    assert run_low(parse_cards("KC AC 2C")) is None
    assert run_low(parse_cards("3C 4D 5C")) is None
    assert run_low(parse_cards("RJ BJ 2C")) is None  # nothing below the low ace
    assert set_rank(parse_cards("QD QH RJ")) == 12
    assert set_rank(parse_cards("QH QH QD")) is None
    assert set_rank(parse_cards("QC QD QH QS BJ")) is None
    assert meld_value("run", parse_cards("9C 10C JC"), 0) == 29
    assert meld_value("set", parse_cards("10C 10D 10H 10S"), 0) == 40
    assert meld_value("run", parse_cards("AC 2C 3C"), 0) == 5
    assert meld_value("run", parse_cards("AC 2C 3C"), 1) == 6
    assert meld_value("run", parse_cards("3C 4C RJ"), 0) == 12


def test_best_laying_finds_disjoint_combinations() -> None:
    """The most points of combinations sharing no card."""
    hand = tuple(sorted(parse_cards("9C 10C JC 10H 10D 10S 2D")))
    assert best_laying(hand, 0) == 59  # 9C 10C JC and the three other tens
    assert best_laying(tuple(sorted(parse_cards("2C 5D 9H KS"))), 0) == 0
    rng = random.Random(3)
    for _ in range(300):
        cards = tuple(sorted(rng.sample(list(RULES.deck()), rng.randint(3, 15))))
        assert best_laying(cards, 0) <= laying_bound(cards)
    found = {cards for _, cards in hand_melds(list(parse_cards("3C 4C RJ")))}
    assert parse_cards("3C 4C RJ") in found and parse_cards("RJ 3C 4C") in found


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_random_hands_end_and_keep_every_card(players: int) -> None:
    """A hand is a function of its seed; it ends, and every card is in exactly one place."""
    first = play_random(RummyGame.new(RULES, players, random.Random(players)), 3)
    second = play_random(RummyGame.new(RULES, players, random.Random(players)), 3)
    assert first.log == second.log and first.state_hash() == second.state_hash()
    places = [s for h in first.hands for s in h] + first.deck + first.stock
    places += [s for m in first.melds for s in m.slots]
    assert sorted(places) == list(range(106))
    assert sorted(first.faces) == sorted(RULES.deck())
    assert first.winner is None or first.points[first.winner] < 0


def test_three_decks_for_eleven_players() -> None:
    """With three decks eleven players sit and a random hand ends."""
    rules = get_rummy_rules("joker-rummy", decks=3)
    game = play_random(RummyGame.new(rules, 11, random.Random(2)), 5)
    assert game.over and len(game.faces) == 159


def test_illegal_action_names_the_reason_and_changes_nothing() -> None:
    """A refused move raises IllegalAction with words a player understands; nothing changes."""
    game = RummyGame.new(RULES, 3, random.Random(4), first=0)
    before = game.state_hash()
    other = next(c for c in game.hand_cards(1) if c not in game.hand_cards(0))
    for action, words in (
        (RummyAction(1, DISCARD, (other,)), "seat 0's turn"),
        (RummyAction(0, DRAW), "taken your card"),
        (RummyAction(0, DISCARD, (other,)), "not in your hand"),
    ):
        with pytest.raises(IllegalAction, match=words):
            game.apply(action)
        assert game.state_hash() == before


def test_a_drawn_card_opens_to_its_drawer_only() -> None:
    """The deck card drawn is seen by the drawer; a discard is seen by everyone."""
    game = RummyGame.new(RULES, 3, random.Random(6), first=0)
    game.apply(RummyAction(0, DISCARD, (game.hand_cards(0)[0],)))
    assert game.known[game.stock[-1]] == 0b111
    events = game.apply(RummyAction(1, DRAW))
    (slot,) = next(e.slots for e in events if e.kind == DREW)
    assert game.known[slot] == 0b010
    seen = game.observation(0)
    assert all(c is None for c in seen.hands[1]) and all(c is None for c in seen.deck)
    assert game.observation(1).hands[1][-1] is game.faces[slot]


def test_turned_over_stock_keeps_its_faces_known() -> None:
    """The text turns the stock over: everyone saw those cards; with refill_shuffle they are
    dealt again unseen, as a new generation."""
    hands = [parse_cards("2C 7D"), parse_cards("3C 8D")]
    for shuffle in (False, True):
        rules = RULES.replace(refill_shuffle=shuffle)
        game = RummyGame.from_layout(rules, hands, stock=parse_cards("5D JC 4H"))
        events = game.apply(RummyAction(0, DRAW))
        refill = next(e for e in events if e.kind == REFILLED)
        assert len(refill.slots) == 3
        rest = game.deck
        if shuffle:
            assert all(game.known[s] == 0 for s in rest) and game.generation[rest[0]] == 1
        else:
            assert all(game.known[s] == 0b11 for s in rest)
            assert game.hand_cards(0)[-1] is Card.parse("5D")


def test_hand_nobody_can_finish_ends_when_the_turned_over_deck_runs_out() -> None:
    """Seed 3034 with RandomBot(340) and RandomBot(341): every combination on the table is
    complete and both hands hold a card or two, so no card goes onto the table; the hand ends
    (no winner, everyone counts) at the next running-out of the deck instead of going round."""
    game = RummyGame.new(RULES, 2, random.Random(3034))
    bots = [RandomBot(340), RandomBot(341)]
    while not game.over and len(game.log) < 20_000:
        game.apply(bots[game.turn].choose(game, game.turn))  # type: ignore[arg-type]
    assert game.over and game.winner is None
    assert [e.kind for e in game.last_events()] == [STALLED, "game_over"]
    assert game.refills == 2 and game.table_cards() == game.table_at_refill
    assert game.points == [game.hand_points(0), game.hand_points(1)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_resample_keeps_what_the_seat_knows(seed: int) -> None:
    """A resample changes only faces the seat cannot see, and looks the same to it."""
    game = mid_game(seed)
    for seat in range(game.players):
        copy = game.resample(seat, random.Random(seed))
        assert copy.observation(seat) == game.observation(seat)
        assert copy.information_state_key(seat) == game.information_state_key(seat)
        assert Counter(copy.faces) == Counter(game.faces)
        for slot, face in enumerate(game.faces):
            if game.known[slot] >> seat & 1:
                assert copy.faces[slot] is face


def test_public_hash_ignores_hidden_faces() -> None:
    """Public hash and another seat's key do not change when only hidden faces move."""
    game = mid_game(8)
    copy = game.resample(0, random.Random(1))
    assert copy.public_hash() == game.public_hash()
    assert copy.state_hash() != game.state_hash()


def test_every_legal_action_applies_and_legal_actions_are_fast() -> None:
    """Each listed action is accepted; a legal_actions call in mid-game takes a few ms of CPU."""
    spent, calls = 0.0, 0
    for seed in range(6):
        game = mid_game(seed, players=2 + seed % 3, steps=40 + 10 * seed)
        if game.over:
            continue
        game._legal = None
        start = time.process_time()
        legal = game.legal_tuple(game.turn)
        spent += time.process_time() - start
        calls += 1
        for action in legal:
            game.clone().apply(action)
    assert calls and spent / calls < 0.05


@pytest.mark.parametrize("seed", range(8))
def test_legal_actions_match_the_refusals(seed: int) -> None:
    """The fast listing of legal actions is exactly the candidates `apply` would accept."""
    rules = get_rummy_rules("joker-rummy", set_aside_complete=seed % 2 == 1)
    game = RummyGame.new(rules, 2 + seed % 3, random.Random(seed))
    bots = [RandomBot(seed + s) for s in range(game.players)]
    while not game.over:
        seat = game.turn
        checked = {a for a in game._candidates(seat) if game._refusal(a) is None}
        assert set(game.legal_tuple(seat)) == checked
        game.apply(bots[seat].choose(game, seat))  # type: ignore[arg-type]


def test_match_plays_a_hand_per_player_with_the_deal_going_round() -> None:
    """As many hands as players; the first player moves one seat clockwise each hand; the
    fewest points win."""
    match = RummyMatch(RULES, 3)
    rng = random.Random(9)
    while not match.over:
        game = match.new_game(rng)
        match.record(play_random(game, len(match.games)))
    assert len(match.games) == 3
    assert match.leaders == [(match.leaders[0] + n) % 3 for n in range(3)]
    assert match.points == [sum(g.points[s] for g in match.games) for s in range(3)]
    assert match.winners() == fewest_points(match.points)
    places = match.places()
    assert sorted(places) == [0, 1, 2] and places[0] in match.winners()
    assert [match.points[s] for s in places] == sorted(match.points)
    limited = RummyMatch(RULES.replace(match_limit=1), 2)
    limited.record(play_random(limited.new_game(rng), 1))
    assert limited.over


def test_points_match_helpers() -> None:
    """The shared helpers: the next leader clockwise, the seats with the fewest points."""
    assert clockwise_leader([2], 3, random.Random(0)) == 0
    assert 0 <= clockwise_leader([], 4, random.Random(0)) < 4
    assert fewest_points([5, -50, -50]) == [1, 2]


@pytest.mark.parametrize("seed", range(12))
def test_every_combination_apply_accepts_is_listed(seed: int) -> None:
    """Brute force over small hands: a run or set `apply` accepts is exactly one listed."""
    rng = random.Random(seed)
    naturals = [c for c in RULES.deck() if not c.is_joker and c.rank >= 9]
    hand = rng.sample(naturals, 7) + rng.sample(list(parse_cards("RJ BJ")), 1 + seed % 2)
    opened = seed % 3 != 0
    game = RummyGame.from_layout(RULES, [hand, parse_cards("2C")], opened=[opened, True],
                                 phase="play")  # fmt: skip
    legal = {a for a in game.legal_tuple(0) if a.kind in ("run", "set")}
    accepted = set()
    for size in (3, 4):
        for group in combinations(hand, size):
            for order in set(permutations(group)):
                for kind in ("run", "set"):
                    action = RummyAction(0, kind, order)
                    if game._refusal(action) is None:
                        accepted.add(action)
    assert accepted == {a for a in legal if len(a.cards) <= 4}


def test_a_random_hand_takes_well_under_a_second() -> None:
    """Random play of a two-player hand (about 360 actions) costs far less than a second."""
    start = time.process_time()
    for seed in range(5):
        play_random(RummyGame.new(RULES, 2, random.Random(seed)), seed)
    assert (time.process_time() - start) / 5 < 0.5


@pytest.mark.parametrize("shuffle", [False, True])
def test_events_name_every_slot_that_opens(shuffle: bool) -> None:
    """Every slot whose visibility an action changes is named in that action's events (the
    table opens exactly those), and a face changes only in a shuffled refill."""
    rules = RULES.replace(refill_shuffle=shuffle)
    refills = 0
    for seed in range(3):
        game = RummyGame.new(rules, 3, random.Random(seed))
        bots = [RandomBot(seed + s) for s in range(3)]
        while not game.over:
            known, faces = list(game.known), list(game.faces)
            events = game.apply(bots[game.turn].choose(game, game.turn))  # type: ignore[arg-type]
            named = {slot for event in events for slot in event.slots}
            changed = {s for s, bits in enumerate(known) if game.known[s] != bits}
            assert changed <= named
            moved = {s for s, face in enumerate(faces) if game.faces[s] is not face}
            assert not moved or (shuffle and any(e.kind == REFILLED for e in events))
            refills += any(e.kind == REFILLED for e in events)
    assert refills
