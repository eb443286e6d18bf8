"""The player's preferences, kept in QSettings, with checked values and defaults."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

LANGUAGES = ("en", "ru")
CARD_SIZES = {"small": 0.85, "medium": 1.0, "large": 1.2}
ANIMATION_SPEEDS = {"off": 0, "fast": 160, "normal": 300, "slow": 520}  # milliseconds per move
SORT_ORDERS = ("suit", "rank")
CARD_BACKS = ("back-blue", "back-red")
MOVE_TIMERS = ("0", "15", "30", "60")  # a table's seconds per move; "0" = no timer
THEMES = ("green", "dark", "contrast")  # the table looks of durak_qt.palette
GAMES_KEPT_DEFAULT = 1000  # finished games the history keeps (net.history.store's default)
GAMES_KEPT_RANGE = (10, 100_000)  # the fewest and most games the setting accepts


class Settings:
    """Typed access to the stored preferences; a setter refuses a value outside its choices."""

    def __init__(self, store: QSettings | None = None) -> None:
        self._store = store if store is not None else QSettings()

    def _text(self, key: str, default: str, allowed: Collection[str]) -> str:
        value = self._store.value(key, default)
        return value if isinstance(value, str) and value in allowed else default

    def _set_choice(self, key: str, value: str, allowed: Collection[str]) -> None:
        if value not in allowed:
            raise ValueError(f"{key} must be one of {', '.join(allowed)}, not {value!r}")
        self._store.setValue(key, value)
        self._store.sync()

    @property
    def name(self) -> str:
        """The player's name; empty until the first start asked for it."""
        value = self._store.value("player/name", "")
        return value.strip() if isinstance(value, str) else ""

    @name.setter
    def name(self, value: str) -> None:
        cleaned = " ".join(value.split())
        if not cleaned or len(cleaned) > 24:
            raise ValueError("a name has 1 to 24 characters")
        self._store.setValue("player/name", cleaned)
        self._store.sync()

    @property
    def language(self) -> str:
        """Interface language code: "en" or "ru"."""
        return self._text("ui/language", "en", LANGUAGES)

    @language.setter
    def language(self, value: str) -> None:
        self._set_choice("ui/language", value, LANGUAGES)

    @property
    def card_size(self) -> str:
        """ "small", "medium" or "large"."""
        return self._text("ui/card_size", "medium", CARD_SIZES)

    @card_size.setter
    def card_size(self, value: str) -> None:
        self._set_choice("ui/card_size", value, CARD_SIZES)

    @property
    def card_scale(self) -> float:
        """The factor the card size setting applies to the card width."""
        return CARD_SIZES[self.card_size]

    @property
    def sound(self) -> bool:
        """Play sounds (deal, play, take, your turn) when the computer can."""
        value = self._store.value("ui/sound", "true")
        return str(value).lower() not in ("false", "0", "no")

    @sound.setter
    def sound(self, on: bool) -> None:
        self._store.setValue("ui/sound", "true" if on else "false")
        self._store.sync()

    @property
    def window_geometry(self) -> QByteArray | None:
        """The main window's last size and position (QWidget.saveGeometry), None before any."""
        value = self._store.value("window/geometry")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    @window_geometry.setter
    def window_geometry(self, value: QByteArray) -> None:
        self._store.setValue("window/geometry", value)
        self._store.sync()

    @property
    def animation_speed(self) -> str:
        """ "off", "fast", "normal" or "slow"."""
        return self._text("ui/animation_speed", "normal", ANIMATION_SPEEDS)

    @animation_speed.setter
    def animation_speed(self, value: str) -> None:
        self._set_choice("ui/animation_speed", value, ANIMATION_SPEEDS)

    @property
    def animation_ms(self) -> int:
        """Duration of one card movement in milliseconds (0: no animation)."""
        return ANIMATION_SPEEDS[self.animation_speed]

    @property
    def sort_order(self) -> str:
        """How the hand is sorted: "suit" or "rank" (trumps last either way)."""
        return self._text("ui/sort_order", "suit", SORT_ORDERS)

    @sort_order.setter
    def sort_order(self, value: str) -> None:
        self._set_choice("ui/sort_order", value, SORT_ORDERS)

    @property
    def card_back(self) -> str:
        """The name of the card back image."""
        return self._text("ui/card_back", "back-blue", CARD_BACKS)

    @card_back.setter
    def card_back(self, value: str) -> None:
        self._set_choice("ui/card_back", value, CARD_BACKS)

    @property
    def theme(self) -> str:
        """The table's look: "green" (the felt), "dark" or "contrast" (high contrast)."""
        return self._text("ui/theme", "green", THEMES)

    @theme.setter
    def theme(self, value: str) -> None:
        self._set_choice("ui/theme", value, THEMES)

    @property
    def four_colour(self) -> bool:
        """The four-colour deck: diamonds blue and clubs green (hearts red, spades black)."""
        value = self._store.value("ui/four_colour", "false")
        return str(value).lower() in ("true", "1", "yes")

    @four_colour.setter
    def four_colour(self, on: bool) -> None:
        self._store.setValue("ui/four_colour", "true" if on else "false")
        self._store.sync()

    @property
    def interface(self) -> str:
        """Where LAN discovery and tables listen: "all", or an address or interface name."""
        value = self._store.value("network/interface", "all")
        return value.strip() if isinstance(value, str) and value.strip() else "all"

    @interface.setter
    def interface(self, value: str) -> None:
        from net.discovery import DiscoveryError, resolve_interfaces

        try:
            resolve_interfaces(value.strip() or "all")
        except DiscoveryError as error:
            raise ValueError(str(error)) from None
        self._store.setValue("network/interface", value.strip() or "all")
        self._store.sync()

    @property
    def data_dir(self) -> Path:
        """Where the identity key and game journals live (`$XDG_DATA_HOME/durak-lan`)."""
        value = self._store.value("network/data_dir", "")
        if isinstance(value, str) and value:
            return Path(value)
        from net.peer import default_data_dir

        return default_data_dir()

    @data_dir.setter
    def data_dir(self, value: Path) -> None:
        self._store.setValue("network/data_dir", str(value))
        self._store.sync()

    @property
    def games_kept(self) -> int:
        """How many finished games the history keeps (oldest pruned first); 1,000 by default."""
        value = self._store.value("history/games_kept", GAMES_KEPT_DEFAULT)
        try:
            number = int(str(value))
        except ValueError:
            return GAMES_KEPT_DEFAULT
        low, high = GAMES_KEPT_RANGE
        return number if low <= number <= high else GAMES_KEPT_DEFAULT

    @games_kept.setter
    def games_kept(self, value: int) -> None:
        low, high = GAMES_KEPT_RANGE
        if not low <= value <= high:
            raise ValueError(f"games kept must be {low} to {high}, not {value}")
        self._store.setValue("history/games_kept", str(value))
        self._store.sync()
