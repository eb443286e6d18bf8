"""What a player types to join a table without mDNS (guest Wi-Fi drops it): the host's
`HOST:PORT`, or the invitation the host's client shows (`net.invitation`, which also names the
table and carries the host's identity key). This module only reads the text and says in the
player's language what is wrong with it; net joins (`PeerSettings.connect`, and with an
invitation `PeerSettings.host_key`, so another computer answering there fails as "wrong-host").
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from net.invitation import SCHEME, InvitationError, parse_invitation
from net.lobby import parse_host_port

_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOSTNAME = re.compile(rf"^(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*$")


class JoinTextError(ValueError):
    """Text that is no address or invitation; the message says why, in the interface language."""


@dataclass(frozen=True)
class JoinTarget:
    """Where a table's host listens and, from an invitation, the table's name and host key."""

    host: str
    port: int
    host_key: bytes | None = None
    table: str = ""

    @property
    def address(self) -> str:
        """`HOST:PORT` as net's join by address reads it (IPv6 in brackets)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    @property
    def table_name(self) -> str:
        """The table's name, or the address when the player typed only that."""
        return self.table or self.address


def _problem(text: object) -> JoinTextError:
    return JoinTextError(QCoreApplication.translate("Invitation", str(text)))


def _checked_host(host: str) -> str:
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


def _from_invitation(text: str) -> JoinTarget:
    try:
        invitation = parse_invitation(text)
    except InvitationError:
        raise _problem(
            QT_TRANSLATE_NOOP(
                "Invitation",
                "The invitation is damaged or cut short: ask the host to copy it again.",
            )
        ) from None
    return JoinTarget(invitation.host, invitation.port, invitation.host_key, invitation.table_name)


def read_join_text(text: str) -> JoinTarget:
    """Read `HOST:PORT`, `[IPv6]:PORT` or a durak:// invitation; JoinTextError says what is
    wrong in the player's language (and nothing is joined)."""
    text = text.strip()
    if not text:
        raise _problem(
            QT_TRANSLATE_NOOP(
                "Invitation", "Type the host's address and port, or paste an invitation."
            )
        )
    if text.lower().startswith(f"{SCHEME}://"):
        return _from_invitation(text)
    host, colon, port = text.rpartition(":")
    if not colon or not host or (host.count(":") and not host.startswith("[")):
        raise _problem(
            QT_TRANSLATE_NOOP(
                "Invitation",
                "Write the address and the port with a colon, for example 192.168.1.20:45123.",
            )
        )
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise _problem(
            QT_TRANSLATE_NOOP(
                "Invitation", "The port is a number from 1 to 65535, after the colon."
            )
        )
    try:
        host, number = parse_host_port(text)
    except ValueError:
        raise _problem(
            QT_TRANSLATE_NOOP(
                "Invitation",
                "Write the address and the port with a colon, for example 192.168.1.20:45123.",
            )
        ) from None
    return JoinTarget(_checked_host(host), number)
