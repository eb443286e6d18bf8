"""The named points where a variant changes a game, as one base class of no-op hooks.

A variant's behaviour lives in its own module (`engine/variants/<id>.py`) as a `Twist`
subclass overriding only the hooks it needs. `Game` calls the play hooks of the twists its
rules switch on (`engine.variants.twists_for`), and only in family-2 games: a classic game has
none and never reaches these calls. The deck and deal hooks run once per game, for every twist
of `engine.variants.deal_twists_for` (the play's and those with a part only in the deal:
trumpless, japanese). A twist that keeps state of its own makes it as a `TwistState`
record (`Twist.new_state`): the game holds it in `Game.twist_states` by its class, copies it with
itself, and each module's `state_fields` writes its part of the state text
(`engine.variants.STATE_FIELDS`); the twist and its module reach it with `state_of`. What
several twists show in common is asked of each through a hook (`out_of_play`: the positions
out of play, `engine.variants.out_of_play`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypeVar

if TYPE_CHECKING:
    import random
    from collections.abc import Sequence

    from engine.actions import Action
    from engine.cards import Card
    from engine.game import Game
    from engine.rules import Rules

NO_CARD: Final = -1  # a position that is not there: an uncovered attack, no face-down card pending
State = TypeVar("State", bound="TwistState")


def state_of(game: Game, kind: type[State]) -> State | None:
    """`game`'s state record of class `kind` (None: the twist that keeps it is not in play)."""
    return game.twist_states.get(kind)  # type: ignore[return-value]


def lets_any_card(twists: Sequence[Twist]) -> bool:
    """Some of `twists` lets any card be tried (`Game._tries_any_card`: the game asks
    `any_card_twist` only then; whether a twist holds the play, `Game._play_held`, the twist
    says itself through `Game.mark_held`)."""
    return any(twist.tries_any_card for twist in twists)


def any_card_twist(game: Game) -> Twist | None:
    """The game's twist that lets any card be tried (`Twist.tries_any_card`: reverse), if any."""
    for twist in game.twists:
        if twist.tries_any_card:
            return twist
    return None


def holding_twist(game: Game) -> Twist | None:
    """The twist that holds the play now (`Twist.holds_play`: believe's face-down cover awaits
    the leader's word), if one does."""
    for twist in game.twists:
        if twist.holds_play(game):
            return twist
    return None


# The four below find their twist again, so that the hot functions that test for one first
# (`find_legal`, `to_act`, `apply`) keep no local for it: each local costs every call a slot.


def tried_options(game: Game, seat: int, kind: str) -> list[Action]:
    """The `kind` actions `seat` may try through the any-card twist (none without one)."""
    tried = any_card_twist(game)
    return [] if tried is None else tried.any_card_options(game, seat, kind)


def tried_wrong(game: Game, action: Action) -> bool:
    """The any-card twist finds the played `action` does not fit (False without one)."""
    tried = any_card_twist(game)
    return tried is not None and tried.is_wrong(game, action)


def held_options(game: Game, seat: int) -> list[Action]:
    """The moves `seat` may make while a twist holds the play (none while none does)."""
    holder = holding_twist(game)
    return [] if holder is None else holder.held_options(game, seat)


def held_seat(game: Game) -> int:
    """The seat whose move the twist that holds the play waits for (only while one does)."""
    holder = holding_twist(game)
    if holder is None:
        raise ValueError("no twist holds the play")
    return holder.held_seat(game)


class TwistState:
    """One game's own state of one twist (`Twist.new_state`): copied with the game (`copy`)
    and written into its state text by its module's `state_fields`."""

    __slots__ = ()

    def copy(self) -> TwistState:
        """An independent copy, for a copy of the game."""
        raise NotImplementedError

    def resampled(self) -> None:
        """This record's game is a resample (`Game.resample`): forget what only a replay of a
        table's game knows."""

    def __eq__(self, other: object) -> bool:
        """Equal records: the same class and equal fields."""
        fields: tuple[str, ...] = type(self).__slots__
        return type(other) is type(self) and all(
            getattr(self, name) == getattr(other, name) for name in fields
        )

    __hash__ = None  # type: ignore[assignment]  # (records change: never a key)


class Twist:
    """Hooks at the named points of a game; each does nothing unless a variant overrides it."""

    __slots__ = ()

    def new_state(self, players: int) -> TwistState | None:
        """This twist's state in a new game of `players` seats (held in `Game.twist_states`
        by its class); None: the twist keeps none."""
        return None

    shared_state: type[TwistState] | None = None
    """A record this twist keeps in common with other twists, made once per game with no
    arguments (crazy and poker: `engine.variants.reshuffle.ReshuffleState`)."""

    tries_any_card = False
    """Any card may be tried as a beat or a transfer: one that does not fit is played anyway
    and its player takes the bout (reverse fool). Such a twist lists the options itself
    (`any_card_options`) and says which played card is wrong (`is_wrong`)."""

    keeps_score = False
    """The best score wins the game, not leaving first (points, pogony): such a twist says the
    scores (`scores`) and the winners (`winners`), which `Game.result` shows."""

    def scores(self, game: Game) -> list[int]:
        """With `keeps_score`: every seat's score."""
        return []

    def winners(self, game: Game) -> list[int]:
        """With `keeps_score`: the seats with the best score."""
        return []

    def any_card_options(self, game: Game, seat: int, kind: str) -> list[Action]:
        """With `tries_any_card`: every attack, throw, beat or transfer (`kind`) `seat` may try
        now, once the common rules allow that kind at all."""
        return []

    def is_wrong(self, game: Game, action: Action) -> bool:
        """With `tries_any_card`: the played `action` does not fit (its player takes)."""
        return False

    # ----- the deck and the deal (`engine.variants.deal_twists_for`: run once per game)

    def dealt_hand_size(self, rules: Rules, players: int) -> int | None:
        """How many cards each of `players` seats is dealt, when this variant deals other than
        `rules.hand_size` (piled: the whole deck); None: as usual."""
        return None

    def order_deck(self, deck: list[Card], rng: random.Random) -> None:
        """Reorder a freshly shuffled deck (position 0 dealt first) before the deal."""

    def check_deck(self, deck: Sequence[Card]) -> None:
        """Raise EngineError if a deck to deal (position 0 first) breaks this variant's order."""

    def check_layout(
        self,
        rules: Rules,
        hands: Sequence[Sequence[Card]],
        talon: Sequence[Card],
        trump: str | None,
    ) -> None:
        """Raise EngineError if a laid-out deal (a scenario's) cannot be this variant's."""

    def set_aside(self, game: Game) -> None:
        """The cards are dealt, the trump is not set: put cards aside (called again harmlessly)."""

    def set_trump(self, game: Game, trump: str | None) -> bool:
        """Set the trump suit this variant's way, with no card turned up (`trump`: a suit the
        table named); True: done, the common turn-up is skipped."""
        return False

    def turn_up(self, game: Game) -> bool:
        """With a talon left after the deal, turn the trump card(s) up this variant's way;
        True: done, the last talon card is not turned up as the common trump card."""
        return False

    def trump_card_turned_up(self, game: Game, trump: str | None) -> None:
        """The last talon card was turned up as the trump card (`trump`: a suit the table
        named, for a peer who cannot see that card)."""

    def trump_set(self, game: Game) -> None:
        """The trump is set, whichever way, at the deal or when a peer learns the trump card's
        face; the twist may override the suit (the beat table is chosen next)."""

    def table_positions(self, game: Game, positions: Sequence[int]) -> None:
        """A peer's game, before the trump is set: the positions the table turned up for this
        variant (two-trump with distinct trumps: every seat's trump card)."""

    def out_of_play(self, game: Game) -> Sequence[int]:
        """The positions this twist took out of play for good (never drawn nor played), in
        the order it took them (chukotka: the talon; secret: the secret card)."""
        return ()

    def trump_positions(self, game: Game) -> list[int]:
        """The positions turned up as the seats' own trump cards (none: one common trump)."""
        return []

    def revealed(self, game: Game, slot: int, card: Card) -> None:
        """A peer's game learned the face of `slot` (before the common trump card's own step)."""

    def lead_trumps(self, game: Game) -> list[str | None] | None:
        """The trump each seat's first-lead card counts in (None: the game's trump for all)."""
        return None

    def public_rank(self, game: Game, slot: int) -> int | None:
        """The rank everyone knows `slot` holds by this variant's deal (None: not known)."""
        return None

    def generations(self, rules: Rules, faces: Sequence[Card | None]) -> list[int] | None:
        """Each position's generation when this variant's deal tells a seat more than which
        faces the whole deck holds (`engine.hidden`: faces move only within one when a seat's
        unseen faces are dealt again); None: one generation."""
        return None

    def order_unseen(self, game: Game, unopened: list[int]) -> None:
        """Order a table seat's unopened positions before the deck's unseen faces fill them
        for a resample (in place)."""

    def place_unseen(self, game: Game, pool: list[int], unopened: Sequence[int]) -> None:
        """Reorder the unseen codes `pool` (in code order) to fit the positions `unopened` by
        this variant's deal (in place; EngineError when they cannot fit)."""

    # ----- the play (`engine.variants.twists_for`: family-2 games only)

    lists_own_leads = False
    """The twist lists every lead itself (`leads`): the common leads are not made first."""

    def after_deal(self, game: Game) -> None:
        """The cards are dealt and the trump is set; the first bout has not started."""

    def leads(self, game: Game, seat: int, actions: list[Action]) -> list[Action]:
        """The leads `seat` may make (family 2), given those of the twists before; return them."""
        return actions

    def lead_rule(self, game: Game, seat: int, cards: tuple[Card, ...]) -> list[int] | None:
        """A lead checked by this twist alone: its hand slots (or IllegalAction); None: the
        common checks apply."""
        return None

    def check_lead(self, game: Game, seat: int, cards: tuple[Card, ...]) -> None:
        """Raise IllegalAction if this lead of one rank breaks the twist's rule."""

    def after_lead(self, game: Game, seat: int, action: Action) -> None:
        """`seat` led `action` (family 2)."""

    def throw_rule(self, game: Game, seat: int, cards: tuple[Card, ...]) -> bool:
        """Check a throw-in's cards by this twist's rule (raise IllegalAction); True: the
        common check (each card's rank lies on the table) is skipped."""
        return False

    def defender_set(self, game: Game, defender: int, new_bout: bool) -> None:
        """`defender` defends now: a bout starts (`new_bout`), a transfer passed it to him, or
        the trump changed."""

    def defends(self, game: Game, seat: int) -> Sequence[Action]:
        """The defender's actions of this twist's own kinds, after his beats (family 2)."""
        return ()

    def draw_need(self, game: Game, seat: int, size: int) -> int | None:
        """How many cards `seat` draws now (None: up to the hand size, as usual)."""
        return None

    def drawn_seen_by(self, game: Game, seat: int, seats: int) -> int:
        """The seats (a bit set) who see a card `seat` draws, given `seats` so far."""
        return seats

    def after_beat(self, game: Game, seat: int, target: object) -> bool:
        """`seat` covered `target` face up (not a wrong beat); True ends the bout (discarded)."""
        return False

    def bout_ending(
        self, game: Game, took: bool, slots: list[int], cards: tuple[Card, ...]
    ) -> tuple[Card, ...]:
        """The bout's cards (`slots`) leave the table: picked up (`took`) or discarded.
        Return the faces the end of the bout names to everyone (given `cards` so far)."""
        return cards

    def before_take(self, game: Game, taker: int, slots: list[int]) -> list[int]:
        """The taker is about to pick up `slots`; return the slots he really picks up."""
        return slots

    def after_take(self, game: Game, taker: int) -> bool:
        """The taker picked the cards up; True when that ended the game."""
        return False

    def discard(self, game: Game, slots: list[int]) -> bool:
        """A beaten-off bout's cards; True when the twist put them elsewhere than the discard."""
        return False

    def after_discard(self, game: Game, defender: int) -> None:
        """A bout was beaten off by `defender` (its cards are gone)."""

    def after_card_drawn(self, game: Game) -> None:
        """One card left the talon (drawn, or led from it)."""

    def after_talon_empty(self, game: Game) -> None:
        """The talon has just run out."""

    def after_bout(self, game: Game) -> None:
        """Everyone has drawn and the players who are out have left; the next bout is next."""

    def bout_starting(self, game: Game, lead: int) -> bool:
        """A bout is about to start with `lead` leading; True when the game ends here instead."""
        return False

    def face_down_covers(self, game: Game) -> set[int]:
        """The covers lying face down now: their ranks are not on the table (believe)."""
        return set()

    # ----- a held play (`holding_twist`: this twist's own moves alone may come now)

    def holds_play(self, game: Game) -> bool:
        """This twist holds the play now: only its own moves may come (`held_options`)."""
        return False

    def held_seat(self, game: Game) -> int:
        """While this twist holds the play: the seat whose move it waits for."""
        raise NotImplementedError

    def held_options(self, game: Game, seat: int) -> list[Action]:
        """While this twist holds the play: the moves `seat` may make."""
        return []

    def check_held(self, game: Game, seat: int, kind: str) -> None:
        """While this twist holds the play: raise IllegalAction unless `seat` may play `kind`."""

    def held_slot(self, game: Game) -> int:
        """While this twist holds the play: the position its awaited move opens (NO_CARD)."""
        return NO_CARD

    def observe(self, game: Game, mask: int, fields: dict[str, Any]) -> None:
        """Add this variant's fields of the observation of a viewer who sees the faces known to
        every seat of `mask` (engine.observation.Observation)."""
