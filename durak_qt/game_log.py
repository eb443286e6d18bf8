"""The game log in words, built from engine events: "North attacks with 7♣", "Bito"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication

from durak_qt.card_text import card_label, cards_label


def _tr(text: str) -> str:
    return QCoreApplication.translate("GameLog", text)


def describe_event(event: Any, name_of: Callable[[int], str]) -> str | None:
    """One engine event as a sentence in the interface language; None for events not worth a line."""
    kind = event.kind
    who = name_of(event.seat) if event.seat >= 0 else ""
    other = name_of(event.other) if getattr(event, "other", -1) >= 0 else ""
    cards = tuple(event.cards)
    if kind == "bout_started":
        return _tr("{player} leads against {other}").format(player=who, other=other)
    if kind == "attacked":
        return _tr("{player} attacks with {cards}").format(player=who, cards=cards_label(cards))
    if kind == "thrown":
        return _tr("{player} throws in {cards}").format(player=who, cards=cards_label(cards))
    if kind == "beaten" and len(cards) == 2:
        return _tr("{player} beats {target} with {card}").format(
            player=who, target=card_label(cards[1]), card=card_label(cards[0])
        )
    if kind == "transferred" and other and event.other != event.seat:
        return _tr("{player} transfers with {cards} to {other}").format(
            player=who, cards=cards_label(cards), other=other
        )
    if kind == "transferred":
        return _tr("{player} transfers with {cards}").format(player=who, cards=cards_label(cards))
    if kind == "trump_shown" and other and event.other != event.seat:
        return _tr("{player} shows the trump {cards} and transfers to {other}").format(
            player=who, cards=cards_label(cards), other=other
        )
    if kind == "trump_shown":
        return _tr("{player} shows the trump {cards} and transfers").format(
            player=who, cards=cards_label(cards)
        )
    if kind == "taking":
        return _tr("{player} takes").format(player=who)
    if kind == "passed":
        return _tr("{player} passes").format(player=who)
    if kind == "took":
        return _tr("{player} picks up {cards}").format(player=who, cards=cards_label(cards))
    if kind == "discarded":
        return _tr("Bito")
    if kind == "drew" and event.number:
        return _tr("{player} draws {count}").format(player=who, count=event.number)
    if kind == "out":
        return _tr("{player} is out of cards").format(player=who)
    if kind == "game_over":
        if event.seat < 0:
            return _tr("Game over: a draw")
        return _tr("Game over: {player} is the fool").format(player=who)
    return None
