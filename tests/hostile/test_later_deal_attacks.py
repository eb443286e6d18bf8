"""Issue 25, attack review of the LATER deals: a hostile seat that deals the first deal honestly
and cheats in a later one (crazy fool's reshuffles, invisible fool's second stage: hidden
sub-decks, dealt mid-game or right after deal 0), on the deterministic simulator (simulated
time), at 2 and 3 seats.

1. It keeps its keys of a later deal's openings from every seat, or from one seat.
2. It opens one position of a later deal with a wrong key.
3. It withholds a later deal's unlock, shuffle or rekey message (from every seat, from one), or
   signs two versions of one and sends the other version to one seat.
4. It holds its later-deal cards and never moves (and, in 1, a seat kept from them).

Each test asserts that no honest seat is named, recorded as stalled, unconfirmed or made to
forfeit at any honest seat, and that every honest seat ends within the resume window, the
agreement and a little slack after the attack began.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Collection, Sequence
from typing import Any

import pytest

from net.absence import RESUME_WINDOW
from net.crypto.proofs import sign
from net.dealing.context import DealContext
from net.dealing.messages import digest
from net.dealing.peer import Bind, CheckBinding, DealingPeer, Output
from net.table.core import GameOver
from net.table.sim import SimulatedTable, make_table
from tests.hostile.adversary import other_version
from tests.hostile.harness import (
    Frame,
    Hostile,
    end_times,
    honest_seats,
    kind_of,
    record_end_times,
)
from tests.hostile.test_key_forfeit_attacks import run as run_until_ended
from tests.hostile.test_key_forfeit_attacks import when_lied
from tests.hostile.test_never_moves import AGREEMENT
from tests.table.first_deal import LaterDealConduct

HOSTILE = 1
VICTIM = 0
SEEDS = range(1, 6)
SLACK = 15.0
"""Simulated seconds past the resume window and the agreement for a few ticks."""
WITHIN = RESUME_WINDOW + AGREEMENT + SLACK
LIMIT = 4 * RESUME_WINDOW
TABLES = [(v, n) for v in ("crazy", "invisible", "czech") for n in (2, 3)]
"""Crazy fool re-deals each reshuffle mid-game, czech each reshuffle of the discard pile (a
family-3 sub-deck); invisible fool deals every hand in deal 1."""


def matrix(cases: Sequence[Any], cheap: Any) -> list[Any]:
    """The cases as pytest params, all but the `cheap` one marked `soak`: the suite plays one
    case an attack (about a second of CPU each), `scripts/test --slow` the whole matrix."""
    return [
        pytest.param(
            *(c if isinstance(c, tuple) else (c,)), marks=() if c == cheap else [pytest.mark.soak]
        )
        for c in cases
    ]


class LaterDealLie(DealingPeer):
    """A later deal's core that opens its cards falsely: it keeps its key shares from the seats
    of `kept_from`, or (`wrong_key`) opens the first position shown to another seat with a wrong
    key; `lied` says it did."""

    kept_from: frozenset[int] = frozenset()
    wrong_key = False
    lied = False

    def open_many(
        self, openings: Sequence[tuple[int, Collection[int], int | None]]
    ) -> list[Output]:
        if self.kept_from:
            kept = [(p, set(seats) - self.kept_from, o) for p, seats, o in openings]
            self.lied = self.lied or any(set(s) & self.kept_from for _, s, _ in openings)
            left = [item for item in kept if item[1]]
            return super().open_many(left) if left else []
        shown = [p for p, seats, _ in openings if set(seats) - {self.seat}]
        if not self.wrong_key or self.lied or not shown:
            return super().open_many(openings)
        self.lied = True
        honest = self.secrets
        keys = list(honest.card_keys)
        keys[shown[0]] = 1 + secrets.randbelow(self.group.order - 1)
        self.secrets = dataclasses.replace(honest, card_keys=tuple(keys))
        try:
            return super().open_many(openings)
        finally:
            self.secrets = honest


class LiesInLaterDeals(LaterDealConduct):
    """Deals deal 0 honestly; every later deal with a `LaterDealLie`."""

    def __init__(self, kept_from: Collection[int] = (), wrong_key: bool = False) -> None:
        self.kept_from = frozenset(kept_from)
        self.wrong_key = wrong_key

    def hostile_core(
        self,
        context: DealContext,
        seat: int,
        seed: bytes,
        parents: list[DealingPeer],
        bind: Bind,
        check: CheckBinding,
    ) -> DealingPeer:
        core = LaterDealLie(
            context, seat, seed=seed, parent=parents, bind=bind, check_binding=check
        )
        core.kept_from = self.kept_from
        core.wrong_key = self.wrong_key
        return core


def run(table: SimulatedTable) -> dict[int, GameOver]:
    """Step until every honest seat has ended (or LIMIT); their results."""
    return run_until_ended(table, honest_seats(table, HOSTILE))


def assert_nobody_honest_blamed(
    table: SimulatedTable, since: float, within: float = WITHIN
) -> dict[int, GameOver]:
    """Every honest seat ended within `within` of `since`, naming, stalling, leaving unconfirmed
    and making forfeit no honest seat, and making none the fool unless the game was finished."""
    results = run(table)
    honest = set(honest_seats(table, HOSTILE))
    ended = end_times(table)
    for seat in honest:
        over = results.get(seat)
        assert over is not None, f"honest seat {seat} still waits at {table.now:.1f} s"
        named = {over.cheater} | set(over.stalled) | set(over.unconfirmed)
        assert not (named | set(over.result.get("forfeits") or [])) & honest, (seat, over)
        assert over.result.get("fool") not in honest or over.reason == "finished", (seat, over)
        assert ended[seat] <= since + within, (seat, ended[seat], since, over.evidence)
    violations = [v for v in table.violations if v[1] != HOSTILE]
    assert not violations, violations
    return results


def lying_table(
    variant: str, players: int, conduct: LiesInLaterDeals
) -> tuple[SimulatedTable, float]:
    """The first seed's table at which the hostile seat's later-deal lie happened, played to its
    end at every honest seat; the table and when the lie began."""
    for seed in SEEDS:
        table = make_table(
            players, variant=variant, seed=seed, bots="random", conducts={HOSTILE: conduct}
        )
        record_end_times(table)
        lies = when_lied(table)
        table.start()
        run(table)
        if lies:
            return table, lies[0]
    pytest.fail(f"no seed of {variant} at {players} seats came to a later deal's opening")


# --------------------------------------------------------------- 1. keys withheld


@pytest.mark.parametrize(("variant", "players"), matrix(TABLES, ("crazy", 2)))
def test_a_later_deals_keys_kept_from_every_seat_blame_only_the_withholder(
    variant: str, players: int
) -> None:
    """Attack 1a: the hostile seat opens none of a later deal's cards to any other seat. Every
    honest seat ends within the window; the hostile seat forfeits (its keys are a move it owes)."""
    everyone_else = set(range(players)) - {HOSTILE}
    table, since = lying_table(variant, players, LiesInLaterDeals(kept_from=everyone_else))
    assert_withholder_forfeits(variant, assert_nobody_honest_blamed(table, since))


def assert_withholder_forfeits(variant: str, results: dict[int, GameOver]) -> None:
    """The hostile seat forfeits, recorded as stalled, at every honest seat; at invisible fool,
    whose deal 1 deals the hands (no game has begun, no vote shows what it holds), the game
    ends abandoned naming nobody, as when the first deal's keys are withheld."""
    for over in results.values():
        if variant == "invisible":
            assert (over.reason, over.cheater, over.stalled) == ("abandoned", None, ()), over
        else:
            assert over.result.get("forfeits") == [HOSTILE], over
            assert over.stalled == (HOSTILE,), over


@pytest.mark.parametrize(
    ("variant", "players"), matrix([(v, n) for v, n in TABLES if n == 3], ("crazy", 3))
)
def test_a_later_deals_keys_kept_from_one_seat_never_blame_that_seat(
    variant: str, players: int
) -> None:
    """Attack 1b (and 4b, a seat kept from its later-deal cards): the hostile seat keeps its key
    shares of a later deal from the victim alone. The victim is never stalled, made to forfeit
    or the fool; the third seat is not blamed for holding what the victim lacks; the hostile
    seat forfeits."""
    table, since = lying_table(variant, players, LiesInLaterDeals(kept_from={VICTIM}))
    assert_withholder_forfeits(variant, assert_nobody_honest_blamed(table, since))


# --------------------------------------------------------------- 2. a wrong key


@pytest.mark.parametrize(("variant", "players"), matrix(TABLES, ("crazy", 2)))
def test_a_wrong_key_for_one_position_of_a_later_deal_names_only_its_sender(
    variant: str, players: int
) -> None:
    """Attack 2: the hostile seat opens one position of a later deal with a wrong key. The
    receiver's `key` verdict names the hostile seat at every honest seat."""
    table, since = lying_table(variant, players, LiesInLaterDeals(wrong_key=True))
    results = assert_nobody_honest_blamed(table, since)
    for over in results.values():
        assert over.cheater == HOSTILE, over


# --------------------------------------------------------------- 3. a pass message of a later deal


LATER_PASSES = ("unlock", "shuffle", "rekey")
"""The passes of a hidden sub-deck: pass 0 (unlock the parents' keys), 1, 2."""


def later_deal_message(kind: str) -> Any:
    """Match the hostile seat's `kind` messages of a later deal (deal index 1 on)."""

    def match(receiver: int, frame: Frame) -> bool:
        payload = frame.get("p")
        return (
            kind_of(frame) == f"deal:{kind}"
            and isinstance(payload, dict)
            and isinstance(payload.get("d"), int)
            and payload["d"] >= 1
        )

    return match


def signed_other_version(table: SimulatedTable) -> Any:
    """A change giving a later deal's message another version, signed by the hostile seat's
    dealing key of that deal (a valid signature: an equivocation, not a forgery)."""

    def change(receiver: int, frame: Frame) -> Frame:
        payload = frame["p"]
        message = dict(payload["m"])
        del message["sig"]
        changed, message = other_version(message)
        assert changed, message
        core = table.cores[HOSTILE]
        assert core is not None
        deal = core.deals[payload["d"]]
        message["sig"] = sign(deal.group, deal.secrets.signing_key, digest(message))
        return dict(frame, p=dict(payload, m=message))

    return change


def pass_message_table(
    variant: str, players: int, kind: str, how: str
) -> tuple[SimulatedTable, Hostile, list[float]]:
    """A table whose hostile seat's later-deal `kind` messages are dropped to every seat
    ("withhold"), to the victim ("drop to one") or replaced by another signed version for the
    victim ("two versions"); the list gets the time of the first one."""
    table = make_table(players, variant=variant, seed=1, bots="random")
    record_end_times(table)
    hostile = Hostile(table, HOSTILE)
    first: list[float] = []
    later = later_deal_message(kind)

    def match(receiver: int, frame: Frame) -> bool:
        if not later(receiver, frame) or (how != "withhold" and receiver != VICTIM):
            return False
        first[:] = first or [table.now]
        return True

    if how == "two versions":
        hostile.on(match, "replace", change=signed_other_version(table))
    else:
        hostile.on(match, "drop")
    table.start()
    run(table)
    return table, hostile, first


@pytest.mark.parametrize(
    ("variant", "players", "kind"),
    matrix([(*t, k) for t in TABLES for k in LATER_PASSES], ("crazy", 2, "rekey")),
)
def test_a_later_deals_pass_message_withheld_from_every_seat_blames_nobody_honest(
    variant: str, players: int, kind: str
) -> None:
    """Attack 3a: the hostile seat never sends a later deal's pass message: the deal never
    locks; every honest seat ends within the window, blaming no honest seat."""
    table, _, first = pass_message_table(variant, players, kind, "withhold")
    assert first, f"no later deal's {kind} was sent"
    assert_nobody_honest_blamed(table, first[0])


@pytest.mark.xfail(
    strict=True,
    reason="finding: a seat withholding its pass of a mid-game re-deal ends the game abandoned, "
    "forfeiting nothing (Openings.redeal_overdue names nobody)",
)
def test_a_seat_withholding_its_pass_of_a_mid_game_re_deal_forfeits() -> None:
    """Finding (issue 25, "Blame only what was seen": today a way to escape a lost game). Crazy
    fool at 2 seats: a reshuffle re-deals the talon mid-game in a hidden sub-deck (deal 1). The
    hostile seat never sends its shuffle of it, while its heartbeats show it holds everything it
    needs to send it (seat 0's messages of the re-deal, its own secrets). Every honest seat ends
    the game "abandoned" 120 s later ("the re-deal (deal 1) never locked": `Openings.
    redeal_overdue`), nobody losing, nobody stalled; the same for its unlock (pass 0) and rekey
    (pass 2), at 3 seats too (the soak matrix above). Expected, as for a withheld draw key
    (`VoteRounds.withholders`): the seat that owes the re-deal's next message, and whose
    heartbeats show it holds that message's inputs, is seen overdue and forfeits, recorded as
    stalled. Not fixed here: it needs each pass's "who owes what, given what it holds" (pass 1
    is a chain, passes 0 and 2 are sent by all), a rule of the dealing job, not a small change."""
    table, _, first = pass_message_table("crazy", 2, "shuffle", "withhold")
    assert first, "no later deal's shuffle was sent"
    results = assert_nobody_honest_blamed(table, first[0])
    for over in results.values():
        assert over.result.get("forfeits") == [HOSTILE] and over.stalled == (HOSTILE,), over


@pytest.mark.parametrize(
    ("variant", "kind", "how"),
    matrix(
        [
            (v, k, h)
            for v in ("crazy", "invisible", "czech")
            for k in LATER_PASSES
            for h in ("drop to one", "two versions")
            if (v, h) != ("czech", "drop to one")  # passes (seed 1: 85 re-deals), 130 CPU-s each
        ],
        ("invisible", "shuffle", "two versions"),
    ),
)
def test_a_later_deals_pass_message_kept_from_or_changed_for_one_seat(
    variant: str, kind: str, how: str
) -> None:
    """Attack 3b: at 3 seats the hostile seat's later-deal pass message never reaches the victim
    (it is forwarded by the third seat: the game goes on), or the victim gets another version
    signed by the hostile seat (an equivocation: the hostile seat is named)."""
    table, _, first = pass_message_table(variant, 3, kind, how)
    assert first, f"no later deal's {kind} was sent"
    forwarded = how == "drop to one"  # the game goes on (czech at 3 seats: 175 s): no deadline
    results = assert_nobody_honest_blamed(table, first[0], LIMIT if forwarded else WITHIN)
    for over in results.values():
        if how == "two versions":
            assert over.cheater == HOSTILE, over
        else:
            assert over.reason == "finished", over


# --------------------------------------------------------------- 4. holds its cards, never moves


@pytest.mark.parametrize(("variant", "players"), matrix(TABLES, ("crazy", 2)))
def test_a_seat_holding_its_later_deal_cards_that_never_moves_forfeits(
    variant: str, players: int
) -> None:
    """Attack 4a: once a later deal is locked and its cards opened, the hostile seat heartbeats on
    but never moves (nor signs `ready`): it forfeits at every honest seat, recorded as stalled,
    within the move's deadline and the agreement."""
    for seed in SEEDS:
        table = make_table(players, variant=variant, seed=seed, bots="random")
        record_end_times(table)
        hostile = Hostile(table, HOSTILE)
        first: list[float] = []

        def withholds(
            receiver: int, frame: Frame, table: SimulatedTable = table, first: list[float] = first
        ) -> bool:
            core = table.cores[HOSTILE]
            found = kind_of(frame)
            if found not in ("act", "ready") or core is None or len(core.deals) < 2:
                return False
            if not core.openings.deals_locked():
                return False
            first[:] = first or [table.now]
            return True

        hostile.on(withholds, "drop")
        table.start()
        results = run(table)
        if not first:
            continue
        assert_nobody_honest_blamed(table, first[0])
        for over in results.values():
            assert over.result.get("forfeits") == [HOSTILE], over
            assert over.stalled == (HOSTILE,), over
        return
    pytest.fail(f"the hostile seat never moved after a later deal of {variant}")
