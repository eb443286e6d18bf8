"""Every colour the table and the dialogs draw, by role, in three themes and a four-colour deck.

No other module of the client writes a colour: items read `current()` when they draw, style
sheets name roles as `$role` (see `style`), and `use` switches the look live (`notifier`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from string import Template

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QWidget

CLEAR = Qt.GlobalColor.transparent
"""The fill of a pixmap before anything is drawn on it."""

ART_RED = "#c8102e"
"""The ink of hearts and diamonds in the shipped card faces (resources/cards)."""
ART_BLACK = "#1b1b1f"
"""The ink of clubs and spades in the shipped card faces."""
ART_TINTS = {"H": "#fbe9ea", "D": "#fbe9ea", "C": "#e9edf5", "S": "#e9edf5"}
"""The pale tint behind each suit's court figures in the shipped card faces."""


def rgb(red: int, green: int, blue: int, alpha: int = 255) -> QColor:
    """A colour from its channels, 0..255."""
    return QColor(red, green, blue, alpha)


@dataclass(frozen=True)
class Palette:
    """The colour of each role the client draws (QColor fields), one value per theme."""

    # --- the felt ----------------------------------------------------------------------
    felt_centre: QColor  # the Durak table's radial felt, middle to edge
    felt_middle: QColor
    felt_edge: QColor
    felt_sheen: QColor  # the lighter oval under the bout
    felt_top: QColor  # the family-3 table's felt, top to bottom
    felt_band: QColor
    felt_bottom: QColor
    felt_panel: QColor  # the lighter panel where the family-3 piles lie
    # --- cards and their marks ----------------------------------------------------------
    card_face: QColor  # the paper of a badge or a suit disc
    card_shadow: QColor
    ink_hearts: QColor
    ink_diamonds: QColor
    ink_clubs: QColor
    ink_spades: QColor
    badge_ink: QColor  # the dark text of a badge on a card
    accent: QColor  # gold: playable cards, whose move it is, titles, hover rims
    accent_halo_outer: QColor  # the glow round the plate of the player to move
    accent_halo_inner: QColor
    selected_ring: QColor  # the ring of a chosen card
    target_ring: QColor  # the ring of a card the chosen one may beat, the lit play area
    target_fill: QColor
    focus_ring: QColor  # the dashed ring of the keyboard focus
    # --- seats --------------------------------------------------------------------------
    plate_fill: QColor
    plate_fill_mine: QColor
    plate_rim: QColor
    plate_name: QColor
    plate_detail: QColor
    pill_text: QColor
    role_none: QColor
    clear_fill: QColor  # nothing: a button drawn as a link
    role_attack: QColor
    role_defend: QColor
    role_take: QColor
    role_pass: QColor
    role_won: QColor  # out, winner, hung the pagons
    role_fool: QColor
    role_pagons: QColor
    team_one: QColor
    team_two: QColor
    # --- texts on the table -------------------------------------------------------------
    label_text: QColor
    label_back: QColor
    banner_text: QColor
    banner_back: QColor
    banner_mine_text: QColor  # the status line when it is your move
    banner_mine_back: QColor
    play_area_rim: QColor
    play_area_fill: QColor
    hint_text: QColor
    hint_text_active: QColor
    note_text: QColor  # the table's note above the buttons
    note_back: QColor
    absent_fill: QColor
    absent_fill_expired: QColor
    absent_rim_expired: QColor
    absent_name: QColor
    absent_reason: QColor
    absent_countdown_expired: QColor
    # --- buttons beside the hand ----------------------------------------------------------
    button_text: QColor
    button_rim: QColor
    button_pressed: QColor
    button_checked: QColor
    button_text_disabled: QColor
    button_rim_disabled: QColor
    button_draw: QColor  # draw, transfer, lead
    button_play: QColor  # pass, accept, lay, place, clear
    button_take: QColor  # Durak: take the bout
    button_pick_up: QColor  # family 3: take the cards
    button_show_trump: QColor
    button_check: QColor
    button_attack_talon: QColor
    button_face_down: QColor
    button_exchange: QColor
    button_lead_marked: QColor
    button_hang: QColor
    button_road_pass: QColor
    button_discard: QColor
    # --- panels and dialogs ---------------------------------------------------------------
    dialog_back: QColor
    dialog_text: QColor
    dialog_hint: QColor
    problem_text: QColor
    field_back: QColor
    field_text: QColor
    field_rim: QColor
    field_text_disabled: QColor
    selection: QColor
    selected_text: QColor
    dialog_button_back: QColor
    dialog_button_rim: QColor
    dialog_button_text_disabled: QColor
    side_back: QColor
    side_list_back: QColor
    chat_field_back: QColor
    side_button: QColor
    side_button_plain: QColor
    page_top: QColor  # the lobby's and the welcome page's gradient
    page_bottom: QColor
    page_text: QColor
    greeting_text: QColor
    empty_back: QColor
    lobby_problem: QColor
    notice_back: QColor
    list_back: QColor
    list_text: QColor
    list_alternate: QColor
    list_rim: QColor
    header_back: QColor
    other_version: QColor
    bots_button: QColor
    start_button_disabled: QColor
    over_back: QColor  # the game-over panel
    over_cover: QColor  # the shade over the table behind it
    over_header: QColor
    verified_text: QColor
    cheated_text: QColor
    quiet_text: QColor  # hashes, the details link
    over_lobby_button: QColor
    busy_back: QColor
    busy_bar_rim: QColor
    busy_bar_back: QColor

    name: str = "green"
    four_colour: bool = False

    def suit_ink(self, suit: str) -> QColor:
        """The ink of a suit ("C", "D", "H", "S"; anything else reads as spades)."""
        return {"H": self.ink_hearts, "D": self.ink_diamonds, "C": self.ink_clubs}.get(
            suit, self.ink_spades
        )

    def art_inks(self, suit: str) -> dict[str, str]:
        """How a shipped card face of `suit` is recoloured: its ink and its court tint, as the
        file writes them -> as this palette draws them (empty when nothing changes)."""
        source = ART_RED if suit in ("H", "D") else ART_BLACK
        ink = self.suit_ink(suit).name()
        if ink.lower() == source:
            return {}
        tint = rgb(*_mix(self.suit_ink(suit), 0.1)).name()
        return {source: ink, ART_TINTS[suit]: tint}

    def css(self, role: str) -> str:
        """A role's colour as a style sheet writes it: rgba(r, g, b, a)."""
        colour: QColor = getattr(self, role)
        return f"rgba({colour.red()}, {colour.green()}, {colour.blue()}, {colour.alpha()})"

    def roles(self) -> dict[str, str]:
        """Every role's colour as a style sheet writes it (see `css`)."""
        return {
            field.name: self.css(field.name)
            for field in dataclasses.fields(self)
            if field.type in ("QColor", QColor)
        }


def _mix(colour: QColor, amount: float) -> tuple[int, int, int]:
    """`colour` mixed with white, `amount` of it (a court card's pale tint)."""
    return tuple(  # type: ignore[return-value]
        round(255 + (channel - 255) * amount)
        for channel in (colour.red(), colour.green(), colour.blue())
    )


GREEN = Palette(
    felt_centre=rgb(46, 122, 70),
    felt_middle=rgb(28, 86, 48),
    felt_edge=rgb(16, 52, 30),
    felt_sheen=rgb(255, 255, 255, 10),
    felt_top=rgb(24, 70, 58),
    felt_band=rgb(32, 96, 74),
    felt_bottom=rgb(18, 54, 44),
    felt_panel=rgb(255, 255, 255, 12),
    card_face=rgb(255, 253, 245),
    card_shadow=rgb(0, 0, 0, 70),
    ink_hearts=rgb(200, 16, 46),
    ink_diamonds=rgb(200, 16, 46),
    ink_clubs=rgb(27, 27, 31),
    ink_spades=rgb(27, 27, 31),
    badge_ink=rgb(27, 27, 31),
    accent=rgb(255, 214, 64),
    accent_halo_outer=rgb(255, 214, 64, 60),
    accent_halo_inner=rgb(255, 214, 64, 120),
    selected_ring=rgb(80, 200, 255),
    target_ring=rgb(120, 255, 140),
    target_fill=rgb(120, 255, 140, 30),
    focus_ring=rgb(255, 255, 255),
    plate_fill=rgb(10, 30, 18, 215),
    plate_fill_mine=rgb(20, 40, 70, 220),
    plate_rim=rgb(255, 255, 255, 90),
    plate_name=rgb(255, 255, 255),
    plate_detail=rgb(220, 230, 220),
    pill_text=rgb(255, 255, 255),
    role_none=rgb(0, 0, 0, 0),
    clear_fill=rgb(0, 0, 0, 0),
    role_attack=rgb(214, 84, 40),
    role_defend=rgb(40, 110, 214),
    role_take=rgb(150, 60, 170),
    role_pass=rgb(90, 110, 100),
    role_won=rgb(40, 150, 80),
    role_fool=rgb(190, 30, 40),
    role_pagons=rgb(90, 90, 110),
    team_one=rgb(40, 110, 214),
    team_two=rgb(200, 120, 30),
    label_text=rgb(255, 255, 255),
    label_back=rgb(0, 0, 0, 150),
    banner_text=rgb(255, 255, 255),
    banner_back=rgb(0, 0, 0, 160),
    banner_mine_text=rgb(30, 20, 0),
    banner_mine_back=rgb(255, 214, 64, 235),
    play_area_rim=rgb(255, 255, 255, 40),
    play_area_fill=rgb(0, 0, 0, 18),
    hint_text=rgb(255, 255, 255, 110),
    hint_text_active=rgb(255, 255, 255, 190),
    note_text=rgb(255, 215, 90),
    note_back=rgb(0, 0, 0, 110),
    absent_fill=rgb(20, 20, 20, 230),
    absent_fill_expired=rgb(70, 12, 12, 235),
    absent_rim_expired=rgb(255, 120, 90),
    absent_name=rgb(255, 255, 255),
    absent_reason=rgb(230, 230, 230),
    absent_countdown_expired=rgb(255, 150, 120),
    button_text=rgb(255, 255, 255),
    button_rim=rgb(255, 255, 255, 120),
    button_pressed=rgb(20, 20, 20),
    button_checked=rgb(120, 80, 10),
    button_text_disabled=rgb(255, 255, 255, 120),
    button_rim_disabled=rgb(255, 255, 255, 50),
    button_draw=rgb(40, 110, 214),
    button_play=rgb(60, 120, 80),
    button_take=rgb(150, 60, 170),
    button_pick_up=rgb(190, 80, 40),
    button_show_trump=rgb(190, 120, 20),
    button_check=rgb(190, 60, 40),
    button_attack_talon=rgb(214, 84, 40),
    button_face_down=rgb(70, 70, 90),
    button_exchange=rgb(30, 130, 140),
    button_lead_marked=rgb(150, 110, 20),
    button_hang=rgb(170, 40, 120),
    button_road_pass=rgb(90, 90, 140),
    button_discard=rgb(150, 70, 40),
    dialog_back=rgb(20, 34, 26),
    dialog_text=rgb(230, 240, 230),
    dialog_hint=rgb(170, 195, 175),
    problem_text=rgb(255, 160, 140),
    field_back=rgb(12, 22, 16),
    field_text=rgb(235, 245, 235),
    field_rim=rgb(70, 100, 80),
    field_text_disabled=rgb(120, 135, 125),
    selection=rgb(40, 110, 214),
    selected_text=rgb(255, 255, 255),
    dialog_button_back=rgb(60, 90, 75),
    dialog_button_rim=rgb(255, 255, 255, 110),
    dialog_button_text_disabled=rgb(255, 255, 255, 110),
    side_back=rgb(22, 34, 27),
    side_list_back=rgb(14, 24, 18),
    chat_field_back=rgb(240, 245, 240),
    side_button=rgb(40, 110, 214),
    side_button_plain=rgb(60, 75, 66),
    page_top=rgb(31, 90, 54),
    page_bottom=rgb(15, 46, 28),
    page_text=rgb(255, 255, 255),
    greeting_text=rgb(220, 235, 220),
    empty_back=rgb(0, 0, 0, 70),
    lobby_problem=rgb(255, 190, 170),
    notice_back=rgb(150, 50, 30, 200),
    list_back=rgb(8, 22, 14, 215),
    list_text=rgb(232, 242, 232),
    list_alternate=rgb(255, 255, 255, 16),
    list_rim=rgb(255, 255, 255, 60),
    header_back=rgb(24, 52, 36),
    other_version=rgb(165, 175, 165),
    bots_button=rgb(214, 120, 30),
    start_button_disabled=rgb(90, 90, 90),
    over_back=rgb(12, 28, 18, 235),
    over_cover=rgb(0, 0, 0, 110),
    over_header=rgb(200, 220, 200),
    verified_text=rgb(140, 240, 150),
    cheated_text=rgb(255, 120, 110),
    quiet_text=rgb(190, 205, 190),
    over_lobby_button=rgb(70, 80, 75),
    busy_back=rgb(12, 28, 18, 225),
    busy_bar_rim=rgb(255, 255, 255, 120),
    busy_bar_back=rgb(255, 255, 255, 30),
)
"""The green felt table: the look the game always had."""

DARK = dataclasses.replace(
    GREEN,
    name="dark",
    felt_centre=rgb(58, 62, 70),
    felt_middle=rgb(38, 41, 47),
    felt_edge=rgb(20, 22, 26),
    felt_sheen=rgb(255, 255, 255, 8),
    felt_top=rgb(40, 43, 50),
    felt_band=rgb(52, 56, 64),
    felt_bottom=rgb(28, 30, 35),
    felt_panel=rgb(255, 255, 255, 10),
    plate_fill=rgb(22, 24, 28, 225),
    plate_fill_mine=rgb(24, 38, 66, 225),
    plate_detail=rgb(215, 218, 225),
    role_pass=rgb(100, 108, 120),
    dialog_back=rgb(30, 32, 37),
    dialog_text=rgb(228, 230, 235),
    dialog_hint=rgb(170, 176, 188),
    field_back=rgb(18, 19, 23),
    field_text=rgb(235, 237, 242),
    field_rim=rgb(80, 86, 98),
    field_text_disabled=rgb(120, 125, 135),
    dialog_button_back=rgb(66, 72, 84),
    side_back=rgb(28, 30, 35),
    side_list_back=rgb(18, 19, 23),
    chat_field_back=rgb(235, 237, 242),
    side_button_plain=rgb(66, 72, 84),
    page_top=rgb(52, 56, 64),
    page_bottom=rgb(20, 22, 26),
    greeting_text=rgb(220, 223, 230),
    list_back=rgb(16, 17, 21, 220),
    list_text=rgb(232, 234, 240),
    header_back=rgb(38, 41, 47),
    other_version=rgb(160, 165, 175),
    over_back=rgb(22, 24, 28, 240),
    over_header=rgb(205, 210, 220),
    quiet_text=rgb(185, 190, 200),
    busy_back=rgb(22, 24, 28, 230),
)
"""A dark table: graphite felt and panels, the same gold and the same cards."""

CONTRAST = dataclasses.replace(
    GREEN,
    name="contrast",
    felt_centre=rgb(0, 40, 20),
    felt_middle=rgb(0, 28, 14),
    felt_edge=rgb(0, 12, 6),
    felt_sheen=rgb(255, 255, 255, 14),
    felt_top=rgb(0, 34, 30),
    felt_band=rgb(0, 44, 38),
    felt_bottom=rgb(0, 20, 18),
    felt_panel=rgb(255, 255, 255, 16),
    card_shadow=rgb(0, 0, 0, 140),
    ink_hearts=rgb(210, 0, 20),
    ink_diamonds=rgb(210, 0, 20),
    ink_clubs=rgb(0, 0, 0),
    ink_spades=rgb(0, 0, 0),
    badge_ink=rgb(0, 0, 0),
    accent=rgb(255, 230, 0),
    accent_halo_outer=rgb(255, 230, 0, 110),
    accent_halo_inner=rgb(255, 230, 0, 200),
    selected_ring=rgb(0, 220, 255),
    target_ring=rgb(0, 255, 90),
    target_fill=rgb(0, 255, 90, 45),
    plate_fill=rgb(0, 0, 0, 240),
    plate_fill_mine=rgb(0, 30, 90, 240),
    plate_rim=rgb(255, 255, 255, 200),
    plate_detail=rgb(255, 255, 255),
    role_attack=rgb(230, 70, 0),
    role_defend=rgb(0, 90, 230),
    role_take=rgb(160, 40, 200),
    role_pass=rgb(80, 80, 80),
    role_won=rgb(0, 140, 50),
    role_fool=rgb(210, 0, 20),
    label_back=rgb(0, 0, 0, 230),
    banner_back=rgb(0, 0, 0, 235),
    banner_mine_text=rgb(0, 0, 0),
    banner_mine_back=rgb(255, 230, 0),
    play_area_rim=rgb(255, 255, 255, 150),
    play_area_fill=rgb(0, 0, 0, 40),
    hint_text=rgb(255, 255, 255, 230),
    hint_text_active=rgb(255, 255, 255),
    note_text=rgb(255, 230, 0),
    note_back=rgb(0, 0, 0, 230),
    absent_fill=rgb(0, 0, 0, 245),
    absent_fill_expired=rgb(110, 0, 0, 245),
    absent_rim_expired=rgb(255, 90, 60),
    absent_reason=rgb(255, 255, 255),
    absent_countdown_expired=rgb(255, 170, 140),
    button_rim=rgb(255, 255, 255, 230),
    button_pressed=rgb(0, 0, 0),
    button_text_disabled=rgb(255, 255, 255, 150),
    button_rim_disabled=rgb(255, 255, 255, 90),
    dialog_back=rgb(0, 0, 0),
    dialog_text=rgb(255, 255, 255),
    dialog_hint=rgb(220, 220, 220),
    problem_text=rgb(255, 150, 120),
    field_back=rgb(0, 0, 0),
    field_text=rgb(255, 255, 255),
    field_rim=rgb(255, 255, 255),
    field_text_disabled=rgb(170, 170, 170),
    selection=rgb(0, 80, 200),
    dialog_button_back=rgb(40, 40, 40),
    dialog_button_rim=rgb(255, 255, 255, 230),
    dialog_button_text_disabled=rgb(255, 255, 255, 150),
    side_back=rgb(44, 44, 44),
    side_list_back=rgb(0, 0, 0),
    chat_field_back=rgb(255, 255, 255),
    side_button=rgb(0, 80, 200),
    side_button_plain=rgb(50, 50, 50),
    page_top=rgb(0, 34, 18),
    page_bottom=rgb(0, 0, 0),
    greeting_text=rgb(255, 255, 255),
    empty_back=rgb(0, 0, 0, 200),
    lobby_problem=rgb(255, 170, 140),
    list_back=rgb(0, 0, 0, 240),
    list_text=rgb(255, 255, 255),
    list_alternate=rgb(255, 255, 255, 28),
    list_rim=rgb(255, 255, 255, 200),
    header_back=rgb(0, 0, 0),
    other_version=rgb(190, 190, 190),
    over_back=rgb(0, 0, 0, 245),
    over_cover=rgb(0, 0, 0, 160),
    over_header=rgb(255, 255, 255),
    quiet_text=rgb(220, 220, 220),
    busy_back=rgb(0, 0, 0, 240),
    busy_bar_rim=rgb(255, 255, 255, 220),
    busy_bar_back=rgb(255, 255, 255, 60),
)
"""High contrast: near-black felt and panels, white text, pure yellow for what to do now."""

_BY_NAME = {"green": GREEN, "dark": DARK, "contrast": CONTRAST}
"""The palette of each theme the settings offer (settings.THEMES)."""


def palette_for(theme: str, four_colour: bool = False) -> Palette:
    """The palette of a theme (an unknown name reads as green), with the four-colour deck
    (hearts red, diamonds blue, clubs green, spades black) when `four_colour`."""
    base = _BY_NAME.get(theme, GREEN)
    if not four_colour:
        return base
    contrast = base is CONTRAST
    return dataclasses.replace(
        base,
        four_colour=True,
        ink_diamonds=rgb(0, 70, 200) if contrast else rgb(24, 88, 200),
        ink_clubs=rgb(0, 120, 40) if contrast else rgb(20, 128, 60),
    )


class PaletteNotifier(QObject):
    """Says when the look changed (`use`), so the table scenes draw again (widgets are restyled
    by `restyle_widgets`)."""

    changed = Signal()


_STATE: dict[str, object] = {"palette": GREEN}


def current() -> Palette:
    """The palette everything draws with now."""
    found = _STATE["palette"]
    assert isinstance(found, Palette)
    return found


def notifier() -> PaletteNotifier:
    """The process-wide notifier of look changes (made on first use)."""
    found = _STATE.get("notifier")
    if not isinstance(found, PaletteNotifier):
        found = PaletteNotifier()
        _STATE["notifier"] = found
    return found


def use(theme: str, four_colour: bool = False) -> bool:
    """Draw with this theme (and deck) from now on; True, and `changed` emitted, when the look
    changed."""
    chosen = palette_for(theme, four_colour)
    if chosen == current():
        return False
    _STATE["palette"] = chosen
    restyle_widgets()
    notifier().changed.emit()
    return True


def style(
    template: str, values: Mapping[str, object] | None = None, palette: Palette | None = None
) -> str:
    """A style sheet from a template naming colours as `$role` (a Palette field, of the current
    palette unless one is given) and other values as `$name` (from `values`)."""
    chosen = palette if palette is not None else current()
    mapping: Mapping[str, object] = {**chosen.roles(), **(values or {})}
    return Template(template).substitute(mapping)


TEMPLATE_PROPERTY = "paletteTemplate"
"""The widget property holding a themed widget's style template (its values filled in)."""


def themed(widget: QWidget, template: str, **values: object) -> None:
    """Style `widget` from a `$role` template (see `style`) now and again at each look change
    (`restyle_widgets`; styled again, the newest template counts)."""
    filled = Template(template).safe_substitute({k: str(v) for k, v in values.items()})
    widget.setProperty(TEMPLATE_PROPERTY, filled)
    widget.setStyleSheet(style(filled))


def restyle_widgets() -> None:
    """Set every themed widget's style sheet again from the current palette (a widget holds
    only its template, as a property: nothing refers to a widget that is gone)."""
    if not isinstance(QApplication.instance(), QApplication):
        return
    for widget in QApplication.allWidgets():
        template = widget.property(TEMPLATE_PROPERTY)
        if isinstance(template, str):
            widget.setStyleSheet(style(template))


TEXT_SIZES: dict[str, tuple[int, int]] = {
    "banner": (16, 12),  # the status line over your hand
    "label": (14, 11),  # a pile's count, who attacks whom, the ordered suit
    "dense_label": (13, 10),  # labels of a crowded table (joker rummy's rows)
    "button": (15, 12),  # the table's buttons
    "plate_name": (15, 11),  # a seat's name on its plate
    "plate_detail": (12, 10),  # a plate's second line (cards, points, bot)
    "plate_pill": (12, 10),  # the role pill under a plate (WINNER, FOOL, ...)
}
"""Text sizes on the table by role: (pixels on a 1280x800 table, the least pixels)."""

SPACING: dict[str, float] = {
    "plate_left": 14.0,  # your name plate from the table's left edge
    "plate_bottom": 8.0,  # your name plate from the bottom edge
    "seat_plate_below": 22.0,  # another seat's plate below its fan of cards
    "suit_badge": 26.0,  # a suit badge's radius (trump, ordered suit), plus `suit_badge_rim`
    "suit_badge_rim": 4.0,
    "talon_trump_badge": 17.0,  # the Durak talon's trump badge radius, plus `suit_badge_rim`
    "suit_choice": 24.0,  # a suit to choose (czech's order), plus `suit_badge_rim`, at most
    "button_gap": 6.0,  # between two of the table's buttons
    "button_margin": 16.0,  # the buttons from the view's bottom right corner
}
"""Spacing on the table by role, in pixels on a 1280x800 table (times the table's unit)."""


def text_pixels(role: str, unit: float) -> int:
    """The pixel size of a text role (TEXT_SIZES) on a table of this unit."""
    size, least = TEXT_SIZES[role]
    return max(least, round(size * unit))


def spacing(role: str, unit: float = 1.0) -> float:
    """A spacing role (SPACING) in pixels on a table of this unit."""
    return SPACING[role] * unit


def suit_badge_radius(unit: float, role: str = "suit_badge") -> float:
    """The radius of a suit badge (the trump, an ordered suit; `role` a SPACING role of a
    badge's size) on a table of this unit."""
    return spacing(role, unit) + spacing("suit_badge_rim")
