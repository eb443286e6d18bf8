"""The game log in words, built from engine events: "North attacks with 7♣", "Bito"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication

from durak_qt.card_text import card_label, cards_label


def describe_event(event: Any, name_of: Callable[[int], str]) -> str | None:
    """One engine event as a sentence in the interface language; None for events not worth a line."""
    kind = event.kind
    who = name_of(event.seat) if event.seat >= 0 else ""
    other = name_of(event.other) if getattr(event, "other", -1) >= 0 else ""
    cards = tuple(event.cards)
    if kind == "bout_started":
        return QCoreApplication.translate("GameLog", "{player} leads against {other}").format(
            player=who, other=other
        )
    if kind == "attacked":
        return QCoreApplication.translate("GameLog", "{player} attacks with {cards}").format(
            player=who, cards=cards_label(cards)
        )
    if kind == "thrown":
        return QCoreApplication.translate("GameLog", "{player} throws in {cards}").format(
            player=who, cards=cards_label(cards)
        )
    if kind == "beaten" and len(cards) == 2:
        return QCoreApplication.translate("GameLog", "{player} beats {target} with {card}").format(
            player=who, target=card_label(cards[1]), card=card_label(cards[0])
        )
    if kind == "transferred" and other and event.other != event.seat:
        return QCoreApplication.translate(
            "GameLog", "{player} transfers with {cards} to {other}"
        ).format(player=who, cards=cards_label(cards), other=other)
    if kind == "transferred":
        return QCoreApplication.translate("GameLog", "{player} transfers with {cards}").format(
            player=who, cards=cards_label(cards)
        )
    if kind == "trump_shown" and other and event.other != event.seat:
        return QCoreApplication.translate(
            "GameLog", "{player} shows the trump {cards} and transfers to {other}"
        ).format(player=who, cards=cards_label(cards), other=other)
    if kind == "trump_shown":
        return QCoreApplication.translate(
            "GameLog", "{player} shows the trump {cards} and transfers"
        ).format(player=who, cards=cards_label(cards))
    if kind == "taking":
        return QCoreApplication.translate("GameLog", "{player} takes").format(player=who)
    if kind == "passed":
        return QCoreApplication.translate("GameLog", "{player} passes").format(player=who)
    if kind == "took":
        return QCoreApplication.translate("GameLog", "{player} picks up {cards}").format(
            player=who, cards=cards_label(cards)
        )
    if kind == "discarded":
        return QCoreApplication.translate("GameLog", "Bito")
    if kind == "drew" and event.number:
        return QCoreApplication.translate("GameLog", "{player} draws {count}").format(
            player=who, count=event.number
        )
    if kind == "forfeited":
        return QCoreApplication.translate("GameLog", "{player} leaves the game (forfeit)").format(
            player=who
        )
    if kind == "out":
        return QCoreApplication.translate("GameLog", "{player} is out of cards").format(player=who)
    if kind == "game_over":
        if event.seat < 0:
            return QCoreApplication.translate("GameLog", "Game over: a draw")
        return QCoreApplication.translate("GameLog", "Game over: {player} is the fool").format(
            player=who
        )
    return None
