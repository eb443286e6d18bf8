"""What a seat sends a spectator of its game: every seat's signed messages and the public keys.

A spectator receives, from every seat, a `feed` frame whenever that seat's part of the game
moved on (docs/protocol.md, "Spectators"). Each frame holds only what is new since the last:

- `start`: the start the seats' signed messages decided (the dealer's trump and the claimed
  positions: their hash is where the log's hash chain begins), the first leader and the card
  layout; sent once, when the game begins;
- `deals`: for each deal, its label and (for a sub-deck) where its cards come from, and every
  signed dealing message this seat holds, its own and (relayed) every other seat's: hellos,
  passes and proofs, keys messages whose keys the spectator cannot read, leave, audit digest
  and reveal;
- `log`: every log entry this seat holds (each signed by its author, chained by `prev`);
- `keys`: `[deal, position, key, author]`: the plain key of each position that its author's
  signed keys messages opened to every other seat, this seat's own and those other seats sent
  it, never another: the spectator checks each key against its author's commitment;
- `at`: the seat's log length, log hash and the deals its re-deals used (its heartbeat hash);
- `over`: how the game ended at this seat, and whether its audit opened every face (`opened`:
  then every seat's audit reveal is in the feeds, and the spectator opens the deck too).

Relaying the other seats' material lets a spectator catch up from any one seat (a seat gone
cannot feed it); the spectator trusts none of it for who relayed it: every item is checked
against its author's signature or commitment.

A seat never reads what a spectator sends it except a `hello` (start feeding a game) and a
`bye`: the desk (`WatchDesk`) drops any other frame and disconnects the spectator, so nothing a
spectator sends reaches a table core.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from net.dealing.spectator import openings_by_author
from net.table.core import TableCore

WATCH = "w"
"""The `t` of every frame between a spectator and a seat or host."""
FEED = "feed"
SPECTATOR_KINDS = ("hello", "bye")
"""The only frames a seat takes from a spectator (its chat goes to the host's lobby)."""
KEY_BYTES = 32
MAX_HELLOS = 8
"""Feeds a seat starts for one spectator in one game (each begins with a whole catch-up): a
spectator that crashes just watches again, one that says hello more often is dropped."""


@dataclass
class SpectatorFeed:
    """One seat's feed of one game to one spectator: what it sent so far, and what is new."""

    core: TableCore
    number: int = 0
    """Feed frames sent so far (each frame carries its number: the spectator keeps order)."""
    start_sent: bool = False
    deals_seen: dict[int, int] = field(default_factory=dict)
    """Per deal: how many of its messages (every seat's) this feed last looked at."""
    messages_sent: dict[int, int] = field(default_factory=dict)
    """Per deal: how many of the seat's held messages (every seat's, in the order it took them)
    were sent."""
    openings: dict[int, tuple[int, dict[tuple[int, int], set[int]]]] = field(default_factory=dict)
    """Per deal: its log length and, then, who each author opened each position to."""
    keys_sent: set[tuple[int, int, int]] = field(default_factory=set)
    """(deal, position, author) of every key sent."""
    keys_scanned: dict[int, int] = field(default_factory=dict)
    """Per deal: its log length when its keys were last looked at (keys come with messages)."""
    entries_seen: int = 0
    at_sent: tuple[int, str, int] | None = None
    over_sent: bool = False

    def update(self) -> dict[str, Any] | None:
        """The next feed frame, holding everything new since the last (None: nothing new)."""
        core = self.core
        payload: dict[str, Any] = {}
        if not self.start_sent and core.game is not None and core.first is not None:
            record = core.claiming.start_record() or {"trump": core.named_trump, "claims": []}
            payload["start"] = {
                "trump": record["trump"],
                "claims": list(record["claims"]),
                "first": core.first,
                "initial": [list(source) for source in core.initial_sources],
            }
            self.start_sent = True
        deals = self._deals()
        if deals:
            payload["deals"] = deals
        keys = self._keys()
        if keys:
            payload["keys"] = keys
        entries = core.entries
        if len(entries) > self.entries_seen:
            payload["log"] = [
                [index, dict(entries[index])] for index in range(self.entries_seen, len(entries))
            ]
            self.entries_seen = len(entries)
        at = (len(entries), core.log_hash, len(core.reshuffle_deals))
        if at != self.at_sent and core.game is not None:
            payload["at"] = [at[0], at[1], list(core.reshuffle_deals)]
            self.at_sent = at
        if core.over is not None and not self.over_sent:
            over = core.over
            payload["over"] = {
                "reason": over.reason,
                "log_hash": over.log_hash,
                "result": dict(over.result),
                "cheater": over.cheater,
                "opened": over.verdict is not None and over.verdict.deck is not None,
            }
            self.over_sent = True
        if not payload:
            return None
        frame = {"t": WATCH, "k": FEED, "g": core.config.game_no, "n": self.number, "p": payload}
        self.number += 1
        return frame

    def _deals(self) -> list[list[Any]]:
        """Each deal with messages not sent yet (every seat's): [index, label, sources,
        messages]."""
        core = self.core
        sessions = {deal.session: index for index, deal in enumerate(core.deals) if deal.session}
        out: list[list[Any]] = []
        for index, deal in enumerate(core.deals):
            if self.deals_seen.get(index) == deal.logged:
                continue
            self.deals_seen[index] = deal.logged
            first = index not in self.messages_sent
            new = deal.held_since(self.messages_sent.get(index, 0))
            if not new and not first:
                continue
            self.messages_sent[index] = self.messages_sent.get(index, 0) + len(new)
            sources = [
                [sessions.get(session, -1), position] for session, position in deal.context.hidden
            ]
            out.append([index, deal.context.label, sources, [dict(m) for m in new]])
        return out

    def _opened(self, index: int) -> dict[tuple[int, int], set[int]]:
        """Who each author's signed keys messages of deal `index` opened each position to."""
        deal = self.core.deals[index]
        logged, given = self.openings.get(index, (-1, {}))
        if logged != deal.logged:
            given = openings_by_author(deal.held_messages())
            self.openings[index] = (deal.logged, given)
        return given

    def _keys(self) -> list[list[Any]]:
        """Every key this seat holds of a position its author's signed keys messages opened to
        every other seat still in the deal, not sent before: [deal, position, key, author]."""
        core = self.core
        out: list[list[Any]] = []
        everyone = set(range(core.players))
        for index, deal in enumerate(core.deals):
            if deal.has_left or deal.deck is None:
                continue  # a seat that left published every key in its leave message
            if self.keys_scanned.get(index) == deal.logged:
                continue  # no keys message (sent or received) and no leave since
            self.keys_scanned[index] = deal.logged
            for position, receivers in deal.sent_keys.items():
                if (index, position, core.seat) in self.keys_sent:
                    continue
                if not everyone - {core.seat} - deal.left <= receivers:
                    continue
                self.keys_sent.add((index, position, core.seat))
                key = deal.secrets.card_keys[position]
                out.append([index, position, key.to_bytes(KEY_BYTES, "little"), core.seat])
            for position, by_author in deal.received_keys.items():
                for author, value in by_author.items():
                    if (index, position, author) in self.keys_sent:
                        continue
                    others = everyone - {author} - deal.left
                    if not others <= self._opened(index).get((author, position), set()):
                        continue
                    self.keys_sent.add((index, position, author))
                    out.append([index, position, value.to_bytes(KEY_BYTES, "little"), author])
        return out


class SpectatorViolation(Exception):
    """A spectator sent a seat something other than its hello or bye: drop it, disconnect."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class WatchDesk:
    """A seat's spectators of one game: their feeds, and the frames it takes from them."""

    core: TableCore
    feeds: dict[Any, SpectatorFeed] = field(default_factory=dict)
    hellos: dict[Any, int] = field(default_factory=dict)
    """Feeds started per spectator (kept when it is dropped: its next link counts on)."""
    openings: dict[int, tuple[int, dict[tuple[int, int], set[int]]]] = field(default_factory=dict)
    """Per deal: its log length and who each author opened each position to, worked out once for
    every feed of this game (the same seat's log: the same answer)."""

    def receive(self, spectator: Any, frame: Any) -> dict[str, Any] | None:
        """A frame from a spectator's authenticated link: a `hello` for this game starts its
        feed (its first frame is returned: the catch-up), a `bye` ends it; anything else raises
        SpectatorViolation (the caller drops the frame and disconnects the spectator)."""
        if not isinstance(frame, dict) or frame.get("t") != WATCH:
            raise SpectatorViolation("a spectator sent a frame that is not a watch frame")
        kind = frame.get("k")
        if kind not in SPECTATOR_KINDS:
            raise SpectatorViolation(f"a spectator may not send {str(kind)[:20]!r}")
        if set(frame) - {"t", "k", "g"}:
            raise SpectatorViolation(f"a spectator's {kind} holds unknown fields")
        if kind == "bye":
            self.feeds.pop(spectator, None)
            return None
        if frame.get("g") != self.core.config.game_no or type(frame.get("g")) is not int:
            raise SpectatorViolation("a spectator's hello names another game")
        if spectator in self.feeds:
            raise SpectatorViolation("a spectator said hello twice")
        if self.hellos.get(spectator, 0) >= MAX_HELLOS:
            raise SpectatorViolation(f"a spectator said hello more than {MAX_HELLOS} times")
        self.hellos[spectator] = self.hellos.get(spectator, 0) + 1
        feed = self.feeds[spectator] = SpectatorFeed(self.core, openings=self.openings)
        return feed.update()

    def updates(self) -> list[tuple[Any, dict[str, Any]]]:
        """Each spectator's next feed frame, for those with something new."""
        out = []
        for spectator, feed in self.feeds.items():
            frame = feed.update()
            if frame is not None:
                out.append((spectator, frame))
        return out

    def drop(self, spectator: Any) -> None:
        """Forget a spectator (its link closed, or it broke the rules)."""
        self.feeds.pop(spectator, None)


__all__ = [
    "FEED",
    "KEY_BYTES",
    "MAX_HELLOS",
    "SPECTATOR_KINDS",
    "WATCH",
    "SpectatorFeed",
    "SpectatorViolation",
    "WatchDesk",
]
