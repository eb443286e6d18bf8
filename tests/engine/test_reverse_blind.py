"""Reverse fool's blind plays: cards named by hand position, opened to all as they are played."""

from __future__ import annotations

import random

import pytest

from engine.actions import ATTACK, BEAT, THROW, TRANSFER, WRONG, Action
from engine.audit import audit_game
from engine.bots import make_bot
from engine.cards import Card
from engine.errors import IllegalAction, ParseError
from engine.game import Game, replay
from engine.rules import get_rules
from engine.scenario import run_scenario

C = Card.parse


@pytest.mark.parametrize(
    "text", ["0 attack @5", "2 throw @11", "1 beat 7C @5", "1 transfer @4", "1 beat 10H @0"]
)
def test_slot_forms_parse_back_to_the_same_text(text: str) -> None:
    action = Action.parse(text)
    assert str(action) == text
    assert action.slots and not action.cards


@pytest.mark.parametrize(
    "text", ["0 attack 7C @5", "1 show_trump @3", "1 transfer @3 @4", "0 attack @x", "0 throw @-1"]
)
def test_malformed_slot_forms_are_refused(text: str) -> None:
    with pytest.raises(ParseError):
        Action.parse(text)


def layout_game(base: str = "throw-in") -> Game:
    """Seat 0 holds 7C KS (positions 0, 1), seat 1 holds 6D 9H 7H (2, 3, 4); spades trump."""
    rules = get_rules("reverse", base=base)
    hands = [["7C", "KS"], ["6D", "9H", "7H"]]
    return Game.from_layout(rules, [[C(c) for c in h] for h in hands], (), trump="S", first=0)


def test_the_owner_gets_blind_forms_and_the_others_see_faces() -> None:
    game = layout_game()
    assert game.legal_actions(0) == [
        Action(0, ATTACK, (), None, (0,)),
        Action(0, ATTACK, (), None, (1,)),
    ]
    obs = game.observation(0)
    assert obs.hand == (None, None) and obs.hands[1] == (C("6D"), C("9H"), C("7H"))
    assert set(obs.legal) == set(game.legal_actions(0))
    assert obs.hand_slots == (0, 1) and game.observation(1).hand_slots == (2, 3, 4)


def test_a_blind_play_plays_exactly_as_its_face_form() -> None:
    blind, by_face = layout_game(), layout_game()
    events = blind.apply(Action.parse("0 attack @0"))
    assert events == by_face.apply(Action.parse("0 attack 7C"))
    assert blind.state_hash() == by_face.state_hash()
    assert [str(a) for a in blind.log] == ["0 attack @0"]
    # The defender's blind beat with 6D (position 2) does not beat 7C: he takes the bout.
    legal = blind.legal_actions(1)
    assert Action.parse("1 beat 7C @2") in legal and Action.parse("1 beat 7C 6D") not in legal
    events = blind.apply(Action.parse("1 beat 7C @2"))
    assert events[:2] == by_face.apply(Action.parse("1 beat 7C 6D"))[:2]
    assert any(e.kind == WRONG and e.cards == (C("6D"),) for e in events)
    assert blind.state_hash() == by_face.state_hash()
    assert sorted(str(c) for c in blind.hand_cards(1)) == ["6D", "7C", "7H", "9H"]
    # Taken cards were seen on the table: their owner now plays them by face.
    faces = {str(a) for a in blind.legal_actions(0)}
    assert faces == {"0 attack @1"}
    assert blind.lead == 0 and blind.defender == 1


def test_cards_taken_back_are_named_by_face_and_the_rest_blind() -> None:
    game = layout_game()
    game.apply(Action.parse("0 attack @0"))
    game.apply(Action.parse("1 take"))
    game.apply(Action.parse("0 pass"))
    assert game.lead == 0
    game.apply(Action.parse("0 attack @1"))  # KS: the defender now holds 7C (seen) and 3 blind
    texts = sorted(str(a) for a in game.legal_actions(1))
    assert texts == ["1 beat KS 7C", "1 beat KS @2", "1 beat KS @3", "1 beat KS @4", "1 take"]


def test_blind_throws_and_transfers_follow_the_public_rules() -> None:
    game = layout_game(base="transfer")
    game.apply(Action.parse("0 attack @0"))  # 7C
    # Seat 1 may transfer blind with any card (seat 0 holds 1 card: too few to take 2).
    assert not any(a.kind == TRANSFER for a in game.legal_actions(1))
    assert not game.is_legal_blind(Action.parse("1 transfer @4"))
    with pytest.raises(IllegalAction, match="too few"):
        game.check_blind(Action.parse("1 transfer @4"))
    game.apply(Action.parse("1 beat 7C @4"))  # 7H does not beat 7C (spades trump): a wrong beat
    assert game.lead == 0 and not game.table
    game.apply(Action.parse("0 attack @1"))  # KS
    game.apply(Action.parse("1 beat KS @2"))  # 6D: wrong again
    assert len(game.hands[1]) == 5 and game.lead == 0 and game.hands[0] == []


def test_wrong_blind_throw_takes_the_bout_for_the_thrower() -> None:
    rules = get_rules("reverse", throw_order="free")  # seat 2 throws before seat 0 says pass
    hands = [[C("7C"), C("8D")], [C("8C"), C("9H"), C("10S")], [C("AH"), C("6S")]]
    game = Game.from_layout(rules, hands, (), trump="S", first=0)
    game.apply(Action.parse("0 attack @0"))  # 7C at seat 1
    game.apply(Action.parse("1 beat 7C @2"))  # 8C beats 7C
    throws = [str(a) for a in game.legal_actions(0) if a.kind == THROW]
    assert throws == ["0 throw @1"]
    assert game.is_legal_blind(Action.parse("2 throw @5"))
    assert not game.is_legal_blind(Action.parse("2 throw @1"))  # not his card
    assert not game.is_legal_blind(Action.parse("1 throw @3"))  # the defender
    events = game.apply(Action.parse("2 throw @5"))  # 6S: no six on the table
    assert any(e.kind == WRONG and e.seat == 2 for e in events)
    assert sorted(str(c) for c in game.hand_cards(2)) == ["6S", "7C", "8C", "AH"]
    assert game.lead == 0  # the player on the taker's left leads


def test_blind_forms_belong_to_reverse_only() -> None:
    game = Game.from_layout(get_rules("throw-in"), [[C("7C")], [C("8C")]], (), trump="S", first=0)
    with pytest.raises(IllegalAction, match="reverse"):
        game.apply(Action.parse("0 attack @0"))
    assert not game.is_legal_blind(Action.parse("0 attack @0"))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1 attack @1", "leads"),
        ("0 attack @1", "not in seat 0"),
        ("0 beat 7C @0", "lead first"),
        ("0 throw @0", "lead first"),
    ],
)
def test_public_faults_are_refused_before_the_face_is_known(text: str, reason: str) -> None:
    rules = get_rules("reverse")
    peer = Game.new_hidden(rules, 2, viewer=0, first=0, trump="S")
    before = peer.public_hash()
    assert not peer.is_legal_blind(Action.parse(text))
    with pytest.raises(IllegalAction, match=reason):
        peer.apply(Action.parse(text))
    assert peer.public_hash() == before


def test_a_peer_needs_the_face_opened_before_a_blind_play() -> None:
    rules = get_rules("reverse")
    game = Game.new(rules, 2, random.Random(11))
    lead = game.lead
    peer = Game.new_hidden(rules, 2, viewer=lead, first=lead)
    for slot, face in enumerate(game.faces):  # everything the lead's seat may see
        if game.known[slot] >> lead & 1:
            peer.reveal(slot, face, to=[lead] if game.known[slot] != 0b11 else None)  # type: ignore[arg-type]
    action = game.legal_actions(lead)[0]
    assert action.slots and peer.legal_actions(lead) == game.legal_actions(lead)
    assert peer.is_legal_blind(action) and not peer.is_legal(action)
    before = peer.state_hash()
    with pytest.raises(IllegalAction, match=f"face of @{action.slots[0]} is not open yet"):
        peer.apply(action)
    assert peer.state_hash() == before
    assert peer.opened_by(action) == game.opened_by(action) == list(action.slots)
    slot = action.slots[0]
    peer.reveal(slot, game.faces[slot])  # type: ignore[arg-type]
    assert peer.is_legal(action)
    assert peer.apply(action) == game.apply(action)
    assert peer.public_hash() == game.public_hash()
    assert peer.wire_action(action) is action


def test_scenarios_may_name_positions() -> None:
    data = {
        "variant": "reverse",
        "hands": [["7C", "KS"], ["6D", "8C"]],
        "trump": "S",
        "first": 0,
        "moves": [
            {"seat": 0, "attack": "@5", "illegal": True},
            {"seat": 0, "attack": "@0"},
            {"seat": 1, "beat": "7C", "with": "@3"},
            {"seat": 0, "throw": "@2", "illegal": True},
        ],
        "expect": {"table": [["7C", "8C"]], "to_act": [0]},
    }
    assert run_scenario(data) == []


@pytest.mark.parametrize("base", ["simple", "throw-in", "transfer"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_bots_play_reverse_blind_and_the_audit_accepts_the_log(base: str, bot: str) -> None:
    rules = get_rules("reverse", base=base)
    for players in (2, 3, 4):
        rng = random.Random(players)
        game = Game.new(rules, players, rng)
        deck, first = list(game.faces), game.lead
        bots = [make_bot(bot, seat) for seat in range(players)]
        for _ in range(3000):
            if game.over:
                break
            seat = game.to_act[0]
            action = bots[seat].choose(game, seat)
            assert action in game.legal_actions(seat)
            game.apply(action)
        assert game.over
        assert any(a.slots for a in game.log) and all(a.kind != BEAT or a.target for a in game.log)
        assert audit_game(rules, players, deck, game.log, first) == []  # type: ignore[arg-type]
        again = replay(rules, players, deck, game.log, first)  # type: ignore[arg-type]
        assert again.state_hash() == game.state_hash() and again.log == game.log


def test_the_audit_names_a_blind_play_of_a_card_the_seat_did_not_hold() -> None:
    rules = get_rules("reverse")
    game = Game.new(rules, 2, random.Random(3))
    deck, lead = list(game.faces), game.lead
    other = game.hands[1 - lead][0]
    log = [Action(lead, ATTACK, (), None, (other,))]
    problems = audit_game(rules, 2, deck, log, lead)  # type: ignore[arg-type]
    assert problems == [
        f"seat {lead}: move 0 ({lead} attack @{other}) is illegal:"
        f" position {other} is not in seat {lead}'s hand"
    ]
