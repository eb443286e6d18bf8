"""Bots that play a seat: each reads only what its seat may know and is seeded."""

from __future__ import annotations

from collections.abc import Callable

from engine.bots.base import Bot
from engine.bots.easy import EasyBot
from engine.bots.heuristic import HeuristicBot
from engine.bots.random_bot import RandomBot
from engine.bots.search import SearchBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "easy": EasyBot,
    "search": SearchBot,
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """Create the bot named `name` ("random", "easy", "heuristic", "search") with its own seeded generator."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"no bot named {name!r}; choose from {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "EasyBot", "HeuristicBot", "RandomBot", "SearchBot", "make_bot"]
