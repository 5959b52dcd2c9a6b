#!/usr/bin/env bash
# Smoke test of the Linux release: install it for a throw-away user, run the frozen app
# headless through its self-check and screenshots, uninstall, and check nothing is left.
#
#   bash packaging/smoke.sh [ARCHIVE.tar.gz | UNPACKED-RELEASE-FOLDER]
#
# Without an argument it tests dist/battlebox-<version>-linux-x86_64.tar.gz, building it
# first (python packaging/build.py) when it is missing or older than the sources.
# SMOKE_KEEP=DIR keeps the rendered PNGs there. Exit 3: the build tools cannot be installed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"
VERSION="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' core/version.py)"
ARCHIVE="dist/battlebox-$VERSION-linux-x86_64.tar.gz"
SAVES="$ROOT/tests/saves/0.1.0"
BUDGET_MB=180  # issues 14-15: Pillow and the JPEG plugin for table photos, the club ledger (163 MiB)

step() { printf '\n[smoke] %s\n' "$*"; }
fail() { printf '[smoke] FAIL: %s\n' "$*" >&2; exit 1; }

target="${1:-}"
if [ -z "$target" ]; then
    newer=""
    if [ -f "$ARCHIVE" ]; then
        newer="$(find core gui ledger maps resources packaging pyproject.toml -type f -newer "$ARCHIVE" \
                 -not -path '*/__pycache__/*' -print -quit)"
    fi
    if [ ! -f "$ARCHIVE" ] || [ -n "$newer" ]; then
        step "building the release (${newer:+$newer changed})"
        rc=0; "$PYTHON" packaging/build.py || rc=$?
        [ "$rc" -eq 0 ] || exit "$rc"
    fi
    target="$ARCHIVE"
fi

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
if [ -f "$target" ]; then
    step "unpacking $target ($(du -h "$target" | cut -f1))"
    mkdir "$TMP/unpacked"
    tar -xzf "$target" -C "$TMP/unpacked"
    release="$(find "$TMP/unpacked" -mindepth 1 -maxdepth 1 -type d)"
else
    release="$(cd "$target" && pwd)"
fi
[ -x "$release/install.sh" ] || fail "no install.sh in $release"
size_mb="$(du -sm "$release/app" | cut -f1)"
echo "unpacked app: $size_mb MB (budget $BUDGET_MB MB)"
[ "$size_mb" -le "$BUDGET_MB" ] || fail "the app is $size_mb MB, over its $BUDGET_MB MB budget"

# The install goes into an empty HOME; the app runs with another one, so after uninstalling
# the install HOME must be empty again.
INSTALL_HOME="$TMP/home"
RUN_HOME="$TMP/run"
PNG="${SMOKE_KEEP:-$TMP/png}"
mkdir -p "$INSTALL_HOME" "$RUN_HOME" "$PNG"
DATA="$INSTALL_HOME/.local/share"
as_user() { env -u XDG_DATA_HOME -u XDG_CONFIG_HOME HOME="$INSTALL_HOME" "$@"; }

step "install.sh (twice: it must be idempotent)"
as_user "$release/install.sh"
cp "$DATA/battlebox/install-manifest.txt" "$TMP/manifest-1"
as_user "$release/install.sh" >/dev/null
cmp -s "$TMP/manifest-1" "$DATA/battlebox/install-manifest.txt" || fail "a second install wrote a different manifest"
for f in "$DATA/battlebox/battlebox" "$DATA/applications/battlebox.desktop" \
         "$DATA/icons/hicolor/scalable/apps/battlebox.svg" "$DATA/icons/hicolor/48x48/apps/battlebox.png" \
         "$DATA/icons/hicolor/256x256/apps/battlebox.png" "$INSTALL_HOME/.local/bin/battlebox" \
         "$DATA/battlebox/licenses/README.txt"; do
    [ -e "$f" ] || fail "install.sh did not write $f"
done
echo "installed: $(grep -c '^file ' "$DATA/battlebox/install-manifest.txt") files + the app folder"
if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$DATA/applications/battlebox.desktop" || fail "invalid .desktop file"
    echo "desktop-file-validate: OK"
fi

# What the menu runs: the Exec line, minus the field code.
exec_line="$(sed -n 's/^Exec=//p' "$DATA/applications/battlebox.desktop")"
menu_cmd="$(printf '%s' "${exec_line% %f}" | sed 's/^"\(.*\)"$/\1/')"
[ -x "$menu_cmd" ] || fail "the menu entry runs $menu_cmd, which is not there"

# No Python from the build machine: a clean environment, run from an unrelated folder.
app() {
    (cd "$TMP" && env -i PATH=/usr/bin:/bin HOME="$RUN_HOME" QT_QPA_PLATFORM=offscreen \
        LANG=C.UTF-8 BATTLEBOX_DATA_DIR="$RUN_HOME/data" timeout 180 "$@")
}
is_png() { [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] && [ "$(stat -c %s "$1")" -gt 10000 ]; }

step "battlebox --version (through the menu entry's command)"
got="$(app "$menu_cmd" --version)"
[ "$got" = "Battlebox $VERSION" ] || fail "--version printed '$got'"
echo "$got"

step "battlebox --smoke: every game's New Game and view, the map, a save, shapely + networkx"
launcher="$INSTALL_HOME/.local/bin/battlebox"
rc=0; app "$launcher" --smoke "$SAVES/throwdown-3p-midgame.battlebox.json" --smoke-out "$PNG" \
    > "$TMP/smoke.out" 2> "$TMP/smoke.err" || rc=$?
grep -E '^(OK|FAIL|note|smoke:)' "$TMP/smoke.out" || true
if [ "$rc" -ne 0 ] || grep -q '^FAIL' "$TMP/smoke.out"; then
    tail -40 "$TMP/smoke.err" >&2
    fail "battlebox --smoke exited $rc"
fi
grep -q '^OK new game throwdown' "$TMP/smoke.out" || fail "the smoke run did not open Throwdown"
grep -q '^OK geometry' "$TMP/smoke.out" || fail "the smoke run did not check shapely and networkx"
grep -q '^OK photos' "$TMP/smoke.out" || fail "the smoke run did not decode a JPEG photo"

step "battlebox --screenshot: the main window and a game"
start=$EPOCHREALTIME
app "$launcher" --screenshot "$PNG/screenshot-main.png" >/dev/null
end=$EPOCHREALTIME
app "$launcher" --screenshot "$PNG/screenshot-throwdown.png" --game throwdown >/dev/null
for f in screenshot-main screenshot-throwdown scar-map main-window game-throwdown; do
    is_png "$PNG/$f.png" || fail "$f.png is not a rendered PNG"
done
awk -v a="$start" -v b="$end" 'BEGIN { printf "start, render and quit (--screenshot): %.2f s\n", b - a }'

step "headless commands: check, selfplay and layout-from-photo"
app "$launcher" check "$SAVES/throwdown-3p-finished.battlebox.json"
app "$launcher" selfplay throwdown --games 20 --seed 1 | head -1
photo="$ROOT/tests/photos/standard-12-chips"
corners="$("$PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))["corners"])' "$photo.json")"
found="$(app "$launcher" layout-from-photo "$photo.jpg" --corners="$corners" --area standard --json | grep -o '"x_cm"' | wc -l)"
[ "$found" -eq 12 ] || fail "layout-from-photo found $found of the 12 chips in $photo.jpg"
echo "layout-from-photo: 12 of 12 chips found in a JPEG"

step "the club ledger: record saves into a temp SQLite ledger, print the league table"
ledger_db="sqlite:///$TMP/ledger/ledger.sqlite3"
mkdir -p "$TMP/ledger"
added="$(app "$launcher" ledger --db "$ledger_db" add "$SAVES/throwdown-3p-finished.battlebox.json" \
    "$SAVES/throwdown-10p-finished.battlebox.json" "$SAVES/solitaire-finished.battlebox.json" \
    "$SAVES/throwdown-3p-finished.battlebox.json")"
echo "$added"
[ "$(printf '%s\n' "$added" | grep -c ': added$')" -eq 3 ] || fail "three saves were not all added: $added"
[ "$(printf '%s\n' "$added" | tail -1)" = "$SAVES/throwdown-3p-finished.battlebox.json: already recorded" ] \
    || fail "a save added twice was not recognised: $added"
table="$(app "$launcher" ledger --db "$ledger_db" standings throwdown --json)"
echo "$table" | head -c 600; echo
rows="$(printf '%s' "$table" | "$PYTHON" -c '
import json, sys
rows = json.load(sys.stdin)
assert all({"player", "rating", "mu", "sigma", "played", "won"} <= set(r) for r in rows), rows
assert all(abs(r["rating"] - (r["mu"] - 3 * r["sigma"])) < 1e-6 for r in rows), rows
assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True), rows
print(len(rows), sum(r["played"] for r in rows))')" || fail "the league table is not the documented JSON: $table"
# Players 1-3 sat in both Throwdown saves (3 + 10 seats, 10 names); the repeated save counts once.
[ "$rows" = "10 13" ] || fail "the league table has (players, seats played) = ($rows), not (10 13)"
[ -s "$TMP/ledger/ledger.sqlite3" ] || fail "no SQLite ledger was written"
echo "ledger: 10 Throwdown players rated from 13 seats, the repeated save recorded once"

step "the club ledger on a throwaway PostgreSQL server (pg8000, its SCRAM login and TLS modules bundled)"
# tests/pg.py makes the server's database through pg8000: the dev venv's Python has it.
pg_python="$PYTHON"
"$pg_python" -c 'import pg8000' 2>/dev/null || pg_python="$ROOT/.venv/bin/python"
if ! "$pg_python" -c 'import pg8000' 2>/dev/null; then
    echo "skipped: no Python with pg8000 to start the test server (bash packaging/dev.sh test makes .venv)"
else
(cd "$ROOT" && "$pg_python" - "$launcher" "$RUN_HOME" "$SAVES/throwdown-3p-finished.battlebox.json" <<'EOF'
import json, subprocess, sys
from tests.pg import Cluster, _find_bindir
launcher, home, save = sys.argv[1:]
if _find_bindir() is None:
    print("skipped: no PostgreSQL server binaries here (the ledger's own tests need them anyway)")
    sys.exit(0)
cluster = Cluster().start()
try:
    url = cluster.create_database("smoke").replace("postgresql+pg8000://", "postgresql://", 1)
    env = {"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "BATTLEBOX_DATA_DIR": home + "/data"}
    def ledger(*args):
        done = subprocess.run([launcher, "ledger", "--db", url, *args], env=env, capture_output=True,
                              text=True, timeout=180)
        if done.returncode:
            sys.exit(f"battlebox ledger {args[0]} on PostgreSQL exited {done.returncode}: {done.stderr.strip()}")
        return done.stdout
    print(ledger("add", save).strip())
    rows = json.loads(ledger("standings", "throwdown", "--json"))
    if sorted(r["player"] for r in rows) != ["Player 1", "Player 2", "Player 3"]:
        sys.exit(f"unexpected league table from PostgreSQL: {rows}")
    print(f"PostgreSQL ledger: 3 players rated, best {rows[0]['player']} ({rows[0]['rating']:.2f})")
finally:
    cluster.stop(remove=True)
EOF
) || fail "the frozen app's ledger on PostgreSQL"
fi

step "uninstall.sh"
as_user "$DATA/battlebox/uninstall.sh"
left="$(find "$INSTALL_HOME" -mindepth 1 | head -20)"
[ -z "$left" ] || fail "uninstall.sh left these behind:
$left"
echo "nothing left behind"

printf '\n[smoke] all checks passed for Battlebox %s\n' "$VERSION"
