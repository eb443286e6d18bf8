"""Hand-made observations for view tests (the engine's own value types, no game behind them)."""

from __future__ import annotations

from typing import Any

from engine.actions import Action
from engine.cards import Card
from engine.observation import Observation


def cards(text: str) -> tuple[Card, ...]:
    """Cards from space-separated texts."""
    return tuple(Card.parse(t) for t in text.split())


def observation(**fields: Any) -> Observation:
    """A 4-player mid-bout observation for seat 0 (defending), overridable field by field."""
    hand = cards("6S 9C 10C JH 7D QS")
    base: dict[str, Any] = {
        "seat": 0,
        "players": 4,
        "variant": "transfer",
        "trump_suit": "H",
        "trump_card": Card.parse("8H"),
        "talon_count": 9,
        "discard_count": 6,
        "hand": hand,
        "hands": (hand, (None,) * 5, cards("KD") + (None,) * 4, (None,) * 6),
        "hand_sizes": (6, 5, 5, 6),
        "table": ((Card.parse("7C"), None), (Card.parse("7S"), Card.parse("KS"))),
        "attacker": 3,
        "defender": 0,
        "to_act": (0,),
        "passed": (),
        "taking": False,
        "out": (),
        "over": False,
        "fool": None,
        "legal": (
            Action.parse("0 beat 7C 9C"),
            Action.parse("0 beat 7C 10C"),
            Action.parse("0 beat 7C JH"),
            Action.parse("0 take"),
        ),
    }
    base.update(fields)
    return Observation(**base)
