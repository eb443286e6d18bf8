"""Actions and events: immutable values with a canonical text form that parses back."""

from __future__ import annotations

from typing import Final, NamedTuple

from engine.cards import Card
from engine.errors import ParseError

ATTACK: Final = "attack"
THROW: Final = "throw"
BEAT: Final = "beat"
TRANSFER: Final = "transfer"
SHOW_TRUMP: Final = "show_trump"
TAKE: Final = "take"
PASS: Final = "pass"
FORFEIT: Final = "forfeit"
# Family-2 kinds.
ATTACK_TALON: Final = "attack_talon"  # armenian: lead the top card of the talon
BEAT_HIDDEN: Final = (
    "beat_hidden"  # believe: cover a card face down ("1 beat_hidden 7C 8C" / "@14")
)
ACCEPT: Final = "accept"  # believe: let the face-down card stand
CHECK: Final = "check"  # believe: open the face-down card
EXCHANGE: Final = (
    "exchange"  # poker: swap two hand cards with the talon ("1 exchange 7C 8D" / "@3 @5")
)

CARD_KINDS: Final = (ATTACK, THROW, TRANSFER, SHOW_TRUMP, EXCHANGE)
BARE_KINDS: Final = (TAKE, PASS, FORFEIT, ATTACK_TALON, ACCEPT, CHECK)
KINDS: Final = (*CARD_KINDS, BEAT, BEAT_HIDDEN, *BARE_KINDS)
ONE_CARD_KINDS: Final = (TRANSFER, SHOW_TRUMP)
BLIND_KINDS: Final = (ATTACK, THROW, BEAT, TRANSFER)
"""Kinds a reverse-fool player plays blind, naming his card by position: "1 attack @5"."""
SLOT_KINDS: Final = (*BLIND_KINDS, BEAT_HIDDEN, EXCHANGE)
"""Kinds whose text may name hand positions ("@5") instead of faces."""


class Action(NamedTuple):
    """One move by one seat: "0 attack 7C 7D", "1 beat 7C 8C", "1 take", "0 pass".

    `slots` names hand positions instead of faces where the other seats must not learn the
    face: "1 beat_hidden 7C @14" (a face-down beat of 7C with the card in position 14),
    "1 exchange @3 @5". The all-knowing engine also accepts the face form ("1 exchange 7C 8D").
    Reverse fool's blind plays name the player's own unseen card by position: "0 attack @5",
    "0 throw @5", "1 beat 7C @5" (the target is public), "1 transfer @5".
    """

    seat: int
    kind: str
    cards: tuple[Card, ...] = ()
    target: Card | None = None
    slots: tuple[int, ...] = ()

    def __str__(self) -> str:
        hidden = " ".join(f"@{slot}" for slot in self.slots)
        if self.kind in (BEAT, BEAT_HIDDEN):
            used = hidden or self.cards[0].text
            return f"{self.seat} {self.kind} {self.target} {used}"
        if self.slots:
            return f"{self.seat} {self.kind} {hidden}"
        if self.cards:
            return f"{self.seat} {self.kind} " + " ".join(c.text for c in self.cards)
        return f"{self.seat} {self.kind}"

    @property
    def card(self) -> Card:
        """The single card of a beat, transfer or show_trump."""
        return self.cards[0]

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the canonical text form."""
        parts = text.split()
        if len(parts) < 2:
            raise ParseError(f"not an action: {text!r}")
        try:
            seat = int(parts[0])
        except ValueError:
            raise ParseError(f"an action starts with a seat number: {text!r}") from None
        if seat < 0:
            raise ParseError(f"negative seat in {text!r}")
        kind, rest = parts[1], parts[2:]
        if kind in (BEAT, BEAT_HIDDEN):
            if len(rest) != 2:
                raise ParseError(f"{kind} needs a target and a card: {text!r}")
            target = Card.parse(rest[0])
            if rest[1].startswith("@"):
                return cls(seat, kind, (), target, (parse_position(rest[1], text),))
            return cls(seat, kind, (Card.parse(rest[1]),), target)
        if kind in CARD_KINDS:
            if not rest:
                raise ParseError(f"{kind} needs cards: {text!r}")
            if kind in ONE_CARD_KINDS and len(rest) != 1:
                raise ParseError(f"{kind} takes one card: {text!r}")
            if kind == EXCHANGE and len(rest) != 2:
                raise ParseError(f"exchange takes two cards: {text!r}")
            at = [r.startswith("@") for r in rest]
            if any(at):
                if kind not in SLOT_KINDS:
                    raise ParseError(f"{kind} names its card by face, not by position: {text!r}")
                if not all(at):
                    raise ParseError(f"name every card by face or every one by position: {text!r}")
                return cls(seat, kind, (), None, tuple(parse_position(r, text) for r in rest))
            return cls(seat, kind, tuple(Card.parse(c) for c in rest))
        if kind in BARE_KINDS:
            if rest:
                raise ParseError(f"{kind} takes no cards: {text!r}")
            return cls(seat, kind)
        raise ParseError(f"unknown action {kind!r} in {text!r}")


def parse_position(text: str, whole: str = "") -> int:
    """The hand position written "@N" (N >= 0); ParseError, naming `whole` if given, otherwise."""
    where = f" in {whole!r}" if whole else ""
    if not text.startswith("@"):
        raise ParseError(f"not a position: {text!r}{where}")
    try:
        slot = int(text[1:])
    except ValueError:
        raise ParseError(f"not a position: {text!r}{where}") from None
    if slot < 0:
        raise ParseError(f"negative position: {text!r}{where}")
    return slot


def attack(seat: int, *cards: str | Card) -> Action:
    """Build an attack from card texts (a convenience for tests and tools)."""
    return Action(seat, ATTACK, tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards))


class Event(NamedTuple):
    """Something that happened, for logs and animations (kind, seat, cards, other seat).

    `slots` lists deck positions for events the table layer acts on (a "reshuffle": those
    positions lost their faces and are shuffled again by the dealing protocol, in this order).
    """

    kind: str
    seat: int = -1
    cards: tuple[Card, ...] = ()
    other: int = -1
    number: int = 0
    slots: tuple[int, ...] = ()

    def __str__(self) -> str:
        text = f"{self.kind} seat={self.seat}"
        if self.cards:
            text += " " + " ".join(c.text for c in self.cards)
        if self.other >= 0:
            text += f" other={self.other}"
        if self.number:
            text += f" number={self.number}"
        if self.slots:
            text += " slots=" + ",".join(str(s) for s in self.slots)
        return text


# Event kinds.
FORFEITED: Final = "forfeited"
ATTACKED: Final = "attacked"
THROWN: Final = "thrown"
BEATEN: Final = "beaten"
TRANSFERRED: Final = "transferred"
TRUMP_SHOWN: Final = "trump_shown"
TAKING: Final = "taking"
PASSED: Final = "passed"
TOOK: Final = "took"
DISCARDED: Final = "discarded"
DREW: Final = "drew"
OUT: Final = "out"
GAME_OVER: Final = "game_over"
BOUT_STARTED: Final = "bout_started"
# Family-2 event kinds.
TALON_LED: Final = "talon_led"  # armenian: the top talon card was led
BEATEN_HIDDEN: Final = "beaten_hidden"  # believe: a card was laid face down on `cards[0]`
ACCEPTED: Final = "accepted"
CHECKED: Final = "checked"  # cards = (target, the opened card); other = the seat that takes
EXCHANGED: Final = "exchanged"  # poker: number = 2
RESHUFFLE: Final = (
    "reshuffle"  # crazy, poker: `slots` of the new talon lost their faces (see Event.slots)
)
TRUMP_CHANGED: Final = "trump_changed"  # trump-change, secret: cards = (the new trump card,)
TRUMP_OPENED: Final = "trump_opened"  # invisible: the hidden trump card is shown
UNLOCKED: Final = "unlocked"  # magadan: number = cards unlocked
HANDS_PASSED: Final = "hands_passed"  # circular
WRONG: Final = "wrong"  # reverse: a wrong beat/throw/transfer; seat takes the bout
STRAP: Final = "strap"  # pogony: seat scored a shoulder strap of rank number
LOST_AT_ONCE: Final = "lost_at_once"  # big: seat holds too many cards
REPEATED: Final = "repeated"  # boring, circular: the same position came back too often: a draw
