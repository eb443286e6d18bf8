"""The README's two commands give the compiled engine, and the game says which engine runs.

scripts/_setup.sh runs here in a copy of itself, with a stand-in venv Python that records what
pip and the build were asked for (the real build takes minutes: the compiled engine tests run
it) and stand-ins for apt-get and `id`; the checks of the compiler and headers are the real ones.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from engine import accelerate_guard
from engine.accelerate_guard import PURE_DESCRIPTION, PURE_ENV, product_files, stale_reason
from net.handshake import PROTOCOL_VERSION
from net.version import package_version

ROOT = Path(__file__).resolve().parents[1]

STAND_IN_PYTHON = """#!/bin/sh
echo "python $*" >>"$CALLS"
case "$*" in
    *"-m pip install"*) exit 0 ;;
    *"import mypyc.build"*) exit 0 ;;
    *"engine.accelerate status"*) echo "${STATUS:-pure Python: not built}"; exit 0 ;;
    *"engine.accelerate build"*) [ -z "$BUILD_FAILS" ] || exit 1; echo "compiled 9 files"; exit 0 ;;
esac
exec PYTHON "$@"
"""
STAND_IN_APT = '#!/bin/sh\necho "apt-get $*" >>"$CALLS"\n'
STAND_IN_ID = '#!/bin/sh\necho "$FAKE_UID"\n'


def build_tools_here() -> bool:
    """Whether this machine has what the build needs (the C compiler, libc and Python headers)."""
    compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    return (
        bool(compiler)
        and shutil.which(compiler[0]) is not None
        and Path("/usr/include/stdio.h").is_file()
        and (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()
    )


def run_make_venv(tmp_path: Path, extras: str, uid: int, **env: str) -> tuple[str, list[str]]:
    """`make_venv EXTRAS` of a copy of scripts/_setup.sh; its stderr and the commands it ran."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "_setup.sh", tmp_path / "scripts" / "_setup.sh")
    probe = tmp_path / "scripts" / "probe"
    probe.write_text(
        '. "$(dirname "$0")/_setup.sh"\nmake_venv "$1"\n'
        '[ -z "${engine_build-}" ] || echo "engine_build=$engine_build" >&2\n',
        encoding="utf-8",
    )
    stand_ins = {
        tmp_path / ".venv" / "bin" / "python": STAND_IN_PYTHON.replace("PYTHON", sys.executable),
        tmp_path / "bin" / "apt-get": STAND_IN_APT,
        tmp_path / "bin" / "id": STAND_IN_ID,
    }
    for path, text in stand_ins.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        path.chmod(0o755)
    calls = tmp_path / "calls"
    calls.touch()
    environment = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    environment |= {
        "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}",
        "CALLS": str(calls),
        "FAKE_UID": str(uid),
        **env,
    }
    done = subprocess.run(
        ["bash", str(probe), extras],
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stderr, calls.read_text(encoding="utf-8").splitlines()


@pytest.mark.skipif(not build_tools_here(), reason="no C compiler or headers on this machine")
def test_a_build_that_fails_with_its_tools_here_is_marked_for_scripts_test(tmp_path: Path) -> None:
    """The player is told and plays pure; scripts/test reads `engine_build=failed` and fails."""
    stderr, _ = run_make_venv(tmp_path, "test", uid=1000, BUILD_FAILS="1")
    assert stderr.splitlines()[-2:] == [
        "the engine was not compiled (see .venv/engine-build.log); the pure Python engine runs, "
        "slower",
        "engine_build=failed",
    ]
    test_script = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    assert '"${engine_build-}" = failed' in test_script and "DURAK_BUILD_FAILED" in test_script


@pytest.mark.skipif(not build_tools_here(), reason="no C compiler or headers on this machine")
@pytest.mark.parametrize(("extras", "spec"), [("", ".[build]"), ("test", ".[test,build]")])
def test_with_a_compiler_the_setup_installs_mypy_and_builds_the_engine(
    tmp_path: Path, extras: str, spec: str
) -> None:
    stderr, calls = run_make_venv(tmp_path, extras, uid=1000)
    assert f"python -m pip install -q --disable-pip-version-check -e {spec}" in calls
    assert "python -W ignore -m engine.accelerate build --if-stale" in calls
    assert not any(call.startswith("apt-get") for call in calls)
    assert stderr.splitlines() == [
        "compiling the engine with mypyc (a minute or two, again only after it changes)",
        "the compiled engine is ready",
    ]


def test_without_a_compiler_a_user_is_told_in_one_line_and_the_pure_engine_runs(
    tmp_path: Path,
) -> None:
    stderr, calls = run_make_venv(tmp_path, "", uid=1000, CC="/nonexistent/cc")
    assert "python -m pip install -q --disable-pip-version-check -e ." in calls
    assert not any("accelerate build" in call or "apt-get" in call for call in calls)
    [line] = stderr.splitlines()
    assert line.startswith("the engine is not compiled: no C compiler or Python headers")
    assert "apt-get install gcc" in line and line.endswith("the pure Python engine runs, slower")


def test_without_a_compiler_a_build_made_before_still_runs_and_nothing_is_said(
    tmp_path: Path,
) -> None:
    stderr, calls = run_make_venv(
        tmp_path, "", uid=1000, CC="/nonexistent/cc", STATUS="compiled: engine.game"
    )
    assert not any("accelerate build" in call for call in calls)
    assert stderr == ""


def test_without_a_compiler_root_installs_one(tmp_path: Path) -> None:
    stderr, calls = run_make_venv(tmp_path, "", uid=0, CC="/nonexistent/cc")
    installs = [call for call in calls if call.startswith("apt-get") and " install " in call]
    assert len(installs) == 1
    assert installs[0].startswith("apt-get install -y -qq --no-install-recommends ")
    assert "gcc" in installs[0].split()
    # (the stand-in apt-get installs nothing: the compiler is still missing, so no build)
    assert not any("accelerate build" in call for call in calls)
    assert stderr.splitlines()[-1].startswith("the engine is not compiled")


def test_the_pure_engine_asked_for_is_not_built(tmp_path: Path) -> None:
    stderr, calls = run_make_venv(tmp_path, "test", uid=0, DURAK_PURE_ENGINE="1")
    assert "python -m pip install -q --disable-pip-version-check -e .[test]" in calls
    assert not any("engine.accelerate" in call or "apt-get" in call for call in calls)
    assert stderr == ""


def engine_that_runs(pure_env: bool) -> str:
    """What an import of `engine` from this tree chooses, as engine_description says it."""
    if not product_files():
        return PURE_DESCRIPTION
    reason = f"{PURE_ENV}=1" if pure_env else stale_reason()
    if reason is None:
        return "compiled engine"
    return f"{PURE_DESCRIPTION} (the compiled engine is not used: {reason})"


@pytest.mark.parametrize("pure_env", [False, True])
@pytest.mark.parametrize(
    ("program", "module"), [("durak", "durak_qt"), ("durak-peer", "net.peer_cli")]
)
def test_version_names_the_engine_that_runs(program: str, module: str, pure_env: bool) -> None:
    environment = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    if pure_env:
        environment[PURE_ENV] = "1"
    done = subprocess.run(
        [sys.executable, "-W", "ignore", "-m", module, "--version"],
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.splitlines() == [
        f"{program} {package_version()}",
        engine_that_runs(pure_env),
        f"protocol version {PROTOCOL_VERSION}",
    ]


def test_this_process_names_the_engine_it_runs() -> None:
    expected = engine_that_runs(os.environ.get(PURE_ENV, "") not in ("", "0"))
    assert accelerate_guard.engine_description() == expected
