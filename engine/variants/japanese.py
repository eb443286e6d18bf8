"""Japanese: diamonds are always trump and no card is turned up; with the text's option a
diamond drawn from the top lies face up under the talon (docs/rules.md, `japanese`; options
`fixed_trump`, `fixed_trump_card`). Spades beaten only by spades are `engine.beating`'s
(`spades_only_spades`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.errors import EngineError
from engine.variants.twist import Twist

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.game import Game


class Japanese(Twist):
    """A fixed trump suit, with or without a card of it under the talon."""

    __slots__ = ("card_under", "suit")

    def __init__(self, suit: str, card_under: bool) -> None:
        self.suit = suit
        self.card_under = card_under

    def order_deck(self, deck: list[Card], rng: random.Random) -> None:
        """With the card option, the first card of the suit from the top goes under the deck."""
        if self.card_under:
            put_first_of_suit_under(deck, self.suit, rng)

    def check_deck(self, deck: Sequence[Card]) -> None:
        """With the card option, a card of the suit lies under the deck."""
        if self.card_under and deck[-1].suit != self.suit:
            raise EngineError(f"a card of the trump suit {self.suit} lies under the talon")

    def set_trump(self, game: Game, trump: str | None) -> bool:
        """ "The suit that plays the role of trump card is always the diamond": without the
        card option no card is turned up."""
        if self.card_under:
            return False
        game.trump_suit = self.suit
        return True

    def trump_set(self, game: Game) -> None:
        """Whatever card shows, the fixed suit is trump."""
        game.trump_suit = self.suit


def put_first_of_suit_under(deck: list[Card], suit: str | None, rng: random.Random) -> None:
    """Japanese option: the players draw from the top until a card of `suit` comes; it goes
    under the deck (the talon's bottom, face up) and the cards drawn before it are shuffled back
    with the rest (with `rng`), so every other order stays as likely."""
    from engine.game import shuffle_as_random  # (engine.game imports this module)

    for index, card in enumerate(deck):
        if card.suit == suit:
            under = deck.pop(index)
            shuffle_as_random(deck, rng)
            deck.append(under)
            return
    raise EngineError(f"no card of suit {suit} in the deck")
