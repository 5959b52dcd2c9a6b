#!/usr/bin/env bash
# Battlebox developer entry point (used by the README and by CI).
#
#   bash packaging/dev.sh app  [battlebox args...]   install, then start the app
#   bash packaging/dev.sh test [pytest args...]      install, then run the tests
#   bash packaging/dev.sh bench [pytest args...]     install, then run the benchmarks
#   bash packaging/dev.sh strength [args...]         install, then measure the computer players'
#                                                    strength table (up to 4 hours; --help)
#
# Every mode: make sure the system libraries Qt needs are installed (apt, when
# on Debian/Ubuntu; test and bench also the PostgreSQL server binaries, put on PATH),
# create/update the virtualenv .venv in the repo root and `pip install -e '.[test]'` into it.
# The pip step is skipped when pyproject.toml has not changed since the last successful install.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

VENV="$ROOT/.venv"
STAMP="$VENV/.battlebox-installed"
PYTHON="${PYTHON:-python3}"

# Libraries Qt needs for the offscreen platform (tests, screenshots)...
QT_LIBS=(libgl1 libegl1 libfontconfig1 libfreetype6 libglib2.0-0 libdbus-1-3
         libxkbcommon0 libx11-6 fonts-dejavu-core)
# ...and additionally for a real window on X11 (xcb platform plugin).
XCB_LIBS=(libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
          libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxkbcommon-x11-0)
# The ledger's tests start a throwaway PostgreSQL cluster (initdb + pg_ctl in a temp folder,
# tests/pg.py): only the server's binaries are needed, no running service.
PG_PKGS=(postgresql)

log() { printf '[dev.sh] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    cat <<'EOF'
usage: bash packaging/dev.sh app   [battlebox args...]
       bash packaging/dev.sh test  [pytest args...]
       bash packaging/dev.sh bench [pytest args...]
       bash packaging/dev.sh strength [--hours H] [--out FILE] [...]
EOF
}

# apt_install PKG... : install Debian packages as root, via sudo, or explain.
# Never fails the script: a missing library shows up later as a Qt error.
apt_install() {
    local cmd="apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $*"
    local runner=()
    if [ "$(id -u)" -eq 0 ]; then
        runner=()
    elif command -v sudo >/dev/null 2>&1; then
        runner=(sudo)
    else
        log "missing system packages: $*"
        log "not root and no sudo; please run as root:"
        log "    $cmd"
        return 0
    fi
    log "installing system packages: $*"
    if ! ${runner[@]+"${runner[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
        || ! ${runner[@]+"${runner[@]}"} env DEBIAN_FRONTEND=noninteractive \
                apt-get install -y -qq --no-install-recommends "$@" >/dev/null; then
        log "warning: apt-get failed; install these yourself if Qt fails to start:"
        log "    $cmd"
    fi
    return 0
}

deb_installed() {
    dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed'
}

ensure_system_libs() {
    local want=("${QT_LIBS[@]}")
    if [ "$1" = app ]; then
        want+=("${XCB_LIBS[@]}")
    fi
    if ! command -v dpkg >/dev/null 2>&1; then
        log "note: dpkg not found (not Debian/Ubuntu); skipping the system library check."
        log "      Qt needs: ${want[*]} (or your system's equivalents)."
        return 0
    fi
    local missing=() p
    for p in "${want[@]}"; do
        deb_installed "$p" || missing+=("$p")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        apt_install "${missing[@]}"
    fi
}

# pg_bindir: the newest installed PostgreSQL server's bin folder (Debian keeps initdb and pg_ctl
# out of PATH, in /usr/lib/postgresql/<major>/bin), else the folder of an initdb on PATH.
pg_bindir() {
    local dir
    dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
    if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
        printf '%s\n' "$dir"
    elif command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(command -v pg_ctl)"
    fi
}

ensure_postgresql() {
    [ -n "$(pg_bindir)" ] && return 0
    if command -v dpkg >/dev/null 2>&1; then
        apt_install "${PG_PKGS[@]}"
    fi
    if [ -z "$(pg_bindir)" ]; then
        log "note: no PostgreSQL server binaries (initdb, pg_ctl); the ledger's PostgreSQL tests will fail."
        log "      Debian/Ubuntu: apt-get install postgresql"
    fi
}

python_ok() {
    # true when $1 is a Python >= 3.11 that has venv + ensurepip
    "$1" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1
}

ensure_python() {
    if ! command -v "$PYTHON" >/dev/null 2>&1; then
        if command -v dpkg >/dev/null 2>&1; then
            apt_install python3 python3-venv
        fi
        command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found; install Python 3.11 or newer"
    fi
    if ! python_ok "$PYTHON"; then
        "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
            || die "$PYTHON is $("$PYTHON" -V 2>&1); Battlebox needs Python 3.11 or newer (set PYTHON=...)"
        # Debian ships venv/ensurepip separately.
        if command -v dpkg >/dev/null 2>&1; then
            local minor
            minor="$("$PYTHON" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
            apt_install python3-venv "python${minor}-venv"
        fi
        python_ok "$PYTHON" || die "$PYTHON has no working venv module (Debian: apt-get install python3-venv)"
    fi
}

ensure_venv() {
    if [ -x "$VENV/bin/python" ] && python_ok_venv; then
        return 0
    fi
    if [ -e "$VENV" ]; then
        log "recreating broken virtualenv $VENV"
        rm -rf "$VENV"
    fi
    ensure_python
    log "creating virtualenv $VENV"
    "$PYTHON" -m venv "$VENV"
}

python_ok_venv() {
    "$VENV/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1 \
        && "$VENV/bin/python" -m pip --version >/dev/null 2>&1
}

install_fingerprint() {
    # pyproject.toml content + repo location + venv interpreter version
    "$VENV/bin/python" - "$ROOT" <<'EOF'
import hashlib, sys
h = hashlib.sha256()
with open("pyproject.toml", "rb") as f:
    h.update(f.read())
h.update(sys.argv[1].encode())
h.update(sys.version.encode())
print(h.hexdigest())
EOF
}

ensure_installed() {
    local fp
    fp="$(install_fingerprint)"
    if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$fp" ] && [ -x "$VENV/bin/battlebox" ]; then
        return 0
    fi
    log "installing battlebox (editable) with test extras into .venv"
    rm -f "$STAMP"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e '.[test]'
    printf '%s\n' "$fp" > "$STAMP"
}

mode="${1:-}"
if [ $# -gt 0 ]; then shift; fi

case "$mode" in
    app|test|bench|strength) ;;
    -h|--help|help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
esac

ensure_system_libs "$([ "$mode" = app ] && echo app || echo test)"
if [ "$mode" = test ] || [ "$mode" = bench ]; then
    ensure_postgresql
fi
ensure_venv
ensure_installed

case "$mode" in
    app)
        if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
            log "note: no DISPLAY/WAYLAND_DISPLAY; for headless use set QT_QPA_PLATFORM=offscreen"
        fi
        exec "$VENV/bin/battlebox" "$@"
        ;;
    test)
        export QT_QPA_PLATFORM=offscreen
        pg="$(pg_bindir)"
        if [ -n "$pg" ]; then export PATH="$pg:$PATH"; fi
        # The tests start ~100 Python subprocesses (the command line, the start-up probe, the
        # ledger's writers): let them keep compiled bytecode, even where the environment says not to.
        unset PYTHONDONTWRITEBYTECODE
        # pytest's exit code is passed through unchanged: 1 = failures,
        # 5 = no tests collected, both fail the run. Tests run on every core (pytest-xdist), with
        # two workers more than cores: many tests wait on Qt, a subprocess (the frozen build) or
        # the PostgreSQL server.
        workers=$(( $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) + 2 ))
        exec "$VENV/bin/python" -m pytest -n "$workers" "$@"
        ;;
    bench)
        export QT_QPA_PLATFORM=offscreen BATTLEBOX_BENCH=1
        pg="$(pg_bindir)"
        if [ -n "$pg" ]; then export PATH="$pg:$PATH"; fi
        exec "$VENV/bin/python" -m pytest tests/benchmarks "$@"
        ;;
    strength)
        exec "$VENV/bin/python" -m tests.benchmarks.strength_table "$@"
        ;;
esac
