"""A deal as a spectator follows it: every seat's signed messages checked, public positions only.

`SpectatorDeal` is a `DealObserver` (no seat, never sends) that may also be handed a seat's plain
per-position key (`offer_key`). It takes a key only for a position that the seat's own signed
`keys` messages opened to every other seat still in the deal (what the whole table may see), and
only when the key matches the seat's commitment in its hello. A position opens (`known`) once
every seat's key for it is here: so a spectator can never open a face that some seat was not
shown, and `hidden_faces_held` lets a test check that it never did.
"""

from __future__ import annotations

from collections.abc import Sequence

from net.dealing.errors import CheatDetected
from net.dealing.observer import DealObserver
from net.dealing.peer import CheckBinding

KEY_BYTES = 32


class SpectatorDeal(DealObserver):
    """One deal as a spectator checks it; faces open only for positions opened to every seat."""

    def __init__(
        self,
        context: object,
        parents: Sequence[SpectatorDeal] = (),
        check_binding: CheckBinding | None = None,
    ) -> None:
        super().__init__(context, parents, check_binding)  # type: ignore[arg-type]
        self.offered: dict[tuple[int, int], int] = {}
        """Keys offered and not yet taken: (seat, position) -> key (its opening not seen yet)."""
        self._given: dict[tuple[int, int], set[int]] = {}
        self._given_at = -1  # the deal log's length when `_given` was built

    def _receivers(self, seat: int, position: int) -> set[int]:
        """The seats `seat`'s signed keys messages opened `position` to."""
        if self._given_at != self.logged:
            given: dict[tuple[int, int], set[int]] = {}
            for message in self.messages():
                if message.get("type") == "keys":
                    sender = int(message["sender"])
                    for opened, receivers in message.get("openings") or []:
                        given.setdefault((sender, opened), set()).update(receivers)
            self._given, self._given_at = given, self.logged
        return self._given.get((seat, position), set())

    def opened_to_all_by(self, seat: int, position: int) -> bool:
        """Whether `seat`'s signed keys messages of this deal opened `position` to every other
        seat still in the deal (a seat that left published all its keys)."""
        others = set(range(self.context.players)) - {seat} - self.left
        return others <= self._receivers(seat, position)

    def offer_key(self, seat: int, position: int, key: bytes) -> bool:
        """A seat's plain key for a position. Raises CheatDetected (naming `seat`) for a key that
        does not match its commitment or a position out of range; keeps it pending until the
        seat's signed messages show the position opened to every seat. Whether it was taken."""
        if not 0 <= seat < self.context.players or not 0 <= position < self.context.size:
            raise CheatDetected(seat, f"a public key for position {position!r} out of range")
        if not isinstance(key, bytes) or len(key) != KEY_BYTES:
            raise CheatDetected(seat, "a public key is 32 bytes")
        value = int.from_bytes(key, "little")
        if seat not in self.card_key_commitments or self.deck is None:
            self.offered[(seat, position)] = value
            return False
        if not self._key_matches(seat, position, value):
            raise CheatDetected(seat, f"sent a spectator a wrong key for position {position}")
        if not self.opened_to_all_by(seat, position):
            self.offered[(seat, position)] = value
            return False
        self.offered.pop((seat, position), None)
        self.received_keys.setdefault(position, {})[seat] = value
        self._try_open(position)
        return True

    def retry_offers(self) -> None:
        """Take every pending key whose position is now shown opened to every seat."""
        for (seat, position), value in list(self.offered.items()):
            self.offer_key(seat, position, value.to_bytes(KEY_BYTES, "little"))

    def unchecked(self) -> bool:
        """Whether some proof checks are still deferred (`verify_pending` runs them)."""
        return bool(self._pending)

    def hidden_faces_held(self) -> list[int]:
        """The positions whose face this spectator holds though not every seat in the deal
        opened them to every other (must always be empty)."""
        seats = set(range(self.context.players)) - self.left
        return [
            position
            for position in sorted(self.known)
            if not all(self.opened_to_all_by(seat, position) for seat in seats)
        ]


__all__ = ["KEY_BYTES", "SpectatorDeal"]
