"""The client side of family 3: which registered game kinds have a view, their names, and
whether a LAN table can deal them.

A family-3 game (`engine.games.GameKind`) is shown in the client through one module that
defines `CLIENT`, a `Family3Client`, named by its game's registry entry (`engine.games`).

How to add a family-3 view (road, cross, round, pagons, joker-rummy, ...):

1. Write `durak_qt/games/<game>/view.py` with a pure layout of the middle of the table: a
   function (observation, `durak_qt.table.piles.TableFrame`, face namer) -> list of `Pile`s
   (cards with their places, badges, what a click on each means: its `Pile.intents`), tested
   without widgets (tests/qt/test_table_piles.py); and gather it with the game's other pure
   functions (its status line, tooltips, keys, picks, choosers; tests/qt/test_family3_views.py)
   in one `VIEW = GameView(...)` (`durak_qt.table.game_view`), which the one scene
   (`durak_qt.table.scene.TableScene`) calls; the hand, the other seats' card backs,
   the name plates, keyboard focus and the buttons are the scene's. The observation needs `seat`,
   `players`, `hand`, `hands`, `to_act`, `over` and `legal` (actions with a `kind` and, for a
   card play, a `card`); `hand_sizes` when `hands` does not list every card. What a click on a
   hand card, a Ctrl-click and a button mean are the view's pure functions (`hand_intent`,
   `hand_alt_intent`, `button_intent`), each answering a legal action or a choice: a move built
   of several cards (round fool's lead) picks cards with `durak_qt.table.piles.Pick` and plays
   them with its button's intent; a card that plays on one of several targets aims first with an
   `Aim` on each target (the round and pagons views).
2. In the same module (or a `words.py` beside it) give every preset id a name and a
   one-line description with `QT_TRANSLATE_NOOP("Variants", ...)`, and a
   `describe_events(events, name_of, observation)` that writes the events of one action
   as sentences.
3. Define `CLIENT = Family3Client(...)` with `table_view=VIEW` and name it in the game's registry entry
   (`GameEntry.view_path` in `engine.games.ENTRIES`; docs/adding-a-game.md).
4. Add the game's rules page: docs/rules.md's section is turned into resources/rules/en.md by
   `python -m durak_qt.dialogs.rules_help` (see `durak_qt.games.family3.rules`); translate it into
   resources/rules/ru.md, and the strings into resources/i18n/durak_ru.ts.

The local match against bots (`durak_qt.games.family3.local_game`), the page with the log and the
game-over points (`durak_qt.games.family3.window`) and the create-table dialog need nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication

from durak_qt.table.game_view import GameView
from engine import games
from engine.games import GameEntry, GameKind, kind_for, kind_of


@dataclass(frozen=True)
class ButtonSpec:
    """A button beside your hand that plays the one legal action of `kind` (e.g. "pass")."""

    kind: str
    label: object  # QT_TRANSLATE_NOOP("Family3", "Pass (P)"): translated when shown
    tip: object
    key: int  # the Qt key that presses it (a Latin letter: any layout reaches it)
    colour: str = "button_play"  # the palette role of its fill


@dataclass(frozen=True)
class Family3Client:
    """How the client shows one family-3 game kind."""

    kind: str  # the engine kind's name (GameKind.name)
    titles: Mapping[str, object]  # preset id -> name (QT_TRANSLATE_NOOP, context "Variants")
    descriptions: Mapping[str, object]  # preset id -> one line (same context)
    table_view: GameView  # how its table is drawn and played, by the one scene
    describe_events: Callable[..., list[str]]  # (events, name_of, observation) -> sentences
    make_match: Callable[[Any, int], Any]  # (rules, players) -> engine.points_match.PointsMatch
    buttons: Sequence[ButtonSpec] = field(default_factory=tuple)
    merge_events: Callable[..., list[Any] | None] | None = None  # (earlier, new) -> one line
    play_events: frozenset[str] = frozenset()  # event kinds that put a card down ("play" sound)
    points_rule: object = None  # the game-over panel's line on the points (QT_TRANSLATE_NOOP,
    # context "Family3OverPanel"); None: czech's "the cards left in hand"

    def make_scene(self, art: Any, parent: Any = None) -> Any:
        """The one table scene (`durak_qt.table.scene.TableScene`) drawing this game as its
        `table_view` says."""
        from durak_qt.table.scene import TableScene

        return TableScene(art, parent, self.table_view)


_CLIENTS: dict[tuple[GameEntry, ...], list[Family3Client]] = {}


def clients() -> list[Family3Client]:
    """Every game whose registry entry's view is a `Family3Client`, in the registry's order."""
    registry = games.entries()
    if registry not in _CLIENTS:
        views = [found.view() for found in registry]
        _CLIENTS[registry] = [view for view in views if isinstance(view, Family3Client)]
    return _CLIENTS[registry]


def client_for(variant: object) -> Family3Client | None:
    """The view of a family-3 preset id; None for Durak or a game with no view yet."""
    kind = kind_of(variant)
    if kind is None:
        return None
    return next((client for client in clients() if client.kind == kind.name), None)


def game_kind(variant: str) -> GameKind:
    """The engine kind of a preset id, any game's (ValueError for an id no game has)."""
    return kind_for(variant)


def family3_variants() -> list[tuple[str, int, int, str]]:
    """(id, fewest players, most players, engine description) of every family-3 preset the
    client can show; the seat limits are the ones the engine's rules accept (2 to 6 at most)."""
    found: list[tuple[str, int, int, str]] = []
    for client in clients():
        kind = next((k for k in _kinds() if k.name == client.kind), None)
        if kind is None:
            continue
        for variant in kind.ids():
            rules = kind.get_rules(variant)
            seats = [n for n in range(2, 7) if _seats_ok(rules, n)]
            if seats:
                found.append((variant, seats[0], seats[-1], str(getattr(rules, "description", ""))))
    return found


def seat_counts(variant: str) -> list[int]:
    """The table sizes (2 to 6) the rules of a preset accept."""
    rules = game_kind(variant).get_rules(variant)
    return [n for n in range(2, 7) if _seats_ok(rules, n)]


def _kinds() -> list[GameKind]:
    from engine.games import kinds

    return kinds()


def _seats_ok(rules: Any, players: int) -> bool:
    try:
        rules.check_players(players)
    except Exception:  # the engine says no (ParseError, ValueError)
        return False
    return True


def family3_title(variant: str) -> str | None:
    """The name of a family-3 preset in the interface language; None when it is not one."""
    client = client_for(variant)
    if client is None:
        return None
    title = client.titles.get(variant.strip().lower())
    return QCoreApplication.translate("Variants", str(title)) if title else None


def family3_description(variant: str) -> str | None:
    """The one-line description of a family-3 preset; None when it is not one."""
    client = client_for(variant)
    if client is None:
        return None
    text = client.descriptions.get(variant.strip().lower())
    return QCoreApplication.translate("Variants", str(text)) if text else None


def lan_table_problem(variant: str, seats: int = 2) -> str:
    """Why a LAN table cannot deal this game yet ("" once it can).

    Net decides, read-only: the lobby must accept the game for a table of `seats`
    (`net.lobby.check_rules`, what hosting asks) and the table must deal it (its game adapter's
    `unsupported()` where `net.table.game_adapter` exists, else `net.table.deals.table_support`).
    While net knows nothing of the game, asking fails, and it is offered against bots only.
    """
    game_kind(variant)
    unsupported = QCoreApplication.translate(
        "Family3", "a LAN table does not deal this game yet; play it here against bots"
    )
    try:
        from net.lobby import check_rules

        check_rules(variant, {}, seats)
        problem = _table_problem(variant, seats)
    except Exception:  # net cannot read this game: it does not deal it
        return unsupported
    return "" if problem is None else str(problem)


def _table_problem(variant: str, seats: int) -> str | None:
    """What the table itself says of this game (None: it deals it)."""
    try:
        from net.table import game_adapter  # type: ignore[attr-defined, unused-ignore]
    except ImportError:  # a table without game adapters deals by the Durak rules alone
        from net.table.deals import table_support

        return table_support(game_kind(variant).get_rules(variant))
    from net.table.config import SeatInfo, TableConfig

    config = TableConfig(
        "support",
        0,
        variant,
        (),
        tuple(SeatInfo(f"seat {n}", bytes(32)) for n in range(seats)),
    )
    problem: str | None = game_adapter.adapter_for(config).unsupported()
    return problem
