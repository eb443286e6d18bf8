"""What a seat the game waits for is shown to hold: the proof behind a forfeit (issue 25).

A seat the open round waits for (its vote, or its move once it won the round) "holds what it
needs to move" when two things are true at this seat:

- this seat holds everything that seat needs: the round is open here (the log it votes on), and,
  when the game waits for that seat's own move, every key opening a card of its hand that it may
  see, from every other seat (`DealingPeer.opened_to`); when it won the round, every vote of it;
- that seat's own heartbeats (its link is authenticated, as the silence that makes a leaver is)
  show it holding every message this seat held then, with the same running hashes.

The moment the first holds, this seat notes how many messages of each author it held
(`note`); the proof (`shows_holding`) is the seat's latest heartbeat reaching that far. A seat
kept from its cards (a key never sent, or never reaching it) has no proof: it is never made to
forfeit nor recorded as stalled. The forfeit itself still needs every other seat's statement
(net/absence.py), so no single seat's view makes a fool.

What keeps a seat from its cards is seen here too (`keys_kept_from`): another seat's key share
for one of its cards that no keys message held here carries to it. Keys messages go to every
seat and are forwarded, so a share sent to anyone arrives here. The seat that owes it is what
the round waits for once it is shown holding the log that calls for the opening: by its signed
vote of the round (`VoteRounds.withholders`), or, for a seat out of the game that votes no
more, by its heartbeats reaching what this seat held when the wait was noted (`note_log`,
`holds_log`) while this seat holds every message it says it sent (`sent_all_here`: its share is
not merely on the way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from net.table.core import TableCore


class Holding:
    """Per open round, what each awaited seat was shown to need, and whether it holds it."""

    def __init__(self, core: TableCore) -> None:
        self.core = core
        self.round: tuple[int, int, bool] | None = None  # (index, attempt, won) noted for
        self.needed: dict[int, list[int]] = {}  # seat -> our message counts when all was here
        self.log_needed: dict[int, list[int]] = {}  # seat -> our message counts (the log)

    def _in_round(self, won: bool) -> bool:
        """Make the notes those of the open round (`won`: its winner's move); False: none open."""
        current = self.core.round
        if current is None:
            return False
        key = (current.index, current.attempt, won)
        if key != self.round:
            self.round, self.needed, self.log_needed = key, {}, {}
        return True

    def note(self, seats: list[int], won: bool = False) -> None:
        """Note, for each of `seats` the open round waits for (its winner's move with `won`),
        what this seat holds once everything that seat needs is here."""
        if not self._in_round(won):
            return
        for seat in seats:
            if seat not in self.needed and (won or self.cards_opened_to(seat)):
                self.needed[seat] = self.core.net.have()

    def note_log(self, seats: list[int]) -> None:
        """Note, for each of `seats` that owes a key to a seat the open round's votes wait for,
        what this seat holds: the log that calls for the opening."""
        if not self._in_round(False):
            return
        for seat in seats:
            self.log_needed.setdefault(seat, self.core.net.have())

    def cards_opened_to(self, seat: int) -> bool:
        """Every card of `seat`'s hand that it may see was opened to it by every other seat
        (only asked when the game waits for its move; a vote owed at once needs no card)."""
        return not self.keys_kept_from(seat)

    def keys_kept_from(self, seat: int) -> dict[int, list[int]]:
        """When the game waits for `seat`'s move: each other seat whose key share for a card of
        `seat`'s hand that it may see is in no keys message held here, with those cards' slots
        (empty: every such card was opened to it; a vote owed at once needs no card)."""
        core = self.core
        game = core.game
        if game is None or seat not in game.to_act:
            return {}
        bit = 1 << seat
        kept: dict[int, list[int]] = {}
        for slot in game.hands[seat]:
            if not game.known[slot] & bit:
                continue
            deal, position = core.sources[slot]
            for other in sorted(core.deals[deal].shares_kept_from(position, seat)):
                kept.setdefault(other, []).append(slot)
        return kept

    def openings_missing(self, seat: int) -> bool:
        """Some card the log has opened to `seat`, in its hand or on the table (a card played
        or turned up), lacks another seat's key share to it in every keys message held here:
        `seat` may be kept from applying the log, so heartbeats that match ours show nothing
        of what it holds (issue 25: a seat kept from its cards is never blamed)."""
        core = self.core
        game = core.game
        if game is None:
            return False
        bit = 1 << seat
        for slot, known in enumerate(game.known):
            if not known & bit or slot >= len(core.sources):
                continue
            deal, position = core.sources[slot]
            if core.deals[deal].shares_kept_from(position, seat):
                return True
        return False

    def shows_holding(self, seat: int, won: bool = False) -> bool:
        """`seat`'s latest heartbeat shows it holding all it needed in the open round, exactly
        as this seat holds it (the same running hash of each author's messages)."""
        current = self.core.round
        if current is None or self.round != (current.index, current.attempt, won):
            return False
        return self._reaches(seat, self.needed.get(seat))

    def holds_log(self, seat: int) -> bool:
        """`seat`'s latest heartbeat shows it holding the log this seat held when `note_log`
        noted it in the open round (its votes' wait), exactly as this seat holds it."""
        current = self.core.round
        if current is None or self.round != (current.index, current.attempt, False):
            return False
        return self._reaches(seat, self.log_needed.get(seat))

    def sent_all_here(self, seat: int) -> bool:
        """This seat holds every message `seat`'s latest heartbeat says it has sent, exactly as
        it sent them: a message of it that is not here was not sent by then."""
        core = self.core
        have, heads = core.forwarding.have.get(seat), core.forwarding.heads.get(seat)
        if have is None or heads is None:
            return False
        sent = have[seat]
        return sent <= core.net.have()[seat] and heads[seat] == core.net.head(seat, sent)

    def _reaches(self, seat: int, needed: list[int] | None) -> bool:
        """`seat`'s latest heartbeat holds at least `needed` of each author's messages, with
        the same running hashes as this seat's wherever this seat holds as many."""
        core = self.core
        forwarding = core.forwarding
        have, heads = forwarding.have.get(seat), forwarding.heads.get(seat)
        if needed is None or have is None or heads is None:
            return False
        held = core.net.have()
        for author, count in enumerate(needed):
            if have[author] < count:
                return False
            if have[author] <= held[author] and heads[author] != core.net.head(
                author, have[author]
            ):
                return False
        return True


__all__ = ["Holding"]
