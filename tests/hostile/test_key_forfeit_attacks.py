"""Issue 25, attack review of the key-withholding forfeit (`VoteRounds.withholders`): a seat X
whose key share for a card the waited-for seat V may see is in no keys message held here, while
X's signed vote of the round is here, is seen overdue and forfeits once the honest seats agree.
The rule rests on "X sends its keys before its vote, and a seat's messages are held in order".

Each test plays one way a hostile seat (or a hostile seat helped by the network) may try to turn
that rule against an honest seat, on the deterministic simulator (3 seats, simulated time), and
asserts the right outcome: no honest seat is named, made to forfeit or recorded as stalled at any
honest seat, and every honest seat ends within its deadline.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable, Collection, Sequence
from typing import Any

import pytest

from net.absence import RESUME_WINDOW
from net.dealing.context import DealContext
from net.dealing.peer import Bind, CheckBinding, DealingPeer, Output
from net.table.conduct import SeatConduct
from net.table.core import GameOver
from net.table.sim import SimulatedTable, make_table
from tests.hostile.harness import Frame, end_times, record_end_times
from tests.hostile.test_never_moves import AGREEMENT, kept_by
from tests.table.first_deal import FirstDealConduct
from tests.table.test_withheld_deadlines import VICTIM, WithholdsDrawKeysFromVictim

HOSTILE = 1
"""The hostile seat (V, the victim, is seat 0)."""
OTHER = 2
"""The third seat: honest in every test here."""
SEEDS = range(1, 8)
SLACK = 15.0
"""Simulated seconds past the resume window and the agreement for the start and a few ticks."""
LIMIT = 4 * RESUME_WINDOW


def keys_opening_to_victim_alone(frame: Frame, author: int) -> bool:
    """`frame` (a message or a forwarded one) is a keys message of `author` that opens a card
    to the victim alone (a draw)."""
    if frame.get("t") == "fw":
        carried = frame.get("e")
        if not isinstance(carried, dict) or carried.get("f") != author:
            return False
        payload = carried.get("p")
    elif frame.get("t") == "m":
        payload = frame.get("p")
    else:
        return False
    if not isinstance(payload, dict) or payload.get("k") != "deal":
        return False
    body = payload.get("m")
    if not isinstance(body, dict) or body.get("type") != "keys":
        return False
    openings = body.get("openings")
    return isinstance(openings, list) and any(
        isinstance(entry, list) and len(entry) == 2 and entry[1] == [VICTIM] for entry in openings
    )


def lose_keys_to_victim(table: SimulatedTable, author: int, while_: Callable[[], bool]) -> None:
    """While `while_()` holds, every copy of `author`'s keys that open a draw to the victim is
    lost on its way to the victim, on every route (its own link, resends, forwards): the
    simulator's drop-to-one attack, with any relay that would forward it hostile."""
    previous = table.tamper

    def tamper(sender: int, receiver: int, frame: Frame) -> Frame | None:
        if previous is not None:
            changed = previous(sender, receiver, frame)
            if changed is None:
                return None
            frame = changed
        if receiver == VICTIM and while_() and keys_opening_to_victim_alone(frame, author):
            return None
        return frame

    table.tamper = tamper


def victim_playing() -> Callable[[SimulatedTable], bool]:
    """The victim's game has begun (its first deal is open): later keys to it alone are draws."""
    return lambda table: (core := table.cores[VICTIM]) is not None and core.game is not None


def waits_kept_by(table: SimulatedTable, seat: int) -> list[float]:
    """Note the simulated time when the victim's game first waits for its move while `seat`'s
    key share keeps one of its cards from it, as the victim sees it."""
    waits: list[float] = []

    def watch(at: int, core: Any, outputs: list[Any]) -> None:
        game = core.game
        if waits or at != VICTIM or game is None or core.over is not None:
            return
        if VICTIM in game.to_act and not core.my_turn and seat in kept_by(core, VICTIM):
            waits.append(table.now)

    table.watch(watch)
    return waits


def run(table: SimulatedTable, honest: Collection[int]) -> dict[int, GameOver]:
    """Step until every seat of `honest` has ended (or LIMIT); their results."""
    while table.now < LIMIT:
        if all((c := table.cores[s]) is None or c.over is not None for s in honest):
            break
        table.step_until(table.now + 0.5)
    return {s: over for s, over in table.results().items() if s in honest}


def assert_nobody_honest_blamed(
    table: SimulatedTable, honest: Collection[int], waited_from: float
) -> dict[int, GameOver]:
    """Every honest seat ended within the resume window and agreement after the wait began,
    naming, forfeiting and stalling no honest seat."""
    results = run(table, honest)
    ended = end_times(table)
    for seat in honest:
        over = results.get(seat)
        assert over is not None, f"seat {seat} still waits at {table.now:.1f} s"
        named = {over.cheater} | set(over.stalled) | set(over.result.get("forfeits") or [])
        assert not named & set(honest), (seat, over)
        assert over.result.get("fool") not in honest or over.reason == "finished", (seat, over)
        deadline = waited_from + RESUME_WINDOW + AGREEMENT + SLACK
        assert ended[seat] <= deadline, (seat, ended[seat], deadline, over.evidence)
    return results


# --------------------------------------------------------------- the "in order" claim


def lose_draw_keys_and_run(
    seed: int, author: int, conducts: dict[int, SeatConduct] | None = None
) -> tuple[SimulatedTable, list[float]]:
    """Play seed `seed` to its end at every seat, `author`'s keys of the victim's draws lost to
    the victim on every route once its game is on; the table, and when the first was lost."""
    table = make_table(3, seed=seed, bots="random", conducts=conducts)
    record_end_times(table)
    playing = victim_playing()
    lost_at: list[float] = []

    def losing() -> bool:
        if playing(table):
            lost_at[:] = lost_at or [table.now]
            return True
        return False

    lose_keys_to_victim(table, author, losing)
    table.start()
    run(table, range(3) if conducts is None else [s for s in range(3) if s not in conducts])
    return table, lost_at


def test_an_honest_seats_draw_keys_lost_to_the_victim_on_every_route_blame_nobody() -> None:
    """Attack 1 (a hostile relay): every seat is honest in its own moves, but once the game is
    on, the keys seat 1 sends that open the victim's draws never reach the victim, by any route
    (its link drops them and so do its resends and the third seat's forwards: a relay passing on
    seat 1's later messages, its vote among them, but not the keys). The victim holds seat 1's
    later messages in order, so seat 1's vote is never here without its keys (the "in order"
    claim holds); the game must end at every seat naming, stalling and forfeiting nobody."""
    table, lost_at = lose_draw_keys_and_run(3, HOSTILE)
    assert lost_at, "no draw key of seat 1's was lost"
    assert_nobody_honest_blamed(table, range(3), lost_at[0])


# --------------------------------------------------------------- two seats' keys kept


def test_a_withholder_whose_keys_cover_an_honest_seats_lost_keys_blames_only_itself() -> None:
    """Attack 2 (honest seats made to disagree): seat 1 withholds its keys of the victim's
    draws, and seat 2's keys of them never reach the victim (lost on every route). Seat 2 sees
    only seat 1's share missing; the victim sees both missing but holds no vote of seat 2's
    (it is in order behind the lost keys). Whatever each concludes, seat 2 and the victim are
    never named, and both end within the deadline."""
    table, lost_at = lose_draw_keys_and_run(
        3, OTHER, conducts={HOSTILE: WithholdsDrawKeysFromVictim()}
    )
    assert lost_at, "no draw key of seat 2's was lost"
    assert_nobody_honest_blamed(table, (VICTIM, OTHER), lost_at[0])


# --------------------------------------------------------------- keys that are wrong


class DrawKeysLie(DealingPeer):
    """Opens the first deal honestly; then opens the victim's draws either with a wrong key
    (`wrong_position` False) or under another position's number (True)."""

    dealt_once = False
    wrong_position = False
    lied = False

    def open_many(
        self, openings: Sequence[tuple[int, Collection[int], int | None]]
    ) -> list[Output]:
        if not self.dealt_once:
            self.dealt_once = True
            return super().open_many(openings)
        draws = [item for item in openings if set(item[1]) == {VICTIM}]
        if not draws:
            return super().open_many(openings)
        self.lied = True
        if self.wrong_position:
            size = self.context.size
            moved = [
                ((pos + 1) % size, seats, owner) if set(seats) == {VICTIM} else (pos, seats, owner)
                for pos, seats, owner in openings
            ]
            return super().open_many(moved)
        honest = self.secrets
        keys = list(honest.card_keys)
        for position, _, _ in draws:
            keys[position] = 1 + secrets.randbelow(self.group.order - 1)
        self.secrets = dataclasses.replace(honest, card_keys=tuple(keys))
        try:
            return super().open_many(openings)
        finally:
            self.secrets = honest


class LiesAboutDrawKeys(FirstDealConduct):
    """Deals honestly, but opens the victim's draws with a wrong key or a wrong position."""

    def __init__(self, wrong_position: bool) -> None:
        self.wrong_position = wrong_position

    def first_core(
        self, context: DealContext, seat: int, seed: bytes, bind: Bind, check: CheckBinding
    ) -> DealingPeer:
        core = DrawKeysLie(context, seat, seed=seed, bind=bind, check_binding=check)
        core.wrong_position = self.wrong_position
        return core


@pytest.mark.parametrize("wrong_position", [False, True], ids=["wrong-key", "wrong-position"])
def test_draw_keys_that_are_wrong_or_misplaced_never_put_the_victim_at_fault(
    wrong_position: bool,
) -> None:
    """Attack 3: the hostile seat opens the victim's draws with a wrong key (the victim's `key`
    verdict path) or names another position in its keys message (its share for the draw is then
    held nowhere). The victim is never named, stalled or made the fool; the game ends at every
    honest seat within the deadline (the hostile seat named, or made to forfeit)."""
    for seed in SEEDS:
        table = make_table(
            3, seed=seed, bots="random", conducts={HOSTILE: LiesAboutDrawKeys(wrong_position)}
        )
        record_end_times(table)
        lies = when_lied(table)
        table.start()
        results = run(table, (VICTIM, OTHER))
        if not lies:
            continue  # no draw of the victim's came to be opened
        assert_nobody_honest_blamed(table, (VICTIM, OTHER), lies[0])
        for over in results.values():
            assert over.result.get("fool") != VICTIM or over.reason == "finished", over
        return
    pytest.fail("no seed opened a draw to the victim")


def when_lied(table: SimulatedTable) -> list[float]:
    """Note the simulated time the hostile seat first opened a draw to the victim falsely."""
    times: list[float] = []

    def watch(seat: int, core: Any, outputs: list[Any]) -> None:
        if not times and seat == HOSTILE and any(getattr(d, "lied", False) for d in core.deals):
            times.append(table.now)

    table.watch(watch)
    return times


# --------------------------------------------------------------- a crash and a resume


def crash_after_draw_keys(seed: int, x: int) -> tuple[SimulatedTable, list[float]]:
    """Seed `seed` with honest seat `x` crashing as it sends keys of a draw of the victim's
    (every frame it sent from then until it resumes is lost), resuming 30 s later."""
    table = make_table(3, seed=seed, bots="random")
    record_end_times(table)
    crashed_at: list[float] = []
    resumed: list[bool] = []
    previous = table.tamper

    def tamper(sender: int, receiver: int, frame: Frame) -> Frame | None:
        if sender == x and crashed_at and not resumed:
            return None  # sent while it is (as good as) down: lost
        return frame if previous is None else previous(sender, receiver, frame)

    def watch(seat: int, core: Any, outputs: list[Any]) -> None:
        victim = table.cores[VICTIM]
        if crashed_at or seat != x or victim is None or victim.game is None:
            return
        frames = [getattr(o, "frame", None) for o in outputs]
        if any(isinstance(f, dict) and keys_opening_to_victim_alone(f, x) for f in frames):
            crashed_at.append(table.now)

    table.tamper = tamper
    table.watch(watch)
    table.start()
    while not crashed_at and table.now < RESUME_WINDOW / 2:
        table.step_until(table.now + 0.05, tick=0.05)
    if crashed_at:
        table.crash(x)
        table.step_until(table.now + 30.0)
        table.resume(x)
        resumed.append(True)
    return table, crashed_at


def test_an_honest_seat_whose_draw_keys_die_with_its_crash_is_not_blamed_after_it_resumes() -> None:
    """Attack 4: honest seat 1 sends the keys of the victim's draw, then crashes before any copy
    gets out (every copy lost while it is down, its vote with them), and resumes 30 s later from
    its journal. The reliable layer resends the keys before the vote, so nobody is blamed and
    the game is played out."""
    for seed in SEEDS:
        table, crashed_at = crash_after_draw_keys(seed, HOSTILE)
        if not crashed_at:
            continue
        results = assert_nobody_honest_blamed(table, range(3), crashed_at[0])
        assert all(over.reason == "finished" for over in results.values()), results
        return
    pytest.fail("no seed opened a draw to the victim")


# --------------------------------------------------------------- a played card kept from one seat


class PlayedCardKeptFromSeat1(DealingPeer):
    """Deals honestly; but when seat 2 plays a card, sends seat 1 no key share of it (seat 2,
    which knows the face, applies the move; seat 1 cannot), and plays on honestly otherwise."""

    dealt_once = False
    kept_from: frozenset[int] = frozenset()
    kept = False

    def open_many(
        self, openings: Sequence[tuple[int, Collection[int], int | None]]
    ) -> list[Output]:
        self.dealt_once = True
        if self.kept_from:
            openings = [(p, set(seats) - self.kept_from, o) for p, seats, o in openings]
            self.kept = True
        return super().open_many(openings)

    def play(self, seat: int, position: int, card: str | None) -> list[Output]:
        if seat != OTHER or not self.dealt_once:
            return super().play(seat, position, card)
        self.kept_from = frozenset({HOSTILE_TARGET})
        try:
            return super().play(seat, position, card)
        finally:
            self.kept_from = frozenset()


HOSTILE_TARGET = 1
"""The honest seat a hostile seat 0 keeps from the cards seat 2 plays (attack 5)."""


class KeepsPlayedCardsFromSeat1(FirstDealConduct):
    """Plays honestly, but never opens to seat 1 the cards seat 2 plays."""

    def first_core(
        self, context: DealContext, seat: int, seed: bytes, bind: Bind, check: CheckBinding
    ) -> DealingPeer:
        return PlayedCardKeptFromSeat1(context, seat, seed=seed, bind=bind, check_binding=check)


def test_a_seat_kept_from_a_played_card_by_a_hostile_seat_is_never_blamed() -> None:
    """Attack 5 (a hostile V making honest seats disagree): seat 0 never sends seat 1 its key
    share of a card seat 2 plays. Seat 2 knows the face and moves on to the next round; seat 1
    cannot apply the move, so it cannot vote. Seat 1 is kept from what it needs by seat 0: it
    must never be recorded as stalled, made to forfeit or made the fool at seat 2 (nor seat 2
    at seat 1), and both end within the deadline."""
    hostile = 0
    for seed in SEEDS:
        table = make_table(
            3, seed=seed, bots="random", conducts={hostile: KeepsPlayedCardsFromSeat1()}
        )
        record_end_times(table)
        kept: list[float] = []

        def watch(
            seat: int,
            core: Any,
            outputs: list[Any],
            kept: list[float] = kept,
            table: SimulatedTable = table,
        ) -> None:
            if not kept and seat == hostile and any(getattr(d, "kept", False) for d in core.deals):
                kept.append(table.now)

        table.watch(watch)
        table.start()
        run(table, (1, 2))
        if not kept:
            continue
        assert_nobody_honest_blamed(table, (1, 2), kept[0])
        return
    pytest.fail("no seed had seat 2 play a card")
