"""The PySide6 desktop client: views draw the engine's observation and emit user intents."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("durak-lan")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0.1.0"
