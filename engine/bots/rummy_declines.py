"""What joker rummy's open card tells about the next hand: a player who drew from the deck
instead of taking the card just discarded held nothing that made a combination with it.

The search bot watches the game it is asked about (`DeclineReader.note`, at each of its
decisions) and remembers each time the seat after it drew instead of taking the card it had
just discarded, with the slots that seat held then (which slots lie in which hand is open to
all; only their faces are hidden). In every deal it samples (`DeclineReader.deal_around`) it
swaps hidden faces, inside their generation, until no such hand held two cards making a
combination with the card it left: the heuristic's own rule for taking (`makes_combination`),
the opponent model of the rollouts. Everything it reads is open to the seat: the log of moves,
the slots of each hand and the faces the seat may see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.rummy.actions import DISCARD, DRAW
from engine.rummy.melds import hand_melds

REPAIRS_PER_DECLINE = 6
"""Face swaps tried per remembered decline on one sampled deal before the deal is kept as it is."""


def makes_combination(card: Card, hand: Sequence[Card]) -> bool:
    """Whether `card` (not a joker) makes a combination with natural cards of `hand`: the part
    of the heuristic's rule for taking the open card that depends on the hidden hand."""
    natural = [c for c in hand if not c.is_joker]
    return any(card in group for _, group in hand_melds([*natural, card]))


@dataclass(frozen=True)
class Decline:
    """`seat` drew from the deck while `card` lay open on the stock, holding the hand `slots`."""

    seat: int
    card: Card
    slots: tuple[int, ...]


class DeclineReader:
    """Remembers the declines of the seat after the watcher and deals hidden faces around them."""

    def __init__(self) -> None:
        self.declines: list[Decline] = []
        self._log: list[Any] = []
        self._hands: tuple[tuple[int, ...], ...] = ()

    def note(self, game: Any, seat: int) -> None:
        """Read the moves made since the last call for `seat` in this game (a new game, or
        another one, starts the memory again) and remember the next seat's declines."""
        log = game.log
        if len(log) < len(self._log) or list(log[: len(self._log)]) != self._log:
            self.declines, self._log, self._hands = [], [], ()
        start = len(self._log)
        following = (seat + 1) % game.players
        if self._hands and len(log) > start + 1:  # our discard came right after the last call
            discard, next_move = log[start], log[start + 1]
            ours = discard.seat == seat and discard.kind == DISCARD and len(discard.cards) == 1
            declined = next_move.kind == DRAW and next_move.seat == following
            card = discard.cards[0] if ours else None
            if declined and card is not None and not card.is_joker:  # (jokers are always taken)
                self.declines.append(Decline(following, card, self._hands[following]))
        self._log = list(log)
        self._hands = tuple(tuple(hand) for hand in game.hands)

    def deal_around(self, deal: Any, seat: int, rng: random.Random) -> None:
        """Swap faces hidden from `seat` in `deal` (each with another hidden slot of its
        generation outside that hand) until no remembered hand made a combination with the card
        it declined, trying a few swaps per decline; the caches of the old faces are forgotten."""
        if not self.declines:
            return
        faces, known, generation = deal.faces, deal.known, deal.generation
        bit = 1 << seat
        changed = False
        for _ in range(REPAIRS_PER_DECLINE * len(self.declines)):
            broken = next(
                (
                    d
                    for d in self.declines
                    if makes_combination(d.card, [faces[s] for s in d.slots])
                ),
                None,
            )
            if broken is None:
                break
            culprits = [
                s
                for s in broken.slots
                if not known[s] & bit and self._partner(broken.card, faces[s], broken, faces)
            ]
            if not culprits:
                continue
            slot = culprits[int(rng.random() * len(culprits))]
            held = set(broken.slots)
            others = [
                s
                for s in range(len(faces))
                if not known[s] & bit and generation[s] == generation[slot] and s not in held
            ]
            if others:
                other = others[int(rng.random() * len(others))]
                faces[slot], faces[other] = faces[other], faces[slot]
                changed = True
        if changed:
            deal._resampled(rng)

    @staticmethod
    def _partner(card: Card, face: Card, decline: Decline, faces: Sequence[Card]) -> bool:
        """Whether `face` belongs to a combination the declined `card` made with the hand."""
        if face.is_joker:
            return False
        natural = [faces[s] for s in decline.slots if not faces[s].is_joker]
        return any(card in group and face in group for _, group in hand_melds([*natural, card]))
