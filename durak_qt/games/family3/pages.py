"""The pages of every family-3 game (the registry entries' `pages_path`): a match against bots
on `durak_qt.games.family3.window.Family3Page`, a LAN table on
`durak_qt.games.family3.lan_game.Family3LanPage`, each drawn by the entry's `Family3Client`."""

from __future__ import annotations

from typing import Any

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


FAMILY3_PAGES = Family3Pages()
"""The pages every family-3 entry names."""
