"""Invitations: `durak://HOST:PORT/TABLE#KEY`, a table's address and its host's identity key in
one line of text, for joining without mDNS (another subnet, a blocked multicast).

`KEY` is the host's Ed25519 public key in base64url (43 characters), so the joiner's handshake
demands exactly that host; `TABLE` (optional, percent-encoded) is the name to show. IPv6
addresses go in brackets, with a zone as `%25` (RFC 6874): `durak://[fe80::1%25eth0]:40123#...`.
"""

from __future__ import annotations

import ipaddress
import re
import urllib.parse
from dataclasses import dataclass

from net.identity import IdentityError, decode_public_key, encode_public_key

SCHEME = "durak"
MAX_INVITATION_CHARS = 400
_HOST_NAME = re.compile(
    r"(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9-]{1,63})*\.?"
)


class InvitationError(ValueError):
    """Text that is not a usable invitation; the message says what is wrong with it."""


@dataclass(frozen=True)
class Invitation:
    """Where a table listens and whose table it is."""

    host: str
    """An IP address (IPv6 with an optional `%zone`) or a host name."""
    port: int
    host_key: bytes
    table_name: str = ""

    def __post_init__(self) -> None:
        _check_host(self.host)
        if type(self.port) is not int or not 1 <= self.port <= 65535:
            raise InvitationError(f"port {self.port!r} is not within 1..65535")
        try:
            encode_public_key(self.host_key)
        except IdentityError as error:
            raise InvitationError(f"host key: {error}") from None
        if len(self.table_name) > 40 or any(ord(c) < 32 or ord(c) == 127 for c in self.table_name):
            raise InvitationError("table name must be at most 40 printable characters")

    def __str__(self) -> str:
        host = self.host
        if ":" in host:
            host = "[" + host.replace("%", "%25") + "]"
        path = "/" + urllib.parse.quote(self.table_name, safe="") if self.table_name else ""
        return f"{SCHEME}://{host}:{self.port}{path}#{encode_public_key(self.host_key)}"


def _check_host(host: str) -> None:
    if type(host) is not str or not host:
        raise InvitationError("the invitation names no host")
    address, _, zone = host.partition("%")
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        if not _HOST_NAME.fullmatch(host):
            raise InvitationError(f"{host!r} is neither an IP address nor a host name") from None
        return
    if zone and (parsed.version != 6 or not re.fullmatch(r"[A-Za-z0-9_.-]{1,32}", zone)):
        raise InvitationError(f"{host!r} has a zone that is not an IPv6 interface name")


def parse_invitation(text: str) -> Invitation:
    """Read `durak://HOST:PORT[/TABLE]#KEY`; InvitationError saying what is wrong."""
    text = text.strip()
    if len(text) > MAX_INVITATION_CHARS:
        raise InvitationError(f"an invitation is at most {MAX_INVITATION_CHARS} characters")
    try:
        parts = urllib.parse.urlsplit(text)
        port = parts.port
    except ValueError as error:
        raise InvitationError(f"not an invitation: {error}") from None
    if parts.scheme != SCHEME:
        raise InvitationError(f"an invitation starts with {SCHEME}://")
    if parts.username is not None or parts.password is not None or parts.query:
        raise InvitationError("an invitation has no user, password or query")
    netloc_host = parts.netloc.rsplit(":", 1)[0] if port is not None else parts.netloc
    host = netloc_host[1:-1] if netloc_host.startswith("[") else netloc_host
    host = urllib.parse.unquote(host)
    if port is None:
        raise InvitationError("the invitation names no port (durak://HOST:PORT#KEY)")
    if not parts.fragment:
        raise InvitationError("the invitation has no host key after '#'")
    try:
        key = decode_public_key(parts.fragment)
    except IdentityError as error:
        raise InvitationError(f"host key: {error}") from None
    name = urllib.parse.unquote(parts.path[1:]) if parts.path.startswith("/") else ""
    if parts.path and not parts.path.startswith("/"):
        raise InvitationError("malformed table name")
    return Invitation(host, port, key, name)
