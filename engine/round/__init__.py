"""Family 3: complete (round) fool of text A (collect from eight table cards, then leads of 1, 3, 5)."""
