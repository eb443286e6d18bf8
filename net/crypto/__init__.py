"""Group arithmetic, card points and zero-knowledge proofs for fair dealing."""

from net.crypto.group import Group, InvalidPoint, default_group, get_group
from net.crypto.hashing import derive_scalar, transcript_hash

__all__ = [
    "Group",
    "InvalidPoint",
    "default_group",
    "derive_scalar",
    "get_group",
    "transcript_hash",
]
