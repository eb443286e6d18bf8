"""The hard level of every game kind: the search bot through the `FamilyGame` interface, its
budget, its rewards, playing from a table seat's hidden game, and never peeking."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.bots.kind_search import (
    KindSearchBot,
    blind_copy,
    halving_point,
    kind_rewards,
    losing_side,
    margin_rewards,
)
from engine.bots.search import Node, SearchBot, TreeSearch
from engine.games import DURAK, GameKind, kinds

KINDS = {kind.name: kind for kind in kinds() if kind.name != DURAK}
"""The games other than Durak, whose hard level is `KindSearchBot` (Durak's is `SearchBot`,
tested in tests/bots/test_search.py)."""
KIND_NAMES = sorted(KINDS)
HIDDEN_CHOICE_KINDS = [name for name in KIND_NAMES if name != "cross"]
"""Kinds where a seat chooses while faces are hidden from it (not cross: see its test)."""


def new_game(kind: GameKind, seed: int, players: int = 2) -> Any:
    """A fresh game of the kind's first preset."""
    return kind.new_game(kind.get_rules(kind.ids()[0]), players, random.Random(seed))


def hides_something(game: Any, seat: int) -> bool:
    """Whether some face is hidden from `seat`."""
    bit = 1 << seat
    return any(not known & bit for known in game.known)


def position(kind: GameKind, seed: int, moves: int = 6) -> tuple[Any, int]:
    """A running two-player game after about `moves` random moves, at a seat with a choice
    and (where the kind has such moments) faces it cannot see."""
    rng = random.Random(seed)
    hidden_choices = kind.name != "cross"  # (see test_cross_hides_nothing_when_there_is_a_choice)
    for attempt in range(50):
        game = new_game(kind, seed * 100 + attempt)
        played = 0
        while not game.over:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            chosen = played >= moves and len(legal) > 1
            if chosen and (not hidden_choices or hides_something(game, seat)):
                return game, seat
            game.apply(rng.choice(legal))
            played += 1
    raise AssertionError(f"{kind.name}: no position with a choice")


def searcher(seed: int = 5, playouts: int = 40) -> KindSearchBot:
    """A small search bot with random rollouts."""
    return KindSearchBot(seed, playouts=playouts)


def hidden_copy(game: Any, seat: int) -> Any:
    """The game as a table seat's engine holds it: every face `seat` does not know is None."""
    copy = game.clone()
    bit = 1 << seat
    for slot, known in enumerate(copy.known):
        if not known & bit:
            copy.faces[slot] = None
    copy.hidden = True
    return copy


# ----------------------------------------------------------------------------- every kind


@pytest.mark.parametrize("name", KIND_NAMES)
def test_every_kind_offers_the_search_bot(name: str) -> None:
    kind = KINDS[name]
    assert "search" in kind.bots
    bot = kind.make_bot("search", 3)
    assert isinstance(bot, KindSearchBot) and bot.playouts > 0


@pytest.mark.compiled_pass_only  # a search run: its engine paths run in tests/engine
@pytest.mark.parametrize("name", KIND_NAMES)
def test_the_bot_plays_every_kind_to_the_end(name: str) -> None:
    kind = KINDS[name]
    game = new_game(kind, 11)
    bot = searcher(1, playouts=8)
    other = kind.make_bot("random", 2)
    for _ in range(5_000):
        if game.over:
            break
        seat = game.to_act[0]
        action = (bot if seat == 0 else other).choose(game, seat)
        assert action in game.legal_actions(seat)
        game.apply(action)
    assert game.over, f"{name}: no end in 5000 moves"
    assert bot.fallbacks == 0


def test_cross_hides_nothing_when_there_is_a_choice() -> None:
    """Cross fool lays every card face up before anyone chooses: while the deck is hidden each
    move is forced, so its search bot cannot peek (the test below has nothing to vary)."""
    kind = KINDS["cross"]
    choices = 0
    for seed in range(8):
        game, rng = new_game(kind, seed), random.Random(seed)
        while not game.over:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            if len(legal) > 1:
                choices += 1
                assert not hides_something(game, seat)
            game.apply(rng.choice(legal))
    assert choices > 0


@pytest.mark.compiled_pass_only  # a search run: its engine paths run in tests/engine
@pytest.mark.parametrize("name", HIDDEN_CHOICE_KINDS)
def test_the_choice_does_not_depend_on_hidden_faces(name: str) -> None:
    """Deals equal in the seat's information state but not in their hidden faces: the same
    choice for the same seed (and the bot does search: it is not the only legal action)."""
    kind = KINDS[name]
    for seed in (1, 2):
        game, seat = position(kind, seed)
        rng = random.Random(seed)
        others = [game, *(game.resample(seat, rng) for _ in range(3))]
        assert len({g.information_state_key(seat) for g in others}) == 1
        assert len({tuple(g.faces) for g in others}) > 1, f"{name}: nothing hidden"
        choices = {searcher(9).choose(g, seat) for g in others}
        assert len(choices) == 1, f"{name}: the choice follows the hidden faces: {choices}"


@pytest.mark.compiled_pass_only  # a search run: its engine paths run in tests/engine
@pytest.mark.parametrize("name", HIDDEN_CHOICE_KINDS)
def test_the_paired_choice_does_not_depend_on_hidden_faces(name: str) -> None:
    kind = KINDS[name]
    game, seat = position(kind, 1)
    rng = random.Random(1)
    others = [game, *(game.resample(seat, rng) for _ in range(3))]
    assert len({tuple(g.faces) for g in others}) > 1, f"{name}: nothing hidden"
    choices = {KindSearchBot(9, playouts=30, paired=True).choose(g, seat) for g in others}
    assert len(choices) == 1, f"{name}: the choice follows the hidden faces: {choices}"


@pytest.mark.compiled_pass_only  # a search run: its engine paths run in tests/engine
@pytest.mark.parametrize("name", HIDDEN_CHOICE_KINDS)
def test_a_table_seat_game_without_hidden_faces_gives_the_same_choice(name: str) -> None:
    """At a LAN table the bot's engine knows only its seat's faces; it plays from that."""
    kind = KINDS[name]
    game, seat = position(kind, 3)
    peer = hidden_copy(game, seat)
    assert any(face is None for face in peer.faces)
    bot = searcher(4)
    assert bot.choose(peer, seat) == searcher(4).choose(game, seat)
    assert bot.fallbacks == 0


def test_the_blind_copy_keeps_what_the_seat_knows_and_forgets_the_rest() -> None:
    kind = KINDS["road"]
    game, seat = position(kind, 4)
    copies = [blind_copy(game.resample(seat, random.Random(i)), seat) for i in range(3)]
    assert len({c.state_hash() for c in copies}) == 1
    assert copies[0].observation(seat).key() == game.observation(seat).key()


def test_both_search_bots_run_the_one_shared_loop() -> None:
    for method in ("iterate", "grow", "modelled_opponents"):
        shared = getattr(TreeSearch, method)
        assert getattr(KindSearchBot, method) is shared is getattr(SearchBot, method)


# ----------------------------------------------------------------------------- the budget


def test_the_playout_budget_is_respected_exactly() -> None:
    game, seat = position(KINDS["road"], 5)
    bot = searcher(1, playouts=17)
    bot.choose(game, seat)
    assert bot.last_playouts == 17
    root = bot.last_root
    assert root is not None and root.visits == 17


def test_the_time_budget_stops_on_the_injected_clock() -> None:
    game, seat = position(KINDS["round"], 6)
    ticks = iter(range(1_000))
    bot = KindSearchBot(1, playouts=10_000, seconds=5, clock=lambda: float(next(ticks)))
    bot.choose(game, seat)
    assert bot.last_playouts == 5


def test_the_same_seed_gives_the_same_tree() -> None:
    game, seat = position(KINDS["pagons"], 7)
    first, second = searcher(8), searcher(8)
    assert first.choose(game, seat) == second.choose(game, seat)
    assert first.last_root is not None and second.last_root is not None
    visits = [c.visits for c in first.last_root.children.values()]
    assert visits == [c.visits for c in second.last_root.children.values()]


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError):
        KindSearchBot(playouts=0)
    with pytest.raises(ValueError):
        KindSearchBot(seconds=1.0)
    with pytest.raises(ValueError):
        KindSearchBot(guided=0.5)
    with pytest.raises(ValueError):
        KindSearchBot(opponents="all")


def test_guided_rollouts_ask_the_kinds_bot() -> None:
    kind = KINDS["road"]
    asked: list[int] = []

    class Counting:
        def __init__(self, seed: int) -> None:
            self.inner = kind.make_bot("heuristic", seed)

        def choose(self, game: Any, seat: int) -> Any:
            asked.append(seat)
            return self.inner.choose(game, seat)

    game, seat = position(kind, 8)
    KindSearchBot(1, playouts=5, rollout=Counting, guided=1.0).choose(game, seat)  # type: ignore[arg-type]
    assert asked


def test_a_game_that_cannot_be_resampled_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.errors import EngineError

    kind = KINDS["road"]
    game, seat = position(kind, 9)

    def refuse(self: Any, seat: int, rng: random.Random) -> Any:
        raise EngineError("cannot deal again")

    monkeypatch.setattr(type(game), "resample", refuse)
    heuristic = kind.make_bot("heuristic", 1)
    bot = KindSearchBot(1, playouts=10, fallback=lambda seed: kind.make_bot("heuristic", seed))
    assert bot.choose(game, seat) == heuristic.choose(game, seat)
    assert bot.fallbacks == 1


def test_paired_search_plays_every_move_on_every_deal_and_picks_the_best_mean() -> None:
    game, seat = position(KINDS["road"], 11)
    legal = game.legal_actions(seat)
    bot = KindSearchBot(3, playouts=10 * len(legal), paired=True)
    chosen = bot.choose(game, seat)
    root = bot.last_root
    assert root is not None and root.visits == 10 and bot.last_playouts == 10 * len(legal)
    assert {child.visits for child in root.children.values()} == {10}
    assert set(root.children) == set(legal)
    best = max(child.reward for child in root.children.values())
    assert root.children[chosen].reward == best


def test_paired_rollouts_share_their_random_numbers_across_moves() -> None:
    """After every move of a deal the rollout draws the same numbers (common random numbers):
    the rollouts' first draws, noted per deal, are equal for every move."""
    game, seat = position(KINDS["road"], 12)
    legal = game.legal_actions(seat)
    firsts: list[float] = []

    class Noting(KindSearchBot):
        def rollout(self, deal: Any, rng: random.Random) -> list[float]:
            firsts.append(random.Random(rng.random()).random())
            return super().rollout(deal, rng)

    Noting(4, playouts=3 * len(legal), paired=True).choose(game, seat)
    deals = [firsts[i : i + len(legal)] for i in range(0, len(firsts), len(legal))]
    assert len(deals) == 3 and all(len(set(draws)) == 1 for draws in deals)
    assert len({draws[0] for draws in deals}) == 3


# ----------------------------------------------------------------------------- rewards


class Ended:
    """A finished game as the rewards read it."""

    def __init__(
        self, players: int, fool: int | None, winners: list[int], teams: bool = False
    ) -> None:
        self.players, self.fool, self.over = players, fool, True
        self._winners = winners
        if teams:
            self.team = lambda seat: seat % 2

    def winners(self) -> list[int]:
        return self._winners


def test_rewards_score_the_fool_draws_and_teams() -> None:
    assert kind_rewards(Ended(3, 1, [0, 2])) == [1.0, 0.0, 1.0]
    assert kind_rewards(Ended(2, None, [])) == [0.5, 0.5]
    assert kind_rewards(Ended(4, 3, [0, 2], teams=True)) == [1.0, 0.0, 1.0, 0.0]
    assert losing_side(Ended(4, 2, [1, 3], teams=True)) == {0, 2}
    running = Ended(2, None, [])
    running.over = False
    assert kind_rewards(running) == [0.5, 0.5]


def test_a_margin_share_rewards_fewer_points_than_the_others() -> None:
    """`margin_rewards`: the win or loss, and a share of the points margin (fewer is better)."""
    ended = Ended(2, 1, [0])
    assert margin_rewards(ended, 0.3) == kind_rewards(ended)  # (no points kept: the result)
    ended.points = [-50, 50]  # type: ignore[attr-defined]
    winner, loser = margin_rewards(ended, 0.3)
    assert 0.95 < winner < 1.0 and 0.0 < loser < 0.05 and abs(winner + loser - 1) < 1e-9
    ended.points = [-50, 5]  # type: ignore[attr-defined]
    close, _ = margin_rewards(ended, 0.3)
    assert 0.7 < close < winner
    assert margin_rewards(ended, 0.0) == [1.0, 0.0]


# ----------------------------------------------------------------------------- the anchor


def test_an_anchored_bot_keeps_the_kinds_move_unless_the_search_clearly_beats_it() -> None:
    kind = KINDS["road"]
    game, seat = position(kind, 10)
    heuristic = kind.make_bot("heuristic", 2).choose(game, seat)
    stubborn = KindSearchBot(
        2, playouts=30, fallback=lambda s: kind.make_bot("heuristic", s), anchor=1.01
    )
    assert stubborn.choose(game, seat) == heuristic  # (means lie in [0, 1]: never 1.01 apart)
    root = Node(None, None, None)
    best, usual = root.children["a"], root.children["b"] = Node(root, "a", 0), Node(root, "b", 0)
    best.visits, best.reward, usual.visits, usual.reward = 10, 8.0, 10, 7.0
    bot = KindSearchBot(1, anchor=0.05)
    assert bot.beats_clearly(root, "a", "b")  # 0.8 against 0.7
    bot.anchor = 0.2
    assert not bot.beats_clearly(root, "a", "b")
    assert not bot.beats_clearly(root, "a", "a")
    assert bot.beats_clearly(root, "a", "untried")


@pytest.mark.compiled_pass_only  # a search run: its engine paths run in tests/engine
@pytest.mark.parametrize("name", HIDDEN_CHOICE_KINDS)
def test_the_kinds_own_search_bot_does_not_depend_on_hidden_faces(name: str) -> None:
    """`make_bot("search")` as the client builds it (heuristic rollouts, and where the kind
    sets them the anchor, pairing, shortlist and confidence gate), on a small budget."""
    kind = KINDS[name]
    game, seat = position(kind, 3)
    others = [game, *(game.resample(seat, random.Random(s)) for s in range(3))]
    assert len({tuple(g.faces) for g in others}) > 1, f"{name}: nothing hidden"
    choices = set()
    for other in others:
        bot = kind.make_bot("search", 9)
        assert isinstance(bot, KindSearchBot)
        bot.playouts = 24
        choices.add(bot.choose(other, seat))
    assert len(choices) == 1, f"{name}: the choice follows the hidden faces: {choices}"


# ----------------------------------------------------------------------------- paired options


def test_the_confidence_gate_asks_for_a_clear_paired_difference() -> None:
    """With `confidence` z the search's move replaces the kind's only when its mean paired
    difference on the shared deals is at least `anchor` and z standard errors."""
    bot = KindSearchBot(1, anchor=0.02, paired=True, confidence=2.0)
    bot.last_samples = {"a": [1.0, 1.0, 0.0, 1.0], "b": [0.0, 0.0, 0.0, 1.0]}
    assert not bot.significantly_better("a", "b")  # mean 0.5, standard error 0.29
    bot.last_samples = {"a": [1.0] * 8 + [0.0] * 4, "b": [0.0] * 12}
    assert bot.significantly_better("a", "b")  # mean 0.67, standard error 0.14
    assert not bot.significantly_better("b", "a")
    bot.last_samples = {"a": [1.0, None, 1.0], "b": [0.0, 0.0, None]}
    assert not bot.significantly_better("a", "b")  # one shared deal is no evidence
    bot.confidence = 0.0
    bot.last_samples = {"a": [1.0, 0.0, 1.0], "b": [1.0, 0.0, 1.0]}
    assert not bot.significantly_better("a", "b")  # no difference at all


@pytest.mark.compiled_pass_only  # a search run: its engine paths run in tests/engine
def test_halving_plays_fewer_deals_after_the_weaker_moves_but_keeps_the_kinds_move() -> None:
    assert [d for d in range(1, 70) if halving_point(d)] == [8, 16, 32, 64]
    kind = KINDS["joker-rummy"]
    game, seat = position(kind, 4)
    legal = game.legal_actions(seat)
    assert len(legal) > 4
    usual = kind.make_bot("heuristic", 0).choose(game, seat)
    bot = KindSearchBot(2, playouts=40 * len(legal), paired=True, halving=True)
    root = bot.compare(blind_copy(game, seat), seat, legal, usual)
    visits = {action: root.children[action].visits for action in legal}
    assert root.visits > 16 and visits[usual] == root.visits
    assert min(visits.values()) == 8 and sum(v == root.visits for v in visits.values()) <= 3


@pytest.mark.compiled_pass_only  # a search run: its engine paths run in tests/engine
def test_the_shortlist_limits_the_paired_comparison() -> None:
    """With `width`, paired search compares the kind's bot's shortlist (rummy: every move but
    single discards, and its `width` first discards) and the kind's own move."""
    kind = KINDS["joker-rummy"]
    heuristic = kind.make_bot("heuristic", 0)
    for seed in range(4):
        game, seat = position(kind, seed, moves=12)
        shortlist = heuristic.candidates(game, seat, 2)  # type: ignore[attr-defined]
        discards = [a for a in shortlist if a.kind == "discard"]
        assert len(discards) <= 2 and heuristic.choose(game, seat) in shortlist
        bot = KindSearchBot(
            1, playouts=30, paired=True, width=2, anchor=0.0, fallback=lambda s: heuristic
        )
        bot.choose(game, seat)
        assert set(bot.last_root.children) == set(shortlist)
