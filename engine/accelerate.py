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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

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


def build_jobs() -> int:
    """How many C files the build compiles at once: one per core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def compile_in_parallel(compiler: Any, jobs: int) -> None:
    """Make `compiler` (a distutils CCompiler) compile the sources of one extension `jobs` at a
    time, the largest first, instead of one after another; each source gets its own process."""

    def compile_sources(
        sources: list[str],
        output_dir: str | None = None,
        macros: list[Any] | None = None,
        include_dirs: list[str] | None = None,
        debug: bool = False,
        extra_preargs: list[str] | None = None,
        extra_postargs: list[str] | None = None,
        depends: list[str] | None = None,
    ) -> list[str]:
        macros, objects, extra_postargs, pp_opts, to_build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

        def compile_one(obj: str) -> None:
            source, ext = to_build[obj]
            compiler._compile(obj, source, ext, cc_args, extra_postargs, pp_opts)

        # The largest first: the last one to start is then a small one (a shorter wall time).
        largest_first = sorted(
            (obj for obj in objects if obj in to_build),
            key=lambda obj: os.path.getsize(to_build[obj][0]),
            reverse=True,
        )
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            # (list: a failed compile raises here, as the serial loop would)
            list(pool.map(compile_one, largest_first))
        return objects  # (every object, as CCompiler.compile returns)

    compiler.compile = compile_sources


def build(root: Path = ROOT, verbose: bool = False) -> list[Path]:
    """Compile COMPILED_MODULES with mypyc into `root` and stamp the build; return the products.

    The old build and stamp go first, and the stamp is written last, so a failed build leaves
    the pure engine. Needs mypy (the `build` or `dev` extra), a C compiler and the Python headers."""
    from mypyc.build import mypycify  # (the build's own dependencies, imported only here)
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

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
            # One C file per module (multi_file) instead of one file for the whole group, so
            # that the compiler runs on every core (compile_in_parallel): gcc -O3 on the single
            # file took 147 s of one core.
            extensions = mypycify(
                sources,
                group_name=GROUP,
                target_dir=str(work / "c"),
                verbose=verbose,
                multi_file=True,
            )
            # (mypyc writes the group's headers under the group's package directory but the
            # per-module C files that include them one level up, without that directory)
            headers = str(work / "c" / Path(*GROUP.split(".")[:-1]))
            for extension in extensions:
                extension.include_dirs.append(headers)
            jobs = build_jobs()

            class ParallelBuildExt(build_ext):
                def build_extensions(self) -> None:
                    compile_in_parallel(self.compiler, jobs)
                    super().build_extensions()

            dist = Distribution(
                {
                    "name": "durak-engine-compiled",
                    "ext_modules": extensions,
                    "cmdclass": {"build_ext": ParallelBuildExt},
                }
            )
            command = dist.get_command_obj("build_ext")
            command.build_lib = str(work / "lib")
            command.build_temp = str(work / "temp")
            command.parallel = jobs  # (the shim of each module is an extension of its own)
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
