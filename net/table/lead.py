"""Who leads the first trick at a table: the trump each claim is judged by, whose hand a claim is
about, the leader the shown cards decide, the dealer's named trump, and the claims' check."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence

from engine.audit import lowest_trump_claim
from engine.beating import is_trump
from engine.cards import SUITS, Card
from engine.first_lead import FirstLead, decide_first_lead
from engine.game import Game
from engine.rules import Rules
from net.dealing.errors import CheatDetected


def trump_for(
    rules: Rules,
    seat: int,
    lot_trump: str | None,
    named_trump: str | None,
    trump_slots: list[int],
    faces: dict[int, Card],
    seat_suits: Callable[[Sequence[Card | None]], list[str | None]],
) -> str | None:
    """The trump suit (or joker colour) that decides `seat`'s first-lead claim; `seat_suits`: the
    game's personal trump suits from the seats' trump cards (its adapter's)."""
    if rules.trumpless:
        return None
    if rules.fixed_trump:
        return rules.fixed_trump
    if lot_trump is not None:
        return lot_trump
    if named_trump is not None:
        return named_trump
    if not trump_slots:
        return None
    if rules.personal_trumps:  # two-trump: the seat's own suit (distinct: maybe one nobody has)
        cards = [faces.get(slot) for slot in trump_slots]
        suits = seat_suits(cards)
        return suits[seat] if seat < len(suits) else None
    card = faces.get(trump_slots[0])
    if card is None:
        return None
    return card.color if card.is_joker else card.suit


def claim_subject(rules: Rules, players: int, seat: int) -> int:
    """Whose hand a seat's first-lead claim is about: its own, or in reverse fool (where it
    cannot see its own cards) the next seat's."""
    return (seat + 1) % players if rules.reverse else seat


def named_trump_suit(dealing_seed: bytes) -> str:
    """The suit a dealer names, drawn from its dealing seed (before the deal nobody has seen a
    card)."""
    digest = hashlib.sha256(b"durak-named-trump\x00" + dealing_seed).digest()
    return SUITS[digest[0] % len(SUITS)]


def claims_checkable(rules: Rules, trump_namer: int | None) -> bool:
    """The audit checks lowest-trump claims for games whose trump is the turned-up card."""
    return not (
        rules.chinese
        or rules.personal_trumps
        or rules.fixed_trump
        or rules.trumpless
        or rules.jokers
        or rules.deal_all
        or rules.secret_trump
        or rules.locked
        or rules.first_lead_fallback == "lowest_card"
        or trump_namer is not None
    )


def leader(
    first_lead: FirstLead,
    rules: Rules,
    players: int,
    shown: list[list[Card]],
    trumps: list[str | None],
    session: bytes,
) -> int:
    """Who leads: fixed by the config (a match's next leader), else the engine's rule
    (`engine.first_lead.decide_first_lead`) on the cards shown, with the deal's lot; where
    nobody shows a card and nothing fixed the leader (czech fool), the deal's lot alone."""
    if not first_lead.claims:
        if first_lead.leader is None:
            return random.Random(session).randrange(players)
        return first_lead.leader
    if rules.personal_trumps:
        check_own_trumps(shown, trumps)
    lot = random.Random(session)
    decided = decide_first_lead(rules, players, None, shown, trumps, lot)
    assert decided.leader is not None
    return decided.leader


def check_own_trumps(shown: list[list[Card]], trumps: list[str | None]) -> None:
    """Two-trump: a seat shows a card of its own trump suit, or nothing; CheatDetected names a
    seat that showed another (its audit replays no claim, so the start checks it here)."""
    for seat, cards in enumerate(shown):
        for card in cards:
            if not is_trump(card, trumps[seat]):
                raise CheatDetected(
                    seat, f"showed {card} as its lowest trump; its trump suit is {trumps[seat]}"
                )


def record_claims(
    game: Game,
    rules: Rules,
    players: int,
    shown: list[list[Card]],
    trump: str | None,
    proxy_claims: list[tuple[int, int, Card | None]],
) -> None:
    """Check each seat's shown card is a trump and record its lowest-trump claim in the game;
    a claim about another seat's hand goes to `proxy_claims` (claimer, subject, card) for the
    audit. Raises CheatDetected naming a seat that showed a card that is not a trump."""
    for seat in range(players):
        subject = claim_subject(rules, players, seat)
        card = shown[subject][0] if shown[subject] else None
        if card is not None and not is_trump(card, trump):
            whose = "its" if subject == seat else f"seat {subject}'s"
            raise CheatDetected(seat, f"showed {card} as {whose} lowest trump; it is not a trump")
        if subject != seat:
            proxy_claims.append((seat, subject, card))
            continue
        claim = lowest_trump_claim(seat, card)
        game.record_claim(claim.seat, claim.kind, claim.text)
