"""Poker: once a bout, before any beat, a defender holding 6 cards or fewer may exchange two of
them for two from the talon, shuffled back in first (docs/rules.md, `poker`; option
`exchange`; action `exchange`).

State: `PokerState.exchanged` (this bout's exchange is used; cleared here as a bout starts). The
shuffle is `engine.variants.reshuffle` (crazy uses it too); `Game.wire_action` names the two
cards by position.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from engine.action_values import combo_actions
from engine.actions import DREW, EXCHANGE, EXCHANGED, Action, Event
from engine.errors import IllegalAction
from engine.variants.reshuffle import ReshuffleState, reshuffle
from engine.variants.twist import NO_CARD, Twist, TwistState, state_of

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from engine.game import Game

_code = attrgetter("code")


class PokerState(TwistState):
    """Whether this bout's exchange is used."""

    __slots__ = ("exchanged",)

    def __init__(self, exchanged: bool) -> None:
        self.exchanged = exchanged

    def copy(self) -> PokerState:
        """An independent copy."""
        return PokerState(self.exchanged)


def exchanged(game: Game) -> bool:
    """This bout's exchange is used (never, in a game without poker's exchange)."""
    state = state_of(game, PokerState)
    return state is not None and state.exchanged


def _set_exchanged(game: Game, used: bool) -> None:
    state = state_of(game, PokerState)
    assert state is not None
    state.exchanged = used


class Poker(Twist):
    """The exchange among the defender's options."""

    __slots__ = ()
    shared_state = ReshuffleState  # (a replay's re-dealt faces)

    def new_state(self, players: int) -> PokerState:
        """The exchange is open."""
        return PokerState(False)

    def defender_set(self, game: Game, defender: int, new_bout: bool) -> None:
        """Each bout opens the exchange again."""
        if new_bout:
            _set_exchanged(game, False)

    def defends(self, game: Game, seat: int) -> Sequence[Action]:
        """Every pair of cards in hand, while the exchange is open to `seat`."""
        if not can_exchange(game, seat):
            return ()

        faces = game.faces
        cards = sorted((c for c in (faces[s] for s in game.hands[seat]) if c), key=_code)
        return combo_actions(seat, EXCHANGE, tuple(cards), 2, 2)


def can_exchange(game: Game, seat: int) -> bool:
    """Before any beat this bout, once, with 6 cards or fewer and 2 spare talon cards."""
    if not game.rules.exchange or exchanged(game) or seat != game.defender or game.taking:
        return False
    if any(cover != NO_CARD for _, cover in game.table):
        return False
    spare = len(game.talon) - (1 if game.trump_slot in game.talon else 0)
    return len(game.hands[seat]) <= 6 and spare >= 2 and len(game.hands[seat]) >= 2


def check_exchange(game: Game, seat: int, action: Action) -> list[int]:
    """The two hand slots of a legal exchange (by face, or by position on a peer)."""
    if not can_exchange(game, seat):
        raise IllegalAction("no exchange now (poker: once, before the first beat, 6 cards)")
    if len(action.cards) + len(action.slots) != 2:
        raise IllegalAction("exchange exactly two cards")
    if action.slots:
        first, second = action.slots
        hand = game.hands[seat]
        if first == second or first not in hand or second not in hand:
            raise IllegalAction(f"positions {action.slots} are not two cards of seat {seat}")
        return [first, second]
    return game.take_slots(seat, action.cards)


def play_exchange(game: Game, seat: int, slots: list[int], events: list[Event]) -> None:
    """The two cards go into the talon (the trump card stays at the bottom), it is shuffled, and
    the defender draws its top two."""
    talon = game.talon
    trump_at_bottom = bool(talon) and talon[-1] == game.trump_slot
    bottom = [talon.pop()] if trump_at_bottom else []
    reshuffle(game, talon + slots, bottom)
    drawn = game.talon[:2]
    del game.talon[:2]
    for slot in drawn:
        game.known[slot] |= 1 << seat
    game.hands[seat].extend(drawn)
    _set_exchanged(game, True)
    events.append(Event(EXCHANGED, seat, (), -1, 2))
    events.append(Event(DREW, seat, (), -1, 2))


def state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Poker's part of the state text: whether this bout's exchange is used."""
    return [f"exchanged={exchanged(game)}"]
