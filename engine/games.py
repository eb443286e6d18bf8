"""The registry of games: one `GameEntry` per game, Durak included, found by preset id.

Each entry names by dotted path ("package.module" or "package.module:attribute") the game's
engine (a module defining `KIND`, a `GameKind`), its LAN table adapter, its client view, its
rules page, its bots and the client's pages (how the main window opens its local game and its
LAN table): strings, so `engine` imports neither `net` nor `durak_qt`. Durak
(families 1 and 2: `engine.game.Game`, presets in `engine.rules`) is the kind
`engine.durak.kind`; every other game lives in a package of its own. The simulator, the scenario
runner, the table and the client find a game here. docs/adding-a-game.md says how to add one.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from engine.actions import Event
from engine.errors import ParseError


def load(dotted: str) -> Any:
    """The object a dotted path names: "pkg.module" is the module, "pkg.module:attr.sub" an
    attribute of it (ImportError or AttributeError when it does not exist)."""
    module_name, _, attributes = dotted.partition(":")
    found: Any = importlib.import_module(module_name)
    for name in attributes.split(".") if attributes else ():
        found = getattr(found, name)
    return found


@dataclass(frozen=True)
class GameEntry:
    """One game of the registry; every part named by a dotted path (`load`)."""

    name: str  # the kind's name (`GameKind.name`): "durak", "road", "joker-rummy", ...
    engine_path: str  # the module that defines `KIND`, the game's `GameKind`
    adapter_path: str  # (TableConfig) -> a net.table.game_adapter.GameAdapter; "": no table yet
    view_path: str  # the client's view of the game (a durak_qt Family3Client, or Durak's scene)
    rules_page: str  # "docs/rules.md#anchor": the section of the rules the game plays
    bots_path: str  # (bot name, seed) -> a bot: the kind's `make_bot`
    pages_path: str = ""  # the client's pages: a durak_qt.games.pages.GamePages; "": none

    def kind(self) -> GameKind:
        """The game's engine kind (imports its package)."""
        kind: GameKind = load(f"{self.engine_path}:KIND")
        return kind

    def adapter(self) -> Callable[[Any], Any]:
        """The table adapter's factory, (TableConfig) -> GameAdapter (ValueError: no table)."""
        if not self.adapter_path:
            raise ValueError(f"{self.name} is not dealt at a LAN table yet")
        factory: Callable[[Any], Any] = load(self.adapter_path)
        return factory

    def view(self) -> Any:
        """The client's view of the game (imports Qt)."""
        return load(self.view_path)

    def pages(self) -> Any:
        """How the client's window opens the game's pages (imports Qt); ValueError when the
        client opens none (`pages_path` empty)."""
        if not self.pages_path:
            raise ValueError(f"the client opens no page of {self.name}")
        return load(self.pages_path)


ENTRIES: tuple[GameEntry, ...] = (
    GameEntry(
        name="durak",
        engine_path="engine.durak.kind",
        adapter_path="net.table.durak_adapter:durak_table_adapter",
        view_path="durak_qt.table.scene:TableScene",
        rules_page="docs/rules.md#rules-of-durak-as-this-game-plays-them",
        bots_path="engine.bots:make_bot",
        pages_path="durak_qt.main_window:TABLE_PAGES",
    ),
    GameEntry(
        name="czech",
        engine_path="engine.czech.kind",
        adapter_path="net.table.czech_adapter:CzechAdapter",
        view_path="durak_qt.games.czech.view:CLIENT",
        rules_page="docs/rules.md#czech-fool-mau-mau-family-3-czech-and-czech-1-to-czech-9",
        bots_path="engine.bots.czech_heuristic:make_czech_bot",
        pages_path="durak_qt.games.family3.pages:FAMILY3_PAGES",
    ),
    GameEntry(
        name="road",
        engine_path="engine.road.kind",
        adapter_path="net.table.road_adapter:RoadAdapter",
        view_path="durak_qt.games.road.view:CLIENT",
        rules_page="docs/rules.md#road-fool-family-3-road",
        bots_path="engine.road.bots:make_road_bot",
        pages_path="durak_qt.games.family3.pages:FAMILY3_PAGES",
    ),
    GameEntry(
        name="round",
        engine_path="engine.round.kind",
        adapter_path="net.table.round_adapter:RoundAdapter",
        view_path="durak_qt.games.round.view:CLIENT",
        rules_page="docs/rules.md#complete-round-fool-family-3-round",
        bots_path="engine.round.bots:make_round_bot",
        pages_path="durak_qt.games.family3.pages:FAMILY3_PAGES",
    ),
    GameEntry(
        name="cross",
        engine_path="engine.cross.kind",
        adapter_path="net.table.cross_adapter:CrossAdapter",
        view_path="durak_qt.games.cross.view:CLIENT",
        rules_page="docs/rules.md#cross-fool-family-3-cross",
        bots_path="engine.cross.bots:make_cross_bot",
        pages_path="durak_qt.games.family3.pages:FAMILY3_PAGES",
    ),
    GameEntry(
        name="pagons",
        engine_path="engine.pagons.kind",
        adapter_path="net.table.pagons_adapter:PagonsAdapter",
        view_path="durak_qt.games.pagons.view:CLIENT",
        rules_page="docs/rules.md#durak-with-pagons-family-3-pagons",
        bots_path="engine.pagons.bots:make_pagons_bot",
        pages_path="durak_qt.games.family3.pages:FAMILY3_PAGES",
    ),
    GameEntry(
        name="joker-rummy",
        engine_path="engine.rummy.kind",
        adapter_path="net.table.rummy_adapter:RummyAdapter",
        view_path="durak_qt.games.rummy.view:CLIENT",
        rules_page="docs/rules.md#joker-rummy-with-jokers-family-3-joker-rummy",
        bots_path="engine.rummy.bots:make_rummy_bot",
        pages_path="durak_qt.games.family3.pages:FAMILY3_PAGES",
    ),
)
"""Every game, one entry each, in listing order: the order the client offers them (Durak first:
its presets are asked most, and finding one imports no other game's package). Tests swap it
with `with_entries`."""

DURAK = "durak"
"""The name of Durak's kind (families 1 and 2)."""


def with_entries(*extra: GameEntry) -> tuple[GameEntry, ...]:
    """`ENTRIES` with `extra` in place of the entries of the same name, the others appended
    (a test sets `ENTRIES` to it with monkeypatch: the caches follow `ENTRIES`)."""
    by_name = {entry.name: entry for entry in extra}
    kept = tuple(by_name.pop(entry.name, entry) for entry in ENTRIES)
    return kept + tuple(by_name.values())


def without_table(name: str) -> tuple[GameEntry, ...]:
    """`ENTRIES` with the game `name` dealt at no LAN table (for tests of the refusal)."""
    found = next(entry for entry in ENTRIES if entry.name == name)
    return with_entries(replace(found, adapter_path=""))


class FamilyGame(Protocol):
    """What every game engine offers (Durak's `Game` has the same names).

    Hidden cards are slots: `faces[slot]` is a card and `known[slot]` the bitmask of seats that
    may see it (`engine.hidden.HiddenCardGame` is the base every family-3 engine builds on).
    `fool` is the seat that lost (None: nobody, or not over). An action is a
    NamedTuple whose first field is `seat`, and `str(action)` is its canonical text
    ("0 play 7H"), read back by the kind's `parse_action`.
    """

    @property
    def players(self) -> int:
        """Number of seats."""

    @property
    def over(self) -> bool:
        """Whether the game has ended."""

    @property
    def fool(self) -> int | None:
        """The seat that lost; None when nobody did or the game is not over."""

    @property
    def log(self) -> Sequence[Any]:
        """Every action applied so far, in order."""

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that may act now."""

    def legal_actions(self, seat: int) -> list[Any]:
        """Every action `seat` may take now."""

    def apply(self, action: Any) -> list[Event]:
        """Apply a legal action (IllegalAction with a reason otherwise, nothing changed)."""

    def observation(self, seat: int) -> Any:
        """Exactly what `seat` may know now."""

    def public_observation(self) -> Any:
        """What someone without a seat may know now (a spectator): faces open to every seat."""

    def open_observation(self) -> Any:
        """The game with every face known here shown (a replay after the audit)."""

    def clone(self) -> FamilyGame:
        """An independent copy."""

    def resample(self, seat: int, rng: random.Random) -> FamilyGame:
        """A copy whose faces unknown to `seat` are dealt again at random, consistently."""

    def winners(self) -> list[int]:
        """Seats that won a finished game."""

    @property
    def result(self) -> dict[str, object]:
        """The outcome as plain data."""

    def state_hash(self) -> str:
        """SHA-256 of the whole state."""

    def public_hash(self) -> str:
        """SHA-256 of what every seat knows."""

    def information_state_key(self, seat: int) -> str:
        """Equal for two games exactly when `seat` cannot tell them apart."""


@dataclass(frozen=True)
class GameKind:
    """One game's engine: its presets and how to make, play and check a game."""

    name: str  # "durak", or the family-3 id of `../shared/variants.md` (czech, road, ...)
    ids: Callable[[], list[str]]  # every preset id of this game
    get_rules: Callable[..., Any]  # (preset id, **overrides) -> rules (.id, .check_players)
    new_game: Callable[[Any, int, random.Random], FamilyGame]  # (rules, players, rng)
    bots: Sequence[str]  # bot names `make_bot` knows ("random", "heuristic", ...)
    make_bot: Callable[[str, int], Any]  # (name, seed) -> a bot: .choose(game, seat) -> action
    parse_action: Callable[[str], Any]  # canonical action text -> action (ParseError)
    run_scenario: Callable[[dict[str, Any], str], list[Any]]  # (data, path) -> failures
    aliases: Callable[[], Sequence[str]] = tuple  # other names of its presets (lower case)
    rule_options: Callable[[Any], Sequence[str]] = lambda rules: ()
    """(rules) -> the options of a preset's rules a player may change when he opens a table
    (field names of its rules; none: the preset is played as it is)."""
    counts_points: bool = False  # a match adds up its results' `points` (Durak's counts fools)
    move_timer: bool = False  # a table of this game runs the move timer (Durak's does)
    start_claims: Callable[[Any], list[tuple[int, str, str]]] = lambda game: []
    """(game) -> what the seats claimed about hidden cards at the start of `game`, as
    (seat, claim kind, text): a game file keeps them for the audit (none: the game has none)."""


class _Caches:
    """What the registry found, valid while `ENTRIES` is the tuple it was found in."""

    def __init__(self, entries: tuple[GameEntry, ...]) -> None:
        self.entries = entries
        self.kinds: dict[str, GameKind] = {}  # entry name -> its kind, imported when asked
        self.by_text: dict[str, GameEntry | None] = {}  # asked text -> its entry


_CACHES = _Caches(ENTRIES)


def _caches() -> _Caches:
    global _CACHES
    if _CACHES.entries is not ENTRIES:  # (a test swapped the registry: start afresh)
        _CACHES = _Caches(ENTRIES)
    return _CACHES


def entries() -> tuple[GameEntry, ...]:
    """Every registry entry, in listing order."""
    return ENTRIES


def _kind_of_entry(found: GameEntry) -> GameKind:
    caches = _caches()
    kind = caches.kinds.get(found.name)
    if kind is None:
        kind = caches.kinds[found.name] = found.kind()
    return kind


def kinds() -> list[GameKind]:
    """Every registered game kind, Durak's included, in listing order."""
    return [_kind_of_entry(found) for found in ENTRIES]


def all_ids() -> list[str]:
    """Every preset id of every game, in listing order (Durak's presets first)."""
    return [variant for kind in kinds() for variant in kind.ids()]


def family3_ids() -> list[str]:
    """Every preset id of the games other than Durak (the ones `../shared/variants.md` calls
    family 3), in listing order."""
    return [variant for kind in kinds() if kind.name != DURAK for variant in kind.ids()]


def entry(variant: object) -> GameEntry | None:
    """The registry entry of a preset id or alias (any case, spaces around); None if unknown."""
    if not isinstance(variant, str):
        return None
    caches = _caches()
    try:
        return caches.by_text[variant]  # (asked once per game: remembered by the text asked)
    except KeyError:
        pass
    key = variant.strip().lower()
    found = None
    for candidate in ENTRIES:  # (in order, importing a game only when the earlier lack the id)
        kind = _kind_of_entry(candidate)
        if key in kind.ids() or key in kind.aliases():
            found = candidate
            break
    if len(caches.by_text) < 1024:
        caches.by_text[variant] = found
    return found


def kind_named(name: str) -> GameKind:
    """The game kind called `name` (`GameKind.name`: "durak", "czech", ...); ValueError if no
    entry has that name."""
    found = next((candidate for candidate in ENTRIES if candidate.name == name), None)
    if found is None:
        raise ValueError(f"no game kind named {name!r}")
    return _kind_of_entry(found)


def kind_of(variant: object) -> GameKind | None:
    """The game kind a preset id or alias belongs to (Durak's included); None if unknown."""
    found = entry(variant)
    return None if found is None else _kind_of_entry(found)


def kind_for(variant: object) -> GameKind:
    """The game kind of a preset id or alias (Durak's included); ParseError if none has it."""
    kind = kind_of(variant)
    if kind is None:
        raise ParseError(f"no variant named {variant!r}")
    return kind


def is_durak(variant: object) -> bool:
    """Whether `variant` is a Durak preset (for the engine's tests: code outside `engine` asks
    the preset's kind instead, and tests/test_registry.py refuses this question there)."""
    found = entry(variant)
    return found is not None and found.name == DURAK
