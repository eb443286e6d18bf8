"""Round fool's scenario files, run by `python -m engine.scenario` like every other game.

A scenario gives "variant", "options", "players", and either "table" and "stock" (top first, its
last card the trump card; "hands" optional, "first" draws first) to start collecting, or "hands"
and "trump" (a suit; "leader" optional) to start playing; or "refused", words the refusal of
"options" must contain (no game is played). "moves" hold {"action": "0 draw"} with
"illegal" (and "reason") and "expect"; "expect" may check hands, phase, turn, table, drawn,
stock_count, trump, attack, covers, attacker, defender, discard_count, over, winners, fool,
legal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.cards import parse_cards
from engine.errors import EngineError, ParseError
from engine.kind_scenario import play_scenario_moves
from engine.road.scenario import compare_expect
from engine.round.actions import RoundAction
from engine.round.game import RoundGame
from engine.round.rules import get_round_rules
from engine.scenario import Failure, ScenarioError

TOP_KEYS = {"name", "description", "variant", "options", "players", "hands", "table", "stock",
            "trump", "first", "leader", "moves", "expect", "refused"}  # fmt: skip


def build_round_game(data: Mapping[str, Any]) -> RoundGame:
    """The game a scenario starts from (ScenarioError when the file is malformed)."""
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"unknown keys {sorted(unknown)}")
    try:
        rules = get_round_rules(str(data["variant"]), **data.get("options", {}))
        hands = [parse_cards(h) for h in data.get("hands", [])]
        leader = data.get("leader")
        return RoundGame.from_layout(
            rules,
            int(data.get("players", len(hands))),
            hands,
            parse_cards(data.get("table", [])),
            parse_cards(data.get("stock", [])),
            trump=data.get("trump"),
            first=int(data.get("first", 0)),
            leader=None if leader is None else int(leader),
        )
    except (KeyError, TypeError, ValueError, EngineError) as exc:
        raise ScenarioError(f"cannot set up the game: {exc}") from None


def check_round_expect(
    game: RoundGame, expect: object, path: str, move: int | None
) -> list[Failure]:
    """The expectations of `expect` that do not hold in `game`."""

    def texts(slots: list[int]) -> list[str]:
        return [game.faces[s].text for s in slots]

    found_by_key: dict[str, Callable[[], object]] = {
        "phase": lambda: game.phase,
        "trump": lambda: game.trump,
        "turn": lambda: game.to_act[0] if game.to_act else None,
        "table": lambda: sorted(texts(game.table)),
        "drawn": lambda: None if game.drawn is None else game.faces[game.drawn].text,
        "stock_count": lambda: len(game.stock),
        "attack": lambda: texts(game.attack),
        "covers": lambda: [None if c is None else game.faces[c].text for c in game.covers],
        "attacker": lambda: game.attacker,
        "defender": lambda: game.defender,
        "discard_count": lambda: len(game.discard),
        "over": lambda: game.over,
        "winners": lambda: game.winners(),
        "fool": lambda: game.fool,
        "legal": lambda: sorted(str(a) for seat in game.to_act for a in game.legal_tuple(seat)),
    }
    if isinstance(expect, dict) and isinstance(expect.get("table"), list):
        expect = {**expect, "table": sorted(expect["table"])}
    return compare_expect(
        expect, found_by_key, lambda seat: [c.text for c in game.hand_cards(seat)], path, move
    )


def refused_options(data: Mapping[str, Any], path: str) -> list[Failure]:
    """A scenario of options the rules must refuse: the refusal's words, or a failure."""
    wanted = str(data["refused"])
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ScenarioError("'options' must be an object")
    try:
        rules = get_round_rules(str(data["variant"]), **options)
        rules.check_players(int(data.get("players", 2)))
    except ParseError as exc:
        if wanted in str(exc):
            return []
        return [Failure(path, None, "refusal of the options", wanted, str(exc))]
    except (KeyError, TypeError, ValueError) as exc:
        raise ScenarioError(f"cannot read the options: {exc}") from None
    return [Failure(path, None, "options", f"refused ({wanted})", "accepted")]


def run_round_scenario(data: dict[str, Any], path: str = "<scenario>") -> list[Failure]:
    """Play a round scenario (or check its options are refused); return what failed."""
    if "refused" in data:
        unknown = set(data) - TOP_KEYS
        if unknown:
            raise ScenarioError(f"unknown keys {sorted(unknown)}")
        return refused_options(data, path)
    game = build_round_game(data)
    return play_scenario_moves(game, data, path, RoundAction.parse, check_round_expect)
