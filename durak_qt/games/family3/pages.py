"""The pages of every family-3 game (the registry entries' `pages_path`): a match against bots
on `durak_qt.games.family3.window.Family3Page`, a LAN table on
`durak_qt.games.family3.lan_game.Family3LanPage`, each drawn by the entry's `Family3Client`;
a replay and a watch draw the same table (`durak_qt.table.family3_table.new_table`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine import games
from net.peer import PeerSettings


class Family3Pages:
    """A family-3 game's `durak_qt.games.pages.GamePages`."""

    def play_local(
        self,
        window: Any,
        variant: str,
        players: int,
        options: dict[str, Any] | None,
        move_timer: int,
        bot: str,
    ) -> None:
        """A points match against bots (`family3.window.play_family3`); the preset is played as it is
        and without a move timer."""
        from durak_qt.games.family3.window import play_family3

        play_family3(window, variant, players, bot)

    def open_lan(
        self, window: Any, settings: PeerSettings, variant: str, bots: int, bot: str
    ) -> None:
        """The table on the family-3 LAN page, its spectators named in the side panel."""
        from durak_qt.games.family3.lan_game import open_family3_lan

        page = open_family3_lan(window, settings, variant, bots, bot)
        window._show_watchers(page.lan_game, page.side)

    def carry_on_join(self, window: Any, game: Any, state: Any) -> None:
        """The family-3 LAN page carries on the joined peer (`LanGame.hand_over`)."""
        from durak_qt.games.family3.lan_game import open_family3_lan

        open_family3_lan(window, game.settings, state.variant, joined=(game, state))

    def table(self, variant: str, parent: Any = None) -> Any:
        """The family-3 table of the entry's view (`Family3Table`)."""
        from durak_qt.table.family3_table import new_table

        return new_table(view_of(variant), parent)

    def show_display(
        self, table: Any, sort_order: str, card_back: str, card_scale: float, animation_ms: int
    ) -> None:
        """A family-3 table has no move timer and makes no move: only the preferences."""
        table.apply_settings(sort_order, card_back, card_scale, animation_ms)

    def describe_events(
        self,
        variant: str,
        events: Sequence[Any],
        name_of: Callable[[int], str],
        observation: Any,
    ) -> list[str]:
        """The view's own describer (`Family3Client.describe_events`)."""
        return list(view_of(variant).describe_events(list(events), name_of, observation))


def view_of(variant: str) -> Any:
    """The `Family3Client` a family-3 preset's registry entry names (ValueError: no game)."""
    found = games.entry(variant)
    if found is None:
        raise ValueError(f"no game has the preset {variant!r}")
    return found.view()


FAMILY3_PAGES = Family3Pages()
"""The pages every family-3 entry names."""
