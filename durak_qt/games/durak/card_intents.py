"""What each card, the middle and each key of a Durak table mean now: pure, from the observation
and the player's choice.

`with_intents` puts on Durak's piles (`durak_qt.games.durak.piles`) what a click, a double
click, a right click, a drag and a key do, so the one table scene
(`durak_qt.table.pile_scene.PileScene`) performs them as it does every game's: a legal action
of the observation (`durak_qt.games.durak.intents` picks it, never invents one), or a change of
the choice (`Select`, `FaceDown`, `KeyTarget`) the scene keeps.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QRectF, Qt

from durak_qt.games.durak import intents
from durak_qt.table.layout import CardKey, Placement
from durak_qt.table.moment import TableMoment
from durak_qt.table.piles import MIDDLE, DropZone, Pile, card_bounds
from engine.cards import Card
from engine.observation import Observation

MIDDLE_MARGIN = 40.0
"""Pixels around the bout's area where a dragged card still lands in the middle."""

KIND_KEYS: dict[int, str] = {
    int(Qt.Key.Key_T): "take",
    int(Qt.Key.Key_P): "pass",
    int(Qt.Key.Key_R): "transfer",
    int(Qt.Key.Key_A): "accept",
    int(Qt.Key.Key_C): "check",
    int(Qt.Key.Key_X): "exchange",
    int(Qt.Key.Key_L): "attack_talon",
}
"""The letters that press a move's button (family 2's too)."""

ENTER_KEYS = (int(Qt.Key.Key_Return), int(Qt.Key.Key_Enter))


@dataclass(frozen=True)
class Select:
    """An intent: make these hand indexes the chosen cards (`focus`: the keys move to this
    hand card; None: they stay)."""

    selected: tuple[int, ...]
    focus: int | None = None


@dataclass(frozen=True)
class FaceDown:
    """An intent (believe): beat face down from now on, or no longer."""

    on: bool


@dataclass(frozen=True)
class KeyTarget:
    """An intent: the keys point at this one of the attack cards the chosen card may beat
    (counted round)."""

    index: int


def blind_map(obs: Observation) -> dict[int, int]:
    """Reverse fool: the deck position of each hand card you cannot see, by hand index."""
    return intents.blind_slots(obs.hand, obs.legal, getattr(obs, "hand_slots", ()))


def chosen_cards(obs: Observation, selected: Sequence[int]) -> list[Card]:
    """The chosen hand cards whose faces you see."""
    hand = obs.hand
    return [card for i in selected if 0 <= i < len(hand) and (card := hand[i]) is not None]


def chosen_slot(selected: Sequence[int], blind: Mapping[int, int]) -> int | None:
    """Reverse fool: the position of the one chosen card you cannot see, else None."""
    return blind.get(selected[0]) if len(selected) == 1 else None


def beat_targets(
    obs: Observation, selected: Sequence[int], blind: Mapping[int, int], face_down: bool
) -> list[Card]:
    """The attack cards the last chosen card may beat now (face down when `face_down`)."""
    slot = chosen_slot(selected, blind)
    if slot is not None:
        return intents.blind_targets(obs.legal, slot)
    chosen = chosen_cards(obs, selected)
    return intents.beat_targets(obs.legal, chosen[-1], face_down) if chosen else []


class Moves:
    """What the choice makes of the cards of one observation (worked out once per layout)."""

    def __init__(self, obs: Observation, choice: TableMoment) -> None:
        self.obs = obs
        self.legal = tuple(obs.legal)
        self.choice = choice
        self.blind = blind_map(obs)

    def play(self, selected: Sequence[int], target: Any, face_down: bool | None = None) -> Any:
        """The action playing these chosen hand cards onto a target (an attack card or
        intents.ONTO_TABLE), or None."""
        down = self.choice.face_down if face_down is None else face_down
        chosen = chosen_cards(self.obs, selected)
        slot = chosen_slot(selected, self.blind)
        return intents.play_chosen(self.legal, chosen, slot, target, down)

    def kind(self, kind: str, selected: Sequence[int] | None = None) -> Any:
        """The action a button of this kind makes with the choice, or None."""
        chosen = self.choice.picked if selected is None else selected
        cards = chosen_cards(self.obs, chosen)
        return intents.kind_action(self.legal, kind, cards, chosen_slot(chosen, self.blind))

    def click(self, index: int) -> Select | None:
        """A click on your hand card at `index`: choose it, add it, or put it back."""
        choice = self.choice
        picked = intents.toggled(
            self.obs.hand, self.legal, choice.picked, self.blind, index, choice.face_down
        )
        return None if picked is None else Select(picked, index)

    def double_click(self, index: int) -> Any:
        """A double click on your hand card: the one move it makes alone, or None."""
        if index in self.blind:
            blind = intents.blind_actions(self.legal, self.blind[index])
            return blind[0] if len(blind) == 1 else None
        card = self.obs.hand[index]
        return None if card is None else intents.only_action_for(self.legal, card)

    def dragged(self, index: int) -> tuple[int, ...]:
        """The cards a drag of your hand card at `index` plays: the choice when it is among
        them, else that card alone."""
        selected = self.choice.picked
        return selected if index in selected else (index,)

    def enter(self) -> object | None:
        """Enter: play the chosen cards (the focused card when none is chosen) onto the attack
        card the keys point at, or the middle; the focused card chosen when it plays nothing."""
        choice = self.choice
        selected, picked = choice.picked, None
        if not selected and choice.focused_hand is not None:
            picked = self.click(choice.focused_hand)
            selected = picked.selected if picked is not None else ()
        target_index = choice.target_index if picked is None else 0
        chosen = chosen_cards(self.obs, selected)
        if not chosen and chosen_slot(selected, self.blind) is None:
            return picked
        exchange = self.kind("exchange", selected) if len(chosen) == 2 else None
        if exchange is not None:
            return exchange
        targets = beat_targets(self.obs, selected, self.blind, choice.face_down)
        action = self.play(selected, intents.ONTO_TABLE)
        if targets and action is None:
            action = self.play(selected, targets[target_index % len(targets)])
        return action if action is not None else picked

    def keys(self) -> dict[int, object]:
        """What each key of the table means now."""
        choice = self.choice
        found: dict[int, object] = {
            int(Qt.Key.Key_Up): KeyTarget(choice.target_index - 1),
            int(Qt.Key.Key_Down): KeyTarget(choice.target_index + 1),
            int(Qt.Key.Key_Escape): Select(()),
        }
        if choice.focused_hand is not None:
            found[int(Qt.Key.Key_Space)] = self.click(choice.focused_hand) or Select(choice.picked)
        for key, kind in KIND_KEYS.items():
            action = self.kind(kind)
            if action is not None:
                found[key] = action
        if intents.first_of_kind(self.legal, "beat_hidden") is not None:
            found[int(Qt.Key.Key_F)] = FaceDown(not choice.face_down)
        enter = self.enter()
        if enter is not None:
            for key in ENTER_KEYS:
                found[key] = enter
        return found


def with_intents(
    obs: Observation, piles: list[Pile], choice: TableMoment, bout: QRectF
) -> list[Pile]:
    """Durak's piles with what their cards, the middle (`bout`: the bout's area) and the keys
    mean now for this choice; a new pile "middle" (no cards) takes clicks on the bout's area."""
    moves = Moves(obs, choice)
    attacks = [
        placed
        for pile in piles
        if pile.name.startswith("pair ")
        for placed in pile.cards
        if placed.on_table_unbeaten and placed.card is not None
    ]
    middle = bout.adjusted(-MIDDLE_MARGIN, -MIDDLE_MARGIN, MIDDLE_MARGIN, MIDDLE_MARGIN)
    zones = Zones(moves, attacks, middle)
    done = []
    for pile in piles:
        if pile.name == "hand":
            pile = hand_intents(pile, moves, zones)
        elif pile.name == "talon":
            pile = talon_intents(pile, moves, middle)
        elif pile.name.startswith("pair "):
            pile = attack_intents(pile, moves)
        done.append(pile)
    ground = moves.play(choice.picked, intents.ONTO_TABLE) if choice.picked else None
    return [*done, Pile("middle", ground=DropZone(bout, ground))]


class Zones:
    """Where a card of your hand may be dropped: an unbeaten attack card (beat it; lit when
    the dragged cards may), then the middle of the table (play them onto it)."""

    def __init__(self, moves: Moves, attacks: Sequence[Placement], middle: QRectF) -> None:
        self.moves = moves
        self.attacks = [(placed, card_bounds(placed)) for placed in attacks]
        self.middle = middle

    def of(self, index: int) -> tuple[DropZone, ...]:
        """The drop zones of your hand card at `index`."""
        moves = self.moves
        selected = moves.dragged(index)
        targets = set(beat_targets(moves.obs, selected, moves.blind, moves.choice.face_down))
        zones = [
            DropZone(
                area,
                moves.play(selected, placed.card),
                placed.key if placed.card in targets else None,
            )
            for placed, area in self.attacks
        ]
        onto = moves.play(selected, intents.ONTO_TABLE)
        zones.append(DropZone(self.middle, onto, MIDDLE if onto is not None else None))
        return tuple(zones)


def hand_intents(pile: Pile, moves: Moves, zones: Zones) -> Pile:
    """Your hand: a click chooses a card, a double click plays it alone, a lit card dragged
    plays where it is let go; the keys' meanings."""
    clicks: dict[CardKey, object] = {}
    doubles: dict[CardKey, object] = {}
    drops: dict[CardKey, tuple[DropZone, ...]] = {}
    playable = intents.playable_cards(moves.legal, moves.choice.face_down)
    for placed in pile.cards:
        index = placed.hand_index
        if index is None:
            continue
        click = moves.click(index)
        if click is not None:
            clicks[placed.key] = click
        double = moves.double_click(index)
        if double is not None:
            doubles[placed.key] = double
        if placed.card in playable or (placed.card is None and index in moves.blind):
            drops[placed.key] = zones.of(index)
    return dataclasses.replace(
        pile, intents=clicks, double_intents=doubles, drops=drops, key_intents=moves.keys()
    )


def attack_intents(pile: Pile, moves: Moves) -> Pile:
    """An unbeaten attack card: a click plays the chosen cards onto it (a beat, or onto the
    table when they beat nothing there); a right click beats it face down with the last."""
    selected = moves.choice.picked
    if not selected:
        return pile
    clicks: dict[CardKey, object] = {}
    rights: dict[CardKey, object] = {}
    for placed in pile.cards:
        if not placed.on_table_unbeaten or placed.card is None:
            continue
        click = moves.play(selected, placed.card)
        if click is not None:
            clicks[placed.key] = click
        right = face_down_play(moves, placed)
        if right is not None:
            rights[placed.key] = right
    return dataclasses.replace(pile, intents=clicks, context_intents=rights)


def talon_intents(pile: Pile, moves: Moves, middle: QRectF) -> Pile:
    """Armenian: a click on the talon's top, or a drag of it onto the middle, leads it; a right
    click on it (the trump card, last) plays the last chosen card as a right click on an attack
    card would."""
    if intents.first_of_kind(moves.legal, "attack_talon") is None:
        return pile
    lead = moves.kind("attack_talon")
    top = [placed for placed in pile.cards if placed.talon]
    rights: dict[CardKey, object] = {}
    for placed in top:
        right = face_down_play(moves, placed)
        if right is not None:
            rights[placed.key] = right
    return dataclasses.replace(
        pile,
        intents={placed.key: lead for placed in top if lead is not None},
        drops={placed.key: (DropZone(middle, lead, MIDDLE),) for placed in top},
        context_intents=rights,
    )


def face_down_play(moves: Moves, placed: Placement) -> object | None:
    """A right click on a card of the table: beat it face down with the last chosen card
    (believe), or play that card as the click would when it beats nothing there."""
    last = [i for i in moves.choice.picked[-1:] if i not in moves.blind]
    if not last or placed.card is None:
        return None
    return moves.play(last, placed.card, True)
