"""Shuffling positions back into the talon during play: crazy's recycled bouts and poker's
exchange (docs/rules.md, `crazy`, `poker`). Nobody knows the new talon's faces.

An all-knowing engine permutes the faces with the game's `rng`, or, replaying a table's game
(the audit), takes the faces the table dealt in order (`ReshuffleState.redeals`, a record that
crazy and poker share: `Twist.shared_state`); a peer's engine forgets the faces (the table deals
them again, `net/table`).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine import game_setup
from engine.actions import RESHUFFLE, Event
from engine.errors import EngineError
from engine.variants.twist import TwistState, state_of

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.cards import Card
    from engine.game import Game


class ReshuffleState(TwistState):
    """A replay's faces of each reshuffle still to come, in order (none: shuffle by the game's
    generator)."""

    __slots__ = ("redeals",)

    def __init__(self, redeals: list[list[Card]] | None = None) -> None:
        self.redeals: list[list[Card]] = [] if redeals is None else redeals

    def copy(self) -> ReshuffleState:
        """An independent copy."""
        return ReshuffleState([dealt[:] for dealt in self.redeals])

    def resampled(self) -> None:
        """A resampled game's faces are its own: a replay's re-dealt faces no longer fit."""
        self.redeals = []


def replay_redeals(game: Game, redeals: Sequence[Sequence[Card]]) -> None:
    """Replaying a table's game: its reshuffles take these faces in turn (a game that never
    reshuffles ignores them)."""
    state = state_of(game, ReshuffleState)
    if state is not None:
        state.redeals = [list(cards) for cards in redeals]


def reshuffle(game: Game, slots: list[int], bottom: list[int]) -> None:
    """Shuffle these positions into a new talon above `bottom`; nobody knows their faces."""
    order = sorted(slots)
    faces = game.faces
    if not game.hidden:
        shuffled = [faces[s] for s in order]
        state = state_of(game, ReshuffleState)
        if state is not None and state.redeals:
            dealt = list(state.redeals.pop(0))
            if Counter(dealt) != Counter(shuffled):  # (equal counts: equal lengths too)
                raise EngineError("the re-dealt cards are not the cards that were shuffled")
            shuffled = dealt  # type: ignore[assignment]
        else:
            game.rng.shuffle(shuffled)
        for slot, face in zip(order, shuffled, strict=True):
            faces[slot] = face
    else:
        for slot in order:
            faces[slot] = None
    for slot in order:
        game.known[slot] = 0
    game.talon = order + bottom
    game_setup.index_faces(game)
    game._events.append(Event(RESHUFFLE, -1, (), -1, len(order), tuple(order)))
