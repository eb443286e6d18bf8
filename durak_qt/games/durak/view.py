"""Durak's table as pure functions: its layout and what its cards mean for the player's choice,
the status line, the seats' roles, details and tooltips, the cards' tooltips and marks, the
absence badges' words, the play area's hint, where a new card flies in from and where a beaten
one glides to, and its felt; what stays chosen is `durak_qt.games.durak.looks`, an absent
player's countdown and badge place `durak_qt.table.absence`.

`DURAK_VIEW` is a value of the one view record (`durak_qt.table.game_view.GameView`, the fields
every game's view has); the one scene (`durak_qt.table.scene.TableScene`) calls them with the
observation shown, the window's `TableFrame` and a `TableMoment` (the player's choice and the
table's people, plain values) and draws what they return, so the live table, the resume path and
a read-only view say the same, and every function is tested without widgets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QRadialGradient

from durak_qt import palette
from durak_qt.card_text import SUIT_SYMBOLS, card_label, cards_label
from durak_qt.games.durak.card_intents import ENTER_KEYS, Moves, blind_map, with_intents
from durak_qt.games.durak.looks import card_looks, card_marks, carry
from durak_qt.games.durak.piles import placed_piles
from durak_qt.table.absence import absence_reason, clock_text
from durak_qt.table.card_art import card_height
from durak_qt.table.game_view import CardMarker, GameView, Laid
from durak_qt.table.layout import CardKey, Placement, locked_count
from durak_qt.table.moment import CardFacts, TableMoment
from durak_qt.table.piles import Pile, TableFrame, piles_by_name
from engine.cards import Card
from engine.observation import Observation

translate = QCoreApplication.translate
"""Texts in the current language, in the scene's context ("TableScene") as before."""


def absence_lines(frame: TableFrame, moment: TableMoment, seat: int) -> tuple[str, str, str]:
    """The lines of a seat's absence badge: who, why, and the time left to come back."""
    absence = moment.absences[seat]
    reason = absence_reason(absence)
    left = absence.deadline - moment.now
    if left <= 0:
        return frame.seat_name(seat), reason, translate("TableScene", "Time to come back is up")
    countdown = translate("TableScene", "%1 to come back").replace("%1", clock_text(left))
    return frame.seat_name(seat), reason, countdown


def absence_expired(moment: TableMoment, seat: int) -> bool:
    """Whether a seat's time to come back is up."""
    return moment.absences[seat].deadline <= moment.now


def waiting_name(frame: TableFrame, moment: TableMoment, seat: int) -> str:
    """A seat's name as the status line waits for it: "Boris (not responding)" when away."""
    absence = moment.absences.get(seat)
    if absence is None:
        return frame.seat_name(seat)
    return f"{frame.seat_name(seat)} ({absence_reason(absence)})"


def your_move_text(obs: Observation) -> str:
    """What the status line asks of you when you have legal moves."""
    kinds = {action.kind for action in obs.legal}
    if "accept" in kinds or "check" in kinds:
        return translate("TableScene", "Your move: accept the face-down card or check it")
    if "exchange" in kinds and "take" in kinds:
        return translate("TableScene", "Your move: beat, take, or exchange two cards")
    if "beat_hidden" in kinds and "beat" not in kinds:
        return translate("TableScene", "Your move: beat face down or take")
    if "beat" in kinds or ("take" in kinds and "transfer" in kinds):
        if "transfer" in kinds:
            return translate("TableScene", "Your move: beat, transfer or take")
        return translate("TableScene", "Your move: beat the cards or take them")
    if "attack_talon" in kinds:
        return translate("TableScene", "Your move: attack, or lead the talon's top card")
    if "attack" in kinds:
        return translate("TableScene", "Your move: attack")
    if "throw" in kinds:
        return translate("TableScene", "Your move: throw in more cards or pass")
    if "take" in kinds:
        return translate("TableScene", "Your move: take the cards")
    if kinds == {"pass"}:
        if obs.seat == obs.defender:
            return translate("TableScene", "Your move: let them finish (Pass)")
        return translate("TableScene", "Nothing to throw in: press Pass (Bito)")
    return translate("TableScene", "Your move")


def status(obs: Observation, frame: TableFrame, moment: TableMoment) -> tuple[str, bool]:
    """The status line: what you may do now, or whom the table waits for; and whether it is you."""
    if obs.over:
        if obs.fool is None:
            return translate("TableScene", "Game over: a draw"), False
        fool = frame.seat_name(obs.fool)
        return translate("TableScene", "Game over: %1 is the fool").replace("%1", fool), False
    if obs.legal:
        return your_move_text(obs), True
    # Your own seat without a move shown: it is on its way, or the peers still deal (a re-deal
    # of the talon, a card's keys): never "waiting for" yourself.
    waiting = [
        waiting_name(frame, moment, s) for s in obs.to_act if s != obs.seat or moment.read_only
    ]
    if not waiting and obs.seat in obs.to_act:
        return translate("TableScene", "One moment: the peers check the cards"), False
    if obs.waiting_check and waiting:
        return translate(
            "TableScene", "Waiting for %1 to accept or check the face-down card"
        ).replace("%1", ", ".join(waiting)), False
    if waiting:
        text = translate("TableScene", "Waiting for %1").replace("%1", ", ".join(waiting))
        return (f"{moment.note} · {text}" if moment.note else text), False
    return moment.note, False


def keys_help() -> str:
    """The status line's tooltip: the mouse and the keys of Durak's table."""
    return translate(
        "TableScene",
        "Mouse: click a lit card, then the card to beat or the middle of the table; "
        "or drag it there.\nKeys: ←/→ choose a card, Space add another, ↑/↓ choose the "
        "card to beat, Enter play, T take, P pass, R transfer, Esc cancel.\n"
        "Some variants: F face down, A accept, C check, X exchange, L lead the talon.",
    )


def play_area_hint(obs: Observation, chosen: list[Card | None], area_active: bool) -> str:
    """The line at the bottom of the middle: where a click plays the chosen cards (None: a card
    you cannot see), or that you lead; empty when it has nothing to say."""
    if area_active:
        return translate("TableScene", "Click here to play %1").replace("%1", cards_label(chosen))
    if not obs.table and any(action.kind == "attack" for action in obs.legal):
        return translate("TableScene", "Choose a card to attack with")
    return ""


def seat_role(obs: Observation, seat: int) -> tuple[str, QColor]:
    """The pill under a seat's name and its colour: the fool, out, takes, defends, attacks, bito."""
    colours = palette.current()
    if obs.over and obs.fool == seat:
        return translate("TableScene", "FOOL"), colours.role_fool
    if seat in obs.out:
        return translate("TableScene", "OUT"), colours.role_won
    if seat == obs.defender:
        if obs.taking:
            return translate("TableScene", "TAKES"), colours.role_take
        return translate("TableScene", "DEFENDS"), colours.role_defend
    if seat == obs.attacker:
        if seat in obs.passed:
            return translate("TableScene", "ATTACKS · BITO"), colours.role_attack
        return translate("TableScene", "ATTACKS"), colours.role_attack
    if seat in obs.passed:
        return translate("TableScene", "BITO"), colours.role_pass
    return "", colours.role_none


def score_text(obs: Observation, score: int) -> str:
    """A seat's score in words: cards beaten (points) or shoulder straps (pogony)."""
    if obs.variant == "pogony":
        return translate("TableScene", "%n strap(s)", "", score)
    return translate("TableScene", "%n beaten", "", score)


def seat_detail(obs: Observation, moment: TableMoment, seat: int) -> str:
    """The line under a seat's name: its cards, locked cards, own trump, score, and "bot"."""
    detail = translate("TableScene", "%n card(s)", "", obs.hand_sizes[seat])
    locked = locked_count(obs, seat)
    if locked:
        detail += " · " + translate("TableScene", "%n locked", "", locked)
    trumps = tuple(obs.trumps)
    if seat < len(trumps):
        own_trump = trumps[seat]
        suit = SUIT_SYMBOLS.get(own_trump, "?") if own_trump else "?"
        detail += " · " + translate("TableScene", "trump %1").replace("%1", suit)
    scores = tuple(obs.scores)
    if seat < len(scores):
        detail += " · " + score_text(obs, scores[seat])
    if seat in moment.bot_hosts:
        detail += " · " + translate("TableScene", "bot")
    return detail


def seat_title(obs: Observation, frame: TableFrame, moment: TableMoment, seat: int) -> str:
    """A seat's name as its plate shows it: yours says "(you)" unless the table is watched."""
    yours = seat == obs.seat and not moment.read_only
    return frame.seat_name(seat) + (translate("TableScene", " (you)") if yours else "")


def move_text(obs: Observation, moment: TableMoment, seat: int) -> str:
    """The mark of a seat to move: "▲ your move" on yours (unless watched), else "▲ to move"."""
    if seat == obs.seat and not moment.read_only:
        return translate("TableScene", "▲ your move")
    return translate("TableScene", "▲ to move")


def seat_tooltip(obs: Observation, frame: TableFrame, moment: TableMoment, seat: int) -> str:
    """A seat's tooltip: its cards, those of them you know, its role, and who runs its bot."""
    text = translate("TableScene", "%1: %n card(s)", "", obs.hand_sizes[seat]).replace(
        "%1", frame.seat_name(seat)
    )
    known = [c for c in (obs.hands[seat] if seat < len(obs.hands) else ()) if c is not None]
    if known and seat != obs.seat:
        text += "\n" + translate("TableScene", "Known to you: %1").replace("%1", cards_label(known))
    role, _colour = seat_role(obs, seat)
    if role:
        text += "\n" + role
    if seat in moment.bot_hosts:
        text += "\n" + translate(
            "TableScene", "A bot run by %1, which can see this bot's cards."
        ).replace("%1", moment.bot_hosts[seat])
    return text


def tooltip(obs: Observation, frame: TableFrame, moment: TableMoment, card: CardFacts) -> str:
    """A card's tooltip: what it is and what a click on it does."""
    if card.talon:
        return translate("TableScene", "Click to lead the top card of the talon (L)")
    if card.note:
        return card.note
    if card.card is None and card.hand_index is not None:
        if card.blind:
            return translate(
                "TableScene",
                "Your card: only the others see it. Click to choose it, then where to play it",
            )
        return translate("TableScene", "Your card: you do not see its face")
    if card.card is None:
        return ""
    label = card_label(card.card)
    if card.lit:
        return translate(
            "TableScene", "%1: click to choose, then click where to play it (or drag it)"
        ).replace("%1", label)
    if card.target:
        return translate("TableScene", "%1: click to beat it with the chosen card").replace(
            "%1", label
        )
    return label


def mover(obs: Observation) -> int:
    """The seat whose card came onto the table last: the last attacker, thrower, beater or
    transferrer of the events, else the attacker (or you)."""
    for event in reversed(tuple(obs.last_events)):
        if event.kind in ("attacked", "thrown", "beaten", "transferred") and event.seat >= 0:
            return int(event.seat)
    return obs.attacker if obs.attacker is not None else obs.seat


def entry_point(obs: Observation, frame: TableFrame, placed: Placement) -> QPointF | None:
    """Where a card newly shown flies in from: a face on the table from the seat that played it,
    every other face, back or card of yours from the talon; None (it just appears) for the
    rest (locked piles, trump markers)."""
    if placed.key[0] not in ("face", "back", "mine"):
        return None
    on_table = any(placed.card in pair for pair in obs.table)
    if placed.key[0] == "face" and placed.hand_index is None and on_table:
        return frame.geometry.seat_point(obs, mover(obs))
    return frame.geometry.talon_point()


def hint_covered(area: QRectF, placed: Iterable[Placement]) -> bool:
    """Whether cards lying in the play area `area` reach the line at its bottom where its hint
    is written (`durak_qt.table.items.PlayAreaItem.draw`)."""
    line_top = area.bottom() - 1.6 * max(11, round(area.height() * 0.06)) - 6
    return any(
        area.contains(card.pos) and card.pos.y() + card_height(card.width) / 2 > line_top
        for card in placed
    )


def durak_layout(view: GameView, obs: Observation, frame: TableFrame) -> Laid:
    """Durak's piles (`durak_qt.games.durak.piles.placed_piles`), as they lie."""
    piles = placed_piles(obs, frame)
    hand = piles_by_name(piles)["hand"]
    order = [placed.hand_index for placed in hand.cards if placed.hand_index is not None]
    return Laid(piles, {placed.key: placed for pile in piles for placed in pile.cards}, order)


def durak_intents(
    obs: Observation, piles: list[Pile], frame: TableFrame, moment: TableMoment
) -> list[Pile]:
    """What each card, the middle and each key mean for the player's choice
    (`durak_qt.games.durak.card_intents.with_intents`)."""
    return with_intents(obs, piles, moment, frame.geometry.bout_rect())


def durak_marks(
    view: GameView,
    obs: Observation,
    frame: TableFrame,
    moment: TableMoment,
    placed: Sequence[Placement],
    intents: Mapping[CardKey, object],
) -> CardMarker:
    """Each card's marks for the player's choice (`looks.card_looks`, `looks.card_marks`)."""
    seen = card_looks(obs, moment)
    return lambda card: card_marks(seen, card, moment.keys_used)


def discard_exit(
    previous: Observation | None, obs: Observation, frame: TableFrame, key: CardKey
) -> QPointF | None:
    """A face that left the table as the discard pile grew glides onto the discard pile."""
    if previous is None or obs.discard_count <= previous.discard_count or key[0] != "face":
        return None
    return frame.geometry.discard_point()


def durak_button(obs: Observation, frame: TableFrame, moment: TableMoment, kind: str) -> object:
    """What a button of this kind does with the choice now (`card_intents.Moves.kind`)."""
    return Moves(obs, moment).kind(kind)


def oval_felt(painter: QPainter, rect: QRectF, width: float, height: float) -> None:
    """Durak's felt: lighter in the middle, with an oval sheen where the bouts lie."""
    gradient = QRadialGradient(QPointF(width / 2, height * 0.45), max(width, height) * 0.7)
    colours = palette.current()
    gradient.setColorAt(0.0, colours.felt_centre)
    gradient.setColorAt(0.7, colours.felt_middle)
    gradient.setColorAt(1.0, colours.felt_edge)
    painter.fillRect(rect, gradient)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colours.felt_sheen)
    painter.drawEllipse(QPointF(width / 2, height * 0.44), width * 0.44, height * 0.36)


DURAK_VIEW = GameView(
    layout=durak_layout,
    intents=durak_intents,
    card_marks=durak_marks,
    exit_point=discard_exit,
    status=status,
    keys_help=keys_help,
    tooltip=tooltip,
    entry_point=entry_point,
    button_intent=durak_button,
    carry=carry,
    seat_role=seat_role,
    seat_title=seat_title,
    seat_detail=seat_detail,
    move_text=move_text,
    seat_tooltip=seat_tooltip,
    play_area_hint=play_area_hint,
    felt=oval_felt,
    unseen_hand=blind_map,
    holds_hand=True,
    drag_chooses=True,
    activate_keys=ENTER_KEYS,
    focus_playable=False,
    move_clears_choice=True,
)
"""The one Durak view (every variant: the functions read the observation's variant); the fields
are those of every game's `GameView`."""
