"""Family 3: czech fool (Mau-Mau) of text A, its nine options, and their game engine."""
