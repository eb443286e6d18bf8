"""What the replay viewer draws at one position of a replayed game, and the words of each move.

A replay is a sequence of positions: position 0 is the deal, position k the table after the
k-th move (`ReplaySource.state(k)`). The viewer shows a position either with every hand face up
(`EVERY_HAND`: what the audit opened; hidden cards stay backs in a game without a full audit) or
as one seat saw it then. Either way the observation has no legal actions, so the live table's
views draw it read-only: nothing can be clicked into a move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from durak_qt.games.pages import game_pages
from engine.cards import Card

EVERY_HAND = -1
"""The view with every hand face up (the seat at the bottom is the viewer's chosen seat)."""


class StepLike(Protocol):
    """One move of a replay (`net.history.replay.ReplayStep`)."""

    index: int
    seat: int | None
    words: str
    bout_start: bool


class ReplaySource(Protocol):
    """A replayed game (`net.history.replay.Replay`): its moves and the game at each position."""

    @property
    def steps(self) -> Sequence[StepLike]:
        """Every move, in order."""

    def state(self, index: int) -> Any:
        """The engine game after `index` moves (0: as dealt)."""


def position_count(replay: ReplaySource) -> int:
    """How many positions a replay has: the deal and one after each move."""
    return len(replay.steps) + 1


def bout_starts(steps: Sequence[StepLike]) -> list[int]:
    """The positions where a bout begins (before its first move), in order; the deal always."""
    starts = [0]
    for position, step in enumerate(steps):
        if step.bout_start and position not in starts:
            starts.append(position)
    return starts


def open_view(game: Any, viewer: int) -> Any:
    """Every hand face up, `viewer`'s seat at the bottom; no legal actions."""
    opened = game.open_observation()
    own = game.observation(viewer)
    return dataclasses.replace(own, hand=opened.hands[viewer], hands=opened.hands, legal=())


def seat_view(game: Any, seat: int) -> Any:
    """What `seat` saw at this position (others' hidden cards as backs); no legal actions."""
    return dataclasses.replace(game.observation(seat), legal=())


def shown_observation(game: Any, viewer: int, view: int) -> Any:
    """The observation to draw: `view` EVERY_HAND (from `viewer`'s chair) or one seat's view."""
    return open_view(game, viewer) if view == EVERY_HAND else seat_view(game, view)


def move_words(
    variant: str, events: Sequence[Any], name_of: Callable[[int], str], observation: Any
) -> list[str]:
    """The sentences the live table's log writes for the events of one move, in the language
    of the moment (the describer of the game's pages, `GamePages.describe_events`)."""
    return game_pages(variant).describe_events(variant, events, name_of, observation)


MOVE_KINDS = {
    "attack": QT_TRANSLATE_NOOP("ReplayMoves", "attacks with"),
    "throw": QT_TRANSLATE_NOOP("ReplayMoves", "throws in"),
    "beat": QT_TRANSLATE_NOOP("ReplayMoves", "beats"),
    "beat_hidden": QT_TRANSLATE_NOOP("ReplayMoves", "beats face down"),
    "transfer": QT_TRANSLATE_NOOP("ReplayMoves", "transfers with"),
    "show_trump": QT_TRANSLATE_NOOP("ReplayMoves", "shows the trump"),
    "exchange": QT_TRANSLATE_NOOP("ReplayMoves", "exchanges"),
    "take": QT_TRANSLATE_NOOP("ReplayMoves", "takes"),
    "pass": QT_TRANSLATE_NOOP("ReplayMoves", "passes"),
    "forfeit": QT_TRANSLATE_NOOP("ReplayMoves", "gives up"),
    "attack_talon": QT_TRANSLATE_NOOP("ReplayMoves", "leads the talon's top card"),
    "accept": QT_TRANSLATE_NOOP("ReplayMoves", "accepts"),
    "check": QT_TRANSLATE_NOOP("ReplayMoves", "checks"),
}
"""Durak's move kinds as words, for a move known only as its signed text."""


def signed_move_words(text: str, name_of: Callable[[int], str]) -> str:
    """A signed move's text ("0 attack 10D 10S") as people read it ("Anna attacks with 10♦
    10♠"): the seat named, the kind in words where known, cards with their suit symbols."""
    from durak_qt.card_text import card_label

    tokens = text.split()
    if len(tokens) < 2 or not tokens[0].isdigit():
        return text
    words = [name_of(int(tokens[0]))]
    kind = MOVE_KINDS.get(tokens[1])
    words.append(QCoreApplication.translate("ReplayMoves", str(kind)) if kind else tokens[1])
    for token in tokens[2:]:
        try:
            words.append(card_label(Card.parse(token)))
        except ValueError:
            words.append(token)
    return " ".join(words)
