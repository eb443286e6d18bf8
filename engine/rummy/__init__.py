"""Joker, the rummy game of text C: an engine of its own (family 3)."""
