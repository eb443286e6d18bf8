"""Discovery: TXT records both ways, the tracker core, interface settings, and mDNS on `lo`."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from zeroconf import InterfaceChoice
from zeroconf.asyncio import AsyncServiceInfo

from engine.rules import MAX_SEATS
from net.discovery import (
    PROTOCOL_VERSION,
    SERVICE_TYPE,
    DiscoveryError,
    TableAnnouncement,
    TableAppeared,
    TableBrowser,
    TablePublisher,
    TableTracker,
    TableUpdated,
    TableVanished,
    advertised_addresses,
    interface_addresses,
    make_zeroconf,
    parse_announcement,
    resolve_interfaces,
    service_name_for,
    txt_properties,
)
from net.identity import Identity
from tests.net.netns import requires_private_netns

HOST = Identity.from_seed(bytes(range(32)))


def kitchen(**changes: object) -> TableAnnouncement:
    """A valid announcement, with some fields changed."""
    fields: dict[str, object] = {
        "name": "Kitchen",
        "variant": "throw-in",
        "seats_taken": 1,
        "seats_total": 3,
        "host_key": HOST.public_key,
        "host_name": "North",
        "password": False,
        "port": 40123,
        "addresses": ["::1", "127.0.0.1"],
    }
    fields.update(changes)
    return TableAnnouncement.create(**fields)  # type: ignore[arg-type]


def encoded(properties: dict[str, str]) -> dict[bytes, bytes | None]:
    """TXT properties as zeroconf hands them back."""
    return {key.encode(): value.encode() for key, value in properties.items()}


def test_create_fills_derived_fields() -> None:
    table = kitchen()
    assert table.host_fingerprint == HOST.fingerprint
    assert table.service_name == f"Kitchen ({HOST.fingerprint}).{SERVICE_TYPE}"
    assert table.addresses == ("127.0.0.1", "::1")
    assert table.protocol_version == PROTOCOL_VERSION == 9


table_names = st.text(
    st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=40
).filter(lambda name: name.strip() != "")


@given(
    name=table_names,
    host_name=st.text(
        st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=32
    ).filter(lambda name: name.strip() != ""),
    seats=st.integers(2, MAX_SEATS),
    data=st.data(),
    password=st.booleans(),
    port=st.integers(1, 65535),
)
def test_txt_round_trip(
    name: str, host_name: str, seats: int, data: st.DataObject, password: bool, port: int
) -> None:
    table = kitchen(
        name=name,
        host_name=host_name,
        seats_total=seats,
        seats_taken=data.draw(st.integers(0, seats)),
        password=password,
        port=port,
    )
    properties = txt_properties(table)
    assert all(len(key) + len(value.encode()) < 250 for key, value in properties.items())
    back = parse_announcement(table.service_name, encoded(properties), list(table.addresses), port)
    assert back == table


def test_txt_record_layout() -> None:
    assert txt_properties(kitchen(password=True)) == {
        "v": "9",
        "table": "Kitchen",
        "variant": "throw-in",
        "taken": "1",
        "seats": "3",
        "fp": HOST.fingerprint,
        "key": "A6EHv_POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg",
        "host": "North",
        "pw": "1",
        "run": "0",
        "watch": "0",
    }


def test_unknown_txt_keys_are_ignored() -> None:
    table = kitchen()
    properties = encoded(txt_properties(table)) | {b"future": b"x", b"flag": None}
    assert (
        parse_announcement(table.service_name, properties, ["127.0.0.1"], 40123).name == "Kitchen"
    )


@pytest.mark.parametrize(
    ("key", "value", "reason"),
    [
        ("pw", "yes", "'pw' must be 0 or 1"),
        ("taken", "-1", "not a number"),
        ("taken", "4", "seats taken 4"),
        ("seats", "1", "seats total 1"),
        ("seats", "９", "not a number"),
        ("variant", "Throw In", "variant id"),
        ("fp", "aaaa-aaaa", "does not match"),
        ("key", "AAAA", "32 bytes"),
        ("key", "!!!!", "base64url"),
        ("table", "", "table name"),
        ("table", "a\nb", "table name"),
        ("host", "x" * 33, "host name"),
        ("v", "one", "not a number"),
        ("v", None, "missing"),
    ],
)
def test_malformed_txt_is_refused_with_the_field_named(
    key: str, value: str | None, reason: str
) -> None:
    table = kitchen()
    properties = encoded(txt_properties(table))
    if value is None:
        del properties[key.encode()]
    else:
        properties[key.encode()] = value.encode()
    with pytest.raises(DiscoveryError, match=reason):
        parse_announcement(table.service_name, properties, ["127.0.0.1"], 40123)


def test_non_utf8_txt_is_refused() -> None:
    table = kitchen()
    properties = encoded(txt_properties(table)) | {b"table": b"\xff"}
    with pytest.raises(DiscoveryError, match="UTF-8"):
        parse_announcement(table.service_name, properties, [], 1)


@pytest.mark.parametrize(
    "changes",
    [{"port": 0}, {"seats_taken": 4}, {"host_key": b"short"}, {"addresses": ["not an address"]}],
)
def test_invalid_tables_cannot_be_created(changes: dict[str, object]) -> None:
    with pytest.raises(DiscoveryError):
        kitchen(**changes)


def test_service_names_blank_dots_and_control_characters() -> None:
    assert service_name_for("a.b\tc", "abcd-efgh") == f"a b c (abcd-efgh).{SERVICE_TYPE}"
    assert service_name_for("...", "abcd-efgh") == f"table (abcd-efgh).{SERVICE_TYPE}"


def test_tracker_reports_appear_update_and_vanish_once() -> None:
    tracker = TableTracker()
    table = kitchen()
    assert tracker.resolved(table) == TableAppeared(table)
    assert tracker.resolved(table) is None
    fuller = dataclasses.replace(table, seats_taken=2)
    assert tracker.resolved(fuller) == TableUpdated(fuller, table)
    assert tracker.tables == {table.service_name: fuller}
    assert tracker.removed(table.service_name) == TableVanished(fuller)
    assert tracker.removed(table.service_name) is None


def test_interface_settings() -> None:
    assert resolve_interfaces("all") is InterfaceChoice.All
    assert resolve_interfaces(["all"]) is InterfaceChoice.All
    assert resolve_interfaces("127.0.0.1") == ["127.0.0.1"]
    assert resolve_interfaces(["::1", "127.0.0.1"]) == ["127.0.0.1", "::1"]
    assert "127.0.0.1" in interface_addresses("lo")
    assert resolve_interfaces("lo") == interface_addresses("lo")
    assert advertised_addresses(["127.0.0.1"]) == ["127.0.0.1"]
    with pytest.raises(DiscoveryError, match="no network interface named 'nope0'"):
        resolve_interfaces("nope0")
    with pytest.raises(DiscoveryError, match="no interface"):
        resolve_interfaces([])


@requires_private_netns
def test_all_interfaces_in_a_namespace_advertise_loopback() -> None:
    """With nothing but `lo`, "all" falls back to the loopback addresses."""
    assert "127.0.0.1" in advertised_addresses("all")


async def next_event(browser: TableBrowser) -> object:
    """The browser's next event, bounded in time."""
    return await asyncio.wait_for(browser.next_event(), timeout=15)


@requires_private_netns
@pytest.mark.timeout(60)
async def test_register_browse_update_and_vanish_between_two_zeroconfs() -> None:
    host_zc = make_zeroconf("127.0.0.1")
    guest_zc = make_zeroconf(["lo"])
    try:
        publisher = TablePublisher(host_zc, kitchen(addresses=advertised_addresses("lo")))
        async with TableBrowser(guest_zc) as browser:
            await publisher.register()
            appeared = await next_event(browser)
            assert isinstance(appeared, TableAppeared)
            table = appeared.table
            assert (table.name, table.variant, table.seats_taken, table.seats_total) == (
                "Kitchen",
                "throw-in",
                1,
                3,
            )
            assert (table.host_fingerprint, table.host_name, table.password) == (
                HOST.fingerprint,
                "North",
                False,
            )
            assert (
                table.host_key == HOST.public_key
                and table.port == 40123
                and table.protocol_version == PROTOCOL_VERSION
            )
            assert "127.0.0.1" in table.addresses
            assert table == publisher.announcement

            await publisher.update(seats_taken=2)
            updated = await next_event(browser)
            assert isinstance(updated, TableUpdated)
            assert updated.table.seats_taken == 2 and updated.previous.seats_taken == 1
            assert browser.tables == {table.service_name: updated.table}

            with pytest.raises(DiscoveryError):
                await publisher.update(seats_taken=9)
            assert publisher.announcement.seats_taken == 2

            await publisher.unregister()
            vanished = await next_event(browser)
            assert vanished == TableVanished(updated.table)
            assert browser.tables == {}
    finally:
        await asyncio.gather(host_zc.async_close(), guest_zc.async_close())


GUEST = Identity.from_seed(bytes(range(5, 37)))


def test_tables_are_told_apart_by_their_host_not_their_name() -> None:
    tracker = TableTracker()
    ours = kitchen()
    theirs = kitchen(host_key=GUEST.public_key, host_name="South", port=40999)
    assert ours.service_name != theirs.service_name
    assert isinstance(tracker.resolved(ours), TableAppeared)
    assert isinstance(tracker.resolved(theirs), TableAppeared)
    assert tracker.tables_named("Kitchen") == [ours, theirs]
    assert tracker.table_of(HOST.public_key) == ours
    assert tracker.table_of(GUEST.public_key) == theirs
    assert tracker.table_of(Identity.from_seed(bytes(32)).public_key) is None
    # The host restarts on another port: found again by its key.
    moved = dataclasses.replace(ours, port=40200)
    assert tracker.resolved(moved) == TableUpdated(moved, ours)
    assert tracker.table_of(HOST.public_key) == moved
    # A restart whose name got a suffix on a clash: the key finds the latest one.
    renamed = dataclasses.replace(ours, service_name="Kitchen (x) (2)." + SERVICE_TYPE, port=40300)
    tracker.resolved(renamed)
    assert tracker.table_of(HOST.public_key) == renamed
    assert tracker.tables_of(HOST.public_key) == [renamed, moved]
    tracker.removed(renamed.service_name)
    assert tracker.table_of(HOST.public_key) == moved


def test_an_announcement_gives_an_invitation_to_its_host() -> None:
    table = kitchen()
    invitation = table.invitation()
    assert (invitation.host, invitation.port, invitation.host_key, invitation.table_name) == (
        "127.0.0.1",
        40123,
        HOST.public_key,
        "Kitchen",
    )


@requires_private_netns
@pytest.mark.timeout(60)
async def test_same_name_tables_both_show_and_a_restarted_host_is_found_by_its_key() -> None:
    host_zc = make_zeroconf("127.0.0.1")
    other_zc = make_zeroconf("127.0.0.1")
    guest_zc = make_zeroconf(["lo"])
    seen: list[object] = []
    try:
        addresses = advertised_addresses("lo")
        first = TablePublisher(host_zc, kitchen(addresses=addresses))
        second = TablePublisher(
            other_zc, kitchen(addresses=addresses, host_key=GUEST.public_key, port=40999)
        )
        async with TableBrowser(guest_zc) as browser:
            browser.add_listener(seen.append)
            await first.register()
            await second.register()
            found = {
                (await browser.wait_for_host(key, 15)).port
                for key in (HOST.public_key, GUEST.public_key)
            }
            assert found == {40123, 40999}
            assert {t.host_key for t in browser.tables_named("Kitchen")} == {
                HOST.public_key,
                GUEST.public_key,
            }
            await first.unregister()
            for _ in range(30):
                if browser.table_of(HOST.public_key) is None:
                    break
                await asyncio.sleep(0.2)
            assert browser.table_of(HOST.public_key) is None
            restarted = TablePublisher(host_zc, kitchen(addresses=addresses, port=40555))
            await restarted.register()
            again = await browser.wait_for_host(HOST.public_key, 15)
            assert again.port == 40555 and again.name == "Kitchen"
            assert browser.table_of(GUEST.public_key) is not None
            await restarted.unregister()
            await second.unregister()
        assert any(isinstance(event, TableVanished) for event in seen)
    finally:
        await asyncio.gather(host_zc.async_close(), other_zc.async_close(), guest_zc.async_close())


@requires_private_netns
@pytest.mark.timeout(60)
async def test_a_table_that_misses_its_checks_vanishes_and_comes_back_when_it_answers() -> None:
    host_zc = make_zeroconf("127.0.0.1")
    guest_zc = make_zeroconf(["lo"])
    try:
        publisher = TablePublisher(host_zc, kitchen(addresses=advertised_addresses("lo")))
        async with TableBrowser(guest_zc) as browser:
            await publisher.register()
            assert isinstance(await next_event(browser), TableAppeared)
            answering = browser._answers

            async def silent(name: str) -> bool:
                return False

            browser._answers = silent  # type: ignore[method-assign]
            assert isinstance(await next_event(browser), TableVanished)
            assert browser.table_of(HOST.public_key) is None
            browser._answers = answering  # type: ignore[method-assign]
            back = await next_event(browser)
            assert isinstance(back, TableAppeared) and back.table.host_key == HOST.public_key
            await publisher.unregister()
    finally:
        await asyncio.gather(host_zc.async_close(), guest_zc.async_close())


@requires_private_netns
@pytest.mark.timeout(60)
async def test_a_table_whose_first_resolve_fails_is_asked_again_and_appears(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An answer lost on a busy machine (the resolve times out) must not hide a table for good:
    it is asked again with the tables that stopped answering, and appears."""
    host_zc = make_zeroconf("127.0.0.1")
    guest_zc = make_zeroconf(["lo"])
    resolve = AsyncServiceInfo.async_request
    lost: list[str] = []

    async def first_answer_lost(info: AsyncServiceInfo, *args: Any, **kwargs: Any) -> bool:
        if not lost:
            lost.append(info.name)
            return False
        return await resolve(info, *args, **kwargs)

    monkeypatch.setattr(AsyncServiceInfo, "async_request", first_answer_lost)
    try:
        publisher = TablePublisher(host_zc, kitchen(addresses=advertised_addresses("lo")))
        async with TableBrowser(guest_zc) as browser:
            await publisher.register()
            appeared = await next_event(browser)
            assert lost == [publisher.announcement.service_name]
            assert isinstance(appeared, TableAppeared)
            assert appeared.table.host_key == HOST.public_key
            await publisher.unregister()
    finally:
        await asyncio.gather(host_zc.async_close(), guest_zc.async_close())
