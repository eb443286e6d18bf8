"""The player's own record per opponent and per game (net.history.store.records_of)."""

from __future__ import annotations

from pathlib import Path

from net.history.store import HistoryEntry, own_seat, records_of

ME, BORIS, VERA = "aa" * 32, "bb" * 32, "cc" * 32


def entry(
    players: list[tuple[str, str, bool]],
    fool: int | None,
    variant: str = "throw-in",
    ended: str = "finished",
    damaged: str | None = None,
) -> HistoryEntry:
    return HistoryEntry(Path("x.durak"), "", variant, players, "", ended, fool, None, damaged)


def test_the_player_s_seat_is_his_key_or_the_one_person_among_bots() -> None:
    assert own_seat([("Vera", VERA, False), ("Anna", ME, False)], ME) == 1
    assert own_seat([("Anna", "11" * 32, False), ("Bot", "22" * 32, True)], ME) == 0
    assert own_seat([("Vera", VERA, False), ("Boris", BORIS, False)], ME) is None


def test_records_per_opponent_and_per_game() -> None:
    newest_first = [
        entry([("Anna", ME, False), ("Borya", BORIS, False)], fool=None, variant="simple"),
        entry([("Anna", ME, False), ("Boris", BORIS, False), ("Vera", VERA, False)], fool=0),
        entry([("Anna", "11" * 32, False), ("Ivan", "22" * 32, True)], fool=1),
        entry([("Anna", "33" * 32, False), ("Ivan", "44" * 32, True)], fool=0),
        entry([("Anna", ME, False), ("Vera", VERA, False)], fool=1, ended="abandoned"),
        entry([], fool=None, damaged="truncated"),
        entry([("Vera", VERA, False), ("Boris", BORIS, False)], fool=0),  # not his game
    ]
    records = records_of(newest_first, ME)
    boris = records.opponents[BORIS]
    assert (boris.played, boris.won, boris.fool, boris.draws) == (2, 0, 1, 1)
    assert records.names[BORIS] == "Borya"  # his latest name
    vera = records.opponents[VERA]
    assert (vera.played, vera.won, vera.fool) == (1, 0, 1)  # the abandoned game does not count
    ivan = records.opponents["bot:Ivan"]  # a bot's keys change every game: its name counts
    assert (ivan.played, ivan.won, ivan.fool) == (2, 1, 1) and records.bots["bot:Ivan"]
    assert set(records.opponents) == {BORIS, VERA, "bot:Ivan"}
    throw_in, simple = records.games["throw-in"], records.games["simple"]
    assert (throw_in.played, throw_in.won, throw_in.fool) == (3, 1, 2)
    assert (simple.played, simple.draws) == (1, 1)
