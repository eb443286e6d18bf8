"""A throw-away LAN made of network namespaces: one bridge namespace, N hosts on veth pairs.

Layout for a lab named `dlan<pid>-<n>` (unique per process and per lab):

    <lab>-br   lo, br0 (a Linux bridge, multicast snooping off, no address), v0 .. vN-1
    <lab>-h0   lo, eth0 = 10.213.0.1/24  (veth peer of v0 in the bridge namespace)
    <lab>-h1   lo, eth0 = 10.213.0.2/24  ...

Hosts always have link-local IPv6 addresses; `ipv6=True` adds fd13:213::1/64, ::2, ... and
`ipv4=False` leaves IPv4 out (an IPv6-only LAN). No namespace has any other interface and no
host has a default route (only the lab's subnets and, with IPv4, the multicast range on eth0), so
nothing a program in a host sends can leave the lab. The bridge
namespace runs an nftables `bridge` table that counts what it forwards, counts stray packets
(IPv4 or IPv6 destinations outside the lab's subnet, link-local and multicast ranges) and can drop
a share of the frames at random (`numgen random mod 100 < P`). Needs root, `ip` (iproute2) and,
for the counters and losses, `nft`.

`NetLab` is a context manager: leaving it (even on an exception) kills every process started in
the lab and deletes the namespaces.
"""

from __future__ import annotations

import contextlib
import ipaddress
import itertools
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

SUBNET = ipaddress.ip_network("10.213.0.0/24")
SUBNET6 = ipaddress.ip_network("fd13:213::/64")
"""Unique local IPv6 addresses of an IPv6 lab (hosts also always have link-local ones)."""
NAME_PREFIX = "dlan"
NFT_TABLE = "durak_lab"
_COMMAND_TIMEOUT = 20.0
_lab_numbers = itertools.count()


class LabError(RuntimeError):
    """A lab command failed; the message holds the command and its output."""


def _run(argv: Sequence[str], *, stdin: str | None = None, check: bool = True) -> str:
    """Run a short command, return its stdout; LabError (with stderr) when it fails."""
    try:
        done = subprocess.run(
            list(argv),
            input=stdin,
            capture_output=True,
            text=True,
            timeout=_COMMAND_TIMEOUT,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise LabError(f"{' '.join(argv)}: {error}") from error
    if check and done.returncode != 0:
        raise LabError(f"{' '.join(argv)} exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def lab_problem(*, need_nft: bool = False) -> str | None:
    """None when labs can be made here, else the reason they cannot (for a pytest skip)."""
    if os.geteuid() != 0:
        return "LAN tests need root (they create network namespaces, veth pairs and a bridge)"
    if shutil.which("ip") is None:
        return "LAN tests need `ip` (iproute2)"
    if need_nft and shutil.which("nft") is None:
        return "packet-loss tests need `nft` (apt-get install nftables)"
    probe = f"{NAME_PREFIX}{os.getpid()}-probe"
    try:
        _run(["ip", "netns", "add", probe])
    except LabError as error:
        return f"`ip netns add` does not work here (LAN tests need real root): {error}"
    try:
        _run(["ip", "-n", probe, "link", "set", "lo", "up"])
        if need_nft:
            _run(["ip", "netns", "exec", probe, "nft", "list", "ruleset"])
    except LabError as error:
        return f"network namespaces or nftables unusable here: {error}"
    finally:
        _run(["ip", "netns", "del", probe], check=False)
    return None


def namespace_pids(namespace: str) -> list[int]:
    """Process ids running in a named namespace (empty if it is gone)."""
    out = _run(["ip", "netns", "pids", namespace], check=False)
    return [int(word) for word in out.split() if word.isdigit()]


def lab_namespaces() -> list[str]:
    """Names of every lab namespace that exists now (from any run)."""
    out = _run(["ip", "netns", "list"], check=False)
    names = [line.split()[0] for line in out.splitlines() if line.strip()]
    return [name for name in names if re.fullmatch(rf"{NAME_PREFIX}\d+-.+", name)]


def remove_stale_labs() -> list[str]:
    """Delete lab namespaces left by runs whose process is gone and that run nothing; their names."""
    removed = []
    for name in lab_namespaces():
        match = re.fullmatch(rf"{NAME_PREFIX}(\d+)-.+", name)
        assert match is not None
        owner = int(match.group(1))
        if owner == os.getpid() or Path(f"/proc/{owner}").exists() or namespace_pids(name):
            continue
        _run(["ip", "netns", "del", name], check=False)
        removed.append(name)
    return removed


@dataclass(frozen=True)
class Host:
    """One machine of the lab: its namespace, its addresses and its interface name."""

    index: int
    namespace: str
    ipv4: str | None
    ipv6: str | None
    interface: str = "eth0"

    @property
    def address(self) -> str:
        """Its IPv4 address, or its IPv6 one in an IPv6-only lab."""
        address = self.ipv4 or self.ipv6
        assert address is not None
        return address


class LabProcess:
    """A program started in a host namespace, its stdout and stderr kept in files."""

    def __init__(
        self,
        name: str,
        host: Host,
        argv: Sequence[str],
        log_dir: Path,
        *,
        cwd: Path | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.name = name
        self.host = host
        self.argv = list(argv)
        self.stdout_path = log_dir / f"{name}.out"
        self.stderr_path = log_dir / f"{name}.err"
        with self.stdout_path.open("ab") as out, self.stderr_path.open("ab") as err:
            # `ip netns exec` execs the program: the pid below is the program itself.
            self.popen = subprocess.Popen(
                ["ip", "netns", "exec", host.namespace, *self.argv],
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                cwd=cwd,
                env=dict(env) if env is not None else None,
                start_new_session=True,
            )

    @property
    def pid(self) -> int:
        """The process id (the program's own, see above)."""
        return self.popen.pid

    def poll(self) -> int | None:
        """The exit code, or None while it runs."""
        return self.popen.poll()

    def wait(self, timeout: float) -> int:
        """Wait at most `timeout` seconds for the exit code; subprocess.TimeoutExpired after."""
        return self.popen.wait(timeout=timeout)

    def kill_hard(self) -> None:
        """`kill -9` this process (only if it still runs)."""
        if self.popen.poll() is None:
            os.kill(self.popen.pid, signal.SIGKILL)
            self.popen.wait(timeout=_COMMAND_TIMEOUT)

    def stop(self, grace: float = 2.0) -> None:
        """SIGTERM, then SIGKILL after `grace` seconds; its whole process group."""
        if self.popen.poll() is not None:
            return
        try:
            os.killpg(self.popen.pid, signal.SIGTERM)
            self.popen.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait(timeout=_COMMAND_TIMEOUT)
        except ProcessLookupError:
            self.popen.wait(timeout=_COMMAND_TIMEOUT)

    def output(self, tail_chars: int = 6000) -> str:
        """The end of stdout and stderr, for a failure report."""
        parts = [f"$ ip netns exec {self.host.namespace} {' '.join(self.argv)}"]
        parts.append(f"exit code: {self.popen.poll()}")
        for label, path in (("stdout", self.stdout_path), ("stderr", self.stderr_path)):
            text = path.read_text(errors="replace") if path.exists() else ""
            if len(text) > tail_chars:
                text = f"[... {len(text) - tail_chars} characters cut ...]\n" + text[-tail_chars:]
            parts.append(f"--- {label} ---\n{text}")
        return "\n".join(parts)


class NetLab:
    """A bridge namespace and `hosts` host namespaces on it; see the module docstring."""

    def __init__(
        self,
        hosts: int,
        log_dir: Path,
        *,
        loss_percent: int = 0,
        ipv4: bool = True,
        ipv6: bool = False,
    ) -> None:
        if not 1 <= hosts <= 200:
            raise ValueError(f"a lab has 1 to 200 hosts, not {hosts}")
        if not 0 <= loss_percent <= 100:
            raise ValueError(f"loss is a percentage, not {loss_percent}")
        if not (ipv4 or ipv6):
            raise ValueError("a lab needs IPv4 or IPv6 addresses (or both)")
        self.name = f"{NAME_PREFIX}{os.getpid()}-{next(_lab_numbers)}"
        self.bridge_namespace = f"{self.name}-br"
        self.hosts = [
            Host(
                i,
                f"{self.name}-h{i}",
                str(SUBNET.network_address + i + 1) if ipv4 else None,
                str(SUBNET6.network_address + i + 1) if ipv6 else None,
            )
            for i in range(hosts)
        ]
        self.log_dir = log_dir
        self.loss_percent = loss_percent
        self.processes: list[LabProcess] = []
        self.nft = False
        self._created: list[str] = []

    # ------------------------------------------------------------------ life cycle

    def __enter__(self) -> NetLab:
        try:
            self.up()
        except BaseException:
            self.down()
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.down()

    def up(self) -> None:
        """Create the namespaces, the bridge, the veth pairs, addresses and the nft table."""
        self.log_dir.mkdir(parents=True, exist_ok=True)
        br = self.bridge_namespace
        self._add_namespace(br)
        self._sysctl(br, "net.ipv6.conf.all.disable_ipv6", "1")
        self._sysctl(br, "net.ipv6.conf.default.disable_ipv6", "1")
        _run(["ip", "-n", br, "link", "add", "br0", "type", "bridge", "mcast_snooping", "0"])
        _run(["ip", "-n", br, "link", "set", "br0", "up"])
        for host in self.hosts:
            ns = host.namespace
            self._add_namespace(ns)
            port = f"v{host.index}"
            veth = ["type", "veth", "peer", "name", "eth0", "netns", ns]
            _run(["ip", "-n", br, "link", "add", port, *veth])
            _run(["ip", "-n", br, "link", "set", port, "master", "br0", "up"])
            # No duplicate address detection: link-local IPv6 is usable at once, not "tentative".
            self._sysctl(ns, "net.ipv6.conf.eth0.accept_dad", "0")
            if host.ipv4 is not None:
                prefix = f"{host.ipv4}/{SUBNET.prefixlen}"
                _run(["ip", "-n", ns, "addr", "add", prefix, "dev", "eth0"])
            if host.ipv6 is not None:
                prefix = f"{host.ipv6}/{SUBNET6.prefixlen}"
                _run(["ip", "-n", ns, "addr", "add", prefix, "dev", "eth0", "nodad"])
            _run(["ip", "-n", ns, "link", "set", "eth0", "up"])
            if host.ipv4 is not None:
                # Multicast (mDNS) goes out on eth0 even for a socket that names no interface.
                _run(["ip", "-n", ns, "route", "add", "224.0.0.0/4", "dev", "eth0"])
        if shutil.which("nft") is not None:
            self._install_nft()
        elif self.loss_percent:
            raise LabError("packet loss needs `nft` (apt-get install nftables)")

    def down(self) -> None:
        """Kill every process started in the lab and delete its namespaces; safe to repeat."""
        for process in self.processes:
            with contextlib.suppress(OSError, subprocess.SubprocessError):
                process.stop(grace=1.0)
        for namespace in reversed(self._created):
            # Children the programs left behind: still ours, they run in our namespaces.
            for pid in namespace_pids(namespace):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            _run(["ip", "netns", "del", namespace], check=False)
        self._created.clear()

    def _add_namespace(self, namespace: str) -> None:
        _run(["ip", "netns", "add", namespace])
        self._created.append(namespace)
        _run(["ip", "-n", namespace, "link", "set", "lo", "up"])

    @staticmethod
    def _sysctl(namespace: str, key: str, value: str) -> None:
        _run(["ip", "netns", "exec", namespace, "sysctl", "-q", "-w", f"{key}={value}"])

    # ------------------------------------------------------------------ nftables

    def _install_nft(self) -> None:
        lab_v4 = f"{{ {SUBNET}, 224.0.0.0/4, 255.255.255.255 }}"
        lab_v6 = f"{{ {SUBNET6}, fe80::/10, ff00::/8, :: }}"
        script = f"""
table bridge {NFT_TABLE} {{
    counter forwarded {{ }}
    counter dropped {{ }}
    counter stray {{ }}
    chain forward {{
        type filter hook forward priority 0; policy accept;
        ether type ip ip daddr != {lab_v4} counter name stray
        ether type ip ip saddr != {{ {SUBNET}, 0.0.0.0 }} counter name stray
        ether type ip6 ip6 daddr != {lab_v6} counter name stray
        ether type ip6 ip6 saddr != {lab_v6} counter name stray
        jump loss
        counter name forwarded
    }}
    chain loss {{
    }}
}}
"""
        self._nft(script)
        self.nft = True
        self.set_loss(self.loss_percent)

    def _nft(self, script: str) -> None:
        _run(["ip", "netns", "exec", self.bridge_namespace, "nft", "-f", "-"], stdin=script)

    def set_loss(self, percent: int) -> None:
        """Drop `percent` % of the frames the bridge forwards, chosen at random (0: none)."""
        if not 0 <= percent <= 100:
            raise ValueError(f"loss is a percentage, not {percent}")
        if not self.nft:
            if percent:
                raise LabError("packet loss needs `nft` (apt-get install nftables)")
            return
        script = f"flush chain bridge {NFT_TABLE} loss\n"
        if percent:
            drop = f"numgen random mod 100 < {percent} counter name dropped drop"
            script += f"add rule bridge {NFT_TABLE} loss {drop}\n"
        self._nft(script)
        self.loss_percent = percent

    def counters(self) -> dict[str, int]:
        """Packets counted by the bridge: `forwarded`, `dropped` (by the loss rule), `stray`."""
        if not self.nft:
            raise LabError("no nft counters in this lab (nft is not installed)")
        listing = ["nft", "-j", "list", "counters", "table", "bridge", NFT_TABLE]
        out = _run(["ip", "netns", "exec", self.bridge_namespace, *listing])
        result: dict[str, int] = {}
        for item in json.loads(out)["nftables"]:
            counter = item.get("counter")
            if counter is not None:
                result[counter["name"]] = int(counter["packets"])
        return result

    # ------------------------------------------------------------------ isolation

    def links(self, namespace: str) -> list[dict[str, object]]:
        """`ip -d -j link` of one namespace."""
        return list(json.loads(_run(["ip", "-d", "-j", "-n", namespace, "link", "show"])))

    def isolation_problems(self) -> list[str]:
        """Why a packet could leave the lab (empty when it cannot): unexpected links or routes."""
        problems = []
        expected_bridge = {"lo", "br0"} | {f"v{host.index}" for host in self.hosts}
        bridge_links = self.links(self.bridge_namespace)
        names = {str(link["ifname"]) for link in bridge_links}
        if names != expected_bridge:
            problems.append(f"bridge namespace links {sorted(names)} != {sorted(expected_bridge)}")
        for link in bridge_links:
            if link["ifname"] == "br0":
                continue
            kind = link.get("linkinfo", {})
            if link["ifname"] != "lo" and (
                not isinstance(kind, dict) or kind.get("info_kind") != "veth"
            ):
                problems.append(f"bridge port {link['ifname']} is not a veth")
        for host in self.hosts:
            host_links = self.links(host.namespace)
            names = {str(link["ifname"]) for link in host_links}
            if names != {"lo", "eth0"}:
                problems.append(f"{host.namespace} has links {sorted(names)}, not lo and eth0")
            routes = json.loads(_run(["ip", "-j", "-n", host.namespace, "route", "show"]))
            for route in routes:
                dst = route.get("dst", "")
                if dst == "default" or (dst not in (str(SUBNET), "224.0.0.0/4")):
                    problems.append(f"{host.namespace} has an unexpected route {route}")
            routes6 = json.loads(_run(["ip", "-6", "-j", "-n", host.namespace, "route", "show"]))
            for route in routes6:
                if route.get("dst") not in ("fe80::/64", str(SUBNET6)):
                    problems.append(f"{host.namespace} has an unexpected IPv6 route {route}")
            addresses = json.loads(_run(["ip", "-j", "-n", host.namespace, "addr", "show"]))
            for link in addresses:
                for info in link.get("addr_info", []):
                    address = ipaddress.ip_address(info["local"])
                    inside = address in SUBNET or address in SUBNET6 or address.is_link_local
                    if not (address.is_loopback or inside):
                        problems.append(f"{host.namespace} has address {address} outside the lab")
        if self.nft and self.counters().get("stray", 0):
            problems.append(f"the bridge saw {self.counters()['stray']} stray packets")
        return problems

    # ------------------------------------------------------------------ programs

    def spawn(
        self,
        host: int,
        name: str,
        argv: Sequence[str],
        *,
        cwd: Path | None = None,
        env: Mapping[str, str] | None = None,
    ) -> LabProcess:
        """Start `argv` in host `host`; its output goes to `<log_dir>/<name>.out/.err`."""
        if any(process.name == name for process in self.processes):
            name = f"{name}-{len(self.processes)}"
        process = LabProcess(name, self.hosts[host], argv, self.log_dir, cwd=cwd, env=env)
        self.processes.append(process)
        return process

    def run(
        self, host: int, argv: Sequence[str], timeout: float = 30.0
    ) -> subprocess.CompletedProcess[str]:
        """Run a short command in host `host` and return what it printed (no check)."""
        return subprocess.run(
            ["ip", "netns", "exec", self.hosts[host].namespace, *argv],
            capture_output=True,
            text=True,
            timeout=timeout,
        )

    def report(self) -> str:
        """Every process's command, exit code and output tail, plus the bridge counters."""
        parts = [
            f"lab {self.name}: hosts {[(h.ipv4, h.ipv6) for h in self.hosts]}, "
            f"loss {self.loss_percent}%"
        ]
        if self.nft:
            try:
                parts.append(f"bridge counters: {self.counters()}")
            except LabError as error:
                parts.append(f"bridge counters unavailable: {error}")
        for process in self.processes:
            parts.append(
                f"===== {process.name} on {process.host.namespace} ({process.host.address})"
            )
            parts.append(process.output())
        return "\n".join(parts)


def looks_like_lab_traffic(frame: bytes) -> bool:
    """Whether an Ethernet frame is lab traffic: a lab address (IPv4 or unique local IPv6), mDNS
    (port 5353 or its multicast groups)."""
    if len(frame) < 14:
        return False
    if frame[:6] in (_MDNS_MAC_V4, _MDNS_MAC_V6):
        return True
    (ether_type,) = struct.unpack_from("!H", frame, 12)
    if ether_type == 0x0800 and len(frame) >= 34:
        header = (frame[14] & 0x0F) * 4
        source = ipaddress.IPv4Address(frame[26:30])
        target = ipaddress.IPv4Address(frame[30:34])
        if source in SUBNET or target in SUBNET or str(target) == "224.0.0.251":
            return True
        return frame[23] == 17 and _udp_is_mdns(frame, 14 + header)
    if ether_type == 0x86DD and len(frame) >= 54:
        source6 = ipaddress.IPv6Address(frame[22:38])
        target6 = ipaddress.IPv6Address(frame[38:54])
        if source6 in SUBNET6 or target6 in SUBNET6 or str(target6) == "ff02::fb":
            return True
        return frame[20] == 17 and _udp_is_mdns(frame, 54)
    return False


_MDNS_MAC_V4 = bytes.fromhex("01005e0000fb")
_MDNS_MAC_V6 = bytes.fromhex("3333000000fb")


def _udp_is_mdns(frame: bytes, offset: int) -> bool:
    if len(frame) < offset + 4:
        return False
    return 5353 in struct.unpack_from("!HH", frame, offset)


class OutsideWatch:
    """Counts lab-like frames on every interface of the namespace this process runs in (the one
    the lab was made from, outside the lab), with a passive packet socket: it sends nothing."""

    def __init__(self) -> None:
        self.frames = 0
        self.lab_frames: list[str] = []
        self._socket = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(_ETH_P_ALL))
        self._socket.settimeout(0.2)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="outside-watch", daemon=True)

    def __enter__(self) -> OutsideWatch:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._socket.close()

    def _watch(self) -> None:
        while not self._stop.is_set():
            try:
                frame, address = self._socket.recvfrom(65535)
            except TimeoutError:
                continue
            except OSError:
                return
            self.frames += 1
            if looks_like_lab_traffic(frame):
                self.lab_frames.append(f"{address[0]}: {frame[:48].hex()}")


_ETH_P_ALL = 0x0003


def wait_until(predicate: object, timeout: float, interval: float = 0.1) -> bool:
    """Poll `predicate()` until it is true or `timeout` seconds pass; whether it became true."""
    assert callable(predicate)
    deadline = time.monotonic() + timeout
    while True:
        if predicate():
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(interval)
