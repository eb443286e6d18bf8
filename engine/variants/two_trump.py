"""Two-trump: every player has his own trump suit, turned up from the bottom of the talon; a
defender is beaten by his own trump (docs/rules.md, `two-trump`; options `personal_trumps`,
`distinct_trumps`).

State: `TwoTrumpState.trump_slots` (each seat's trump card, seat 0's the last talon card) and
`TwoTrumpState.seat_trumps` (each seat's suit, None while a peer has not seen it). The twist picks the
defender's beat table as each bout starts, at a transfer and when a trump card is opened.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.errors import EngineError
from engine.rules import SUIT_NAMES
from engine.variants.twist import Twist, TwistState, state_of

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.game import Game


class TwoTrumpState(TwistState):
    """Every seat's trump card position and suit."""

    __slots__ = ("seat_trumps", "trump_slots")

    def __init__(self, trump_slots: list[int], seat_trumps: list[str | None]) -> None:
        self.trump_slots = trump_slots
        self.seat_trumps = seat_trumps

    def copy(self) -> TwoTrumpState:
        """An independent copy."""
        return TwoTrumpState(self.trump_slots[:], self.seat_trumps[:])


def _state(game: Game) -> TwoTrumpState:
    """The two-trump state of a game that plays two-trump."""
    state = state_of(game, TwoTrumpState)
    assert state is not None
    return state


def trump_slots(game: Game) -> list[int]:
    """Every seat's trump card position (none in a game without two-trump)."""
    state = state_of(game, TwoTrumpState)
    return [] if state is None else state.trump_slots


def seat_trumps(game: Game) -> list[str | None]:
    """Every seat's trump suit, None while not seen (none in a game without two-trump)."""
    state = state_of(game, TwoTrumpState)
    return [] if state is None else state.seat_trumps


class TwoTrump(Twist):
    """A defender is beaten by his own trump."""

    __slots__ = ()

    def new_state(self, players: int) -> TwoTrumpState:
        """No trump card turned up yet."""
        return TwoTrumpState([], [])

    def table_positions(self, game: Game, positions: Sequence[int]) -> None:
        """A peer's game: the table turned every seat's trump card up at these positions."""
        _state(game).trump_slots = list(positions)

    def trump_positions(self, game: Game) -> list[int]:
        """Every seat's trump card position."""
        return trump_slots(game)

    def revealed(self, game: Game, slot: int, card: Card) -> None:
        """A peer learned a face: a seat's trump card names its trump suit."""
        state = _state(game)
        if slot in state.trump_slots:
            index = state.trump_slots.index(slot)
            if state.seat_trumps[index] is None:
                state.seat_trumps[index] = card.suit
                fill_missing(game)
                game.set_beaters()

    def turn_up(self, game: Game) -> bool:
        """Every seat's trump card is turned up from the talon's bottom (`turn_up`)."""
        turn_up(game)
        return True

    def lead_trumps(self, game: Game) -> list[str | None] | None:
        """Each seat's first-lead card counts in its own trump suit, once the suits are known."""
        return trumps_by_seat(game) if seat_trumps(game) else None

    def defender_set(self, game: Game, defender: int, new_bout: bool) -> None:
        """The defender's own trump suit decides what beats (the common trump until known)."""
        trumps = seat_trumps(game)
        if trumps:
            game.beat_by(trumps[defender] if defender < len(trumps) else None)
        else:
            game.beat_by(game.trump_suit)

    def observe(self, game: Game, mask: int, fields: dict[str, Any]) -> None:
        """Every seat's trump suit as the viewer has seen it."""
        fields["trumps"] = seen_trumps(game, mask)


def turn_up(game: Game) -> None:
    """Turn every seat's trump card up at the deal (a peer's game has the positions already)."""
    state = _state(game)
    if not state.trump_slots:
        state.trump_slots = _turn_up_positions(game)
    for slot in state.trump_slots:
        game.known[slot] = game.everyone
    faces = game.faces
    state.seat_trumps = [
        None if faces[slot] is None else faces[slot].suit  # type: ignore[union-attr]
        for slot in state.trump_slots
    ]
    fill_missing(game)
    game.trump_slot = state.trump_slots[0]
    game.trump_suit = state.seat_trumps[0]


def _turn_up_positions(game: Game) -> list[int]:
    """The positions of every seat's trump card, turned up from the talon's bottom.

    One card per seat (seat 0 the last card). With `distinct_trumps` a card whose suit is
    already someone's trump is turned up too but given to nobody (it stays in the talon,
    seen by all) and the next card up is tried, so every seat's trump suit differs
    (`walk_turn_up`, which the LAN table follows one opened card at a time).
    """
    talon = game.talon
    if not game.rules.distinct_trumps:
        return [talon[-1 - seat] for seat in range(min(game.players, len(talon)))]
    faces = game.faces
    walk = walk_turn_up(talon, faces.__getitem__, game.players)
    if walk.next_slot is not None:
        raise EngineError("distinct trumps: the table names the trump positions")
    for slot in walk.turned:
        game.known[slot] = game.everyone
    return walk.chosen


@dataclass(frozen=True)
class TurnUp:
    """How far the distinct-trumps turn-up has got: the cards turned up so far (bottom first),
    those that became a seat's trump card (seat order), and the next position to turn up
    (None: finished)."""

    turned: list[int]
    chosen: list[int]
    next_slot: int | None


def walk_turn_up(
    talon: Sequence[int], face_of: Callable[[int], Card | None], players: int
) -> TurnUp:
    """The distinct-trumps turn-up as far as the faces known allow: from the talon's bottom up,
    each card is turned up; a suit nobody has yet makes it the next seat's trump card; it stops
    once every seat has one or the talon is used up. The order of the positions is fixed and
    the stop depends only on faces turned up for everyone, so every peer walks the same way.
    """
    turned: list[int] = []
    chosen: list[int] = []
    suits: set[str | None] = set()
    for slot in reversed(talon):
        if len(chosen) == players:
            break
        face = face_of(slot)
        if face is None:
            return TurnUp(turned, chosen, slot)
        turned.append(slot)
        if face.suit not in suits:
            suits.add(face.suit)
            chosen.append(slot)
    return TurnUp(turned, chosen, None)


def seat_suits(
    chosen_faces: Sequence[Card | None], players: int, distinct: bool
) -> list[str | None]:
    """Every seat's trump suit from its trump card's face (None: not seen); with `distinct`,
    once every card is seen, the seats without a card take the suits nobody has
    (`fill_missing`'s order)."""
    suits: list[str | None] = [None if c is None else c.suit for c in chosen_faces]
    if distinct:
        _add_free_suits(suits, players)
    return suits


def fill_missing(game: Game) -> None:
    """Distinct trumps: seats the talon had no new suit for take the suits nobody has, in the
    order clubs, diamonds, hearts, spades (with four players the last suit is forced)."""
    if game.rules.distinct_trumps:
        _add_free_suits(seat_trumps(game), game.players)


def _add_free_suits(suits: list[str | None], players: int) -> None:
    """Once every turned-up suit is seen, give the seats without a card the suits nobody has."""
    if len(suits) >= players or None in suits:
        return
    free = [suit for suit in SUIT_NAMES if suit not in suits]
    suits.extend(free[: players - len(suits)])


def trumps_by_seat(game: Game) -> list[str | None]:
    """Every seat's own trump suit (None for a seat without one), for the first lead."""
    own = seat_trumps(game)
    return [own[s] if s < len(own) else None for s in range(game.players)]


def seen_trumps(game: Game, mask: int) -> tuple[str | None, ...]:
    """Every seat's trump suit as a viewer knows it who sees the faces known to every seat of
    `mask` (None: its card is not shown to him)."""
    known, trumps_of, slots = game.known, seat_trumps(game), trump_slots(game)
    trumps = tuple(
        trumps_of[s] if s < len(trumps_of) and known[slot] & mask == mask else None
        for s, slot in enumerate(slots)
    )
    if game.rules.distinct_trumps and all(known[s] & mask == mask for s in slots):
        trumps += tuple(trumps_of[len(slots) :])
    return trumps


def state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Two-trump's part of the state text: every seat's trump suit."""
    return [f"trumps={seat_trumps(game)}"]
