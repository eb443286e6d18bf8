"""What a seat sends a spectator of its game: its own signed messages and the public keys.

A spectator receives, from every seat, a `feed` frame whenever that seat's part of the game
moved on (docs/protocol.md, "Spectators"). Each frame holds only what is new since the last:

- `start`: the start the seats' signed messages decided (the dealer's trump and the claimed
  positions: their hash is where the log's hash chain begins), the first leader and the card
  layout; sent once, when the game begins;
- `deals`: for each deal, its label and (for a sub-deck) where its cards come from, and this
  seat's own signed dealing messages (hellos, passes and proofs, keys messages whose keys the
  spectator cannot read, leave, audit digest and reveal);
- `log`: the log entries this seat authored (each signed by it, chained by `prev`);
- `keys`: this seat's plain key for each position its signed keys messages opened to every other
  seat, never another: the spectator checks the key against the seat's commitment;
- `at`: the seat's log length, log hash and the deals its re-deals used (its heartbeat hash);
- `over`: how the game ended at this seat.

A seat never reads what a spectator sends it except a `hello` (start feeding a game) and a
`bye`: the desk (`WatchDesk`) drops any other frame and disconnects the spectator, so nothing a
spectator sends reaches a table core.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from net.table.core import TableCore
from net.table.game_adapter import entry_seat

WATCH = "w"
"""The `t` of every frame between a spectator and a seat or host."""
FEED = "feed"
SPECTATOR_KINDS = ("hello", "bye")
"""The only frames a seat takes from a spectator (its chat goes to the host's lobby)."""
KEY_BYTES = 32


@dataclass
class SpectatorFeed:
    """One seat's feed of one game to one spectator: what it sent so far, and what is new."""

    core: TableCore
    number: int = 0
    """Feed frames sent so far (each frame carries its number: the spectator keeps order)."""
    start_sent: bool = False
    deals_seen: dict[int, int] = field(default_factory=dict)
    """Per deal: how many of its messages (every seat's) this feed last looked at."""
    own_sent: dict[int, int] = field(default_factory=dict)
    """Per deal: how many of this seat's own messages were sent."""
    keys_sent: set[tuple[int, int]] = field(default_factory=set)
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
            own = [
                [index, dict(entries[index])]
                for index in range(self.entries_seen, len(entries))
                if entry_seat(entries[index]) == core.seat
            ]
            self.entries_seen = len(entries)
            if own:
                payload["log"] = own
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
            }
            self.over_sent = True
        if not payload:
            return None
        frame = {"t": WATCH, "k": FEED, "g": core.config.game_no, "n": self.number, "p": payload}
        self.number += 1
        return frame

    def _deals(self) -> list[list[Any]]:
        """Each deal with new messages of this seat: [index, label, sources, messages]."""
        core = self.core
        sessions = {deal.session: index for index, deal in enumerate(core.deals) if deal.session}
        out: list[list[Any]] = []
        for index, deal in enumerate(core.deals):
            if self.deals_seen.get(index) == deal.logged:
                continue
            self.deals_seen[index] = deal.logged
            own = [m for m in deal.messages() if m.get("sender") == core.seat]
            sent = self.own_sent.get(index)
            if sent is not None and sent >= len(own):
                continue
            self.own_sent[index] = len(own)
            sources = [
                [sessions.get(session, -1), position] for session, position in deal.context.hidden
            ]
            out.append([index, deal.context.label, sources, [dict(m) for m in own[sent or 0 :]]])
        return out

    def _keys(self) -> list[list[Any]]:
        """This seat's keys of positions its signed keys messages opened to every other seat,
        not sent before: [deal, position, key]."""
        core = self.core
        out: list[list[Any]] = []
        for index, deal in enumerate(core.deals):
            if deal.has_left or deal.deck is None:
                continue  # a seat that left published every key in its leave message
            others = set(range(core.players)) - {core.seat} - deal.left
            for position, receivers in deal.sent_keys.items():
                if (index, position) in self.keys_sent or not others <= receivers:
                    continue
                self.keys_sent.add((index, position))
                key = deal.secrets.card_keys[position].to_bytes(KEY_BYTES, "little")
                out.append([index, position, key])
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
        feed = self.feeds[spectator] = SpectatorFeed(self.core)
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
    "SPECTATOR_KINDS",
    "WATCH",
    "SpectatorFeed",
    "SpectatorViolation",
    "WatchDesk",
]
