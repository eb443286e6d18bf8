"""Matches (who leads next, Kozlov-Borisov points and roubles), forfeits, claims and the audit."""

from __future__ import annotations

import random

import pytest

from engine.actions import Action
from engine.audit import audit_game, check_claims, leader_from_claims, lowest_trump_claim
from engine.cards import Card
from engine.errors import IllegalAction
from engine.game import Claim, Game, deal_layout, deal_positions
from engine.match import Match, game_points, next_leader
from engine.rules import get_rules
from tests.engine.helpers import random_action


def finished(variant: str, players: int, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(get_rules(variant), players, random.Random(seed))
    while not game.over:
        game.apply(random_action(game, rng))
    return game


def test_kozlov_points_and_roubles_over_a_match() -> None:
    rules = get_rules("kozlov")
    match = Match(rules, 3)
    rng = random.Random(1)
    for _ in range(4):
        game = match.new_game(rng)
        while not game.over:
            game.apply(random_action(game, rng))
        points = match.record(game)
        if game.fool is None:
            assert sorted(points) == [1, 1, 2]
        else:
            assert points[game.fool] == 0 and points.count(2) == 2
    assert sum(match.points) == sum(sum(game_points(rules, g)) for g in match.games)
    wins = sum(1 for g in match.games for s in range(3) if g.fool is not None and s != g.fool)
    assert sum(match.roubles) == 10 * wins
    assert match.dealer == next(f for f in reversed(match.fools) if f is not None)


@pytest.mark.parametrize(("rule", "expected"), [("under_fool", 1), ("from_under_fool", 3)])
def test_next_leader_sits_beside_the_fool(rule: str, expected: int) -> None:
    game = finished("throw-in", 4, 2)
    game.fool = 2
    assert next_leader(get_rules("throw-in", next_lead=rule), 4, game) == expected
    assert next_leader(get_rules("throw-in"), 4, None) is None


def test_a_match_game_is_led_from_under_the_fool() -> None:
    rules = get_rules("throw-in", next_lead="from_under_fool")
    match = Match(rules, 3)
    previous = finished("throw-in", 3, 5)
    assert previous.fool is not None
    match.record(previous)
    assert match.new_game(random.Random(0)).lead == (previous.fool + 1) % 3


def test_forfeit_makes_the_seat_the_fool() -> None:
    game = Game.new(get_rules("kozlov"), 3, random.Random(1))
    game.apply(Action(2, "forfeit"))
    assert game.over and game.fool == 2
    assert game_points(get_rules("kozlov"), game) == [2, 2, 0]
    with pytest.raises(IllegalAction):
        game.apply(Action(0, "forfeit"))


def test_team_points_go_to_the_whole_team() -> None:
    game = finished("teams", 4, 3)
    assert game.fool is not None
    points = game_points(get_rules("teams"), game)
    assert points[game.fool] == points[(game.fool + 2) % 4] == 0
    assert points[(game.fool + 1) % 4] == 1


def deal_and_claims(seed: int) -> tuple[Game, list[Claim]]:
    game = Game.new(get_rules("throw-in"), 3, random.Random(seed))
    claims = []
    for seat in range(3):
        trumps = sorted(
            (c for c in game.hand_cards(seat) if c.suit == game.trump_suit), key=lambda c: c.rank
        )
        claims.append(lowest_trump_claim(seat, trumps[0] if trumps else None))
    return game, claims


def test_true_lowest_trump_claims_pass_and_choose_the_leader() -> None:
    for seed in range(20):
        game, claims = deal_and_claims(seed)
        deck = [c for c in game.faces if c is not None]
        assert check_claims(game.rules, 3, deck, claims) == []
        assert (
            leader_from_claims(game.rules, game.trump_suit, claims, 3, random.Random(seed))
            == game.lead
        )


def test_a_false_lowest_trump_claim_is_named() -> None:
    for seed in range(40):
        game, claims = deal_and_claims(seed)
        liar = next((c for c in claims if c.text != "none"), None)
        if liar is None:
            continue
        claims[liar.seat] = lowest_trump_claim(liar.seat, None)
        deck = [c for c in game.faces if c is not None]
        problems = check_claims(game.rules, 3, deck, claims)
        assert problems and problems[0].startswith(f"seat {liar.seat} claimed no trump")
        return
    raise AssertionError("no deal with a trump in 40 seeds")


def test_audit_replays_a_clean_game_and_names_an_illegal_move() -> None:
    rules = get_rules("throw-in")
    game = finished("throw-in", 2, 8)
    start = Game.new(rules, 2, random.Random(8))
    deck = [c for c in start.faces if c is not None]
    assert audit_game(rules, 2, deck, game.log, start.lead) == []
    # Swap two cards between the hands: the log no longer fits the deck.
    hands = deal_positions(2, 6, 36)
    forged = list(deck)
    forged[hands[0][0]], forged[hands[1][0]] = forged[hands[1][0]], forged[hands[0][0]]
    problems = audit_game(rules, 2, forged, game.log, start.lead)
    assert problems and "is illegal" in problems[0]
    problems = audit_game(rules, 2, deck, game.log, start.lead, reveal_map={0: Card.parse("RJ")})
    assert problems == [f"position 0 was shown as RJ but is {deck[0]}"]


def test_the_deal_starts_at_the_dealers_left() -> None:
    """A, C, D: the dealer deals clockwise from his left; seat 0 first without a dealer."""
    assert deal_positions(3, 2, 36, first_seat=1) == [[2, 5], [0, 3], [1, 4]]
    assert (
        deal_layout(get_rules("throw-in"), 3, dealer=2)[0]
        == deal_layout(get_rules("throw-in"), 3)[0]
    )
    piled = get_rules("piled")  # 36 cards to 5 seats: the first seat dealt gets the 8th card
    for dealer in range(5):
        game = Game.new(piled, 5, random.Random(dealer), dealer=dealer)
        sizes = [len(hand) for hand in game.hands]
        assert sizes[(dealer + 1) % 5] == 8 and sorted(sizes) == [7, 7, 7, 7, 8]


def test_albanian_aces_go_to_the_dealers_left() -> None:
    """Match.new_game deals albanian from a deck ordered by rank (it crashed before)."""
    match = Match(get_rules("albanian"), 3)
    rng = random.Random(4)
    for _ in range(3):
        dealer = match.dealer
        game = match.new_game(rng)
        assert dealer is None or match.dealers[-1] == dealer
        first = (match.dealers[-1] + 1) % 3
        assert game.faces[game.hands[first][0]].rank == 14  # type: ignore[union-attr]
        while not game.over:
            game.apply(random_action(game, rng))
        match.record(game)


def test_the_loser_deals_the_next_game() -> None:
    """The fool of a game deals the next one; after a draw the last dealer deals again."""
    match = Match(get_rules("throw-in"), 3)
    rng = random.Random(7)
    for _ in range(6):
        game = match.new_game(rng)
        while not game.over:
            game.apply(random_action(game, rng))
        match.record(game)
        expected = game.fool if game.fool is not None else match.dealers[-1]
        assert match.dealer == expected


def test_the_audit_decides_the_leader_by_the_one_first_lead_rule() -> None:
    """`leader_from_claims` names the seat `decide_first_lead` names, a lot included; the
    engine keeps no second copy of the rule."""
    import engine.game
    from engine.first_lead import decide_first_lead

    assert not hasattr(engine.game, "lowest_trump_leader")
    rules = get_rules("throw-in")
    nobody = [lowest_trump_claim(seat, None) for seat in range(4)]
    for seed in range(30):
        shown: list[list[Card]] = [[] for _ in range(4)]
        expected = decide_first_lead(rules, 4, None, shown, ["H"] * 4, random.Random(seed))
        assert leader_from_claims(rules, "H", nobody, 4, random.Random(seed)) == expected.leader
    claims = [lowest_trump_claim(0, Card.parse("9H")), lowest_trump_claim(1, Card.parse("7H"))]
    assert leader_from_claims(rules, "H", claims, 2, random.Random(0)) == 1


def test_deal_positions_are_the_one_card_at_a_time_deal() -> None:
    """Every seat's positions are those a card-by-card deal clockwise from `first_seat` gives."""
    for players in range(2, 7):
        for hand_size, deck_size in [(6, 36), (6, 24), (8, 36), (9, 52), (7, 20)]:
            for first in range(players):
                hands: list[list[int]] = [[] for _ in range(players)]
                for position in range(min(players * hand_size, deck_size)):
                    hands[(first + position) % players].append(position)
                assert deal_positions(players, hand_size, deck_size, first) == hands
