"""One seat range everywhere (issue 10, small item): engine, dealing, lobby, discovery and table
all take their largest table from engine.rules.MAX_SEATS."""

from __future__ import annotations

import pytest

from engine.rules import MAX_SEATS
from net import discovery, lobby
from net.dealing import context
from net.dealing.schema import MAX_SEATS as SCHEMA_SEAT_BOUND
from net.identity import Identity
from net.table import config


def test_every_part_seats_the_engines_range() -> None:
    assert MAX_SEATS == 10
    assert context.MAX_PLAYERS == lobby.MAX_SEATS == discovery.MAX_SEATS == MAX_SEATS
    assert config.MAX_SEATS == MAX_SEATS
    assert SCHEMA_SEAT_BOUND >= MAX_SEATS  # a bound on seat fields in messages, not a seat count


@pytest.mark.parametrize("seats", [11, 12])
def test_an_announced_table_with_more_seats_is_refused(seats: int) -> None:
    key = Identity.from_seed(bytes(32)).public_key
    fields = {"name": "Kitchen", "variant": "big", "seats_taken": 1, "host_key": key,
              "host_name": "North", "password": False, "port": 40123, "addresses": ["127.0.0.1"]}  # fmt: skip
    discovery.TableAnnouncement.create(seats_total=MAX_SEATS, **fields)  # type: ignore[arg-type]
    with pytest.raises(discovery.DiscoveryError, match=f"seats total {seats}"):
        discovery.TableAnnouncement.create(seats_total=seats, **fields)  # type: ignore[arg-type]
