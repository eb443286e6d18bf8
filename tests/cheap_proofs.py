"""Tables dealt with cheap proofs in tests whose subject is not the proofs themselves.

`CheapContext` proves pass 1 with one cut-and-choose round: the same messages and the same checks
as a real deal, far less arithmetic. tests/dealing and tests/table test the real proofs; a test
marked `real_proofs` in a folder that deals cheaply gets them back.
"""

from __future__ import annotations

import dataclasses

import pytest

import net.table.deals
import net.table.game_adapter
from net.dealing.context import CUT_AND_CHOOSE, DealContext


@dataclasses.dataclass(frozen=True)
class CheapContext(DealContext):
    """A deal context proving pass 1 with one cut-and-choose round (re-declared as a
    dataclass, so the defaults take effect)."""

    rounds: int = 1
    proof: str = CUT_AND_CHOOSE


def deal_cheaply(patch: pytest.MonkeyPatch) -> None:
    """Make every table dealt under `patch` use `CheapContext`."""
    patch.setattr(net.table.deals, "DealContext", CheapContext)
    patch.setattr(net.table.game_adapter, "DealContext", CheapContext)


def deal_really(patch: pytest.MonkeyPatch) -> None:
    """Make every table dealt under `patch` use the real `DealContext`."""
    patch.setattr(net.table.deals, "DealContext", DealContext)
    patch.setattr(net.table.game_adapter, "DealContext", DealContext)
