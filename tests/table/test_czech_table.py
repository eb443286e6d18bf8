"""Czech fool at a LAN table on the simulated network: honest tables agree with a clean audit, no
seat learns a face the rules hide from it, and a seat that cheats is named."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.cards import deck_spec
from engine.czech.actions import DRAW, PLAY, CzechAction
from engine.czech.game import RESHUFFLE, CzechGame
from net.dealing.errors import CheatDetected
from net.table.config import ConfigError, TableConfig
from net.table.core import TableCore
from net.table.czech_adapter import CzechAdapter
from net.table.sim import make_table
from tests.table.family3_harness import (
    LOSSY,
    Insists,
    assert_clean,
    assert_named_at_once,
    assert_named_by_audit,
    assert_no_leak_with_open_piles,
    cheat_table,
    honest_results,
    leave_midway,
    lie_at,
    run,
    send_naming_own_first_position,
    watch_faces,
    wrong_key_table,
)

# ----------------------------------------------------------------- honest tables


@pytest.mark.parametrize(
    ("variant", "seed"),
    [("czech", 2), ("czech-3", 2), ("czech-6", 1), ("czech-7", 1)],
)
def test_an_honest_czech_table_agrees_on_a_lossy_network(variant: str, seed: int) -> None:
    table = make_table(3, variant=variant, seed=seed, bots="heuristic,random", conditions=LOSSY)
    results = run(table)
    assert_clean(results, 3)
    for over in results.values():
        assert over.result["fool"] is not None
    core = table.cores[0]
    assert core is not None and core.game is not None
    assert all(isinstance(e["a"], str) for e in core.entries)


@pytest.mark.parametrize(
    ("variant", "seed"),
    [
        ("czech-1", 3),
        ("czech-2", 3),
        ("czech-4", 3),
        ("czech-5", 2),
        ("czech-8", 3),
        ("czech-9", 1),
    ],
)
def test_every_other_preset_plays_to_a_clean_audit_at_two_seats(variant: str, seed: int) -> None:
    table = make_table(2, variant=variant, seed=seed, bots="heuristic,random")
    assert_clean(run(table), 2)


def test_the_pile_turned_over_is_re_dealt_and_the_audit_replays_it() -> None:
    table = make_table(3, variant="czech-6", seed=1, bots="heuristic,random", conditions=LOSSY)
    results = run(table)
    core = table.cores[0]
    assert core is not None and len(core.reshuffle_deals) >= 1  # the deck ran out
    assert all(over.verdict is not None and over.verdict.ok for over in results.values())
    assert core.game.reshuffles == len(core.reshuffle_deals)


def test_no_seat_learns_a_face_the_rules_hide_from_it() -> None:
    """Every face a seat's core holds, at every step, is one the engine shows that seat once the
    log is as long as the seat's (or the card the next move plays, opened to all before it is
    applied), checked against a full replay of the same game with every face open."""
    table = make_table(3, variant="czech-7", seed=2, bots="heuristic,random", conditions=LOSSY)
    seen = watch_faces(table)
    results = run(table)
    assert len(results) == 3 and all(
        o.verdict is not None and o.verdict.ok for o in results.values()
    )
    rules = CzechAdapter(table.config).rules
    assert_no_leak_with_open_piles(seen, table, CzechGame, rules, CzechAction, RESHUFFLE)


# ----------------------------------------------------------------- cheats


class PlaysACardItDoesNotHold(Insists):
    """On its turn plays a fitting card from the rest of the deck, naming its own position."""

    def intent(self, core: TableCore, action: CzechAction) -> CzechAction:
        game = core.game
        mine = set(game.hand_cards(core.seat))
        others = [c for c in deck_spec(game.rules.deck) if c not in mine and game.fits(c)]
        if game.phase == "play" and others:
            return CzechAction(core.seat, PLAY, others[0])
        return action

    def send_move(self, core: TableCore, action: CzechAction) -> list[Any] | None:
        if action.kind != PLAY or action.card in core.game.hand_cards(core.seat):
            return None
        return send_naming_own_first_position(core, action)


class DrawsPastAFit(Insists):
    """Having drawn a card that fits, draws again (the rules say: play it or pass)."""

    def intent(self, core: TableCore, action: CzechAction) -> CzechAction:
        game = core.game
        fits = any(game.fits(c) for c in game.hand_cards(core.seat))
        if game.drawn and fits and game._can_draw():
            self.lied += 1
            return CzechAction(core.seat, DRAW)
        return action


def test_a_wrong_key_for_a_drawn_card_is_named() -> None:
    # five cards each, then the deck's top
    table = wrong_key_table("czech", lambda players: players * 5)
    assert_named_at_once(table, 1)


def test_playing_a_card_it_does_not_hold_is_named() -> None:
    for seed in range(1, 6):
        table = cheat_table("czech", PlaysACardItDoesNotHold(), 2, seed)
        run(table, 2000)
        if all(o.reason == "finished" for o in honest_results(table, 2)):
            continue  # no card to forge came up
        assert_named_at_once(table, 2, ("holds", "not in"))
        return
    pytest.fail("the cheat never happened")


def test_a_draw_past_a_card_that_fits_is_named_by_the_audit() -> None:
    table = lie_at("czech", DrawsPastAFit, 0, range(1, 8))
    assert_named_by_audit(table, 0, "drew a card that fits")


# ----------------------------------------------------------------- leaving, configs


def test_a_seat_that_leaves_a_czech_game_forfeits_and_the_audit_still_runs() -> None:
    leave_midway(make_table(3, variant="czech", seed=8, bots="random"), 1)


def test_a_czech_config_is_checked_and_the_winner_leads_the_next_game() -> None:
    table = make_table(3, variant="czech-9", seed=4)
    wire = table.config.as_wire()
    assert TableConfig.from_wire(wire) == table.config
    with pytest.raises(ConfigError, match="leave no deck"):
        TableConfig.from_wire(dict(wire, variant="czech-9", seats=wire["seats"] * 2))
    results = run(table)
    core = table.cores[0]
    assert core is not None and core.game is not None and len(results) == 3
    following = table.config.next_game(core.game)
    assert following.game_no == 1 and following.first == core.game.winner


@pytest.mark.parametrize("positions", [[True], [False], ["0"], 0, None])
def test_a_move_naming_positions_that_are_not_whole_numbers_is_named(positions: Any) -> None:
    table = make_table(2, variant="czech", seed=1)
    adapter = CzechAdapter(table.config)
    game = CzechGame.new(adapter.rules, 2, random.Random(1))
    seat = game.to_act[0]
    play = next(a for a in game.legal_actions(seat) if a.kind == PLAY)
    with pytest.raises(CheatDetected, match="names no list of positions") as caught:
        adapter.read_move(seat, 0, {"a": str(play), "pos": positions}, game)
    assert caught.value.seat == seat
