"""Durak (families 1 and 2): words, piles and view, intents, game-over panel, move timer, bot game."""
