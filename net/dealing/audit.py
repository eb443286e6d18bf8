"""The end-of-game audit: with every secret revealed, recompute every step and name any cheater."""

from __future__ import annotations

import hmac
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from net.crypto.hashing import transcript_hash
from net.dealing.context import DealContext, SeatSecrets
from net.dealing.events import Verdict
from net.dealing.messages import Message, key_pad, reference_is_signed, xor32


@dataclass(frozen=True)
class AuditInput:
    """What one peer holds at the end of a game: public messages, revealed seeds, the deal log.

    `log` holds every message of the deal this peer sent or received, each received one's
    signature checked on receipt or before the audit, or (a keys message that came on its
    author's signed frame) held alike by every other seat, so that no seat checks a reference to
    it (`DealingPeer.start_audit`); `log_digests` holds each one's digest, computed when stored."""

    context: DealContext
    session: bytes
    seat: int
    hellos: dict[int, Message]
    log: dict[tuple[int, int], Message]
    log_digests: dict[tuple[int, int], bytes]
    pass0: dict[int, list[bytes]]
    pass1: dict[int, list[bytes]]
    pass2: dict[int, list[bytes]]
    leaver_keys: dict[int, list[int]]
    left: frozenset[int]
    digests: dict[int, Message]
    reveals: dict[int, bytes]
    forfeits: frozenset[int]
    claims: dict[int, tuple[int, str]]
    game_check: Callable[[list[str]], list[str]] | None


def run_audit(data: AuditInput) -> Verdict:
    """Check the audit logs, the revealed secrets, both passes, every sent key and the whole deck."""
    cheaters: dict[int, list[str]] = defaultdict(list)
    problems: list[str] = []
    _check_logs(data, cheaters)
    revealed = _check_reveals(data, cheaters)
    _check_passes(data, revealed, cheaters)
    _check_sent_keys(data, revealed, cheaters)
    deck = _open_deck(data, revealed, problems)
    if deck is not None:
        for position, (seat, claimed) in sorted(data.claims.items()):
            if deck[position] != claimed:
                cheaters[seat].append(
                    f"claimed {claimed} from position {position}, which holds {deck[position]}"
                )
        if data.game_check is not None:
            problems.extend(data.game_check(list(deck)))
    return Verdict(
        cheaters={seat: reasons for seat, reasons in sorted(cheaters.items())},
        forfeits=tuple(sorted(data.forfeits)),
        problems=tuple(problems),
        deck=None if deck is None else tuple(deck),
    )


def _check_logs(data: AuditInput, cheaters: dict[int, list[str]]) -> None:
    """Compare the signed message digests every peer reports; two signed versions name the sender."""
    group = data.context.group
    players = data.context.players
    signing = {seat: hello["signing_key"] for seat, hello in data.hellos.items()}
    checked = _checked_signatures(data.log, data.log_digests)
    seen: dict[tuple[int, int], tuple[int, bytes]] = {}
    blamed: set[tuple[int, int]] = set()
    for reporter, message in sorted(data.digests.items()):
        log: list[dict[str, Any]] = message["log"]
        summary = transcript_hash("audit-log", [[r["sender"], r["seq"], r["digest"]] for r in log])
        if not hmac.compare_digest(summary[:32], bytes(message.get("summary") or b"")):
            cheaters[reporter].append("its audit summary does not match its audit log")
        for ref in log:
            sender, seq = ref["sender"], ref["seq"]
            if not 0 <= sender < players or (
                checked.get((sender, seq)) != (ref["digest"], ref["sig"])
                and not reference_is_signed(group, signing[sender], ref)
            ):
                cheaters[reporter].append(
                    f"its audit log cites message {seq} of seat {sender}, which that seat did not sign"
                )
                continue
            earlier = seen.setdefault((sender, seq), (reporter, ref["digest"]))
            if earlier[1] != ref["digest"] and (sender, seq) not in blamed:
                blamed.add((sender, seq))
                cheaters[sender].append(
                    f"signed two different messages number {seq}: seat {earlier[0]} received "
                    f"{earlier[1].hex()[:16]}, seat {reporter} received {ref['digest'].hex()[:16]}"
                )


def _checked_signatures(
    log: dict[tuple[int, int], Message], digests: dict[tuple[int, int], bytes]
) -> dict[tuple[int, int], tuple[bytes, Any]]:
    """The digest and signature of every message this peer holds (signed by it, or checked
    when it arrived): a reference citing exactly these needs no second check."""
    return {slot: (digests[slot], message["sig"]) for slot, message in log.items()}


def _check_reveals(data: AuditInput, cheaters: dict[int, list[str]]) -> dict[int, SeatSecrets]:
    """Derive each revealed seed's secrets and check them against the hello commitments."""
    group = data.context.group
    revealed: dict[int, SeatSecrets] = {}
    for seat, seed in sorted(data.reveals.items()):
        own = SeatSecrets.derive(data.context, seat, seed)
        hello = data.hellos[seat]
        committed = hello["card_keys"]
        matches = (
            hmac.compare_digest(own.nonce, hello["nonce"])
            and group.mult_base(own.shuffle_key) == hello["shuffle_key"]
            and group.mult_base(own.exchange_key) == hello["exchange_key"]
            and group.mult_base(own.signing_key) == hello["signing_key"]
            and b"".join(group.mult_base(k) for k in own.card_keys) == committed
        )
        if matches and data.context.hidden:
            unlock = group.mult_base(own.unlock_key)
            matches = unlock == hello["unlock_key"] and (
                group.mult(own.shuffle_key, unlock) == hello["combined_key"]
            )
        if matches:
            revealed[seat] = own
        else:
            cheaters[seat].append("the seed it revealed does not match the keys it committed to")
    return revealed


def _check_passes(
    data: AuditInput, revealed: dict[int, SeatSecrets], cheaters: dict[int, list[str]]
) -> None:
    """Recompute every revealed seat's pass-1 and pass-2 outputs from its secrets."""
    context, group = data.context, data.context.group
    last = context.players - 1
    for seat, own in sorted(revealed.items()):
        if seat in data.pass1:
            if seat > 0:
                inputs = data.pass1[seat - 1]
            else:
                inputs = data.pass0[last] if context.hidden else context.card_points()
            expected = [group.mult(own.shuffle_key, inputs[i]) for i in own.permutation]
            if expected != data.pass1[seat]:
                cheaters[seat].append("its pass-1 output is not its revealed key and permutation")
        if seat in data.pass2:
            inputs = data.pass1[last] if seat == 0 else data.pass2[seat - 1]
            divisor = own.shuffle_key * (own.unlock_key if context.hidden else 1)
            unshuffle = pow(divisor, -1, group.order)
            expected = [
                group.mult(own.card_keys[p] * unshuffle % group.order, point)
                for p, point in enumerate(inputs)
            ]
            if expected != data.pass2[seat]:
                cheaters[seat].append("its pass-2 output is not its revealed per-position keys")


def _check_sent_keys(
    data: AuditInput, revealed: dict[int, SeatSecrets], cheaters: dict[int, list[str]]
) -> None:
    """Decrypt every key every revealed seat sent, to whoever, and compare with its real key."""
    group = data.context.group
    shared_keys: dict[tuple[int, int], bytes] = {}  # one Diffie-Hellman per sender and receiver
    for (sender, _), message in sorted(data.log.items()):
        if message["type"] != "keys" or sender not in revealed:
            continue
        own = revealed[sender]
        for (position, receivers), cipher in zip(
            message["openings"], message["ciphers"], strict=True
        ):
            for slot, receiver in enumerate(receivers):
                shared = shared_keys.get((sender, receiver))
                if shared is None:
                    shared = group.mult(own.exchange_key, data.hellos[receiver]["exchange_key"])
                    shared_keys[(sender, receiver)] = shared
                pad = key_pad(data.session, shared, position, sender, receiver)
                key = int.from_bytes(xor32(cipher[32 * slot : 32 * slot + 32], pad), "little")
                if key != own.card_keys[position]:
                    cheaters[sender].append(
                        f"sent a wrong key for position {position} to seat {receiver}"
                    )


def _open_deck(
    data: AuditInput, revealed: dict[int, SeatSecrets], problems: list[str]
) -> list[str] | None:
    """Open every position with every key; the result must be the deck spec, each card once."""
    context, group = data.context, data.context.group
    keys: list[list[int]] = []
    for seat in range(context.players):
        if seat in revealed:
            keys.append(list(revealed[seat].card_keys))
        elif seat in data.leaver_keys:
            keys.append(data.leaver_keys[seat])
        else:
            problems.append(f"the deck cannot be opened: seat {seat} did not reveal its keys")
            return None
    final = data.pass2.get(context.players - 1)
    if final is None:
        problems.append("the deck was never locked")
        return None
    lookup = context.card_lookup()
    indices: list[int | None] = []
    for position, point in enumerate(final):
        product = 1
        for seat_keys in keys:
            product = product * seat_keys[position] % group.order
        indices.append(lookup.get(group.mult(pow(product, -1, group.order), point)))
    found = [i for i in indices if i is not None]
    complete = (
        len(set(found)) == len(found) if context.hidden else sorted(found) == sorted(context.cards)
    )
    if None in indices or not complete:
        problems.append("the opened deck is not the deck spec: a card is missing or duplicated")
        return None
    return [context.deck[i] for i in indices if i is not None]
