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
    "japanese": QT_TRANSLATE_NOOP("Variants", "Japanese fool"),
    "albanian": QT_TRANSLATE_NOOP("Variants", "Albanian fool"),
    "armenian": QT_TRANSLATE_NOOP("Variants", "Armenian fool"),
    "trumpless": QT_TRANSLATE_NOOP("Variants", "Trumpless fool"),
    "big": QT_TRANSLATE_NOOP("Variants", "Big fool"),
    "believe": QT_TRANSLATE_NOOP("Variants", "I believe / I don't believe"),
    "two-trump": QT_TRANSLATE_NOOP("Variants", "Two-trump fool"),
    "boring": QT_TRANSLATE_NOOP("Variants", "Boring fool"),
    "trump-change": QT_TRANSLATE_NOOP("Variants", "Trump-change fool"),
    "royal": QT_TRANSLATE_NOOP("Variants", "Royal fool"),
    "circular": QT_TRANSLATE_NOOP("Variants", "Circular fool"),
    "magadan": QT_TRANSLATE_NOOP("Variants", "Magadan fool"),
    "piled": QT_TRANSLATE_NOOP("Variants", "Piled-up fool"),
    "invisible": QT_TRANSLATE_NOOP("Variants", "Invisible fool"),
    "reverse": QT_TRANSLATE_NOOP("Variants", "Reverse fool (werefool)"),
    "crazy": QT_TRANSLATE_NOOP("Variants", "Crazy fool"),
    "points": QT_TRANSLATE_NOOP("Variants", "Point fool (spectacled)"),
    "pogony": QT_TRANSLATE_NOOP("Variants", "Shoulder-strap fool (pogony)"),
    "poker": QT_TRANSLATE_NOOP("Variants", "Poker fool"),
    "secret": QT_TRANSLATE_NOOP("Variants", "Secret fool"),
    "empty": QT_TRANSLATE_NOOP("Variants", "Empty fool"),
    "treshka": QT_TRANSLATE_NOOP("Variants", "Treshka"),
    "chukotka": QT_TRANSLATE_NOOP("Variants", "Chukotka fool"),
    "chinese": QT_TRANSLATE_NOOP("Variants", "Chinese fool"),
    "jokers": QT_TRANSLATE_NOOP("Variants", "Fool with two jokers"),
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
        "Variants",
        "2x2, 3x3 or three pairs; the teams alternate round the table,"
        " and partners never attack each other.",
    ),
    "kozlov": QT_TRANSLATE_NOOP(
        "Variants", "Throw-in for 2 to 4 players, scored: 2 points a win, 1 a draw."
    ),
    "japanese": QT_TRANSLATE_NOOP(
        "Variants",
        "Diamonds are always trump; spades are beaten only by higher spades.",
    ),
    "albanian": QT_TRANSLATE_NOOP(
        "Variants",
        "The whole deck is ordered by rank, aces on top; the lowest card at the bottom is trump.",
    ),
    "armenian": QT_TRANSLATE_NOOP(
        "Variants",
        "The lead attacker may lead the top card of the talon instead of a card from hand.",
    ),
    "trumpless": QT_TRANSLATE_NOOP(
        "Variants",
        "No trump suit; the lowest card leads first.",
    ),
    "big": QT_TRANSLATE_NOOP(
        "Variants",
        "Two 52-card decks, 2 to 12 players; 52 cards or more in hand loses at once.",
    ),
    "believe": QT_TRANSLATE_NOOP(
        "Variants",
        "Beat face down if you dare; the attacker accepts or checks, and the liar takes the bout.",
    ),
    "two-trump": QT_TRANSLATE_NOOP(
        "Variants",
        "Every player has his own trump suit, turned up from the bottom of the talon.",
    ),
    "boring": QT_TRANSLATE_NOOP(
        "Variants",
        "Lead only with cards of your highest rank.",
    ),
    "trump-change": QT_TRANSLATE_NOOP(
        "Variants",
        "With two cards left in the talon the bottom card is swapped with the trump: a new trump.",
    ),
    "royal": QT_TRANSLATE_NOOP(
        "Variants",
        "The lowest rank is beaten only by the ace of its suit or the trump ace.",
    ),
    "circular": QT_TRANSLATE_NOOP(
        "Variants",
        "After every bout each player passes his hand to the player on his left.",
    ),
    "magadan": QT_TRANSLATE_NOOP(
        "Variants",
        "All but one dealt card are locked face down; one unlocks per discarded bout.",
    ),
    "piled": QT_TRANSLATE_NOOP(
        "Variants",
        "The whole deck is dealt at once; the last card dealt shows the trump; no talon.",
    ),
    "invisible": QT_TRANSLATE_NOOP(
        "Variants",
        "The trump suit is known but the trump card stays hidden until one card is left.",
    ),
    "reverse": QT_TRANSLATE_NOOP(
        "Variants",
        "You see every hand but your own; a wrong beat, throw or transfer takes the bout.",
    ),
    "crazy": QT_TRANSLATE_NOOP(
        "Variants",
        "Every second discarded bout is shuffled back into the talon.",
    ),
    "points": QT_TRANSLATE_NOOP(
        "Variants",
        "The winner is whoever beat the most cards.",
    ),
    "pogony": QT_TRANSLATE_NOOP(
        "Variants",
        "Score a shoulder strap when the defender takes exactly two cards of one rank.",
    ),
    "poker": QT_TRANSLATE_NOOP(
        "Variants",
        "Before beating, the defender may swap two cards with the talon once per bout.",
    ),
    "secret": QT_TRANSLATE_NOOP(
        "Variants",
        "A hidden card under the trump becomes the trump once the talon is gone.",
    ),
    "empty": QT_TRANSLATE_NOOP(
        "Variants",
        "Draw from the talon only when your hand is empty.",
    ),
    "treshka": QT_TRANSLATE_NOOP(
        "Variants",
        "Every lead is three cards of any ranks (two, one when fewer are left); no throwing in.",
    ),
    "chukotka": QT_TRANSLATE_NOOP(
        "Variants",
        "After the deal the talon with the trump card leaves the game.",
    ),
    "chinese": QT_TRANSLATE_NOOP(
        "Variants",
        "The 9 of diamonds leads; beating it ends the bout; a taker keeps only the first card.",
    ),
    "jokers": QT_TRANSLATE_NOOP(
        "Variants",
        "Two jokers join the deck: the joker of the trump colour is the highest card.",
    ),
}


def variant_title(variant_id: str) -> str:
    """The name of a variant for people (its id when the client does not know it)."""
    title = _TITLES.get(variant_id)
    if title:
        return QCoreApplication.translate("Variants", str(title))
    from durak_qt.games.family3.client import family3_title

    return family3_title(variant_id) or variant_id


def variant_description(variant_id: str, fallback: str = "") -> str:
    """One line saying how a variant differs (the engine's own text when the client has none)."""
    text = _DESCRIPTIONS.get(variant_id)
    if text:
        return QCoreApplication.translate("Variants", str(text))
    from durak_qt.games.family3.client import family3_description

    return family3_description(variant_id) or fallback


def available_variants() -> list[tuple[str, int, int, str]]:
    """(id, fewest players, most players, engine description) of every variant the engine offers."""
    from engine.rules import PRESETS

    return [(key, r.min_players, r.max_players, r.description) for key, r in PRESETS.items()]
