"""One resample for every game: the base's slot model (`engine.hidden`: a seat knows which faces
each generation holds, not where they lie), Durak's `Game` included."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine.game import Game
from engine.hidden import HiddenCardGame, shuffle_items
from engine.rules import get_rules
from engine.variants.albanian import deck_ranks_by_position, public_rank
from tests.engine.test_hidden_base import KINDS, _played


def mid_game(variant: str, seed: int, players: int = 2) -> Game:
    """A Durak game after random moves until about half the talon is drawn."""
    rng = random.Random(seed)
    game = Game.new(get_rules(variant), players, rng)
    while not game.over and len(game.talon) > 12:
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    return game


def assert_a_deal_within_generations(game: Any, copy: Any, seat: int) -> None:
    """`copy` keeps every face `seat` knows, and the faces it may not see are those of
    `game`'s slots of the same generation, moved among them."""
    bit = 1 << seat
    moved: dict[int, tuple[Counter[Any], Counter[Any]]] = {}
    for slot, seen in enumerate(game.known):
        if seen & bit:
            assert copy.faces[slot] is game.faces[slot], slot
        else:
            before, after = moved.setdefault(game.generation[slot], (Counter(), Counter()))
            before[game.faces[slot]] += 1
            after[copy.faces[slot]] += 1
    for before, after in moved.values():
        assert before == after
    assert copy.known == game.known and copy.generation == game.generation


@pytest.mark.parametrize("name", KINDS)
def test_no_engine_deals_the_unseen_faces_its_own_way(name: str) -> None:
    """The base's `_deal_unseen` serves every kind, Durak's included (the game supplies at
    most the faces of a table seat's unopened slots, `_faces_for`)."""
    engine_class = type(_played(name, 0))
    owner = next(base for base in engine_class.__mro__ if "_deal_unseen" in vars(base))
    assert owner is HiddenCardGame


def test_durak_generations_are_the_deal_or_albanian_public_ranks() -> None:
    """One generation for a whole Durak deal; in albanian each public rank is one (the deck is
    dealt by rank), for an all-knowing game and a table seat's alike."""
    assert set(mid_game("throw-in", 1).generation) == {0}
    game = mid_game("albanian", 1)
    assert game.generation == [public_rank(game, s) for s in range(len(game.faces))]
    rules = get_rules("albanian")
    peer = Game.new_hidden(rules, 2, viewer=0, first=0)
    assert peer.generation == list(deck_ranks_by_position(rules))


@pytest.mark.parametrize("variant", ["throw-in", "transfer-trump-show", "albanian", "crazy"])
def test_a_durak_resample_keeps_what_the_seat_knows_and_moves_faces_within_generations(
    variant: str,
) -> None:
    for seed in range(6):
        game = mid_game(variant, seed)
        if game.over:
            continue
        seat = game.to_act[0]
        for draw in range(3):
            copy = game.resample(seat, random.Random(draw))
            assert_a_deal_within_generations(game, copy, seat)
            assert copy._codes == [f.code for f in copy.faces]  # type: ignore[union-attr]
            assert copy._slot_of == {c: s for s, c in enumerate(copy._codes)}
        assert game._codes == [f.code for f in game.faces]  # type: ignore[union-attr]
        assert game._slot_of == {c: s for s, c in enumerate(game._codes)}


def test_a_throw_in_resample_draws_what_durak_drew_before_the_base() -> None:
    """The deal a search bot sees is unchanged where the meaning is: one generation, the unseen
    faces in code order, one `shuffle_items`, laid on the unseen slots in slot order."""
    for seed in range(8):
        game = mid_game("throw-in", seed)
        if game.over:
            continue
        seat = game.to_act[0]
        unseen = [s for s, seen in enumerate(game.known) if not seen & 1 << seat]
        pool = sorted(game.faces[s].code for s in unseen)  # type: ignore[union-attr]
        shuffle_items(pool, random.Random(seed))
        copy = game.resample(seat, random.Random(seed))
        assert [copy.faces[s].code for s in unseen] == pool  # type: ignore[union-attr]


@pytest.mark.parametrize("name", KINDS)
def test_a_resample_depends_on_what_the_seat_knows_not_on_where_faces_lie(name: str) -> None:
    """Two games the seat cannot tell apart (faces moved within their generations) give the
    same deal for one seed: the base puts a generation's faces in code order first."""
    game = _played(name)
    if game.over or not game.to_act:
        pytest.skip("the seeded game ended early")
    seat = game.to_act[0]
    other = game.resample(seat, random.Random(11))
    assert other.faces != game.faces or all(s & 1 << seat for s in game.known)
    for seed in range(3):
        ours = game.resample(seat, random.Random(seed))
        theirs = other.resample(seat, random.Random(seed))
        assert ours.faces == theirs.faces
        assert_a_deal_within_generations(game, ours, seat)


def test_every_unseen_face_lands_on_every_unseen_slot_about_equally_often() -> None:
    """The deal is uniform within a generation: over 1,800 resamples each of a few unseen
    faces lies on each unseen slot within 30 % of its expected count."""
    game = mid_game("throw-in", 3)
    seat = game.to_act[0]
    unseen = [s for s, seen in enumerate(game.known) if not seen & 1 << seat]
    watched = sorted({game.faces[s] for s in unseen}, key=str)[:3]
    counts: Counter[tuple[Any, int]] = Counter()
    rng = random.Random(9)
    draws = 1800
    for _ in range(draws):
        copy = game.resample(seat, rng)
        for slot in unseen:
            counts[(copy.faces[slot], slot)] += 1
    expected = draws / len(unseen)
    for card in watched:
        for slot in unseen:
            assert abs(counts[(card, slot)] - expected) < 0.3 * expected, (card, slot)
