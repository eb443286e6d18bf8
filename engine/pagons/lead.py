"""Who deals and who leads a deal of durak with pagons: one rule for the engine's match, the
client and a LAN table (`net.table.pagons_adapter`).

Text B: *"The player who has the lowest value trump card (usually a six) starts the game."* It
names no dealer for later deals and no leader when no hand holds a trump (two to five players:
the trump card under the talon may be the only trump out). Readings: every deal is dealt the
way a table deals it (`FIRST_DEALT_SEAT` is dealt the first card, the last seat deals), as the
order of dealing a shuffled deck decides nothing; every deal the lowest trump leads, nothing
from the previous deal fixes the leader; with no trump dealt a lot decides, drawn from the
deal's random source (at a table the fair-dealing session every seat verifies).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.cards import Card
from engine.first_lead import FirstLead, decide_first_lead, deciding_card
from engine.rules import Rules, get_rules

FIRST_LEAD_RULES: Rules = get_rules("throw-in")
"""The first-lead rules of a pagons deal: text B's deal is throw-in fool's ("the whole game is
carried out according to the principle of playing a simple throw-in Fool"): the lowest trump of
the turned-up card's suit leads; with none dealt, a lot."""

FIRST_DEALT_SEAT = 0
"""The seat dealt the first card of every deal (position p goes to seat p mod players)."""


def first_lead(players: int) -> FirstLead:
    """How every deal's leader is decided: nothing fixes it, each seat shows its lowest trump."""
    return decide_first_lead(FIRST_LEAD_RULES, players, None)


def first_leader(hands: Sequence[Sequence[Card]], trump: str, lot: random.Random) -> int:
    """The seat that leads a deal of `hands` under `trump`: the lowest trump dealt, else the
    seat `lot` draws (`engine.first_lead.decide_first_lead` on each seat's `deciding_card`)."""
    players = len(hands)
    shown = [[] if (c := deciding_card(FIRST_LEAD_RULES, h, trump)) is None else [c] for h in hands]
    decided = decide_first_lead(FIRST_LEAD_RULES, players, None, shown, [trump] * players, lot)
    assert decided.leader is not None  # shown cards (or the lot) always decide
    return decided.leader
