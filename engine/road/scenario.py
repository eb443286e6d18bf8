"""Road fool's scenario files, run by `python -m engine.scenario` like every other game.

A scenario gives "variant", "options", "hands", "dealer" (whose hand holds the shown trump card),
"trump_card" (default: the dealer's last card) and "first" (default: the lowest trump leads);
"moves" hold {"action": "0 lead 7H"} with "illegal" (and "reason", words the refusal must
contain) and "expect"; "expect" may check hands, turn, attacker, defender, pile, top, trump,
discard_count, over, fool, out, legal, open (cards every seat sees).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.cards import parse_cards
from engine.errors import EngineError
from engine.kind_scenario import play_scenario_moves
from engine.road.actions import RoadAction
from engine.road.game import RoadGame
from engine.road.rules import get_road_rules
from engine.scenario import Failure, ScenarioError

TOP_KEYS = {"name", "description", "variant", "options", "hands", "dealer", "first",
            "trump_card", "moves", "expect"}  # fmt: skip


def compare_expect(
    expect: object,
    found_by_key: Mapping[str, Callable[[], object]],
    hand_of: Callable[[int], list[str]],
    path: str,
    move: int | None,
) -> list[Failure]:
    """The expectations of `expect` that differ from what `found_by_key` and `hand_of` give."""
    if not isinstance(expect, dict):
        raise ScenarioError("'expect' must be an object")
    failures: list[Failure] = []
    for key, expected in expect.items():
        if key == "hands":
            if not isinstance(expected, dict):
                raise ScenarioError("'hands' expects an object of seat: cards")
            for seat, cards in expected.items():
                wanted = sorted(c.text for c in parse_cards(cards))
                held = sorted(hand_of(int(seat)))
                if wanted != held:
                    failures.append(Failure(path, move, f"hand of seat {seat}", wanted, held))
        elif key in found_by_key:
            found = found_by_key[key]()
            if key in ("legal", "open") and isinstance(expected, list):
                expected = sorted(expected)
            if expected != found:
                failures.append(Failure(path, move, key, expected, found))
        else:
            raise ScenarioError(f"unknown expectation {key!r}")
    return failures


def build_road_game(data: Mapping[str, Any]) -> RoadGame:
    """The game a scenario starts from (ScenarioError when the file is malformed)."""
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"unknown keys {sorted(unknown)}")
    try:
        rules = get_road_rules(str(data["variant"]), **data.get("options", {}))
        hands = [parse_cards(h) for h in data["hands"]]
        trump = data.get("trump_card")
        first = data.get("first")
        return RoadGame.from_layout(
            rules,
            hands,
            dealer=int(data.get("dealer", 0)),
            first=None if first is None else int(first),
            trump_card=None if trump is None else parse_cards([trump])[0],
        )
    except (KeyError, TypeError, ValueError, EngineError) as exc:
        raise ScenarioError(f"cannot set up the game: {exc}") from None


def check_road_expect(game: RoadGame, expect: object, path: str, move: int | None) -> list[Failure]:
    """The expectations of `expect` that do not hold in `game`."""
    everyone = (1 << game.players) - 1
    found_by_key: dict[str, Callable[[], object]] = {
        "turn": lambda: game.turn,
        "attacker": lambda: game.attacker,
        "defender": lambda: game.defender,
        "pile": lambda: [game.faces[s].text for s in game.pile],
        "top": lambda: None if game.top is None else game.top.text,
        "trump": lambda: game.trump,
        "discard_count": lambda: len(game.discard),
        "over": lambda: game.over,
        "fool": lambda: game.fool,
        "out": lambda: list(game.out),
        "legal": lambda: sorted(str(a) for a in game.legal_tuple(game.turn)),
        "open": lambda: sorted(
            game.faces[s].text for h in game.hands for s in h if game.known[s] == everyone
        ),
    }
    return compare_expect(
        expect, found_by_key, lambda seat: [c.text for c in game.hand_cards(seat)], path, move
    )


def run_road_scenario(data: dict[str, Any], path: str = "<scenario>") -> list[Failure]:
    """Play a road scenario; return the expectations that failed."""
    game = build_road_game(data)
    return play_scenario_moves(game, data, path, RoadAction.parse, check_road_expect)
