"""Two-trump with distinct suits at a simulated table (issue 10, point 10): the talon is turned up
from the bottom, one card at a time for everyone, until every seat has a suit of its own, exactly
as the engine walks it; no seat learns any other card before play; a false claim is named."""

from __future__ import annotations

import pytest

from engine.cards import Card
from engine.game import deal_layout
from engine.variants import two_trump
from engine.variants.two_trump import walk_turn_up
from net.table.conduct import SeatConduct
from net.table.core import Out, TableCore
from net.table.sim import SimulatedTable, make_table

OPTIONS = {"distinct_trumps": True}


def start_faces(table: SimulatedTable) -> dict[int, set[int]]:
    """Watch a table: the positions each seat knew when its game began."""
    seen: dict[int, set[int]] = {}

    def watch(seat: int, core: TableCore, outputs: list[Out]) -> None:
        if core.game is not None and seat not in seen:
            seen[seat] = set(core.faces)

    table.watch(watch)
    return seen


def finish(table: SimulatedTable) -> None:
    table.start()
    table.step_until(4000)
    results = table.results()
    assert len(results) == table.config.players, "a peer did not finish"
    assert len({over.log_hash for over in results.values()}) == 1
    for over in results.values():
        assert over.reason == "finished", over
        assert over.verdict is not None and over.verdict.ok, over.verdict


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (3, 11), (4, 5), (2, 6)])
def test_every_seat_gets_its_own_suit_turned_up_as_the_engine_walks_the_talon(
    players: int, seed: int
) -> None:
    table = make_table(
        players, variant="two-trump", options=OPTIONS, seed=seed, bots="heuristic,random"
    )
    seen = start_faces(table)
    finish(table)
    over = table.results()[0]
    assert over.verdict is not None and over.verdict.deck is not None
    deck = [Card.parse(text) for text in over.verdict.deck]
    hands, talon = deal_layout(table.config.rules(), players, None)
    walk = walk_turn_up(talon, deck.__getitem__, players)
    assert walk.next_slot is None
    suits = [deck[slot].suit for slot in walk.chosen]
    assert len(set(suits)) == len(suits)
    for seat, core in enumerate(table.cores):
        assert core is not None and core.game is not None
        assert core.trump_slots == walk.chosen
        trumps = two_trump.seat_trumps(core.game)
        assert trumps[: len(suits)] == suits
        assert len(set(trumps)) == players  # every seat's suit differs, also a filled-in one
        # No peek: the seat's own hand, the turned-up talon cards and the shown claims only.
        claims = {p for p in core.claim_positions.values() if p is not None}
        assert seen[seat] == set(hands[seat]) | set(walk.turned) | claims, seat
        assert claims <= {p for hand in hands for p in hand}


def test_the_talon_cards_turned_up_are_public_and_the_rest_stays_hidden() -> None:
    players = 3
    table = make_table(players, variant="two-trump", options=OPTIONS, seed=7, bots="heuristic")
    public: dict[int, set[int]] = {}

    def watch(seat: int, core: TableCore, outputs: list[Out]) -> None:
        if core.game is not None and seat not in public:
            everyone = (1 << players) - 1
            public[seat] = {p for p, mask in enumerate(core.opened_to) if mask == everyone}

    table.watch(watch)
    finish(table)
    _, talon = deal_layout(table.config.rules(), players, None)
    for seat, core in enumerate(table.cores):
        assert core is not None
        turned = set(core.openings.turn_up_walk().turned)
        claims = {p for p in core.claim_positions.values() if p is not None}
        assert public[seat] == turned | claims
        assert public[seat] & set(talon) == turned  # the talon above the walk was never shown


class ClaimsAnotherSuit(SeatConduct):
    """Shows, as its lowest trump, a card of its hand that is not of its own trump suit."""

    def lead_card(self, core: TableCore, position: int | None) -> int | None:
        own = core.claiming.trump_for(core.seat)
        return next(p for p in core.dealt[core.seat] if core.faces[p].suit != own)


def test_a_claim_of_a_card_not_of_the_seats_own_suit_is_named() -> None:
    cheater = 1
    table = make_table(
        3, variant="two-trump", options=OPTIONS, seed=8, bots="heuristic",
        conducts={cheater: ClaimsAnotherSuit()},
    )  # fmt: skip
    table.start()
    table.step_until(600)
    results = table.results()
    for seat in (0, 2):
        over = results[seat]
        assert over.reason == "cheat" and over.cheater == cheater, over
        assert "its trump suit is" in over.evidence
        core = table.cores[seat]
        assert core is not None and core.game is None  # named before play began


def test_a_seat_that_withholds_its_key_for_the_turn_up_ends_the_game_as_abandoned() -> None:
    table = make_table(3, variant="two-trump", options=OPTIONS, seed=9, bots="heuristic")
    victim = table.cores[2]
    assert victim is not None
    # Seat 2 crashes after the hands are dealt, before the talon is turned up for everyone.
    table.start()
    while table.now < 60 and not victim.openings.deal_opened:
        table.step_until(table.now + 0.01, tick=0.01)
    table.crash(2)
    table.step_until(table.now + 400)
    for seat in (0, 1):
        core = table.cores[seat]
        assert core is not None and core.over is not None
        assert core.game is None
        assert core.over.reason in ("abandoned", "absent"), core.over
