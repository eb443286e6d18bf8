"""The start of a table game: the dealer's named trump, each seat's claim of the card that
decides the first lead, and creating the hidden game once they are in."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.first_lead import deciding_card
from net.table.events import Out, StateChanged
from net.table.lead import (
    claim_subject,
    claims_checkable,
    leader,
    named_trump_suit,
    record_claims,
    trump_for,
)
from net.table.log import chain
from net.table.phases import TRUMP_NAMING, Phase
from net.table.reliable import ProtocolViolation
from net.table.trump_choice import (
    TRUMP_CHOICE_DEADLINE,
    TrumpChoiceDue,
    TrumpNamed,
    check_chosen,
    check_named,
)

if TYPE_CHECKING:
    from net.table.core import TableCore


class StartClaims:
    """Trump naming, first-lead claims and the game's creation at one seat."""

    def __init__(self, core: TableCore) -> None:
        self.core = core
        self.sent = False  # this seat's claim is out (or no claim is due)
        self.start_opened = False  # the positions the game opens at its start are asked for
        self.deadline_passed = False  # the dealer's core chose the trump suit for him
        # The dealer's time to choose: within half the resume window, so the others (who give
        # up on a silent dealer after the whole window) hear the suit first.
        self.choice_deadline = min(TRUMP_CHOICE_DEADLINE, core.resume_window / 2)
        self.start_shown = False  # this seat showed the signed start messages it holds

    def start_record(self) -> dict[str, Any] | None:
        """What the seats' signed start messages decided: the dealer's trump and every seat's
        claim (None until every one of them is in)."""
        core = self.core
        if core.trump_namer is not None and core.named_trump is None:
            return None
        claims = core.first_lead.claims
        if claims and len(core.claim_positions) < core.players:
            return None
        shown = [core.claim_positions.get(s) for s in range(core.players)] if claims else []
        return {"trump": core.named_trump, "claims": shown}

    def start_hash(self) -> str | None:
        """The log hash the game starts from: the configuration's, chained with the start record
        (so every vote and move carries it, and two seats told different starts see it at the
        first vote); None until the start record is complete."""
        record = self.start_record()
        return None if record is None else chain(self.core.base_hash, record)

    def start_differs(self, voted_hash: object) -> list[Out]:
        """A vote of round 0 carries another start than ours: show everyone the signed trump and
        claims we hold, so the seat that signed two versions of one is named by whoever holds
        the other (`Forwarding.take_signed`)."""
        core = self.core
        mine = self.start_hash()
        if mine is None or voted_hash == mine or self.start_shown or core.over is not None:
            return []
        self.start_shown = True
        book = core.signed_book
        held = [book.held(core.trump_namer, ("trump",))] if core.trump_namer is not None else []
        held.extend(book.held(seat, ("claim",)) for seat in range(core.players))
        frames = [item.as_wire() for item in held if item is not None and core.signed(item)]
        out: list[Out] = []
        for first in range(0, len(frames), 8):
            out.extend(core.broadcast({"k": "show", "frames": frames[first : first + 8]}))
        return out

    def check_early_votes(self) -> list[Out]:
        """Once our start record is complete: compare it with round 0's votes already here."""
        out: list[Out] = []
        for (index, _), held in list(self.core.future_votes.items()):
            if index == 0:
                for _, payload in held:
                    out.extend(self.start_differs(payload.get("h")))
        return out

    def own_hand_open(self) -> bool:
        """Every position of this seat's own start view has been opened to it."""
        core = self.core
        bit = 1 << core.seat
        opened = all(p in core.faces for p, m in enumerate(core.start_masks) if m & bit)
        return opened and core.openings.turned_up()

    def trump_for(self, seat: int) -> str | None:
        """The trump suit (or joker colour) that decides `seat`'s first-lead claim."""
        core = self.core
        return trump_for(
            core.rules,
            seat,
            core.lot_trump,
            core.named_trump,
            core.trump_slots,
            core.faces,
            core.adapter.seat_suits,
        )

    def claim_subject(self, seat: int) -> int:
        """Whose hand a seat's first-lead claim is about (`lead.claim_subject`)."""
        core = self.core
        return claim_subject(core.rules, core.players, seat)

    def leading_card(self) -> int | None:
        """The position of the card this seat shows to decide who leads (None: nothing to show):
        the engine's `deciding_card` of the hand it sees (its own, or the next seat's)."""
        core = self.core
        bit = 1 << core.seat
        subject = self.claim_subject(core.seat)
        mine = [
            (core.faces[p], p)
            for p in core.dealt[subject]
            if core.start_masks[p] & bit and p in core.faces
        ]
        card = deciding_card(core.rules, [c for c, _ in mine], self.trump_for(subject))
        return next((p for c, p in mine if c == card), None)

    def send_claim(self) -> list[Out]:
        """Show the card that decides who leads (lowest trump, or 9D in Chinese fool), or none;
        nothing at all when the leader is fixed (then the game begins once the deal is open)."""
        core = self.core
        self.sent = True
        if not core.first_lead.claims:
            return self.maybe_begin()
        position = core.conduct.lead_card(core, self.leading_card())
        payload = {"k": "claim", "pos": position}
        out = core.broadcast(payload)
        core.signed_book.record(core.net.last_sent())  # shown if the seats' starts differ
        out.extend(self.claim(core.seat, payload))
        return out

    def claim_if_due(self) -> list[Out]:
        """Send this seat's claim once its own start view is open (once)."""
        if self.sent or not self.own_hand_open():
            return []
        return self.send_claim()

    def name_trump(self) -> list[Out]:
        """At the start: the dealer's seat is told to choose the trump suit
        (`trump_choice.TrumpChoiceDue`); other seats name nothing."""
        core = self.core
        if core.trump_namer != core.seat:
            return []
        return [TrumpChoiceDue(self.choice_deadline)]

    @property
    def choice_due(self) -> bool:
        """This seat deals and has not named the trump suit yet."""
        core = self.core
        return core.trump_namer == core.seat and core.named_trump is None and core.over is None

    def choose_trump(self, suit: object, auto: bool = False) -> list[Out]:
        """The dealer's player or bot chose `suit` (`auto`: chosen for him at the deadline):
        sign and send it. ValueError, changing nothing, when it is no suit or not due."""
        core = self.core
        if core.trump_namer != core.seat:
            raise ValueError("only the dealer names the trump suit")
        if not self.choice_due:
            raise ValueError("the trump suit is already named")
        chosen = core.conduct.trump_to_name(core, check_chosen(suit))
        if chosen is None:
            return []
        payload: dict[str, Any] = {"k": "trump", "suit": chosen}
        if auto:
            payload["auto"] = True
        out = core.broadcast(payload)
        core.signed_book.record(core.net.last_sent())  # shown if the seats' starts differ
        out.extend(self.trump_named(core.seat, payload))
        return out

    def trump_named(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """The dealer's named trump suit arrived (from the dealer, once, before the deal: else
        a violation naming the sender): the deal may now be opened."""
        core = self.core
        check_named(
            sender,
            core.trump_namer,
            core.named_trump,
            core.phase not in (Phase.DEALING, Phase.NAMING_TRUMP),
            core.game is not None,
        )
        core.named_trump = str(payload["suit"])
        auto = bool(payload.get("auto", False))
        out: list[Out] = [TrumpNamed(sender, core.named_trump, auto)]
        out.extend(self.check_early_votes())
        if core.openings.deals_locked():
            out.extend(core.openings.deal())
        return out

    def trump_name_overdue(self, now: float) -> list[Out]:
        """The dealer's seat: nobody chose by the deadline, so a suit is chosen for him (drawn
        from its dealing seed) and the others are told. Another seat: the dealer named no trump
        within the resume window while every seat was heard: the game ends as abandoned (a
        crashed dealer is an absence, decided as such)."""
        core = self.core
        if core.trump_namer is None or core.named_trump is not None or core.over is not None:
            return []
        if core.trump_namer == core.seat:
            if now - core.started_at <= self.choice_deadline or self.deadline_passed:
                return []
            self.deadline_passed = True  # (a conduct that names nothing stays silent)
            return self.choose_trump(named_trump_suit(core.dealing_seed), auto=True)
        waited = now - core.started_at
        if waited <= TRUMP_NAMING.after(core.resume_window) or not core.everyone_heard(now):
            return []
        return core.finish(
            "abandoned", evidence=f"the dealer (seat {core.trump_namer}) never named the trump suit"
        )

    def claim(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """A seat shows the card that decides the first lead (or none): opened to everyone."""
        core = self.core
        if not core.first_lead.claims:
            raise ProtocolViolation(
                sender, "showed a card though the previous game fixed the leader"
            )
        if sender in core.claim_positions:
            raise ProtocolViolation(sender, "claimed its lowest trump twice")
        position = payload.get("pos")
        subject = self.claim_subject(sender)
        if position is not None and (
            not isinstance(position, int) or position not in core.dealt[subject]
        ):
            whose = "it" if subject == sender else f"seat {subject}"
            raise ProtocolViolation(sender, f"showed a card that was not dealt to {whose}")
        core.claim_positions[sender] = position
        out: list[Out] = self.check_early_votes()
        if position is not None and core.start_masks[position] != (1 << core.players) - 1:
            out.extend(core.openings.open(position, range(core.players)))
        out.extend(self.maybe_begin())
        return out

    def maybe_begin(self) -> list[Out]:
        """Every claim is in and every shown card is open: create the game and start round 0."""
        core = self.core
        if core.game is not None:
            return []
        if core.first_lead.claims and len(core.claim_positions) < core.players:
            return []
        if not core.openings.turned_up():  # two-trump: the seats' trump cards come first
            return []
        everyone = (1 << core.players) - 1
        if any(p not in core.faces for p, m in enumerate(core.start_masks) if m == everyone):
            return []
        if any(p is not None and p not in core.faces for p in core.claim_positions.values()):
            return []
        shown: list[list[Card]] = [[] for _ in range(core.players)]
        for seat in range(core.players):
            position = core.claim_positions.get(seat)
            if position is not None:
                shown[self.claim_subject(seat)].append(core.faces[position])
        claims = core.first_lead.claims
        trumps = [self.trump_for(seat) if claims else None for seat in range(core.players)]
        session = core.dealing.session or b""
        core.first = leader(core.first_lead, core.rules, core.players, shown, trumps, session)
        start = core.adapter.start_openings(core.first)
        if not self.start_opened and start:  # czech's open_start: the leader's card turned up
            self.start_opened = True
            return core.openings.open_slots([(slot, range(core.players), None) for slot in start])
        if any(p not in core.faces for p in start):
            return []
        trump = core.lot_trump or core.named_trump
        game = core.adapter.new_hidden(core.seat, core.first, trump, core.config.dealer, core.faces)
        if core.first_lead.claims and claims_checkable(core.rules, core.trump_namer):
            record_claims(
                game, core.rules, core.players, shown, self.trump_for(0), core.proxy_claims
            )
        core.opened_to = list(core.start_masks)
        for position, card in core.faces.items():
            public = (
                core.start_masks[position] == everyone
                or position in core.claim_positions.values()
                or position in start
            )
            game.reveal(position, card, to=None if public else [core.seat])
            if public:
                core.opened_to[position] = everyone
        core.game = game
        start_hash = self.start_hash()
        assert start_hash is not None  # every claim and the trump are in
        core.log_hash = start_hash
        core.hashes = [start_hash]
        out: list[Out] = []
        if start:  # the turned-up card may make the next seat draw: open its draws to it
            out.extend(core.openings.after_apply())
        out.append(StateChanged(game.observation(core.seat)))
        out.extend(core.rounds.open_round(0))
        return out
