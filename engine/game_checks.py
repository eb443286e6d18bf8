"""The checks of the common moves of a Durak game: each raises IllegalAction (with the
reason) unless the rules allow the move now (`Game._check` calls them; reverse's blind plays
and the variants' own actions reuse them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import bout, legal_moves
from engine.actions import SHOW_TRUMP, TRANSFER, Action
from engine.cards import Card
from engine.errors import IllegalAction
from engine.variants.twist import NO_CARD

if TYPE_CHECKING:
    from engine.game import Game


def check_seat(game: Game, seat: object) -> None:
    """Raise IllegalAction unless `seat` is a seat still in a game that goes on."""
    if game.over:
        raise IllegalAction("the game is over")
    if not (isinstance(seat, int) and 0 <= seat < game.players):
        raise IllegalAction(f"no seat {seat}")
    if not game.in_game >> seat & 1:
        raise IllegalAction(f"seat {seat} is out of the game")


def check_leader(game: Game, seat: int) -> None:
    """Raise IllegalAction unless `seat` may lead now (the bout's leader, table empty)."""
    if game.table:
        raise IllegalAction("the bout has started: throw in instead of attacking")
    if seat != game.lead:
        raise IllegalAction(f"seat {game.lead} leads this bout, not seat {seat}")


def check_thrower(game: Game, seat: int) -> None:
    """Raise IllegalAction unless `seat` (not the defender) may throw in now."""
    if not game.rules.throw_in:
        raise IllegalAction("no throwing in: this variant only leads")
    if seat not in game.throwers():
        raise IllegalAction(f"seat {seat} may not throw in at seat {game.defender}")
    if game._strict and seat != game.right:
        raise IllegalAction(f"seat {game.right} has the right to throw now")


def check_defender(game: Game, seat: int, kind: str) -> None:
    """Raise IllegalAction unless `seat` is the defender and has not said take."""
    if seat != game.defender:
        raise IllegalAction(f"only the defender (seat {game.defender}) may {kind}")
    if game.taking:
        raise IllegalAction(f"seat {seat} already said take")


def check_unbeaten(game: Game, target: Card | None) -> None:
    """Raise IllegalAction unless `target` lies on the table unbeaten."""
    if target is not None:
        faces = game.faces
        for attack, cover in game.table:
            if cover == NO_CARD and faces[attack] is target:
                return
    raise IllegalAction(f"no unbeaten {target} on the table")


def check_attack(game: Game, seat: int, cards: tuple[Card, ...]) -> list[int]:
    """Raise IllegalAction unless `seat` may lead these cards; return their hand slots."""
    check_leader(game, seat)
    if not cards:
        raise IllegalAction("an attack needs at least one card")
    for twist in game.twists:  # (treshka: any ranks, an exact count; reverse: one card)
        slots = twist.lead_rule(game, seat, cards)
        if slots is not None:
            return slots
    if len({c.rank for c in cards}) != 1:
        raise IllegalAction("an attack is one card or several of one rank")
    for twist in game.twists:  # (boring: the highest rank)
        twist.check_lead(game, seat, cards)
    if game.rules.lead_max is not None and len(cards) > game.rules.lead_max:
        raise IllegalAction(f"lead at most {game.rules.lead_max} cards")
    limit = min(game.cap_now(), len(game.hands[game.defender]))
    if len(cards) > limit:
        raise IllegalAction(
            f"at most {limit} cards: the defender holds {len(game.hands[game.defender])}"
        )
    return game.take_slots(seat, cards)


def check_throw(game: Game, seat: int, cards: tuple[Card, ...]) -> list[int]:
    """Raise IllegalAction unless `seat` may throw these cards in; return their hand slots."""
    if not cards:
        raise IllegalAction("throw at least one card")
    by_defender = seat == game.defender
    if by_defender:
        if not game.rules.self_throw:
            raise IllegalAction("the defender may not throw in on himself")
        if game.taking or game.unbeaten():
            raise IllegalAction("the defender throws on himself only when all is beaten")
        if game._strict and seat != game.right:
            raise IllegalAction(f"seat {game.right} has the right to throw now")
    else:
        check_thrower(game, seat)
    ranks = game.table_ranks()
    if not (game._has_twists and any(t.throw_rule(game, seat, cards) for t in game.twists)):
        for card in cards:
            if card.rank not in ranks:
                raise IllegalAction(
                    f"no {card.text[:-1] or card.text} on the table to match {card}"
                )
    room = game.room(by_defender=1 if by_defender else 0)
    if len(cards) > room:
        raise IllegalAction(f"only {room} more card(s) may be thrown")
    return game.take_slots(seat, cards)


def check_pass(game: Game, seat: int) -> None:
    """Raise IllegalAction unless `seat` may pass now."""
    if seat == game.defender:
        if not game.rules.self_throw or game.taking or game.unbeaten():
            raise IllegalAction("the defender beats or takes; he cannot pass")
        if game._strict:
            if seat != game.right:
                raise IllegalAction(f"seat {game.right} has the right to throw now")
        elif game.passed >> seat & 1:
            raise IllegalAction(f"seat {seat} has passed already")
        return
    if seat not in game.throwers():
        raise IllegalAction(f"seat {seat} is not throwing in at seat {game.defender}")
    if game.unbeaten() and not game.taking:
        raise IllegalAction("wait until every card is beaten (or the defender takes)")
    if game.rules.throw_order == "strict":
        if seat != game.right:
            raise IllegalAction(f"seat {game.right} has the right to throw now")
    elif game.passed >> seat & 1:
        raise IllegalAction(f"seat {seat} has passed already")


def check_beat(game: Game, seat: int, action: Action) -> list[int]:
    """Raise IllegalAction unless this beat is legal; return the beating card's hand slot."""
    if len(action.cards) != 1 or action.target is None:
        raise IllegalAction("beat one card with one card")
    target, card = action.target, action.cards[0]
    check_unbeaten(game, target)
    if card.code not in game._beaters[target.code] and not game._tries_any_card:
        raise IllegalAction(f"{card} does not beat {target}")
    return game.take_slots(seat, (card,))


def check_transfer_open(game: Game, kind: str) -> None:
    """Raise IllegalAction unless the rules allow a transfer of this kind at this moment."""
    rules = game.rules
    if kind == TRANSFER and rules.transfer == "off":
        raise IllegalAction("no transfers in this variant")
    if kind == SHOW_TRUMP and not rules.transfer_trump_show:
        raise IllegalAction("no transfer by showing the trump in this variant")
    if rules.transfer != "any_time" and any(p[1] != NO_CARD for p in game.table):
        raise IllegalAction("too late to transfer: beating has started")


def transfer_receiver(game: Game, seat: int) -> int:
    """The seat a transfer by `seat` passes the bout to (IllegalAction when there is none)."""
    target = bout.transfer_target(game, seat)
    if target is None:
        raise IllegalAction("nobody to transfer to")
    return target


def check_transfer_room(game: Game, target: int) -> None:
    """Raise IllegalAction unless the table and `target`'s hand hold one more card."""
    if len(game.table) >= game.cap_now():
        raise IllegalAction("the table is full")
    if len(game.hands[target]) < game.unbeaten() + 1:
        raise IllegalAction(f"seat {target} holds too few cards to take the transfer")


def check_transfer(game: Game, seat: int, kind: str, cards: tuple[Card, ...]) -> list[int]:
    """Raise IllegalAction unless this transfer (by a card or by showing a trump) is legal;
    return the card's hand slot."""
    if len(cards) != 1:
        raise IllegalAction(f"{kind} uses one card")
    check_transfer_open(game, kind)
    rank = legal_moves.transfer_rank(game)
    card = cards[0]
    tried = kind == TRANSFER and game._tries_any_card
    if rank is None or (card.rank != rank and not tried):
        raise IllegalAction(f"{card} does not match the rank of the unbeaten cards")
    target = transfer_receiver(game, seat)
    unbeaten = game.unbeaten()
    if kind == TRANSFER:
        check_transfer_room(game, target)
    else:
        if card.suit != game.trump_suit:
            raise IllegalAction(f"{card} is not a trump")
        if game.shown >> seat & 1:
            raise IllegalAction(f"seat {seat} has shown a trump this bout already")
        if len(game.hands[target]) < unbeaten:
            raise IllegalAction(f"seat {target} holds too few cards to take the transfer")
    return game.take_slots(seat, cards)
