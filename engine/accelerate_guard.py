"""Which engine an import gets: the compiled build of the hot modules only while it matches.

The .py sources stay the engine's definition; `python -m engine.accelerate build` (see
engine/accelerate.py) compiles COMPILED_MODULES next to them and writes a stamp: the sha256 of
every engine source, the Python the build is for and the size of every product. When `engine`
is imported, `guard()` lets Python load the compiled modules only if the stamp matches exactly;
if any engine source changed since the build (or the stamp is missing or another Python's), or
if DURAK_PURE_ENGINE=1, it puts a finder first on `sys.meta_path` that loads every compiled
module from its .py source instead, and a stale build also gives a StaleBuildWarning.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
COMPILED_MODULES = (
    "engine.action_values",
    "engine.actions",
    "engine.beating",
    "engine.bots.random_bot",
    "engine.bout",
    "engine.cards",
    "engine.cross.game",
    "engine.czech.game",
    "engine.czech.misfits",
    "engine.dealing_order",
    "engine.first_lead",
    "engine.game",
    "engine.game_checks",
    "engine.game_copy",
    "engine.game_setup",
    "engine.game_views",
    "engine.hidden",
    "engine.legal_moves",
    "engine.pagons.game",
    "engine.playout",
    "engine.road.game",
    "engine.road.plain",
    "engine.round.game",
    "engine.rules",
    "engine.rummy.game",
    "engine.rummy.melds",
)
"""The modules the build compiles (the random-game hot path; the hidden-card base, the six
family-3 engines and the helpers they call per move or per resample: czech's `misfits`, joker
rummy's `melds`, road's and round's `plain`). Nothing may subclass a compiled game class from
interpreted code: compiled code checks the exact type of a class with no compiled subclass
(mypyc reads `allow_interpreted_subclasses` only for native classes)."""
GROUP = "engine._compiled"
"""mypyc's shared library for the group: engine/_compiled__mypyc.<suffix>."""
STAMP_NAME = "engine/_compiled_stamp.json"
PURE_ENV = "DURAK_PURE_ENGINE"
STAMP_VERSION = 1


class StaleBuildWarning(RuntimeWarning):
    """The compiled engine does not match the sources: the pure Python engine runs instead."""


def module_path(root: Path, module: str) -> Path:
    """The path of `module` under `root`, without a suffix."""
    return root.joinpath(*module.split("."))


def product_files(root: Path = ROOT) -> list[Path]:
    """The compiled files in `root` that this Python would load (extension modules, shared lib)."""
    found = []
    for module in (*COMPILED_MODULES, GROUP + "__mypyc"):
        base = module_path(root, module)
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            path = base.with_name(base.name + suffix)
            if path.is_file():
                found.append(path)
    return found


def source_digests(root: Path = ROOT) -> dict[str, str]:
    """sha256 of every engine source (.py under engine/), by path relative to `root`."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted((root / "engine").rglob("*.py"))
    }


def _python_tag() -> str:
    return f"{sys.implementation.cache_tag} {importlib.machinery.EXTENSION_SUFFIXES[0]}"


def write_stamp(root: Path = ROOT, sources: dict[str, str] | None = None) -> Path:
    """Record the sources (`sources`, the digests the build read, or those now in `root`), the
    Python and the products of the build now in `root`."""
    stamp = {
        "version": STAMP_VERSION,
        "python": _python_tag(),
        "sources": source_digests(root) if sources is None else sources,
        "products": {p.relative_to(root).as_posix(): p.stat().st_size for p in product_files(root)},
    }
    path = root / STAMP_NAME
    path.write_text(json.dumps(stamp, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def stale_reason(root: Path = ROOT) -> str | None:
    """Why the compiled files in `root` must not be used, or None when the stamp matches."""
    try:
        stamp = json.loads((root / STAMP_NAME).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return "there is no build stamp"
    except (OSError, ValueError) as error:
        return f"the build stamp is unreadable ({error})"
    if not isinstance(stamp, dict) or stamp.get("version") != STAMP_VERSION:
        return "the build stamp is of another version"
    if stamp.get("python") != _python_tag():
        return f"it was built for another Python ({stamp.get('python')})"
    products = {p.relative_to(root).as_posix(): p.stat().st_size for p in product_files(root)}
    if stamp.get("products") != products:
        return "the compiled files are not the ones the build made"
    built = stamp.get("sources")
    changed = changed_sources(built if isinstance(built, dict) else {}, source_digests(root))
    return f"{changed} since the build" if changed else None


def changed_sources(built: dict[str, str], now: dict[str, str]) -> str | None:
    """Which sources differ ("engine/a.py, engine/b.py changed", three named at most), or None."""
    changed = sorted(name for name in built.keys() | now.keys() if built.get(name) != now.get(name))
    if not changed:
        return None
    more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
    return ", ".join(changed[:3]) + more + " changed"


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds each compiled module's .py source, so that the extension module beside it is unused."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED_MODULES:
            return None
        source = module_path(self.root, fullname).with_suffix(".py")
        return importlib.util.spec_from_file_location(fullname, source)


MODE = "pure"
"""Which engine `guard()` chose: "compiled" or "pure"."""
REASON = "not built"
"""Why: "the stamp matches the sources", "not built", "DURAK_PURE_ENGINE=1", or the staleness."""


def guard(root: Path = ROOT) -> None:
    """Choose the engine before its modules are imported (engine/__init__.py calls this once)."""
    global MODE, REASON
    reason: str | None
    if not product_files(root):
        MODE, REASON = "pure", "not built"
        return
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        reason = f"{PURE_ENV}={os.environ[PURE_ENV]}"
    else:
        try:
            reason = stale_reason(root)
        except OSError as error:
            reason = f"the build could not be checked ({error})"
        if reason is None:
            MODE, REASON = "compiled", "the stamp matches the sources"
            return
        warnings.warn(
            f"compiled engine not used: {reason}; the pure Python engine runs "
            "(rebuild with `python -m engine.accelerate build`, or remove it with `clean`)",
            StaleBuildWarning,
            stacklevel=3,
        )
    if not any(isinstance(finder, _SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder(root))
    MODE, REASON = "pure", reason or ""


PURE_DESCRIPTION = "pure Python engine: slower, see README"
COMPILED_DESCRIPTION = "compiled engine"


def engine_description() -> str:
    """Which engine this process runs, for people: COMPILED_DESCRIPTION, or PURE_DESCRIPTION with
    why in parentheses when a build is there but unused (stale, or DURAK_PURE_ENGINE set)."""
    if MODE == "compiled":
        return COMPILED_DESCRIPTION
    if REASON == "not built":
        return PURE_DESCRIPTION
    return f"{PURE_DESCRIPTION} (the compiled engine is not used: {REASON})"


def compiled_modules() -> list[str]:
    """The engine modules imported in this process that run compiled code."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name
        for name in COMPILED_MODULES
        if str(getattr(sys.modules.get(name), "__file__", "") or "").endswith(suffixes)
    )
