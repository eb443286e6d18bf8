"""Waits a hostile seat can leave open for one seat only end: a winner's move kept from one seat
(the others wait in the next round for that seat's vote) and first-deal keys kept from one seat.
The move is also lost when another seat forwards it (net/table/forwarding.py), so the deadlines
themselves are tested."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

import pytest

from engine.actions import Action
from net.dealing.context import DealContext
from net.dealing.peer import Bind, CheckBinding, DealingPeer, Output
from net.table.conduct import SeatConduct
from net.table.core import GameOver, TableCore
from net.table.events import Out
from net.table.sim import SimulatedTable, make_table
from tests.table.first_deal import FirstDealConduct

HOSTILE, VICTIM = 1, 0
HONEST_SEATS = (0, 2)
# Every honest seat ends within this simulated time: the resume window (120 s) after the wait
# began, plus the start and a few ticks.
ENDS_WITHIN = 130.0


class WithholdsMoveFromVictim(SeatConduct):
    """Plays honestly, but its first move that plays no card (so no key of the victim is needed
    to apply it) is kept from the victim's link."""

    def __init__(self) -> None:
        self.withheld: tuple[int, int] | None = None  # (log index, sequence number) kept back

    def send_move(self, core: TableCore, action: Action) -> list[Out] | None:
        if self.withheld is None and core.round is not None and not action.cards:
            self.withheld = (core.round.index, len(core.net.sent) + 1)  # the act's number
        return None  # the core signs and broadcasts it; the tamper keeps it from the victim


class WithholdsDealKeysFromVictim(FirstDealConduct):
    """Deals honestly, but never sends the victim its keys of the first deal's openings."""

    def first_core(
        self, context: DealContext, seat: int, seed: bytes, bind: Bind, check: CheckBinding
    ) -> DealingPeer:
        return KeysKeptFromVictim(context, seat, seed=seed, bind=bind, check_binding=check)


class KeysKeptFromVictim(DealingPeer):
    """A dealing core that leaves the victim out of every position it opens."""

    def open_many(
        self, openings: Sequence[tuple[int, Collection[int], int | None]]
    ) -> list[Output]:
        kept = [(p, set(seats) - {VICTIM}, owner) for p, seats, owner in openings]
        return super().open_many([(p, seats, owner) for p, seats, owner in kept if seats])


def end_times(table: SimulatedTable) -> dict[int, float]:
    """Record the simulated time at which each seat's game ended."""
    ended: dict[int, float] = {}

    def watch(seat: int, core: TableCore, outputs: list[Out]) -> None:
        if core.over is not None and seat not in ended:
            ended[seat] = table.now

    table.watch(watch)
    return ended


def assert_honest_seats_abandon(table: SimulatedTable, ended: dict[int, float]) -> None:
    """Both honest seats ended, in time, abandoned, with no honest seat named."""
    results: dict[int, GameOver] = table.results()
    for seat in HONEST_SEATS:
        assert seat in results, f"honest seat {seat} still waits at {table.now:.1f} s"
        over = results[seat]
        assert over.reason == "abandoned", over
        assert over.cheater not in HONEST_SEATS, over
        assert ended[seat] <= ENDS_WITHIN, (seat, ended[seat], over.evidence)


def withholding_table(
    seed: int, hush_victim: bool = False
) -> tuple[SimulatedTable, WithholdsMoveFromVictim, dict[int, float]]:
    """A table whose hostile seat keeps a move from the victim, run until every seat ends or
    4 x ENDS_WITHIN; with `hush_victim` the victim's announcement of its end is lost as well."""
    conduct = WithholdsMoveFromVictim()

    def keep_move(sender: int, receiver: int, frame: dict[str, Any]) -> dict[str, Any] | None:
        held = conduct.withheld
        if sender == HOSTILE and receiver == VICTIM and held and frame.get("s") == held[1]:
            return None
        shown = frame.get("e") if frame.get("t") == "fw" else None  # seat 2 passing it on
        if receiver == VICTIM and held and shown and (shown["f"], shown["s"]) == (HOSTILE, held[1]):
            return None  # the network loses every copy (tests/hostile: forwarding gets it there)
        if hush_victim and sender == VICTIM and frame.get("p", {}).get("k") == "abandon":
            return None
        return frame

    table = make_table(3, seed=seed, bots="random", conducts={HOSTILE: conduct})
    table.tamper = keep_move
    ended = end_times(table)
    table.start()
    table.step_until(4 * ENDS_WITHIN)
    return table, conduct, ended


def test_a_move_kept_from_one_seat_ends_the_game_abandoned_at_every_honest_seat() -> None:
    for seed in range(1, 12):
        table, conduct, ended = withholding_table(seed)
        if conduct.withheld is None:
            continue  # the hostile seat never won a round with such a move in this deal
        assert_honest_seats_abandon(table, ended)
        assert all("seat 1 won round" in over.evidence for over in table.results().values())
        return
    raise AssertionError("the hostile seat never won a round")


def test_a_vote_owed_at_once_and_missing_ends_the_game_without_the_announcement() -> None:
    for seed in range(1, 12):
        table, conduct, ended = withholding_table(seed, hush_victim=True)
        waiting = table.cores[2]
        assert waiting is not None and waiting.game is not None
        if conduct.withheld is None or VICTIM in waiting.game.to_act:
            continue  # no move kept, or the victim may be thinking: only the announcement helps
        assert_honest_seats_abandon(table, ended)
        assert "the vote of seat(s) 0" in table.results()[2].evidence
        return
    raise AssertionError("no deal left the victim owing a vote at once")


def test_first_deal_keys_kept_from_one_seat_end_the_game_abandoned_at_every_honest_seat() -> None:
    """At the first deal no seat is blamed for keys kept back, unlike a draw's (issue 25): the
    game has not begun, so no vote of the withholding seat is signed on a log that calls for
    the opening (what it owes there also turns on each variant's start steps: the trump named,
    lots, a second deal stage, claims), and nobody has played a card, so no seat about to lose
    escapes by it. The game ends abandoned, naming nobody and recording nobody as stalled."""
    table = make_table(3, seed=5, bots="random", conducts={HOSTILE: WithholdsDealKeysFromVictim()})
    ended = end_times(table)
    table.start()
    table.step_until(4 * ENDS_WITHIN)
    assert_honest_seats_abandon(table, ended)
    assert all(core is not None and core.game is None for core in table.cores)
    for seat in HONEST_SEATS:
        over = table.results()[seat]
        assert over.stalled == () and over.result.get("forfeits") is None, over


def table_with_a_sleeper(
    monkeypatch: pytest.MonkeyPatch, sleeper: int, seed: int
) -> SimulatedTable:
    """A 3-seat table of random bots, not started, whose `sleeper` seat never decides a move."""
    table = make_table(3, seed=seed, bots="random")
    play_bot = table._play_bot
    monkeypatch.setattr(table, "_play_bot", lambda seat: seat != sleeper and play_bot(seat))
    return table


def test_a_seat_that_holds_its_cards_and_never_moves_forfeits_within_the_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 25: its hand open (it signed `ready`), heartbeating on, it never decides: every seat
    ends with it the fool by forfeit, as a leaver, not with an unfinished game nobody loses."""
    sleeper = 1  # heartbeats on but its player never decides (and no move timer plays for it)
    table = table_with_a_sleeper(monkeypatch, sleeper, seed=4)
    ended = end_times(table)
    table.start()
    table.step_until(4 * ENDS_WITHIN)
    results = table.results()
    for seat in range(3):
        assert seat in results, f"seat {seat} still waits at {table.now:.1f} s"
        over = results[seat]
        assert (over.reason, over.cheater) == ("absent", None), over
        assert over.result["fool"] == sleeper and over.result["forfeits"] == [sleeper], over
        assert "did not move within the window" in over.evidence, over.evidence
        assert ended[seat] <= ENDS_WITHIN, (seat, ended[seat])
        core = table.cores[seat]
        assert core is not None and core.game is not None and sleeper in core.game.to_act
        assert core.round is not None and sleeper in core.rounds.readies[core.round.index]


def test_every_seat_learns_which_seat_never_moved_from_game_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sleeper = 2  # the forfeiting seat is carried as data, not only in the evidence text
    table = table_with_a_sleeper(monkeypatch, sleeper, seed=5)
    table.start()
    table.step_until(4 * ENDS_WITHIN)
    results = table.results()
    for seat in range(3):
        over = results[seat]
        assert over.reason == "absent", over
        assert over.result["forfeits"] == [sleeper] and over.result["signed_by"] == [0, 1], over


def test_a_seat_that_holds_its_cards_and_abandons_forfeits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its hand open (`ready` signed), the sleeper announces `abandon` before anyone's window
    ran out: that is its forfeit, not an unfinished game nobody loses."""
    sleeper = 1
    table = table_with_a_sleeper(monkeypatch, sleeper, seed=4)
    table.start()
    table.step_until(60.0)
    core = table.cores[sleeper]
    assert core is not None and core.over is None and core.round is not None
    assert core.round.index in core.rounds.ready_sent  # its hand is open: it signed `ready`
    table.route(
        sleeper,
        core.broadcast(
            {"k": "abandon", "i": len(core.entries), "h": core.log_hash, "reason": "I give up"}
        ),
    )
    table.step_until(4 * ENDS_WITHIN)
    for seat in (0, 2):
        over = table.results()[seat]
        assert over.reason == "absent" and over.result["forfeits"] == [sleeper], over
        assert table.now <= ENDS_WITHIN


class KeysOfDrawsKeptFromVictim(DealingPeer):
    """Opens the first deal honestly, then never opens a card to the victim alone (its draws):
    the victim's hand never opens again; what everyone sees is still opened to everyone."""

    dealt_once = False

    def open_many(
        self, openings: Sequence[tuple[int, Collection[int], int | None]]
    ) -> list[Output]:
        if not self.dealt_once:
            self.dealt_once = True
            return super().open_many(openings)
        return super().open_many([item for item in openings if set(item[1]) != {VICTIM}])


class WithholdsDrawKeysFromVictim(FirstDealConduct):
    """Deals honestly, but never sends the victim its keys of a draw."""

    def first_core(
        self, context: DealContext, seat: int, seed: bytes, bind: Bind, check: CheckBinding
    ) -> DealingPeer:
        return self.kept_core(context, seat, seed=seed, bind=bind, check_binding=check)

    kept_core: Callable[..., DealingPeer] = KeysOfDrawsKeptFromVictim
    """Makes the first deal's core that keeps the victim's draw keys back."""


def test_a_seat_kept_from_its_cards_is_never_made_to_forfeit_the_seat_keeping_them_is() -> None:
    """The victim's draws are never opened to it, so it cannot move when the game waits for it:
    it signs no `ready` and is never blamed. The hostile seat's key shares for them are held
    nowhere while its vote and heartbeats show it holding the log that calls for them: it
    forfeits, within ENDS_WITHIN."""
    for seed in range(1, 8):
        table = make_table(
            3, seed=seed, bots="random", conducts={HOSTILE: WithholdsDrawKeysFromVictim()}
        )
        ended = end_times(table)
        table.start()
        table.step_until(4 * ENDS_WITHIN)
        victim = table.cores[VICTIM]
        assert victim is not None and victim.game is not None
        if VICTIM not in victim.game.to_act or victim.my_turn:
            continue  # the game did not come to wait for the victim's hidden hand
        assert all(VICTIM not in seats for seats in victim.rounds.readies.values())
        for seat in HONEST_SEATS:
            over = table.results()[seat]
            assert (over.reason, over.cheater) == ("absent", None), over
            assert over.result["fool"] == HOSTILE and over.result["forfeits"] == [HOSTILE], over
            assert VICTIM not in over.stalled, over
            assert ended[seat] <= ENDS_WITHIN, (seat, ended[seat], over.evidence)
        return
    pytest.fail("no seed made the game wait for the victim kept from its draws")


def test_an_abandon_claim_counts_only_seats_this_seat_saw_overdue_past_the_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sleeper = 2
    table = make_table(3, seed=5, bots="random")
    play_bot = table._play_bot
    monkeypatch.setattr(table, "_play_bot", lambda seat: seat != sleeper and play_bot(seat))
    table.start()
    table.step_until(60.0)  # within the window: the round waits for the sleeper
    core = table.cores[0]
    assert core is not None and core.game is not None and core.over is None
    assert sleeper in core.game.to_act
    others = [s for s in range(3) if s != sleeper]
    claimed = [*others, "1", 99, sleeper]
    # Issue 25: within the window this seat's own clock saw no overdue vote: nobody is blamed.
    assert core.rounds.stalled_among(claimed) == ()
    past = table.now + core.resume_window  # once its own clock saw the vote missing that long
    assert core.rounds.stalled_among(claimed, past) == (sleeper,)
    assert core.rounds.stalled_among(others, past) == ()
