"""Hidden cards as slots, one base for every game engine: what a seat sees, what a spectator
sees, opening faces, copies, and dealing the unseen again.

The slot model. A game's physical cards are slots 0..n-1. `faces[slot]` is the card (None in a
table seat's hidden game until the table opens it), `known[slot]` the bitmask of seats that may
see it (bit `1 << seat`; `everyone` = every seat), and `generation[slot]` the deal or refill the
slot came from (a seat knows which faces a generation holds, not where they lie).

`reveal(slot, card, to)` has one meaning: a slot's face never changes (another card is an
EngineError, compared by value, which for the interned `Card` is identity), a non-card is
refused, and the seats `to` (every seat when None) come to know it.

The contract of `HiddenCardGame` (a game subclasses it and supplies the parts marked *):
- attributes `players`, `faces`, `known`, `generation`, `log` (actions applied), `_events`
  (events of the last action), `over`, `turn` (or its own `to_act`); `hidden` (a table seat's
  game: faces arrive by `reveal`); `hands` (slots per seat) where `hand_cards` is used;
- * `legal_tuple(seat)` (every action `seat` may take now), `apply(action)`;
- * `_observe(seat, mask)`: the game's observation for a viewer who sees a slot exactly when
  `known[slot] & mask == mask`: `observation(seat)` is `_observe(seat, 1 << seat)`,
  `public_observation()` `_observe(NO_SEAT, everyone)` (a spectator: only faces open to every
  seat, no hand, no legal actions) and `open_observation()` `_observe(NO_SEAT, 0)` (every face
  shown: a replay after the audit); `seen_by(slots, mask)` reads faces that way;
- * `_state_text(public)` for the hashes (`state_hash`, `public_hash`; `face_text` writes one
  slot);
- `_copied_lists`, `_copied_nested`, `_copied_dicts`: the attribute names `clone` copies as
  lists, lists of lists and dicts (everything else is shared: immutable, or replaced whole);
  `_cloned(copy)` for the rest (a generator, objects with their own `copy`), called by the
  default `_copy_state`; a game whose fields are not in its `__dict__` replaces the whole copy
  (`_copy_state`, without `_cloned`);
- `_revealed(slot)`: what a game forgets or completes when a face is learnt (cached legal
  actions, a score that waited for the hands); `_faces_for(seat)`, every slot's face for a
  resample (a table seat's game fills its unopened slots from its deck), and
  `_resampled(rng)`, called on the resampled copy (a new generator, caches of the old faces
  forgotten). `resample` itself has one meaning (`_deal_unseen`, `resample_unseen`): each
  generation's faces unseen by the seat, in code order, shuffled (`shuffle_items`) among its
  unseen slots, so that the deal depends only on what the seat knows and on the generator;
- * `_score(*ending)` when the game ends through `_finish_hidden(ending)`: a hidden game opens
  every hand to every seat and scores once the table has revealed them (`_score_when_open`).

Every game engine subclasses it, Durak's `Game` included (native fields copied by
`engine.game_copy` through `_copy_state`; one generation for the deal, each public rank one in
albanian). None writes its own `reveal`, `clone`, `resample` (nor `_deal_unseen`), hashes or
observation entry points (tests/engine/test_hidden_base.py and test_resample_generations.py
scan the classes).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Final, TypeVar

from engine.actions import Event
from engine.cards import Card
from engine.errors import EngineError

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # (no mypy here, so no build either: the decorator would mean nothing)

    def mypyc_attr(*_attrs: Any, **_options: Any) -> Any:  # type: ignore[misc]
        """Stands in for mypy_extensions.mypyc_attr."""
        return lambda cls: cls


NO_SEAT = -1
"""The seat of a viewer without one (a spectator, a replay)."""

OPENED = "opened"
"""Event kind of `_open_with_event`: slots now visible to the seats of bitmask `number`."""


def seen_with(
    faces: Sequence[Card | None], known: Sequence[int], slots: Iterable[int], mask: int
) -> tuple[Card | None, ...]:
    """The faces of `slots` as a viewer of `mask` sees them: a face shows where every seat of
    `mask` knows it (one seat's bit: its view; every seat: the public view; 0: every face)."""
    return tuple(faces[s] if known[s] & mask == mask else None for s in slots)


def unseen_by_generation(
    known: Sequence[int], generation: Sequence[int], seat: int
) -> dict[int, list[int]]:
    """The slots `seat` may not see, grouped by generation (in slot order within each): the
    places among which its unseen faces may move."""
    bit = 1 << seat
    groups: dict[int, list[int]] = {}
    for slot, seen in enumerate(known):
        if not seen & bit:
            groups.setdefault(generation[slot], []).append(slot)
    return groups


_FACTORIALS: Final = [1]
for _n in range(1, 130):
    _FACTORIALS.append(_FACTORIALS[-1] * _n)
_FACTORIAL_BITS: Final = [f.bit_length() for f in _FACTORIALS]


def shuffle_items(items: list[Any], rng: random.Random) -> None:
    """Shuffle `items` in place, every order equally likely (Fisher-Yates on the digits of one
    random number below len(items)!, drawn with `rng.getrandbits`): the same draws, and so the
    same order, for every list of one length."""
    size = len(items)
    if size < 2:
        return
    if size >= len(_FACTORIALS):
        rng.shuffle(items)
        return
    limit, bits, draw = _FACTORIALS[size], _FACTORIAL_BITS[size], rng.getrandbits
    number = draw(bits)
    while number >= limit:
        number = draw(bits)
    top = size
    while top > 1:
        pick = number % top
        number //= top
        top -= 1
        items[top], items[pick] = items[pick], items[top]


def code_of(card: Card) -> int:
    """A face's code: the canonical order of faces before a shuffle."""
    return card.code


def unseen_groups(
    faces: Sequence[Card], known: Sequence[int], generation: Sequence[int], seat: int
) -> list[tuple[list[int], list[Card]]]:
    """What `seat` knows of the faces it may not see: for each generation, its unseen slots
    (in slot order) and the faces they hold in code order (which faces, not where they lie)."""
    return [
        (slots, sorted([faces[s] for s in slots], key=code_of))
        for slots in unseen_by_generation(known, generation, seat).values()
    ]


def deal_groups(
    faces: list[Any], groups: Iterable[tuple[list[int], list[Card]]], rng: random.Random
) -> None:
    """Deal each group's faces (`unseen_groups`), shuffled (`shuffle_items`), onto its slots of
    `faces`, in place."""
    for slots, cards in groups:
        pool = cards[:]
        shuffle_items(pool, rng)
        for slot, card in zip(slots, pool, strict=True):
            faces[slot] = card


def resample_unseen(
    faces: Sequence[Card],
    known: Sequence[int],
    generation: Sequence[int],
    seat: int,
    rng: random.Random,
) -> list[Card]:
    """New faces: those `seat` may not see shuffled among themselves within one generation.

    A seat knows which faces a generation holds (the deal: all it did not see; a refill: the
    cards it saw on the pile) but not where they lie, so faces move only inside a generation.
    The faces are put in code order before the shuffle, so the result depends only on what
    `seat` knows and on `rng`: two games `seat` cannot tell apart give the same faces.
    """
    new = list(faces)
    deal_groups(new, unseen_groups(faces, known, generation, seat), rng)
    return new


Self = TypeVar("Self", bound="HiddenCardGame")


@mypyc_attr(native_class=False)  # (compiled methods; instances keep a __dict__: see `clone`)
class HiddenCardGame:
    """The base of a game with hidden cards as slots (the module's docstring is the contract).

    One class with no base of its own: compiled, Durak's native `Game` may inherit from a
    non-native class only when that class is its one base (mypyc's single inheritance)."""

    players: int
    faces: list[Any]  # Card, or None in a hidden game until `reveal`
    known: list[int]
    generation: list[int]
    hands: list[list[int]]
    log: list[Any]
    _events: list[Event]
    hidden: bool = False  # a table seat's game: faces arrive through `reveal`

    _copied_lists: ClassVar[tuple[str, ...]] = ()
    """Attributes `clone` copies as flat lists (besides faces, known, generation, log, events)."""
    _copied_nested: ClassVar[tuple[str, ...]] = ("hands",)
    """Attributes `clone` copies as lists of lists."""
    _copied_dicts: ClassVar[tuple[str, ...]] = ()
    """Attributes `clone` copies as dicts."""

    # ----------------------------------------------------------------- the slot model

    @property
    def everyone(self) -> int:
        """The bitmask of every seat."""
        return (1 << self.players) - 1

    def seen_by(self, slots: Iterable[int], mask: int) -> tuple[Card | None, ...]:
        """The faces of `slots` as a viewer of `mask` sees them (see `seen_with`)."""
        return seen_with(self.faces, self.known, slots, mask)

    def hand_cards(self, seat: int) -> list[Card]:
        """The faces of a seat's hand, in hand order (in a hidden game: the faces known here)."""
        faces = self.faces
        if self.hidden:
            return [faces[s] for s in self.hands[seat] if faces[s] is not None]
        return [faces[s] for s in self.hands[seat]]

    def face_text(self, slot: int, public: bool = False) -> str:
        """A slot's face in the state text: "?" when unknown here, or with `public` when not
        open to every seat."""
        card = self.faces[slot]
        if card is None or (public and self.known[slot] != (1 << self.players) - 1):
            return "?"
        return str(card.text)

    def slots_text(self, slots: Iterable[int | None], public: bool = False) -> str:
        """The faces of `slots` in the state text, comma-separated (`face_text`): "-" for an
        empty place (None), negative slots (no card) left out."""
        return ",".join(
            "-" if s is None else self.face_text(s, public) for s in slots if s is None or s >= 0
        )

    # ----------------------------------------------------------------- opening faces

    def reveal(self, slot: int, card: object, to: Iterable[int] | None = None) -> None:
        """Learn a slot's face (opened by the table) for seats `to` (everyone when None).

        A face never changes: revealing another card than the slot holds is an EngineError.
        Cards compare by value (`!=`): there is one `Card` object per face, so this is also
        identity, and a card that is not a `Card` is refused rather than stored."""
        if not 0 <= slot < len(self.faces):
            raise EngineError(f"no slot {slot}")
        if not isinstance(card, Card):
            raise EngineError(f"slot {slot} cannot become {card!r}: not a card")
        current = self.faces[slot]
        if current is not None and current != card:
            raise EngineError(f"slot {slot} is {current}, cannot become {card}")
        self.faces[slot] = card
        if to is None:
            self.known[slot] = (1 << self.players) - 1
        else:
            for seat in to:
                self.known[slot] |= 1 << seat
        self._revealed(slot)

    def _revealed(self, slot: int) -> None:
        """What the game forgets or completes once a face is learnt (nothing by default)."""

    def _open_to_all(self, slots: Iterable[int]) -> list[int]:
        """Show `slots` to every seat; return those not open to every seat before."""
        everyone = (1 << self.players) - 1
        known = self.known
        new = []
        for slot in slots:  # (a loop, not a generator: joker rummy opens cards every move)
            if known[slot] != everyone:
                known[slot] = everyone
                new.append(slot)
        return new

    def _open_with_event(self, slots: Sequence[int]) -> None:
        """Show `slots` to every seat, with an `opened` event for the ones not yet open."""
        new = self._open_to_all(slots)
        if new:
            everyone = (1 << self.players) - 1
            cards = tuple(self.faces[s] for s in new)
            self._events.append(Event(OPENED, cards=cards, number=everyone, slots=tuple(new)))

    # ----------------------------------------------------------------- copies

    def clone(self: Self) -> Self:
        """An independent copy (`_copy_state`)."""
        return self._copy_state()

    def _copy_state(self: Self) -> Self:
        """A copy of every attribute, the containers of `_copied_lists`, `_copied_nested` and
        `_copied_dicts` copied (besides faces, known, generation, log, events), then `_cloned`
        for what that does not cover; a game whose fields are not in its `__dict__` (Durak's
        compiled `Game`) makes the whole copy its own way (one call: compiled, each hook of this
        interpreted-class base is a method lookup)."""
        game = self.__class__.__new__(self.__class__)
        state = dict(self.__dict__)
        for name in ("faces", "known", "generation", "log", "_events", *self._copied_lists):
            state[name] = list(state[name])
        for name in self._copied_nested:
            state[name] = [list(item) for item in state[name]]
        for name in self._copied_dicts:
            state[name] = dict(state[name])
        game.__dict__.update(state)
        self._cloned(game)
        return game

    def _cloned(self, game: Any) -> None:
        """Copy what `_copy_state` does not cover into `game` (nothing by default)."""

    def resample(self: Self, seat: int, rng: random.Random) -> Self:
        """A copy whose faces unknown to `seat` are dealt again at random, consistently
        (`_deal_unseen`), then `_resampled` on the copy."""
        game = self._copy_state()  # (`clone`, one call fewer)
        self._deal_unseen(game, seat, rng)
        game._resampled(rng)
        return game

    _resample_cache: Any = None
    """(seat, known, faces, generation, `unseen_groups`) of the last resample: searches resample
    one position many times."""

    def _deal_unseen(self: Self, copy: Self, seat: int, rng: random.Random) -> None:
        """Give `copy` (a clone of this game) new faces where `seat` cannot see: each
        generation's faces in code order, shuffled among its slots (`resample_unseen`, with
        the groups of this position kept for the next call)."""
        faces, known, generation = self.faces, self.known, self.generation
        cache = self._resample_cache
        if (
            cache is None
            or cache[0] != seat
            or cache[1] != known
            or cache[2] != faces
            or cache[3] != generation
        ):
            groups = unseen_groups(self._faces_for(seat), known, generation, seat)
            cache = self._resample_cache = (seat, known[:], faces[:], generation[:], groups)
        deal_groups(copy.faces, cache[4], rng)

    def _faces_for(self, seat: int) -> Sequence[Card]:
        """Every slot's face for a resample for `seat`: the faces (a game with unopened slots
        fills them from its deck, or raises EngineError when they cannot fit)."""
        return self.faces

    def _resampled(self, rng: random.Random) -> None:
        """What a resampled copy forgets or draws anew (nothing by default)."""

    # ----------------------------------------------------------------- the end of a hidden game

    _ending: tuple[Any, ...] | None = None  # a hidden game's end, waiting for the hands' faces
    scored: bool = False

    def _finish_hidden(self, ending: tuple[Any, ...], game_over: str) -> None:
        """End a hidden game: every hand is shown to every seat, an event `game_over` with no
        fool yet, and the score once the table has opened the hands (`_score_when_open`)."""
        everyone = (1 << self.players) - 1
        for hand in self.hands:
            for slot in hand:
                self.known[slot] = everyone
        self._ending = ending
        self._events.append(Event(game_over, -1))
        self._score_when_open()

    def _score_when_open(self) -> None:
        """A hidden game's points, once every hand's faces are known here."""
        if self._ending is None or self.scored:
            return
        faces = self.faces
        if any(faces[s] is None for hand in self.hands for s in hand):
            return
        self._score(*self._ending)

    def _score(self, *ending: Any) -> None:
        """Score a finished game from its `ending` (games that end through `_finish_hidden`)."""
        raise NotImplementedError

    # ----------------------------------------------------------------- hashes

    def _state_text(self, public: bool = False) -> str:
        """The whole state as text; with `public`, faces not open to every seat as "?"."""
        raise NotImplementedError

    def state_hash(self) -> str:
        """SHA-256 of the whole state."""
        return hashlib.sha256(self._state_text().encode()).hexdigest()

    def public_hash(self) -> str:
        """SHA-256 of what every seat knows (faces not open to all are "?"): equal on every
        honest peer at a table."""
        return hashlib.sha256(self._state_text(public=True).encode()).hexdigest()

    def information_state_key(self, seat: int) -> str:
        """A key equal for two games exactly when `seat` cannot tell them apart."""
        history = ";".join(str(a) for a in self.log)
        raw = self.observation(seat).key() + "#" + history
        return hashlib.sha256(raw.encode()).hexdigest()

    # ----------------------------------------------------------------- queries and views

    over: bool

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now: the seat whose turn it is, none once the game is over
        (a game where another seat acts overrides it)."""
        # (`turn`: an attribute in some games, a property in others; not declared here, where
        # the compiled build allows no conditional class body)
        return () if self.over else (self.turn,)  # type: ignore[attr-defined]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.over

    def legal_tuple(self, seat: int) -> Sequence[Any]:
        """Every action `seat` may take now."""
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Any]:
        """Every action `seat` may take now, as a list."""
        return list(self.legal_tuple(seat))

    def last_events(self) -> list[Event]:
        """Events of the last applied action (or of setting up)."""
        return list(self._events)

    def _observe(self, seat: int, mask: int) -> Any:
        """The observation of a viewer at `seat` (NO_SEAT: none) who sees the faces known to
        every seat of `mask`."""
        raise NotImplementedError

    def observation(self, seat: int) -> Any:
        """Exactly what `seat` may know now."""
        return self._observe(seat, 1 << seat)

    def public_observation(self) -> Any:
        """What someone without a seat may know now (a spectator): faces open to every seat."""
        return self._observe(NO_SEAT, (1 << self.players) - 1)

    def open_observation(self) -> Any:
        """The game with every face known here shown (a replay after the audit)."""
        return self._observe(NO_SEAT, 0)
