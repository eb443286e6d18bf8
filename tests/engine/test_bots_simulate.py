"""Bots play legally, the heuristic bot beats the random one, and the simulator reports."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

import pytest

from engine.bots import Bot, RandomBot, make_bot
from engine.game import Game
from engine.playout import play_out
from engine.rules import FAMILY_2, all_variant_ids, get_rules
from engine.simulate import simulate


@pytest.mark.soak  # an evaluation of bot strength: scripts/test --slow
def test_heuristic_beats_random_in_80_percent_of_two_player_games() -> None:
    summary = simulate(get_rules("throw-in"), 2, 300, ["heuristic", "random"], seed=11)
    decided = summary.games - summary.draws
    heuristic_wins = summary.fool_per_bot["random"]
    assert heuristic_wins / decided >= 0.80, summary.as_dict()


@pytest.mark.parametrize("variant", ["simple", "throw-in", "transfer", "transfer-trump-show",
                                     "transfer-2", "american", "teams", "kozlov"])  # fmt: skip
def test_heuristic_bot_plays_every_family_1_variant_legally(variant: str) -> None:
    rules = get_rules(variant)
    players = 4 if rules.teams else 3
    summary = simulate(rules, players, 10, ["heuristic"], seed=3)
    assert summary.games == 10


@pytest.mark.parametrize("variant", FAMILY_2)
def test_heuristic_bot_plays_every_family_2_variant_legally(variant: str) -> None:
    """Every move the bot picks goes through apply (which refuses illegal moves)."""
    rules = get_rules(variant)
    for players in (2, 3):
        summary = simulate(rules, players, 6, ["heuristic", "random"], seed=5)
        assert summary.games == 6


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="no bot"):
        make_bot("oracle")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.simulate", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_simulate_command_prints_a_summary() -> None:
    out = run(
        "--variant", "throw-in", "--players", "3", "--games", "5", "--bots", "heuristic,random"
    )
    assert out.returncode == 0, out.stderr
    for words in (
        "5 games",
        "draws",
        "seat 2",
        "bot heuristic",
        "mean actions",
        "games per second",
    ):
        assert words in out.stdout


def test_simulate_json_and_list_variants() -> None:
    out = run("--games", "4", "--json", "--seed", "2")
    data = json.loads(out.stdout)
    assert data["games"] == 4 and data["players"] == 2
    listed = run("--list-variants").stdout.split()
    assert listed == all_variant_ids()  # the Durak ids, then family 3


def test_simulate_rejects_bad_arguments() -> None:
    assert run("--variant", "nonsense").returncode == 2
    assert run("--players", "9").returncode == 2


class ChoiceRecorder(random.Random):
    """A generator whose choice is counted: play_out must ask it, not inline the draw."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.choices = 0

    def choice(self, seq: Sequence[Any]) -> Any:
        self.choices += 1
        return super().choice(seq)


@pytest.mark.parametrize("variant", ["throw-in", "transfer-trump-show"])
def test_play_out_picks_the_seat_to_act_as_rng_choice_does(variant: str) -> None:
    """With several seats to act, the loop's inlined draw picks what `rng.choice` picks."""
    rules = get_rules(variant, throw_order="free")  # (strict: one seat at a time)
    for seed in range(6):
        inlined = Game.new(rules, 4, random.Random(seed))
        asked = Game.new(rules, 4, random.Random(seed))
        recorder = ChoiceRecorder(seed + 100)
        play_out(inlined, [make_bot("random", s) for s in range(4)], random.Random(seed + 100), 999)
        play_out(asked, [make_bot("random", s) for s in range(4)], recorder, 999)
        assert recorder.choices > 0  # (several seats were to act)
        assert [str(a) for a in inlined.log] == [str(a) for a in asked.log]


class AskedRandomBot(Bot):
    """A RandomBot behind a counter: play_out asks any other bot instead of drawing for it (a
    compiled RandomBot cannot be subclassed by interpreted code)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.inner = RandomBot(seed)
        self.rng = self.inner.rng
        self.calls = 0

    def choose(self, game: Any, seat: int) -> Any:
        self.calls += 1
        return self.inner.choose(game, seat)


@pytest.mark.parametrize(("variant", "players"), [("throw-in", 2), ("transfer-trump-show", 4)])
def test_play_out_draws_for_random_bots_what_their_choose_draws(variant: str, players: int) -> None:
    """Every bot a plain RandomBot: the loop draws their actions itself, the same actions and
    the same generator states as asking `RandomBot.choose` move by move."""
    rules = get_rules(variant, throw_order="free")
    for seed in range(6):
        drawn, asked = (Game.new(rules, players, random.Random(seed)) for _ in range(2))
        plain = [make_bot("random", s) for s in range(players)]
        counted = [AskedRandomBot(s) for s in range(players)]
        play_out(drawn, plain, random.Random(seed + 100), 999)
        play_out(asked, counted, random.Random(seed + 100), 999)
        assert sum(bot.calls for bot in counted) == len(asked.log)
        assert [str(a) for a in drawn.log] == [str(a) for a in asked.log]
        assert [b.rng.getstate() for b in plain] == [b.rng.getstate() for b in counted]
