"""Joker rummy at a LAN table on the simulated network: honest tables agree with a clean audit,
no seat learns a face the rules hide from it, and a seat that cheats is named."""

from __future__ import annotations

from typing import Any

from engine.rummy.actions import DISCARD, RUN, RummyAction
from engine.rummy.game import REFILLED, RummyGame
from engine.rummy.rules import get_rummy_rules
from net.table.config import TableConfig
from net.table.core import TableCore
from net.table.rummy_adapter import RummyAdapter
from net.table.sim import make_table
from tests.table.family3_harness import (
    LOSSY,
    Insists,
    assert_clean,
    assert_named_at_once,
    assert_named_by_audit,
    assert_no_leak_with_open_piles,
    honest_results,
    leave_midway,
    lie_at,
    run,
    send_naming_own_first_position,
    watch_faces,
    wrong_key_table,
)

SHORT_DECK = {"refill_shuffle": True, "hand_size": 34}  # 3 x 34 dealt: a deck of 4 cards
HEURISTIC = "heuristic"


# ----------------------------------------------------------------- honest tables


def test_an_honest_joker_rummy_table_plays_to_its_audit_on_a_lossy_network() -> None:
    table = make_table(3, variant="joker-rummy", seed=1, bots="heuristic", conditions=LOSSY)
    results = run(table)
    assert_clean(results, 3)
    core = table.cores[0]
    assert core is not None and core.game is not None
    assert core.entries[0]["a"] == f"{core.first} draw"  # the 15th card: the first draw
    assert all(isinstance(e["a"], str) for e in core.entries)


def test_the_stock_turned_over_and_shuffled_is_re_dealt_and_the_audit_replays_it() -> None:
    table = make_table(3, variant="joker-rummy", options=SHORT_DECK, seed=2, bots="random")
    results = run(table)
    assert_clean(results, 3)
    core = table.cores[0]
    assert core is not None and core.game is not None
    assert core.game.refills >= 1 and 1 <= len(core.reshuffle_deals) <= core.game.refills


def test_no_seat_learns_a_face_the_rules_hide_from_it() -> None:
    """Every face a seat's core holds, at every step, is one the engine shows that seat once the
    log is as long as the seat's (or a card the next move shows, opened to all before it is
    applied), checked against a full replay of the same game with every face open."""
    table = make_table(3, variant="joker-rummy", options=SHORT_DECK, seed=3, bots="random")
    seen = watch_faces(table)
    assert_clean(run(table), 3)
    rules = RummyAdapter(table.config).rules
    assert_no_leak_with_open_piles(seen, table, RummyGame, rules, RummyAction, REFILLED)


# ----------------------------------------------------------------- cheats


class DiscardsACardItDoesNotHold(Insists):
    """Discards a card it does not hold, naming the position of its own first card."""

    def intent(self, core: TableCore, action: RummyAction) -> RummyAction:
        game = core.game
        mine = set(game.hand_cards(core.seat))
        if action.kind == DISCARD and len(action.cards) == 1:
            others = [c for c in game.rules.deck() if c not in mine and not c.is_joker]
            self.lied += 1
            return RummyAction(core.seat, DISCARD, (others[0],))
        return action

    def send_move(self, core: TableCore, action: RummyAction) -> list[Any] | None:
        if action.kind != DISCARD or action.cards[0] in core.game.hand_cards(core.seat):
            return None
        return send_naming_own_first_position(core, action)


class JokerForACardItHolds(Insists):
    """Lays a run with a joker standing for a card it holds (others cannot see that card)."""

    def intent(self, core: TableCore, action: RummyAction) -> RummyAction:
        game = core.game
        jokers = [c for c in game.hand_cards(core.seat) if c.is_joker]
        if action.kind == RUN and jokers and not any(c.is_joker for c in action.cards):
            self.lied += 1
            cards = (*action.cards[:1], jokers[0], *action.cards[2:])
            return RummyAction(core.seat, RUN, cards)
        return action


def test_a_wrong_key_for_the_first_drawn_card_is_named_by_every_honest_seat() -> None:
    """Only the drawer is sent that key (the card opens to it alone), so it names the cheater
    and shows everyone the proof (a `key` verdict): the third seat checks it itself and ends
    too, within seconds, instead of waiting for the drawer's move."""
    # 14 each, then the deck's top
    table = wrong_key_table("joker-rummy", lambda players: players * 14, 600, bots=HEURISTIC)
    core = table.cores[0]
    assert core is not None and core.first is not None
    drawer = table.results()[core.first]
    assert "wrong key for position 42" in drawer.evidence
    assert len(honest_results(table, 1)) == 2, table.results()
    assert_named_at_once(table, 1)
    assert table.now < 60, table.now


def test_discarding_a_card_it_does_not_hold_is_named() -> None:
    table = lie_at("joker-rummy", DiscardsACardItDoesNotHold, 2, (1,), bots=HEURISTIC)
    assert_named_at_once(table, 2)


def test_a_joker_for_a_card_it_holds_is_named_by_the_audit() -> None:
    # seeds 1 to 4 deal the liar no joker it can misuse
    table = lie_at("joker-rummy", JokerForACardItHolds, 0, range(5, 12), bots=HEURISTIC)
    assert_named_by_audit(table, 0, "lay it, not a joker")


# ----------------------------------------------------------------- leaving, configs


def test_a_seat_that_leaves_forfeits_and_the_audit_still_runs() -> None:
    # a few moves into the hand
    leave_midway(make_table(3, variant="joker-rummy", seed=8, bots="heuristic"), 1, moves=3)


def test_the_next_hand_starts_one_seat_clockwise() -> None:
    table = make_table(3, variant="joker-rummy", seed=4)
    wire = table.config.as_wire()
    assert TableConfig.from_wire(wire) == table.config
    assert get_rummy_rules("joker-rummy").decks == 2
    results = run(table)
    core = table.cores[0]
    assert core is not None and core.game is not None and len(results) == 3
    following = table.config.next_game(core.game)
    assert following.game_no == 1 and following.first == (core.game.first + 1) % 3
