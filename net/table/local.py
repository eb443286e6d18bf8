"""A table on this computer: every seat a full peer with its own keys, bots in all seats but one.

The cores talk through in-memory queues instead of sockets, but run exactly the protocol of a LAN
table: the fair-dealing shuffle with every proof, the vote rounds, the signed log and the audit.
The player's seat is driven by `submit`; the other seats by bots. Not thread-safe: drive it from one
thread (the client runs it off the GUI thread).
"""

from __future__ import annotations

import hashlib
import secrets
from collections import deque
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.actions import Action
from engine.bots import Bot
from engine.games import GameKind, kind_for
from engine.observation import Observation
from net.history.keep import keep_game
from net.history.store import HistoryStore
from net.identity import Identity
from net.table.config import SeatInfo, TableConfig
from net.table.core import GameOver, Out, StateChanged, TableCore
from net.table.reliable import Outgoing
from net.table.trump_choice import bot_trump_choice

IDLE_ROUNDS = 200

BOT_STAND_INS = {"easy": "random", "search": "heuristic"}
"""A bot level a game kind lacks, as the nearest level it has (every kind has "heuristic")."""


def kind_bot(kind: GameKind, name: str, seed: int) -> Any:
    """The bot `name` of the game kind `kind` (a level it lacks: its nearest, `BOT_STAND_INS`)."""
    if name not in kind.bots:
        name = BOT_STAND_INS.get(name, "heuristic")
    return kind.make_bot(name, seed)


class LocalTable:
    """One player against bots, all in this process, through the real table protocol."""

    def __init__(
        self,
        names: Sequence[str],
        player_seat: int,
        bots: Sequence[str],
        variant: str = "throw-in",
        options: dict[str, Any] | None = None,
        seed: bytes | None = None,
        player_identity: Identity | None = None,
    ) -> None:
        if not 0 <= player_seat < len(names):
            raise ValueError("the player's seat must be one of the seats")
        self.seed = seed or secrets.token_bytes(32)
        self.game_no = -1
        self.player_seat = player_seat
        self.identities = [
            player_identity if s == player_seat and player_identity else self._derive_identity(s)
            for s in range(len(names))
        ]
        self.seats = tuple(
            SeatInfo(
                name,
                self.identities[s].public_key,
                bot="" if s == player_seat else bots[s % len(bots)],
                host=player_seat,
            )
            for s, name in enumerate(names)
        )
        self.variant = variant
        self.options = dict(options or {})
        kind = kind_for(variant)
        self.bots: list[Any] = [
            None
            if s == player_seat
            else kind_bot(kind, bots[s % len(bots)], self._seed_int("bot", s))
            for s in range(len(names))
        ]
        self.cores: list[TableCore] = []
        self.queue: deque[tuple[int, int, dict[str, Any]]] = deque()
        self.events: list[Out] = []
        self.finished: list[GameOver] = []
        self.now = 0.0

    def _seed_int(self, label: str, seat: int) -> int:
        return int.from_bytes(self._derive(label, seat)[:8], "big")

    def _derive(self, label: str, seat: int) -> bytes:
        return hashlib.sha256(self.seed + f"|{label}|{self.game_no}|{seat}".encode()).digest()

    def _derive_identity(self, seat: int) -> Identity:
        return Identity.from_seed(hashlib.sha256(self.seed + f"|identity|{seat}".encode()).digest())

    # ----------------------------------------------------------------- games

    def new_game(self) -> list[Out]:
        """Deal the next game (the loser of the last one deals; the rules say who leads)."""
        previous = None
        if self.cores and self.cores[0].game is not None and self.cores[0].game.over:
            previous = self.cores[0].game
        self.game_no += 1
        config = TableConfig(
            table_id="local-" + self.seed.hex()[:12],
            game_no=self.game_no,
            variant=self.variant,
            options=tuple(sorted(self.options.items())),
            seats=self.seats,
        )
        if previous is not None:  # the fool deals from his left; the rules say who leads
            config = replace(self.cores[0].config.next_game(previous), game_no=self.game_no)
        self.cores = [
            TableCore(config, s, self.identities[s], self._derive("dealing", s), self.now)
            for s in range(config.players)
        ]
        self.events = []
        for seat, core in enumerate(self.cores):
            self._route(seat, core.start(self.now))
        return self.run()

    @property
    def core(self) -> TableCore:
        """The player's own core."""
        return self.cores[self.player_seat]

    @property
    def observation(self) -> Observation | None:
        """The player's view of the game."""
        return self.core.observation

    @property
    def game_over(self) -> GameOver | None:
        """The player's game over, once the game has ended and been audited."""
        return self.core.over

    def submit(self, action: Action) -> list[Out]:
        """The player's move (IllegalAction when it is not legal now)."""
        self._route(self.player_seat, self.core.intend(action))
        return self.run()

    def leave(self) -> list[Out]:
        """The player leaves: forfeit."""
        self._route(self.player_seat, self.core.leave())
        return self.run()

    # ----------------------------------------------------------------- plumbing

    def _route(self, seat: int, outputs: list[Out]) -> None:
        for item in outputs:
            if isinstance(item, Outgoing):
                targets = [item.to] if item.to is not None else range(len(self.cores))
                for target in targets:
                    if target != seat:
                        self.queue.append((seat, target, item.frame))
            elif seat == self.player_seat:
                self.events.append(item)
                if isinstance(item, GameOver):
                    self.finished.append(item)
                    keep_game(self.history, self.cores[seat], item)

    def _bots_move(self) -> bool:
        moved = False
        for seat, bot in enumerate(self.bots):
            core = self.cores[seat]
            if bot is None or core.game is None or core.over is not None or core.game_finished:
                continue
            if core.my_turn and core.intent is None:
                self._route(seat, core.intend(bot.choose(core.game, seat)))
                moved = True
        return moved

    history: HistoryStore | None = None
    """Where each finished game is kept as a game file (None: not kept)."""

    ask_player_trump = False
    """Whether the player, dealing, names the trump suit (`name_trump`) instead of having one
    drawn for him (the client asks him; tests and the simulator draw)."""

    def _dealer_names_trump(self) -> bool:
        """The dealer names the trump suit (`dealer_names_trump`): a bot draws it; so does the
        player's seat, unless `ask_player_trump` (then his `TrumpChoiceDue` waits for him)."""
        for seat, core in enumerate(self.cores):
            if core.trump_choice_due:
                if seat == self.player_seat and self.ask_player_trump:
                    continue
                chooser = self.bots[seat] or Bot(self._seed_int("trump", self.game_no))
                outs = core.name_trump(bot_trump_choice(chooser))
                self._route(seat, outs)
                return bool(outs)
        return False

    def name_trump(self, suit: str | None) -> list[Out]:
        """The player, dealing, names the trump suit (None: one is drawn for him, as for a bot);
        then the table runs on. Returns the player's events, as `run` does."""
        core = self.cores[self.player_seat]
        if core.trump_choice_due:
            if suit is None:
                suit = bot_trump_choice(Bot(self._seed_int("trump", self.game_no)))
            self._route(self.player_seat, core.name_trump(suit))
        return self.run()

    def run(self) -> list[Out]:
        """Deliver every frame and let the bots move until the player must act or all is done.

        Returns the player's events since the last call.
        """
        for _ in range(IDLE_ROUNDS * 1000):
            while self.queue:
                sender, receiver, frame = self.queue.popleft()
                self._route(receiver, self.cores[receiver].receive(sender, frame, self.now))
            if self._dealer_names_trump() or self._bots_move():
                continue
            self.now += 0.05  # idle: deferred proof checks and heartbeats
            for seat, core in enumerate(self.cores):
                self._route(seat, core.tick(self.now))
            if not self.queue and not self._bots_move():
                break
        events, self.events = self.events, []
        return events


__all__ = ["GameOver", "LocalTable", "StateChanged"]
