"""Durak with pagons at a LAN table on the simulated network: honest tables agree with a clean
audit, no seat learns a face the rules hide from it, and a seat that cheats is named."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.cards import Card, deck_spec
from engine.pagons.actions import ATTACK, HANG, TRANSFER, PagonsAction
from engine.pagons.bots import make_pagons_bot
from engine.pagons.game import LEAD_PHASE, PagonsGame
from engine.pagons.lead import FIRST_LEAD_RULES, first_lead, first_leader
from engine.pagons.match import PagonsMatch
from engine.pagons.rules import get_pagons_rules, pagons_ids
from net.absence import Departure
from net.table.config import ConfigError, TableConfig
from net.table.core import TableCore
from net.table.game_adapter import adapter_for
from net.table.lead import leader
from net.table.pagons_adapter import PagonsAdapter
from net.table.sim import SimulatedTable, make_table
from tests.table.family3_harness import (
    LOSSY,
    Liar,
    assert_clean,
    assert_named_at_once,
    assert_named_by_audit,
    assert_no_leak,
    leave_midway,
    lie_at,
    opened_deck,
    run,
    send_naming_own_first_position,
    visible_to,
    watch_faces,
)


def replayed(table: SimulatedTable) -> PagonsGame:
    """The table's deal replayed from the audit's opened deck with every face open."""
    core, deck = opened_deck(table)
    rules = PagonsAdapter(table.config).game_rules
    assert core.first is not None
    full = PagonsGame.from_table(rules, table.config.players, deck, core.first)
    for entry in core.entries:
        full.apply(PagonsAction.parse(entry["a"]))
    return full


# ----------------------------------------------------------------- honest tables


@pytest.mark.parametrize(
    ("variant", "players", "options", "seed"),
    [
        *((variant, 3, {}, 1) for variant in pagons_ids()),
        ("pagons", 3, {"pagons_move": False}, 2),
        ("pagons", 4, {}, 1),  # two teams of two: pagons handed on, then hung
        ("pagons", 2, {}, 3),
        ("pagons", 6, {}, 2),  # every card dealt: the trump card is the last one, in a hand
    ],
    ids=[
        *pagons_ids(),
        "pagons-no-moving-pagons",
        "pagons-teams-of-two",
        "pagons-two-seats",
        "pagons-teams-of-three",
    ],
)
def test_an_honest_pagons_table_agrees_on_a_lossy_network(
    variant: str, players: int, options: dict[str, Any], seed: int
) -> None:
    table = make_table(players, variant=variant, options=options, seed=seed,
                       bots="heuristic,random", conditions=LOSSY)  # fmt: skip
    assert_clean(run(table), players)
    core = table.cores[0]
    assert core is not None and core.game is not None
    full = replayed(table)
    assert full.over and full.result == core.game.result
    assert len(core.game.claims) == players  # every seat showed its lowest trump, or none


def test_the_lowest_trump_shown_leads_and_hung_pagons_are_shown_to_all() -> None:
    table = make_table(4, variant="pagons", seed=3, bots="heuristic,random")
    run(table)
    core = table.cores[2]
    assert core is not None and core.game is not None and core.verdict is not None
    deck = [Card.parse(t) for t in core.verdict.deck or ()]
    trump = deck[-1].suit
    held = [(deck[p].rank, seat) for seat, hand in enumerate(PagonsAdapter(table.config).hands)
            for p in hand if deck[p].suit == trump]  # fmt: skip
    assert core.first == min(held)[1]
    kinds = {PagonsAction.parse(e["a"]).kind for e in core.entries}
    assert {HANG, TRANSFER} <= kinds, kinds
    game = core.game
    assert game.hanger is not None and game.hung
    everyone = (1 << 4) - 1
    assert all(game.known[s] == everyone for s in game.hung_slots)
    hang = next(e for e in core.entries if PagonsAction.parse(e["a"]).kind == HANG)
    assert sorted(hang["pos"]) == sorted(game.hung_slots)  # the move named every hung card


def test_a_lead_of_several_cards_opens_each_to_all_and_the_audit_replays_it() -> None:
    for seed in range(1, 8):
        table = make_table(2, variant="pagons", seed=seed, bots="random", conditions=LOSSY)
        results = run(table)
        core = table.cores[0]
        assert core is not None
        leads = [e for e in core.entries if len(PagonsAction.parse(e["a"]).cards) > 1]
        if not leads:
            continue
        assert all(o.verdict is not None and o.verdict.ok for o in results.values())
        assert len({o.log_hash for o in results.values()}) == 1
        for entry in leads:
            action = PagonsAction.parse(entry["a"])
            assert action.kind == ATTACK and len(entry["pos"]) == len(action.cards)
            assert len({c.rank for c in action.cards}) == 1
        return
    pytest.fail("no lead of several cards came up")


def test_the_adapter_knows_the_teams() -> None:
    assert PagonsAdapter(make_table(4, variant="pagons").config).teams is True
    assert PagonsAdapter(make_table(6, variant="pagons").config).teams is True
    assert PagonsAdapter(make_table(3, variant="pagons").config).teams is False
    config = make_table(4, variant="pagons", options={"teams": False}).config
    assert PagonsAdapter(config).teams is False
    gone = Departure(absent=(1,), entries=0, log_hash="", statements={0: {}, 2: {}, 3: {}})
    assert (
        gone.result(PagonsAdapter(make_table(4, variant="pagons").config).teams)["losing_team"] == 1
    )


# ----------------------------------------------------------------- no peeking


def test_no_seat_learns_a_face_the_rules_hide_from_it() -> None:
    """Every face a seat's core holds, at every step, is one the engine shows that seat once the
    log is as long as the seat's, a lowest trump shown at the start, or a card the next move
    shows to everyone before it is applied: checked against a replay with every face open."""
    table = make_table(4, variant="pagons", seed=3, bots="heuristic,random", conditions=LOSSY)
    seen = watch_faces(table)
    results = run(table)
    assert all(o.verdict is not None and o.verdict.ok for o in results.values())
    core, deck = opened_deck(table)
    assert core.first is not None
    full = PagonsGame.from_table(PagonsAdapter(table.config).game_rules, 4, deck, core.first)
    shown: list[list[int]] = [list(full.known)]
    for entry in core.entries:
        full.apply(PagonsAction.parse(entry["a"]))
        shown.append(list(full.known))
    claimed = {p for p in core.claim_positions.values() if p is not None}

    def allowed(seat: int, length: int) -> set[int]:
        slots = visible_to(shown[length], seat) | claimed
        if length < len(core.entries):
            slots |= set(core.entries[length]["pos"])  # the next move's cards, shown to all
        return slots

    assert_no_leak(seen, allowed)
    kinds = {PagonsAction.parse(e["a"]).kind for e in core.entries}
    assert TRANSFER in kinds, "the test should cover pagons handed to a partner"


# ----------------------------------------------------------------- cheats


class ShowsAHigherTrump(Liar):
    """Shows its highest trump, not its lowest, to decide who leads."""

    def lead_card(self, core: TableCore, position: int | None) -> int | None:
        trump = core.faces[core.trump_slots[0]].suit
        mine = [p for p in core.dealt[core.seat] if p in core.faces]
        trumps = [p for p in mine if core.faces[p].suit == trump]
        if len(trumps) < 2:
            return position
        self.lied += 1
        return max(trumps, key=lambda p: core.faces[p].rank)


class PlaysACardItDoesNotHold(Liar):
    """Attacks with a card it does not hold, naming a position of its own."""

    def intent(self, core: TableCore, action: PagonsAction) -> PagonsAction:
        game = core.game
        if game.phase != LEAD_PHASE or action.kind != ATTACK:
            return action
        mine = set(game.hand_cards(core.seat))
        other = next(c for c in deck_spec(36) if c not in mine and c.suit != game.trump)
        return PagonsAction(core.seat, ATTACK, other)

    def checks(self, core: TableCore, action: PagonsAction, legal: bool) -> bool:
        lie = action.card is not None and action.card not in core.game.hand_cards(core.seat)
        return legal or (lie and core.seat in core.game.to_act)

    def send_move(self, core: TableCore, action: PagonsAction) -> list[Any] | None:
        if action.card is None or action.card in core.game.hand_cards(core.seat):
            return None
        self.lied += 1
        return send_naming_own_first_position(core, action)


class HandsOnCardsThatAreNoPagons(Liar):
    """In a team game, hands its whole hand to its partner while it holds cards that are not
    pagons (only a hand of pagons may be handed on), when none of them was ever shown to the
    other seats: they cannot see the lie at once."""

    def intent(self, core: TableCore, action: PagonsAction) -> PagonsAction:
        game = core.game
        hand, everyone = game.hands[core.seat], (1 << game.players) - 1
        unseen = all(game.known[s] != everyone for s in hand) and not game.only_pagons(core.seat)
        if game.phase == LEAD_PHASE and game.teammates(core.seat) and unseen and len(hand) > 1:
            self.lied += 1
            return PagonsAction(core.seat, TRANSFER)
        return action

    def checks(self, core: TableCore, action: PagonsAction, legal: bool) -> bool:
        return legal or (action.kind == TRANSFER and core.seat in core.game.to_act)


class HangsShowingPartOfItsHand(Liar):
    """Hangs its pagons naming only some of the cards it holds."""

    def intent(self, core: TableCore, action: PagonsAction) -> PagonsAction:
        game = core.game
        if game.phase == LEAD_PHASE and len(game.hands[core.seat]) >= 2:
            self.lied += 1
            return PagonsAction(core.seat, HANG)
        return action

    def checks(self, core: TableCore, action: PagonsAction, legal: bool) -> bool:
        return legal or (action.kind == HANG and core.seat in core.game.to_act)

    def send_move(self, core: TableCore, action: PagonsAction) -> list[Any] | None:
        if action.kind != HANG:
            return None
        return send_naming_own_first_position(core, action, open_own_card=False)


def test_a_higher_trump_shown_as_the_lowest_is_named_by_the_audit() -> None:
    table = lie_at("pagons", ShowsAHigherTrump, 1, range(1, 8))
    assert_named_by_audit(table, 1, "as its lowest trump", finished=False)


def test_playing_a_card_it_does_not_hold_is_named() -> None:
    table = lie_at("pagons", PlaysACardItDoesNotHold, 2, (3,), until=2000)
    assert_named_at_once(table, 2, ("holds", "not in"))


def test_a_hang_that_hides_part_of_the_hand_is_named() -> None:
    table = lie_at("pagons", HangsShowingPartOfItsHand, 0, (2,), until=2000)
    assert_named_at_once(table, 0, "whole hand")


def test_handing_on_cards_that_are_no_pagons_is_named_by_the_audit() -> None:
    table = lie_at("pagons", HandsOnCardsThatAreNoPagons, 1, range(1, 6), players=4)
    assert_named_by_audit(table, 1, "illegal move")


# ----------------------------------------------------------------- leaving, the match


def test_a_seat_that_leaves_is_the_fool_and_its_team_loses() -> None:
    results = leave_midway(make_table(4, variant="pagons", seed=8, bots="random"), 1)
    for seat in (0, 2, 3):
        assert results[seat].result["winners"] == [0, 2]


def test_every_deal_is_led_by_the_lowest_trump_again() -> None:
    table = make_table(3, variant="pagons", seed=4)
    assert isinstance(adapter_for(table.config), PagonsAdapter)
    assert TableConfig.from_wire(table.config.as_wire()) == table.config
    results = run(table)
    core = table.cores[0]
    assert core is not None and core.game is not None and len(results) == 3
    following = table.config.next_game(core.game)
    assert following.game_no == 1 and following.first is None
    assert adapter_for(following).first_lead(following).claims


# ----------------------------------------------------------------- a match of deals


def test_a_table_match_climbs_the_levels_as_pagons_match_says_at_every_peer() -> None:
    """Deal after deal at a simulated table, every peer's next config (`next_game`) gives each
    team the level `PagonsMatch` climbs to from the replayed deal, and the next deal is hung at
    it by every peer's hidden game."""
    table = make_table(2, variant="pagons", seed=5, bots="heuristic")
    match = PagonsMatch(get_pagons_rules("pagons"), 2)
    climbed = 0
    for deal in range(5):
        results = run(table)
        assert all(o.verdict is not None and o.verdict.ok for o in results.values())
        assert len({o.log_hash for o in results.values()}) == 1
        cores = [c for c in table.cores if c is not None]
        assert all(c.game is not None and c.game.levels == match.levels() for c in cores)
        before = list(match.steps)
        match.record(replayed(table))
        climbed += match.steps != before
        following = {c.config.next_game(c.game) for c in cores}
        assert len(following) == 1, "the peers disagree on the next deal"
        config = following.pop()
        assert config.game_no == deal + 1
        assert dict(config.options).get("steps", "") == match.next_rules().steps
        TableConfig.from_wire(config.as_wire())  # the host's config is one a member accepts
        bots = [make_pagons_bot("heuristic", 10 * deal + s) for s in range(2)]
        table = SimulatedTable(config, table.identities, bots, seed=deal + 6)
    assert climbed >= 2, "no deal was hung: the test shows nothing"


def test_a_host_config_with_a_level_the_players_do_not_fit_is_refused() -> None:
    """A malformed level in the host's config is a ConfigError at every member."""
    table = make_table(4, variant="pagons", seed=1)
    wire = table.config.as_wire()
    wire["options"] = {"steps": "1,0,0"}  # three teams at a table of two teams
    with pytest.raises(ConfigError):
        TableConfig.from_wire(wire)


def test_a_deal_that_did_not_end_leaves_the_levels_as_they_were() -> None:
    """A deal stopped by a cheat or a departure before its end is not scored."""
    table = make_table(2, variant="pagons", options={"steps": "1,0"}, seed=2)
    unfinished = PagonsGame.new(PagonsAdapter(table.config).game_rules, 2, random.Random(3))
    assert unfinished.levels == (7, 6)
    following = table.config.next_game(unfinished)
    assert following.options == table.config.options and following.game_no == 1


def test_a_team_that_hangs_climbs_together_at_every_peer() -> None:
    """Two teams of two: the hanger's team climbs one level in every peer's next config."""
    table = make_table(4, variant="pagons", seed=3, bots="heuristic,random")
    run(table)
    cores = [c for c in table.cores if c is not None and c.game is not None]
    game = cores[0].game
    assert game is not None and game.hanger is not None
    steps = ["0", "0"]
    steps[game.team(game.hanger)] = "1"
    following = {c.config.next_game(c.game) for c in cores}
    assert len(following) == 1
    assert dict(following.pop().options) == {"steps": ",".join(steps)}


def test_hanging_the_queen_starts_a_new_match_at_sixes() -> None:
    """The last pagon hung wins the match: the next deal's config has no steps (sixes)."""
    last = len(get_pagons_rules("pagons").levels) - 1
    table = make_table(2, variant="pagons", options={"steps": f"{last},3"}, seed=1)
    adapter = PagonsAdapter(table.config)
    hands = [[Card.parse("QS")], [Card.parse(c) for c in ("9D", "KH", "10H")]]
    game = PagonsGame.from_layout(adapter.game_rules, hands, trump=Card.parse("7C"), attacker=0)
    assert game.levels == (12, 9)
    game.apply(PagonsAction(0, HANG))
    assert game.over and game.hanger == 0
    assert adapter.next_options(table.config, game) == {}
    assert table.config.next_game(game).options == ()


# ----------------------------------------------------------------- who leads: the engine's rule


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 4), (4, 3)])
def test_the_tables_leader_is_the_engines_first_leader_with_the_sessions_lot(
    players: int, seed: int
) -> None:
    """The table names the seat `engine.pagons.lead.first_leader` names from the opened deck,
    its lot drawn from the fair-dealing session every seat verifies."""
    table = make_table(players, variant="pagons", seed=seed, bots="heuristic")
    run(table)
    core, deck = opened_deck(table)
    adapter = PagonsAdapter(table.config)
    assert adapter.rules is FIRST_LEAD_RULES and adapter.first_lead(table.config) == first_lead(
        players
    )
    cards = [[deck[p] for p in hand] for hand in adapter.hands]
    session = core.dealing.session or b""
    assert core.first == first_leader(cards, deck[-1].suit or "", random.Random(session))


def test_with_no_trump_dealt_the_table_and_the_engine_draw_the_same_lot() -> None:
    """No hand holds a trump: the table's start (`net.table.lead.leader`, nothing shown) and
    the engine (`first_leader`, and `PagonsGame.from_deck` given the same lot) name one seat."""
    config = make_table(3, variant="pagons", seed=1).config
    adapter = PagonsAdapter(config)
    deck = [c for c in deck_spec(36) if c.suit != "H"] + [c for c in deck_spec(36) if c.suit == "H"]
    cards = [[deck[p] for p in hand] for hand in adapter.hands]
    leaders = set()
    for number in range(12):
        session = f"session {number}".encode()
        table_leader = leader(adapter.first_lead(config), adapter.rules, 3,
                              [[], [], []], ["H"] * 3, session)  # fmt: skip
        assert table_leader == first_leader(cards, "H", random.Random(session))
        dealt = PagonsGame.from_deck(adapter.game_rules, 3, deck, lot=random.Random(session))
        assert dealt.attacker == table_leader
        leaders.add(table_leader)
    assert leaders == {0, 1, 2}
