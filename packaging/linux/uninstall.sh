#!/usr/bin/env bash
# Remove Battlebox as install.sh installed it: exactly the files and folders in its
# install-manifest.txt. Your saved games and settings are kept.
#
#   uninstall.sh [--prefix DIR]     (the same DIR as given to install.sh, if any)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
if [ -f "$HERE/install-manifest.txt" ]; then
    PREFIX="$HERE"  # run from the installed copy
else
    PREFIX="$DATA/battlebox"
fi

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="${2:?--prefix needs a folder}"; shift 2 ;;
        --prefix=*) PREFIX="${1#--prefix=}"; shift ;;
        -h|--help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "uninstall.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
case "$PREFIX" in /*) ;; *) PREFIX="$PWD/$PREFIX" ;; esac

MANIFEST="$PREFIX/install-manifest.txt"
if [ ! -f "$MANIFEST" ]; then
    echo "uninstall.sh: Battlebox is not installed in $PREFIX (no install-manifest.txt)" >&2
    exit 1
fi

app=""
declare -a DIRS=()
while IFS= read -r line; do
    case "$line" in
        app\ *) app="${line#app }" ;;
        file\ *) rm -f -- "${line#file }" ;;
        dir\ *) DIRS+=("${line#dir }") ;;
    esac
done < "$MANIFEST"

[ "$app" = "$PREFIX" ] || { echo "uninstall.sh: the manifest belongs to $app, not $PREFIX" >&2; exit 1; }
rm -rf -- "$PREFIX"
# Folders the installer created, deepest first; kept if something else now lives in them.
for d in "${DIRS[@]+"${DIRS[@]}"}"; do
    rmdir -- "$d" 2>/dev/null || true
done
echo "Battlebox removed from $PREFIX (saved games and settings are kept)."
