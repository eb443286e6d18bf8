"""One game as a spectator follows it: every seat's feed checked, the public game rebuilt live.

`GameFollower(config)` takes each seat's `feed` frames (`net.watch_feed`) in any order and
checks what they hold as a seat checks it: every dealing message through a `SpectatorDeal`
(signatures, bindings to the seats' identities, proofs), every log entry's author signature
and its place in the hash chain (which begins with the start the seats signed), every move
against the game it extends (`GameAdapter.read_move`, then the engine), the faces the moves
claim against the faces the keys open, and every seat's heartbeat hash against the chain.
The game is the table's hidden game seen from no seat (`new_hidden`), revealed only where the
table showed a face to every seat. It emits `GameStarted`, `MoveShown` and `GameEnded`; when
the seats' audit opened every face, every seat's audit reveal is checked against its commitments
(`DealObserver.audit`, as a seat checks it) and the deck opened: a `TableShown` with every hand
(`audit`) comes just before `GameEnded`.

Every seat relays the other seats' signed material too, so the game is caught up from any one
seat (a seat gone cannot feed it). Nothing is trusted for who relayed it: each log entry is
checked against its author's signature when it comes, each dealing message against its author's
(`SpectatorDeal.author_signed`), each key against its author's commitment. A seat whose feed
carries something its author did not sign, a key its author did not commit to, or a heartbeat
hash that is not the signed chain's has its feed ended (`ended_feeds`), naming nobody: the watch
goes on from the others. An author that signed two versions of one log entry or dealing message
is named (both signatures check: the same rule as at the table). Any other mismatch ends the
watch of the game with `disagreement`, naming nobody: what a spectator sees cannot prove which
seat lied to it.
"""

from __future__ import annotations

import hashlib
from typing import Any

from engine.cards import Card
from engine.errors import EngineError, ParseError
from net.dealing.errors import CheatDetected, DealingError
from net.dealing.messages import digest
from net.dealing.spectator import SpectatorDeal
from net.history.capture import result_of
from net.history.replay import DealtLayout
from net.identity import SignatureError, verify_signature
from net.table.config import TableConfig
from net.table.game_adapter import adapter_for, entry_seat
from net.table.log import act_signed_bytes, chain
from net.watch_events import GameEnded, GameStarted, MoveShown, TableShown, WatchEvent
from net.watch_feed import FEED, WATCH

MAX_DEALS_AHEAD = 64
"""Deals a feed may name beyond those this spectator knows (a game re-deals far fewer times)."""
MAX_BUFFERED = 4_096
"""Feed frames a spectator keeps from one seat ahead of the next it expects (then: mismatch)."""


class Disagreement(Exception):
    """What the seats sent this spectator does not fit together (no seat is named)."""


class BadFeed(Exception):
    """One seat's feed frame is malformed: that seat's feed ends (no seat is named)."""


MALFORMED = (BadFeed, ValueError, TypeError, KeyError, IndexError, AttributeError)
"""What taking a malformed frame raises: the fault of the seat that fed it alone."""


class GameFollower:
    """One game rebuilt from the seats' feeds; never holds a face not shown to every seat."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.names = tuple(seat.name for seat in config.seats)
        self.adapter = adapter_for(config)
        self.plan = self.adapter.plan(config)
        self.players = config.players
        self.everyone = (1 << self.players) - 1
        self.config_digest = config.digest()
        self.base_hash = hashlib.sha256(b"durak-log\x00" + self.config_digest).hexdigest()
        self.log_hash = self.base_hash
        self.hashes: list[str] = []
        """The log hash after the start (index 0) and after each applied move."""
        self.next_number = [0] * self.players
        self.buffered: list[dict[int, dict[str, Any]]] = [{} for _ in range(self.players)]
        self.deals: list[SpectatorDeal] = []
        self.heads: dict[int, tuple[str, list[tuple[int, int]]]] = {}
        self.waiting_messages: dict[int, list[tuple[int, dict[str, Any]]]] = {}
        """Per deal: (the seat that fed it, a message) not taken yet."""
        self.waiting_keys: list[tuple[int, int, int, int, bytes]] = []
        """(the seat that fed it, author, deal, position, key) not offered yet."""
        self.ended_feeds: dict[int, str] = {}
        """Seat -> why its feed ended: it carried something its author did not sign."""
        self.gone: set[int] = set()
        """Seats whose link to this spectator is down now (`seat_gone`)."""
        self.start: dict[str, Any] | None = None
        self.redeals: list[int] = []
        self.seats_at: dict[int, tuple[int, str]] = {}
        self.applied_by_seats = 0
        self.entries: dict[int, dict[str, Any]] = {}
        """Signed log entries not applied yet, by index."""
        self.applied_entries: list[dict[str, Any]] = []
        self.game: Any = None
        self.layout: DealtLayout | None = None
        self.applied = 0
        self.overs: dict[int, dict[str, Any]] = {}
        self.ended: GameEnded | None = None
        self.audited = False
        """The audit's reveals opened every face (after the game's end, never before)."""
        self.awaiting_reveals = False
        """A seat reported the game over with the deck opened; some seat's reveal is not here."""
        self.without_hands = False
        """The game ends without the audit's hands (`end_without_hands`)."""
        self.failed: str | None = None

    # ------------------------------------------------------------------ input

    def receive(self, seat: int, frame: Any) -> list[WatchEvent]:
        """A feed frame from `seat`'s link: the events it lets the spectator show. Raises
        Disagreement (its words name no seat) when the seats' feeds do not fit together."""
        if self.failed is not None or self.ended is not None:
            return []
        if seat in self.ended_feeds:
            return []
        try:
            try:
                self._buffer(seat, frame)
                while self.next_number[seat] in self.buffered[seat]:
                    payload = self.buffered[seat].pop(self.next_number[seat])
                    self.next_number[seat] += 1
                    self._take(seat, payload)
                    if seat in self.ended_feeds:
                        break
            except MALFORMED as exc:
                self._end_feed(seat, f"a malformed feed: {exc!r}"[:300])
            self._settle_deals()
            return self._advance()
        except (CheatDetected, DealingError, EngineError, ParseError) as exc:
            self.failed = str(exc)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            self.failed = f"a malformed feed: {exc!r}"[:300]
        except Disagreement as exc:
            self.failed = str(exc)
        raise Disagreement(self.failed)

    def _buffer(self, seat: int, frame: Any) -> None:
        """Keep a well-formed feed frame until the ones before it are in."""
        if not 0 <= seat < self.players:
            raise Disagreement("a feed from a link that is no seat")
        if not isinstance(frame, dict) or frame.get("t") != WATCH or frame.get("k") != FEED:
            raise BadFeed("a seat sent something that is not a feed")
        number, payload = frame.get("n"), frame.get("p")
        if frame.get("g") != self.config.game_no:
            raise BadFeed("a seat fed another game")
        if type(number) is not int or not isinstance(payload, dict):
            raise BadFeed("a malformed feed frame")
        if number < self.next_number[seat]:
            return  # a duplicate
        if len(self.buffered[seat]) >= MAX_BUFFERED:
            raise BadFeed("a seat's feed skipped frames")
        self.buffered[seat][number] = payload

    def _take(self, seat: int, payload: dict[str, Any]) -> None:
        """One feed frame's contents, in the order a seat made them."""
        start = payload.get("start")
        if start is not None:
            self._take_start(start)
        for index, label, sources, messages in payload.get("deals") or []:
            self._take_deal(seat, index, label, sources, messages)
        for item in payload.get("keys") or []:
            if not isinstance(item, list) or len(item) != 4:
                raise BadFeed("a malformed public key")
            deal, position, key, author = item
            if type(author) is not int or type(position) is not int or type(deal) is not int:
                raise BadFeed("a malformed public key")
            self.waiting_keys.append((seat, author, deal, position, key))
        for index, entry in payload.get("log") or []:
            self._take_entry(seat, index, entry)
        if seat in self.ended_feeds:
            return
        at = payload.get("at")
        if at is not None:
            length, log_hash, redeals = at
            if type(length) is not int or not isinstance(log_hash, str) or length < 0:
                raise BadFeed("a malformed heartbeat hash")
            self._take_redeals(redeals)
            self.seats_at[seat] = (length, log_hash)
            self.applied_by_seats = max(self.applied_by_seats, length)
        over = payload.get("over")
        if over is not None:
            if not isinstance(over, dict) or not isinstance(over.get("log_hash"), str):
                raise BadFeed("a malformed game over")
            self.overs[seat] = over

    def _take_start(self, start: Any) -> None:
        """The start as a seat holds it; every seat must send the same."""
        if not isinstance(start, dict):
            raise BadFeed("a malformed start")
        if self.start is not None:
            if start != self.start:
                raise Disagreement("two seats sent different starts")
            return
        first, initial = start.get("first"), start.get("initial")
        if type(first) is not int or not 0 <= first < self.players:
            raise BadFeed("a start without a first leader")
        if not isinstance(initial, list) or len(initial) != len(self.adapter.deck):
            raise BadFeed("a start with another card layout")
        self.start = start

    def _take_redeals(self, redeals: Any) -> None:
        """The deals a seat's re-deals used so far: every seat's list extends the others'."""
        if not isinstance(redeals, list) or not all(type(d) is int for d in redeals):
            raise BadFeed("malformed re-deals")
        shorter, longer = sorted((self.redeals, redeals), key=len)
        if longer[: len(shorter)] != shorter:
            raise Disagreement("two seats re-dealt from different deals")
        self.redeals = list(longer)
        if self.layout is not None:
            self.layout.reshuffle_deals = self.redeals

    def _take_deal(self, seat: int, index: Any, label: Any, sources: Any, messages: Any) -> None:
        """A seat's own messages of a deal (its head the same at every seat)."""
        if type(index) is not int or not 0 <= index <= len(self.heads) + MAX_DEALS_AHEAD:
            raise BadFeed("a deal out of range")
        head = (str(label), [(int(d), int(p)) for d, p in sources])
        known = self.heads.setdefault(index, head)
        if known != head:
            raise Disagreement(f"two seats sent different deal {index}s")
        if not isinstance(messages, list):
            raise BadFeed("malformed deal messages")
        for message in messages:
            if not isinstance(message, dict):
                raise BadFeed("a malformed deal message")
            self.waiting_messages.setdefault(index, []).append((seat, message))

    def _take_entry(self, seat: int, index: Any, entry: Any) -> None:
        """A log entry `seat` fed (its own or relayed): taken under its author's signature; one
        its author did not sign ends `seat`'s feed; a second version its author signed too
        names the author."""
        if type(index) is not int or index < 0 or not isinstance(entry, dict):
            raise BadFeed("a malformed log entry")
        held = self.applied_entries if index < self.applied else None
        earlier = held[index] if held is not None else self.entries.get(index)
        if earlier == entry:
            return
        author = entry_seat(entry)
        if author is None or not 0 <= author < self.players or entry.get("i") != index:
            self._end_feed(seat, f"it fed a log entry {index} that names no author")
            return
        if not self._signed_by_author(author, entry):
            self._end_feed(seat, f"it fed a log entry {index} its author did not sign")
            return
        if earlier is not None:
            if entry_seat(earlier) == author:
                raise Disagreement(f"{self.names[author]} signed two versions of log entry {index}")
            raise Disagreement(f"two seats signed a log entry {index}")
        self.entries[index] = entry

    def _signed_by_author(self, author: int, entry: dict[str, Any]) -> bool:
        """Whether a log entry carries its author's signature for this game."""
        try:
            signed = act_signed_bytes(self.config_digest, entry)
            verify_signature(self.config.seats[author].key, entry["sig"], signed)
        except (SignatureError, TypeError, KeyError, ValueError):
            return False
        return True

    def _end_feed(self, seat: int, why: str) -> None:
        """Stop taking `seat`'s feed: it carried something its author did not sign (naming
        nobody: it may relay what another seat gave it). The watch goes on from the others;
        raises Disagreement when no seat's feed is left."""
        if seat in self.ended_feeds:
            return
        self.ended_feeds[seat] = why
        self.buffered[seat].clear()
        self.seats_at.pop(seat, None)
        self.overs.pop(seat, None)
        self.waiting_keys = [item for item in self.waiting_keys if item[0] != seat]
        for index, waiting in self.waiting_messages.items():
            self.waiting_messages[index] = [item for item in waiting if item[0] != seat]
        for deal in self.deals:
            for offers in deal.offered.values():
                offers.pop(seat, None)
        if len(self.ended_feeds) == self.players:
            raise Disagreement("every seat fed something its author did not sign")

    # ------------------------------------------------------------------ deals

    def _check_binding(self, seat: int, data: bytes, signature: bytes) -> bool:
        try:
            verify_signature(self.config.seats[seat].key, signature, data)
        except (SignatureError, IndexError):
            return False
        return True

    def _settle_deals(self) -> None:
        """Create the deals whose parents are locked, feed them, take the public keys."""
        while len(self.deals) in self.heads:
            index = len(self.deals)
            label, sources = self.heads[index]
            if index == 0:
                if sources:
                    raise Disagreement("deal 0 re-deals nothing")
                context = self.plan.context
            else:
                if not sources or any(not 0 <= d < index for d, _ in sources):
                    raise Disagreement(f"deal {index} names no earlier deal")
                parents = [self.deals[d] for d in sorted({d for d, _ in sources})]
                if any(parent.deck is None for parent in parents):
                    break  # its parents are not locked here yet
                context = self.plan.context.hidden_sub_deck_of(
                    [(self.deals[d].session or b"", p) for d, p in sources], label
                )
            if context.label != label:
                raise Disagreement(f"deal {index} is labelled {label!r}")
            parents = [self.deals[d] for d in sorted({d for d, _ in sources})]
            self.deals.append(SpectatorDeal(context, parents, self._check_binding))
        for index, deal in enumerate(self.deals):
            messages = self.waiting_messages.pop(index, [])
            messages.sort(key=lambda item: (_number(item[1]), item[0]))  # hellos first
            later = [item for item in messages if not self._take_message(index, deal, *item)]
            if later:
                self.waiting_messages.setdefault(index, []).extend(later)
        keys, self.waiting_keys = self.waiting_keys, []
        for seat, author, index, position, key in keys:
            if seat in self.ended_feeds:
                continue
            if index < 0:
                self._end_feed(seat, "it fed a public key of no deal")
            elif index >= len(self.deals):
                self.waiting_keys.append((seat, author, index, position, key))
            else:
                for relay in self.deals[index].offer_key(author, position, key, seat):
                    self._end_feed(relay, "it fed a key its author did not commit to")
        for deal in self.deals:
            if deal.offered:
                for relay in deal.retry_offers():
                    self._end_feed(relay, "it fed a key its author did not commit to")

    def _take_message(self, index: int, deal: SpectatorDeal, seat: int, message: Any) -> bool:
        """A dealing message `seat` fed (its own or relayed), taken under its author's signature;
        one its author did not sign ends `seat`'s feed; a second version its author signed too
        names the author. False: its author's hello is not here yet (kept for later)."""
        if seat in self.ended_feeds:
            return True
        held = deal.held(message)
        try:
            if held is not None and (held == message or digest(held) == digest(message)):
                return True
        except (ValueError, TypeError):
            pass  # not a message: its signature does not check below
        signed = deal.author_signed(message)
        if signed is None:
            return False
        if not signed:
            self._end_feed(seat, f"it fed a message of deal {index} its author did not sign")
            return True
        if held is not None:
            author = self.names[int(message["sender"])]
            raise Disagreement(f"{author} signed two versions of one message of deal {index}")
        deal.receive(message)
        return True

    def unchecked(self) -> bool:
        """Whether proofs of the deals are still to be checked (`verify`)."""
        return any(deal.unchecked() for deal in self.deals)

    def verify(self) -> list[WatchEvent]:
        """Check every proof deferred so far, as a seat does when idle (a spectator first
        catches up, then checks): the events that follow (the game's end waits for it).
        Raises Disagreement when a proof fails."""
        if self.failed is not None or self.ended is not None:
            return []
        try:
            for deal in self.deals:
                deal.verify_pending()
            self._settle_deals()  # a message kept for its author's hello may be taken now
            return self._advance()
        except (CheatDetected, DealingError, EngineError, ParseError, Disagreement) as exc:
            self.failed = str(exc)
        raise Disagreement(self.failed)

    def face(self, source: tuple[int, int]) -> Card | None:
        """The face at (deal, position), when the table opened it to every seat."""
        deal, position = source
        if not 0 <= deal < len(self.deals):
            return None
        known = self.deals[deal].known.get(position)
        return None if known is None else Card.parse(known[1])

    def hidden_faces_held(self) -> list[tuple[int, int]]:
        """(deal, position) of every face held, in the deals or in the game, that not every seat
        was shown (always []; after the audit opened every face, none is hidden)."""
        if self.audited:
            return []
        held = [(i, p) for i, deal in enumerate(self.deals) for p in deal.hidden_faces_held()]
        if self.game is not None and self.layout is not None:
            sources = self.layout.before(self.applied)
            held.extend(
                source
                for slot, source in enumerate(sources)
                if self.game.faces[slot] is not None and self.face(source) is None
            )
        return held

    # ------------------------------------------------------------------ the game

    def _advance(self) -> list[WatchEvent]:
        """Start the game, apply every move that can be, check the hashes, end."""
        out: list[WatchEvent] = []
        if self.game is None and self.start is not None:
            out.extend(self._begin())
        while self.game is not None and self.applied in self.entries:
            shown = self._apply_next()
            if shown is None:
                break
            out.append(shown)
        for seat, (length, log_hash) in list(self.seats_at.items()):
            if length < len(self.hashes) and self.hashes[length] != log_hash:
                self._end_feed(seat, f"its log hash is not the signed log's at move {length}")
        if self.game is not None and self._reveal_public():
            out.append(
                TableShown(self.config.game_no, self.applied, self.game.public_observation())
            )
        out.extend(self._ended())
        return out

    def _begin(self) -> list[WatchEvent]:
        """Create the game once the start's shown faces are open; check the start's hash."""
        assert self.start is not None
        first = self.start["first"]
        initial = [(int(d), int(p)) for d, p in self.start["initial"]]
        claims = self.start.get("claims") or []
        everyone = self.everyone
        shown = set(self.adapter.start_openings(first)) | {p for p in claims if type(p) is int}
        shown |= {slot for slot, mask in enumerate(self.plan.start_masks) if mask == everyone}
        faces: dict[int, Card] = {}
        for slot in shown:
            if not 0 <= slot < len(initial):
                raise Disagreement("the start shows a card out of range")
            card = self.face(initial[slot])
            if card is None:
                return []  # its key is not here yet
            faces[slot] = card
        record = {"trump": self.start.get("trump"), "claims": list(claims)}
        self.log_hash = chain(self.base_hash, record)
        self.hashes = [self.log_hash]
        trump = self.start.get("trump")
        game = self.adapter.new_hidden(0, first, trump, self.config.dealer, faces)
        for slot, card in faces.items():
            if game.faces[slot] is None:
                game.reveal(slot, card)
        self.game = game
        self.layout = DealtLayout(initial, self.redeals)
        self._reveal_public()
        return [
            GameStarted(
                self.config.game_no,
                self.config.variant,
                self.names,
                game.public_observation(),
                0,
                self.applied_by_seats,
            )
        ]

    def _slot_face(self, index: int, slot: int) -> Card | None:
        """The face of an engine slot before move `index`, if open to every seat."""
        assert self.layout is not None
        sources = self.layout.before(index)
        return self.face(sources[slot]) if 0 <= slot < len(sources) else None

    def _apply_next(self) -> MoveShown | None:
        """Apply the next log entry once its author's signature, its chain, its move and every
        face it shows check; None while a face or a seat's re-deal is still on its way."""
        index = self.applied
        if index >= self.applied_by_seats:
            return None  # no seat said it applied it yet (its re-deals may be unknown)
        entry = self.entries[index]  # its author's signature checked (`_take_entry`)
        game, adapter = self.game, self.adapter
        author = entry_seat(entry)
        assert author is not None
        if entry.get("prev") != self.log_hash:
            raise Disagreement(f"log entry {index} does not extend the log")
        action, positions = adapter.read_move(author, index, entry, game)
        turned = adapter.turned_up(game, action)
        claimed = adapter.claimed_faces(action, positions)
        needed = [slot for slot, _ in turned] + list(positions)
        faces = {slot: self._slot_face(index, slot) for slot in needed}
        if any(card is None for card in faces.values()):
            return None  # a key to open a face it shows is still on its way
        for slot, _ in turned:
            if game.faces[slot] is None:
                game.reveal(slot, faces[slot])
        for position, card in zip(positions, claimed, strict=True):
            face = faces[position]
            if card is not None and face != card:
                raise Disagreement(f"move {index} claims {card}, the table opened {face}")
            if game.faces[position] is None:
                game.reveal(position, face)
        events = game.apply(action)  # an IllegalAction is an EngineError: the feeds disagree
        redealt = adapter.redealt(events)
        if redealt:
            assert self.layout is not None
            self.layout.redeal(index, redealt)
        self.applied += 1
        self.applied_entries.append(self.entries.pop(index))
        self.log_hash = chain(self.log_hash, entry)
        self.hashes.append(self.log_hash)
        self._reveal_public()
        return MoveShown(
            self.config.game_no,
            index,
            author,
            str(action),
            game.public_observation(),
            self.log_hash,
        )

    def _reveal_public(self) -> bool:
        """Show every slot the game made known to every seat whose face is open here; whether
        one was shown."""
        game, shown = self.game, False
        for slot, known in enumerate(game.known):
            if known == self.everyone and game.faces[slot] is None:
                card = self._slot_face(self.applied, slot)
                if card is not None:
                    game.reveal(slot, card)
                    shown = True
        return shown

    def _ended(self) -> list[WatchEvent]:
        """The game over a seat reported, once this spectator's log reached its hash (after
        the hands the audit opened, when it opened them)."""
        if self.unchecked():
            return []  # the game ends here once every proof checked (`verify`)
        for over in self.overs.values():
            if over["log_hash"] != self.log_hash:
                continue
            reason = str(over.get("reason"))
            if reason == "finished" and (self.game is None or not self.game.over):
                continue
            if reason != "finished" and not self._said_alike(over):
                continue
            out: list[WatchEvent] = []
            opened = over.get("opened") is True and not self.without_hands
            if opened and self.game is not None and not self.audited:
                if not all(deal.fully_revealed() for deal in self.deals):
                    self.awaiting_reveals = True
                    return []  # a seat's audit reveal is still on its way
                self.awaiting_reveals = False
                self._open_audit()
                out.append(
                    TableShown(
                        self.config.game_no, self.applied, self.game.public_observation(), True
                    )
                )
            result = over.get("result")
            outcome: dict[str, Any] = result if isinstance(result, dict) else {}
            cheater = over.get("cheater") if type(over.get("cheater")) is int else None
            if reason == "finished" and self.game is not None:
                outcome, cheater = dict(self.game.result), None  # played out here, not said
            record = result_of(reason, dict(outcome), cheater, list(self.names))
            self.ended = GameEnded(
                self.config.game_no, record.words, self.log_hash, record.fool, reason
            )
            return [*out, self.ended]
        return []

    def _said_alike(self, over: dict[str, Any]) -> bool:
        """Whether an end the game does not show (not `finished`: absent, abandoned, a cheat,
        said in a seat's words that nobody signs) is said alike by two seats, or by every seat
        still feeding this spectator when fewer are left."""
        alike = sum(
            1
            for other in self.overs.values()
            if all(other.get(key) == over.get(key) for key in ("reason", "log_hash", "cheater"))
            and other.get("result") == over.get("result")
        )
        feeding = [
            seat
            for seat in range(self.players)
            if self.next_number[seat] > 0 and seat not in self.ended_feeds and seat not in self.gone
        ]
        return alike >= min(2, max(1, len(feeding)))

    def seat_gone(self, seat: int) -> list[WatchEvent]:
        """`seat`'s link to this spectator went down (a crashed seat's closes): an end said in
        words needs one seat fewer to agree. The events that follow; raises Disagreement like
        `receive`."""
        self.gone.add(seat)
        if self.failed is not None or self.ended is not None:
            return []
        try:
            return self._advance()
        except (CheatDetected, DealingError, EngineError, ParseError, Disagreement) as exc:
            self.failed = str(exc)
        raise Disagreement(self.failed)

    def seat_back(self, seat: int) -> None:
        """`seat`'s link to this spectator is up again."""
        self.gone.discard(seat)

    def end_without_hands(self) -> list[WatchEvent]:
        """A seat's audit reveal never came (its seat went away, or the next game began): the
        game's end as the seats reported it, without showing the hands. Raises Disagreement
        like `receive`."""
        if not self.awaiting_reveals or self.failed is not None or self.ended is not None:
            return []
        self.without_hands, self.awaiting_reveals = True, False
        try:
            return self._advance()
        except (CheatDetected, DealingError, EngineError, ParseError, Disagreement) as exc:
            self.failed = str(exc)
        raise Disagreement(self.failed)

    def _open_audit(self) -> None:
        """Every seat revealed its secrets: audit each deal as a seat does (each reveal against
        its commitments, the passes, every key sent, the whole deck) and show every face where
        it lies now. Raises Disagreement (naming nobody) when a deal's audit finds anything or
        an opened face is not the one the table showed."""
        assert self.game is not None and self.layout is not None
        decks: list[tuple[str, ...]] = []
        for index, deal in enumerate(self.deals):
            verdict = deal.audit()
            if verdict.cheaters or verdict.problems or verdict.deck is None:
                raise Disagreement(f"the audit's reveals do not open deal {index} as dealt")
            decks.append(verdict.deck)
        game = self.game
        for slot, (deal_index, position) in enumerate(self.layout.before(self.applied)):
            if not 0 <= deal_index < len(decks) or not 0 <= position < len(decks[deal_index]):
                raise Disagreement("the audit's deck has no card where the table laid one")
            card = Card.parse(decks[deal_index][position])
            if game.faces[slot] is not None and game.faces[slot] != card:
                raise Disagreement(
                    f"the audit opened {card} where the table showed {game.faces[slot]}"
                )
            game.reveal(slot, card)
        self.audited = True


def _number(message: Any) -> int:
    """A dealing message's number, for taking a seat's messages in order (-1: none)."""
    seq = message.get("seq") if isinstance(message, dict) else None
    return seq if type(seq) is int else -1


__all__ = ["Disagreement", "GameFollower"]
