"""What `durak --version` and `durak-peer --version` print, and the client logs at start: the
program's version, the engine that runs (compiled or pure Python) and the protocol version."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any

DISTRIBUTION = "durak-lan"
FALLBACK_VERSION = "0.1.0"
"""The version of a source tree that was not installed (keep it equal to pyproject.toml's)."""


def package_version() -> str:
    """The installed version of the project, or FALLBACK_VERSION for a source tree."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return FALLBACK_VERSION


def protocol_version() -> int:
    """The version of the table protocol this build speaks (net.handshake.PROTOCOL_VERSION)."""
    from net.handshake import PROTOCOL_VERSION  # (cryptography: loaded only when asked)

    return PROTOCOL_VERSION


def version_lines(program: str) -> list[str]:
    """`program VERSION`, the engine that runs, `protocol version N`."""
    from engine.accelerate_guard import engine_description

    return [
        f"{program} {package_version()}",
        engine_description(),
        f"protocol version {protocol_version()}",
    ]


def startup_line(program: str) -> str:
    """version_lines in one line, for a log at start."""
    return "; ".join(version_lines(program))


class VersionAction(argparse.Action):
    """`--version`: print version_lines of the parser's program as they are (argparse's own
    version action rewraps text into one paragraph), then exit."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print("\n".join(version_lines(parser.prog)), file=sys.stdout)
        parser.exit()


def add_version_argument(parser: argparse.ArgumentParser) -> None:
    """Give `parser` a --version option that prints version_lines."""
    parser.add_argument(
        "--version",
        action=VersionAction,
        help="print the version, the engine that runs (compiled or pure Python) and the "
        "protocol version, then exit",
    )
