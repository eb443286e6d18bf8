"""The host's mDNS announcement follows the lobby, including changes made while it registers."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest

from net import table_finder
from net.lobby import LobbyState
from net.table_finder import Announcer


class SlowPublisher:
    """A stand-in for `TablePublisher` whose registration waits until the test lets it finish."""

    def __init__(self, zeroconf: Any, announcement: Any) -> None:
        self.announcement = announcement
        self.registering = asyncio.Event()
        self.finish = asyncio.Event()
        self.updates: list[dict[str, Any]] = []

    async def register(self) -> None:
        self.registering.set()
        await self.finish.wait()

    async def update(self, **fields: Any) -> None:
        self.updates.append(fields)


def lobby(seats_taken: int, playing: bool) -> LobbyState:
    """A two-seat throw-in lobby with `seats_taken` members."""
    members = tuple(
        {"name": f"P{i}", "key": bytes([i]) * 32, "seat": i} for i in range(seats_taken)
    )
    return LobbyState(
        table="Kitchen",
        table_id="t",
        host=b"\0" * 32,
        variant="throw-in",
        options={},
        seats=2,
        game=0,
        playing=playing,
        members=members,
    )


def test_a_lobby_change_during_registration_is_announced_once_registered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bots filling their seats and the game starting while the table still registers: the
    announcement says "running, 2 of 2" once registered, not the state it began with."""
    made: list[SlowPublisher] = []

    def publisher(zeroconf: Any, announcement: Any) -> SlowPublisher:
        made.append(SlowPublisher(zeroconf, announcement))
        return made[-1]

    monkeypatch.setattr(table_finder, "make_zeroconf", lambda interface: object())
    monkeypatch.setattr(table_finder, "TablePublisher", publisher)
    monkeypatch.setattr(table_finder, "advertised_addresses", lambda interface: ["127.0.0.1"])

    async def scenario() -> None:
        announcer = Announcer("lo")
        first = lobby(1, playing=False)
        assert first.seats_taken == 1
        task = asyncio.create_task(
            announcer.publish("Kitchen", first, b"\1" * 32, "Host", False, 4000)
        )
        while not made:
            await asyncio.sleep(0)
        await made[0].registering.wait()
        full = replace(first, members=lobby(2, playing=True).members, playing=True)
        await announcer.follow(full)
        assert made[0].updates == []
        made[0].finish.set()
        await task
        assert len(made[0].updates) == 1
        update = made[0].updates[0]
        assert update["running"] is True
        assert update["seats_taken"] == 2
        await announcer.follow(full)
        assert len(made[0].updates) == 1

    asyncio.run(scenario())
