"""Treshka: every lead is exactly three cards of any ranks (fewer when fewer are held or allowed)
(docs/rules.md, `treshka`; option `lead_count`).
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from engine.action_values import combo_actions
from engine.actions import ATTACK, Action
from engine.errors import IllegalAction
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.game import Game

_code = attrgetter("code")


class Treshka(Twist):
    """Leads of exactly `count` cards."""

    __slots__ = ("count",)
    lists_own_leads = True

    def __init__(self, count: int) -> None:
        self.count = count

    def _size(self, game: Game, held: int) -> int:
        return min(self.count, held, game.attack_limit)

    def leads(self, game: Game, seat: int, actions: list[Action]) -> list[Action]:
        """Every set of `count` cards of the hand (reverse fool keeps its blind one-card leads)."""
        if game.rules.reverse:
            return actions

        faces = game.faces
        cards = sorted((c for c in (faces[s] for s in game.hands[seat]) if c), key=_code)
        size = self._size(game, len(cards))
        return list(combo_actions(seat, ATTACK, tuple(cards), size, size)) if size else []

    def lead_rule(self, game: Game, seat: int, cards: tuple[Card, ...]) -> list[int] | None:
        """Exactly that many cards, of any ranks."""
        size = self._size(game, len(game.hands[seat]))
        if len(cards) != size:
            raise IllegalAction(f"lead exactly {size} card(s)")
        return game.take_slots(seat, cards)
