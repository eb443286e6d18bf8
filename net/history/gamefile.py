"""The game file: one finished game as public, signed data (docs/game-files.md), read and written.

A game file holds what the table made public: the configuration, the players and their identity
keys, every signed move of the log, every signed message of every deal (proofs and the audit's
reveals among them) and the result. It never holds a secret of this computer: no dealing seed,
no identity key, no key the audit did not publish.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

GAME_FILE_VERSION = 1
"""The format this code writes; a reader refuses any newer one (docs/game-files.md)."""
FORMAT = "durak-game"
"""The `format` field every game file starts with."""
MAX_FILE_BYTES = 64 * 1024 * 1024
"""A game file larger than this is refused unread."""


class GameFileError(ValueError):
    """A game file that cannot be read; `reason` says why, in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class PlayerRecord:
    """One seat of the game: its player's name, identity key and whether a bot played it."""

    seat: int
    name: str
    key_hex: str
    bot: bool


@dataclass(frozen=True)
class ResultRecord:
    """How the game ended: `ended` ("finished", "abandoned", "cheat", "left", "absent",
    "config-mismatch"), the fool and the seats in the order they went out, in words; `outcome`
    the engine's result as the table recorded it, `cheater` the seat a cheat named."""

    ended: str
    fool: int | None
    places: list[int]
    words: str
    outcome: dict[str, Any] = field(default_factory=dict)
    cheater: int | None = None


@dataclass(frozen=True)
class DealRecord:
    """One deal of the game: its label, for a hidden sub-deck the (deal, position) pairs it
    re-shuffles, and every signed message of every seat in it (proofs, keys, audit reveals)."""

    label: str
    sources: list[tuple[int, int]]
    messages: list[dict[str, Any]]


@dataclass(frozen=True)
class StartRecord:
    """What the seats' signed start messages decided and the table derived from them: the
    trump the dealer named, the positions each seat showed, the first lead, the engine's claims
    (seat, kind, text), where each engine slot's card lies and the deals that re-dealt."""

    trump: str | None
    claims: list[int | None]
    first: int | None
    game_claims: list[tuple[int, str, str]]
    initial_sources: list[tuple[int, int]]
    reshuffle_deals: list[int]


@dataclass(frozen=True)
class GameFile:
    """One finished game, as kept and exported (`write_game_file`, `read_game_file`)."""

    version: int
    created: str
    variant: str
    config: dict[str, Any]
    players: list[PlayerRecord]
    start: StartRecord
    log: list[dict[str, Any]]
    deals: list[DealRecord]
    log_hash: str
    result: ResultRecord
    public_faces: dict[tuple[int, int], str] = field(default_factory=dict)
    """Every card the table showed to every seat (played, turned up, shown at the start), by
    where it was dealt (deal, position: one key per deal generation, so a slot re-dealt with a
    new card keeps both), as the recording seat saw it: what a replay without a full audit can
    show."""

    @property
    def reveals(self) -> dict[int, dict[int, bytes]]:
        """The audit's reveals: deal index -> seat -> the seed it published."""
        found: dict[int, dict[int, bytes]] = {}
        for index, deal in enumerate(self.deals):
            for message in deal.messages:
                seed, sender = message.get("seed"), message.get("sender")
                if message.get("type") == "audit-reveal" and isinstance(seed, bytes):
                    found.setdefault(index, {})[sender if isinstance(sender, int) else -1] = seed
        return found


def game_file_data(gf: GameFile) -> dict[str, Any]:
    """The file's plain data (what msgpack stores)."""
    return {
        "format": FORMAT,
        "version": gf.version,
        "created": gf.created,
        "variant": gf.variant,
        "config": gf.config,
        "players": [[p.seat, p.name, p.key_hex, p.bot] for p in gf.players],
        "start": {
            "trump": gf.start.trump,
            "claims": list(gf.start.claims),
            "first": gf.start.first,
            "game_claims": [list(c) for c in gf.start.game_claims],
            "initial_sources": [list(s) for s in gf.start.initial_sources],
            "reshuffle_deals": list(gf.start.reshuffle_deals),
        },
        "log": gf.log,
        "deals": [
            {"label": d.label, "sources": [list(s) for s in d.sources], "messages": d.messages}
            for d in gf.deals
        ],
        "log_hash": gf.log_hash,
        "result": {
            "ended": gf.result.ended,
            "fool": gf.result.fool,
            "places": list(gf.result.places),
            "words": gf.result.words,
            "outcome": gf.result.outcome,
            "cheater": gf.result.cheater,
        },
        "public_faces": [
            [deal, position, text] for (deal, position), text in sorted(gf.public_faces.items())
        ],
    }


def encode_game_file(gf: GameFile) -> bytes:
    """The file's bytes."""
    return bytes(msgpack.packb(game_file_data(gf), use_bin_type=True))


def write_game_file(gf: GameFile, path: Path) -> None:
    """Write atomically: a temporary file beside `path`, fsync'ed, renamed over it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    body = encode_game_file(gf)
    descriptor, temporary = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(descriptor, "wb") as out:
            out.write(body)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    try:
        folder = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(folder)
    except OSError:
        pass
    finally:
        os.close(folder)


def read_game_file(path: Path) -> GameFile:
    """Read a game file; GameFileError says in words why one cannot be read."""
    try:
        size = Path(path).stat().st_size
        if size > MAX_FILE_BYTES:
            raise GameFileError(f"the file is too large to be a game file ({size} bytes)")
        body = Path(path).read_bytes()
    except OSError as exc:
        raise GameFileError(f"the file cannot be read: {exc.strerror or exc}") from None
    return decode_game_file(body)


def decode_game_file(body: bytes) -> GameFile:
    """A game file from its bytes; GameFileError says in words why not."""
    if not body:
        raise GameFileError("the file is empty")
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=len(body) + 1)
    unpacker.feed(body)
    try:
        data = unpacker.unpack()
    except msgpack.OutOfData:
        raise GameFileError("the file is truncated (it ends in the middle of the game)") from None
    except (ValueError, msgpack.UnpackException) as exc:
        raise GameFileError(f"the file is not a game file (not msgpack: {exc})") from None
    if unpacker.tell() != len(body):
        raise GameFileError("the file is not a game file (bytes follow its end)")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise GameFileError("the file is not a game file (no durak-game format mark)")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise GameFileError("the file names no valid format version")
    if version > GAME_FILE_VERSION:
        raise GameFileError(
            f"made by a newer Durak: version {version} (this one reads up to {GAME_FILE_VERSION})"
        )
    try:
        return _from_data(data, version)
    except (KeyError, TypeError, ValueError) as exc:
        raise GameFileError(f"the file is damaged: {_field_problem(exc)}") from None


def _field_problem(exc: BaseException) -> str:
    """Words for a missing or mistyped field."""
    if isinstance(exc, KeyError):
        return f"the field {exc.args[0]!r} is missing"
    return str(exc) or type(exc).__name__


def _typed(value: Any, kind: type | tuple[type, ...], name: str) -> Any:
    """`value` when it is of `kind` (bool is no int), ValueError naming `name` otherwise."""
    if isinstance(value, bool) and kind in (int, (int, type(None))):
        raise ValueError(f"the field {name!r} has the wrong type")
    if not isinstance(value, kind):
        raise ValueError(f"the field {name!r} has the wrong type")
    return value


def _pairs(value: Any, name: str) -> list[tuple[int, int]]:
    """A list of [int, int] pairs."""
    pairs = []
    for pair in _typed(value, list, name):
        if not (isinstance(pair, list) and len(pair) == 2 and all(type(x) is int for x in pair)):
            raise ValueError(f"the field {name!r} holds a malformed pair")
        pairs.append((pair[0], pair[1]))
    return pairs


def _from_data(data: dict[str, Any], version: int) -> GameFile:
    """The GameFile of checked plain data (KeyError, TypeError or ValueError when malformed)."""
    players = []
    for row in _typed(data["players"], list, "players"):
        if not (isinstance(row, list) and len(row) == 4):
            raise ValueError("a player is not [seat, name, key, bot]")
        seat, name, key_hex, bot = row
        players.append(
            PlayerRecord(
                _typed(seat, int, "seat"),
                _typed(name, str, "name"),
                _typed(key_hex, str, "key"),
                bool(_typed(bot, bool, "bot")),
            )
        )
    start = _typed(data["start"], dict, "start")
    game_claims = []
    for claim in _typed(start["game_claims"], list, "game_claims"):
        if not (isinstance(claim, list) and len(claim) == 3):
            raise ValueError("a claim is not [seat, kind, text]")
        game_claims.append(
            (
                _typed(claim[0], int, "claim"),
                _typed(claim[1], str, "claim"),
                _typed(claim[2], str, "claim"),
            )
        )
    deals = []
    for deal in _typed(data["deals"], list, "deals"):
        deal = _typed(deal, dict, "deal")
        messages = _typed(deal["messages"], list, "messages")
        if not all(isinstance(m, dict) for m in messages):
            raise ValueError("a deal message is not a map")
        deals.append(
            DealRecord(
                _typed(deal["label"], str, "label"), _pairs(deal["sources"], "sources"), messages
            )
        )
    log = _typed(data["log"], list, "log")
    if not all(isinstance(entry, dict) for entry in log):
        raise ValueError("a log entry is not a map")
    public_faces: dict[tuple[int, int], str] = {}
    for row in _typed(data.get("public_faces", []), list, "public_faces"):
        if not (isinstance(row, list) and len(row) == 3 and all(type(v) is int for v in row[:2])):
            raise ValueError("a public face is not [deal, position, card]")
        public_faces[(row[0], row[1])] = _typed(row[2], str, "public_faces")
    result = _typed(data["result"], dict, "result")
    places = _typed(result["places"], list, "places")
    return GameFile(
        version=version,
        created=_typed(data["created"], str, "created"),
        variant=_typed(data["variant"], str, "variant"),
        config=_typed(data["config"], dict, "config"),
        players=players,
        start=StartRecord(
            trump=_typed(start["trump"], (str, type(None)), "trump"),
            claims=list(_typed(start["claims"], list, "claims")),
            first=_typed(start["first"], (int, type(None)), "first"),
            game_claims=game_claims,
            initial_sources=_pairs(start["initial_sources"], "initial_sources"),
            reshuffle_deals=[
                _typed(d, int, "reshuffle_deals")
                for d in _typed(start["reshuffle_deals"], list, "reshuffle_deals")
            ],
        ),
        log=log,
        deals=deals,
        log_hash=_typed(data["log_hash"], str, "log_hash"),
        result=ResultRecord(
            ended=_typed(result["ended"], str, "ended"),
            fool=_typed(result["fool"], (int, type(None)), "fool"),
            places=[_typed(p, int, "places") for p in places],
            words=_typed(result["words"], str, "words"),
            outcome=_typed(result.get("outcome", {}), dict, "outcome"),
            cheater=_typed(result.get("cheater"), (int, type(None)), "cheater"),
        ),
        public_faces=public_faces,
    )


__all__ = [
    "FORMAT",
    "GAME_FILE_VERSION",
    "DealRecord",
    "GameFile",
    "GameFileError",
    "PlayerRecord",
    "ResultRecord",
    "StartRecord",
    "decode_game_file",
    "encode_game_file",
    "read_game_file",
    "write_game_file",
]
