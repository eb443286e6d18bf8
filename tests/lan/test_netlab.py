"""The lab itself: isolated, TCP and mDNS work between hosts, losses happen, teardown is complete."""

from __future__ import annotations

import ipaddress
import socket
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tests.lan.conftest import REPO, LabFactory, needs_lab, needs_lossy_lab
from tests.lan.netlab import (
    LabProcess,
    NetLab,
    OutsideWatch,
    lab_namespaces,
    looks_like_lab_traffic,
    wait_until,
)

pytestmark = [pytest.mark.root, pytest.mark.timeout(90)]


def probe(lab: NetLab, host: int, name: str, *args: object) -> LabProcess:
    """Start `python -m tests.lan.probes ARGS` in a host."""
    argv = [sys.executable, "-m", "tests.lan.probes", *map(str, args)]
    return lab.spawn(host, name, argv, cwd=REPO)


def finished(process: LabProcess, timeout: float = 30) -> str:
    """Wait for a probe to exit 0 and return its stdout."""
    code = process.wait(timeout)
    assert code == 0, process.output()
    return process.stdout_path.read_text()


def started(process: LabProcess, line: str = "listening", timeout: float = 15) -> None:
    """Wait until a probe prints its ready line."""
    assert wait_until(
        lambda: line in process.stdout_path.read_text() or process.poll() is not None, timeout
    ), process.output()
    assert process.poll() is None, process.output()


@needs_lab
def test_hosts_see_only_the_lab(make_lab: LabFactory) -> None:
    lab = make_lab(3)
    assert [host.address for host in lab.hosts] == ["10.213.0.1", "10.213.0.2", "10.213.0.3"]
    assert lab.isolation_problems() == []
    # No default route: an address outside the lab is unreachable from a host.
    escape = lab.run(
        1, [sys.executable, "-c", "import socket; socket.create_connection(('192.0.2.1', 9), 2)"]
    )
    assert escape.returncode != 0 and "unreachable" in escape.stderr


@needs_lab
def test_tcp_between_hosts(make_lab: LabFactory) -> None:
    lab = make_lab(3)
    server = probe(lab, 0, "server", "echo-server", "10.213.0.1", 7007, 2)
    started(server)
    for host in (1, 2):
        client = probe(
            lab, host, f"client{host}", "echo-client", "10.213.0.1", 7007, f"hello from h{host}"
        )
        assert finished(client).strip() == f"hello from h{host}"
    finished(server)


@needs_lab
def test_an_ipv6_only_lab(make_lab: LabFactory) -> None:
    lab = make_lab(2, ipv4=False, ipv6=True)
    assert [(host.ipv4, host.ipv6) for host in lab.hosts] == [
        (None, "fd13:213::1"),
        (None, "fd13:213::2"),
    ]
    assert lab.isolation_problems() == []
    server = probe(lab, 0, "server", "echo-server", "fd13:213::1", 7011, 1)
    started(server)
    client = probe(lab, 1, "client", "echo-client", "fd13:213::1", 7011, "over IPv6")
    assert finished(client).strip() == "over IPv6"
    finished(server)
    assert lab.run(1, ["ip", "-4", "addr", "show", "dev", "eth0"]).stdout == ""
    assert lab.isolation_problems() == []


@needs_lab
def test_mdns_announcement_is_found_from_the_other_hosts(make_lab: LabFactory) -> None:
    lab = make_lab(3)
    announcer = probe(lab, 0, "announcer", "mdns-register", "Kitchen", "10.213.0.1", 7008, 30)
    started(announcer, "registered")
    watcher = probe(lab, 2, "watcher", "watch", 4)
    started(watcher)
    browsers = [
        probe(lab, h, f"browser{h}", "mdns-browse", "Kitchen", lab.hosts[h].address, 20)
        for h in (1, 2)
    ]
    for browser in browsers:
        assert finished(browser).split() == ["10.213.0.1", "7008"]
    # The watch that guards the outside sees this traffic when it runs inside the lab.
    frames, lab_frames = map(int, finished(watcher).split()[-2:])
    assert frames >= lab_frames > 0
    assert lab.isolation_problems() == []


@needs_lossy_lab
def test_loss_rule_drops_about_the_share_asked(make_lab: LabFactory) -> None:
    lab = make_lab(2, loss_percent=5)
    sink = probe(lab, 0, "sink", "udp-sink", "10.213.0.1", 7009, 3)
    started(sink)
    sent = 2000
    finished(probe(lab, 1, "blast", "udp-blast", "10.213.0.1", 7009, sent))
    received = int(finished(sink).split()[-1])
    counters = lab.counters()
    # 5% of 2000 is 100 on average (standard deviation about 10): far bounds, never flaky.
    assert 30 <= sent - received <= 200, (sent, received, counters)
    assert counters["dropped"] >= sent - received
    lab.set_loss(0)
    before = lab.counters()["dropped"]
    sink = probe(lab, 0, "sink-clean", "udp-sink", "10.213.0.1", 7010, 2)
    started(sink)
    finished(probe(lab, 1, "blast-clean", "udp-blast", "10.213.0.1", 7010, 500))
    assert int(finished(sink).split()[-1]) == 500
    assert lab.counters()["dropped"] == before


def test_lab_traffic_is_recognised() -> None:
    ethernet = bytes(6) + bytes(6)
    udp_ipv4 = bytes.fromhex("450000200000000040110000")

    def ipv4(source: str, target: str, ports: tuple[int, int]) -> bytes:
        return (
            ethernet
            + b"\x08\x00"
            + udp_ipv4
            + ipaddress.IPv4Address(source).packed
            + ipaddress.IPv4Address(target).packed
            + struct.pack("!HHHH", *ports, 8, 0)
        )

    assert looks_like_lab_traffic(ipv4("10.213.0.2", "10.213.0.1", (40000, 40001)))
    assert looks_like_lab_traffic(ipv4("192.0.2.1", "192.0.2.9", (5353, 5353)))
    assert looks_like_lab_traffic(bytes.fromhex("01005e0000fb") + bytes(6) + b"\x08\x00")
    assert not looks_like_lab_traffic(ipv4("192.0.2.1", "192.0.2.9", (40000, 53)))
    assert not looks_like_lab_traffic(b"short")


@needs_lab
def test_outside_watch_sees_this_namespace() -> None:
    with OutsideWatch() as watcher, socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sender:
        sender.sendto(b"to myself", ("127.0.0.1", 9))
        assert wait_until(lambda: watcher.frames > 0, 5)


@needs_lab
def test_teardown_removes_namespaces_and_processes_even_on_failure(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="test failure"), NetLab(2, tmp_path) as lab:
        sleeper = lab.spawn(1, "sleeper", ["sleep", "300"])
        names = [lab.bridge_namespace, *(host.namespace for host in lab.hosts)]
        assert set(names) <= set(lab_namespaces())
        raise RuntimeError("test failure")
    assert sleeper.poll() is not None
    assert not set(names) & set(lab_namespaces())
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True, check=True)
    assert lab.name not in listed.stdout
