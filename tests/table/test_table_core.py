"""The table protocol on a simulated network: honest tables agree, nothing hidden leaks, cheats are named."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action
from engine.cards import Card
from engine.game import Game
from net.table.conduct import SeatConduct
from net.table.core import GameOver, PeerSilent, TableCore, canonical
from net.table.reliable import ProtocolViolation, ReliableBroadcast
from net.table.sim import NetworkConditions, SimulatedTable, make_table

ALL_DONE = 4000.0


def run(table: SimulatedTable, until: float = ALL_DONE) -> dict[int, GameOver]:
    table.start()
    table.step_until(until)
    return table.results()


def assert_agreed(table: SimulatedTable) -> GameOver:
    results = table.results()
    assert len(results) == len([c for c in table.cores if c is not None]), "a peer did not finish"
    first = next(iter(results.values()))
    for over in results.values():
        assert over.reason == "finished", over
        assert over.verdict is not None and over.verdict.ok, over.verdict
        assert over.log_hash == first.log_hash
        assert over.result == first.result
    return first


def replay_all_knowing(table: SimulatedTable) -> Game:
    """The game replayed with every face open, from the audit's opened deck."""
    core = table.cores[0]
    assert core is not None and core.verdict is not None and core.verdict.deck is not None
    deck = [Card.parse(text) for text in core.verdict.deck]
    game = Game.from_deck(core.rules, core.players, deck, first=core.first)
    for entry in core.entries:
        game.apply(Action.parse(entry["a"]))
    return game


@pytest.mark.parametrize(
    ("players", "variant"),
    [(2, "throw-in"), (3, "transfer"), (4, "teams"), (3, "kozlov"), (2, "simple"), (4, "american")],
)
def test_an_honest_table_plays_to_the_end_and_agrees(players: int, variant: str) -> None:
    table = make_table(players, variant=variant, seed=players, bots="heuristic,random")
    run(table)
    over = assert_agreed(table)
    game = replay_all_knowing(table)
    assert game.over and game.result == over.result


@settings(max_examples=6, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    loss=st.sampled_from([0.0, 0.05, 0.2]),
    duplicate=st.sampled_from([0.0, 0.1]),
    slow=st.sampled_from([0.01, 0.3]),
)
def test_any_network_gives_the_same_log_everywhere(
    players: int, seed: int, loss: float, duplicate: float, slow: float
) -> None:
    conditions = NetworkConditions(latency=(0.0, slow), loss=loss, duplicate=duplicate)
    table = make_table(players, seed=seed, bots="random", conditions=conditions)
    run(table)
    assert_agreed(table)


def test_no_peer_ever_holds_a_face_its_seat_may_not_see() -> None:
    table = make_table(3, seed=5, bots="random")
    checked = 0

    def route_and_check(seat: int, core: TableCore, outputs: list[Any]) -> None:
        nonlocal checked
        if core.game is None or core.game_finished:
            return
        for slot, face in enumerate(core.game.faces):
            if face is not None:
                assert core.game.known[slot] >> seat & 1, f"seat {seat} knows slot {slot}"
                checked += 1
        opened = set(core.faces)
        allowed = {s for s, k in enumerate(core.game.known) if k >> seat & 1}
        assert opened <= allowed | set(core.pending_plays)

    table.watch(route_and_check)
    run(table)
    assert_agreed(table)
    assert checked > 1000


def test_a_crashed_peer_is_shown_silent_and_forfeits_after_the_resume_window() -> None:
    table = make_table(3, seed=7, bots="random")
    table.start()
    table.step_until(0.4)
    assert table.cores[2] is not None and table.cores[2].game is not None
    table.crash(2)
    table.step_until(ALL_DONE)
    for seat in (0, 1):
        assert any(isinstance(e, PeerSilent) and e.seat == 2 for e in table.events[seat])
        over = table.results()[seat]
        assert over.reason == "absent" and over.result["fool"] == 2


def test_a_peer_that_leaves_forfeits_and_the_audit_still_runs() -> None:
    table = make_table(3, seed=8, bots="random")
    table.start()
    table.step_until(0.5)
    core = table.cores[1]
    assert core is not None and core.game is not None
    table.route(1, core.leave())
    table.step_until(ALL_DONE)
    results = table.results()
    for seat in (0, 2):
        assert results[seat].result["fool"] == 1
        assert results[seat].reason == "finished"
        assert results[seat].verdict is not None
    assert results[1].reason == "left" and results[1].result["fool"] == 1


# ----------------------------------------------------------------- cheaters


class Cheating(SeatConduct):
    """A seat whose owner bypasses the rules in one chosen way."""

    def __init__(self, trick: str) -> None:
        self.trick = trick

    def intent(self, core: TableCore, action: Action) -> Action:
        if self.trick in ("illegal", "steal", "swap") and core.game is not None:
            forged = self.forge(core)
            if forged is not None:
                return forged
        return action

    def checks(self, core: TableCore, action: Action, legal: bool) -> bool:
        return True

    def forge(self, core: TableCore) -> Action | None:
        game, seat = core.game, core.seat
        assert game is not None
        hand = game.hand_cards(seat)
        if self.trick == "illegal" and game.table and seat == game.defender and game.unbeaten():
            target = next(game.faces[a] for a, b in game.table if b < 0)
            assert target is not None
            bad = [c for c in hand if not game.is_legal(Action(seat, "beat", (c,), target))]
            if bad:
                return Action(seat, "beat", (bad[0],), target)
        if self.trick in ("steal", "swap") and not game.table and seat == game.lead and hand:
            return Action(seat, "attack", (hand[0],))
        return None

    def send_move(self, core: TableCore, action: Action) -> list[Any] | None:
        game = core.game
        if action.kind != "attack" or self.trick not in ("steal", "swap"):
            return None
        if self.trick == "steal":
            # Name a position from another seat's hand (faces unknown to us: claim our own card).
            other = next(p for s, h in enumerate(game.hands) if s != core.seat for p in h)
            return self.signed_act(core, action, [other])
        mine = [p for p in game.hands[core.seat] if game.faces[p] != action.cards[0]]
        return self.signed_act(core, action, mine[:1])

    def signed_act(self, core: TableCore, action: Action, positions: list[int]) -> list[Any]:
        out = core.broadcast(core.rounds.signed_move(str(action), positions))
        for position in positions:  # send our own key for it, as an honest owner would
            out.extend(core.openings.open(position, range(core.players)))
        return out


def cheating_table(trick: str, seat: int = 1, seed: int = 3, players: int = 3) -> SimulatedTable:
    return make_table(players, seed=seed, bots="random", conducts={seat: Cheating(trick)})


def named(table: SimulatedTable, cheater: int) -> list[GameOver]:
    honest = [o for s, o in table.results().items() if s != cheater]
    assert honest, "the honest peers did not finish"
    for over in honest:
        assert over.reason == "cheat", over
        assert over.cheater == cheater, over
    return honest


@pytest.mark.parametrize(
    ("trick", "words"),
    [
        ("illegal", "illegal move"),
        ("steal", "not in its hand"),
        ("swap", "holds"),
    ],
)
def test_a_cheating_move_is_caught_at_once_and_named(trick: str, words: str) -> None:
    for seed in range(3, 12):
        table = cheating_table(trick, seat=1, seed=seed)
        run(table)
        results = table.results()
        if all(o.reason == "finished" for o in results.values()):
            continue  # the cheater never got the chance in this deal
        for over in named(table, 1):
            assert words in over.evidence
        return
    raise AssertionError("the cheat never happened")


def test_a_move_out_of_turn_is_named() -> None:
    table = make_table(3, seed=4, bots="random")
    table.start()
    table.step_until(0.5)
    core = table.cores[2]
    assert core is not None and core.round is not None
    body = {"k": "act", "i": core.round.index, "a": "2 pass", "pos": [], "prev": core.log_hash}
    body["sig"] = table.identities[2].sign(core.move_signed_bytes(body))
    frame = core.net.broadcast(body)
    table.route(2, [frame])
    table.step_until(ALL_DONE)
    results = table.results()
    if core.round is not None and core.round.winner == 2:
        pytest.skip("seat 2 happened to win the round")
    for seat in (0, 1):
        assert results[seat].cheater == 2


def test_a_move_in_another_seats_name_is_named() -> None:
    def tamper(sender: int, receiver: int, frame: dict[str, Any]) -> dict[str, Any] | None:
        payload = frame.get("p")
        if sender == 1 and isinstance(payload, dict) and payload.get("k") == "act":
            forged = dict(payload)
            forged["a"] = "0" + payload["a"][1:]
            frame = dict(frame, p=forged)
        return frame

    table = make_table(3, seed=6, bots="random", tamper=tamper)
    run(table)
    for seat in (0, 2):
        over = table.results()[seat]
        assert over.reason == "cheat" and over.cheater == 1
        assert "signature" in over.evidence or "name of seat" in over.evidence


def test_different_moves_to_different_peers_are_proven_and_named() -> None:
    """Seat 1 sends one signed move to seat 0 and another, also signed, to seat 2."""
    table = make_table(3, seed=9, bots="random")
    swapped = {"done": False}

    def tamper(sender: int, receiver: int, frame: dict[str, Any]) -> dict[str, Any] | None:
        payload = frame.get("p")
        if (
            sender != 1
            or receiver != 2
            or not isinstance(payload, dict)
            or payload.get("k") != "act"
        ):
            return frame
        core, target = table.cores[1], table.cores[2]
        assert core is not None and core.game is not None and target is not None
        if frame.get("s") != target.net.next_from[1]:
            return frame  # a resend or an early frame: swapping it would change nothing
        action = Action.parse(payload["a"])
        alternatives = [
            a for a in core.game.legal_actions(1) if a != action and a.kind in ("pass", "take")
        ]
        if swapped["done"] or not alternatives:
            return frame
        swapped["done"] = True
        other = {k: v for k, v in payload.items() if k not in ("sig", "cert")}
        other["a"], other["pos"] = str(alternatives[0]), []
        other["sig"] = table.identities[1].sign(core.move_signed_bytes(other))
        return dict(frame, p=other | {"cert": payload["cert"]})

    table.tamper = tamper
    run(table)
    assert swapped["done"]
    for seat in (0, 2):
        over = table.results()[seat]
        assert over.reason == "cheat" and over.cheater == 1, over
        assert "two different" in over.evidence


def test_a_frame_replayed_from_another_game_is_refused() -> None:
    first = make_table(2, seed=10, bots="random")
    run(first)
    old = first.cores[1].entries[0]  # type: ignore[union-attr]
    second = make_table(2, seed=11, bots="random")
    second.start()
    second.step_until(0.3)
    core = second.cores[1]
    assert core is not None
    second.route(1, [core.net.broadcast(dict(old))])
    second.step_until(ALL_DONE)
    over = second.results()[0]
    assert over.reason == "cheat" and over.cheater == 1


def test_saying_wait_when_the_game_waits_for_you_is_named() -> None:
    table = make_table(2, seed=12, bots="random")
    table._play_bot = lambda seat: None  # type: ignore[method-assign]  # nobody moves
    table.start()
    table.step_until(2.0)
    core0 = table.cores[0]
    assert core0 is not None and core0.game is not None and core0.round is not None
    waiting = core0.game.to_act[0]
    other = table.cores[waiting]
    assert other is not None
    receiver = 1 - waiting
    vote = {
        "k": "vote",
        "i": core0.round.index,
        "n": core0.round.attempt,
        "bid": False,
        "h": core0.log_hash,
    }
    frame = other.net.broadcast(vote)
    outputs = table.cores[receiver].receive(waiting, frame.frame, table.now)  # type: ignore[union-attr]
    over = [o for o in outputs if isinstance(o, GameOver)]
    assert over and over[0].reason == "cheat" and over[0].cheater == waiting
    assert "said wait" in over[0].evidence


def test_a_false_lowest_trump_claim_is_named_by_the_audit() -> None:
    class Liar(SeatConduct):
        def lead_card(self, core: TableCore, position: int | None) -> int | None:
            return None  # "I hold no trump"

    for seed in range(20, 40):
        table = make_table(2, seed=seed, bots="random", conducts={1: Liar()})
        run(table)
        over = table.results()[0]
        verdict = over.verdict
        assert verdict is not None
        if verdict.ok:
            continue  # seat 1 really held no trump
        text = " ".join(verdict.problems) + " ".join(" ".join(v) for v in verdict.cheaters.values())
        assert "seat 1 claimed no trump" in text
        return
    raise AssertionError("seat 1 never held a trump")


# ----------------------------------------------------------------- the reliable layer


def test_reliable_broadcast_delivers_in_order_exactly_once_and_resends() -> None:
    a, b = ReliableBroadcast(0, 2), ReliableBroadcast(1, 2)
    frames = [a.broadcast({"n": i}).frame for i in range(5)]
    got = []
    for frame in [frames[2], frames[0], frames[0], frames[1], frames[4]]:
        delivered, _ = b.receive(0, frame, 1.0)
        got.extend(p.payload["n"] for p in delivered)
    assert got == [0, 1, 2]
    resend = a.receive(1, b.heartbeat().frame, 2.0)[1]
    assert [f.frame["s"] for f in resend] == [4, 5]
    for out in resend:
        got.extend(p.payload["n"] for p in b.receive(0, out.frame, 3.0)[0])
    assert got == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    "frame",
    [None, 7, {"t": "x"}, {"t": "m", "s": 0, "p": {}}, {"t": "m", "s": 1, "p": 3},
     {"t": "hb", "have": [1]}, {"t": "hb", "have": [0, 99]}],
)  # fmt: skip
def test_malformed_frames_name_the_sender(frame: Any) -> None:
    with pytest.raises(ProtocolViolation) as caught:
        ReliableBroadcast(1, 2).receive(0, frame, 0.0)
    assert caught.value.seat == 0


def test_two_different_messages_with_one_number_are_refused() -> None:
    b = ReliableBroadcast(1, 2)
    b.receive(0, {"t": "m", "s": 2, "p": {"x": 1}}, 0.0)
    with pytest.raises(ProtocolViolation):
        b.receive(0, {"t": "m", "s": 2, "p": {"x": 2}}, 0.0)


def test_canonical_bytes_do_not_depend_on_key_order() -> None:
    assert canonical({"a": 1, "b": [2, {"d": 1, "c": 2}]}) == canonical(
        {"b": [2, {"c": 2, "d": 1}], "a": 1}
    )
    assert hashlib.sha256(canonical({})).hexdigest()
    assert random.Random(1).random()  # deterministic helpers stay importable
