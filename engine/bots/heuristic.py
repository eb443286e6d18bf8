"""A rule-of-thumb bot: shed cheap cards, keep trumps, beat with the cheapest card, take when costly."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.actions import (
    ACCEPT,
    ATTACK,
    BEAT,
    BEAT_HIDDEN,
    CHECK,
    PASS,
    SHOW_TRUMP,
    TAKE,
    THROW,
    TRANSFER,
    Action,
)
from engine.bots.base import Bot
from engine.cards import Card

if TYPE_CHECKING:
    from engine.game import Game
    from engine.observation import Observation

TRUMP_BONUS = 20


def card_value(card: Card, trump: str | None) -> int:
    """How much a card is worth keeping: rank, plus a bonus for trumps; jokers highest."""
    if card.is_joker:
        return 60
    return card.rank + (TRUMP_BONUS if card.suit == trump else 0)


class HeuristicBot(Bot):
    """Plays like a careful beginner; reads only its observation."""

    name = "heuristic"

    def choose(self, game: Game, seat: int) -> Action:
        """Pick an action from the seat's observation.

        When the seat cannot see its own cards (reverse fool) it picks blindly: a uniformly
        random legal action, as a player pointing at an unseen card would.
        """
        obs = game.observation(seat)
        if None in obs.hand:
            return self.rng.choice(game.legal_actions(seat))
        return self.choose_from(obs)

    def choose_from(self, obs: Observation) -> Action:
        """Pick an action from an observation alone."""
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        trump = obs.trump_suit
        kinds: dict[str, list[Action]] = {}
        for action in legal:
            kinds.setdefault(action.kind, []).append(action)

        def value(action: Action) -> int:
            return sum(card_value(c, trump) for c in action.cards)

        endgame = obs.talon_count == 0
        if ACCEPT in kinds:  # believe: doubt a face-down card now and then
            return kinds[CHECK][0] if self.rng.random() < 0.35 else kinds[ACCEPT][0]
        if ATTACK in kinds:
            return self._lead(kinds[ATTACK], trump, endgame)
        if obs.seat == obs.defender and not obs.taking and (BEAT in kinds or TAKE in kinds):
            return self._defend(obs, kinds, value)
        throws = [a for a in kinds.get(THROW, []) if len(a.cards) == 1]
        if throws:
            best = min(throws, key=value)
            card = best.cards[0]
            cheap = card.suit != trump and (card.rank <= 10 or obs.talon_count <= 4)
            if cheap or endgame:
                return best
        if PASS in kinds:
            return kinds[PASS][0]
        return min(legal, key=value)

    def _lead(self, attacks: list[Action], trump: str | None, endgame: bool) -> Action:
        def key(action: Action) -> tuple[int, int]:
            card = action.cards[0]
            # Lowest card first; among equal ranks, lead all copies of a non-trump rank at once.
            many = -len(action.cards) if card.suit != trump or endgame else len(action.cards)
            return (card_value(card, trump), many)

        return min(attacks, key=key)

    def _defend(
        self, obs: Observation, kinds: dict[str, list[Action]], value: Callable[[Action], int]
    ) -> Action:
        trump = obs.trump_suit
        if SHOW_TRUMP in kinds:
            return kinds[SHOW_TRUMP][0]
        transfers = [a for a in kinds.get(TRANSFER, []) if a.cards[0].suit != trump]
        if transfers:
            return min(transfers, key=value)
        beats = kinds.get(BEAT, [])
        unbeaten = [a for a, b in obs.table if b is None]
        # Can every unbeaten card be covered, each with a different card, greedily cheapest?
        hand = [c for c in obs.hand if c is not None]
        plan: list[Action] = []
        for target in sorted(unbeaten, key=lambda c: -card_value(c, trump)):
            options = sorted(
                (a for a in beats if a.target == target and a.cards[0] in hand),
                key=value,
            )
            if not options:
                bluffs = [a for a in kinds.get(BEAT_HIDDEN, []) if a.target == target]
                if bluffs and self.rng.random() < 0.3:  # believe: a face-down bluff
                    return min(bluffs, key=value)
                return kinds[TAKE][0] if TAKE in kinds else min(obs.legal, key=value)
            hand.remove(options[0].cards[0])
            plan.append(options[0])
        cost = sum(card_value(a.cards[0], trump) for a in plan)
        spent_trumps = sum(1 for a in plan if a.cards[0].suit == trump)
        table_cards = len(obs.table)
        if (
            TAKE in kinds
            and obs.talon_count > 6
            and spent_trumps
            and cost > 30 * len(plan)
            and table_cards <= 2
        ):
            return kinds[TAKE][0]
        return plan[0] if plan else kinds[TAKE][0]
