"""Boring: lead only cards of your highest rank (docs/rules.md, `boring`); its draw by
repetition is `engine.variants.repetition`.

A peer that cannot see the leader's whole hand records the leader's claim `HIGHEST_LEAD`; the
audit replay with every face open checks it as legality.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import IllegalAction
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.cards import Card
    from engine.game import Game

HIGHEST_LEAD = "highest_lead"  # the claim "I led my highest rank"


class Boring(Twist):
    """Leads of the highest rank."""

    __slots__ = ()

    def leads(self, game: Game, seat: int, actions: list[Action]) -> list[Action]:
        """Only leads of the highest rank in the hand (when this engine sees the whole hand)."""
        rules = game.rules
        if rules.reverse or rules.lead_count is not None or not actions:
            return actions
        if not game.hand_known(seat):
            return actions
        top = max(c.rank for c in game.hand_cards(seat))
        return [a for a in actions if a.cards[0].rank == top]

    def check_lead(self, game: Game, seat: int, cards: tuple[Card, ...]) -> None:
        """'from the aces, if there are kings, then from the kings'."""
        if game.hand_known(seat):
            top = max(c.rank for c in game.hand_cards(seat))
            if cards[0].rank != top:
                raise IllegalAction(f"lead your highest rank ({cards[0]} is lower)")

    def after_lead(self, game: Game, seat: int, action: Action) -> None:
        """A peer not seeing the whole hand records the leader's claim for the audit."""
        if not game.hand_known(seat):
            game.record_claim(seat, HIGHEST_LEAD, " ".join(c.text for c in action.cards))
