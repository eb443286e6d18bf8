"""Durak's view as pure functions (durak_qt.games.durak.view, looks, absence), in English,
without widgets: the status line, the seats' roles, details and tooltips, the cards' tooltips and
marks, what stays chosen, the absence badges' words and places, the play area's hint and where a
new card flies in from, at hand-made and seeded positions."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRectF

from durak_qt import palette
from durak_qt.games.durak.looks import (
    card_looks,
    card_marks,
    carry,
)
from durak_qt.games.durak.view import (
    DURAK_VIEW,
    absence_expired,
    absence_lines,
    entry_point,
    hint_covered,
    keys_help,
    play_area_hint,
    seat_detail,
    seat_role,
    seat_title,
    seat_tooltip,
    status,
    tooltip,
    waiting_name,
)
from durak_qt.table.absence import (
    Absence,
    absence_point,
    kept_inside,
)
from durak_qt.table.layout import Placement, TableGeometry, held_spots
from durak_qt.table.moment import CardFacts, TableMoment
from durak_qt.table.piles import CardMarks, TableFrame
from engine.actions import Action, Event
from engine.cards import Card
from engine.game import Game
from engine.observation import Observation
from engine.rules import get_rules
from tests.qt.fakes import cards, observation

FRAME = TableFrame(geometry=TableGeometry(1366, 768), names=("Anna", "West", "North", "East"))
NOW = TableMoment()


def seeded(variant: str, players: int, seed: int, steps: int) -> Observation:
    """Seat 0's observation after `steps` random legal moves of a seeded game."""
    rng = random.Random(seed)
    game = Game.new(get_rules(variant), players, random.Random(seed + 1))
    for _step in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    return game.observation(0)


def frame_of(players: int) -> TableFrame:
    return TableFrame(
        geometry=TableGeometry(1366, 768), names=tuple(f"P{s + 1}" for s in range(players))
    )


def test_the_view_shares_family3s_field_names_and_calls_these_functions() -> None:
    assert DURAK_VIEW.status is status and DURAK_VIEW.tooltip is tooltip
    assert DURAK_VIEW.entry_point is entry_point and DURAK_VIEW.seat_role is seat_role
    assert DURAK_VIEW.keys_help is keys_help and "T take" in DURAK_VIEW.keys_help()


@pytest.mark.parametrize(
    ("fields", "line"),
    [
        ({}, ("Your move: beat the cards or take them", True)),
        (
            {"legal": (Action.parse("0 take"), Action.parse("0 transfer 7S"))},
            ("Your move: beat, transfer or take", True),
        ),
        ({"legal": (Action.parse("0 take"),)}, ("Your move: take the cards", True)),
        ({"legal": (Action.parse("0 pass"),)}, ("Your move: let them finish (Pass)", True)),
        (
            {"legal": (Action.parse("0 pass"),), "defender": 1},
            ("Nothing to throw in: press Pass (Bito)", True),
        ),
        ({"legal": (), "to_act": (3,)}, ("Waiting for East", False)),
        ({"legal": (), "to_act": (0,)}, ("One moment: the peers check the cards", False)),
        (
            {"legal": (), "to_act": (1,), "waiting_check": True},
            ("Waiting for West to accept or check the face-down card", False),
        ),
        ({"legal": (), "over": True, "fool": 2}, ("Game over: North is the fool", False)),
        ({"legal": (), "over": True, "fool": None}, ("Game over: a draw", False)),
    ],
)
def test_the_status_line_says_your_move_or_whom_the_table_waits_for(
    fields: dict[str, Any], line: tuple[str, bool]
) -> None:
    assert status(observation(**fields), FRAME, NOW) == line


def test_the_status_line_names_an_absent_player_a_note_and_a_watchers_own_seat() -> None:
    waiting = observation(legal=(), to_act=(2,))
    away = TableMoment(absences={2: Absence(1000.0, 1120.0, False)}, note="Passed for you")
    assert status(waiting, FRAME, away) == (
        "Passed for you · Waiting for North (not responding)",
        False,
    )
    left = TableMoment(absences={2: Absence(1000.0, 1120.0, True)})
    assert waiting_name(FRAME, left, 2) == "North (left the table)"
    assert waiting_name(FRAME, left, 3) == "East"
    mine = observation(legal=(), to_act=(0,))
    assert status(mine, FRAME, TableMoment(read_only=True)) == ("Waiting for Anna", False)
    assert status(observation(legal=(), to_act=()), FRAME, TableMoment(note="Hi")) == ("Hi", False)
    assert status(waiting, TableFrame(geometry=FRAME.geometry), NOW)[0] == "Waiting for Seat 3"


def test_an_absence_badge_counts_down_to_the_deadline_and_then_says_time_is_up() -> None:
    away = {2: Absence(1000.0, 1120.0, False)}
    assert absence_lines(FRAME, TableMoment(absences=away, now=1000.0), 2) == (
        "North",
        "not responding",
        "2:00 to come back",
    )
    later = TableMoment(absences=away, now=1060.5)
    assert absence_lines(FRAME, later, 2)[2] == "1:00 to come back"
    assert not absence_expired(later, 2)
    up = TableMoment(absences=away, now=1120.0)
    assert absence_lines(FRAME, up, 2)[2] == "Time to come back is up" and absence_expired(up, 2)


def test_roles_and_seat_tooltips_at_a_hand_made_bout() -> None:
    obs = observation()
    colours = palette.current()
    assert seat_role(obs, 0) == ("DEFENDS", colours.role_defend)
    assert seat_role(obs, 3) == ("ATTACKS", colours.role_attack)
    assert seat_role(obs, 1) == ("", colours.role_none)
    assert seat_role(observation(taking=True), 0)[0] == "TAKES"
    assert seat_role(observation(passed=(3, 1)), 3)[0] == "ATTACKS · BITO"
    assert seat_role(observation(passed=(3, 1)), 1)[0] == "BITO"
    assert seat_role(observation(out=(1,)), 1)[0] == "OUT"
    assert seat_role(observation(over=True, fool=1), 1)[0] == "FOOL"
    bots = TableMoment(bot_hosts={2: "Anna's laptop"})
    assert seat_tooltip(obs, FRAME, bots, 2) == (
        "North: 5 cards\nKnown to you: K♦\nA bot run by Anna's laptop, which can see this "
        "bot's cards."
    )
    assert seat_tooltip(obs, FRAME, NOW, 0) == "Anna: 6 cards\nDEFENDS"
    assert seat_detail(obs, bots, 2) == "5 cards · bot"
    assert seat_title(obs, FRAME, NOW, 0) == "Anna (you)"
    assert seat_title(obs, FRAME, TableMoment(read_only=True), 0) == "Anna"


def test_seat_details_show_locked_cards_personal_trumps_and_scores_of_seeded_games() -> None:
    magadan = seeded("magadan", 4, 7, 3)
    locked = [seat_detail(magadan, NOW, seat) for seat in range(4)]
    assert all(" locked" in detail for detail in locked), locked
    two_trump = seeded("two-trump", 3, 7, 3)
    details = [seat_detail(two_trump, NOW, seat) for seat in range(3)]
    assert all(" · trump " in detail for detail in details), details
    pogony = seeded("pogony", 3, 7, 3)
    assert "strap" in seat_detail(pogony, NOW, 0)
    throw_in = seeded("throw-in", 3, 7, 3)
    size = throw_in.hand_sizes[1]
    assert seat_detail(throw_in, NOW, 1) == f"{size} card{'' if size == 1 else 's'}"


def facts(card: str | None, **fields: Any) -> CardFacts:
    """A card drawn now: a face (or None: a back), not in your hand and not lit unless told."""
    plain: dict[str, Any] = {"hand_index": None, "lit": False}
    face = Card.parse(card) if card else None
    return CardFacts(key=("face", card or "?"), card=face, **{**plain, **fields})


def test_card_tooltips_say_what_a_click_does() -> None:
    obs = observation()
    assert tooltip(obs, FRAME, NOW, facts("9C", hand_index=1, lit=True)) == (
        "9♣: click to choose, then click where to play it (or drag it)"
    )
    assert tooltip(obs, FRAME, NOW, facts("7C", target=True)) == (
        "7♣: click to beat it with the chosen card"
    )
    assert tooltip(obs, FRAME, NOW, facts("KS")) == "K♠"
    assert tooltip(obs, FRAME, NOW, facts(None)) == ""
    assert tooltip(obs, FRAME, NOW, facts(None, hand_index=2)) == (
        "Your card: you do not see its face"
    )
    assert tooltip(obs, FRAME, NOW, facts(None, hand_index=2, blind=True)).startswith(
        "Your card: only the others see it."
    )
    assert tooltip(obs, FRAME, NOW, facts("8H", talon=True)) == (
        "Click to lead the top card of the talon (L)"
    )
    assert tooltip(obs, FRAME, NOW, facts(None, note="3 locked")) == "3 locked"


def test_the_play_area_hint_names_the_chosen_cards_or_asks_for_an_attack() -> None:
    obs = observation()
    assert play_area_hint(obs, list(cards("9C")), True) == "Click here to play 9♣"
    hidden = play_area_hint(obs, [None], True)  # reverse fool: a card only the others see
    assert hidden == "Click here to play a hidden card"
    assert play_area_hint(obs, [], False) == ""
    lead = observation(table=(), legal=(Action.parse("0 attack 9C"),))
    assert play_area_hint(lead, [], False) == "Choose a card to attack with"


def placement(key: tuple[Any, ...], card: str | None, hand_index: int | None = None) -> Placement:
    return Placement(
        key=key,
        image="",
        pos=QPointF(),
        width=80,
        rotation=0.0,
        z=0.0,
        card=Card.parse(card) if card else None,
        hand_index=hand_index,
    )


def test_new_cards_fly_in_from_the_seat_that_played_them_or_from_the_talon() -> None:
    obs = observation(last_events=(Event("attacked", 3, cards("7C")), Event("beaten", 0)))
    geometry = FRAME.geometry
    beaten_by_me = entry_point(obs, FRAME, placement(("face", "KS"), "KS"))
    assert beaten_by_me == geometry.seat_point(obs, 0)  # the last event with a seat
    thrown = observation(last_events=(Event("thrown", 2, cards("7C")),))
    assert entry_point(thrown, FRAME, placement(("face", "7C"), "7C")) == geometry.seat_point(
        thrown, 2
    )
    assert entry_point(obs, FRAME, placement(("face", "9C"), "9C", 1)) == geometry.talon_point()
    assert entry_point(obs, FRAME, placement(("back", 1, 0), None)) == geometry.talon_point()
    assert entry_point(obs, FRAME, placement(("locked", 1, 0), None)) is None
    quiet = observation(last_events=())
    assert entry_point(quiet, FRAME, placement(("face", "7C"), "7C")) == geometry.seat_point(
        quiet, 3
    )  # no event: the attacker


def test_every_seat_of_seeded_positions_gets_words_from_the_view() -> None:
    for variant, players in (("magadan", 4), ("two-trump", 3), ("transfer", 5)):
        frame = frame_of(players)
        for steps in (0, 5, 20):
            obs = seeded(variant, players, 11, steps)
            line, mine = status(obs, frame, NOW)
            assert line and mine == bool(obs.legal)
            for seat in range(players):
                assert seat_tooltip(obs, frame, NOW, seat).startswith(f"P{seat + 1}: ")
                assert "card" in seat_detail(obs, NOW, seat)


def card_at(x: float, y: float, width: int = 80) -> Placement:
    return dataclasses.replace(placement(("face", "7C"), "7C"), pos=QPointF(x, y), width=width)


def test_the_hint_line_is_covered_only_by_cards_in_the_area_that_reach_it() -> None:
    area = QRectF(100, 100, 400, 300)  # its hint's line starts at 400 - 1.6 * 18 - 6 = 365.2
    assert not hint_covered(area, [])
    assert not hint_covered(area, [card_at(300, 200)])  # high in the area: the line is clear
    assert hint_covered(area, [card_at(300, 320)])  # its lower half reaches the line
    assert not hint_covered(area, [card_at(600, 390)])  # outside the area


def test_an_absence_badge_goes_beside_its_seat_in_the_first_free_place_inside_the_table() -> None:
    table = QRectF(0, 0, 1000, 600)
    shape = QRectF(-50, -20, 100, 40)
    seat = QRectF(400, 50, 200, 100)  # centre (500, 100)
    assert absence_point(shape, seat, [], table, 6) == QPointF(656, 100)  # right
    right_taken = [QRectF(610, 60, 50, 50)]
    assert absence_point(shape, seat, right_taken, table, 6) == QPointF(344, 100)  # left
    both = [*right_taken, QRectF(340, 60, 50, 50)]
    assert absence_point(shape, seat, both, table, 6) == QPointF(500, 176)  # below
    at_edge = QRectF(900, 50, 100, 100)  # no room at the right
    assert absence_point(shape, at_edge, [], table, 6) == QPointF(844, 100)
    everywhere = [QRectF(0, 0, 1000, 600)]
    assert absence_point(shape, seat, everywhere, table, 6) == QPointF(500, 176)  # below anyway
    assert kept_inside(QPointF(10, 5), shape, 1000) == QPointF(54, 24)
    assert kept_inside(QPointF(990, 300), shape, 1000) == QPointF(946, 300)


def hand_card(card: str, index: int) -> Placement:
    return placement(("face", card), card, index)


def table_card(card: str) -> Placement:
    return dataclasses.replace(placement(("face", card), card), on_table_unbeaten=True)


def test_marks_light_your_playable_cards_and_the_cards_the_chosen_one_may_beat() -> None:
    obs = observation()  # 9C, 10C, JH beat 7C; take
    looks = card_looks(obs, TableMoment(picked=(1,), focused_hand=3))  # 9C chosen, the keys on JH
    nine, six, jack = hand_card("9C", 1), hand_card("6S", 0), hand_card("JH", 3)
    assert card_marks(looks, nine, False) == CardMarks(
        lit=True, picked=True, clickable=True, pointing=True
    )
    assert not card_marks(looks, six, False).lit and card_marks(looks, six, False).clickable
    seven = card_marks(looks, table_card("7C"), False)
    assert seven.target and seven.pointing and seven.clickable and not seven.lit
    assert not card_marks(looks, table_card("7S"), False).target  # beaten already: not in legal
    assert card_marks(looks, jack, True).focused and not card_marks(looks, jack, False).focused
    assert card_marks(looks, table_card("7C"), True).focused  # ↑/↓ aim at the only target
    over = card_looks(observation(over=True, legal=()), TableMoment(focused_hand=3))
    assert not card_marks(over, jack, True).focused
    talon_top = dataclasses.replace(placement(("face", "8H"), "8H"), talon=True)
    assert not card_marks(looks, talon_top, False).talon
    lead = card_looks(observation(legal=(Action.parse("0 attack_talon"),)), TableMoment())
    assert card_marks(lead, talon_top, False) == CardMarks(
        lit=True, clickable=True, pointing=True, talon=True
    )


def test_a_choice_is_carried_while_the_hand_is_the_same_and_it_can_still_be_played() -> None:
    before = observation()
    nine = TableMoment(picked=(1,), face_down=False, target_index=1, focused_hand=4)
    assert carry(before, observation(), nine) == nine  # nothing changed
    fewer = observation(hand=cards("6S 10C JH 7D QS"))
    assert carry(before, fewer, nine) == TableMoment(focused_hand=4)  # the hand changed
    assert carry(None, before, nine) == TableMoment(focused_hand=4)  # the first observation
    take_only = observation(legal=(Action.parse("0 take"),))
    assert carry(before, take_only, nine) == TableMoment(
        target_index=1, focused_hand=4
    )  # 9C beats nothing now
    hidden = TableMoment(picked=(1,), face_down=True)
    assert not carry(before, before, hidden).face_down  # no face-down beat is legal
    blind_hand = (*cards("6S"), None, *cards("10C JH 7D QS"))
    blind = observation(hand=blind_hand)
    assert carry(blind, blind, nine).picked == ()  # a card you cannot see is never kept
    assert DURAK_VIEW.carry is carry


def test_a_hand_under_the_pointer_keeps_its_places_while_cards_only_leave_it() -> None:
    keys = [("face", "6S"), ("face", "9C"), ("face", "JH")]
    spots = [(100.0, 700.0, 0.0), (150.0, 700.0, 0.0), (200.0, 700.0, 0.0)]
    fresh = [(125.0, 700.0, 0.0), (175.0, 700.0, 0.0)]
    played = [keys[0], keys[2]]  # 9C left the hand
    assert held_spots(keys, spots, played, fresh, True) == [spots[0], spots[2]]
    assert held_spots(keys, spots, played, fresh, False) == fresh  # the pointer is elsewhere
    drawn = [keys[0], ("face", "7D"), keys[2]]  # a card came in: the hand spreads again
    assert held_spots(keys, spots, drawn, fresh, True) == fresh
    swapped = [keys[2], keys[0]]  # a new order: spread again
    assert held_spots(keys, spots, swapped, fresh, True) == fresh
