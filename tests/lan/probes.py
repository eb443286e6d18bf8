"""Tiny programs that test the lab itself: run with `python -m tests.lan.probes COMMAND ...`.

  echo-server ADDRESS PORT COUNT      answer COUNT TCP connections with what they sent, then exit
  echo-client ADDRESS PORT TEXT       send TEXT, print the echo
  mdns-register NAME ADDRESS PORT SECONDS   announce `_lanprobe._tcp` NAME for SECONDS
  mdns-browse NAME ADDRESS TIMEOUT   print the addresses and port of NAME once resolved
  udp-sink ADDRESS PORT SECONDS       count datagrams received in SECONDS (prints the count)
  udp-blast ADDRESS PORT COUNT        send COUNT numbered datagrams
  watch SECONDS                       count frames and lab-like frames seen here (passive)

Each exits 0 on success and 1 (with a message on stderr) when it times out.
"""

from __future__ import annotations

import socket
import sys
import time

PROBE_SERVICE = "_lanprobe._tcp.local."


def echo_server(address: str, port: int, count: int) -> int:
    """Serve `count` echo connections."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.create_server((address, port), family=family) as server:
        server.settimeout(30)
        print("listening", flush=True)
        for _ in range(count):
            connection, _peer = server.accept()
            with connection:
                connection.settimeout(10)
                connection.sendall(connection.recv(65536))
    return 0


def echo_client(address: str, port: int, text: str) -> int:
    """Connect (retrying for 10 s while the server starts), send, print the reply."""
    deadline = time.monotonic() + 10
    while True:
        try:
            connection = socket.create_connection((address, port), timeout=5)
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
    with connection:
        connection.sendall(text.encode())
        print(connection.recv(65536).decode(), flush=True)
    return 0


def mdns_register(name: str, address: str, port: int, seconds: float) -> int:
    """Announce a probe service on `address` and keep it for `seconds`."""
    from zeroconf import ServiceInfo, Zeroconf

    zeroconf = Zeroconf(interfaces=[address])
    info = ServiceInfo(
        PROBE_SERVICE,
        f"{name}.{PROBE_SERVICE}",
        port=port,
        properties={"probe": "yes"},
        server=f"{name.lower()}.local.",
        parsed_addresses=[address],
    )
    zeroconf.register_service(info)
    print("registered", flush=True)
    time.sleep(seconds)
    zeroconf.unregister_service(info)
    zeroconf.close()
    return 0


def mdns_browse(name: str, address: str, timeout: float) -> int:
    """Browse for the probe service named `name` and print where it is."""
    from zeroconf import ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

    found: list[str] = []

    def changed(
        zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is ServiceStateChange.Added:
            found.append(name)

    zeroconf = Zeroconf(interfaces=[address])
    browser = ServiceBrowser(zeroconf, PROBE_SERVICE, handlers=[changed])
    wanted = f"{name}.{PROBE_SERVICE}"
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if wanted in found:
                info = ServiceInfo(PROBE_SERVICE, wanted)
                if info.request(zeroconf, 3000):
                    print(" ".join(info.parsed_addresses()), info.port, flush=True)
                    return 0
            time.sleep(0.05)
    finally:
        browser.cancel()
        zeroconf.close()
    print(f"{wanted} not found in {timeout} s (saw {found})", file=sys.stderr)
    return 1


def udp_sink(address: str, port: int, seconds: float) -> int:
    """Count datagrams for `seconds` (from the first one) and print the count."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sink:
        sink.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
        sink.bind((address, port))
        print("listening", flush=True)
        sink.settimeout(30)
        seen = {sink.recv(2048)}
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            sink.settimeout(left)
            try:
                seen.add(sink.recv(2048))
            except TimeoutError:
                break
    print(len(seen), flush=True)
    return 0


def udp_blast(address: str, port: int, count: int) -> int:
    """Send `count` distinct small datagrams, a little paced."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as blaster:
        for number in range(count):
            blaster.sendto(f"datagram {number}".encode(), (address, port))
            if number % 50 == 49:
                time.sleep(0.005)
    return 0


def watch(seconds: float) -> int:
    """Run the lab's OutsideWatch in this namespace for `seconds`; print frames and lab frames."""
    from tests.lan.netlab import OutsideWatch

    with OutsideWatch() as watcher:
        print("listening", flush=True)
        time.sleep(seconds)
    print(watcher.frames, len(watcher.lab_frames), flush=True)
    return 0


def main(argv: list[str]) -> int:
    """Dispatch on the command name."""
    command, *args = argv
    if command == "echo-server":
        return echo_server(args[0], int(args[1]), int(args[2]))
    if command == "echo-client":
        return echo_client(args[0], int(args[1]), args[2])
    if command == "mdns-register":
        return mdns_register(args[0], args[1], int(args[2]), float(args[3]))
    if command == "mdns-browse":
        return mdns_browse(args[0], args[1], float(args[2]))
    if command == "udp-sink":
        return udp_sink(args[0], int(args[1]), float(args[2]))
    if command == "udp-blast":
        return udp_blast(args[0], int(args[1]), int(args[2]))
    if command == "watch":
        return watch(float(args[0]))
    print(f"unknown probe {command!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
