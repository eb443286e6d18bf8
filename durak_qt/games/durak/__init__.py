"""Durak (families 1 and 2): its words, game-over panel, intents, move timer and the game against bots."""
