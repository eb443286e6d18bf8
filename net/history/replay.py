"""A game file replayed move by move on the engine, for the viewer: steps, and the game after each.

With every deal's secrets revealed (a full audit), the game is dealt from the opened deck with
every face open; `Replay.state(i)` is the engine game after step i, whose `observation(seat)`,
`public_observation()` and `open_observation()` (the `GameKind` interface) the viewer draws.
Without a full audit the game is the table's hidden game: only the faces shown to every seat are
open, the rest are backs, and `why` says so; a file whose game cannot be shown at all keeps the
moves in words only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.cards import Card
from engine.errors import EngineError, ParseError
from net.dealing.errors import DealingError
from net.history.gamefile import GameFile
from net.history.opening import OpenedGame, open_game
from net.table.game_adapter import entry_seat

NO_SEAT = -1
"""The seat of an observation no seat sees (a spectator's, or the open table's)."""
SNAPSHOT_EVERY = 16
"""`Replay.state` keeps a copy of the game every this many steps (stepping back is cheap)."""


@dataclass(frozen=True)
class ReplayStep:
    """One move of the log: its index, its seat (None: none named), the move in words, and
    whether it starts a bout (the table was empty before it; in games without a table, the
    turn passed to another seat)."""

    index: int
    seat: int | None
    words: str
    bout_start: bool


@dataclass
class Replay:
    """A game file's moves and, when the audit opened every face, the game after each."""

    steps: list[ReplayStep]
    opened: bool
    """Whether the audit revealed every face (then `state` shows every card)."""
    why: str
    """One line: why faces are shown or not (and where a replay stopped, if it did)."""
    start_game: Any = None
    _snapshots: dict[int, Any] = field(default_factory=dict)
    _apply: Any = None

    @property
    def playable(self) -> bool:
        """The engine can show the table at every step (`state` works)."""
        return self.start_game is not None

    def state(self, i: int) -> Any:
        """The engine game after step `i` (-1: as dealt, before the first move); ValueError
        when this replay holds no game (`playable`) or `i` is out of range."""
        if self.start_game is None:
            raise ValueError(self.why)
        if not -1 <= i < len(self.steps):
            raise ValueError(f"no step {i}: the game has {len(self.steps)} moves")
        base = max((k for k in self._snapshots if k <= i), default=-1)
        game = (self._snapshots[base] if base >= 0 else self.start_game).clone()
        for k in range(base + 1, i + 1):
            self._apply(game, k)
            if (k + 1) % SNAPSHOT_EVERY == 0:
                self._snapshots[k] = game.clone()
        return game


def replay_game_file(gf: GameFile, opened: OpenedGame | None = None) -> Replay:
    """The replay of a game file (`opened`: its deals already opened by the verifier, so no
    proof is checked twice). A file that cannot be replayed gives a replay of words only."""
    steps_words = [(entry_seat(e), str(e.get("a", "?"))) for e in gf.log]
    try:
        opened = opened or open_game(gf, check_proofs=False)
    except (ValueError, DealingError) as exc:
        return _words_only(steps_words, f"the deals cannot be read: {exc}")
    full = opened.deck is not None
    try:
        start, apply = _engine_replay(gf, opened) if full else _hidden_replay(gf, opened)
    except (EngineError, ParseError, ValueError, KeyError) as exc:
        if full:
            return _words_only(steps_words, f"the opened deck cannot be dealt: {exc}")
        return _words_only(steps_words, f"{_unopened(opened)}; the table cannot be shown: {exc}")
    replay = Replay([], full, "", start, {}, apply)
    game = start.clone()
    steps: list[ReplayStep] = []
    for index, (seat, words) in enumerate(steps_words):
        before = _table_size(game)
        previous_seat = steps[-1].seat if steps else None
        try:
            apply(game, index)
        except (EngineError, ParseError, ValueError, KeyError) as exc:
            replay.why = f"the replay stops at move {index} ({words}): {exc}"
            break
        after = _table_size(game)
        if before is not None and after is not None:
            bout = before == 0 and after > 0
        else:
            bout = seat != previous_seat
        steps.append(ReplayStep(index, seat, words, index == 0 or bool(bout)))
        if (index + 1) % SNAPSHOT_EVERY == 0:
            replay._snapshots[index] = game.clone()
    replay.steps = steps
    if full:
        replay.why = replay.why or "the audit opened every card: every hand is shown"
    else:
        stop = f"; {replay.why}" if replay.why else ""
        replay.why = (
            f"{_unopened(opened)}: only the cards shown to every seat are open, the rest are "
            f"shown as backs{stop}"
        )
    return replay


def _unopened(opened: OpenedGame) -> str:
    """Why the audit opened no complete deck, in words."""
    return "no full audit (" + ("; ".join(opened.closed) or "the deck was never opened") + ")"


def _hidden_replay(gf: GameFile, opened: OpenedGame) -> tuple[Any, Any]:
    """The game as the table kept it, every face hidden but those shown to every seat (the
    file's `public_faces` and the faces the moves name), revealed when the table showed them;
    past a re-deal, as at the table: the re-dealt slots hold new cards, backs until shown."""
    adapter, config = opened.adapter, opened.config
    first = gf.start.first
    if first is None:
        raise ValueError("the game never started")
    faces = {source: Card.parse(text) for source, text in gf.public_faces.items()}
    initial: list[tuple[int, int]] = [
        (deal, position) for deal, position in gf.start.initial_sources
    ] or [(0, slot) for slot in range(len(adapter.deck))]
    dealt = DealtLayout(initial, list(gf.start.reshuffle_deals))
    everyone = (1 << config.players) - 1
    masks = adapter.plan(config).start_masks
    shown = set(adapter.start_openings(first)) | {p for p in gf.start.claims if isinstance(p, int)}
    shown |= {slot for slot, mask in enumerate(masks) if mask == everyone}
    shown_at_start = {
        slot: faces[initial[slot]]
        for slot in shown
        if 0 <= slot < len(initial) and initial[slot] in faces
    }
    start = adapter.new_hidden(0, first, gf.start.trump, config.dealer, shown_at_start)
    for slot, card in shown_at_start.items():
        if start.faces[slot] is None:
            start.reveal(slot, card)

    def apply_hidden(game: Any, index: int) -> None:
        sources = dealt.before(index)

        def face(slot: int) -> Card | None:
            return faces.get(sources[slot]) if 0 <= slot < len(sources) else None

        entry = gf.log[index]
        action = adapter.parse(str(entry.get("a")))
        positions = [p for p in entry.get("pos") or [] if isinstance(p, int)]
        for slot, _ in adapter.turned_up(game, action):
            card = face(slot)
            if card is not None and game.faces[slot] is None:
                game.reveal(slot, card)
        for position, claimed in zip(
            positions, adapter.claimed_faces(action, positions), strict=False
        ):
            card = claimed or face(position)
            if card is not None and game.faces[position] is None:
                game.reveal(position, card)
        events = game.apply(action)
        redealt = adapter.redealt(events)
        if redealt:
            sources = dealt.redeal(index, redealt)
        for slot, known in enumerate(game.known):
            card = face(slot)
            if known == everyone and game.faces[slot] is None and card is not None:
                game.reveal(slot, card)

    return start, apply_hidden


class DealtLayout:
    """Where each slot's card was dealt (deal, position) before each move: the start's layout,
    changed by each re-deal as the table changes it (`Openings.reshuffle`: the k-th re-deal's
    sub-deck holds the shuffled slots in order)."""

    def __init__(self, initial: list[tuple[int, int]], reshuffle_deals: list[int]) -> None:
        self.initial = initial
        self.reshuffle_deals = reshuffle_deals
        self.after: dict[int, tuple[list[tuple[int, int]], int]] = {}
        """The layout after each move that re-dealt, and the re-deals so far, by move index."""

    def before(self, index: int) -> list[tuple[int, int]]:
        """The layout before move `index` (every earlier move already applied once)."""
        return self._state_before(index)[0]

    def _state_before(self, index: int) -> tuple[list[tuple[int, int]], int]:
        """The layout before move `index` and how many re-deals made it."""
        last = max((k for k in self.after if k < index), default=None)
        return (self.initial, 0) if last is None else self.after[last]

    def redeal(self, index: int, redealt: list[tuple[int, ...]]) -> list[tuple[int, int]]:
        """Move `index` re-dealt these slot groups: the layout after it (ValueError when the
        file names fewer re-deals than the moves make)."""
        if index not in self.after:
            layout, done = self._state_before(index)
            sources = list(layout)
            for slots in redealt:
                if done >= len(self.reshuffle_deals):
                    raise ValueError("the moves re-deal more often than the file's deals")
                deal = self.reshuffle_deals[done]
                done += 1
                for position, slot in enumerate(slots):
                    sources[slot] = (deal, position)
            self.after[index] = (sources, done)
        return self.after[index][0]


def _words_only(steps_words: list[tuple[int | None, str]], why: str) -> Replay:
    """A replay of the moves in words, with no game to show."""
    steps = [
        ReplayStep(i, seat, words, i == 0 or seat != steps_words[i - 1][0])
        for i, (seat, words) in enumerate(steps_words)
    ]
    return Replay(steps, False, why)


def _engine_replay(gf: GameFile, opened: OpenedGame) -> tuple[Any, Any]:
    """The game as dealt with every face open, and `apply(game, index)` for log entry index."""
    adapter, config = opened.adapter, opened.config
    first = gf.start.first
    if first is None:
        raise ValueError("the game never started")
    deck = [Card.parse(text) for text in opened.deck or []]
    start = adapter.replay_from_deck(first, deck, opened.redeals, config.dealer, gf.start.trump)

    def apply_logged(game: Any, index: int) -> None:
        adapter.apply_logged(game, index, gf.log[index])

    return start, apply_logged


def _table_size(game: Any) -> int | None:
    """Cards (or rows) on the table, for games that have one; None otherwise."""
    table = getattr(game, "table", None)
    return len(table) if isinstance(table, list) else None


__all__ = [
    "NO_SEAT",
    "DealtLayout",
    "Replay",
    "ReplayStep",
    "replay_game_file",
]
