"""Complete (round) fool at a LAN table on the simulated network: honest tables agree with a clean
audit, the eight table cards and the trump card are open from the start and each deck card only
when it is drawn, no seat learns a face before the rules open it, and a seat that cheats is
named."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.cards import Card, deck_spec
from engine.road.plain import beats
from engine.round.actions import BEAT, DRAW, HIT, LEAD, PLACE, RoundAction
from engine.round.game import PLAY, RoundGame
from engine.round.rules import round_ids
from net.table.core import Out, TableCore
from net.table.game_adapter import adapter_for
from net.table.round_adapter import RoundAdapter
from net.table.sim import SimulatedTable, make_table
from tests.table.family3_harness import (
    LOSSY,
    Liar,
    assert_clean,
    assert_named_at_once,
    assert_no_leak,
    leave_midway,
    lie_at,
    opened_deck,
    run,
    send_naming_own_first_position,
    watch_faces,
    wrong_key_table,
)

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
    assert_clean(results, 3)
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
    assert_clean(run(table), players)


def test_the_table_cards_are_open_from_the_start_and_each_deck_card_when_it_is_drawn() -> None:
    table = make_table(3, variant="round", seed=5, bots="heuristic,random")
    starts: dict[int, tuple[list[Card | None], int]] = {}

    def watch(seat: int, core: TableCore, outputs: list[Out]) -> None:
        if core.game is not None and seat not in starts:
            starts[seat] = (list(core.game.faces), len(core.entries))

    table.watch(watch)
    assert_clean(run(table), 3)
    core, deck = opened_deck(table)
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
    assert_clean(run(second), 3)
    entries = second.cores[0].entries  # type: ignore[union-attr]
    assert RoundAction.parse(entries[0]["a"]) == RoundAction(game.winner, DRAW)


def test_no_seat_learns_a_face_before_the_rules_open_it() -> None:
    """Every face a seat's core and hidden game hold while the game runs is one the engine shows
    every seat once the log is as long as the seat's, or the card the next draw turns up (opened
    to all before it is applied), checked against a replay with every face open."""
    table = make_table(3, variant="round", seed=4, bots="heuristic,random", conditions=LOSSY)
    seen = watch_faces(table, game_faces=True)
    assert_clean(run(table), 3)
    core, deck = opened_deck(table)
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
    assert_no_leak(seen, lambda seat, length: allowed_at[length])


# ----------------------------------------------------------------- cheats


class Insists(Liar):
    """A seat whose own checks pass the forged moves it intends (its cheat is for the others to
    find); its other moves are checked as an honest seat's."""

    def __init__(self) -> None:
        super().__init__()
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
        if action.kind != LEAD or action.cards[0] in core.game.hand_cards(core.seat):
            return None
        return send_naming_own_first_position(core, action, open_own_card=False)


def test_a_wrong_key_for_a_drawn_deck_card_is_named() -> None:
    # eight table cards, the trump card, then the deck's top
    table = wrong_key_table("round", lambda players: 9)
    assert_named_at_once(table, 1)


def test_a_drawn_card_laid_down_though_it_beats_a_table_card_is_named_at_once() -> None:
    table = lie_at("round", PlacesACardThatMustHit, 0, (2,), until=3000)
    assert_named_at_once(table, 0, "must beat one")


def test_a_beat_that_does_not_beat_is_named_at_once() -> None:
    table = lie_at("round", BeatsWithACardThatDoesNotBeat, 2, range(1, 8), until=3000)
    assert_named_at_once(table, 2, "does not beat")


def test_leading_a_card_it_does_not_hold_is_named_at_once() -> None:
    # (named at once: the honest seats end long before 600 s)
    table = lie_at("round", LeadsACardItDoesNotHold, 1, range(1, 8), until=600)
    assert_named_at_once(table, 1, "which holds")


# ----------------------------------------------------------------- leaving, configs


def test_a_seat_that_leaves_a_round_game_is_the_fool_and_the_audit_still_runs() -> None:
    leave_midway(make_table(3, variant="round", seed=8, bots="random"), 1)


def test_options_the_rules_refuse_are_refused_at_the_table_with_the_reason() -> None:
    table = make_table(3, variant="round", seed=1)
    assert adapter_for(table.config).unsupported() is None
    odd = dataclasses.replace(table.config, options=(("table_cards", 40),))
    assert adapter_for(odd).unsupported() == "the table cards must leave a deck to draw from"
