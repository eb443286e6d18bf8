"""The phases of one table game: one enum and one transition table (states and transitions, no I/O).

A `TableCore` is in exactly one `Phase`. `PHASES` says, for each phase, what moves it on, the
phases it may move to, its deadline (a named `Deadline`) and what happens when the deadline
passes, and which of the core's job methods `TableCore.tick` runs in it to judge that deadline.
The core moves only along this table (`check_transition`); docs/protocol.md ("Phases") is checked
against it by tests/table/test_phases.py.

In every phase but OVER, independent of the table: heartbeats, a seat silent for SILENT_AFTER is
shown silent, and a seat silent for the resume window is stated absent (it forfeits once the others
agree, net/absence.py), or the game ends abandoned after twice the window.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from net.table.events import ACT_TIMEOUT, FINAL_CONFIRM_DEADLINE
from net.table.trump_choice import TRUMP_CHOICE_DEADLINE


class Phase(Enum):
    """Where one seat's table game stands."""

    DEALING = "dealing"
    NAMING_TRUMP = "naming-trump"
    OPENING = "opening"
    VOTING = "voting"
    MOVING = "moving"
    APPLYING = "applying"
    REDEALING = "redealing"
    AUDITING = "auditing"
    ABANDONING = "abandoning"
    OVER = "over"


@dataclass(frozen=True)
class Deadline:
    """A phase's named deadline: `seconds`, or (None) the table's resume window; `capped`: never
    longer than the resume window (a table set to short waits, as a test's, gets short ones)."""

    name: str
    seconds: float | None = None
    capped: bool = False

    def after(self, resume_window: float) -> float:
        """How many seconds the wait lasts at a table with this resume window."""
        if self.seconds is None:
            return resume_window
        return min(self.seconds, resume_window) if self.capped else self.seconds

    def words(self) -> str:
        """The deadline as docs/protocol.md's phase table states it."""
        length = "the resume window" if self.seconds is None else f"{self.seconds:g} s"
        if self.capped:
            length += ", at most the resume window"
        return f"{self.name} ({length})"


DEAL_LOCK = Deadline("DEAL_LOCK")
"""No dealing message for this long while every seat is heard: the deal will never lock."""
TRUMP_NAMING = Deadline("TRUMP_NAMING")
"""The dealer named no trump this long after the start (its own core names one for him after
TRUMP_CHOICE, half the window at most)."""
TRUMP_CHOICE = Deadline("TRUMP_CHOICE_DEADLINE", TRUMP_CHOICE_DEADLINE)
FIRST_DEAL_OPEN = Deadline("FIRST_DEAL_OPEN")
"""The first deal is opened, but this seat's game has not begun with its hand open."""
MOVE_WINDOW = Deadline("MOVE_WINDOW")
"""A vote of the open round (a decided move, or a wait owed at once) is missing."""
MOVE_SENT = Deadline("ACT_TIMEOUT", ACT_TIMEOUT, capped=True)
"""A round's winner has not sent its move."""
FORFEIT_AGREEMENT = Deadline("FORFEIT_AGREEMENT", 10.0)
"""This seat stated that a seat shown to hold what it needs (net/table/holding.py) did not move
by its deadline: every other seat's statement of the same forfeit must come within this (their
clocks judge the same wait a few heartbeats apart), or the game ends abandoned, recording the
seat as stalled."""
KEYS_FOR_MOVE = Deadline("KEYS_FOR_MOVE")
"""A move is in, but keys to open the faces it needs have not come."""
REDEAL_LOCK = Deadline("REDEAL_LOCK")
"""A reshuffle's re-deal has not locked."""
FINAL_CONFIRM = Deadline("FINAL_CONFIRM_DEADLINE", FINAL_CONFIRM_DEADLINE, capped=True)
"""The result follows from the voted log, but a seat's final or audit reveal is missing (while
every seat is heard; the resume window while one is quiet)."""
ABANDON_CONFIRM = Deadline("ABANDON_CONFIRM", 2.0)
"""Another seat's abandon stopped the game here: its signed abandon is shown to every seat, and
this long (two heartbeats) lets a different one of the same seat, shown back, name it first."""


@dataclass(frozen=True)
class PhaseRule:
    """One row of the transition table."""

    moves_on: str  # what moves the phase on
    next: frozenset[Phase]  # the phases it may move to
    deadline: Deadline | None = None  # None: terminal
    on_deadline: str = ""  # what happens when the deadline passes
    checks: tuple[str, ...] = ()  # "job.method"s `TableCore.tick` calls in this phase
    """The first judges the phase's own deadline. In round 0 the first deal's deadline
    (FIRST_DEAL_OPEN) runs on: the game may begin before this seat's own hand is open."""


def _to(*phases: Phase) -> frozenset[Phase]:
    return frozenset(phases)


PHASES: dict[Phase, PhaseRule] = {
    Phase.DEALING: PhaseRule(
        "every deal of the start locks (deal 0; invisible fool: the lot, then the second stage)",
        _to(Phase.NAMING_TRUMP, Phase.OPENING, Phase.ABANDONING, Phase.OVER),
        DEAL_LOCK,
        "abandoned, naming nobody; the wait restarts with every dealing message",
        ("openings.deal_lock_overdue", "claiming.trump_name_overdue"),
    ),
    Phase.NAMING_TRUMP: PhaseRule(
        "the dealer's signed trump arrives; the deal is opened",
        _to(Phase.OPENING, Phase.ABANDONING, Phase.OVER),
        TRUMP_NAMING,
        "the dealer's own core names a suit from its seed after TRUMP_CHOICE_DEADLINE; "
        "the other seats end abandoned, naming nobody",
        ("claiming.trump_name_overdue",),
    ),
    Phase.OPENING: PhaseRule(
        "every start opening, turn-up and claim is in: the game is created, round 0 opens",
        _to(Phase.VOTING, Phase.ABANDONING, Phase.OVER),
        FIRST_DEAL_OPEN,
        "abandoned, naming nobody (keys or claims withheld)",
        ("openings.first_deal_overdue",),
    ),
    Phase.VOTING: PhaseRule(
        "every voter's vote is in: the first bidder wins (moving), or all wait (voting again)",
        _to(Phase.VOTING, Phase.MOVING, Phase.ABANDONING, Phase.OVER),
        MOVE_WINDOW,
        "every missing vote owed by a seat seen overdue and shown to hold what it needs (its "
        "`ready`, or its heartbeats holding every key of its hand and the log, with every card "
        "opened to it, played ones too, opened by every seat's share held here: holding.py), or "
        "by a seat kept from its cards by key shares held nowhere here whose owers are shown "
        "holding the log (their signed vote of the round): those seen overdue (never the seat "
        "kept from its cards) forfeit as leavers do once the others agree within "
        "FORFEIT_AGREEMENT (10 s), else abandoned recording them as stalled; abandoned, naming "
        "nobody, when a seat owing a vote may be kept from what it needs by nobody shown",
        ("rounds.votes_overdue", "openings.first_deal_overdue", "rounds.ready_if_thinking"),
    ),
    Phase.MOVING: PhaseRule(
        "the winner's signed move arrives",
        _to(Phase.APPLYING, Phase.ABANDONING, Phase.OVER),
        MOVE_SENT,
        "the votes held are shown after SHOW_VOTES_AFTER; at the deadline, while every seat "
        "is heard (else a quiet seat's absence decides), the winner, when its heartbeats show "
        "it holding every vote of the round, forfeits as a leaver does once the others agree "
        "within FORFEIT_AGREEMENT (10 s), else abandoned recording it as stalled; abandoned, "
        "naming nobody, when it may lack a vote",
        ("rounds.show_votes_if_stalled", "openings.first_deal_overdue"),
    ),
    Phase.APPLYING: PhaseRule(
        "every face the move needs is open: it is applied (next round, a re-deal, or the end)",
        _to(Phase.VOTING, Phase.REDEALING, Phase.AUDITING, Phase.ABANDONING, Phase.OVER),
        KEYS_FOR_MOVE,
        "abandoned, naming nobody",
        ("rounds.keys_overdue", "openings.first_deal_overdue"),
    ),
    Phase.REDEALING: PhaseRule(
        "every re-deal locks: the draws are opened, the next round opens or the game ends",
        _to(Phase.VOTING, Phase.AUDITING, Phase.ABANDONING, Phase.OVER),
        REDEAL_LOCK,
        "abandoned, naming nobody",
        ("openings.redeal_overdue",),
    ),
    Phase.AUDITING: PhaseRule(
        "every deal's audit has its verdict, every seat's final agrees and every seat heard from "
        "shows by its heartbeat that it holds what we hold: finished",
        _to(Phase.OVER),
        FINAL_CONFIRM,
        "finished with the signed result, the seats without a final (or without a heartbeat "
        "showing what we hold) recorded as unconfirmed; "
        "a deal whose reveals never came gets its audit's time-out verdict",
        ("evidence.audit_overdue", "evidence.check_finals"),
    ),
    Phase.ABANDONING: PhaseRule(
        "another seat's signed abandon arrived (the game is stopped; it is shown to every seat)",
        _to(Phase.OVER),
        ABANDON_CONFIRM,
        "abandoned, naming nobody, the seats this seat saw overdue in the abandon's round "
        "recorded as stalled; a different abandon of the same seat shown back first names it",
        ("abandonment.confirm_due",),
    ),
    Phase.OVER: PhaseRule("nothing: the game is over (terminal)", _to()),
}


class PhaseError(Exception):
    """A move along no edge of the transition table (a bug of the core, never a peer's fault)."""


def check_transition(current: Phase, following: Phase) -> None:
    """Raise PhaseError unless the table lets `current` move on to `following`."""
    if following not in PHASES[current].next:
        raise PhaseError(f"no transition from {current.value} to {following.value}")


def transitions() -> set[tuple[Phase, Phase]]:
    """Every edge of the transition table."""
    return {(phase, after) for phase, rule in PHASES.items() for after in rule.next}


def phase_table() -> str:
    """The transition table as docs/protocol.md prints it (a Markdown table)."""
    lines = [
        "| Phase | Moves on when | Next | Deadline | When it passes |",
        "|---|---|---|---|---|",
    ]
    for phase, rule in PHASES.items():
        following = ", ".join(p.value for p in Phase if p in rule.next) or "-"
        deadline = rule.deadline.words() if rule.deadline else "none (terminal)"
        lines.append(
            f"| {phase.value} | {rule.moves_on} | {following} | {deadline} | "
            f"{rule.on_deadline or '-'} |"
        )
    return "\n".join(lines)
