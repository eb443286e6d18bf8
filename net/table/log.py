"""The signed log of moves: which moves show faces and what each claims, how entries chain, what
an author signs, and a received move read and checked against the game it extends."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from engine.actions import ATTACK, BEAT, BLIND_KINDS, SHOW_TRUMP, THROW, TRANSFER, Action
from engine.cards import Card
from engine.errors import ParseError
from engine.game import Game
from net.dealing.errors import CheatDetected
from net.dealing.messages import canonical_bytes as canonical
from net.identity import SignatureError, verify_signature

FACE_UP_KINDS = (ATTACK, THROW, TRANSFER, BEAT, SHOW_TRUMP)  # moves that name the cards shown


def blind_play(action: Action) -> bool:
    """Reverse fool: a card played by its slot, its face unseen by its player."""
    return bool(action.slots) and action.kind in BLIND_KINDS


def claimed_cards(action: Action) -> tuple[Card | None, ...]:
    """The face a move claims for each position it plays (None: a blind play claims nothing)."""
    return (None,) * len(action.slots) if blind_play(action) else action.cards


def chain(previous: str, entry: dict[str, Any]) -> str:
    """The log hash after appending one signed entry."""
    return hashlib.sha256(bytes.fromhex(previous) + canonical(entry)).hexdigest()


def act_signed_bytes(config_digest: bytes, body: dict[str, Any]) -> bytes:
    """The bytes a move's author signs: the entry without its signature, bound to the game."""
    unsigned = {k: v for k, v in body.items() if k != "sig"}
    return b"durak-act\x00" + config_digest + canonical(unsigned)


def entry_signed_by(
    key: bytes,
    seat: int,
    entry: dict[str, Any],
    config_digest: bytes,
    parse: Callable[[str], Any] = Action.parse,
) -> bool:
    """Tell whether a log entry is a move of `seat` (its text read by `parse`) that the holder
    of `key` signed."""
    try:
        if parse(str(entry.get("a"))).seat != seat:
            return False
        signature: Any = entry.get("sig")
        verify_signature(key, signature, act_signed_bytes(config_digest, entry))
    except (ParseError, SignatureError):
        return False
    return True


def entry_digests(entries: list[dict[str, Any]]) -> list[bytes]:
    """A log as the digests of its entries (what a `final` message carries)."""
    return [hashlib.sha256(canonical(e)).digest() for e in entries]


def read_move(
    sender: int, index: int, body: dict[str, Any], game: Game
) -> tuple[Action, list[int]]:
    """The move and positions of log entry `index` from `sender`, checked against the game it
    extends; raises CheatDetected naming `sender` for a move it may not make so."""
    try:
        action = Action.parse(str(body.get("a")))
    except ParseError as exc:
        raise CheatDetected(sender, f"move {index} is not a move: {exc}") from None
    if action.seat != sender:
        raise CheatDetected(sender, f"move {index} is made in the name of seat {action.seat}")
    positions = body.get("pos")
    blind = blind_play(action)
    if not isinstance(positions, list) or len(positions) != (
        len(action.slots) if blind else len(action.cards) if action.kind in FACE_UP_KINDS else 0
    ):
        raise CheatDetected(sender, f"move {index} names the wrong number of positions")
    if blind and (positions != list(action.slots) or not game.is_legal_blind(action)):
        raise CheatDetected(sender, f"made an illegal blind move {action}")
    if any(not isinstance(p, int) or p not in game.hands[sender] for p in positions) or len(
        set(positions)
    ) != len(positions):
        raise CheatDetected(sender, f"move {index} plays a position not in its hand")
    return action, positions
