"""What a table core reports to its caller (events), and the timings of its waits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.actions import Action
from engine.observation import Observation
from net.dealing.events import Verdict
from net.table.reliable import Outgoing

HEARTBEAT_EVERY = 1.0
SILENT_AFTER = 5.0
"""Every other wait that depends on a peer is the resume window (`resume_window`, default
net.absence.RESUME_WINDOW): a silent seat's absence, the audit, keys for a draw or a re-deal, a
vote of the open round (a move a player never decides on too)."""
FINAL_CONFIRM_DEADLINE = 30.0
"""The game's result follows from the voted log and the audit is done here, but a seat's final
(its signed copy of the log) is still missing: after this long the others finish with the signed
result and record that seat as not having confirmed it (`GameOver.unconfirmed`); at a table whose
resume window is shorter, the window (`phases.FINAL_CONFIRM`)."""
FINAL_DEADLINE = 10.0  # a final that differs from our log and is backed by no signed move
SHOW_VOTES_AFTER = 2.0  # a round's winner silent this long: show everyone the votes we hold
CLAIM_GRACE = SILENT_AFTER
"""Another seat's abandon names a seat as stalled: it counts here only when this seat's own clock
saw that seat's vote missing for the resume window less this (the two clocks' spread)."""
READY_AFTER = 5.0
"""The game has waited this long for this seat's move and its hand is open: it signs `ready`
(once a round), so that not moving within the move window is its forfeit."""
ACT_TIMEOUT = 60.0  # a round's winner silent this long: the game ends as abandoned


@dataclass(frozen=True)
class StateChanged:
    """The game moved on; the observation is this seat's new view."""

    observation: Observation


@dataclass(frozen=True)
class MoveApplied:
    """A move entered the log at `index` (for logs in words and animations), with the engine
    events its `game.apply` returned (`()`: none were recorded)."""

    index: int
    action: Action
    log_hash: str
    events: tuple[Any, ...] = ()


@dataclass(frozen=True)
class PeerSilent:
    """Nothing heard from a seat for a while (shown as disconnected); the game waits until
    `since + resume window`, then goes on without it."""

    seat: int
    since: float = 0.0  # the core's clock when the seat was last heard


@dataclass(frozen=True)
class PeerBack:
    """A silent seat was heard from again."""

    seat: int


@dataclass(frozen=True)
class GameOver:
    """The game ended: its result, the audit verdict, and why it stopped."""

    result: dict[str, Any]
    verdict: Verdict | None
    log_hash: str
    # "finished", "cheat", "abandoned", "left" (this seat forfeited), "absent" (seats that left
    # were made fools by forfeit; result["signed_by"] stayed and signed), "config-mismatch" (the
    # seats were given different configurations; nobody can be named)
    reason: str = "finished"
    cheater: int | None = None
    evidence: str = ""
    stalled: tuple[int, ...] = ()
    """Reason "abandoned", or "absent" by a forfeit of seats heard to the end: the seats the
    game waited for whose move never came (their players did not move within the resume window,
    or they kept back the keys of a waited-for seat's cards); () for any other end."""
    waited: float = 0.0
    """With `stalled`: the deadline their move ran past, in seconds (the resume window for a
    vote, ACT_TIMEOUT for a won round's move; 0 in an "absent" end this seat did not judge)."""
    unconfirmed: tuple[int, ...] = ()
    """Reason "finished": the seats whose final never came within FINAL_CONFIRM_DEADLINE of
    the result (they withheld their confirmation of the log; the result stands without it)."""


@dataclass(frozen=True)
class LinkViolation:
    """A seat sent, over its own link, a message that is not validly signed (so it proves
    nothing to others): the peer layer closes that link and reports it; nobody is named."""

    seat: int
    reason: str


@dataclass(frozen=True)
class TrumpChoiceDue:
    """This seat deals and names the trump suit: choose one within `seconds`, or a suit is chosen
    for you (net.table.trump_choice)."""

    seconds: float


@dataclass(frozen=True)
class TrumpNamed:
    """The dealer (`seat`) named the trump suit; `auto`: the deadline passed and the suit was
    chosen for him."""

    seat: int
    suit: str
    auto: bool


Event = (
    StateChanged
    | MoveApplied
    | PeerSilent
    | PeerBack
    | GameOver
    | LinkViolation
    | TrumpChoiceDue
    | TrumpNamed
)
Out = Outgoing | Event
