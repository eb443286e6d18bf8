"""Joker rummy at a LAN table on the simulated network: honest tables agree with a clean audit,
no seat learns a face the rules hide from it, and a seat that cheats is named."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import Card
from engine.rummy.actions import DISCARD, RUN, RummyAction
from engine.rummy.game import REFILLED, RummyGame
from engine.rummy.rules import get_rummy_rules
from net.table.conduct import SeatConduct
from net.table.config import TableConfig
from net.table.core import GameOver, Out, TableCore
from net.table.rummy_adapter import RummyAdapter
from net.table.sim import NetworkConditions, SimulatedTable, make_table
from tests.table.wrong_key import WrongKeyFor

LOSSY = NetworkConditions(latency=(0.001, 0.3), loss=0.1, duplicate=0.05)  # reorders, too
ALL_DONE = 6000.0
SHORT_DECK = {"refill_shuffle": True, "hand_size": 34}  # 3 x 34 dealt: a deck of 4 cards


def run(table: SimulatedTable, until: float = ALL_DONE) -> dict[int, GameOver]:
    table.start()
    table.step_until(until)
    return table.results()


def honest_results(table: SimulatedTable, cheater: int) -> list[GameOver]:
    results = table.results()
    honest = [results[s] for s in range(table.config.players) if s != cheater and s in results]
    assert len(honest) == table.config.players - 1, "an honest seat did not end"
    return honest


def assert_clean(results: dict[int, GameOver], seats: int) -> None:
    assert len(results) == seats
    assert len({over.log_hash for over in results.values()}) == 1
    assert len({repr(over.result) for over in results.values()}) == 1
    for over in results.values():
        assert over.reason == "finished", over
        assert over.verdict is not None and over.verdict.ok, over.verdict
        assert over.result["over"] is True


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
    seen: list[tuple[int, int, frozenset[int]]] = []  # (seat, log length, slots it holds)

    def watch(seat: int, core: TableCore, outputs: list[Out]) -> None:
        seen.append((seat, len(core.entries), frozenset(core.faces)))

    table.watch(watch)
    assert_clean(run(table), 3)
    core = table.cores[0]
    assert core is not None and core.verdict is not None and core.verdict.deck is not None
    deck = [Card.parse(t) for t in core.verdict.deck]
    redeals = [
        [Card.parse(t) for t in core.deal_verdicts[d].deck or ()] for d in core.reshuffle_deals
    ]
    assert core.first is not None
    rules = RummyAdapter(table.config).rules
    full = RummyGame.from_table(rules, 3, deck, core.first, redeals)
    everyone = 0b111
    public = {s for s, mask in enumerate(full.known) if mask == everyone}
    shown: list[list[int]] = [list(full.known)]  # who may see each slot after L moves
    seen_by_all: list[set[int]] = [set(public)]  # open faces, not shuffled since
    redealt_at: list[set[int]] = [set()]
    for entry in core.entries:
        events = full.apply(RummyAction.parse(entry["a"]))
        shuffled = {s for e in events if e.kind == REFILLED and len(e.slots) > 1 for s in e.slots}
        public = (public - shuffled) | {s for s, mask in enumerate(full.known) if mask == everyone}
        shown.append(list(full.known))
        seen_by_all.append(set(public))
        redealt_at.append(shuffled)
    for seat, length, slots in seen:
        allowed = {s for s, mask in enumerate(shown[length]) if mask >> seat & 1}
        allowed |= seen_by_all[length]
        if length < len(core.entries):
            allowed |= set(core.entries[length]["pos"])  # the next move's cards, opened to all
        else:  # the hand is over: every hand is shown to count its points
            allowed |= {s for hand in full.hands for s in hand}
        leaked = slots - allowed
        assert not leaked, (seat, length, sorted(leaked))
    assert any(redealt_at), "the test should cover a re-dealt deck"


# ----------------------------------------------------------------- cheats


def wrong_draw_key() -> WrongKeyFor:
    """Opens the deck's first drawn card with a wrong key."""
    # 14 each, the deck's top card next
    return WrongKeyFor(lambda players: players * 14)


class DiscardsACardItDoesNotHold(SeatConduct):
    """Discards a card it does not hold, naming the position of its own first card."""

    def __init__(self) -> None:
        self.lied = 0

    def intent(self, core: TableCore, action: RummyAction) -> RummyAction:
        game = core.game
        mine = set(game.hand_cards(core.seat))
        if action.kind == DISCARD and len(action.cards) == 1:
            others = [c for c in game.rules.deck() if c not in mine and not c.is_joker]
            self.lied += 1
            return RummyAction(core.seat, DISCARD, (others[0],))
        return action

    def checks(self, core: TableCore, action: RummyAction, legal: bool) -> bool:
        return True

    def send_move(self, core: TableCore, action: RummyAction) -> list[Any] | None:
        game = core.game
        hand = game.hands[core.seat]
        if action.kind != DISCARD or action.cards[0] in game.hand_cards(core.seat):
            return None
        out = core.broadcast(core.rounds.signed_move(str(action), hand[:1]))
        out.extend(core.openings.open(hand[0], range(core.players)))  # its real card's key
        return out


class JokerForACardItHolds(SeatConduct):
    """Lays a run with a joker standing for a card it holds (others cannot see that card)."""

    def __init__(self) -> None:
        self.lied = 0

    def intent(self, core: TableCore, action: RummyAction) -> RummyAction:
        game = core.game
        jokers = [c for c in game.hand_cards(core.seat) if c.is_joker]
        if action.kind == RUN and jokers and not any(c.is_joker for c in action.cards):
            self.lied += 1
            cards = (*action.cards[:1], jokers[0], *action.cards[2:])
            return RummyAction(core.seat, RUN, cards)
        return action

    def checks(self, core: TableCore, action: RummyAction, legal: bool) -> bool:
        return True


def cheat_table(conduct: SeatConduct, cheater: int, seed: int) -> SimulatedTable:
    return make_table(3, variant="joker-rummy", seed=seed, bots="heuristic",
                      conditions=LOSSY, conducts={cheater: conduct})  # fmt: skip


def test_a_wrong_key_for_the_first_drawn_card_is_named_by_every_honest_seat() -> None:
    """Only the drawer is sent that key (the card opens to it alone), so it names the cheater
    and shows everyone the proof (a `key` verdict): the third seat checks it itself and ends
    too, within seconds, instead of waiting for the drawer's move."""
    table = cheat_table(wrong_draw_key(), 1, 2)
    run(table, 600)
    core = table.cores[0]
    assert core is not None and core.first is not None
    drawer = table.results()[core.first]
    assert "wrong key for position 42" in drawer.evidence
    honest = honest_results(table, 1)
    assert len(honest) == 2, table.results()
    for over in honest:
        assert over.reason == "cheat" and over.cheater == 1, over
    assert table.now < 60, table.now


def test_discarding_a_card_it_does_not_hold_is_named() -> None:
    liar = DiscardsACardItDoesNotHold()
    table = cheat_table(liar, 2, 1)
    run(table)
    assert liar.lied
    for over in honest_results(table, 2):
        assert over.reason == "cheat" and over.cheater == 2, over


def test_a_joker_for_a_card_it_holds_is_named_by_the_audit() -> None:
    for seed in range(5, 12):  # seeds 1 to 4 deal the liar no joker it can misuse
        liar = JokerForACardItHolds()
        table = cheat_table(liar, 0, seed)
        run(table)
        if not liar.lied:
            continue
        for over in honest_results(table, 0):
            assert over.reason == "finished", over  # the others could not see the lie in play
            assert over.verdict is not None and list(over.verdict.cheaters) == [0], over.verdict
            assert "lay it, not a joker" in " ".join(over.verdict.cheaters[0])
        return
    pytest.fail("the lie never happened")


# ----------------------------------------------------------------- leaving, configs


def test_a_seat_that_leaves_forfeits_and_the_audit_still_runs() -> None:
    table = make_table(3, variant="joker-rummy", seed=8, bots="heuristic")
    table.start()
    core = table.cores[1]
    assert core is not None
    while core.game is None or len(core.entries) < 3:  # a few moves into the hand
        table.step_until(table.now + 0.01)
    assert not core.game.over
    table.route(1, core.leave())
    table.step_until(ALL_DONE)
    results = table.results()
    for seat in (0, 2):
        over = results[seat]
        assert over.reason == "finished", over
        assert over.result["fool"] == 1
        assert over.verdict is not None and over.verdict.ok
    assert results[1].reason == "left"


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
