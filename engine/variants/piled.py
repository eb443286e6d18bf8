"""Piled (and any deal that leaves no talon): the last card dealt shows the trump and stays in
its owner's hand, or, with option `dealer_names_trump`, the dealer names the suit before the
deal and no card is shown (docs/rules.md, `piled` and "Trump when the whole deck is dealt").

Piled's own option `deal_all` only sizes the hands (`Piled.dealt_hand_size`, asked by
`engine.dealing_order.deal_layout`); six players dealt six cards each from 36 leave no talon
either, so `Game` calls `turn_up_whole_deal` for both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import game_setup
from engine.errors import EngineError
from engine.rules import SUIT_NAMES, Rules
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.game import Game


class Piled(Twist):
    """The whole deck dealt (`deal_all`)."""

    __slots__ = ()

    def dealt_hand_size(self, rules: Rules, players: int) -> int | None:
        """Every card is dealt: the deck shared out, the first seats one more if it does not
        divide."""
        return -(-rules.deck_size // players)


def turn_up_whole_deal(game: Game, trump: str | None) -> bool:
    """B: "If the cards are dealt completely (when six players play), either the last card in
    the deck or the suit highlighted by the dealer is considered a trump card". False: a talon
    is left (and the deal is not piled's), so its last card is turned up instead."""
    if game.talon and not game.rules.deal_all:
        return False
    if game.rules.dealer_names_trump:
        if trump not in SUIT_NAMES:
            raise EngineError(f"the dealer names the trump suit (C, D, H or S), not {trump!r}")
        game.trump_suit = trump
    else:
        game_setup.set_trump_from_last(game, len(game.faces) - 1)
    return True
