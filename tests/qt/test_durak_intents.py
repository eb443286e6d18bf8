"""Durak's piles say what a click, a double click, a right click, a drag and a key mean
(`durak_qt.games.durak.card_intents`), and the table scene only carries that out.

Along seeded games of several presets at every table size they take, for every choice of hand
cards a player can click together (and face down on or off, believe), every intent the piles
give is a legal action of the observation or a choice of cards a legal action plays, and every
legal action of the seat is some card's, the middle's, a key's or a button's intent: no move,
of one card or of several (throwing in, transferring, the attack card a beat covers), is lost.
No widget is made.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtCore import Qt

from durak_qt.games.durak import intents
from durak_qt.games.durak.card_intents import (
    FaceDown,
    KeyTarget,
    Moves,
    Select,
    blind_map,
)
from durak_qt.games.durak.piles import durak_piles
from durak_qt.settings import CARD_SIZES
from durak_qt.table.moment import TableMoment
from durak_qt.table.piles import MIDDLE, Pile, TableFrame
from durak_qt.table.scene import TableScene
from durak_qt.table.view import BUTTON_KINDS
from engine.actions import Action
from engine.game import Game
from engine.rules import get_rules
from tests.qt.test_table_piles import frame_for

PRESETS = ("throw-in", "transfer", "transfer-trump-show", "two-trump", "magadan")
"""The presets tried at every table size they take (2 to 6 seats)."""

FAMILY2 = ("believe", "reverse", "poker", "armenian", "invisible", "secret")
"""Presets with moves of their own (face down, unseen cards, exchanges, the talon's lead),
tried at 2 and 4 seats."""

MOVES_PER_GAME = 40
"""Positions looked at along one seeded game (each seat to move in each)."""

MOST_CHOICES = 400
"""A bound on the choices of cards explored in one position (none comes near it)."""


def cases() -> list[tuple[str, int]]:
    """The presets with the table sizes tried."""
    found = []
    for variant in PRESETS:
        rules = get_rules(variant)
        for players in range(2, 7):
            try:
                rules.check_players(players)
            except ValueError:
                continue
            found.append((variant, players))
    return found + [(variant, players) for variant in FAMILY2 for players in (2, 4)]


def acting_positions(variant: str, players: int, seed: int) -> Iterator[Any]:
    """The observations of every seat to move along one seeded game of random legal moves."""
    rng = random.Random(seed)
    game = Game.new(get_rules(variant), players, random.Random(seed + 1))
    for _step in range(MOVES_PER_GAME):
        if game.is_over or not game.to_act:
            return
        for seat in game.to_act:
            yield game.observation(seat)
        seat = rng.choice(list(game.to_act))
        game.apply(rng.choice(game.legal_actions(seat)))


def layout(obs: Any, frame: TableFrame, choice: TableMoment) -> list[Pile]:
    """Durak's piles for this choice (the chosen cards lifted, as the scene draws them)."""
    return durak_piles(obs, replace(frame, selected_hand=frozenset(choice.picked)), choice)


def meanings(piles: list[Pile]) -> list[object]:
    """Every intent a layout gives: its cards' (click, double click, right click, drops), its
    middle's and its keys'."""
    found: list[object] = []
    for pile in piles:
        found += [*pile.intents.values(), *pile.double_intents.values()]
        found += [*pile.context_intents.values(), *pile.key_intents.values()]
        found += [zone.intent for zones in pile.drops.values() for zone in zones]
        if pile.ground is not None:
            found.append(pile.ground.intent)
    return [intent for intent in found if intent is not None]


def after(obs: Any, choice: TableMoment, intent: object) -> TableMoment | None:
    """The choice an intent leads to, as the scene makes it (None: not a change of choice)."""
    if isinstance(intent, Select):
        return TableMoment(picked=intent.selected, face_down=choice.face_down)
    if isinstance(intent, FaceDown):
        chosen = [obs.hand[i] for i in choice.picked if obs.hand[i] is not None]
        keep = set(chosen) <= intents.selectable_cards(obs.legal, intent.on)
        return TableMoment(picked=choice.picked if keep else (), face_down=intent.on)
    return None


def buttons(obs: Any, choice: TableMoment) -> list[object]:
    """The actions the table's buttons make with this choice."""
    moves = Moves(obs, choice)
    return [moves.kind(kind) for kind in BUTTON_KINDS if kind != "face_down"]


def check_position(obs: Any, frame: TableFrame) -> set[Action]:
    """Explore every choice reachable by clicks and the face-down key from none; assert each
    intent legal (or a choice a legal action plays); return the actions reached."""
    legal = set(obs.legal)
    blind = blind_map(obs)
    reached: set[Action] = set()
    seen = {TableMoment()}
    todo = [TableMoment()]
    while todo:
        choice = todo.pop()
        assert len(seen) < MOST_CHOICES, obs
        for intent in [*meanings(layout(obs, frame, choice)), *buttons(obs, choice)]:
            if intent is None or isinstance(intent, KeyTarget):
                continue
            if isinstance(intent, Action):
                assert intent in legal, (intent, choice, obs)
                reached.add(intent)
                continue
            if isinstance(intent, Select):
                picked = intent.selected
                assert all(0 <= i < len(obs.hand) for i in picked), (intent, obs)
                cards = [obs.hand[i] for i in picked if obs.hand[i] is not None]
                assert (
                    not picked
                    or (len(picked) == 1 and picked[0] in blind)
                    or intents.can_select_together(obs.legal, cards)
                ), (intent, obs)
            nxt = after(obs, choice, intent)
            assert nxt is not None, intent
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return reached


@pytest.mark.parametrize(("variant", "players"), cases())
def test_every_legal_durak_move_is_an_intent_and_every_intent_legal(
    variant: str, players: int
) -> None:
    frame = frame_for((1366, 768), CARD_SIZES["medium"], players)
    looked = 0
    for obs in acting_positions(variant, players, seed=players * 7 + len(variant)):
        if not obs.legal:
            continue
        looked += 1
        reached = check_position(obs, frame)
        lost = [action for action in obs.legal if action not in reached]
        assert lost == [], (lost, obs)
    assert looked > 5


def several_cards(variant: str, kinds: tuple[str, ...]) -> tuple[Any, Action]:
    """A position of a seeded game where a legal move of these kinds plays several cards."""
    for seed in range(200):
        for obs in acting_positions(variant, 3, seed):
            found = [a for a in obs.legal if a.kind in kinds and len(a.cards) > 1]
            if found:
                return obs, found[0]
    raise AssertionError(f"no {kinds} of several cards in {variant}")


@pytest.mark.parametrize(
    ("variant", "kind"), [("throw-in", "throw"), ("transfer", "attack"), ("magadan", "attack")]
)
def test_several_cards_chosen_one_by_one_go_onto_the_middle(variant: str, kind: str) -> None:
    obs, action = several_cards(variant, (kind,))
    frame = frame_for((1366, 768), CARD_SIZES["medium"], obs.players)
    choice = TableMoment()
    hand = list(obs.hand)
    for card in action.cards:
        index = next(i for i, c in enumerate(hand) if c == card and i not in choice.picked)
        hand_pile = next(p for p in layout(obs, frame, choice) if p.name == "hand")
        key = next(p.key for p in hand_pile.cards if p.hand_index == index)
        click = hand_pile.intents[key]
        assert isinstance(click, Select) and click.selected[-1] == index
        choice = TableMoment(picked=click.selected)
    piles = layout(obs, frame, choice)
    middle = next(p for p in piles if p.name == "middle")
    assert middle.ground is not None and middle.ground.intent == action
    hand_pile = next(p for p in piles if p.name == "hand")
    dragged = next(p.key for p in hand_pile.cards if p.hand_index == choice.picked[0])
    onto_middle = [z for z in hand_pile.drops[dragged] if z.lit_key == MIDDLE]
    assert [z.intent for z in onto_middle] == [action]
    enter = hand_pile.key_intents[int(Qt.Key.Key_Return)]
    assert enter == action


def test_a_drag_onto_an_attack_card_beats_the_one_it_is_let_go_on() -> None:
    for seed in range(100):
        for obs in acting_positions("throw-in", 3, seed):
            beats = [a for a in obs.legal if a.kind == "beat"]
            by_card = {a.cards[0]: [b for b in beats if b.cards == a.cards] for a in beats}
            card, choices = next(((c, b) for c, b in by_card.items() if len(b) > 1), (None, []))
            if card is None:
                continue
            frame = frame_for((1366, 768), CARD_SIZES["medium"], obs.players)
            piles = layout(obs, frame, TableMoment())
            hand_pile = next(p for p in piles if p.name == "hand")
            key = next(p.key for p in hand_pile.cards if p.card == card)
            zones = hand_pile.drops[key]
            lit = {
                zone.lit_key: zone.intent for zone in zones if zone.lit_key not in (None, MIDDLE)
            }
            attacks = {p.key: p.card for pile in piles for p in pile.cards if p.on_table_unbeaten}
            assert sorted(lit.values(), key=str) == sorted(choices, key=str)
            assert all(intent.target == attacks[key] for key, intent in lit.items())
            return
    raise AssertionError("no card that beats two attack cards")


REPLACED = (
    "toggle_card",
    "play_selected",
    "play_cards",
    "targets_for",
    "_onto_table",
    "_play_area_clicked",
    "_enter",
    "_card_clicked",
    "_card_double_clicked",
    "_card_context_clicked",
    "drop_zones",
    "dropped_on",
    "game_key",
    "activate_focused",
)
"""How Durak's scene decided clicks, drops and keys before its piles carried intents."""


def test_the_durak_scene_decides_no_click_drop_or_key_itself() -> None:
    assert [name for name in REPLACED if name in vars(TableScene)] == []
