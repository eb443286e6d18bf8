"""The lobby and a family-3 game: accepted exactly when the table's game adapter deals it (the
one support check, `net.lobby.table_problem`), its options checked, announced to joiners."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from engine import games
from engine.games import family3_ids, kind_of
from engine.rules import variant_ids
from net import lobby as lobby_module
from net.identity import Identity
from net.lobby import (
    LobbyChanged,
    LobbyClient,
    LobbyError,
    LobbyHost,
    SeatAddress,
    Send,
    check_rules,
    join_message,
    options_message,
    seat_message,
    table_problem,
)
from net.table.config import TableConfig


def key(n: int) -> bytes:
    """A real Ed25519 public key, fixed per n."""
    return Identity.from_seed(hashlib.sha256(b"f3-lobby-%d" % n).digest()).public_key


HOST, EAST = key(0), key(1)


class DealsIt:
    """A game adapter that deals every game it is asked about (the seam, as a stand-in)."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config

    def unsupported(self) -> str | None:
        return None


class RefusesIt(DealsIt):
    """A game adapter that cannot deal this configuration and says why."""

    def unsupported(self) -> str | None:
        return "the deck cannot be dealt fairly yet"


def table_deals(variant: str) -> bool:
    """Whether the table of this checkout deals `variant` (czech once its adapter landed)."""
    return table_problem(variant, {}, 3) is None


def test_every_family3_preset_is_dealt_at_a_table() -> None:
    undealt = [v for v in family3_ids() if not table_deals(v)]
    assert not undealt, f"the LAN table does not deal {undealt}"


def test_a_family3_game_without_an_adapter_is_refused_with_the_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(games, "ENTRIES", games.without_table("road"))
    with pytest.raises(ValueError, match=r"^road: .*does not deal this game yet"):
        check_rules("road", {}, 3)


def test_the_one_support_check_is_the_adapter_and_decides_for_family3(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[str, tuple[tuple[str, Any], ...], int]] = []

    def deals(config: TableConfig) -> DealsIt:
        asked.append((config.variant, config.options, config.players))
        return DealsIt(config)

    monkeypatch.setattr(lobby_module, "adapter_for", deals)
    rules = check_rules("czech-3", {"hand_size": 5}, 4)
    assert rules.id == "czech-3" and rules.hand_size == 5
    assert asked == [("czech-3", (("hand_size", 5),), 4)]
    monkeypatch.setattr(lobby_module, "adapter_for", RefusesIt)
    with pytest.raises(ValueError, match=r"^czech-3: the deck cannot be dealt fairly yet$"):
        check_rules("czech-3", {}, 4)


@pytest.mark.parametrize(
    ("variant", "options", "seats", "words"),
    [
        ("czech", {"no_such_option": 1}, 3, "no_such_option"),
        ("czech", {"id": "road"}, 3, "cannot change the variant id"),
        ("czech", {}, 1, "a table has 2 to"),
        ("czech-7", "hand_size=5", 3, "rule options must be a map"),
        ("Czech", {}, 3, "unknown variant 'Czech'"),
        ("mau-mau", {}, 3, "unknown variant 'mau-mau'"),
    ],
)
def test_bad_family3_options_are_refused_with_words(
    monkeypatch: pytest.MonkeyPatch, variant: str, options: Any, seats: int, words: str
) -> None:
    monkeypatch.setattr(lobby_module, "adapter_for", DealsIt)
    with pytest.raises(ValueError, match=words):
        check_rules(variant, options, seats)


def test_seat_limits_of_the_game_kind_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby_module, "adapter_for", DealsIt)
    for variant in family3_ids():
        kind = kind_of(variant)
        assert kind is not None
        for seats in range(2, 7):
            try:
                kind.get_rules(variant).check_players(seats)
            except ValueError:
                with pytest.raises(ValueError):
                    check_rules(variant, {}, seats)
            else:
                assert check_rules(variant, {}, seats).id == variant


def test_durak_variants_are_checked_as_before() -> None:
    for variant in variant_ids():
        seats = 4 if variant == "teams" else 2
        assert check_rules(variant, {}, seats).id == variant
    with pytest.raises(ValueError, match="not yet dealt through the fair-dealing protocol"):
        check_rules("invisible", {"jokers": 2}, 2)


def test_the_host_announces_a_family3_game_and_a_joiner_sees_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(lobby_module, "adapter_for", DealsIt)
    host = LobbyHost("Kitchen", "kitchen-1", HOST, "czech", {}, 3, games=2)
    host.receive(HOST, join_message("North", "heuristic", SeatAddress(("127.0.0.1",), 40000)))
    host.receive(HOST, seat_message(0))
    joined = host.receive(EAST, join_message("East", "random", SeatAddress(("127.0.0.1",), 40001)))
    client = LobbyClient(EAST, HOST)
    state_wire = next(item for item in joined if isinstance(item, Send) and item.to in (EAST, None))
    seen = client.receive(state_wire.message)
    state = next(item.state for item in seen if isinstance(item, LobbyChanged))
    assert (state.variant, state.options, state.seats) == ("czech", {}, 3)
    out = host.receive(HOST, options_message("czech-6", {"hand_size": 5}))
    changed = next(item.state for item in out if isinstance(item, LobbyChanged))
    assert (changed.variant, changed.options) == ("czech-6", {"hand_size": 5})


def test_the_host_refuses_a_family3_game_the_table_cannot_deal_and_keeps_its_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host = LobbyHost("Kitchen", "kitchen-1", HOST, "throw-in", {}, 3)
    host.receive(HOST, join_message("North", "heuristic", SeatAddress(("127.0.0.1",), 40000)))
    monkeypatch.setattr(lobby_module, "adapter_for", RefusesIt)
    with pytest.raises(LobbyError, match="czech: the deck cannot be dealt fairly yet"):
        host.receive(HOST, options_message("czech", {}))
    assert (host.variant, host.options) == ("throw-in", {})
    with pytest.raises(ValueError, match="cannot be dealt fairly yet"):
        LobbyHost("Kitchen", "kitchen-1", HOST, "czech", {}, 3)


@pytest.mark.skipif(not table_deals("czech"), reason="the LAN table does not deal czech fool yet")
def test_czech_and_its_options_are_accepted_once_the_table_deals_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine.czech.rules import czech_ids

    for variant in czech_ids():
        assert table_problem(variant, {}, 3) is None
        assert check_rules(variant, {}, 3).id == variant
    assert check_rules("czech-6", {"hand_size": 4}, 4).hand_size == 4
    with pytest.raises(ValueError, match="no_such_option"):
        check_rules("czech", {"no_such_option": 1}, 3)
    monkeypatch.setattr(games, "ENTRIES", games.without_table("road"))  # no adapter for road
    with pytest.raises(ValueError, match=r"^road: .*does not deal this game yet"):
        check_rules("road", {}, 3)
