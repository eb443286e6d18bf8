"""Who leads a game's first bout, and whether the seats must show a card to decide it.

One place for the all-knowing engine (`Game`), a match (`Match.new_game`) and the LAN table:

1. Before the cards are seen, `decide_first_lead(rules, players, previous)` says whether the
   leader is already fixed by the previous game of a match (the fool's neighbour, or the winner)
   and so whether the seats must show a card at all (a "claim"): never once the leader is fixed,
   which keeps every hand's lowest trump hidden in later games.
2. If claims are needed, each seat shows `deciding_card(...)` of its hand (the 9 of diamonds in
   chinese, its lowest trump (two-trump: of its own suit), or, when the rules fall back on the
   lowest card, its lowest card), or nothing.
3. `decide_first_lead(..., shown=...)` then names the leader: the 9D's holder, else the lowest
   trump, else the fallback (`lot` with the table's agreed random source, or the lowest card).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.beating import is_trump
from engine.cards import Card
from engine.rules import SUIT_NAMES, Rules

if TYPE_CHECKING:
    from engine.game import Game

NINE_OF_DIAMONDS = Card.parse("9D")
PLAIN_SUITS = frozenset(SUIT_NAMES)  # a trump that is a suit (not a joker's colour, not None)


@dataclass(frozen=True)
class FirstLead:
    """The first lead of a game: the leader (None until shown cards decide it) and whether the
    seats show their deciding card (`claims`)."""

    leader: int | None
    claims: bool

    def __reduce__(self) -> tuple[type[FirstLead], tuple[int | None, bool]]:
        """Pickle and copy as a call (a compiled, frozen FirstLead has no __dict__ that copy or
        pickle could fill in, and refuses attribute assignment)."""
        return (FirstLead, (self.leader, self.claims))


def fixed_leader(
    rules: Rules, players: int, previous: Game | None, nine_leads_every_game: bool = True
) -> int | None:
    """The leader a match's previous game fixes (None: the cards decide: first game, a draw).

    D: "under the fool, that is, the player who sits to the right of the fool is the first to
    walk; From under the fool, the first player who sits to the left of the fool walks"; A
    (simple): "the move belongs to the winner of the previous game". Chinese fixes nobody: the
    9 of diamonds leads every game (`nine_leads_every_game=False`: the LAN table's reading
    today, where the previous result fixes chinese too).
    """
    if previous is None or previous.fool is None or (rules.chinese and nine_leads_every_game):
        return None
    fool = previous.fool
    if rules.next_lead == "under_fool":  # the player on the fool's right
        return (fool - 1) % players
    if rules.next_lead == "from_under_fool":  # the player on the fool's left
        return (fool + 1) % players
    # "winner": the move belongs to the winner of the previous game (two-player simple fool)
    return previous.out[0] if previous.out else (fool + 1) % players


def deciding_card(rules: Rules, hand: Sequence[Card], trump: str | None) -> Card | None:
    """The card a seat shows to decide the first lead (None: it shows nothing).

    `trump` is the trump that counts for this seat (its own suit in two-trump).
    """
    if rules.chinese and NINE_OF_DIAMONDS in hand:
        return NINE_OF_DIAMONDS
    if trump in PLAIN_SUITS:  # (is_trump's answer for a suit, without a call per card)
        trumps = [card for card in hand if card.suit == trump]
    else:
        trumps = [card for card in hand if is_trump(card, trump)]
    if trumps:
        return min(trumps, key=_rank_code)
    if rules.first_lead_fallback == "lowest_card":
        plain = [card for card in hand if not card.is_joker]
        if plain:
            return min(plain, key=_rank_code)
    return None


def decide_first_lead(
    rules: Rules,
    players: int,
    previous: Game | None = None,
    shown: Sequence[Sequence[Card]] | None = None,
    trumps: Sequence[str | None] = (),
    lot: random.Random | None = None,
) -> FirstLead:
    """How the first bout of a game is led (see the module text for the two calls).

    `shown[seat]`: the cards that seat showed (its `deciding_card`, or none); `trumps[seat]`: the
    trump that counts for it (one suit for everyone but in two-trump); `lot`: the random source
    the table agreed on, used when nobody shows a trump and the rules draw lots.
    """
    fixed = fixed_leader(rules, players, previous)
    if fixed is not None:
        return FirstLead(fixed, claims=False)
    if shown is None:
        return FirstLead(None, claims=True)
    return FirstLead(_leader_from_shown(rules, players, shown, trumps, lot), claims=True)


def _rank_code(card: Card) -> tuple[int, int]:
    return card.rank, card.code


def _leader_from_shown(
    rules: Rules,
    players: int,
    shown: Sequence[Sequence[Card]],
    trumps: Sequence[str | None],
    lot: random.Random | None,
) -> int:
    if rules.chinese:
        for seat, cards in enumerate(shown):
            if NINE_OF_DIAMONDS in cards:
                return seat
    best: tuple[int, int] | None = None
    for seat, cards in enumerate(shown):
        trump = trumps[seat] if seat < len(trumps) else None
        plain = trump in PLAIN_SUITS
        for card in cards:
            if (card.suit == trump if plain else is_trump(card, trump)) and (
                best is None or card.rank < best[0]
            ):
                best = (card.rank, seat)
    if best is not None:
        return best[1]
    if rules.first_lead_fallback == "lowest_card":
        low = min(
            ((c.rank, c.code, s) for s, cards in enumerate(shown) for c in cards if not c.is_joker),
            default=(0, 0, 0),
        )
        return low[2]
    return (lot or random.Random(0)).randrange(players)
