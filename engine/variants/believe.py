"""Believe: the defender may beat face down; the attacker lets it stand (accept) or opens it
(check), and whoever was wrong takes the bout (docs/rules.md, `believe`; option `hidden_beats`;
actions `beat_hidden`, `accept`, `check`).

State: `BelieveState.face_down` (covers still face down) and `BelieveState.pending` (the
face-down cover that awaits the leader's word, or NO_CARD); while a cover awaits it the twist
holds the play (`Twist.holds_play`: only the leader's word may come). At the end of a bout the
twist names face-down covers to nobody and shows them to whoever picks them up;
`Game.wire_action` names a face-down card by position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import bout, game_checks
from engine.actions import (
    ACCEPT,
    ACCEPTED,
    BEAT_HIDDEN,
    BEATEN_HIDDEN,
    CHECK,
    CHECKED,
    Action,
    Event,
)
from engine.errors import IllegalAction
from engine.variants.twist import NO_CARD, Twist, TwistState, state_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.cards import Card
    from engine.game import Game

HIDDEN_BEAT = "hidden_beat"  # the claim of an accepted face-down beat (checked by the audit)


class BelieveState(TwistState):
    """The covers face down and the one that awaits the leader's word (NO_CARD: none)."""

    __slots__ = ("face_down", "pending")

    def __init__(self, face_down: set[int], pending: int) -> None:
        self.face_down = face_down
        self.pending = pending

    def copy(self) -> BelieveState:
        """An independent copy."""
        return BelieveState(self.face_down.copy(), self.pending)


def _state(game: Game) -> BelieveState:
    """The believe state of a game that plays believe."""
    state = state_of(game, BelieveState)
    assert state is not None
    return state


def face_down(game: Game) -> set[int]:
    """The covers lying face down (none in a game without face-down beats)."""
    state = state_of(game, BelieveState)
    return set() if state is None else state.face_down


def pending(game: Game) -> int:
    """The face-down cover awaiting the leader's word (NO_CARD: none)."""
    state = state_of(game, BelieveState)
    return NO_CARD if state is None else state.pending


def _set_pending(game: Game, slot: int) -> None:
    """`slot` awaits the leader's word (the twist holds the play), or none does (NO_CARD)."""
    _state(game).pending = slot
    game.mark_held(slot != NO_CARD)


class Believe(Twist):
    """Face-down beats among the defender's options."""

    __slots__ = ()

    def new_state(self, players: int) -> BelieveState:
        """No cover face down."""
        return BelieveState(set(), NO_CARD)

    def face_down_covers(self, game: Game) -> set[int]:
        """The covers face down: no rank that others may throw."""
        return _state(game).face_down

    def holds_play(self, game: Game) -> bool:
        """While a face-down cover awaits the leader's word."""
        return _state(game).pending != NO_CARD

    def held_seat(self, game: Game) -> int:
        """The leader says his word on the face-down cover."""
        return game.lead

    def held_options(self, game: Game, seat: int) -> list[Action]:
        """The leader's two words."""
        return words(game, seat)

    def check_held(self, game: Game, seat: int, kind: str) -> None:
        """Raise IllegalAction unless this is the leader's word."""
        check_word(game, seat, kind)

    def held_slot(self, game: Game) -> int:
        """The face-down cover the word is about."""
        return _state(game).pending

    def bout_ending(
        self, game: Game, took: bool, slots: list[int], cards: tuple[Card, ...]
    ) -> tuple[Card, ...]:
        """A cover still face down is named to nobody (taken, it stays so until `before_take`
        shows it to the taker); no card waits for a word any more."""
        _set_pending(game, NO_CARD)
        down = _state(game).face_down
        if not down:
            return cards
        everyone, known, faces = game.everyone, game.known, game.faces
        named = tuple(faces[s] for s in slots if known[s] == everyone)
        if not took:
            down.clear()
        return named  # type: ignore[return-value]

    def before_take(self, game: Game, taker: int, slots: list[int]) -> list[int]:
        """Whoever picks up an accepted face-down card sees it."""
        down = _state(game).face_down
        if down:
            bit, known = 1 << taker, game.known
            for slot in slots:
                known[slot] |= bit
            down.clear()
        return slots

    def defends(self, game: Game, seat: int) -> list[Action]:
        """Every card in hand, face down, on every unbeaten card."""
        faces = game.faces
        cards = dict.fromkeys(c for c in (faces[s] for s in game.hands[seat]) if c)
        actions: list[Action] = []
        for attack, cover in game.table:
            if cover == NO_CARD:
                target = faces[attack]
                actions.extend(Action(seat, BEAT_HIDDEN, (c,), target) for c in cards)
        return actions

    def observe(self, game: Game, mask: int, fields: dict[str, Any]) -> None:
        """The table pairs whose cover lies face down, and whether the leader's word is awaited."""
        state = _state(game)
        down = state.face_down
        fields["face_down"] = tuple(i for i, (_, c) in enumerate(game.table) if c in down)
        fields["waiting_check"] = state.pending != NO_CARD


def words(game: Game, seat: int) -> list[Action]:
    """While a face-down card waits: the leader's two words, nobody else's moves."""
    return [Action(seat, ACCEPT), Action(seat, CHECK)] if seat == game.lead else []


def check_word(game: Game, seat: int, kind: str) -> None:
    """Raise IllegalAction unless `kind` is the leader's word on the waiting face-down card."""
    if kind not in (ACCEPT, CHECK):
        raise IllegalAction(f"seat {game.lead} must accept or check the face-down card")
    if seat != game.lead:
        raise IllegalAction(f"only seat {game.lead} may accept or check")
    waiting = pending(game)
    if kind == CHECK and game.faces[waiting] is None:
        raise IllegalAction(f"position {waiting} must be opened before the check")


def check_beat_hidden(game: Game, seat: int, action: Action) -> list[int]:
    """The defender's face-down beat: its hand slot (by face, or by position on a peer)."""
    if not game.rules.hidden_beats:
        raise IllegalAction("no face-down beats in this variant")
    target = action.target
    if target is None or len(action.cards) + len(action.slots) != 1:
        raise IllegalAction("beat one card face down with one card")
    game_checks.check_unbeaten(game, target)
    if action.slots:
        slot = action.slots[0]
        if slot not in game.hands[seat]:
            raise IllegalAction(f"position {slot} is not in seat {seat}'s hand")
        return [slot]
    return game.take_slots(seat, action.cards)


def play_beat_hidden(game: Game, action: Action, slot: int, events: list[Event]) -> None:
    """The card covers its target face down and waits for the leader's word."""
    seat, target = action.seat, action.target
    for pair in game.table:
        if pair[1] == NO_CARD and game.faces[pair[0]] is target:
            pair[1] = slot
            break
    _state(game).face_down.add(slot)
    _set_pending(game, slot)
    bout.cover_face_down(game, seat)
    game.passed = 0
    events.append(Event(BEATEN_HIDDEN, seat, (target,) if target else (), game.lead))


def play_accept(game: Game, seat: int, events: list[Event]) -> None:
    """The leader lets the face-down beat stand: a claim the audit checks at the end."""
    slot = pending(game)
    _set_pending(game, NO_CARD)
    game.record_claim(game.defender, HIDDEN_BEAT, str(slot))
    events.append(Event(ACCEPTED, seat, (), game.defender))
    if game.table:
        bout.after_move(game)


def play_check(game: Game, seat: int, events: list[Event]) -> None:
    """The leader opens the face-down card: a good beat makes him take, a bad one the defender."""
    slot = pending(game)
    _set_pending(game, NO_CARD)
    game.known[slot] = game.everyone
    _state(game).face_down.discard(slot)
    face = game.faces[slot]
    target = next(game.faces[a] for a, c in game.table if c == slot)
    good = face is not None and game.can_beat(face, target)  # type: ignore[arg-type]
    taker = seat if good else game.defender
    events.append(Event(CHECKED, seat, (target, face), taker))  # type: ignore[arg-type]
    bout.end_bout(game, took=True, taker=taker)


def state_fields(game: Game, face: Callable[[int], str]) -> list[str]:
    """Believe's part of the state text: the covers face down and the one to accept or check."""
    return [f"face_down={sorted(face_down(game))}", f"pending={pending(game)}"]
