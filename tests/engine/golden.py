"""Golden digests: seeded random games per preset and player count, hashed move by move.

`python -m tests.engine.golden` checks every digest against `golden.json` and names those
that differ; `--write` regenerates the file (`--preset ID`, repeatable: only those presets).
A rule change that should change play regenerates exactly the digests of the presets it
touches; a restructure must leave every digest as it is.

Per game the digest covers: every seat's legal actions whenever it is to act, the action
chosen and the events it caused; after every bout the state and public hashes and the
acting seat's observation; at the end the result, the whole log and every seat's
observation. The moves are chosen by a seeded `random.Random` here (not a bot), so a change
to the bots never moves a digest.

Sizes: GAMES games per preset for each of 2, 3, 4 and 6 players it seats, and one match of
MATCH_GAMES games per preset; 161 digests, about 1,900 games, 15 s of CPU.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from engine.errors import EngineError
from engine.game import Game
from engine.match import Match
from engine.rules import PRESETS, Rules

GOLDEN_FILE = Path(__file__).with_name("golden.json")
GAMES = 12
"""Seeded games per preset and player count."""
MATCH_GAMES = 3
"""Games of the one match per preset (the deal and lead of games after the first)."""
PLAYER_COUNTS = (2, 3, 4, 6)
MOVE_CAP = 20_000


def player_counts(rules: Rules) -> list[int]:
    """The player counts a preset is digested at: those of PLAYER_COUNTS it seats."""
    counts = []
    for players in PLAYER_COUNTS:
        try:
            rules.check_players(players)
        except ValueError:
            continue
        counts.append(players)
    return counts


def _feed_game(sink: hashlib._Hash, game: Game, rng: random.Random) -> None:
    """Play `game` to its end with random legal moves, feeding every step into `sink`."""

    def put(text: str) -> None:
        sink.update(text.encode())
        sink.update(b"\n")

    put(f"start {game.state_hash()} {game.public_hash()} {game.last_events()!r}")
    moves = 0
    while not game.over:
        to_act = game.to_act
        put(f"to_act {to_act}")
        for seat in to_act:
            put(f"legal {seat} {game.legal_tuple(seat)!r}")
        seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
        action = rng.choice(game.legal_tuple(seat))
        events = game.apply(action)
        put(f"apply {action!r} {events!r}")
        if game.over or not game.table:  # a bout ended: the whole state and what seats see
            put(f"hash {game.state_hash()} {game.public_hash()}")
            put(f"obs {game.observation(seat)!r}")
        moves += 1
        if moves > MOVE_CAP:
            raise RuntimeError(f"{game.rules.id}: no end after {MOVE_CAP} moves")
    put(f"result {game.result!r}")
    put(f"log {[str(a) for a in game.log]}")
    for seat in range(game.players):
        put(f"final {seat} {game.observation(seat)!r}")


def games_digest(rules: Rules, players: int, games: int = GAMES) -> str:
    """SHA-256 over `games` seeded random games of `rules` with `players` seats."""
    sink = hashlib.sha256()
    for number in range(games):
        rng = random.Random(f"{rules.id}:{players}:{number}")
        game = Game.new(rules, players, random.Random(rng.getrandbits(64)))
        _feed_game(sink, game, rng)
    return sink.hexdigest()


def match_digest(rules: Rules, games: int = MATCH_GAMES) -> str:
    """SHA-256 over one seeded match of `games` games at the fewest seats the preset allows
    beyond two (three, or four for teams): who deals, who leads, points."""
    sink = hashlib.sha256()
    players = 4 if rules.teams else max(3, rules.min_players)
    rng = random.Random(f"{rules.id}:match")
    match = Match(rules, players)
    for _ in range(games):
        sink.update(f"dealer {match.dealer}\n".encode())
        try:
            game = match.new_game(random.Random(rng.getrandbits(64)))
        except (EngineError, ValueError) as exc:  # a deal the engine refuses is digested too
            sink.update(f"refused {type(exc).__name__} {exc}\n".encode())
            break
        _feed_game(sink, game, rng)
        sink.update(f"points {match.record(game)} {match.points} {match.roubles}\n".encode())
    return sink.hexdigest()


def digest_names(presets: Sequence[str] = ()) -> Iterator[tuple[str, str, int | None]]:
    """(key, preset id, players or None for the match) of every digest, in file order."""
    for preset in presets or list(PRESETS):
        rules = PRESETS[preset]
        for players in player_counts(rules):
            yield f"{preset}/{players}p", preset, players
        yield f"{preset}/match", preset, None


def compute(key_preset_players: tuple[str, str, int | None]) -> str:
    """The digest named by one entry of `digest_names`."""
    _, preset, players = key_preset_players
    rules = PRESETS[preset]
    return match_digest(rules) if players is None else games_digest(rules, players)


def load() -> dict[str, str]:
    """The stored digests (key -> hex)."""
    data = json.loads(GOLDEN_FILE.read_text(encoding="utf-8"))
    if data.get("games") != GAMES or data.get("match_games") != MATCH_GAMES:
        raise ValueError("golden.json was written with other game counts: regenerate it")
    digests: dict[str, str] = data["digests"]
    return digests


def write(presets: Sequence[str]) -> list[str]:
    """Recompute the digests of `presets` (all when empty), store them; return changed keys."""
    try:
        stored = load()
    except (OSError, ValueError, KeyError):
        stored = {}
    fresh = dict(stored) if presets else {}
    for entry in digest_names(presets):
        fresh[entry[0]] = compute(entry)
    order = [key for key, _, _ in digest_names()]
    fresh = {key: fresh[key] for key in order if key in fresh}
    body = {"games": GAMES, "match_games": MATCH_GAMES, "digests": fresh}
    GOLDEN_FILE.write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")
    return [key for key in fresh if stored.get(key) != fresh[key]]


def main(argv: Sequence[str] | None = None) -> int:
    """Check (default) or --write the golden digests; exit 1 when a checked digest differs."""
    parser = argparse.ArgumentParser(prog="python -m tests.engine.golden", description=__doc__)
    parser.add_argument("--write", action="store_true", help="regenerate the stored digests")
    parser.add_argument("--preset", action="append", default=[], help="only this preset id")
    args = parser.parse_args(argv)
    unknown = [p for p in args.preset if p not in PRESETS]
    if unknown:
        parser.error(f"unknown presets: {', '.join(unknown)}")
    if args.write:
        changed = write(args.preset)
        print(f"{len(changed)} digest(s) changed: {', '.join(changed) or '-'}")
        return 0
    stored = load()
    differ = [e[0] for e in digest_names(args.preset) if stored.get(e[0]) != compute(e)]
    print(f"{len(differ)} digest(s) differ: {', '.join(differ) or '-'}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
