"""A bot that thinks in a worker process, so neither the GUI thread nor an asyncio loop (and the
other bots it runs) waits for it: the search bot, of any game kind.

`WorkerBot` is a `engine.bots.Bot` whose `choose` sends the seat's view of the game to its own
worker process (multiprocessing, spawn context), which makes the bots of the game's kind with the
kind's `make_bot` (`engine.games.kind_named`), and waits for the answer with a deadline;
`choose_async` awaits the same answer without blocking the event loop, and `think_then` runs it
as a task that hands the action over only if the position is still the one it was asked about.

What the worker gets is `game.resample(seat, ...)`: the faces the seat cannot see dealt again
at random, so the copy tells nothing about who holds which hidden card (the engine's resample
depends only on what the seat knows, so the search's answer is the same as the in-process
bot's for the same seed). The worker keeps one bot per (name, seed), so a seat's
bot carries its random state from move to move as it would in process.

A worker that dies, answers with an error, or does not answer within `deadline_s` is stopped
(a fresh one starts for the next move) and the heuristic bot plays that move instead; the log
says so. `close` (also run at interpreter exit) stops the process and reaps it: no zombie.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import logging
import multiprocessing
import random
import threading
import weakref
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from engine.bots import Bot
from engine.games import DURAK, FamilyGame, kind_named

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

logger = logging.getLogger(__name__)

DEFAULT_DEADLINE_S = 15.0
"""Seconds a move may take in the worker (the search bot takes about 1 s on one idle core)."""
STOP_GRACE_S = 2.0
"""Seconds a worker asked to stop gets before it is terminated (then killed)."""
WORKER_BOTS = ("search",)
"""The bots whose thinking is long enough to run in a worker process."""

_OPEN: weakref.WeakSet[WorkerBot] = weakref.WeakSet()


def _serve(connection: Connection) -> None:
    """The worker process: answer (game kind's name, bot name, seed, game, seat) with the action
    of that kind's bot, until None or the parent's end of the pipe closes."""
    bots: dict[tuple[str, str, int], Any] = {}
    while True:
        try:
            request = connection.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        kind, name, seed, game, seat = request
        try:
            bot = bots.get((kind, name, seed))
            if bot is None:
                bot = bots[(kind, name, seed)] = kind_named(kind).make_bot(name, seed)
            connection.send(("action", bot.choose(game, seat)))
        except Exception as problem:  # the parent falls back and says why
            connection.send(("error", f"{type(problem).__name__}: {problem}"))


class WorkerBot(Bot):
    """The bot `name` (e.g. "search") of the game kind named `kind` (Durak's by default) run in
    a worker process of its own, with a deadline per move and the kind's heuristic bot as the
    fallback."""

    def __init__(
        self,
        name: str = "search",
        seed: int = 0,
        deadline_s: float = DEFAULT_DEADLINE_S,
        kind: str = DURAK,
    ) -> None:
        make_bot = kind_named(kind).make_bot  # an unknown kind is a ValueError here
        make_bot(name, seed)  # an unknown name is a ValueError here, not in the worker
        if deadline_s <= 0:
            raise ValueError(f"the deadline must be positive, not {deadline_s}")
        super().__init__(seed)
        self.name = name
        self.kind = kind
        self.seed = seed
        self.deadline_s = deadline_s
        self.fallback = make_bot("heuristic", seed)
        self.fallbacks = 0
        """Moves the heuristic bot played because the worker failed or was too slow."""
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None
        self._lock = threading.Lock()  # one move at a time through the pipe
        self._swap = threading.Lock()  # taking the process and pipe away (any thread)
        self._threads: concurrent.futures.ThreadPoolExecutor | None = None
        self._thinking: set[object] = set()
        self.closed = False
        _OPEN.add(self)

    # ----- the process --------------------------------------------------------------------

    @property
    def process(self) -> BaseProcess | None:
        """The worker process now running, if any."""
        return self._process

    def start(self) -> None:
        """Start the worker now (it would start at the first move), so that move does not wait
        for Python to start; nothing when it runs."""
        if self.closed:
            raise RuntimeError("this bot's worker is closed")
        if self._process is not None and self._process.is_alive():
            return
        self._stop_process()
        mine, theirs = self._context.Pipe()
        process = self._context.Process(
            target=_serve, args=(theirs,), name=f"{self.kind}-{self.name}-bot", daemon=True
        )
        process.start()
        theirs.close()
        self._process, self._connection = process, mine

    def close(self) -> None:
        """Stop the worker and reap it at once, even while it thinks (a move being waited for
        gets the heuristic bot's answer)."""
        self.closed = True
        self._stop_process(grace_s=0.2)
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None

    def _stop_process(self, grace_s: float = STOP_GRACE_S) -> None:
        """Ask the worker to stop, terminate it after `grace_s`, kill it after as long again,
        and reap it."""
        with self._swap:
            process, connection = self._process, self._connection
            self._process = self._connection = None
        if connection is not None:
            with contextlib.suppress(OSError, ValueError):
                connection.send(None)
        if process is not None:
            process.join(grace_s)
            if process.is_alive():
                process.terminate()
                process.join(grace_s)
            if process.is_alive():
                process.kill()
                process.join()
            process.close()
        if connection is not None:  # after the worker is gone: a thread waiting on the pipe
            connection.close()  # has seen its end (EOF) and falls back

    # ----- choosing -----------------------------------------------------------------------

    def choose(self, game: FamilyGame, seat: int) -> Any:
        """The worker's choice for `seat`, waiting at most `deadline_s`; the heuristic bot's
        when the worker dies, fails or is late (the worker is then restarted)."""
        view = game.resample(seat, random.Random(0))  # nothing of who holds which hidden card
        problem = ""
        with self._lock:
            try:
                self.start()
                connection = self._connection
                if connection is None:
                    raise RuntimeError("closed")
                connection.send((self.kind, self.name, self.seed, view, seat))
                if connection.poll(self.deadline_s):
                    kind, value = connection.recv()
                    if kind == "action":
                        return value
                    problem = f"failed ({value})"
                else:
                    problem = f"gave no answer within {self.deadline_s:g} s"
            except (EOFError, OSError, ValueError, RuntimeError, TypeError) as error:
                problem = f"stopped ({type(error).__name__}: {error})"
            if not self.closed:
                self._stop_process()  # a fresh worker for the next move
        self.fallbacks += 1
        logger.warning(
            "the %s bot's worker %s: the heuristic bot plays this move for seat %d",
            self.name,
            problem,
            seat,
        )
        return self.fallback.choose(game, seat)

    def submit(self, game: FamilyGame, seat: int) -> concurrent.futures.Future[Any]:
        """`choose` on a thread of this bot's (the game copied first): the caller goes on and
        collects the action from the future (never an exception: the fallback answers)."""
        view = game.clone()
        if self._threads is None:
            self._threads = concurrent.futures.ThreadPoolExecutor(1, f"{self.name}-bot-wait")
        return self._threads.submit(self.choose, view, seat)

    async def choose_async(self, game: FamilyGame, seat: int) -> Any:
        """`choose` awaited without blocking the event loop (the game is copied at once)."""
        return await asyncio.wrap_future(self.submit(game, seat))

    def think_then(
        self,
        key: object,
        game: FamilyGame,
        seat: int,
        position: Callable[[], object],
        then: Callable[[Any], Any],
    ) -> asyncio.Task[None] | None:
        """Start thinking about `seat`'s move in `game` as a task of the running loop, unless a
        move for `key` is being thought about already; `then(action)` gets the answer if
        `position()` still returns what it did when asked, else the answer is dropped."""
        if key in self._thinking or self.closed:
            return None
        self._thinking.add(key)
        asked = position()

        async def think() -> None:
            try:
                action = await self.choose_async(game, seat)
            finally:
                self._thinking.discard(key)
            if position() == asked and not self.closed:
                then(action)

        return asyncio.get_running_loop().create_task(think())


def worker_bot_or_none(name: str, seed: int, kind: str = DURAK) -> WorkerBot | None:
    """A WorkerBot of the game kind named `kind` for the bots that think in a worker
    (WORKER_BOTS), else None."""
    return WorkerBot(name, seed, kind=kind) if name in WORKER_BOTS else None


@atexit.register
def _close_every_worker() -> None:
    """No worker outlives the program."""
    for bot in list(_OPEN):
        bot.close()
