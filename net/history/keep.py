"""Keeping a game that just ended: its game file saved to the history, never failing the game."""

from __future__ import annotations

import logging
from pathlib import Path

from net.dealing.errors import DealingError
from net.history.capture import game_file_of
from net.history.store import HistoryStore
from net.table.core import TableCore
from net.table.events import GameOver

logger = logging.getLogger(__name__)


def keep_game(store: HistoryStore | None, core: TableCore, over: GameOver) -> Path | None:
    """Save the game that ended at `core` with `over` to `store` (None: nothing kept); a file
    that cannot be written is logged, never raised (the game is over either way)."""
    if store is None:
        return None
    try:
        return store.save(game_file_of(core, over))
    except (OSError, ValueError, DealingError) as exc:  # DealingError: a message its author's
        # deal key did not sign (`DealingPeer.messages`): no file that others could check
        logger.warning("game %d was not kept in the history: %s", core.config.game_no, exc)
        return None


__all__ = ["keep_game"]
