"""The move loop every family-3 game's scenario files share: apply each move (legal or refused),
check that a refused move changed nothing and gave the expected reason, check expectations."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from engine.errors import IllegalAction, ParseError
from engine.scenario import Failure, ScenarioError

MOVE_KEYS = {"action", "illegal", "reason", "expect", "comment"}
"""The keys a scenario move may have."""


class ScenarioGame(Protocol):
    """What the shared move loop needs of a game."""

    def apply(self, action: Any) -> Any:
        """Apply an action."""

    def state_hash(self) -> str:
        """SHA-256 of the whole state."""


Checker = Callable[[Any, object, str, "int | None"], list[Failure]]


def play_scenario_moves(
    game: ScenarioGame,
    data: Mapping[str, Any],
    path: str,
    parse: Callable[[str], Any],
    check: Checker,
) -> list[Failure]:
    """Apply a scenario's moves (legal and refused ones) and check every expectation."""
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise ScenarioError("'moves' must be a list")
    for index, move in enumerate(moves):
        if not isinstance(move, dict) or "action" not in move or set(move) - MOVE_KEYS:
            raise ScenarioError(f"move {index} must be an object with an 'action'")
        try:
            action = parse(str(move["action"]))
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
            failures = check(game, move["expect"], path, index)
            if failures:
                return failures
    return check(game, data.get("expect", {}), path, None)
