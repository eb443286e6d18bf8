"""Fair-dealing speed: shuffle with every proof, every peer verifying, then the deal and the trump.

Each configuration runs the real protocol cores in memory with a CPU clock in every core, so
every step (own shuffle, each verification, each message handled) has a measured time. From
those times a model with one CPU per peer gives the critical path: a step starts when its
inputs have arrived and its peer is free (steps are not interrupted; messages take no time
on the wire); own protocol steps go before pending verifications. Pass 1 does not wait for
the verification of earlier shuffles (only pass 2 does), pass 2 does not wait for the
verification of earlier pass-2 proofs (only sending keys does). CPU per peer is the largest
sum of one peer's step times. Medians over --repeats runs.

Also runs the same two passes and the deal without proofs, once on the chosen group and once
as textbook SRA with Python's pow in the 2048-bit MODP group of RFC 3526, and prints the ratio.

With --multi-deal it measures instead the deals made during or before a game: one mid-game
reshuffle (a hidden sub-deck: pass 0, pass 1, pass 2, then one drawn card opened to each seat) of
several sizes, and invisible fool's two-stage deal (a suit-ordered deal, then a hidden sub-deck of
the other positions dealing the hands), next to the plain deal of the same table.

Every configuration runs with each pass-1 proof kind (--proofs: the shuffle argument and 64-round
cut-and-choose, alternating run by run); each row names its "proof", and "ratios" gives the
argument's path and CPU over cut-and-choose's for every configuration.

Usage: python bench/dealing.py [--json] [--repeats R] [--group ristretto255|ed25519] [--multi-deal]
       [--proofs argument cut-and-choose] [--players 4 6] [--sizes 36 108]
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import secrets
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from net.crypto.cards import card_points
from net.crypto.group import get_group
from net.dealing.context import ARGUMENT, CUT_AND_CHOOSE, PROOF_KINDS, DealContext
from net.dealing.driver import InMemoryTable, initial_deal
from net.dealing.peer import DealingPeer

PLAYERS = [2, 3, 4, 5, 6]
SIZES = [36, 52, 108]
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
RFC3526_2048 = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A0879"
    "8E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B"
    "0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA4836"
    "1C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804"
    "F1746C08CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6"
    "955817183995497CEA956AE515D2261898FA051015728E5A8AACAA68FFFFFFFFFFFFFFFF",
    16,
)


def deck_of(size: int) -> tuple[str, ...]:
    """A 36 or 52-card deck, or 108 cards: two 52-card decks with two jokers each."""
    if size == 108:
        return (*deck_of(52), "RJ", "BJ", *deck_of(52), "RJ", "BJ")
    ranks = RANKS[13 - size // 4 :]
    return tuple(f"{rank}{suit}" for suit in "CDHS" for rank in ranks)


@dataclass
class Task:
    """One step at one peer, with the steps whose results it needs."""

    peer: int
    seconds: float
    priority: int
    deps: list[str] = field(default_factory=list)
    finish: float | None = None


def critical_path(tasks: dict[str, Task], players: int) -> float:
    """Greedy list scheduling with one CPU per peer; return when the last task finishes."""
    free = [0.0] * players
    left = dict(tasks)
    while left:
        best: tuple[float, int, str] | None = None
        for name, task in left.items():
            if any(tasks[d].finish is None for d in task.deps):
                continue
            ready = max((tasks[d].finish or 0.0 for d in task.deps), default=0.0)
            start = max(ready, free[task.peer])
            if best is None or (start, task.priority) < best[:2]:
                best = (start, task.priority, name)
        if best is None:
            raise RuntimeError("dependency cycle in the task graph")
        start, _, name = best
        task = left.pop(name)
        task.finish = start + task.seconds
        free[task.peer] = task.finish
    return max(task.finish or 0.0 for task in tasks.values())


def build_tasks(
    timings: Sequence[dict[str, float]], players: int, hidden: bool = False
) -> dict[str, Task]:
    """The task graph of one run, from each peer's per-label step times (`hidden`: a hidden
    sub-deck, whose pass 0 chain comes before pass 1 and is verified before pass 2)."""
    n, last = players, players - 1
    tasks: dict[str, Task] = {}

    def took(peer: int, *labels: str) -> float:
        return sum(timings[peer].get(label, 0.0) for label in labels)

    def ingest(peer: int, kind: str, sender: int) -> float:
        return took(peer, f"accept-{kind}:{sender}", f"recv-{kind}:{sender}")

    for i in range(n):
        others = [k for k in range(n) if k != i]
        tasks[f"hello{i}"] = Task(i, took(i, "hello"), 0)
        tasks[f"session{i}"] = Task(
            i, sum(ingest(i, "hello", k) for k in others), 1, [f"hello{k}" for k in range(n)]
        )
        tasks[f"rosters{i}"] = Task(
            i, sum(ingest(i, "roster", k) for k in others), 1, [f"session{k}" for k in range(n)]
        )
    if hidden:
        for k in range(n):
            deps = [f"session{k}"] + ([f"in-unlock{k}-{k - 1}"] if k > 0 else [])
            tasks[f"unlock{k}"] = Task(k, took(k, "unlock"), 0, deps)
            for i in range(n):
                if i != k:
                    tasks[f"in-unlock{i}-{k}"] = Task(i, ingest(i, "unlock", k), 1, [f"unlock{k}"])
                    tasks[f"verify0-{i}-{k}"] = Task(
                        i, took(i, f"verify-unlock:{k}"), 2, [f"in-unlock{i}-{k}"]
                    )
    for k in range(n):
        deps = [f"session{k}"] + ([f"in-shuffle{k}-{k - 1}"] if k > 0 else [])
        if hidden and k == 0:
            deps.append(f"in-unlock{k}-{last}" if k != last else f"unlock{k}")
        tasks[f"shuffle{k}"] = Task(k, took(k, "shuffle"), 0, deps)
        for i in range(n):
            if i != k:
                tasks[f"in-shuffle{i}-{k}"] = Task(i, ingest(i, "shuffle", k), 1, [f"shuffle{k}"])
                tasks[f"verify1-{i}-{k}"] = Task(
                    i, took(i, f"verify-shuffle:{k}"), 2, [f"in-shuffle{i}-{k}"]
                )
    for k in range(n):
        deps = [f"rosters{k}"] + [f"verify1-{k}-{j}" for j in range(n) if j != k]
        if hidden:
            deps += [f"verify0-{k}-{j}" for j in range(n) if j != k]
        deps.append(f"in-shuffle{k}-{last}" if k != last else f"shuffle{k}")
        if k > 0:
            deps.append(f"in-rekey{k}-{k - 1}")
        tasks[f"rekey{k}"] = Task(k, took(k, "rekey"), 0, deps)
        for i in range(n):
            if i != k:
                tasks[f"in-rekey{i}-{k}"] = Task(i, ingest(i, "rekey", k), 1, [f"rekey{k}"])
                tasks[f"verify2-{i}-{k}"] = Task(
                    i, took(i, f"verify-rekey:{k}"), 2, [f"in-rekey{i}-{k}"]
                )
    for j in range(n):
        deps = [f"verify2-{j}-{k}" for k in range(n) if k != j]
        deps.append(f"in-rekey{j}-{last}" if j != last else f"rekey{j}")
        tasks[f"keys{j}"] = Task(j, took(j, "keys"), 0, deps)
    for i in range(n):
        for j in range(n):
            if i != j:
                tasks[f"in-keys{i}-{j}"] = Task(i, ingest(i, "keys", j), 1, [f"keys{j}"])
        opened = sum(v for label, v in timings[i].items() if label.startswith("open:"))
        deps = [f"in-keys{i}-{j}" for j in range(n) if j != i] + [f"keys{i}"]
        tasks[f"open{i}"] = Task(i, opened, 1, deps)
    return tasks


def run_once(
    players: int, size: int, group: str, rounds: int, proof: str = ARGUMENT
) -> tuple[float, float]:
    """One in-memory shuffle and deal with every proof; return (critical path s, max CPU s per peer)."""
    context = DealContext(
        table=secrets.token_hex(8),
        hand=0,
        players=players,
        deck=deck_of(size),
        group_name=group,
        rounds=rounds,
        proof=proof,
    )
    peers = [DealingPeer(context, seat, clock=time.process_time) for seat in range(players)]
    table = InMemoryTable(peers)
    table.deal()
    table.open_many(initial_deal(players, size))
    for peer in peers:
        expected = {p for p, seats, _ in initial_deal(players, size) if peer.seat in seats}
        if set(peer.known) != expected:
            raise RuntimeError("the deal did not open the expected positions")
    return _timed_path(peers, hidden=False)


def _deal_sub_deck(
    context: DealContext, parents: Sequence[DealingPeer]
) -> tuple[list[DealingPeer], InMemoryTable]:
    """Each seat's timed core of a hidden sub-deck (over its parent core), shuffled in memory."""
    subs = [
        DealingPeer(context, seat, clock=time.process_time, parent=parent)
        for seat, parent in enumerate(parents)
    ]
    table = InMemoryTable(subs)
    table.deal()
    return subs, table


def _timed_path(peers: Sequence[DealingPeer], hidden: bool) -> tuple[float, float]:
    """Critical path and largest CPU per peer of one deal, from the cores' step times."""
    timings: list[dict[str, float]] = []
    for peer in peers:
        totals: dict[str, float] = defaultdict(float)
        for label, seconds in peer.timings:
            totals[label] += seconds
        timings.append(dict(totals))
    path = critical_path(build_tasks(timings, len(peers), hidden), len(peers))
    return path, max(sum(t.values()) for t in timings)


def run_reshuffle_once(
    players: int, size: int, group: str, rounds: int, proof: str = ARGUMENT
) -> tuple[float, float]:
    """A mid-game reshuffle of `size` positions of a dealt 36-card deck (crazy, poker), then one
    drawn card opened to each seat; return (critical path s, max CPU s per peer)."""
    main = DealContext(
        table=secrets.token_hex(8),
        hand=0,
        players=players,
        deck=deck_of(36),
        group_name=group,
        rounds=rounds,
        proof=proof,
    )
    parents = [DealingPeer(main, seat) for seat in range(players)]
    InMemoryTable(parents).deal()
    positions = sorted(secrets.SystemRandom().sample(range(36), size))
    sub = main.hidden_sub_deck(parents[0].session or b"", positions, "reshuffle-1")
    subs, table = _deal_sub_deck(sub, parents)
    table.open_many([(seat, {seat}, seat) for seat in range(players)])
    if any(seat not in peer.known for seat, peer in enumerate(subs)):
        raise RuntimeError("the re-dealt draws did not open")
    return _timed_path(subs, hidden=True)


def run_invisible_once(
    players: int, group: str, rounds: int, proof: str = ARGUMENT
) -> tuple[float, float]:
    """Invisible fool's deal of 36 cards: a suit-ordered deal (segments per suit), then a hidden
    sub-deck of the other 35 positions opened as the hands; return (critical path s, max CPU s
    per peer), the two stages added."""
    deck = deck_of(36)
    by_suit = sorted(range(36), key=lambda i: "CDHS".index(deck[i][-1]))
    first = DealContext(
        table=secrets.token_hex(8),
        hand=0,
        players=players,
        deck=deck,
        cards=tuple(by_suit),
        segments=(9, 9, 9, 9),
        label="deal-by-suit",
        group_name=group,
        rounds=rounds,
        proof=proof,
    )
    stage0 = [DealingPeer(first, seat, clock=time.process_time) for seat in range(players)]
    InMemoryTable(stage0).deal()
    chosen = secrets.randbelow(36)
    rest = [p for p in range(36) if p != chosen]
    second = first.hidden_sub_deck(stage0[0].session or b"", rest, "deal")
    stage1, table = _deal_sub_deck(second, stage0)
    table.open_many(initial_deal(players, 35))
    path0, cpu0 = _timed_path(stage0, hidden=False)
    path1, cpu1 = _timed_path(stage1, hidden=True)
    return path0 + path1, cpu0 + cpu1


def _measured(runs: Sequence[tuple[float, float]], **keys: object) -> dict[str, object]:
    """One row: its keys and the medians of (critical path, CPU per peer) over the runs."""
    return {
        **keys,
        "critical_path_s": round(statistics.median(r[0] for r in runs), 3),
        "cpu_per_peer_s": round(statistics.median(r[1] for r in runs), 3),
    }


def _by_proof(
    once: Callable[[str], tuple[float, float]], proofs: Sequence[str], repeats: int
) -> dict[str, list[tuple[float, float]]]:
    """Runs of one configuration per proof kind, the kinds alternating (a load change hits both)."""
    runs: dict[str, list[tuple[float, float]]] = {proof: [] for proof in proofs}
    for _ in range(repeats):
        for proof in proofs:
            runs[proof].append(once(proof))
    return runs


def ratios(rows: Sequence[dict[str, object]], keys: Sequence[str]) -> list[dict[str, object]]:
    """Argument over cut-and-choose, path and CPU, for every configuration measured with both."""
    out = []
    pairs: dict[tuple[object, ...], dict[object, dict[str, object]]] = defaultdict(dict)
    for row in rows:
        pairs[tuple(row[k] for k in keys)][row["proof"]] = row
    for config, pair in pairs.items():
        if ARGUMENT in pair and CUT_AND_CHOOSE in pair:
            fast, slow = pair[ARGUMENT], pair[CUT_AND_CHOOSE]
            out.append(
                {
                    **dict(zip(keys, config, strict=True)),
                    "path_ratio": _ratio(fast["critical_path_s"], slow["critical_path_s"]),
                    "cpu_ratio": _ratio(fast["cpu_per_peer_s"], slow["cpu_per_peer_s"]),
                }
            )
    return out


def _ratio(numerator: object, denominator: object) -> float:
    """numerator / denominator rounded to 3 places (both are seconds)."""
    assert isinstance(numerator, float) and isinstance(denominator, float)
    return round(numerator / denominator, 3)


def multi_deal(args: argparse.Namespace) -> dict[str, object]:
    """The figures of --multi-deal: reshuffles of several sizes, invisible's deal, plain deal,
    each with every proof kind asked for, and the ratios."""
    players = args.players[0] if len(args.players) == 1 else 3
    results: dict[str, object] = {"players": players, "group": args.group, "rounds": args.rounds}
    rows: list[dict[str, object]] = []
    kinds: list[tuple[str, int, Callable[[str], tuple[float, float]]]] = [
        (
            "reshuffle",
            size,
            partial(run_reshuffle_once, players, size, args.group, args.rounds),
        )
        for size in (12, 20, 35)
    ]
    kinds.append(
        (
            "invisible_deal",
            36,
            partial(run_invisible_once, players, args.group, args.rounds),
        )
    )
    kinds.append(("plain_deal", 36, partial(run_once, players, 36, args.group, args.rounds)))
    for kind, positions, once in kinds:
        for proof, runs in _by_proof(once, args.proofs, args.repeats).items():
            rows.append(_measured(runs, deal=kind, positions=positions, proof=proof))
            if not args.json:
                print(rows[-1], flush=True)
    results["rows"] = rows
    results["ratios"] = ratios(rows, ["deal", "positions"])
    return results


@dataclass
class BareOps:
    """Commutative encryption without proofs: multiply, key generation, key-order arithmetic."""

    mult: Callable[[int, object], object]
    new_key: Callable[[], int]
    modulus: int


def bare_protocol(ops: BareOps, points: list[object], players: int) -> tuple[float, float, float]:
    """The two passes and the deal with no proofs; return (total CPU, critical path, CPU per peer)."""
    size = len(points)
    deal = initial_deal(players, size)
    step_times: list[float] = []
    per_peer = [0.0] * players
    deck = list(points)
    shuffle_keys = [ops.new_key() for _ in range(players)]
    card_keys = [[ops.new_key() for _ in range(size)] for _ in range(players)]
    total_start = time.process_time()
    for k in range(players):
        start = time.process_time()
        order = list(range(size))
        secrets.SystemRandom().shuffle(order)
        deck = [ops.mult(shuffle_keys[k], deck[i]) for i in order]
        step_times.append(time.process_time() - start)
        per_peer[k] += step_times[-1]
    for k in range(players):
        start = time.process_time()
        inverse = pow(shuffle_keys[k], -1, ops.modulus)
        deck = [
            ops.mult(card_keys[k][p] * inverse % ops.modulus, point) for p, point in enumerate(deck)
        ]
        step_times.append(time.process_time() - start)
        per_peer[k] += step_times[-1]
    decrypt = [0.0] * players
    for position, seats, _ in deal:
        for seat in seats:
            start = time.process_time()
            product = math.prod(card_keys[k][position] for k in range(players)) % ops.modulus
            ops.mult(pow(product, -1, ops.modulus), deck[position])
            decrypt[seat] += time.process_time() - start
    total = time.process_time() - total_start
    for seat in range(players):
        per_peer[seat] += decrypt[seat]
    return total, sum(step_times) + max(decrypt), max(per_peer)


def ristretto_ops(group_name: str) -> tuple[BareOps, list[object], Callable[[int], list[object]]]:
    """Bare operations in the elliptic-curve group."""
    group = get_group(group_name)

    def new_key() -> int:
        return 1 + secrets.randbelow(group.order - 1)

    def mult(key: int, point: object) -> object:
        assert isinstance(point, bytes)
        return group.mult(key, point)

    def points(size: int) -> list[object]:
        return list(card_points(group, deck_of(size)))

    return BareOps(mult, new_key, group.order), [], points


def sra_ops() -> tuple[BareOps, Callable[[int], list[object]]]:
    """Textbook SRA: exponentiation modulo the 2048-bit RFC 3526 prime, cards as small integers."""
    prime = RFC3526_2048
    modulus = prime - 1

    def new_key() -> int:
        while True:
            key = secrets.randbelow(modulus)
            if key > 1 and math.gcd(key, modulus) == 1:
                return key

    def mult(key: int, value: object) -> object:
        assert isinstance(value, int)
        return pow(value, key, prime)

    def points(size: int) -> list[object]:
        return list(range(2, size + 2))

    return BareOps(mult, new_key, modulus), points


def main() -> None:
    """Run every configuration and print a table or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--repeats", type=int, default=3, help="runs per configuration (median)")
    parser.add_argument("--group", default="ristretto255", choices=["ristretto255", "ed25519"])
    parser.add_argument("--rounds", type=int, default=64, help="cut-and-choose rounds")
    parser.add_argument(
        "--proofs",
        nargs="*",
        default=list(PROOF_KINDS),
        choices=PROOF_KINDS,
        help="pass-1 proof kinds to measure (both by default, alternating)",
    )
    parser.add_argument("--players", type=int, nargs="*", default=PLAYERS)
    parser.add_argument("--sizes", type=int, nargs="*", default=SIZES)
    parser.add_argument("--sra", type=int, nargs=2, default=[6, 52], metavar=("PLAYERS", "CARDS"))
    parser.add_argument(
        "--multi-deal", action="store_true", help="reshuffles and invisible's two-stage deal"
    )
    args = parser.parse_args()
    if args.multi_deal:
        figures = multi_deal(args)
        if args.json:
            print(json.dumps(figures))
        return
    results: list[dict[str, object]] = []
    for size in args.sizes:
        for players in args.players:
            runs = _by_proof(
                partial(run_once, players, size, args.group, args.rounds),
                args.proofs,
                args.repeats,
            )
            for proof, proof_runs in runs.items():
                results.append(
                    _measured(proof_runs, players=players, cards=size, proofs=True, proof=proof)
                )
                if not args.json:
                    print(results[-1], flush=True)
    players, size = args.sra
    ec_ops, _, ec_points = ristretto_ops(args.group)
    ec_runs = [bare_protocol(ec_ops, ec_points(size), players) for _ in range(max(args.repeats, 5))]
    results.append(
        {
            "players": players,
            "cards": size,
            "proofs": False,
            "critical_path_s": round(statistics.median(r[1] for r in ec_runs), 4),
            "cpu_per_peer_s": round(statistics.median(r[2] for r in ec_runs), 4),
        }
    )
    modp_ops, modp_points = sra_ops()
    sra_total, _, _ = bare_protocol(modp_ops, modp_points(size), players)
    ratio = sra_total / statistics.median(r[0] for r in ec_runs)
    proof_ratios = ratios([row for row in results if row["proofs"]], ["players", "cards"])
    report = {
        "results": results,
        "ratios": proof_ratios,
        "textbook_sra_ratio": round(ratio, 1),
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(results[-1])
        for row in proof_ratios:
            print("argument / cut-and-choose", row)
        print(f"textbook SRA (2048-bit pow, no proofs) {sra_total:.2f} s, ratio {ratio:.1f}")
        print(f"group {args.group}, {args.rounds} rounds, Python {platform.python_version()}")


if __name__ == "__main__":
    main()
