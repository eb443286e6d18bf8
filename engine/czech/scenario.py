"""Czech fool's scenario files, run by `python -m engine.scenario` like every other game.

A scenario gives "variant", "hands", "stock" (top first), "discard" (top last), "first", and
optionally "ordered", "open_start" and "seed"; "moves" hold {"action": "0 play 7H"} with
"illegal" (and "reason", words the refusal must contain) and "expect"; "expect" may check
hands, turn, top, ordered, phase, stock_count, discard_count, over, winner, fool, points, legal.
"""

from __future__ import annotations

import random
from typing import Any

from engine.cards import parse_cards
from engine.czech.actions import CzechAction
from engine.czech.game import CzechGame
from engine.czech.rules import get_czech_rules
from engine.errors import EngineError
from engine.kind_scenario import play_scenario_moves
from engine.scenario import Failure, ScenarioError

TOP_KEYS = {"name", "description", "variant", "options", "hands", "stock", "discard", "first",
            "ordered", "open_start", "seed", "moves", "expect"}  # fmt: skip


def build_czech_game(data: dict[str, Any]) -> CzechGame:
    """The game a scenario starts from (ScenarioError when the file is malformed)."""
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"unknown keys {sorted(unknown)}")
    try:
        rules = get_czech_rules(str(data["variant"]), **data.get("options", {}))
        hands = [parse_cards(h) for h in data["hands"]]
        return CzechGame.from_layout(
            rules,
            hands,
            parse_cards(data.get("stock", [])),
            parse_cards(data.get("discard", [])),
            first=int(data.get("first", 0)),
            rng=random.Random(int(data.get("seed", 0))),
            ordered=data.get("ordered"),
            open_start=bool(data.get("open_start", False)),
        )
    except (KeyError, TypeError, ValueError, EngineError) as exc:
        raise ScenarioError(f"cannot set up the game: {exc}") from None


def check_czech_expect(
    game: CzechGame, expect: object, path: str, move: int | None
) -> list[Failure]:
    """The expectations of `expect` that do not hold in `game`."""
    if not isinstance(expect, dict):
        raise ScenarioError("'expect' must be an object")
    failures: list[Failure] = []

    def check(what: str, expected: object, found: object) -> None:
        if expected != found:
            failures.append(Failure(path, move, what, expected, found))

    found_by_key: dict[str, Any] = {
        "turn": lambda: game.turn,
        "top": lambda: None if game.top is None else game.top.text,
        "ordered": lambda: game.ordered,
        "phase": lambda: game.phase,
        "stock_count": lambda: len(game.stock),
        "discard_count": lambda: len(game.discard),
        "over": lambda: game.over,
        "winner": lambda: game.winner,
        "fool": lambda: game.fool,
        "points": lambda: list(game.points),
        "legal": lambda: sorted(str(a) for a in game.legal_tuple(game.turn)),
    }
    for key, expected in expect.items():
        if key == "hands":
            if not isinstance(expected, dict):
                raise ScenarioError("'hands' expects an object of seat: cards")
            for seat, cards in expected.items():
                wanted = sorted(c.text for c in parse_cards(cards))
                check(
                    f"hand of seat {seat}",
                    wanted,
                    sorted(c.text for c in game.hand_cards(int(seat))),
                )
        elif key == "legal":
            check("legal actions", sorted(expected), found_by_key["legal"]())
        elif key in found_by_key:
            check(key, expected, found_by_key[key]())
        else:
            raise ScenarioError(f"unknown expectation {key!r}")
    return failures


def run_czech_scenario(data: dict[str, Any], path: str = "<scenario>") -> list[Failure]:
    """Play a czech scenario; return the expectations that failed."""
    game = build_czech_game(data)
    return play_scenario_moves(game, data, path, CzechAction.parse, check_czech_expect)
