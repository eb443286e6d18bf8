"""What one peer was asked to do: the settings of `durak-peer` (or of the client's LAN table)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from net.absence import RESUME_WINDOW
from net.history.store import DEFAULT_HISTORY_LIMIT
from net.identity import IdentityError, check_public_key
from net.peer_events import JOIN_TIMEOUT, PeerError
from net.watch_events import SpectatorPolicy


@dataclass
class PeerSettings:
    """What the `durak-peer` command line chose."""

    name: str
    data_dir: Path
    host_table: str | None = None
    join_table: str | None = None
    variant: str = "throw-in"
    seats: int = 3
    options: dict[str, Any] = field(default_factory=dict)
    bot: str = "heuristic"
    games: int | None = None
    move_timer: int = 0
    spectators: SpectatorPolicy = field(default_factory=SpectatorPolicy)
    """(host) The table's setting for spectators: allowed, their cap, their chat."""
    """(host) The table's seconds per move, announced to every joiner (net.lobby.MOVE_TIMERS)."""
    interface: str = "all"
    connect: str | None = None
    """Join the table whose host listens at this HOST:PORT (no mDNS needed)."""
    host_key: bytes | None = None
    """The identity key of the host to join (from the lobby's listing or an invitation): mDNS
    picks the table announced with this key, and every connection to the host demands it, so
    another computer answering in its place fails with JoinError "wrong-host"."""
    port: int = 0
    """The port to listen on (0: any free port)."""
    password: str | None = None
    resume: bool = False
    trace: Path | None = None
    bot_seed: int | None = None
    resume_window: float = RESUME_WINDOW
    """Every wait on another peer: a silent seat, keys, the audit, the others after the end."""
    join_timeout: float = JOIN_TIMEOUT
    games_kept: int = DEFAULT_HISTORY_LIMIT
    """How many finished games the history keeps (the player's "Games kept"); the oldest beyond
    it are pruned when a game is saved."""

    def __post_init__(self) -> None:
        if self.host_key is not None:
            try:
                check_public_key(self.host_key)
            except IdentityError as error:
                raise PeerError(f"host key: {error}") from None

    @property
    def table_name(self) -> str:
        """The table this peer hosts or joins."""
        name = self.host_table if self.host_table is not None else self.join_table
        if not name and self.connect:
            return self.connect
        if not name:
            raise PeerError("choose --host NAME, --join NAME or --connect HOST:PORT")
        return name

    @property
    def journal_dir(self) -> Path:
        """Where game journals are kept."""
        return self.data_dir / "journals"


def default_data_dir() -> Path:
    """`$XDG_DATA_HOME/durak-lan` (with `~/.local/share` when XDG_DATA_HOME is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "durak-lan"
