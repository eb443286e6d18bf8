"""Game files of finished local games, dealt with cheap proofs unless a test asks for real ones."""

from __future__ import annotations

import pytest

import net.table.deals
import net.table.game_adapter
from net.dealing.context import DealContext


class CheapContext(DealContext):
    """A deal context with one cut-and-choose round: the same messages, far cheaper proofs."""

    rounds: int = 1


@pytest.fixture(autouse=True)
def cheap_proofs(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables deal with one-round proofs (tests only), except in tests marked `real_proofs`."""
    if request.node.get_closest_marker("real_proofs") is None:
        monkeypatch.setattr(net.table.deals, "DealContext", CheapContext)
        monkeypatch.setattr(net.table.game_adapter, "DealContext", CheapContext)


def pytest_configure(config: pytest.Config) -> None:
    """Register the marker."""
    config.addinivalue_line("markers", "real_proofs: deal with the real shuffle proofs")
