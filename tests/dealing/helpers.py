"""Shared helpers for the fair-dealing tests: decks, tables, and an independent decryptor."""

from __future__ import annotations

from collections.abc import Sequence

from net.crypto.group import Group
from net.dealing.context import DealContext, SeatSecrets
from net.dealing.driver import InMemoryTable
from net.dealing.messages import Message, key_pad, xor32
from net.dealing.peer import DealingPeer

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def deck_of(size: int) -> tuple[str, ...]:
    """Card texts of a 24, 32, 36 or 52-card deck, or 108 = two 52-card decks with two jokers each."""
    if size == 108:
        return (*deck_of(52), "RJ", "BJ", *deck_of(52), "RJ", "BJ")
    ranks = RANKS[13 - size // 4 :]
    return tuple(f"{rank}{suit}" for suit in "CDHS" for rank in ranks)


def make_table(
    players: int,
    size: int,
    *,
    rounds: int = 64,
    proof: str = "argument",
    hand: int = 0,
    peer_class: dict[int, type[DealingPeer]] | None = None,
    seeds: Sequence[bytes] | None = None,
    **table_args: object,
) -> tuple[DealContext, list[DealingPeer], InMemoryTable]:
    """A context, one core per seat (some may be cheating subclasses), and the in-memory table."""
    context = DealContext(
        table="test-table",
        hand=hand,
        players=players,
        deck=deck_of(size),
        rounds=rounds,
        proof=proof,
    )
    classes = peer_class or {}
    peers = [
        classes.get(seat, DealingPeer)(context, seat, seed=None if seeds is None else seeds[seat])
        for seat in range(players)
    ]
    return context, peers, InMemoryTable(peers, **table_args)  # type: ignore[arg-type]


def true_deck(
    context: DealContext, all_secrets: Sequence[SeatSecrets], final: list[bytes]
) -> list[str]:
    """Open the locked deck with every seat's keys (ground truth for the tests)."""
    group = context.group
    lookup = dict(zip(context.card_points(), context.cards, strict=True))
    out = []
    for position, point in enumerate(final):
        product = 1
        for own in all_secrets:
            product = product * own.card_keys[position] % group.order
        out.append(context.deck[lookup[group.mult(pow(product, -1, group.order), point)]])
    return out


def view_of(
    context: DealContext, seat: int, own: SeatSecrets, messages: Sequence[Message]
) -> tuple[dict[int, str], dict[int, int]]:
    """Decrypt what one seat can from the messages it saw plus its own secrets, independently.

    Returns the positions it can open (with cards) and, for every other position, how many
    other seats' keys it still lacks.
    """
    group: Group = context.group
    hellos = {m["sender"]: m for m in messages if m["type"] == "hello"}
    rekeys = {m["sender"]: m for m in messages if m["type"] == "rekey"}
    session = next(m["session"] for m in messages if m["type"] == "roster")
    size, players = context.size, context.players
    final_blob = rekeys[players - 1]["deck"]
    final = [final_blob[32 * p : 32 * p + 32] for p in range(size)]
    keys: dict[int, dict[int, int]] = {p: {seat: own.card_keys[p]} for p in range(size)}
    for message in messages:
        sender = message["sender"]
        if message["type"] == "leave":
            blob = message["keys"]
            for p in range(size):
                keys[p][sender] = int.from_bytes(blob[32 * p : 32 * p + 32], "little")
        if message["type"] != "keys" or sender == seat:
            continue
        shared = group.mult(own.exchange_key, hellos[sender]["exchange_key"])
        committed = hellos[sender]["card_keys"]
        for (position, receivers), cipher in zip(
            message["openings"], message["ciphers"], strict=True
        ):
            for slot, receiver in enumerate(receivers):
                pad = key_pad(session, shared, position, sender, seat)
                key = int.from_bytes(xor32(cipher[32 * slot : 32 * slot + 32], pad), "little")
                matches = (
                    0 < key < group.order
                    and group.mult_base(key) == committed[32 * position : 32 * position + 32]
                )
                assert matches == (receiver == seat), "a key addressed to another seat decrypted"
                if matches:
                    keys[position][sender] = key
    lookup = dict(zip(context.card_points(), context.cards, strict=True))
    opened: dict[int, str] = {}
    missing: dict[int, int] = {}
    for position in range(size):
        product = 1
        for key in keys[position].values():
            product = product * key % group.order
        point = group.mult(pow(product, -1, group.order), final[position])
        if len(keys[position]) == players:
            opened[position] = context.deck[lookup[point]]
        else:
            assert point not in lookup, "a partly stripped position looks like a card"
            missing[position] = players - len(keys[position])
    return opened, missing


def transcript(table: InMemoryTable, seat: int) -> list[Message]:
    """Every message a seat saw: what it received and what it sent."""
    return table.delivered[seat] + table.sent[seat]
