"""The search bot: its tree, its budget, endgames it must win, fairness and every preset."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import pytest

from engine.actions import Action
from engine.bots import BOTS, Bot, SearchBot, make_bot
from engine.bots.search import Node, seat_rewards
from engine.cards import deck_spec
from engine.game import Game, deal_layout
from engine.rules import get_rules, variant_ids


def mid_game(variant: str = "throw-in", seed: int = 3, moves: int = 6) -> Game:
    """A two-player game after a few random moves, still running."""
    rng = random.Random(seed)
    game = Game.new(get_rules(variant), 2, rng)
    for _ in range(moves):
        seat = game.to_act[0]
        game.apply(rng.choice(game.legal_actions(seat)))
    assert not game.over
    return game


def nodes(root: Node) -> Iterator[Node]:
    """Every node of a tree, root first."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children.values())


def decide(game: Game, seed: int = 7, playouts: int = 120) -> Action:
    """The search bot's choice for the seat to act."""
    return SearchBot(seed, playouts=playouts).choose(game, game.to_act[0])


# ----------------------------------------------------------------------------- the tree


def test_make_bot_builds_every_registered_level() -> None:
    assert {"easy", "heuristic", "search"} <= set(BOTS)
    bot = make_bot("search", 5)
    assert isinstance(bot, SearchBot) and bot.playouts > 0


def test_each_root_action_is_expanded_once_before_any_is_revisited() -> None:
    game = mid_game()
    seat = game.to_act[0]
    legal = game.observation(seat).legal
    assert len(legal) >= 3
    bot = SearchBot(1, playouts=len(legal) - 1)
    bot.choose(game, seat)
    root = bot.last_root
    assert root is not None
    assert len(root.children) == len(legal) - 1
    assert all(child.visits == 1 and child.seat == seat for child in root.children.values())
    assert root.visits == len(legal) - 1


def test_playout_budget_is_respected_exactly() -> None:
    game = mid_game()
    bot = SearchBot(2, playouts=57)
    bot.choose(game, game.to_act[0])
    assert bot.last_playouts == 57
    assert bot.last_root is not None and bot.last_root.visits == 57


def test_time_budget_stops_on_the_injected_clock() -> None:
    ticks = iter(range(10_000))
    bot = SearchBot(2, playouts=1_000, seconds=3.0, clock=lambda: float(next(ticks)))
    game = mid_game()
    bot.choose(game, game.to_act[0])
    # The deadline is read at tick 0 (deadline 3); ticks 1, 2 allow playouts, tick 3 stops.
    assert bot.last_playouts == 3


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError):
        SearchBot(0, playouts=0)
    with pytest.raises(ValueError):
        SearchBot(0, seconds=1.0)
    with pytest.raises(ValueError):
        SearchBot(0, policy="psychic")


def test_selection_counts_availability_under_information_sets() -> None:
    """Opponent actions differ from deal to deal: a child is available only in some visits."""
    game = mid_game(moves=0)
    seat = game.to_act[0]
    bot = SearchBot(3, playouts=400)
    bot.choose(game, seat)
    root = bot.last_root
    assert root is not None
    partial = 0
    for node in nodes(root):
        total = sum(child.visits for child in node.children.values())
        assert total <= node.visits
        for child in node.children.values():
            assert 1 <= child.visits <= child.available <= node.visits
            if node is not root and child.available < node.visits:
                partial += 1
    assert partial > 0, "some opponent replies must be missing from some sampled deals"
    # The root holds only the bot's own actions.
    assert all(child.seat == seat for child in root.children.values())


def test_rewards_score_the_fool_draws_and_teams() -> None:
    game = mid_game()
    assert seat_rewards(game) == [0.5, 0.5]  # a running game scores as a draw
    rng = random.Random(4)
    finished = Game.new(get_rules("throw-in"), 3, rng)
    while not finished.over:
        seat = finished.to_act[0]
        finished.apply(rng.choice(finished.legal_actions(seat)))
    rewards = seat_rewards(finished)
    if finished.fool is None:
        assert rewards == [0.5, 0.5, 0.5]
    else:
        assert rewards[finished.fool] == 0.0 and sum(rewards) == 2.0


# ----------------------------------------------------------------------------- endgames


def solve(game: Game, seat: int, known: dict[str, float] | None = None) -> float:
    """Exact value for `seat` of a two-player position where one seat acts at a time; `known`
    holds the values of positions already solved, by state hash (the whole state)."""
    if game.over:
        return seat_rewards(game)[seat]
    known = {} if known is None else known
    key = game.state_hash()
    if key in known:
        return known[key]
    to_act = game.to_act
    assert len(to_act) == 1
    actor = to_act[0]
    values = []
    for action in game.legal_actions(actor):
        child = game.clone()
        child.apply(action)
        values.append(solve(child, seat, known))
    known[key] = max(values) if actor == seat else min(values)
    return known[key]


@functools.cache
def endgames(count: int) -> list[tuple[Game, set[Action]]]:
    """Seeded two-player endgames (empty talon) where some moves win and some lose."""
    rules = get_rules("throw-in")
    deck = list(deck_spec(rules.deck, rules.jokers, rules.decks))
    rng = random.Random(2024)
    found: list[tuple[Game, set[Action]]] = []
    while len(found) < count:
        cards = rng.sample(deck, 7)
        game = Game.from_layout(rules, [cards[:4], cards[4:7]], trump=rng.choice("CDHS"), first=0)
        if game.over or len(game.to_act) != 1:
            continue
        seat = game.to_act[0]
        values = {}
        known: dict[str, float] = {}
        for action in game.legal_actions(seat):
            child = game.clone()
            child.apply(action)
            values[action] = solve(child, seat, known)
        winning = {a for a, v in values.items() if v == 1.0}
        if winning and len(winning) < len(values) and min(values.values()) == 0.0:
            found.append((game, winning))
    return found


@pytest.mark.compiled_pass_only  # a search run: its engine paths run in tests/engine
@pytest.mark.xdist_group("endgames")  # one worker builds the cached endgames for all four
@pytest.mark.parametrize("index", range(4))
def test_the_bot_finds_a_winning_move_in_an_endgame(index: int) -> None:
    game, winning = endgames(4)[index]
    assert decide(game, seed=11, playouts=300) in winning


# ----------------------------------------------------------------------------- fairness


def hidden_permutations(variant: str, seed: int, count: int) -> list[Game]:
    """Deals equal for seat 0 (its hand, the trump card) whose hidden cards differ."""
    rules = get_rules(variant)
    rng = random.Random(seed)
    deck = list(deck_spec(rules.deck, rules.jokers, rules.decks))
    rng.shuffle(deck)
    hands, talon = deal_layout(rules, 2)
    hidden = hands[1] + talon[:-1]  # the bottom talon card is the turned-up trump
    games = []
    for _ in range(count):
        cards = [deck[p] for p in hidden]
        rng.shuffle(cards)
        other = list(deck)
        for position, card in zip(hidden, cards, strict=True):
            other[position] = card
        games.append(Game.from_deck(rules, 2, other, first=0))
    return games


@pytest.mark.compiled_pass_only  # a search run: its engine paths run in tests/engine
@pytest.mark.parametrize("variant", ["throw-in", "transfer-trump-show", "believe"])
def test_the_same_observation_gives_the_same_decision_whatever_is_hidden(variant: str) -> None:
    games = hidden_permutations(variant, seed=9, count=4)
    assert len({game.observation(0).key() for game in games}) == 1
    assert len({game.state_hash() for game in games}) == 4
    leads = [SearchBot(5, playouts=150).choose(game, 0) for game in games]
    assert len(set(leads)) == 1
    # After the lead is taken, seat 0 decides again (throw in more or stop), still blind.
    later = []
    for game in games:
        game.apply(leads[0])
        game.apply(Action(1, "take"))
        assert game.to_act == (0,)
        later.append(game)
    assert len({game.observation(0).key() for game in later}) == 1
    assert len({SearchBot(6, playouts=150).choose(game, 0) for game in later}) == 1


def test_sampled_deals_keep_everything_the_seat_knows() -> None:
    game = mid_game()
    seat = game.to_act[0]
    rng = random.Random(1)
    deals = [game.resample(seat, rng) for _ in range(5)]
    assert all(d.observation(seat).key() == game.observation(seat).key() for d in deals)
    assert len({d.state_hash() for d in deals}) > 1


def test_a_game_that_cannot_be_resampled_falls_back_to_the_heuristic(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine.errors import EngineError

    game = mid_game()
    seat = game.to_act[0]

    def refuse(self: Game, seat: int, rng: random.Random) -> Game:
        raise EngineError("the known faces do not fit the deck")

    monkeypatch.setattr(Game, "resample", refuse)
    bot = SearchBot(1, playouts=50)
    action = bot.choose(game, seat)
    assert bot.fallbacks == 1
    assert action == make_bot("heuristic", 1).choose(game, seat)


def test_the_bot_is_deterministic_for_a_seed() -> None:
    game = mid_game()
    seat = game.to_act[0]
    first = SearchBot(8, playouts=80)
    second = SearchBot(8, playouts=80)
    assert first.choose(game, seat) == second.choose(game, seat)
    assert [c.visits for c in first.last_root.children.values()] == [  # type: ignore[union-attr]
        c.visits
        for c in second.last_root.children.values()  # type: ignore[union-attr]
    ]


# ----------------------------------------------------------------------------- every preset


def seats_for(variant: str) -> int:
    """Two players where the preset allows it, else its smallest table."""
    rules = get_rules(variant)
    return 4 if rules.teams else max(2, rules.min_players)


@pytest.mark.compiled_pass_only  # a search run: its engine paths run in tests/engine
@pytest.mark.parametrize("variant", variant_ids())
def test_the_bot_plays_every_preset_to_the_end(variant: str) -> None:
    rules = get_rules(variant)
    players = seats_for(variant)
    rng = random.Random(31)
    game = Game.new(rules, players, rng)
    searcher = SearchBot(1, playouts=6)
    bots: list[Bot] = [searcher] + [make_bot("random", s) for s in range(1, players)]
    for _ in range(3_000):
        if game.over:
            break
        to_act = game.to_act
        seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
        action = bots[seat].choose(game, seat)
        assert action in game.observation(seat).legal
        game.apply(action)
    assert game.over, f"{variant}: no end in 3000 moves"
    assert searcher.fallbacks == 0


def test_the_bot_plays_from_a_peer_engine_that_holds_no_hidden_faces() -> None:
    """At a LAN table the bot's engine knows only its seat's faces; it must play from that."""
    from tests.engine.test_hidden import follow_as_peer

    rules = get_rules("throw-in")
    game = Game.new(rules, 2, random.Random(21))
    peer = Game.new_hidden(rules, 2, 0, first=game.lead)
    revealed: set[int] = set()
    follow_as_peer(game, peer, 0, revealed)
    searcher, other = SearchBot(4, playouts=40), make_bot("heuristic", 5)
    for _ in range(400):
        if game.over:
            break
        seat = game.to_act[0]
        action = searcher.choose(peer, 0) if seat == 0 else other.choose(game, 1)
        assert action in game.observation(seat).legal
        for slot in game.opened_by(action):  # the table opens a played card first
            face = game.faces[slot]
            assert face is not None
            peer.reveal(slot, face)
            revealed.add(slot)
        wire = game.wire_action(action)
        game.apply(action)
        peer.apply(wire)
        follow_as_peer(game, peer, 0, revealed)
        assert peer.observation(0).key() == game.observation(0).key()
    assert game.over and searcher.fallbacks == 0


def test_deals_the_engine_refuses_to_play_are_skipped_and_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine.errors import IllegalAction

    game = mid_game()
    seat = game.to_act[0]
    expected = make_bot("heuristic", 2).choose(game, seat)

    def refuse(self: Game, action: Action) -> list[object]:
        raise IllegalAction("refused")

    monkeypatch.setattr(Game, "apply", refuse)
    bot = SearchBot(2, playouts=30)
    assert bot.choose(game, seat) == expected  # no playout worked: the heuristic's choice
    assert bot.skipped == 30 and bot.fallbacks == 1


def test_with_more_than_two_players_the_others_play_the_policy_inside_the_tree() -> None:
    bot = SearchBot(1)
    assert not bot.modelled_opponents(2) and bot.modelled_opponents(3)
    assert SearchBot(1, opponents="tree").modelled_opponents(4) is False
    assert SearchBot(1, opponents="policy").modelled_opponents(2) is True
    with pytest.raises(ValueError):
        SearchBot(1, opponents="psychic")
    rng = random.Random(5)
    game = Game.new(get_rules("throw-in"), 3, rng)
    seat = game.to_act[0]
    bot = SearchBot(2, playouts=200)
    assert bot.choose(game, seat) in game.observation(seat).legal
    root = bot.last_root
    assert root is not None and root.visits == 200
    others = [n for n in nodes(root) if n.seat not in (None, seat)]
    assert others and all(n.visits <= n.available for n in others)
