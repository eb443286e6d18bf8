"""A rule-of-thumb bot: shed cheap cards, keep trumps, beat with the cheapest card, take when costly."""

from __future__ import annotations

from collections import Counter
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
from engine.beating import beat_table
from engine.bots.base import Bot
from engine.cards import Card, deck_spec

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

        In reverse fool (where a wrong card is a legal move) or when the seat cannot see some of
        its own cards, it weighs its plays by the cards it cannot see anywhere (`choose_blind`).
        """
        obs = game.observation(seat)
        if None in obs.hand or game.rules.reverse:
            return self.choose_blind(obs, unseen_cards(game, seat), game)
        return self.choose_from(obs)

    def choose_blind(self, obs: Observation, unseen: Counter[Card], game: Game) -> Action:
        """Reverse fool: a card named by position is any of the `unseen` faces, equally likely.

        A sure play with a seen card comes first (a transfer, then the cheapest beat); a blind
        beat or transfer is tried when it may succeed (failing takes the bout, no worse than
        taking); a blind throw only when it probably matches; blind leads are never wrong.
        """
        legal = list(obs.legal)
        if not legal:
            raise IndexError(f"seat {obs.seat} has no legal action")
        trump = obs.trump_suit
        beats = beat_table(game.rules, trump)
        total = sum(unseen.values()) or 1

        def chance(test: Callable[[Card], bool]) -> float:
            return sum(n for card, n in unseen.items() if test(card)) / total

        kinds: dict[str, list[Action]] = {}
        for action in legal:
            kinds.setdefault(action.kind, []).append(action)
        blind = {kind: [a for a in actions if a.slots] for kind, actions in kinds.items()}
        seen = {kind: [a for a in actions if a.cards] for kind, actions in kinds.items()}
        if ATTACK in kinds:
            if self.rng.random() < 0.25:  # now and then any lead: takers must not cycle forever
                return self.rng.choice(kinds[ATTACK])
            cheap = [a for a in seen[ATTACK] if a.cards[0].suit != trump and a.cards[0].rank <= 10]
            if cheap or not blind[ATTACK]:
                return self._lead(cheap or seen[ATTACK], trump, obs.talon_count == 0)
            return self.rng.choice(blind[ATTACK])
        ranks = {card.rank for pair in obs.table for card in pair if card is not None}
        if obs.seat == obs.defender and not obs.taking and (BEAT in kinds or TAKE in kinds):
            unbeaten = {a.rank for a, b in obs.table if b is None}
            passes = [
                a
                for a in seen.get(TRANSFER, [])
                if a.cards[0].rank in unbeaten and a.cards[0].suit != trump
            ]
            if passes:
                return min(passes, key=lambda a: card_value(a.cards[0], trump))
            sure = [a for a in seen.get(BEAT, []) if a.cards[0].code in beats[a.target.code]]  # type: ignore[union-attr]
            if sure:
                return min(sure, key=lambda a: card_value(a.cards[0], trump))
            options: list[tuple[float, list[Action]]] = []
            for target in dict.fromkeys(a.target for a in blind.get(BEAT, [])):
                can = beats[target.code]  # type: ignore[union-attr]
                tries = [a for a in blind[BEAT] if a.target == target]
                options.append((chance(lambda c, can=can: c.code in can), tries))  # type: ignore[misc]
            if blind.get(TRANSFER):
                options.append((chance(lambda c: c.rank in unbeaten), blind[TRANSFER]))
            best = max(options, key=lambda option: option[0], default=None)
            if best is not None and best[0] > 0:
                return self.rng.choice(best[1])
            return kinds[TAKE][0] if TAKE in kinds else self.rng.choice(legal)
        sure_throws = [a for a in seen.get(THROW, []) if a.cards[0].rank in ranks]
        if sure_throws:
            return min(sure_throws, key=lambda a: card_value(a.cards[0], trump))
        if blind.get(THROW) and chance(lambda c: c.rank in ranks) >= 0.5:
            return self.rng.choice(blind[THROW])
        if PASS in kinds:
            return kinds[PASS][0]
        return self.rng.choice(legal)

    def choose_from(self, obs: Observation) -> Action:
        """Pick an action from an observation alone (cards named by face)."""
        legal = obs.legal
        if any(action.slots for action in legal):
            raise ValueError("blind plays by position need choose_blind")
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


def unseen_cards(game: Game, seat: int) -> Counter[Card]:
    """The faces of the deck that `seat` sees nowhere (its own blind cards are among them)."""
    rules = game.rules
    unseen = Counter(deck_spec(rules.deck, rules.jokers, rules.decks))
    unseen.subtract(card for card in game.visible_faces(seat) if card is not None)
    return +unseen
