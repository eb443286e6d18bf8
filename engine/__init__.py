"""The rules of Durak: pure, deterministic, and able to run on a peer that cannot see hidden cards."""
