"""Joker rummy's scenario files, run by `python -m engine.scenario` like every other game.

A scenario gives "variant", optional "options", "hands", "deck" (top first), "stock" (top
last), "melds" ([{"owner": 0, "kind": "run", "cards": [...]}]), "opened" (one flag a seat),
"first", "phase" ("draw" or "play"), "round" (turns finished; default: past the first round),
"seed"; "moves" hold {"action": "0 run 3C 4C RJ"} with "illegal" (and "reason", words the
refusal must contain) and "expect"; "expect" may check hands, hand_sizes, turn, phase, stock,
deck_count, melds, opened, laid, over, winner, fool, points, legal.
"""

from __future__ import annotations

import random
from typing import Any

from engine.cards import parse_cards
from engine.errors import EngineError
from engine.kind_scenario import play_scenario_moves
from engine.rummy.actions import RummyAction
from engine.rummy.game import RummyGame
from engine.rummy.rules import get_rummy_rules
from engine.scenario import Failure, ScenarioError

TOP_KEYS = {"name", "description", "variant", "options", "hands", "deck", "stock", "melds",
            "opened", "first", "phase", "round", "seed", "moves", "expect"}  # fmt: skip


def build_rummy_game(data: dict[str, Any]) -> RummyGame:
    """The game a scenario starts from (ScenarioError when the file is malformed)."""
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"unknown keys {sorted(unknown)}")
    try:
        rules = get_rummy_rules(str(data["variant"]), **data.get("options", {}))
        melds = [
            (int(m["owner"]), str(m["kind"]), parse_cards(m["cards"]))
            for m in data.get("melds", [])
        ]
        return RummyGame.from_layout(
            rules,
            [parse_cards(h) for h in data["hands"]],
            deck=parse_cards(data.get("deck", [])),
            stock=parse_cards(data.get("stock", [])),
            melds=melds,
            opened=[bool(o) for o in data.get("opened", [])],
            first=int(data.get("first", 0)),
            phase=str(data.get("phase", "draw")),
            round_number=None if data.get("round") is None else int(data["round"]),
            rng=random.Random(int(data.get("seed", 0))),
        )
    except (KeyError, TypeError, ValueError, EngineError) as exc:
        raise ScenarioError(f"cannot set up the game: {exc}") from None


def _texts(cards: object) -> list[str]:
    return [c.text for c in parse_cards(cards)]


def check_rummy_expect(
    game: RummyGame, expect: object, path: str, move: int | None
) -> list[Failure]:
    """The expectations of `expect` that do not hold in `game`."""
    if not isinstance(expect, dict):
        raise ScenarioError("'expect' must be an object")
    failures: list[Failure] = []

    def check(what: str, expected: object, found: object) -> None:
        if expected != found:
            failures.append(Failure(path, move, what, expected, found))

    found_by_key: dict[str, Any] = {
        "hand_sizes": lambda: [len(h) for h in game.hands],
        "turn": lambda: game.turn,
        "phase": lambda: game.phase,
        "stock": lambda: [game.faces[s].text for s in game.stock],
        "deck_count": lambda: len(game.deck),
        "melds": lambda: [m.text() for m in game.table_melds()],
        "opened": lambda: list(game.opened),
        "laid": lambda: game.laid_this_turn,
        "over": lambda: game.over,
        "winner": lambda: game.winner,
        "fool": lambda: game.fool,
        "points": lambda: list(game.points),
    }
    for key, expected in expect.items():
        if key == "hands":
            if not isinstance(expected, dict):
                raise ScenarioError("'hands' expects an object of seat: cards")
            for seat, cards in expected.items():
                found = sorted(c.text for c in game.hand_cards(int(seat)))
                check(f"hand of seat {seat}", sorted(_texts(cards)), found)
        elif key == "legal":
            found = sorted(str(a) for a in game.legal_tuple(game.turn))
            check("legal actions", sorted(expected), found)
        elif key == "legal_includes":
            found_set = {str(a) for a in game.legal_tuple(game.turn)}
            check("legal actions including", sorted(expected), sorted(set(expected) & found_set))
        elif key == "legal_excludes":
            found_set = {str(a) for a in game.legal_tuple(game.turn)}
            check("legal actions excluding", [], sorted(set(expected) & found_set))
        elif key in found_by_key:
            check(key, expected, found_by_key[key]())
        else:
            raise ScenarioError(f"unknown expectation {key!r}")
    return failures


def run_rummy_scenario(data: dict[str, Any], path: str = "<scenario>") -> list[Failure]:
    """Play a joker-rummy scenario; return the expectations that failed."""
    game = build_rummy_game(data)
    return play_scenario_moves(game, data, path, RummyAction.parse, check_rummy_expect)
