"""Cross fool's table: while building, the deck, the line (the stake) and every seat's open pile
with its top card marked; in play, the chain of cards to close, diamonds as trump and the cards
gone to waste.

Mouse: click the deck to draw while building; in play click a lit card to lead or to close the
chain's top card. Keys: D draws, ←/→ and Enter play a card, T takes the chain's bottom card.
Every move is taken from the observation's legal actions as it is.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QPointF, Qt

from durak_qt.card_text import SUIT_SYMBOLS, card_label
from durak_qt.games.cross.words import COUNTS, DESCRIPTIONS, TITLES, describe_cross_events
from durak_qt.games.family3.client import ButtonSpec, Family3Client
from durak_qt.table.card_art import CardArt, card_height
from durak_qt.table.family3_scene import Family3Scene, actions_of_kind
from durak_qt.table.items import CardItem, LabelItem, TrumpBadge
from durak_qt.table.layout import CardKey, Placement
from engine.cards import Card
from engine.cross import game as cross
from engine.cross.actions import BEAT, DRAW, LEAD, TAKE
from engine.cross.match import CrossMatch

translate = QCoreApplication.translate
"""Texts in the current language (lupdate finds `translate("Cross", ...)` calls)."""

PLAY_EVENTS = frozenset((cross.LED, cross.BEATEN, cross.GIVEN))
"""Events that put a card down (the "play" sound)."""

STACK_SHOWN = 3
"""Backs drawn for the deck and the waste (their counts are written under them)."""

FAN_SHOWN = 12
"""Cards drawn of another seat's pile or hand (the base table's fan)."""


class CrossScene(Family3Scene):
    """The cross fool table drawn from a `CrossObservation`."""

    def __init__(self, art: CardArt, parent: QObject | None = None) -> None:
        super().__init__(art, parent)
        self.deck_label = LabelItem()
        self.line_label = LabelItem()
        self.chain_label = LabelItem()
        self.waste_label = LabelItem()
        self.trump_badge = TrumpBadge()
        for item in (
            self.deck_label,
            self.line_label,
            self.chain_label,
            self.waste_label,
            self.trump_badge,
        ):
            item.setZValue(450)
            self.addItem(item)
        self.trump_badge.hide()

    def building(self) -> bool:
        """Whether the piles are still being built from the deck."""
        obs = self.observation
        return obs is not None and obs.phase == cross.BUILD_PHASE

    # ----- the middle ---------------------------------------------------------------------

    def deck_point(self) -> QPointF:
        """Centre of the deck (building) and of the trump badge (play)."""
        width, height = self.size
        return QPointF(width * 0.29, height * 0.42)

    def waste_point(self) -> QPointF:
        """Centre of the cards gone to waste."""
        width, height = self.size
        return QPointF(width * 0.71, height * 0.42)

    def layout_middle(self, obs: Any, wanted: dict[CardKey, Placement]) -> None:
        geo = self.geometry
        unit, cw = geo.unit, geo.card_width
        ch = card_height(cw)
        text_size = max(11, round(14 * unit))
        if obs.phase == cross.BUILD_PHASE:
            self._piles_in_order(obs, wanted)
            self._row(obs.line, wanted, cw, text_size)
            self.line_label.set_text(translate("Cross", "The line (the stake)"), text_size)
            self.line_label.setPos(self._row_centre() - QPointF(0, ch * 0.56 + text_size * 1.2))
            self.chain_label.set_text("", text_size)
        else:
            self._row(obs.table, wanted, cw, text_size)
            self.line_label.set_text("", text_size)
            self._chain_label(obs, ch, text_size)
        deck = self.deck_point()
        for i in range(min(obs.deck_count, STACK_SHOWN)):
            key: CardKey = ("deck", i)
            offset = QPointF(-2.0 * i * unit, -2.0 * i * unit)
            wanted[key] = Placement(key, self.card_back, deck + offset, cw, 0.0, 10 + i)
        self.deck_label.set_text(COUNTS.deck(obs.deck_count) if obs.deck_count else "", text_size)
        self.deck_label.setPos(deck + QPointF(0, ch * 0.5 + text_size * 1.3))
        waste = self.waste_point()
        for i in range(min(obs.discard_count, STACK_SHOWN)):
            key = ("waste", i)
            wanted[key] = Placement(key, self.card_back, waste, cw, (-8.0, 5.0, 14.0)[i], 10 + i)
        self.waste_label.set_text(
            COUNTS.gone(obs.discard_count) if obs.discard_count else "", text_size
        )
        self.waste_label.setPos(waste + QPointF(0, ch * 0.5 + text_size * 1.5))
        self._trump(obs, unit)

    def _row_centre(self) -> QPointF:
        width, height = self.size
        return QPointF(width * 0.5, height * 0.42)

    def _row(self, cards: Any, wanted: dict[CardKey, Placement], cw: int, text_size: int) -> None:
        """The line or the chain: bottom card first, the top one on the right, on top."""
        count = len(cards)
        room = self.size[0] * 0.24 - cw
        step = min(cw * 0.42, room / max(count - 1, 1))
        centre = self._row_centre()
        left = centre.x() - step * (count - 1) / 2
        for i, card in enumerate(cards):
            key: CardKey = ("face", card.text)
            point = QPointF(left + i * step, centre.y())
            wanted[key] = Placement(key, card.text, point, cw, (-3.0, 3.0)[i % 2], 20 + i, card)

    def _piles_in_order(self, obs: Any, wanted: dict[CardKey, Placement]) -> None:
        """While building a hand is a pile: yours lies bottom first (not sorted), and a long
        pile of another seat shows its top card in its last place."""
        mine = sorted(
            (placed for placed in wanted.values() if placed.hand_index is not None),
            key=lambda placed: placed.pos.x(),
        )
        spots = [(p.pos, p.rotation, p.z, p.visible_width) for p in mine]
        by_index = sorted(mine, key=lambda placed: placed.hand_index or 0)
        for placed, (pos, angle, z, visible) in zip(by_index, spots, strict=True):
            wanted[placed.key] = replace(
                placed, pos=pos, rotation=angle, z=z, visible_width=visible
            )
        self.hand_order = [placed.hand_index or 0 for placed in by_index]
        for seat, pile in enumerate(obs.hands):
            if seat == obs.seat or len(pile) <= FAN_SHOWN or pile[-1] is None:
                continue
            last = pile[FAN_SHOWN - 1]
            if last is None:
                continue
            old = wanted.pop(("face", last.text))
            key: CardKey = ("face", pile[-1].text)
            wanted[key] = replace(old, key=key, image=pile[-1].text, card=pile[-1])

    def _chain_label(self, obs: Any, ch: int, text_size: int) -> None:
        if obs.table and not obs.over:
            text = (
                translate("Cross", "Closed %1 of %2")
                .replace("%1", str(obs.covers))
                .replace("%2", str(max(obs.trick_size - 1, 1)))
            )
        else:
            text = ""
        self.chain_label.set_text(text, text_size)
        self.chain_label.setToolTip(
            translate(
                "Cross", "The chain goes to waste after as many closes as it had players, less one"
            )
        )
        self.chain_label.setPos(self._row_centre() + QPointF(0, ch * 0.56 + text_size * 1.3))

    def _trump(self, obs: Any, unit: float) -> None:
        """Diamonds are trump in play; the badge lies where the deck was."""
        if obs.phase == cross.BUILD_PHASE:
            self.trump_badge.hide()
            return
        radius = 26 * unit + 4
        self.trump_badge.set_suit(SUIT_SYMBOLS["D"], "D", radius, translate("Cross", "trump"))
        self.trump_badge.setPos(self.deck_point())
        self.trump_badge.setToolTip(
            translate(
                "Cross",
                "Diamonds are trump: a diamond closes hearts and spades; clubs are closed "
                "only by clubs, diamonds only by diamonds",
            )
        )
        self.trump_badge.show()

    def tops(self) -> set[Card]:
        """The top cards of every pile and of the line (building), the cards that move."""
        obs = self.observation
        if obs is None or obs.phase != cross.BUILD_PHASE:
            return set()
        piles = [*obs.hands, obs.line]
        return {pile[-1] for pile in piles if pile and pile[-1] is not None}

    def relayout(self, animate: bool = False) -> None:
        """Lay out, then mark the top card of every pile while building."""
        super().relayout(animate)
        tops = self.tops()
        for item in self.cards.values():
            target = item.card is not None and item.card in tops
            if target != item.target:
                item.target = target
                item.refresh()

    def clear_middle(self) -> None:
        for label in (self.deck_label, self.line_label, self.chain_label, self.waste_label):
            label.set_text("", 12)
        self.trump_badge.hide()

    def middle_is_live(self, key: CardKey) -> bool:
        if key[0] != "deck" or self.observation is None:
            return False
        top = min(int(self.observation.deck_count), STACK_SHOWN) - 1
        return key[1] == top and bool(actions_of_kind(self.legal(), DRAW))

    def middle_card_clicked(self, key: CardKey) -> bool:
        return key[0] == "deck" and self.choose_kind(DRAW)

    def card_tooltip(self, key: CardKey, item: CardItem) -> str:
        if key[0] == "deck":
            if item.playable:
                return translate("Cross", "The deck: click to draw (D)")
            return translate("Cross", "The deck")
        if key[0] == "waste":
            return translate("Cross", "Cards gone to waste")
        if item.card is not None and item.card in self.tops():
            return translate("Cross", "%1: the top card of its pile").replace(
                "%1", card_label(item.card)
            )
        return super().card_tooltip(key, item)

    # ----- words --------------------------------------------------------------------------

    def status_text(self, obs: Any) -> tuple[str, bool]:
        if obs.over:
            if obs.fool is not None:
                return translate("Cross", "Game over: %1 is the fool").replace(
                    "%1", self.seat_name(obs.fool)
                ), False
            return translate("Cross", "Game over: nobody is the fool"), False
        kinds = {action.kind for action in self.legal()}
        if not kinds:
            return super().status_text(obs)
        if DRAW in kinds:
            return translate("Cross", "Your turn to build: click the deck or press D"), True
        if LEAD in kinds:
            return translate("Cross", "Your lead: click any card"), True
        top = card_label(obs.table[-1]) if obs.table else ""
        if BEAT in kinds and TAKE in kinds:
            text = translate("Cross", "Close %1 with a lit card, or take the bottom card (T)")
        elif BEAT in kinds:
            text = translate("Cross", "Close %1 with a lit card")
        else:
            text = translate("Cross", "Nothing closes %1: take the bottom card (T)")
        return text.replace("%1", top), True

    def keys_help(self) -> str:
        return translate(
            "Cross",
            "Mouse: click the deck to draw while building; in play click a lit card.\n"
            "Keys: D draw, ←/→ choose a card, Enter play it, T take the bottom card.",
        )


CLIENT = Family3Client(
    kind="cross",
    titles=TITLES,
    descriptions=DESCRIPTIONS,
    make_scene=CrossScene,
    describe_events=describe_cross_events,
    make_match=CrossMatch,
    play_events=PLAY_EVENTS,
    points_rule=QT_TRANSLATE_NOOP(
        "Family3OverPanel",
        "A point for the fool of each game: fewer is better. The first player out deals the next game.",
    ),
    buttons=(
        ButtonSpec(
            DRAW,
            QT_TRANSLATE_NOOP("Family3", "Draw (D)"),
            QT_TRANSLATE_NOOP("Family3", "Give away what fits, then turn up the deck's top card"),
            int(Qt.Key.Key_D),
            "button_draw",
        ),
        ButtonSpec(
            TAKE,
            QT_TRANSLATE_NOOP("Family3", "Take (T)"),
            QT_TRANSLATE_NOOP("Family3", "Take the chain's bottom card; the rest goes on"),
            int(Qt.Key.Key_T),
            "button_pick_up",
        ),
    ),
)
"""How the client shows cross fool (durak_qt.games.family3.client)."""
