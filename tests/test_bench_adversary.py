"""bench/adversary.py: each row's whole-game limit follows from its honest game's length, a table
still waiting at it is a failure, and a sampled row is a seeded subset of the row."""

from __future__ import annotations

from types import ModuleType

import pytest

from net.table.sim import make_table
from tests.bench_scripts import load_bench
from tests.cheap_proofs import deal_cheaply
from tests.hostile.adversary import ENDS_WITHIN, HOSTILE, play_attack


def load_script() -> ModuleType:
    """bench/adversary.py as a module."""
    return load_bench("adversary")


@pytest.fixture(autouse=True)
def cheap_proofs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal with one-round proofs: the subject is the bench's bookkeeping, not the proofs."""
    deal_cheaply(monkeypatch)


def test_the_limit_is_the_honest_game_plus_a_forwarding_per_message_plus_the_longest_wait() -> None:
    bench = load_script()
    game = bench.honest_game(make_table(3, variant="throw-in", seed=31, bots="random"))
    assert game.ended_s is not None and game.ended_s > 0
    assert {"vote", "act", "final", "deal:keys"} <= game.kinds
    assert game.messages > 50  # every numbered message of the hostile seat, once
    limit = bench.whole_game_limit(game)
    assert limit == game.ended_s + game.messages * bench.FORWARDED_WITHIN + ENDS_WITHIN
    assert limit > ENDS_WITHIN + game.messages  # longer games get longer limits


def test_an_honest_seat_still_waiting_at_the_limit_is_a_failure() -> None:
    """A table not over by its limit is reported (here a limit shorter than the game itself)."""
    bench = load_script()
    game = bench.honest_game(make_table(3, variant="throw-in", seed=31, bots="random"))
    assert game.ended_s is not None
    report = play_attack(3, "throw-in", 31, "vote", "drop to one", limit=game.ended_s / 2)
    assert any("still waits" in problem for problem in report["problems"]), report
    full = play_attack(
        3, "throw-in", 31, "vote", "drop to one", HOSTILE, bench.whole_game_limit(game)
    )
    assert full["problems"] == [], full


def test_a_sample_is_a_seeded_subset_of_the_row_in_its_order() -> None:
    bench = load_script()
    cases = bench.row_cases(
        3, ("vote", "act", "hello"), ("withhold", "drop to one"), {"vote", "act"}
    )
    assert cases == [
        ("vote", "withhold"),
        ("vote", "drop to one"),
        ("act", "withhold"),
        ("act", "drop to one"),
    ]
    assert bench.row_cases(2, ("vote",), ("withhold", "drop to one"), {"vote"}) == [
        ("vote", "withhold")
    ]
    drawn = bench.sampled(cases, 2, "31-3-czech")
    assert drawn == bench.sampled(cases, 2, "31-3-czech")
    assert len(drawn) == 2 and drawn == [case for case in cases if case in drawn]
    assert bench.sampled(cases, 9, "31-3-czech") == cases
