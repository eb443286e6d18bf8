"""Family-3 games at a real LAN table: three `durak-peer` processes, each in its own network
namespace on one bridge, bots in every seat, find the table through mDNS and play a czech fool
preset to its audit (issue "A three-peer table on loopback plays each preset to its audit with
the same log hash at every peer").

Each test checks that every peer exits 0, that all result files agree on the table, the seats,
each game's log hash, winner, fool and points, with a clean audit, and that the match's points
and the next game's leader are as a czech match (`engine.czech.match.CzechMatch`) has them.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from engine.czech.rules import czech_ids
from net.lobby import table_problem
from tests.lan.conftest import LabFactory, needs_lab
from tests.lan.netlab import NetLab, OutsideWatch, wait_until
from tests.lan.test_lan_game import (
    Seat,
    games_of,
    journal_moves,
    launch,
    load_result,
    needs_peer,
    outside,
    peer_argv,
    wait_all,
)

pytestmark = [pytest.mark.root, pytest.mark.slow, pytest.mark.timeout(400)]

__all__ = ["outside"]  # the fixture, used by name

TABLE = "Kitchen"
PLAYERS = ("North", "East", "South")
BOTS = ("heuristic", "random", "heuristic")
GAME_DEADLINE = 300.0
"""How long a test waits for all peers to finish their games."""
PEER_RUN_LIMIT = GAME_DEADLINE - 20
"""Each peer's own `--timeout` (a whole run's limit): a czech game opens every drawn card to its
drawer, many dealing rounds that take past the Durak tests' 60 s when both cores are busy."""

_UNDEALT = table_problem("czech", {}, len(PLAYERS))
needs_czech_table = pytest.mark.skipif(
    _UNDEALT is not None, reason=f"the LAN table does not deal czech fool yet: {_UNDEALT}"
)


def start_family3_table(
    lab: NetLab, files: Path, variant: str, games: int = 1, options: tuple[str, ...] = ()
) -> list[Seat]:
    """The host North on h0 (a match of `games` games of `variant`), then East and South
    joining by name from h1 and h2; every seat is a bot."""
    seats = []
    for index, (name, bot) in enumerate(zip(PLAYERS, BOTS, strict=True)):
        if index == 0:
            role = ["--host", TABLE, "--variant", variant, "--seats", str(len(PLAYERS))]
            role += ["--games", str(games)]
            for option in options:
                role += ["--option", option]
        else:
            role = ["--join", TABLE]
        data_dir = files / name
        data_dir.mkdir(parents=True)
        result = files / f"{name}.json"
        argv = peer_argv(name, bot, role, data_dir, result)
        argv[argv.index("--timeout") + 1] = str(PEER_RUN_LIMIT)
        seat = Seat(name, index, argv, data_dir, result)
        launch(lab, seat)
        seats.append(seat)
    return seats


def same_clean_points_games(
    lab: NetLab, seats: list[Seat], outside: OutsideWatch, variant: str, games: int
) -> list[dict[str, Any]]:
    """Every peer's result holds `games` clean games of `variant`, and all agree on each game's
    log hash, winner, fool, points and the match's points; no stray packet left the lab."""
    results = {seat.name: load_result(seat) for seat in seats}
    reference = games_of(results[seats[0].name])
    assert len(reference) == games, results
    for name, result in results.items():
        assert result["ok"] is True, (name, result)
        assert result["table"]["variant"] == variant, (name, result["table"])
        assert result["seats"] == results[seats[0].name]["seats"], (name, result)
        played = games_of(result)
        assert len(played) == games, (name, result)
        for game, expected in zip(played, reference, strict=True):
            assert game["reason"] == "finished" and game["clean"] is True, (name, game)
            assert game["audit"]["ok"] is True and not game["audit"]["cheaters"], (name, game)
            same = ("log_hash", "winner", "fool", "points", "match_points", "first")
            assert {k: game[k] for k in same} == {k: expected[k] for k in same}, (name, game)
    total = [0] * len(PLAYERS)
    for number, game in enumerate(reference):
        points = game["points"]
        assert isinstance(points, list) and len(points) == len(PLAYERS), game
        total = [a + b for a, b in zip(total, points, strict=True)]
        assert game["match_points"] == total, (number, game)
    assert lab.isolation_problems() == []
    assert outside.lab_frames == []
    return reference


LAN_PATHS = {
    "czech": "36 cards, hands of 5 (the default preset)",
    "czech-2": "the 32-card deck",
    "czech-3": "hands of 6",
    "czech-7": "draws of 4 and 6 cards, each opened to its drawer",
}
"""The presets whose table differs in what the peers deal and open (deck, hand, draw sizes); the
other presets differ from one of these only in rules every peer's engine applies alike to the
same signed log (tests/engine/test_czech.py covers them), so in the suite they would repeat a
path: they run with scripts/test --slow (`soak`)."""


def czech_preset(variant: str, options: tuple[str, ...] = (), name: str = "") -> Any:
    """A parameter of the preset test: `soak` unless its table takes a path of its own."""
    marks = () if variant in LAN_PATHS or options else (pytest.mark.soak,)
    return pytest.param(variant, options, id=name or variant, marks=marks)


@needs_peer
@needs_lab
@needs_czech_table
@pytest.mark.parametrize(
    ("variant", "options"),
    [
        *(czech_preset(variant) for variant in czech_ids()),
        czech_preset("czech-6", ("hand_size=4",), "czech-6-four-cards"),  # a table option
    ],
)
def test_three_bot_peers_play_a_czech_preset_to_its_audit(
    make_lab: LabFactory,
    tmp_path: Path,
    outside: OutsideWatch,
    variant: str,
    options: tuple[str, ...],
) -> None:
    lab = make_lab(len(PLAYERS))
    seats = start_family3_table(lab, tmp_path / "peers", variant, options=options)
    wait_all(seats, GAME_DEADLINE)
    (game,) = same_clean_points_games(lab, seats, outside, variant, 1)
    assert game["moves"] > 0


@needs_peer
@needs_lab
@needs_czech_table
def test_the_winner_of_a_czech_game_leads_the_next_and_points_add_up(
    make_lab: LabFactory, tmp_path: Path, outside: OutsideWatch
) -> None:
    lab = make_lab(len(PLAYERS))
    seats = start_family3_table(lab, tmp_path / "peers", "czech-5", games=2)
    wait_all(seats, GAME_DEADLINE)
    first, second = same_clean_points_games(lab, seats, outside, "czech-5", 2)
    # "and then to the player who won the previous game" (CzechMatch.next_leader)
    expected = first["first"] if first["winner"] is None else first["winner"]
    assert second["first"] == expected, (first, second)


@needs_peer
@needs_lab
@needs_czech_table
def test_a_czech_peer_killed_mid_game_resumes_and_the_game_finishes(
    make_lab: LabFactory, tmp_path: Path, outside: OutsideWatch
) -> None:
    lab = make_lab(len(PLAYERS))
    seats = start_family3_table(lab, tmp_path / "peers", "czech")
    victim = seats[1]
    assert wait_until(
        lambda: journal_moves(victim.data_dir) >= 2 or victim.process.poll() is not None, 60
    ), f"{victim.name} made no move within 60 s"
    assert victim.process.poll() is None, f"{victim.name} ended before it could be killed"
    victim.process.kill_hard()
    assert victim.process.poll() == -9
    time.sleep(1.0)
    launch(lab, victim, "--resume")
    wait_all(seats, GAME_DEADLINE)
    same_clean_points_games(lab, seats, outside, "czech", 1)
