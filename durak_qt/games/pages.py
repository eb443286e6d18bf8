"""How the main window opens a game: each registry entry names its `GamePages`
(`engine.games.GameEntry.pages_path`), so the window asks the entry of a preset and never which
family the game is. Durak's pages are the window's own table page
(`durak_qt.main_window.TABLE_PAGES`); the family-3 games share theirs
(`durak_qt.games.family3.pages.FAMILY3_PAGES`).

The window's watching page and the History's replay viewer show every game on the table its
pages make (`GamePages.table`, read-only there), with the display preferences of a table that
moves for nobody (`show_display`) and the words of its own log (`describe_events`): they ask the
entry's pages too, never which family the game is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine import games
from net.identity import IdentityError, load_identity
from net.journal import JournalError
from net.peer import PeerSettings
from net.peer_resume import resumable_journals


class GamePages(Protocol):
    """How the main window (`window`, a `durak_qt.main_window.MainWindow`) opens one game."""

    def play_local(
        self,
        window: Any,
        variant: str,
        players: int,
        options: dict[str, Any] | None,
        move_timer: int,
        bot: str,
    ) -> None:
        """Start a match of `variant` against bots on this computer and show its page
        (`options`: the rules changed in the dialog; `move_timer`: seconds per move, 0: none;
        `bot`: the level filling the other seats)."""

    def open_lan(
        self, window: Any, settings: PeerSettings, variant: str, bots: int, bot: str
    ) -> None:
        """Host, join or resume (`settings` says which) a LAN table of `variant` and show its
        page; `bots` bots of level `bot` join a table hosted here."""

    def carry_on_join(self, window: Any, game: Any, state: Any) -> None:
        """A join by address (`game`, the window's table page's `durak_qt.lobby.lan_game.
        LanGame`, which takes no seat yet) learnt from the host's lobby `state` that the table
        deals this game (`state.variant`): take the seat on this game's page."""

    def table(self, variant: str, parent: Any = None) -> Any:
        """A new table widget of `variant`'s game as a seat's page shows it (`set_players`,
        `set_observation`, `clear_game`, its `scene` and `view`); a replay or a watch makes its
        scene read-only."""

    def show_display(
        self, table: Any, sort_order: str, card_back: str, card_scale: float, animation_ms: int
    ) -> None:
        """Give a `table` of this game the player's display preferences, as a table that moves
        for nobody (a replay's, a watch's: no move timer, no pass made for the player)."""

    def describe_events(
        self,
        variant: str,
        events: Sequence[Any],
        name_of: Callable[[int], str],
        observation: Any,
    ) -> list[str]:
        """The sentences the live table's log of `variant` writes for the events of one move
        (`name_of`: a seat's name; `observation`: the table after it), in the language of the
        moment; empty when the move says nothing."""


def pages_of(variant: object) -> GamePages | None:
    """The pages of a preset's game, from its registry entry (any case, spaces around); None
    when no game has this id or the client opens no page of it."""
    found = games.entry(variant)
    if found is None or not found.pages_path:
        return None
    pages: GamePages = found.pages()
    return pages


def game_pages(variant: object) -> GamePages:
    """The pages of a preset's game (`pages_of`); ValueError when no game has this id or the
    client opens no page of it."""
    pages = pages_of(variant)
    if pages is None:
        raise ValueError(f"the client shows no game {variant!r}")
    return pages


def same_game(variant: object, other: object) -> bool:
    """Whether two preset ids are presets of one game (one registry entry, so one table)."""
    found = games.entry(variant)
    return found is not None and found == games.entry(other)


def resumed_variant(settings: PeerSettings) -> str | None:
    """The variant of the unfinished game that resuming with `settings` carries on (its
    journal's config, as `net.peer_resume` finds it); None when there is none to read."""
    try:
        key = load_identity(settings.data_dir / "identity.key").public_key
        found = resumable_journals(settings, key)
        return found[-1][1].start.config.variant if found else None
    except (IdentityError, JournalError, OSError, ValueError, KeyError):
        return None  # a journal this client cannot read: the table page shows what it can
