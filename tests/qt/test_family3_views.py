"""Each family-3 game's `GameView` without widgets: the status line at seeded positions (en),
tooltips, fly-in points, keys, picks and choosers as pure functions of the observation, the
frame and the player's `TableMoment` (issue 31: one scene, the game's view as data)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QPointF, Qt

from durak_qt.card_text import card_label
from durak_qt.games.family3.client import Family3Client, clients, game_kind
from durak_qt.table.game_view import GameView, KeyUse
from durak_qt.table.layout import Placement, TableGeometry
from durak_qt.table.moment import CardFacts, TableMoment
from durak_qt.table.piles import Pick, TableFrame, table_piles


def client_of(kind: str) -> Family3Client:
    """The client of a family-3 kind."""
    return next(c for c in clients() if c.kind == kind)


def view_of(kind: str) -> GameView:
    """The table view of a family-3 kind."""
    return client_of(kind).table_view


def frame_of(players: int, size: tuple[int, int] = (1366, 768)) -> TableFrame:
    """A frame at this window size, the seats named P1, P2..."""
    names = tuple(f"P{seat + 1}" for seat in range(players))
    return TableFrame(geometry=TableGeometry(size[0], size[1], 1.0), names=names)


def seeded_game(kind: str, players: int, seed: int, steps: int) -> Any:
    """A game of `kind` after `steps` random legal moves of one seeded generator."""
    rng = random.Random(seed)
    game = client_of(kind).make_match(game_kind(kind).get_rules(kind), players).new_game(rng)
    for _step in range(steps):
        if game.over:
            break
        game.apply(rng.choice(list(game.legal_actions(sorted(game.to_act)[0]))))
    return game


def statuses(kind: str, players: int, seed: int, steps: int) -> list[tuple[str, bool] | None]:
    """The status line of the seat to act after each of the first moves of a seeded game."""
    view, frame = view_of(kind), frame_of(players)
    found = []
    for step in range(steps):
        game = seeded_game(kind, players, seed, step)
        obs = game.observation(sorted(game.to_act)[0])
        found.append(view.status(obs, frame, TableMoment()))
    return found


def waiting_seats_get_the_common_line(kind: str, players: int, seed: int, steps: int) -> None:
    """A seat whose move it is not gets no line of the game's own (the scene's "Waiting for")."""
    view, frame = view_of(kind), frame_of(players)
    for step in range(steps):
        game = seeded_game(kind, players, seed, step)
        for seat in set(range(players)) - set(game.to_act):
            assert view.status(game.observation(seat), frame, TableMoment()) is None, (step, seat)


def test_road_status_at_seeded_positions() -> None:
    assert statuses("road", 3, 4, 6) == [
        ("Your lead: click a card to play it to P2", True),
        ("Beat the top card with a lit card, or take the pile (T)", True),
        ("Your lead: click a card to play it to P1", True),
        ("Beat the top card with a lit card, or take the pile (T)", True),
        ("Beat the top card back, or clear the pile (C)", True),
        ("Beat the top card with a lit card, or take the pile (T)", True),
    ]
    waiting_seats_get_the_common_line("road", 3, 4, 6)


def test_road_tooltip_and_fly_in_point() -> None:
    game = seeded_game("road", 3, 4, 1)  # P1 led: P2 beats the top card
    view, frame = view_of("road"), frame_of(3)
    obs = game.observation(1)
    top = obs.pile[-1]
    mine = obs.hand[0]
    lit = CardFacts(("face", mine.text), mine, 0, True)
    assert (
        view.tooltip(obs, frame, TableMoment(), lit) == f"{label(mine)}: click to beat {label(top)}"
    )
    gone = CardFacts(("gone", 0), None, None, False)
    assert view.tooltip(obs, frame, TableMoment(), gone) == "Cards out of the game"

    led = Placement(("face", top.text), top.text, QPointF(0, 0), 80, 0.0, 20, top)
    assert view.entry_point(obs, frame, led) == frame.geometry.fan_centre(obs, 0)
    assert view.entry_point(game.observation(0), frame, led) is None  # your own card


def label(card: Any) -> str:
    """A card's name as the tooltips write it."""
    return card_label(card)


def laid_out(kind: str, obs: Any, frame: TableFrame) -> dict[Any, Placement]:
    """Every card's place as the scene draws it: the piles, then the game's `arrange`."""
    view = view_of(kind)
    piles = table_piles(obs, frame, view.middle, view.hand_intent, view.hand_alt_intent)
    placed = {card.key: card for pile in piles for card in pile.cards}
    return dict(view.arrange(obs, frame, placed).placed)


def test_cross_status_at_seeded_positions() -> None:
    assert statuses("cross", 3, 4, 36)[30:] == [
        ("Your turn to build: click the deck or press D", True),
        ("Your turn to build: click the deck or press D", True),
        ("Your lead: click any card", True),
        ("Close 6♦ with a lit card", True),
        ("Nothing closes K♦: take the bottom card (T)", True),
        ("Nothing closes K♦: take the bottom card (T)", True),
    ]
    waiting_seats_get_the_common_line("cross", 3, 4, 36)


def test_cross_building_marks_every_top_card_and_lays_your_pile_bottom_first() -> None:
    view, frame = view_of("cross"), frame_of(3)
    obs = seeded_game("cross", 3, 4, 20).observation(0)
    assert obs.phase == "build"
    placed = laid_out("cross", obs, frame)
    marks = view.marks(obs, frame, TableMoment(), list(placed.values()))
    tops = {pile[-1] for pile in [*obs.hands, obs.line] if pile and pile[-1] is not None}
    assert tops and {placed[key].card for key in marks.targets} == tops
    mine = sorted((p for p in placed.values() if p.hand_index is not None), key=lambda p: p.pos.x())
    assert [p.hand_index for p in mine] == list(range(len(obs.hand)))
    piles = table_piles(obs, frame, view.middle, view.hand_intent)
    arranged = view.arrange(obs, frame, {c.key: c for pile in piles for c in pile.cards})
    assert arranged.hand_order == list(range(len(obs.hand)))


def test_czech_status_at_seeded_positions() -> None:
    assert statuses("czech", 3, 4, 10)[4:] == [
        ("Your move: play a lit card or draw (D)", True),
        ("Order a suit: click it, or press C, D, H or S", True),
        ("♠ spades ordered · Your move: play a lit card or draw (D)", True),
        ("Your move: play a lit card or draw (D)", True),
        ("Order a suit: click it, or press C, D, H or S", True),
        ("♥ hearts ordered · No card fits: draw (D)", True),
    ]
    waiting_seats_get_the_common_line("czech", 3, 4, 10)


def test_czech_suit_chooser_is_data_and_its_keys_are_pure() -> None:
    view, frame = view_of("czech"), frame_of(3)
    game = seeded_game("czech", 3, 4, 5)
    obs = game.observation(sorted(game.to_act)[0])
    orders = {a.suit: a for a in obs.legal if a.kind == "order"}
    assert orders
    choices = view.choices(obs, frame, TableMoment(keys_used=True))
    assert [c.key for c in choices] == ["C", "D", "H", "S"]
    assert {c.key for c in choices if c.enabled} == set(orders)
    assert [c.intent for c in choices if c.enabled] == [orders[c.key] for c in choices if c.enabled]
    focused = [c.key for c in choices if c.focused]
    assert len(focused) == 1 and focused[0] in orders
    assert not any(c.focused for c in view.choices(obs, frame, TableMoment()))  # keys not used
    assert view.marks(obs, frame, TableMoment(), []).hand_keys is False
    letters = {"C": Qt.Key.Key_C, "D": Qt.Key.Key_D, "H": Qt.Key.Key_H, "S": Qt.Key.Key_S}
    for suit, letter in letters.items():
        assert view.key(obs, frame, TableMoment(), int(letter)) == orders.get(suit), suit
    assert view.key(obs, frame, TableMoment(), int(Qt.Key.Key_Up)) is KeyUse.TAKEN
    moved = view.key(obs, frame, TableMoment(), int(Qt.Key.Key_Right))
    assert isinstance(moved, TableMoment) and "CDHS"[moved.chooser] in orders
    assert view.key(obs, frame, moved, int(Qt.Key.Key_Return)) == orders["CDHS"[moved.chooser]]
    waiting = game.observation((sorted(game.to_act)[0] + 1) % 3)
    assert view.choices(waiting, frame, TableMoment()) == []
    assert view.key(waiting, frame, TableMoment(), int(Qt.Key.Key_Right)) is None


def carried(kind: str, obs: Any) -> TableMoment:
    """The selection the scene keeps when it draws `obs` first."""
    return view_of(kind).carry(None, obs, TableMoment())


def round_position(step: int) -> Any:
    """The seat to act's observation in the seeded round fool game the tests below look at."""
    game = seeded_game("round", 3, 4, step)
    return game.observation(sorted(game.to_act)[0]) if not game.over else game.observation(0)


def test_round_status_at_seeded_positions() -> None:
    view, frame = view_of("round"), frame_of(3)

    def status(step: int) -> tuple[str, bool] | None:
        obs = round_position(step)
        return view.status(obs, frame, carried("round", obs))

    assert status(1) == ("Beat a lit table card with J♦: click it", True)
    assert status(2) == ("Draw a card: click the deck or press D", True)
    assert status(42) == ("Your lead to P1: choose 1, 3 or 5 cards (one card and pairs)", True)
    assert status(43) == (
        "Beat 8♥ with a lit card, or take (T); ↑/↓ or a click aims at another card",
        True,
    )
    assert status(54) == ("Nothing beats the lead: take (T)", True)
    assert status(63) == ("Game over: P3 has no cards left", False)


def test_round_lead_picks_aim_and_hit_keys_are_pure() -> None:
    view, frame = view_of("round"), frame_of(3)
    obs = round_position(42)  # your lead
    single = next(a for a in obs.legal if a.kind == "lead" and len(a.cards) == 1)
    index = tuple(obs.hand).index(single.cards[0])
    picked = view.pick(obs, frame, TableMoment(), index)
    assert picked == TableMoment(picked=(index,))
    with_pick = replace(frame, selected_hand=frozenset(picked.picked))
    assert view.button_intent(obs, with_pick, picked, "lead") == single
    text, mine = view.status(obs, with_pick, picked) or ("", False)
    assert mine and text.endswith(": lead them (L)")
    assert view.carry(obs, obs, picked) == picked  # still leading: the pick stays
    beat = round_position(43)
    assert view.carry(obs, beat, picked).picked == ()  # not leading: forgotten
    aimed = carried("round", beat)
    targets = [card for card in beat.attack if any(a.target == card for a in beat.legal)]
    assert len(targets) > 1 and aimed.aim == targets[0]
    down = view.key(beat, frame, aimed, int(Qt.Key.Key_Down))
    assert isinstance(down, TableMoment) and down.aim == targets[1]
    hitting = round_position(1)
    hits = [a for a in hitting.legal if a.kind == "hit"]
    marks = view.marks(hitting, frame, TableMoment(), [])
    assert not marks.hand_keys and len(marks.focused) == 1
    right = view.key(hitting, frame, TableMoment(), int(Qt.Key.Key_Right))
    assert isinstance(right, TableMoment) and right.chooser == 1
    chosen = view.key(hitting, frame, right, int(Qt.Key.Key_Return))
    table_order = [card for card in hitting.table if any(a.cards[0] == card for a in hits)]
    assert chosen in hits and chosen.cards[0] == table_order[1 % len(table_order)]


def test_pagons_status_at_seeded_positions() -> None:
    view, frame = view_of("pagons"), frame_of(4)

    def status(step: int) -> tuple[str, bool] | None:
        game = seeded_game("pagons", 4, 4, step)
        obs = game.observation(sorted(game.to_act)[0])
        return view.status(obs, frame, carried("pagons", obs))

    assert status(0) == (
        "Your attack on P2: click a lit card; Ctrl+click or S marks cards of one rank",
        True,
    )
    assert status(1) == (
        "Beat 7♦ with a lit card, or take (T); ↑/↓ or a click aims at another card",
        True,
    )
    assert status(2) == ("Nothing to throw in: pass (P)", True)
    assert status(7) == ("Throw in a lit card, or pass (P)", True)
    waiting_seats_get_the_common_line("pagons", 4, 4, 8)


def test_pagons_marking_a_lead_of_several_is_pure() -> None:
    from durak_qt.games.pagons.view import LEAD_MARKED, is_pagon

    view, frame = view_of("pagons"), frame_of(4)
    game = seeded_game("pagons", 4, 4, 0)
    obs = game.observation(sorted(game.to_act)[0])
    hand = tuple(obs.hand)
    lead = next(a for a in obs.legal if a.kind == "attack" and len(a.cards) == 2)
    first, second = (hand.index(card) for card in lead.cards)
    one = view.pick(obs, frame, TableMoment(), first)
    assert one == TableMoment(picked=(first,))
    two = view.pick(obs, frame, one, second)
    assert two == TableMoment(picked=(first, second))
    assert LEAD_MARKED in view.button_kinds(obs, frame, two)
    assert LEAD_MARKED not in view.button_kinds(obs, frame, TableMoment())
    assert view.button_intent(
        obs, replace(frame, selected_hand=frozenset(two.picked)), two, LEAD_MARKED
    ) == (lead)
    assert view.pick(obs, frame, two, second) == one  # a second pick puts it back
    other = next(i for i, card in enumerate(hand) if card.rank != lead.cards[0].rank)
    assert view.pick(obs, frame, two, other) == TableMoment(picked=(other,))
    marked = view.status(obs, frame, two)
    assert marked is not None and "marked; lead them (L) or mark more" in marked[0]
    assert view.carry(obs, obs, two) == two  # still a lead of them
    focused = replace(one, focused_hand=second)
    assert view.key(obs, frame, focused, int(Qt.Key.Key_S)) == Pick(second)
    stars_seen = 0
    for step in range(0, 40, 3):
        game = seeded_game("pagons", 4, 4, step)
        seen = game.observation(0)
        placed = list(laid_out("pagons", seen, frame).values())
        stars = view.badges(seen, frame, placed)
        pagons = [p for p in placed if p.hand_index is not None and is_pagon(seen, p.card)]
        assert len(stars) == len(pagons)
        for star, card in zip(stars, sorted(pagons, key=lambda p: p.pos.x()), strict=True):
            assert star.text == "★" and star.emphasis and star.pos.y() < card.pos.y()
        stars_seen += len(stars)
    assert stars_seen


def test_rummy_status_at_seeded_positions() -> None:
    assert statuses("joker-rummy", 3, 4, 3) == [
        ("Pick a card to discard or to add to the table", True),
        ("Draw from the deck (D) or take 6♦ (T)", True),
        ("Pick a card to discard or to add to the table", True),
    ]
    assert statuses("joker-rummy", 3, 4, 15)[14] == (
        "Pick cards for a run or a set, or one card to discard",
        True,
    )
    waiting_seats_get_the_common_line("joker-rummy", 3, 4, 6)


def test_rummy_picked_cards_make_the_lay_and_its_keys_are_pure() -> None:
    from durak_qt.games.rummy.view import LAY, lay_action

    view, frame = view_of("joker-rummy"), frame_of(3)
    game = seeded_game("joker-rummy", 3, 4, 14)
    obs = game.observation(sorted(game.to_act)[0])
    hand = list(obs.hand)
    laid = next(a for a in obs.legal if a.kind in ("run", "set"))
    selection = TableMoment()
    for card in laid.cards:
        index = next(i for i, c in enumerate(hand) if c == card and i not in selection.picked)
        picked = view.pick(obs, frame, replace(selection, chooser=3), index)
        assert picked is not None and picked.chooser == 0  # the keys' place starts again
        selection = picked
    first = lay_action(obs, frame, selection)
    assert first is not None and sorted(first.cards) == sorted(laid.cards)
    assert LAY in view.button_kinds(obs, frame, selection)
    assert view.button_intent(obs, frame, selection, LAY) == first
    line = view.status(obs, frame, selection)
    assert line is not None and line[0].startswith("Lay out ") and line[1]
    assert view.carry(obs, obs, selection) == selection  # the same hand: the picks stay
    later = seeded_game("joker-rummy", 3, 4, 16).observation(obs.seat)
    assert tuple(later.hand) != tuple(obs.hand)
    assert view.carry(obs, later, selection).picked == ()
    assert view.key(obs, frame, selection, int(Qt.Key.Key_Space)) is KeyUse.ACTIVATE
    assert view.key(obs, frame, selection, int(Qt.Key.Key_Up)) is KeyUse.TAKEN  # no place
    assert set(laid.cards) <= view.lit_hand(obs)  # type: ignore[misc]


def test_rummy_offers_every_reading_of_picked_cards_with_jokers() -> None:
    """Cards with jokers that read several ways (a joker at either end, a run or a set of the
    same cards): a numbered button per reading lays it, ↑/↓ choose the one Lay out lays."""
    from durak_qt.games.rummy.view import LAY, lay_action

    view, frame = view_of("joker-rummy"), frame_of(3)
    obs = seeded_game("joker-rummy", 3, 1, 6).observation(0)
    readings = [a for a in obs.legal if a.kind in ("run", "set") and "8D" in str(a)]
    readings = [a for a in readings if sorted(a.cards) == sorted(readings[0].cards)]
    assert len(readings) > 2 and any(a.kind == "set" for a in readings)
    hand = list(obs.hand)
    picked = tuple(hand.index(card) for card in readings[0].cards)
    assert len(picked) == len(readings[0].cards)
    selection = TableMoment(picked=picked)
    choices = view.choices(obs, frame, selection)
    assert [c.intent for c in choices] == readings  # a click on one lays it
    assert [c.symbol for c in choices] == [str(n) for n in range(1, len(readings) + 1)]
    assert [c.focused for c in choices] == [True] + [False] * (len(readings) - 1)
    assert len({(c.pos.x(), c.pos.y()) for c in choices}) == len(readings)
    assert all(c.pos.y() < frame.geometry.status_line_y() for c in choices)
    down = view.key(obs, frame, selection, int(Qt.Key.Key_Down))
    assert isinstance(down, TableMoment) and down.chooser == 1
    assert lay_action(obs, frame, down) == readings[1]
    assert view.button_intent(obs, frame, down, LAY) == readings[1]
    assert [c.focused for c in view.choices(obs, frame, down)][:2] == [False, True]
    line = view.status(obs, frame, down)
    cards = " ".join(label(c) for c in readings[1].cards)
    assert line == (f"Lay out {cards} as a run (L)", True)
    as_set = next(c for c in choices if c.intent.kind == "set")
    assert as_set.tooltip.startswith("Lay out ") and as_set.tooltip.endswith(" as a set (L)")
    up = view.key(obs, frame, selection, int(Qt.Key.Key_Up))
    assert isinstance(up, TableMoment) and lay_action(obs, frame, up) == readings[-1]
    one_reading = replace(selection, picked=picked[:1])
    assert view.choices(obs, frame, one_reading) == []
