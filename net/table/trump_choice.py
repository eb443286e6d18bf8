"""The dealer's named trump (`dealer_names_trump`, the whole deck dealt): who chooses it, by when,
and the checks of the signed `trump` message every seat makes on receipt.

B: "If the cards are dealt completely (when six players play), either the last card in the deck
or the suit highlighted by the dealer is considered a trump card". The dealer's seat chooses the
suit before any card is opened: its player in the client (`durak_qt.dialogs.trump_choice`), or its bot.
When nobody has chosen TRUMP_CHOICE_DEADLINE seconds after the start, the dealer's own core names
a suit for him (drawn from its dealing seed) and says so in the message (`auto`), so the others
are told. docs/protocol.md ("Payloads", `trump`).
"""

from __future__ import annotations

import random
from typing import Any

from engine.cards import SUITS
from net.table.events import TrumpChoiceDue, TrumpNamed
from net.table.reliable import ProtocolViolation

TRUMP_CHOICE_DEADLINE = 20.0
"""Seconds from the game's start the dealer has to name the trump suit before one is chosen for
him (shorter than the resume window, after which the others give up on a silent dealer)."""


def bot_trump_choice(bot: Any) -> str:
    """The suit a bot dealer names: before the deal it has seen no card, so any suit is as good;
    it draws one with its own random source (a bot without one names clubs)."""
    rng = getattr(bot, "rng", None)
    return rng.choice(SUITS) if isinstance(rng, random.Random) else SUITS[0]


def check_chosen(suit: object) -> str:
    """The suit the dealer's player or bot chose (ValueError, changing nothing, when it is none)."""
    if suit not in SUITS:
        raise ValueError(f"the trump suit is one of C, D, H, S, not {suit!r}")
    return str(suit)


def check_named(
    sender: int, namer: int | None, named: str | None, deal_opened: bool, game_begun: bool
) -> None:
    """A received `trump` message (its schema already checked): from the dealer, once, before the
    deal; ProtocolViolation naming the sender otherwise."""
    if namer is None:
        raise ProtocolViolation(sender, "named the trump suit, which nobody names in this game")
    if sender != namer:
        raise ProtocolViolation(
            sender, f"named the trump suit but does not deal (seat {namer} does)"
        )
    if deal_opened or game_begun:
        raise ProtocolViolation(sender, "named the trump suit after the deal")
    if named is not None:
        raise ProtocolViolation(sender, "named the trump suit twice")


__all__ = [
    "TRUMP_CHOICE_DEADLINE",
    "TrumpChoiceDue",
    "TrumpNamed",
    "bot_trump_choice",
    "check_chosen",
    "check_named",
]
