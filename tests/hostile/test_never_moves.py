"""Issue 25, "Blame only what was seen": a seat that heartbeats on but never moves, and never
signs the voluntary `ready`, on the deterministic simulator (simulated time).

- It holds what it needs to move (its heartbeats show it holding the messages that open its
  cards, or the round's votes when it won the round): every honest seat's own clock sees it
  overdue, records it as stalled, and it forfeits as a leaver does, the fool at every honest
  seat (at 2 seats too), within the move's deadline and the time the others take to agree.
- Its heartbeats deny holding them: nothing shows it holds its cards (an honest seat whose
  messages never reach it looks the same), so it neither forfeits nor is recorded as stalled.
- A seat kept from its cards (a key withheld by another seat) is neither made to forfeit nor
  recorded as stalled.
- The seat that keeps them back, though, always holds what it needs to send them (its own deal
  secret), so withholding them is its not moving: once its vote and heartbeats show it holding
  the log that calls for the opening and its key share is held nowhere, it forfeits as a
  never-moving seat does, recorded as stalled. Keys kept from one seat's link only reach it
  through the others (forwarding): the game goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

import pytest

from net.absence import RESUME_WINDOW
from net.dealing.peer import DealingPeer, Output
from net.table.events import ACT_TIMEOUT, SILENT_AFTER
from net.table.sim import SimulatedTable, make_table
from tests.hostile.harness import (
    Frame,
    Hostile,
    end_times,
    honest_seats,
    kind_of,
    record_end_times,
    run_until_honest_end,
)
from tests.table.test_withheld_deadlines import (
    VICTIM,
    KeysOfDrawsKeptFromVictim,
    WithholdsDrawKeysFromVictim,
)

HOSTILE = 1
SEED = 31
AGREEMENT = 10.0
"""Simulated seconds the honest seats may take, once the deadline passed, to exchange their
statements of absence (a few heartbeats: their clocks judge the same wait a tick apart)."""
DEADLINES = {"act": ACT_TIMEOUT, "vote": RESUME_WINDOW}
"""The wait that ends for a seat withholding each kind: a won round's move, a round's vote."""


def deny_holding_in_heartbeats(hostile: Hostile) -> None:
    """The hostile seat's heartbeats say it holds nothing of the other seats' messages."""

    def denies(receiver: int, frame: Frame) -> Frame:
        have = [n if author == hostile.seat else 0 for author, n in enumerate(frame["have"])]
        return {"t": "hb", "have": have}

    hostile.on(lambda receiver, frame: frame.get("t") == "hb", "replace", change=denies)


def never_moving(
    players: int, withheld: str, deny_holding: bool = False
) -> tuple[SimulatedTable, list[float]]:
    """A table whose hostile seat never sends its `withheld` kind (its moves, or its votes) nor
    a `ready`, heartbeating on (with `deny_holding`, its heartbeats say it holds nothing of the
    other seats'); the list gets the simulated time of its first withheld message."""
    table = make_table(players, seed=SEED, bots="random")
    record_end_times(table)
    hostile = Hostile(table, HOSTILE)
    first: list[float] = []

    def withholds(receiver: int, frame: Frame) -> bool:
        found = kind_of(frame)
        if found == withheld and not first:
            first.append(table.now)
        return found in (withheld, "ready")

    hostile.on(withholds, "drop")
    if deny_holding:
        deny_holding_in_heartbeats(hostile)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=4 * RESUME_WINDOW)
    assert first, f"the hostile seat sent no {withheld}"
    return table, first


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("withheld", ["act", "vote"])
def test_a_seat_holding_what_it_needs_that_never_moves_forfeits_at_every_honest_seat(
    players: int, withheld: str
) -> None:
    table, first = never_moving(players, withheld)
    results: dict[int, Any] = table.results()
    for seat in honest_seats(table, HOSTILE):
        over = results.get(seat)
        assert over is not None, f"honest seat {seat} still waits at {table.now:.1f} s"
        assert (over.reason, over.cheater) == ("absent", None), (seat, over)
        assert over.result["fool"] == HOSTILE and over.result["forfeits"] == [HOSTILE], over
        assert "did not move" in over.evidence and over.stalled == (HOSTILE,), over
        took = end_times(table)[seat] - first[0]
        assert took <= DEADLINES[withheld] + AGREEMENT, (seat, took, over.evidence)


@pytest.mark.parametrize("players", [2, 3])
def test_a_seat_whose_heartbeats_deny_holding_its_cards_is_neither_made_to_forfeit_nor_stalled(
    players: int,
) -> None:
    table, first = never_moving(players, "vote", deny_holding=True)
    results: dict[int, Any] = table.results()
    for seat in honest_seats(table, HOSTILE):
        over = results.get(seat)
        assert over is not None, f"honest seat {seat} still waits at {table.now:.1f} s"
        assert (over.reason, over.stalled) == ("abandoned", ()), (seat, over)
        assert over.result.get("forfeits") is None, over
        took = end_times(table)[seat] - first[0]
        assert took <= RESUME_WINDOW + AGREEMENT, (seat, took, over.evidence)


def test_a_seat_kept_from_its_cards_is_neither_made_to_forfeit_nor_recorded_stalled() -> None:
    """The victim, whose draws the hostile seat never opens to it, is neither the fool nor
    stalled at any honest seat; the seat keeping them back is both."""
    for seed in range(1, 8):
        table = make_table(
            3, seed=seed, bots="random", conducts={HOSTILE: WithholdsDrawKeysFromVictim()}
        )
        table.start()
        run_until_honest_end(table, HOSTILE, limit=4 * RESUME_WINDOW)
        victim = table.cores[VICTIM]
        assert victim is not None and victim.game is not None
        if VICTIM not in victim.game.to_act or victim.my_turn:
            continue  # the game did not come to wait for the victim's hidden hand
        for seat in honest_seats(table, HOSTILE):
            over = table.results()[seat]
            assert over.reason == "absent" and over.result["forfeits"] == [HOSTILE], over
            assert over.result["fool"] != VICTIM and VICTIM not in over.stalled, (seat, over)
            assert over.stalled == (HOSTILE,), (seat, over)
        return
    pytest.fail("no seed made the game wait for the victim kept from its draws")


@pytest.mark.parametrize("withheld", ["act", "vote"])
def test_a_forfeit_the_others_never_agree_on_records_the_wait_that_ran_out(withheld: str) -> None:
    """Seat 0 never gets seat 2's statement of the forfeit, so seat 0 ends the game abandoned
    with the never-moving seat recorded as stalled: its words ("did not move for ...") give the
    deadline that ran out (a won round's move: ACT_TIMEOUT, not the resume window)."""
    table = make_table(3, seed=SEED, bots="random")
    hostile = Hostile(table, HOSTILE)
    hostile.on(lambda receiver, frame: kind_of(frame) in (withheld, "ready"), "drop")

    def statement_to_seat_0(receiver: int, frame: Frame) -> bool:
        carried = frame.get("e", {}).get("p") if frame.get("t") == "fw" else frame.get("p")
        return receiver == 0 and isinstance(carried, dict) and carried.get("k") == "gone"

    for seat in (HOSTILE, 2):  # seat 2's statement, and its copy forwarded by the hostile seat
        Hostile(table, seat).on(statement_to_seat_0, "drop")
    table.start()
    run_until_honest_end(table, HOSTILE, limit=4 * RESUME_WINDOW)
    over = table.results().get(0)
    assert over is not None and over.reason == "abandoned", over
    assert over.stalled == (HOSTILE,) and over.waited == DEADLINES[withheld], over


class DrawKeysKeptNoting(KeysOfDrawsKeptFromVictim):
    """`KeysOfDrawsKeptFromVictim`, calling `noted` each time it keeps a draw's keys back."""

    noted: Callable[[], None] = staticmethod(lambda: None)

    def open_many(
        self, openings: Sequence[tuple[int, Collection[int], int | None]]
    ) -> list[Output]:
        if self.dealt_once and any(set(item[1]) == {VICTIM} for item in openings):
            self.noted()
        return super().open_many(openings)


class WithholdsDrawKeysNoting(WithholdsDrawKeysFromVictim):
    """`WithholdsDrawKeysFromVictim`, calling `noted` each time it keeps a draw's keys back."""

    def __init__(self, noted: Callable[[], None]) -> None:
        self.noted = noted

    def kept_core(self, *args: Any, **kwargs: Any) -> DealingPeer:
        core = DrawKeysKeptNoting(*args, **kwargs)
        core.noted = self.noted
        return core


def withholding_draw_keys(
    seed: int, deny_holding: bool = False, players: int = 3
) -> tuple[SimulatedTable, list[float]]:
    """A table whose hostile seat keeps every draw's keys from the victim (with `deny_holding`,
    its heartbeats also say it holds nothing of the others'), run until the honest seats end;
    the list gets the simulated time of each draw's keys kept back."""
    withheld: list[float] = []
    # The conduct is called only once the table below runs: it reads that table's clock.
    conduct = WithholdsDrawKeysNoting(lambda: withheld.append(table.now))
    table = make_table(players, seed=seed, bots="random", conducts={HOSTILE: conduct})
    if deny_holding:
        deny_holding_in_heartbeats(Hostile(table, HOSTILE))
    record_end_times(table)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=4 * RESUME_WINDOW)
    return table, withheld


@pytest.mark.parametrize(("players", "deny_holding"), [(3, False), (3, True), (2, False)])
def test_a_seat_that_withholds_the_keys_of_another_seats_draw_forfeits(
    players: int, deny_holding: bool
) -> None:
    """The hostile seat heartbeats on but never sends the victim its keys of a draw: the victim,
    kept from its cards, cannot vote. Every honest seat ends, within the window (RESUME_WINDOW,
    120 simulated s) after the first key kept back plus the agreement (AGREEMENT, 10 s), with
    the withholding seat the fool by forfeit, recorded as stalled past the window, and the
    victim never blamed (at 2 seats the victim's statement alone is the agreement). Heartbeats
    that deny holding the log change nothing: its signed vote of the round, sent after the keys
    it owes would be, shows it holds the log."""
    for seed in range(1, 8):
        table, withheld = withholding_draw_keys(seed, deny_holding, players)
        victim = table.cores[VICTIM]
        assert victim is not None and victim.game is not None
        if VICTIM not in victim.game.to_act or victim.my_turn:
            continue  # the game did not come to wait for the victim's hidden hand
        assert withheld, "the hostile seat kept no draw's keys back"
        results: dict[int, Any] = table.results()
        for seat in honest_seats(table, HOSTILE):
            over = results.get(seat)
            assert over is not None, f"honest seat {seat} still waits at {table.now:.1f} s"
            assert (over.reason, over.cheater) == ("absent", None), (seat, over)
            assert over.result["fool"] == HOSTILE and over.result["forfeits"] == [HOSTILE], over
            assert over.stalled == (HOSTILE,) and over.waited == RESUME_WINDOW, over
            assert f"seat {HOSTILE} never sent seat {VICTIM} its key(s)" in over.evidence, over
            took = end_times(table)[seat] - withheld[0]
            assert took <= RESUME_WINDOW + AGREEMENT, (seat, took, over.evidence)
        return
    pytest.fail("no seed made the game wait for the victim kept from its draws")


@pytest.mark.parametrize("seed", [3, 5])
def test_keys_kept_from_one_seats_link_reach_it_through_the_others_and_the_game_goes_on(
    seed: int,
) -> None:
    """The hostile seat sends every `keys` message to every seat but the victim: the others
    forward them (net/table/forwarding.py), so the victim's cards open, the game is played out,
    and nobody is blamed, stalled, or made to forfeit."""
    table = make_table(3, seed=seed, bots="random")
    record_end_times(table)
    hostile = Hostile(table, HOSTILE)
    hostile.on(lambda receiver, frame: receiver == VICTIM and kind_of(frame) == "deal:keys", "drop")
    table.start()
    run_until_honest_end(table, HOSTILE, limit=4 * RESUME_WINDOW)
    assert any(action == "drop" for action, _, _ in hostile.applied)
    results: dict[int, Any] = table.results()
    for seat in range(3):
        over = results.get(seat)
        assert over is not None, f"seat {seat} still waits at {table.now:.1f} s"
        assert (over.reason, over.cheater, over.stalled) == ("finished", None, ()), (seat, over)
        assert over.result.get("forfeits") is None, over
        assert end_times(table)[seat] < RESUME_WINDOW, (seat, end_times(table)[seat])


def kept_by(core: Any, owner: int) -> set[int]:
    """The seats whose key share for a card of `owner`'s hand that it may see is held nowhere
    at this core (what keeps `owner` from its cards, as `core` sees it)."""
    game = core.game
    seats: set[int] = set()
    for slot in game.hands[owner]:
        if game.known[slot] >> owner & 1:
            deal, position = core.sources[slot]
            seats |= core.deals[deal].shares_kept_from(position, owner)
    return seats


def when_the_victim_waits_kept(
    table: SimulatedTable, then: Callable[[int], None] = lambda seat: None
) -> list[float]:
    """Watch `table`: the first time the victim's game waits for its move while the hostile
    seat keeps one of its cards from it, note the simulated time and call `then(HOSTILE)`."""
    waits: list[float] = []

    def watch(seat: int, core: Any, outputs: list[Any]) -> None:
        game = core.game
        if waits or seat != VICTIM or game is None or core.over is not None:
            return
        if VICTIM in game.to_act and not core.my_turn and HOSTILE in kept_by(core, VICTIM):
            waits.append(table.now)
            then(HOSTILE)

    table.watch(watch)
    return waits


def test_a_seat_quiet_since_it_kept_back_draw_keys_leaves_and_is_not_blamed_for_them() -> None:
    """The seat that keeps the victim's draw keys back crashes as the game comes to wait for
    the victim (its links are cut: no message, no heartbeat gets out), as an honest seat whose
    keys reached nobody would. Nothing shows it alive and holding what it takes to send them,
    so its absence decides, as a leaver's (net/absence.py), not the keys it owes: every honest
    seat ends with it left (not stalled), the victim neither blamed nor stalled, within
    SILENT_AFTER + the resume window + the agreement after the crash."""
    for seed in range(1, 8):
        table = make_table(
            3, seed=seed, bots="random", conducts={HOSTILE: WithholdsDrawKeysFromVictim()}
        )
        record_end_times(table)
        crashed = when_the_victim_waits_kept(table, then=table.crash)
        table.start()
        run_until_honest_end(table, HOSTILE, limit=4 * RESUME_WINDOW)
        if not crashed:
            continue  # the game did not come to wait for the victim's hidden hand
        for seat in honest_seats(table, HOSTILE):
            over = table.results().get(seat)
            assert over is not None, f"honest seat {seat} still waits at {table.now:.1f} s"
            assert (over.reason, over.cheater) == ("absent", None), (seat, over)
            assert over.result["forfeits"] == [HOSTILE] and "left" in over.evidence, over
            assert over.stalled == () and "never sent" not in over.evidence, (seat, over)
            took = end_times(table)[seat] - crashed[0]
            assert took <= SILENT_AFTER + RESUME_WINDOW + AGREEMENT, (seat, took, over.evidence)
        return
    pytest.fail("no seed made the game wait for the victim kept from its draws")


def test_a_seat_that_keeps_back_draw_keys_and_abandons_forfeits() -> None:
    """The seat keeping the victim's draw keys back announces `abandon` while the game waits
    for the victim, long before any window ran out: that is its forfeit (as a seat holding its
    cards that gives up), not an unfinished game nobody loses; the victim is never blamed."""
    for seed in range(1, 8):
        table = make_table(
            3, seed=seed, bots="random", conducts={HOSTILE: WithholdsDrawKeysFromVictim()}
        )
        record_end_times(table)
        waits = when_the_victim_waits_kept(table)
        table.start()
        while not waits and table.now < RESUME_WINDOW / 2:
            table.step_until(table.now + 0.5)
        if not waits:
            continue  # the game did not come to wait for the victim's hidden hand
        table.step_until(waits[0] + 10.0)
        hostile = table.cores[HOSTILE]
        assert hostile is not None and hostile.over is None
        gives_up = {"k": "abandon", "i": len(hostile.entries), "h": hostile.log_hash}
        table.route(HOSTILE, hostile.broadcast(gives_up | {"reason": "I give up"}))
        run_until_honest_end(table, HOSTILE, limit=4 * RESUME_WINDOW)
        for seat in honest_seats(table, HOSTILE):
            over = table.results().get(seat)
            assert over is not None, f"honest seat {seat} still waits at {table.now:.1f} s"
            assert (over.reason, over.cheater) == ("absent", None), (seat, over)
            assert over.result["forfeits"] == [HOSTILE] and VICTIM not in over.stalled, over
            assert end_times(table)[seat] - waits[0] <= 10.0 + AGREEMENT, (seat, over.evidence)
        return
    pytest.fail("no seed made the game wait for the victim kept from its draws")


@pytest.mark.parametrize("seed", [4, 5])
def test_a_seat_claiming_it_lacks_the_keys_of_its_cards_makes_nobody_forfeit(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """The hostile seat never decides a move nor signs `ready`, and its heartbeats say it holds
    nothing of the others', as if the keys of its cards never reached it. Every share of its cards is held at
    the honest seats (keys go to every seat), so no seat is seen keeping them back: the game
    ends abandoned, nobody forfeits, nobody is recorded as stalled."""
    table = make_table(3, seed=seed, bots="random")
    record_end_times(table)
    play_bot = table._play_bot
    monkeypatch.setattr(table, "_play_bot", lambda seat: seat != HOSTILE and play_bot(seat))
    hostile = Hostile(table, HOSTILE).on(lambda receiver, frame: kind_of(frame) == "ready", "drop")
    deny_holding_in_heartbeats(hostile)
    table.start()
    run_until_honest_end(table, HOSTILE, limit=4 * RESUME_WINDOW)
    for seat in honest_seats(table, HOSTILE):
        core = table.cores[seat]
        assert core is not None and core.game is not None and HOSTILE in core.game.to_act
        assert kept_by(core, HOSTILE) == set(), "a key of the hostile seat's cards is missing"
        over = table.results().get(seat)
        assert over is not None, f"honest seat {seat} still waits at {table.now:.1f} s"
        assert (over.reason, over.stalled, over.cheater) == ("abandoned", (), None), (seat, over)
        assert over.result.get("forfeits") is None, over
        assert end_times(table)[seat] <= RESUME_WINDOW + AGREEMENT, (seat, over.evidence)


@pytest.mark.parametrize("deny_holding", [False, True])
def test_a_seat_out_of_the_game_keeping_back_keys_is_judged_by_its_heartbeats(
    monkeypatch: pytest.MonkeyPatch, deny_holding: bool
) -> None:
    """A seat that votes no more (out of the game) has no signed vote on the log: it keeps the
    victim's cards back only when its heartbeats show it holding the log noted for the wait and
    this seat holds every message it says it sent (`Holding.holds_log`, `sent_all_here`).
    Here the hostile seat is taken out of the voters at seat 2 while the game waits for the
    victim kept from its draws."""
    for seed in range(1, 8):
        table = make_table(
            3, seed=seed, bots="random", conducts={HOSTILE: WithholdsDrawKeysFromVictim()}
        )
        if deny_holding:
            deny_holding_in_heartbeats(Hostile(table, HOSTILE))
        waits = when_the_victim_waits_kept(table)
        table.start()
        while not waits and table.now < RESUME_WINDOW / 2:
            table.step_until(table.now + 0.5)
        if not waits:
            continue  # the game did not come to wait for the victim's hidden hand
        table.step_until(waits[0] + 10.0)  # the wait is noted, heartbeats come
        judge = table.cores[2]
        assert judge is not None and judge.over is None
        rounds = judge.rounds
        still_in = [s for s in rounds.voters() if s != HOSTILE]
        monkeypatch.setattr(rounds, "voters", still_in.copy)
        kept = rounds.kept_from_cards([VICTIM])
        assert HOSTILE in kept[VICTIM], kept
        assert rounds.withholders(kept) == (set() if deny_holding else {HOSTILE})
        said = judge.forwarding.have[HOSTILE]
        said[HOSTILE] += 1  # its heartbeat says it sent one more message than is here
        assert rounds.withholders(kept) == set()
        return
    pytest.fail("no seed made the game wait for the victim kept from its draws")
