"""Why the cards a player picked make no joker-rummy move, from that player's observation.

A client lets its player pick cards and then offers the one legal move made of exactly them;
when there is none, `picked_refusal` says which rule stands in the way, as a reason code with
the numbers a sentence needs, so the client can say it in the player's language.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

from engine.cards import Card
from engine.rummy.actions import RUN
from engine.rummy.melds import card_of, hand_melds, meld_value, run_low
from engine.rummy.rules import RummyRules, get_rummy_rules

QUIET_FIRST_ROUND = "quiet-first-round"
"""A run or a set, but nothing is laid out until every player has moved once."""
OPENING_SHORT = "opening-short"
"""A run or a set, but the first laying cannot reach the opening points this turn with it."""
JOKER_FOR_HELD = "joker-for-held"
"""A run with a joker in the place of a card the player holds."""
LAY_MORE = "lay-more"
"""One card, but a first laying was begun: no discard until it reaches the opening points."""
NO_COMBINATION = "no-combination"
"""The cards make no run or set, and no other move."""


class Refusal(NamedTuple):
    """A reason code; `points`: what the first laying would reach with the picked cards
    (OPENING_SHORT) or has reached (LAY_MORE); `need`: the opening points; `card`: the held
    card a joker stands for (JOKER_FOR_HELD)."""

    reason: str
    points: int = 0
    need: int = 0
    card: Card | None = None


def observation_rules(observation: Any) -> RummyRules:
    """The rules an observation was made under (the preset of its variant when it has none)."""
    rules = getattr(observation, "rules", None)
    return rules if isinstance(rules, RummyRules) else get_rummy_rules(observation.variant)


def joker_for_held(cards: Sequence[Card], kept: Counter[Card]) -> Card | None:
    """The card of `kept` that a joker of the run `cards` (low to high) stands for, if any
    ("you hold it: lay it, not a joker in its place")."""
    low = run_low(cards)
    if low is None:
        return None
    suit = str(next(c for c in cards if not c.is_joker).suit)
    for offset, card in enumerate(cards):
        if card.is_joker and kept[card_of(low + offset, suit)]:
            return card_of(low + offset, suit)
    return None


def picked_refusal(observation: Any, picked: Sequence[Card]) -> Refusal:
    """Why `picked` (cards of the observer's hand, in any order) is none of the observation's
    legal moves: the first rule that refuses the run or set they make, else LAY_MORE or
    NO_COMBINATION. Meant for cards that match no legal action."""
    obs = observation
    rules = observation_rules(obs)
    wanted = Counter(picked)
    combinations = [(k, c) for k, c in hand_melds(tuple(picked)) if Counter(c) == wanted]
    laying = obs.laid_this_turn > 0 and not obs.opened[obs.seat]
    if not combinations:
        if laying and len(picked) == 1:
            return Refusal(LAY_MORE, obs.laid_this_turn, rules.open_points)
        return Refusal(NO_COMBINATION)
    if not rules.lays_in_round(obs.round_number, obs.players):
        return Refusal(QUIET_FIRST_ROUND)
    kept = Counter(obs.hand) - wanted
    held = [joker_for_held(c, kept) if k == RUN else None for k, c in combinations]
    if all(card is not None for card in held):
        return Refusal(JOKER_FOR_HELD, card=held[0])
    if not obs.opened[obs.seat]:
        value = max(meld_value(k, c, rules.low_ace_opening) for k, c in combinations)
        return Refusal(OPENING_SHORT, obs.laid_this_turn + value, rules.open_points)
    return Refusal(NO_COMBINATION)
