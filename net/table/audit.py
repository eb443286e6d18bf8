"""The final audit of a table game: merge the deals' verdicts, replay the game with every face
open, and check the lowest-trump claims made for another seat (reverse fool)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.actions import Action
from engine.audit import audit_game
from engine.beating import is_trump
from engine.cards import Card
from engine.errors import EngineError, ParseError
from engine.game import Claim
from engine.rules import Rules
from net.dealing.events import Verdict


def merge_verdicts(
    deal_verdicts: dict[int, Verdict],
    initial_sources: list[tuple[int, int]],
    reshuffle_deals: list[int],
    game_check: Callable[[list[str], list[list[str]]], list[tuple[int | None, str]]],
    proxy_claim_problems: Callable[[tuple[str, ...]], list[tuple[int, str]]],
) -> Verdict:
    """One verdict of every deal's audit: cheaters, forfeits and problems of all deals, and
    when every deck opened, the game's deck checked by replaying the game (a problem that names
    a seat names a cheater) and the proxy claims."""
    cheaters: dict[int, list[str]] = {}
    forfeits: set[int] = set()
    problems: list[str] = []
    for index, verdict in sorted(deal_verdicts.items()):
        label = "" if index == 0 else f"deal {index}: "
        for seat, reasons in verdict.cheaters.items():
            cheaters.setdefault(seat, []).extend(label + r for r in reasons)
        forfeits.update(verdict.forfeits)
        problems.extend(label + p for p in verdict.problems)
    decks = {index: verdict.deck for index, verdict in deal_verdicts.items()}
    deck: tuple[str, ...] | None = None
    if all(d is not None for d in decks.values()):
        deck = tuple(decks[d][p] for d, p in initial_sources)  # type: ignore[index]
        redeals = [list(decks[d] or ()) for d in reshuffle_deals]
        for named, problem in game_check(list(deck), redeals):
            if named is None:
                problems.append(problem)
            else:
                cheaters.setdefault(named, []).append(problem)
        for claimer, reason in proxy_claim_problems(deck):
            cheaters.setdefault(claimer, []).append(reason)
    return Verdict(
        cheaters=dict(sorted(cheaters.items())),
        forfeits=tuple(sorted(forfeits)),
        problems=tuple(problems),
        deck=deck,
    )


def proxy_claim_problems(
    trump: str | None,
    dealt: list[list[int]],
    proxy_claims: list[tuple[int, int, Card | None]],
    deck: tuple[str, ...],
) -> list[tuple[int, str]]:
    """Reverse: each seat's claim about the next seat's lowest trump, against the open deck."""
    found = []
    for claimer, subject, card in proxy_claims:
        faces = [Card.parse(deck[p]) for p in dealt[subject]]
        trumps = sorted((c for c in faces if trump is not None and is_trump(c, trump)),
                        key=lambda c: c.rank)  # fmt: skip
        lowest = trumps[0] if trumps else None
        if (lowest is None) != (card is None) or (
            lowest is not None and card is not None and lowest.rank != card.rank
        ):
            found.append(
                (
                    claimer,
                    f"claimed {card or 'no trump'} as seat {subject}'s lowest trump; "
                    f"it was dealt {lowest or 'none'}",
                )
            )
    return found


def game_check(
    rules: Rules,
    players: int,
    first: int | None,
    entries: list[dict[str, Any]],
    claims: list[Claim],
    opened_deck: list[str],
    redeals: list[list[str]],
    dealer: int | None,
    trump: str | None,
) -> list[str]:
    """The audit's replay of the whole game on the engine with every face open."""
    if first is None:
        return ["the game never started"]
    try:
        deck = [Card.parse(t) for t in opened_deck]
        dealt = [[Card.parse(t) for t in cards] for cards in redeals]
    except ParseError as exc:
        return [f"the opened deck holds a non-card: {exc}"]
    actions = [Action.parse(str(e["a"])) for e in entries]
    try:
        return audit_game(
            rules,
            players,
            deck,
            actions,
            first,
            claims,
            redeals=dealt,
            dealer=dealer,
            trump=trump,
        )
    except EngineError as exc:
        return [f"the game cannot be replayed: {exc}"]
