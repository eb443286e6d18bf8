"""Evidence, finals and verdicts: logs compared entry by entry, a seat named with the signed
evidence every peer checks, and the audit's verdict merged once every deal is audited."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.errors import ParseError
from net.dealing.errors import CheatDetected
from net.identity import SignatureError, verify_signature
from net.table.audit import merge_verdicts, proxy_claim_problems
from net.table.events import FINAL_DEADLINE, Out
from net.table.log import entry_digests, entry_signed_by
from net.table.phases import FINAL_CONFIRM
from net.table.reliable import Delivered, Equivocation, ProtocolViolation
from net.table.verdicts import (
    proves_equivocation,
    proves_malformed,
    proves_two_entries,
    shown_frames,
)

if TYPE_CHECKING:
    from net.table.core import TableCore


class EvidenceAndFinals:
    """Compares logs, names cheats with evidence and settles the game at one seat."""

    def __init__(self, core: TableCore) -> None:
        self.core = core
        self._digests: list[bytes] = []  # digests of our log's first entries (`digests`)
        self.held_said = False  # told the others what we hold once settled (`say_held`)
        self.settled_at: float | None = None  # when our audit's verdict was first seen in

    def entry_at(self, index: int) -> dict[str, Any] | None:
        """Entry `index` as this peer holds it: applied, or received and waiting for its cards."""
        core = self.core
        if 0 <= index < len(core.entries):
            return core.entries[index]
        current = core.round
        if current is not None and current.index == index and current.act is not None:
            body: dict[str, Any] = current.act["body"]
            return body
        return None

    def send_evidence(self, index: int) -> list[Out]:
        """Our log differs from another peer's from entry `index` on: show everyone our entry."""
        core = self.core
        entry = self.entry_at(index)
        if entry is None or index in core.evidence_sent:
            return []
        core.evidence_sent.add(index)
        return core.broadcast({"k": "evidence", "i": index, "entry": entry})

    def evidence(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """Two validly signed, different entries at one index prove their author equivocated."""
        core = self.core
        index, entry = payload.get("i"), payload.get("entry")
        if not isinstance(index, int) or not isinstance(entry, dict):
            raise ProtocolViolation(sender, "malformed evidence")
        mine = self.entry_at(index)
        if mine is None or entry == mine:
            return []
        try:
            author = core.adapter.parse(str(entry.get("a"))).seat
            signature = entry.get("sig")
            if not isinstance(signature, bytes) or not 0 <= author < core.players:
                raise SignatureError("no signature")
            verify_signature(
                core.config.seats[author].key, signature, core.move_signed_bytes(entry)
            )
        except (ParseError, SignatureError):
            raise CheatDetected(sender, f"showed a forged entry {index} as evidence") from None
        if entry.get("prev") != core.hashes[index] or entry.get("i") != index:
            raise CheatDetected(sender, f"showed an entry that is not entry {index} as evidence")
        out = self.send_evidence(index)
        out.extend(
            self.named(
                author,
                f"signed two different moves for log entry {index}: "
                f"{mine.get('a')!r} and {entry.get('a')!r}",
                "entries",
                entries=[mine, entry],
            )
        )
        return out

    def entry_signed_by(self, seat: int, entry: dict[str, Any]) -> bool:
        """Tell whether a log entry is a move of `seat` that seat signed."""
        core = self.core
        key, digest = core.config.seats[seat].key, core.config.digest()
        return entry_signed_by(key, seat, entry, digest, core.adapter.parse)

    def digests(self) -> list[bytes]:
        """Our log as the digests of its entries (a `final` message; a fresh list each call).

        The log only grows, so each entry's digest is computed once, when first asked for (the
        finals are compared on every message and tick once a game ends)."""
        entries, known = self.core.entries, self._digests
        if len(known) < len(entries):
            known.extend(entry_digests(entries[len(known) :]))
        return known[: len(entries)]

    def final(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """Another peer's whole log, as digests, once its game ended: compare with ours."""
        core = self.core
        digests = payload.get("d")
        if not isinstance(digests, list) or not all(isinstance(d, bytes) for d in digests):
            raise ProtocolViolation(sender, "malformed final log")
        core.finals[sender] = digests
        return self.compare_finals()

    def compare_finals(self) -> list[Out]:
        """Once our game ended: show our entry where another peer's final log first differs."""
        core = self.core
        if not core.game_finished:
            return []
        mine = self.digests()
        out: list[Out] = []
        for theirs in core.finals.values():
            if theirs != mine:
                first = next(
                    (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
                    min(len(mine), len(theirs)),
                )
                out.extend(self.send_evidence(first))
        out.extend(self.finish_if_settled())
        return out

    def check_finals(self, now: float) -> list[Out]:
        """Once our game finished: settle it as soon as every seat heard from shows by its
        heartbeat that it holds what we hold (`finish_if_settled`); a final that still differs
        from our complete log after FINAL_DEADLINE, with no signed move shown to back it, names
        the seat that signed it."""
        core = self.core
        if not core.game_finished or core.over is not None:
            return []
        settled = self.finish_if_settled()  # every seat heard from now shows what it holds
        if core.over is not None:
            return settled
        return settled + self._finals_overdue(now)

    def _finals_overdue(self, now: float) -> list[Out]:
        """Name a seat whose final still differs after FINAL_DEADLINE; else finish unconfirmed
        seats past FINAL_CONFIRM (`finish_unconfirmed`)."""
        core = self.core
        mine = self.digests()
        for seat, theirs in sorted(core.finals.items()):
            if theirs == mine:
                core.final_mismatch.pop(seat, None)
                continue
            since = core.final_mismatch.setdefault(seat, now)
            if now - since > FINAL_DEADLINE:
                return self.named(
                    seat,
                    f"signed a final log of {len(theirs)} moves that differs from the agreed "
                    f"log of {len(mine)} and showed no signed move to back it",
                    "final",
                    [core.final_frames[seat]],
                )
        return self.finish_unconfirmed(now)

    def finish_unconfirmed(self, now: float) -> list[Out]:
        """Our result follows from the voted log and our audit has its verdict, every final that
        came agrees, but some seat's final never came, or no heartbeat of a seat heard from shows
        it holding what we hold: FINAL_CONFIRM_DEADLINE after our game finished, finish with the
        signed result, recording the seats that did not confirm it (issue 25, finding 5)."""
        core = self.core
        if core.verdict is None or core.over is not None:
            return []
        if self.settled_at is None:
            self.settled_at = core.clock
        mine = self.digests()
        expected = set(range(core.players)) - {core.seat} - core.left_seats
        if any(core.finals.get(seat, mine) != mine for seat in expected):
            return []  # a final that differs: the evidence decides (check_finals)
        no_final = expected - set(core.finals)
        holding_otherwise = self.holding_otherwise(expected)
        missing = tuple(sorted(no_final | holding_otherwise))
        if not missing:
            return []
        window = FINAL_CONFIRM.after(core.resume_window)
        finished_at = core.audit_started_at  # when our game finished: the result followed
        if finished_at is None or now - finished_at <= window:
            return []
        settled_at = self.settled_at if self.settled_at is not None else now
        if holding_otherwise - no_final and now - settled_at <= window:
            return []  # a seat whose final came: its heartbeat is given the window from our verdict
        names = ", ".join(f"{s} ({core.config.seats[s].name})" for s in missing)
        ended = core.finish(
            "finished",
            verdict=core.verdict,
            evidence=f"seat(s) {names} never confirmed the log (no final, or no heartbeat "
            "showing that it holds the messages we hold)",
            unconfirmed=missing,
        )
        return [*ended, core.net.heartbeat()]

    def holding_otherwise(self, seats: Iterable[int]) -> set[int]:
        """The seats heard from whose last heartbeat does not show them holding exactly the
        messages we hold (`Forwarding.confirms`): until it does, a version of some message that
        differs between us may still be found (a silent seat cannot show it: not waited for)."""
        core = self.core
        return {s for s in seats if s not in core.silent and not core.forwarding.confirms(s)}

    def finish_if_settled(self) -> list[Out]:
        """The game is over when the audit has a verdict, every peer showed the same log and
        every peer heard from showed by its heartbeat that it holds the messages we hold."""
        core = self.core
        if core.verdict is None or core.over is not None:
            return []
        if self.settled_at is None:
            self.settled_at = core.clock
        mine = self.digests()
        expected = set(range(core.players)) - {core.seat} - core.left_seats
        if not expected <= set(core.finals) or any(core.finals[s] != mine for s in expected):
            return []
        if self.holding_otherwise(expected):
            return [core.net.heartbeat()] if self.say_held() else []
        return [*core.finish("finished", verdict=core.verdict), core.net.heartbeat()]

    def say_held(self) -> bool:
        """Whether to tell the others at once what we hold (a heartbeat): once, when our audit
        has its verdict and every final agrees, so that they need not wait for the next beat."""
        if self.held_said:
            return False
        self.held_said = True
        return True

    def merge_verdicts(self) -> list[Out]:
        """Once every deal is audited: replay the game with every face open, merge the verdicts."""
        core = self.core
        if core.verdict is not None or len(core.deal_verdicts) < len(core.deals):
            return []
        core.verdict = merge_verdicts(
            core.deal_verdicts,
            core.initial_sources,
            core.reshuffle_deals,
            self.game_check,
            self.proxy_claim_problems,
        )
        return self.finish_if_settled()

    def proxy_claim_problems(self, deck: tuple[str, ...]) -> list[tuple[int, str]]:
        """Reverse: each seat's claim about the next seat's lowest trump, against the open deck."""
        core = self.core
        if not core.proxy_claims:
            return []
        return proxy_claim_problems(core.claiming.trump_for(0), core.dealt, core.proxy_claims, deck)

    def game_check(
        self, opened_deck: list[str], redeals: list[list[str]]
    ) -> list[tuple[int | None, str]]:
        """The audit's replay of the whole game on the engine with every face open."""
        core = self.core
        return core.adapter.replay(
            core.first,
            core.entries,
            core.game,
            opened_deck,
            redeals,
            core.config.dealer,
            core.named_trump,
        )

    def named(
        self,
        seat: int,
        reason: str,
        why: str,
        frames: Iterable[Delivered] = (),
        entries: Iterable[dict[str, Any]] = (),
    ) -> list[Out]:
        """End the game naming `seat`, first showing everyone the signed evidence (a verdict
        message) so that each can check it and end too."""
        core = self.core
        if core.over is not None:
            return []
        frames = list(frames)
        if not all(core.signed(item) for item in frames):
            # Evidence nobody else could check: the sender broke the protocol on its own link.
            if why == "malformed" or why == "equivocation":
                return []  # nothing of it was used: the link is closed and reported
            return core.cheat(seat, reason)
        shown = [f.as_wire() for f in frames]
        listed = list(entries)
        out: list[Out] = []
        if (shown or listed) and seat != core.seat and not core.announced:
            core.announced = True
            verdict = {"k": "verdict", "seat": seat, "why": why, "reason": reason[:2000]}
            out.extend(core.broadcast(verdict | {"frames": shown[:8], "entries": listed[:2]}))
        out.extend(core.cheat(seat, reason))
        return out

    def wrong_key(self, seat: int, reason: str, shown: dict[str, Any]) -> list[Out]:
        """End the game naming `seat` for a wrong key only this seat was sent, first showing
        everyone the proof (`DealingPeer.wrong_key_shown`): the others cannot see that key."""
        core = self.core
        if core.over is not None:
            return []
        out: list[Out] = []
        if not core.announced:
            core.announced = True
            verdict = {"k": "verdict", "seat": seat, "why": "key", "reason": reason[:2000]}
            out.extend(core.broadcast(verdict | {"key": shown}))
        out.extend(core.cheat(seat, reason))
        return out

    def verdict(self, sender: int, payload: dict[str, Any]) -> list[Out]:
        """Another seat named a seat: check its evidence here; forged evidence is the
        announcer's own violation."""
        core = self.core
        seat, why, reason = payload["seat"], payload["why"], payload["reason"]
        if seat >= core.players:
            raise ProtocolViolation(sender, f"named seat {seat}, which does not exist")
        frames = shown_frames(core.signer, core.players, sender, payload.get("frames", []))
        told = f"{reason} (shown by seat {sender})"
        if why == "malformed":
            if proves_malformed(seat, frames):
                return core.cheat(seat, told)
        elif why == "equivocation":
            if proves_equivocation(seat, frames):
                return core.cheat(seat, told)
        elif why == "key":
            shown = payload.get("key")
            if isinstance(shown, dict) and any(
                deal.wrong_key_shown(sender, seat, shown) for deal in core.deals
            ):
                return core.cheat(seat, told)
        elif why == "entries":
            if proves_two_entries(seat, payload.get("entries", []), self.entry_signed_by):
                return core.cheat(seat, told)
        elif why == "final":
            if (
                len(frames) != 1
                or frames[0].sender != seat
                or frames[0].payload.get("k") != "final"
            ):
                raise ProtocolViolation(sender, "named a seat for a final it did not sign")
            if not core.game_finished:
                return []  # cannot be checked before this seat's log is complete
            if frames[0].payload.get("d") != self.digests():
                return core.cheat(seat, told)
        else:  # "fault": take the signed messages as if from their senders and judge them here
            out: list[Out] = []
            for item in frames:
                if item.sender == core.seat:
                    continue
                try:
                    taken = core.net.accept(item)
                except Equivocation:
                    raise
                except ProtocolViolation:
                    continue  # too far ahead of what we hold: nothing to judge it by yet
                out.extend(core.take(taken))
            return out
        raise ProtocolViolation(sender, f"named seat {seat} on evidence that does not show it")

    def fault_frames(self, item: Delivered, seat: int) -> list[Delivered]:
        """The signed messages that let others judge a fault of `seat` found while handling
        `item`: it, and when it is another seat's, `seat`'s move of this round and last message."""
        core = self.core
        frames = [item]
        if seat != item.sender and 0 <= seat < core.players:
            current = core.round
            act = None if current is None else core.act_items.get(current.index)
            if act is not None and act.sender == seat:
                frames.append(act)
            if core.net.delivered[seat] and core.net.delivered[seat][-1] not in frames:
                frames.append(core.net.delivered[seat][-1])
        return frames

    def audit_overdue(self, now: float) -> list[Out]:
        """The game finished, but a deal's audit still lacks digests or secrets past the audit's
        deadline (`TableCore.audit_deadline`): the deal's audit times out with its verdict."""
        core = self.core
        started = core.audit_started_at
        if started is None or core.over is not None or now - started <= core.audit_deadline(now):
            return []
        out: list[Out] = []
        try:
            for index, deal in enumerate(core.deals):
                if index not in core.deal_verdicts:
                    out.extend(core.openings.dealing_out(deal.audit_timeout(), index))
        except CheatDetected as exc:
            out.extend(core.cheat(exc.seat, str(exc)))
        return out
