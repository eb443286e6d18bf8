"""Cards, actions and the rules registry: values with canonical text forms."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.actions import BARE_KINDS, KINDS, Action
from engine.cards import ALL_FACES, Card, deck_spec
from engine.errors import ParseError
from engine.rules import ALIASES, MAX_SEATS, PRESETS, get_rules, variant_ids

FAMILY_1 = ["simple", "throw-in", "transfer", "transfer-trump-show", "transfer-2", "american",
            "teams", "kozlov"]  # fmt: skip


def test_card_text_round_trips_for_every_face() -> None:
    for card in ALL_FACES:
        assert Card.parse(card.text) is card
        assert str(card) == card.text


@pytest.mark.parametrize("make", [lambda: Card("7C"), lambda: Card(), lambda: Card(text="7C")])
def test_a_card_is_not_constructed_but_parsed(make: Callable[[], Card]) -> None:
    """The same message from the pure and the compiled engine (scripts/test runs both)."""
    with pytest.raises(TypeError, match=r"use Card\.parse\("):
        make()


@pytest.mark.parametrize(("text", "canonical"), [("TH", "10H"), ("10h", "10H"), ("rj", "RJ")])
def test_card_aliases(text: str, canonical: str) -> None:
    assert Card.parse(text).text == canonical


@pytest.mark.parametrize("bad", ["", "1C", "11H", "7X", "JJ", "7", "C7", "RJX"])
def test_bad_card_text_is_rejected(bad: str) -> None:
    with pytest.raises(ParseError):
        Card.parse(bad)


@pytest.mark.parametrize(("size", "low"), [(20, 10), (24, 9), (32, 7), (36, 6), (52, 2)])
def test_decks(size: int, low: int) -> None:
    deck = deck_spec(size)
    assert len(deck) == len(set(deck)) == size
    assert min(c.rank for c in deck) == low


def test_two_decks_with_jokers_are_a_multiset() -> None:
    deck = deck_spec(52, jokers=2, copies=2)
    assert len(deck) == 108
    counts = Counter(deck)
    assert set(counts.values()) == {2}
    assert counts[Card.parse("RJ")] == 2


cards = st.sampled_from(ALL_FACES)
slots = st.integers(0, 107)


@st.composite
def actions(draw: st.DrawFn) -> Action:
    seat = draw(st.integers(0, 11))
    kind = draw(st.sampled_from(KINDS))
    if kind in ("beat", "beat_hidden"):
        if kind == "beat_hidden" and draw(st.booleans()):
            return Action(seat, kind, (), draw(cards), (draw(st.integers(0, 107)),))
        return Action(seat, kind, (draw(cards),), draw(cards))
    if kind == "exchange":
        if draw(st.booleans()):
            return Action(
                seat, kind, (), None, tuple(draw(st.lists(slots, min_size=2, max_size=2)))
            )
        return Action(seat, kind, tuple(draw(st.lists(cards, min_size=2, max_size=2))))
    if kind in BARE_KINDS:
        return Action(seat, kind)
    if kind in ("transfer", "show_trump"):
        return Action(seat, kind, (draw(cards),))
    return Action(seat, kind, tuple(draw(st.lists(cards, min_size=1, max_size=6))))


@given(actions())
def test_action_text_round_trips(action: Action) -> None:
    assert Action.parse(str(action)) == action


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "0",
        "x attack 7C",
        "0 attack",
        "0 fly 7C",
        "0 take 7C",
        "0 beat 7C",
        "-1 pass",
        "0 exchange 7C",
        "0 exchange @x @2",
        "0 beat_hidden 7C @-1",
        "0 accept 7C",
    ],
)
def test_bad_action_text_is_rejected(bad: str) -> None:
    with pytest.raises(ParseError):
        Action.parse(bad)


def test_every_family_1_id_is_a_preset() -> None:
    assert set(FAMILY_1) <= set(variant_ids())


@pytest.mark.parametrize(
    ("alias", "preset"), [("podkidnoy", "throw-in"), ("perevodnoy", "transfer")]
)
def test_aliases(alias: str, preset: str) -> None:
    assert ALIASES[alias] == preset
    assert get_rules(alias) is PRESETS[preset]


def test_options_override_and_unknown_options_fail() -> None:
    assert get_rules("throw-in", deck=52).deck == 52
    with pytest.raises(ParseError):
        get_rules("throw-in", deck=40)
    with pytest.raises(ParseError, match="royal"):
        get_rules("throw-in", deck=20)
    assert get_rules("royal", deck=20).deck_size == 20
    with pytest.raises(ParseError):
        get_rules("throw-in", wings=2)
    with pytest.raises(ParseError):
        get_rules("no-such-variant")


def test_two_decks_seat_more_players_up_to_ten() -> None:
    """Issue #3: "players 2..6 (more with two decks)": a classic variant on two decks seats up
    to MAX_SEATS (10, what fair dealing supports; issue 8 item 8)."""
    import random

    from engine.bots.random_bot import RandomBot
    from engine.game import Game

    rules = get_rules("throw-in", decks=2, deck=52)
    assert rules.seat_limit == MAX_SEATS == 10 and get_rules("throw-in").seat_limit == 6
    with pytest.raises(ParseError):
        get_rules("throw-in").check_players(7)
    with pytest.raises(ParseError):
        rules.check_players(11)
    with pytest.raises(ParseError):
        get_rules("throw-in", max_players=11)
    for players in (7, 10):
        game = Game.new(rules, players, random.Random(players))
        bots = [RandomBot(seat) for seat in range(players)]
        for _ in range(20_000):
            if game.over:
                break
            seat = game.to_act[0]
            game.apply(bots[seat].choose(game, seat))
        assert game.over and len(game.hands) == players
