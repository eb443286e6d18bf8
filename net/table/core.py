"""One peer's table core for one game: fair dealing, an agreed signed log of moves, the audit.

Sans-I/O: `start`, `receive(sender, frame, now)`, `tick(now)`, `intend(action)` and `leave()`
return lists of `Outgoing` frames and events. Every peer runs the same core on the same inputs,
so every peer checks every move itself. docs/protocol.md ("Table protocol") describes the
messages; the ordering rule is in `rounds.VoteRounds.close_round`. The core routes frames, ticks
and intents and holds the state; its jobs live beside it (docs/protocol.md, "Code map"): the vote
rounds (rounds.py), the start's claims and trump naming (claiming.py), openings and re-deals
(openings.py), evidence, finals and verdicts (evidence.py), passing on what a seat lacks
(forwarding.py); what it asks of the game goes through
a `GameAdapter` (game_adapter.py, durak_adapter.py), and a seat's choices through its
`SeatConduct` (conduct.py).

The log is built in rounds. In round L (the log holds L moves) every seat still in the game
sends one vote: "bid" when it has a move to make now, "wait" otherwise; a seat whose move the
game waits for only ever bids. When a peer holds every vote of round L, the winner is the first
bidder in seat order starting from the lead attacker (clockwise); only the winner sends its move,
signed, with the hash of the log it extends. Every peer computes the same winner from the same
votes, whatever order the packets arrived in, and no peer orders moves for the others.
"""

from __future__ import annotations

import hashlib
from typing import Any

from engine.cards import Card
from engine.errors import IllegalAction
from engine.first_lead import FirstLead
from net.absence import GONE, RESUME_WINDOW, Absence
from net.dealing.errors import CheatDetected, DealingError
from net.dealing.events import Verdict
from net.dealing.messages import canonical_bytes as canonical
from net.dealing.peer import DealingPeer
from net.identity import Identity, SignatureError, verify_signature
from net.table.abandonment import Abandonment
from net.table.claiming import StartClaims
from net.table.conduct import HONEST, SeatConduct
from net.table.config import TableConfig
from net.table.deals import table_support
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
from net.table.evidence import EvidenceAndFinals
from net.table.forwarding import Forwarding, is_forwarded
from net.table.game_adapter import adapter_for
from net.table.log import act_signed_bytes
from net.table.openings import Openings
from net.table.phases import FINAL_CONFIRM, PHASES, Phase, check_transition
from net.table.reliable import (
    Delivered,
    Equivocation,
    FrameSigner,
    ProtocolViolation,
    ReliableBroadcast,
)
from net.table.rounds import VoteRounds
from net.table.schema import check_payload
from net.table.votes import Round, SignedBook, VoteBook, conflicting

WHILE_STOPPED = ("evidence", "final", "show", "verdict", "abandon", GONE)
"""The kinds a seat still takes while an abandon stops its game (`Abandonment`): evidence and
verdicts, abandons and what shows them, statements of absence; no step of the game."""


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
        conduct: SeatConduct = HONEST,
    ) -> None:
        if identity.public_key != config.seats[seat].key:
            raise ValueError("this identity does not own the seat")
        self.config = config
        self.config_digest = config.digest()  # signed into every move: computed once
        self.seat = seat
        self.identity = identity
        self.adapter = adapter_for(config)
        self.rules = self.adapter.rules
        unsupported = self.adapter.unsupported()
        if unsupported:
            raise ValueError(f"{config.variant}: {unsupported}")
        self.conduct = conduct
        self.players = config.players
        self.deck = self.adapter.deck
        self.dealing_seed = dealing_seed
        self.signer = self.frame_signer(config, identity)
        self.net = ReliableBroadcast(seat, self.players, self.signer, vouched=self.entry_vouches)
        plan = self.adapter.plan(config)
        self.dealt = plan.dealt
        self.trump_namer: int | None = plan.trump_namer
        self.named_trump: str | None = None
        self.start_masks = plan.start_masks
        self.trump_slots = plan.trump_slots
        self.two_stage = plan.two_stage
        self.turn_up_order = plan.turn_up  # two-trump, distinct suits: turned up one at a time
        self.context = plan.context
        self.dealing = conduct.dealing_core(
            self.context, seat, dealing_seed, [], identity.sign, self.check_binding
        )
        self.deals: list[DealingPeer] = [self.dealing]  # deal 0, then sub-decks in order
        # Where each engine slot's card lies: (deal index, position in that deal).
        self.sources: list[tuple[int, int]] = [(0, i) for i in range(len(self.deck))]
        self.initial_sources: list[tuple[int, int]] = list(self.sources)
        self.reshuffle_deals: list[int] = []  # the deals that re-dealt a reshuffle, in order
        self.next_deal_messages: list[tuple[int, Any]] = []  # (sender, message) of the next deal
        self.deal_verdicts: dict[int, Verdict] = {}
        self.lot_trump: str | None = None  # invisible: the trump suit the lot chose
        self.resume: tuple[int, Any] | None = None  # paused: the round to open, the last move
        # Reverse fool: a seat cannot see its own cards, so each seat shows the lowest trump of
        # the next seat's hand; the audit checks these claims (claimer, subject, card shown).
        self.proxy_claims: list[tuple[int, int, Card | None]] = []
        self.faces: dict[int, Card] = {}
        self.claim_positions: dict[int, int | None] = {}
        self.game: Any = None  # the adapter's hidden game (`game_adapter.HiddenGame`)
        self.first: int | None = None
        self.opened_to: list[int] = []
        # The log's hash before the game begins; at its start it becomes `claiming.start_hash`,
        # which binds the dealer's trump and every seat's claim into every vote and move.
        self.base_hash = hashlib.sha256(b"durak-log\x00" + config.digest()).hexdigest()
        self.log_hash = self.base_hash
        self.entries: list[dict[str, Any]] = []
        self.round: Round | None = None
        self.future_votes: dict[tuple[int, int], list[tuple[int, dict[str, Any]]]] = {}
        self.hashes: list[str] = [self.log_hash]
        self.evidence_sent: set[int] = set()
        self.finals: dict[int, list[bytes]] = {}
        self.verdict: Verdict | None = None
        self.future_acts: dict[int, tuple[int, dict[str, Any]]] = {}
        self.intent: Any = None  # this seat's queued move
        self.over: GameOver | None = None
        self.game_finished = False
        self.silent: set[int] = set()
        self.left_seats: set[int] = set()
        self.resume_window = resume_window
        self.phase = Phase.DEALING  # moved on only along `phases.PHASES` (`enter`)
        self.phase_since = now
        self.absence = Absence(
            seat, self.players, tuple(s.key for s in config.seats), config.digest()
        )
        self.absence_stated_at: float | None = None
        self.started_at = now
        self.last_tick = now  # a longer gap between ticks: this peer was down (crash, resume)
        self.clock = now  # the time of the latest frame or tick: what this seat's clock saw
        self.last_beat = now
        self.audit_started_at: float | None = None
        self.pending_plays: dict[int, str] = {}
        self.hellos: set[int] = {seat}  # seats whose table hello (configuration digest) arrived
        self.signed_book = SignedBook()  # one equivocation rule for every signed kind
        self.vote_book = VoteBook(self.signer, self.players, seat, self.signed_book)
        self.vote_frames = self.vote_book.frames  # (round, attempt, seat) -> signed vote
        self.final_frames: dict[int, Delivered] = {}
        self.final_mismatch: dict[int, float] = {}  # seat -> when its final first differed
        self.announced = False
        self.link_faults: list[LinkViolation] = []  # found while building evidence; sent out next
        self.act_items: dict[int, Delivered] = {}  # log index -> the signed move received
        # Whether the seats show a card to decide the first lead: not once a match's previous
        # result fixed the leader (config.first), so no hand's lowest trump is shown then.
        self.first_lead: FirstLead = self.adapter.first_lead(config)
        # The jobs of the core, each in its own module (docs/protocol.md, "Code map").
        self.openings = Openings(self)
        self.claiming = StartClaims(self)
        self.rounds = VoteRounds(self)
        self.evidence = EvidenceAndFinals(self)
        self.forwarding = Forwarding(self)
        self.abandonment = Abandonment(self)

    @staticmethod
    def frame_signer(config: TableConfig, identity: Identity) -> FrameSigner:
        """Signs this identity's payloads of this game and checks every seat's. The domain is the
        table's identity for this game: the digest of the whole configuration (the host's table
        id, the game number, variant and options, and every seat's own key), so a message signed
        at another table that shares the id and a player, or at another game, verifies nowhere
        else; the payload's kind and number are in the signed bytes too."""
        domain = hashlib.sha256(b"durak-game\x00" + config.digest())
        return FrameSigner(domain.digest(), [s.key for s in config.seats], identity.sign)

    def check_binding(self, seat: int, data: bytes, signature: bytes) -> bool:
        """Tell whether seat's identity key signed `data` (binds its per-deal keys)."""
        try:
            verify_signature(self.config.seats[seat].key, signature, data)
        except SignatureError:
            return False
        return True

    def start(self, now: float = 0.0) -> list[Out]:
        """Begin the deal."""
        self.started_at = self.last_beat = now
        out = self.broadcast({"k": "hello", "c": self.config.digest()})
        out.extend(self.claiming.name_trump())
        out.extend(self.openings.dealing_out(self.dealing.start(), 0))
        return out

    def receive(self, sender: int, frame: Any, now: float) -> list[Out]:
        """Take one frame from an authenticated seat.

        A frame that is not a well-formed message signed by its sender raises ProtocolViolation
        naming the link's seat (the caller drops that connection). A signed message that is
        malformed, out of place or proves a cheat ends the game with a GameOver naming its signer,
        and a verdict message shows everyone the signed evidence; nothing else is raised.
        """
        out: list[Out] = []
        self.clock = max(self.clock, now)
        if sender in self.silent:
            self.silent.discard(sender)
            out.append(PeerBack(sender))
        if is_forwarded(frame):
            if not 0 <= sender < self.players or sender == self.seat:
                raise ProtocolViolation(sender, "frame from an unknown seat")
            self.net.last_heard[sender] = now
            out.extend(self.forwarding.receive(sender, frame))
        else:
            out.extend(self._from_link(sender, frame, now))
        out.extend(self.link_faults)
        self.link_faults.clear()
        return out

    def _from_link(self, sender: int, frame: Any, now: float) -> list[Out]:
        """A frame of the sender's own: a message of it, or its heartbeat."""
        out: list[Out] = []
        try:
            delivered, replies = self.net.receive(sender, frame, now)
        except Equivocation as exc:
            delivered, replies = [], []
            out.extend(self.evidence.named(exc.seat, exc.reason, "equivocation", exc.frames))
        self.forwarding.heard(sender, frame, now)
        out.extend(replies)
        out.extend(self.take(delivered))
        return out

    def take(self, delivered: list[Delivered]) -> list[Out]:
        """Check each delivered payload against its schema (unless checked on receipt), then act
        on it."""
        out: list[Out] = []
        for item in delivered:
            payload = item.payload
            if self.over is not None and payload.get("k") not in ("deal", "evidence", "final"):
                continue
            if self.abandonment.stopped and payload.get("k") not in WHILE_STOPPED:
                continue  # an abandon stopped the game: no step of it is taken any more
            problem = None if item.well_formed else check_payload(payload)
            if problem is not None:
                out.extend(self.evidence.named(item.sender, problem, "malformed", [item]))
                continue
            try:
                out.extend(self._signed_payload(item))
            except Equivocation as exc:
                out.extend(self.evidence.named(exc.seat, exc.reason, "equivocation", exc.frames))
            except (CheatDetected, ProtocolViolation) as exc:
                shown = getattr(exc, "evidence", None)
                if isinstance(shown, dict) and "shared_secret" in shown:
                    out.extend(self.evidence.wrong_key(exc.seat, exc.reason, shown))
                    continue
                frames = self.evidence.fault_frames(item, exc.seat)
                out.extend(self.evidence.named(exc.seat, exc.reason, "fault", frames))
            except DealingError as exc:  # no seat named: the message that caused it is at fault
                out.extend(self.evidence.named(item.sender, exc.reason, "fault", [item]))
        return out

    def _signed_payload(self, item: Delivered) -> list[Out]:
        """One well-formed signed payload: record the signed votes it holds, then handle it."""
        sender, payload = item.sender, item.payload
        kind = payload["k"]
        if kind != "hello" and sender not in self.hellos:
            raise ProtocolViolation(sender, f"sent a {kind} message before its hello")
        book, shown = self.vote_book, []
        if kind != "vote":
            self.signed_book.record(item)  # a vote too, kept by the vote book as well
        if kind == "vote":
            book.record(item)
            for frame in payload.get("prior", []):
                shown.append(book.record_shown(sender, frame, payload["i"], payload["n"] - 1))
        elif kind == "act":
            self.act_items[payload["i"]] = item
            for frame in payload.get("cert", []):
                shown.append(book.record_shown(sender, frame, payload["i"], None))
        elif kind == "votes":
            for frame in payload["frames"]:
                shown.append(book.record_shown(sender, frame, payload["i"], payload["n"]))
            return self._take_shown_votes(shown)
        elif kind == "final":
            self.final_frames[sender] = item
            out = self._payload(sender, payload)
            return out + self.forwarding.show_differing_finals()
        elif kind == "verdict":
            return self.evidence.verdict(sender, payload)
        elif kind == "hello":
            return self._hello(item)
        elif kind == "abandon":
            return self.abandonment.received(item)
        out = self._payload(sender, payload)
        return out + self._take_shown_votes(shown)

    def _take_shown_votes(self, shown: list[Delivered | None]) -> list[Out]:
        """Take each signed vote shown in a message as its voter's own message, as if forwarded
        (`Forwarding.take_signed`): one this seat lacks counts in its round, and one that differs
        from the message its voter sent us under the same number proves that it equivocated."""
        out: list[Out] = []
        for vote in shown:
            if vote is not None and self.over is None:
                out.extend(self.forwarding.take_signed(vote))
        return out

    def tick(self, now: float) -> list[Out]:
        """Heartbeats, silence detection, deferred proof checks, and the deadline of the phase
        the game is in (`phases.PHASES`: the job methods named there judge it)."""
        out: list[Out] = []
        if now - self.last_tick > SILENT_AFTER:
            # This peer was not running: no other seat's wait can be judged over that time.
            self.started_at = max(self.started_at, now)
            self.phase_since = now
            if self.audit_started_at is not None:
                self.audit_started_at = now
            self.rounds.restart_waits(now)
            self.openings.restart_waits(now)
        self.last_tick = now
        self.clock = max(self.clock, now)
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
        try:
            for index, deal in enumerate(self.deals):
                if self.over is None:  # after a proven cheat nothing is checked any more
                    out.extend(self.openings.dealing_out(deal.verify_pending(), index))
        except CheatDetected as exc:
            out.extend(self.cheat(exc.seat, str(exc)))
        if self.audit_started_at is None and self.game_finished:
            self.audit_started_at = now
        out.extend(self._phase_deadlines(now))
        out.extend(self.forwarding.due(now))
        out.extend(self.link_faults)
        self.link_faults.clear()
        return out

    def _phase_deadlines(self, now: float) -> list[Out]:
        """Run the deadline checks of the current phase; when one moves the phase on, those of
        the next phase too (each phase at most once per tick)."""
        out: list[Out] = []
        judged: set[Phase] = set()
        while self.phase not in judged:
            phase = self.phase
            judged.add(phase)
            for check in PHASES[phase].checks:
                job, method = check.split(".")
                out.extend(getattr(getattr(self, job), method)(now))
                if self.phase is not phase:
                    break
        return out

    def enter(self, phase: Phase) -> None:
        """Move the game on to `phase`, along the transition table only (`phases.PhaseError`
        otherwise); once over, or stopped by an abandon, a job's late step (a deal's keys after
        the end) moves nothing but the end."""
        if self.phase is Phase.OVER or (self.phase is Phase.ABANDONING and phase is not Phase.OVER):
            return
        check_transition(self.phase, phase)
        self.phase = phase
        self.phase_since = self.clock

    def intend(self, action: Any) -> list[Out]:
        """This seat wants to make a move (from a player or a bot); it is voted in when it can be."""
        if self.game is None or self.over is not None or self.game_finished:
            raise IllegalAction("no game is running")
        if self.abandonment.stopped:
            raise IllegalAction("another seat abandoned the game")
        action = self.conduct.intent(self, action)
        if action.seat != self.seat:
            raise IllegalAction(f"this peer plays seat {self.seat}, not seat {action.seat}")
        if not self.rounds.still_legal(action):
            raise IllegalAction(f"{action} is not legal now")
        self.intent = action
        return self.rounds.vote_if_due()

    def name_trump(self, suit: str) -> list[Out]:
        """The dealer's player or bot names the trump suit (`claiming.StartClaims.choose_trump`)."""
        return self.claiming.choose_trump(suit)

    @property
    def trump_choice_due(self) -> bool:
        """This seat deals and has not named the trump suit yet (`dealer_names_trump`)."""
        return self.claiming.choice_due

    def leave(self) -> list[Out]:
        """Leave gracefully: forfeit the game; keys are published once the forfeit is in the log."""
        if self.abandonment.stopped:
            return []  # another seat's abandon stopped the game: it ends abandoned anyway
        if self.game is None or self.game_finished:
            return self.openings.leave_deals()
        return self.intend(self.adapter.forfeit(self.seat))

    @property
    def observation(self) -> Any:
        """This seat's view of the game, once it has started."""
        return None if self.game is None else self.game.observation(self.seat)

    @property
    def my_turn(self) -> bool:
        """The game waits for this seat's move and the seat knows the cards to make it."""
        game = self.game
        return (
            game is not None
            and not self.game_finished
            and not self.abandonment.stopped
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

    def broadcast(self, payload: dict[str, Any]) -> list[Out]:
        """Sign and send a payload to every seat."""
        return [self.net.broadcast(payload)]

    def _payload(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """Route a checked payload to the job that handles its kind."""
        kind = payload.get("k")
        if kind == "deal":
            return self.openings.deal_message(sender, payload)
        if kind == "claim":
            return self.claiming.claim(sender, payload)
        if kind == "trump":
            return self.claiming.trump_named(sender, payload)
        if kind == "vote":
            return self.rounds.vote(sender, payload)
        if kind == "act":
            return self.rounds.act(sender, payload)
        if kind == "evidence":
            return self.evidence.evidence(sender, payload)
        if kind == "final":
            return self.evidence.final(sender, payload)
        if kind == "show":
            return self.forwarding.shown(sender, payload)
        if kind == "ready":
            return self.rounds.ready(sender, payload)
        if kind == GONE:
            self.absence.receive(sender, payload)
            return self.end_if_departed()
        raise ProtocolViolation(sender, f"unknown message kind {kind!r}")

    def signed(self, item: Delivered) -> bool:
        """Tell whether a held payload carries its sender's signature; report its link if not."""
        if item.sender == self.seat or self.signer.check(item):
            return True
        self.link_faults.append(
            LinkViolation(item.sender, f"its message {item.seq} carries no valid signature")
        )
        return False

    def entry_vouches(self, item: Delivered) -> bool:
        """Tell whether a received move's log entry carries its sender's signature: it binds the
        move to this table and game (`config_digest`), its kind and log index, so the frame's own
        signature over the same move is checked only when the frame is used as evidence
        (`signed`, `EvidenceAndFinals.named`); `rounds.VoteRounds.act` finds this check
        remembered."""
        payload = item.payload
        if payload.get("k") != "act":
            return False
        body = {key: value for key, value in payload.items() if key != "cert"}
        return self.signer.verifies_raw(item.sender, body.get("sig"), self.move_signed_bytes(body))

    def move_signed_bytes(self, body: dict[str, Any]) -> bytes:
        """The bytes a move's author signs (`log.act_signed_bytes`)."""
        return act_signed_bytes(self.config_digest, body)

    def _absence_tick(self, now: float) -> list[Out]:
        """Sign that the seats silent past the resume window left (while the game runs); end the
        game alone, abandoned, when no agreement came within another window."""
        if self.over is not None or not self.silent:
            return []
        heard = {s: max(self.net.last_heard[s], self.started_at) for s in self.silent}
        gone = tuple(sorted(s for s, at in heard.items() if now - at > self.resume_window))
        out: list[Out] = []
        if gone and not self.game_finished:
            count = len(self.entries)
            statement = self.absence.state(self.identity, gone, count, self.absence_hashes()[count])
            if statement is not None:
                self.absence_stated_at = self.absence_stated_at or now
                out.extend(self.broadcast(statement))
                out.extend(self.end_if_departed())
        if self.over is None and now - min(heard.values()) > 2 * self.resume_window:
            out.extend(self.finish("abandoned", evidence=f"seats silent: {sorted(self.silent)}"))
        return out

    def audit_deadline(self, now: float) -> float:
        """How long the audit waits for digests and secrets once the game finished: the resume
        window while a seat is quiet (it may be resuming), FINAL_CONFIRM_DEADLINE while every
        seat is heard (a seat that heartbeats on and withholds them holds nobody longer)."""
        return (
            FINAL_CONFIRM.after(self.resume_window)
            if self.everyone_heard(now)
            else self.resume_window
        )

    def absence_hashes(self) -> list[str]:
        """The log hash chain as absence statements sign it: before the first move, the hash of
        the configuration (a seat may leave before the start is known to everyone); after it,
        the chain that binds the start."""
        return [self.base_hash, *self.hashes[1:]]

    def everyone_heard(self, now: float) -> bool:
        """Every other seat still in the game was heard in the last three heartbeats: a wait for
        keys that runs out then is theirs to answer for, not an absence."""
        return all(
            now - max(self.net.last_heard[s], self.started_at) <= 3 * HEARTBEAT_EVERY
            for s in range(self.players)
            if s != self.seat and s not in self.left_seats
        )

    def end_if_departed(self) -> list[Out]:
        """Every seat that stayed signed that the same seats left: they forfeit."""
        departure = self.absence.agreed(self.absence_hashes())
        if departure is None or self.over is not None:
            return []
        names = ", ".join(str(s) for s in departure.absent)
        heard = not any(s in self.silent for s in departure.absent)  # (a forfeit: holding.py)
        why = "did not move within the window with their cards open" if heard else "left"
        waited = 0.0
        rounds = self.rounds
        if heard and rounds.forfeit_stated_at is not None and rounds.forfeiting == departure.absent:
            why = f"did not move within the window: {rounds.forfeit_reason}"  # as we saw it
            waited = rounds.forfeit_window
        self.enter(Phase.OVER)
        self.over = GameOver(
            departure.result(self.adapter.teams),
            None,
            departure.log_hash,
            "absent",
            evidence=f"seat(s) {names} {why}; seats {list(departure.signed_by)} signed it",
            stalled=departure.absent if heard else (),
            waited=waited,
        )
        return [self.over]

    def cheat(self, seat: int, evidence: str) -> list[Out]:
        """End the game naming `seat` as a cheat."""
        return self.finish("cheat", cheater=seat, evidence=evidence)

    def _hello(self, item: Delivered) -> list[Out]:
        """A seat's table hello: the configuration it plays must be ours. A hello naming another
        configuration but signed under this game's identity (`frame_signer`) contradicts itself:
        its signer lies to this seat (and says another thing to the others), so it is named; one
        signed under another configuration is a seat the host gave another configuration."""
        sender, payload = item.sender, item.payload
        if sender in self.hellos:
            raise ProtocolViolation(sender, "sent its hello twice")
        self.hellos.add(sender)
        if payload["c"] != self.config.digest():
            if self.signer.check(item):
                raise CheatDetected(
                    sender,
                    "signed a hello naming another configuration under this game's identity",
                )
            return self.finish(
                "config-mismatch",
                evidence=f"seat {sender} ({self.config.seats[sender].name}) was given another "
                "configuration of this game: the host sent different ones",
            )
        if not self.signer.check(item):
            raise ProtocolViolation(sender, "its hello carries no valid signature for this game")
        return []

    def finish(
        self,
        reason: str,
        verdict: Verdict | None = None,
        cheater: int | None = None,
        evidence: str = "",
        stalled: tuple[int, ...] = (),
        unconfirmed: tuple[int, ...] = (),
        waited: float | None = None,
    ) -> list[Out]:
        """End the game (once) with the game's result as it stands; an abandoned game naming
        nobody is announced, so the other seats stop waiting too (a seat that ends on another's
        announcement announces it again, for the seats the first one never reached); `stalled`:
        the seats whose move the game waited for in vain, announced with it; `unconfirmed`: the
        seats whose final never came (`EvidenceAndFinals.finish_unconfirmed`); `waited`: the
        deadline the stalled seats' move ran past (default: the resume window)."""
        if self.over is not None:
            return []
        result = dict(self.game.result) if self.game is not None else {"over": False}
        waited = (self.resume_window if waited is None else waited) if stalled else 0.0
        self.enter(Phase.OVER)
        self.over = GameOver(
            result, verdict, self.log_hash, reason, cheater, evidence, stalled, waited, unconfirmed
        )
        out: list[Out] = []
        if reason == "abandoned" and cheater is None:
            announced: dict[str, Any] = {
                "k": "abandon",
                "i": len(self.entries),
                "h": self.log_hash,
                "reason": evidence[:2_000],
            }
            if stalled:
                announced["stalled"] = list(stalled)
            out.extend(self.broadcast(announced))
        out.append(self.over)
        return out


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
