"""Vote rounds of the table log: who votes, who wins a round, the winner's signed move, its
checks, and applying it once every face it needs is open."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction
from net.dealing.errors import CheatDetected
from net.table.events import READY_AFTER, SHOW_VOTES_AFTER, MoveApplied, Out, StateChanged
from net.table.holding import Holding
from net.table.log import chain
from net.table.phases import FORFEIT_AGREEMENT, KEYS_FOR_MOVE, MOVE_SENT, MOVE_WINDOW, Phase
from net.table.reliable import ProtocolViolation
from net.table.votes import Round

if TYPE_CHECKING:
    from net.table.core import TableCore


class VoteRounds:
    """The vote rounds of one seat's table core: votes, the signed move, applying it."""

    def __init__(self, core: TableCore) -> None:
        self.core = core
        self.owed_since: float | None = None  # when a vote of the open round was first missing
        self.owed_round: tuple[int, int] | None = None  # that round (index, attempt)
        self.readies: dict[int, set[int]] = {}  # round index -> seats whose signed ready we hold
        self.ready_sent: set[int] = set()  # the rounds this seat signed its ready in
        self.forfeit_stated_at: float | None = None  # when this seat stated a forfeit
        self.forfeiting: tuple[int, ...] = ()  # the seats it stated, and why
        self.forfeit_reason = ""
        self.forfeit_window = 0.0  # the deadline their move ran past
        self.forfeit_round: tuple[int, int] | None = None  # the round (index, attempt) it was in
        self.holding = Holding(core)  # what the seats the round waits for are shown to hold

    def voters(self) -> list[int]:
        """The seats that vote in a round: those still in the game."""
        return self.core.adapter.voters(self.core.game)

    def priority(self) -> list[int]:
        """Seats in the order that decides a round: the lead attacker first, then clockwise."""
        core = self.core
        lead = core.adapter.lead(core.game)
        return [(lead + step) % core.players for step in range(core.players)]

    def open_round(self, index: int, attempt: int = 0) -> list[Out]:
        """Open round `index` (attempt `attempt`): take its early votes, vote when due."""
        core = self.core
        core.enter(Phase.VOTING)
        core.round = Round(index, attempt, opened_at=core.clock)
        out: list[Out] = []
        for sender, payload in core.future_votes.pop((index, attempt), []):
            out.extend(self.vote(sender, payload))
        out.extend(self.vote_if_due())
        out.extend(self.close_round())
        return out

    def vote_if_due(self) -> list[Out]:
        """Send this seat's vote in the open round, when it has one to give."""
        core = self.core
        game, current = core.game, core.round
        if game is None or current is None or core.seat in current.votes or core.game_finished:
            return []
        if core.seat not in self.voters():
            return []
        if core.intent is not None and not self.still_legal(core.intent):
            core.intent = None
        if core.intent is None and core.seat in game.to_act:
            return []  # the game waits for this seat: it votes when it has decided
        bid = core.intent is not None
        payload: dict[str, Any] = {
            "k": "vote",
            "i": current.index,
            "n": current.attempt,
            "bid": bid,
            "h": core.log_hash,
        }
        if current.attempt > 0:  # show the all-wait votes that made this round vote again
            payload["prior"] = self.round_votes(current.index, current.attempt - 1)
        out = core.broadcast(payload)
        core.vote_frames[(current.index, current.attempt, core.seat)] = core.net.last_sent()
        current.votes[core.seat] = bid
        out.extend(self.close_round())
        return out

    def still_legal(self, action: Any) -> bool:
        """A queued move can still be made in the open round (as this seat's conduct judges)."""
        core = self.core
        assert core.game is not None
        legal = core.adapter.still_legal(core.game, core.seat, action)
        return core.conduct.checks(core, action, legal)

    def vote(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """A seat's vote: kept for a later round, or counted in the open one."""
        core = self.core
        index, attempt, bid = payload.get("i"), payload.get("n"), payload.get("bid")
        if not isinstance(index, int) or not isinstance(attempt, int) or not isinstance(bid, bool):
            raise ProtocolViolation(sender, "malformed vote")
        current = core.round
        if current is None or (index, attempt) > (current.index, current.attempt):
            core.future_votes.setdefault((index, attempt), []).append((sender, payload))
            if index == 0 and core.game is None:  # the voter began: from the start we hold?
                return core.claiming.start_differs(payload.get("h"))
            if current is not None and current.act is not None and index == current.index + 1:
                # The voter has applied entry `current.index`; is it the one we are opening?
                expected = chain(core.log_hash, current.act["body"])
                if payload.get("h") != expected:
                    return core.evidence.send_evidence(current.index)
            return []
        if payload.get("h") != core.log_hash:
            if index == 0:  # another start: the signed trump and claims show who told two
                return core.claiming.start_differs(payload.get("h"))
            return core.evidence.send_evidence(index - 1)
        if (index, attempt) != (current.index, current.attempt):
            raise ProtocolViolation(sender, f"voted in round {index}.{attempt}, which is closed")
        if sender in current.votes:
            raise ProtocolViolation(sender, f"voted twice in round {index}")
        assert core.game is not None
        if sender not in self.voters():
            raise ProtocolViolation(sender, "voted though it is out of the game")
        if not bid and sender in core.game.to_act:
            raise ProtocolViolation(sender, "said wait though the game waits for its move")
        current.votes[sender] = bid
        return self.close_round()

    def close_round(self) -> list[Out]:
        """With every vote in, the first bidder clockwise from the lead attacker wins the round."""
        core = self.core
        current = core.round
        if current is None or current.winner is not None:
            return []
        voters = self.voters()
        if any(s not in current.votes for s in voters):
            return []
        bidders = [s for s in self.priority() if current.votes.get(s)]
        if not bidders:  # nobody wanted to move: vote again
            return self.open_round(current.index, current.attempt + 1)
        current.winner = bidders[0]
        core.enter(Phase.MOVING)
        out: list[Out] = []
        if current.winner == core.seat:
            out.extend(self.send_act())
        if current.index in core.future_acts:
            sender, act = core.future_acts.pop(current.index)
            out.extend(self.act(sender, act))
        return out

    def send_act(self) -> list[Out]:
        """This seat won the round: sign its move with the round's votes as its certificate."""
        core = self.core
        current, game, action = core.round, core.game, core.intent
        assert current is not None and game is not None and action is not None
        sent = core.conduct.send_move(core, action)
        if sent is not None:
            core.intent = None
            return sent
        positions = core.adapter.shown_positions(game, action)
        body = self.signed_move(core.adapter.wire(game, action), positions)
        core.intent = None
        out = core.broadcast(body | {"cert": self.round_votes(current.index, current.attempt)})
        out.extend(self.act(core.seat, body))
        return out

    def signed_move(self, text: str, positions: list[int]) -> dict[str, Any]:
        """The log entry of this seat's move `text` in the open round, signed by this seat."""
        core = self.core
        assert core.round is not None
        body: dict[str, Any] = {
            "k": "act",
            "i": core.round.index,
            "a": text,
            "pos": positions,
            "prev": core.log_hash,
        }
        body["sig"] = core.identity.sign(core.move_signed_bytes(body))
        return body

    def round_votes(self, index: int, attempt: int) -> list[dict[str, Any]]:
        """The signed votes this seat holds for one attempt of one round, as evidence (a vote
        whose signature fails is left out and its link reported)."""
        core = self.core
        shown = []
        for seat in range(core.players):
            item = core.vote_frames.get((index, attempt, seat))
            if item is None:
                continue
            if core.signed(item):
                shown.append(item.as_wire())
        return shown

    def act(self, sender: int, body: dict[str, Any]) -> list[Out]:
        """A round's move: checked (winner, chain, signature, the move itself), its cards opened."""
        core = self.core
        body = {key: value for key, value in body.items() if key != "cert"}  # the log entry
        current, game = core.round, core.game
        index = body.get("i")
        if not isinstance(index, int):
            raise ProtocolViolation(sender, "move without a log index")
        if (
            current is None
            or index > current.index
            or (index == current.index and current.winner is None)
        ):
            core.future_acts[index] = (sender, body)
            return []
        if index < current.index or current.act is not None:
            raise ProtocolViolation(sender, f"sent a second move for log entry {index}")
        assert game is not None
        if sender != current.winner:
            raise CheatDetected(sender, f"moved in round {index}, which seat {current.winner} won")
        if body.get("prev") != core.log_hash:
            raise CheatDetected(sender, f"move {index} does not extend the agreed log")
        if sender != core.seat and not core.signer.verifies_raw(
            sender, body.get("sig"), core.move_signed_bytes(body)
        ):  # our own move we signed just now (send_act): every other seat checks it
            raise CheatDetected(sender, f"move {index} carries no valid signature")
        adapter = core.adapter
        action, positions = adapter.read_move(sender, index, body, game)
        turned = adapter.turned_up(game, action)
        current.act = {"action": action, "body": body, "positions": positions, "turned": turned}
        core.enter(Phase.APPLYING)
        out: list[Out] = []
        everyone = range(core.players)
        kept = adapter.kept_in_hand(action, positions)
        for position, card in zip(positions, adapter.claimed_faces(action, positions), strict=True):
            if position in kept:  # shown, not played: it stays in the hand
                out.extend(core.openings.open(position, everyone))
            else:
                text = None if card is None else card.text
                core.pending_plays[position] = text or "?"
                deal, source = core.sources[position]
                played = core.deals[deal].play(sender, source, text)
                out.extend(core.openings.dealing_out(played, deal))
            self.await_face(position)
        for slot, owner in turned:  # turned up for everyone (a talon lead's card, a check's beat)
            if owner is not None:
                core.openings.assign(slot, owner)
            out.extend(core.openings.open(slot, everyone))
            self.await_face(slot)
        try:
            out.extend(self.apply_if_ready())
        except CheatDetected as exc:
            if sender != core.seat:
                raise
            # our own move is refused by our own engine: only a seat whose conduct skips the
            # checks (a hostile test seat) gets here; its move is out, and it ends naming itself
            out.extend(core.cheat(exc.seat, str(exc)))
        return out

    def await_face(self, position: int) -> None:
        """The open move needs this position's face before it can be applied."""
        core = self.core
        assert core.game is not None and core.round is not None
        core.opened_to[position] = (1 << core.players) - 1  # opened to everyone by this move
        face = core.faces.get(position)
        if face is None:
            core.round.waiting_for.add(position)
        else:
            core.game.reveal(position, face)

    def apply_if_ready(self) -> list[Out]:
        """Apply the round's move once every face it needs is open: check the faces it claims,
        let the engine judge it, extend the log; pause for a re-deal the move started."""
        core = self.core
        current, game = core.round, core.game
        if current is None or current.act is None or current.waiting_for or game is None:
            return []
        action = current.act["action"]
        positions: list[int] = current.act["positions"]
        for position, _ in current.act["turned"]:
            game.reveal(position, core.faces[position])
        claimed = core.adapter.claimed_faces(action, positions)
        for position, card in zip(positions, claimed, strict=True):
            face = core.faces.get(position)
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
            core.pending_plays.pop(position, None)
        core.entries.append(current.act["body"])
        core.log_hash = chain(core.log_hash, current.act["body"])
        core.hashes.append(core.log_hash)
        out: list[Out] = [MoveApplied(current.index, action, core.log_hash, tuple(events))]
        core.resume = (current.index + 1, action)
        reshuffles = core.adapter.redealt(events)
        if reshuffles:  # crazy, poker, czech: pause (no round, no draws opened) until re-dealt
            core.round = None
            core.enter(Phase.REDEALING)
            for slots in reshuffles:
                out.extend(core.openings.reshuffle(slots))
        if core.resume is not None and core.openings.deals_locked():
            out.extend(self.resume_play())
        elif core.resume is not None:
            out.append(StateChanged(game.observation(core.seat)))
        return out

    def resume_play(self) -> list[Out]:
        """Every deal is locked: open the draws, then end the game or open the next round."""
        core = self.core
        game = core.game
        assert game is not None and core.resume is not None
        index, action = core.resume
        core.resume = None
        out = core.openings.after_apply()
        out.append(StateChanged(game.observation(core.seat)))
        if game.over:
            core.game_finished = True
            core.round = None
            core.enter(Phase.AUDITING)
            out.extend(core.broadcast({"k": "final", "d": core.evidence.digests()}))
            if core.adapter.is_forfeit(action) and action.seat == core.seat:
                # This seat left: publish its keys so the others' audit can run without it.
                out.extend(core.openings.leave_deals())
                out.extend(core.finish("left", evidence="this seat forfeited and left"))
                return out
            out.extend(core.forwarding.show_differing_finals())  # before our audit messages
            for deal_index, deal in enumerate(core.deals):
                audit = deal.start_audit(core.forwarding.held_alike)
                out.extend(core.openings.dealing_out(audit, deal_index))
            out.extend(core.evidence.compare_finals())
            return out
        out.extend(self.open_round(index))
        return out

    def show_votes_if_stalled(self, now: float) -> list[Out]:
        """The round's winner has not moved for a while: show everyone the signed votes we hold,
        so a seat that voted differently to different peers is caught (each side may be waiting
        for a move the other side never expects)."""
        core = self.core
        current = core.round
        if (
            current is None
            or core.over is not None
            or current.winner is None
            or current.winner == core.seat
            or current.act is not None
        ):
            return []
        if current.closed_at is None:
            current.closed_at = now
        self.holding.note([current.winner], won=True)
        window = MOVE_SENT.after(core.resume_window)
        if now - current.closed_at > window:
            why = f"seat {current.winner} won round {current.index} and never moved"
            heard = core.everyone_heard(now)
            if self.forfeit_stated() or (
                heard and self.holding.shows_holding(current.winner, won=True)
            ):
                return self.forfeit((current.winner,), now, why, window)
            if not heard:
                return []  # a quiet seat (a crashed winner): its absence decides (absence.py)
            return core.finish("abandoned", evidence=why)
        if now - current.closed_at < SHOW_VOTES_AFTER or current.votes_shown:
            return []
        current.votes_shown = True
        frames = self.round_votes(current.index, current.attempt)
        return core.broadcast(
            {"k": "votes", "i": current.index, "n": current.attempt, "frames": frames}
        )

    def votes_overdue(self, now: float) -> list[Out]:
        """A vote missing from the open round for the resume window (MOVE_WINDOW) while every
        seat was heard. The vote may be owed at once (by a seat the game does not wait for) or by
        the seat the game waits for, whose player decides: without a move timer that wait too
        has the window as its deadline. When every missing vote is accounted for by a seat seen
        overdue (`seen_overdue`: the voter itself, shown holding what it needs, or the seat whose
        key share keeps the voter from its cards) those seats forfeit; otherwise the game ends
        abandoned, recording the seats seen overdue as stalled (a seat kept from its cards
        cannot move, so it is never the fool for it)."""
        core = self.core
        current, game = core.round, core.game
        if current is None or game is None or current.winner is not None:
            self.owed_since = None
            return []
        if core.over is not None or core.game_finished:
            return []
        owed = [s for s in self.voters() if s not in current.votes]
        if not owed:
            self.owed_since = None
            return []
        this_round = (current.index, current.attempt)
        if self.owed_since is None or self.owed_round != this_round:
            self.owed_since, self.owed_round = now, this_round  # each round's wait is its own
            return []
        self.holding.note(owed)
        kept = self.kept_from_cards(owed)
        self.holding.note_log(sorted({seat for owers in kept.values() for seat in owers}))
        window = MOVE_WINDOW.after(core.resume_window)
        if now - self.owed_since <= window or not core.everyone_heard(now):
            return []
        seen = self.seen_overdue(now)
        withheld = {voter: owers for voter, owers in kept.items() if voter not in seen}
        accounted = set(seen) | {v for v, owers in withheld.items() if set(owers) <= seen}
        why = self.overdue_words(owed, withheld, seen, current.index)
        if self.forfeit_stated() or accounted >= set(owed):
            return self.forfeit(tuple(sorted(seen)), now, why, window)
        return core.finish("abandoned", evidence=why, stalled=tuple(sorted(seen)), waited=window)

    @staticmethod
    def overdue_words(
        owed: list[int], withheld: dict[int, dict[int, list[int]]], seen: set[int], index: int
    ) -> str:
        """What the vote wait of round `index` ran out on: the missing votes, and the key
        shares that a seat seen overdue kept from a voter's cards."""
        seats = ", ".join(str(s) for s in owed)
        why = f"the vote of seat(s) {seats} in round {index} never came"
        for voter, owers in sorted(withheld.items()):
            for ower, slots in sorted(owers.items()):
                if ower in seen:
                    cards = ", ".join(str(slot) for slot in slots)
                    why += (
                        f"; seat {ower} never sent seat {voter} its key(s) of position(s) "
                        f"{cards}, which the log calls for"
                    )
        return why

    def forfeit(self, seats: tuple[int, ...], now: float, why: str, window: float) -> list[Out]:
        """Every seat the open round waits for is shown to hold what it needs (its `ready`, or
        its heartbeats: `holding`) and did not move within the deadline (or gave up: its
        `abandon`): this seat states that they left (`net.absence`; not itself: it waits for
        the others' statements), so they forfeit as a leaver does once every other seat agrees.
        When no agreement came within FORFEIT_AGREEMENT, the game ends abandoned (`why`), the
        seats recorded as stalled past `window` (the deadline their move ran past)."""
        core = self.core
        stated_at = self.forfeit_stated_at if self.forfeit_stated() else None
        if stated_at is None:
            self.forfeit_stated_at, self.forfeiting, self.forfeit_reason = now, seats, why
            self.forfeit_window = window
            current = core.round
            self.forfeit_round = None if current is None else (current.index, current.attempt)
        elif now - stated_at > FORFEIT_AGREEMENT.after(core.resume_window):
            return core.finish(
                "abandoned",
                evidence=f"{self.forfeit_reason}; the other seats did not agree that it forfeits",
                stalled=self.forfeiting,
                waited=self.forfeit_window,
            )
        count = len(core.entries)
        absent = self.forfeiting
        statement = core.absence.state(core.identity, absent, count, core.absence_hashes()[count])
        out = [] if statement is None else core.broadcast(statement)
        return out + core.end_if_departed()

    def forfeit_stated(self) -> bool:
        """This seat stated a forfeit in the open round (one in an earlier round, whose seat then
        moved after all, is not waited on again)."""
        current = self.core.round
        return (
            self.forfeit_stated_at is not None
            and current is not None
            and self.forfeit_round == (current.index, current.attempt)
        )

    def holds_ready_of(self, seat: int) -> bool:
        """The open round waits for `seat`'s move, and it is shown to hold what it needs to
        move: its signed `ready` for the round is here, or its heartbeats show it (`holding`)."""
        current, game = self.core.round, self.core.game
        return (
            current is not None
            and game is not None
            and current.winner is None
            and seat in game.to_act
            and seat not in current.votes
            and (seat in self.readies.get(current.index, ()) or self.holding.shows_holding(seat))
        )

    def ready(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """A seat signed that its hand is open in round `i` while the game waits for its move."""
        self.readies.setdefault(payload["i"], set()).add(sender)
        return []

    def ready_if_thinking(self, now: float) -> list[Out]:
        """The game has waited READY_AFTER for this seat's move and its hand is open: sign
        `ready` for the round (once), so that not moving within the window is its forfeit."""
        core = self.core
        current = core.round
        if current is None or current.winner is not None or core.seat in current.votes:
            return []
        if current.index in self.ready_sent or now - current.opened_at < READY_AFTER:
            return []
        if core.over is not None or not core.my_turn:
            return []
        self.ready_sent.add(current.index)
        self.readies.setdefault(current.index, set()).add(core.seat)
        return core.broadcast({"k": "ready", "i": current.index})

    def stalled_among(
        self, seats: Any, now: float | None = None, grace: float = 0.0
    ) -> tuple[int, ...]:
        """Of `seats` (ours, or as another seat's abandon claims them), those that this seat's
        own clock saw overdue (`seen_overdue`). Nobody is blamed on another seat's word, for a
        wait this seat did not see, or while it may be kept from its cards (issue 25)."""
        if not isinstance(seats, list):
            return ()
        seen = self.seen_overdue(now, grace)
        return tuple(sorted(s for s in set(seats) if type(s) is int and s in seen))

    def seen_overdue(self, now: float | None = None, grace: float = 0.0) -> set[int]:
        """The seats this seat's own clock saw overdue in the open round: a vote of the round
        has been missing here for more than the resume window (less `grace`: another seat's
        claim may arrive just before our own window ends), and each of them is shown to hold
        what it takes to end the wait. That is a voter whose signed `ready`, or heartbeats
        (`holding`) with every card opened to it held here (`openings_missing`: its hand and
        the cards played or turned up), show it holding what it needs to vote, or a seat
        (`withholders`) whose key share for a card of a waited-for voter's hand is held nowhere
        here although it is shown holding the log that calls for the opening."""
        core = self.core
        current, game = core.round, core.game
        if current is None or game is None or current.winner is not None:
            return set()
        if self.owed_since is None or self.owed_round != (current.index, current.attempt):
            return set()
        if (core.clock if now is None else now) - self.owed_since <= core.resume_window - grace:
            return set()
        owed = [s for s in self.voters() if s not in current.votes]
        readies = self.readies.get(current.index, set())
        shown = {
            s
            for s in owed
            if s in readies
            or (self.holding.shows_holding(s) and not self.holding.openings_missing(s))
        }
        kept = self.kept_from_cards([s for s in owed if s not in shown])
        return shown | self.withholders(kept)

    def kept_from_cards(self, owed: list[int]) -> dict[int, dict[int, list[int]]]:
        """For each of the `owed` voters that signed no `ready` in the open round: the seats
        whose key share for a card of its hand it may see is held nowhere here, with the slots
        (`Holding.keys_kept_from`); voters whose cards are all opened to them are left out."""
        current = self.core.round
        readies = self.readies.get(current.index, set()) if current is not None else set()
        kept = {s: self.holding.keys_kept_from(s) for s in owed if s not in readies}
        return {voter: owers for voter, owers in kept.items() if owers}

    def withholders(self, kept: dict[int, dict[int, list[int]]]) -> set[int]:
        """Of the seats owing a key share in `kept`, those shown to hold what it takes to send
        it, so that the share held nowhere here was never sent: not this seat nor a seat that
        left, and either a voter whose vote in the open round is here (signed on this log: a
        seat opens what the log calls for before it votes, and its messages are held here in
        order, so its share would be here; a heartbeat it fakes changes nothing), or, out of
        the game and voting no more, its heartbeats show it holding the log noted for the wait
        (`Holding.holds_log`) and this seat holding every message it says it sent
        (`Holding.sent_all_here`). Keys go to every seat and are forwarded: a seat whose share
        went to anyone is never one, nor a seat whose links are cut (its vote never came)."""
        core = self.core
        current = core.round
        if current is None:
            return set()
        voters = set(self.voters())
        owers = {seat for by in kept.values() for seat in by}
        return {
            seat
            for seat in owers
            if seat != core.seat
            and seat not in core.left_seats
            and (
                seat in current.votes
                if seat in voters
                else self.holding.holds_log(seat) and self.holding.sent_all_here(seat)
            )
        }

    def keeps_keys_back(self, seat: int) -> bool:
        """The open round's votes wait for a seat kept from its cards by `seat`'s key share,
        and `seat` is shown to hold what it takes to send it (`withholders`)."""
        current, game = self.core.round, self.core.game
        if current is None or game is None or current.winner is not None:
            return False
        owed = [s for s in self.voters() if s not in current.votes]
        return seat in self.withholders(self.kept_from_cards(owed))

    def keys_overdue(self, now: float) -> list[Out]:
        """The round's move is in, but keys to open a face it needs have not come for
        KEYS_FOR_MOVE while every seat was heard: the game ends as abandoned, naming nobody."""
        core = self.core
        current = core.round
        if current is None or not current.waiting_for or core.over is not None:
            return []
        if current.act_at is None:
            current.act_at = now
            return []
        if now - current.act_at <= KEYS_FOR_MOVE.after(core.resume_window):
            return []
        if not core.everyone_heard(now):
            return []
        missing = ", ".join(str(p) for p in sorted(current.waiting_for))
        return core.finish("abandoned", evidence=f"keys to open position(s) {missing} never came")

    def restart_waits(self, now: float) -> None:
        """This peer was not running: the waits this job judges start again at `now`."""
        current = self.core.round
        if current is not None and current.act_at is not None:
            current.act_at = now
        if self.owed_since is not None:
            self.owed_since = now
