"""Czech fool at a LAN table on the simulated network: honest tables agree with a clean audit, no
seat learns a face the rules hide from it, and a seat that cheats is named."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cards import Card, deck_spec
from engine.czech.actions import DRAW, PLAY, CzechAction
from engine.czech.game import RESHUFFLE, CzechGame
from net.table.conduct import SeatConduct
from net.table.config import ConfigError, TableConfig
from net.table.core import GameOver, Out, TableCore
from net.table.czech_adapter import CzechAdapter
from net.table.sim import NetworkConditions, SimulatedTable, make_table
from tests.table.wrong_key import WrongKeyFor

LOSSY = NetworkConditions(latency=(0.001, 0.3), loss=0.1, duplicate=0.05)  # reorders, too
ALL_DONE = 6000.0


def run(table: SimulatedTable, until: float = ALL_DONE) -> dict[int, GameOver]:
    table.start()
    table.step_until(until)
    return table.results()


def honest_results(table: SimulatedTable, cheater: int) -> list[GameOver]:
    results = table.results()
    honest = [results[s] for s in range(table.config.players) if s != cheater and s in results]
    assert len(honest) == table.config.players - 1, "an honest seat did not end"
    return honest


# ----------------------------------------------------------------- honest tables


@pytest.mark.parametrize(
    ("variant", "seed"),
    [("czech", 2), ("czech-3", 2), ("czech-6", 1), ("czech-7", 1)],
)
def test_an_honest_czech_table_agrees_on_a_lossy_network(variant: str, seed: int) -> None:
    table = make_table(3, variant=variant, seed=seed, bots="heuristic,random", conditions=LOSSY)
    results = run(table)
    assert len(results) == 3
    assert len({over.log_hash for over in results.values()}) == 1
    assert len({repr(over.result) for over in results.values()}) == 1
    for over in results.values():
        assert over.reason == "finished", over
        assert over.verdict is not None and over.verdict.ok, over.verdict
        assert over.result["over"] is True and over.result["fool"] is not None
    core = table.cores[0]
    assert core is not None and core.game is not None
    assert all(isinstance(e["a"], str) for e in core.entries)


@pytest.mark.parametrize(
    ("variant", "seed"),
    [
        ("czech-1", 3),
        ("czech-2", 3),
        ("czech-4", 3),
        ("czech-5", 2),
        ("czech-8", 3),
        ("czech-9", 1),
    ],
)
def test_every_other_preset_plays_to_a_clean_audit_at_two_seats(variant: str, seed: int) -> None:
    table = make_table(2, variant=variant, seed=seed, bots="heuristic,random")
    results = run(table)
    assert len(results) == 2 and len({over.log_hash for over in results.values()}) == 1
    for over in results.values():
        assert over.reason == "finished", over
        assert over.verdict is not None and over.verdict.ok, over.verdict


def test_the_pile_turned_over_is_re_dealt_and_the_audit_replays_it() -> None:
    table = make_table(3, variant="czech-6", seed=1, bots="heuristic,random", conditions=LOSSY)
    results = run(table)
    core = table.cores[0]
    assert core is not None and len(core.reshuffle_deals) >= 1  # the deck ran out
    assert all(over.verdict is not None and over.verdict.ok for over in results.values())
    assert core.game.reshuffles == len(core.reshuffle_deals)


def test_no_seat_learns_a_face_the_rules_hide_from_it() -> None:
    """Every face a seat's core holds, at every step, is one the engine shows that seat once the
    log is as long as the seat's (or the card the next move plays, opened to all before it is
    applied), checked against a full replay of the same game with every face open."""
    table = make_table(3, variant="czech-7", seed=2, bots="heuristic,random", conditions=LOSSY)
    seen: list[tuple[int, int, frozenset[int]]] = []  # (seat, log length, slots it holds)

    def watch(seat: int, core: TableCore, outputs: list[Out]) -> None:
        seen.append((seat, len(core.entries), frozenset(core.faces)))

    table.watch(watch)
    results = run(table)
    assert len(results) == 3 and all(
        o.verdict is not None and o.verdict.ok for o in results.values()
    )
    core = table.cores[0]
    assert core is not None and core.verdict is not None and core.verdict.deck is not None
    deck = [Card.parse(t) for t in core.verdict.deck]
    redeals = [
        [Card.parse(t) for t in core.deal_verdicts[d].deck or ()] for d in core.reshuffle_deals
    ]
    assert core.first is not None
    full = CzechGame.from_table(CzechAdapter(table.config).rules, 3, deck, core.first, redeals)
    everyone = 0b111
    public = {s for s, mask in enumerate(full.known) if mask == everyone}
    shown: list[list[int]] = [list(full.known)]  # who may see each slot after L moves
    seen_by_all: list[set[int]] = [set(public)]  # faces on the pile, not shuffled since
    redealt_at: list[set[int]] = [set()]
    for entry in core.entries:
        events = full.apply(CzechAction.parse(entry["a"]))
        shuffled = {s for e in events if e.kind == RESHUFFLE and len(e.slots) > 1 for s in e.slots}
        public = (public - shuffled) | {s for s, mask in enumerate(full.known) if mask == everyone}
        shown.append(list(full.known))
        seen_by_all.append(set(public))
        redealt_at.append(shuffled)
    for seat, length, slots in seen:
        allowed = {s for s, mask in enumerate(shown[length]) if mask >> seat & 1}
        allowed |= seen_by_all[length]
        if length < len(core.entries):
            allowed |= set(core.entries[length]["pos"])  # the next move's card, opened to all
        else:  # the game is over: every hand is shown to count its points
            allowed |= {s for hand in full.hands for s in hand}
        leaked = slots - allowed
        assert not leaked, (seat, length, sorted(leaked))
    assert any(redealt_at), "the test should cover a re-dealt deck"


# ----------------------------------------------------------------- cheats


def wrong_draw_key() -> WrongKeyFor:
    """Opens the deck's first drawn card with a wrong key."""
    # czech: five cards each, the deck's top card next
    return WrongKeyFor(lambda players: players * 5)


class PlaysACardItDoesNotHold(SeatConduct):
    """On its turn plays a fitting card from the rest of the deck, naming its own position."""

    def intent(self, core: TableCore, action: CzechAction) -> CzechAction:
        game = core.game
        mine = set(game.hand_cards(core.seat))
        others = [c for c in deck_spec(game.rules.deck) if c not in mine and game.fits(c)]
        if game.phase == "play" and others:
            return CzechAction(core.seat, PLAY, others[0])
        return action

    def checks(self, core: TableCore, action: CzechAction, legal: bool) -> bool:
        return True

    def send_move(self, core: TableCore, action: CzechAction) -> list[Any] | None:
        hand = core.game.hands[core.seat]
        if action.kind != PLAY or action.card in core.game.hand_cards(core.seat):
            return None
        out = core.broadcast(core.rounds.signed_move(str(action), hand[:1]))
        out.extend(core.openings.open(hand[0], range(core.players)))  # its real card's key
        return out


class DrawsPastAFit(SeatConduct):
    """Having drawn a card that fits, draws again (the rules say: play it or pass)."""

    def __init__(self) -> None:
        self.lied = 0

    def intent(self, core: TableCore, action: CzechAction) -> CzechAction:
        game = core.game
        fits = any(game.fits(c) for c in game.hand_cards(core.seat))
        if game.drawn and fits and game._can_draw():
            self.lied += 1
            return CzechAction(core.seat, DRAW)
        return action

    def checks(self, core: TableCore, action: CzechAction, legal: bool) -> bool:
        return True


def cheat_table(conduct: SeatConduct, cheater: int, seed: int) -> SimulatedTable:
    return make_table(3, variant="czech", seed=seed, bots="heuristic,random",
                      conditions=LOSSY, conducts={cheater: conduct})  # fmt: skip


def test_a_wrong_key_for_a_drawn_card_is_named() -> None:
    table = cheat_table(wrong_draw_key(), 1, 2)
    run(table, 2000)
    for over in honest_results(table, 1):
        assert over.reason == "cheat" and over.cheater == 1, over


def test_playing_a_card_it_does_not_hold_is_named() -> None:
    for seed in range(1, 6):
        table = cheat_table(PlaysACardItDoesNotHold(), 2, seed)
        run(table, 2000)
        honest = honest_results(table, 2)
        if all(o.reason == "finished" for o in honest):
            continue  # no card to forge came up
        for over in honest:
            assert over.reason == "cheat" and over.cheater == 2, over
            assert "holds" in over.evidence or "not in" in over.evidence, over.evidence
        return
    pytest.fail("the cheat never happened")


def test_a_draw_past_a_card_that_fits_is_named_by_the_audit() -> None:
    for seed in range(1, 8):
        liar = DrawsPastAFit()
        table = cheat_table(liar, 0, seed)
        run(table)
        if not liar.lied:
            continue
        for over in honest_results(table, 0):
            assert over.reason == "finished", over  # the others could not see the lie in play
            assert over.verdict is not None and list(over.verdict.cheaters) == [0], over.verdict
            assert "drew a card that fits" in " ".join(over.verdict.cheaters[0])
        return
    pytest.fail("the lie never happened")


# ----------------------------------------------------------------- leaving, configs


def test_a_seat_that_leaves_a_czech_game_forfeits_and_the_audit_still_runs() -> None:
    table = make_table(3, variant="czech", seed=8, bots="random")
    table.start()
    table.step_until(1.0)
    core = table.cores[1]
    assert core is not None and core.game is not None
    table.route(1, core.leave())
    table.step_until(ALL_DONE)
    results = table.results()
    for seat in (0, 2):
        assert results[seat].reason == "finished", results[seat]
        assert results[seat].result["fool"] == 1
        assert results[seat].verdict is not None and results[seat].verdict.ok
    assert results[1].reason == "left"


def test_a_czech_config_is_checked_and_the_winner_leads_the_next_game() -> None:
    table = make_table(3, variant="czech-9", seed=4)
    wire = table.config.as_wire()
    assert TableConfig.from_wire(wire) == table.config
    with pytest.raises(ConfigError, match="leave no deck"):
        TableConfig.from_wire(dict(wire, variant="czech-9", seats=wire["seats"] * 2))
    results = run(table)
    core = table.cores[0]
    assert core is not None and core.game is not None and len(results) == 3
    following = table.config.next_game(core.game)
    assert following.game_no == 1 and following.first == core.game.winner
