"""The first lead at a simulated table, as the engine decides it (issue 10, points 13 and 6):
a match's later games show no lowest-trump claim (their leader is fixed by the previous result),
so no seat learns a card of another seat's hand before play."""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace

import pytest

from engine.bots import make_bot
from engine.cards import Card
from engine.game import Game, deal_layout
from engine.match import next_leader
from net.identity import Identity
from net.lobby import (
    GameStart,
    LobbyHost,
    SeatAddress,
    join_message,
    ready_message,
    seat_message,
    start_message,
)
from net.table.conduct import SeatConduct
from net.table.config import ConfigError, TableConfig
from net.table.core import Out, TableCore
from net.table.reliable import ProtocolViolation
from net.table.sim import SimulatedTable, make_table


def start_leaks(table: SimulatedTable) -> dict[int, set[int]]:
    """Watch a table: for each seat, the positions it knew when its game began that the deal
    alone did not open to it (a claim's shown card is one)."""
    leaks: dict[int, set[int]] = {}

    def watch(seat: int, core: TableCore, outputs: list[Out]) -> None:
        if core.game is None or seat in leaks:
            return
        bit = 1 << seat
        leaks[seat] = {p for p in core.faces if not core.start_masks[p] & bit}

    table.watch(watch)
    return leaks


def play(table: SimulatedTable) -> None:
    table.start()
    table.step_until(4000)
    results = table.results()
    assert len(results) == table.config.players, "a peer did not finish"
    assert len({over.log_hash for over in results.values()}) == 1
    for over in results.values():
        assert over.reason == "finished", over
        assert over.verdict is not None and over.verdict.ok, over.verdict


def next_table(table: SimulatedTable, seed: int) -> SimulatedTable:
    """The match's next game at the same seats (same identities, fresh bots and dealing seeds)."""
    previous = table.cores[0]
    assert previous is not None and previous.game is not None and previous.game.over
    config = table.config.next_game(previous.game)
    bots = [
        make_bot("heuristic", seed * 100 + config.game_no * 10 + s) for s in range(config.players)
    ]
    return SimulatedTable(config, table.identities, bots, seed=seed * 10 + config.game_no)


@pytest.mark.parametrize(("variant", "players", "seed"), [("throw-in", 3, 1), ("simple", 2, 2)])
def test_later_games_of_a_match_show_no_claim(variant: str, players: int, seed: int) -> None:
    table = make_table(players, variant=variant, seed=seed)
    leaks = start_leaks(table)
    play(table)
    first_game_claims = [len(core.claim_positions) for core in table.cores if core is not None]
    assert first_game_claims == [players] * players  # the cards decide the first game's leader
    for _ in range(2):
        previous = table.cores[0]
        assert previous is not None and previous.game is not None
        expected_first = next_leader(table.config.rules(), players, previous.game)
        table = next_table(table, seed)
        assert table.config.first == expected_first is not None
        leaks = start_leaks(table)
        play(table)
        for core in table.cores:
            assert core is not None and core.game is not None
            assert core.claim_positions == {}, core.claim_positions
            assert list(core.game.claims) == []
            assert core.first == expected_first
        assert leaks == {seat: set() for seat in range(players)}, leaks


def test_a_claim_when_the_leader_is_fixed_is_refused() -> None:
    table = make_table(3, seed=5)
    config = replace(table.config, first=1)
    seed = hashlib.sha256(b"fixed").digest()
    core = TableCore(config, 0, table.identities[0], seed)
    with pytest.raises(ProtocolViolation, match="fixed the leader"):
        core.claiming.claim(1, {"k": "claim", "pos": None})


@pytest.mark.parametrize(("variant", "players", "seed"), [("piled", 4, 3), ("albanian", 3, 4)])
def test_the_loser_deals_the_next_game_from_his_left(variant: str, players: int, seed: int) -> None:
    table = make_table(players, variant=variant, seed=seed)
    play(table)
    assert table.config.dealer is None  # the first game: seat 0 is dealt first
    dealers = []
    for _ in range(2):
        previous = table.cores[0]
        assert previous is not None and previous.game is not None
        fool, last_dealer = previous.game.fool, table.config.dealer
        table = next_table(table, seed)
        dealer = table.config.dealer
        assert dealer == (last_dealer if fool is None else fool)
        dealers.append(dealer)
        play(table)
        rules = table.config.rules()
        left = (dealer + 1) % players if dealer is not None else 0
        for core in table.cores:
            assert core is not None and core.game is not None
            assert core.dealt == deal_layout(rules, players, dealer)[0]
            assert 0 in core.dealt[left]  # the first card goes to the dealer's left
        over = table.results()[0]
        assert over.verdict is not None and over.verdict.deck is not None
        first_card = Card.parse(over.verdict.deck[0])
        if variant == "albanian":
            assert first_card.rank == max(c.rank for c in map(Card.parse, over.verdict.deck))
        if variant == "piled":
            hand_sizes = [len(hand) for hand in deal_layout(rules, players, dealer)[0]]
            assert hand_sizes[left] == max(hand_sizes)
    assert any(d not in (None, players - 1) for d in dealers), dealers  # not always seat 0 first


def test_the_dealer_travels_in_the_config_and_a_bad_one_is_refused() -> None:
    config = make_table(3, seed=6).config
    dealt = replace(config, dealer=2)
    assert TableConfig.from_wire(dealt.as_wire()) == dealt
    assert "dealer" not in config.as_wire()  # a config without a dealer keeps its old digest
    assert dealt.digest() != config.digest()
    for bad in (3, -1, "1", True):
        with pytest.raises(ConfigError, match="dealer"):
            TableConfig.from_wire(dict(config.as_wire(), dealer=bad))


@pytest.mark.parametrize(
    ("options", "players", "seed"), [({}, 3, 7), ({"fixed_trump_card": True}, 2, 8)]
)
def test_japanese_at_the_table_turns_up_nothing_or_a_diamond_under_the_talon(
    options: dict[str, bool], players: int, seed: int
) -> None:
    table = make_table(players, variant="japanese", options=options, seed=seed)
    public: dict[int, set[int]] = {}

    def watch(seat: int, core: TableCore, outputs: list[Out]) -> None:
        if core.game is not None and seat not in public:
            public[seat] = {
                p for p, mask in enumerate(core.opened_to) if mask == (1 << players) - 1
            }

    table.watch(watch)
    play(table)
    over = table.results()[0]
    assert over.verdict is not None and over.verdict.deck is not None
    for seat, core in enumerate(table.cores):
        assert core is not None and core.game is not None
        assert core.game.trump_suit == "D"
        if options:  # the last card of the deck is a diamond, seen by all from the start
            last = len(over.verdict.deck) - 1
            assert last in public[seat]
            assert public[seat] - {last} <= set(core.claim_positions.values())
            assert Card.parse(over.verdict.deck[last]).suit == "D"
            assert core.faces[last] == Card.parse(over.verdict.deck[last])
        else:  # nothing opened to all for the trump: only the claims' shown cards
            assert public[seat] <= set(core.claim_positions.values())


def test_the_dealer_names_the_trump_when_the_whole_deck_is_dealt() -> None:
    table = make_table(3, variant="piled", options={"dealer_names_trump": True}, seed=9)
    dealer = 2  # no dealer in the config: seat 0 is dealt first, as if the last seat dealt
    public: dict[int, set[int]] = {}

    def watch(seat: int, core: TableCore, outputs: list[Out]) -> None:
        if core.game is not None and seat not in public:
            public[seat] = {p for p, mask in enumerate(core.opened_to) if mask == 0b111}

    table.watch(watch)
    play(table)
    named = {core.named_trump for core in table.cores if core is not None}
    assert len(named) == 1 and named <= {"C", "D", "H", "S"}
    for seat, core in enumerate(table.cores):
        assert core is not None and core.game is not None and core.trump_namer == dealer
        assert core.game.trump_suit in named
        assert public[seat] <= set(core.claim_positions.values())  # no card turned up


class SilentDealer(SeatConduct):
    """A dealer who never names the trump suit."""

    def trump_to_name(self, core: TableCore, suit: str) -> str | None:
        return None


def test_a_dealer_who_names_no_trump_ends_the_game_as_abandoned() -> None:
    table = make_table(3, variant="piled", options={"dealer_names_trump": True}, seed=10)
    dealer = 2
    table.cores[dealer] = TableCore(
        table.config,
        dealer,
        table.identities[dealer],
        table.seeds[dealer],
        0.0,
        conduct=SilentDealer(),
    )
    table.start()
    table.step_until(200)
    results = table.results()
    assert len(results) == 3
    for seat, over in results.items():
        assert over.reason == "abandoned", (seat, over)
        assert "never named the trump suit" in over.evidence
        core = table.cores[seat]
        assert core is not None and core.game is None and core.faces == {}  # nothing opened


def test_the_lobby_starts_the_next_game_with_the_dealer_the_finished_one_names() -> None:
    keys = [Identity.from_seed(bytes([n]) * 32).public_key for n in range(3)]
    lobby = LobbyHost("Kitchen", "kitchen-1", keys[0], "piled", {}, 3, games=3)
    for n, member in enumerate(keys):
        lobby.receive(
            member, join_message(f"P{n}", "random", SeatAddress(("127.0.0.1",), 40000 + n))
        )
        lobby.receive(member, seat_message(n))
        lobby.receive(member, ready_message(0))
    first = next(o for o in lobby.receive(keys[0], start_message()) if isinstance(o, GameStart))
    assert first.config.dealer is None

    # A real Game holding what TableConfig.next_game reads of a finished one (the compiled
    # engine takes no stand-in).
    finished = Game.new(first.config.rules(), 3, random.Random(0))
    finished.fool, finished.out = 1, (2, 0)
    following = first.config.next_game(finished)
    assert following.dealer == 1
    lobby.game_finished(following.first, following.dealer)
    for member in keys:
        lobby.receive(member, ready_message(1))
    out = lobby.receive(keys[0], start_message(lobby.next_first))  # as the host's peer sends it
    second = next(o for o in out if isinstance(o, GameStart))
    assert following.first is not None
    assert (second.config.game_no, second.config.dealer) == (1, 1)
    assert second.config.first == following.first
    assert TableConfig.from_wire(second.config.as_wire()) == second.config
