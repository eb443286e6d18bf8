"""Every golden digest (seeded random games per preset and player count) is unchanged.

A digest that differs means play changed: a restructure must change none, and a rule change
regenerates only the digests of the presets it touches (`python -m tests.engine.golden
--write --preset ID`), saying which in its commit.
"""

from __future__ import annotations

import pytest

from tests.engine import golden

STORED = golden.load()
ENTRIES = list(golden.digest_names())


def test_every_digest_is_stored() -> None:
    """The stored file names exactly the digests the presets and player counts call for."""
    assert [key for key, _, _ in ENTRIES] == list(STORED)


@pytest.mark.parametrize("entry", ENTRIES, ids=[key for key, _, _ in ENTRIES])
def test_digest_unchanged(entry: tuple[str, str, int | None]) -> None:
    """Replaying this preset's seeded games gives the stored digest."""
    assert golden.compute(entry) == STORED[entry[0]], (
        f"{entry[0]} plays differently; if the change is meant, regenerate with "
        f"python -m tests.engine.golden --write --preset {entry[1]}"
    )
