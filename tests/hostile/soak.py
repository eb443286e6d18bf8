"""Seeded games on the simulator with loss, reordering, delay, duplication, a crash and resume
at a random moment, and sometimes one random hostile seat running one scripted attack (one of
the generic adversary's among them: `tests.hostile.adversary`). Each game
must end at every honest seat with the same result, and no honest seat may be named.
`play(seed)` returns a plain report; tests run a few dozen, bench/soak.py many more."""

from __future__ import annotations

import random
import time
from typing import Any

from net.absence import RESUME_WINDOW
from net.table.core import GameOver
from net.table.sim import NetworkConditions, SimulatedTable, make_table
from tests.hostile import adversary
from tests.hostile.harness import Frame, Hostile, kind

VARIANTS = ("throw-in", "transfer", "simple", "american", "crazy", "reverse")
ATTACKS = (
    "drop",
    "delay",
    "duplicate",
    "reorder",
    "equivocate-votes",
    "equivocate-moves",
    "malform",
    "forge-verdict",
    "bad-final",
    "fuzz",
    "withhold-move",
    "abandon-to-one",
    "final-to-one",
    "generic",
)
LIMIT = 900.0  # simulated seconds
# A seat keeps its ended game answering (resending what others lack) until every other seat has
# all it sent, or the resume window passed, as a peer does (net/peer_games.py, `_maybe_end`): so a
# seat that crashed before a verdict reached it still gets it when it resumes within the window.
LINGER = RESUME_WINDOW


def _replace(change: Any) -> Any:
    def replace(receiver: int, frame: Frame) -> Frame:
        return dict(frame, p=change(frame["p"]))

    return replace


def script(hostile: Hostile, attack: str, rng: random.Random) -> None:
    """Give the hostile seat one attack."""
    others = tuple(s for s in range(hostile.table.config.players) if s != hostile.seat)
    victim = (rng.choice(others),)
    if attack == "drop":
        hostile.on(kind("vote", victim, times=rng.randint(1, 20), resends=False), "drop")
        hostile.on(kind("deal:keys", victim, times=rng.randint(1, 5), resends=False), "drop")
    elif attack == "delay":
        hostile.on(kind("act", times=50), "delay", delay=rng.uniform(0.5, 4.0))
    elif attack == "duplicate":
        hostile.on(lambda r, f: f.get("t") == "m" and rng.random() < 0.3, "duplicate")
    elif attack == "reorder":
        hostile.on(lambda r, f: f.get("t") == "m" and rng.random() < 0.3, "reorder")
    elif attack == "equivocate-votes":
        flip = _replace(lambda p: dict(p, bid=not p["bid"]))
        hostile.on(kind("vote", victim, times=10_000), "replace", change=flip)
    elif attack == "equivocate-moves":
        hostile.on(kind("act", victim, times=10_000), "replace", change=_replace(_other_move))
    elif attack == "malform":
        junk = _replace(lambda p: {"k": "deal", "d": 0, "m": rng.choice(["x", 5, None, []])})
        target = rng.choice(["vote", "claim", "deal:keys", "deal:roster"])
        hostile.on(kind(target, victim), "replace", change=junk)
    elif attack == "forge-verdict":
        table = hostile.table

        def forged(payload: dict[str, Any]) -> dict[str, Any]:
            core = table.cores[hostile.seat]
            seat = victim[0]
            shown = [] if core is None else [core.net.delivered[seat][0].as_wire()]
            why = rng.choice(["malformed", "equivocation", "fault"])
            return {"k": "verdict", "seat": seat, "why": why, "reason": "x", "frames": shown}

        hostile.on(kind("vote", times=1), "replace", change=_replace(forged))
    elif attack == "bad-final":
        garbage = _replace(lambda p: dict(p, d=[bytes(32)] * rng.randint(0, 5)))
        hostile.on(kind("final", times=1), "replace", change=garbage)
    elif attack == "fuzz":

        def fuzz(receiver: int, frame: Frame) -> Frame:
            payload = dict(frame["p"])
            key = rng.choice(sorted(payload))
            payload[key] = rng.choice([None, -1, "x", b"\0" * 40, [], {}, 2**40, True, [[1]]])
            return dict(frame, p=payload)

        hostile.on(lambda r, f: f.get("t") == "m" and rng.random() < 0.03, "replace", change=fuzz)
    elif attack == "withhold-move":  # kept from one seat for good: another seat forwards it
        hostile.on(kind("act", victim, times=rng.randint(1, 3)), "drop")
    elif attack == "abandon-to-one":  # the others learn it from the victim's announcement
        leave = _replace(lambda p: {"k": "abandon", "i": 0, "h": "0" * 64, "reason": "tired"})
        hostile.on(kind("vote", victim, times=1, resends=False), "replace", change=leave)
    elif attack == "final-to-one":  # the victim shows it: two finals under one number
        garbage = _replace(lambda p: dict(p, d=[bytes(32)] * rng.randint(0, 5)))
        hostile.on(kind("final", victim, times=1), "replace", change=garbage)
    elif attack == "generic":  # one of the generic adversary's: a kind taken from the schemas
        name, how = rng.choice(adversary.GAME_KINDS), rng.choice(adversary.ATTACKS)
        adversary.attack(hostile.table, hostile, name, how)
    else:
        raise ValueError(attack)


def _other_move(payload: dict[str, Any]) -> dict[str, Any]:
    """The same move signed again with a different action text (a second entry for the index)."""
    return dict(payload, a=payload["a"] + " ")  # signature no longer matches: caught either way


def play(
    seed: int, hostile_share: float = 0.4, crash_share: float = 0.5, full: bool = True
) -> dict[str, Any]:
    """Play one seeded game; return what happened and the problems found (none: it passed).
    `full` also plays four seats (slower; the soak script does, the test suite does not)."""
    rng = random.Random(seed)
    players = rng.choice((2, 2, 3, 3, 4)) if full else rng.choice((2, 2, 3))
    variant = rng.choice(VARIANTS)
    conditions = NetworkConditions(
        latency=(0.001, rng.uniform(0.005, 0.3)),
        loss=rng.uniform(0.0, 0.1),
        duplicate=rng.uniform(0.0, 0.05),
    )
    bots = rng.choice(("random", "heuristic", "heuristic,random"))
    table = make_table(players, variant, seed=seed, bots=bots, conditions=conditions, linger=LINGER)
    hostile_seat: int | None = None
    attack = ""
    if rng.random() < hostile_share:
        hostile_seat = rng.randrange(players)
        attack = rng.choice(ATTACKS)
        script(Hostile(table, hostile_seat, rng=random.Random(seed)), attack, rng)
    honest = [s for s in range(players) if s != hostile_seat]
    crash: tuple[int, float, float] | None = None
    if rng.random() < crash_share:
        crash = (rng.choice(honest), rng.uniform(0.2, 20.0), rng.uniform(0.5, 30.0))
    began = time.process_time()
    _run(table, honest, crash)
    report = {
        "seed": seed,
        "players": players,
        "variant": variant,
        "bots": bots,
        "loss": round(conditions.loss, 3),
        "hostile": hostile_seat,
        "attack": attack,
        "crash": None if crash is None else [crash[0], round(crash[1], 2), round(crash[2], 2)],
        "simulated_s": round(table.now, 1),
        "cpu_s": round(time.process_time() - began, 2),
        "results": {s: _summary(o) for s, o in sorted(table.results().items())},
        "problems": problems(table, honest, hostile_seat),
    }
    return report


def _run(table: SimulatedTable, honest: list[int], crash: tuple[int, float, float] | None) -> None:
    table.start()
    crashed = resumed = False
    while table.now < LIMIT:
        if crash is not None and not crashed and table.now >= crash[1]:
            table.crash(crash[0])
            crashed = True
        if crash is not None and crashed and not resumed and table.now >= crash[1] + crash[2]:
            table.resume(crash[0])
            resumed = True
        waiting_to_resume = crash is not None and crashed and not resumed
        cores = [table.cores[s] for s in honest]
        if not waiting_to_resume and all(c is not None and c.over is not None for c in cores):
            return
        if waiting_to_resume and table.finished():  # every live seat has ended: skip ahead
            table.now = max(table.now, crash[1] + crash[2])  # type: ignore[index]
            continue
        table.step_until(table.now + 0.5)


def _summary(over: GameOver) -> dict[str, Any]:
    return {"reason": over.reason, "cheater": over.cheater, "log": over.log_hash[:12]}


def problems(table: SimulatedTable, honest: list[int], hostile: int | None) -> list[str]:
    """What went wrong: an honest seat that never ended, was named, or disagrees with another."""
    found: list[str] = []
    results = table.results()
    for seat in honest:
        over = results.get(seat)
        if over is None:
            found.append(f"honest seat {seat} never ended")
        elif over.cheater is not None and over.cheater != hostile:
            found.append(f"honest seat {over.cheater} named at seat {seat}: {over.evidence}")
    ended = [results[s] for s in honest if s in results]
    outcomes = {(o.reason, o.cheater) for o in ended}
    if len(outcomes) > 1:
        found.append(f"honest seats disagree: {sorted(outcomes, key=str)}")
    finished = [o for o in ended if o.reason == "finished"]
    if len({(o.log_hash, str(o.result)) for o in finished}) > 1:
        found.append("honest seats finished with different logs or results")
    if hostile is None and any(o.reason != "finished" for o in ended):
        found.append(f"an honest table did not finish: {[o.reason for o in ended]}")
    return found
