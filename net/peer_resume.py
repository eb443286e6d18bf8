"""Resuming from journals: which unfinished games of a table this peer can resume, and a game
rebuilt from its journal (the inputs replayed into a new core) that carries on."""

from __future__ import annotations

import logging
import time
from pathlib import Path

from net.game_run import GameRun, away_too_long
from net.journal import Journal, JournalContents, finished_summaries, replay, unfinished_journals
from net.lobby import LobbyClient, LobbyHost, check_move_timer
from net.peer_base import PeerBase
from net.peer_settings import PeerSettings

logger = logging.getLogger("net.peer")


def resumable_journals(settings: PeerSettings, key: bytes) -> list[tuple[Path, JournalContents]]:
    """The unfinished journals of the settings' table written by the identity `key` (of the
    settings' host only, when they name one), oldest game first."""
    resumable = list(unfinished_journals(settings.journal_dir, settings.table_name))
    resumable = [(p, c) for p, c in resumable if bytes(c.header["key"]) == key]
    if settings.host_key is not None:  # another table of that name is not ours
        resumable = [(p, c) for p, c in resumable if c.header.get("host_key") == settings.host_key]
    return resumable


class JournalResume(PeerBase):
    """Carries on the games a journal says this peer was playing when it stopped."""

    def _resume(self, path: Path, contents: JournalContents) -> None:
        """Rebuild a game from its journal and carry on."""
        header = contents.header
        journal, contents = Journal.reopen(path)
        journal.sync_each = False
        started = time.perf_counter()
        core = replay(contents, self.identity)
        start = contents.start
        config = start.config
        logger.info(
            "resumed game %d of table %r from %s: %d inputs replayed in %.2f s, log has %d moves",
            config.game_no,
            config.table_id,
            path,
            len(contents.inputs),
            time.perf_counter() - started,
            len(core.entries),
        )
        self.table_id = config.table_id
        self.host_key = bytes(header["host_key"]) if header.get("host_key") else None
        if self.games_total is None and header.get("games"):
            self.games_total = int(header["games"])
        seat_of = {s.key: i for i, s in enumerate(config.seats)}
        run = GameRun(start, core, journal, float(header["epoch"]), contents.last_now, seat_of)
        if not self.results:
            self.results = finished_summaries(self.settings.journal_dir, config.table_id)
        self.games[config.game_no] = run
        if core.game is not None:
            run.dealt = True
        if self.hosting:
            self.lobby_host = LobbyHost(
                self.settings.table_name,
                config.table_id,
                self.key,
                config.variant,
                dict(config.options),
                config.players,
                self.games_total or 1,
                move_timer=check_move_timer(header.get("move_timer", self.settings.move_timer)),
            )
            self.lobby_host.resume(start)
            self._spawn(self._publish())
        else:
            assert self.host_key is not None
            self.lobby_client = LobbyClient(self.key, self.host_key)
        self._mesh(run)
        away = time.time() - (run.epoch + run.last_now)
        if core.over is None and not contents.can_go_on(time.time()):
            logger.warning(
                "game %d: this seat was away %.0f s, longer than the resume window (%.0f s): "
                "the others went on without it; it is the fool by forfeit",
                config.game_no,
                away,
                core.resume_window,
            )
            self._route(run, [away_too_long(run)])  # a client hears of the end too
        elif core.over is not None:
            self._game_over(run, core.over)
