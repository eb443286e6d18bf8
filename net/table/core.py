"""One peer's table core for one game: fair dealing, an agreed signed log of moves, the audit.

Sans-I/O: `start`, `receive(sender, frame, now)`, `tick(now)`, `intend(action)` and `leave()`
return lists of `Outgoing` frames and events. Every peer runs the same core on the same inputs,
so every peer checks every move itself. docs/protocol.md ("Table protocol") describes the
messages; the ordering rule is in `TableCore._close_round`. The jobs it hands out live beside it
(docs/protocol.md, "Code map"): events.py, deals.py, lead.py, votes.py, log.py, verdicts.py and
audit.py.

The log is built in rounds. In round L (the log holds L moves) every seat still in the game
sends one vote: "bid" when it has a move to make now, "wait" otherwise; a seat whose move the
game waits for only ever bids. When a peer holds every vote of round L, the winner is the first
bidder in seat order starting from the lead attacker (clockwise); only the winner sends its move,
signed, with the hash of the log it extends. Every peer computes the same winner from the same
votes, whatever order the packets arrived in, and no peer orders moves for the others.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Iterable
from typing import Any

from engine.actions import (
    ATTACK_TALON,
    CHECK,
    FORFEIT,
    RESHUFFLE,
    SHOW_TRUMP,
    Action,
)
from engine.cards import Card, deck_spec
from engine.errors import IllegalAction, ParseError
from engine.first_lead import FirstLead, decide_first_lead, deciding_card
from engine.game import Claim, Game
from engine.observation import Observation
from net.absence import GONE, RESUME_WINDOW, Absence
from net.crypto.hashing import transcript_hash
from net.dealing.context import DealContext
from net.dealing.errors import CheatDetected, DealingError
from net.dealing.events import AuditFinished, Left, Opened, Ready, Verdict
from net.dealing.messages import canonical_bytes as canonical
from net.dealing.peer import DealingPeer
from net.identity import Identity, SignatureError, verify_signature
from net.table.audit import game_check, merge_verdicts, proxy_claim_problems
from net.table.config import TableConfig
from net.table.deals import plan_deal, table_support
from net.table.events import (
    ACT_TIMEOUT,
    FINAL_DEADLINE,
    HEARTBEAT_EVERY,
    SHOW_VOTES_AFTER,
    SILENT_AFTER,
    Event,
    GameOver,
    LinkViolation,
    MoveApplied,
    Out,
    PeerBack,
    PeerSilent,
    StateChanged,
)
from net.table.lead import (
    claim_subject,
    claims_checkable,
    leader,
    named_trump_suit,
    record_claims,
    trump_for,
)
from net.table.log import (
    FACE_UP_KINDS,
    act_signed_bytes,
    chain,
    claimed_cards,
    entry_digests,
    entry_signed_by,
    read_move,
)
from net.table.reliable import (
    Delivered,
    Equivocation,
    FrameSigner,
    ProtocolViolation,
    ReliableBroadcast,
)
from net.table.schema import check_payload
from net.table.verdicts import (
    proves_equivocation,
    proves_malformed,
    proves_two_entries,
    shown_frames,
)
from net.table.votes import Round, VoteBook, conflicting


class TableCore:
    """The table protocol of one seat for one game."""

    def __init__(
        self,
        config: TableConfig,
        seat: int,
        identity: Identity,
        dealing_seed: bytes,
        now: float = 0.0,
        resume_window: float = RESUME_WINDOW,
    ) -> None:
        if identity.public_key != config.seats[seat].key:
            raise ValueError("this identity does not own the seat")
        self.config = config
        self.seat = seat
        self.identity = identity
        self.rules = config.rules()
        unsupported = table_support(self.rules)
        if unsupported:
            raise ValueError(f"{config.variant}: {unsupported}")
        self.players = config.players
        self.deck = deck_spec(self.rules.deck, self.rules.jokers, self.rules.decks)
        self.dealing_seed = dealing_seed
        self.signer = self.frame_signer(config, identity)
        self.net = ReliableBroadcast(seat, self.players, self.signer)
        plan = plan_deal(config, self.rules, self.deck)
        self.dealt = plan.dealt
        self.trump_namer: int | None = plan.trump_namer
        self.named_trump: str | None = None
        self.start_masks = plan.start_masks
        self.trump_slots = plan.trump_slots
        self.two_stage = plan.two_stage
        self.context = plan.context
        self.dealing = DealingPeer(
            self.context,
            seat,
            seed=dealing_seed,
            bind=identity.sign,
            check_binding=self._check_binding,
        )
        self.deals: list[DealingPeer] = [self.dealing]  # deal 0, then sub-decks in order
        # Where each engine slot's card lies: (deal index, position in that deal).
        self.sources: list[tuple[int, int]] = [(0, i) for i in range(len(self.deck))]
        self.initial_sources: list[tuple[int, int]] = list(self.sources)
        self.reshuffle_deals: list[int] = []  # the deals that re-dealt a reshuffle, in order
        self.next_deal_messages: list[tuple[int, Any]] = []  # (sender, message) of the next deal
        self.deal_verdicts: dict[int, Verdict] = {}
        self.lot_trump: str | None = None  # invisible: the trump suit the lot chose
        self.resume: tuple[int, Action] | None = None  # paused: the round to open, the last move
        self.paused_at: float | None = None  # when the pause for a re-deal was first seen
        # Reverse fool: a seat cannot see its own cards, so each seat shows the lowest trump of
        # the next seat's hand; the audit checks these claims (claimer, subject, card shown).
        self.proxy_claims: list[tuple[int, int, Card | None]] = []
        self.faces: dict[int, Card] = {}
        self.claims: dict[int, Claim] = {}
        self.claim_positions: dict[int, int | None] = {}
        self.game: Game | None = None
        self.first: int | None = None
        self.opened_to: list[int] = []
        self.log_hash = hashlib.sha256(b"durak-log\x00" + config.digest()).hexdigest()
        self.entries: list[dict[str, Any]] = []
        self.round: Round | None = None
        self.future_votes: dict[tuple[int, int], list[tuple[int, dict[str, Any]]]] = {}
        self.hashes: list[str] = [self.log_hash]
        self.evidence_sent: set[int] = set()
        self.finals: dict[int, list[bytes]] = {}
        self.verdict: Verdict | None = None
        self.future_acts: dict[int, tuple[int, dict[str, Any]]] = {}
        self.intent: Action | None = None
        self.over: GameOver | None = None
        self.game_finished = False
        self.silent: set[int] = set()
        self.left_seats: set[int] = set()
        self.resume_window = resume_window
        self.absence = Absence(
            seat, self.players, tuple(s.key for s in config.seats), config.digest()
        )
        self.absence_stated_at: float | None = None
        self.started_at = now
        self.last_tick = now  # a longer gap between ticks: this peer was down (crash, resume)
        self.last_beat = now
        self.audit_started_at: float | None = None
        self.pending_plays: dict[int, str] = {}
        self.hellos: set[int] = {seat}  # seats whose table hello (configuration digest) arrived
        self.vote_book = VoteBook(self.signer, self.players, seat)
        self.vote_frames = self.vote_book.frames  # (round, attempt, seat) -> signed vote
        self.final_frames: dict[int, Delivered] = {}
        self.final_mismatch: dict[int, float] = {}  # seat -> when its final first differed
        self.announced = False
        self.link_faults: list[LinkViolation] = []  # found while building evidence; sent out next
        self.act_items: dict[int, Delivered] = {}  # log index -> the signed move received
        self._sent_claim = False
        self._deal_opened = False
        # Whether the seats show a card to decide the first lead: not once a match's previous
        # result fixed the leader (config.first), so no hand's lowest trump is shown then.
        self.first_lead: FirstLead = (
            FirstLead(config.first, claims=False)
            if config.first is not None
            else decide_first_lead(self.rules, self.players)
        )

    @staticmethod
    def frame_signer(config: TableConfig, identity: Identity) -> FrameSigner:
        """Signs this identity's payloads of this game and checks every seat's."""
        domain = hashlib.sha256(f"durak-game\x00{config.table_id}\x00{config.game_no}".encode())
        return FrameSigner(domain.digest(), [s.key for s in config.seats], identity.sign)

    def _check_binding(self, seat: int, data: bytes, signature: bytes) -> bool:
        """Tell whether seat's identity key signed `data` (binds its per-deal keys)."""
        try:
            verify_signature(self.config.seats[seat].key, signature, data)
        except SignatureError:
            return False
        return True

    # ----------------------------------------------------------------- public API

    def start(self, now: float = 0.0) -> list[Out]:
        """Begin the deal."""
        self.started_at = self.last_beat = now
        out = self._send({"k": "hello", "c": self.config.digest()})
        out.extend(self._name_trump())
        out.extend(self._dealing_out(self.dealing.start(), 0))
        return out

    def receive(self, sender: int, frame: Any, now: float) -> list[Out]:
        """Take one frame from an authenticated seat.

        A frame that is not a well-formed message signed by its sender raises ProtocolViolation
        naming the link's seat (the caller drops that connection). A signed message that is
        malformed, out of place or proves a cheat ends the game with a GameOver naming its signer,
        and a verdict message shows everyone the signed evidence; nothing else is raised.
        """
        out: list[Out] = []
        if sender in self.silent:
            self.silent.discard(sender)
            out.append(PeerBack(sender))
        try:
            delivered, replies = self.net.receive(sender, frame, now)
        except Equivocation as exc:
            delivered, replies = [], []
            out.extend(self._named(exc.seat, exc.reason, "equivocation", exc.frames))
        out.extend(replies)
        out.extend(self._take(delivered))
        out.extend(self.link_faults)
        self.link_faults.clear()
        return out

    def _take(self, delivered: list[Delivered]) -> list[Out]:
        """Check each delivered payload against its schema, then act on it."""
        out: list[Out] = []
        for item in delivered:
            payload = item.payload
            if self.over is not None and payload.get("k") not in ("deal", "evidence", "final"):
                continue
            problem = check_payload(payload)
            if problem is not None:
                out.extend(self._named(item.sender, problem, "malformed", [item]))
                continue
            try:
                out.extend(self._signed_payload(item))
            except Equivocation as exc:
                out.extend(self._named(exc.seat, exc.reason, "equivocation", exc.frames))
            except (CheatDetected, ProtocolViolation) as exc:
                out.extend(
                    self._named(exc.seat, exc.reason, "fault", self._fault_frames(item, exc.seat))
                )
            except DealingError as exc:  # no seat named: the message that caused it is at fault
                out.extend(self._named(item.sender, exc.reason, "fault", [item]))
        return out

    def _signed_payload(self, item: Delivered) -> list[Out]:
        """One well-formed signed payload: record the signed votes it holds, then handle it."""
        sender, payload = item.sender, item.payload
        kind = payload["k"]
        if kind != "hello" and sender not in self.hellos:
            raise ProtocolViolation(sender, f"sent a {kind} message before its hello")
        if kind == "vote":
            self.vote_book.record(item)
            for frame in payload.get("prior", []):
                self.vote_book.record_shown(sender, frame, payload["i"], payload["n"] - 1)
        elif kind == "act":
            self.act_items[payload["i"]] = item
            for frame in payload.get("cert", []):
                self.vote_book.record_shown(sender, frame, payload["i"], None)
        elif kind == "votes":
            for frame in payload["frames"]:
                self.vote_book.record_shown(sender, frame, payload["i"], payload["n"])
            return []
        elif kind == "final":
            self.final_frames[sender] = item
        elif kind == "verdict":
            return self._verdict(sender, payload)
        return self._payload(sender, payload)

    def tick(self, now: float) -> list[Out]:
        """Heartbeats, silence detection, deferred proof checks and time-outs."""
        out: list[Out] = []
        if now - self.last_tick > SILENT_AFTER:
            # This peer was not running: no other seat's wait can be judged over that time.
            self.started_at = max(self.started_at, now)
            if self.audit_started_at is not None:
                self.audit_started_at = now
            if self.paused_at is not None:
                self.paused_at = now
            if self.round is not None and self.round.act_at is not None:
                self.round.act_at = now
        self.last_tick = now
        if now - self.last_beat >= HEARTBEAT_EVERY:
            self.last_beat = now
            out.append(self.net.heartbeat())
        for other in range(self.players):
            if other == self.seat or other in self.silent or other in self.left_seats:
                continue
            heard = max(self.net.last_heard[other], self.started_at)
            if now - heard > SILENT_AFTER:
                self.silent.add(other)
                out.append(PeerSilent(other, heard))
        out.extend(self._absence_tick(now))
        out.extend(self._trump_name_overdue(now))
        try:
            for index, deal in enumerate(self.deals):
                if self.over is None:  # after a proven cheat nothing is checked any more
                    out.extend(self._dealing_out(deal.verify_pending(), index))
            if (
                self.audit_started_at is not None
                and self.over is None
                and now - self.audit_started_at > self.resume_window
            ):
                for index, deal in enumerate(self.deals):
                    if index not in self.deal_verdicts:
                        out.extend(self._dealing_out(deal.audit_timeout(), index))
        except CheatDetected as exc:
            out.extend(self._cheat(exc.seat, str(exc)))
        if self.audit_started_at is None and self.game_finished:
            self.audit_started_at = now
        if self.resume is None or self.over is not None:
            self.paused_at = None
        elif self.paused_at is None:
            self.paused_at = now
        elif now - self.paused_at > self.resume_window and self._everyone_heard(now):
            unlocked = [str(i) for i, deal in enumerate(self.deals) if not deal.ready]
            out.extend(
                self._finish(
                    "abandoned", evidence=f"the re-deal (deal {', '.join(unlocked)}) never locked"
                )
            )
        out.extend(self._check_finals(now))
        out.extend(self._show_votes_if_stalled(now))
        out.extend(self.link_faults)
        self.link_faults.clear()
        current = self.round
        if current is not None and current.waiting_for and self.over is None:
            if current.act_at is None:
                current.act_at = now
            elif now - current.act_at > self.resume_window and self._everyone_heard(now):
                missing = ", ".join(str(p) for p in sorted(current.waiting_for))
                out.extend(
                    self._finish(
                        "abandoned", evidence=f"keys to open position(s) {missing} never came"
                    )
                )
        return out

    def intend(self, action: Action) -> list[Out]:
        """This seat wants to make a move (from a player or a bot); it is voted in when it can be."""
        if self.game is None or self.over is not None or self.game_finished:
            raise IllegalAction("no game is running")
        if action.seat != self.seat:
            raise IllegalAction(f"this peer plays seat {self.seat}, not seat {action.seat}")
        if not self._still_legal(action):
            raise IllegalAction(f"{action} is not legal now")
        self.intent = action
        return self._vote_if_due()

    def leave(self) -> list[Out]:
        """Leave gracefully: forfeit the game; keys are published once the forfeit is in the log."""
        if self.game is None or self.game_finished:
            return self._leave_deals()
        return self.intend(Action(self.seat, FORFEIT))

    def _leave_deals(self) -> list[Out]:
        """Publish this seat's keys of every locked deal."""
        out: list[Out] = []
        for index, deal in enumerate(self.deals):
            if deal.ready and not deal.has_left:
                out.extend(self._dealing_out(deal.leave(), index))
        return out

    @property
    def observation(self) -> Observation | None:
        """This seat's view of the game, once it has started."""
        return None if self.game is None else self.game.observation(self.seat)

    @property
    def my_turn(self) -> bool:
        """The game waits for this seat's move and the seat knows the cards to make it."""
        game = self.game
        return (
            game is not None
            and not self.game_finished
            and self.seat in game.to_act
            and self._hand_open()
            and bool(game.legal_actions(self.seat))
        )

    def _hand_open(self) -> bool:
        """Every card this seat may see in its hand has arrived (no keys still on the way)."""
        game = self.game
        assert game is not None
        bit = 1 << self.seat
        return all(game.faces[s] is not None for s in game.hands[self.seat] if game.known[s] & bit)

    # ----------------------------------------------------------------- payloads

    def _send(self, payload: dict[str, Any]) -> list[Out]:
        return [self.net.broadcast(payload)]

    def _dealing_out(self, outputs: Iterable[Any], deal: int = 0) -> list[Out]:
        """Send a deal's messages (tagged with its index) and act on its events."""
        out: list[Out] = []
        for item in outputs:
            if isinstance(item, dict):
                out.extend(self._send({"k": "deal", "d": deal, "m": item}))
            elif isinstance(item, Ready):
                out.extend(self._deal_ready(deal))
            elif isinstance(item, Opened):
                slot = self._slot_at(deal, item.position)
                if slot is not None:  # else: a card since moved into a later deal
                    out.extend(self._opened(slot, Card.parse(item.card)))
            elif isinstance(item, Left):
                self.left_seats.add(item.seat)
            elif isinstance(item, AuditFinished):
                self.deal_verdicts[deal] = item.verdict
                out.extend(self._merge_verdicts())
        return out

    def _deal_message(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """A fair-dealing message of deal `d`; one of the next deal waits until it exists."""
        index = payload.get("d")
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise ProtocolViolation(sender, "dealing message without a deal index")
        if index == len(self.deals):  # the sender has already made the move that starts it
            self.next_deal_messages.append((sender, payload.get("m")))
            return []
        if index > len(self.deals):
            raise ProtocolViolation(sender, f"dealing message for deal {index}, which cannot exist")
        return self._dealing_out(self.deals[index].receive(payload.get("m"), origin=sender), index)

    def _add_deal(self, sources: list[tuple[int, int]], label: str) -> list[Out]:
        """Start a hidden sub-deck of these (deal, position) sources, all in locked deals."""
        index = len(self.deals)
        parents = sorted({deal for deal, _ in sources})
        context = self.context.hidden_sub_deck_of(
            [(self.deals[deal].session or b"", position) for deal, position in sources], label
        )
        seed = transcript_hash("sub-deck-seed", self.dealing_seed, index)[:32]
        core = self._sub_deck_core(context, seed, [self.deals[d] for d in parents])
        self.deals.append(core)
        out = self._dealing_out(core.start(), index)
        early, self.next_deal_messages = self.next_deal_messages, []
        for sender, message in early:
            out.extend(self._dealing_out(core.receive(message, origin=sender), index))
        return out

    def _sub_deck_core(
        self, context: DealContext, seed: bytes, parents: list[DealingPeer]
    ) -> DealingPeer:
        """This seat's dealing core of a new hidden sub-deck."""
        return DealingPeer(
            context,
            self.seat,
            seed=seed,
            parent=parents,
            bind=self.identity.sign,
            check_binding=self._check_binding,
        )

    def _deals_locked(self) -> bool:
        return all(deal.ready for deal in self.deals)

    def _deal_ready(self, index: int) -> list[Out]:
        """A deal is locked: start the next stage, the deal, or resume a paused game."""
        if self.two_stage and index == 0:
            return self._invisible_second_stage()
        if not self._deals_locked():
            return []
        if not self._deal_opened:
            return self._deal()
        if self.resume is not None:
            return self._resume()
        return []

    def _invisible_second_stage(self) -> list[Out]:
        """Invisible: a public lot picks the trump position of the suit-ordered deal 0 (so the
        trump suit); the other positions are shuffled together in deal 1, which deals the game.

        Japanese (`fixed_trump_card`): the first position of the trump suit's segment goes under
        the talon instead: a card of that suit drawn at random, the others shuffled back."""
        size = self.context.size
        if self.rules.fixed_trump_card:
            suit = self.rules.fixed_trump
            chosen = next(p for p in range(size) if self.deck[self.context.cards[p]].suit == suit)
        else:
            lot = transcript_hash("invisible-trump", self.dealing.session or b"")
            chosen = int.from_bytes(lot, "big") % size
            self.lot_trump = self.deck[self.context.cards[chosen]].suit
        trump_slot = self.trump_slots[0]
        rest = [p for p in range(size) if p != chosen]
        others = [slot for slot in range(len(self.deck)) if slot != trump_slot]
        self.sources[trump_slot] = (0, chosen)
        for j, slot in enumerate(others):
            self.sources[slot] = (1, j)
        self.initial_sources = list(self.sources)
        return self._add_deal([(0, p) for p in rest], "deal")

    def _reshuffle(self, slots: tuple[int, ...]) -> list[Out]:
        """The engine shuffled these slots into a new talon: a hidden sub-deck re-deals them."""
        index = len(self.deals)
        sources = [self.sources[slot] for slot in slots]
        for j, slot in enumerate(slots):
            self.sources[slot] = (index, j)
            self.faces.pop(slot, None)
            self.opened_to[slot] = 0
        self.reshuffle_deals.append(index)
        return self._add_deal(sources, f"reshuffle-{len(self.reshuffle_deals)}")

    def _slot_at(self, deal: int, position: int) -> int | None:
        """The engine slot whose card lies at this position of this deal (None: none does)."""
        return next(
            (slot for slot, source in enumerate(self.sources) if source == (deal, position)), None
        )

    def _open(self, slot: int, seats: Collection[int], owner: int | None = None) -> list[Out]:
        """Open a slot's card (in the deal that holds it) to some seats."""
        deal, position = self.sources[slot]
        return self._dealing_out(self.deals[deal].open(position, seats, owner), deal)

    def _open_slots(self, openings: list[tuple[int, Any, int | None]]) -> list[Out]:
        """Open several slots, one keys message per deal."""
        by_deal: dict[int, list[tuple[int, Any, int | None]]] = {}
        for slot, seats, owner in openings:
            deal, position = self.sources[slot]
            by_deal.setdefault(deal, []).append((position, seats, owner))
        out: list[Out] = []
        for deal, items in sorted(by_deal.items()):
            out.extend(self._dealing_out(self.deals[deal].open_many(items), deal))
        return out

    def _assign(self, slot: int, seat: int) -> None:
        deal, position = self.sources[slot]
        self.deals[deal].assign(position, seat)

    def _payload(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        kind = payload.get("k")
        if kind == "hello":
            return self._hello(sender, payload)
        if kind == "deal":
            return self._deal_message(sender, payload)
        if kind == "claim":
            return self._claim(sender, payload)
        if kind == "trump":
            return self._trump_named(sender, payload)
        if kind == "vote":
            return self._vote(sender, payload)
        if kind == "act":
            return self._act(sender, payload)
        if kind == "evidence":
            return self._evidence(sender, payload)
        if kind == "final":
            return self._final(sender, payload)
        if kind == GONE:
            self.absence.receive(sender, payload)
            return self._end_if_departed()
        raise ProtocolViolation(sender, f"unknown message kind {kind!r}")

    # ----------------------------------------------------------------- the deal

    def _deal(self) -> list[Out]:
        """Both dealing passes are done: open each dealt position to the seats that may see it."""
        if self._deal_opened or (self.trump_namer is not None and self.named_trump is None):
            return []  # (the dealer names the trump before any card is opened)
        self._deal_opened = True
        owners = {pos: seat for seat, hand in enumerate(self.dealt) for pos in hand}
        openings: list[tuple[int, Any, int | None]] = []
        for pos, mask in enumerate(self.start_masks):
            seats = {s for s in range(self.players) if mask >> s & 1}
            if seats:
                openings.append((pos, seats, owners.get(pos)))
            elif pos in owners:
                self._assign(pos, owners[pos])
        out = self._open_slots(openings)
        if not self._sent_claim and self._own_hand_open():
            out.extend(self._send_claim())
        return out

    def _opened(self, position: int, card: Card) -> list[Out]:
        """A slot's card was opened to this seat."""
        self.faces[position] = card
        out: list[Out] = []
        if self.game is not None:
            bit_all = position in self.pending_plays or self._public(position)
            self.game.reveal(position, card, to=None if bit_all else [self.seat])
            if self.round is not None and position in self.round.waiting_for:
                self.round.waiting_for.discard(position)
                out.extend(self._apply_if_ready())
            elif not self.game_finished:  # opened after its move: a draw, the trump card, ...
                out.append(StateChanged(self.game.observation(self.seat)))
                out.extend(self._vote_if_due())
            return out
        if position in self.claim_positions.values() or not self.first_lead.claims:
            out.extend(self._maybe_begin())
        if not self._sent_claim and self._own_hand_open():
            out.extend(self._send_claim())
        return out

    def _public(self, position: int) -> bool:
        return self.game is not None and self.game.known[position] == (1 << self.players) - 1

    def _own_hand_open(self) -> bool:
        bit = 1 << self.seat
        return all(p in self.faces for p, m in enumerate(self.start_masks) if m & bit)

    def _trump_for(self, seat: int) -> str | None:
        """The trump suit (or joker colour) that decides `seat`'s first-lead claim."""
        return trump_for(
            self.rules, seat, self.lot_trump, self.named_trump, self.trump_slots, self.faces
        )

    def _claim_subject(self, seat: int) -> int:
        """Whose hand a seat's first-lead claim is about (`lead.claim_subject`)."""
        return claim_subject(self.rules, self.players, seat)

    def _leading_card(self) -> int | None:
        """The position of the card this seat shows to decide who leads (None: nothing to show):
        the engine's `deciding_card` of the hand it sees (its own, or the next seat's)."""
        bit = 1 << self.seat
        subject = self._claim_subject(self.seat)
        mine = [
            (self.faces[p], p)
            for p in self.dealt[subject]
            if self.start_masks[p] & bit and p in self.faces
        ]
        card = deciding_card(self.rules, [c for c, _ in mine], self._trump_for(subject))
        return next((p for c, p in mine if c == card), None)

    def _send_claim(self) -> list[Out]:
        """Show the card that decides who leads (lowest trump, or 9D in Chinese fool), or none;
        nothing at all when the leader is fixed (then the game begins once the deal is open)."""
        self._sent_claim = True
        if not self.first_lead.claims:
            return self._maybe_begin()
        position = self._leading_card()
        payload = {"k": "claim", "pos": position}
        out = self._send(payload)
        out.extend(self._claim(self.seat, payload))
        return out

    def _name_trump(self) -> list[Out]:
        """The dealer's seat names the trump suit (its core's choice, drawn from its dealing
        seed: before the deal nobody has seen a card); other seats name nothing."""
        if self.trump_namer != self.seat:
            return []
        payload = {"k": "trump", "suit": named_trump_suit(self.dealing_seed)}
        out = self._send(payload)
        out.extend(self._trump_named(self.seat, payload))
        return out

    def _trump_named(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """The dealer's named trump suit arrived: the deal may now be opened."""
        if sender != self.trump_namer:
            raise ProtocolViolation(sender, "named the trump suit but does not deal")
        if self.named_trump is not None:
            raise ProtocolViolation(sender, "named the trump suit twice")
        self.named_trump = str(payload["suit"])
        return self._deal() if self._deals_locked() else []

    def _trump_name_overdue(self, now: float) -> list[Out]:
        """The dealer named no trump within the resume window while every seat was heard: the
        game ends as abandoned (a crashed dealer is an absence, decided as such)."""
        if (
            self.trump_namer is None
            or self.named_trump is not None
            or self.over is not None
            or now - self.started_at <= self.resume_window
            or not self._everyone_heard(now)
        ):
            return []
        return self._finish(
            "abandoned", evidence=f"the dealer (seat {self.trump_namer}) never named the trump suit"
        )

    def _claim(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        if not self.first_lead.claims:
            raise ProtocolViolation(
                sender, "showed a card though the previous game fixed the leader"
            )
        if sender in self.claim_positions:
            raise ProtocolViolation(sender, "claimed its lowest trump twice")
        position = payload.get("pos")
        subject = self._claim_subject(sender)
        if position is not None and (
            not isinstance(position, int) or position not in self.dealt[subject]
        ):
            whose = "it" if subject == sender else f"seat {subject}"
            raise ProtocolViolation(sender, f"showed a card that was not dealt to {whose}")
        self.claim_positions[sender] = position
        out: list[Out] = []
        if position is not None and self.start_masks[position] != (1 << self.players) - 1:
            out.extend(self._open(position, range(self.players)))
        out.extend(self._maybe_begin())
        return out

    def _maybe_begin(self) -> list[Out]:
        """Every claim is in and every shown card is open: create the game and start round 0."""
        if self.game is not None:
            return []
        if self.first_lead.claims and len(self.claim_positions) < self.players:
            return []
        everyone = (1 << self.players) - 1
        if any(p not in self.faces for p, m in enumerate(self.start_masks) if m == everyone):
            return []
        if any(p is not None and p not in self.faces for p in self.claim_positions.values()):
            return []
        shown: list[list[Card]] = [[] for _ in range(self.players)]
        for seat in range(self.players):
            position = self.claim_positions.get(seat)
            if position is not None:
                shown[self._claim_subject(seat)].append(self.faces[position])
        trumps = [self._trump_for(seat) for seat in range(self.players)]
        session = self.dealing.session or b""
        self.first = leader(self.first_lead, self.rules, self.players, shown, trumps, session)
        game = Game.new_hidden(
            self.rules,
            self.players,
            self.seat,
            self.first,
            trump=self.lot_trump or self.named_trump,
            dealer=self.config.dealer,
        )
        if self.first_lead.claims and claims_checkable(self.rules, self.trump_namer):
            record_claims(
                game, self.rules, self.players, shown, self._trump_for(0), self.proxy_claims
            )
        self.opened_to = list(self.start_masks)
        for position, card in self.faces.items():
            public = (
                self.start_masks[position] == everyone or position in self.claim_positions.values()
            )
            game.reveal(position, card, to=None if public else [self.seat])
            if public:
                self.opened_to[position] = everyone
        self.game = game
        out: list[Out] = [StateChanged(game.observation(self.seat))]
        out.extend(self._open_round(0))
        return out

    # ----------------------------------------------------------------- rounds

    def _voters(self) -> list[int]:
        assert self.game is not None
        return [s for s in range(self.players) if self.game.in_game >> s & 1]

    def _priority(self) -> list[int]:
        """Seats in the order that decides a round: the lead attacker first, then clockwise."""
        assert self.game is not None
        lead = self.game.lead
        return [(lead + step) % self.players for step in range(self.players)]

    def _open_round(self, index: int, attempt: int = 0) -> list[Out]:
        self.round = Round(index, attempt)
        out: list[Out] = []
        for sender, payload in self.future_votes.pop((index, attempt), []):
            out.extend(self._vote(sender, payload))
        out.extend(self._vote_if_due())
        out.extend(self._close_round())
        return out

    def _vote_if_due(self) -> list[Out]:
        """Send this seat's vote in the open round, when it has one to give."""
        game, current = self.game, self.round
        if game is None or current is None or self.seat in current.votes or self.game_finished:
            return []
        if not game.in_game >> self.seat & 1:
            return []
        if self.intent is not None and not self._still_legal(self.intent):
            self.intent = None
        if self.intent is None and self.seat in game.to_act:
            return []  # the game waits for this seat: it votes when it has decided
        bid = self.intent is not None
        payload: dict[str, Any] = {
            "k": "vote",
            "i": current.index,
            "n": current.attempt,
            "bid": bid,
            "h": self.log_hash,
        }
        if current.attempt > 0:  # show the all-wait votes that made this round vote again
            payload["prior"] = self._round_votes(current.index, current.attempt - 1)
        out = self._send(payload)
        self.vote_frames[(current.index, current.attempt, self.seat)] = self.net.last_sent()
        current.votes[self.seat] = bid
        out.extend(self._close_round())
        return out

    def _still_legal(self, action: Action) -> bool:
        """A queued move can still be made in the open round."""
        assert self.game is not None
        if action.kind == FORFEIT or action in self.game.legal_actions(self.seat):
            return True  # listed: a check or a talon lead is legal before its card is opened
        return self.game.is_legal(action)

    def _vote(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        index, attempt, bid = payload.get("i"), payload.get("n"), payload.get("bid")
        if not isinstance(index, int) or not isinstance(attempt, int) or not isinstance(bid, bool):
            raise ProtocolViolation(sender, "malformed vote")
        current = self.round
        if current is None or (index, attempt) > (current.index, current.attempt):
            self.future_votes.setdefault((index, attempt), []).append((sender, payload))
            if current is not None and current.act is not None and index == current.index + 1:
                # The voter has applied entry `current.index`; is it the one we are opening?
                expected = chain(self.log_hash, current.act["body"])
                if payload.get("h") != expected:
                    return self._send_evidence(current.index)
            return []
        if payload.get("h") != self.log_hash:
            return self._send_evidence(index - 1)
        if (index, attempt) != (current.index, current.attempt):
            raise ProtocolViolation(sender, f"voted in round {index}.{attempt}, which is closed")
        if sender in current.votes:
            raise ProtocolViolation(sender, f"voted twice in round {index}")
        assert self.game is not None
        if not self.game.in_game >> sender & 1:
            raise ProtocolViolation(sender, "voted though it is out of the game")
        if not bid and sender in self.game.to_act:
            raise ProtocolViolation(sender, "said wait though the game waits for its move")
        current.votes[sender] = bid
        return self._close_round()

    def _close_round(self) -> list[Out]:
        """With every vote in, the first bidder clockwise from the lead attacker wins the round."""
        current = self.round
        if current is None or current.winner is not None:
            return []
        voters = self._voters()
        if any(s not in current.votes for s in voters):
            return []
        bidders = [s for s in self._priority() if current.votes.get(s)]
        if not bidders:  # nobody wanted to move: vote again
            return self._open_round(current.index, current.attempt + 1)
        current.winner = bidders[0]
        out: list[Out] = []
        if current.winner == self.seat:
            out.extend(self._send_act())
        if current.index in self.future_acts:
            sender, act = self.future_acts.pop(current.index)
            out.extend(self._act(sender, act))
        return out

    def _send_act(self) -> list[Out]:
        current, game, action = self.round, self.game, self.intent
        assert current is not None and game is not None and action is not None
        positions: list[int] = []
        if action.kind in FACE_UP_KINDS:
            positions = game.opened_by(action)
        body = {
            "k": "act",
            "i": current.index,
            "a": str(game.wire_action(action)),
            "pos": positions,
            "prev": self.log_hash,
        }
        body["sig"] = self.identity.sign(self._signed_bytes(body))
        self.intent = None
        cert = self._round_votes(current.index, current.attempt)
        out = self._send(body | {"cert": cert})
        out.extend(self._act(self.seat, body))
        return out

    def _round_votes(self, index: int, attempt: int) -> list[dict[str, Any]]:
        """The signed votes this seat holds for one attempt of one round, as evidence (a vote
        whose signature fails is left out and its link reported)."""
        shown = []
        for seat in range(self.players):
            item = self.vote_frames.get((index, attempt, seat))
            if item is None:
                continue
            if self._signed(item):
                shown.append(item.as_wire())
        return shown

    def _signed(self, item: Delivered) -> bool:
        """Tell whether a held payload carries its sender's signature; report its link if not."""
        if item.sender == self.seat or self.signer.check(item):
            return True
        self.link_faults.append(
            LinkViolation(item.sender, f"its message {item.seq} carries no valid signature")
        )
        return False

    def _signed_bytes(self, body: dict[str, Any]) -> bytes:
        """The bytes a move's author signs (`log.act_signed_bytes`)."""
        return act_signed_bytes(self.config.digest(), body)

    def _act(self, sender: int, body: dict[str, Any]) -> list[Out]:
        body = {key: value for key, value in body.items() if key != "cert"}  # the log entry
        current, game = self.round, self.game
        index = body.get("i")
        if not isinstance(index, int):
            raise ProtocolViolation(sender, "move without a log index")
        if (
            current is None
            or index > current.index
            or (index == current.index and current.winner is None)
        ):
            self.future_acts[index] = (sender, body)
            return []
        if index < current.index or current.act is not None:
            raise ProtocolViolation(sender, f"sent a second move for log entry {index}")
        assert game is not None
        if sender != current.winner:
            raise CheatDetected(sender, f"moved in round {index}, which seat {current.winner} won")
        if body.get("prev") != self.log_hash:
            raise CheatDetected(sender, f"move {index} does not extend the agreed log")
        if not self.signer.verifies_raw(sender, body.get("sig"), self._signed_bytes(body)):
            raise CheatDetected(sender, f"move {index} carries no valid signature")
        action, positions = read_move(sender, index, body, game)
        current.act = {"action": action, "body": body, "positions": positions}
        out: list[Out] = []
        everyone = range(self.players)
        for position, card in zip(positions, claimed_cards(action), strict=True):
            if action.kind == SHOW_TRUMP:  # shown, not played: it stays in the hand
                out.extend(self._open(position, everyone))
            else:
                text = None if card is None else card.text
                self.pending_plays[position] = text or "?"
                deal, source = self.sources[position]
                out.extend(self._dealing_out(self.deals[deal].play(sender, source, text), deal))
            self._await(position)
        if action.kind == ATTACK_TALON and game.talon:  # the talon's top card, opened to all
            top = game.talon[0]
            self._assign(top, sender)
            out.extend(self._open(top, everyone))
            self._await(top)
        elif action.kind == CHECK and game.pending >= 0:  # the face-down beat is turned over
            out.extend(self._open(game.pending, everyone))
            self._await(game.pending)
        out.extend(self._apply_if_ready())
        return out

    def _await(self, position: int) -> None:
        """The open move needs this position's face before it can be applied."""
        assert self.game is not None and self.round is not None
        self.opened_to[position] = (1 << self.players) - 1  # opened to everyone by this move
        face = self.faces.get(position)
        if face is None:
            self.round.waiting_for.add(position)
        else:
            self.game.reveal(position, face)

    def _apply_if_ready(self) -> list[Out]:
        current, game = self.round, self.game
        if current is None or current.act is None or current.waiting_for or game is None:
            return []
        action: Action = current.act["action"]
        positions: list[int] = current.act["positions"]
        opened = list(game.talon[:1]) if action.kind == ATTACK_TALON else []
        if action.kind == CHECK and game.pending >= 0:
            opened.append(game.pending)
        for position in opened:
            game.reveal(position, self.faces[position])
        for position, card in zip(positions, claimed_cards(action), strict=True):
            face = self.faces.get(position)
            if face is None:
                return []
            if card is not None and face != card:
                raise CheatDetected(
                    action.seat, f"claimed {card} from position {position}, which holds {face}"
                )
            game.reveal(position, face)
        try:
            events = game.apply(action)
        except IllegalAction as exc:
            raise CheatDetected(action.seat, f"made an illegal move {action}: {exc}") from None
        for position in positions:
            self.pending_plays.pop(position, None)
        self.entries.append(current.act["body"])
        self.log_hash = chain(self.log_hash, current.act["body"])
        self.hashes.append(self.log_hash)
        out: list[Out] = [MoveApplied(current.index, action, self.log_hash)]
        self.resume = (current.index + 1, action)
        reshuffles = [event.slots for event in events if event.kind == RESHUFFLE]
        if reshuffles:  # crazy, poker: pause (no round, no draws opened) until re-dealt
            self.round = None
            for slots in reshuffles:
                out.extend(self._reshuffle(slots))
        if self.resume is not None and self._deals_locked():
            out.extend(self._resume())
        elif self.resume is not None:
            out.append(StateChanged(game.observation(self.seat)))
        return out

    def _resume(self) -> list[Out]:
        """Every deal is locked: open the draws, then end the game or open the next round."""
        game = self.game
        assert game is not None and self.resume is not None
        index, action = self.resume
        self.resume = None
        out = self._after_apply()
        out.append(StateChanged(game.observation(self.seat)))
        if game.over:
            self.game_finished = True
            self.round = None
            out.extend(self._send({"k": "final", "d": self._digests()}))
            if action.kind == FORFEIT and action.seat == self.seat:
                # This seat left: publish its keys so the others' audit can run without it.
                out.extend(self._leave_deals())
                out.extend(self._finish("left", evidence="this seat forfeited and left"))
                return out
            for deal_index, deal in enumerate(self.deals):
                out.extend(self._dealing_out(deal.start_audit(), deal_index))
            out.extend(self._compare_finals())
            return out
        out.extend(self._open_round(index))
        return out

    def _after_apply(self) -> list[Out]:
        """Open newly visible positions (draws) and record new owners (takes) in the deal log."""
        game = self.game
        assert game is not None
        openings: list[tuple[int, Any, int | None]] = []
        for seat, hand in enumerate(game.hands):
            for slot in hand:
                deal, position = self.sources[slot]
                core = self.deals[deal]
                if core.owner.get(position) != seat or position in core.played:
                    core.assign(position, seat)  # picked up, passed on, or drawn
        for position, known in enumerate(game.known):
            new = known & ~self.opened_to[position]
            if not new:
                continue
            self.opened_to[position] |= new
            owner = next((s for s, h in enumerate(game.hands) if position in h), None)
            seats = {s for s in range(self.players) if new >> s & 1}
            openings.append((position, seats, owner))
        if not openings:
            return []
        return self._open_slots(openings)

    # ----------------------------------------------------------------- absence

    def _absence_tick(self, now: float) -> list[Out]:
        """Sign that the seats silent past the resume window left (while the game runs); end the
        game alone, abandoned, when no agreement came within another window."""
        if self.over is not None or not self.silent:
            return []
        heard = {s: max(self.net.last_heard[s], self.started_at) for s in self.silent}
        gone = tuple(sorted(s for s, at in heard.items() if now - at > self.resume_window))
        out: list[Out] = []
        if gone and not self.game_finished:
            statement = self.absence.state(self.identity, gone, len(self.entries), self.log_hash)
            if statement is not None:
                self.absence_stated_at = self.absence_stated_at or now
                out.extend(self._send(statement))
                out.extend(self._end_if_departed())
        if self.over is None and now - min(heard.values()) > 2 * self.resume_window:
            out.extend(self._finish("abandoned", evidence=f"seats silent: {sorted(self.silent)}"))
        return out

    def _everyone_heard(self, now: float) -> bool:
        """Every other seat still in the game was heard in the last three heartbeats: a wait for
        keys that runs out then is theirs to answer for, not an absence."""
        return all(
            now - max(self.net.last_heard[s], self.started_at) <= 3 * HEARTBEAT_EVERY
            for s in range(self.players)
            if s != self.seat and s not in self.left_seats
        )

    def _end_if_departed(self) -> list[Out]:
        """Every seat that stayed signed that the same seats left: they forfeit."""
        departure = self.absence.agreed(self.hashes)
        if departure is None or self.over is not None:
            return []
        names = ", ".join(str(s) for s in departure.absent)
        self.over = GameOver(
            departure.result(self.rules.teams),
            None,
            departure.log_hash,
            "absent",
            evidence=f"seat(s) {names} left; seats {list(departure.signed_by)} signed it",
        )
        return [self.over]

    # ----------------------------------------------------------------- equivocation

    def _entry_at(self, index: int) -> dict[str, Any] | None:
        """Entry `index` as this peer holds it: applied, or received and waiting for its cards."""
        if 0 <= index < len(self.entries):
            return self.entries[index]
        current = self.round
        if current is not None and current.index == index and current.act is not None:
            body: dict[str, Any] = current.act["body"]
            return body
        return None

    def _send_evidence(self, index: int) -> list[Out]:
        """Our log differs from another peer's from entry `index` on: show everyone our entry."""
        entry = self._entry_at(index)
        if entry is None or index in self.evidence_sent:
            return []
        self.evidence_sent.add(index)
        return self._send({"k": "evidence", "i": index, "entry": entry})

    def _evidence(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """Two validly signed, different entries at one index prove their author equivocated."""
        index, entry = payload.get("i"), payload.get("entry")
        if not isinstance(index, int) or not isinstance(entry, dict):
            raise ProtocolViolation(sender, "malformed evidence")
        mine = self._entry_at(index)
        if mine is None or entry == mine:
            return []
        try:
            author = Action.parse(str(entry.get("a"))).seat
            signature = entry.get("sig")
            if not isinstance(signature, bytes) or not 0 <= author < self.players:
                raise SignatureError("no signature")
            verify_signature(self.config.seats[author].key, signature, self._signed_bytes(entry))
        except (ParseError, SignatureError):
            raise CheatDetected(sender, f"showed a forged entry {index} as evidence") from None
        if entry.get("prev") != self.hashes[index] or entry.get("i") != index:
            raise CheatDetected(sender, f"showed an entry that is not entry {index} as evidence")
        out = self._send_evidence(index)
        out.extend(
            self._named(
                author,
                f"signed two different moves for log entry {index}: "
                f"{mine.get('a')!r} and {entry.get('a')!r}",
                "entries",
                entries=[mine, entry],
            )
        )
        return out

    def _entry_signed_by(self, seat: int, entry: dict[str, Any]) -> bool:
        """Tell whether a log entry is a move of `seat` that seat signed."""
        return entry_signed_by(self.config.seats[seat].key, seat, entry, self.config.digest())

    def _digests(self) -> list[bytes]:
        """Our log as the digests of its entries (a `final` message)."""
        return entry_digests(self.entries)

    def _final(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """Another peer's whole log, as digests, once its game ended: compare with ours."""
        digests = payload.get("d")
        if not isinstance(digests, list) or not all(isinstance(d, bytes) for d in digests):
            raise ProtocolViolation(sender, "malformed final log")
        self.finals[sender] = digests
        return self._compare_finals()

    def _compare_finals(self) -> list[Out]:
        if not self.game_finished:
            return []
        mine = self._digests()
        out: list[Out] = []
        for theirs in self.finals.values():
            if theirs != mine:
                first = next(
                    (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
                    min(len(mine), len(theirs)),
                )
                out.extend(self._send_evidence(first))
        out.extend(self._finish_if_settled())
        return out

    def _show_votes_if_stalled(self, now: float) -> list[Out]:
        """The round's winner has not moved for a while: show everyone the signed votes we hold,
        so a seat that voted differently to different peers is caught (each side may be waiting
        for a move the other side never expects)."""
        current = self.round
        if (
            current is None
            or self.over is not None
            or current.winner is None
            or current.winner == self.seat
            or current.act is not None
        ):
            return []
        if current.closed_at is None:
            current.closed_at = now
            return []
        if now - current.closed_at > ACT_TIMEOUT:
            return self._finish(
                "abandoned",
                evidence=f"seat {current.winner} won round {current.index} and never moved",
            )
        if now - current.closed_at < SHOW_VOTES_AFTER or current.votes_shown:
            return []
        current.votes_shown = True
        frames = self._round_votes(current.index, current.attempt)
        return self._send(
            {"k": "votes", "i": current.index, "n": current.attempt, "frames": frames}
        )

    def _check_finals(self, now: float) -> list[Out]:
        """A final that still differs from our complete log after FINAL_DEADLINE, with no
        signed move shown to back it, names the seat that signed it."""
        if not self.game_finished or self.over is not None:
            return []
        mine = self._digests()
        for seat, theirs in sorted(self.finals.items()):
            if theirs == mine:
                self.final_mismatch.pop(seat, None)
                continue
            since = self.final_mismatch.setdefault(seat, now)
            if now - since > FINAL_DEADLINE:
                return self._named(
                    seat,
                    f"signed a final log of {len(theirs)} moves that differs from the agreed "
                    f"log of {len(mine)} and showed no signed move to back it",
                    "final",
                    [self.final_frames[seat]],
                )
        return []

    def _finish_if_settled(self) -> list[Out]:
        """The game is over when the audit has a verdict and every peer showed the same log."""
        if self.verdict is None or self.over is not None:
            return []
        mine = self._digests()
        expected = set(range(self.players)) - {self.seat} - self.left_seats
        if not expected <= set(self.finals) or any(self.finals[s] != mine for s in expected):
            return []
        return self._finish("finished", verdict=self.verdict)

    # ----------------------------------------------------------------- the end

    def _merge_verdicts(self) -> list[Out]:
        """Once every deal is audited: replay the game with every face open, merge the verdicts."""
        if self.verdict is not None or len(self.deal_verdicts) < len(self.deals):
            return []
        self.verdict = merge_verdicts(
            self.deal_verdicts,
            self.initial_sources,
            self.reshuffle_deals,
            self._game_check,
            self._proxy_claim_problems,
        )
        return self._finish_if_settled()

    def _proxy_claim_problems(self, deck: tuple[str, ...]) -> list[tuple[int, str]]:
        """Reverse: each seat's claim about the next seat's lowest trump, against the open deck."""
        return proxy_claim_problems(self._trump_for(0), self.dealt, self.proxy_claims, deck)

    def _game_check(self, opened_deck: list[str], redeals: list[list[str]]) -> list[str]:
        """The audit's replay of the whole game on the engine with every face open."""
        claims = [] if self.game is None else list(self.game.claims)
        return game_check(
            self.rules,
            self.players,
            self.first,
            self.entries,
            claims,
            opened_deck,
            redeals,
            self.config.dealer,
            self.named_trump,
        )

    def _cheat(self, seat: int, evidence: str) -> list[Out]:
        return self._finish("cheat", cheater=seat, evidence=evidence)

    # ----------------------------------------------------------------- verdicts

    def _named(
        self,
        seat: int,
        reason: str,
        why: str,
        frames: Iterable[Delivered] = (),
        entries: Iterable[dict[str, Any]] = (),
    ) -> list[Out]:
        """End the game naming `seat`, first showing everyone the signed evidence (a verdict
        message) so that each can check it and end too."""
        if self.over is not None:
            return []
        frames = list(frames)
        if not all(self._signed(item) for item in frames):
            # Evidence nobody else could check: the sender broke the protocol on its own link.
            if why == "malformed" or why == "equivocation":
                return []  # nothing of it was used: the link is closed and reported
            return self._cheat(seat, reason)
        shown = [f.as_wire() for f in frames]
        listed = list(entries)
        out: list[Out] = []
        if (shown or listed) and seat != self.seat and not self.announced:
            self.announced = True
            verdict = {"k": "verdict", "seat": seat, "why": why, "reason": reason[:2000]}
            out.extend(self._send(verdict | {"frames": shown[:8], "entries": listed[:2]}))
        out.extend(self._cheat(seat, reason))
        return out

    def _verdict(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """Another seat named a seat: check its evidence here; forged evidence is the
        announcer's own violation."""
        seat, why, reason = payload["seat"], payload["why"], payload["reason"]
        if seat >= self.players:
            raise ProtocolViolation(sender, f"named seat {seat}, which does not exist")
        frames = shown_frames(self.signer, self.players, sender, payload.get("frames", []))
        told = f"{reason} (shown by seat {sender})"
        if why == "malformed":
            if proves_malformed(seat, frames):
                return self._cheat(seat, told)
        elif why == "equivocation":
            if proves_equivocation(seat, frames):
                return self._cheat(seat, told)
        elif why == "entries":
            if proves_two_entries(seat, payload.get("entries", []), self._entry_signed_by):
                return self._cheat(seat, told)
        elif why == "final":
            if (
                len(frames) != 1
                or frames[0].sender != seat
                or frames[0].payload.get("k") != "final"
            ):
                raise ProtocolViolation(sender, "named a seat for a final it did not sign")
            if not self.game_finished:
                return []  # cannot be checked before this seat's log is complete
            if frames[0].payload.get("d") != self._digests():
                return self._cheat(seat, told)
        else:  # "fault": take the signed messages as if from their senders and judge them here
            out: list[Out] = []
            for item in frames:
                if item.sender == self.seat:
                    continue
                try:
                    taken = self.net.accept(item)
                except Equivocation:
                    raise
                except ProtocolViolation:
                    continue  # too far ahead of what we hold: nothing to judge it by yet
                out.extend(self._take(taken))
            return out
        raise ProtocolViolation(sender, f"named seat {seat} on evidence that does not show it")

    def _fault_frames(self, item: Delivered, seat: int) -> list[Delivered]:
        """The signed messages that let others judge a fault of `seat` found while handling
        `item`: it, and when it is another seat's, `seat`'s move of this round and last message."""
        frames = [item]
        if seat != item.sender and 0 <= seat < self.players:
            current = self.round
            act = None if current is None else self.act_items.get(current.index)
            if act is not None and act.sender == seat:
                frames.append(act)
            if self.net.delivered[seat] and self.net.delivered[seat][-1] not in frames:
                frames.append(self.net.delivered[seat][-1])
        return frames

    def _hello(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """A seat's table hello: the configuration it plays must be ours."""
        if sender in self.hellos:
            raise ProtocolViolation(sender, "sent its hello twice")
        self.hellos.add(sender)
        if payload["c"] != self.config.digest():
            return self._finish(
                "config-mismatch",
                evidence=f"seat {sender} ({self.config.seats[sender].name}) was given another "
                "configuration of this game: the host sent different ones",
            )
        return []

    def _finish(
        self,
        reason: str,
        verdict: Verdict | None = None,
        cheater: int | None = None,
        evidence: str = "",
    ) -> list[Out]:
        if self.over is not None:
            return []
        result = dict(self.game.result) if self.game is not None else {"over": False}
        self.over = GameOver(result, verdict, self.log_hash, reason, cheater, evidence)
        return [self.over]


__all__ = [
    "ACT_TIMEOUT",
    "FINAL_DEADLINE",
    "HEARTBEAT_EVERY",
    "SHOW_VOTES_AFTER",
    "SILENT_AFTER",
    "DealingError",
    "Event",
    "GameOver",
    "LinkViolation",
    "MoveApplied",
    "Out",
    "PeerBack",
    "PeerSilent",
    "StateChanged",
    "TableCore",
    "canonical",
    "conflicting",
    "table_support",
]
