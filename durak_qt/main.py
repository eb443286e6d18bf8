"""Entry point of the `durak` command: parse arguments, then open the main window."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from net.version import add_version_argument, startup_line


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Parse the command line of `durak`."""
    parser = argparse.ArgumentParser(prog="durak", description="Durak (Fool) for LAN parties.")
    add_version_argument(parser)
    parser.add_argument(
        "--quit-after",
        type=float,
        metavar="SECONDS",
        help="close the window after this many seconds (for smoke tests)",
    )
    parser.add_argument(
        "--startup-time",
        action="store_true",
        help="print the seconds from start to the first shown page (lobby or name prompt)",
    )
    parser.add_argument(
        "--no-lan",
        action="store_true",
        help="do not look for tables on the network (no mDNS); bots on this computer still work",
    )
    parser.add_argument(
        "--export-history",
        metavar="DIR",
        help="copy every kept game file to DIR (each opens, verified, on any computer) and exit",
    )
    parser.add_argument(
        "game_file",
        nargs="?",
        type=Path,
        metavar="FILE",
        help="a game file to check and replay (the History page's viewer)",
    )
    return parser.parse_args(argv)


def export_history(target: str) -> int:
    """`--export-history DIR`: copy the kept game files of this player's data directory."""
    from PySide6.QtCore import QCoreApplication

    from durak_qt.settings import Settings
    from net.history.export import export_history as copy_history
    from net.history.store import HistoryStore

    QCoreApplication.setApplicationName("Durak")
    QCoreApplication.setOrganizationName("durak-lan")
    copies = copy_history(HistoryStore(Settings().data_dir), Path(target))
    print(f"{len(copies)} game file(s) exported to {target}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Start the desktop client and return its exit code."""
    import time

    started = time.perf_counter()
    args = parse_args(argv)
    if args.export_history:
        return export_history(args.export_history)
    print(startup_line("durak"), file=sys.stderr, flush=True)  # which engine runs, in the log
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from durak_qt import pyside_check
    from durak_qt.main_window import MainWindow
    from durak_qt.settings import Settings

    app = QApplication.instance() or QApplication(sys.argv[:1])
    guard_timer = pyside_check.guard(app)  # noqa: F841 - keeps the refill timer alive
    app.setApplicationName("Durak")
    app.setOrganizationName("durak-lan")
    settings = Settings()
    window = MainWindow(settings, lan=not args.no_lan)
    window.show()
    if not args.no_lan:
        QTimer.singleShot(0, window.start_lan_discovery)  # after the first paint
    if args.game_file is not None:
        QTimer.singleShot(0, lambda: window.open_game_file(args.game_file))
    if args.startup_time:

        def report() -> None:
            print(f"startup {time.perf_counter() - started:.3f} s", flush=True)

        QTimer.singleShot(0, report)
    if args.quit_after is not None:
        QTimer.singleShot(int(args.quit_after * 1000), app.quit)
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(main())
