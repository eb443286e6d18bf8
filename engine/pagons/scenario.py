"""Durak-with-pagons scenario files, run by `python -m engine.scenario` like every other game.

A scenario gives "variant", "options", "hands", "talon" (top first; its last card is the trump
card), "trump" (the trump card when there is no talon), "attacker" and "levels" (the pagon rank
of each team); "moves" hold {"action": "0 attack 7H"} with "illegal" (and "reason", words the
refusal must contain) and "expect"; "expect" may check hands (sorted), turn, phase, attacker,
defender, table, talon_count, discard_count, out, over, fool, hanger, hung, winners, legal.
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card, parse_cards
from engine.errors import EngineError
from engine.kind_scenario import play_scenario_moves
from engine.pagons.actions import PagonsAction
from engine.pagons.game import PagonsGame
from engine.pagons.rules import get_pagons_rules
from engine.scenario import Failure, ScenarioError

TOP_KEYS = {"name", "description", "variant", "options", "hands", "talon", "trump", "attacker",
            "levels", "moves", "expect"}  # fmt: skip


def build_pagons_game(data: dict[str, Any]) -> PagonsGame:
    """The game a scenario starts from (ScenarioError when the file is malformed)."""
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"unknown keys {sorted(unknown)}")
    try:
        rules = get_pagons_rules(str(data["variant"]), **data.get("options", {}))
        trump = data.get("trump")
        attacker = data.get("attacker")
        return PagonsGame.from_layout(
            rules,
            [parse_cards(h) for h in data["hands"]],
            parse_cards(data.get("talon", [])),
            trump=None if trump is None else Card.parse(trump),
            attacker=None if attacker is None else int(attacker),
            levels=data.get("levels"),
        )
    except (KeyError, TypeError, ValueError, EngineError) as exc:
        raise ScenarioError(f"cannot set up the game: {exc}") from None


def check_pagons_expect(
    game: PagonsGame, expect: object, path: str, move: int | None
) -> list[Failure]:
    """The expectations of `expect` that do not hold in `game`."""
    if not isinstance(expect, dict):
        raise ScenarioError("'expect' must be an object")
    failures: list[Failure] = []

    def check(what: str, expected: object, found: object) -> None:
        if expected != found:
            failures.append(Failure(path, move, what, expected, found))

    found_by_key: dict[str, Any] = {
        "turn": lambda: -1 if game.over else game.turn,
        "phase": lambda: game.phase,
        "attacker": lambda: game.attacker,
        "defender": lambda: game.defender,
        "talon_count": lambda: len(game.talon),
        "discard_count": lambda: len(game.discard),
        "out": lambda: list(game.out),
        "over": lambda: game.over,
        "fool": lambda: game.fool,
        "hanger": lambda: game.hanger,
        "hung": lambda: sorted(c.text for c in game.hung),
        "winners": lambda: game.winners(),
        "table": lambda: [
            [game.faces[a].text, None if b < 0 else game.faces[b].text] for a, b, _ in game.table
        ],
    }
    for key, expected in expect.items():
        if key == "hands":
            if not isinstance(expected, dict):
                raise ScenarioError("'hands' expects an object of seat: cards")
            for seat, cards in expected.items():
                wanted = sorted(c.text for c in parse_cards(cards))
                found = sorted(c.text for c in game.hand_cards(int(seat)))
                check(f"hand of seat {seat}", wanted, found)
        elif key == "hung":
            check("hung", sorted(c.text for c in parse_cards(expected)), found_by_key["hung"]())
        elif key == "legal":
            found_legal = [] if game.over else sorted(str(a) for a in game.legal_tuple(game.turn))
            check("legal actions", sorted(expected), found_legal)
        elif key in found_by_key:
            check(key, expected, found_by_key[key]())
        else:
            raise ScenarioError(f"unknown expectation {key!r}")
    return failures


def run_pagons_scenario(data: dict[str, Any], path: str = "<scenario>") -> list[Failure]:
    """Play a pagons scenario; return the expectations that failed."""
    game = build_pagons_game(data)
    return play_scenario_moves(game, data, path, PagonsAction.parse, check_pagons_expect)
