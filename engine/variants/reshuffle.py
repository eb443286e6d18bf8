"""Shuffling positions back into the talon during play: crazy's recycled bouts and poker's
exchange (docs/rules.md, `crazy`, `poker`). Nobody knows the new talon's faces.

An all-knowing engine permutes the faces with the game's `rng`, or, replaying a table's game
(the audit), takes the faces the table dealt from `Game.redeals` in order; a peer's engine
forgets the faces (the table deals them again, `net/table`).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine import game_setup
from engine.actions import RESHUFFLE, Event
from engine.errors import EngineError

if TYPE_CHECKING:
    from engine.game import Game


def reshuffle(game: Game, slots: list[int], bottom: list[int]) -> None:
    """Shuffle these positions into a new talon above `bottom`; nobody knows their faces."""
    order = sorted(slots)
    faces = game.faces
    if game.viewer is None:
        shuffled = [faces[s] for s in order]
        if game.redeals:
            dealt = list(game.redeals.pop(0))
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
    game.events.append(Event(RESHUFFLE, -1, (), -1, len(order), tuple(order)))
