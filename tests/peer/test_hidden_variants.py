"""Hidden-card variants at a real table of `durak-peer` processes on loopback: every card that
the variant hides or moves goes through the fair-dealing protocol, and the audit comes out clean.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from tests.net.netns import requires_private_netns
from tests.peer.test_loopback import check_same_clean_game, finish, peer

pytestmark = [requires_private_netns, pytest.mark.slow]

# magadan: locked cards opened one per discarded bout; secret: a second trump hidden under the
# trump card; believe: face-down beats opened on a check; two-trump: a trump card per player;
# armenian: leads from the talon's top card; crazy: discarded bouts shuffled back into the talon
# (a hidden sub-deck mid-game); poker: exchanges with the talon (the same); invisible: the trump
# suit by lot from a suit-ordered deal, the other cards from a second deal; albanian: one deal of
# the deck ordered by rank, suits shuffled within each rank; reverse: blind plays by position.
HIDDEN_AT_A_TABLE = ["magadan", "secret", "believe", "two-trump", "armenian", "crazy", "poker",
                     "invisible", "albanian", "reverse"]  # fmt: skip


@pytest.mark.parametrize("variant", HIDDEN_AT_A_TABLE)
def test_a_hidden_card_variant_plays_to_a_clean_audit(tmp_path: Path, variant: str) -> None:
    table = f"{variant} {secrets.token_hex(3)}"
    processes = {
        "North": peer(tmp_path, "North", "--host", table, "--variant", variant, "--seats", "2"),
    }
    processes["East"] = peer(tmp_path, "East", "--join", table, "--bot", "random")
    results = finish(processes, tmp_path)
    check_same_clean_game(results)
    assert results["North"]["table"]["variant"] == variant
