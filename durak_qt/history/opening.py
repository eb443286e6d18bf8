"""One game file read, verified and replayed for the viewer (`net.history` does the work).

`open_game_file(path, own_key_hex)` never raises for a bad file: a file that cannot be read or
fails a check comes back as a refusal in words, and nothing of it is shown as verified.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from durak_qt.history.viewer import ReplayInfo


class ReplayPositions:
    """net's `Replay` by position, as the viewer counts: 0 as dealt, k after the k-th move
    (`Replay.state(k - 1)`)."""

    def __init__(self, replay: Any) -> None:
        self.replay = replay

    @property
    def steps(self) -> Sequence[Any]:
        """Every move, in order."""
        return list(self.replay.steps)

    @property
    def playable(self) -> bool:
        """Whether the engine can show the table at every position (the audit opened it)."""
        return bool(self.replay.playable)

    def state(self, index: int) -> Any:
        """The engine game after `index` moves."""
        return self.replay.state(index - 1)


@dataclass(frozen=True)
class OpenedFile:
    """A game file ready to show (`replay` and `info`), or the words of why it is refused."""

    replay: ReplayPositions | None = None
    info: ReplayInfo | None = None
    refusal: str = ""


def own_seat_of(players: Sequence[Any], own_key_hex: str) -> int:
    """The seat this computer's player sat in (their identity key); 0 when they did not play."""
    return next((p.seat for p in players if own_key_hex and p.key_hex == own_key_hex), 0)


def open_game_file(path: Path, own_key_hex: str = "") -> OpenedFile:
    """Read, verify and replay the file at `path` (every signature, proof, move and the result
    checked before anything is shown)."""
    from net.history.gamefile import GameFileError, read_game_file
    from net.history.replay import replay_game_file
    from net.history.verify import verify_game_file

    try:
        game_file = read_game_file(Path(path))
    except GameFileError as error:
        return OpenedFile(refusal=error.reason)
    verification = verify_game_file(game_file)
    if not verification.ok:
        return OpenedFile(refusal=verification.failure or verification.words)
    replay = verification.replay or replay_game_file(game_file)
    players = sorted(game_file.players, key=lambda p: p.seat)
    info = ReplayInfo(
        variant=game_file.variant,
        names=[p.name for p in players],
        verified=True,
        verification=verification.words,
        complete=bool(replay.opened),
        why=replay.why,
        own_seat=own_seat_of(players, own_key_hex),
    )
    return OpenedFile(ReplayPositions(replay), info)


def own_key_hex(data_dir: Path) -> str:
    """This computer's identity key in hex ("" before it has one: it never played at a table)."""
    from net.identity import IdentityError, load_identity

    try:
        return load_identity(data_dir / "identity.key").public_key.hex()
    except IdentityError:
        return ""
