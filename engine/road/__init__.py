"""Family 3: road fool of text A (the whole deck dealt, one-card attacks answered card by card)."""
