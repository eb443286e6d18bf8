"""Cross fool's scenario files, run by `python -m engine.scenario` like every other game.

A scenario gives "variant", "hands" (piles bottom first while building; hands in play), "line"
(bottom first), "deck" (top first), "turn", "phase" ("build" or "play") and "options"; "moves"
hold {"action": "0 draw"} with "illegal" (and "reason", words the refusal must contain) and
"expect"; "expect" may check hands (sorted), tops, line, deck_count, table, turn, phase, covers,
out, over, fool, discard_count, repeated, legal.
"""

from __future__ import annotations

from typing import Any

from engine.cards import parse_cards
from engine.cross.actions import CrossAction
from engine.cross.game import CrossGame
from engine.cross.rules import get_cross_rules
from engine.errors import EngineError
from engine.kind_scenario import play_scenario_moves
from engine.scenario import Failure, ScenarioError

TOP_KEYS = {"name", "description", "variant", "options", "hands", "line", "deck", "turn",
            "phase", "moves", "expect"}  # fmt: skip


def build_cross_game(data: dict[str, Any]) -> CrossGame:
    """The game a scenario starts from (ScenarioError when the file is malformed)."""
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"unknown keys {sorted(unknown)}")
    try:
        rules = get_cross_rules(str(data["variant"]), **data.get("options", {}))
        return CrossGame.from_layout(
            rules,
            [parse_cards(h) for h in data["hands"]],
            parse_cards(data.get("line", [])),
            parse_cards(data.get("deck", [])),
            turn=int(data.get("turn", 0)),
            phase=str(data.get("phase", "build")),
        )
    except (KeyError, TypeError, ValueError, EngineError) as exc:
        raise ScenarioError(f"cannot set up the game: {exc}") from None


def _texts(cards: object) -> list[str]:
    return [c.text for c in parse_cards(cards)]


def check_cross_expect(
    game: CrossGame, expect: object, path: str, move: int | None
) -> list[Failure]:
    """The expectations of `expect` that do not hold in `game`."""
    if not isinstance(expect, dict):
        raise ScenarioError("'expect' must be an object")
    failures: list[Failure] = []

    def check(what: str, expected: object, found: object) -> None:
        if expected != found:
            failures.append(Failure(path, move, what, expected, found))

    found_by_key: dict[str, Any] = {
        "deck_count": lambda: len(game.deck),
        "turn": lambda: game.turn,
        "phase": lambda: game.phase,
        "covers": lambda: game.covers,
        "out": lambda: list(game.out),
        "over": lambda: game.over,
        "fool": lambda: game.fool,
        "discard_count": lambda: len(game.discard),
        "repeated": lambda: game.repeated,
    }
    for key, expected in expect.items():
        if key in ("hands", "tops"):
            if not isinstance(expected, dict):
                raise ScenarioError(f"'{key}' expects an object of seat: cards")
            for seat, cards in expected.items():
                found = game.hand_cards(int(seat))
                if key == "hands":
                    check(
                        f"hand of seat {seat}", sorted(_texts(cards)), sorted(c.text for c in found)
                    )
                else:
                    check(f"top of seat {seat}", cards, found[-1].text if found else None)
        elif key == "line":
            check("line", _texts(expected), [game.faces[s].text for s in game.line])
        elif key == "table":
            check("table", _texts(expected), [game.faces[s].text for s in game.table])
        elif key == "legal":
            found_legal = sorted(str(a) for a in game.legal_tuple(game.turn))
            check("legal actions", sorted(expected), found_legal)
        elif key in found_by_key:
            check(key, expected, found_by_key[key]())
        else:
            raise ScenarioError(f"unknown expectation {key!r}")
    return failures


def run_cross_scenario(data: dict[str, Any], path: str = "<scenario>") -> list[Failure]:
    """Play a cross scenario; return the expectations that failed."""
    game = build_cross_game(data)
    return play_scenario_moves(game, data, path, CrossAction.parse, check_cross_expect)
