"""The table's one list of phases (issue 25): every phase has a deadline or is terminal, every
check it names is a job's method, the core moves only along the table, and every transition of
the table is reached by a seeded simulated game (honest, or with seats crashed in that phase)."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from net.table.core import Out, TableCore
from net.table.events import ACT_TIMEOUT, FINAL_CONFIRM_DEADLINE
from net.table.phases import (
    FINAL_CONFIRM,
    MOVE_SENT,
    PHASES,
    TRUMP_CHOICE,
    Phase,
    PhaseError,
    check_transition,
    phase_table,
    transitions,
)
from net.table.sim import SimulatedTable, make_table
from net.table.trump_choice import TRUMP_CHOICE_DEADLINE

OBSERVER = 0
DOCS = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_every_phase_has_a_deadline_or_is_terminal() -> None:
    for phase, rule in PHASES.items():
        if rule.next:
            assert rule.deadline is not None and rule.on_deadline and rule.checks, phase
            assert Phase.OVER in rule.next, f"{phase} cannot end"
        else:
            assert phase is Phase.OVER and rule.deadline is None and not rule.checks
    assert set(PHASES) == set(Phase)


def test_every_check_the_table_names_is_a_method_of_a_job_of_the_core() -> None:
    table = make_table(2, seed=1)
    core = table.cores[0]
    assert core is not None and core.phase is Phase.DEALING
    for rule in PHASES.values():
        for check in rule.checks:
            job, method = check.split(".")
            assert callable(getattr(getattr(core, job), method)), check


def test_a_move_along_no_edge_of_the_table_is_refused() -> None:
    check_transition(Phase.VOTING, Phase.MOVING)
    with pytest.raises(PhaseError):
        check_transition(Phase.DEALING, Phase.VOTING)
    with pytest.raises(PhaseError):
        check_transition(Phase.OVER, Phase.DEALING)


def test_docs_protocol_prints_the_phase_table() -> None:
    assert phase_table() in DOCS.read_text(encoding="utf-8")


Seen = set[tuple[Phase, Phase]]


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Seen:
    """Every transition any core makes while the test runs."""
    found: Seen = set()
    enter = TableCore.enter

    def recording(core: TableCore, phase: Phase) -> None:
        if core.phase is not Phase.OVER:
            found.add((core.phase, phase))
        enter(core, phase)

    monkeypatch.setattr(TableCore, "enter", recording)
    return found


def agrees_with_its_state(core: TableCore) -> None:
    """The phase a core holds says what its state says."""
    phase = core.phase
    assert (core.over is not None) == (phase is Phase.OVER), phase
    if phase is Phase.ABANDONING:  # stopped in any live phase: its state is that phase's
        assert core.abandonment.stopped and not core.game_finished, phase
    elif phase is not Phase.OVER:
        assert core.game_finished == (phase is Phase.AUDITING), phase
        assert (core.game is None) == (
            phase in (Phase.DEALING, Phase.NAMING_TRUMP, Phase.OPENING)
        ), phase
        assert (core.resume is not None) == (phase is Phase.REDEALING), phase


def honest_game(
    variant: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> None:
    """Play an honest game to its clean end, checking every core's phase after every step; no
    dealer's bot names the trump, so its core names one at the deadline, after the deal locked."""
    table = make_table(
        players, variant=variant, seed=seed, options=options, bots="heuristic,random"
    )
    table.trump_choosers = set()
    table.watch(lambda seat, core, outputs: agrees_with_its_state(core))
    table.start()
    table.step_until(4000)
    results = table.results()
    assert len(results) == players and all(o.reason == "finished" for o in results.values())
    assert all(core is not None and core.phase is Phase.OVER for core in table.cores)


def crashed_in(
    target: Phase, variant: str = "throw-in", seed: int = 1, players: int = 2, **kw: Any
) -> TableCore:
    """A table whose other seats crash (their frames in flight lost) the first time the observer
    is seen in `target`; the observer must then end (absence) from that phase. No dealer's bot
    names the trump: its core names one at the deadline, so the deal locks first."""
    table: SimulatedTable = make_table(players, variant=variant, seed=seed, **kw)
    table.trump_choosers = set()
    hit: list[Phase] = []

    def crash_others(seat: int, core: TableCore, outputs: list[Out]) -> None:
        if seat == OBSERVER and not hit and core.phase is target:
            hit.append(core.phase)
            for other in range(1, players):
                table.crash(other)
            table.queue = [d for d in table.queue if d.sender == OBSERVER]  # lost in flight
            heapq.heapify(table.queue)

    table.watch(crash_others)
    table.start()
    table.step_until(1000)
    observer = table.cores[OBSERVER]
    assert hit == [target], f"the observer was never seen in {target}"
    assert observer is not None and observer.over is not None and observer.phase is Phase.OVER
    return observer


TRUMP = {"dealer_names_trump": True}
CRASHES: list[tuple[Phase, Callable[[], TableCore]]] = [
    (Phase.DEALING, lambda: crashed_in(Phase.DEALING)),
    (Phase.NAMING_TRUMP, lambda: crashed_in(Phase.NAMING_TRUMP, "piled", players=3, options=TRUMP)),
    (Phase.OPENING, lambda: crashed_in(Phase.OPENING)),
    (Phase.VOTING, lambda: crashed_in(Phase.VOTING)),
    (Phase.MOVING, lambda: crashed_in(Phase.MOVING)),
    (Phase.APPLYING, lambda: crashed_in(Phase.APPLYING)),
    (Phase.REDEALING, lambda: crashed_in(Phase.REDEALING, "poker", bots="heuristic,random")),
]


def abandoned_in(
    target: Phase, variant: str = "throw-in", seed: int = 1, players: int = 2, **kw: Any
) -> TableCore:
    """A table where seat 1 signs an abandon to the observer the first time the observer is seen
    in `target` (it reaches no other seat); the observer stops, then ends abandoned."""
    table: SimulatedTable = make_table(players, variant=variant, seed=seed, **kw)
    table.trump_choosers = set()
    hit: list[Phase] = []

    def abandon_to_observer(seat: int, core: TableCore, outputs: list[Out]) -> None:
        if seat != OBSERVER or hit or core.phase is not target or 1 not in core.hellos:
            return
        hit.append(core.phase)
        seq = core.net.next_from[1]
        payload = {"k": "abandon", "i": len(core.entries), "h": core.log_hash, "reason": "test"}
        frame = table.sign_as(1, {"t": "m", "s": seq, "p": payload})
        table.crash(1)  # its own stream stops here: the abandon is its last word
        table.queue = [d for d in table.queue if d.sender != 1]  # (its frames in flight lost)
        heapq.heapify(table.queue)
        table.route(OBSERVER, core.receive(1, frame, table.now))

    table.watch(abandon_to_observer)
    table.start()
    table.step_until(1000)
    observer = table.cores[OBSERVER]
    assert hit == [target], f"the observer was never seen in {target}"
    assert observer is not None and observer.over is not None
    assert observer.over.reason == "abandoned", observer.over
    return observer


def test_seeded_games_reach_every_transition_of_the_table(seen: Seen) -> None:
    honest_game("throw-in", 3, seed=1)
    honest_game("poker", 2, seed=1)  # reshuffles: re-deals in the middle of the game
    honest_game("piled", 3, seed=21, options=TRUMP)  # the dealer names the trump
    for phase, crash in CRASHES:
        crash()
        assert (phase, Phase.OVER) in seen, phase
    for phase, _ in CRASHES:
        options = TRUMP if phase is Phase.NAMING_TRUMP else None
        variant = {Phase.NAMING_TRUMP: "piled", Phase.REDEALING: "poker"}.get(phase, "throw-in")
        players = 3 if phase is Phase.NAMING_TRUMP else 2
        abandoned_in(phase, variant, players=players, options=options, bots="heuristic,random")
        assert (phase, Phase.ABANDONING) in seen, phase
    missing = transitions() - seen
    assert missing == UNREACHED, sorted((a.value, b.value) for a, b in missing)


UNREACHED = {
    # No game has a round in which nobody bids: some seat's move is always awaited, and that
    # seat only ever bids. The core still votes again if one ever has none.
    (Phase.VOTING, Phase.VOTING),
    # No move that starts a re-deal ends the game; the core still ends it if one ever does.
    (Phase.REDEALING, Phase.AUDITING),
}
"""Edges the table keeps so that no game can make the core move along no edge, reached by no
game today (the walk fails when one is reached: then it moves out of this set)."""


def test_the_final_and_move_deadlines_are_never_longer_than_the_resume_window() -> None:
    """A table set to short waits (a test's `--resume-window`) gets short final and move
    deadlines too; at the default window they are FINAL_CONFIRM_DEADLINE and ACT_TIMEOUT
    (issue 25: side-door tests in seconds)."""
    assert FINAL_CONFIRM.after(120.0) == FINAL_CONFIRM_DEADLINE
    assert MOVE_SENT.after(120.0) == ACT_TIMEOUT
    assert FINAL_CONFIRM.after(4.0) == MOVE_SENT.after(4.0) == 4.0
    assert TRUMP_CHOICE.after(4.0) == TRUMP_CHOICE_DEADLINE  # a fixed deadline not capped stays
