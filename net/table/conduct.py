"""How one seat behaves where the protocol leaves the choice to it: honest by default.

A `TableCore` asks its `SeatConduct` at each point where a dishonest peer could act otherwise: the
trump a dealer names, the card a seat shows to decide the first lead, the move it queues and
whether it checks it, the positions it signs for a move, and the dealing core of a new sub-deck.
The hostile tests inject a conduct that lies at one of these points (the honest seats must name
it); the peer never passes one, so a real seat always plays `SeatConduct`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from net.dealing.context import DealContext
from net.dealing.peer import Bind, CheckBinding, DealingPeer

if TYPE_CHECKING:
    from net.table.core import TableCore
    from net.table.events import Out


class SeatConduct:
    """The honest seat: every hook returns what the protocol prescribes."""

    def trump_to_name(self, core: TableCore, suit: str) -> str | None:
        """The suit a dealer names (None: it names none)."""
        return suit

    def lead_card(self, core: TableCore, position: int | None) -> int | None:
        """The position shown to decide the first lead (None: "I hold no trump")."""
        return position

    def intent(self, core: TableCore, action: Any) -> Any:
        """The move this seat queues when its player or bot chose `action`."""
        return action

    def checks(self, core: TableCore, action: Any, legal: bool) -> bool:
        """Whether a queued move may be made (`legal`: what the rules say)."""
        return legal

    def send_move(self, core: TableCore, action: Any) -> list[Out] | None:
        """Send this seat's move itself (None: the core signs and sends it honestly)."""
        return None

    def dealing_core(
        self,
        context: DealContext,
        seat: int,
        seed: bytes,
        parents: list[DealingPeer],
        bind: Bind,
        check_binding: CheckBinding,
    ) -> DealingPeer:
        """This seat's dealing core of a new hidden sub-deck."""
        return DealingPeer(
            context, seat, seed=seed, parent=parents, bind=bind, check_binding=check_binding
        )


HONEST = SeatConduct()
