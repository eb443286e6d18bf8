"""Durak with pagons: throw-in fool, each for himself or in teams, that ends by hanging pagons.

Every physical card has a slot (its deck position); `faces[slot]` is its face and `known[slot]`
the bitmask of seats that may see it. A seat sees its own hand, the trump card under the talon,
every card played to the table (and so every card a defender took), and pagons handed to it.

At a LAN table every seat plays a hidden game (`new_hidden`) in `table_layout`: a face is None
until the table opens it (`reveal`), `known` says whom the rules show each slot to, and a move
is judged by the faces every seat knows (`is_legal`); the leader is the seat the table's shown
lowest trumps chose (`record_claim` keeps them for the audit). The audit replays the table's game
with every face open (`from_table`). Both key repeated positions by public facts only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from engine.actions import Event
from engine.beating import beat_table
from engine.cards import Card, deck_spec
from engine.errors import EngineError, IllegalAction
from engine.hidden import HiddenCardGame, mypyc_attr
from engine.pagons.actions import (
    ATTACK,
    BEAT,
    FORFEIT,
    HANG,
    PASS,
    TAKE,
    THROW,
    TRANSFER,
    PagonsAction,
)
from engine.pagons.lead import FIRST_DEALT_SEAT, first_leader
from engine.pagons.observation import PagonsObservation
from engine.pagons.rules import PagonsRules
from engine.rules import Rules

CLASSIC = Rules()  # plain beating: a higher card of the suit, or a trump on a plain card

LEAD_PHASE = "lead"  # the attacker starts a bout (or hangs, or hands his pagons on)
DEFEND_PHASE = "defend"  # the defender beats an open card or takes
THROW_PHASE = "throw"  # everything is beaten: attackers throw in or pass
TAKING_PHASE = "taking"  # the defender takes: attackers may add cards, then pass

# Event kinds (`slots` = positions opened: to every seat, or to `seat` for "drew").
TRUMP_SHOWN = "trump_shown"  # setup: the trump card, opened to all (slots)
PLAYED = "played"  # cards = (card,), other = the defender; number 1 = a lead
BEATEN = "beaten"  # cards = (target, card)
TOOK = "took"  # number = cards taken
DISCARDED = "discarded"
DREW = "drew"  # slots opened to `seat` only
OUT = "out"
HUNG = "hung"  # seat hung cards on seat `other`; slots opened to all
HANDED = "handed"  # seat handed his pagons to teammate `other`; slots opened to `other`
REPEATED = "repeated"
REPEAT_LIMIT = 3
GAME_OVER = "game_over"


@mypyc_attr(native_class=False)  # (the hidden-card base: instances keep a __dict__)
class PagonsGame(HiddenCardGame):
    """One deal of durak with pagons; the public API mirrors the other family-3 games."""

    rules: PagonsRules
    players: int
    # faces: the base's list[Any] (a hidden game holds None until `reveal`; compiled, a
    # list[Card] would refuse it)
    known: list[int]
    generation: list[int]
    hands: list[list[int]]
    talon: list[int]  # top last; the trump card is talon[0] while it lies there
    trump_slot: int
    trump: str
    discard: list[int]
    hung_slots: list[int]
    levels: tuple[int, ...]  # the pagon rank each team hangs in this deal
    phase: str
    attacker: int
    defender: int
    table: list[list[int]]  # [attack slot, cover slot or -1, seat that played it]
    queue: list[int]  # attackers still to throw in or pass, in order
    out: list[int]
    over: bool
    fool: int | None
    hanger: int | None
    repeated: bool
    positions: dict[str, int]
    log: list[PagonsAction]
    hidden: bool  # a table's hidden game: faces arrive through `reveal`
    public_positions: bool  # a table: repeated positions are keyed by public facts only
    claims: list[tuple[int, str]]  # a table: (seat, lowest trump it showed, or "none")
    _events: list[Event]
    _legal: tuple[int, tuple[PagonsAction, ...]] | None  # (seat, its legal actions) until a change

    _copied_lists = ("talon", "discard", "hung_slots", "queue", "out", "claims")
    _copied_nested = ("hands", "table")
    _copied_dicts = ("positions",)

    # ----------------------------------------------------------------- construction

    @classmethod
    def new(
        cls,
        rules: PagonsRules,
        players: int,
        rng: random.Random,
        first: int = FIRST_DEALT_SEAT,
        levels: Sequence[int] | None = None,
    ) -> PagonsGame:
        """A fresh deal: the deck shuffled by `rng`, dealt from seat `first`; with no trump
        dealt, `rng` draws the leader (`engine.pagons.lead.first_leader`)."""
        deck = list(deck_spec(rules.deck))
        rng.shuffle(deck)
        return cls.from_deck(rules, players, deck, first, levels, lot=rng)

    @classmethod
    def from_deck(
        cls,
        rules: PagonsRules,
        players: int,
        deck: Sequence[Card],
        first: int = FIRST_DEALT_SEAT,
        levels: Sequence[int] | None = None,
        lot: random.Random | None = None,
    ) -> PagonsGame:
        """Deal `deck` one card at a time from seat `first`, six each; the last position is the
        trump card, face up under the talon (position `players * 6` on top). The lowest trump
        leads; with none dealt, `lot` draws the leader (None: a lot seeded by the deck order)."""
        rules.check_players(players)
        if sorted(deck) != sorted(deck_spec(rules.deck)):
            raise EngineError(f"a {rules.deck}-card deck is needed")
        if not 0 <= first < players:
            raise EngineError(f"no seat {first}")
        dealt = players * rules.hand_size
        hands: list[list[int]] = [[] for _ in range(players)]
        for position in range(dealt):
            hands[(first + position) % players].append(position)
        talon = list(range(len(deck) - 1, dealt - 1, -1))
        return cls._start(rules, list(deck), hands, talon, None, levels, lot=lot)

    @classmethod
    def from_layout(
        cls,
        rules: PagonsRules,
        hands: Sequence[Sequence[Card]],
        talon: Sequence[Card] = (),
        trump: Card | None = None,
        attacker: int | None = None,
        levels: Sequence[int] | None = None,
    ) -> PagonsGame:
        """A deal from given hands, talon (top first, its last card the trump card) or, with an
        empty talon, the `trump` card (a suit only), for scenarios; `attacker` leads (default:
        the lowest trump's holder; with none dealt, a lot seeded by the layout)."""
        faces: list[Card] = []
        slots: list[list[int]] = []
        for hand in hands:
            slots.append(list(range(len(faces), len(faces) + len(hand))))
            faces.extend(hand)
        stock = list(range(len(faces) + len(talon) - 1, len(faces) - 1, -1))
        faces.extend(talon)
        if len(set(faces)) != len(faces):
            raise EngineError("a card appears twice in the layout")
        if not talon and trump is None:
            raise EngineError("with no talon, name the trump card")
        rules.check_players(len(hands))
        return cls._start(rules, faces, slots, stock, trump, levels, lowest=attacker)

    @classmethod
    def table_layout(cls, rules: PagonsRules, players: int) -> tuple[list[list[int]], list[int]]:
        """How a LAN table deals: position p < players * 6 to seat p mod players, the rest the
        talon, position `players * 6` on top and the deck's last position the trump card (with
        six players it is the last dealt card, in seat 5's hand)."""
        rules.check_players(players)
        dealt = players * rules.hand_size
        hands = [list(range(seat, dealt, players)) for seat in range(players)]
        return hands, list(range(rules.deck - 1, dealt - 1, -1))

    @classmethod
    def new_hidden(
        cls,
        rules: PagonsRules,
        players: int,
        leader: int,
        trump_card: Card,
        levels: Sequence[int] | None = None,
    ) -> PagonsGame:
        """A table seat's deal in `table_layout`: only the trump card known (to everyone), every
        other face None until `reveal`; `leader` (the lowest trump the seats showed) leads."""
        hands, talon = cls.table_layout(rules, players)
        faces: list[Card | None] = [None] * rules.deck
        faces[rules.deck - 1] = trump_card
        game = cls._start(rules, faces, hands, talon, None, levels, leader, hidden=True)  # type: ignore[arg-type]
        return game

    @classmethod
    def from_table(
        cls,
        rules: PagonsRules,
        players: int,
        deck: Sequence[Card],
        leader: int,
        levels: Sequence[int] | None = None,
    ) -> PagonsGame:
        """A table's deal with every face open, for the audit: `deck` by table position (see
        `table_layout`), led by the seat the table chose."""
        if sorted(deck) != sorted(deck_spec(rules.deck)):
            raise EngineError(f"a {rules.deck}-card deck is needed")
        hands, talon = cls.table_layout(rules, players)
        return cls._start(rules, list(deck), hands, talon, None, levels, leader, public=True)

    @classmethod
    def _start(
        cls,
        rules: PagonsRules,
        faces: list[Card],
        hands: list[list[int]],
        talon: list[int],
        trump: Card | None,
        levels: Sequence[int] | None,
        lowest: int | None = None,
        hidden: bool = False,
        public: bool = False,
        lot: random.Random | None = None,
    ) -> PagonsGame:
        players = len(hands)
        game = cls.__new__(cls)
        game.rules, game.players, game.faces = rules, players, faces
        game.hidden, game.public_positions, game.claims = hidden, hidden or public, []
        game.known = [0] * len(faces)
        for seat, hand in enumerate(hands):
            for slot in hand:
                game.known[slot] = 1 << seat
        # "If the cards are dealt completely (when six players play), either the last card in
        # the deck or the suit highlighted by the dealer is considered a trump card."
        game.trump_slot = talon[0] if talon else (len(faces) - 1 if trump is None else -1)
        if game.trump_slot >= 0:
            game.known[game.trump_slot] = game.everyone
            trump = faces[game.trump_slot]
        assert trump is not None and trump.suit is not None
        game.trump = trump.suit
        game.generation = [0] * len(faces)
        game.hands, game.talon, game.discard, game.hung_slots = hands, talon, [], []
        teams = 2 if rules.team_play(players) else players
        game.levels = tuple(levels) if levels is not None else rules.deal_levels(players)
        if len(game.levels) != teams or not set(game.levels) <= set(rules.levels):
            raise EngineError(f"give one pagon rank of {rules.levels} to each of {teams} teams")
        game.table, game.queue, game.out = [], [], []
        game.over, game.fool, game.hanger, game.repeated = False, None, None, False
        game.positions, game.log, game._events = {}, [], []
        game._legal = None
        if game.trump_slot >= 0:  # the trump card is shown to every seat
            game._events.append(
                Event(TRUMP_SHOWN, -1, (faces[game.trump_slot],), slots=(game.trump_slot,))
            )
        if lowest is None:  # "The player who has the lowest value trump card starts the game."
            cards = [[faces[s] for s in hand] for hand in hands]
            lot = lot or random.Random(" ".join(card.text for card in faces))
            lowest = first_leader(cards, game.trump, lot)
        if not 0 <= lowest < players:
            raise EngineError(f"no seat {lowest}")
        game.phase, game.attacker, game.defender = LEAD_PHASE, lowest, lowest
        game._leave_empty()  # a scenario may seat players who are already out
        if not game._check_end():
            game._new_bout(lowest if lowest not in game.out else game._next_in(lowest))
        return game

    # ----------------------------------------------------------------- teams and pagons

    def team(self, seat: int) -> int:
        """The team of `seat`: partners sit alternately (0, 2, 4 against 1, 3, 5)."""
        return seat % 2 if self.rules.team_play(self.players) else seat

    def level(self, seat: int) -> int:
        """The pagon rank `seat`'s team hangs in this deal."""
        return self.levels[self.team(seat)]

    def is_pagon(self, seat: int, card: Card) -> bool:
        """Whether `card` is one of `seat`'s pagons (for the queen level only the chosen one)."""
        rank = self.level(seat)
        if rank == 12:
            return card.rank == 12 and card.suit == self.rules.queen_suit
        return card.rank == rank

    def only_pagons(self, seat: int) -> bool:
        """Whether `seat` holds cards and every one is a pagon."""
        hand = self.hand_cards(seat)
        return bool(hand) and all(self.is_pagon(seat, c) for c in hand)

    def can_hang(self, seat: int) -> bool:
        """A hand of pagons that may be hung: the queen alone, or one to four of the rank with
        a plain card among them ("trump cards of this denomination are not taken into account
        if they are not hung together with a simple card")."""
        if not self.only_pagons(seat):
            return False
        hand = self.hand_cards(seat)
        if self.level(seat) == 12:
            return len(hand) == 1
        return any(c.suit != self.trump for c in hand)

    def _team_holds_only_pagons(self, mates: Sequence[int]) -> bool:
        """B "except when all players of one team have only pagons in their hands (then they
        are simply hung up)": whether every one of `mates` holds only pagons, by the faces
        every seat knows at a table (`public_positions`), by every face elsewhere."""
        everyone = self.everyone
        for mate in mates:
            for slot in self.hands[mate]:
                card = self.faces[slot]
                if card is None or (self.public_positions and self.known[slot] != everyone):
                    return False
                if not self.is_pagon(mate, card):
                    return False
        return True

    def may_hang(self, seat: int) -> bool:
        """Whether `seat` may hang its hand now (by the rules, not the turn): a hand that
        `can_hang`, and no partner in play, or every partner holding only pagons too."""
        mates = self.teammates(seat)
        return self.can_hang(seat) and (not mates or self._team_holds_only_pagons(mates))

    def teammates(self, seat: int) -> list[int]:
        """The other players of `seat`'s team still in the deal, clockwise from `seat`."""
        return [
            other
            for other in self._clockwise(seat)
            if self.team(other) == self.team(seat) and other not in self.out
        ]

    def _clockwise(self, seat: int) -> list[int]:
        return [(seat + step) % self.players for step in range(1, self.players)]

    def _next_in(self, seat: int) -> int:
        return next((s for s in self._clockwise(seat) if s not in self.out), seat)

    def _next_opponent(self, seat: int) -> int | None:
        return next(
            (
                other
                for other in self._clockwise(seat)
                if other not in self.out and self.team(other) != self.team(seat)
            ),
            None,
        )

    # ----------------------------------------------------------------- queries

    @property
    def turn(self) -> int:
        """The seat to act: the attacker, the defender, or the first attacker in the queue."""
        if self.phase == LEAD_PHASE:
            return self.attacker
        if self.phase == DEFEND_PHASE:
            return self.defender
        return self.queue[0]

    def _open(self) -> list[Card]:
        return [self.faces[row[0]] for row in self.table if row[1] < 0]

    def _ranks(self) -> set[int]:
        return {self.faces[s].rank for row in self.table for s in row[:2] if s >= 0}

    def _unbeatable(self, row: list[int]) -> bool:
        """Without the right to move pagons, a pagon thrown in must be taken."""
        return not self.rules.pagons_move and self.is_pagon(row[2], self.faces[row[0]])

    def _lead_limit(self) -> int:
        """How many cards a lead may hold: six, and no more than the defender holds."""
        return min(self.rules.attack_cap, len(self.hands[self.defender]))

    def _may_add(self) -> bool:
        return len(self.table) < self.rules.attack_cap and len(self._open()) < len(
            self.hands[self.defender]
        )

    def legal_tuple(self, seat: int) -> tuple[PagonsAction, ...]:
        """Every action `seat` may take now (kept until the state changes)."""
        if self.over or seat != self.turn:
            return ()
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        moves = self._list_legal(seat)
        self._legal = (seat, moves)
        return moves

    def _list_legal(self, seat: int) -> tuple[PagonsAction, ...]:
        """Every action `seat`, the seat to act, may take now."""
        hand = self.hand_cards(seat)
        if self.phase == LEAD_PHASE:
            moves: list[PagonsAction] = []
            level, queen = self.level(seat), self.rules.queen_suit  # as `is_pagon` decides
            pagon = [c.rank == level and (level != 12 or c.suit == queen) for c in hand]
            only_pagons = bool(hand) and all(pagon)
            if only_pagons:
                hangable = (  # see `can_hang`
                    len(hand) == 1 if level == 12 else any(c.suit != self.trump for c in hand)
                )
                mates = self.teammates(seat)
                if hangable and (not mates or self._team_holds_only_pagons(mates)):
                    moves.append(PagonsAction(seat, HANG))
                elif mates:
                    moves.append(PagonsAction(seat, TRANSFER))
            moving = self.rules.pagons_move
            leads = [c for c, is_pagon in zip(hand, pagon, strict=True) if moving or not is_pagon]
            # "He is forbidden to walk in pagons": a hand of pagons it may hang or hand on leads
            # none of them; one that can do neither leads them (docs/rules.md)
            pool = leads or ([] if moves else hand)
            moves += [PagonsAction(seat, ATTACK, c) for c in pool]
            # "or several of the same denomination at once" (docs/rules.md)
            by_rank: dict[int, list[Card]] = {}
            for card in pool:
                by_rank.setdefault(card.rank, []).append(card)
            limit = self._lead_limit()
            for rank in sorted(r for r, same in by_rank.items() if len(same) > 1 and limit > 1):
                same = sorted(by_rank[rank])
                for size in range(2, min(len(same), limit) + 1):  # each in deck order already
                    moves += [
                        PagonsAction(seat, ATTACK, cards[0], None, cards[1:])
                        for cards in combinations(same, size)
                    ]
            return tuple(moves)
        if self.phase == DEFEND_PHASE:
            beats_now: list[PagonsAction] = []
            if not any(self._unbeatable(row) for row in self.table if row[1] < 0):
                beaters = beat_table(CLASSIC, self.trump)  # the codes beating each card code
                for row in self.table:
                    if row[1] >= 0:
                        continue
                    target = self.faces[row[0]]
                    covers = beaters[target.code]
                    beats_now += [
                        PagonsAction(seat, BEAT, c, target) for c in hand if c.code in covers
                    ]
            return (*beats_now, PagonsAction(seat, TAKE))
        ranks = self._ranks()
        throws = (
            [PagonsAction(seat, THROW, c) for c in hand if c.rank in ranks]
            if self._may_add()
            else []
        )
        return (*throws, PagonsAction(seat, PASS))

    def is_legal(self, action: PagonsAction) -> bool:
        """Whether `action` may be taken now. In a hidden game whose actor holds faces not shown
        to every seat, whether it is legal for some faces of them: every seat then judges a move
        alike (its cards played are opened to all first), and the audit judges the rest."""
        if not isinstance(action, PagonsAction) or self.over:
            return False
        if action.kind == FORFEIT:
            return 0 <= action.seat < self.players and action.seat not in self.out
        seat = action.seat
        if not self.hidden or seat != self.turn:
            return action in self.legal_tuple(seat)
        hand = self.hands[seat]
        public = [self.faces[s] for s in hand if self.known[s] == self.everyone]
        if len(public) == len(hand):
            return action in self.legal_tuple(seat)
        if self.phase != LEAD_PHASE:  # a beat, a throw: its card is open; take and pass always
            return action.kind in (BEAT, THROW, TAKE, PASS) and action in self.legal_tuple(seat)
        maybe_pagons = all(self.is_pagon(seat, c) for c in public if c is not None)
        if action.kind == ATTACK:
            cards = action.cards
            if not cards or any(c not in public for c in cards):
                return False
            if len({c.rank for c in cards}) != 1 or len(cards) > self._lead_limit():
                return False
            if self.rules.pagons_move or not any(self.is_pagon(seat, c) for c in cards):
                return True
            # without the right: pagons lead only from a hand of pagons that can neither be
            # hung (a plain pagon shown would hang it; the queen alone always hangs) nor handed
            return (
                maybe_pagons
                and not self.teammates(seat)
                and self.level(seat) != 12
                and all(c.suit == self.trump for c in public if c is not None)
            )
        if action.kind == TRANSFER:
            mates = self.teammates(seat)
            plain_pagon = any(c is not None and c.suit != self.trump for c in public)
            team_hangs = plain_pagon and self._team_holds_only_pagons(mates)
            return maybe_pagons and bool(mates) and not team_hangs
        return False  # a hang shows the whole hand first

    def _refusal(self, action: PagonsAction) -> str:
        """Why `action` is illegal now, in words a player understands."""
        if self.over:
            return "the deal is over"
        if action.seat != self.turn:
            return f"it is seat {self.turn}'s turn, not seat {action.seat}'s"
        missing = [c for c in action.cards if c not in self.hand_cards(action.seat)]
        if missing:
            return f"{missing[0]} is not in your hand"
        kind, phase = action.kind, self.phase
        if kind in (HANG, TRANSFER):
            if phase != LEAD_PHASE:
                return "pagons are hung only instead of starting a bout"
            if not self.only_pagons(action.seat):
                return f"hang only a hand of pagons ({self._level_name(action.seat)})"
            if kind == HANG and not self.can_hang(action.seat):
                return "a trump pagon is hung only together with a plain one"
            if kind == HANG:
                return (
                    "your team plays on (a partner holds more than pagons): hand your pagons "
                    "to the next player of your team"
                )
            if not self.teammates(action.seat):
                return "nobody of your team is left to take your pagons: hang them"
            return "every player of your team holds only pagons: hang them"
        if phase == LEAD_PHASE:
            if kind == ATTACK and len({c.rank for c in action.cards}) > 1:
                return "the cards of one lead are all of one rank"
            if kind == ATTACK and len(action.cards) > self._lead_limit():
                return "a lead holds at most six cards, and no more cards than the defender holds"
            if kind == ATTACK:
                pagon = next((c for c in action.cards if self.is_pagon(action.seat, c)), None)
                if self.only_pagons(action.seat):
                    way = "hang" if self.may_hang(action.seat) else "hand on"
                    return f"without the right to move pagons, {way} your pagons, not lead {pagon}"
                return f"without the right to move pagons, {pagon} may not start a bout"
            return "start a bout: attack with a card"
        if phase == DEFEND_PHASE:
            if kind == BEAT:
                if any(self._unbeatable(row) for row in self.table if row[1] < 0):
                    return "a pagon was thrown in: you must take it"
                if action.target not in self._open():
                    return f"{action.target} is not an open card on the table"
                return f"{action.card} does not beat {action.target}"
            return "beat the open cards or take them"
        if kind == THROW:
            if action.card is not None and action.card.rank not in self._ranks():
                return f"throw in only a rank on the table, not {action.card}"
            return "no more cards: six a bout, and no more open cards than the defender holds"
        return "throw in a card of a rank on the table, or pass"

    def _level_name(self, seat: int) -> str:
        rank = self.level(seat)
        return f"Q{self.rules.queen_suit}" if rank == 12 else f"rank {rank}"

    # ----------------------------------------------------------------- moves

    def apply(self, action: object) -> list[Event]:  # (object: a compiled build checks it here)
        """Apply a legal action and return its events; IllegalAction (state unchanged) else."""
        if not isinstance(action, PagonsAction):
            raise IllegalAction(f"not a pagons action: {action!r}")
        if action.kind == FORFEIT:
            return self._forfeit(action.seat)
        legal = self.is_legal(action) if self.hidden else action in self.legal_tuple(action.seat)
        if not legal:
            raise IllegalAction(f"{action}: {self._refusal(action)}")
        self._events = []
        self._legal = None
        self.log.append(action)
        seat, kind = action.seat, action.kind
        if kind == HANG:
            self._hang(seat)
        elif kind == TRANSFER:
            self._transfer(seat)
        elif kind == ATTACK:
            for card in action.cards:
                self._lay(seat, card, lead=True)
        elif kind == THROW:
            assert action.card is not None
            self._lay(seat, action.card)
        elif kind == BEAT:
            assert action.card is not None and action.target is not None
            self._beat(seat, action.target, action.card)
        elif kind == TAKE:
            self.phase = TAKING_PHASE
            self._start_queue()
        else:
            self.queue.pop(0)
            self._skip_empty()
        return list(self._events)

    def _forfeit(self, seat: int) -> list[Event]:
        """A table seat leaves: it is the fool and its team loses (only a LAN table sends it;
        `legal_tuple` never lists it)."""
        if not self.is_legal(PagonsAction(seat, FORFEIT)):
            raise IllegalAction(f"{seat} forfeit: the deal is over or the seat is not in it")
        self._events = []
        self._legal = None
        self.log.append(PagonsAction(seat, FORFEIT))
        self._finish(seat)
        return list(self._events)

    def _take_from_hand(self, seat: int, card: Card) -> int:
        slot = next(s for s in self.hands[seat] if self.faces[s] is card)
        self.hands[seat].remove(slot)
        self.known[slot] = self.everyone
        return slot

    def _lay(self, seat: int, card: Card, lead: bool = False) -> None:
        slot = self._take_from_hand(seat, card)
        self.table.append([slot, -1, seat])
        self._events.append(
            Event(PLAYED, seat, (card,), self.defender, number=int(lead), slots=(slot,))
        )
        if self.phase != TAKING_PHASE:
            self.phase = DEFEND_PHASE
        self._skip_empty()

    def _beat(self, seat: int, target: Card, card: Card) -> None:
        slot = self._take_from_hand(seat, card)
        row = next(r for r in self.table if r[1] < 0 and self.faces[r[0]] is target)
        row[1] = slot
        self._events.append(Event(BEATEN, seat, (target, card), slots=(slot,)))
        if not self._open():
            self.phase = THROW_PHASE
            self._start_queue()

    def _start_queue(self) -> None:
        """The attackers in order: the lead attacker, then the defender's other opponents."""
        others = [
            s
            for s in self._clockwise(self.attacker)
            if s != self.defender and s not in self.out and self.team(s) != self.team(self.defender)
        ]
        self.queue = [self.attacker, *others]
        self._skip_empty()

    def _skip_empty(self) -> None:
        """Attackers with no card pass by themselves; an empty queue ends the bout."""
        if self.phase not in (THROW_PHASE, TAKING_PHASE):
            return
        while self.queue and not self.hands[self.queue[0]]:
            self.queue.pop(0)
        if not self.queue:
            self._end_bout(taken=self.phase == TAKING_PHASE)

    def _end_bout(self, taken: bool) -> None:
        slots = [s for row in self.table for s in row[:2] if s >= 0]
        self.table, self.queue = [], []
        if taken:
            self.hands[self.defender].extend(slots)
            self._events.append(Event(TOOK, self.defender, number=len(slots)))
        else:
            self.discard.extend(slots)
            self._events.append(Event(DISCARDED, self.defender, number=len(slots)))
        # "The replenishment begins with the one who started the move, and then those present
        # replenish their cards clockwise. The battling takes the last"
        order = [self.attacker] + [s for s in self._clockwise(self.attacker) if s != self.defender]
        for seat in (*order, self.defender):
            if seat not in self.out:
                self._draw(seat)
        self._leave_empty()
        if taken:  # "Then he skips the right of his turn, it passes to the next player"
            after = next((s for s in self._clockwise(self.defender) if s not in self.out), None)
        elif self.defender not in self.out:
            after = self.defender
        else:  # "the right of the next move passes to the next player on the left side of his team"
            following = [s for s in self._clockwise(self.defender) if s not in self.out]
            after = next(iter(self.teammates(self.defender) + following), None)
        if not self._check_end() and after is not None:
            self._new_bout(after)

    def _draw(self, seat: int) -> None:
        got: list[int] = []
        while len(self.hands[seat]) < self.rules.hand_size and self.talon:
            slot = self.talon.pop()
            self.hands[seat].append(slot)
            self.known[slot] |= 1 << seat
            got.append(slot)
        if got:
            self._events.append(Event(DREW, seat, number=len(got), slots=tuple(got)))

    def _leave_empty(self) -> None:
        if self.talon:
            return
        for seat in range(self.players):
            if seat not in self.out and not self.hands[seat]:
                self.out.append(seat)
                self._events.append(Event(OUT, seat))

    def _check_end(self) -> bool:
        """The deal ends when the players left are all of one team (or none are left)."""
        left = [s for s in range(self.players) if s not in self.out]
        if len({self.team(s) for s in left}) > 1:
            return False
        fool = -max([(len(self.hands[s]), -s) for s in left])[1] if left else None
        self._finish(fool)
        return True

    def _new_bout(self, attacker: int) -> None:
        """`attacker` leads against the next opponent clockwise."""
        defender = self._next_opponent(attacker)
        if defender is None:
            self._check_end()
            return
        self.phase, self.attacker, self.defender = LEAD_PHASE, attacker, defender
        key = "|".join(self._hand_key(s) for s in range(self.players))
        key += f"#{attacker}:{len(self.talon)}"
        self.positions[key] = self.positions.get(key, 0) + 1
        if self.positions[key] >= REPEAT_LIMIT:
            self.repeated = True
            self._events.append(Event(REPEATED, attacker))
            self._finish(None)

    def _hand_key(self, seat: int) -> str:
        """A hand in a repeated-position key: its cards, or at a table (`public_positions`) the
        cards every seat has seen in it and the count of the others (equal keys still mean
        equal hands: a card once shown stays known, and a hidden one never left the hand)."""
        if not self.public_positions:
            return ",".join(sorted(c.text for c in self.hand_cards(seat)))
        shown = [s for s in self.hands[seat] if self.known[s] == self.everyone]
        cards = sorted(self.faces[s].text for s in shown)
        return ",".join(cards) + f"+{len(self.hands[seat]) - len(shown)}"

    def _hang(self, seat: int) -> None:
        """ "give him pagons": the attacker's whole hand is hung on the defender."""
        slots = list(self.hands[seat])
        self.hands[seat] = []
        for slot in slots:
            self.known[slot] = self.everyone
        self.hung_slots = slots
        self.hanger = seat
        cards = tuple(self.faces[s] for s in slots)
        self._events.append(Event(HUNG, seat, cards, self.defender, slots=tuple(slots)))
        self.out.append(seat)
        self._finish(self.defender)

    def _transfer(self, seat: int) -> None:
        """ "they are not hung up, but transferred to the next player of the team ... After the
        transfer of pagons, the turn passes to the players of the opposite team." """
        mate = self.teammates(seat)[0]
        slots = list(self.hands[seat])
        self.hands[seat] = []
        self.hands[mate].extend(slots)
        for slot in slots:
            self.known[slot] |= 1 << mate
        self._events.append(Event(HANDED, seat, (), mate, len(slots), slots=tuple(slots)))
        self.out.append(seat)
        self._events.append(Event(OUT, seat))
        following = self._next_opponent(seat)
        if not self._check_end() and following is not None:
            self._new_bout(following)

    def _finish(self, fool: int | None) -> None:
        self.over, self.fool, self.phase, self.queue = True, fool, LEAD_PHASE, []
        self._events.append(Event(GAME_OVER, -1 if fool is None else fool))

    def _revealed(self, slot: int) -> None:
        """A face learnt changes the legal actions."""
        self._legal = None

    def _resampled(self, rng: random.Random) -> None:
        """Other faces: other legal actions."""
        self._legal = None

    def record_claim(self, seat: int, kind: str, text: str) -> None:
        """Keep the lowest trump a table seat showed to decide the leader (`text`, or "none"),
        for the audit to check against its dealt hand."""
        self.claims.append((seat, text))

    # ----------------------------------------------------------------- results and views

    @property
    def hung(self) -> tuple[Card, ...]:
        """The pagons hung at the end of the deal (empty when none were)."""
        return tuple(self.faces[s] for s in self.hung_slots)

    def winners(self) -> list[int]:
        """Every seat not of the fool's team (none after a repeated position)."""
        if not self.over or self.repeated:
            return []
        if self.fool is None:
            return list(range(self.players))
        fool_team = self.team(self.fool)
        return [s for s in range(self.players) if self.team(s) != fool_team]

    @property
    def result(self) -> dict[str, object]:
        """The outcome: fool, winners, who hung which pagons on whom, one point to the fool."""
        return {
            "over": self.over,
            "fool": self.fool,
            "winners": self.winners(),
            "hanger": self.hanger,
            "hung": [c.text for c in self.hung],
            "levels": list(self.levels),
            "repeated": self.repeated,
            "points": [int(seat == self.fool) for seat in range(self.players)],
        }

    def _observe(self, seat: int, mask: int) -> PagonsObservation:
        """What a viewer at `seat` (NO_SEAT: none) who sees the faces known to `mask` knows."""
        seated = seat >= 0
        return PagonsObservation(
            seat=seat,
            players=self.players,
            variant=self.rules.id,
            trump=self.trump,
            trump_card=self.faces[self.trump_slot] if self.trump_slot >= 0 else None,
            hand=tuple(self.hand_cards(seat)) if seated else (),
            hands=tuple(self.seen_by(h, mask) for h in self.hands),
            talon_count=len(self.talon),
            table=tuple(
                (self.faces[a], None if b < 0 else self.faces[b], by) for a, b, by in self.table
            ),
            discard_count=len(self.discard),
            phase=self.phase,
            attacker=self.attacker,
            defender=self.defender,
            turn=self.turn if not self.over else -1,
            to_act=self.to_act,
            teams=tuple(self.team(s) for s in range(self.players)),
            levels=self.levels,
            out=tuple(self.out),
            over=self.over,
            fool=self.fool,
            hanger=self.hanger,
            hung=self.hung,
            legal=self.legal_tuple(seat) if seated else (),
            last_events=tuple(self._events),
        )

    def _state_text(self, public: bool = False) -> str:
        table = "/".join(f"{self.slots_text(row[:2], public)}@{row[2]}" for row in self.table)
        return ";".join(
            [
                self.rules.id,
                f"trump={self.trump};levels={self.levels}",
                "hands=" + "|".join(self.slots_text(h, public) for h in self.hands),
                "talon=" + self.slots_text(self.talon, public),
                "discard=" + self.slots_text(self.discard, public),
                f"table={table};phase={self.phase};queue={self.queue}",
                f"attacker={self.attacker};defender={self.defender};out={self.out}",
                f"over={self.over};fool={self.fool};hanger={self.hanger}",
                f"hung={self.slots_text(self.hung_slots, public)};repeated={self.repeated}",
            ]
        )
