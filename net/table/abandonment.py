"""Abandonment: another seat's signed `abandon` stops the game, is shown to every seat, and ends it.

An abandon is the log's last entry: it names the log it ends (`i` entries, hash `h`) and is sent
once per game (`schema.Abandon.slot`), so two different abandons of one seat conflict under the
one equivocation rule (`votes.conflicting`). For them to meet, the seat an abandon stops shows it,
as its author signed it, to every other seat (a `show`, taken there as the author's own message:
a different one under the same number names the author). The game stays stopped for
ABANDON_CONFIRM (`phases.PHASES`), then ends abandoned, naming nobody. A seat is recorded as
stalled only when this seat's own clock saw its move overdue in the abandon's round, when the
abandon came (issue 25, finding 3); the author's claim alone blames nobody.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from net.table.events import CLAIM_GRACE, Out
from net.table.phases import ABANDON_CONFIRM, Phase
from net.table.reliable import Delivered

if TYPE_CHECKING:
    from net.table.core import TableCore


class Abandonment:
    """The abandons this seat took: the one that stopped its game, and those it showed."""

    def __init__(self, core: TableCore) -> None:
        self.core = core
        self.stopped_by: Delivered | None = None  # the signed abandon that stopped the game
        self.stopped_at = 0.0
        self.stalled: tuple[int, ...] = ()  # judged by this seat's clock when it stopped
        self.shown: set[int] = set()  # authors whose abandon this seat showed to the others

    @property
    def stopped(self) -> bool:
        """Another seat's abandon stopped this seat's game (it ends at the confirm deadline)."""
        return self.stopped_by is not None

    def received(self, item: Delivered) -> list[Out]:
        """Another seat's well-formed signed abandon: stop the game (the first one), show it to
        every seat, end once ABANDON_CONFIRM has passed (`confirm_due`)."""
        core = self.core
        sender, payload = item.sender, item.payload
        if core.game_finished or sender in core.finals:
            return []  # this seat or the sender finished the game: the audit decides the rest
        if not self.stopped and core.rounds.holds_ready_of(sender):
            why = f"seat {sender} gave up the move it holds its cards for"
            opened = core.round.opened_at if core.round is not None else core.clock
            return core.rounds.forfeit((sender,), core.clock, why, core.clock - opened)
        if not self.stopped and core.rounds.keeps_keys_back(sender):
            why = f"seat {sender} gave up while keeping back the keys of a seat's cards"
            opened = core.round.opened_at if core.round is not None else core.clock
            return core.rounds.forfeit((sender,), core.clock, why, core.clock - opened)
        out: list[Out] = []
        if not self.stopped:
            self.stopped_by, self.stopped_at = item, core.clock
            self.stalled = self._stalled_in_its_round(payload)
            core.enter(Phase.ABANDONING)
        if sender not in self.shown and core.signed(item):
            self.shown.add(sender)
            out.extend(core.broadcast({"k": "show", "frames": [item.as_wire()]}))
        return out

    def _stalled_in_its_round(self, payload: dict[str, object]) -> tuple[int, ...]:
        """The seats the abandon names as stalled that this seat saw overdue itself, in the round
        the abandon ends at (an abandon of another round blames nobody here)."""
        current = self.core.round
        if current is None or payload.get("i") != current.index:
            return ()
        return self.core.rounds.stalled_among(payload.get("stalled", []), grace=CLAIM_GRACE)

    def confirm_due(self, now: float) -> list[Out]:
        """ABANDON_CONFIRM passed since the abandon stopped the game, with no different one of
        its author shown back: the game ends abandoned, naming nobody (announced again)."""
        core, item = self.core, self.stopped_by
        if item is None or core.over is not None:
            return []
        if now - self.stopped_at < ABANDON_CONFIRM.after(core.resume_window):
            return []
        name = core.config.seats[item.sender].name
        why = str(item.payload.get("reason"))
        return core.finish(
            "abandoned",
            evidence=f"seat {item.sender} ({name}) ended it: {why}",
            stalled=self.stalled,
        )


__all__ = ["Abandonment"]
