# Shared by scripts/play and scripts/test: system libraries Qt needs, then a venv with the project.
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

install_system_packages() {
    command -v dpkg-query >/dev/null 2>&1 || return 0
    missing=$(missing_packages "$@")
    [ -z "$missing" ] && return 0
    if [ "$(id -u)" = 0 ]; then
        echo "installing system packages: $missing" >&2
        apt-get update -qq >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
    else
        echo "missing system packages (run as root, or: sudo apt-get install $missing)" >&2
    fi
}

make_venv() {
    extras=$1
    if [ ! -x .venv/bin/python ]; then
        python3 -m venv .venv
    fi
    spec="."
    [ -n "$extras" ] && spec=".[$extras]"
    .venv/bin/python -m pip install -q --disable-pip-version-check -e "$spec"
    build_compiled_engine
}

# The compiled engine (python -m engine.accelerate): built when the venv has mypyc (the `dev`
# extra) and a C compiler, rebuilt only when a source changed. Without either, or if the build
# fails, or with DURAK_PURE_ENGINE=1, the pure Python engine runs; nothing else changes.
build_compiled_engine() {
    [ "${DURAK_PURE_ENGINE:-0}" = 0 ] || return 0
    command -v cc >/dev/null 2>&1 || return 0
    .venv/bin/python -c 'import mypyc.build' 2>/dev/null || return 0
    if .venv/bin/python -W ignore -m engine.accelerate build --if-stale >.venv/engine-build.log 2>&1; then
        tail -n 1 .venv/engine-build.log >&2
    else
        echo "the engine was not compiled (see .venv/engine-build.log); the pure Python engine runs" >&2
    fi
}
