"""Points: whoever beats off the most cards wins (docs/rules.md, `points`); only beats in bouts
that are beaten off score.

State: `PointsState.beat_counts` (scored), `PointsState.bout_beats` (this bout's, not yet
scored).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.variants.twist import Twist, TwistState, state_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.cards import Card
    from engine.game import Game


class PointsState(TwistState):
    """The beats each seat scored, and those of this bout."""

    __slots__ = ("beat_counts", "bout_beats")

    def __init__(self, beat_counts: list[int], bout_beats: list[int]) -> None:
        self.beat_counts = beat_counts
        self.bout_beats = bout_beats

    def copy(self) -> PointsState:
        """An independent copy."""
        return PointsState(self.beat_counts[:], self.bout_beats[:])


def _state(game: Game) -> PointsState:
    """The points state of a game that plays points."""
    state = state_of(game, PointsState)
    assert state is not None
    return state


class Points(Twist):
    """Counting the beats of beaten-off bouts."""

    __slots__ = ()
    keeps_score = True

    def new_state(self, players: int) -> PointsState:
        """No beats yet."""
        return PointsState([0] * players, [0] * players)

    def scores(self, game: Game) -> list[int]:
        """The cards each seat beat in beaten-off bouts."""
        return beat_scores(game)

    def winners(self, game: Game) -> list[int]:
        """The seats that beat the most cards."""
        return most_beats(game)

    def after_beat(self, game: Game, seat: int, target: object) -> bool:
        """A face-up beat waits to score until the bout ends."""
        _state(game).bout_beats[seat] += 1
        return False

    def bout_ending(
        self, game: Game, took: bool, slots: list[int], cards: tuple[Card, ...]
    ) -> tuple[Card, ...]:
        """The bout's beats score when it is beaten off, and nothing when it is taken."""
        state = _state(game)
        if not took:
            for seat, beats in enumerate(state.bout_beats):
                state.beat_counts[seat] += beats
        state.bout_beats = [0] * game.players
        return cards

    def observe(self, game: Game, mask: int, fields: dict[str, Any]) -> None:
        """Everyone sees the scores."""
        fields["scores"] = tuple(beat_scores(game))


def beat_scores(game: Game) -> list[int]:
    """The cards each seat beat in beaten-off bouts (the default score of every game: none)."""
    state = state_of(game, PointsState)
    return [0] * game.players if state is None else list(state.beat_counts)


def most_beats(game: Game) -> list[int]:
    """The seats that beat the most cards."""
    counts = beat_scores(game)
    best = max(counts[s] for s in range(game.players))
    return [s for s in range(game.players) if counts[s] == best]


def state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Points' part of the state text: the beats scored."""
    return [f"beats={beat_scores(game)}"]


def bout_state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Points' second part of the state text: this bout's beats, not yet scored (points only)."""
    state = state_of(game, PointsState)
    return [] if state is None else [f"bout_beats={state.bout_beats}"]
