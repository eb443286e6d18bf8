# Shared by scripts/play and scripts/test: system libraries Qt needs, then a venv with the project
# and the compiled engine (with the build tools it needs, installed when run as root).
# Usage: . scripts/_setup.sh EXTRAS   (EXTRAS is "" or "test")
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

qt_libs="libgl1 libegl1 libfontconfig1 libxkbcommon0 libglib2.0-0 libdbus-1-3"
x11_libs="libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0 libxcb-shape0 libxcb-xkb1"
tools="python3-venv iproute2 util-linux libsodium23"

missing_packages() {
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"
    done
}

apt_install() {
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

install_system_packages() {
    command -v dpkg-query >/dev/null 2>&1 || return 0
    missing=$(missing_packages "$@" | tr "\n" " " | sed "s/ *$//")
    [ -z "$missing" ] && return 0
    if [ "$(id -u)" = 0 ]; then
        echo "installing system packages: $missing" >&2
        # shellcheck disable=SC2086
        apt_install $missing
    else
        echo "missing system packages (run as root, or: sudo apt-get install $missing)" >&2
    fi
}

make_venv() {
    extras=$1
    if [ ! -x .venv/bin/python ]; then
        python3 -m venv .venv
    fi
    compile=no
    if [ "${DURAK_PURE_ENGINE:-0}" = 0 ] && install_build_tools; then
        compile=yes
        extras="${extras:+$extras,}build"
    fi
    spec="."
    [ -n "$extras" ] && spec=".[$extras]"
    .venv/bin/python -m pip install -q --disable-pip-version-check -e "$spec"
    if [ "$compile" = yes ]; then
        build_compiled_engine
    elif [ "${DURAK_PURE_ENGINE:-0}" = 0 ] && ! engine_is_compiled; then
        echo "the engine is not compiled: no C compiler or Python headers (root can install them: apt-get install $build_missing); the pure Python engine runs, slower" >&2
    fi
}

# True when an import of the engine gets a compiled build that matches the sources.
engine_is_compiled() {
    case $(.venv/bin/python -W ignore -m engine.accelerate status 2>/dev/null || true) in
        compiled:*) return 0 ;;
        *) return 1 ;;
    esac
}

# The Debian packages the compiled engine's build lacks, checked on the files the build uses:
# the C compiler Python builds extensions with ($CC, else the one it was built with), the C
# library's headers, and Python.h of the venv's Python (pyenv's Pythons carry their own).
missing_build_packages() {
    .venv/bin/python - <<'PY'
import os, shlex, shutil, sysconfig
compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
include = sysconfig.get_paths()["include"]
missing = [] if compiler and shutil.which(compiler[0]) else ["gcc"]
missing += [] if os.path.isfile("/usr/include/stdio.h") else ["libc6-dev"]
missing += [] if os.path.isfile(os.path.join(include, "Python.h")) else ["python3-dev"]
print(" ".join(missing))
PY
}

# True when the build can run: installs a missing compiler and headers with apt when root;
# otherwise false, with the packages still missing in $build_missing.
install_build_tools() {
    build_missing=$(missing_build_packages)
    [ -z "$build_missing" ] && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing what the compiled engine's build needs: $build_missing" >&2
        # shellcheck disable=SC2086
        apt_install $build_missing || true
        build_missing=$(missing_build_packages)
        [ -z "$build_missing" ] && return 0
    fi
    return 1
}

# The compiled engine (python -m engine.accelerate): built with mypyc (the `build` extra) when
# the sources changed since the last build, else kept. If the build fails, or with
# DURAK_PURE_ENGINE=1, the pure Python engine runs; nothing else changes.
build_compiled_engine() {
    [ "${DURAK_PURE_ENGINE:-0}" = 0 ] || return 0
    if ! .venv/bin/python -c 'import mypyc.build' 2>/dev/null; then
        echo "the engine is not compiled: mypy is not in .venv; the pure Python engine runs, slower" >&2
        return 0
    fi
    if ! engine_is_compiled; then
        echo "compiling the engine with mypyc (a minute or two, again only after it changes)" >&2
    fi
    if .venv/bin/python -W ignore -m engine.accelerate build --if-stale >.venv/engine-build.log 2>&1; then
        echo "the compiled engine is ready" >&2
    else
        engine_build=failed  # scripts/test fails on it: a build that breaks is a defect
        echo "the engine was not compiled (see .venv/engine-build.log); the pure Python engine runs, slower" >&2
    fi
}
