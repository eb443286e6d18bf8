"""The legal moves of a Durak game: leads, throws, beats and transfers of the seat asked
(`Game.legal_tuple` memoises them until the next move)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from engine import bout
from engine.action_values import (
    ATTACK_ONE,
    BEAT_ROWS,
    CARD_OF_CODE,
    CODES_OF_RANKS,
    PASS_OF,
    PASS_ONLY,
    RANK_OF_CODE,
    SHOW_ONE,
    TAKE_OF,
    THROW_ONE,
    TRANSFER_ONE,
    beat_row,
    codes_of_ranks,
    combo_actions,
)
from engine.actions import (
    ATTACK,
    BEAT,
    THROW,
    TRANSFER,
    Action,
)
from engine.cards import Card
from engine.variants.twist import (
    NO_CARD,
    any_card_twist,
    held_options,
    holding_twist,
    tried_options,
)

if TYPE_CHECKING:
    from engine.game import Game

_CODES_BY_RANKS: Final = CODES_OF_RANKS
"""`CODES_OF_RANKS` under a name bound here: CPython 3.11 calls a method of an imported name
through a new bound method each time (LOAD_ATTR, not LOAD_METHOD), and `throw_options` asks
it on every throw."""


def find_legal(game: Game, seat: int) -> Sequence[Action]:
    """Every action `seat` may take now, worked out afresh (`Game.legal_tuple` memoises)."""
    if game.over or not game.in_game >> seat & 1:
        return []
    table = game.table
    if game._play_held and holding_twist(game) is not None:
        return held_options(game, seat)  # believe: the face-down card awaits a word
    if not table:
        if seat != game.lead:
            return []
        if game._has_twists:
            return lead_options_f2(game, seat)
        return lead_options(game, seat)
    rules = game.rules
    actions: list[Action] = []
    unbeaten = game._unb
    if seat == game.defender:
        if game.taking:
            return actions
        if unbeaten:
            faces = game.faces
            codes = game._codes
            hand = game.hands[seat]
            if game._tries_any_card and any_card_twist(game) is not None:
                # (reverse: any card, most of them blind)
                actions = tried_options(game, seat, BEAT)
                hand = []
            rows = BEAT_ROWS[seat]
            for attack, cover in table:
                if cover != NO_CARD:
                    continue
                target: Card = faces[attack]  # type: ignore[assignment]  # (laid: known)
                code = target.code
                row = rows[code] or beat_row(seat, target)
                can = game._beaters[code]
                for slot in hand:
                    own = codes[slot]
                    if own in can:  # an unknown face (NO_CARD) never is
                        actions.append(row[own])
            if game._has_twists:
                for twist in game.twists:  # (believe: face down; poker: the exchange)
                    actions.extend(twist.defends(game, seat))
            if rules.decks > 1:  # identical copies give identical actions
                actions = list(dict.fromkeys(actions))
            if rules.transfer != "off" or rules.transfer_trump_show:
                actions.extend(transfer_options(game, seat, unbeaten))
            actions.append(TAKE_OF[seat])
        elif rules.self_throw:
            room = game.room(by_defender=1)
            if game._strict:  # only in his turn of the right, and always with a pass
                if game.right == seat:
                    if room > 0:
                        actions.extend(throw_options(game, seat, room))
                    actions.append(PASS_OF[seat])
                return actions
            if room > 0:
                actions.extend(throw_options(game, seat, room))
            if not game.passed >> seat & 1:
                actions.append(PASS_OF[seat])
        return actions
    throwers = game._thr
    if throwers is None:
        throwers = game._thr = bout.find_throwers(game)
    if seat not in throwers:
        return actions
    strict = game._strict
    if strict and seat != game.right:
        return actions
    taking = game.taking
    room = game.attack_limit - len(table)
    if not taking:
        room = min(room, len(game.hands[game.defender]) - unbeaten)
    throws: Sequence[Action] = ()
    if room > 0:
        if game._tries_any_card and any_card_twist(game) is not None:
            throws = tried_options(game, seat, THROW)
        else:
            throws = throw_options(game, seat, room)
    if (not unbeaten or taking) and (strict or not game.passed >> seat & 1):
        return (*throws, PASS_OF[seat]) if throws else PASS_ONLY[seat]
    return throws


def lead_options(game: Game, seat: int) -> list[Action]:
    """One card, or several of one rank (single ranks first, in hand order)."""
    codes = game._codes
    row = ATTACK_ONE[seat]
    hand = game.hands[seat]
    actions: list[Action] = []
    seen = twice = 0  # bit r: rank r held once / more than once (no dictionary per call)
    for slot in hand:
        code = codes[slot]
        if code == NO_CARD:
            continue
        actions.append(row[code])  # type: ignore[arg-type]
        bit = 1 << RANK_OF_CODE[code]
        if seen & bit:
            twice |= bit
        else:
            seen |= bit
    rules = game.rules
    if rules.decks > 1:  # two copies of a face lead the same way
        actions = list(dict.fromkeys(actions))
    if not twice:
        return actions
    limit = len(game.hands[game.defender])
    if game._cap < limit:  # (_cap is cap_now())
        limit = game._cap
    if rules.lead_max is not None:
        limit = min(limit, rules.lead_max)
    if limit < 2:
        return actions
    for slot in hand:  # each rank held more than once, in the order it first lies in hand
        code = codes[slot]
        if code == NO_CARD:
            continue
        rank = RANK_OF_CODE[code]
        bit = 1 << rank
        if not twice & bit:
            continue
        twice ^= bit
        group: list[Card] = []
        for other in hand:
            found = codes[other]
            if found != NO_CARD and RANK_OF_CODE[found] == rank:
                group.append(CARD_OF_CODE[found])
        held = len(group)
        actions.extend(
            combo_actions(seat, ATTACK, tuple(group), 2, held if held < limit else limit)
        )
        if not twice:
            break
    return actions


def lead_options_f2(game: Game, seat: int) -> list[Action]:
    """Leads under the family-2 options (reverse's blind leads, the twists', the talon)."""
    tried = any_card_twist(game) if game._tries_any_card else None
    if tried is not None:
        actions = tried.any_card_options(game, seat, ATTACK)
    elif own_leads(game):  # (treshka's twist lists its own leads)
        actions = []
    else:
        actions = lead_options(game, seat)
    for twist in game.twists:  # (treshka, boring; armenian's talon lead comes last)
        actions = twist.leads(game, seat, actions)
    return actions


def own_leads(game: Game) -> bool:
    """A twist lists every lead itself (treshka)."""
    return any(twist.lists_own_leads for twist in game.twists)


def throw_options(game: Game, seat: int, room: int) -> Sequence[Action]:
    """Throws of `seat` of ranks on the table, from one card up to `room` cards."""
    ranks = game._ranks
    if ranks < 0:
        ranks = rank_mask(game)
    fits = _CODES_BY_RANKS.get(ranks) or codes_of_ranks(ranks)
    faces, codes = game.faces, game._codes
    cards: list[Card] = []
    for slot in game.hands[seat]:
        if codes[slot] in fits:
            cards.append(faces[slot])  # type: ignore[arg-type]
    if not cards:
        return ()
    if len(cards) == 1:
        return (THROW_ONE[seat][cards[0].code],)  # type: ignore[return-value]
    if room == 1:
        if game.rules.decks > 1:
            cards = list(dict.fromkeys(cards))
        row = THROW_ONE[seat]
        actions: list[Action] = []
        for card in cards:  # (a loop: a list comprehension is a call of its own)
            actions.append(row[card.code])  # type: ignore[arg-type]
        return actions
    return combo_actions(seat, THROW, tuple(cards), 1, min(room, len(cards)))


def transfer_rank(game: Game) -> int | None:
    """The rank every unbeaten card shares, when a transfer is possible in principle."""
    rules = game.rules
    if rules.transfer == "off" and not rules.transfer_trump_show:
        return None
    faces = game.faces
    rank = None
    if rules.transfer != "any_time":
        for attack, cover in game.table:
            if cover != NO_CARD:
                return None
            laid: Card = faces[attack]  # type: ignore[assignment]  # (typed: a native read)
            found = laid.rank
            if rank is None:
                rank = found
            elif found != rank:
                return None
        return rank
    for attack, cover in game.table:
        if cover == NO_CARD:
            unbeaten: Card = faces[attack]  # type: ignore[assignment]
            found = unbeaten.rank
            if rank is None:
                rank = found
            elif found != rank:
                return None
    return rank


def transfer_options(game: Game, seat: int, unbeaten: int) -> list[Action]:
    """Transfers (and trump shows) of `seat` with the rank of every unbeaten card."""
    rules = game.rules
    rank = transfer_rank(game)
    if rank is None:
        return []
    target = bout.transfer_target(game, seat)
    if target is None:
        return []
    target_hand = len(game.hands[target])
    if game._tries_any_card and any_card_twist(game) is not None:
        # (reverse: any card, a wrong rank takes the bout)
        return tried_options(game, seat, TRANSFER)
    by_card = (
        rules.transfer != "off"
        and target_hand >= unbeaten + 1
        and len(game.table) < game._cap  # (_cap is cap_now())
    )
    trump = game.trump_suit
    by_trump = rules.transfer_trump_show and not game.shown >> seat & 1
    by_trump = by_trump and target_hand >= unbeaten
    if not by_card and not by_trump:
        return []
    actions: list[Action] = []
    codes = game._codes
    seen = 0
    transfer_row, show_row = TRANSFER_ONE[seat], SHOW_ONE[seat]
    for slot in game.hands[seat]:
        code = codes[slot]
        if RANK_OF_CODE[code] != rank or code == NO_CARD or seen >> code & 1:
            continue
        seen |= 1 << code
        if by_card:
            actions.append(transfer_row[code])  # type: ignore[arg-type]
        if by_trump and CARD_OF_CODE[code].suit == trump:
            actions.append(show_row[code])  # type: ignore[arg-type]
    return actions


def rank_mask(game: Game) -> int:
    """Bit r set when a card of rank r lies on the table (attack or beating card)."""
    mask = game._ranks
    if mask < 0:
        faces = game.faces
        mask = 0
        face_down: set[int] = set()
        for twist in game.twists:  # (believe: the covers face down)
            face_down = twist.face_down_covers(game) or face_down
        for a, b in game.table:
            laid: Card = faces[a]  # type: ignore[assignment]  # (typed: a native read compiled)
            mask |= 1 << laid.rank
            if b != NO_CARD and b not in face_down:
                cover: Card = faces[b]  # type: ignore[assignment]  # (every face on it is known)
                mask |= 1 << cover.rank
        game._ranks = mask
    return mask
