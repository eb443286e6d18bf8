"""A rule combination not yet dealt through the fair-dealing protocol is refused at a table, with
the reason; every variant on its own is accepted."""

from __future__ import annotations

import pytest

from engine.rules import variant_ids
from net.lobby import check_rules


def test_the_lobby_refuses_invisible_fool_with_jokers() -> None:
    with pytest.raises(ValueError, match="not yet dealt through the fair-dealing protocol"):
        check_rules("invisible", {"jokers": 2}, 2)


@pytest.mark.parametrize(
    "variant", ["magadan", "crazy", "poker", "invisible", "albanian", "reverse"]
)
def test_supported_variants_pass(variant: str) -> None:
    assert check_rules(variant, {}, 3).id == variant


def test_every_variant_is_accepted_at_a_table() -> None:
    for variant in variant_ids():
        seats = 4 if variant == "teams" else 2
        assert check_rules(variant, {}, seats).id == variant
