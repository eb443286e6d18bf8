"""Reverse fool at a simulated table: every hand seen by all but its owner, blind plays by position
opened to everyone before they apply, the first lead decided by each seat showing the next seat's
lowest trump (checked by the audit), clean audits, and cheaters named."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Action
from net.table.conduct import SeatConduct
from net.table.core import GameOver, TableCore
from net.table.sim import NetworkConditions, SimulatedTable, make_table

NOISY = NetworkConditions(latency=(0.001, 0.05), loss=0.05, duplicate=0.05)


def finished(table: SimulatedTable) -> dict[int, GameOver]:
    table.start()
    table.step_until(4000)
    return table.results()


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_reverse_plays_blind_to_a_clean_audit_and_nobody_sees_his_own_cards(
    players: int, seed: int
) -> None:
    table = make_table(players, variant="reverse", seed=seed, bots="heuristic,random",
                       conditions=NOISY)  # fmt: skip
    checked = 0

    def route_and_check(seat: int, core: TableCore, outputs: list[Any]) -> None:
        nonlocal checked
        if core.game is None or core.game_finished:
            return
        game = core.game
        for slot in game.hands[seat]:
            if (
                slot not in core.pending_plays
                and slot != game.trump_slot
                and slot in core.dealt[seat]
            ):
                deal, position = core.sources[slot]
                if not game.known[slot] >> seat & 1:
                    assert game.faces[slot] is None and slot not in core.faces
                    assert position not in core.deals[deal].known
                    checked += 1

    table.watch(route_and_check)
    results = finished(table)
    assert len(results) == players
    assert len({over.log_hash for over in results.values()}) == 1
    for over in results.values():
        assert over.reason == "finished", over
        assert over.verdict is not None and over.verdict.ok, over.verdict
    core = table.cores[0]
    assert core is not None and core.proxy_claims and checked > 100
    assert any("@" in entry["a"] for entry in core.entries), "no blind play was made"


class FalseClaim(SeatConduct):
    """Says the next seat holds no trump, whatever it holds."""

    def lead_card(self, core: TableCore, position: int | None) -> int | None:
        return None


class BlindThief(SeatConduct):
    """Leads blind a position of another seat's hand."""

    def intent(self, core: TableCore, action: Action) -> Action:
        game = core.game
        if game is not None and action.kind == "attack":
            other = game.hands[(core.seat + 1) % core.players][0]
            return Action(core.seat, "attack", (), None, (other,))
        return action

    def checks(self, core: TableCore, action: Action, legal: bool) -> bool:
        return True

    def send_move(self, core: TableCore, action: Action) -> list[Any] | None:
        if not action.slots:
            return None
        return core.broadcast(core.rounds.signed_move(str(action), list(action.slots)))


def cheater_table(conduct: SeatConduct, seat: int, seed: int) -> SimulatedTable:
    return make_table(2, variant="reverse", seed=seed, bots="heuristic", conducts={seat: conduct})


def test_a_false_claim_about_the_next_seats_lowest_trump_is_named_by_the_audit() -> None:
    for seed in range(1, 12):
        table = cheater_table(FalseClaim(), 0, seed)
        results = finished(table)
        over = results[1]
        if over.verdict is not None and over.verdict.ok:
            continue  # seat 1 really held no trump
        assert over.verdict is not None and list(over.verdict.cheaters) == [0]
        assert "lowest trump" in over.verdict.cheaters[0][0]
        return
    pytest.fail("seat 1 never held a trump")


def test_a_blind_play_of_another_seats_card_is_named() -> None:
    table = cheater_table(BlindThief(), 0, 3)
    results = finished(table)
    over = results[1]
    assert over.reason == "cheat" and over.cheater == 0, over
