"""Cross fool's game state and moves: a deterministic engine with hidden cards as slots.

Every physical card has a slot (its deck position); `faces[slot]` is its face and `known[slot]`
the bitmask of seats that may see it. The building phase lays every card out face up, so a card
is opened to all the moment it leaves the deck; only the deck's order is hidden.

At a LAN table every seat plays a hidden game (`new_hidden`) in `table_layout`: the open piles
and the line are known from the start, each deck card's face is None until the table opens it to
everyone as it is drawn (`reveal`). The audit replays the table's game with every face open
(`from_table`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.actions import Event
from engine.cards import Card, deck_spec
from engine.cross.actions import BEAT, DRAW, FORFEIT, LEAD, TAKE, CrossAction
from engine.cross.observation import CrossObservation
from engine.cross.rules import OWN_SUIT_ONLY, TRUMP, CrossRules
from engine.errors import EngineError, IllegalAction
from engine.hidden import HiddenCardGame, mypyc_attr

BUILD_PHASE = "build"
PLAY_PHASE = "play"
LINE = -1  # the target "seat" of a card laid on the line (the stake)

# Event kinds (engine.actions.Event carries them; `slots` = positions opened to every seat).
OPENED = "opened"  # a card dealt face up (setup); other = its seat, -1 for the line
DREW = "drew"  # the deck's top card turned up by `seat`
GIVEN = "given"  # seat laid a card on seat `other`'s pile (-1: the line)
KEPT = "kept"  # the drawn card fits nobody: it goes on the drawer's own pile, the turn passes
TOOK_LINE = "took_line"  # the last card's taker takes the line; number = cards
PLAY_STARTED = "play_started"  # seat = the holder of the lowest diamond, who leads
LED = "led"
BEATEN = "beaten"  # cards = (covered, cover)
TOOK = "took"  # seat took the chain's bottom card
WASTED = "wasted"  # the chain went to waste; number = cards
OUT = "out"
REPEATED = "repeated"  # the same lead position came back REPEAT_LIMIT times: nobody is the fool
REPEAT_LIMIT = 3
GAME_OVER = "game_over"


def next_rank(rank: int, lowest: int) -> int:
    """The rank laid on `rank` while building ("A six or two is placed on the ace")."""
    return lowest if rank == 14 else rank + 1


def cross_beats(attack: Card, defend: Card) -> bool:
    """Whether `defend` closes `attack`: a higher card of its suit, or a diamond on any suit
    but clubs and diamonds, which only a higher card of their own suit closes."""
    if defend.suit == attack.suit:
        return defend.rank > attack.rank
    return attack.suit not in OWN_SUIT_ONLY and defend.suit == TRUMP


@mypyc_attr(native_class=False)  # (the hidden-card base: instances keep a __dict__)
class CrossGame(HiddenCardGame):
    """One game of cross fool; the public API mirrors the other family-3 games."""

    rules: CrossRules
    players: int
    # faces: the base's list[Any] (a hidden game holds None until `reveal`; compiled, a
    # list[Card] would refuse it)
    known: list[int]
    generation: list[int]
    hands: list[list[int]]  # building: the open piles (top last); play: the hands
    line: list[int]
    deck: list[int]  # top last
    discard: list[int]
    phase: str
    turn: int
    last_drawer: int | None
    table: list[int]
    table_seats: list[int]
    covers: int
    trick_size: int
    out: list[int]
    over: bool
    fool: int | None
    repeated: bool
    positions: dict[str, int]
    log: list[CrossAction]
    hidden: bool  # a table's hidden game: the deck's faces arrive through `reveal`
    _events: list[Event]

    _copied_lists = ("line", "deck", "discard", "table", "table_seats", "out")
    _copied_dicts = ("positions",)

    # ----------------------------------------------------------------- construction

    @classmethod
    def new(cls, rules: CrossRules, players: int, rng: random.Random, first: int = 0) -> CrossGame:
        """A fresh game: the deck shuffled by `rng`, dealt from seat `first`."""
        deck = list(deck_spec(rules.deck))
        rng.shuffle(deck)
        return cls.from_deck(rules, players, deck, first)

    @classmethod
    def from_deck(
        cls, rules: CrossRules, players: int, deck: Sequence[Card], first: int = 0
    ) -> CrossGame:
        """Deal `deck`: positions 0..players-1 face up to the seats from `first`, the next one
        face up on the line; the rest is the deck, position `players + 1` on top."""
        rules.check_players(players)
        if sorted(deck) != sorted(deck_spec(rules.deck)):
            raise EngineError(f"a {rules.deck}-card deck is needed")
        if not 0 <= first < players:
            raise EngineError(f"no seat {first}")
        piles: list[list[int]] = [[] for _ in range(players)]
        for position in range(players):
            piles[(first + position) % players].append(position)
        stock = list(range(len(deck) - 1, players, -1))
        game = cls._start(rules, list(deck), piles, [players], stock)
        order = [(first + k) % players for k in range(players)]
        game.turn = game._highest_open(order)
        return game

    @classmethod
    def from_layout(
        cls,
        rules: CrossRules,
        hands: Sequence[Sequence[Card]],
        line: Sequence[Card] = (),
        deck: Sequence[Card] = (),
        turn: int = 0,
        phase: str = BUILD_PHASE,
    ) -> CrossGame:
        """A game from given piles (building, bottom first), line and deck (top first), or from
        given hands (phase "play", `turn` leads), for scenarios; not necessarily a whole deck."""
        rules.check_players(len(hands))
        if phase not in (BUILD_PHASE, PLAY_PHASE):
            raise EngineError(f"no phase {phase!r}")
        if not 0 <= turn < len(hands):
            raise EngineError(f"no seat {turn}")
        faces: list[Card] = []
        piles: list[list[int]] = []
        for hand in (*hands, line):
            piles.append(list(range(len(faces), len(faces) + len(hand))))
            faces.extend(hand)
        line_slots = piles.pop()
        stock = list(range(len(faces) + len(deck) - 1, len(faces) - 1, -1))
        faces.extend(deck)
        if len(set(faces)) != len(faces):
            raise EngineError("a card appears twice in the layout")
        if phase == PLAY_PHASE and (line or deck):
            raise EngineError("in the play phase the line and the deck are gone")
        if phase == BUILD_PHASE and not deck:
            raise EngineError("the building phase needs a deck to draw from")
        game = cls._start(rules, faces, piles, line_slots, stock)
        game.turn = turn
        if phase == PLAY_PHASE:
            game._begin_play(turn)
        return game

    @classmethod
    def table_layout(cls, rules: CrossRules, players: int) -> tuple[list[int], int, list[int]]:
        """How a LAN table deals: position p < players face up to seat p, position `players`
        face up on the line, the rest the deck, position `players + 1` on top."""
        rules.check_players(players)
        return list(range(players)), players, list(range(rules.deck - 1, players, -1))

    @classmethod
    def new_hidden(
        cls, rules: CrossRules, players: int, first: int, faces: Mapping[int, Card]
    ) -> CrossGame:
        """A table seat's game in `table_layout`: the open cards (`faces`, by position) known to
        all, the deck's faces None until `reveal`; of equal highest open cards, the first
        clockwise from `first` builds first."""
        piles, line, stock = cls.table_layout(rules, players)
        missing = [p for p in (*piles, line) if faces.get(p) is None]
        if missing:
            raise EngineError(f"the open cards at positions {missing} are not known yet")
        cards: list[Card | None] = [None] * rules.deck
        for position in (*piles, line):
            cards[position] = faces[position]
        game = cls._start(rules, cards, [[p] for p in piles], [line], stock)  # type: ignore[arg-type]
        game.hidden = True
        game._first_builder(first)
        return game

    @classmethod
    def from_table(
        cls, rules: CrossRules, players: int, deck: Sequence[Card], first: int
    ) -> CrossGame:
        """A table's game with every face open, for the audit: `deck` by table position (see
        `table_layout`), ties for the first builder broken clockwise from `first`."""
        if sorted(deck) != sorted(deck_spec(rules.deck)):
            raise EngineError(f"a {rules.deck}-card deck is needed")
        piles, line, stock = cls.table_layout(rules, players)
        game = cls._start(rules, list(deck), [[p] for p in piles], [line], stock)
        game._first_builder(first)
        return game

    def _first_builder(self, first: int) -> None:
        """ "The one with the highest card goes first": of equal ones, the first clockwise from
        `first` (at a table the seat the lot or the previous game chose)."""
        if not 0 <= first < self.players:
            raise EngineError(f"no seat {first}")
        order = [(first + k) % self.players for k in range(self.players)]
        self.turn = self._highest_open(order)

    def _highest_open(self, order: Sequence[int]) -> int:
        """The seat of `order` whose open card is highest; of equal ones, the first in `order`."""
        best, best_rank = order[0], self.top_card(order[0]).rank
        for seat in order[1:]:
            rank = self.top_card(seat).rank
            if rank > best_rank:
                best, best_rank = seat, rank
        return best

    @classmethod
    def _start(
        cls,
        rules: CrossRules,
        faces: list[Card],
        piles: list[list[int]],
        line: list[int],
        stock: list[int],
    ) -> CrossGame:
        game = cls.__new__(cls)
        game.rules, game.players, game.faces = rules, len(piles), faces
        everyone = (1 << game.players) - 1
        game.known = [everyone] * len(faces)
        for slot in stock:
            game.known[slot] = 0
        game.generation = [0] * len(faces)
        game.hands, game.line, game.deck, game.discard = piles, line, stock, []
        game.phase, game.turn, game.last_drawer = BUILD_PHASE, 0, None
        game.table, game.table_seats, game.covers, game.trick_size = [], [], 0, 0
        game.out, game.over, game.fool, game.repeated = [], False, None, False
        game.positions, game.log, game.hidden = {}, [], False
        game._events = [
            Event(OPENED, seat, (faces[s],), slots=(s,))
            for seat, pile in enumerate(piles)
            for s in pile
        ] + [Event(OPENED, LINE, (faces[s],), slots=(s,)) for s in line]
        return game

    # ----------------------------------------------------------------- queries

    def top_card(self, seat: int) -> Card:
        """The top card of a seat's pile (building)."""
        return self.faces[self.hands[seat][-1]]

    @property
    def top(self) -> Card | None:
        """The card to beat: the top of the chain (None when no chain is open)."""
        return self.faces[self.table[-1]] if self.table else None

    def active(self, seat: int) -> bool:
        """Whether `seat` is still in the game."""
        return seat not in self.out

    def _next_active(self, seat: int) -> int | None:
        for step in range(1, self.players):
            other = (seat + step) % self.players
            if other not in self.out:
                return other
        return None

    def fits(self, card: Card, slots: Sequence[int]) -> bool:
        """Whether `card` may be laid on the pile `slots` (one rank up; on the ace the lowest)."""
        if not slots:
            return False
        return card.rank == next_rank(self.faces[slots[-1]].rank, self.rules.lowest_rank)

    def target(self, card: Card, seat: int) -> int | None:
        """Where `seat` must lay `card`: the line first, then the next seat clockwise with a
        pile it fits; None when it fits nowhere."""
        if self.fits(card, self.line):
            return LINE
        for step in range(1, self.players):
            other = (seat + step) % self.players
            if self.fits(card, self.hands[other]):
                return other
        return None

    def legal_tuple(self, seat: int) -> tuple[CrossAction, ...]:
        """Every action `seat` may take now."""
        if self.over or seat != self.turn:
            return ()
        if self.phase == BUILD_PHASE:
            return (CrossAction(seat, DRAW),)
        hand = self.hand_cards(seat)
        if not self.table:
            return tuple(CrossAction(seat, LEAD, c) for c in hand)
        top = self.faces[self.table[-1]]
        beats = tuple(CrossAction(seat, BEAT, c) for c in hand if cross_beats(top, c))
        if beats and self.rules.forced_beat:
            return beats
        return (*beats, CrossAction(seat, TAKE))

    def _refusal(self, action: CrossAction) -> str:
        """Why `action` is illegal now, in words a player understands."""
        if self.over:
            return "the game is over"
        if action.seat != self.turn:
            return f"it is seat {self.turn}'s turn, not seat {action.seat}'s"
        if self.phase == BUILD_PHASE:
            return "the cards are still being laid out: draw from the deck"
        if action.kind == DRAW:
            return "the deck is laid out: lead, beat or take"
        if action.card is not None and action.card not in self.hand_cards(action.seat):
            return f"{action.card} is not in your hand"
        top = self.top
        if top is None:
            return "no chain is open: lead a card"
        if action.kind == LEAD:
            return f"close {top} or take the bottom card; lead when the chain has ended"
        if action.kind == BEAT:
            assert action.card is not None
            if top.suit in OWN_SUIT_ONLY:
                name = "clubs" if top.suit == "C" else "diamonds"
                return f"{action.card} does not beat {top}: {name} are beaten only by {name}"
            return f"{action.card} does not beat {top}: a higher {top.suit} or a diamond does"
        return f"you can close {top}: take the bottom card only with nothing to beat"

    # ----------------------------------------------------------------- moves

    def apply(self, action: object) -> list[Event]:  # (object: a compiled build checks it here)
        """Apply a legal action and return its events; IllegalAction (state unchanged) else."""
        if not isinstance(action, CrossAction):
            raise IllegalAction(f"not a cross action: {action!r}")
        if action.kind == FORFEIT:
            return self._forfeit(action.seat)
        if action not in self.legal_tuple(action.seat):
            raise IllegalAction(f"{action}: {self._refusal(action)}")
        self._events = []
        self.log.append(action)
        seat = action.seat
        if action.kind == DRAW:
            self._draw(seat)
        elif action.kind == TAKE:
            self._take(seat)
        else:
            assert action.card is not None
            self._play(seat, action.kind, action.card)
        return list(self._events)

    def _forfeit(self, seat: int) -> list[Event]:
        """A table seat leaves: it is the fool, the game ends (only a LAN table sends it;
        `legal_tuple` never lists it)."""
        if self.over:
            raise IllegalAction(f"{seat} forfeit: the game is over")
        if not 0 <= seat < self.players or seat in self.out:
            raise IllegalAction(f"{seat} forfeit: seat {seat} is not in the game")
        self._events = []
        self.log.append(CrossAction(seat, FORFEIT))
        self._finish(seat)
        return list(self._events)

    def _lay(self, seat: int, slot: int, target: int) -> None:
        (self.line if target == LINE else self.hands[target]).append(slot)
        self._events.append(Event(GIVEN, seat, (self.faces[slot],), other=target))

    def _draw(self, seat: int) -> None:
        """ "he first gives the nine, and then only takes a card from the deck" """
        pile = self.hands[seat]
        keep = 2 if self.rules.keep_pile_bottom else 1
        while len(pile) >= keep:
            target = self.target(self.faces[pile[-1]], seat)
            if target is None:
                break
            self._lay(seat, pile.pop(), target)
        if self.faces[self.deck[-1]] is None:
            raise IllegalAction(f"{seat} draw: the deck's top card is not open yet")
        slot = self.deck.pop()
        card = self.faces[slot]
        self.known[slot] = (1 << self.players) - 1
        self.last_drawer = seat
        self._events.append(Event(DREW, seat, (card,), slots=(slot,)))
        last = not self.deck
        target = None if last and self.rules.keep_last_drawn else self.target(card, seat)
        if target is None:
            pile.append(slot)
            self._events.append(Event(KEPT, seat, (card,)))
            self.turn = (seat + 1) % self.players
        else:
            self._lay(seat, slot, target)
        if last:  # "whoever took the last card from the deck takes all the cards on the line"
            self._events.append(Event(TOOK_LINE, seat, number=len(self.line)))
            pile.extend(self.line)
            self.line = []
            self._begin_play(self._lowest_diamond_holder(seat))

    def _lowest_diamond_holder(self, fallback: int) -> int:
        """The seat holding the lowest diamond (in a whole deck the six or two); `fallback`
        when no hand holds a diamond (a scenario's partial deck)."""
        held = [
            (c.rank, seat)
            for seat in range(self.players)
            for c in self.hand_cards(seat)
            if c.suit == TRUMP
        ]
        return min(held)[1] if held else fallback

    def _begin_play(self, leader: int) -> None:
        """ "The one with the two or six of diamonds goes first." """
        self.phase = PLAY_PHASE
        self._events.append(Event(PLAY_STARTED, leader))
        for seat in range(self.players):
            if not self.hands[seat]:
                self._leave(seat)
        self._next_chain(leader)

    def _leave(self, seat: int) -> None:
        self.out.append(seat)
        self._events.append(Event(OUT, seat))

    def _play(self, seat: int, kind: str, card: Card) -> None:
        hand = self.hands[seat]
        slot = next(s for s in hand if self.faces[s] is card)
        hand.remove(slot)
        if kind == LEAD:
            self.trick_size = self.players - len(self.out)
            self.covers = 0
            self._events.append(Event(LED, seat, (card,)))
        else:
            self.covers += 1
            self._events.append(Event(BEATEN, seat, (self.faces[self.table[-1]], card)))
        self.table.append(slot)
        self.table_seats.append(seat)
        if not hand:
            self._leave(seat)
        if self.covers >= self.trick_size - 1:  # every other player of the chain has closed
            self._waste(seat)
        else:
            self._pass_on(seat)

    def _take(self, seat: int) -> None:
        """ "he takes the bottom card, and the remaining cards go to the next player" """
        slot = self.table.pop(0)
        self.table_seats.pop(0)
        self.hands[seat].append(slot)
        self._events.append(Event(TOOK, seat, (self.faces[slot],)))
        if self.table:
            self._pass_on(seat)
        else:
            self._next_chain(seat, after=True)

    def _pass_on(self, seat: int) -> None:
        """The chain goes to the next player; back at the top card's player it is wasted."""
        following = self._next_active(seat)
        if following is None or following == self.table_seats[-1]:
            self._waste(self.table_seats[-1])
        else:
            self.turn = following

    def _waste(self, leader: int) -> None:
        self._events.append(Event(WASTED, leader, number=len(self.table)))
        self.discard.extend(self.table)
        self.table, self.table_seats = [], []
        self._next_chain(leader)

    def _next_chain(self, leader: int, after: bool = False) -> None:
        """End the game, or give the next lead to `leader` (the next one in, when he is out or
        `after` says the lead goes past him)."""
        active = [s for s in range(self.players) if s not in self.out]
        if len(active) <= 1 and not self.table:
            self._finish(active[0] if active else None)
            return
        if after or leader in self.out:
            following = self._next_active(leader)
            leader = leader if following is None else following
        self.turn = leader
        key = "|".join(",".join(sorted(c.text for c in self.hand_cards(s))) for s in active)
        key += f"#{leader}"
        self.positions[key] = self.positions.get(key, 0) + 1
        if self.positions[key] >= REPEAT_LIMIT:
            self.repeated = True
            self._events.append(Event(REPEATED, leader))
            self._finish(None)

    def _finish(self, fool: int | None) -> None:
        self.over, self.fool = True, fool
        self._events.append(Event(GAME_OVER, -1 if fool is None else fool))

    # ----------------------------------------------------------------- results and views

    @property
    def winner(self) -> int | None:
        """The first seat to leave (it leads the next game of a match)."""
        return self.out[0] if self.out else None

    @property
    def points(self) -> list[int]:
        """One point to the fool (a match counts how often each seat was the fool)."""
        return [int(seat == self.fool) for seat in range(self.players)]

    @property
    def result(self) -> dict[str, object]:
        """The outcome: fool (None for a draw or a repeated position), order of leaving, the
        first to leave (`winner`, who deals the next game) and the fool's point."""
        return {
            "over": self.over,
            "fool": self.fool,
            "out": list(self.out),
            "repeated": self.repeated,
            "winners": self.winners(),
            "winner": self.winner,
            "points": self.points,
        }

    def winners(self) -> list[int]:
        """Every seat but the fool; after a repeated position, the seats that had left."""
        if not self.over:
            return []
        if self.repeated:
            return list(self.out)
        return [s for s in range(self.players) if s != self.fool]

    def _observe(self, seat: int, mask: int) -> CrossObservation:
        """What a viewer at `seat` (NO_SEAT: none) who sees the faces known to `mask` knows."""
        seated = seat >= 0
        return CrossObservation(
            seat=seat,
            players=self.players,
            variant=self.rules.id,
            phase=self.phase,
            hand=tuple(self.hand_cards(seat)) if seated else (),
            hands=tuple(self.seen_by(h, mask) for h in self.hands),
            line=tuple(self.faces[s] for s in self.line),
            deck_count=len(self.deck),
            table=tuple(self.faces[s] for s in self.table),
            table_seats=tuple(self.table_seats),
            covers=self.covers,
            trick_size=self.trick_size,
            discard_count=len(self.discard),
            turn=self.turn,
            to_act=self.to_act,
            out=tuple(self.out),
            over=self.over,
            fool=self.fool,
            legal=self.legal_tuple(seat) if seated else (),
            last_events=tuple(self._events),
        )

    def _state_text(self, public: bool = False) -> str:
        return ";".join(
            [
                self.rules.id,
                f"phase={self.phase};turn={self.turn};drawer={self.last_drawer}",
                "hands=" + "|".join(self.slots_text(h, public) for h in self.hands),
                "line=" + self.slots_text(self.line, public),
                "deck=" + self.slots_text(self.deck, public),
                "discard=" + self.slots_text(self.discard, public),
                f"table={self.slots_text(self.table, public)};by={self.table_seats}",
                f"covers={self.covers}/{self.trick_size};out={self.out}",
                f"over={self.over};fool={self.fool};repeated={self.repeated}",
            ]
        )
