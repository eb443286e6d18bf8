"""The bot seat: when it is this peer's turn in a game, its bot chooses the move."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from engine.errors import IllegalAction
from engine.games import GameKind, kind_for
from net.bot_worker import WorkerBot, worker_bot_or_none
from net.game_run import GameRun
from net.identity import Identity
from net.mesh import monotonic
from net.peer_base import PeerBase
from net.peer_settings import PeerSettings
from net.table.trump_choice import bot_trump_choice

logger = logging.getLogger("net.peer")

KIND_BOT_STAND_INS = {"easy": "random", "search": "heuristic"}
"""A bot level (`--bot`) a game kind lacks, as the nearest bot it has (else its heuristic)."""


class BotSeat(PeerBase):
    """A seat played by the bot the settings name (`--bot`, seeded by `--bot-seed`)."""

    def __init__(self, settings: PeerSettings, identity: Identity) -> None:
        """The peer's state, and its bot."""
        super().__init__(settings, identity)
        self.bot_seed = settings.bot_seed if settings.bot_seed is not None else secrets.randbits(32)
        self.kind_bots: dict[str, Any] = {}  # a game kind's name -> its bot here

    @property
    def bot(self) -> WorkerBot | None:
        """The bot thinking in a worker process, once one plays here (the peer closes it)."""
        return next((b for b in self.kind_bots.values() if isinstance(b, WorkerBot)), None)

    def bot_for(self, variant: str) -> Any:
        """The bot that plays `variant`: its game kind's bot of the level `--bot` names, one per
        kind, kept across the match (`kind_bot`)."""
        kind = kind_for(variant)
        bot = self.kind_bots.get(kind.name)
        if bot is None:
            bot = self.kind_bots[kind.name] = self.kind_bot(kind)
        return bot

    def kind_bot(self, kind: GameKind) -> Any:
        """A new bot of `kind` (`GameKind.make_bot`, from the registry entry's bots) at the level
        `--bot` names, or the nearest the kind has (`KIND_BOT_STAND_INS`). A level that thinks
        long (`net.bot_worker.WORKER_BOTS`) thinks in a worker process, which makes the kind's
        bots."""
        name = self.settings.bot
        if name not in kind.bots:
            name = KIND_BOT_STAND_INS.get(name, "heuristic")
        worker = worker_bot_or_none(name, self.bot_seed, kind.name)
        if worker is not None:
            return worker
        return kind.make_bot(name, self.bot_seed)

    def _play(self, run: GameRun, chosen: Any | None = None) -> None:
        """The decision point: on this seat's turn, the bot moves (`choose_bot_move`); a bot
        that thinks in a worker process is asked, and its answer comes back as `chosen`."""
        core = run.core
        if core.trump_choice_due:  # this seat deals: its bot names the trump suit
            self.name_trump(run, bot_trump_choice(self.bot_for(run.start.config.variant)))
        if core.over is not None or core.game is None or not core.my_turn:
            return
        if core.intent is not None:
            return
        legal = core.game.legal_actions(core.seat)
        if not legal:
            return  # the game waits for this seat, but its new cards are not open to it yet
        bot = self.bot_for(run.start.config.variant)
        if chosen is None and isinstance(bot, WorkerBot):  # thinks in its process: go on
            bot.think_then(
                (run.game_no, len(core.entries)),
                core.game,
                core.seat,
                lambda: (run.game_no, len(core.entries)),
                lambda answer: self._play(run, answer),
            )
            return
        action = chosen if chosen is not None else self.choose_bot_move(run, legal)
        index, signed_at = len(core.entries), monotonic()
        try:
            outs = core.intend(action)
        except IllegalAction as error:
            logger.error(
                "game %d: the bot chose %s, which is not legal: %s", run.game_no, action, error
            )
            return
        if run.journal is not None:
            run.journal.intend(action)
        self._trace("intend", game=run.game_no, index=index, action=str(action), at=signed_at)
        self._route(run, outs)

    def name_trump(self, run: GameRun, suit: str) -> bool:
        """This seat deals and names `suit` as trump: journaled, then signed and sent (False, with
        the reason logged, when the core refuses it)."""
        try:
            outs = run.core.name_trump(suit)
        except ValueError as error:
            logger.warning("game %d: the trump suit %r was not named: %s", run.game_no, suit, error)
            return False
        if run.journal is not None:
            run.journal.name_trump(suit)
        self._route(run, outs)
        return True

    def choose_bot_move(self, run: GameRun, legal: list[Any]) -> Any:
        """The bot's move for this seat in `run`, one of `legal` (the first when the bot fails):
        the one place a peer asks its bot (the game's own kind of bot, `bot_for`)."""
        game = run.core.game
        assert game is not None
        try:
            return self.bot_for(run.start.config.variant).choose(game, run.core.seat)
        except Exception:
            logger.exception(
                "game %d: the %s bot failed; playing %s instead",
                run.game_no,
                self.settings.bot,
                legal[0],
            )
            return legal[0]
