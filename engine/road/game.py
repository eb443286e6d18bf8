"""Road fool's game state and moves: a deterministic engine with hidden cards as slots.

Every physical card has a slot (its deck position); `faces[slot]` is its face and `known[slot]`
the bitmask of seats that may see it. A seat sees its own hand, the dealer's shown trump card,
the lowest trump that names the first leader, and every card once it is played.

At a LAN table every seat plays a hidden game (`new_hidden`): a face is None until the table
opens it (`reveal`). Nobody there knows who holds the lowest trump, so a table's game that no
previous game fixed the leader of starts by asking: from the dealer's left, each seat in turn
passes or shows that card (`show`, it stays in the hand), and its holder leads. The audit replays
the table's game with every face open (`from_table`), where a false pass is an illegal move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Event
from engine.cards import Card, deck_spec
from engine.errors import EngineError, IllegalAction
from engine.hidden import OPENED as OPENED
from engine.hidden import HiddenCardGame, mypyc_attr
from engine.road.actions import BEAT, CLEAR, FORFEIT, LEAD, PASS, SHOW, TAKE, RoadAction
from engine.road.observation import RoadObservation
from engine.road.plain import beaten_by
from engine.road.rules import RoadRules

# Event kinds (engine.actions.Event carries them).
# OPENED (engine.hidden): slots = faces now visible to the seats of bitmask `number`
LED = "led"
BEATEN = "beat"
TOOK = "took"  # number = how many cards the defender took
CLEARED = "cleared"  # number = how many cards left the game
OUT = "out"  # the seat emptied its hand
PASSED = "passed"  # a table's asked seat does not hold the lowest trump (all pass: game over,
# nobody the fool, and the audit names the seat that passed holding it)
SHOWN = "shown"  # a table's asked seat shows the lowest trump (cards) and leads
FORFEITED = "forfeited"  # a table seat left the game: it is the fool
GAME_OVER = "game_over"  # seat = the fool, -1 for a draw


@mypyc_attr(native_class=False)  # (the hidden-card base: instances keep a __dict__)
class RoadGame(HiddenCardGame):
    """One game of road fool; the public API mirrors `engine.game.Game`."""

    rules: RoadRules
    players: int
    # faces: the base's list[Any] (a hidden game holds None until `reveal`; compiled, a
    # list[Card] would refuse it)
    known: list[int]
    generation: list[int]
    hands: list[list[int]]
    pile: list[int]
    discard: list[int]
    trump_slot: int
    dealer: int
    attacker: int
    defender: int
    out: list[int]
    over: bool
    fool: int | None
    log: list[RoadAction]
    hidden: bool  # a table's hidden game: faces arrive through `reveal`
    asking: int | None  # a table's first game: the seat asked for the lowest trump (None: play)
    asked: int  # how many seats have passed
    lowest: Card | None  # the deck's lowest trump while the table asks for it
    _events: list[Event]

    _copied_lists = ("pile", "discard", "out")

    # ----------------------------------------------------------------- construction

    @classmethod
    def new(
        cls,
        rules: RoadRules,
        players: int,
        rng: random.Random,
        first: int | None = None,
        dealer: int | None = None,
    ) -> RoadGame:
        """A fresh game shuffled by `rng`; the dealer drawn by lot when None; `first` leads
        (the previous winner) or, when None, the holder of the lowest trump."""
        deck = list(deck_spec(rules.deck))
        rng.shuffle(deck)
        if dealer is None:
            dealer = rng.randrange(players)
        return cls.from_deck(rules, players, deck, first, dealer)

    @classmethod
    def from_deck(
        cls,
        rules: RoadRules,
        players: int,
        deck: Sequence[Card],
        first: int | None = None,
        dealer: int = 0,
    ) -> RoadGame:
        """Deal the whole `deck` one card at a time from the dealer's left, so its last card
        (the trump card, shown to all) is the dealer's; `first` leads, None: the lowest trump."""
        rules.check_players(players)
        if sorted(deck) != sorted(deck_spec(rules.deck)):
            raise EngineError(f"a {rules.deck}-card deck is needed")
        if not 0 <= dealer < players:
            raise EngineError(f"no seat {dealer}")
        hands: list[list[int]] = [[] for _ in range(players)]
        for position in range(len(deck)):
            hands[(dealer + 1 + position) % players].append(position)
        return cls._start(rules, list(deck), hands, dealer, len(deck) - 1, first)

    @classmethod
    def from_layout(
        cls,
        rules: RoadRules,
        hands: Sequence[Sequence[Card]],
        dealer: int = 0,
        first: int | None = None,
        trump_card: Card | None = None,
    ) -> RoadGame:
        """A game from given hands, for scenarios (the cards need not make a whole deck);
        `trump_card` (default: the dealer's last card) must be in the dealer's hand."""
        players = len(hands)
        if not 2 <= players <= 6:
            raise EngineError("road fool is for 2 to 6 players")
        if not 0 <= dealer < players:
            raise EngineError(f"no seat {dealer}")
        faces: list[Card] = []
        slots: list[list[int]] = []
        for hand in hands:
            slots.append(list(range(len(faces), len(faces) + len(hand))))
            faces.extend(hand)
        if len(set(faces)) != len(faces):
            raise EngineError("a card appears twice in the layout")
        if not hands[dealer]:
            raise EngineError("the dealer holds the trump card: his hand cannot be empty")
        trump_card = trump_card or hands[dealer][-1]
        if trump_card not in hands[dealer]:
            raise EngineError(f"the trump card {trump_card} is not in the dealer's hand")
        trump_slot = slots[dealer][list(hands[dealer]).index(trump_card)]
        return cls._start(rules, faces, slots, dealer, trump_slot, first)

    @classmethod
    def table_layout(cls, rules: RoadRules, players: int, dealer: int) -> list[list[int]]:
        """How a LAN table deals (as `from_deck`): position p of the deal to the seat p places
        left of the dealer; the last position, the shown trump card, is the dealer's."""
        rules.check_players(players)
        if not 0 <= dealer < players:
            raise EngineError(f"no seat {dealer}")
        hands: list[list[int]] = [[] for _ in range(players)]
        for position in range(rules.deck):
            hands[(dealer + 1 + position) % players].append(position)
        return hands

    @classmethod
    def new_hidden(
        cls,
        rules: RoadRules,
        players: int,
        dealer: int,
        trump_card: Card,
        first: int | None = None,
    ) -> RoadGame:
        """A table seat's game in `table_layout`: no face known but the trump card (opened to all
        before the start) until `reveal`. `first` leads (the previous game's winner); None: the
        seats are asked for the lowest trump."""
        hands = cls.table_layout(rules, players, dealer)
        faces: list[Card | None] = [None] * rules.deck
        faces[rules.deck - 1] = trump_card
        return cls._start(rules, faces, hands, dealer, rules.deck - 1, first, hidden=True)  # type: ignore[arg-type]

    @classmethod
    def from_table(
        cls,
        rules: RoadRules,
        players: int,
        deck: Sequence[Card],
        dealer: int,
        first: int | None = None,
    ) -> RoadGame:
        """A table's game with every face open, for the audit: `deck` by table position (see
        `table_layout`); with no `first`, the seats are asked for the lowest trump as at the
        table (a pass by its holder is illegal)."""
        if sorted(deck) != sorted(deck_spec(rules.deck)):
            raise EngineError(f"a {rules.deck}-card deck is needed")
        hands = cls.table_layout(rules, players, dealer)
        return cls._start(rules, list(deck), hands, dealer, rules.deck - 1, first, ask=True)

    @classmethod
    def _start(
        cls,
        rules: RoadRules,
        faces: list[Card],
        hands: list[list[int]],
        dealer: int,
        trump_slot: int,
        first: int | None,
        hidden: bool = False,
        ask: bool = False,
    ) -> RoadGame:
        players = len(hands)
        game = cls.__new__(cls)
        game.rules, game.players, game.faces = rules, players, faces
        game.known = [0] * len(faces)
        for seat, hand in enumerate(hands):
            for slot in hand:
                game.known[slot] = 1 << seat
        game.generation = [0] * len(faces)
        game.hands, game.pile, game.discard = hands, [], []
        game.trump_slot, game.dealer = trump_slot, dealer
        game.out, game.over, game.fool = [], False, None
        game.log, game._events = [], []
        game.hidden, game.asking, game.asked, game.lowest = hidden, None, 0, None
        game._open_with_event(
            (trump_slot,)
        )  # "The dealer opens and shows the last card: this is a trump"
        if first is None and (hidden or ask):  # a table: nobody knows where the card lies
            card = min(
                (c for c in deck_spec(rules.deck) if c.suit == game.trump), key=lambda c: c.rank
            )
            if card is game.trump_card:
                first = dealer  # the shown trump card is the lowest: the dealer holds it
            else:
                game.lowest, game.asking = card, (dealer + 1) % players
                game.attacker = game.defender = game.asking
                return game
        if first is None:  # "The one who has the lowest trump card ... goes first."
            trumps = [s for h in hands for s in h if faces[s].suit == game.trump]
            lowest = min([(faces[s].rank, k, s) for k, s in enumerate(trumps)])[2]
            game._open_with_event((lowest,))
            first = game.holder(lowest)
        if not 0 <= first < players:
            raise EngineError(f"no seat {first}")
        game.attacker = first
        game.defender = first
        game._settle(first)
        return game

    # ----------------------------------------------------------------- queries

    @property
    def trump_card(self) -> Card:
        """The dealer's shown last card."""
        return self.faces[self.trump_slot]

    @property
    def trump(self) -> str:
        """The trump suit."""
        suit = self.trump_card.suit
        assert suit is not None
        return suit

    @property
    def top(self) -> Card | None:
        """The card of the pile to be beaten next (None between bouts)."""
        return self.faces[self.pile[-1]] if self.pile else None

    @property
    def turn(self) -> int:
        """The seat to act: the asked seat at a table's start, the attacker to lead or answer a
        beat, the defender to beat."""
        if self.asking is not None:
            return self.asking
        return self.defender if len(self.pile) % 2 else self.attacker

    @property
    def winner(self) -> int | None:
        """The first seat that emptied its hand."""
        return self.out[0] if self.out else None

    @property
    def points(self) -> list[int]:
        """One point for the fool (a match adds them up)."""
        return [int(seat == self.fool) for seat in range(self.players)]

    def holder(self, slot: int) -> int:
        """The seat whose hand holds `slot` (EngineError when none does)."""
        for seat, hand in enumerate(self.hands):
            if slot in hand:
                return seat
        raise EngineError(f"slot {slot} is in no hand")

    def legal_tuple(self, seat: int) -> tuple[RoadAction, ...]:
        """Every action `seat` may take now."""
        if self.over or seat != self.turn:
            return ()
        if self.asking is not None:  # a table's start: show the lowest trump, or pass
            if self.lowest in self.hand_cards(seat):
                return (RoadAction(seat, SHOW, self.lowest),)
            return (RoadAction(seat, PASS),)
        faces, pile = self.faces, self.pile
        make = tuple.__new__  # a NamedTuple without its keyword-parsing constructor
        cards = self.hand_cards(seat)
        if not pile:
            return tuple([make(RoadAction, (seat, LEAD, card)) for card in cards])
        beaters = beaten_by(self.trump)[faces[pile[-1]].code]
        covers = tuple(
            [make(RoadAction, (seat, BEAT, card)) for card in cards if card.code in beaters]
        )
        if seat == self.attacker:  # "either throw (beat) the top ... card, or agree to clear"
            return (*covers, RoadAction(seat, CLEAR))
        if covers and not self.rules.voluntary_take:
            return covers
        return (*covers, RoadAction(seat, TAKE))

    def is_legal(self, action: RoadAction, public: bool = False) -> bool:
        """Whether `action` may be taken now. In a hidden game with some of the actor's faces
        unknown (or with `public`: not shown to every seat), whether it is legal for some faces
        of them: every seat then judges a move alike, and the audit judges the rest."""
        if not isinstance(action, RoadAction) or self.over:
            return False
        if action.kind == FORFEIT:
            return 0 <= action.seat < self.players and action.card is None
        if action.seat != self.turn:
            return False
        hand = self.hands[action.seat]
        if public:
            everyone = (1 << self.players) - 1
            cards = [self.faces[s] for s in hand if self.known[s] == everyone]
        else:
            cards = self.hand_cards(action.seat)
        if len(cards) == len(hand):
            return action in self.legal_tuple(action.seat)
        if self.asking is not None:
            if action.kind == SHOW:
                return action.card is self.lowest and action.card in cards
            return action.kind == PASS  # (a false pass: the audit names it)
        top = self.top
        if action.kind in (LEAD, BEAT):
            if action.card not in cards or (action.kind == LEAD) != (top is None):
                return False
            assert action.card is not None
            return top is None or action.card.code in beaten_by(self.trump)[top.code]
        if top is None:
            return False
        if action.kind == CLEAR:
            return action.seat == self.attacker and len(self.pile) % 2 == 0
        if action.kind == TAKE:  # (an unknown face may not beat: the audit judges it)
            return action.seat == self.defender and len(self.pile) % 2 == 1
        return False

    def _refusal(self, action: RoadAction) -> str:
        """Why `action` is illegal now, in words a player understands."""
        if self.over:
            return "the game is over"
        if action.seat != self.turn:
            return f"it is seat {self.turn}'s turn, not seat {action.seat}'s"
        if self.asking is not None:
            if action.kind == PASS:
                return f"you hold {self.lowest}, the lowest trump: show it"
            if action.kind == SHOW:
                return f"show {self.lowest}, the lowest trump, only when you hold it"
            return f"first say whether you hold {self.lowest}, the lowest trump"
        if action.kind in (SHOW, PASS):
            return "the leader is known: nobody shows the lowest trump now"
        if action.card is not None and action.card not in self.hand_cards(action.seat):
            return f"{action.card} is not in your hand"
        top = self.top
        if top is None:
            return "lead one card from your hand"
        if action.kind == LEAD:
            return f"the bout is on: beat {top} or " + (
                "clear" if action.seat == self.attacker else "take"
            )
        if action.kind == BEAT:
            return f"{action.card} does not beat {top} (trump {self.trump})"
        if action.kind == CLEAR:
            return f"you must beat {top} or take the cards"
        if action.seat == self.attacker:
            return "only the defender takes: beat the top card or clear"
        return f"you can beat {top}: taking is not allowed in this preset"

    # ----------------------------------------------------------------- moves

    def apply(self, action: object) -> list[Event]:  # (object: a compiled build checks it here)
        """Apply a legal action and return its events; IllegalAction (state unchanged) else."""
        if not isinstance(action, RoadAction):
            raise IllegalAction(f"not a road action: {action!r}")
        if action.kind == FORFEIT:
            return self._forfeit(action)
        if self.hidden:
            legal = self.is_legal(action, public=True)
        else:
            legal = action in self.legal_tuple(action.seat)
        if not legal:
            raise IllegalAction(f"{action}: {self._refusal(action)}")
        self._events = []
        self.log.append(action)
        seat = action.seat
        if action.kind == SHOW:
            slot = next(s for s in self.hands[seat] if self.faces[s] is action.card)
            assert action.card is not None
            self._events.append(Event(SHOWN, seat, (action.card,)))
            self._open_with_event((slot,))  # it names the leader; it stays in his hand
            self.asking, self.lowest = None, None
            self._settle(seat)
        elif action.kind == PASS:
            self._events.append(Event(PASSED, seat))
            self.asked += 1
            assert self.asking is not None
            self.asking = self.attacker = self.defender = (self.asking + 1) % self.players
            if self.asked == self.players:  # a seat passed falsely: nobody can lead
                self.asking, self.over = None, True
                self._events.append(Event(GAME_OVER, -1))
        elif action.kind in (LEAD, BEAT):
            assert action.card is not None
            hand = self.hands[seat]
            slot = next(s for s in hand if self.faces[s] is action.card)
            hand.remove(slot)
            self.pile.append(slot)
            self._open_with_event((slot,))
            self._events.append(Event(LED if action.kind == LEAD else BEATEN, seat, (action.card,)))
            if (
                seat == self.defender
                and action.kind == BEAT
                and not (hand and self.hands[self.attacker])
            ):
                self._clear()  # beaten with the last card, or nothing left to answer with
        elif action.kind == TAKE:
            self._take()
        else:
            self._clear()
        return list(self._events)

    def _forfeit(self, action: RoadAction) -> list[Event]:
        """A table seat leaves: it is the fool and the game ends (only a LAN table sends it;
        `legal_tuple` never lists it)."""
        if not self.is_legal(action):
            raise IllegalAction(
                f"{action}: the game is over" if self.over else f"{action}: no such seat"
            )
        self._events = [Event(FORFEITED, action.seat)]
        self.log.append(action)
        self.over, self.fool, self.asking = True, action.seat, None
        self._events.append(Event(GAME_OVER, action.seat))
        return list(self._events)

    def _clear(self) -> None:
        """ "agree to clear, then the turn goes to the beaten player" (the defender leads)."""
        self._events.append(Event(CLEARED, self.attacker, number=len(self.pile)))
        self.discard.extend(self.pile)
        self.pile = []
        self._settle(self.defender)

    def _take(self) -> None:
        """ "he must accept all cards on the table ... he loses the right to move, which goes
        to the next player"."""
        taker = self.defender
        self._events.append(Event(TOOK, taker, number=len(self.pile)))
        self.hands[taker].extend(self.pile)
        self.pile = []
        self._settle(self._next_holding(taker))

    def _next_holding(self, seat: int) -> int:
        """The first seat after `seat` that still holds cards (`seat` itself when none)."""
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if self.hands[other]:
                return other
        return seat

    def _settle(self, leader: int) -> None:
        """Between bouts: note who went out, end the game or set the next bout."""
        for seat in range(self.players):
            if not self.hands[seat] and seat not in self.out:
                self.out.append(seat)
                self._events.append(Event(OUT, seat))
        holding = [s for s in range(self.players) if self.hands[s]]
        if len(holding) <= 1:
            self.over = True
            self.fool = holding[0] if holding else None
            self._events.append(Event(GAME_OVER, -1 if self.fool is None else self.fool))
            return
        if not self.hands[leader]:
            leader = self._next_holding(leader)
        self.attacker, self.defender = leader, self._next_holding(leader)

    # ----------------------------------------------------------------- results and views

    @property
    def result(self) -> dict[str, object]:
        """The outcome: the fool (None: a draw or not over), the order of going out, the first
        seat out (who leads a match's next game) and the points (one for the fool)."""
        return {
            "over": self.over,
            "fool": self.fool,
            "out": list(self.out),
            "winner": self.winner,
            "points": self.points,
        }

    def winners(self) -> list[int]:
        """Every seat but the fool, once the game is over."""
        return [s for s in range(self.players) if s != self.fool] if self.over else []

    def _observe(self, seat: int, mask: int) -> RoadObservation:
        """What a viewer at `seat` (NO_SEAT: none) who sees the faces known to `mask` knows."""
        seated = seat >= 0
        return RoadObservation(
            seat=seat,
            players=self.players,
            variant=self.rules.id,
            hand=tuple(self.hand_cards(seat)) if seated else (),
            hands=tuple(self.seen_by(hand, mask) for hand in self.hands),
            hand_sizes=tuple(len(h) for h in self.hands),
            trump=self.trump,
            trump_card=self.trump_card,
            pile=tuple(self.faces[s] for s in self.pile),
            discard_count=len(self.discard),
            attacker=self.attacker,
            defender=self.defender,
            to_act=self.to_act,
            out=tuple(self.out),
            over=self.over,
            winner=self.winner,
            fool=self.fool,
            legal=self.legal_tuple(seat) if seated else (),
            last_events=tuple(self._events),
            hand_slots=tuple(self.hands[seat]) if seated else (),
            asking=self.asking,
        )

    def _state_text(self, public: bool = False) -> str:
        return ";".join(
            [
                self.rules.id,
                f"trump={self.trump_card};dealer={self.dealer}",
                "hands=" + "|".join(self.slots_text(h, public) for h in self.hands),
                "pile=" + self.slots_text(self.pile, public),
                "discard=" + self.slots_text(self.discard, public),
                f"bout={self.attacker}>{self.defender};out={self.out}",
                f"over={self.over};fool={self.fool}",
            ]
            + ([f"asking={self.asking}:{self.asked}"] if self.asking is not None else [])
        )
