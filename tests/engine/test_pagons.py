"""Durak with pagons: the deal, hidden hands, hanging, teams, resample, bots, match."""

from __future__ import annotations

import random

import pytest

from engine.bots.base import Bot
from engine.bots.random_bot import RandomBot
from engine.cards import Card, deck_spec, parse_cards
from engine.errors import EngineError, IllegalAction, ParseError
from engine.games import is_durak, kind_of
from engine.pagons.actions import PagonsAction
from engine.pagons.bots import PagonsHeuristicBot, make_pagons_bot
from engine.pagons.game import DREW, HANDED, HUNG, PLAYED, TRUMP_SHOWN, PagonsGame
from engine.pagons.match import PagonsMatch
from engine.pagons.rules import LEVELS, get_pagons_rules
from engine.rules import all_variant_ids

RULES = get_pagons_rules("pagons")


def play(game: PagonsGame, bots: list[Bot], cap: int = 20_000) -> PagonsGame:
    """Play the bots (bot i in seat i) to the end of the deal."""
    for _ in range(cap):
        if game.over:
            return game
        game.apply(bots[game.turn].choose(game, game.turn))  # type: ignore[arg-type]
    raise AssertionError("no end")


def test_preset_is_listed_and_registered() -> None:
    """`pagons` is a preset of its own kind, apart from the family-2 `pogony`."""
    assert "pagons" in all_variant_ids() and "pogony" in all_variant_ids()
    kind = kind_of("pagons")
    assert kind is not None and kind.name == "pagons"
    assert is_durak("pogony")  # the family-2 preset is a Durak game
    with pytest.raises(ParseError):
        get_pagons_rules("pogony")
    with pytest.raises(ParseError):
        RULES.check_players(7)
    assert RULES.team_play(4) and RULES.team_play(6) and not RULES.team_play(3)
    assert LEVELS[0] == 6 and LEVELS[-1] == 12 and 12 not in LEVELS[:-1]


def test_action_text_round_trips() -> None:
    """Canonical texts parse back to the same action; bad text is a ParseError."""
    for text in ("0 attack 7H", "1 beat 7H 9H", "2 throw 7S", "1 take", "0 pass", "0 hang"):
        assert str(PagonsAction.parse(text)) == text
    assert str(PagonsAction.parse("3 transfer")) == "3 transfer"
    for bad in ("attack 7H", "0 attack", "0 beat 7H", "0 hang 6C", "0 jump"):
        with pytest.raises(ParseError):
            PagonsAction.parse(bad)


def test_deal_hides_hands_and_shows_the_trump_card() -> None:
    """Six cards each, dealt one at a time; the last position is the trump card open to all;
    each seat sees only its own hand; the lowest trump leads."""
    game = PagonsGame.new(RULES, 3, random.Random(4))
    assert [len(h) for h in game.hands] == [6, 6, 6] and len(game.talon) == 18
    assert game.talon[0] == 35 and game.known[35] == 0b111
    assert game.trump == game.faces[35].suit
    seen = game.observation(1)
    assert seen.hand == tuple(game.hand_cards(1))
    assert all(c is None for c in seen.hands[0]) and all(c is None for c in seen.hands[2])
    trumps = [(c.rank, s) for s in range(3) for c in game.hand_cards(s) if c.suit == game.trump]
    if trumps:
        assert game.attacker == min(trumps)[1]


def test_six_players_take_the_whole_deck_and_the_last_card_names_the_trump() -> None:
    """ "If the cards are dealt completely (when six players play), ... the last card in the
    deck ... is considered a trump card": it is shown to everyone."""
    game = PagonsGame.new(RULES, 6, random.Random(2))
    assert not game.talon and game.known[35] == 0b111111
    assert game.trump == game.faces[35].suit and 35 in game.hands[5]
    shown = [e for e in game.last_events() if e.kind == TRUMP_SHOWN]
    assert [e.slots for e in shown] == [(35,)]


def test_played_cards_open_to_all_and_drawn_cards_to_the_drawer() -> None:
    """A played card's slot is opened to everyone; a drawn one only to its drawer."""
    game = PagonsGame.new(RULES, 2, random.Random(9))
    bots = [RandomBot(1), RandomBot(2)]
    opened = drawn = 0
    while not game.over and (not opened or not drawn):
        events = game.apply(bots[game.turn].choose(game, game.turn))  # type: ignore[arg-type]
        for event in events:
            if event.kind == PLAYED:
                assert game.known[event.slots[0]] == 0b11
                opened += 1
            if event.kind == DREW:
                assert all(game.known[s] & (1 << event.seat) for s in event.slots)
                drawn += 1
    assert opened and drawn


def test_same_seed_same_deal_and_the_deck_stays_whole() -> None:
    """A deal is a function of its seed; every card is somewhere."""
    for players in range(2, 7):
        games = [
            play(
                PagonsGame.new(RULES, players, random.Random(5)),
                [RandomBot(3 + s) for s in range(players)],
            )
            for _ in range(2)
        ]
        assert games[0].log == games[1].log
        assert games[0].state_hash() == games[1].state_hash()
        game = games[0]
        held = sum(len(h) for h in game.hands) + len(game.discard) + len(game.hung_slots)
        assert held + len(game.talon) == 36 and sorted(game.faces) == sorted(deck_spec(36))


def test_illegal_action_names_the_reason_and_changes_nothing() -> None:
    """A refused move says why and leaves the deal as it was."""
    game = PagonsGame.from_layout(
        RULES, [parse_cards("9S 6C"), parse_cards("10S 7D")], trump=Card.parse("AH"), attacker=0
    )
    before = game.state_hash()
    for text, words in (
        ("0 attack 8H", "not in your hand"),
        ("1 attack 10S", "seat 0's turn"),
        ("0 hang", "hang only a hand of pagons"),
        ("0 pass", "start a bout"),
        ("0 beat 9S 6C", "start a bout"),
    ):
        with pytest.raises(IllegalAction, match=words):
            game.apply(PagonsAction.parse(text))
    assert game.state_hash() == before
    with pytest.raises(IllegalAction):
        game.apply("0 attack 9S")  # type: ignore[arg-type]


def test_bad_layouts_are_refused() -> None:
    """A duplicated card, no trump, or a level that is no pagon rank is an EngineError."""
    with pytest.raises(EngineError, match="twice"):
        PagonsGame.from_layout(
            RULES, [parse_cards("6C"), parse_cards("6C")], trump=Card.parse("AH")
        )
    with pytest.raises(EngineError, match="trump"):
        PagonsGame.from_layout(RULES, [parse_cards("6C"), parse_cards("7C")])
    with pytest.raises(EngineError, match="pagon rank"):
        PagonsGame.from_layout(
            RULES, [parse_cards("6C"), parse_cards("7C")], trump=Card.parse("AH"), levels=[6]
        )


def test_hanging_shows_the_pagons_to_everyone() -> None:
    """A hang ends the deal; its cards are opened to all in the event's slots."""
    game = PagonsGame.from_layout(
        RULES, [parse_cards("6S 6D"), parse_cards("9S 8S")], trump=Card.parse("AH"), attacker=0
    )
    events = game.apply(PagonsAction.parse("0 hang"))
    hung = next(e for e in events if e.kind == HUNG)
    assert hung.other == 1 and all(game.known[s] == 0b11 for s in hung.slots)
    assert game.result["hung"] == ["6S", "6D"] and game.result["fool"] == 1


def test_handed_pagons_are_opened_to_the_partner_only() -> None:
    """Handing pagons on opens their faces to the partner, not to the other team."""
    game = PagonsGame.from_layout(
        RULES,
        [parse_cards("6C 6D"), parse_cards("9S 10S"), parse_cards("9H"), parse_cards("JC QC")],
        trump=Card.parse("AS"),
        attacker=0,
    )
    events = game.apply(PagonsAction.parse("0 transfer"))
    handed = next(e for e in events if e.kind == HANDED)
    assert handed.other == 2
    assert all(game.known[s] == 0b101 for s in handed.slots)
    assert game.observation(1).hands[2] == (None, None, None)


def test_a_team_hangs_at_a_table_only_on_partners_hands_open_to_all() -> None:
    """B "except when all players of one team have only pagons in their hands (then they are
    simply hung up)": at a table (`public_positions`) a partner's pagons count only when every
    seat has seen them, so the seats and the audit judge the hang alike; elsewhere by faces."""
    hands = [parse_cards("6C 6D"), parse_cards("9S 10S"), parse_cards("6H"), parse_cards("JC QC")]
    game = PagonsGame.from_layout(RULES, hands, trump=Card.parse("AS"), attacker=0)
    assert [str(a) for a in game.legal_actions(0)][:1] == ["0 hang"]
    assert game.may_hang(0)
    game.public_positions = True  # as a table's hidden game and its audit key knowledge
    game._legal = None
    assert [str(a) for a in game.legal_actions(0)][:1] == ["0 transfer"]
    assert not game.may_hang(0)
    partner = game.hands[2][0]
    game.known[partner] = game.everyone  # the partner's pagon shown to every seat
    game._legal = None
    assert [str(a) for a in game.legal_actions(0)][:1] == ["0 hang"]


def test_resample_keeps_what_the_seat_knows() -> None:
    """A resample keeps the seat's observation and the public hash; hidden faces move."""
    game = PagonsGame.new(RULES, 3, random.Random(6))
    bots = [RandomBot(s) for s in range(3)]
    for _ in range(12):
        game.apply(bots[game.turn].choose(game, game.turn))  # type: ignore[arg-type]
    rng = random.Random(1)
    copies = [game.resample(0, rng) for _ in range(6)]
    for copy in copies:
        assert copy.observation(0) == game.observation(0)
        assert copy.public_hash() == game.public_hash()
        assert copy.information_state_key(0) == game.information_state_key(0)
        seen = [s for s in range(36) if game.known[s] & 1]
        assert [copy.faces[s] for s in seen] == [game.faces[s] for s in seen]
    assert len({c.state_hash() for c in copies}) > 1


def test_heuristic_sees_only_its_seat() -> None:
    """Its choice is the same on any deal of the cards its seat cannot see."""
    game = PagonsGame.new(RULES, 2, random.Random(2))
    bots = [RandomBot(1), RandomBot(2)]
    checked = 0
    while not game.over and checked < 60:
        seat = game.turn
        expected = PagonsHeuristicBot(0).choose(game, seat)
        for draw in range(3):
            other = game.resample(seat, random.Random(draw))
            assert PagonsHeuristicBot(0).choose(other, seat) == expected
        checked += 1
        game.apply(bots[seat].choose(game, seat))  # type: ignore[arg-type]
    assert checked > 30


def heuristic_wins(games: int, **options: object) -> int:
    """Two-player deals heuristic against random, seats alternating; deals random lost."""
    rules = get_pagons_rules("pagons", **options)
    wins = 0
    for number in range(games):
        mine = number % 2
        bots: list[Bot] = [RandomBot(number + 7), RandomBot(number + 7)]
        bots[mine] = PagonsHeuristicBot(number)
        game = play(PagonsGame.new(rules, 2, random.Random(number)), bots)
        wins += game.fool == 1 - mine
    return wins


@pytest.mark.soak  # an evaluation of bot strength: scripts/test --slow
def test_heuristic_beats_random() -> None:
    """The issue's bar is 75% of two-player games; measured here 1,129 of 1,200 deals = 94.1%
    (95% interval 92.6-95.3%), draws not counted as wins. 100 deals must give at least 85."""
    assert heuristic_wins(100) >= 85


@pytest.mark.soak  # an evaluation of bot strength: scripts/test --slow
def test_heuristic_beats_random_without_moving_pagons() -> None:
    """The option without the right to move pagons favours it too (measured 1,148 of 1,200 = 95.7%)."""
    assert heuristic_wins(60, pagons_move=False) >= 48


def test_every_table_size_ends_well_under_the_cap() -> None:
    """Random and heuristic play of 2 to 6 players, both kinds of game, ends."""
    for pagons_move in (True, False):
        rules = RULES.replace(pagons_move=pagons_move)
        for players in range(2, 7):
            for seed in range(4):
                bots: list[Bot] = [make_pagons_bot("heuristic", seed)] + [
                    RandomBot(seed + s) for s in range(1, players)
                ]
                game = play(PagonsGame.new(rules, players, random.Random(seed)), bots, 3_000)
                assert game.over
                if game.fool is not None:
                    assert game.fool not in game.winners()


def test_match_climbs_the_levels_until_the_queen() -> None:
    """A team that hangs climbs one level; hanging the queen wins the match."""
    match = PagonsMatch(RULES, 2, steps=[len(LEVELS) - 2, 0])
    rng = random.Random(8)
    deals = 0
    while not match.over and deals < 400:
        game = match.new_game(rng)
        assert game.levels == match.levels()
        before = list(match.steps)
        play(game, [PagonsHeuristicBot(deals), PagonsHeuristicBot(deals + 1)])
        match.record(game)
        if game.hanger is None:
            assert match.steps == before
        elif not match.over:
            team = game.team(game.hanger)
            assert match.steps[team] == before[team] + 1
        deals += 1
    assert match.over and match.winner_team is not None
    assert match.games[-1].hung and match.games[-1].levels[match.winner_team] == 12
    with pytest.raises(ValueError):
        match.new_game(rng)


def test_unknown_pagons_bot_is_refused() -> None:
    """A bot name with no pagons player is a ValueError naming the choices."""
    with pytest.raises(ValueError, match="heuristic"):
        make_pagons_bot("oracle")  # ("search" is the hard level: every kind has it)


def test_a_deals_steps_option_sets_each_teams_pagon_and_is_checked() -> None:
    """`steps` (a LAN table's next config) names each team's level; a bad one is refused."""
    rules = get_pagons_rules("pagons", steps="2,0")
    assert rules.deal_levels(4) == (8, 6)
    game = PagonsGame.new(rules, 4, random.Random(1))
    assert game.levels == (8, 6)
    assert get_pagons_rules("pagons").deal_levels(3) == (6, 6, 6)
    for bad, players in (("2,0", 3), ("9,0", 2), ("a,0", 2), ("1,,0", 2), ("-1,0", 2)):
        with pytest.raises(ParseError):
            get_pagons_rules("pagons", steps=bad).check_players(players)


def test_a_match_at_a_deal_gives_the_next_deals_rules() -> None:
    """`at_deal` starts from a deal's `steps`; `next_rules` carries the climbed levels; after
    the queen the next deal starts a new match at sixes."""
    match = PagonsMatch.at_deal(get_pagons_rules("pagons", steps="1,3"), 2)
    assert match.levels() == (7, 9) and match.rules.steps == ""
    assert match.next_rules().steps == "1,3"
    assert PagonsMatch(RULES, 2).next_rules().steps == ""
    rng = random.Random(4)
    last = len(LEVELS) - 1
    match = PagonsMatch.at_deal(get_pagons_rules("pagons", steps=f"{last},{last}"), 2)
    while not match.over:
        game = match.new_game(rng)
        play(game, [PagonsHeuristicBot(1), PagonsHeuristicBot(2)])
        match.record(game)
    assert match.next_rules().steps == ""
