"""The table widget: the graphics view of the scene plus Take / Pass / Transfer (and variant) buttons."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QEvent, QPointF, QRect, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsView,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from durak_qt import palette
from durak_qt.games.durak import intents
from durak_qt.games.durak.auto_pass import AutoPass
from durak_qt.games.durak.move_timer import MoveTimer
from durak_qt.palette import themed
from durak_qt.table.card_art import CardArt, shared_card_art
from durak_qt.table.scene import TableScene
from durak_qt.table.tab_order import BUTTON_FOCUS_STYLE, TabOrder
from engine.actions import Action
from engine.observation import Observation

RESUME_WINDOW_S = 120.0
"""Seconds a departed or silent player has to come back, unless the table says otherwise."""

BUTTON_STYLE = """
QPushButton {
    color: $button_text; font-weight: bold; border-radius: 8px; padding: 7px 14px;
    border: 2px solid $button_rim; background: $fill;
}
QPushButton:hover { border-color: $accent; }
QPushButton:pressed { background: $button_pressed; }
QPushButton:checked { border-color: $accent; background: $button_checked; }
QPushButton:disabled { color: $button_text_disabled; border-color: $button_rim_disabled; }
"""
"""The look of a button beside the hand (palette roles; `$fill` is its own, see button_style)."""
TIME_LEFT_STYLE = (
    "QLabel { color: $note_text; font-weight: bold; font-size: $pixels; "
    "background: $note_back; border-radius: 6px; padding: 3px 8px; }"
)
"""The look of the countdown of your move's time."""


def button_style(fill: str) -> str:
    """The style template of a button beside the hand filled with the palette role `fill`."""
    return BUTTON_STYLE.replace("$fill", f"${fill}")


BUTTON_KINDS = (
    "accept",
    "check",
    "attack_talon",
    "face_down",
    "exchange",
    "transfer",
    "show_trump",
    "take",
    "pass",
)
"""Button order, top to bottom; "face_down" is a toggle (believe), the others play an action."""


class TableView(QGraphicsView):
    """Shows the table scene at the view's own pixel size (cards stay crisp), takes keys."""

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.table = scene
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)  # the felt: once per size
        self.viewport().setMouseTracking(True)  # the hand holds still under a resting pointer

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        size = self.viewport().size()
        self.table.set_size(size.width(), size.height())
        self.setSceneRect(self.table.sceneRect())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = self.mapToScene(event.position().toPoint())
        self.table.pointer_moved(point, dragging=event.buttons() != Qt.MouseButton.NoButton)
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self.table.pointer_moved(None)
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.table.handle_key(event.key()):
            super().keyPressEvent(event)


class TableWidget(QWidget):
    """The whole table: draws observations, emits `action_chosen(Action)` from observation.legal."""

    action_chosen = Signal(object)

    def __init__(self, art: CardArt | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scene = TableScene(art if art is not None else shared_card_art(), self)
        self.view = TableView(self.scene, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.scene.action_chosen.connect(self.action_chosen)
        self.scene.selection_changed.connect(self._update_buttons)

        self.buttons: dict[str, QPushButton] = {}
        fills = {
            "take": "button_take",
            "pass": "button_play",
            "transfer": "button_draw",
            "show_trump": "button_show_trump",
            "accept": "button_play",
            "check": "button_check",
            "attack_talon": "button_attack_talon",
            "face_down": "button_face_down",
            "exchange": "button_exchange",
        }
        self._button_box = QWidget(self.view)
        self._button_box.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        box_layout = QVBoxLayout(self._button_box)
        box_layout.setContentsMargins(0, 0, 0, 0)
        box_layout.setSpacing(6)
        for kind in BUTTON_KINDS:
            button = QPushButton(self._button_box)
            themed(button, button_style(fills[kind]) + BUTTON_FOCUS_STYLE)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # Tab reaches it, a click does not
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.clicked.connect(lambda _checked=False, k=kind: self._kind_clicked(k))
            button.setCheckable(kind == "face_down")
            button.hide()
            box_layout.addWidget(button)
            self.buttons[kind] = button
        self.timer = MoveTimer(0, self)
        self.timer.expired.connect(self.action_chosen)
        self.timer.remaining_changed.connect(self._show_time_left)
        self.auto_pass = AutoPass(self)
        self.auto_pass.passed.connect(self._pass_for_player)
        self.scene.action_chosen.connect(self.auto_pass.cancel)
        self.time_left = QLabel(self._button_box)
        self.time_left.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._time_left_px = 0
        self._measured: tuple[object, int] = ((), 0)  # (text size, texts) and the column width
        self._style_time_left(15)
        self.time_left.hide()
        box_layout.insertWidget(0, self.time_left)
        self.tab_order = TabOrder(self.view, self.scene, self.shown_buttons)
        self.tab_order.watch([self.view, *self.buttons.values()])
        self.retranslate()

    # ----- public interface ---------------------------------------------------------------

    def set_players(self, names: Sequence[str], bot_hosts: Mapping[int, str] | None = None) -> None:
        """Names of the seats, in seat order; `bot_hosts` maps a bot's seat to the machine running it."""
        self.scene.set_players(names, bot_hosts)

    def set_observation(self, observation: Observation) -> None:
        """Draw this observation; only its legal actions can be chosen."""
        self.scene.set_observation(observation)
        self._update_buttons()
        self.auto_pass.observe(observation)
        # No countdown for a pass the table is about to make for the player.
        self.timer.observe(None if self.auto_pass.pending() else observation)

    def clear_game(self) -> None:
        """A new game is being dealt: nothing of the last one stays (cards, seats, buttons,
        countdown, banner) until its first observation arrives."""
        self.timer.observe(None)
        self.auto_pass.cancel()
        self.scene.clear_game()
        self._update_buttons()

    def apply_settings(
        self,
        sort_order: str,
        card_back: str,
        card_scale: float,
        animation_ms: int,
        move_timer: int = 0,
        auto_pass: bool = True,
    ) -> None:
        """Apply display preferences (the move timer's seconds, 0 for none; whether a Pass that
        is the only move is made for the player) and redraw."""
        self.timer.set_seconds(move_timer)
        self.set_auto_pass(auto_pass)
        scene = self.scene
        scene.sort_order, scene.card_back = sort_order, card_back
        scene.card_scale, scene.animation_ms = card_scale, animation_ms
        if scene.observation is not None:
            scene.set_observation(scene.observation)

    def show_seat_absent(
        self, seat: int, left: bool = False, window_s: float = RESUME_WINDOW_S
    ) -> None:
        """A player left (`left`) or stopped answering just now: badge their seat and count down
        the `window_s` seconds they have to come back (see TableScene.show_seat_absent)."""
        now = self.scene.clock()
        self.scene.show_seat_absent(seat, now, now + window_s, left)

    def show_seat_silent(
        self, seat: int, since: float, deadline: float, left: bool = False
    ) -> None:
        """Net's silent seat (`SeatSilent`): badge it, counting down to net's `deadline`, the end
        of the resume window (`since` and `deadline` in `time.time()` seconds)."""
        self.scene.show_seat_absent(seat, since, deadline, left)

    def show_seat_back(self, seat: int) -> None:
        """The player of this seat is back: the badge and its countdown go."""
        self.scene.show_seat_back(seat)

    def set_auto_pass(self, on: bool) -> None:
        """Pass for the player when Pass is their only move (nothing to throw in); default on."""
        self.auto_pass.set_enabled(on)
        self.auto_pass.observe(self.scene.observation)
        self.timer.observe(None if self.auto_pass.pending() else self.scene.observation)

    def _pass_for_player(self, action: Action) -> None:
        """Make the pass the auto-pass chose, if it is still the move shown, and say so."""
        obs = self.scene.observation
        if obs is None or tuple(obs.legal) != (action,):
            return
        if obs.seat == obs.defender:
            note = self.tr("Passed for you: nothing to do until the others finish")
        else:
            note = self.tr("Nothing to throw in: passed for you")
        self.scene.show_note(note)
        self.scene.choose_kind(action.kind)

    def button_box_rect(self) -> QRect:
        """Where the buttons and the countdown lie, in the view's viewport coordinates."""
        return self._button_box.geometry()

    def shown_buttons(self) -> list[QPushButton]:
        """The buttons shown and enabled now, top to bottom (where Tab stops after the hand)."""
        return [b for b in self.buttons.values() if not b.isHidden() and b.isEnabled()]

    def visible_buttons(self) -> set[str]:
        """The kinds whose buttons are shown now."""
        return {kind for kind, button in self.buttons.items() if not button.isHidden()}

    # ----- internals ----------------------------------------------------------------------

    def _show_time_left(self, seconds: int) -> None:
        """Show the move timer's countdown above the buttons (hidden when none runs)."""
        if seconds < 0:
            self.time_left.hide()
            return
        self.time_left.setText(self.tr("%n s left to move", "", seconds))
        self.time_left.show()
        self._place_buttons()

    def retranslate(self) -> None:
        """Set every text again in the current language."""
        texts = {
            "take": (self.tr("Take (T)"), self.tr("Pick up all the cards on the table")),
            "pass": (self.tr("Pass / Bito (P)"), self.tr("Done: throw in no more cards")),
            "transfer": (
                self.tr("Transfer (R)"),
                self.tr("Pass the attack on with a card of the same rank (choose it first)"),
            ),
            "show_trump": (
                self.tr("Show trump"),
                self.tr("Transfer by showing the trump of that rank (choose it first)"),
            ),
            "accept": (
                self.tr("Accept (A)"),
                self.tr("Believe the face-down card: it counts as beaten, nobody sees it"),
            ),
            "check": (
                self.tr("Check (C)"),
                self.tr(
                    "Turn the face-down card over: if it does not beat, the defender takes; "
                    "if it does, you take"
                ),
            ),
            "attack_talon": (
                self.tr("Lead from talon (L)"),
                self.tr("Lead the top card of the talon instead of a card of your hand"),
            ),
            "face_down": (
                self.tr("Face down (F)"),
                self.tr(
                    "Beat with the card face down (any card; the attacker may check it). "
                    "Or right-click the card to beat."
                ),
            ),
            "exchange": (
                self.tr("Exchange (X)"),
                self.tr("Swap the two chosen cards with two from the talon (once per bout)"),
            ),
        }
        for kind, (label, tip) in texts.items():
            self.buttons[kind].setText(label)
            self.buttons[kind].setToolTip(tip)
        if self.scene.observation is not None:
            self.scene.set_observation(self.scene.observation)
        self._place_buttons()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _kind_clicked(self, kind: str) -> None:
        if kind == "face_down":
            self.scene.set_face_down(self.buttons[kind].isChecked())
            self._update_buttons()
        else:
            self.scene.choose_kind(kind)
        self.view.setFocus()

    def _update_buttons(self) -> None:
        legal = self.scene.legal()
        kinds = intents.kinds_of(legal)
        for kind, button in self.buttons.items():
            wanted = "beat_hidden" if kind == "face_down" else kind
            button.setVisible(wanted in kinds)
        face_down = self.buttons["face_down"]
        face_down.setChecked(self.scene.face_down)
        exchange = intents.exchange_for(legal, self.scene.chosen_cards())
        self.buttons["exchange"].setEnabled(exchange is not None)
        self._place_buttons()

    def _style_time_left(self, pixels: int) -> None:
        """The countdown's look, its text `pixels` high (as large as the buttons' text)."""
        if pixels == self._time_left_px:
            return
        self._time_left_px = pixels
        themed(self.time_left, TIME_LEFT_STYLE, pixels=f"{pixels}px")

    def _buttons_width(self) -> int:
        """The widest the button column can be (every button, the longest countdown), so that
        the strip kept free for it does not change with the buttons shown; sized again only
        when the text size or the language changes."""
        pixels = palette.text_pixels("button", self.scene.unit)
        longest = self.tr("%n s left to move", "", 60)
        texts = tuple(button.text() for button in self.buttons.values())
        key = (pixels, longest, texts)
        if key != self._measured[0]:
            font = self._button_box.font()
            font.setPixelSize(pixels)
            self._style_time_left(pixels)
            for button in self.buttons.values():
                button.setFont(font)
            shown = self.time_left.text()
            self.time_left.setText(longest)
            widest = max(
                [self.time_left.sizeHint().width()]
                + [button.sizeHint().width() for button in self.buttons.values()]
            )
            self.time_left.setText(shown)
            self._measured = (key, widest)
        return self._measured[1]

    def _place_buttons(self) -> None:
        widest = self._buttons_width()
        self._button_box.adjustSize()
        height = self._button_box.sizeHint().height()
        viewport = self.view.viewport().size()
        margin = 16
        self._button_box.setGeometry(
            viewport.width() - widest - margin,
            viewport.height() - height - margin,
            widest,
            height,
        )
        self.scene.set_reserved_right(widest + margin)

    def cover_hint(self, covered: bool) -> None:
        """A progress banner is shown over the table (True) or gone: the play area's hint is
        left out meanwhile (the banner lies on its line)."""
        self.scene.play_area.cover_hint(covered)

    def busy_banner_place(self, banner: QWidget) -> QRect:
        """Where a progress banner goes (widget coordinates): as wide as the middle of the table,
        clear of the talon, the trump badge and the seats, in the quiet band between the middle
        and the status line; when that band is too narrow, just above the status line (over the
        empty foot of the middle)."""
        scene, view = self.scene, self.view
        middle = view.mapFromScene(scene.bout_rect()).boundingRect().translated(view.pos())
        band = scene.quiet_band()
        top = view.mapFromScene(QPointF(0, band.top())).y() + view.y()
        bottom = view.mapFromScene(QPointF(0, band.bottom())).y() + view.y()
        width = max(middle.width(), 240)
        height = banner.heightForWidth(width) if banner.hasHeightForWidth() else -1
        height = height if height > 0 else banner.sizeHint().height()
        if bottom - top < height:
            y = max(8, bottom - height)
        else:
            y = max(8, (top + bottom - height) // 2)
        return QRect(middle.center().x() - width // 2, y, width, height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_buttons()
