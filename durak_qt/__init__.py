"""The PySide6 desktop client: views draw the engine's observation and emit user intents."""

from net.version import package_version

__version__ = package_version()
