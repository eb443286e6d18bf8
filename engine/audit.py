"""Claims about hidden cards, and the end-of-game check of a whole game with every face open."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.actions import Action
from engine.cards import Card
from engine.errors import EngineError, IllegalAction
from engine.first_lead import decide_first_lead
from engine.game import HIDDEN_BEAT, HIGHEST_LEAD, Claim, Game, deal_layout
from engine.rules import Rules

LOWEST_TRUMP = "lowest_trump"
NO_TRUMP = "none"
REPLAYED_CLAIMS = (HIGHEST_LEAD, HIDDEN_BEAT)
"""Claims that need no check of their own: boring's "I led my highest rank" is enforced as
legality when the audit replays the game with every face open; believe's accepted face-down
beat may be false by the rules (that is the game), so only card conservation matters."""


def lowest_trump_claim(seat: int, card: Card | None) -> Claim:
    """A seat's statement at the start: its lowest trump is `card` (None: it holds no trump)."""
    return Claim(seat, LOWEST_TRUMP, NO_TRUMP if card is None else card.text)


def leader_from_claims(
    rules: Rules, trump: str | None, claims: Sequence[Claim], players: int, rng: random.Random
) -> int:
    """Who leads the first game, from every seat's lowest-trump claim (shown cards are public),
    by the one first-lead rule (`engine.first_lead.decide_first_lead`, `rng` its lot)."""
    shown: list[list[Card]] = [[] for _ in range(players)]
    for claim in claims:
        if claim.kind == LOWEST_TRUMP and claim.text != NO_TRUMP:
            shown[claim.seat].append(Card.parse(claim.text))
    if any(shown) or rules.first_lead_fallback == "lot":
        decided = decide_first_lead(rules, players, None, shown, [trump] * players, rng)
        assert decided.leader is not None  # cards were shown: they decide
        return decided.leader
    raise EngineError("nobody holds a trump: the lowest card must be shown to choose the leader")


def check_claims(
    rules: Rules,
    players: int,
    deck: Sequence[Card],
    claims: Sequence[Claim],
    dealer: int | None = None,
) -> list[str]:
    """Every claim that the opened deck (dealt by `dealer`) proves false, naming the seat."""
    problems = []
    dealt, _ = deal_layout(rules, players, dealer)
    trump = deck[-1].suit
    for claim in claims:
        if claim.kind in REPLAYED_CLAIMS:
            continue  # the replay with every face open checks these
        if claim.kind != LOWEST_TRUMP:
            problems.append(f"seat {claim.seat}: unknown claim {claim.kind!r}")
            continue
        trumps = sorted(
            (deck[p] for p in dealt[claim.seat] if deck[p].suit == trump), key=lambda c: c.rank
        )
        if claim.text == NO_TRUMP:
            if trumps:
                problems.append(
                    f"seat {claim.seat} claimed no trump but was dealt {trumps[0].text}"
                )
        elif not trumps or trumps[0].rank != Card.parse(claim.text).rank:
            lowest = trumps[0].text if trumps else "none"
            problems.append(
                f"seat {claim.seat} claimed {claim.text} as its lowest trump; it was dealt {lowest}"
            )
    return problems


def audit_game(
    rules: Rules,
    players: int,
    deck: Sequence[Card],
    log: Sequence[Action],
    first: int,
    claims: Sequence[Claim] = (),
    reveal_map: Mapping[int, Card] | None = None,
    redeals: Sequence[Sequence[Card]] = (),
    dealer: int | None = None,
    trump: str | None = None,
) -> list[str]:
    """Replay a whole game with every face open; return every problem found (empty: clean).

    `deck` is the opened deck in dealt order, dealt by `dealer` (seat 0 first without one);
    `trump`: the suit the dealer named (`dealer_names_trump`, the whole deck dealt).
    Each problem names the seat at fault. `redeals`: for crazy and poker, the faces the table
    dealt to the positions of each `reshuffle`.
    """
    problems = check_claims(rules, players, deck, claims, dealer)
    try:
        game = Game.from_deck(
            rules, players, deck, first=first, redeals=redeals, dealer=dealer, trump=trump
        )
    except EngineError as exc:
        return [*problems, f"the opened deck cannot be dealt: {exc}"]
    for index, action in enumerate(log):
        try:
            game.apply(action)
        except IllegalAction as exc:
            problems.append(f"seat {action.seat}: move {index} ({action}) is illegal: {exc}")
            break
        except EngineError as exc:  # the table's re-deal after a reshuffle does not fit
            problems.append(f"move {index} ({action}): {exc}")
            break
    if reveal_map:
        for slot, card in reveal_map.items():
            if deck[slot] != card:
                problems.append(f"position {slot} was shown as {card} but is {deck[slot]}")
    return problems
