"""The generic adversary's attacks in play (issue 25, Tests), shared by its test and by
bench/adversary.py: for a message kind taken from its schema's own list, one hostile seat drops
its messages of that kind to one seat, withholds them from every seat forever, duplicates them,
sends one seat another signed version, or signs them for another game, for another table or with
another seat's key. `play_attack` plays one such game and `problems` says what went wrong: an
honest seat named, stalled or blamed, one that never ended, honest seats that ended apart, or
(a final or audit message withheld) an honest seat that did not record the withholder."""

from __future__ import annotations

import dataclasses
from typing import Any

from net.dealing.schema import _DEAL_TYPES
from net.table.core import TableCore
from net.table.log import act_signed_bytes
from net.table.schema import _PAYLOAD_TYPES
from net.table.sim import SimulatedTable, make_table
from tests.hostile.harness import Frame, Hostile, honest_seats, kind_of, run_until_honest_end

HOSTILE = 1
ENDS_WITHIN = 400.0  # simulated seconds: the longest deadline (the resume window) and the audit
PAYLOAD_KINDS = tuple(sorted(k for k in _PAYLOAD_TYPES if k != "deal"))
DEAL_KINDS = tuple(sorted(f"deal:{k}" for k in _DEAL_TYPES))
GAME_KINDS = PAYLOAD_KINDS + DEAL_KINDS  # every kind a seat may send, as `harness.kind_of` names it
TO_ONE = ("drop to one", "two versions")  # need two honest seats
TO_ALL = ("withhold", "duplicate", "other game", "other table", "another seat's key")
ATTACKS = TO_ONE + TO_ALL
NOT_CONFIRMING = ("final", "deal:audit-digest", "deal:audit-reveal")
"""The kinds whose withholding holds no honest seat (issue 25, "Blame only what was seen"): the
result follows from the voted log, so after FINAL_CONFIRM_DEADLINE every honest seat finishes
with it and records the withholder as not confirming (`GameOver.unconfirmed`)."""


def other_version(value: Any) -> tuple[bool, Any]:
    """The value with its first changeable leaf changed (bytes, bool, int, hex text), keeping its
    type; (False, value) when nothing in it can be changed so."""
    if isinstance(value, bytes) and value:
        return True, bytes([value[0] ^ 1]) + value[1:]
    if isinstance(value, bool):
        return True, not value
    if isinstance(value, int):
        return True, value + 1 if value < 2 else value - 1
    if isinstance(value, str) and len(value) == 64:
        return True, ("1" if value[0] != "1" else "2") + value[1:]
    if isinstance(value, dict):
        for key in sorted(value, key=str):
            if key in ("k", "type", "session", "sender"):
                continue
            changed, new = other_version(value[key])
            if changed:
                return True, dict(value, **{key: new})
    if isinstance(value, list):
        for index, item in enumerate(value):
            changed, new = other_version(item)
            if changed:
                return True, [*value[:index], new, *value[index + 1 :]]
    return False, value


def foreign_signature(table: SimulatedTable, seat: int, how: str) -> Any:
    """A change that signs seat's frame where it does not belong: for another game of this table
    ("other game"), for another table ("other table"), or with another seat's identity key."""
    config = table.config
    identity = table.identities[seat]
    if how == "other game":
        config = dataclasses.replace(config, game_no=config.game_no + 1)
    elif how == "other table":
        config = dataclasses.replace(config, table_id=config.table_id + "-elsewhere")
    else:
        identity = table.identities[(seat + 1) % config.players]
    signer = TableCore.frame_signer(config, identity)
    digest = config.digest()

    def change(receiver: int, frame: Frame) -> Frame:
        payload = frame["p"]
        if payload.get("k") == "act":  # a move's log entry is signed too: signed there as well
            body = {k: v for k, v in payload.items() if k not in ("sig", "cert")}
            payload = dict(payload, sig=identity.sign(act_signed_bytes(digest, body)))
        return dict(frame, p=payload, g=signer.sign(seat, frame["s"], payload))

    return change


def victim_of(table: SimulatedTable, seat: int) -> int:
    """The seat an attack "to one" aims at: the last seat that is not the hostile one."""
    return max(s for s in range(table.config.players) if s != seat)


def attack(table: SimulatedTable, hostile: Hostile, name: str, how: str) -> list[int]:
    """Script the hostile seat's messages of kind `name` (every one, resends included); the
    list returned gets the number of each message sent in another version ("two versions")."""
    victim = victim_of(table, hostile.seat)
    versions: list[int] = []

    def matches(receiver: int, frame: Frame) -> bool:
        return kind_of(frame) == name and (how not in TO_ONE or receiver == victim)

    def version(receiver: int, frame: Frame) -> Frame:
        changed, payload = other_version(frame["p"])
        if not changed:
            return frame
        versions.append(frame["s"])
        return dict(frame, p=payload)

    if how in ("drop to one", "withhold"):
        hostile.on(matches, "drop")
    elif how == "duplicate":
        hostile.on(matches, "duplicate")
    elif how == "two versions":
        hostile.on(matches, "replace", change=version)
    elif how in ("other game", "other table", "another seat's key"):
        hostile.on(matches, "replace", change=foreign_signature(table, hostile.seat, how))
    else:
        raise ValueError(f"unknown attack {how!r}")
    return versions


def kinds_sent(table: SimulatedTable, seat: int, limit: float = ENDS_WITHIN) -> frozenset[str]:
    """The kinds `seat` sends in the table's game played honestly (the table is played out)."""
    sent: set[str] = set()

    def watch(at: int, core: Any, outputs: list[Any]) -> None:
        if at == seat:
            sent.update(kind_of(o.frame) for o in outputs if hasattr(o, "frame"))

    table.watch(watch)
    table.start()
    run_until_honest_end(table, seat, limit=limit)
    return frozenset(sent - {""})


def problems(
    table: SimulatedTable, seat: int, equivocated: bool = False, unconfirmed: bool = False
) -> list[str]:
    """What broke the issue's promise at an attacked table ([] when nothing): an honest seat
    named, stalled, unconfirmed or made to forfeit, one still waiting, honest seats ending apart
    without naming the hostile seat, a link refused that was not the hostile seat's; when the hostile seat
    `equivocated` (signed two versions of one message), an honest seat that did not name it;
    when it withheld its confirmation (`unconfirmed`: a kind of NOT_CONFIRMING), an honest seat
    that did not finish recording it as not confirming."""
    found: list[str] = []
    results = table.results()
    honest = honest_seats(table, seat)
    for other in honest:
        over = results.get(other)
        if over is None:
            found.append(f"honest seat {other} still waits at {table.now:.1f} s")
        elif over.cheater not in (None, seat):
            found.append(f"honest seat {other} named seat {over.cheater}: {over.evidence}")
        elif not set(over.stalled) <= {seat} or not set(over.unconfirmed) <= {seat}:
            found.append(f"honest seat {other} blamed {over.stalled or over.unconfirmed}")
        elif not set(over.result.get("forfeits") or ()) <= {seat}:
            found.append(f"honest seat {other} made {over.result['forfeits']} forfeit")
        elif equivocated and over.cheater != seat:
            found.append(
                f"honest seat {other} ended {over.reason!r} without naming the signer of two "
                f"versions: {over.evidence[:200]}"
            )
        elif unconfirmed and (over.reason, over.unconfirmed) != ("finished", (seat,)):
            found.append(
                f"honest seat {other} ended {over.reason!r} (unconfirmed {over.unconfirmed}) "
                f"without recording the withholder as not confirming: {over.evidence[:200]}"
            )
    if len(results.keys() & set(honest)) == len(honest):
        ends = {(results[s].reason, results[s].cheater, results[s].log_hash) for s in honest}
        if len(ends) > 1 and not all(results[s].cheater == seat for s in honest):
            found.append(f"honest seats ended apart: {sorted(ends, key=str)}")
    found.extend(
        f"seat {receiver} refused honest seat {blamed}'s link: {why}"
        for receiver, blamed, why in table.violations
        if blamed != seat
    )
    return found


def play_attack(
    players: int,
    variant: str,
    seed: int,
    name: str,
    how: str,
    seat: int = HOSTILE,
    limit: float = ENDS_WITHIN,
) -> dict[str, Any]:
    """One game with one attack: what was attacked, how every seat ended, what went wrong."""
    table = make_table(players, variant=variant, seed=seed, bots="random")
    hostile = Hostile(table, seat)
    versions = attack(table, hostile, name, how)
    table.start()
    run_until_honest_end(table, seat, limit=limit)
    results = table.results()
    equivocated = bool(versions)
    unconfirmed = how == "withhold" and name in NOT_CONFIRMING
    return {
        "players": players,
        "variant": variant,
        "seed": seed,
        "kind": name,
        "attack": how,
        "attacked": sum(1 for _, _, kind in hostile.applied if kind == name),
        "ends": sorted(
            {
                (results[s].reason, results[s].cheater)
                for s in honest_seats(table, seat)
                if s in results
            },
            key=str,
        ),
        "simulated_s": round(table.now, 1),
        "problems": problems(table, seat, equivocated, unconfirmed),
    }
