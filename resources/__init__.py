"""Card art, icons and translations shipped with the game."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent


def resource_path(*parts: str) -> Path:
    """Return the absolute path of a file under resources/ (it may not exist)."""
    return ROOT.joinpath(*parts)
