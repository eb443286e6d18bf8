"""Family 2: every variant plays to the end, conserves cards, replays, and runs on a hidden peer."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import RESHUFFLE, Action
from engine.errors import IllegalAction
from engine.game import NO_CARD, Game
from engine.rules import BASES, FAMILY_2, Rules, get_rules
from engine.variants import believe, magadan, out_of_play, two_trump
from tests.engine.helpers import random_action

MOVE_CAP = 6000


def players_for(rules: Rules) -> list[int]:
    """Seat counts from the variant's minimum up to 6 that its deck can deal."""
    seats = []
    for players in range(rules.min_players, min(rules.max_players, 6) + 1):
        try:
            rules.check_players(players)
        except ValueError:
            continue
        seats.append(players)
    return seats


CASES = [
    (variant, base, players)
    for variant in FAMILY_2
    for base in BASES
    for players in players_for(get_rules(variant, base=base))
]


def all_slots(game: Game) -> list[int]:
    """Every position wherever it lies: hands, locked, talon, table, discard, out of play."""
    places = [s for h in game.hands for s in h] + [s for x in magadan.locked(game) for s in x]
    places += game.talon + game.discard + out_of_play(game)
    places += [s for pair in game.table for s in pair if s != NO_CARD]
    return places


def check_invariants(game: Game) -> None:
    """Cards conserved and in one place; seats that are out hold nothing."""
    assert sorted(all_slots(game)) == list(range(len(game.faces))), "a card is lost or doubled"
    assert len(game.table) <= game.rules.attack_cap
    for seat in game.out:
        assert not game.hands[seat] and not magadan.locked(game)[seat]
    if not game.rules.reverse:  # reverse: nobody sees his own cards; everywhere else he does
        for seat, hand in enumerate(game.hands):
            assert all(game.known[s] >> seat & 1 for s in hand), f"seat {seat} holds a blind card"


def play(rules: Rules, players: int, seed: int, check: bool = True) -> tuple[Game, list[str]]:
    """Random play from a seeded deal to the end; returns the game and every state hash."""
    rng = random.Random(seed)
    game = Game.new(rules, players, random.Random(seed))
    hashes = [game.state_hash()]
    for _ in range(MOVE_CAP):
        if game.over:
            return game, hashes
        game.apply(random_action(game, rng))
        hashes.append(game.state_hash())
        if check:
            check_invariants(game)
    raise AssertionError(f"{rules.id}: no end after {MOVE_CAP} moves: {game.log[-12:]}")


@pytest.mark.parametrize(("variant", "base", "players"), CASES)
def test_random_play_ends_and_conserves_cards(variant: str, base: str, players: int) -> None:
    rules = get_rules(variant, base=base)
    for seed in range(2):
        game, _ = play(rules, players, seed)
        assert game.over
        assert game.fool is None or game.fool in range(players)


@settings(max_examples=60)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32))
def test_replaying_the_log_reproduces_every_state_hash(
    case: tuple[str, str, int], seed: int
) -> None:
    variant, base, players = case
    rules = get_rules(variant, base=base)
    game, hashes = play(rules, players, seed, check=False)
    again = Game.new(rules, players, random.Random(seed))  # the same deal and the same rng
    assert again.state_hash() == hashes[0]
    for action, expected in zip(game.log, hashes[1:], strict=True):
        again.apply(action)
        assert again.state_hash() == expected


def follow(game: Game, peer: Game, seat: int, revealed: set[int]) -> None:
    """Tell the peer every face its seat has come to know, as the dealing protocol would."""
    everyone = (1 << game.players) - 1
    for slot, known in enumerate(game.known):
        if slot in revealed:
            continue
        face = game.faces[slot]
        assert face is not None
        if known == everyone:
            peer.reveal(slot, face)
            revealed.add(slot)
        elif known & 1 << seat and peer.faces[slot] is None:
            peer.reveal(slot, face, to=[seat])


def forget_reshuffled(game: Game, revealed: set[int]) -> None:
    """A reshuffle takes the faces of its positions away from everybody."""
    for event in game.last_events():
        if event.kind == RESHUFFLE:
            revealed.difference_update(event.slots)


def start_pair(
    case: tuple[str, str, int], seed: int, data: st.DataObject
) -> tuple[Game, Game, int, set[int]]:
    """An all-knowing game of `case` dealt by `seed`, a drawn seat's peer following it."""
    variant, base, players = case
    rules = get_rules(variant, base=base)
    seat = data.draw(st.integers(0, players - 1))
    game = Game.new(rules, players, random.Random(seed))
    trump = game.trump_suit if rules.hidden_trump_card else None
    # two-trump with distinct suits: the table turns the trump cards up and names their
    # positions (net.table.durak_adapter.DurakAdapter.new_hidden)
    slots = two_trump.trump_slots(game) if rules.distinct_trumps else ()
    peer = Game.new_hidden(rules, players, seat, first=game.lead, trump=trump, trump_slots=slots)
    revealed: set[int] = set()
    follow(game, peer, seat, revealed)
    return game, peer, seat, revealed


@settings(max_examples=120)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32), data=st.data())
def test_a_hidden_peer_follows_the_all_knowing_engine(
    case: tuple[str, str, int], seed: int, data: st.DataObject
) -> None:
    game, peer, seat, revealed = start_pair(case, seed, data)
    rng = random.Random(seed)
    for _ in range(400):
        seen = game.observation(seat)
        assert peer.observation(seat) == seen
        assert peer.public_hash() == game.public_hash()
        allowed = Counter(c for c in game.visible_faces(seat) if c is not None)
        shown = Counter(c for hand in seen.hands for c in hand if c is not None)
        shown.update(c for pair in seen.table for c in pair if c is not None)
        assert not shown - allowed, "the observation shows a face the seat may not see"
        assert all(
            face is None or game.known[slot] >> seat & 1 for slot, face in enumerate(peer.faces)
        ), "the peer holds a face its seat may not see"
        if game.over:
            break
        action = random_action(game, rng)
        for slot in game.opened_by(action):
            face = game.faces[slot]
            assert face is not None
            peer.reveal(slot, face)
            revealed.add(slot)
        wire = game.wire_action(action)
        assert Action.parse(str(wire)) == wire
        game.apply(action)
        peer.apply(wire)
        forget_reshuffled(game, revealed)
        follow(game, peer, seat, revealed)
    assert peer.result == game.result


REVERSE_CASES = [case for case in CASES if case[0] == "reverse"]


@settings(max_examples=60)
@given(case=st.sampled_from(REVERSE_CASES), seed=st.integers(0, 2**32), data=st.data())
def test_reverse_blind_plays_keep_a_peer_in_step(
    case: tuple[str, str, int], seed: int, data: st.DataObject
) -> None:
    """Every seat's legal actions agree; a blind play waits for its face, then plays alike."""
    players = case[2]
    game, peer, seat, revealed = start_pair(case, seed, data)
    rng = random.Random(seed)
    blind_own = 0
    for _ in range(400):
        if game.over:
            break
        for other in range(players):
            assert peer.legal_actions(other) == game.legal_actions(other)
        action = random_action(game, rng)
        wire = game.wire_action(action)
        assert wire == action and Action.parse(str(wire)) == wire
        if action.slots:
            assert peer.is_legal_blind(wire)
            slot = action.slots[0]
            assert game.opened_by(action) == peer.opened_by(wire) == [slot]
            if peer.faces[slot] is None:  # the seat's own unseen card: the face must come first
                blind_own += 1
                before = peer.state_hash()
                with pytest.raises(IllegalAction, match="not open yet"):
                    peer.apply(wire)
                assert peer.state_hash() == before
        for slot in game.opened_by(action):
            peer.reveal(slot, game.faces[slot])  # type: ignore[arg-type]
            revealed.add(slot)
        assert peer.apply(wire) == game.apply(action)
        follow(game, peer, seat, revealed)
        assert peer.observation(seat) == game.observation(seat)
        assert peer.public_hash() == game.public_hash()
        assert peer.information_state_key(seat) == game.information_state_key(seat)
    assert peer.result == game.result
    assert [str(a) for a in peer.log] == [str(a) for a in game.log]
    if seat == game.log[0].seat and game.log[0].kind == "attack":
        assert blind_own  # the first lead was the seat's own blind card


def test_every_family_2_id_is_a_preset_with_its_own_options() -> None:
    for variant in FAMILY_2:
        rules = get_rules(variant)
        assert rules.id == variant and rules.base in BASES
        for base in BASES:
            assert get_rules(variant, base=base).base == base
    with pytest.raises(ValueError, match="base"):
        get_rules("crazy", base="american")
    with pytest.raises(ValueError, match="family-2"):
        get_rules("throw-in", base="simple")


def test_treshka_on_a_throw_in_base_still_forbids_throwing() -> None:
    rules = get_rules("treshka", base="throw-in")
    assert rules.lead_count == 3 and not rules.throw_in


def test_a_taker_sees_the_accepted_face_down_cards_he_picks_up() -> None:
    """Believe: an accepted face-down cover taken up later (a check proved a later cover good)
    goes into the taker's hand open to him, so he can play it (found by a heuristic bot that had
    no legal move with a blind card in hand)."""
    from engine.bots.heuristic import HeuristicBot
    from engine.bots.random_bot import RandomBot

    rules = get_rules("believe", deck=52)
    picked_up_blind = 0
    for seed in (1006, 1008, *range(2000, 2030)):
        rng = random.Random(seed)
        bots = [
            RandomBot(rng.getrandbits(32)),
            RandomBot(rng.getrandbits(32)),
            HeuristicBot(rng.getrandbits(32)),
        ]
        game = Game.new(rules, 3, rng)
        while not game.over:
            seat = game.to_act[0]
            had_face_down = bool(believe.face_down(game))
            events = game.apply(bots[seat].choose(game, seat))
            check_invariants(game)
            if had_face_down and any(e.kind == "took" for e in events):
                picked_up_blind += 1
    assert picked_up_blind > 0, "no game took up face-down cards: the test proves nothing"
