"""Each family-2 variant's behaviour in its own module, as a `Twist` the game calls at named
points (`engine.variants.twist`); `twists_for(rules)` picks the twists a game's rules switch on.

A variant with actions of its own (armenian's talon lead, believe's face-down beats and words,
poker's exchange) keeps their checks and moves in its module as functions, listed by kind in
one table (`engine.variants.own_actions`) that `Game._check`, `Game.apply`, `Game.opened_by`
and `Game.wire_action` look up; reverse's blind plays go through `Game.apply`, `Game._check`
and `Game.check_blind`. The deck and the deal call the hooks of `deal_twists_for(rules)`: the
play's twists (albanian's deck order and public ranks among them) and those with a part in the
deal alone (trumpless, japanese); a deal that leaves no talon is `piled.turn_up_whole_deal`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.rules import Rules
from engine.variants import (
    believe,
    crazy,
    magadan,
    pogony,
    points,
    poker,
    trump_change,
    two_trump,
)
from engine.variants.albanian import Albanian
from engine.variants.armenian import Armenian
from engine.variants.believe import Believe
from engine.variants.big import Big
from engine.variants.boring import Boring
from engine.variants.chinese import Chinese
from engine.variants.chukotka import Chukotka
from engine.variants.circular import Circular
from engine.variants.crazy import Crazy
from engine.variants.empty import Empty
from engine.variants.invisible import Invisible
from engine.variants.japanese import Japanese
from engine.variants.magadan import Magadan
from engine.variants.piled import Piled
from engine.variants.pogony import Pogony
from engine.variants.points import Points
from engine.variants.poker import Poker
from engine.variants.repetition import Repetition
from engine.variants.reverse import Reverse
from engine.variants.secret import Secret
from engine.variants.treshka import Treshka
from engine.variants.trump_change import TrumpChange
from engine.variants.trumpless import Trumpless
from engine.variants.twist import Twist
from engine.variants.two_trump import TwoTrump

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["STATE_FIELDS", "Twist", "deal_twists_for", "out_of_play", "twists_for"]

STATE_FIELDS: tuple[Callable[[Game, Callable[[int], str]], list[str]], ...] = (
    magadan.state_fields,
    believe.state_fields,
    points.state_fields,
    pogony.state_fields,
    crazy.state_fields,
    points.bout_state_fields,
    poker.state_fields,
    trump_change.state_fields,
    two_trump.state_fields,
)
"""Each variant's part of a family-2 state text, in a fixed order that the golden digests
pin: every family-2 game writes every part, its own variant's or not
(`engine.game_views.state_text`)."""


def out_of_play(game: Game) -> list[int]:
    """The positions out of play for good, each twist's in the order of the twists (chukotka's
    talon, secret's card): the family-2 state text's `removed` and the observation's
    `removed_count`."""
    return [slot for twist in game.twists for slot in twist.out_of_play(game)]


def _per_rules(
    build: Callable[[Rules], tuple[Twist, ...]],
) -> Callable[[Rules], tuple[Twist, ...]]:
    """`build` once per rules object, remembered by identity: a game looks its twists up several
    times as it is dealt, and hashing a `Rules` (every option) costs more than the lookup."""
    cache: dict[int, tuple[Rules, tuple[Twist, ...]]] = {}

    def cached(rules: Rules) -> tuple[Twist, ...]:
        hit = cache.get(id(rules))
        if hit is not None and hit[0] is rules:  # (the entry keeps its rules alive: no id reuse)
            return hit[1]
        if len(cache) >= 256:
            cache.clear()
        twists = build(rules)
        cache[id(rules)] = (rules, twists)
        return twists

    cached.__doc__ = build.__doc__
    return cached


@_per_rules
def twists_for(rules: Rules) -> tuple[Twist, ...]:
    """The twists these rules switch on, in the order the game calls them at each point
    (twists hold no game state, so games with the same rules share them)."""
    twists: list[Twist] = []
    if rules.personal_trumps:
        twists.append(TwoTrump())
    if rules.no_talon:
        twists.append(Chukotka())
    if rules.locked:
        twists.append(Magadan())
    if rules.reverse:
        twists.append(Reverse())
    if rules.trump_change:
        twists.append(TrumpChange())
    if rules.hidden_trump_card:
        twists.append(Invisible())
    if rules.secret_trump:
        twists.append(Secret())
    if rules.scoring == "points":
        twists.append(Points())
    if rules.scoring == "pogony":
        twists.append(Pogony())
    if rules.chinese:
        twists.append(Chinese())
    if rules.lose_at is not None:
        twists.append(Big(rules.lose_at))
    if rules.recycle:
        twists.append(Crazy())
    if rules.pass_hands:
        twists.append(Circular())
    if rules.repetition_draw is not None:
        twists.append(Repetition(rules.repetition_draw))
    if rules.lead_count is not None:
        twists.append(Treshka(rules.lead_count))
    if rules.lead_highest:
        twists.append(Boring())
    if rules.draw_when_empty:
        twists.append(Empty())
    if rules.hidden_beats:
        twists.append(Believe())
    if rules.exchange:
        twists.append(Poker())
    if rules.attack_talon:  # (the talon lead follows every other twist's leads)
        twists.append(Armenian())
    if rules.talon_by_rank:  # (its deck order and public ranks; no play hook before others)
        twists.append(Albanian())
    return tuple(twists)


@_per_rules
def deal_twists_for(rules: Rules) -> tuple[Twist, ...]:
    """The twists with a part in the deck or the deal, in the order the deal calls them: the
    play's (`twists_for`, albanian's deck order last), then those of the deal alone, which the
    play never calls (albanian before japanese's card under the talon; trumpless before
    japanese; piled's size of the hands)."""
    twists = list(twists_for(rules))
    if rules.trumpless:
        twists.append(Trumpless())
    if rules.fixed_trump is not None:
        twists.append(Japanese(rules.fixed_trump, rules.fixed_trump_card))
    if rules.deal_all:  # (only the size of the hands: `Piled.dealt_hand_size`)
        twists.append(Piled())
    return tuple(twists)
