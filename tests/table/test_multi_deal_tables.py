"""Crazy, poker and invisible fool at a simulated table: mid-game and two-stage deals through the
fair-dealing protocol (hidden sub-decks), clean audits, no face leaked, cheaters in a sub-deck named,
and a journal replay after a reshuffle rebuilding the same core."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.actions import EXCHANGE
from engine.cards import Card
from engine.game import deck_ranks_by_position
from engine.rules import get_rules
from net.crypto.group import random_scalar
from net.crypto.shuffle import prove_shuffle
from net.dealing.context import DealContext
from net.dealing.messages import Message, reference
from net.dealing.peer import Bind, CheckBinding, DealingPeer, Step
from net.journal import read_journal, replay
from net.table.core import GameOver, MoveApplied, TableCore, table_support
from net.table.sim import NetworkConditions, SimulatedTable, make_table
from tests.peer.test_journal import journaled_table
from tests.table.first_deal import LaterDealConduct

NOISY = NetworkConditions(latency=(0.001, 0.05), loss=0.05, duplicate=0.05)
CASES = [
    ("crazy", 3, 1),
    ("poker", 2, 1),
    ("poker", 3, 2),
    ("invisible", 2, 1),
    ("invisible", 4, 2),
]


def run(table: SimulatedTable) -> None:
    table.start()
    table.step_until(4000)


def assert_clean(table: SimulatedTable) -> None:
    results = table.results()
    assert len(results) == table.config.players, "a peer did not finish"
    assert len({over.log_hash for over in results.values()}) == 1
    for over in results.values():
        assert over.reason == "finished", over
        assert over.verdict is not None and over.verdict.ok, over.verdict


def check_nothing_leaks(core: TableCore) -> int:
    """No face this seat may not see, at any level: engine, table, dealing cores; returns checks."""
    game, seat, checks = core.game, core.seat, 0
    if game is None or core.game_finished:
        return 0
    for slot, face in enumerate(game.faces):
        may_see = bool(game.known[slot] >> seat & 1) or slot in core.pending_plays
        deal, position = core.sources[slot]
        if not may_see:
            assert face is None, f"seat {seat} knows slot {slot}"
            assert slot not in core.faces, f"seat {seat} opened slot {slot}"
            assert position not in core.deals[deal].known, f"seat {seat} decrypted slot {slot}"
            checks += 1
    return checks


@pytest.mark.parametrize(("variant", "players", "seed"), CASES)
def test_a_multi_deal_variant_plays_to_a_clean_audit_on_a_lossy_network(
    variant: str, players: int, seed: int
) -> None:
    table = make_table(players, variant=variant, seed=seed, bots="heuristic,random",
                       conditions=NOISY)  # fmt: skip
    checked = 0

    def route_and_check(seat: int, core: TableCore, outputs: list[Any]) -> None:
        nonlocal checked
        checked += check_nothing_leaks(core)

    table.watch(route_and_check)
    run(table)
    assert_clean(table)
    assert checked > 500
    for core in table.cores:
        assert core is not None
        if variant == "invisible":
            assert len(core.deals) == 2 and core.lot_trump is not None
        else:  # at least one reshuffle happened, and was re-dealt by a hidden sub-deck
            assert len(core.deals) > 1 and core.reshuffle_deals == list(range(1, len(core.deals)))
            assert all(deal.context.hidden for deal in core.deals[1:])


def test_after_a_poker_exchange_the_exchanger_does_not_know_where_his_cards_went() -> None:
    table = make_table(2, variant="poker", seed=1, bots="heuristic,random")
    seen: list[int] = []

    def route_and_check(seat: int, core: TableCore, outputs: list[Any]) -> None:
        for item in outputs:
            if (
                isinstance(item, MoveApplied)
                and item.action.kind == EXCHANGE
                and item.action.seat == seat
            ):
                seen.append(seat)
        if seen and core.game is not None and not core.game_finished:
            for slot in core.game.talon:
                if core.game.known[slot] != (1 << core.players) - 1:
                    deal, position = core.sources[slot]
                    assert core.game.faces[slot] is None and slot not in core.faces
                    assert position not in core.deals[deal].known

    table.watch(route_and_check)
    run(table)
    assert_clean(table)
    assert seen, "no exchange was made"


def test_in_invisible_nobody_knows_the_trump_rank_before_one_talon_card_is_left() -> None:
    table = make_table(3, variant="invisible", seed=3, bots="heuristic,random")
    opened_when: list[int] = []

    def route_and_check(seat: int, core: TableCore, outputs: list[Any]) -> None:
        if core.game is None or core.game_finished:
            return
        trump_slot = core.trump_slots[0]
        deal, position = core.sources[trump_slot]
        assert deal == 0 and core.lot_trump == core.game.trump_suit
        if core.game.faces[trump_slot] is not None:
            opened_when.append(len(core.game.talon))
        else:
            assert trump_slot not in core.faces and position not in core.deals[0].known
        if len(core.game.talon) > 1:
            assert core.game.faces[trump_slot] is None

    table.watch(route_and_check)
    run(table)
    assert_clean(table)
    assert opened_when and max(opened_when) <= 1
    core = table.cores[0]
    assert core is not None and core.verdict is not None and core.verdict.deck is not None
    assert core.verdict.deck[core.trump_slots[0]][-1] == core.lot_trump


# ----------------------------------------------------------------- cheaters in a sub-deck


class WrongSwap(DealingPeer):
    """Pass 0: swaps a wrong key for the first position of the sub-deck."""

    def _unlock(self) -> Message:
        session, position = self.context.hidden[0]
        parent = self.parents[session]
        honest = parent.secrets
        keys = list(honest.card_keys)
        keys[position] = random_scalar(self.group)
        parent.secrets = type(honest)(**{**honest.__dict__, "card_keys": tuple(keys)})
        try:
            return super()._unlock()
        finally:
            parent.secrets = honest


class DuplicatingShuffle(DealingPeer):
    """Pass 1: puts a second copy of one card in place of another."""

    def _shuffle(self) -> Message:
        known = self._pass1_input(self.seat)
        assert known is not None
        inputs, previous = known
        key = self.secrets.shuffle_key
        outputs = [self.group.mult(key, inputs[i]) for i in self.secrets.permutation]
        outputs[1] = outputs[0]
        proof = prove_shuffle(self.group, key, inputs, outputs, self.context.segments,
                              self.context.rounds, [self._sid, self.seat, "pass-1"])  # fmt: skip
        answers = [reference(previous)] if previous else []
        body = {"type": "shuffle", "answers": answers, "deck": b"".join(outputs), "proof": proof}
        message = self._emit(body)
        self.pass1[self.seat] = outputs
        return message


def sub_deck_cheater_table(variant: str, players: int, seed: int, cheat: type[DealingPeer],
                           cheater: int) -> SimulatedTable:  # fmt: skip
    class CheatingDealer(LaterDealConduct):
        """Deal 0 is honest: the cheat is in a sub-deck."""

        def hostile_core(
            self,
            context: DealContext,
            seat: int,
            seed: bytes,
            parents: list[DealingPeer],
            bind: Bind,
            check: CheckBinding,
        ) -> DealingPeer:
            return cheat(context, seat, seed=seed, parent=parents, bind=bind, check_binding=check)

    return make_table(players, variant=variant, seed=seed, bots="heuristic,random",
                      conducts={cheater: CheatingDealer()})  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "players", "seed", "cheat", "words"),
    [
        ("crazy", 3, 1, WrongSwap, "pass-0"),
        ("crazy", 3, 1, DuplicatingShuffle, "pass-1"),
        ("poker", 2, 1, WrongSwap, "pass-0"),
        ("invisible", 2, 1, DuplicatingShuffle, "pass-1"),
    ],
)
def test_a_cheater_in_a_sub_deck_is_named(
    variant: str, players: int, seed: int, cheat: type[DealingPeer], words: str
) -> None:
    cheater = players - 1
    table = sub_deck_cheater_table(variant, players, seed, cheat, cheater)
    table.start()
    while table.now < 600 and any(
        core is not None and core.over is None for s, core in enumerate(table.cores) if s != cheater
    ):
        table.step_until(table.now + 1)
    honest = [over for seat, over in table.results().items() if seat != cheater]
    assert len(honest) == players - 1
    for over in honest:
        assert over.reason == "cheat" and over.cheater == cheater, over
        assert words in over.evidence


# ----------------------------------------------------------------- journal replay


def test_a_journal_replayed_after_a_reshuffle_rebuilds_the_same_core(tmp_path: Path) -> None:
    table, path = journaled_table(tmp_path, 1, seat=1, variant="crazy", conditions=NOISY)
    table.start()
    live = table.cores[1]._core
    while len(live.deals) < 3 or live.resume is not None:  # after the second reshuffle
        table.step_until(table.now + 0.05)
        assert not table.finished()
    middle = replay(read_journal(path), table.identities[1])
    assert len(middle.deals) == len(live.deals) and middle.sources == live.sources
    assert middle.net.sent == live.net.sent and middle.log_hash == live.log_hash
    assert middle.observation == live.observation
    table.step_until(4000)
    assert_clean(table)
    rebuilt = replay(read_journal(path), table.identities[1])
    assert rebuilt.net.sent == live.net.sent and rebuilt.over is not None
    assert rebuilt.over.log_hash == live.over.log_hash and rebuilt.verdict == live.verdict


def test_invisible_with_jokers_is_refused_and_two_decks_play() -> None:
    reason = table_support(get_rules("invisible", jokers=2))
    assert reason and "jokers" in reason and "not yet dealt" in reason
    table = make_table(2, variant="invisible", options={"decks": 2}, seed=5, bots="heuristic")
    run(table)
    assert_clean(table)
    core = table.cores[0]
    assert core is not None and core.context.segments == (18, 18, 18, 18)


def test_a_dealing_message_for_a_deal_that_cannot_exist_is_named() -> None:
    table = make_table(2, variant="crazy", seed=1)
    table.start()
    table.step_until(0.5)
    core = table.cores[0]
    assert core is not None and core.over is None
    other = table.cores[1]
    assert other is not None
    message = other.dealing.hellos[1]  # a well-formed dealing message, for a deal to come later
    payload = {"k": "deal", "d": len(core.deals) + 1, "m": message}
    frame = table.sign_as(1, {"t": "m", "s": core.net.next_from[1], "p": payload})
    out = core.receive(1, frame, table.now)
    over = [item for item in out if isinstance(item, GameOver)]
    assert over and over[0].cheater == 1 and "cannot exist" in over[0].evidence


def test_a_peer_that_leaves_after_a_reshuffle_publishes_the_keys_of_every_deal() -> None:
    table = make_table(3, variant="crazy", seed=1, bots="heuristic,random")
    table.start()
    core = table.cores[1]
    assert core is not None
    while len(core.deals) < 2 or core.resume is not None:
        table.step_until(table.now + 0.05)
    table.route(1, core.leave())
    table.step_until(4000)
    results = table.results()
    assert all(deal.has_left for deal in core.deals)
    for seat in (0, 2):
        assert results[seat].reason == "finished" and results[seat].result["fool"] == 1
        verdict = results[seat].verdict
        assert verdict is not None and verdict.ok, verdict
    assert results[1].reason == "left"


def test_albanian_is_one_shuffle_by_rank_whose_ranks_are_public() -> None:
    table = make_table(3, variant="albanian", seed=2, bots="heuristic,random", conditions=NOISY)
    run(table)
    assert_clean(table)
    core = table.cores[0]
    assert core is not None and core.verdict is not None and core.verdict.deck is not None
    assert core.context.segments == (4,) * 9 and len(core.deals) == 1
    ranks = deck_ranks_by_position(core.rules)
    assert [Card.parse(text).rank for text in core.verdict.deck] == list(ranks)
    assert ranks == tuple(sorted(ranks, reverse=True))


class SilentSubDeck(DealingPeer):
    """Takes part in the main deal, then never answers in a sub-deck (but stays connected)."""

    def start(self) -> list[Any]:
        self._flags.add(Step.HELLO)
        return []

    def receive(
        self, message: Any, origin: int | None = None, carried: int | None = None
    ) -> list[Any]:
        return []


def test_a_re_deal_that_never_locks_ends_the_game_as_abandoned() -> None:
    table = sub_deck_cheater_table("crazy", 3, 1, SilentSubDeck, cheater=2)
    table.start()
    table.step_until(400)
    for seat in (0, 1):
        over = table.results()[seat]
        assert over.reason == "abandoned" and "never locked" in over.evidence, over
