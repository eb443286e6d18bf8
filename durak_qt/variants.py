"""Names and one-line descriptions of the engine's variants, in the interface language."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

_TITLES: dict[str, object] = {
    "simple": QT_TRANSLATE_NOOP("Variants", "Simple fool"),
    "throw-in": QT_TRANSLATE_NOOP("Variants", "Throw-in fool (podkidnoy)"),
    "transfer": QT_TRANSLATE_NOOP("Variants", "Transfer fool (perevodnoy)"),
    "transfer-trump-show": QT_TRANSLATE_NOOP("Variants", "Transfer by showing the trump"),
    "transfer-2": QT_TRANSLATE_NOOP("Variants", "Transferable fool 2"),
    "american": QT_TRANSLATE_NOOP("Variants", "American fool"),
    "teams": QT_TRANSLATE_NOOP("Variants", "Team fool (pairs)"),
    "kozlov": QT_TRANSLATE_NOOP("Variants", "Scored throw-in (Kozlov)"),
}

_DESCRIPTIONS: dict[str, object] = {
    "simple": QT_TRANSLATE_NOOP(
        "Variants", "Attack with one card or two of a rank; nobody throws in."
    ),
    "throw-in": QT_TRANSLATE_NOOP(
        "Variants", "Everyone throws in cards of the ranks on the table; at most 6 per bout."
    ),
    "transfer": QT_TRANSLATE_NOOP(
        "Variants", "Before beating, the defender may pass the attack on with a card of that rank."
    ),
    "transfer-trump-show": QT_TRANSLATE_NOOP(
        "Variants", "Transfer also by showing the trump of that rank, once per bout."
    ),
    "transfer-2": QT_TRANSLATE_NOOP(
        "Variants", "The defender may transfer even after beating has started."
    ),
    "american": QT_TRANSLATE_NOOP(
        "Variants",
        "Having beaten everything, the defender may throw in on himself and beat that too.",
    ),
    "teams": QT_TRANSLATE_NOOP(
        "Variants", "2x2 or 3x3, partners sit opposite and never attack each other."
    ),
    "kozlov": QT_TRANSLATE_NOOP(
        "Variants", "Throw-in for 2 to 4 players, scored: 2 points a win, 1 a draw."
    ),
}


def variant_title(variant_id: str) -> str:
    """The name of a variant for people (its id when the client does not know it)."""
    title = _TITLES.get(variant_id)
    return QCoreApplication.translate("Variants", str(title)) if title else variant_id


def variant_description(variant_id: str, fallback: str = "") -> str:
    """One line saying how a variant differs (the engine's own text when the client has none)."""
    text = _DESCRIPTIONS.get(variant_id)
    return QCoreApplication.translate("Variants", str(text)) if text else fallback


def available_variants() -> list[tuple[str, int, int, str]]:
    """(id, fewest players, most players, engine description) of every variant the engine offers."""
    from engine.rules import PRESETS

    return [(key, r.min_players, r.max_players, r.description) for key, r in PRESETS.items()]
