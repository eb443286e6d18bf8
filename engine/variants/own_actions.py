"""The actions of a variant's own kinds, in one table: each kind's check, play, the positions
the table opens before it and whether the wire names its cards by position.

`Game` looks an action's kind up here (`OWN_ACTIONS`) at its three points: the check
(`Game._check`), the play (`Game.apply`) and the table's forms (`Game.opened_by`,
`Game.wire_action`). Each entry's functions live in the variant's module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from engine.actions import ACCEPT, ATTACK_TALON, BEAT_HIDDEN, CHECK, EXCHANGE, Action, Event
from engine.errors import IllegalAction
from engine.variants import armenian, believe, poker

if TYPE_CHECKING:
    from engine.game import Game

Check = Callable[["Game", Action], list[int]]
Play = Callable[["Game", Action, list[int], list[Event]], None]
Opened = Callable[["Game", Action], list[int]]


@dataclass(frozen=True)
class OwnAction:
    """One variant action kind: `check` returns the hand slots it uses (or IllegalAction),
    once the common checks of its stage hold (`by_defender`: the table has a bout and the
    seat is the defender, who has not said take; else none); `play` moves the cards and adds
    the events; `opened`: the positions every seat must see first; `by_position`: the wire
    names its cards by position (face-down moves)."""

    check: Check
    play: Play
    by_defender: bool = False
    opened: Opened | None = None
    by_position: bool = False


def _no_word_awaited(game: Game, action: Action) -> list[int]:
    """A word with no face-down card waiting for it (a held play checks its words itself)."""
    raise IllegalAction("no face-down card waits for a word")


def _talon_lead_check(game: Game, action: Action) -> list[int]:
    return armenian.check_talon_lead(game, action.seat)


def _talon_lead_play(game: Game, action: Action, slots: list[int], events: list[Event]) -> None:
    armenian.play_talon_lead(game, action.seat, events)


def _talon_top(game: Game, action: Action) -> list[int]:
    return game.talon[:1]


def _beat_hidden_play(game: Game, action: Action, slots: list[int], events: list[Event]) -> None:
    believe.play_beat_hidden(game, action, slots[0], events)


def _accept_play(game: Game, action: Action, slots: list[int], events: list[Event]) -> None:
    believe.play_accept(game, action.seat, events)


def _check_play(game: Game, action: Action, slots: list[int], events: list[Event]) -> None:
    believe.play_check(game, action.seat, events)


def _awaited_cover(game: Game, action: Action) -> list[int]:
    slot = believe.pending(game)
    return [] if slot < 0 else [slot]


def _exchange_check(game: Game, action: Action) -> list[int]:
    return poker.check_exchange(game, action.seat, action)


def _exchange_play(game: Game, action: Action, slots: list[int], events: list[Event]) -> None:
    poker.play_exchange(game, action.seat, slots, events)


OWN_ACTIONS: Final[dict[str, OwnAction]] = {
    ATTACK_TALON: OwnAction(_talon_lead_check, _talon_lead_play, opened=_talon_top),
    BEAT_HIDDEN: OwnAction(
        lambda game, action: believe.check_beat_hidden(game, action.seat, action),
        _beat_hidden_play,
        by_defender=True,
        by_position=True,
    ),
    ACCEPT: OwnAction(_no_word_awaited, _accept_play),
    CHECK: OwnAction(_no_word_awaited, _check_play, opened=_awaited_cover),
    EXCHANGE: OwnAction(_exchange_check, _exchange_play, by_defender=True, by_position=True),
}
"""Every variant action kind (the variant's rules refuse it in games that do not play it)."""
