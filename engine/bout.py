"""The flow of a bout: who defends and who may throw, who must act, passing the defence on,
ending the bout (taken or discarded), seats going out and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine import dealing_order
from engine.action_values import (
    BOUT_EVENT,
    ONLY,
    tuple_new,
)
from engine.actions import (
    DISCARDED,
    GAME_OVER,
    OUT,
    TOOK,
    Event,
)
from engine.cards import Card
from engine.variants.twist import NO_CARD

_EVENT: Final = Event

if TYPE_CHECKING:
    from engine.game import Game


def partner(game: Game, a: int, b: int) -> bool:
    """Seats a and b are different members of one team."""
    teams = game._teams
    return bool(teams) and a != b and (a - b) % teams == 0


def partner_on_left(game: Game, seat: int) -> int | None:
    """The next partner of `seat` clockwise still in the game (None if none is left)."""
    players, in_game = game.players, game.in_game
    for step in range(1, players):
        other = (seat + step) % players
        if in_game >> other & 1 and partner(game, other, seat):
            return other
    return None


def left_in_game(game: Game, seat: int, skip_partners_of: int | None = None) -> int | None:
    """The next seat clockwise from `seat` still in the game (an opponent if asked)."""
    players, in_game = game.players, game.in_game
    for step in range(1, players):
        other = (seat + step) % players
        if not in_game >> other & 1:
            continue
        if skip_partners_of is not None and (
            other == skip_partners_of or partner(game, other, skip_partners_of)
        ):
            continue
        return other
    return None


def neighbours(game: Game, seat: int) -> tuple[int | None, int | None]:
    """The next seats still in the game on `seat`'s left and on its right."""
    left = left_in_game(game, seat)
    right = None
    for step in range(1, game.players):
        other = (seat - step) % game.players
        if game.in_game >> other & 1:
            right = other
            break
    return left, right


def find_throwers(game: Game) -> list[int]:
    """Seats that may throw in now, clockwise from the lead (the rules' throwers, no partner)."""
    rules = game.rules
    if not rules.throw_in:
        return []
    defender, players, lead = game.defender, game.players, game.lead
    in_game, hands = game.in_game, game.hands
    if players == 2:
        return [lead] if lead != defender and in_game >> lead & 1 and hands[lead] else []
    allowed = None
    if rules.throwers == "neighbours":
        allowed = set(neighbours(game, defender))
    teams = rules.teams
    seats = []
    for step in range(players):
        seat = (lead + step) % players
        if seat == defender or not in_game >> seat & 1 or not hands[seat]:
            continue
        if teams and partner(game, seat, defender):
            continue
        if allowed is not None and seat not in allowed:
            continue
        seats.append(seat)
    return seats


def everyone_passed(game: Game, throwers: list[int]) -> bool:
    """Every seat that may still throw (the defender too with self-throw) has passed."""
    passed = game.passed
    if not game._self_throw:
        if game._strict:
            return game.passes_in_row >= len(throwers)
        for seat in throwers:  # noqa: SIM110 - a plain loop: no generator per call
            if not passed >> seat & 1:
                return False
        return True
    if game._strict:  # the defender holds the right in his turn too
        return game.passes_in_row >= len(rotation(game, throwers))
    needed = list(throwers)
    if not game.taking and game.room(by_defender=1) > 0:
        needed.append(game.defender)
    return all(passed >> s & 1 for s in needed)


def rotation(game: Game, throwers: list[int]) -> list[int]:
    """Strict order: the seats the right to throw goes round, clockwise from the lead.

    With game-throw (american) the defender takes his turn too while he may throw on
    himself: D "the right to throw moves to other players in a clockwise direction", and in
    its example the attacker throws again after the defender has declared. Like an attacker
    holding cards, a defender holding cards says pass even when he has nothing to throw.
    """
    if not game._self_throw or game.taking or not game.hands[game.defender]:
        return throwers
    defender, lead, players = game.defender, game.lead, game.players
    seats = [*throwers, defender]
    seats.sort(key=lambda seat: (seat - lead) % players)
    return seats


def find_to_act(game: Game) -> tuple[int, ...]:
    """The seats whose move the game waits for, worked out afresh (`Game.to_act` memoises it)."""
    if game.over:
        return ()
    if not game.table:
        return ONLY[game.lead]
    unbeaten = game._unb
    taking = game.taking
    if unbeaten and not taking and not game._strict and not game._self_throw:
        return ONLY[game.defender]
    seats = []
    if unbeaten and not taking:
        seats.append(game.defender)
    if not unbeaten or taking:
        throwers = game._thr
        if throwers is None:
            throwers = game._thr = find_throwers(game)
        if game._strict:
            if game.right in throwers or (
                game._self_throw and game.right in rotation(game, throwers)
            ):
                seats.append(game.right)
        else:
            passed = game.passed
            for seat in throwers:
                if not passed >> seat & 1:
                    seats.append(seat)
        if (
            game._self_throw
            and not game._strict
            and not taking
            and not game.passed >> game.defender & 1
            and game.room(by_defender=1) > 0
        ):
            seats.append(game.defender)
    if len(seats) == 1:
        return ONLY[seats[0]]
    return tuple(sorted(set(seats)))


def transfer_target(game: Game, seat: int) -> int | None:
    """The seat a transfer by `seat` would pass the bout to (the next opponent on the left)."""
    if not game._teams:
        return game._next[seat]
    return left_in_game(game, seat, skip_partners_of=seat)


def note_empty(game: Game, seat: int) -> None:
    """Note the order in which seats ran out of cards (the first to empty goes out first)."""
    if not game.hands[seat] and seat not in game._empty_seq:
        game._seq += 1
        if not game._empty_seq:  # (the shared empty one: `game_setup.NO_EMPTY_SEQ`)
            game._empty_seq = {}
        game._empty_seq[seat] = game._seq


def move_right(game: Game) -> None:
    """Strict order: give the right to throw to the next seat clockwise that may throw."""
    throwers = game.throwers()
    if game._self_throw:
        throwers = rotation(game, throwers)
    if not throwers:
        return
    for step in range(1, game.players + 1):
        seat = (game.right + step) % game.players
        if seat in throwers:
            game.right = seat
            return


def pass_defence(game: Game, seat: int) -> None:
    """A transfer by `seat`: he leads now and the next opponent on his left defends."""
    target = transfer_target(game, seat)
    assert target is not None
    game.lead = seat
    game.defender = target
    game.bout_hand = len(game.hands[target])
    game.attack_limit = min(game.cap_now(), game.bout_hand)
    if game._has_twists:
        for twist in game.twists:  # (two-trump: the new defender's trump)
            twist.defender_set(game, target, False)
    game._thr = None
    game.right = seat
    game.passed = 0
    game.passes_in_row = 0


def after_move(game: Game) -> None:
    """End the bout when public facts leave nobody a move, or everyone has passed."""
    taking = game.taking
    strict = game._strict
    if game._unb and not taking and not strict:
        return  # the defender is to beat: nothing can end the bout yet
    throwers = game._thr
    if throwers is None:
        throwers = game._thr = find_throwers(game)
    if strict and game.right not in throwers:
        if game._self_throw:  # (while his own card waits, the defender keeps the right)
            if (not game._unb or taking) and game.right not in rotation(game, throwers):
                move_right(game)
        elif throwers:
            move_right(game)
    if taking:
        if throwers and game.attack_limit > len(game.table):
            if strict or game._self_throw:
                if not everyone_passed(game, throwers):
                    return
            else:
                passed = game.passed
                for seat in throwers:
                    if not passed >> seat & 1:
                        return
        end_bout(game, took=True)
        return
    if game._unb:
        return
    hand = len(game.hands[game.defender])
    if not hand or game.attack_limit <= len(game.table):
        end_bout(game, took=False)
        return
    if strict or game._self_throw:
        if everyone_passed(game, throwers):
            end_bout(game, took=False)
        return
    passed = game.passed
    for seat in throwers:
        if not passed >> seat & 1:
            return
    end_bout(game, took=False)


def end_bout(game: Game, took: bool, taker: int | None = None) -> None:
    """Close the bout: `taker` (the defender unless named) picks the cards up, or discard."""
    defender = game.defender
    if taker is None:
        taker = defender
    faces = game.faces
    slots = []
    for attack, cover in game.table:
        slots.append(attack)
        if cover != NO_CARD:
            slots.append(cover)
    game.table = []
    game._unb = 0
    game._ranks = 0
    game._thr = None
    known: list[Card] = []
    for slot in slots:  # (a face unknown here is None: left out)
        face = faces[slot]
        if face is not None:
            known.append(face)
    cards = tuple(known)
    twists = game.twists
    has_twists = game._has_twists  # (a bool tests faster than a tuple, pure)
    if has_twists:
        for twist in twists:  # (believe: a card still face down is named to nobody)
            cards = twist.bout_ending(game, took, slots, cards)
    if took:
        if has_twists:
            for twist in twists:
                slots = twist.before_take(game, taker, slots)
        game.hands[taker] += slots
        if game._empty_seq:
            game._empty_seq.pop(taker, None)
        game._events.append(tuple_new(_EVENT, (TOOK, taker, cards, -1, 0, ())))
        if has_twists and any(twist.after_take(game, taker) for twist in twists):
            return
    else:
        if not has_twists or not any(twist.discard(game, slots) for twist in twists):
            game.discard += slots
        if not game.discarded_any:
            game.discarded_any = True
            game._cap = game.cap_now()
        game._events.append(tuple_new(_EVENT, (DISCARDED, defender, cards, -1, 0, ())))
        if has_twists:
            for twist in twists:
                twist.after_discard(game, defender)
    if game.talon:
        dealing_order.draw_all(game, defender)
        if has_twists and not game.talon:
            for twist in twists:
                twist.after_talon_empty(game)
    in_game = game.in_game
    if game.talon:
        if game._empty_seq:
            game._empty_seq.clear()
    else:
        hands = game.hands
        if game._empty_seq:  # a seat that drew (or got cards) after emptying is not out yet
            for seat in [s for s in game._empty_seq if hands[s]]:
                del game._empty_seq[seat]
        if all(hands):  # (usually: nobody's hand is empty, so nobody goes out)
            empty = []
        else:
            empty = [s for s in range(game.players) if in_game >> s & 1 and not hands[s]]
        if empty:
            if len(empty) > 1:
                empty.sort(key=lambda s: game._empty_seq.get(s, 1 << 30))
            for seat in empty:
                mark_out(game, seat)
            if finish_if_over(game):
                return
            in_game = game.in_game
    if has_twists:
        for twist in twists:
            twist.after_bout(game)
    if took or not in_game >> defender & 1:
        nxt = game._next[taker]
        if not took and game._teams:  # B: "...passes to the next player ... of his team"
            partner = partner_on_left(game, defender)
            if partner is not None:
                nxt = partner
        start_bout(game, taker if nxt is None else nxt)
    else:
        start_bout(game, defender)


def mark_out(game: Game, seat: int) -> None:
    """`seat` leaves the game (no cards, talon empty)."""
    game.in_game &= ~(1 << seat)
    game._next = tuple(left_in_game(game, other) for other in range(game.players))
    game.out = game.out + (seat,)  # noqa: RUF005  (compiled: one concat, no list built)
    game._events.append(Event(OUT, seat))


def finish_if_over(game: Game) -> bool:
    """End the game when one seat (or one team) is left, naming the fool; True if it ended."""
    remaining = [s for s in range(game.players) if game.in_game >> s & 1]
    if game._teams:
        over = len({s % game._teams for s in remaining}) <= 1
    else:
        over = len(remaining) <= 1
    if not over:
        return False
    game.over = True
    if remaining:
        game.fool = max(remaining, key=lambda s: (len(game.hands[s]), -s))
    game._events.append(Event(GAME_OVER, -1 if game.fool is None else game.fool))
    return True


def start_bout(game: Game, lead: int) -> None:
    """Start a bout led by `lead` (the next seat in the game if he is out) against his left."""
    in_game = game.in_game
    if not in_game >> lead & 1:
        nxt = left_in_game(game, lead)
        assert nxt is not None
        lead = nxt
    if game.rules.teams:
        defender = left_in_game(game, lead, skip_partners_of=lead)
    else:
        defender = game._next[lead]  # the next seat clockwise still in the game
    if defender is None:
        finish_if_over(game)
        return
    game.lead = lead
    game.defender = defender
    game.bout_hand = hand = len(game.hands[defender])
    cap = game._cap
    game.attack_limit = cap if cap < hand else hand
    game._thr = None
    game.right = lead
    game.taking = False
    game.passed = 0
    game.passes_in_row = 0
    game.shown = 0
    if game._has_twists:
        twists = game.twists
        for twist in twists:  # (two-trump: his trump; poker: the exchange opens again)
            twist.defender_set(game, defender, True)
        for twist in twists:
            if twist.bout_starting(game, lead):  # (a draw by repetition)
                return
    game._events.append(BOUT_EVENT[lead][defender])


def lay_unbeaten(game: Game, slot: int) -> None:
    """The card at `slot` joins the table as an unbeaten attack card (armenian's talon lead)."""
    game.table.append([slot, NO_CARD])
    game._unb += 1
    game._ranks = -1


def cover_face_down(game: Game, seat: int) -> None:
    """`seat` covered an unbeaten card face down (believe): one fewer to beat, and its rank
    stays off the table's ranks; his hand may now be empty."""
    game._unb -= 1
    note_empty(game, seat)
