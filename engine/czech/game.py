"""Czech fool's game state and moves: a seeded, deterministic engine with hidden slots.

Every physical card has a slot (its deck position); `faces[slot]` is its face and `known[slot]`
the bitmask of seats that may see it. A seat sees its own hand and the discard pile's top.

At a LAN table every seat plays a hidden game (`new_hidden`): a face is None until the table
opens it (`reveal`); `known` then says whom the rules show it to, which the table reads to open
each drawn card to its drawer. The audit replays the table's game with every face open
(`from_table`), refilling the deck from the table's re-deals instead of shuffling it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Event
from engine.cards import SUITS, Card, deck_spec
from engine.czech.actions import DRAW, FORFEIT, ORDER, PASS, PLAY, CzechAction
from engine.czech.misfits import Misfit, deal_around_misfits
from engine.czech.observation import CzechObservation
from engine.czech.rules import CzechRules
from engine.errors import EngineError, IllegalAction
from engine.hidden import HiddenCardGame, mypyc_attr

PLAY_PHASE = "play"
ORDER_PHASE = "order"
FOLLOW_PHASE = "follow"

# Event kinds (engine.actions.Event carries them).
PLAYED = "played"
OPENED = "opened"  # options 3 and 7: the leader's last dealt card turned up as his move
DREW = "drew"
PENALTY = "penalty"  # number = cards the seat had to draw for the card before
SKIPPED = "skipped"
ORDERED = "ordered"  # cards = (), number = index of the suit in SUITS
PASSED = "passed"
RESHUFFLE = "reshuffle"  # slots: the discard pile under the top, turned over as the new deck
LOST_AT_ONCE = "lost_at_once"  # option 3: left with only the jack
REPEATED = "repeated"  # the same position came back at a refill REPEAT_LIMIT times
REPEAT_LIMIT = 3
GAME_OVER = "game_over"


@mypyc_attr(native_class=False)  # (the hidden-card base: instances keep a __dict__)
class CzechGame(HiddenCardGame):
    """One game of czech fool; the public API mirrors `engine.game.Game`."""

    rules: CzechRules
    players: int
    # faces: the base's list[Any] (a hidden game holds None until `reveal`; compiled, a
    # list[Card] would refuse it)
    known: list[int]
    generation: list[int]
    hands: list[list[int]]
    stock: list[int]
    discard: list[int]
    turn: int
    phase: str
    ordered: str | None
    order_forbidden: str | None
    follow_suit: str | None
    drawn: int
    right_seat: int | None
    right_suit: str | None
    over: bool
    winner: int | None
    fool: int | None
    points: list[int]
    reshuffles: int
    opened: Card | None
    positions: dict[str, int]
    repeated: bool
    log: list[CzechAction]
    rng: random.Random
    hidden: bool  # a table's hidden game: faces arrive through `reveal`
    public_positions: bool  # the repetition rule keys positions by public facts only
    redeals: list[list[Card]] | None  # a table replay: each refill's faces, in slot order
    scored: bool  # the points are counted (a hidden game waits for the hands to be opened)
    # _ending (HiddenCardGame's): a hidden game's (winner, last, loser), scored once all is open
    _events: list[Event]

    misfits: list[Misfit]  # what draws showed of the hands (`engine.czech.misfits`)

    _copied_lists = ("stock", "discard", "points", "misfits")
    _copied_dicts = ("positions",)

    # ----------------------------------------------------------------- construction

    @classmethod
    def new(
        cls, rules: CzechRules, players: int, rng: random.Random, first: int | None = None
    ) -> CzechGame:
        """A fresh game: the deck shuffled by `rng`, first move to `first` (drawn by `rng`
        when None: "the first move belongs to the player whom the computer randomly selects")."""
        deck = list(deck_spec(rules.deck))
        rng.shuffle(deck)
        if first is None:
            first = rng.randrange(players)
        return cls.from_deck(rules, players, deck, first, rng)

    @classmethod
    def from_deck(
        cls,
        rules: CzechRules,
        players: int,
        deck: Sequence[Card],
        first: int = 0,
        rng: random.Random | None = None,
    ) -> CzechGame:
        """Deal `deck` one card at a time from the seat `first`; the rest is the deck to draw
        from, position `players * hand_size` on top. `rng` shuffles the refilled deck."""
        rules.check_players(players)
        if sorted(deck) != sorted(deck_spec(rules.deck)):
            raise EngineError(f"a {rules.deck}-card deck is needed")
        dealt = players * rules.hand_size
        hands: list[list[int]] = [[] for _ in range(players)]
        for position in range(dealt):
            hands[(first + position) % players].append(position)
        stock = list(range(len(deck) - 1, dealt - 1, -1))
        return cls._start(rules, list(deck), hands, stock, [], first, rng)

    @classmethod
    def from_layout(
        cls,
        rules: CzechRules,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card] = (),
        discard: Sequence[Card] = (),
        first: int = 0,
        rng: random.Random | None = None,
        ordered: str | None = None,
        open_start: bool = False,
    ) -> CzechGame:
        """A game from given hands, deck (top first) and discard pile (top last), for scenarios;
        the cards need not make a whole deck. `open_start`: with rules that say so, the
        leader's last card is turned up as his move."""
        rules.check_players(len(hands))
        faces: list[Card] = []
        hand_slots: list[list[int]] = []
        for hand in hands:
            hand_slots.append(list(range(len(faces), len(faces) + len(hand))))
            faces.extend(hand)
        stock_slots = list(range(len(faces) + len(stock) - 1, len(faces) - 1, -1))
        faces.extend(stock)
        discard_slots = list(range(len(faces), len(faces) + len(discard)))
        faces.extend(discard)
        if len(set(faces)) != len(faces):
            raise EngineError("a card appears twice in the layout")
        game = cls._start(
            rules, faces, hand_slots, stock_slots, discard_slots, first, rng, open_start
        )
        if ordered is not None:
            if ordered not in SUITS:
                raise EngineError(f"not a suit: {ordered!r}")
            game.ordered = ordered
        return game

    @classmethod
    def table_layout(cls, rules: CzechRules, players: int) -> tuple[list[list[int]], list[int]]:
        """How a LAN table deals: position p of the deal to seat p mod players (the leader is
        drawn after the deal), the rest the deck, position `players * hand_size` on top."""
        rules.check_players(players)
        dealt = players * rules.hand_size
        hands = [list(range(seat, dealt, players)) for seat in range(players)]
        return hands, list(range(rules.deck - 1, dealt - 1, -1))

    @classmethod
    def new_hidden(
        cls,
        rules: CzechRules,
        players: int,
        first: int,
        start_card: Card | None = None,
    ) -> CzechGame:
        """A table seat's game in `table_layout`: no face known until `reveal` (`known` still
        says whom the rules show each slot to). With `open_start` rules, `start_card` is the
        leader's last card, opened to all before the game starts."""
        hands, stock = cls.table_layout(rules, players)
        faces: list[Card | None] = [None] * rules.deck
        if rules.open_start:
            if start_card is None:
                raise EngineError("this game starts with the leader's last card turned up")
            faces[hands[first][-1]] = start_card
        game = cls._start(rules, faces, hands, stock, [], first, None, hidden=True)  # type: ignore[arg-type]
        return game

    @classmethod
    def from_table(
        cls,
        rules: CzechRules,
        players: int,
        deck: Sequence[Card],
        first: int,
        redeals: Sequence[Sequence[Card]] | None = (),
    ) -> CzechGame:
        """A table's game with every face open, for the audit: `deck` by table position (see
        `table_layout`), each refill of the deck taking the faces of the next of `redeals`
        (None: refills are shuffled by the game's own generator, as in `new`)."""
        if sorted(deck) != sorted(deck_spec(rules.deck)):
            raise EngineError(f"a {rules.deck}-card deck is needed")
        hands, stock = cls.table_layout(rules, players)
        game = cls._start(rules, list(deck), hands, stock, [], first, None, public=True)
        game.redeals = None if redeals is None else [list(r) for r in redeals]
        return game

    @classmethod
    def _start(
        cls,
        rules: CzechRules,
        faces: list[Card],
        hands: list[list[int]],
        stock: list[int],
        discard: list[int],
        first: int,
        rng: random.Random | None,
        open_start: bool = True,
        hidden: bool = False,
        public: bool = False,
    ) -> CzechGame:
        players = len(hands)
        if not 0 <= first < players:
            raise EngineError(f"no seat {first}")
        game = cls.__new__(cls)
        game.rules, game.players, game.faces = rules, players, faces
        everyone = (1 << players) - 1
        game.known = [0] * len(faces)
        for seat, hand in enumerate(hands):
            for slot in hand:
                game.known[slot] = 1 << seat
        for slot in discard:
            game.known[slot] = everyone
        game.generation = [0] * len(faces)
        game.hands, game.stock, game.discard = hands, stock, discard
        game.turn, game.phase = first, PLAY_PHASE
        game.ordered = game.order_forbidden = game.follow_suit = None
        game.drawn = 0
        game.right_seat = game.right_suit = None
        game.over, game.winner, game.fool = False, None, None
        game.points = [0] * players
        game.reshuffles = 0
        game.opened = None
        game.positions, game.repeated = {}, False
        game.log = []
        game.rng = rng or random.Random(0)
        game.hidden, game.public_positions = hidden, hidden or public
        game.redeals, game.scored, game._ending = None, False, None
        game.misfits = []
        game._events = []
        if rules.open_start and open_start:
            slot = game.hands[first].pop()  # "The dealer reveals the last card (which goes to him)"
            game.discard.append(slot)
            game.known[slot] = everyone
            game.opened = faces[slot]
            game._events.append(Event(OPENED, first, (faces[slot],)))
            game._end_turn(faces[slot])
        return game

    # ----------------------------------------------------------------- queries

    @property
    def top(self) -> Card | None:
        """The face-up card on the discard pile (None before the first move)."""
        return self.faces[self.discard[-1]] if self.discard else None

    def fits(self, card: Card) -> bool:
        """Whether `card` may be placed on the pile now, in the play or follow phase."""
        anything, suits, ranks = self._fit_test()
        return anything or card.suit in suits or card.rank in ranks

    def _fit_test(self) -> tuple[bool, tuple[str | None, ...], tuple[int | None, ...]]:
        """The test of `fits` for the pile as it is now, decided once to check a whole hand:
        (any card fits, the suits that fit, the ranks that fit)."""
        rules = self.rules
        if self.phase == FOLLOW_PHASE and self.follow_suit is not None:
            return False, (self.follow_suit,), ()  # english fool: a card of the ace's suit
        wild = rules.wild_rank  # "It can be placed on any card."
        if self.ordered is not None:
            return False, (self.ordered,), (wild,)
        top = self.top
        if top is None or (rules.any_on_six and top.rank == 6):
            return True, (), ()  # "He can play from any card."
        suit, rank = top.suit, top.rank
        if rules.suit_only and rank != 6:
            return False, (suit,), (wild,)
        if rules.suit_only:  # pentagon: a six on a six
            return False, (suit,), (wild, 6)
        return False, (suit,), (wild, rank)

    def _can_draw(self) -> bool:
        limit = 1 if self.phase == FOLLOW_PHASE else self.rules.draw_limit
        if limit is not None and self.drawn >= limit:
            return False
        return bool(self.stock) or len(self.discard) > 1

    def legal_tuple(self, seat: int) -> tuple[CzechAction, ...]:
        """Every action `seat` may take now."""
        if self.over or seat != self.turn:
            return ()
        if self.phase == ORDER_PHASE:
            return tuple(
                CzechAction(seat, ORDER, suit=s) for s in SUITS if s != self.order_forbidden
            )
        (anything, suits, ranks), faces, make = self._fit_test(), self.faces, tuple.__new__
        plays = tuple(
            [
                make(CzechAction, (seat, PLAY, card, None))
                for card in [faces[s] for s in self.hands[seat]]
                if card is not None  # a hidden game: faces not opened here are None
                and (anything or card.suit in suits or card.rank in ranks)
            ]
        )
        can_draw = self._can_draw()
        if not self.drawn:  # draw when you cannot or will not play (docs/rules.md)
            if can_draw and (not plays or self.rules.voluntary_draw):
                return (*plays, CzechAction(seat, DRAW))
            return plays or (CzechAction(seat, PASS),)
        if plays:  # after drawing, a fitting card may be played, or the turn passed
            return (*plays, CzechAction(seat, PASS))
        return (CzechAction(seat, DRAW if can_draw else PASS),)

    def is_legal(self, action: CzechAction, public: bool = False) -> bool:
        """Whether `action` may be taken now. In a hidden game with some of the actor's faces
        unknown (or with `public`: not shown to every seat), whether it is legal for some faces
        of them: every seat then judges a move alike, and the audit judges the rest."""
        if not isinstance(action, CzechAction) or self.over:
            return False
        if action.kind == FORFEIT:
            return 0 <= action.seat < self.players
        if action.seat != self.turn:
            return False
        hand = self.hands[action.seat]
        if public:
            everyone = (1 << self.players) - 1
            cards = [self.faces[s] for s in hand if self.known[s] == everyone]
            complete = len(cards) == len(hand)
        else:
            cards = self.hand_cards(action.seat)
            complete = not self.hidden or len(cards) == len(hand)
        if complete:
            return action in self.legal_tuple(action.seat)
        if self.phase == ORDER_PHASE:
            return (
                action.kind == ORDER
                and action.suit in SUITS
                and action.suit != self.order_forbidden
            )
        if action.kind == PLAY:
            return action.card in cards and action.card is not None and self.fits(action.card)
        fit = any(self.fits(c) for c in cards)  # certain; an unknown face may fit too
        can_draw = self._can_draw()
        if action.kind == DRAW:
            if self.drawn:
                return can_draw and not fit
            return can_draw and (self.rules.voluntary_draw or not fit)
        if action.kind == PASS:
            return bool(self.drawn) or not (fit or can_draw)
        return False

    def _refusal(self, action: CzechAction) -> str:
        """Why `action` is illegal now, in words a player understands."""
        if self.over:
            return "the game is over"
        if action.seat != self.turn:
            return f"it is seat {self.turn}'s turn, not seat {action.seat}'s"
        if self.phase == ORDER_PHASE:
            if action.kind == ORDER and action.suit == self.order_forbidden:
                return f"the ordered suit must differ from the ace's suit {action.suit}"
            return "name a suit first"
        if action.kind == ORDER:
            return "only the player who placed the wild card orders a suit"
        if action.kind == PLAY:
            if action.card not in self.hand_cards(action.seat):
                return f"{action.card} is not in your hand"
            if self.phase == FOLLOW_PHASE and self.follow_suit is not None:
                return f"after your ace, add a card of {self.follow_suit}, or draw"
            if self.ordered is not None:
                return f"{action.card} is not of the ordered suit {self.ordered}"
            return f"{action.card} matches neither the suit nor the rank of {self.top}"
        if action.kind == DRAW:
            if self.drawn and any(self.fits(c) for c in self.hand_cards(action.seat)):
                return "you drew a card that fits: play it or pass"
            if self.drawn:
                return "you may draw no more cards this turn: pass"
            if not self.rules.voluntary_draw:
                return "you hold a card that fits: draw only when you have none"
            return "the deck and the pile under the top card are empty: play or pass"
        if self.drawn:
            return "you may still draw: pass only when the deck gives you nothing more"
        return "play or draw first: pass only after drawing, or when nothing can be drawn"

    # ----------------------------------------------------------------- moves

    def apply(self, action: object) -> list[Event]:  # (object: a compiled build checks it here)
        """Apply a legal action and return its events; IllegalAction (state unchanged) else."""
        if not isinstance(action, CzechAction):
            raise IllegalAction(f"not a czech action: {action!r}")
        if action.kind == FORFEIT:
            return self._forfeit(action)
        legal = self.is_legal(action, public=True) if self.hidden else None
        if not (legal if legal is not None else action in self.legal_tuple(action.seat)):
            raise IllegalAction(f"{action}: {self._refusal(action)}")
        self._events = []
        self.log.append(action)
        seat = action.seat
        if action.kind == PLAY:
            assert action.card is not None
            self._play(seat, action.card)
        elif action.kind == ORDER:
            assert action.suit is not None
            self.ordered = action.suit
            self._events.append(Event(ORDERED, seat, number=SUITS.index(action.suit)))
            top = self.top
            self._end_turn(top, skip_after=self.rules.skip_after_order)
        elif action.kind == DRAW:
            self._shows_no_fit(seat)
            self.drawn += 1
            self._draw(seat, 1)
        else:
            if not self.drawn:  # a pass with nothing drawn: nothing fitted
                self._shows_no_fit(seat)
            self._events.append(Event(PASSED, seat))
            if self.phase == FOLLOW_PHASE and self.follow_suit is not None:
                # "This right is acquired by the next player if he places a card of the same
                # suit as the Ace or another Ace on the Ace."
                self.right_seat, self.right_suit = (seat + 1) % self.players, self.follow_suit
            self._end_turn(None)
        if self.repeated and not self.over:
            self._events.append(Event(REPEATED))
            self._finish(None, None)
        return list(self._events)

    def _shows_no_fit(self, seat: int) -> None:
        """Remember that `seat`'s hand holds no card that fits the pile now (a `Misfit`)."""
        anything, suits, ranks = self._fit_test()
        if not anything:
            self.misfits.append((tuple(self.hands[seat]), suits, ranks))

    def _forfeit(self, action: CzechAction) -> list[Event]:
        """A table seat leaves: it loses with the points of its hand (only a LAN table sends
        it; `legal_tuple` never lists it)."""
        if self.over or not 0 <= action.seat < self.players:
            raise IllegalAction(
                f"{action}: the game is over" if self.over else f"no seat {action.seat}"
            )
        self._events = []
        self.log.append(action)
        self._finish(None, None, loser=action.seat)
        return list(self._events)

    def _play(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        slot = next(s for s in hand if self.faces[s] is card)
        hand.remove(slot)
        self.discard.append(slot)
        self.known[slot] = (1 << self.players) - 1
        self._events.append(Event(PLAYED, seat, (card,)))
        self.ordered = None
        following_ace = self.phase == FOLLOW_PHASE and self.follow_suit is not None
        ace_suit = self.follow_suit
        self.follow_suit = None
        rules = self.rules
        if not hand:
            self._finish(seat, card)
            return
        # The card left alone counts where every seat can see it (a table shows a last jack).
        last = self.faces[hand[0]] if len(hand) == 1 else None
        if self.hidden and len(hand) == 1 and self.known[hand[0]] != (1 << self.players) - 1:
            last = None
        if rules.wild_left_loses and last is not None and last.rank == rules.wild_rank:
            self._events.append(Event(LOST_AT_ONCE, seat, (last,)))
            self._finish(None, None, loser=seat)
            return
        right = self.right_suit if self.right_seat == seat else None
        self.right_seat = self.right_suit = None
        if (
            following_ace
        ):  # "...and order the suit of the next move (different from the suit of the ace)"
            self._to_order(ace_suit)
        elif card.rank == rules.wild_rank:  # "The player who placed the queen can order any suit."
            self._to_order(None)
        elif rules.ace_follow and card.rank == 14:
            self.phase, self.follow_suit, self.drawn = FOLLOW_PHASE, card.suit, 0
        elif right is not None and card.suit == right:
            self._to_order(right)
        elif rules.king_of_spades and rules.king_of_spades_draw(card.rank, card.suit):
            # option 9, if desired: "the opponent takes 5 cards from the deck, and the player
            # continues his turn" (as after an eight)
            following = (seat + 1) % self.players
            drawn = self._draw(following, rules.king_of_spades_draw(card.rank, card.suit))
            self._events.append(Event(PENALTY, following, number=drawn))
            self.phase, self.drawn = FOLLOW_PHASE, 0
        elif card.rank in rules.continue_ranks:  # option 9: "Eight continues its move"
            self.phase, self.drawn = FOLLOW_PHASE, 0
        else:
            self._end_turn(card)

    def _to_order(self, forbidden: str | None) -> None:
        self.phase, self.order_forbidden = ORDER_PHASE, forbidden

    def _end_turn(self, card: Card | None, skip_after: bool = False) -> None:
        """Pass the turn on; `card`'s effect falls on the next player."""
        self.phase, self.order_forbidden, self.follow_suit, self.drawn = PLAY_PHASE, None, None, 0
        following = (self.turn + 1) % self.players
        effect = None if card is None else self.rules.effect_of(card.rank, card.suit)
        if effect is not None:
            if effect.draw:
                drawn = self._draw(following, effect.draw)
                self._events.append(Event(PENALTY, following, number=drawn))
            if effect.skip:
                self._events.append(Event(SKIPPED, following))
                following = (following + 1) % self.players
        if skip_after:  # pentagon: "After ordering a suit using a queen, the next player skips"
            self._events.append(Event(SKIPPED, following))
            following = (following + 1) % self.players
        if self.right_seat is not None and self.right_seat != following:
            self.right_seat = self.right_suit = None
        self.turn = following

    def _draw(self, seat: int, count: int) -> int:
        """Draw up to `count` cards for `seat`, refilling the deck; return how many came."""
        got = 0
        for index in range(count):
            if not self.stock and not self._refill(seat, count - index):
                break
            slot = self.stock.pop()
            self.hands[seat].append(slot)
            self.known[slot] |= 1 << seat
            got += 1
        if got:
            self._events.append(Event(DREW, seat, number=got))
        return got

    def _refill(self, seat: int, wanted: int) -> bool:
        """ "the top one is removed from the stack of open cards and left open on the table,
        while the rest are turned over and again serve as a deck" (shuffled: see docs).

        Every refill notes the position (hands, top, the new deck's cards, whose draw);
        when one comes back REPEAT_LIMIT times the game ends at the end of the action."""
        if len(self.discard) < 2:
            return False
        self._note_position(seat, wanted)
        slots = self.discard[:-1]
        self.discard = self.discard[-1:]
        if len(slots) == 1 and (self.hidden or self.redeals is not None):
            cards = [self.faces[slots[0]]]  # one card seen on the pile: a table deals it as it is
        elif self.hidden:  # the table re-deals them: faces come back through `reveal`
            cards = [None] * len(slots)
        elif self.redeals is not None:  # a table replay: the re-deal's faces, in slot order
            if not self.redeals:
                raise EngineError("the deck ran out again, and the table dealt no more")
            cards = self.redeals.pop(0)
            if sorted(cards) != sorted(self.faces[s] for s in slots):
                raise EngineError("a re-deal holds other cards than the pile turned over")
        else:
            cards = [self.faces[s] for s in slots]
            self.rng.shuffle(cards)
        self.reshuffles += 1
        for slot, card in zip(slots, cards, strict=True):
            self.faces[slot] = card
            self.known[slot] = 0
            self.generation[slot] = self.reshuffles
        self.stock = slots
        self._events.append(Event(RESHUFFLE, slots=tuple(slots)))
        return True

    def _sorted_text(self, slots: Sequence[int]) -> str:
        """The faces of `slots` as sorted texts, comma-separated (a position's key)."""
        return ",".join(sorted([self.faces[s].text for s in slots]))

    def _note_position(self, seat: int, wanted: int) -> None:
        if self.public_positions:  # a table: the hands by size (the pile tells which cards)
            hands = "|".join(str(len(h)) for h in self.hands)
        else:
            hands = "|".join(self._sorted_text(h) for h in self.hands)
        key = ";".join(
            [
                hands,
                self._sorted_text(self.discard[:-1]),
                f"{self.top}:{seat}:{wanted}:{self.turn}:{self.phase}:{self.ordered}",
                f"{self.order_forbidden}:{self.follow_suit}:{self.drawn}",
                f"{self.right_seat}:{self.right_suit}",
            ]
        )
        self.positions[key] = self.positions.get(key, 0) + 1
        if self.positions[key] >= REPEAT_LIMIT:
            self.repeated = True

    def _finish(self, winner: int | None, last: Card | None, loser: int | None = None) -> None:
        self.over, self.winner, self.phase = True, winner, PLAY_PHASE
        if self.hidden:
            # "The loser counts the points on the cards": every hand is shown; a hidden game
            # scores once the table has opened them (`reveal`).
            self._finish_hidden((winner, last, loser), GAME_OVER)
            return
        self._score(winner, last, loser)
        self._events.append(Event(GAME_OVER, -1 if self.fool is None else self.fool))

    def _cloned(self, game: CzechGame) -> None:
        """The refill generator and a table replay's refills are copied too."""
        if self.redeals is not None:
            game.redeals = [list(r) for r in self.redeals]
        game.rng = random.Random()
        game.rng.setstate(self.rng.getstate())

    def deal_around_shown(self, seat: int, rng: random.Random) -> None:
        """Deal the faces hidden from `seat` again (inside each generation) so that no hand that
        drew holds a card that fitted then (`engine.czech.misfits`: what every seat saw); the
        search bot calls it on each `resample` (`KindSearchBot.sample`)."""
        if self.misfits:
            self.faces = deal_around_misfits(
                self.faces, self.known, self.generation, seat, self.misfits, rng
            )

    def _resampled(self, rng: random.Random) -> None:
        """Unknown faces are shuffled only among slots of one generation (the deal, or one
        refill of the deck: its cards were all seen on the pile); refills draw anew."""
        self.rng = random.Random(rng.getrandbits(64))

    def _revealed(self, slot: int) -> None:
        """A hidden game that ended scores once its hands are open."""
        self._score_when_open()

    def _score(self, winner: int | None, last: Card | None, loser: int | None) -> None:
        """Count the points of the hands left and name the fool."""
        self.scored = True
        if loser is not None:  # option 3: "The one left with the jack loses immediately."
            self.points[loser] = self.hand_points(loser)
            self.fool = loser
        else:
            for seat in range(self.players):
                if seat != winner:
                    self.points[seat] = self.hand_points(seat)
            if winner is not None and last is not None:
                bonus = self.rules.finish_bonus
                for key in (last.text, last.text[:-1]):
                    if key in bonus:
                        self.points[winner] = bonus[key]
                        break
            worst = max(self.points)
            losers = [s for s in range(self.players) if self.points[s] == worst and s != winner]
            self.fool = losers[0] if len(losers) == 1 else None

    def hand_points(self, seat: int) -> int:
        """Points of the cards in a seat's hand ("The loser counts the points on the cards")."""
        rules = self.rules
        cards = self.hand_cards(seat)
        if len(cards) == 1 and cards[0].rank == 12 and cards[0].text not in rules.card_points:
            return rules.lone_queen  # "The player left with one queen in his hands loses 20"
        return sum(rules.card_points.get(c.text, rules.points[c.rank]) for c in cards)

    # ----------------------------------------------------------------- results and views

    @property
    def result(self) -> dict[str, object]:
        """The outcome: winner, fool (None when no single seat has the most points), points."""
        return {
            "over": self.over,
            "winner": self.winner,
            "fool": self.fool,
            "points": list(self.points),
        }

    def winners(self) -> list[int]:
        """The seat that shed its hand (none when the game ended by a loss at once)."""
        return [] if self.winner is None else [self.winner]

    def _observe(self, seat: int, mask: int) -> CzechObservation:
        """What a viewer at `seat` (NO_SEAT: none) who sees the faces known to `mask` knows."""
        seated = seat >= 0
        hands = tuple(self.seen_by(hand, mask) for hand in self.hands)
        return CzechObservation(
            seat=seat,
            players=self.players,
            variant=self.rules.id,
            hand=tuple(self.hand_cards(seat)) if seated else (),
            hands=hands,
            hand_sizes=tuple(len(h) for h in self.hands),
            top=self.top,
            ordered=self.ordered,
            phase=self.phase,
            stock_count=len(self.stock),
            discard_count=len(self.discard),
            turn=self.turn,
            to_act=self.to_act,
            over=self.over,
            winner=self.winner,
            fool=self.fool,
            points=tuple(self.points),
            legal=self.legal_tuple(seat) if seated else (),
            last_events=tuple(self._events),
            hand_slots=tuple(self.hands[seat]) if seated else (),
        )

    def _state_text(self, public: bool = False) -> str:
        return ";".join(
            [
                self.rules.id,
                "hands=" + "|".join(self.slots_text(h, public) for h in self.hands),
                "stock=" + self.slots_text(self.stock, public),
                "discard=" + self.slots_text(self.discard, public),
                f"turn={self.turn};phase={self.phase};ordered={self.ordered}",
                f"forbidden={self.order_forbidden};follow={self.follow_suit};drawn={self.drawn}",
                f"right={self.right_seat}:{self.right_suit};over={self.over}:{self.winner}",
                f"fool={self.fool};points={self.points};repeated={self.repeated}",
            ]
        )
