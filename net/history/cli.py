"""`durak-verify FILE`: check a game file headless; one line out, exit 0 (verified) or 1."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from net.history.gamefile import GameFileError, read_game_file
from net.history.verify import verify_game_file


def main(argv: Sequence[str] | None = None) -> int:
    """Verify the game file named on the command line; print the result in one line."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print("usage: durak-verify FILE (a Durak game file)")
        return 1 if len(args) != 1 else 0
    try:
        gf = read_game_file(Path(args[0]))
    except GameFileError as exc:
        print(f"Not verified: {exc.reason}")
        return 1
    verification = verify_game_file(gf)
    print(verification.words)
    return 0 if verification.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
