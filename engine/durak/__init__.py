"""Durak (families 1 and 2: `engine.game.Game`, presets in `engine.rules`) as a game kind."""
