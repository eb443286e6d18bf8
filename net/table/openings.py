"""Openings and re-deals: fair-dealing messages in and out, opening each slot to the seats that
may see it, sub-decks (the invisible fool's second stage, a reshuffle's re-deal)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING, Any

from engine.cards import Card
from net.crypto.hashing import transcript_hash
from net.dealing.events import AuditFinished, Left, Opened, Ready
from net.dealing.peer import DealingPeer
from net.table.events import Out, StateChanged
from net.table.game_adapter import TurnUpView
from net.table.phases import DEAL_LOCK, FIRST_DEAL_OPEN, REDEAL_LOCK, Phase
from net.table.reliable import ProtocolViolation

if TYPE_CHECKING:
    from net.table.core import TableCore


class Openings:
    """Which deal holds each slot, and opening slots to seats through it."""

    def __init__(self, core: TableCore) -> None:
        self.core = core
        self.deal_opened = False  # the dealt positions were opened to the seats that see them
        self.opened_at: float | None = None  # when this seat first saw the deal opened
        self.dealt_at: float | None = None  # when the last dealing message came (deal locking)
        self.turning: int | None = None  # two-trump: the talon position being turned up
        self.paused_at: float | None = None  # when this seat first saw the re-deal's pause

    def dealing_out(self, outputs: Iterable[Any], deal: int = 0) -> list[Out]:
        """Send a deal's messages (tagged with its index) and act on its events."""
        core = self.core
        out: list[Out] = []
        for item in outputs:
            if isinstance(item, dict):
                out.extend(core.broadcast({"k": "deal", "d": deal, "m": item}))
            elif isinstance(item, Ready):
                out.extend(self.deal_ready(deal))
            elif isinstance(item, Opened):
                slot = self.slot_at(deal, item.position)
                if slot is not None:  # else: a card since moved into a later deal
                    out.extend(self.opened(slot, Card.parse(item.card)))
            elif isinstance(item, Left):
                core.left_seats.add(item.seat)
            elif isinstance(item, AuditFinished):
                core.deal_verdicts[deal] = item.verdict
                out.extend(core.evidence.merge_verdicts())
        return out

    def deal_message(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """A fair-dealing message of deal `d`; one of the next deal waits until it exists."""
        core = self.core
        self.dealt_at = core.clock  # the deal moves on: its wait starts again
        index = payload.get("d")
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise ProtocolViolation(sender, "dealing message without a deal index")
        if index == len(core.deals):  # the sender has already made the move that starts it
            core.next_deal_messages.append((sender, payload.get("m")))
            return []
        if index > len(core.deals):
            raise ProtocolViolation(sender, f"dealing message for deal {index}, which cannot exist")
        # It came in a frame its sender signed and the link checked (or a forwarded one, checked
        # too): the deal need not check the message's own signature until it is evidence. The
        # mark is a bound on that frame's number: all the sender's messages delivered so far.
        carried = core.net.next_from[sender] - 1
        taken = core.deals[index].receive(payload.get("m"), origin=sender, carried=carried)
        return self.dealing_out(taken, index)

    def add_deal(self, sources: list[tuple[int, int]], label: str) -> list[Out]:
        """Start a hidden sub-deck of these (deal, position) sources, all in locked deals."""
        core = self.core
        index = len(core.deals)
        parents = sorted({deal for deal, _ in sources})
        context = core.context.hidden_sub_deck_of(
            [(core.deals[deal].session or b"", position) for deal, position in sources], label
        )
        seed = transcript_hash("sub-deck-seed", core.dealing_seed, index)[:32]
        sub: DealingPeer = core.conduct.dealing_core(
            context,
            core.seat,
            seed,
            [core.deals[d] for d in parents],
            core.identity.sign,
            core.check_binding,
        )
        core.deals.append(sub)
        out = self.dealing_out(sub.start(), index)
        early, core.next_deal_messages = core.next_deal_messages, []
        for sender, message in early:
            out.extend(self.dealing_out(sub.receive(message, origin=sender), index))
        return out

    def deals_locked(self) -> bool:
        """Every deal of the game has finished its passes."""
        return all(deal.ready for deal in self.core.deals)

    def deal_lock_overdue(self, now: float) -> list[Out]:
        """Before the first deal is locked: no dealing message came for the resume window while
        every seat was heard (a seat stalls the shuffle, or a message it signed differs between
        seats): the game ends as abandoned, naming nobody; nothing waits without a deadline. The
        wait restarts with every dealing message, so slow proofs do not count."""
        core = self.core
        if self.deal_opened or core.over is not None or self.deals_locked():
            return []  # locked: the trump naming and the opening have their own deadlines
        since = max(self.dealt_at or core.started_at, core.started_at)
        if now - since <= DEAL_LOCK.after(core.resume_window) or not core.everyone_heard(now):
            return []
        return core.finish(
            "abandoned", evidence="the deal never locked (no dealing message for the window)"
        )

    def first_deal_overdue(self, now: float) -> list[Out]:
        """The first deal was opened but this seat's game has not begun with its hand open for the
        resume window while every seat was heard (keys or a claim withheld): the game ends as
        abandoned, naming nobody."""
        core = self.core
        if not self.deal_opened or core.over is not None or core.entries:
            self.opened_at = None
            return []
        if core.game is not None and core.claiming.own_hand_open():
            self.opened_at = None
            return []
        if self.opened_at is None:
            self.opened_at = now
            return []
        if now - self.opened_at <= FIRST_DEAL_OPEN.after(core.resume_window):
            return []
        if not core.everyone_heard(now):
            return []
        what = "the game never began" if core.game is None else "this seat's hand never opened"
        return core.finish(
            "abandoned", evidence=f"the first deal never completed ({what}: keys or claims missing)"
        )

    def deal_ready(self, index: int) -> list[Out]:
        """A deal is locked: start the next stage, the deal, or resume a paused game."""
        core = self.core
        if core.two_stage and index == 0:
            return self.invisible_second_stage()
        if not self.deals_locked():
            return []
        if not self.deal_opened:
            naming = core.trump_namer is not None and core.named_trump is None
            if naming and core.phase is Phase.DEALING:
                core.enter(Phase.NAMING_TRUMP)
            return self.deal()
        if core.resume is not None:
            return core.rounds.resume_play()
        return []

    def invisible_second_stage(self) -> list[Out]:
        """Invisible: a public lot picks the trump position of the suit-ordered deal 0 (so the
        trump suit); the other positions are shuffled together in deal 1, which deals the game.

        Japanese (`fixed_trump_card`): the first position of the trump suit's segment goes under
        the talon instead: a card of that suit drawn at random, the others shuffled back."""
        core = self.core
        size = core.context.size
        chosen = second_stage_trump(core.context, core.deck, core.rules, core.dealing.session)
        if not core.rules.fixed_trump_card:
            core.lot_trump = core.deck[core.context.cards[chosen]].suit
        rest = [p for p in range(size) if p != chosen]
        core.sources[:] = second_stage_sources(len(core.deck), core.trump_slots[0], chosen)
        core.initial_sources = list(core.sources)
        return self.add_deal([(0, p) for p in rest], "deal")

    def reshuffle(self, slots: tuple[int, ...]) -> list[Out]:
        """The engine shuffled these slots into a new talon: a hidden sub-deck re-deals them."""
        core = self.core
        index = len(core.deals)
        sources = [core.sources[slot] for slot in slots]
        for j, slot in enumerate(slots):
            core.sources[slot] = (index, j)
            core.faces.pop(slot, None)
            core.opened_to[slot] = 0
        core.reshuffle_deals.append(index)
        self.paused_at = None  # this pause's wait starts at the next tick
        return self.add_deal(sources, f"reshuffle-{len(core.reshuffle_deals)}")

    def slot_at(self, deal: int, position: int) -> int | None:
        """The engine slot whose card lies at this position of this deal (None: none does)."""
        core = self.core
        return next(
            (slot for slot, source in enumerate(core.sources) if source == (deal, position)), None
        )

    def open(self, slot: int, seats: Collection[int], owner: int | None = None) -> list[Out]:
        """Open a slot's card (in the deal that holds it) to some seats."""
        core = self.core
        deal, position = core.sources[slot]
        return self.dealing_out(core.deals[deal].open(position, seats, owner), deal)

    def open_slots(self, openings: list[tuple[int, Any, int | None]]) -> list[Out]:
        """Open several slots, one keys message per deal."""
        core = self.core
        by_deal: dict[int, list[tuple[int, Any, int | None]]] = {}
        for slot, seats, owner in openings:
            deal, position = core.sources[slot]
            by_deal.setdefault(deal, []).append((position, seats, owner))
        out: list[Out] = []
        for deal, items in sorted(by_deal.items()):
            out.extend(self.dealing_out(core.deals[deal].open_many(items), deal))
        return out

    def assign(self, slot: int, seat: int) -> None:
        """Record in the deal log that `seat` now holds the slot's card."""
        core = self.core
        deal, position = core.sources[slot]
        core.deals[deal].assign(position, seat)

    def deal(self) -> list[Out]:
        """Both dealing passes are done: open each dealt position to the seats that may see it."""
        core = self.core
        if self.deal_opened or (core.trump_namer is not None and core.named_trump is None):
            return []  # (the dealer names the trump before any card is opened)
        self.deal_opened = True
        core.enter(Phase.OPENING)
        owners = {pos: seat for seat, hand in enumerate(core.dealt) for pos in hand}
        openings: list[tuple[int, Any, int | None]] = []
        for pos, mask in enumerate(core.start_masks):
            seats = {s for s in range(core.players) if mask >> s & 1}
            if seats:
                openings.append((pos, seats, owners.get(pos)))
            elif pos in owners:
                self.assign(pos, owners[pos])
        openings.extend(self.next_turn_up())
        out = self.open_slots(openings)
        out.extend(core.claiming.claim_if_due())
        return out

    def turn_up_walk(self) -> TurnUpView:
        """Two-trump with distinct suits: the turn-up as far as the opened faces go (the game's
        own walk, from its adapter)."""
        core = self.core
        return core.adapter.turn_up(core.turn_up_order, core.faces)

    def turned_up(self) -> bool:
        """Every card the start turns up for everyone is turned up (two-trump's distinct suits;
        nothing to turn up otherwise)."""
        return not self.core.turn_up_order or self.turn_up_walk().next_slot is None

    def next_turn_up(self) -> list[tuple[int, Any, int | None]]:
        """Two-trump with distinct suits: the next talon position to turn up for everyone, in
        the fixed order bottom up (none once every seat has its suit); when the walk ends, the
        seats' trump positions are known."""
        core = self.core
        if not core.turn_up_order or self.turning is not None:
            return []
        walk = self.turn_up_walk()
        if walk.next_slot is None:
            core.trump_slots = walk.chosen
            return []
        self.turning = walk.next_slot
        core.start_masks[walk.next_slot] = (1 << core.players) - 1  # shown to all at the start
        return [(walk.next_slot, range(core.players), None)]

    def opened(self, position: int, card: Card) -> list[Out]:
        """A slot's card was opened to this seat."""
        core = self.core
        core.faces[position] = card
        out: list[Out] = []
        if position == self.turning:  # two-trump: turn up the next talon card, or finish
            self.turning = None
            out.extend(self.open_slots(self.next_turn_up()))
        if core.game is not None:
            bit_all = position in core.pending_plays or self.public(position)
            core.game.reveal(position, card, to=None if bit_all else [core.seat])
            if core.round is not None and position in core.round.waiting_for:
                core.round.waiting_for.discard(position)
                out.extend(core.rounds.apply_if_ready())
            elif not core.game_finished:  # opened after its move: a draw, the trump card, ...
                out.append(StateChanged(core.game.observation(core.seat)))
                out.extend(core.rounds.vote_if_due())
            return out
        if position in core.claim_positions.values() or not core.first_lead.claims:
            out.extend(core.claiming.maybe_begin())
        out.extend(core.claiming.claim_if_due())
        return out

    def public(self, position: int) -> bool:
        """The game shows this slot to every seat."""
        core = self.core
        return core.game is not None and core.game.known[position] == (1 << core.players) - 1

    def after_apply(self) -> list[Out]:
        """Open newly visible positions (draws) and record new owners (takes) in the deal log."""
        core = self.core
        game = core.game
        assert game is not None
        openings: list[tuple[int, Any, int | None]] = []
        for seat, hand in enumerate(game.hands):
            for slot in hand:
                deal, position = core.sources[slot]
                dealing = core.deals[deal]
                if dealing.owner.get(position) != seat or position in dealing.played:
                    dealing.assign(position, seat)  # picked up, passed on, or drawn
        for position, known in enumerate(game.known):
            new = known & ~core.opened_to[position]
            if not new:
                continue
            core.opened_to[position] |= new
            owner = next((s for s, h in enumerate(game.hands) if position in h), None)
            seats = {s for s in range(core.players) if new >> s & 1}
            openings.append((position, seats, owner))
        if not openings:
            return []
        return self.open_slots(openings)

    def leave_deals(self) -> list[Out]:
        """Publish this seat's keys of every locked deal."""
        core = self.core
        out: list[Out] = []
        for index, deal in enumerate(core.deals):
            if deal.ready and not deal.has_left:
                out.extend(self.dealing_out(deal.leave(), index))
        return out

    def redeal_overdue(self, now: float) -> list[Out]:
        """The game is paused for a re-deal that has not locked for REDEAL_LOCK while every seat
        was heard: the game ends as abandoned, naming nobody."""
        core = self.core
        if core.resume is None or core.over is not None:
            self.paused_at = None
            return []
        if self.paused_at is None:
            self.paused_at = now
            return []
        if now - self.paused_at <= REDEAL_LOCK.after(core.resume_window):
            return []
        if not core.everyone_heard(now):
            return []
        unlocked = ", ".join(str(i) for i, deal in enumerate(core.deals) if not deal.ready)
        return core.finish("abandoned", evidence=f"the re-deal (deal {unlocked}) never locked")

    def restart_waits(self, now: float) -> None:
        """This peer was not running: the waits this job judges start again at `now`."""
        if self.opened_at is not None:
            self.opened_at = now
        if self.paused_at is not None:
            self.paused_at = now


def second_stage_trump(context: Any, deck: Any, rules: Any, session: bytes | None) -> int:
    """Invisible's trump position in the suit-ordered deal 0: the first of the fixed trump
    suit's (`fixed_trump_card`), else a public lot drawn from deal 0's session."""
    size = context.size
    if rules.fixed_trump_card:
        suit = rules.fixed_trump
        return next(p for p in range(size) if deck[context.cards[p]].suit == suit)
    lot = transcript_hash("invisible-trump", session or b"")
    return int.from_bytes(lot, "big") % size


def second_stage_sources(slots: int, trump_slot: int, chosen: int) -> list[tuple[int, int]]:
    """Where each engine slot's card lies after invisible's second stage: the trump slot at
    `chosen` of deal 0, every other slot in order in deal 1."""
    others = [slot for slot in range(slots) if slot != trump_slot]
    sources = [(0, 0)] * slots
    sources[trump_slot] = (0, chosen)
    for j, slot in enumerate(others):
        sources[slot] = (1, j)
    return sources
