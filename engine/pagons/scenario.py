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
from engine.errors import EngineError, IllegalAction, ParseError
from engine.pagons.actions import PagonsAction
from engine.pagons.game import PagonsGame
from engine.pagons.rules import get_pagons_rules
from engine.scenario import Failure, ScenarioError

TOP_KEYS = {"name", "description", "variant", "options", "hands", "talon", "trump", "attacker",
            "levels", "moves", "expect"}  # fmt: skip
MOVE_KEYS = {"action", "illegal", "reason", "expect", "comment"}


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
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise ScenarioError("'moves' must be a list")
    for index, move in enumerate(moves):
        if not isinstance(move, dict) or "action" not in move or set(move) - MOVE_KEYS:
            raise ScenarioError(f"move {index} must be an object with an 'action'")
        try:
            action = PagonsAction.parse(str(move["action"]))
        except ParseError as exc:
            raise ScenarioError(f"move {index}: {exc}") from None
        before = game.state_hash()
        try:
            game.apply(action)
        except IllegalAction as exc:
            if not move.get("illegal"):
                return [Failure(path, index, f"{action} was rejected", "legal", str(exc))]
            if game.state_hash() != before:
                return [Failure(path, index, "state after an illegal move", before, "changed")]
            reason = move.get("reason")
            if reason and str(reason) not in str(exc):
                return [Failure(path, index, "refusal reason", reason, str(exc))]
        else:
            if move.get("illegal"):
                return [Failure(path, index, f"{action} was accepted", "illegal", "legal")]
        if "expect" in move:
            failures = check_pagons_expect(game, move["expect"], path, index)
            if failures:
                return failures
    return check_pagons_expect(game, data.get("expect", {}), path, None)
