"""Build the compiled engine: `python -m engine.accelerate build|clean|status`.

`build` compiles the guard's COMPILED_MODULES with mypyc into the source tree (extension
modules next to their .py files) and stamps the build (engine/accelerate_guard.py decides on
each import whether the stamp still matches the sources); `clean` removes the build; `status`
says which engine an import of `engine` gets and why. Building needs mypy (the `build` or `dev` extra),
a C compiler and the Python headers; without them the pure Python engine runs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from engine.accelerate_guard import (
    COMPILED_MODULES,
    GROUP,
    PURE_ENV,
    ROOT,
    STAMP_NAME,
    changed_sources,
    module_path,
    product_files,
    source_digests,
    stale_reason,
    write_stamp,
)


def clean(root: Path = ROOT) -> list[Path]:
    """Remove the stamp and every compiled file under engine/ (any Python's, and those of modules
    a build no longer compiles, which would still shadow their sources); return them."""
    removed = []
    stamp = root / STAMP_NAME
    if stamp.exists():
        stamp.unlink()
        removed.append(stamp)
    for path in sorted((root / "engine").rglob("*")):
        if path.suffix in (".so", ".pyd") and path.is_file():
            path.unlink()
            removed.append(path)
    return removed


def build(root: Path = ROOT, verbose: bool = False) -> list[Path]:
    """Compile COMPILED_MODULES with mypyc into `root` and stamp the build; return the products.

    The old build and stamp go first, and the stamp is written last, so a failed build leaves
    the pure engine. Needs mypy (the `build` or `dev` extra), a C compiler and the Python headers."""
    from mypyc.build import mypycify  # (the build's own dependencies, imported only here)
    from setuptools import Distribution

    clean(root)
    sources_read = source_digests(root)  # (before mypyc reads them: an edit meanwhile shows)
    here = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="durak-mypyc-") as scratch:
        work = Path(scratch)
        os.chdir(root)  # mypyc reads the mypy configuration of the project (pyproject.toml)
        try:
            sources = [
                module_path(root, m).with_suffix(".py").relative_to(root).as_posix()
                for m in COMPILED_MODULES
            ]
            extensions = mypycify(
                sources, group_name=GROUP, target_dir=str(work / "c"), verbose=verbose
            )
            dist = Distribution({"name": "durak-engine-compiled", "ext_modules": extensions})
            command = dist.get_command_obj("build_ext")
            command.build_lib = str(work / "lib")
            command.build_temp = str(work / "temp")
            dist.run_command("build_ext")
        finally:
            os.chdir(here)
        built = sorted(path for path in (work / "lib").rglob("*") if path.is_file())
        products = []
        for path in built:
            target = root / path.relative_to(work / "lib")
            shutil.copyfile(path, target)
            products.append(target)
    changed = changed_sources(sources_read, source_digests(root))
    if changed:
        clean(root)
        raise RuntimeError(f"{changed} during the build: build again")
    write_stamp(root, sources_read)
    return products


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m engine.accelerate build|clean|status`."""
    parser = argparse.ArgumentParser(
        prog="python -m engine.accelerate", description=__doc__.split("\n")[0]
    )
    parser.add_argument("command", choices=("build", "clean", "status"))
    parser.add_argument(
        "--if-stale", action="store_true", help="build only when no valid build is there"
    )
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "clean":
        for path in clean():
            print(f"removed {path.relative_to(ROOT)}")
        return 0
    if args.command == "build":
        if args.if_stale and product_files() and stale_reason() is None:
            print("the compiled engine is up to date")
            return 0
        try:
            products = build(verbose=args.verbose)
        except (Exception, SystemExit) as error:  # (setuptools may exit; the pure engine runs)
            clean()
            print(
                f"the engine was not compiled ({type(error).__name__}: {error}); the pure Python engine runs",
                file=sys.stderr,
            )
            return 1
        print(
            f"compiled {len(products)} files: "
            + ", ".join(p.relative_to(ROOT).as_posix() for p in products)
        )
        return 0
    reason = stale_reason() if product_files() else "not built"
    pure_env = os.environ.get(PURE_ENV, "") not in ("", "0")
    if reason is None and not pure_env:
        print("compiled: " + ", ".join(COMPILED_MODULES))
    else:
        print(f"pure Python: {f'{PURE_ENV} is set' if pure_env and reason is None else reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
