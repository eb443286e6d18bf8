"""The engine's fast paths give what the plain ways give: shuffles, shared legal tuples, indexes."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from engine.action_values import codes_of_ranks, combo_actions
from engine.actions import Action, attack
from engine.bots import make_bot
from engine.cards import ALL_FACES, JOKER_RANK, Card, deck_spec
from engine.dealing_order import shuffle_as_random
from engine.errors import IllegalAction
from engine.game import Game
from engine.hidden import shuffle_items
from engine.rules import get_rules


@pytest.mark.parametrize("size", [0, 1, 2, 3, 24, 36, 52, 108])
def test_shuffle_as_random_gives_the_order_random_shuffle_gives(size: int) -> None:
    cards = list(deck_spec(52, 2, 2))[:size]
    for seed in range(40):
        ours, theirs = list(cards), list(cards)
        ours_rng, theirs_rng = random.Random(seed), random.Random(seed)
        shuffle_as_random(ours, ours_rng)
        theirs_rng.shuffle(theirs)
        assert ours == theirs
        assert ours_rng.getstate() == theirs_rng.getstate()  # the same bits were drawn


class ReversingRandom(random.Random):
    """A generator whose shuffle is its own (reverses): the engine must defer to it."""

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        x.reverse()


def test_shuffle_as_random_lets_a_subclass_shuffle() -> None:
    cards = list(deck_spec(36))
    shuffle_as_random(cards, ReversingRandom(1))
    assert cards == list(reversed(deck_spec(36)))


def test_legal_tuple_is_legal_actions_and_both_are_safe_to_keep() -> None:
    rules = get_rules("throw-in")
    for seed in range(30):
        game = Game.new(rules, 2 + seed % 5, random.Random(seed))
        bots = [make_bot("random", seat) for seat in range(game.players)]
        while not game.over:
            seat = game.to_act[0]
            for other in range(game.players):
                listed = game.legal_actions(other)
                assert tuple(listed) == game.legal_tuple(other)
                listed.clear()  # a caller's list is its own
                assert list(game.legal_tuple(other)) == game.legal_actions(other)
            game.apply(bots[seat].choose(game, seat))


def test_a_layout_with_one_face_twice_still_plays_the_first_copy() -> None:
    """With two copies of a face (two decks) the slot index steps aside; hands stay whole."""
    rules = get_rules("throw-in", decks=2)
    seven = Card.parse("7C")
    game = Game.from_layout(
        rules,
        [[seven, seven, Card.parse("8D")], [Card.parse("9S"), Card.parse("10S"), Card.parse("JS")]],
        talon=[Card.parse(t) for t in ("6H", "6D", "QS")],
        first=0,
    )
    before = list(game.hands[0])
    game.apply(game.legal_actions(0)[0])  # attack with one 7C
    assert game.hands[0] == before[1:]


def test_a_revealed_face_in_a_clone_stays_out_of_the_original() -> None:
    rules = get_rules("throw-in")
    full = Game.new(rules, 2, random.Random(3), first=0)
    hidden = Game.new_hidden(rules, 2, viewer=0, first=0)
    copy = hidden.clone()
    slot = full.hands[0][0]
    face = full.faces[slot]
    assert face is not None
    copy.reveal(slot, face, to=[0])
    assert copy.legal_actions(0) == [attack(0, face)]
    assert hidden.legal_actions(0) == []  # seat 0 leads, but this engine knows no card of his
    other = full.faces[full.hands[0][1]]
    assert other is not None
    hidden.reveal(slot, other, to=[0])  # the original still takes any face for that slot
    assert hidden.legal_actions(0) == [attack(0, other)]
    assert copy.legal_actions(0) == [attack(0, face)]


@pytest.mark.parametrize(
    "bad",
    [Action(7, "take"), Action(-1, "take"), Action("x", "take"), Action([1], "take"), "0 take"],  # type: ignore[arg-type]
)
def test_apply_refuses_what_is_no_action_of_a_seat_with_illegal_action(bad: object) -> None:
    game = Game.new(get_rules("throw-in"), 2, random.Random(1))
    before = game.state_hash()
    game.legal_actions(game.lead)  # a filled cache must not let anything through
    with pytest.raises(IllegalAction):
        game.apply(bad)  # type: ignore[arg-type]
    assert game.state_hash() == before


def test_shuffle_items_gives_every_order_about_equally_often() -> None:
    rng = random.Random(11)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(6_000):
        items = [1, 2, 3]
        shuffle_items(items, rng)
        counts[tuple(items)] += 1
    assert len(counts) == 6
    assert all(850 <= count <= 1_150 for count in counts.values())  # 1,000 expected each
    first, second = list(range(30)), list(range(30))
    shuffle_items(first, random.Random(4))
    shuffle_items(second, random.Random(4))
    assert first == second != list(range(30)) and sorted(first) == list(range(30))


@pytest.mark.parametrize("variant", ["throw-in", "transfer", "crazy", "poker", "two-trump"])
def test_a_clone_is_equal_and_independent(variant: str) -> None:
    rng = random.Random(3)
    game = Game.new(get_rules(variant), 3, random.Random(3))
    for _ in range(25):
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    before = game.state_hash()
    copy = game.clone()
    assert copy.state_hash() == before
    assert [copy.legal_actions(s) for s in range(3)] == [game.legal_actions(s) for s in range(3)]
    while not copy.over:
        copy.apply(rng.choice(copy.legal_actions(copy.to_act[0])))
    assert game.state_hash() == before


def test_codes_of_ranks_are_the_codes_of_every_face_of_those_ranks() -> None:
    """The memoised codes a rank mask admits (throw-ins) are every face of those ranks."""
    masks = [0, 1 << JOKER_RANK, (1 << 16) - 1, *random.Random(5).sample(range(1 << 16), 300)]
    for mask in masks:
        expected = frozenset(card.code for card in ALL_FACES if mask >> card.rank & 1)
        assert codes_of_ranks(mask) == expected


def test_combo_actions_are_plain_actions_of_every_combination() -> None:
    """Memoised multi-card actions equal `Action(seat, kind, cards)`, in code order."""
    cards = tuple(Card.parse(text) for text in ("9S", "9C", "9H", "9D"))
    ordered = sorted(cards, key=lambda card: card.code)
    actions = combo_actions(3, "throw", cards, 1, 3)
    expected = [
        Action(3, "throw", combo) for size in (1, 2, 3) for combo in combinations(ordered, size)
    ]
    assert list(actions) == expected
    assert all(type(action) is Action and action.target is None for action in actions)
    assert all(action.slots == () and str(action).startswith("3 throw 9") for action in actions)


def test_combo_actions_of_the_same_cards_in_any_order_are_one_memo_entry() -> None:
    """The memo is keyed by the set of cards: another order gives the very same tuple; a face
    held twice (two decks) or a range past 15 is memoised by the cards and still correct."""
    cards = tuple(Card.parse(text) for text in ("QH", "9C", "9H", "AD"))
    first = combo_actions(1, "attack", cards, 2, 3)
    assert combo_actions(1, "attack", cards[::-1], 2, 3) is first
    assert combo_actions(2, "attack", cards, 2, 3) is not first  # (another seat's actions)
    assert combo_actions(1, "throw", cards, 2, 3) != first  # (another kind)
    assert [a.seat for a in combo_actions(2, "attack", cards, 2, 3)] == [2] * len(first)
    twice = tuple(Card.parse(text) for text in ("9C", "9H", "9C"))
    assert [str(a) for a in combo_actions(0, "throw", twice, 1, 2)] == [
        "0 throw 9C",
        "0 throw 9H",
        "0 throw 9C 9C",
        "0 throw 9C 9H",
    ]
    wide = tuple(Card.parse(f"{rank}{suit}") for rank in ("6", "7", "8", "9") for suit in "CDHS")
    assert len(combo_actions(0, "throw", wide, 16, 16)) == 1


@pytest.mark.parametrize("players", [2, 4])
def test_a_handed_out_action_takes_the_slots_a_checked_one_takes(players: int) -> None:
    """Applying an action from the legal tuple (slots found by face) leaves the same game as
    applying it to a twin that never listed its actions (the full check finds the slots)."""
    rules = get_rules("throw-in", throw_order="free")
    several = 0
    for seed in range(20):
        game = Game.new(rules, players, random.Random(seed))
        bots = [make_bot("random", seat) for seat in range(players)]
        while not game.over:
            twin = game.clone()
            seat = game.to_act[0]
            action = bots[seat].choose(game, seat)
            several += len(action.cards) > 1
            game.apply(action)
            twin.apply(action)
            assert twin.hands == game.hands
            assert twin.state_hash() == game.state_hash()
    assert several > 20  # multi-card leads and throws were among them


@pytest.mark.parametrize("variant", ["throw-in", "transfer-trump-show", "reverse"])
def test_clone_sets_every_slot_as_the_game_has_it(variant: str) -> None:
    """clone() writes each slot by name (compiled: native field writes): none may be missed."""
    rules = get_rules(variant)
    rng = random.Random(3)
    game = Game.new(rules, 3, rng)
    for _ in range(20):
        game.legal_actions(game.to_act[-1])  # (fills the legal-action caches a copy starts empty)
        game.apply(rng.choice(game.legal_actions(game.to_act[0])))
    copy = game.clone()
    names = getattr(Game, "__slots__", None) or Game.__mypyc_attrs__  # type: ignore[attr-defined]
    names = [name for name in names if name != "__dict__"]  # (compiled: the base's, no field)
    fresh: dict[str, object] = {"_legal": {}, "_lseat": None, "_lcache": ()}  # (caches: afresh)
    generator = {"rng"} if rules.base else set()  # (family 2: its own generator, same state)
    for name in names:
        if name in generator:
            assert copy.rng is not game.rng and copy.rng.getstate() == game.rng.getstate()
        else:
            assert getattr(copy, name) == fresh.get(name, getattr(game, name)), name
    assert copy.state_hash() == game.state_hash()
