"""A simulated spectator for the client tests: the real `net.watch_events` events of games played
by bots with a real engine (`GameKind`), delivered by a scripted `WatchControl`."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import Iterator, Sequence
from typing import Any

from engine.cards import Card
from engine.games import kind_for
from net.watch_events import (
    GameEnded,
    GameStarted,
    MoveShown,
    WatchChat,
    WatchEnded,
    WatchersChanged,
    WatchEvent,
    WatchRequest,
    WatchSink,
    WatchStarted,
    watch_end,
)


@dataclasses.dataclass(frozen=True)
class PlayedGame:
    """A game played by bots: its public observations (0: as dealt) and its moves' texts."""

    variant: str
    publics: tuple[Any, ...]
    moves: tuple[tuple[int | None, str, str], ...]  # (seat, signed text, log hash after)
    fool: int | None


def play(variant: str, players: int, seed: int, moves: int | None = None) -> PlayedGame:
    """Play `variant` with random bots to its end (or `moves` moves), keeping what a spectator
    may see after every move: the engine's public observation."""
    kind = kind_for(variant)
    game = kind.new_game(kind.get_rules(variant), players, random.Random(seed))
    bots = [kind.make_bot("random", seed * 10 + seat) for seat in range(players)]
    publics = [game.public_observation()]
    played: list[tuple[int | None, str, str]] = []
    while not game.over and (moves is None or len(played) < moves):
        seat = game.to_act[0]
        action = bots[seat].choose(game, seat)
        game.apply(action)
        publics.append(game.public_observation())
        played.append((seat, f"{seat} {action}", game.public_hash()))
    fool = game.fool if game.over else None
    return PlayedGame(variant, tuple(publics), tuple(played), fool)


def game_events(
    played: PlayedGame, names: Sequence[str], game_no: int = 0, joined_at: int = 0
) -> Iterator[WatchEvent]:
    """What a spectator who arrives after `joined_at` moves receives of one game: the game as
    it stood, the moves so far at once, then each move, and the end when the game ended."""
    yield GameStarted(
        game_no, played.variant, tuple(names), played.publics[joined_at], joined_at, joined_at
    )
    for index, (seat, words, log_hash) in enumerate(played.moves):
        if index >= joined_at:
            observation = played.publics[index + 1]
            yield MoveShown(game_no, index, seat, words, observation, log_hash)
    if played.fool is not None or played.publics[-1].over:
        fool = played.fool
        words = "a draw" if fool is None else f"{names[fool]} is the fool"
        last_hash = played.moves[-1][2] if played.moves else ""
        yield GameEnded(game_no, words, last_hash, fool, "finished")


def started(table: str, variant: str, names: Sequence[str], chat: bool = True) -> WatchStarted:
    """The host's welcome of a spectator (`chat`: the host lets spectators chat)."""
    return WatchStarted(table, names[0], variant, (), tuple(names), chat=chat)


class ScriptedWatch:
    """A `WatchControl` that delivers its script's events in order (`pace` seconds apart),
    then waits to be left; `chat` echoes a line as the table would, unless `chat_open` is off."""

    def __init__(
        self,
        request: WatchRequest,
        sink: WatchSink,
        script: Sequence[WatchEvent],
        chat_open: bool = True,
        pace: float = 0.0,
    ) -> None:
        self.request, self.sink, self.script = request, sink, list(script)
        self.chat_open, self.pace = chat_open, pace
        self.in_ = False
        self.said: list[str] = []
        self.left = False
        self._leave: asyncio.Event | None = None

    async def run(self) -> WatchEnded:
        """Deliver the script; end with its `WatchEnded`, else wait for `leave`."""
        self._leave = asyncio.Event()
        if self.left:
            self._leave.set()
        for event in self.script:
            if self._leave.is_set():
                break
            self.in_ = self.in_ or isinstance(event, WatchStarted)
            self.sink(event)
            if isinstance(event, WatchEnded):
                return event
            if self.pace:
                await asyncio.sleep(self.pace)
        await self._leave.wait()
        ended = watch_end("left")
        self.sink(ended)
        return ended

    def chat(self, text: str) -> bool:
        """Say a line: echoed back as the host sends it to everyone."""
        if not self.in_ or not self.chat_open:
            return False
        self.said.append(text)
        self.sink(WatchChat(self.request.name, text, True))
        return True

    def leave(self) -> None:
        """Stop at once."""
        self.left = True
        if self._leave is not None:
            self._leave.set()


class WatchRecorder:
    """A `WatchFactory` for the window: each request gets a `ScriptedWatch` of one script."""

    def __init__(self, script: Sequence[WatchEvent], **options: Any) -> None:
        self.script, self.options = list(script), options
        self.watches: list[ScriptedWatch] = []

    def __call__(self, request: WatchRequest, sink: WatchSink) -> ScriptedWatch:
        watch = ScriptedWatch(request, sink, self.script, **self.options)
        self.watches.append(watch)
        return watch


def faces_in(value: Any) -> set[Card]:
    """Every card face an observation holds, wherever it is."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        found: set[Card] = set()
        for field in dataclasses.fields(value):
            found |= faces_in(getattr(value, field.name))
        return found
    if isinstance(value, tuple | list | frozenset | set):
        found = set()
        for item in value:
            found |= faces_in(item)
        return found
    if isinstance(value, dict):
        found = set()
        for item in value.values():
            found |= faces_in(item)
        return found
    return set()


__all__ = [
    "PlayedGame",
    "ScriptedWatch",
    "WatchRecorder",
    "WatchersChanged",
    "faces_in",
    "game_events",
    "play",
    "started",
]
