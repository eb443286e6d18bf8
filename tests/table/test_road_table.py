"""Road fool at a LAN table on the simulated network: honest tables agree with a clean audit, the
holder of the lowest trump leads the first game, no seat learns a face the rules hide from it,
and a seat that cheats is named."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.cards import Card, deck_spec
from engine.errors import IllegalAction
from engine.road.actions import BEAT, LEAD, PASS, SHOW, TAKE, RoadAction
from engine.road.game import RoadGame
from engine.road.plain import beats
from engine.road.rules import road_ids
from net.table.core import TableCore
from net.table.game_adapter import adapter_for
from net.table.road_adapter import RoadAdapter
from net.table.sim import SimulatedTable, make_table
from tests.table.family3_harness import (
    LOSSY,
    Insists,
    assert_clean,
    assert_named_at_once,
    assert_named_by_audit,
    assert_no_leak,
    honest_results,
    leave_midway,
    lie_at,
    opened_deck,
    run,
    send_naming_own_first_position,
    visible_to,
    watch_faces,
)


def full_replay(table: SimulatedTable) -> tuple[RoadGame, TableCore]:
    """The finished table's game with every face open (the audit's opened deck)."""
    core, deck = opened_deck(table)
    adapter = RoadAdapter(table.config)
    return RoadGame.from_table(adapter.rules, table.config.players, deck, adapter.dealer), core


# ----------------------------------------------------------------- the engine's table side


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seats_hidden_game_follows_the_open_game_move_by_move(players: int) -> None:
    """`new_hidden` games fed the faces the table opens (each hand to its owner, every played or
    shown card to all before its move) list the same moves and end alike as `from_table`."""
    import random

    rules = RoadAdapter(make_table(players, variant="road").config).rules
    asked_games = 0
    for seed in range(40):
        rng = random.Random(seed)
        deck = list(deck_spec(36))
        rng.shuffle(deck)
        dealer = seed % players
        full = RoadGame.from_table(rules, players, deck, dealer)
        hidden = [RoadGame.new_hidden(rules, players, dealer, deck[-1]) for _ in range(players)]
        for seat, game in enumerate(hidden):
            for slot in full.hands[seat]:
                game.reveal(slot, deck[slot], [seat])
        asked_games += full.asking is not None
        while not full.over:
            seat = full.turn
            assert all(g.turn == seat for g in hidden)
            legal = hidden[seat].legal_actions(seat)
            assert legal == full.legal_actions(seat)
            action = rng.choice(legal)
            if action.card is not None:
                slot = next(s for s in full.hands[seat] if deck[s] is action.card)
                for game in hidden:
                    game.reveal(slot, action.card)
            full.apply(action)
            for game in hidden:
                game.apply(action)
        assert all(g.over and g.result == full.result for g in hidden)
        assert full.fool is not None or len(full.out) == players
    assert 0 < asked_games < 40  # the trump card is sometimes the lowest trump itself


def test_when_every_seat_passes_the_game_ends_and_the_false_pass_is_illegal_in_the_replay() -> None:
    rules = RoadAdapter(make_table(3, variant="road").config).rules
    deck = list(deck_spec(36))  # the dealer's last card AS is the trump: 6S is the lowest
    holder_slot = deck.index(Card.parse("6S"))
    hidden = RoadGame.new_hidden(rules, 3, 2, deck[-1])
    full = RoadGame.from_table(rules, 3, deck, 2)
    holder = full.holder(holder_slot)
    for seat in (0, 1, 2):
        hidden.apply(RoadAction(seat, PASS))  # nobody but the holder knows the pass is false
    assert hidden.over and hidden.fool is None
    for seat in (0, 1, 2):
        if seat == holder:
            with pytest.raises(IllegalAction, match="you hold 6S, the lowest trump: show it"):
                full.apply(RoadAction(seat, PASS))
            break
        full.apply(RoadAction(seat, PASS))


# ----------------------------------------------------------------- honest tables


@pytest.mark.parametrize("variant", road_ids())
def test_every_road_preset_plays_to_a_clean_audit_at_three_seats(variant: str) -> None:
    table = make_table(3, variant=variant, seed=2, bots="heuristic,random", conditions=LOSSY)
    results = run(table)
    assert_clean(results, 3)
    for over in results.values():
        assert over.result["fool"] is not None


@pytest.mark.parametrize(
    ("players", "options"), [(2, {"deck": 24}), (4, {"voluntary_take": False})]
)
def test_other_sizes_and_options_play_to_a_clean_audit(
    players: int, options: dict[str, Any]
) -> None:
    table = make_table(players, variant="road", options=options, seed=3, bots="heuristic,random")
    assert_clean(run(table), players)


def test_the_holder_of_the_lowest_trump_shows_it_and_leads_then_the_winner_leads() -> None:
    table = make_table(3, variant="road", seed=1, bots="heuristic,random")
    results = run(table)
    assert all(o.verdict is not None and o.verdict.ok for o in results.values())
    full, core = full_replay(table)
    actions = [RoadAction.parse(e["a"]) for e in core.entries]
    asked = [a for a in actions if a.kind in (SHOW, PASS)]
    lowest = min((c for c in deck_spec(36) if c.suit == full.trump), key=lambda c: c.rank)
    if lowest is full.trump_card:  # the dealer holds it, shown already: nobody is asked
        assert not asked and actions[0].seat == full.dealer
    else:
        dealer = RoadAdapter(table.config).dealer
        assert [a.seat for a in asked] == [(dealer + 1 + i) % 3 for i in range(len(asked))]
        assert [a.kind for a in asked] == [PASS] * (len(asked) - 1) + [SHOW]
        holder = asked[-1].seat
        assert asked[-1].card is lowest and lowest in full.hand_cards(holder)
        assert actions[len(asked)] == RoadAction(holder, LEAD, actions[len(asked)].card)
    # The next game of the match: the first seat out leads, and nobody is asked.
    game = core.game
    assert game is not None and game.winner is not None
    following = table.config.next_game(game)
    assert following.first == game.winner
    second = SimulatedTable(following, table.identities, table.bots, seed=5)
    results = run(second)
    assert all(o.reason == "finished" and o.verdict and o.verdict.ok for o in results.values())
    entries = second.cores[0].entries  # type: ignore[union-attr]
    first = RoadAction.parse(entries[0]["a"])
    assert first.seat == game.winner and first.kind == LEAD
    assert not any(RoadAction.parse(e["a"]).kind in (SHOW, PASS) for e in entries)


def test_no_seat_learns_a_face_the_rules_hide_from_it() -> None:
    """Every face a seat's core and hidden game hold while the game runs is one the engine shows
    that seat once the log is as long as the seat's, or the card the next move plays or shows
    (opened to all before it is applied), checked against a replay with every face open."""
    table = make_table(3, variant="road", seed=4, bots="heuristic,random", conditions=LOSSY)
    seen = watch_faces(table, game_faces=True)
    results = run(table)
    assert all(o.verdict is not None and o.verdict.ok for o in results.values())
    full, core = full_replay(table)
    shown: list[list[int]] = [list(full.known)]
    for entry in core.entries:
        full.apply(RoadAction.parse(entry["a"]))
        shown.append(list(full.known))
    assert len(seen) > 100

    def allowed(seat: int, length: int) -> set[int]:
        slots = visible_to(shown[length], seat)
        if length < len(core.entries):
            slots |= set(core.entries[length]["pos"])
        return slots

    assert_no_leak(seen, allowed)


# ----------------------------------------------------------------- cheats


def defending(game: RoadGame, seat: int) -> bool:
    """Whether `seat` faces a card to beat now."""
    return game.asking is None and game.top is not None and game.turn == seat == game.defender


class PassesHoldingTheLowestTrump(Insists):
    """Asked for the lowest trump, passes although it holds it (hides what it must show)."""

    def intent(self, core: TableCore, action: RoadAction) -> RoadAction:
        if action.kind == SHOW:
            self.lied += 1
            return RoadAction(core.seat, PASS)
        return action


class TakesThoughItCanBeat(Insists):
    """With `voluntary_take` off, takes the pile although a card of its hand beats the top."""

    def intent(self, core: TableCore, action: RoadAction) -> RoadAction:
        game = core.game
        if action.kind == BEAT and defending(game, core.seat):
            self.lied += 1
            return RoadAction(core.seat, TAKE)
        return action


class BeatsWithACardThatDoesNotBeat(Insists):
    """Defending, covers the top card with a card of its hand that does not beat it."""

    def intent(self, core: TableCore, action: RoadAction) -> RoadAction:
        game = core.game
        top = game.top
        if top is None or not defending(game, core.seat):
            return action
        weak = [c for c in game.hand_cards(core.seat) if not beats(game.trump, top, c)]
        if weak:
            self.lied += 1
            return RoadAction(core.seat, BEAT, weak[0])
        return action


class LeadsACardItDoesNotHold(Insists):
    """Leads a card of another hand, naming the position of one of its own cards."""

    def intent(self, core: TableCore, action: RoadAction) -> RoadAction:
        game = core.game
        if action.kind != LEAD:
            return action
        mine = set(game.hand_cards(core.seat))
        others = [
            c for c in deck_spec(game.rules.deck) if c not in mine and c is not game.trump_card
        ]
        self.lied += 1
        return RoadAction(core.seat, LEAD, others[0])

    def send_move(self, core: TableCore, action: RoadAction) -> list[Any] | None:
        if action.kind != LEAD or action.card in core.game.hand_cards(core.seat):
            return None
        return send_naming_own_first_position(core, action)


def test_a_seat_that_passes_holding_the_lowest_trump_is_named_by_the_audit() -> None:
    # (seed 7: seat 1 holds it)
    table = lie_at("road", PassesHoldingTheLowestTrump, 1, range(7, 16), until=3000)
    for over in honest_results(table, 1):
        assert over.result["fool"] is None  # every seat passed: nobody could lead
    assert_named_by_audit(table, 1, "lowest trump")


def test_a_take_while_able_to_beat_is_named_by_the_audit_where_the_preset_forbids_it() -> None:
    table = lie_at("road", TakesThoughItCanBeat, 2, range(1, 8), voluntary_take=False)
    assert_named_by_audit(table, 2, "taking is not allowed")


def test_a_beat_that_does_not_beat_is_named_at_once() -> None:
    table = lie_at("road", BeatsWithACardThatDoesNotBeat, 0, range(1, 8), until=3000)
    assert_named_at_once(table, 0, "does not beat")


def test_leading_a_card_it_does_not_hold_is_named_at_once() -> None:
    table = lie_at("road", LeadsACardItDoesNotHold, 0, (2,), until=3000)
    assert_named_at_once(table, 0, "which holds")


# ----------------------------------------------------------------- leaving, configs


def test_a_seat_that_leaves_a_road_game_is_the_fool_and_the_audit_still_runs() -> None:
    leave_midway(make_table(3, variant="road", seed=8, bots="random"), 1)


def test_a_table_size_the_deck_cannot_be_shared_by_is_refused_with_the_reason() -> None:
    table = make_table(3, variant="road", seed=1)
    five = dataclasses.replace(table.config, seats=table.config.seats * 2)
    five = dataclasses.replace(five, seats=five.seats[:5])
    assert adapter_for(five).unsupported() == "a 36-card deck cannot be dealt equally to 5 players"
    assert adapter_for(table.config).unsupported() is None
