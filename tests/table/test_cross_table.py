"""Cross fool at a LAN table on the simulated network: honest tables agree with a clean audit, no
seat learns a closed deck card before it is drawn, and a seat that cheats is named."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import Card
from engine.cross.actions import BEAT, DRAW, LEAD, TAKE, CrossAction
from engine.cross.game import PLAY_PHASE, CrossGame, cross_beats
from engine.cross.rules import cross_ids
from net.table.config import TableConfig
from net.table.core import TableCore
from net.table.cross_adapter import CrossAdapter
from net.table.game_adapter import adapter_for
from net.table.sim import SimulatedTable, make_table
from tests.table.family3_harness import (
    LOSSY,
    Liar,
    assert_clean,
    assert_named_at_once,
    assert_no_leak,
    leave_midway,
    lie_at,
    opened_deck,
    run,
    send_naming_own_first_position,
    visible_to,
    watch_faces,
    wrong_key_table,
)


def replayed(table: SimulatedTable) -> CrossGame:
    """The table's game replayed from the audit's opened deck with every face open."""
    core, deck = opened_deck(table)
    adapter = CrossAdapter(table.config)
    full = CrossGame.from_table(adapter.rules, table.config.players, deck, core.first)
    for entry in core.entries:
        full.apply(CrossAction.parse(entry["a"]))
    return full


# ----------------------------------------------------------------- honest tables


@pytest.mark.parametrize(
    ("variant", "options", "seed"),
    [
        *((variant, {}, 1) for variant in cross_ids()),
        ("cross", {"deck": 52}, 2),
        ("cross", {"keep_pile_bottom": True}, 3),
        ("cross", {"keep_last_drawn": False, "forced_beat": False}, 4),
    ],
    ids=[*cross_ids(), "cross-52", "cross-keep-pile-bottom", "cross-lay-last-free-take"],
)
def test_an_honest_cross_table_agrees_on_a_lossy_network(
    variant: str, options: dict[str, Any], seed: int
) -> None:
    table = make_table(3, variant=variant, options=options, seed=seed, bots="heuristic,random",
                       conditions=LOSSY)  # fmt: skip
    assert_clean(run(table), 3)
    core = table.cores[0]
    assert core is not None and core.game is not None
    kinds = {CrossAction.parse(e["a"]).kind for e in core.entries}
    assert {DRAW, LEAD} <= kinds, kinds  # both phases were played
    full = replayed(table)
    assert full.over and full.result == core.game.result
    assert full.state_hash() == core.game.state_hash()  # every face was opened by the end


def test_the_highest_open_card_builds_first_and_the_lot_only_breaks_ties() -> None:
    table = make_table(3, variant="cross", seed=5, bots="random")
    run(table)
    core = table.cores[1]
    assert core is not None and core.first is not None and core.verdict is not None
    deck = [Card.parse(t) for t in core.verdict.deck or ()]
    first_move = CrossAction.parse(core.entries[0]["a"])
    order = [(core.first + k) % 3 for k in range(3)]
    expected = max(order, key=lambda s: (deck[s].rank, -order.index(s)))
    assert first_move.seat == expected


# ----------------------------------------------------------------- no peeking


def test_no_seat_learns_a_deck_card_before_it_is_drawn() -> None:
    """Every face a seat's core holds, at every step, is one the engine shows that seat once the
    log is as long as the seat's, or the deck's top card the next move (a draw) turns up for
    everyone before it is applied: checked against a replay with every face open."""
    table = make_table(3, variant="cross", seed=6, bots="heuristic,random", conditions=LOSSY)
    seen = watch_faces(table)
    results = run(table)
    assert all(o.verdict is not None and o.verdict.ok for o in results.values())
    core, deck = opened_deck(table)
    full = CrossGame.from_table(CrossAdapter(table.config).rules, 3, deck, core.first)
    shown: list[list[int]] = [list(full.known)]
    turned: list[set[int]] = []
    for entry in core.entries:
        action = CrossAction.parse(entry["a"])
        turned.append({full.deck[-1]} if action.kind == DRAW else set())
        full.apply(action)
        shown.append(list(full.known))
    turned.append(set())
    assert sum(1 for mask in shown[0] if mask == 0) == len(deck) - 4  # the deck starts closed
    assert_no_leak(seen, lambda seat, length: visible_to(shown[length], seat) | turned[length])
    hidden_at_start = [s for s, mask in enumerate(shown[0]) if not mask]
    early = [slots for seat, length, slots in seen if length == 0]
    assert early and all(not (slots & set(hidden_at_start[:-1])) for slots in early)


# ----------------------------------------------------------------- cheats


class PlaysACardItDoesNotHold(Liar):
    """In the play phase closes or leads with a card of another seat's open hand, naming a
    position of its own."""

    def intent(self, core: TableCore, action: CrossAction) -> CrossAction:
        game = core.game
        if game.phase != PLAY_PHASE or not game.hands[core.seat]:
            return action
        others = [c for s in range(game.players) if s != core.seat for c in game.hand_cards(s)]
        top = game.top
        if top is None and others:
            return CrossAction(core.seat, LEAD, others[0])
        closers = [c for c in others if top is not None and cross_beats(top, c)]
        if closers:
            return CrossAction(core.seat, BEAT, closers[0])
        return action

    def checks(self, core: TableCore, action: CrossAction, legal: bool) -> bool:
        lie = action.card is not None and action.card not in core.game.hand_cards(core.seat)
        return legal or (lie and core.seat in core.game.to_act)

    def send_move(self, core: TableCore, action: CrossAction) -> list[Any] | None:
        if action.card is None or action.card in core.game.hand_cards(core.seat):
            return None
        self.lied += 1
        return send_naming_own_first_position(core, action, open_own_card=False)


class TakesWhenItCouldClose(Liar):
    """Takes the chain's bottom card although it holds a card that closes the top one."""

    def intent(self, core: TableCore, action: CrossAction) -> CrossAction:
        if action.kind == BEAT:
            self.lied += 1
            return CrossAction(core.seat, TAKE)
        return action

    def checks(self, core: TableCore, action: CrossAction, legal: bool) -> bool:
        game = core.game
        return legal or (action.kind == TAKE and core.seat in game.to_act and game.top is not None)


def test_a_wrong_key_for_a_drawn_card_is_named() -> None:
    # one open card each and the line, then the deck's top
    table = wrong_key_table("cross", lambda players: players + 1)
    assert_named_at_once(table, 1)


def test_playing_a_card_of_another_hand_is_named() -> None:
    table = lie_at("cross", PlaysACardItDoesNotHold, 2, (3,), until=2000)
    assert_named_at_once(table, 2, "holds")


def test_taking_with_a_card_that_closes_is_named() -> None:
    table = lie_at("cross", TakesWhenItCouldClose, 0, (4,), until=2000)
    assert_named_at_once(table, 0, "illegal move", "take")


def test_the_audit_replay_names_the_seat_of_an_illegal_move() -> None:
    """The audit's own replay (the last word on a log every seat signed) names the mover."""
    table = make_table(3, variant="cross", seed=1, bots="heuristic,random")
    run(table)
    core = table.cores[0]
    assert core is not None and core.verdict is not None and core.verdict.deck is not None
    adapter = CrossAdapter(table.config)
    deck, first = list(core.verdict.deck), core.first
    assert adapter.replay(first, core.entries, core.game, deck, [], None, None) == []
    full = CrossGame.from_table(adapter.rules, 3, [Card.parse(t) for t in deck], first or 0)
    entries = [dict(e) for e in core.entries]
    for index, entry in enumerate(entries):
        action = CrossAction.parse(entry["a"])
        closes = [a for a in full.legal_tuple(action.seat) if a.kind == BEAT]
        if action.kind == BEAT and closes:
            entries[index] = dict(entry, a=str(CrossAction(action.seat, TAKE)), pos=[])
            found = adapter.replay(first, entries, core.game, deck, [], None, None)
            assert len(found) == 1 and found[0][0] == action.seat, found
            assert "illegal move" in found[0][1]
            break
        full.apply(action)
    else:
        pytest.fail("no close in the game")


# ----------------------------------------------------------------- leaving, the match


def test_a_seat_that_leaves_a_cross_game_is_the_fool_and_the_audit_still_runs() -> None:
    leave_midway(make_table(3, variant="cross", seed=8, bots="random"), 1)


def test_the_first_to_leave_breaks_the_next_games_ties() -> None:
    table = make_table(3, variant="cross", seed=4)
    assert isinstance(adapter_for(table.config), CrossAdapter)
    wire = table.config.as_wire()
    assert TableConfig.from_wire(wire) == table.config
    results = run(table)
    core = table.cores[0]
    assert core is not None and core.game is not None and len(results) == 3
    assert core.game.winner is not None
    following = table.config.next_game(core.game)
    assert following.game_no == 1 and following.first == core.game.winner
    points = results[0].result["points"]
    assert isinstance(points, list) and sum(points) == (results[0].result["fool"] is not None)
