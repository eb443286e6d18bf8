"""The shape every family-3 table test shares: a simulated table of N seats with in-memory cores
played by bots to its end, a clean audit with one log hash, no seat holding a face the rules hide
from it, and a seat that cheats named (at once, or by the audit)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from engine.cards import Card
from net.table.conduct import SeatConduct
from net.table.core import GameOver, Out, TableCore
from net.table.sim import NetworkConditions, SimulatedTable, make_table
from tests.table.wrong_key import WrongKeyFor

LOSSY = NetworkConditions(latency=(0.001, 0.3), loss=0.1, duplicate=0.05)  # reorders, too
ALL_DONE = 6000.0
CHEAT_BOTS = "heuristic,random"

Seen = list[tuple[int, int, frozenset[int]]]
"""(seat, log length, slots it holds) at every step of a table."""


def run(table: SimulatedTable, until: float = ALL_DONE) -> dict[int, GameOver]:
    """Start the table and step it to `until`; every seat's end so far."""
    table.start()
    table.step_until(until)
    return table.results()


def honest_results(table: SimulatedTable, cheater: int) -> list[GameOver]:
    """The ends of every seat but the cheater's (each must have ended)."""
    results = table.results()
    honest = [results[s] for s in range(table.config.players) if s != cheater and s in results]
    assert len(honest) == table.config.players - 1, "an honest seat did not end"
    return honest


def assert_clean(results: dict[int, GameOver], players: int) -> None:
    """Every seat finished the game with one log hash, one result and a clean audit."""
    assert len(results) == players
    assert len({over.log_hash for over in results.values()}) == 1
    assert len({repr(over.result) for over in results.values()}) == 1
    for over in results.values():
        assert over.reason == "finished", over
        assert over.verdict is not None and over.verdict.ok, over.verdict
        assert over.result["over"] is True


def play_clean(players: int, variant: str, seed: int, **table: Any) -> SimulatedTable:
    """A table of `players` seats (`make_table` arguments) played to a clean end."""
    played = make_table(players, variant=variant, seed=seed, **table)
    assert_clean(run(played), players)
    return played


def opened_deck(table: SimulatedTable, seat: int = 0) -> tuple[TableCore, list[Card]]:
    """A finished seat's core and the deck its audit opened (the game has a first leader)."""
    core = table.cores[seat]
    assert core is not None and core.verdict is not None and core.verdict.deck is not None
    assert core.first is not None
    return core, [Card.parse(t) for t in core.verdict.deck]


def opened_redeals(core: TableCore) -> list[list[Card]]:
    """The decks of the re-deals the audit opened, in order."""
    return [[Card.parse(t) for t in core.deal_verdicts[d].deck or ()] for d in core.reshuffle_deals]


def watch_faces(table: SimulatedTable, game_faces: bool = False) -> Seen:
    """What every seat holds at every step from now on: the faces its core was opened, with
    `game_faces` those its hidden game knows too, while the game runs (the audit then opens the
    whole deck to everyone)."""
    seen: Seen = []

    def watch(seat: int, core: TableCore, outputs: list[Out]) -> None:
        if not game_faces:
            seen.append((seat, len(core.entries), frozenset(core.faces)))
            return
        if core.game_finished:
            return
        held = set(core.faces)
        if core.game is not None:
            held |= {s for s, face in enumerate(core.game.faces) if face is not None}
        seen.append((seat, len(core.entries), frozenset(held)))

    table.watch(watch)
    return seen


def assert_no_leak(seen: Seen, allowed: Callable[[int, int], set[int]]) -> None:
    """No seat held a slot beyond `allowed(seat, log length)` at any step."""
    for seat, length, slots in seen:
        leaked = slots - allowed(seat, length)
        assert not leaked, (seat, length, sorted(leaked))


def visible_to(masks: list[int], seat: int) -> set[int]:
    """The slots whose mask opens them to `seat`."""
    return {s for s, mask in enumerate(masks) if mask >> seat & 1}


def open_pile_history(
    full: Any, actions: Iterable[Any], shuffle_kind: str, players: int
) -> tuple[list[list[int]], list[set[int]], list[set[int]]]:
    """A replay with every face open, applied move by move: after L moves, who may see each
    slot, the faces open to everyone and not shuffled since, and the slots the L-th move
    shuffled into a new deck (events of `shuffle_kind` over more than one slot)."""
    everyone = (1 << players) - 1
    public = {s for s, mask in enumerate(full.known) if mask == everyone}
    shown: list[list[int]] = [list(full.known)]
    seen_by_all: list[set[int]] = [set(public)]
    redealt_at: list[set[int]] = [set()]
    for action in actions:
        events = full.apply(action)
        shuffled = {
            s for e in events if e.kind == shuffle_kind and len(e.slots) > 1 for s in e.slots
        }
        public = (public - shuffled) | {s for s, mask in enumerate(full.known) if mask == everyone}
        shown.append(list(full.known))
        seen_by_all.append(set(public))
        redealt_at.append(shuffled)
    return shown, seen_by_all, redealt_at


def assert_no_leak_with_open_piles(
    seen: Seen,
    table: SimulatedTable,
    game_class: Any,
    rules: Any,
    action_class: Any,
    shuffle_kind: str,
) -> None:
    """No seat held a face beyond what the game replayed from the audit's opened deck and
    re-deals (`game_class.from_table`) shows it once the log is as long as the seat's, the faces
    open to all and not shuffled since, the next move's cards (opened to all before it is
    applied) and, once the game is over, every hand (shown to count the points); and some move
    re-dealt a deck."""
    core, deck = opened_deck(table)
    players = table.config.players
    full = game_class.from_table(rules, players, deck, core.first, opened_redeals(core))
    actions = [action_class.parse(e["a"]) for e in core.entries]
    shown, seen_by_all, redealt_at = open_pile_history(full, actions, shuffle_kind, players)

    def allowed(seat: int, length: int) -> set[int]:
        slots = visible_to(shown[length], seat) | seen_by_all[length]
        if length < len(core.entries):
            return slots | set(core.entries[length]["pos"])
        return slots | {s for hand in full.hands for s in hand}

    assert_no_leak(seen, allowed)
    assert any(redealt_at), "the test should cover a re-dealt deck"


# ----------------------------------------------------------------- cheats


class Liar(SeatConduct):
    """A seat's conduct that counts the lies it tells."""

    def __init__(self) -> None:
        self.lied = 0


class Insists(Liar):
    """A liar whose own checks pass whatever it intends (its cheat is for the others to find)."""

    def checks(self, core: TableCore, action: Any, legal: bool) -> bool:
        return True


def send_naming_own_first_position(
    core: TableCore, action: Any, open_own_card: bool = True
) -> list[Any]:
    """Send `action` signed, naming the first position of the sender's own hand for its card;
    with `open_own_card`, open that position's real card to everyone too (its key)."""
    hand = core.game.hands[core.seat]
    out: list[Any] = core.broadcast(core.rounds.signed_move(str(action), hand[:1]))
    if open_own_card:
        out.extend(core.openings.open(hand[0], range(core.players)))
    return out


def cheat_table(
    variant: str,
    conduct: SeatConduct,
    cheater: int,
    seed: int,
    players: int = 3,
    bots: str = CHEAT_BOTS,
    **options: Any,
) -> SimulatedTable:
    """A table on the lossy network at which `cheater` follows `conduct`."""
    return make_table(players, variant=variant, options=options, seed=seed, bots=bots,
                      conditions=LOSSY, conducts={cheater: conduct})  # fmt: skip


def wrong_key_table(
    variant: str, first_drawn: Callable[[int], int], until: float = 2000, **table: Any
) -> SimulatedTable:
    """A cheat table (seed 2) run to `until` at which seat 1 opens the deck's first drawn card,
    position `first_drawn(players)`, with a wrong key."""
    played = cheat_table(variant, WrongKeyFor(first_drawn), 1, 2, **table)
    run(played, until)
    return played


def first_lie(
    seeds: Iterable[int], table_for: Callable[[int], tuple[Liar, SimulatedTable]]
) -> SimulatedTable:
    """The first of the tables made for `seeds` (each already run) at which its liar lied."""
    for seed in seeds:
        liar, table = table_for(seed)
        if liar.lied:
            return table
    pytest.fail("the lie never happened")


def lie_at(
    variant: str,
    make_liar: Callable[[], Liar],
    cheater: int,
    seeds: Iterable[int],
    until: float = ALL_DONE,
    **table: Any,
) -> SimulatedTable:
    """The first cheat table (`cheat_table`) over `seeds`, run to `until`, at which the liar lied."""

    def table_for(seed: int) -> tuple[Liar, SimulatedTable]:
        liar = make_liar()
        played = cheat_table(variant, liar, cheater, seed, **table)
        run(played, until)
        return liar, played

    return first_lie(seeds, table_for)


def assert_named_at_once(
    table: SimulatedTable, cheater: int, *evidence: str | tuple[str, ...]
) -> None:
    """Every honest seat ended the game naming `cheater`, with each phrase of `evidence` (or one
    of a tuple of phrases) in its evidence."""
    for over in honest_results(table, cheater):
        assert over.reason == "cheat" and over.cheater == cheater, over
        for phrase in evidence:
            options = (phrase,) if isinstance(phrase, str) else phrase
            assert any(p in over.evidence for p in options), over.evidence


def assert_named_by_audit(
    table: SimulatedTable, cheater: int, phrase: str, finished: bool = True
) -> None:
    """Every honest seat's audit names `cheater` alone, `phrase` among its reasons; with
    `finished`, the game ended normally first (nobody could see the lie in play)."""
    for over in honest_results(table, cheater):
        if finished:
            assert over.reason == "finished", over
        assert over.verdict is not None and list(over.verdict.cheaters) == [cheater], over.verdict
        assert phrase in " ".join(over.verdict.cheaters[cheater])


# ----------------------------------------------------------------- leaving


def leave_midway(table: SimulatedTable, leaver: int, moves: int = 0) -> dict[int, GameOver]:
    """Start the table, let `leaver` leave (after one second of play, or once the log has
    `moves` entries) and play on to the end: the leaver is the fool, the others finish with a
    clean audit. Every seat's end."""
    table.start()
    core = table.cores[leaver]
    assert core is not None
    if moves:
        while core.game is None or len(core.entries) < moves:
            table.step_until(table.now + 0.01)
        assert not core.game.over
    else:
        table.step_until(1.0)
        assert core.game is not None
    table.route(leaver, core.leave())
    table.step_until(ALL_DONE)
    results = table.results()
    for seat in range(table.config.players):
        if seat != leaver:
            over = results[seat]
            assert over.reason == "finished", over
            assert over.result["fool"] == leaver
            assert over.verdict is not None and over.verdict.ok
    assert results[leaver].reason == "left"
    return results
