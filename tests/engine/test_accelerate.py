"""The compiled engine is used only while its stamp matches the sources (engine/accelerate_guard.py).

A copy of the engine gets a stand-in "build": files that are not extension modules at all, under
the names the compiled modules have, so that importing one of them fails. Then the stamp alone
decides: a matching stamp lets Python load them (the import fails), an edited source or
DURAK_PURE_ENGINE=1 makes every compiled module load from its .py source.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import pickle
import random
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from engine import accelerate, accelerate_guard
from engine.accelerate import clean
from engine.accelerate_guard import COMPILED_MODULES, GROUP, module_path, stale_reason, write_stamp
from engine.game import Game
from engine.games import GameKind, is_durak, kinds
from engine.rules import all_variant_ids, get_rules

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
PROBE = (
    "import engine.game, engine.rules, engine.accelerate_guard as guard\n"
    "print(engine.game.__file__)\nprint(engine.rules.__file__)\nprint(guard.MODE)\n"
)


@pytest.fixture
def fake_build(tmp_path: Path) -> Path:
    """A copy of the engine's sources with unloadable stand-ins for the build, stamped."""
    shutil.copytree(
        ROOT / "engine",
        tmp_path / "engine",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "_compiled_stamp.json"),
    )
    for module in (*COMPILED_MODULES, GROUP + "__mypyc"):
        base = module_path(tmp_path, module)
        base.with_name(base.name + SUFFIX).write_bytes(b"not an extension module")
    write_stamp(tmp_path)
    return tmp_path


def probe(root: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Import the engine of `root` in a fresh interpreter; print where game and rules came from."""
    environment = {k: v for k, v in os.environ.items() if k != accelerate_guard.PURE_ENV}
    environment |= {"PYTHONPATH": str(root), **env}
    return subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=root,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_matching_stamp_lets_the_build_load(fake_build: Path) -> None:
    assert stale_reason(fake_build) is None
    done = probe(fake_build)
    assert done.returncode != 0  # the stand-in was loaded: the build would be used
    assert "ImportError" in done.stderr


def test_an_edited_source_makes_every_compiled_module_load_from_its_source(
    fake_build: Path,
) -> None:
    game = fake_build / "engine" / "game.py"
    game.write_text(game.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert stale_reason(fake_build) == "engine/game.py changed since the build"
    done = probe(fake_build)
    assert done.returncode == 0, done.stderr
    game_file, rules_file, mode = done.stdout.split()
    assert game_file == str(game)
    assert rules_file == str(fake_build / "engine" / "rules.py")  # unchanged, but stale as well
    assert mode == "pure"
    assert "StaleBuildWarning" in done.stderr and "engine/game.py changed" in done.stderr


def test_an_edited_interpreted_module_makes_the_build_stale_too(fake_build: Path) -> None:
    twist = (
        fake_build / "engine" / "variants" / "twist.py"
    )  # compiled code may inline its constants
    twist.write_text(twist.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert stale_reason(fake_build) == "engine/variants/twist.py changed since the build"
    assert probe(fake_build).returncode == 0


def test_a_new_or_missing_file_makes_the_build_stale(fake_build: Path) -> None:
    (fake_build / "engine" / "extra.py").write_text("", encoding="utf-8")
    assert stale_reason(fake_build) == "engine/extra.py changed since the build"
    (fake_build / "engine" / "extra.py").unlink()
    base = module_path(fake_build, "engine.beating")
    base.with_name(base.name + SUFFIX).unlink()
    assert stale_reason(fake_build) == "the compiled files are not the ones the build made"
    assert probe(fake_build).returncode == 0


def test_no_stamp_means_no_build(fake_build: Path) -> None:
    (fake_build / accelerate_guard.STAMP_NAME).unlink()
    assert stale_reason(fake_build) == "there is no build stamp"
    assert probe(fake_build).returncode == 0


def test_the_pure_engine_can_be_forced(fake_build: Path) -> None:
    done = probe(fake_build, DURAK_PURE_ENGINE="1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[2] == "pure"
    assert "StaleBuildWarning" not in done.stderr  # asked for: no warning


def test_this_process_runs_the_engine_the_guard_chose() -> None:
    for module in COMPILED_MODULES:
        importlib.import_module(module)
    compiled = accelerate_guard.compiled_modules()
    if accelerate_guard.MODE == "compiled":
        assert compiled == sorted(COMPILED_MODULES)
    else:
        assert compiled == []


@pytest.mark.parametrize("variant", [v for v in all_variant_ids() if is_durak(v)])
def test_a_game_in_mid_play_survives_pickling(variant: str) -> None:
    """The search bot's worker gets its game pickled; compiled classes must round-trip too."""
    rules = get_rules(variant)
    players = max(rules.min_players, 2)
    rng = random.Random(5)
    game = Game.new(rules, players, rng)
    for _ in range(25):
        if game.over:
            break
        seat = game.to_act[0]
        game.apply(rng.choice(game.legal_actions(seat)))
    game.record_claim(0, "a claim", "7C")
    copy = pickle.loads(pickle.dumps(game))
    assert copy.state_hash() == game.state_hash()
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert [repr(c) for c in copy.claims] == [repr(c) for c in game.claims]
    if not game.over:
        seat = game.to_act[0]
        assert copy.legal_actions(seat) == game.legal_actions(seat)


def test_clean_removes_the_build_and_its_stamp_only(fake_build: Path) -> None:
    products = accelerate_guard.product_files(fake_build)
    assert len(products) == len(COMPILED_MODULES) + 1
    removed = clean(fake_build)
    assert sorted(removed) == sorted([*products, fake_build / accelerate_guard.STAMP_NAME])
    assert accelerate_guard.product_files(fake_build) == []
    assert (fake_build / "engine" / "game.py").is_file()
    assert probe(fake_build).stdout.split()[2] == "pure"


def test_clean_removes_a_module_no_longer_compiled(fake_build: Path) -> None:
    """A module dropped from COMPILED_MODULES leaves no extension to shadow its source."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    leftover = fake_build / "engine" / "pagons" / ("dropped" + suffix)
    leftover.parent.mkdir(parents=True, exist_ok=True)
    leftover.write_bytes(b"an old build")
    assert leftover in clean(fake_build)
    assert not leftover.exists()


def test_a_stale_build_is_named_by_version(fake_build: Path) -> None:
    """`--version` says the pure engine runs, and why: the build is older than a source."""
    game = fake_build / "engine" / "game.py"
    game.write_text(game.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    environment = {k: v for k, v in os.environ.items() if k != accelerate_guard.PURE_ENV}
    environment["PYTHONPATH"] = os.pathsep.join([str(fake_build), str(ROOT)])
    done = subprocess.run(
        [sys.executable, "-m", "net.peer_cli", "--version"],
        cwd=fake_build,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == (
        "pure Python engine: slower, see README "
        "(the compiled engine is not used: engine/game.py changed since the build)"
    )


def test_build_if_stale_rebuilds_only_a_build_that_does_not_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What scripts/_setup.sh runs at every start: a valid build is kept, a stale one rebuilt."""
    builds: list[bool] = []
    monkeypatch.setattr(accelerate, "build", lambda verbose=False: builds.append(verbose) or [])
    monkeypatch.setattr(accelerate, "product_files", lambda: [ROOT / "engine" / "game.so"])
    monkeypatch.setattr(accelerate, "stale_reason", lambda: None)
    assert accelerate.main(["build", "--if-stale"]) == 0
    assert builds == []
    monkeypatch.setattr(
        accelerate, "stale_reason", lambda: "engine/game.py changed since the build"
    )
    assert accelerate.main(["build", "--if-stale"]) == 0
    assert builds == [False]
    monkeypatch.setattr(accelerate, "product_files", list)  # not built at all
    monkeypatch.setattr(accelerate, "stale_reason", lambda: None)
    assert accelerate.main(["build", "--if-stale"]) == 0
    assert builds == [False, False]


@pytest.mark.parametrize("kind", kinds(), ids=lambda kind: kind.name)
def test_a_game_kinds_engine_survives_pickling_and_cloning(kind: GameKind) -> None:
    """The hidden-card base and the family-3 engines are compiled too (as classes that keep a
    __dict__): a game in mid-play pickles, clones and resamples as the pure one does."""
    rules = kind.get_rules(kind.ids()[0])
    rng = random.Random(6)
    game = kind.new_game(rules, 2, rng)
    for _ in range(20):
        if game.over:
            break
        seat = game.to_act[0]
        game.apply(rng.choice(game.legal_actions(seat)))
    copy = pickle.loads(pickle.dumps(game))
    clone = game.clone()
    assert copy.state_hash() == clone.state_hash() == game.state_hash()
    if not game.over:
        seat = game.to_act[0]
        assert copy.legal_actions(seat) == clone.legal_actions(seat) == game.legal_actions(seat)
        clone.apply(clone.legal_actions(seat)[0])
        assert clone.state_hash() != game.state_hash() == copy.state_hash()
        deal = game.resample(seat, random.Random(1))
        assert deal.information_state_key(seat) == game.information_state_key(seat)


class RecordingCompiler:
    """A stand-in distutils compiler whose every compile takes a while and is recorded."""

    def __init__(self, fails: str = "") -> None:
        self.fails = fails
        self.started: list[str] = []
        self.running = 0
        self.most_at_once = 0
        self.lock = threading.Lock()

    def _setup_compile(self, output_dir, macros, include_dirs, sources, depends, extra):  # type: ignore[no-untyped-def]
        objects = [source.replace(".c", ".o") for source in sources]
        to_build = {obj: (src, ".c") for obj, src in zip(objects, sources, strict=True)}
        del to_build[objects[0]]  # (up to date: CCompiler.compile skips it but returns it)
        return macros, objects, extra, ["-Iinclude"], to_build

    def _get_cc_args(self, pp_opts, debug, before):  # type: ignore[no-untyped-def]
        return ["-c", *pp_opts]

    def _compile(self, obj, src, ext, cc_args, extra_postargs, pp_opts):  # type: ignore[no-untyped-def]
        with self.lock:
            self.started.append(Path(src).name)
            self.running += 1
            self.most_at_once = max(self.most_at_once, self.running)
        time.sleep(0.05)
        with self.lock:
            self.running -= 1
        if Path(src).name == self.fails:
            raise RuntimeError(f"{src} does not compile")


def c_files(directory: Path, sizes: list[int]) -> list[str]:
    """C files m0.c, m1.c, ... of the given sizes in `directory`."""
    paths = [directory / f"m{i}.c" for i in range(len(sizes))]
    for path, size in zip(paths, sizes, strict=True):
        path.write_bytes(b" " * size)
    return [str(path) for path in paths]


def test_the_build_compiles_the_c_files_of_an_extension_on_every_core_at_once(
    tmp_path: Path,
) -> None:
    """gcc runs once per C file (mypyc's multi_file output), `jobs` at a time; a file a serial
    compile would skip is skipped, and every object is returned."""
    compiler = RecordingCompiler()
    accelerate.compile_in_parallel(compiler, jobs=3)
    sources = c_files(tmp_path, [10] * 7)
    objects = compiler.compile(sources, extra_postargs=["-O3"])  # type: ignore[attr-defined]
    assert objects == [source.replace(".c", ".o") for source in sources]
    assert sorted(compiler.started) == [f"m{i}.c" for i in range(1, 7)]
    assert compiler.most_at_once == 3


def test_the_largest_c_files_are_compiled_first(tmp_path: Path) -> None:
    compiler = RecordingCompiler()
    accelerate.compile_in_parallel(compiler, jobs=1)
    compiler.compile(c_files(tmp_path, [5, 20, 900, 1, 300]))  # type: ignore[attr-defined]
    assert compiler.started == ["m2.c", "m4.c", "m1.c", "m3.c"]


def test_a_c_file_that_does_not_compile_fails_the_parallel_build(tmp_path: Path) -> None:
    compiler = RecordingCompiler(fails="m2.c")
    accelerate.compile_in_parallel(compiler, jobs=2)
    with pytest.raises(RuntimeError, match=r"m2\.c does not compile"):
        compiler.compile(c_files(tmp_path, [10] * 4))  # type: ignore[attr-defined]
