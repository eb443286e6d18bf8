"""Armenian: the leader may lead the top card of the talon instead of a card from his hand
(docs/rules.md, `armenian`; option `attack_talon`; action `attack_talon`).

`Game` lists the lead through this twist, checks it with `check_talon_lead` and plays it with
`play_talon_lead`; the table opens the led position first (`Game.opened_by`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import bout
from engine.actions import ATTACK_TALON, TALON_LED, Action, Event
from engine.errors import IllegalAction
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.game import Game


class Armenian(Twist):
    """The talon lead among the leads (listed last, after every other twist's leads)."""

    __slots__ = ()

    def leads(self, game: Game, seat: int, actions: list[Action]) -> list[Action]:
        """The usual leads, and the top talon card while the talon lasts."""
        if game.talon:
            actions.append(Action(seat, ATTACK_TALON))
        return actions


def check_talon_lead(game: Game, seat: int) -> list[int]:
    """Raise IllegalAction unless `seat` may lead the top talon card now (it uses no hand slot)."""
    if not game.rules.attack_talon:
        raise IllegalAction("leading from the talon is not part of this variant")
    if game.table:
        raise IllegalAction("the bout has started: only a lead may come from the talon")
    if seat != game.lead:
        raise IllegalAction(f"seat {game.lead} leads this bout, not seat {seat}")
    if not game.talon:
        raise IllegalAction("the talon is empty")
    if game.faces[game.talon[0]] is None:
        raise IllegalAction(f"position {game.talon[0]} must be opened before it is led")
    return []


def play_talon_lead(game: Game, seat: int, events: list[Event]) -> list[Event]:
    """The top talon card goes face up onto the table as the lead (a checked `attack_talon`)."""
    slot = game.talon.pop(0)
    game.known[slot] = game.everyone
    bout.lay_unbeaten(game, slot)
    game.passed = 0
    face = game.faces[slot]
    events.append(Event(TALON_LED, seat, (face,) if face else (), game.defender))
    for twist in game.twists:
        twist.after_card_drawn(game)
    if not game.talon:
        for twist in game.twists:
            twist.after_talon_empty(game)
    return events
