"""What the player's choice at Durak's table makes of the cards drawn, as pure functions: each
card's marks (lit, picked, target, focus, the talon's top) and what stays chosen when a new
observation comes."""

from __future__ import annotations

from dataclasses import dataclass, replace

from durak_qt.games.durak import card_intents, intents
from durak_qt.table.layout import Placement
from durak_qt.table.moment import TableMoment
from durak_qt.table.piles import CardMarks
from engine.cards import Card
from engine.observation import Observation


@dataclass(frozen=True)
class CardLooks:
    """What the cards of one layout mean: which your moves play, which they may beat, where
    the keyboard points, whether the talon's top may lead, which hand cards are chosen and
    which you may play without seeing them."""

    playable: set[Card]
    targets: set[Card]
    key_target: Card | None
    talon_lead: bool
    focus_hand_index: int | None
    over: bool
    picked: frozenset[int] = frozenset()
    blind: frozenset[int] = frozenset()


def card_looks(obs: Observation, choice: TableMoment) -> CardLooks:
    """What the cards mean for this observation and the player's choice."""
    blind = card_intents.blind_map(obs)
    targets = card_intents.beat_targets(obs, choice.picked, blind, choice.face_down)
    return CardLooks(
        playable=intents.playable_cards(obs.legal, choice.face_down),
        targets=set(targets),
        key_target=targets[choice.target_index % len(targets)] if targets else None,
        talon_lead=intents.first_of_kind(obs.legal, "attack_talon") is not None,
        focus_hand_index=choice.focused_hand,
        over=obs.over,
        picked=frozenset(choice.picked),
        blind=frozenset(blind),
    )


def card_marks(looks: CardLooks, placed: Placement, keys_used: bool) -> CardMarks:
    """A card's marks: your playable cards lit, the chosen lifted, the cards they may beat
    marked, the keyboard's focus ringed (once the keys are used), the talon's top lit when it
    may lead (armenian)."""
    in_hand = placed.hand_index is not None
    talon = placed.talon and looks.talon_lead
    lit = (
        in_hand
        and (
            (placed.card is not None and placed.card in looks.playable)
            or (placed.card is None and placed.hand_index in looks.blind)
        )
    ) or talon
    target = placed.on_table_unbeaten and placed.card in looks.targets
    return CardMarks(
        lit=lit,
        picked=in_hand and placed.hand_index in looks.picked,
        target=target,
        focused=keys_used
        and not looks.over
        and (
            (in_hand and placed.hand_index == looks.focus_hand_index)
            or (placed.on_table_unbeaten and placed.card == looks.key_target)
        ),
        clickable=in_hand or placed.on_table_unbeaten or talon,
        pointing=lit or target,
        talon=talon,
    )


def carry(previous: Observation | None, obs: Observation, choice: TableMoment) -> TableMoment:
    """What stays chosen from the last observation drawn (or None) to a new one: face-down
    beats while one is legal; the chosen cards while your hand is unchanged, none of them is a
    card you cannot see, and they can still be played together (the keys' aim goes with
    them); the keys' hand card stays (the scene keeps it inside the hand)."""
    face_down = choice.face_down and any(action.kind == "beat_hidden" for action in obs.legal)
    blind_chosen = any(0 <= i < len(obs.hand) and obs.hand[i] is None for i in choice.picked)
    if previous is None or previous.hand != obs.hand or blind_chosen:
        return replace(choice, picked=(), face_down=face_down, target_index=0)
    chosen = card_intents.chosen_cards(obs, choice.picked)
    if choice.picked and not intents.can_select_together(obs.legal, chosen):
        return replace(choice, picked=(), face_down=face_down)
    return replace(choice, face_down=face_down)
