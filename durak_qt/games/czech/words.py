"""Czech fool in words: the presets' names and one-line descriptions, the events as sentences."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from durak_qt.card_text import card_label, suit_name
from engine.cards import SUITS
from engine.czech import game as czech

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("CzechLog", ...)` calls)."""


class CzechCounts(QObject):
    """Texts with a number in them, in the forms the language has for it (lupdate reads
    plural forms only from `tr`; never subclassed, so the context stays "CzechCounts")."""

    def deck(self, count: int) -> str:
        """ "Deck: 12 cards"."""
        return self.tr("Deck: %n card(s)", "", count)

    def pile(self, count: int) -> str:
        """ "Pile: 7 cards"."""
        return self.tr("Pile: %n card(s)", "", count)

    def drew(self, count: int) -> str:
        """ "%1 drew 2 cards"."""
        return self.tr("%1 drew %n card(s)", "", count)

    def must_draw(self, count: int) -> str:
        """ "%1 must draw 2 cards" (the card before says so)."""
        return self.tr("%1 must draw %n card(s)", "", count)

    def fool_with(self, count: int) -> str:
        """ "%1 is the fool with 23 points"."""
        return self.tr("%1 is the fool with %n point(s)", "", count)


COUNTS = CzechCounts()

TITLES: dict[str, object] = {
    "czech": QT_TRANSLATE_NOOP("Variants", "Czech fool (Mau-Mau)"),
    "czech-1": QT_TRANSLATE_NOOP("Variants", "Czech fool, option 1: draw one card"),
    "czech-2": QT_TRANSLATE_NOOP("Variants", "Czech fool, option 2: 32 cards"),
    "czech-3": QT_TRANSLATE_NOOP("Variants", "Czech fool, option 3: the jack orders"),
    "czech-4": QT_TRANSLATE_NOOP("Variants", "English fool (czech option 4)"),
    "czech-5": QT_TRANSLATE_NOOP("Variants", "Pharaoh (czech option 5)"),
    "czech-6": QT_TRANSLATE_NOOP("Variants", "Pentagon (czech option 6)"),
    "czech-7": QT_TRANSLATE_NOOP("Variants", "Polish fool (czech option 7)"),
    "czech-8": QT_TRANSLATE_NOOP("Variants", "Czech fool, option 8: king of diamonds"),
    "czech-9": QT_TRANSLATE_NOOP("Variants", "Czech fool, option 9: the eight plays on"),
}

DESCRIPTIONS: dict[str, object] = {
    "czech": QT_TRANSLATE_NOOP(
        "Variants",
        "Shed your cards by suit or rank; 6, 7 and the ace hit the next player, "
        "the queen orders a suit.",
    ),
    "czech-1": QT_TRANSLATE_NOOP(
        "Variants", "With no card that fits you draw only one card, then play it or pass."
    ),
    "czech-2": QT_TRANSLATE_NOOP(
        "Variants", "32 cards: a seven makes the next player draw two, an eight one."
    ),
    "czech-3": QT_TRANSLATE_NOOP(
        "Variants",
        "Six cards; the leader's last card opens the pile; the jack orders; "
        "a lone jack loses at once.",
    ),
    "czech-4": QT_TRANSLATE_NOOP(
        "Variants", "After an ace its player adds a card of its suit and orders another suit."
    ),
    "czech-5": QT_TRANSLATE_NOOP(
        "Variants", "Four cards; going out on a queen takes 30 points off, a lone queen costs 30."
    ),
    "czech-6": QT_TRANSLATE_NOOP(
        "Variants",
        "Suit only (a six also on a six); after a queen's order the next player misses a turn.",
    ),
    "czech-7": QT_TRANSLATE_NOOP(
        "Variants", "The jack orders; 7 makes the next draw 2, Q♠ 4, K♠ 6; the ace skips him."
    ),
    "czech-8": QT_TRANSLATE_NOOP(
        "Variants", "Draw one card at most; the king of diamonds makes the next draw five."
    ),
    "czech-9": QT_TRANSLATE_NOOP(
        "Variants",
        "Six cards; an eight lets you play on; 6 and 7 make the next draw 1 and 2; Q♠ is 50.",
    ),
}


def _line(
    event: Any, following: Any, name_of: Callable[[int], str], observation: Any
) -> tuple[str | None, bool]:
    """One event as a sentence, and whether it used up the next event too."""
    kind = event.kind
    who = name_of(event.seat) if event.seat >= 0 else ""
    card = card_label(event.cards[0]) if event.cards else ""
    if kind == czech.PLAYED:
        return translate("CzechLog", "%1 plays %2").replace("%2", card).replace("%1", who), False
    if kind == czech.OPENED:
        return translate("CzechLog", "%1's last dealt card opens the pile: %2").replace(
            "%2", card
        ).replace("%1", who), False
    count = event.number
    if kind == czech.DREW:
        penalty = (
            following is not None
            and following.kind == czech.PENALTY
            and following.seat == event.seat
        )
        if penalty:
            return COUNTS.must_draw(count).replace("%1", who), True
        return COUNTS.drew(count).replace("%1", who), False
    if kind == czech.PENALTY:  # nothing came: the deck and the pile were empty
        return translate("CzechLog", "%1 draws nothing: no card is left to draw").replace(
            "%1", who
        ), False
    if kind == czech.SKIPPED:
        return translate("CzechLog", "%1 misses a turn").replace("%1", who), False
    if kind == czech.ORDERED:
        suit = SUITS[event.number] if 0 <= event.number < len(SUITS) else None
        return translate("CzechLog", "%1 ordered %2").replace("%2", suit_name(suit)).replace(
            "%1", who
        ), False
    if kind == czech.PASSED:
        return translate("CzechLog", "%1 passes").replace("%1", who), False
    if kind == czech.RESHUFFLE:
        return translate(
            "CzechLog", "The deck is empty: the pile under the top card is shuffled as the new deck"
        ), (False)
    if kind == czech.LOST_AT_ONCE:
        return translate("CzechLog", "%1 is left with only %2 and loses at once").replace(
            "%2", card
        ).replace("%1", who), False
    if kind == czech.REPEATED:
        return translate(
            "CzechLog", "The same position came back three times: the game ends with no winner"
        ), (False)
    if kind == czech.GAME_OVER:
        return _game_over_line(event, name_of, observation), False
    return None, False


def _game_over_line(event: Any, name_of: Callable[[int], str], observation: Any) -> str:
    winner = getattr(observation, "winner", None)
    points = tuple(getattr(observation, "points", ()))
    parts: list[str] = []
    if isinstance(winner, int):
        parts.append(
            translate("CzechLog", "%1 has no cards left and wins the game").replace(
                "%1", name_of(winner)
            )
        )
    if event.seat >= 0:
        lost = points[event.seat] if event.seat < len(points) else 0
        parts.append(COUNTS.fool_with(lost).replace("%1", name_of(event.seat)))
    elif not parts:
        parts.append(translate("CzechLog", "The game is over"))
    return "; ".join(parts)


def describe_czech_events(
    events: Sequence[Any], name_of: Callable[[int], str], observation: Any = None
) -> list[str]:
    """The events of one czech action as sentences ("Anna drew 2 cards", "Boris ordered ♥
    hearts"); a draw forced by the card before is one line with its reason."""
    lines: list[str] = []
    index = 0
    while index < len(events):
        following = events[index + 1] if index + 1 < len(events) else None
        line, used_next = _line(events[index], following, name_of, observation)
        if line:
            lines.append(line)
        index += 2 if used_next else 1
    return lines


def merge_czech_draws(previous: Sequence[Any], events: Sequence[Any]) -> list[Any] | None:
    """One line for a run of single draws by one player ("Anna drew 3 cards"): the events of
    the two actions as one, or None when they are not both a plain draw of the same seat."""
    if len(previous) != 1 or len(events) != 1:
        return None
    before, now = previous[0], events[0]
    if before.kind != czech.DREW or now.kind != czech.DREW or before.seat != now.seat:
        return None
    return [before._replace(number=before.number + now.number)]
