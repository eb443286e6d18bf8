"""Family-2 variants at a table: dealt and played through the fair-dealing protocol, audited clean."""

from __future__ import annotations

import pytest

from engine.rules import get_rules
from net.table.core import table_support
from net.table.sim import make_table

FAMILY_2 = ["japanese", "albanian", "armenian", "trumpless", "big", "believe", "two-trump",
            "boring", "trump-change", "royal", "circular", "magadan", "piled", "invisible",
            "reverse", "crazy", "points", "pogony", "poker", "secret", "empty", "treshka",
            "chukotka", "chinese", "jokers"]  # fmt: skip
NOT_YET: set[str] = set()  # every family-2 variant is dealt fairly at a table now


@pytest.mark.parametrize("variant", [v for v in FAMILY_2 if v not in NOT_YET])
def test_a_variant_plays_to_a_clean_audit_at_a_simulated_table(variant: str) -> None:
    players = 3 if variant in ("magadan", "circular", "believe", "armenian") else 2
    table = make_table(players, variant=variant, seed=4, bots="heuristic,random")
    table.start()
    table.step_until(4000)
    results = table.results()
    assert len(results) == players
    hashes = {over.log_hash for over in results.values()}
    assert len(hashes) == 1
    for over in results.values():
        assert over.reason == "finished", over
        assert over.verdict is not None and over.verdict.ok, over.verdict


def test_a_combination_not_yet_dealt_fairly_is_refused_with_the_reason() -> None:
    reason = table_support(get_rules("invisible", jokers=2))
    assert reason and "not yet dealt through the fair-dealing protocol" in reason
    with pytest.raises(ValueError, match="not yet"):
        make_table(2, variant="invisible", options={"jokers": 2}, seed=1)
