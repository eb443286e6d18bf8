"""The host's configuration: every field checked on receipt, one seat range 2..10 (issue 12,
item 8); a bad value is a ConfigError naming the field, never an internal error."""

from __future__ import annotations

from typing import Any

import pytest

from net.table.config import MAX_SEATS, ConfigError, TableConfig
from net.table.sim import make_table


def wire(players: int = 3) -> dict[str, Any]:
    return make_table(players).config.as_wire()


def test_a_good_configuration_reads_back_equal() -> None:
    config = make_table(3).config
    assert TableConfig.from_wire(config.as_wire()) == config
    assert MAX_SEATS == 10


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("first", -1, "first seat"),
        ("first", 3, "first seat"),
        ("first", True, "first seat"),
        ("first", "0", "first seat"),
        ("variant", "no such fool", "no variant"),
        ("variant", 7, "variant"),
        ("options", {"hand_size": "six"}, "options"),
        ("options", {"nonsense": 1}, "unknown rule options"),
        ("options", {"hand_size": [6]}, "plain value"),
        ("options", [], "options"),
        ("game", -1, "game number"),
        ("game", "1", "game number"),
        ("table", 5, "table id"),
        ("seats", None, "seats"),
        ("seats", [], "2..10"),
    ],
)
def test_a_bad_field_is_refused_with_its_name(field: str, value: Any, words: str) -> None:
    data = wire()
    data[field] = value
    with pytest.raises(ConfigError) as caught:
        TableConfig.from_wire(data)
    assert words in str(caught.value)


def test_eleven_seats_are_refused_and_ten_accepted() -> None:
    seats = wire(6)["seats"]
    data = wire()
    data["seats"] = [dict(s, key=bytes([i]) * 32) for i, s in enumerate((seats * 2)[:11])]
    with pytest.raises(ConfigError, match=r"2\.\.10"):
        TableConfig.from_wire(data)
    data["seats"] = data["seats"][:10]
    data["options"] = {"decks": 2}
    assert TableConfig.from_wire(data).players == 10


def test_a_seat_with_a_bad_key_is_refused() -> None:
    data = wire()
    data["seats"][1] = dict(data["seats"][1], key=b"short")
    with pytest.raises(ConfigError, match="public key"):
        TableConfig.from_wire(data)
