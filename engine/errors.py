"""Errors raised by the rules engine."""


class EngineError(Exception):
    """Base of every error the engine raises on bad input."""


class IllegalAction(EngineError):
    """An action the rules do not allow now; the game state is unchanged."""


class ParseError(EngineError, ValueError):
    """Text that is not a valid card, action or rules name."""
