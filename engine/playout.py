"""The loop of `engine.simulate.play_game` for a Durak `Game`, compiled with the engine's build."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.bots.random_bot import RandomBot
from engine.game import draw_below

if TYPE_CHECKING:
    from engine.bots.base import Bot
    from engine.game import Game


def play_out(game: Game, bots: Sequence[Bot], rng: random.Random, cap: int) -> int:
    """Let bot i play seat i until the game is over or `cap` actions are exceeded; return the
    number of actions applied (more than `cap`: the game did not end). When several seats may
    act, `rng` picks one (`rng.choice`; for a plain `random.Random` its draw, inlined). When
    every bot is a `RandomBot` with a plain `random.Random`, their choices are drawn here, as
    `RandomBot.choose` draws them (the same actions, without a call per move)."""
    plain = type(rng) is random.Random  # (a subclass may choose in its own way)
    if all(type(bot) is RandomBot and type(bot.rng) is random.Random for bot in bots):
        return _random_play_out(game, [bot.rng.getrandbits for bot in bots], rng, plain, cap)
    actions = 0
    while not game.over:
        to_act = game.to_act
        seat = to_act[0] if len(to_act) == 1 else _pick_seat(to_act, rng, plain)
        game.apply(bots[seat].choose(game, seat))
        actions += 1
        if actions > cap:
            break
    return actions


def _random_play_out(
    game: Game, draws: list[Callable[[int], int]], rng: random.Random, plain: bool, cap: int
) -> int:
    """`play_out` with `RandomBot`s: seat i's action is drawn with `draws[i]` (its bot's
    `rng.getrandbits`) the way `RandomBot.choose` draws it."""
    actions = 0
    while not game.over:
        to_act = game.to_act
        seat = to_act[0] if len(to_act) == 1 else _pick_seat(to_act, rng, plain)
        legal = game.legal_tuple(seat)
        count = len(legal)
        if not count:
            raise IndexError(f"seat {seat} has no legal action")
        getrandbits, bits = draws[seat], count.bit_length()  # (draw_below, inlined: a call per
        draw = getrandbits(bits)  # move costs the interpreted engine 1.2 % of its instructions)
        while draw >= count:
            draw = getrandbits(bits)
        game.apply(legal[draw])
        actions += 1
        if actions > cap:
            break
    return actions


def _pick_seat(to_act: tuple[int, ...], rng: random.Random, plain: bool) -> int:
    """The seat `rng.choice(to_act)` picks (for a plain `random.Random` its draw, inlined)."""
    if not plain:
        return rng.choice(to_act)
    return to_act[draw_below(rng.getrandbits, len(to_act))]
