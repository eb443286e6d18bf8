"""Which rules a table can deal through the fair-dealing protocol."""

from __future__ import annotations

from engine.rules import Rules


def table_support(rules: Rules) -> str | None:
    """Why these rules cannot be played at a table yet (None: they can)."""
    if rules.fixed_trump_card and rules.jokers:
        return "japanese with a card under the talon and jokers is not yet dealt at a table"
    if rules.hidden_trump_card and rules.jokers:
        return (
            "invisible fool with jokers is not yet dealt through the fair-dealing protocol "
            "(a joker has no suit to show)"
        )
    return None
