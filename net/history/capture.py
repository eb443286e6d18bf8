"""A finished table game as a game file: only what the table made public, taken from a core."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from engine.games import kind_for
from net.history.gamefile import (
    GAME_FILE_VERSION,
    DealRecord,
    GameFile,
    PlayerRecord,
    ResultRecord,
    StartRecord,
)
from net.table.core import TableCore
from net.table.events import GameOver


def game_file_of(core: TableCore, over: GameOver, created: datetime | None = None) -> GameFile:
    """The game file of a game that ended at `core` with `over`: the configuration, the signed
    log, every deal's signed messages as this seat holds them, the start and the result."""
    config = core.config
    sessions = {deal.session: index for index, deal in enumerate(core.deals) if deal.session}
    deals = []
    for deal in core.deals:
        sources = [
            (sessions.get(session, -1), position) for session, position in deal.context.hidden
        ]
        label = deal.context.label
        deals.append(DealRecord(label, sources, [dict(m) for m in deal.messages()]))
    game = core.game
    claims = start_claims(config.variant, game)
    record = core.claiming.start_record() or {"trump": core.named_trump, "claims": []}
    start = StartRecord(
        trump=record["trump"],
        claims=list(record["claims"]),
        first=core.first,
        game_claims=claims,
        initial_sources=[tuple(s) for s in core.initial_sources],  # type: ignore[misc]
        reshuffle_deals=list(core.reshuffle_deals),
    )
    players = [
        PlayerRecord(seat, info.name, info.key.hex(), bool(info.bot))
        for seat, info in enumerate(config.seats)
    ]
    when = (created or datetime.now(UTC)).astimezone(UTC)
    return GameFile(
        version=GAME_FILE_VERSION,
        created=when.isoformat(timespec="seconds"),
        variant=config.variant,
        config=config.as_wire(),
        players=players,
        start=start,
        log=[dict(entry) for entry in core.entries],
        deals=deals,
        log_hash=over.log_hash,
        result=result_record(over, [p.name for p in players]),
        public_faces=public_faces(core),
    )


def public_faces(core: TableCore) -> dict[tuple[int, int], str]:
    """The faces the table showed to every seat, by where each was dealt (deal, position):
    a slot's present card when opened to everyone or known to every seat by the game (played,
    turned up, shown); a card a re-deal took back, when its deal opened it to every seat."""
    everyone = (1 << core.players) - 1
    game = core.game
    known = list(game.known) if game is not None else []
    opened = core.opened_to
    faces = {
        core.sources[slot]: card.text
        for slot, card in sorted(core.faces.items())
        if (slot < len(opened) and opened[slot] == everyone)
        or (slot < len(known) and known[slot] == everyone)
    }
    present = set(core.sources)
    for index, deal in enumerate(core.deals):
        shown = opened_to_every_seat([dict(m) for m in deal.messages()], core.players)
        for position, (_, text) in sorted(deal.known.items()):
            if (index, position) not in present and position in shown:
                faces.setdefault((index, position), text)
    return dict(sorted(faces.items()))


def opened_to_every_seat(messages: Iterable[Mapping[str, Any]], players: int) -> set[int]:
    """The positions of a deal whose key every seat sent every other seat (its keys messages'
    receivers): the cards the table opened to everyone. A leave's published keys show nothing."""
    given: dict[int, dict[int, set[int]]] = {}
    for message in messages:
        sender = message.get("sender")
        if message.get("type") == "keys" and isinstance(sender, int):
            for position, receivers in message.get("openings") or []:
                given.setdefault(position, {}).setdefault(sender, set()).update(receivers)
    seats = set(range(players))
    return {
        position
        for position, by_sender in given.items()
        if all(seats - {seat} <= by_sender.get(seat, set()) for seat in seats)
    }


def start_claims(variant: str, game: object | None) -> list[tuple[int, str, str]]:
    """The claims the seats made about hidden cards at the start of `game`, a game of the
    preset `variant` (seat, kind, text): what its kind's `start_claims` says; none when the
    game never began (a table closed before its deal: the game file still records how it ended)."""
    if game is None:
        return []
    return kind_for(variant).start_claims(game)


def result_record(over: GameOver, names: list[str]) -> ResultRecord:
    """The result of a game over, with its words."""
    return result_of(over.reason, dict(over.result), over.cheater, names)


def result_of(
    ended: str, outcome: dict[str, Any], cheater: int | None, names: list[str]
) -> ResultRecord:
    """The result record of a game that ended so (`GameOver.reason`) with the engine's outcome."""
    fool = outcome.get("fool")
    fool = fool if isinstance(fool, int) and not isinstance(fool, bool) else None
    order = outcome.get("out") or outcome.get("winners") or []
    places = (
        [p for p in order if type(p) is int and 0 <= p < len(names)]
        if isinstance(order, list)
        else []
    )
    return ResultRecord(
        ended=ended,
        fool=fool,
        places=places,
        words=result_words(ended, fool, outcome, names, cheater),
        outcome=outcome,
        cheater=cheater,
    )


def result_words(
    ended: str, fool: int | None, outcome: dict[str, Any], names: list[str], cheater: int | None
) -> str:
    """One line: who was the fool, or why the game stopped."""

    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else f"seat {seat}"

    if ended == "cheat":
        return f"Stopped: {name(cheater)} was caught cheating"
    if ended == "config-mismatch":
        return "Stopped: the seats were given different games"
    if ended == "abandoned":
        return "Abandoned"
    if not outcome.get("over") and ended != "absent" and ended != "left":
        return "Unfinished"
    prefix = {"left": "A player left: ", "absent": "A player left: "}.get(ended, "")
    if fool is None:
        return prefix + "Draw"
    return f"{prefix}{name(fool)} is the fool"


__all__ = [
    "game_file_of",
    "opened_to_every_seat",
    "public_faces",
    "result_of",
    "result_record",
    "result_words",
    "start_claims",
]
