"""The peer and a family-3 game: the game kind's bot chooses the moves, the result file and the
journal carry the game's points and the match's, summed as a points match does."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from engine.bots import make_bot
from engine.bots.czech_heuristic import CzechHeuristicBot
from engine.bots.kind_search import KindSearchBot
from engine.bots.random_bot import RandomBot
from engine.czech.match import CzechMatch
from engine.czech.rules import get_czech_rules
from engine.games import kind_of
from net.bot_worker import WorkerBot
from net.game_run import match_scores, summarize
from net.identity import Identity
from net.peer import Peer, PeerSettings
from net.table.config import SeatInfo, TableConfig
from net.table.core import GameOver


def peer(tmp_path: Path, bot: str = "heuristic", seed: int = 7) -> Peer:
    identity = Identity.from_seed(hashlib.sha256(b"f3-peer").digest())
    return Peer(PeerSettings("North", tmp_path, bot=bot, bot_seed=seed), identity)


def config(variant: str, game_no: int = 0, players: int = 3) -> TableConfig:
    seats = tuple(SeatInfo(f"seat {n}", bytes([n]) * 32) for n in range(players))
    return TableConfig("t", game_no, variant, (), seats)


def run_of(game: Any, variant: str, seat: int, game_no: int = 0) -> Any:
    """What `choose_bot_move` and `summarize` read of a game run."""
    core = SimpleNamespace(game=game, seat=seat, entries=[None] * len(game.log))
    start = SimpleNamespace(config=config(variant, game_no, game.players))
    return SimpleNamespace(start=start, core=core, game_no=game_no)


@pytest.mark.parametrize(
    ("asked", "made"),
    [("heuristic", CzechHeuristicBot), ("random", RandomBot), ("search", WorkerBot),
     ("easy", RandomBot)],
)  # fmt: skip
def test_a_family3_game_is_played_by_its_kinds_bot(tmp_path: Path, asked: str, made: type) -> None:
    """Each kind's own bot; the search bot, of every kind, thinks in a worker process."""
    me = peer(tmp_path, asked)
    bot = me.bot_for("czech-6")
    assert isinstance(bot, made)
    assert me.bot_for("czech") is bot  # one bot per game kind, kept across the match
    durak = me.bot_for("throw-in")  # Durak keeps the Durak bot (search thinks in a worker)
    assert type(durak) is (WorkerBot if asked == "search" else type(make_bot(asked, 0)))
    if isinstance(bot, WorkerBot):
        assert bot.kind == "czech" and isinstance(bot.fallback, CzechHeuristicBot)
        assert isinstance(kind_of("czech").make_bot("search", 0), KindSearchBot)  # type: ignore[union-attr]
        bot.close()
    if isinstance(durak, WorkerBot):
        assert durak.kind == "durak"
        durak.close()


def test_the_kinds_bot_moves_legally_through_a_whole_game(tmp_path: Path) -> None:
    me = peer(tmp_path, "heuristic")
    kind = kind_of("czech-3")
    assert kind is not None
    game = kind.new_game(kind.get_rules("czech-3"), 3, random.Random(5))
    same = kind.make_bot("heuristic", me.bot_seed)
    twin = game.clone()
    moves = 0
    while not game.over and moves < 2000:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        action = me.choose_bot_move(run_of(game, "czech-3", seat), legal)
        assert action in legal
        assert action == same.choose(twin, seat)  # exactly the kind's bot, same seed
        game.apply(action)
        twin.apply(action)
        moves += 1
    assert game.over


def test_a_failing_bot_plays_the_first_legal_move(tmp_path: Path) -> None:
    me = peer(tmp_path)

    class Broken:
        def choose(self, game: Any, seat: int) -> Any:
            raise RuntimeError("boom")

    me.kind_bots["czech"] = Broken()
    kind = kind_of("czech")
    assert kind is not None
    game = kind.new_game(kind.get_rules("czech"), 2, random.Random(1))
    seat = game.to_act[0]
    legal = game.legal_actions(seat)
    assert me.choose_bot_move(run_of(game, "czech", seat), legal) == legal[0]


def finished_match(games: int, players: int = 3) -> tuple[CzechMatch, list[Any]]:
    match = CzechMatch(get_czech_rules("czech"), players)
    rng, bots, played = random.Random(3), RandomBot(11), []
    for _ in range(games):
        game = match.new_game(rng)
        while not game.over:
            seat = game.to_act[0]
            game.apply(bots.choose(game, seat))
        match.record(game)
        played.append(game)
    return match, played


def test_summaries_carry_the_points_and_the_match_points_as_czech_match_sums_them() -> None:
    match, played = finished_match(4)
    summaries: list[dict[str, Any]] = []
    for number, game in enumerate(played):
        over = GameOver(dict(game.result), None, "00" * 32, "finished")
        summary = summarize(run_of(game, "czech", 0, number), over, summaries)
        assert summary["points"] == list(game.points)
        assert summary["winner"] == game.winner and summary["fool"] == game.fool
        summaries.append(summary)
    assert summaries[-1]["match_points"] == match.points
    assert match_scores(summaries, 3) == match.points


def test_a_game_ended_before_its_hands_were_counted_adds_no_points() -> None:
    _, played = finished_match(1)
    result = {"over": True, "winner": None, "fool": 1, "forfeits": [1]}  # no points in it
    run = run_of(played[0], "czech", 0, 1)
    summary = summarize(run, GameOver(result, None, "00" * 32, "absent"), [])
    assert summary["points"] is None and summary["match_points"] == [0, 0, 0]


def test_a_durak_summary_has_no_points() -> None:
    _, played = finished_match(1)
    run = run_of(played[0], "throw-in", 0)
    over = GameOver({"over": True, "fool": 1, "out": [0, 2]}, None, "00" * 32, "finished")
    assert "points" not in summarize(run, over) and "match_points" not in summarize(run, over)


def test_every_game_s_bot_comes_from_its_kind_through_one_path(tmp_path: Path) -> None:
    """Durak's bot is made like a family-3 kind's: by its registry kind, kept per kind."""
    me = peer(tmp_path, "heuristic")
    durak = me.bot_for("throw-in")
    assert me.kind_bots == {"durak": durak}
    assert me.bot_for("crazy") is durak and me.bot is None  # (no bot in a worker here)
    assert type(durak) is type(make_bot("heuristic", 0))
