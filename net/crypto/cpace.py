"""CPace, the balanced PAKE of draft-irtf-cfrg-cpace, on ristretto255 with SHA-512 (libsodium).

Each party derives a secret generator from the password, the channel identifier `ci` and the
session id `sid`, sends `Y = y * g` for a fresh random scalar `y` and computes `K = y * Y_peer`;
both get the same intermediate session key only when they used the same password. Someone who
records one exchange, or plays one side of it, can test one password guess per live exchange
and none offline. The functions follow the draft's names and reproduce its test vectors.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field

from net.crypto.group import Group, InvalidPoint, get_group

DSI = b"CPaceRistretto255"
DSI_ISK = DSI + b"_ISK"
HASH_BLOCK_BYTES = 128
"""SHA-512's input block size (`H.s_in_bytes`): the zero padding fills the first block."""


class CPaceError(ValueError):
    """A peer's share that is not a valid point, or an identity result: the exchange failed."""


def group() -> Group:
    """ristretto255 through the system libsodium; OSError when it is missing."""
    return get_group("ristretto255")


def prepend_len(data: bytes) -> bytes:
    """`data` preceded by its length in LEB128."""
    length = len(data)
    encoded = bytearray()
    while True:
        if length < 128:
            encoded.append(length)
            break
        encoded.append((length & 0x7F) | 0x80)
        length >>= 7
    return bytes(encoded) + data


def lv_cat(*parts: bytes) -> bytes:
    """Each part length-prefixed, concatenated."""
    return b"".join(prepend_len(part) for part in parts)


def generator_string(prs: bytes, ci: bytes, sid: bytes) -> bytes:
    """lv_cat(DSI, PRS, zero padding, CI, sid), the padding filling the first hash block."""
    zpad = max(0, HASH_BLOCK_BYTES - 1 - len(prepend_len(prs)) - len(prepend_len(DSI)))
    return lv_cat(DSI, prs, bytes(zpad), ci, sid)


def calculate_generator(prs: bytes, ci: bytes, sid: bytes) -> bytes:
    """The secret generator: ristretto255's map of SHA-512(generator string)."""
    return group().hash_to_point(generator_string(prs, ci, sid))


def transcript_ir(ya: bytes, ad_a: bytes, yb: bytes, ad_b: bytes) -> bytes:
    """The initiator-responder transcript: lv_cat(Ya, ADa) || lv_cat(Yb, ADb)."""
    return lv_cat(ya, ad_a) + lv_cat(yb, ad_b)


def intermediate_session_key(
    sid: bytes, k: bytes, ya: bytes, ad_a: bytes, yb: bytes, ad_b: bytes
) -> bytes:
    """ISK = SHA-512(lv_cat(DSI_ISK, sid, K) || transcript_ir(Ya, ADa, Yb, ADb))."""
    return hashlib.sha512(lv_cat(DSI_ISK, sid, k) + transcript_ir(ya, ad_a, yb, ad_b)).digest()


@dataclass
class CPaceParty:
    """One side of a CPace exchange in initiator-responder order; `share` goes to the peer."""

    initiator: bool
    prs: bytes
    ci: bytes
    sid: bytes
    ad: bytes
    """This side's associated data (here: its identity key), bound into the session key."""
    scalar: int = field(default=0, repr=False)
    """The secret scalar (random when 0; fixed only for known-answer tests)."""
    share: bytes = field(init=False)

    def __post_init__(self) -> None:
        chosen = group()
        if not self.scalar:
            self.scalar = 1 + secrets.randbelow(chosen.order - 1)
        self.share = chosen.mult(self.scalar, calculate_generator(self.prs, self.ci, self.sid))

    def finish(self, peer_share: bytes, peer_ad: bytes) -> bytes:
        """The intermediate session key from the peer's share; CPaceError if the share is bad."""
        try:
            k = group().mult(self.scalar, peer_share)
        except InvalidPoint:
            raise CPaceError("the peer's password share is not a valid point") from None
        if self.initiator:
            return intermediate_session_key(self.sid, k, self.share, self.ad, peer_share, peer_ad)
        return intermediate_session_key(self.sid, k, peer_share, peer_ad, self.share, self.ad)
