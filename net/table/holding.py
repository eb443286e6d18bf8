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

    def note(self, seats: list[int], won: bool = False) -> None:
        """Note, for each of `seats` the open round waits for (its winner's move with `won`),
        what this seat holds once everything that seat needs is here."""
        current = self.core.round
        if current is None:
            return
        key = (current.index, current.attempt, won)
        if key != self.round:
            self.round, self.needed = key, {}
        for seat in seats:
            if seat not in self.needed and (won or self.cards_opened_to(seat)):
                self.needed[seat] = self.core.net.have()

    def cards_opened_to(self, seat: int) -> bool:
        """Every card of `seat`'s hand that it may see was opened to it by every other seat
        (only asked when the game waits for its move; a vote owed at once needs no card)."""
        core = self.core
        game = core.game
        if game is None or seat not in game.to_act:
            return True
        bit = 1 << seat
        for slot in game.hands[seat]:
            if not game.known[slot] & bit:
                continue
            deal, position = core.sources[slot]
            if not core.deals[deal].opened_to(position, seat):
                return False
        return True

    def shows_holding(self, seat: int, won: bool = False) -> bool:
        """`seat`'s latest heartbeat shows it holding all it needed in the open round, exactly
        as this seat holds it (the same running hash of each author's messages)."""
        core = self.core
        current = core.round
        if current is None or self.round != (current.index, current.attempt, won):
            return False
        needed = self.needed.get(seat)
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
