"""Family 3: cross fool of text A (a building phase with open cards, then a chain of beats)."""
