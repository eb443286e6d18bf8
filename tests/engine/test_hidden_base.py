"""The one base for hidden cards (`engine.hidden.HiddenCardGame`), checked on every game kind:
reveal's one meaning, independent clones, and the seat, public and open observations."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.cards import Card
from engine.errors import EngineError
from engine.games import DURAK, kinds
from engine.hidden import NO_SEAT, HiddenCardGame

KINDS = [kind.name for kind in kinds()]
FAMILY3 = [name for name in KINDS if name != DURAK]

ENTRY_POINTS = (
    "reveal",
    "clone",
    "resample",
    "state_hash",
    "public_hash",
    "information_state_key",
    "observation",
    "public_observation",
    "open_observation",
)
"""The base's methods with one meaning each: no engine class writes its own."""
HOOKS = (
    "_revealed",
    "_copy_state",
    "_cloned",
    "_deal_unseen",
    "_resampled",
    "_observe",
    "_state_text",
)
"""The named hooks through which a game takes part in the entry points."""


def _played(name: str, moves: int = 12) -> Any:
    """A two-player game of the kind `name` after a few random moves (seeded)."""
    kind = next(k for k in kinds() if k.name == name)
    rules = kind.get_rules(name if name in kind.ids() else "throw-in")  # (durak: a preset)
    players = next(n for n in (2, 3, 4, 6) if _seats(rules, n))
    game = kind.new_game(rules, players, random.Random(3))
    rng = random.Random(5)
    for _ in range(moves):
        if game.over or not game.to_act:
            break
        seat = game.to_act[0]
        game.apply(rng.choice(game.legal_actions(seat)))
    return game


def _seats(rules: Any, players: int) -> bool:
    try:
        rules.check_players(players)
    except ValueError:
        return False
    return True


def _defined_in(cls: type, name: str) -> type:
    """The class of `cls`'s method resolution order whose body defines `name`."""
    return next(base for base in cls.__mro__ if name in vars(base))


@pytest.mark.parametrize("name", KINDS)
def test_every_engine_is_a_hidden_card_game_without_its_own_copies(name: str) -> None:
    """Every registered kind's engine class, Durak's included, is a HiddenCardGame whose
    entry points are the base's own: a game takes part only through the named hooks."""
    engine_class = type(_played(name, 0))
    assert issubclass(engine_class, HiddenCardGame)
    for method in ENTRY_POINTS:
        owner = _defined_in(engine_class, method)
        assert owner is HiddenCardGame, f"{name} writes its own {method}"
    for hook in ("_observe", "_state_text"):  # (every game supplies these two)
        assert _defined_in(engine_class, hook) is not HiddenCardGame, hook
    for hook in HOOKS:
        assert hasattr(HiddenCardGame, hook), hook


@pytest.mark.parametrize("name", KINDS)
def test_every_engine_shares_the_hand_and_events_too(name: str) -> None:
    """hand_cards and last_events: the base's for all seven, Durak's Game included."""
    game = _played(name, 0)
    for method in ("hand_cards", "last_events"):
        assert _defined_in(type(game), method) is HiddenCardGame, f"{name} writes its own {method}"
    assert game.last_events() == game._events and game.last_events() is not game._events
    for seat, hand in enumerate(game.hands):
        assert game.hand_cards(seat) == [game.faces[s] for s in hand]


@pytest.mark.parametrize("name", KINDS)
def test_reveal_keeps_a_face_and_refuses_another_or_a_non_card(name: str) -> None:
    """One meaning: a slot's face never changes; the same face again only adds seats."""
    game = _played(name, 0)
    slot = next(s for s, seen in enumerate(game.known) if seen != game.everyone)
    face = game.faces[slot]
    other = next(c for c in game.faces if c is not None and c != face)
    before = game.known[slot]
    game.reveal(slot, Card.parse(face.text), to=[0])  # the same face (one object per face)
    assert game.faces[slot] is face and game.known[slot] == before | 1
    with pytest.raises(EngineError, match="cannot become"):
        game.reveal(slot, other)
    with pytest.raises(EngineError, match="not a card"):
        game.reveal(slot, face.text)
    with pytest.raises(EngineError, match="no slot"):
        game.reveal(len(game.faces), face)
    game.reveal(slot, face)
    assert game.known[slot] == game.everyone


@pytest.mark.parametrize("name", KINDS)
def test_a_clone_is_independent(name: str) -> None:
    """Playing on a clone leaves the original as it was."""
    game = _played(name)
    if game.over:
        pytest.skip("the seeded game ended early")
    before = game.state_hash()
    copy = game.clone()
    assert copy.state_hash() == before
    seat = copy.to_act[0]
    for _ in range(6):
        if copy.over or not copy.to_act:
            break
        seat = copy.to_act[0]
        copy.apply(copy.legal_actions(seat)[-1])
    assert game.state_hash() == before
    assert copy.state_hash() != before


@pytest.mark.parametrize("name", KINDS)
def test_public_and_open_observations(name: str) -> None:
    """A spectator sees exactly the faces open to every seat, no hand and no legal actions;
    the open observation shows every face; a seat's is `observation(seat)`."""
    game = _played(name)
    public, shown = game.public_observation(), game.open_observation()
    assert public.seat == NO_SEAT and public.hand == () and public.legal == ()
    for seat, hand in enumerate(game.hands):
        everyone = game.everyone
        expected = tuple(game.faces[s] if game.known[s] == everyone else None for s in hand)
        assert public.hands[seat] == expected
        assert shown.hands[seat] == tuple(game.faces[s] for s in hand)
        assert game.observation(seat) == game._observe(seat, 1 << seat)
    hidden = any(game.known[s] != game.everyone for h in game.hands for s in h)
    assert (public.hands != shown.hands) == hidden  # (cross fool: every hand lies open)


@pytest.mark.parametrize("name", KINDS)
def test_hidden_says_whether_faces_arrive_through_reveal(name: str) -> None:
    """`hidden` has one meaning in every engine: False for an all-knowing game and for a
    resampled copy (every face dealt), True for a table seat's game."""
    game = _played(name)
    assert game.hidden is False
    assert game.resample(0, random.Random(1)).hidden is False


def test_durak_table_seat_game_is_hidden_and_shows_only_known_faces() -> None:
    """Durak's table seat game (`Game.new_hidden`) reads `hidden` True, as the six others'
    do; its hand holds only the faces revealed so far (the base's `hand_cards`)."""
    from engine.game import Game
    from engine.rules import get_rules

    game = Game.new_hidden(get_rules("throw-in"), 2, viewer=0, first=0)
    assert game.hidden is True
    assert game.hand_cards(0) == []
    slot = game.hands[0][0]
    face = Card.parse("AS")
    game.reveal(slot, face, to=[0])
    assert game.hand_cards(0) == [face]
    assert game.clone().hidden is True
    assert game.trump_slot is not None
    game.reveal(game.trump_slot, Card.parse("6H"))  # (shown to every seat: the table opens it)
    full = game.resample(0, random.Random(2))
    assert full.hidden is False and len(full.hand_cards(1)) == len(full.hands[1])
