"""The game log in words, built from engine events: "North attacks with 7♣", "Bito"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication

from durak_qt.card_text import card_label, cards_label, suit_name


def describe_event(
    event: Any, name_of: Callable[[int], str], observation: Any = None
) -> str | None:
    """One engine event as a sentence in the interface language; None for events not worth a line.

    `observation` (the position after the event, if known) names the new trump card or suit.
    """
    line = _describe_family2(event, name_of, observation)
    if line is not None:
        return line
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


def _describe_family2(event: Any, name_of: Callable[[int], str], observation: Any) -> str | None:
    """The events of the family-2 variants in words (None for any other kind)."""
    kind = event.kind
    who = name_of(event.seat) if event.seat >= 0 else ""
    other = name_of(event.other) if getattr(event, "other", -1) >= 0 else ""
    cards = tuple(event.cards)
    number = getattr(event, "number", 0)
    if kind == "talon_led":
        if cards:
            return QCoreApplication.translate(
                "GameLog", "{player} leads the top card of the talon: {cards}"
            ).format(player=who, cards=cards_label(cards))
        return QCoreApplication.translate(
            "GameLog", "{player} leads the top card of the talon"
        ).format(player=who)
    if kind == "beaten_hidden":
        if cards:
            return QCoreApplication.translate(
                "GameLog", "{player} covers {target} face down"
            ).format(player=who, target=card_label(cards[0]))
        return QCoreApplication.translate("GameLog", "{player} covers a card face down").format(
            player=who
        )
    if kind == "accepted":
        return QCoreApplication.translate("GameLog", "{player} accepts the face-down card").format(
            player=who
        )
    if kind == "checked" and len(cards) == 2:
        return QCoreApplication.translate(
            "GameLog", "{player} checks: {card} on {target}; {taker} takes the cards"
        ).format(player=who, card=card_label(cards[1]), target=card_label(cards[0]), taker=other)
    if kind == "checked":
        return QCoreApplication.translate(
            "GameLog", "{player} checks the face-down card; {taker} takes the cards"
        ).format(player=who, taker=other)
    if kind == "exchanged":
        return QCoreApplication.translate(
            "GameLog", "{player} exchanges {count} cards with the talon"
        ).format(player=who, count=number or 2)
    if kind == "reshuffle":
        return QCoreApplication.translate(
            "GameLog", "The cards go back into the talon, which is shuffled again ({count} cards)"
        ).format(count=number or len(getattr(event, "slots", ())))
    if kind == "trump_opened":
        trump = getattr(observation, "trump_card", None)
        if trump is not None:
            return QCoreApplication.translate(
                "GameLog", "The trump card is turned face up: {card}"
            ).format(card=card_label(trump))
        return QCoreApplication.translate("GameLog", "The trump card is turned face up")
    if kind == "trump_changed":
        suit = getattr(observation, "trump_suit", None)
        if suit:
            return QCoreApplication.translate("GameLog", "The trump changes: now {suit}").format(
                suit=suit_name(suit)
            )
        return QCoreApplication.translate("GameLog", "The trump changes")
    if kind == "unlocked":
        return QCoreApplication.translate("GameLog", "{player} unlocks cards: {count}").format(
            player=who, count=number
        )
    if kind == "hands_passed":
        return QCoreApplication.translate("GameLog", "Every player passes his hand to the left")
    if kind == "wrong":
        return QCoreApplication.translate(
            "GameLog", "{player} played {cards} wrongly and takes the cards"
        ).format(player=who, cards=cards_label(cards))
    if kind == "strap":
        return QCoreApplication.translate(
            "GameLog", "{player} scores a shoulder strap ({cards})"
        ).format(player=who, cards=cards_label(cards))
    if kind == "lost_at_once":
        return QCoreApplication.translate(
            "GameLog", "{player} holds {count} cards and loses at once"
        ).format(player=who, count=number)
    if kind == "repeated":
        return QCoreApplication.translate(
            "GameLog", "The same position came back again: the game is a draw"
        )
    return None
