"""The engine stays pure and the network layer stays free of Qt."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

ENGINE_FORBIDDEN = {"PySide6", "net", "durak_qt", "asyncio", "socket", "time", "shiboken6"}
NET_FORBIDDEN = {"PySide6", "durak_qt", "shiboken6"}
# Functions of the module-level random generator: hidden global state.
GLOBAL_RANDOM = {
    "random",
    "randint",
    "randrange",
    "choice",
    "choices",
    "shuffle",
    "sample",
    "seed",
    "uniform",
    "getrandbits",
    "gauss",
    "betavariate",
    "expovariate",
    "triangular",
    "randbytes",
}


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """Every absolute module name imported in a module, with its line."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def global_random_uses(tree: ast.AST) -> list[tuple[int, str]]:
    """Uses of the global random functions: `random.shuffle(...)` or `from random import shuffle`."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
            and node.attr in GLOBAL_RANDOM
        ):
            found.append((node.lineno, f"random.{node.attr}"))
        elif isinstance(node, ast.ImportFrom) and node.module == "random":
            found.extend(
                (node.lineno, f"from random import {alias.name}")
                for alias in node.names
                if alias.name in GLOBAL_RANDOM or alias.name == "*"
            )
    return found


def layering_violations(
    package: str, forbidden: set[str], check_random: bool, root: Path = ROOT
) -> list[str]:
    """Describe every forbidden import (and global random use) under a package folder of `root`."""
    problems = []
    for path in sorted((root / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        rel = path.relative_to(root)
        for line, module in imported_modules(tree):
            if module.split(".")[0] in forbidden:
                problems.append(f"{rel}:{line} imports {module}")
        if check_random:
            problems.extend(f"{rel}:{line} uses {what}" for line, what in global_random_uses(tree))
    return problems


def test_engine_is_pure() -> None:
    assert layering_violations("engine", ENGINE_FORBIDDEN, check_random=True) == []


def test_net_has_no_qt() -> None:
    assert layering_violations("net", NET_FORBIDDEN, check_random=False) == []


@pytest.mark.parametrize(
    "source",
    [
        "import PySide6\n",
        "from PySide6.QtCore import QObject\n",
        "import net.transport\n",
        "from durak_qt import main\n",
        "import asyncio\n",
        "import socket\n",
        "import time\n",
        "import random\nrandom.shuffle([])\n",
        "from random import choice\n",
    ],
)
def test_checker_catches_forbidden_engine_import(tmp_path: Path, source: str) -> None:
    """The checker itself works: a bad module planted in a package folder is reported (in a
    scratch folder: planted in the tree, it would change the engine's sources under the tests
    that run beside this one, the compiled build's stamp included)."""
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "_layering_probe.py").write_text(source, encoding="utf-8")
    assert layering_violations("engine", ENGINE_FORBIDDEN, check_random=True, root=tmp_path)


def test_seeded_random_instance_is_allowed() -> None:
    tree = ast.parse("import random\nrng = random.Random(7)\nrng.shuffle([])\n")
    assert global_random_uses(tree) == []


def game_packages(root: Path = ROOT) -> set[str]:
    """The engine's game packages: its variants and every game kind's own package (a folder of
    the engine with its own rules module: czech, pagons, road, ...)."""
    kinds = {path.parent.name for path in (root / "engine").glob("*/rules.py")}
    return {"engine.variants", *(f"engine.{kind}" for kind in kinds)}


def table_core_game_imports(root: Path = ROOT) -> list[str]:
    """Every import of a game package by a module of net/table that is not a game adapter (only
    adapters know games: issue 25, "the core and its jobs import no game package")."""
    games = game_packages(root)
    problems = []
    for path in sorted((root / "net" / "table").glob("*.py")):
        if path.name.endswith("_adapter.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for line, module in imported_modules(tree):
            if any(module == game or module.startswith(game + ".") for game in games):
                problems.append(f"{path.relative_to(root)}:{line} imports {module}")
    return problems


def test_table_core_imports_no_game_package() -> None:
    assert table_core_game_imports() == []


def test_game_import_checker_catches_a_variant(tmp_path: Path) -> None:
    """The checker reports a variant imported by a table job, and lets an adapter import it."""
    (tmp_path / "engine" / "czech").mkdir(parents=True)
    (tmp_path / "engine" / "czech" / "rules.py").write_text("", encoding="utf-8")
    (tmp_path / "net" / "table").mkdir(parents=True)
    probe = "from engine.variants.two_trump import seat_suits\nimport engine.czech.game\n"
    (tmp_path / "net" / "table" / "openings.py").write_text(probe, encoding="utf-8")
    (tmp_path / "net" / "table" / "durak_adapter.py").write_text(probe, encoding="utf-8")
    assert table_core_game_imports(tmp_path) == [
        "net/table/openings.py:1 imports engine.variants.two_trump",
        "net/table/openings.py:2 imports engine.czech.game",
    ]
