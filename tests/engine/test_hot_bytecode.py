"""The pure engine's hot modules call no method of an imported object by its bare name: CPython
3.11 compiles `NAME.method(...)` with LOAD_ATTR, not LOAD_METHOD, when NAME was bound by an
import, so each call builds a bound method (+0.5 % instructions a game at 4-player throw-in
when `throw_options` asked `CODES_OF_RANKS.get` that way)."""

from __future__ import annotations

import dis
import importlib
import itertools
import symtable
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

HOT_MODULES = (
    "engine.action_values",
    "engine.bout",
    "engine.dealing_order",
    "engine.game",
    "engine.game_checks",
    "engine.game_copy",
    "engine.game_setup",
    "engine.legal_moves",
    "engine.playout",
)
"""Durak's random-game path, `Game` and the modules of free functions it is made of."""

ROOT = Path(__file__).resolve().parent.parent.parent


def _code_objects(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _code_objects(const)


def method_calls_on_imported_names(module_name: str) -> list[str]:
    """`function: NAME.attr` for every `NAME.attr` loaded inside a function of the module's
    source where NAME is an imported object (not a module or a class) and `attr` a method."""
    module = importlib.import_module(module_name)
    path = ROOT / (module_name.replace(".", "/") + ".py")  # the source, also when compiled
    source = path.read_text(encoding="utf-8")
    table = symtable.symtable(source, str(path), "exec")
    imported = {s.get_name() for s in table.get_symbols() if s.is_imported()}
    found = []
    for code in _code_objects(compile(source, str(path), "exec")):
        if code.co_name == "<module>":
            continue  # (runs once, at import)
        instructions = list(dis.get_instructions(code))
        for first, second in itertools.pairwise(instructions):
            if first.opname != "LOAD_GLOBAL" or second.opname != "LOAD_ATTR":
                continue
            if first.argval not in imported:
                continue
            owner = vars(module).get(first.argval)
            if isinstance(owner, (types.ModuleType, type)):
                continue
            if callable(getattr(owner, second.argval, None)):
                found.append(f"{code.co_qualname}: {first.argval}.{second.argval}")
    return found


@pytest.mark.parametrize("module_name", HOT_MODULES)
def test_no_bound_method_of_an_imported_name_on_the_hot_path(module_name: str) -> None:
    assert method_calls_on_imported_names(module_name) == []


def test_the_check_finds_such_a_call() -> None:
    """The scan sees the pattern (czech's rare `SUITS.index` when a suit is ordered)."""
    assert "CzechGame.apply: SUITS.index" in method_calls_on_imported_names("engine.czech.game")
