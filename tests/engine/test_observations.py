"""Durak's observations for someone without a seat: the public one (a spectator) shows no face a
seat keeps to itself, the open one (a replay after the audit) shows every face; checked at every
step of seeded random games of several presets."""

from __future__ import annotations

import random

import pytest

from engine.game import NO_CARD, Game
from engine.hidden import NO_SEAT
from engine.observation import Observation
from engine.rules import get_rules
from tests.engine.helpers import MOVE_CAP, random_action

PRESETS = [
    "throw-in",
    "transfer",
    "reverse",
    "two-trump",
    "believe",
    "magadan",
    "secret",
    "albanian",
]


def _faces_and_slots(game: Game, seen: Observation) -> list[tuple[int, object]]:
    """(slot, shown face) for every hand card, table card and the trump card of `seen`."""
    pairs: list[tuple[int, object]] = []
    for hand, shown in zip(game.hands, seen.hands, strict=True):
        pairs.extend(zip(hand, shown, strict=True))
    for (attack, cover), (shown_attack, shown_cover) in zip(game.table, seen.table, strict=True):
        pairs.append((attack, shown_attack))
        if cover != NO_CARD:
            pairs.append((cover, shown_cover))
    if game.trump_slot is not None and game.trump_slot in game.talon:
        pairs.append((game.trump_slot, seen.trump_card))
    return pairs


def _check_public(game: Game) -> int:
    """The public observation shows exactly the faces open to every seat; return how many
    faces it hides."""
    public = game.public_observation()
    assert public.seat == NO_SEAT
    assert public.hand == () and public.legal == () and public.hand_slots == ()
    everyone = (1 << game.players) - 1
    seats = [game.observation(seat) for seat in range(game.players)]
    pairs = _faces_and_slots(game, public)
    hidden = 0
    for index, (slot, shown) in enumerate(pairs):
        if game.known[slot] & everyone == everyone:
            assert shown is game.faces[slot], f"slot {slot} is open to all but not shown"
        else:
            assert shown is None, f"slot {slot} ({game.faces[slot]}) is shown to a spectator"
            hidden += 1
        for seen in seats:  # what a spectator sees, every seat sees
            if shown is not None:
                assert _faces_and_slots(game, seen)[index][1] is shown
    return hidden


def _check_open(game: Game) -> None:
    """The open observation shows every face (this engine knows them all)."""
    opened = game.open_observation()
    assert opened.seat == NO_SEAT and opened.legal == ()
    for slot, shown in _faces_and_slots(game, opened):
        assert shown is game.faces[slot] is not None


@pytest.mark.parametrize("variant", PRESETS)
def test_public_shows_no_hidden_face_and_open_shows_every_face(variant: str) -> None:
    rules = get_rules(variant)
    hidden = 0
    for seed in range(3):
        rng = random.Random(seed)
        game = Game.new(rules, 3, rng)
        for _ in range(MOVE_CAP):
            hidden += _check_public(game)
            _check_open(game)
            if game.is_over:
                break
            game.apply(random_action(game, rng))
        assert game.is_over
    assert hidden > 0  # (the hands were hidden from the spectator)


def test_public_observation_of_a_peer_game_shows_only_open_faces() -> None:
    """A peer's game knows its own hand: the spectator's view of it still shows none of it."""
    rules = get_rules("throw-in")
    dealt = Game.new(rules, 2, random.Random(1))
    game = Game.new_hidden(rules, 2, viewer=0, first=0)
    for slot in game.hands[0]:
        face = dealt.faces[slot]
        assert face is not None
        game.reveal(slot, face, to=[0])
    assert all(card is not None for card in game.observation(0).hand)
    assert all(card is None for hand in game.public_observation().hands for card in hand)
