"""One seat's fair-dealing core: a sans-I/O state machine, messages in, messages and events out.

Flow (docs/fair-dealing.md has the full description): hello (commitments) -> roster (every
seat confirms the hellos it saw) -> pass 1 (in seat order: re-key the whole deck with one key,
permute, prove it: shuffle argument or cut-and-choose) -> pass 2 (in seat order: swap the
pass-1 key for per-position keys, one Chaum-Pedersen proof per position) -> Ready. Then `open`
sends per-position keys to chosen seats, `play` checks a played card against the deal log,
`leave` publishes keys, and `start_audit` runs the end-of-game audit.
"""

from __future__ import annotations

import enum
import hmac
import secrets
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import Any

from net.crypto.group import InvalidPoint
from net.crypto.hashing import transcript_hash
from net.crypto.proofs import ProofError, prove_dleq, sign, verify_dleq, verify_signature
from net.dealing.audit import AuditInput, run_audit
from net.dealing.context import DealContext, SeatSecrets
from net.dealing.errors import CheatDetected, DealingError, UsageError
from net.dealing.events import AuditFinished, Left, Opened, Ready
from net.dealing.messages import (
    TYPES,
    Message,
    binding_bytes,
    decode,
    digest,
    field,
    key_pad,
    reference,
    reference_is_signed,
    split_points,
    xor32,
)
from net.dealing.pass1_proof import prove_pass1, verify_pass1
from net.dealing.schema import check_message

Output = Message | Ready | Opened | Left | AuditFinished


class Step(enum.Enum):
    """A step of the protocol this seat has taken (or a deadline that has passed), in order."""

    HELLO = "hello"  # sent its hello
    ROSTER = "roster"  # confirmed every hello
    UNLOCK = "unlock"  # pass 0 (hidden sub-decks)
    SHUFFLE = "shuffle"  # pass 1
    REKEY = "rekey"  # pass 2
    LEFT = "left"  # left gracefully: published its keys
    AUDIT = "audit"  # published its audit log
    DIGESTS_CLOSED = "digests-closed"  # the audit deadline passed before every log came
    REVEALED = "revealed"  # revealed its secrets
    REVEAL_CLOSED = "reveal-closed"  # the audit deadline passed before every secret came
    VERDICT = "verdict"  # ran the audit


class Pass(enum.Enum):
    """A dealing pass, in the order they run; its value is the type of the message it sends."""

    UNLOCK = "unlock"  # pass 0 (hidden sub-decks): swap each parent deal's key for one key
    SHUFFLE = "shuffle"  # pass 1: re-key the whole deck with one key and permute it
    REKEY = "rekey"  # pass 2: swap the pass-1 key for one key per position


GameCheck = Callable[[list[str]], list[str]]
# bind(data) -> the identity's signature; check(seat, data, signature) -> True when seat's identity
# signed it. With both, every hello's per-deal signing key is bound to its seat's identity.
Bind = Callable[[bytes], bytes]
CheckBinding = Callable[[int, bytes, bytes], bool]
LATE_TYPES = ("keys", "leave", "audit-digest", "audit-reveal")
CARRIED_TYPES = ("keys",)
"""The kinds whose own signature waits until the message is used as evidence when it arrived
inside a frame its author signed (`DealingPeer.receive`'s `carried`): the keys of every move."""
HeldAlike = Callable[[int, int], bool]
# held_alike(author, carried) -> True when every other seat holds the author's messages up to the
# frame that carried one (the `carried` mark given to `receive`) exactly as this seat does.
OBSERVER = -1
"""The seat of a core that holds no seat (`net.dealing.observer.DealObserver`): it checks every
seat's messages and proofs as a seat does and never sends one."""


class DealingPeer:
    """The dealing state of one seat; every other seat runs its own copy."""

    context: DealContext
    seat: int

    def __init__(
        self,
        context: DealContext,
        seat: int,
        *,
        seed: bytes | None = None,
        clock: Callable[[], float] | None = None,
        game_check: GameCheck | None = None,
        parent: DealingPeer | Sequence[DealingPeer] | None = None,
        bind: Bind | None = None,
        check_binding: CheckBinding | None = None,
    ) -> None:
        if (bind is None) != (check_binding is None):
            raise ValueError("binding keys to identities needs both bind and check_binding")
        if not 0 <= seat < context.players and seat != OBSERVER:
            raise ValueError(f"seat must be in 0..{context.players - 1}")
        cores = [] if parent is None else [parent] if isinstance(parent, DealingPeer) else parent
        parents = {core.session or b"": core for core in cores}
        if bool(context.hidden) != bool(cores) or len(parents) != len(cores):
            raise ValueError(
                "a hidden sub-deck needs this seat's core of each parent deal, and only them"
            )
        if set(parents) != set(context.parents):
            raise ValueError("the parent cores must be those of the sessions the sub-deck names")
        for core in cores:
            if core.deck is None or core.seat != seat:
                raise ValueError("a parent core must be this seat's, and locked")
            if core.context.players != context.players or core.context.deck != context.deck:
                raise ValueError("a hidden sub-deck keeps the parent's seats and deck")
        if not all(0 <= p < parents[s].context.size for s, p in context.hidden):
            raise ValueError("hidden positions must be positions of the parent decks")
        self.parents: dict[bytes, DealingPeer] = parents
        self.context = context
        self.seat = seat
        self.group = context.group
        own = 0 if seat == OBSERVER else seat  # an observer's secrets are random and unused
        self.secrets = SeatSecrets.derive(context, own, seed or secrets.token_bytes(32))
        self.game_check = game_check
        self.bind = bind
        self.check_binding = check_binding
        self.clock = clock
        self.timings: list[tuple[str, float]] = []
        self.session: bytes | None = None
        self.hellos: dict[int, Message] = {}
        self.shuffle_keys: dict[int, bytes] = {}
        self.rekey_bases: dict[int, bytes] = {}
        self.card_key_commitments: dict[int, list[bytes]] = {}
        self.exchange_keys: dict[int, bytes] = {}
        self.signing_keys: dict[int, bytes] = {}
        self.pass0: dict[int, list[bytes]] = {}
        self.pass1: dict[int, list[bytes]] = {}
        self.pass2: dict[int, list[bytes]] = {}
        self.deck: list[bytes] | None = None
        self.known: dict[int, tuple[int, str]] = {}
        self.owner: dict[int, int] = {}
        self.played: set[int] = set()
        self.claims: dict[int, tuple[int, str]] = {}
        self.left: set[int] = set()
        self.leaver_keys: dict[int, list[int]] = {}
        self.received_keys: dict[int, dict[int, int]] = {}
        self.sent_keys: dict[int, set[int]] = {}
        # (position, receiver) -> the seats whose key for it a keys message held here carried
        # to that receiver (this seat's own included): what `opened_to` judges.
        self.shares_to: dict[tuple[int, int], set[int]] = {}
        self.audit_digests: dict[int, Message] = {}
        self.audit_reveals: dict[int, Message] = {}
        self.forfeits: set[int] = set()
        self._log: dict[tuple[int, int], Message] = {}
        self._inbox: dict[tuple[int, int], Message] = {}
        # each stored message's digest, with the message it was computed for, by slot
        self._digests: dict[tuple[int, int], tuple[Message, bytes]] = {}
        # messages taken on their author's checked frame whose own signature is not checked yet
        # (`receive`'s `carried`), by slot: the mark of the frame that carried each
        self._unchecked: dict[tuple[int, int], int] = {}
        self._early: list[Message] = []
        self._next_seq = [0] * context.players
        self._seq = 0
        self._pending: list[tuple[str, Pass, Callable[[], None]]] = []
        self._flags: set[Step] = set()  # the steps this seat has taken
        self._events: list[Output] = []
        self._points_to_index = context.card_lookup()
        passes = list(Pass) if context.hidden else [Pass.SHUFFLE, Pass.REKEY]
        self._seq_of: dict[Pass, int] = {step: 2 + i for i, step in enumerate(passes)}
        self._seq_types = {0: "hello", 1: "roster", **{n: p.value for p, n in self._seq_of.items()}}
        self._shared: dict[int, bytes] = {}

    # ----------------------------------------------------------------- public API

    @property
    def ready(self) -> bool:
        """True once both passes are done and positions can be opened."""
        return self.deck is not None

    @property
    def logged(self) -> int:
        """How many protocol messages this seat's deal log holds (every seat's, in order)."""
        return len(self._log)

    def messages(self) -> list[Message]:
        """Every message of the deal this seat holds, each signed by it or its signature checked
        (on receipt, or now: `check_carried`), in (sender, number) order: the deal's public
        transcript (secrets only as revealed), evidence anyone can check (a game file)."""
        self.check_carried()
        return [self._log[slot] for slot in sorted(self._log)]

    def held_messages(self) -> list[Message]:
        """Every message of the deal this seat holds, in (sender, number) order, without
        checking the signatures `messages` would check now: for a relay to a spectator, which
        checks every item against its author itself (checking here would cost a seat a Schnorr
        check of every `keys` message it was spared, on every move)."""
        return [self._log[slot] for slot in sorted(self._log)]

    def held_since(self, count: int) -> list[Message]:
        """The messages this seat took into its deal log after its first `count`, in the order
        it took them (each slot is taken once, so a reader that keeps its count misses none),
        signatures not checked here: for a relay, as `held_messages`."""
        return list(islice(self._log.values(), count, None))

    def check_carried(self, held_alike: HeldAlike | None = None) -> None:
        """Check the signature of every message taken on its author's frame and not checked yet
        (`receive`'s `carried`), except those `held_alike` says every other seat holds exactly
        as this seat does; raise CheatDetected naming the author of one that fails."""
        for slot, carried in sorted(self._unchecked.items()):
            if held_alike is None or not held_alike(slot[0], carried):
                self._check_held(slot)

    def _check_held(self, slot: tuple[int, int]) -> None:
        """Check the signature of a held message taken unchecked (`receive`'s `carried`) before
        it is used as evidence; CheatDetected naming its author if it fails."""
        if slot not in self._unchecked:
            return
        message = self._log.get(slot) or self._inbox[slot]
        self._check_signature(message, self.signing_keys[slot[0]], self._digest_of(message))
        del self._unchecked[slot]

    def _check_signature(self, message: Message, public: bytes, named: bytes) -> None:
        """Check a message's own signature over its digest; CheatDetected naming its sender."""
        try:
            verify_signature(self.group, public, named, message.get("sig"))
        except ProofError as error:
            raise CheatDetected(
                message["sender"],
                f"bad signature on its {message['type']} message",
                {"message": message},
            ) from error

    @property
    def has_left(self) -> bool:
        """True once this seat has left (published its keys)."""
        return Step.LEFT in self._flags

    def start(self) -> list[Output]:
        """Begin: publish this seat's hello (nonce and commitments to all its keys)."""
        if Step.HELLO in self._flags:
            raise UsageError("already started")
        self._flags.add(Step.HELLO)
        with self._timed("hello"):
            group, own = self.group, self.secrets
            body: dict[str, Any] = {
                "type": "hello",
                "nonce": own.nonce,
                "shuffle_key": group.mult_base(own.shuffle_key),
                "card_keys": b"".join(group.mult_base(k) for k in own.card_keys),
                "exchange_key": group.mult_base(own.exchange_key),
                "signing_key": group.mult_base(own.signing_key),
            }
            if self.bind is not None:
                body["binding"] = self.bind(
                    binding_bytes(self.context.context_id, self.seat, body["signing_key"])
                )
            if self.context.hidden:
                unlock = group.mult_base(own.unlock_key)
                combined = group.mult(own.shuffle_key, unlock)
                body["unlock_key"] = unlock
                body["combined_key"] = combined
                body["combined_proof"] = prove_dleq(
                    group,
                    own.shuffle_key,
                    group.generator,
                    unlock,
                    [self.context.context_id, self.seat, "combined-key"],
                    group.mult_base(own.shuffle_key),
                    combined,
                )
            hello = self._emit(body)
            self._store_hello(self.seat, hello)
        return [hello, *self._progress()]

    def receive(
        self, message: Any, origin: int | None = None, carried: int | None = None
    ) -> list[Output]:
        """Take one message (dict or wire bytes) from another seat; `origin` is the seat the
        transport saw send it. Raise CheatDetected naming the seat at fault, or DealingError.

        `carried`: the message came inside a frame that `origin`, its author, signed with its
        identity key for this game and that the caller checked (the number is the caller's mark
        of that frame, given back to `held_alike`): then the own signature of a keys message,
        which the frame's already vouches for, is checked only when the message is used as
        evidence (compared with another version, shown in a wrong-key verdict, cited in this
        seat's audit log unless every seat holds it alike, or given out by `messages`)."""
        if Step.LEFT in self._flags:
            return []
        if isinstance(message, bytes):
            try:
                message = decode(message)
            except ValueError as error:
                raise DealingError(str(error), origin) from error
        kind = message.get("type") if isinstance(message, dict) else None
        with self._timed(f"accept-{kind}:{message.get('sender') if kind else None}"):
            self._accept(message, origin, carried)
        return self._progress()

    def verify_pending(self) -> list[Output]:
        """Run the proof checks deferred so far (the I/O layer calls this when idle)."""
        self._flush(None)
        return self._progress()

    def open(self, position: int, seats: Collection[int], owner: int | None = None) -> list[Output]:
        """Open a position to a set of seats (send them this seat's key); optionally record its owner."""
        return self.open_many([(position, seats, owner)])

    def open_many(
        self, openings: Sequence[tuple[int, Collection[int], int | None]]
    ) -> list[Output]:
        """Open several positions in one message: the initial deal, a draw, a reveal."""
        if self.deck is None:
            raise UsageError("cannot open positions before the deck is locked")
        if Step.LEFT in self._flags:
            raise UsageError("this seat has left")
        checked = []
        for position, seats, owner in openings:
            seat_set = set(seats)
            if not 0 <= position < self.context.size:
                raise UsageError(f"no position {position}")
            if not seat_set or not seat_set <= set(range(self.context.players)):
                raise UsageError(f"bad seat set {sorted(seat_set)}")
            if owner is not None and not 0 <= owner < self.context.players:
                raise UsageError(f"bad owner {owner}")
            checked.append((position, seat_set, owner))
        self._flush(None)
        out: list[Output] = []
        with self._timed("keys"):
            entries, ciphers = [], []
            for position, seat_set, owner in checked:
                if owner is not None:
                    self.owner[position] = owner
                    self.played.discard(position)
                already = self.sent_keys.setdefault(position, set())
                receivers = sorted(seat_set - {self.seat} - self.left - already)
                if not receivers:
                    continue
                already.update(receivers)
                for receiver in receivers:
                    self.shares_to.setdefault((position, receiver), set()).add(self.seat)
                key = self.secrets.card_keys[position].to_bytes(32, "little")
                entries.append([position, receivers])
                ciphers.append(
                    b"".join(
                        xor32(key, key_pad(self._sid, self._shared_with(r), position, self.seat, r))
                        for r in receivers
                    )
                )
            if entries:
                body = {"type": "keys", "openings": entries, "ciphers": ciphers}
                out.append(self._emit(body | self._answers_deck()))
        for position, seat_set, _ in checked:
            if self.seat in seat_set:
                self._try_open(position)
        return out + self._progress()

    def assign(self, position: int, seat: int) -> None:
        """Record in the deal log that a position now belongs to a seat's hand (deal, draw, take)."""
        if not 0 <= position < self.context.size or not 0 <= seat < self.context.players:
            raise UsageError("bad position or seat")
        self.owner[position] = seat
        self.played.discard(position)

    def play(self, seat: int, position: int, card: str | None) -> list[Output]:
        """Check a played card against the deal log, then open its position to everybody.

        `card` is the face the player claims; None for a blind play (reverse fool: the player
        does not know it), which claims nothing."""
        if not 0 <= position < self.context.size:
            raise CheatDetected(seat, f"played position {position}, which does not exist")
        if self.owner.get(position) != seat:
            raise CheatDetected(
                seat,
                f"played position {position}, which was not dealt to it",
                {"position": position, "owner": self.owner.get(position)},
            )
        if position in self.played:
            raise CheatDetected(
                seat, f"played position {position} a second time", {"position": position}
            )
        if card is not None and position in self.known and self.known[position][1] != card:
            raise CheatDetected(
                seat,
                f"claimed {card} from position {position}, which holds {self.known[position][1]}",
                {"position": position, "claimed": card, "card": self.known[position][1]},
            )
        self.played.add(position)
        if card is not None:
            self.claims[position] = (seat, card)
        return self.open(position, range(self.context.players))

    def leave(self) -> list[Output]:
        """Leave gracefully: publish every per-position key so the others can go on."""
        if self.deck is None:
            raise UsageError("leaving before the deck is locked aborts the deal instead")
        if Step.LEFT in self._flags:
            raise UsageError("already left")
        self._flags.add(Step.LEFT)
        keys = b"".join(k.to_bytes(32, "little") for k in self.secrets.card_keys)
        return [self._emit({"type": "leave", "keys": keys} | self._answers_deck())]

    def start_audit(self, held_alike: HeldAlike | None = None) -> list[Output]:
        """Publish the signed digests of every message this seat holds; secrets follow. A message
        taken unchecked (`receive`'s `carried`) is checked first unless `held_alike` says every
        other seat holds it as this seat does (then none checks this seat's reference to it)."""
        if self.deck is None:
            raise UsageError("nothing to audit before the deck is locked")
        if Step.AUDIT in self._flags:
            raise UsageError("audit already started")
        self.check_carried(held_alike)
        self._flags.add(Step.AUDIT)
        log = [self._reference_of(self._log[key]) for key in sorted(self._log)]
        summary = transcript_hash("audit-log", [[r["sender"], r["seq"], r["digest"]] for r in log])
        body = {"type": "audit-digest", "log": log, "summary": summary[:32]}
        message = self._emit(body | self._answers_deck())
        self.audit_digests[self.seat] = message
        return [message, *self._progress()]

    def audit_timeout(self) -> list[Output]:
        """The table's audit deadline passed: seats that have not answered forfeit."""
        if Step.AUDIT not in self._flags:
            raise UsageError("the audit has not started")
        waiting_for = self.audit_reveals if Step.REVEALED in self._flags else self.audit_digests
        missing = set(range(self.context.players)) - self.left - set(waiting_for)
        self.forfeits.update(missing)
        self._flags.add(Step.REVEAL_CLOSED if Step.REVEALED in self._flags else Step.DIGESTS_CLOSED)
        return self._progress()

    # ----------------------------------------------------------------- receiving

    @property
    def _sid(self) -> bytes:
        """The session id (only used once it exists)."""
        if self.session is None:
            raise UsageError("no session yet")
        return self.session

    def _accept(self, message: Any, origin: int | None, carried: int | None = None) -> None:
        """Check who sent a message, for which session, and its signature (one carried on its
        author's checked frame: when it is used as evidence, `receive`); queue it in order."""
        blame = origin
        if not isinstance(message, dict):
            raise DealingError("not a message", blame)
        sender = message.get("sender")
        if not isinstance(sender, int) or not 0 <= sender < self.context.players:
            raise DealingError(f"message names no valid sender: {sender!r}", blame)
        if origin is not None and origin != sender:
            raise CheatDetected(
                origin,
                f"sent a message of seat {sender} as its own (replayed from another seat)",
                {"message": message},
            )
        if sender == self.seat:
            raise CheatDetected(sender if origin is None else origin, "sent a message as this seat")
        problem = check_message(message)
        if problem is not None:
            raise CheatDetected(sender, problem, {"message": message})
        kind = message.get("type")
        seq = message.get("seq")
        if kind not in TYPES or not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise CheatDetected(sender, f"malformed message (type {kind!r}, seq {seq!r})")
        if kind == "hello":
            if message.get("session") != self.context.context_id:
                raise CheatDetected(
                    sender,
                    "hello for another game, hand, deck or proof kind (replayed from an earlier "
                    "game?)",
                    {"message": message},
                )
            public = message.get("signing_key")
            if not isinstance(public, bytes) or not self.group.is_valid(public):
                raise CheatDetected(sender, "hello carries an invalid signing key")
            if not self._bound(sender, public, message.get("binding")):
                raise CheatDetected(
                    sender, "hello's signing key is not bound to its identity", {"message": message}
                )
        elif sender not in self.hellos:
            self._early.append(message)
            return
        else:
            public = self.signing_keys[sender]
        if kind not in ("hello", "roster"):
            if self.session is None:
                self._early.append(message)
                return
            if message.get("session") != self.session:
                raise CheatDetected(
                    sender,
                    f"{kind} message from another session (replayed from an earlier game or hand)",
                    {"message": message},
                )
        named = digest(message)
        deferred = carried is not None and origin == sender and kind in CARRIED_TYPES
        if not deferred:
            self._check_signature(message, public, named)
        slot = (sender, seq)
        earlier = self._log.get(slot) or self._inbox.get(slot)
        if earlier is not None:
            if hmac.compare_digest(self._digest_of(earlier), named):
                return
            # Two versions: both signatures are checked here before the author is named.
            if deferred:
                self._check_signature(message, public, named)
            self._check_held(slot)
            raise CheatDetected(
                sender,
                f"signed two different messages as its message number {seq}",
                {"first": self._reference_of(earlier), "second": self._reference_of(message)},
            )
        expected = self._seq_types.get(seq)
        if (expected is not None and kind != expected) or (
            expected is None and kind not in LATE_TYPES
        ):
            raise CheatDetected(sender, f"sent {kind} as its message number {seq}")
        if seq < self._next_seq[sender]:
            raise CheatDetected(sender, f"message number {seq} arrived after later ones")
        self._inbox[slot] = message
        self._digests[slot] = (message, named)
        if deferred:
            assert carried is not None
            self._unchecked[slot] = carried

    def _digest_of(self, message: Message) -> bytes:
        """The digest of a message: the one computed when this very message was signed or
        checked on receipt (messages are never changed once stored), else computed now."""
        cached = self._digests.get((message["sender"], message["seq"]))
        if cached is not None and cached[0] is message:
            return cached[1]
        return digest(message)

    def _reference_of(self, message: Message) -> dict[str, Any]:
        """A reference to a message, its digest taken from the cache when stored."""
        return reference(message, self._digest_of(message))

    def _progress(self) -> list[Output]:
        """Process queued messages in order and take every step now due; return what came out."""
        out: list[Output] = []
        while True:
            moved = self._drain()
            early, self._early = self._early, []
            for message in early:
                self._accept(message, None)
            acted = self._act(out)
            out.extend(self._events)
            self._events.clear()
            if not moved and not acted and len(self._early) >= len(early):
                return out

    def _drain(self) -> bool:
        """Handle every queued message whose turn has come; tell whether any was handled."""
        handlers: dict[str, Callable[[Message], bool]] = {
            "hello": self._on_hello,
            "roster": self._on_roster,
            "unlock": self._on_unlock,
            "shuffle": self._on_shuffle,
            "rekey": self._on_rekey,
            "keys": self._on_keys,
            "leave": self._on_leave,
            "audit-digest": self._on_audit_digest,
            "audit-reveal": self._on_audit_reveal,
        }
        moved = False
        progress = True
        while progress:
            progress = False
            for sender in range(self.context.players):
                slot = (sender, self._next_seq[sender])
                message = self._inbox.get(slot)
                if message is None:
                    continue
                with self._timed(f"recv-{message['type']}:{sender}"):
                    handled = handlers[message["type"]](message)
                if handled:
                    del self._inbox[slot]
                    self._log[slot] = message
                    self._next_seq[sender] += 1
                    progress = moved = True
        return moved

    def _store_hello(self, sender: int, message: Message) -> None:
        """Keep a hello's public keys."""
        self.hellos[sender] = message
        self.shuffle_keys[sender] = message["shuffle_key"]
        self.rekey_bases[sender] = message.get("combined_key") or message["shuffle_key"]
        self.card_key_commitments[sender] = split_points(
            self.group, message["card_keys"], self.context.size, sender, "card key commitments"
        )
        self.exchange_keys[sender] = message["exchange_key"]
        self.signing_keys[sender] = message["signing_key"]

    def _on_hello(self, message: Message) -> bool:
        sender = message["sender"]
        nonce = field(message, "nonce", bytes, sender)
        if len(nonce) != 32:
            raise CheatDetected(sender, "hello nonce must be 32 bytes")
        names = ["shuffle_key", "exchange_key"]
        if self.context.hidden:
            names += ["unlock_key", "combined_key"]
        for name in names:
            point = field(message, name, bytes, sender)
            if not self.group.is_valid(point):
                raise CheatDetected(sender, f"hello carries an invalid {name}")
        if self.context.hidden:
            try:
                verify_dleq(
                    self.group,
                    self.group.generator,
                    message["shuffle_key"],
                    message["unlock_key"],
                    message["combined_key"],
                    message.get("combined_proof"),
                    [self.context.context_id, sender, "combined-key"],
                )
            except ProofError as error:
                raise CheatDetected(sender, "hello: combined key is not proven") from error
        self._store_hello(sender, message)
        if len(self.hellos) == self.context.players:
            hello_digests = [self._digest_of(self.hellos[s]) for s in range(self.context.players)]
            self.session = transcript_hash("session", self.context.context_id, hello_digests)[:32]
        return True

    def _on_roster(self, message: Message) -> bool:
        if self.session is None:
            return False
        sender = message["sender"]
        refs = field(message, "answers", list, sender)
        if len(refs) != self.context.players:
            raise CheatDetected(sender, "roster must cite every hello")
        for seat, ref in enumerate(refs):
            self._check_answer(message, ref, self.hellos[seat])
        if message.get("session") != self.session:
            raise CheatDetected(
                sender, "roster names a wrong session id although it cites the same hellos"
            )
        return True

    def _check_answer(self, message: Message, ref: Any, mine: Message) -> None:
        """Compare a cited message with the one this seat received; name whoever lied."""
        sender = message["sender"]
        if (
            not isinstance(ref, dict)
            or ref.get("sender") != mine["sender"]
            or ref.get("seq") != mine["seq"]
        ):
            raise CheatDetected(sender, f"its {message['type']} message cites the wrong message")
        cited = ref.get("digest")
        if isinstance(cited, bytes) and hmac.compare_digest(cited, self._digest_of(mine)):
            return
        author = mine["sender"]
        if author != self.seat and self._signed_by(author, mine, ref):
            raise CheatDetected(
                author,
                f"sent different {mine['type']} messages to seat {self.seat} and seat {sender}",
                {"to_this_seat": self._reference_of(mine), f"to_seat_{sender}": ref},
            )
        raise CheatDetected(
            sender,
            f"its {message['type']} message cites a {mine['type']} that seat {author} did not sign",
            {"cited": ref, "received": self._reference_of(mine)},
        )

    def _bound(self, seat: int, key: Any, binding: Any) -> bool:
        """Tell whether a per-deal signing key is bound to the seat's identity (or no binding is
        asked for)."""
        if self.check_binding is None:
            return True
        if not isinstance(key, bytes) or not isinstance(binding, bytes):
            return False
        return self.check_binding(seat, binding_bytes(self.context.context_id, seat, key), binding)

    def _signed_by(self, author: int, mine: Message, ref: dict[str, Any]) -> bool:
        """Tell whether a cited message that differs from ours was signed by its author: a hello
        under the key its reference shows bound to the author's identity, others under the key
        of the author's hello."""
        key: Any = self.signing_keys[author]
        if mine["type"] == "hello" and self.check_binding is not None:
            key = ref.get("key")
            if not self._bound(author, key, ref.get("binding")):
                return False
        return reference_is_signed(self.group, key, ref)

    def _answers_one(self, message: Message, previous: Message | None) -> None:
        """Check that a chained message answers exactly the previous one in the chain."""
        sender = message["sender"]
        answers = field(message, "answers", list, sender)
        if previous is None:
            if answers:
                raise CheatDetected(sender, "the first shuffle answers nothing")
            return
        if len(answers) != 1:
            raise CheatDetected(sender, f"its {message['type']} must answer one message")
        self._check_answer(message, answers[0], previous)

    def _message_of(self, sender: int, seq: int) -> Message | None:
        """A logged message by slot."""
        return self._log.get((sender, seq))

    def _pass1_input(self, seat: int) -> tuple[list[bytes], Message | None] | None:
        """The deck a seat shuffles in pass 1 and the message it answers, once known."""
        last = self.context.players - 1
        if seat > 0:
            if seat - 1 not in self.pass1:
                return None
            return self.pass1[seat - 1], self._message_of(seat - 1, self._seq_of[Pass.SHUFFLE])
        if self.context.hidden:
            if last not in self.pass0:
                return None
            return self.pass0[last], self._message_of(last, self._seq_of[Pass.UNLOCK])
        return self.context.card_points(), None

    def _unlock_input(self, seat: int) -> tuple[list[bytes], Message | None] | None:
        """The deck a seat re-keys in pass 0 (hidden sub-decks) and the message it answers."""
        if seat > 0:
            if seat - 1 not in self.pass0:
                return None
            return self.pass0[seat - 1], self._message_of(seat - 1, self._seq_of[Pass.UNLOCK])
        decks = {session: core.deck or [] for session, core in self.parents.items()}
        return [decks[s][p] for s, p in self.context.hidden], None

    def _on_unlock(self, message: Message) -> bool:
        sender = message["sender"]
        known = self._unlock_input(sender)
        if known is None or not self.parents:
            return False
        inputs, previous = known
        self._answers_one(message, previous)
        outputs = split_points(
            self.group, message.get("deck"), self.context.size, sender, "pass-0 deck"
        )
        proofs = field(message, "proofs", bytes, sender)
        if len(proofs) != 64 * self.context.size:
            raise CheatDetected(sender, "pass-0 needs one 64-byte proof per position")
        unlock = self.hellos[sender]["unlock_key"]
        parent_keys = [
            self.parents[session].card_key_commitments[sender][p]
            for session, p in self.context.hidden
        ]

        def check() -> None:
            for i in range(len(parent_keys)):
                try:
                    verify_dleq(
                        self.group,
                        inputs[i],
                        outputs[i],
                        parent_keys[i],
                        unlock,
                        proofs[64 * i : 64 * i + 64],
                        [self._sid, sender, "pass-0", i],
                    )
                except ProofError as error:
                    raise CheatDetected(
                        sender,
                        f"pass-0 proof fails at position {i}: its parent key was not swapped "
                        "for its committed unlock key",
                        {"message": self._reference_of(message), "position": i},
                    ) from error

        self._pending.append((f"verify-unlock:{sender}", Pass.UNLOCK, check))
        self.pass0[sender] = outputs
        return True

    def _on_shuffle(self, message: Message) -> bool:
        sender = message["sender"]
        if self.session is None:
            return False
        known = self._pass1_input(sender)
        if known is None:
            return False
        inputs, previous = known
        self._answers_one(message, previous)
        outputs = split_points(
            self.group, message.get("deck"), self.context.size, sender, "pass-1 deck"
        )
        proof = field(message, "proof", bytes, sender)
        public = self.shuffle_keys[sender]
        ctx = [self._sid, sender, "pass-1"]

        def check() -> None:
            try:
                verify_pass1(
                    self.context, message.get("proof_kind"), public, inputs, outputs, proof, ctx
                )
            except ProofError as error:
                raise CheatDetected(
                    sender,
                    f"pass-1 shuffle proof fails: {error} (a card substituted or duplicated)",
                    {"message": self._reference_of(message)},
                ) from error

        self._pending.append((f"verify-shuffle:{sender}", Pass.SHUFFLE, check))
        self.pass1[sender] = outputs
        return True

    def _on_rekey(self, message: Message) -> bool:
        sender = message["sender"]
        last = self.context.players - 1
        if sender == 0:
            if last not in self.pass1:
                return False
            inputs, previous = self.pass1[last], self._message_of(last, self._seq_of[Pass.SHUFFLE])
        else:
            if sender - 1 not in self.pass2:
                return False
            previous = self._message_of(sender - 1, self._seq_of[Pass.REKEY])
            inputs = self.pass2[sender - 1]
        self._answers_one(message, previous)
        size = self.context.size
        outputs = split_points(self.group, message.get("deck"), size, sender, "pass-2 deck")
        proofs = field(message, "proofs", bytes, sender)
        if len(proofs) != 64 * size:
            raise CheatDetected(sender, "pass-2 needs one 64-byte proof per position")
        public = self.rekey_bases[sender]
        commitments = self.card_key_commitments[sender]

        def check() -> None:
            for p in range(size):
                try:
                    verify_dleq(
                        self.group,
                        inputs[p],
                        outputs[p],
                        public,
                        commitments[p],
                        proofs[64 * p : 64 * p + 64],
                        [self._sid, sender, "pass-2", p],
                    )
                except ProofError as error:
                    raise CheatDetected(
                        sender,
                        f"pass-2 proof fails at position {p}: the position was re-keyed "
                        "with something other than its committed key",
                        {"message": self._reference_of(message), "position": p},
                    ) from error

        self._pending.append((f"verify-rekey:{sender}", Pass.REKEY, check))
        self.pass2[sender] = outputs
        if sender == last:
            self._lock()
        return True

    def _lock(self) -> None:
        """Both passes done: the last pass-2 output is the locked deck."""
        self.deck = self.pass2[self.context.players - 1]
        self._events.append(Ready(self._sid, self.context.size))

    def _answers_deck(self) -> dict[str, Any]:
        """The answers field of messages sent after the lock: the final rekey message."""
        final = self._message_of(self.context.players - 1, self._seq_of[Pass.REKEY])
        assert final is not None
        return {"answers": [self._reference_of(final)]}

    def _check_answers_deck(self, message: Message) -> None:
        """Check that a message sent after the lock cites the final rekey this seat received."""
        final = self._message_of(self.context.players - 1, self._seq_of[Pass.REKEY])
        assert final is not None
        self._answers_one(message, final)

    def _on_keys(self, message: Message) -> bool:
        if self.deck is None:
            return False
        sender = message["sender"]
        self._check_answers_deck(message)
        entries = field(message, "openings", list, sender)
        ciphers = field(message, "ciphers", list, sender)
        if len(entries) != len(ciphers) or not entries:
            raise CheatDetected(sender, "keys message: openings and ciphers do not match")
        found: list[tuple[int, int]] = []
        shares: list[tuple[int, int]] = []
        for entry, cipher in zip(entries, ciphers, strict=True):
            position, receivers = self._parse_opening(sender, entry)
            if not isinstance(cipher, bytes) or len(cipher) != 32 * len(receivers):
                raise CheatDetected(sender, f"keys message: bad cipher for position {position}")
            shares.extend((position, receiver) for receiver in receivers)
            if self.seat not in receivers:
                continue
            slot = receivers.index(self.seat)
            pad = key_pad(self._sid, self._shared_with(sender), position, sender, self.seat)
            key = int.from_bytes(xor32(cipher[32 * slot : 32 * slot + 32], pad), "little")
            if not self._key_matches(sender, position, key):
                raise CheatDetected(
                    sender,
                    f"sent a wrong key for position {position} to seat {self.seat}",
                    self._wrong_key_evidence(message, position),
                )
            found.append((position, key))
        for share in shares:
            self.shares_to.setdefault(share, set()).add(sender)
        for position, key in found:
            self.received_keys.setdefault(position, {})[sender] = key
        for position, _ in found:
            self._try_open(position)
        return True

    def opened_to(self, position: int, seat: int) -> bool:
        """Every other seat's key for `position` reached `seat` in a message this seat holds (a
        keys message naming it, or the seat's leave publishing all its keys): whoever holds
        what this seat holds can open it. A wrong key is the receiver's to show (`key`)."""
        return not self.shares_kept_from(position, seat)

    def shares_kept_from(self, position: int, seat: int) -> set[int]:
        """The other seats whose key for `position` reached `seat` in no message this seat holds
        (no keys message naming it, no leave publishing them): whose opening to it is missing."""
        senders = self.shares_to.get((position, seat), set())
        return {
            other
            for other in range(self.context.players)
            if other != seat and other not in senders and other not in self.leaver_keys
        }

    def _parse_opening(self, sender: int, entry: Any) -> tuple[int, list[int]]:
        """Validate one [position, receivers] entry of a keys message."""
        if not isinstance(entry, list) or len(entry) != 2:
            raise CheatDetected(sender, "keys message: malformed opening")
        position, receivers = entry
        players = self.context.players
        if not isinstance(position, int) or not 0 <= position < self.context.size:
            raise CheatDetected(sender, f"keys message: no position {position!r}")
        if (
            not isinstance(receivers, list)
            or not receivers
            or receivers != sorted(set(receivers))
            or not all(isinstance(r, int) and 0 <= r < players and r != sender for r in receivers)
        ):
            raise CheatDetected(sender, f"keys message: bad receivers for position {position}")
        return position, receivers

    def _key_matches(self, seat: int, position: int, key: int) -> bool:
        """Check a revealed per-position key against its commitment in the hello."""
        if not 0 < key < self.group.order:
            return False
        return hmac.compare_digest(
            self.group.mult_base(key), self.card_key_commitments[seat][position]
        )

    def _wrong_key_evidence(self, message: Message, position: int) -> dict[str, Any]:
        """Evidence anyone can check: the signed message, the shared secret and a proof of it."""
        sender = message["sender"]
        self._check_held((sender, message["seq"]))  # shown to every seat: its signature first
        shared = self._shared_with(sender)
        proof = prove_dleq(
            self.group,
            self.secrets.exchange_key,
            self.group.generator,
            self.exchange_keys[sender],
            [self._sid, "shared-secret", sender, self.seat],
            self.exchange_keys[self.seat],
            shared,
        )
        return {"message": message, "position": position, "shared_secret": shared, "proof": proof}

    def wrong_key_shown(self, announcer: int, named: int, evidence: dict[str, Any]) -> bool:
        """Whether `evidence` (`CheatDetected.evidence` of a wrong key, as `announcer` found it)
        proves that `named` signed a keys message giving `announcer` a wrong key: the message's
        signature, the Diffie-Hellman secret the two share with its proof, and the decrypted key
        checked against `named`'s commitment. False when it proves nothing (never raises)."""
        message, position = evidence.get("message"), evidence.get("position")
        shared, proof = evidence.get("shared_secret"), evidence.get("proof")
        players = self.context.players
        if not (0 <= announcer < players and 0 <= named < players and announcer != named):
            return False
        if not isinstance(message, dict) or check_message(message) is not None:
            return False
        if message.get("sender") != named or message.get("type") != "keys":
            return False
        if message.get("session") != self.session or named not in self.signing_keys:
            return False
        if not isinstance(shared, bytes) or not isinstance(position, int):
            return False
        if announcer not in self.exchange_keys or named not in self.exchange_keys:
            return False
        try:
            verify_signature(
                self.group, self.signing_keys[named], digest(message), message.get("sig")
            )
            if not self.group.is_valid(shared):
                return False
            verify_dleq(
                self.group,
                self.group.generator,
                self.exchange_keys[announcer],
                self.exchange_keys[named],
                shared,
                proof,
                [self._sid, "shared-secret", named, announcer],
            )
            for entry, cipher in zip(message["openings"], message["ciphers"], strict=True):
                at, receivers = self._parse_opening(named, entry)
                if at != position or announcer not in receivers:
                    continue
                if not isinstance(cipher, bytes) or len(cipher) != 32 * len(receivers):
                    return True  # a cipher no receiver can read is a wrong key too
                slot = receivers.index(announcer)
                pad = key_pad(self._sid, shared, position, named, announcer)
                key = int.from_bytes(xor32(cipher[32 * slot : 32 * slot + 32], pad), "little")
                return not self._key_matches(named, position, key)
        except (ProofError, InvalidPoint, CheatDetected, KeyError, TypeError, ValueError):
            return False
        return False

    def _shared_with(self, other: int) -> bytes:
        """The Diffie-Hellman secret this seat shares with another seat for this game."""
        if other not in self._shared:
            self._shared[other] = self.group.mult(
                self.secrets.exchange_key, self.exchange_keys[other]
            )
        return self._shared[other]

    def _key_of(self, seat: int, position: int) -> int | None:
        """The key of a seat for a position, if this seat has it."""
        if seat == self.seat:
            return self.secrets.card_keys[position]
        if seat in self.leaver_keys:
            return self.leaver_keys[seat][position]
        return self.received_keys.get(position, {}).get(seat)

    def _try_open(self, position: int) -> None:
        """Decrypt a position once every seat's key for it is here."""
        if position in self.known or self.deck is None:
            return
        keys = [self._key_of(seat, position) for seat in range(self.context.players)]
        if any(key is None for key in keys):
            return
        with self._timed(f"open:{position}"):
            product = 1
            for key in keys:
                assert key is not None
                product = product * key % self.group.order
            point = self.group.mult(pow(product, -1, self.group.order), self.deck[position])
            index = self._points_to_index.get(point)
            if index is None or any(index == i for i, _ in self.known.values()):
                self._flush(None)
                raise DealingError(f"position {position} opens to no card or to a card seen twice")
            card = self.context.deck[index]
            self.known[position] = (index, card)
        self._events.append(Opened(position, index, card))
        claim = self.claims.get(position)
        if claim is not None and claim[1] != card:
            raise CheatDetected(
                claim[0],
                f"claimed {claim[1]} from position {position}, which holds {card}",
                {"position": position, "claimed": claim[1], "card": card},
            )

    def _on_leave(self, message: Message) -> bool:
        if self.deck is None:
            return False
        sender = message["sender"]
        self._check_answers_deck(message)
        blob = field(message, "keys", bytes, sender)
        size = self.context.size
        if len(blob) != 32 * size:
            raise CheatDetected(sender, "leave must publish one key per position")
        keys = [int.from_bytes(blob[32 * p : 32 * p + 32], "little") for p in range(size)]
        for position, key in enumerate(keys):
            if not self._key_matches(sender, position, key):
                raise CheatDetected(
                    sender, f"published a wrong key for position {position} when leaving"
                )
        self.leaver_keys[sender] = keys
        self.left.add(sender)
        self._events.append(Left(sender))
        for position in list(self.received_keys):
            self._try_open(position)
        return True

    def _on_audit_digest(self, message: Message) -> bool:
        if self.deck is None:
            return False
        sender = message["sender"]
        self._check_answers_deck(message)
        log = field(message, "log", list, sender)
        for ref in log:
            if not (
                isinstance(ref, dict)
                and isinstance(ref.get("sender"), int)
                and isinstance(ref.get("seq"), int)
                and isinstance(ref.get("digest"), bytes)
                and isinstance(ref.get("sig"), bytes)
            ):
                raise CheatDetected(sender, "malformed audit log")
        self.audit_digests[sender] = message
        return True

    def _on_audit_reveal(self, message: Message) -> bool:
        sender = message["sender"]
        if sender not in self.audit_digests and Step.DIGESTS_CLOSED not in self._flags:
            raise CheatDetected(sender, "revealed its secrets before publishing its audit log")
        seed = field(message, "seed", bytes, sender)
        for ref in field(message, "answers", list, sender):
            if not isinstance(ref, dict) or ref.get("sender") not in self.audit_digests:
                continue
            self._check_answer(message, ref, self.audit_digests[ref["sender"]])
        if len(seed) != 32:
            raise CheatDetected(sender, "a seed is 32 bytes")
        self.audit_reveals[sender] = message
        return True

    # ----------------------------------------------------------------- own steps

    def _act(self, out: list[Output]) -> bool:
        """Take every step of this seat that is now due; tell whether any was taken."""
        acted = False
        players, me = self.context.players, self.seat
        if me == OBSERVER:
            return False
        if self.session is not None and Step.ROSTER not in self._flags:
            self._flags.add(Step.ROSTER)
            refs = [self._reference_of(self.hellos[s]) for s in range(players)]
            out.append(self._emit({"type": "roster", "answers": refs}))
            acted = True
        if (
            self.context.hidden
            and Step.UNLOCK not in self._flags
            and self.session is not None
            and self._unlock_input(me) is not None
        ):
            self._flags.add(Step.UNLOCK)
            out.append(self._unlock())
            acted = True
        if (
            Step.SHUFFLE not in self._flags
            and self.session is not None
            and self._pass1_input(me) is not None
        ):
            self._flags.add(Step.SHUFFLE)
            out.append(self._shuffle())
            acted = True
        if (
            Step.REKEY not in self._flags
            and len(self.pass1) == players
            and (me == 0 or me - 1 in self.pass2)
        ):
            self._flush(Pass.UNLOCK)
            self._flush(Pass.SHUFFLE)
            self._flags.add(Step.REKEY)
            out.append(self._rekey())
            acted = True
        if Step.AUDIT in self._flags and Step.REVEALED not in self._flags:
            expected = set(range(players)) - self.left
            if expected <= set(self.audit_digests) or Step.DIGESTS_CLOSED in self._flags:
                self._flags.add(Step.REVEALED)
                refs = [
                    self._reference_of(self.audit_digests[s]) for s in sorted(self.audit_digests)
                ]
                reveal = self._emit(
                    {"type": "audit-reveal", "seed": self.secrets.seed, "answers": refs}
                )
                self.audit_reveals[me] = reveal
                out.append(reveal)
                acted = True
        if Step.REVEALED in self._flags and Step.VERDICT not in self._flags:
            expected = set(range(players)) - self.left
            if expected <= set(self.audit_reveals) or Step.REVEAL_CLOSED in self._flags:
                self._flags.add(Step.VERDICT)
                self._flush(None)
                with self._timed("audit"):
                    verdict = run_audit(self._audit_input())
                out.append(AuditFinished(verdict))
                acted = True
        return acted

    def _unlock(self) -> Message:
        """Pass 0 of a hidden sub-deck: swap each parent per-position key for the unlock key."""
        me = self.seat
        known = self._unlock_input(me)
        assert known is not None and self.parents
        inputs, previous = known
        with self._timed("unlock"):
            order = self.group.order
            unlock = self.secrets.unlock_key
            public = self.hellos[me]["unlock_key"]
            outputs, proofs = [], []
            for i, (session, p) in enumerate(self.context.hidden):
                parent = self.parents[session]
                factor = unlock * pow(parent.secrets.card_keys[p], -1, order) % order
                out_point = self.group.mult(factor, inputs[i])
                outputs.append(out_point)
                proofs.append(
                    prove_dleq(
                        self.group,
                        factor,
                        inputs[i],
                        parent.card_key_commitments[me][p],
                        [self._sid, me, "pass-0", i],
                        out_point,
                        public,
                    )
                )
            message = self._emit(
                {
                    "type": "unlock",
                    "answers": [self._reference_of(previous)] if previous else [],
                    "deck": b"".join(outputs),
                    "proofs": b"".join(proofs),
                }
            )
            self.pass0[me] = outputs
        return message

    def _shuffle(self) -> Message:
        """Pass 1: multiply every point by the shuffle key, permute, prove."""
        me = self.seat
        known = self._pass1_input(me)
        assert known is not None
        with self._timed("shuffle"):
            inputs, previous = known
            key = self.secrets.shuffle_key
            outputs = [self.group.mult(key, inputs[i]) for i in self.secrets.permutation]
            proof = prove_pass1(
                self.context,
                key,
                inputs,
                outputs,
                self.secrets.permutation,
                [self._sid, me, "pass-1"],
            )
            message = self._emit(
                {
                    "type": "shuffle",
                    "answers": [self._reference_of(previous)] if previous else [],
                    "deck": b"".join(outputs),
                    "proof": proof,
                    "proof_kind": self.context.proof,
                }
            )
            self.pass1[me] = outputs
        return message

    def _rekey(self) -> Message:
        """Pass 2: replace the shuffle key by a per-position key, one equal-log proof each."""
        me, last = self.seat, self.context.players - 1
        with self._timed("rekey"):
            if me == 0:
                inputs = self.pass1[last]
                previous = self._message_of(last, self._seq_of[Pass.SHUFFLE])
            else:
                inputs = self.pass2[me - 1]
                previous = self._message_of(me - 1, self._seq_of[Pass.REKEY])
            order = self.group.order
            unshuffle = pow(self._rekey_divisor(), -1, order)
            public = self.rekey_bases[me]
            commitments = self.card_key_commitments[me]
            outputs, proofs = [], []
            for p, point in enumerate(inputs):
                factor = self.secrets.card_keys[p] * unshuffle % order
                out_point = self.group.mult(factor, point)
                outputs.append(out_point)
                proofs.append(
                    prove_dleq(
                        self.group,
                        factor,
                        point,
                        public,
                        [self._sid, me, "pass-2", p],
                        out_point,
                        commitments[p],
                    )
                )
            assert previous is not None
            message = self._emit(
                {
                    "type": "rekey",
                    "answers": [self._reference_of(previous)],
                    "deck": b"".join(outputs),
                    "proofs": b"".join(proofs),
                }
            )
            self.pass2[me] = outputs
            if me == last:
                self._lock()
        return message

    def _rekey_divisor(self) -> int:
        """The key pass 2 removes: the shuffle key (times the unlock key for hidden sub-decks)."""
        own = self.secrets
        if self.context.hidden:
            return own.shuffle_key * own.unlock_key % self.group.order
        return own.shuffle_key

    def _emit(self, body: dict[str, Any]) -> Message:
        """Stamp, sign and log an outgoing message."""
        message = dict(body)
        message["session"] = self.context.context_id if body["type"] == "hello" else self._sid
        message["sender"] = self.seat
        message["seq"] = self._seq
        named = digest(message)
        message["sig"] = sign(self.group, self.secrets.signing_key, named)
        self._log[(self.seat, self._seq)] = message
        self._digests[(self.seat, self._seq)] = (message, named)
        self._seq += 1
        return message

    def _flush(self, step: Pass | None) -> None:
        """Run deferred checks (all, or those of one pass)."""
        keep = []
        for label, task_step, check in self._pending:
            if step is None or task_step is step:
                with self._timed(label):
                    check()
            else:
                keep.append((label, task_step, check))
        self._pending = keep

    @contextmanager
    def _timed(self, label: str) -> Iterator[None]:
        """Record how long a step took, when a clock was given."""
        if self.clock is None:
            yield
            return
        start = self.clock()
        try:
            yield
        finally:
            self.timings.append((label, self.clock() - start))

    def _audit_input(self) -> AuditInput:
        """Everything the audit needs, as plain data."""
        return AuditInput(
            context=self.context,
            session=self._sid,
            seat=self.seat,
            hellos=dict(self.hellos),
            log=dict(self._log),
            log_digests={slot: self._digest_of(message) for slot, message in self._log.items()},
            pass0=dict(self.pass0),
            pass1=dict(self.pass1),
            pass2=dict(self.pass2),
            leaver_keys=dict(self.leaver_keys),
            left=frozenset(self.left),
            digests=dict(self.audit_digests),
            reveals={s: m["seed"] for s, m in self.audit_reveals.items()},
            forfeits=frozenset(self.forfeits),
            claims=dict(self.claims),
            game_check=self.game_check,
        )


__all__ = ["OBSERVER", "DealingPeer", "GameCheck", "HeldAlike", "InvalidPoint", "Output", "Step"]
