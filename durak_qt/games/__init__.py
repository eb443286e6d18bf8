"""One package per game kind: its layout, words and controller on top of the shared table."""
