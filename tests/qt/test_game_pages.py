"""The main window opens a game on the pages its registry entry names (`GameEntry.pages_path`,
`durak_qt.games.pages`): a local game, a LAN table and a join by address that learnt its game
go where the entry says, Durak's included, and the window asks nothing else."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import pytest

from durak_qt.main_window import MainWindow, TablePages
from durak_qt.settings import Settings
from engine import games


class RecordingPages(TablePages):
    """A `GamePages` that writes down what the window asked of it (a replay's or a watch's
    table, display and log words: Durak's)."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def play_local(
        self,
        window: Any,
        variant: str,
        players: int,
        options: dict[str, Any] | None,
        move_timer: int,
        bot: str,
    ) -> None:
        self.calls.append(("local", variant, players, options, move_timer, bot))

    def open_lan(self, window: Any, settings: Any, variant: str, bots: int, bot: str) -> None:
        self.calls.append(("lan", variant, settings.table_name, bots, bot))

    def carry_on_join(self, window: Any, game: Any, state: Any) -> None:
        self.calls.append(("join", state.variant, game))


RECORDER = RecordingPages()


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> RecordingPages:
    """Durak's registry entry names `RECORDER` as its pages (the registry restored after)."""
    durak = next(found for found in games.entries() if found.name == games.DURAK)
    ours = dataclasses.replace(durak, pages_path=f"{__name__}:RECORDER")
    monkeypatch.setattr(games, "ENTRIES", games.with_entries(ours))
    RECORDER.calls.clear()
    return RECORDER


@pytest.fixture
def window(qtbot: Any, settings: Settings) -> MainWindow:
    main = MainWindow(settings, bot_delay_ms=0)
    qtbot.addWidget(main)
    return main


def test_a_local_game_opens_on_the_pages_of_its_entry(
    window: MainWindow, recorded: RecordingPages
) -> None:
    window.play_against_bots("throw-in", 2, {"pairs": False}, 30, "random")
    assert recorded.calls == [("local", "throw-in", 2, {"pairs": False}, 30, "random")]
    assert window.game is None and window.stack.currentWidget() is window.lobby


def test_a_lan_table_opens_on_the_pages_of_its_entry(
    window: MainWindow, recorded: RecordingPages
) -> None:
    window.lan = True
    options = SimpleNamespace(
        name="Kitchen", variant="transfer", seats=3, rules=(), password="", bots=2,
        bot="random", move_timer=0, spectators=8, spectator_chat=True,
    )  # fmt: skip
    window.host_lan_table(options)
    listing = SimpleNamespace(name="Attic", host_key=bytes(32), password=False, variant="Throw-In")
    window.join_lan_table(listing)
    assert recorded.calls == [
        ("lan", "transfer", "Kitchen", 2, "random"),
        ("lan", "Throw-In", "Attic", 0, "heuristic"),
    ]
    assert window.game is None


def test_a_join_by_address_carries_on_where_its_entry_says(
    window: MainWindow, recorded: RecordingPages
) -> None:
    """The host's lobby named the game: its entry's pages carry the join on; a game unknown
    here stays on the table page, which takes the seat."""
    joined = SimpleNamespace(kept=0)
    joined.keep_page = lambda: setattr(joined, "kept", joined.kept + 1)
    window.game = joined  # type: ignore[assignment]
    window._variant_learned(joined, SimpleNamespace(variant="throw-in"))
    assert recorded.calls == [("join", "throw-in", joined)] and joined.kept == 0
    window._variant_learned(joined, SimpleNamespace(variant="no-such-game"))
    assert joined.kept == 1 and window.game_variant == "no-such-game"
    window._variant_learned(SimpleNamespace(), SimpleNamespace(variant="throw-in"))
    assert len(recorded.calls) == 1  # a join the window has left behind is not carried on
    window.game = None


def test_a_table_whose_game_is_not_known_here_opens_on_the_table_page(
    window: MainWindow, recorded: RecordingPages, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Joined by address (no game named yet) or from a row of a game this client lacks, the
    table page opens and learns the game from the host's lobby; a local game of it is refused."""
    opened: list[Any] = []
    monkeypatch.setattr(window, "open_on_table_page", lambda *args: opened.append(args))
    window.lan = True
    target = SimpleNamespace(table_name="Attic", address=("127.0.0.1", 4000), host_key=None)
    window.join_at(target)
    listing = SimpleNamespace(name="Den", host_key=bytes(32), password=False, variant="poker-x")
    window.join_lan_table(listing)
    assert [args[0].table_name for args in opened] == ["Attic", "Den"] and not recorded.calls
    with pytest.raises(ValueError, match="no-such-game"):
        window.play_against_bots("no-such-game")
    assert window.game is None and not recorded.calls


def test_every_entry_s_pages_open_its_local_game_on_its_own_page(
    window: MainWindow,
) -> None:
    """Through the real registry: Durak's presets on the window's table page, every other
    game's on its family-3 page (the first preset of each kind, at its fewest seats)."""
    from durak_qt.games.family3.window import Family3Page
    from durak_qt.main_window import GamePage

    window.game_seed = 7
    for found in games.entries():
        kind = found.kind()
        variant = "throw-in" if found.name == games.DURAK else kind.ids()[0]
        players = next(n for n in range(2, 7) if _seats_ok(kind.get_rules(variant), n))
        window.play_against_bots(variant, players, bot="random")
        shown = window.stack.currentWidget()
        page = GamePage if found.name == games.DURAK else Family3Page
        assert isinstance(shown, page), (found.name, type(shown))
        assert window.game is not None and window.game_variant == variant
        window.back_to_lobby()


def _seats_ok(rules: Any, players: int) -> bool:
    try:
        rules.check_players(players)
    except ValueError:
        return False
    return True
