"""The hard level for every game kind: information-set MCTS through the `FamilyGame` interface.

The same single-observer ISMCTS as Durak's `SearchBot` (both run `TreeSearch`'s loop in
`engine.bots.search`), asking a game only what every engine of the registry offers:
`legal_tuple`/`legal_actions`, `apply`, `to_act`,
`over`, `fool`, `winners`, `players` and `resample(seat, rng)`. Each iteration deals every face
the seat cannot see again (`resample`, which reads only what the seat knows), walks the tree
with UCB1 over the actions legal in that deal, adds one node, plays the deal out with a rollout
policy (random moves, or the kind's own bot with probability `guided`) and credits each node
with the result of the seat that chose it. Budget: playouts, and optionally seconds of a clock.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.bots.base import Bot
from engine.bots.search import EXPLORATION, Clock, Node, TreeSearch, pick_actor
from engine.errors import EngineError, IllegalAction

DEFAULT_KIND_PLAYOUTS = 120
"""Playouts per move when a kind's make_bot("search") builds the bot (about 0.05-0.5 s pure Python)."""
ROLLOUT_CAP = 2_000
"""Actions after which a rollout is scored as a draw (a game that loops)."""

BotFactory = Callable[[int], Bot]


class DealReader(Protocol):
    """What a kind's search bot may read from the moves it saw, to deal hidden faces around it
    (joker rummy: `engine.bots.rummy_declines.DeclineReader`)."""

    def note(self, game: Any, seat: int) -> None:
        """Read the game `seat` is asked to move in (called at each of its decisions)."""

    def deal_around(self, deal: Any, seat: int, rng: random.Random) -> None:
        """Deal the faces hidden from `seat` in the sampled `deal` again around what was read."""


def legal_of(game: Any, seat: int) -> Sequence[Any]:
    """Every action `seat` may take now (`legal_tuple` where the engine has it)."""
    legal_tuple = getattr(game, "legal_tuple", None)
    return legal_tuple(seat) if legal_tuple is not None else game.legal_actions(seat)


def losing_side(game: Any) -> frozenset[int]:
    """The seats that lost with the fool: the fool, and its partners where seats play in teams
    (a team game's `winners()` lists the other side); empty when there is no fool."""
    fool = game.fool
    if fool is None:
        return frozenset()
    winners = game.winners()
    team = getattr(game, "team", None)
    if team is not None and winners:
        return frozenset(s for s in range(game.players) if team(s) == team(fool))
    return frozenset((fool,))


def kind_rewards(game: Any) -> list[float]:
    """Each seat's result in [0, 1]: 0 on the fool's side, 1 elsewhere; 0.5 for all when the
    game is unfinished or ended with no fool."""
    players = game.players
    if not game.over:
        return [0.5] * players
    losers = losing_side(game)
    if not losers:
        return [0.5] * players
    return [0.0 if seat in losers else 1.0 for seat in range(players)]


MARGIN_SCALE = 100.0
"""Points at which a margin's share of the reward is about three quarters of its range."""


def margin_rewards(game: Any, share: float) -> list[float]:
    """`kind_rewards` with a share `share` of each seat's reward given by its points against
    the others' mean (fewer points are better, as in czech and joker rummy: a squashed
    difference in [0, 1]); only the win or loss where the game keeps no `points`."""
    rewards = kind_rewards(game)
    points = getattr(game, "points", None)
    if not share or not game.over or not points or len(points) != game.players:
        return rewards
    total = sum(points)
    others = game.players - 1
    result = []
    for seat, reward in enumerate(rewards):
        ahead = (total - points[seat]) / others - points[seat]
        result.append((1 - share) * reward + share * 0.5 * (1 + math.tanh(ahead / MARGIN_SCALE)))
    return result


def full_deck(game: Any) -> Counter[Any]:
    """Every card of `game`'s deck, counted: the faces of a fresh game of its rules and size."""
    fresh = type(game).new(game.rules, game.players, random.Random(0))
    return Counter(fresh.faces)


def blind_copy(game: Any, seat: int) -> Any:
    """A copy of `game` that depends only on what `seat` knows: the faces hidden from it laid
    in a canonical order inside each generation (the order `resample` then shuffles), and in a
    table seat's hidden game (faces not opened here are None) the deck's unseen cards put in
    the empty slots first."""
    copy = game.clone()
    faces = copy.faces
    missing = [slot for slot, card in enumerate(faces) if card is None]
    if missing:
        unseen = full_deck(game)
        unseen.subtract(card for card in faces if card is not None)
        cards = sorted(unseen.elements(), key=str)
        if len(cards) != len(missing):
            raise EngineError(f"{len(missing)} hidden slots for {len(cards)} unseen cards")
        for slot, card in zip(missing, cards, strict=True):
            faces[slot] = card
        copy.hidden = False
    bit = 1 << seat
    groups: dict[int, list[int]] = {}
    for slot, seen in enumerate(copy.known):
        if not seen & bit:
            groups.setdefault(copy.generation[slot], []).append(slot)
    for slots in groups.values():
        ordered = sorted((faces[s] for s in slots), key=str)
        for slot, card in zip(slots, ordered, strict=True):
            faces[slot] = card
    copy._resampled(random.Random(0))  # (caches of the old faces forgotten, as `resample` does)
    return copy


def deal_around_shown(deal: Any, seat: int, rng: random.Random) -> None:
    """Deal `deal`'s hidden faces again around what the others' moves showed, where the kind's
    engine knows how (its `deal_around_shown(seat, rng)`: czech's draws); else leave them."""
    around_shown = getattr(deal, "deal_around_shown", None)
    if around_shown is not None:
        around_shown(seat, rng)


def mean_reward(node: Node | None) -> float:
    """A node's mean reward; -1 for a move never played out."""
    return node.reward / node.visits if node is not None and node.visits else -1.0


def halving_point(deals: int) -> bool:
    """Whether paired search halves its moves after `deals` deals: 8, 16, 32, ..."""
    return deals >= 8 and deals & (deals - 1) == 0


def halved(running: list[Any], root: Node, usual: Any) -> list[Any]:
    """The upper half (rounded up) of `running` by mean reward, in their order, and `usual`."""
    ranked = sorted(running, key=lambda a: -mean_reward(root.children[a]))
    keep = set(ranked[: (len(ranked) + 1) // 2])
    return [a for a in running if a in keep or a == usual]


class KindSearchBot(TreeSearch):
    """ISMCTS over a seat's information set for any game kind; deterministic for a seed and a
    playout budget."""

    name = "search"
    refused = (IllegalAction, EngineError)

    def __init__(
        self,
        seed: int = 0,
        playouts: int = DEFAULT_KIND_PLAYOUTS,
        seconds: float | None = None,
        clock: Clock | None = None,
        exploration: float = EXPLORATION,
        rollout: BotFactory | None = None,
        guided: float = 0.0,
        opponents: str = "auto",
        fallback: BotFactory | None = None,
        anchor: float | None = None,
        paired: bool = False,
        confidence: float | None = None,
        halving: bool = False,
        width: int | None = None,
        margin: float = 0.0,
        reader: Callable[[], DealReader] | None = None,
    ) -> None:
        if not 0.0 <= guided <= 1.0:
            raise ValueError(f"guided is a probability, not {guided}")
        if guided and rollout is None:
            raise ValueError("guided rollouts need the kind's rollout bot")
        super().__init__(seed, playouts, seconds, clock, exploration, opponents)
        self.guided = guided
        self.rollout_bot = rollout(seed) if rollout is not None else None
        self.fallback = fallback(seed) if fallback is not None else None
        self.anchor = anchor
        self.paired = paired
        self.confidence = confidence
        self.halving = halving
        self.width = width
        self.margin = margin
        self.reader_factory = reader
        self.reader = reader() if reader is not None else None
        self.fallbacks = 0
        self.last_samples: dict[Any, list[float | None]] = {}

    def choose(self, game: Any, seat: int) -> Any:
        """The root action with the most visits after the budget (the only action at once)."""
        legal = tuple(legal_of(game, seat))
        if not legal:
            raise IndexError(f"seat {seat} has no legal action")
        self.last_playouts = 0
        if self.reader is not None:  # (every decision, so that it sees each move in turn)
            self.reader.note(game, seat)
        if len(legal) == 1:
            return legal[0]
        anchored = self.anchor is not None and self.fallback is not None
        usual = self.fallback.choose(game, seat) if anchored and self.fallback else None
        shortlist = getattr(self.fallback, "candidates", None)
        options = legal
        if self.paired and self.width is not None and shortlist is not None:
            options = tuple(shortlist(game, seat, self.width))
            if usual is not None and usual not in options:
                options = (usual, *options)
        root = self.search(game, seat, options, usual)
        if root is None:
            self.fallbacks += 1
            if self.fallback is not None:
                return usual if usual is not None else self.fallback.choose(game, seat)
            return legal[int(self.rng.random() * len(legal))]
        self.last_root = root
        if self.paired:  # the moves played on the most deals (all of them, or halving's last)
            most = max(child.visits for child in root.children.values())
            finalists = [
                a for a in options if a in root.children and root.children[a].visits == most
            ]
            best = max(finalists, key=lambda a: mean_reward(root.children[a]))
        else:
            best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        if usual is None:
            return best
        return best if self.beats_clearly(root, best, usual) else usual

    def beats_clearly(self, root: Node, best: Any, usual: Any) -> bool:
        """Whether the search's `best` action scored at least `anchor` more on average than the
        kind's bot's `usual` choice (an action never tried scores nothing)."""
        chosen, other = root.children.get(best), root.children.get(usual)
        if chosen is None or not chosen.visits or best == usual:
            return False
        if other is None or not other.visits:
            return True
        assert self.anchor is not None
        if self.confidence is None or not self.last_samples:
            return mean_reward(chosen) >= mean_reward(other) + self.anchor
        return self.significantly_better(best, usual)

    def significantly_better(self, best: Any, usual: Any) -> bool:
        """Paired search with `confidence` z: whether `best` beat `usual` on the deals both
        were played on by at least `anchor` on average and by z standard errors of the mean
        difference (the deals are shared, so their luck cancels in the difference)."""
        assert self.anchor is not None and self.confidence is not None
        pairs = zip(self.last_samples.get(best, ()), self.last_samples.get(usual, ()), strict=False)
        diffs = [b - u for b, u in pairs if b is not None and u is not None]
        if len(diffs) < 2:
            return False
        mean = sum(diffs) / len(diffs)
        spread = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        error = (spread / len(diffs)) ** 0.5
        return mean >= self.anchor and mean >= self.confidence * error and mean > 0

    def search(self, game: Any, seat: int, legal: Sequence[Any], usual: Any = None) -> Node | None:
        """Grow the tree for `seat` within the budget (paired: `usual`, the kind's bot's move,
        is never halved away); None when the game cannot be resampled."""
        try:  # (resample reads only what the seat knows: no peeking at hidden faces)
            game = blind_copy(game, seat)
            game.resample(seat, random.Random(0))
        except (EngineError, ValueError, TypeError, AttributeError):
            return None
        if self.paired:
            root = self.compare(game, seat, legal, usual)
        else:
            root = self.grow(game, seat, legal)
        return root if any(child.visits for child in root.children.values()) else None

    def compare(self, game: Any, seat: int, legal: Sequence[Any], usual: Any = None) -> Node:
        """Flat Monte Carlo with common random numbers: each sampled deal is played out once
        after every legal move, all with the same rollout random numbers, so the moves' means
        differ by what the moves change, not by the luck of their deals. A rollout counts as
        one playout of the budget; a deal is always played after every move still in the
        running. With `halving`, after 8, 16, 32, ... deals the moves of the lower half of the
        means (never `usual`) stop being played. Each move's result on each deal is kept in
        `last_samples` (None where the engine refused the move)."""
        rng = self.rng
        root = Node(None, None, None)
        samples: dict[Any, list[float | None]] = {action: [] for action in legal}
        self.last_samples = samples
        running = list(legal)
        for action in legal:
            root.children[action] = Node(root, action, seat)
        clock, deadline = self.clock, None
        if clock is not None and self.seconds is not None:
            deadline = clock() + self.seconds
        done = 0
        while done < self.playouts:
            if deadline is not None and clock is not None and done and clock() >= deadline:
                break
            deal = self.sample(game, seat, rng)
            luck = rng.getrandbits(64)
            for action in running:
                child = root.children[action]
                child.available += 1
                done += 1
                played = deal.clone()
                try:
                    played.apply(action)
                except self.refused:
                    self.skipped += 1
                    samples[action].append(None)
                    continue
                child.visits += 1
                reward = self.rollout(played, random.Random(luck))[seat]
                child.reward += reward
                samples[action].append(reward)
            root.visits += 1
            if self.halving and len(running) > 2 and halving_point(root.visits):
                running = halved(running, root, usual)
        self.last_playouts = done
        return root

    def sample(self, game: Any, seat: int, rng: random.Random) -> Any:
        """A deal of every card `seat` cannot see (`resample`), dealt again around what the
        others' moves showed where the kind's engine knows how (its `deal_around_shown(seat,
        rng)`: czech's draws), and around what the bot's `reader` read (joker rummy's declined
        cards); all read only what the seat knows."""
        deal = game.resample(seat, rng)
        deal_around_shown(deal, seat, rng)
        if self.reader is not None:
            self.reader.deal_around(deal, seat, rng)
        return deal

    def legal_in(self, deal: Any, seat: int) -> Sequence[Any]:
        """The kind's legal actions (`legal_tuple` where the engine has it)."""
        return legal_of(deal, seat)

    def policy_move(self, deal: Any, seat: int, rng: random.Random) -> Any:
        """A rollout move: the kind's bot with probability `guided`, else a random legal one."""
        if self.guided and rng.random() < self.guided:
            assert self.rollout_bot is not None
            return self.rollout_bot.choose(deal, seat)
        legal = legal_of(deal, seat)
        return legal[int(rng.random() * len(legal))]

    def rollout(self, deal: Any, rng: random.Random) -> list[float]:
        """Play `deal` to the end with the rollout policy; each seat's reward (a refused move
        or a loop past `ROLLOUT_CAP` scores a draw)."""
        steps = 0
        try:
            while not deal.over:
                actor = pick_actor(deal.to_act, rng)
                deal.apply(self.policy_move(deal, actor, rng))
                steps += 1
                if steps > ROLLOUT_CAP:
                    return [0.5] * deal.players
        except (IllegalAction, EngineError):
            self.skipped += 1
            return [0.5] * deal.players
        return margin_rewards(deal, self.margin) if self.margin else kind_rewards(deal)


@dataclass(frozen=True)
class KindSearchSettings:
    """The "search" entry of a kind's bot table, callable with a seed: the search bot with the
    kind's heuristic bot as fallback and as rollout policy with probability `guided` (random
    moves otherwise), `playouts` a move (`engine/` reads no clock: a budget in seconds is the
    caller's), the opponent model, the `anchor` on the heuristic's move (see
    `KindSearchBot.beats_clearly`) and `paired` (see `KindSearchBot.compare`); bench/bots.py
    reads the fields as its defaults."""

    heuristic: BotFactory
    guided: float = 1.0
    playouts: int = DEFAULT_KIND_PLAYOUTS
    anchor: float | None = None
    opponents: str = "auto"
    paired: bool = False
    confidence: float | None = None
    halving: bool = False
    width: int | None = None
    margin: float = 0.0
    reader: Callable[[], DealReader] | None = None

    def __call__(self, seed: int) -> KindSearchBot:
        """The kind's search bot, seeded."""
        return KindSearchBot(
            seed,
            playouts=self.playouts,
            rollout=self.heuristic,
            guided=self.guided,
            fallback=self.heuristic,
            anchor=self.anchor,
            opponents=self.opponents,
            paired=self.paired,
            confidence=self.confidence,
            halving=self.halving,
            width=self.width,
            margin=self.margin,
            reader=self.reader,
        )


def kind_search_factory(
    heuristic: BotFactory,
    guided: float = 1.0,
    playouts: int = DEFAULT_KIND_PLAYOUTS,
    anchor: float | None = None,
    opponents: str = "auto",
    paired: bool = False,
    confidence: float | None = None,
    halving: bool = False,
    width: int | None = None,
    margin: float = 0.0,
    reader: Callable[[], DealReader] | None = None,
) -> KindSearchSettings:
    """The "search" entry of a kind's bot table (see `KindSearchSettings`)."""
    return KindSearchSettings(
        heuristic,
        guided,
        playouts,
        anchor,
        opponents,
        paired,
        confidence,
        halving,
        width,
        margin,
        reader,
    )
