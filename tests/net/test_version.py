"""A peer of another protocol version is refused at join, in words that say so, within 30 s,
and nobody is named: at the handshake (either side older), and before dialling when mDNS
announces a table of another version."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from pathlib import Path
from typing import Any

import pytest

from net.discovery import TableAnnouncement, TablePublisher, advertised_addresses, make_zeroconf
from net.handshake import (
    PROTOCOL_VERSION,
    ChannelError,
    Failure,
    Role,
    SecureChannel,
)
from net.identity import Identity, load_or_create_identity
from net.peer import Peer, PeerSettings
from net.peer_events import JoinError
from tests.net.netns import requires_private_netns
from tests.net.test_handshake import ALICE, BOB, failure, pump

JOIN_DEADLINE = 30.0
OLDER = PROTOCOL_VERSION - 1
WORDS = "this table runs a different version of the game"


def speaking(version: int, role: Role) -> Any:
    """A `SecureChannel._hello` whose `role` side says it speaks `version`."""
    plain = SecureChannel._hello

    def hello(self: SecureChannel) -> dict[str, object]:
        message = plain(self)
        return {**message, "version": version} if self.role is role else message

    return hello


def refusing_as_version_2(role: Role) -> Any:
    """A `SecureChannel._receive_hello` whose `role` side refuses as version-2 code did: the
    same words, and no failure code it knows for it."""
    plain = SecureChannel._receive_hello

    def receive_hello(self: SecureChannel, body: bytes) -> None:
        if self.role is role:
            raise ChannelError(
                "remote", f"unsupported version {PROTOCOL_VERSION} (this side speaks [2])"
            )
        plain(self, body)

    return receive_hello


def test_the_protocol_version_is_bumped_past_the_frames_it_added() -> None:
    assert PROTOCOL_VERSION == 9


def test_a_hello_of_the_previous_version_fails_both_sides_as_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(SecureChannel, "_hello", speaking(OLDER, Role.INITIATOR))
    initiator = SecureChannel(Role.INITIATOR, ALICE)
    responder = SecureChannel(Role.RESPONDER, BOB)
    events_i, events_r = pump(initiator, responder)
    at_responder, at_initiator = failure(events_r), failure(events_i)
    assert at_responder.failure is at_initiator.failure is Failure.VERSION
    assert f"unsupported version {OLDER} (this side speaks [{PROTOCOL_VERSION}])" in (
        at_initiator.reason
    )


def test_a_version_2_refusal_is_read_as_another_version(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SecureChannel, "_receive_hello", refusing_as_version_2(Role.RESPONDER))
    events_i, _ = pump(SecureChannel(Role.INITIATOR, ALICE), SecureChannel(Role.RESPONDER, BOB))
    assert failure(events_i).failure is Failure.VERSION


async def join(folder: Path, **where: Any) -> tuple[Any, float]:
    """A joiner's end (its error) and how long it took."""
    settings = PeerSettings(name="East", data_dir=folder / "East", interface="lo", **where)
    joiner = Peer(settings, load_or_create_identity(folder / "East" / "id.key"))
    began = time.monotonic()
    try:
        ended: Any = await joiner.run()
    except Exception as error:  # the error is what the test checks
        ended = error
    return ended, time.monotonic() - began


async def host_and_join(folder: Path) -> tuple[Any, float, Peer]:
    """A host, and a joiner by address; the joiner's end, its time, and the host (running)."""
    settings = PeerSettings(
        name="North", data_dir=folder / "North", host_table="Versions", seats=2, interface="lo"
    )
    host = Peer(settings, load_or_create_identity(folder / "North" / "id.key"))
    hosting = asyncio.get_running_loop().create_task(host.run())
    try:
        while host.listener is None:
            await asyncio.sleep(0.01)
        ended, took = await join(folder, connect=f"127.0.0.1:{host.listener.port}")
        await asyncio.sleep(0.2)  # the host's side of the refusal
        assert not hosting.done() and host.failure is None  # the host plays on, nobody named
        assert host.lobby_host is not None and list(host.lobby_host.members) == [host.key]
    finally:
        hosting.cancel()
        await asyncio.gather(hosting, return_exceptions=True)
    return ended, took, host


@requires_private_netns
@pytest.mark.parametrize("older", [Role.INITIATOR, Role.RESPONDER], ids=["joiner", "host"])
def test_a_joiner_and_a_host_of_different_versions_end_the_join_saying_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, older: Role
) -> None:
    if older is Role.INITIATOR:  # the joiner speaks the previous version
        monkeypatch.setattr(SecureChannel, "_hello", speaking(OLDER, Role.INITIATOR))
    else:  # the host is a version-2 peer: it refuses the joiner's version as version 2 did
        monkeypatch.setattr(SecureChannel, "_receive_hello", refusing_as_version_2(Role.RESPONDER))
    ended, took, _ = asyncio.run(asyncio.wait_for(host_and_join(tmp_path), 2 * JOIN_DEADLINE))
    assert isinstance(ended, JoinError) and ended.kind == "version", ended
    assert WORDS in str(ended) and took < JOIN_DEADLINE


async def join_announced(folder: Path, version: int) -> tuple[Any, float]:
    """A table of `version` announced over mDNS (nobody listens), joined by name."""
    host = Identity.from_seed(bytes(range(5, 37)))
    table = TableAnnouncement.create(
        name="Old", variant="throw-in", seats_taken=1, seats_total=2, host_key=host.public_key,
        host_name="North", password=False, port=40123, addresses=advertised_addresses("lo"),
    )  # fmt: skip
    zeroconf = make_zeroconf("127.0.0.1")
    publisher = TablePublisher(zeroconf, dataclasses.replace(table, protocol_version=version))
    try:
        await publisher.register()
        return await join(folder, join_table="Old")
    finally:
        await publisher.unregister()
        await zeroconf.async_close()


@requires_private_netns
def test_a_table_announced_with_another_version_is_not_dialled(tmp_path: Path) -> None:
    ended, took = asyncio.run(asyncio.wait_for(join_announced(tmp_path, OLDER), JOIN_DEADLINE))
    assert isinstance(ended, JoinError) and ended.kind == "version", ended
    assert WORDS in str(ended) and f"protocol version {OLDER}" in str(ended)
    assert took < JOIN_DEADLINE


def test_the_hello_table_of_the_docs_says_the_current_version() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    row = next(line for line in docs.splitlines() if line.startswith("| `version` | int |"))
    assert row.startswith(f"| `version` | int | `{PROTOCOL_VERSION}`"), row


def test_a_hello_of_a_newer_version_fails_both_sides_as_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    newer = PROTOCOL_VERSION + 1
    monkeypatch.setattr(SecureChannel, "_hello", speaking(newer, Role.INITIATOR))
    initiator = SecureChannel(Role.INITIATOR, ALICE)
    responder = SecureChannel(Role.RESPONDER, BOB)
    events_i, events_r = pump(initiator, responder)
    at_responder, at_initiator = failure(events_r), failure(events_i)
    assert at_responder.failure is at_initiator.failure is Failure.VERSION
    assert f"unsupported version {newer} (this side speaks [{PROTOCOL_VERSION}])" in (
        at_initiator.reason
    )
