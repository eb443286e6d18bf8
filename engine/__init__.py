"""The rules of Durak: pure, deterministic, and able to run on a peer that cannot see hidden cards."""

from engine.accelerate_guard import guard as _guard

_guard()  # (before any engine module loads: a stale compiled build must not be imported)
