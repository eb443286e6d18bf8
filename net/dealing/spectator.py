"""A deal as a spectator follows it: every seat's signed messages checked, public positions only.

`SpectatorDeal` is a `DealObserver` (no seat, never sends) that may also be handed a seat's plain
per-position key (`offer_key`). It takes a key only for a position that the key's author's own
signed `keys` messages opened to every other seat still in the deal (what the whole table may
see), and only when the key matches the author's commitment in its hello. A position opens
(`known`) once every seat's key for it is here: so a spectator can never open a face that some
seat was not shown, and `hidden_faces_held` lets a test check that it never did.

Any seat may relay another seat's messages and keys: a message is taken only under its author's
own signature (`author_signed`: the hello's key bound to the author's identity), a key only
against its author's commitment, so what a relaying seat adds is checked exactly as the
author's own feed is, and a relay that fails is the relaying seat's fault (`offer_key` returns
it), never its author's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from net.dealing.errors import CheatDetected
from net.dealing.messages import Message, digest
from net.dealing.observer import DealObserver
from net.dealing.peer import CheckBinding
from net.dealing.schema import check_message

KEY_BYTES = 32


def openings_by_author(messages: Iterable[Message]) -> dict[tuple[int, int], set[int]]:
    """(author, position) -> the seats the author's signed `keys` messages opened it to."""
    given: dict[tuple[int, int], set[int]] = {}
    for message in messages:
        if message.get("type") == "keys":
            sender = int(message["sender"])
            for opened, receivers in message.get("openings") or []:
                given.setdefault((sender, opened), set()).update(receivers)
    return given


class SpectatorDeal(DealObserver):
    """One deal as a spectator checks it; faces open only for positions opened to every seat."""

    def __init__(
        self,
        context: object,
        parents: Sequence[SpectatorDeal] = (),
        check_binding: CheckBinding | None = None,
    ) -> None:
        super().__init__(context, parents, check_binding)  # type: ignore[arg-type]
        self.offered: dict[tuple[int, int], dict[int, int]] = {}
        """Keys offered and not yet taken: (author, position) -> {relaying seat: key}."""
        self._given: dict[tuple[int, int], set[int]] = {}
        self._given_at = -1  # the deal log's length when `_given` was built
        self._signed: set[bytes] = set()
        """Digests of messages whose author's signature `author_signed` checked."""

    def _receivers(self, seat: int, position: int) -> set[int]:
        """The seats `seat`'s signed keys messages opened `position` to."""
        if self._given_at != self.logged:
            self._given, self._given_at = openings_by_author(self.messages()), self.logged
        return self._given.get((seat, position), set())

    def opened_to_all_by(self, seat: int, position: int) -> bool:
        """Whether `seat`'s signed keys messages of this deal opened `position` to every other
        seat still in the deal (a seat that left published all its keys)."""
        others = set(range(self.context.players)) - {seat} - self.left
        return others <= self._receivers(seat, position)

    def held(self, message: Any) -> Message | None:
        """The message this deal holds in the slot (author, number) of `message`, if any."""
        if not isinstance(message, dict):
            return None
        slot = (message.get("sender"), message.get("seq"))
        return self._log.get(slot) or self._inbox.get(slot)  # type: ignore[arg-type]

    def author_signed(self, message: Any) -> bool | None:
        """Whether `message` is well formed and carries its author's own signature (a hello:
        under a signing key bound to the author's identity); None while the author's hello is
        not here (its signing key is unknown). A message taken after this check is not checked
        again."""
        if not isinstance(message, dict) or check_message(message) is not None:
            return False
        sender = message.get("sender")
        if type(sender) is not int or not 0 <= sender < self.context.players:
            return False
        if message.get("type") == "hello":
            public = message.get("signing_key")
            if not isinstance(public, bytes) or not self.group.is_valid(public):
                return False
            if not self._bound(sender, public, message.get("binding")):
                return False
        else:
            known = self.signing_keys.get(sender)
            if known is None:
                return None
            public = known
        named = digest(message)
        try:
            super()._check_signature(message, public, named)
        except CheatDetected:
            return False
        self._signed.add(named)
        return True

    def _check_signature(self, message: Message, public: bytes, named: bytes) -> None:
        """A signature `author_signed` checked already is not checked twice."""
        if named not in self._signed:
            super()._check_signature(message, public, named)

    def offer_key(self, seat: int, position: int, key: bytes, relay: int | None = None) -> set[int]:
        """`seat`'s plain key for a position, sent by the seat `relay` (None: by `seat` itself).
        Kept aside until `seat`'s signed messages show the position opened to every seat, then
        taken when it matches `seat`'s commitment. The relaying seats whose key did not match
        (or named no position): their feeds carry what the author never committed to."""
        sender = seat if relay is None else relay
        if not 0 <= seat < self.context.players or not 0 <= position < self.context.size:
            return {sender}
        if not isinstance(key, bytes) or len(key) != KEY_BYTES:
            return {sender}
        offers = self.offered.setdefault((seat, position), {})
        offers.setdefault(sender, int.from_bytes(key, "little"))
        return self._take_offers(seat, position)

    def _take_offers(self, seat: int, position: int) -> set[int]:
        """Take `seat`'s offered key for `position` once checkable; the relays that failed."""
        offers = self.offered.get((seat, position))
        if not offers:
            return set()
        if seat not in self.card_key_commitments or self.deck is None:
            return set()
        if position in self.received_keys and seat in self.received_keys[position]:
            taken = self.received_keys[position][seat]
            del self.offered[(seat, position)]
            return {relay for relay, value in offers.items() if value != taken}
        bad = {
            relay for relay, value in offers.items() if not self._key_matches(seat, position, value)
        }
        for relay in bad:
            del offers[relay]
        if not offers or not self.opened_to_all_by(seat, position):
            return bad
        value = next(iter(offers.values()))
        del self.offered[(seat, position)]
        self.received_keys.setdefault(position, {})[seat] = value
        self._try_open(position)
        return bad

    def retry_offers(self) -> set[int]:
        """Take every pending key whose position is now shown opened to every seat; the relaying
        seats whose key failed its commitment."""
        bad: set[int] = set()
        for seat, position in list(self.offered):
            bad |= self._take_offers(seat, position)
        return bad

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


__all__ = ["KEY_BYTES", "SpectatorDeal", "openings_by_author"]
