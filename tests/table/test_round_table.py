"""Complete (round) fool at a LAN table on the simulated network: honest tables agree with a clean
audit, the eight table cards and the trump card are open from the start and each deck card only
when it is drawn, no seat learns a face before the rules open it, and a seat that cheats is
named."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Collection, Sequence
from typing import Any

import pytest

from engine.cards import Card, deck_spec
from engine.road.plain import beats
from engine.round.actions import BEAT, DRAW, HIT, LEAD, PLACE, RoundAction
from engine.round.game import PLAY, RoundGame
from engine.round.rules import round_ids
from net.dealing.context import DealContext
from net.dealing.peer import Bind, CheckBinding, DealingPeer, Output
from net.table.conduct import SeatConduct
from net.table.core import GameOver, Out, TableCore
from net.table.game_adapter import adapter_for
from net.table.round_adapter import RoundAdapter
from net.table.sim import NetworkConditions, SimulatedTable, make_table

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


def all_clean(results: dict[int, GameOver], players: int) -> None:
    assert len(results) == players
    assert len({over.log_hash for over in results.values()}) == 1
    assert len({repr(over.result) for over in results.values()}) == 1
    for over in results.values():
        assert over.reason == "finished", over
        assert over.verdict is not None and over.verdict.ok, over.verdict


# ----------------------------------------------------------------- the engine's table side


def test_every_seats_hidden_game_follows_the_open_game_move_by_move() -> None:
    """`new_hidden` games fed the faces the table opens (the nine laid out at the start, each
    drawn card before its draw) list the same moves and end alike as `from_table`."""
    import random

    rules = RoundAdapter(make_table(3, variant="round").config).rules
    for seed in range(20):
        rng = random.Random(seed)
        deck = list(deck_spec(36))
        rng.shuffle(deck)
        first = seed % 3
        full = RoundGame.from_table(rules, 3, deck, first)
        laid = {p: deck[p] for p in range(9)}
        hidden = [RoundGame.new_hidden(rules, 3, first, laid) for _ in range(3)]
        while not full.over:
            seat = full.to_act[0]
            legal = hidden[seat].legal_actions(seat)
            assert legal == full.legal_actions(seat)
            action = rng.choice(legal)
            if action.kind == DRAW and full.known[full.stock[-1]] != 0b111:
                for game in hidden:
                    game.reveal(full.stock[-1], deck[full.stock[-1]])
            full.apply(action)
            for game in hidden:
                game.apply(action)
        assert all(g.over and g.result == full.result for g in hidden)


# ----------------------------------------------------------------- honest tables


@pytest.mark.parametrize("variant", round_ids())
def test_every_round_preset_plays_to_a_clean_audit_at_three_seats(variant: str) -> None:
    table = make_table(3, variant=variant, seed=2, bots="heuristic,random", conditions=LOSSY)
    results = run(table)
    all_clean(results, 3)
    over = results[0]
    assert over.result["over"] is True and over.result["winners"]
    core = table.cores[0]
    assert core is not None and core.game is not None and core.game.phase == PLAY
    kinds = {RoundAction.parse(e["a"]).kind for e in core.entries}
    assert {DRAW, HIT, LEAD} <= kinds  # both phases were played


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"take_all": True}), (4, {"must_hit": False, "lead_sizes": [1, 3]})],
)
def test_other_sizes_and_options_play_to_a_clean_audit(
    players: int, options: dict[str, Any]
) -> None:
    table = make_table(players, variant="round", options=options, seed=3, bots="heuristic,random")
    all_clean(run(table), players)


def test_the_table_cards_are_open_from_the_start_and_each_deck_card_when_it_is_drawn() -> None:
    table = make_table(3, variant="round", seed=5, bots="heuristic,random")
    starts: dict[int, tuple[list[Card | None], int]] = {}

    def watch(seat: int, core: TableCore, outputs: list[Out]) -> None:
        if core.game is not None and seat not in starts:
            starts[seat] = (list(core.game.faces), len(core.entries))

    table.watch(watch)
    results = run(table)
    all_clean(results, 3)
    core = table.cores[0]
    assert core is not None and core.verdict is not None and core.verdict.deck is not None
    deck = [Card.parse(t) for t in core.verdict.deck]
    for seat, (faces, length) in starts.items():
        assert length == 0, seat
        assert faces[:9] == deck[:9], seat  # eight table cards and the trump card, open to all
        assert faces[9:] == [None] * 27, seat  # the deck: nobody knows a card of it
    # The next game of the match: the seat that went out draws first.
    game = core.game
    assert game is not None and game.winner is not None
    following = table.config.next_game(game)
    assert following.first == game.winner
    second = SimulatedTable(following, table.identities, table.bots, seed=6)
    all_clean(run(second), 3)
    entries = second.cores[0].entries  # type: ignore[union-attr]
    assert RoundAction.parse(entries[0]["a"]) == RoundAction(game.winner, DRAW)


def test_no_seat_learns_a_face_before_the_rules_open_it() -> None:
    """Every face a seat's core and hidden game hold while the game runs is one the engine shows
    every seat once the log is as long as the seat's, or the card the next draw turns up (opened
    to all before it is applied), checked against a replay with every face open."""
    table = make_table(3, variant="round", seed=4, bots="heuristic,random", conditions=LOSSY)
    seen: list[tuple[int, int, frozenset[int]]] = []

    def watch(seat: int, core: TableCore, outputs: list[Out]) -> None:
        if core.game_finished:
            return  # the audit opens the whole deck to everyone
        held = set(core.faces)
        if core.game is not None:
            held |= {s for s, face in enumerate(core.game.faces) if face is not None}
        seen.append((seat, len(core.entries), frozenset(held)))

    table.watch(watch)
    all_clean(run(table), 3)
    core = table.cores[0]
    assert core is not None and core.verdict is not None and core.verdict.deck is not None
    assert core.first is not None
    deck = [Card.parse(t) for t in core.verdict.deck]
    full = RoundGame.from_table(RoundAdapter(table.config).rules, 3, deck, core.first)
    everyone = 0b111
    allowed_at: list[set[int]] = []
    for entry in core.entries:
        allowed = {s for s, mask in enumerate(full.known) if mask == everyone}
        if entry["a"].endswith(" draw"):
            allowed.add(full.stock[-1])  # turned up for everyone before the draw is applied
        allowed_at.append(allowed)
        full.apply(RoundAction.parse(entry["a"]))
    allowed_at.append({s for s, mask in enumerate(full.known) if mask == everyone})
    assert len(seen) > 100
    for seat, length, slots in seen:
        leaked = slots - allowed_at[length]
        assert not leaked, (seat, length, sorted(leaked))


# ----------------------------------------------------------------- cheats


class WrongDeckKey(SeatConduct):
    """Opens the deck's top card (the first card drawn) with a wrong key."""

    def dealing_core(
        self,
        context: DealContext,
        seat: int,
        seed: bytes,
        parents: list[DealingPeer],
        bind: Bind,
        check_binding: CheckBinding,
    ) -> DealingPeer:
        top = 9  # eight table cards, the trump card, then the deck's top

        class Liar(DealingPeer):
            def open_many(
                self, openings: Sequence[tuple[int, Collection[int], int | None]]
            ) -> list[Output]:
                honest = self.secrets
                keys = list(honest.card_keys)
                keys[top] = 1 + secrets.randbelow(self.group.order - 1)
                self.secrets = dataclasses.replace(honest, card_keys=tuple(keys))
                try:
                    return super().open_many(openings)
                finally:
                    self.secrets = honest

        return Liar(context, seat, seed=seed, bind=bind, check_binding=check_binding)


class Insists(SeatConduct):
    """A seat whose own checks pass the forged moves it intends (its cheat is for the others to
    find); its other moves are checked as an honest seat's."""

    def __init__(self) -> None:
        self.lied = 0
        self.forged: set[RoundAction] = set()

    def forge(self, action: RoundAction) -> RoundAction:
        self.lied += 1
        self.forged.add(action)
        return action

    def checks(self, core: TableCore, action: RoundAction, legal: bool) -> bool:
        return legal or action in self.forged

    def send_move(self, core: TableCore, action: RoundAction) -> list[Any] | None:
        """A forged move goes out signed; its own seat does not apply what it knows is illegal."""
        if action not in self.forged:
            return None
        positions = core.adapter.shown_positions(core.game, action)
        return core.broadcast(core.rounds.signed_move(str(action), positions))


class PlacesACardThatMustHit(Insists):
    """Lays its drawn card on the table although it beats a table card (`must_hit`)."""

    def intent(self, core: TableCore, action: RoundAction) -> RoundAction:
        if action.kind == HIT:
            return self.forge(RoundAction(core.seat, PLACE))
        return action


class BeatsWithACardThatDoesNotBeat(Insists):
    """Defending, covers a card of the lead with a card of its hand that does not beat it."""

    def intent(self, core: TableCore, action: RoundAction) -> RoundAction:
        game = core.game
        if action.kind != BEAT or action.target is None:
            return action
        weak = [c for c in game.hand_cards(core.seat) if not beats(game.trump, action.target, c)]
        if not weak:
            return action
        return self.forge(RoundAction(core.seat, BEAT, (weak[0],), action.target))


class LeadsACardItDoesNotHold(Insists):
    """Leads one card of another hand, naming the position of one of its own cards."""

    def intent(self, core: TableCore, action: RoundAction) -> RoundAction:
        game = core.game
        if action.kind != LEAD:
            return action
        others = [c for h in range(game.players) if h != core.seat for c in game.hand_cards(h)]
        return self.forge(RoundAction(core.seat, LEAD, (others[0],)))

    def send_move(self, core: TableCore, action: RoundAction) -> list[Any] | None:
        hand = core.game.hands[core.seat]
        if action.kind != LEAD or action.cards[0] in core.game.hand_cards(core.seat):
            return None
        return core.broadcast(core.rounds.signed_move(str(action), hand[:1]))


def cheat_table(conduct: SeatConduct, cheater: int, seed: int) -> SimulatedTable:
    return make_table(3, variant="round", seed=seed, bots="heuristic,random",
                      conditions=LOSSY, conducts={cheater: conduct})  # fmt: skip


def test_a_wrong_key_for_a_drawn_deck_card_is_named() -> None:
    table = cheat_table(WrongDeckKey(), 1, 2)
    run(table, 2000)
    for over in honest_results(table, 1):
        assert over.reason == "cheat" and over.cheater == 1, over


def test_a_drawn_card_laid_down_though_it_beats_a_table_card_is_named_at_once() -> None:
    liar = PlacesACardThatMustHit()
    table = cheat_table(liar, 0, 2)
    run(table, 3000)
    assert liar.lied
    for over in honest_results(table, 0):
        assert over.reason == "cheat" and over.cheater == 0, over
        assert "must beat one" in over.evidence, over.evidence


def test_a_beat_that_does_not_beat_is_named_at_once() -> None:
    for seed in range(1, 8):
        liar = BeatsWithACardThatDoesNotBeat()
        table = cheat_table(liar, 2, seed)
        run(table, 3000)
        if not liar.lied:
            continue
        for over in honest_results(table, 2):
            assert over.reason == "cheat" and over.cheater == 2, over
            assert "does not beat" in over.evidence, over.evidence
        return
    pytest.fail("the cheat never happened")


def test_leading_a_card_it_does_not_hold_is_named_at_once() -> None:
    for seed in range(1, 8):
        liar = LeadsACardItDoesNotHold()
        table = cheat_table(liar, 1, seed)
        run(table, 600)  # (named at once: the honest seats end long before)
        if not liar.lied:
            continue
        for over in honest_results(table, 1):
            assert over.reason == "cheat" and over.cheater == 1, over
            assert "which holds" in over.evidence, over.evidence
        return
    pytest.fail("the cheat never happened")


# ----------------------------------------------------------------- leaving, configs


def test_a_seat_that_leaves_a_round_game_is_the_fool_and_the_audit_still_runs() -> None:
    table = make_table(3, variant="round", seed=8, bots="random")
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
        verdict = results[seat].verdict
        assert verdict is not None and verdict.ok
    assert results[1].reason == "left"


def test_options_the_rules_refuse_are_refused_at_the_table_with_the_reason() -> None:
    table = make_table(3, variant="round", seed=1)
    assert adapter_for(table.config).unsupported() is None
    odd = dataclasses.replace(table.config, options=(("table_cards", 40),))
    assert adapter_for(odd).unsupported() == "the table cards must leave a deck to draw from"
