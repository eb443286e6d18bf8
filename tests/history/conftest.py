"""Game files of finished local games, dealt with cheap proofs unless a test asks for real ones."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

import net.table.deals
import net.table.game_adapter
from net.dealing.context import CUT_AND_CHOOSE, DealContext


@dataclasses.dataclass(frozen=True)
class CheapContext(DealContext):
    """A deal context proving pass 1 with one cut-and-choose round: the same messages, far
    cheaper proofs (re-declared as a dataclass, so the defaults take effect)."""

    rounds: int = 1
    proof: str = CUT_AND_CHOOSE


@pytest.fixture(autouse=True, scope="module")
def cheap_proofs() -> Iterator[None]:
    """Tables deal with one-round proofs in this folder (tests only; module-wide, so that
    module-scoped game files are dealt so too)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(net.table.deals, "DealContext", CheapContext)
        patch.setattr(net.table.game_adapter, "DealContext", CheapContext)
        yield


@pytest.fixture(autouse=True)
def real_proofs(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test marked `real_proofs` deals with the real shuffle proofs."""
    if request.node.get_closest_marker("real_proofs") is not None:
        monkeypatch.setattr(net.table.deals, "DealContext", DealContext)
        monkeypatch.setattr(net.table.game_adapter, "DealContext", DealContext)
