"""Joining a table by address, for networks whose router drops mDNS (guest Wi-Fi): the player
types the host's `HOST:PORT`, or pastes the invitation the host's client made, which also names
the table and carries the host's identity key:

    durak://192.168.1.20:45123/Kitchen?key=<64 hex digits>

With a key the connection is made only to that host (the handshake proves it); with a bare
address the first peer that answers there is trusted and its fingerprint shown.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import parse_qs, quote, unquote, urlsplit

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

SCHEME = "durak"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOSTNAME = re.compile(rf"^(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*$")


class InvitationError(ValueError):
    """Text that is no address or invitation; the message says why, in the interface language."""


@dataclass(frozen=True)
class Invitation:
    """Where a table's host listens, and (from an invitation) the table and the host's key."""

    host: str
    port: int
    table: str = ""
    key: bytes | None = None

    @property
    def table_name(self) -> str:
        """The table's name, or the address when the player typed only that."""
        return self.table or f"{self.host}:{self.port}"

    def text(self) -> str:
        """The invitation as the host hands it out (`parse_invitation` reads it back)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        query = f"?key={self.key.hex()}" if self.key is not None else ""
        return f"{SCHEME}://{host}:{self.port}/{quote(self.table)}{query}"


def _problem(text: object) -> InvitationError:
    return InvitationError(QCoreApplication.translate("Invitation", str(text)))


def _check_host(host: str) -> str:
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        if _HOSTNAME.match(host):
            return host.lower()
    raise _problem(
        QT_TRANSLATE_NOOP(
            "Invitation", "That is not a computer's address (for example 192.168.1.20)."
        )
    )


def _check_port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise _problem(
            QT_TRANSLATE_NOOP(
                "Invitation", "The port is a number from 1 to 65535, after the colon."
            )
        )
    return int(text)


def parse_invitation(text: str) -> Invitation:
    """Read `HOST:PORT`, `[IPv6]:PORT` or a durak:// invitation; InvitationError says what is
    wrong (and nothing is joined)."""
    text = text.strip()
    if not text:
        raise _problem(
            QT_TRANSLATE_NOOP(
                "Invitation", "Type the host's address and port, or paste an invitation."
            )
        )
    if text.lower().startswith(f"{SCHEME}://"):
        parts = urlsplit(text)
        if parts.hostname is None:
            raise _problem(QT_TRANSLATE_NOOP("Invitation", "The invitation names no computer."))
        try:
            port = parts.port
        except ValueError:
            port = None
        if port is None:
            raise _problem(QT_TRANSLATE_NOOP("Invitation", "The invitation names no port."))
        keys = parse_qs(parts.query).get("key", [])
        key: bytes | None = None
        if keys:
            try:
                key = bytes.fromhex(keys[0])
            except ValueError:
                key = b""
            if len(key) != 32:
                raise _problem(
                    QT_TRANSLATE_NOOP(
                        "Invitation", "The invitation is cut short: its key is damaged."
                    )
                )
        table = unquote(parts.path.lstrip("/"))
        return Invitation(_check_host(parts.hostname), port, table[:40], key)
    match = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\]:(\S+)|([^\s:]+):(\S+)", text)
    if match is None:
        raise _problem(
            QT_TRANSLATE_NOOP(
                "Invitation",
                "Write the address and the port with a colon, for example 192.168.1.20:45123.",
            )
        )
    host = match.group(1) or match.group(3)
    port_text = match.group(2) or match.group(4)
    return Invitation(_check_host(host), _check_port(port_text))
