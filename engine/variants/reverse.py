"""Reverse fool: everybody sees your cards but you, so you play them by position, and a card
that does not fit (no beat, a rank off the table, a transfer of another rank) is no fault: its
player takes the whole bout (docs/rules.md, `reverse`; option `reverse`).

Here: the deal's masks (the twist), the blind plays (cards named by position, "0 attack @5"):
which a seat may make, their checks from public facts alone, how one is played as its face
form, and what makes a played card wrong; and the face form's own rules, as the twist's hooks:
one card per lead and per throw-in (any rank), any card may be tried as a beat or a transfer,
and a drawn card is seen by everyone but its holder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import bout, game_checks, legal_moves
from engine.actions import ATTACK, BEAT, THROW, TRANSFER, Action, Event
from engine.errors import IllegalAction
from engine.variants.believe import check_word
from engine.variants.twist import NO_CARD, Twist, holding_twist

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.game import Game


class Reverse(Twist):
    """Hands seen by the others, not by their owner."""

    __slots__ = ()

    tries_any_card = True

    def any_card_options(self, game: Game, seat: int, kind: str) -> list[Action]:
        """Every card in hand, by face when `seat` sees it, else by position."""
        if kind == BEAT:
            return beats(game, seat)
        if kind == TRANSFER:
            target = bout.transfer_target(game, seat)
            if target is None:
                return []
            return transfers(game, seat, game.unbeaten(), len(game.hands[target]))
        return any_card_actions(game, seat, kind)

    def is_wrong(self, game: Game, action: Action) -> bool:
        """A beat that does not beat, a throw off the table's ranks, a transfer of another rank."""
        return is_wrong(game, action)

    def lead_rule(self, game: Game, seat: int, cards: tuple[Card, ...]) -> list[int] | None:
        """One card per lead (the common checks follow)."""
        if len(cards) != 1:
            raise IllegalAction("lead one card: you cannot see your own hand")
        return None

    def throw_rule(self, game: Game, seat: int, cards: tuple[Card, ...]) -> bool:
        """Another seat's throw-in: one card, of any rank (one off the table's ranks takes)."""
        if seat == game.defender:  # (he throws on himself only cards he sees, as usual)
            return False
        if len(cards) != 1:
            raise IllegalAction("throw one card at a time: you cannot see your own hand")
        return True

    def drawn_seen_by(self, game: Game, seat: int, seats: int) -> int:
        """A drawn card is seen by everyone but its holder."""
        return (seats | game.everyone) & ~(1 << seat)

    def after_deal(self, game: Game) -> None:
        """Every dealt card is seen by all but its holder (a dealt trump card stays shown)."""
        everyone = game.everyone
        for seat, hand in enumerate(game.hands):
            for slot in hand:
                if slot != game.trump_slot:
                    game.known[slot] = everyone & ~(1 << seat)


# ----------------------------------------------------------------- the plays a seat may make


def own_cards(game: Game, seat: int) -> tuple[list[Card], list[int]]:
    """The distinct faces `seat` sees in its own hand, and the positions it does not.

    Decided by who may see a position, never by the faces this engine happens to hold, so
    every engine (all-knowing or a peer) lists the same actions.
    """
    faces, known, bit = game.faces, game.known, 1 << seat
    seen: dict[Card, None] = {}
    blind = []
    for slot in game.hands[seat]:
        face = faces[slot]
        if known[slot] & bit and face is not None:
            seen[face] = None
        else:
            blind.append(slot)
    return list(seen), blind


def any_card_actions(game: Game, seat: int, kind: str) -> list[Action]:
    """`kind` with each card in hand: by face when `seat` sees it, else by position."""
    seen, blind = own_cards(game, seat)
    actions = [Action(seat, kind, (card,)) for card in seen]
    actions.extend(Action(seat, kind, (), None, (slot,)) for slot in blind)
    return actions


def beats(game: Game, seat: int) -> list[Action]:
    """Every unbeaten card may be covered with any card in hand, seen or blind."""
    seen, blind = own_cards(game, seat)
    faces = game.faces
    actions: list[Action] = []
    for attack, cover in game.table:
        if cover != NO_CARD:
            continue
        target = faces[attack]
        actions.extend(Action(seat, BEAT, (card,), target) for card in seen)
        actions.extend(Action(seat, BEAT, (), target, (slot,)) for slot in blind)
    return actions


def transfers(game: Game, seat: int, unbeaten: int, target_hand: int) -> list[Action]:
    """Any card may be tried as a transfer (a wrong rank takes the bout), while there is room."""
    if game.rules.transfer == "off" or target_hand < unbeaten + 1:
        return []
    if len(game.table) >= game.cap_now():
        return []
    return any_card_actions(game, seat, TRANSFER)


# ----------------------------------------------------------------- checking a blind play


def blind_slot(game: Game, action: Action) -> list[int]:
    """The one hand position a blind play names (IllegalAction when it names anything else)."""
    seat = action.seat
    if not game.rules.reverse:
        raise IllegalAction("blind plays by position belong to reverse fool")
    if action.cards or len(action.slots) != 1:
        raise IllegalAction(f"a blind {action.kind} names one position and no face")
    slot = action.slots[0]
    if not (0 <= seat < game.players and slot in game.hands[seat]):
        raise IllegalAction(f"position {slot} is not in seat {seat}'s hand")
    return [slot]


def check_blind(game: Game, action: Action) -> int:
    """Every rule of a blind play that public facts decide; returns its position.

    The conditions on who plays when are the face form's own (`Game._check_*`); what a face
    would decide (a beat, the table's ranks, the transfer's rank) is no fault in reverse fool,
    so once these hold the play is legal whatever the face turns out to be.
    """
    seat, kind = action.seat, action.kind
    game_checks.check_seat(game, seat)
    slot = blind_slot(game, action)[0]
    if holding_twist(game) is not None:
        check_word(game, seat, kind)
    if kind == ATTACK:
        game_checks.check_leader(game, seat)
        return slot
    if not game.table:
        raise IllegalAction(f"seat {game.lead} must lead first")
    if kind == THROW:
        if seat == game.defender:
            raise IllegalAction("the defender throws on himself only cards he can see")
        game_checks.check_thrower(game, seat)
        if game.room() < 1:
            raise IllegalAction("no more cards may be thrown")
        return slot
    game_checks.check_defender(game, seat, kind)
    if kind == BEAT:
        game_checks.check_unbeaten(game, action.target)
        return slot
    game_checks.check_transfer_open(game, TRANSFER)
    if legal_moves.transfer_rank(game) is None:
        raise IllegalAction("the unbeaten cards are not of one rank")
    game_checks.check_transfer_room(game, game_checks.transfer_receiver(game, seat))
    return slot


def face_form(game: Game, action: Action) -> tuple[int, Action]:
    """A blind play's position and the same play naming its face (opened by now, or raise)."""
    slot = check_blind(game, action)
    face = game.faces[slot]
    if face is None:
        raise IllegalAction(f"the face of @{slot} is not open yet")
    return slot, Action(action.seat, action.kind, (face,), action.target)


# ----------------------------------------------------------------- playing


def apply_blind(game: Game, action: Action) -> list[Event]:
    """Play a card named by position exactly as its face form; log the blind form."""
    slot, played = face_form(game, action)  # `apply` checks the face form itself
    hand = game.hands[action.seat]
    index = hand.index(slot)
    hand.insert(0, hand.pop(index))  # a second copy of the face elsewhere must stay put
    try:
        events = game.apply(played)
    except IllegalAction:  # pragma: no cover - in reverse any face passes check_blind's rules
        hand.insert(index, hand.pop(0))
        raise
    if game.log and game.log[-1] is played:
        game.log[-1] = action
    return events


def is_wrong(game: Game, action: Action) -> bool:
    """A beat that does not beat, a throw off the table's ranks, a transfer of another rank."""
    kind, card = action.kind, action.cards[0] if action.cards else None
    if card is None:
        return False
    if kind == BEAT:
        return not game.can_beat(card, action.target)  # type: ignore[arg-type]
    if kind == THROW and action.seat != game.defender:
        return card.rank not in game.table_ranks()
    if kind == TRANSFER:
        return card.rank != legal_moves.transfer_rank(game)
    return False
