"""Play many games between bots: `python -m engine.simulate --variant ID --players N ...`."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.bots import BOTS, Bot, make_bot
from engine.game import Game
from engine.games import FamilyGame, GameKind, kind_of
from engine.playout import play_out
from engine.rules import all_variant_ids, get_rules

MOVE_CAP = 20_000


class RunawayGame(RuntimeError):
    """A game that did not end within the move cap (a loop in the rules)."""


def new_game(rules: Any, players: int, rng: random.Random) -> Game | FamilyGame:
    """A fresh game of the family `rules` belong to (a family-3 game by its registered kind)."""
    kind = kind_of(rules.id)
    if kind is not None:
        return kind.new_game(rules, players, rng)
    return Game.new(rules, players, rng)


def play_game(rules: Any, bots: Sequence[Bot], rng: random.Random) -> tuple[Game | FamilyGame, int]:
    """Play one game to the end, bot i in seat i; return the game and its number of actions."""
    game = new_game(rules, len(bots), rng)
    if isinstance(game, Game):  # (the same loop, compiled with the engine's build)
        actions = play_out(game, bots, rng, MOVE_CAP)
        if actions > MOVE_CAP:
            raise RunawayGame(f"no end after {MOVE_CAP} actions: {game.log[-10:]}")
        return game, actions
    actions = 0
    while not game.over:
        to_act = game.to_act
        seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
        game.apply(bots[seat].choose(game, seat))  # type: ignore[arg-type]
        actions += 1
        if actions > MOVE_CAP:
            raise RunawayGame(f"no end after {MOVE_CAP} actions: {game.log[-10:]}")
    return game, actions


@dataclass
class Summary:
    """What a run of games produced."""

    variant: str
    players: int
    games: int = 0
    draws: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins_per_seat: list[int] = field(default_factory=list)
    fool_per_seat: list[int] = field(default_factory=list)
    wins_per_bot: dict[str, int] = field(default_factory=dict)
    fool_per_bot: dict[str, int] = field(default_factory=dict)
    games_per_bot: dict[str, int] = field(default_factory=dict)

    @property
    def mean_actions(self) -> float:
        """Mean number of actions per game."""
        return self.actions / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall time."""
        return self.games / self.seconds if self.seconds else 0.0

    def as_dict(self) -> dict[str, object]:
        """Plain data for --json."""
        data = asdict(self)
        data["mean_actions"] = round(self.mean_actions, 2)
        data["games_per_second"] = round(self.games_per_second, 1)
        return data


def wall_clock() -> float:
    """Seconds of real time from a fixed point (only the command line reports speed)."""
    return os.times().elapsed


def simulate(
    rules: Any,
    players: int,
    games: int,
    bot_names: Sequence[str],
    seed: int,
    clock: Callable[[], float] = wall_clock,
) -> Summary:
    """Play `games` games; bots take seats in turn, rotating one seat each game.

    A seat wins a game when it is not the fool (so in a draw every seat wins).
    """
    rng = random.Random(seed)
    kind = kind_of(rules.id)
    make = kind.make_bot if kind is not None else make_bot
    summary = Summary(rules.id, players, wins_per_seat=[0] * players, fool_per_seat=[0] * players)
    for name in bot_names:
        summary.wins_per_bot.setdefault(name, 0)
        summary.fool_per_bot.setdefault(name, 0)
        summary.games_per_bot.setdefault(name, 0)
    start = clock()
    for number in range(games):
        names = [bot_names[(seat + number) % len(bot_names)] for seat in range(players)]
        bots = [make(name, rng.getrandbits(32)) for name in names]
        game, actions = play_game(rules, bots, random.Random(rng.getrandbits(64)))
        summary.games += 1
        summary.actions += actions
        if game.fool is None:
            summary.draws += 1
        for seat, name in enumerate(names):
            summary.games_per_bot[name] += 1
            if seat == game.fool:
                summary.fool_per_seat[seat] += 1
                summary.fool_per_bot[name] += 1
            else:
                summary.wins_per_seat[seat] += 1
                summary.wins_per_bot[name] += 1
    summary.seconds = clock() - start
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__)
    parser.add_argument("--variant", default="throw-in")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bots", default="heuristic,random", help="comma-separated bot names")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deck", type=int, help="override the deck size")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--list-variants", action="store_true", help="print every preset id")
    args = parser.parse_args(argv)
    if args.list_variants:
        print("\n".join(all_variant_ids()))
        return 0
    kind: GameKind | None = kind_of(args.variant)
    known_bots = list(kind.bots) if kind is not None else list(BOTS)
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    unknown = [n for n in names if n not in known_bots]
    if not names or unknown:
        parser.error(f"unknown bots {unknown}; choose from {', '.join(known_bots)}")
    overrides = {"deck": args.deck} if args.deck else {}
    try:
        rules: Any = (kind.get_rules if kind is not None else get_rules)(args.variant, **overrides)
        rules.check_players(args.players)
    except ValueError as exc:
        parser.error(str(exc))
    summary = simulate(rules, args.players, args.games, names, args.seed)
    if args.json:
        print(json.dumps(summary.as_dict(), indent=2))
        return 0
    print(f"variant {summary.variant}, {summary.players} players, {summary.games} games")
    print(f"draws: {summary.draws}")
    for seat in range(summary.players):
        print(
            f"seat {seat}: {summary.wins_per_seat[seat]} wins, "
            f"{summary.fool_per_seat[seat]} times the fool"
        )
    for name in summary.wins_per_bot:
        print(
            f"bot {name}: {summary.wins_per_bot[name]} wins, {summary.fool_per_bot[name]} fools "
            f"in {summary.games_per_bot[name]} seat-games"
        )
    print(f"mean actions per game: {summary.mean_actions:.1f}")
    print(f"games per second: {summary.games_per_second:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
