"""Game files of finished local games, dealt with cheap proofs unless a test asks for real ones."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.cheap_proofs import deal_cheaply, deal_really


@pytest.fixture(autouse=True, scope="module")
def cheap_proofs() -> Iterator[None]:
    """Tables deal with one-round proofs in this folder (tests only; module-wide, so that
    module-scoped game files are dealt so too)."""
    with pytest.MonkeyPatch.context() as patch:
        deal_cheaply(patch)
        yield


@pytest.fixture(autouse=True)
def real_proofs(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test marked `real_proofs` deals with the real shuffle proofs."""
    if request.node.get_closest_marker("real_proofs") is not None:
        deal_really(monkeypatch)
