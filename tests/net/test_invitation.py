"""Invitations: `durak://HOST:PORT/TABLE#KEY` both ways, and every kind of bad text refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.identity import Identity, IdentityError, decode_public_key, encode_public_key
from net.invitation import Invitation, InvitationError, parse_invitation

KEY = Identity.from_seed(bytes(range(32))).public_key
TEXT_KEY = encode_public_key(KEY)


def test_public_keys_as_text_both_ways() -> None:
    assert len(TEXT_KEY) == 43
    assert decode_public_key(TEXT_KEY) == KEY
    for bad in ("", "abc", TEXT_KEY + "A", TEXT_KEY[:-1] + "!", "é" * 43):
        with pytest.raises(IdentityError):
            decode_public_key(bad)


@pytest.mark.parametrize(
    ("invitation", "text"),
    [
        (Invitation("10.0.0.5", 40123, KEY), f"durak://10.0.0.5:40123#{TEXT_KEY}"),
        (
            Invitation("10.0.0.5", 40123, KEY, "Kitchen table"),
            f"durak://10.0.0.5:40123/Kitchen%20table#{TEXT_KEY}",
        ),
        (Invitation("fd13:213::1", 9, KEY), f"durak://[fd13:213::1]:9#{TEXT_KEY}"),
        (
            Invitation("fe80::1%eth0", 65535, KEY),
            f"durak://[fe80::1%25eth0]:65535#{TEXT_KEY}",
        ),
        (Invitation("kitchen-pc.local", 1, KEY), f"durak://kitchen-pc.local:1#{TEXT_KEY}"),
    ],
)
def test_invitations_both_ways(invitation: Invitation, text: str) -> None:
    assert str(invitation) == text
    assert parse_invitation(text) == invitation
    assert parse_invitation(f"  {text}\n") == invitation


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (f"http://10.0.0.5:40123#{TEXT_KEY}", "starts with durak://"),
        (f"durak://10.0.0.5#{TEXT_KEY}", "no port"),
        (f"durak://10.0.0.5:0#{TEXT_KEY}", "not within 1..65535"),
        (f"durak://10.0.0.5:70000#{TEXT_KEY}", "not an invitation"),
        ("durak://10.0.0.5:40123", "no host key"),
        ("durak://10.0.0.5:40123#abc", "host key"),
        (f"durak://:40123#{TEXT_KEY}", "names no host"),
        (f"durak://bad_host!:40123#{TEXT_KEY}", "neither an IP address nor a host name"),
        (f"durak://user@10.0.0.5:40123#{TEXT_KEY}", "no user"),
        (f"durak://10.0.0.5:40123?x=1#{TEXT_KEY}", "no user, password or query"),
        (f"durak://[10.0.0.5%25eth0]:40123#{TEXT_KEY}", "not an invitation"),
        ("durak://" + "a" * 500, "at most 400"),
        (f"durak://10.0.0.5:40123/{'x' * 50}#{TEXT_KEY}", "at most 40"),
    ],
)
def test_bad_invitations_say_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(InvitationError, match=reason):
        parse_invitation(text)


@given(st.text(max_size=200))
def test_any_text_is_an_invitation_or_an_invitation_error(text: str) -> None:
    try:
        invitation = parse_invitation(text)
    except InvitationError:
        return
    assert parse_invitation(str(invitation)) == invitation
