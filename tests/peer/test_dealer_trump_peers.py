"""The dealer's named trump at a table of real `durak-peer` processes on loopback (issue 10,
point 12): a headless dealer's bot names the suit at once (the deal does not wait for the
deadline at which a suit would be chosen for it), and the game is audited clean at every peer."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

import pytest

from net.table.trump_choice import TRUMP_CHOICE_DEADLINE
from tests.net.netns import requires_private_netns
from tests.peer.test_loopback import check_same_clean_game, finish, peer

pytestmark = [requires_private_netns, pytest.mark.slow]


def trace_times(path: Path) -> dict[str, float]:
    """The monotonic time (one clock for every process on this machine) of the first `start`
    (the host's only) and `dealt` events of game 0 in a peer's trace."""
    times: dict[str, float] = {}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if record.get("game") == 0 and record["event"] in ("start", "dealt"):
            times.setdefault(record["event"], record["t"])
    return times


def test_a_bot_dealer_names_the_trump_and_the_whole_deck_is_dealt(tmp_path: Path) -> None:
    table = f"Piled {secrets.token_hex(3)}"
    host = ["--host", table, "--variant", "piled", "--seats", "3"]
    host += ["--option", "dealer_names_trump=true"]
    processes = {"North": peer(tmp_path, "North", *host, trace=True)}
    processes["East"] = peer(tmp_path, "East", "--join", table, "--bot", "random", trace=True)
    processes["South"] = peer(tmp_path, "South", "--join", table, trace=True)
    results = finish(processes, tmp_path)
    check_same_clean_game(results)
    dealer = results["North"]["seats"][-1]["name"]  # no dealer in the config: the last seat
    started = trace_times(tmp_path / "North.trace")["start"]
    dealt = trace_times(tmp_path / f"{dealer}.trace")["dealt"]
    assert dealt - started < TRUMP_CHOICE_DEADLINE
