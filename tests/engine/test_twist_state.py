"""Each Durak twist owns its state: a record the game holds by class, copies and hashes."""

from __future__ import annotations

import random

import pytest

from engine.actions import ACCEPT, ATTACK_TALON, BEAT_HIDDEN, CHECK, EXCHANGE
from engine.game import NO_CARD, Game
from engine.rules import FAMILY_2, get_rules
from engine.variants import twists_for
from engine.variants.own_actions import OWN_ACTIONS
from tests.engine.helpers import random_action

MOVED_OUT = {
    "locked": "magadan",
    "beat_counts": "points",
    "bout_beats": "points",
    "straps": "pogony",
    "discarded_bouts": "crazy",
    "exchanged": "poker",
    "trump_changed": "trump-change",
    "secret_slot": "secret",
    "removed": "chukotka, secret (each says its own: `Twist.out_of_play`)",
    "redeals": "crazy, poker (one shared record: `Twist.shared_state`)",
    "_any_card": "reverse (`engine.variants.twist.any_card_twist`)",
    "held_by": "believe (`Twist.holds_play`, `engine.variants.twist.holding_twist`)",
    "repeats": "repetition",
    "seat_trumps": "two-trump",
    "trump_slots": "two-trump",
    "face_down": "believe",
    "pending": "believe",
}
"""Slots `Game` held for one variant alone, now in that twist's record."""


def _slots() -> tuple[str, ...]:
    return getattr(Game, "__slots__", None) or Game.__mypyc_attrs__  # type: ignore[attr-defined]


def test_game_holds_no_slot_of_one_variant() -> None:
    """None of the single-variant slots is a slot of Game any more."""
    assert not set(MOVED_OUT) & set(_slots())


def test_own_action_kinds_are_one_table() -> None:
    """Every variant action kind is looked up in the one table (check, play, wire forms)."""
    assert set(OWN_ACTIONS) == {ATTACK_TALON, BEAT_HIDDEN, ACCEPT, CHECK, EXCHANGE}


def _with_state() -> list[str]:
    found = []
    for variant in FAMILY_2:
        rules = get_rules(variant)
        if any(twist.new_state(3) is not None for twist in twists_for(rules)):
            found.append(variant)
    return found


@pytest.mark.parametrize("variant", _with_state())
def test_clone_copies_every_twist_record(variant: str) -> None:
    """A copy's records are equal and its own: playing on in the copy leaves the game's alone."""
    rules = get_rules(variant)
    rng = random.Random(7)
    game = Game.new(rules, 3, rng)
    for _ in range(25):
        if game.is_over:
            break
        game.apply(random_action(game, rng))
    assert game.twist_states, variant
    copy = game.clone()
    assert copy.twist_states == game.twist_states
    for kind, record in game.twist_states.items():
        assert copy.twist_states[kind] is not record
    before = game.state_hash()
    while not copy.is_over:
        copy.apply(random_action(copy, rng))
    assert game.state_hash() == before


def test_a_replay_s_redealt_faces_live_in_the_record_crazy_and_poker_share() -> None:
    """`from_deck(redeals=...)` gives them to the one ReshuffleState; a clone copies them, a
    resample forgets them (its faces are its own)."""
    from engine.cards import deck_spec
    from engine.variants.reshuffle import ReshuffleState

    rules = get_rules("crazy").replace(exchange=True)  # (both twists: one record)
    deck = list(deck_spec(rules.deck, rules.jokers, rules.decks))
    redeals = [deck[:3], deck[3:5]]
    game = Game.from_deck(rules, 2, deck, first=0, redeals=redeals)
    state = game.twist_states[ReshuffleState]
    assert isinstance(state, ReshuffleState) and state.redeals == [list(r) for r in redeals]
    assert sum(isinstance(s, ReshuffleState) for s in game.twist_states.values()) == 1
    copy = game.clone()
    copied = copy.twist_states[ReshuffleState]
    assert copied == state and copied is not state
    copied.redeals.pop()  # type: ignore[attr-defined]
    assert len(state.redeals) == 2
    sample = game.resample(0, random.Random(1))
    assert sample.twist_states[ReshuffleState].redeals == []  # type: ignore[attr-defined]
    assert len(state.redeals) == 2


CORE_MODULES = (
    "game.py",
    "game_checks.py",
    "game_copy.py",
    "game_setup.py",
    "game_views.py",
    "bout.py",
    "legal_moves.py",
    "dealing_order.py",
    "action_values.py",
)
"""The modules of `Game` itself (the variants' own modules excluded)."""


def _family2_fields() -> set[str]:
    """The rules fields of family 2 (declared after `base`), each serving its variant."""
    import dataclasses

    from engine.rules import Rules

    names = [f.name for f in dataclasses.fields(Rules)]
    return set(names[names.index("base") + 1 : names.index("description")])


def test_game_reads_no_rules_field_of_one_variant() -> None:
    """`Game` and its modules read no family-2 option: each is its twist's to read."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "engine"
    fields = _family2_fields()
    assert {"deal_all", "reverse", "exchange", "locked"} <= fields
    found = {
        f"{name}: rules.{read}"
        for name in CORE_MODULES
        for read in re.findall(r"rules\.(\w+)", (root / name).read_text(encoding="utf-8"))
        if read in fields
    }
    assert not found


def test_piled_sizes_the_hands_through_its_deal_twist() -> None:
    """`deal_all` is read by piled's twist (`dealt_hand_size`), not by the deal itself."""
    from engine.dealing_order import deal_layout
    from engine.variants import deal_twists_for
    from engine.variants.piled import Piled

    rules = get_rules("piled")
    assert [type(t) for t in deal_twists_for(rules)].count(Piled) == 1
    hands, talon = deal_layout(rules, 5)
    assert [len(h) for h in hands] == [8, 7, 7, 7, 7] and talon == []
    assert not any(isinstance(t, Piled) for t in deal_twists_for(get_rules("throw-in")))


@pytest.mark.parametrize("variant", sorted(FAMILY_2))
def test_the_game_asks_the_optional_hooks_only_of_games_whose_twists_answer(variant: str) -> None:
    """`Game._tries_any_card`: reverse lets any card be tried; `Game._play_held`: believe
    holds the play exactly while a face-down cover awaits the word (`Game.mark_held`); no
    other twist does either. `Game._has_twists`: every family-2 game but those without one."""
    from engine.variants import twists_for
    from engine.variants.believe import pending
    from engine.variants.twist import holding_twist

    rng = random.Random(2)
    game = Game.new(get_rules(variant), 3, rng)
    want = variant == "reverse"
    assert game._tries_any_card is want and game.clone()._tries_any_card is want
    assert game._has_twists is bool(twists_for(game.rules)) is game.clone()._has_twists
    for _ in range(300):
        if game.is_over:
            break
        held = game._play_held
        assert held is (pending(game) != NO_CARD) is (holding_twist(game) is not None)
        assert game.clone()._play_held is held
        game.apply(random_action(game, rng))
