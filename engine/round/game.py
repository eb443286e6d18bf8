"""Round (complete) fool's game state and moves: a deterministic engine with hidden slots.

Two phases. Collecting: eight cards lie face up, the ninth (the trump card) face up under the
deck; each player in turn draws the top card, and a card that beats a table card takes it.
Playing: leads of one card and pairs, beaten card by card. The only hidden faces are the deck's:
every card is opened to all seats when it is drawn, so the hands are public from then on.

At a LAN table every seat plays a hidden game (`new_hidden`): the eight table cards and the
trump card are opened to everyone at the deal, each deck card when it is drawn (before the draw
is applied), so every seat's game knows every face it needs. The audit replays the table's game
with every face open (`from_table`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.actions import Event
from engine.cards import SUITS, Card, deck_spec
from engine.errors import EngineError, IllegalAction
from engine.hidden import OPENED as OPENED
from engine.hidden import HiddenCardGame, mypyc_attr
from engine.road.plain import beaten_by, beats
from engine.round.actions import BEAT, DRAW, FORFEIT, HIT, LEAD, PLACE, TAKE, RoundAction
from engine.round.leads import LeadActions, is_lead
from engine.round.observation import RoundObservation
from engine.round.rules import RoundRules

COLLECT = "collect"
HITTING = "hit"
PLAY = "play"

# Event kinds (engine.actions.Event carries them).
# OPENED (engine.hidden): slots = faces now visible to the seats of bitmask `number`
DREW = "drew"
HIT_CARD = "hit"  # cards = (drawn, table card) taken by the seat
PLACED = "placed"
SWEPT = "swept"  # the last drawer takes the trump card and the table; number = cards taken
LED = "led"
BEATEN = "beat"
TOOK = "took"  # number = how many cards the defender took
CLEARED = "cleared"  # number = how many cards left the game
FORFEITED = "forfeited"  # a table seat left the game: it is the fool
GAME_OVER = "game_over"  # seat = the fool, -1 when there is none


@mypyc_attr(native_class=False)  # (the hidden-card base: instances keep a __dict__)
class RoundGame(HiddenCardGame):
    """One game of round fool; the public API mirrors `engine.game.Game`."""

    rules: RoundRules
    players: int
    # faces: the base's list[Any] (a hidden game holds None until `reveal`; compiled, a
    # list[Card] would refuse it)
    known: list[int]
    generation: list[int]
    hands: list[list[int]]
    table: list[int]
    stock: list[int]  # top last; the trump card at index 0 is drawn last
    trump: str
    trump_slot: int | None
    drawn: int | None
    phase: str
    turn: int
    attacker: int
    defender: int
    attack: list[int]
    covers: list[int | None]
    discard: list[int]
    over: bool
    out: list[int]
    fool: int | None
    log: list[RoundAction]
    _events: list[Event]

    _copied_lists = ("table", "stock", "discard", "attack", "covers", "out")

    # ----------------------------------------------------------------- construction

    @classmethod
    def new(
        cls, rules: RoundRules, players: int, rng: random.Random, first: int | None = None
    ) -> RoundGame:
        """A fresh game shuffled by `rng`; `first` draws first (by lot when None)."""
        deck = list(deck_spec(rules.deck))
        rng.shuffle(deck)
        if first is None:
            first = rng.randrange(players)
        return cls.from_deck(rules, players, deck, first)

    @classmethod
    def from_deck(
        cls, rules: RoundRules, players: int, deck: Sequence[Card], first: int = 0
    ) -> RoundGame:
        """Lay out `deck`: positions 0-7 face up on the table, position 8 the trump card face up
        under the deck, 9 onwards the deck (9 on top); `first` draws first."""
        rules.check_players(players)
        if sorted(c.code for c in deck) != sorted(c.code for c in deck_spec(rules.deck)):
            raise EngineError(f"a {rules.deck}-card deck is needed")
        laid = rules.table_cards
        table = list(range(laid))
        stock = [laid, *range(len(deck) - 1, laid, -1)]
        return cls._start(rules, list(deck), [[] for _ in range(players)], table, stock, first)

    @classmethod
    def from_layout(
        cls,
        rules: RoundRules,
        players: int,
        hands: Sequence[Sequence[Card]] = (),
        table: Sequence[Card] = (),
        stock: Sequence[Card] = (),
        trump: str | None = None,
        first: int = 0,
        leader: int | None = None,
    ) -> RoundGame:
        """A game from given cards, for scenarios (they need not make a whole deck). With a
        `stock` (top first, its last card the trump card) it starts collecting, `first` to
        draw; without, it starts playing with `trump` the trump suit and `leader` (default:
        the holder of the lowest trump) to lead."""
        if not 2 <= players <= 6:
            raise EngineError("round fool is for 2 to 6 players")
        hand_cards = [list(h) for h in hands] or [[] for _ in range(players)]
        if len(hand_cards) != players:
            raise EngineError(f"{len(hand_cards)} hands for {players} players")
        faces: list[Card] = []
        slots: list[list[int]] = []
        for hand in hand_cards:
            slots.append(list(range(len(faces), len(faces) + len(hand))))
            faces.extend(hand)
        table_slots = list(range(len(faces), len(faces) + len(table)))
        faces.extend(table)
        stock_slots = list(range(len(faces) + len(stock) - 1, len(faces) - 1, -1))
        faces.extend(stock)
        if len(set(faces)) != len(faces):
            raise EngineError("a card appears twice in the layout")
        if stock:
            return cls._start(rules, faces, slots, table_slots, stock_slots, first)
        if trump not in SUITS:
            raise EngineError("a game laid out to play needs the trump suit")
        game = cls._start(rules, faces, slots, table_slots, [], first, trump)
        game._begin_play(leader)
        return game

    @classmethod
    def new_hidden(
        cls, rules: RoundRules, players: int, first: int, open_faces: Mapping[int, Card]
    ) -> RoundGame:
        """A table seat's game in `from_deck`'s layout: the table cards and the trump card
        (positions 0 to `table_cards`, opened to everyone at the deal) are `open_faces`; every
        deck card is None until the table opens it (`reveal`), before its draw is applied."""
        rules.check_players(players)
        laid = rules.table_cards
        faces: list[Card | None] = [None] * rules.deck
        for position in range(laid + 1):
            if position not in open_faces:
                raise EngineError(f"position {position} must be open before the game starts")
            faces[position] = open_faces[position]
        stock = [laid, *range(rules.deck - 1, laid, -1)]
        table = list(range(laid))
        hands: list[list[int]] = [[] for _ in range(players)]
        return cls._start(rules, faces, hands, table, stock, first)  # type: ignore[arg-type]

    @classmethod
    def from_table(
        cls, rules: RoundRules, players: int, deck: Sequence[Card], first: int
    ) -> RoundGame:
        """A table's game with every face open, for the audit: `deck` by table position, laid
        out as `from_deck` lays it out; `first` draws first."""
        return cls.from_deck(rules, players, deck, first)

    @classmethod
    def _start(
        cls,
        rules: RoundRules,
        faces: list[Card],
        hands: list[list[int]],
        table: list[int],
        stock: list[int],
        first: int,
        trump: str | None = None,
    ) -> RoundGame:
        players = len(hands)
        if not 0 <= first < players:
            raise EngineError(f"no seat {first}")
        game = cls.__new__(cls)
        game.rules, game.players, game.faces = rules, players, faces
        everyone = (1 << players) - 1
        game.known = [everyone] * len(faces)
        for slot in stock[1:]:
            game.known[slot] = 0
        game.generation = [0] * len(faces)
        game.hands, game.table, game.stock = hands, table, stock
        game.trump_slot = stock[0] if stock else None
        trump_suit = faces[stock[0]].suit if stock else trump
        assert trump_suit is not None
        game.trump = trump_suit
        game.drawn, game.phase, game.turn = None, COLLECT, first
        game.attacker = game.defender = first
        game.attack, game.covers, game.discard = [], [], []
        game.over, game.out, game.fool = False, [], None
        game.log, game._events = [], []
        return game

    # ----------------------------------------------------------------- queries

    @property
    def trump_card(self) -> Card | None:
        """The ninth card, turned up under the deck (None in a game laid out to play)."""
        return None if self.trump_slot is None else self.faces[self.trump_slot]

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (one, or none when the game is over)."""
        if self.over:
            return ()
        if self.phase != PLAY:
            return (self.turn,)
        return (self.defender if self.attack else self.attacker,)

    @property
    def winner(self) -> int | None:
        """The seat that emptied its hand, when exactly one did."""
        return self.out[0] if len(self.out) == 1 else None

    @property
    def points(self) -> list[int]:
        """One point for the fool (a match adds them up)."""
        return [int(seat == self.fool) for seat in range(self.players)]

    def _targets(self, card: Card) -> list[int]:
        """Table slots the drawn `card` can beat."""
        table = beaten_by(self.trump)
        return [s for s in self.table if card.code in table[self.faces[s].code]]

    def legal_tuple(self, seat: int) -> Sequence[RoundAction]:
        """Every action `seat` may take now: a tuple, or for a lead a tuple-like `LeadActions`
        that counts the leads at once and builds one when it is indexed."""
        if seat not in self.to_act:
            return ()
        make = tuple.__new__  # a NamedTuple without its keyword-parsing constructor
        if self.phase == COLLECT:
            return (make(RoundAction, (seat, DRAW, (), None)),)
        faces = self.faces
        if self.phase == HITTING:
            assert self.drawn is not None
            hits = tuple(
                [
                    make(RoundAction, (seat, HIT, (faces[s],), None))
                    for s in self._targets(faces[self.drawn])
                ]
            )
            if self.rules.must_hit:
                return hits
            return (*hits, make(RoundAction, (seat, PLACE, (), None)))
        if not self.attack:
            return LeadActions(seat, self.hand_cards(seat), self.rules.lead_sizes)
        hand = self.hand_cards(seat)
        table = beaten_by(self.trump)
        moves = [
            make(RoundAction, (seat, BEAT, (card,), faces[slot]))
            for slot, cover in zip(self.attack, self.covers, strict=True)
            if cover is None
            for card in hand
            if card.code in table[faces[slot].code]
        ]
        return (*moves, make(RoundAction, (seat, TAKE, (), None)))

    def allows(self, action: RoundAction) -> bool:
        """Whether `action` is one of `legal_tuple(action.seat)`, checked without listing
        every lead."""
        seat, kind, cards, target = action
        if seat not in self.to_act:
            return False
        if self.phase == COLLECT:
            return kind == DRAW and not cards and target is None
        if self.phase == HITTING:
            assert self.drawn is not None
            if kind == PLACE:
                return not self.rules.must_hit and not cards and target is None
            return (
                kind == HIT
                and target is None
                and len(cards) == 1
                and any(self.faces[s] is cards[0] for s in self._targets(self.faces[self.drawn]))
            )
        hand = self.hand_cards(seat)
        if not self.attack:
            return (
                kind == LEAD
                and target is None
                and list(cards) == sorted(cards)
                and all(c in hand for c in cards)
                and is_lead(cards, self.rules.lead_sizes)
            )
        if kind == TAKE:
            return not cards and target is None
        return (
            kind == BEAT
            and len(cards) == 1
            and cards[0] in hand
            and target is not None
            and any(
                c is None and self.faces[a] is target
                for a, c in zip(self.attack, self.covers, strict=True)
            )
            and beats(self.trump, target, cards[0])
        )

    def _refusal(self, action: RoundAction) -> str:
        """Why `action` is illegal now, in words a player understands."""
        if self.over:
            return "the game is over"
        if action.seat not in self.to_act:
            return f"it is seat {self.to_act[0]}'s turn, not seat {action.seat}'s"
        if self.phase == COLLECT:
            return "draw the top card of the deck"
        if self.phase == HITTING:
            assert self.drawn is not None
            drawn = self.faces[self.drawn]
            if action.kind == HIT and action.cards:
                target = action.cards[0]
                if target not in [self.faces[s] for s in self.table]:
                    return f"{target} is not on the table"
                return f"{drawn} does not beat {target} (trump {self.trump})"
            if action.kind == PLACE:
                return f"{drawn} can beat a table card: it must beat one"
            return f"beat a table card with {drawn}"
        hand = self.hand_cards(action.seat)
        missing = [c for c in action.cards if c not in hand]
        if missing:
            return f"{missing[0]} is not in your hand"
        if not self.attack:
            if action.kind == LEAD and not is_lead(action.cards, self.rules.lead_sizes):
                sizes = ", ".join(str(n) for n in self.rules.lead_sizes)
                return f"a lead is {sizes} cards: one card and pairs of equal rank"
            return "lead one card, or one card and pairs"
        if action.kind == BEAT:
            unbeaten = [
                self.faces[s] for s, c in zip(self.attack, self.covers, strict=True) if c is None
            ]
            if action.target not in unbeaten:
                return f"{action.target} is not an unbeaten card of the lead"
            return f"{action.cards[0]} does not beat {action.target} (trump {self.trump})"
        return "beat a card of the lead or take"

    # ----------------------------------------------------------------- moves

    def is_legal(self, action: RoundAction) -> bool:
        """Whether `action` may be taken now (a forfeit: by any seat while the game runs)."""
        if not isinstance(action, RoundAction):
            return False
        if action.kind == FORFEIT:
            return not self.over and 0 <= action.seat < self.players and not action.cards
        return self.allows(action)

    def apply(self, action: object) -> list[Event]:  # (object: a compiled build checks it here)
        """Apply a legal action and return its events; IllegalAction (state unchanged) else."""
        if not isinstance(action, RoundAction):
            raise IllegalAction(f"not a round action: {action!r}")
        if action.kind == FORFEIT:
            return self._forfeit(action)
        if not self.allows(action):
            raise IllegalAction(f"{action}: {self._refusal(action)}")
        self._events = []
        self.log.append(action)
        seat = action.seat
        if action.kind == DRAW:
            self._draw(seat)
        elif action.kind in (HIT, PLACE):
            self._settle_drawn(seat, action.cards[0] if action.cards else None)
        elif action.kind == LEAD:
            for card in action.cards:
                slot = self._slot_in_hand(seat, card)
                self.hands[seat].remove(slot)
                self.attack.append(slot)
                self.covers.append(None)
            self._events.append(Event(LED, seat, action.cards, other=self.defender))
        elif action.kind == BEAT:
            assert action.target is not None
            slot = self._slot_in_hand(seat, action.cards[0])
            self.hands[seat].remove(slot)
            index = next(
                i
                for i, s in enumerate(self.attack)
                if self.covers[i] is None and self.faces[s] is action.target
            )
            self.covers[index] = slot
            self._events.append(Event(BEATEN, seat, (action.target, action.cards[0])))
            if all(c is not None for c in self.covers):
                self._end_bout(taken=False)
        else:
            self._end_bout(taken=True)
        return list(self._events)

    def _forfeit(self, action: RoundAction) -> list[Event]:
        """A table seat leaves: it is the fool and the game ends (only a LAN table sends it;
        `legal_tuple` never lists it)."""
        if not self.is_legal(action):
            raise IllegalAction(f"{action}: " + ("the game is over" if self.over else "no seat"))
        self.log.append(action)
        self.over, self.fool, self.out = True, action.seat, []
        self.drawn = None
        self._events = [Event(FORFEITED, action.seat), Event(GAME_OVER, action.seat)]
        return list(self._events)

    def _slot_in_hand(self, seat: int, card: Card) -> int:
        return next(s for s in self.hands[seat] if self.faces[s] is card)

    def _draw(self, seat: int) -> None:
        """ "Players take turns taking one card from the deck and hitting one of the eight cards
        on the table with it"; the last card (the trump card) takes the table."""
        slot = self.stock.pop()
        self._open_with_event((slot,))
        card = self.faces[slot]
        self._events.append(Event(DREW, seat, (card,)))
        if not self.stock:
            # "The last player to take a card (trump card) takes it for himself and also takes
            # all the cards remaining on the table."
            taken = [slot, *self.table]
            self.hands[seat].extend(taken)
            self.table = []
            self._events.append(Event(SWEPT, seat, tuple(self.faces[s] for s in taken)))
            self._begin_play(None)
            return
        self.drawn = slot
        if self._targets(card):
            self.phase = HITTING
        else:  # "If you can't beat anything with a card drawn from the deck, then it also
            self._settle_drawn(seat, None)  # placed on the table."

    def _settle_drawn(self, seat: int, target: Card | None) -> None:
        """The drawn card takes `target` into the seat's hand, or is laid on the table."""
        assert self.drawn is not None
        drawn = self.faces[self.drawn]
        if target is None:
            self.table.append(self.drawn)
            self._events.append(Event(PLACED, seat, (drawn,)))
        else:
            # "If a player beats a card, then he takes both cards for himself"
            slot = next(s for s in self.table if self.faces[s] is target)
            self.table.remove(slot)
            self.hands[seat].extend((self.drawn, slot))
            self._events.append(Event(HIT_CARD, seat, (drawn, target)))
        self.drawn, self.phase = None, COLLECT
        self.turn = (seat + 1) % self.players

    def _begin_play(self, leader: int | None) -> None:
        """ "The player who has the trump six goes first" (the lowest trump of the deck)."""
        self.phase = PLAY
        if leader is None:
            trumps = [
                (self.faces[s].rank, seat)
                for seat, hand in enumerate(self.hands)
                for s in hand
                if self.faces[s].suit == self.trump
            ]
            leader = min(trumps)[1] if trumps else self.turn
        if not 0 <= leader < self.players:
            raise EngineError(f"no seat {leader}")
        self._set_bout(leader)
        self._check_end()

    def _set_bout(self, leader: int) -> None:
        self.attacker, self.defender = leader, (leader + 1) % self.players
        self.turn = leader

    def _end_bout(self, taken: bool) -> None:
        """ "Those cards that the opponent repulsed go to the end. If he does not beat off at
        least one card, then he takes it for himself and loses the right to move." """
        defender = self.defender
        pairs = [(a, c) for a, c in zip(self.attack, self.covers, strict=True) if c is not None]
        unbeaten = [a for a, c in zip(self.attack, self.covers, strict=True) if c is None]
        if taken and self.rules.take_all:
            unbeaten += [s for pair in pairs for s in pair]
            pairs = []
        self.discard.extend(s for pair in pairs for s in pair)
        self.hands[defender].extend(unbeaten)
        if taken:
            self._events.append(Event(TOOK, defender, number=len(unbeaten)))
        else:
            self._events.append(Event(CLEARED, self.attacker, number=2 * len(pairs)))
        self.attack, self.covers = [], []
        self._set_bout((defender + 1) % self.players if taken else defender)
        self._check_end()

    def _check_end(self) -> None:
        """ "The game is played ... until one of the players has no cards. The one who has no
        cards left in his hands wins. A "draw" is allowed in the game." """
        self.out = [seat for seat in range(self.players) if not self.hands[seat]]
        if not self.out:
            return
        self.over = True
        holding = [(len(self.hands[s]), s) for s in range(self.players) if self.hands[s]]
        most = max(holding)[0] if holding else 0
        losers = [s for n, s in holding if n == most]
        self.fool = losers[0] if len(losers) == 1 else None
        self._events.append(Event(GAME_OVER, -1 if self.fool is None else self.fool))

    # ----------------------------------------------------------------- results and views

    @property
    def result(self) -> dict[str, object]:
        """The outcome: the seats that emptied their hands, the fool (None: none or a draw), the
        one seat out (who draws first in a match's next game) and the points (one for the fool)."""
        return {
            "over": self.over,
            "winners": list(self.out),
            "fool": self.fool,
            "winner": self.winner,
            "points": self.points,
        }

    def winners(self) -> list[int]:
        """The seats that emptied their hands (the game ends when one does)."""
        return list(self.out) if self.over else []

    def _observe(self, seat: int, mask: int) -> RoundObservation:
        """What a viewer at `seat` (NO_SEAT: none) who sees the faces known to `mask` knows."""
        seated = seat >= 0
        return RoundObservation(
            seat=seat,
            players=self.players,
            variant=self.rules.id,
            phase=self.phase,
            hand=tuple(self.hand_cards(seat)) if seated else (),
            hands=tuple(self.seen_by(hand, mask) for hand in self.hands),
            hand_sizes=tuple(len(h) for h in self.hands),
            trump=self.trump,
            trump_card=self.trump_card,
            table=tuple(self.faces[s] for s in self.table),
            drawn=None if self.drawn is None else self.faces[self.drawn],
            stock_count=len(self.stock),
            attack=tuple(self.faces[s] for s in self.attack),
            covers=tuple(None if c is None else self.faces[c] for c in self.covers),
            discard_count=len(self.discard),
            attacker=self.attacker,
            defender=self.defender,
            to_act=self.to_act,
            over=self.over,
            winners=tuple(self.winners()),
            fool=self.fool,
            legal=tuple(self.legal_tuple(seat)) if seated else (),
            last_events=tuple(self._events),
            hand_slots=tuple(self.hands[seat]) if seated else (),
        )

    def _state_text(self, public: bool = False) -> str:
        return ";".join(
            [
                self.rules.id,
                f"phase={self.phase};turn={self.turn};trump={self.trump}",
                "hands=" + "|".join(self.slots_text(h, public) for h in self.hands),
                "table=" + self.slots_text(self.table, public),
                "stock=" + self.slots_text(self.stock, public),
                f"drawn={self.slots_text([self.drawn], public)}",
                "attack=" + self.slots_text(self.attack, public),
                "covers=" + self.slots_text(self.covers, public),
                "discard=" + self.slots_text(self.discard, public),
                f"bout={self.attacker}>{self.defender};out={self.out}",
                f"over={self.over};fool={self.fool}",
            ]
        )
