"""Points: whoever beats off the most cards wins (docs/rules.md, `points`); only beats in bouts
that are beaten off score.

State in `Game`: `beat_counts` (scored), `bout_beats` (this bout's, not yet scored).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.variants.twist import Twist

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.cards import Card
    from engine.game import Game


class Points(Twist):
    """Counting the beats of beaten-off bouts."""

    __slots__ = ()
    keeps_score = True

    def scores(self, game: Game) -> list[int]:
        """The cards each seat beat in beaten-off bouts."""
        return beat_scores(game)

    def winners(self, game: Game) -> list[int]:
        """The seats that beat the most cards."""
        return most_beats(game)

    def after_beat(self, game: Game, seat: int, target: object) -> bool:
        """A face-up beat waits to score until the bout ends."""
        game.bout_beats[seat] += 1
        return False

    def bout_ending(
        self, game: Game, took: bool, slots: list[int], cards: tuple[Card, ...]
    ) -> tuple[Card, ...]:
        """The bout's beats score when it is beaten off, and nothing when it is taken."""
        if not took:
            for seat, beats in enumerate(game.bout_beats):
                game.beat_counts[seat] += beats
        game.bout_beats = [0] * game.players
        return cards

    def observe(self, game: Game, seat: int, fields: dict[str, Any]) -> None:
        """Everyone sees the scores."""
        fields["scores"] = tuple(beat_scores(game))


def beat_scores(game: Game) -> list[int]:
    """The cards each seat beat in beaten-off bouts (the default score of every game)."""
    return list(game.beat_counts)


def most_beats(game: Game) -> list[int]:
    """The seats that beat the most cards."""
    counts = game.beat_counts
    best = max(counts[s] for s in range(game.players))
    return [s for s in range(game.players) if counts[s] == best]


def state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Points' part of the state text: the beats scored."""
    return [f"beats={game.beat_counts}"]


def bout_state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Points' second part of the state text: this bout's beats, not yet scored (points only)."""
    return [f"bout_beats={game.bout_beats}"] if game.rules.scoring == "points" else []
