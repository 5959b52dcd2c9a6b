#!/usr/bin/env bash
# Install Battlebox for the current user (no root, no Python needed).
#
#   ./install.sh [--prefix DIR]
#
# Copies the app to DIR (default ~/.local/share/battlebox), adds a menu entry
# (~/.local/share/applications/battlebox.desktop), the icon in the hicolor theme (SVG and PNG
# sizes) and a `battlebox` command in ~/.local/bin. Every file and folder it creates is listed
# in DIR/install-manifest.txt, which uninstall.sh reads to remove exactly those. Running it
# again updates the installation in place.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
PREFIX="$DATA/battlebox"
BIN="$HOME/.local/bin"

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="${2:?--prefix needs a folder}"; shift 2 ;;
        --prefix=*) PREFIX="${1#--prefix=}"; shift ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
case "$PREFIX" in /*) ;; *) PREFIX="$PWD/$PREFIX" ;; esac

[ -x "$HERE/app/battlebox" ] || { echo "install.sh: no app/battlebox next to this script" >&2; exit 1; }
MANIFEST="$PREFIX/install-manifest.txt"
if [ -e "$PREFIX" ] && [ ! -f "$MANIFEST" ] && [ -n "$(ls -A "$PREFIX" 2>/dev/null)" ]; then
    echo "install.sh: $PREFIX exists and was not made by this installer; choose another --prefix" >&2
    exit 1
fi

# Folders we create (and so may remove) are remembered across re-installs.
declare -a CREATED_DIRS=()
if [ -f "$MANIFEST" ]; then
    while IFS= read -r line; do
        case "$line" in dir\ *) CREATED_DIRS+=("${line#dir }") ;; esac
    done < "$MANIFEST"
fi
mkdirs() {  # mkdir -p, recording each folder that did not exist
    local d="$1" missing=()
    while [ ! -d "$d" ]; do missing=("$d" "${missing[@]+"${missing[@]}"}"); d="$(dirname "$d")"; done
    for d in "${missing[@]+"${missing[@]}"}"; do mkdir "$d"; CREATED_DIRS+=("$d"); done
}
declare -a FILES=()
put() {  # put SOURCE TARGET [MODE]
    mkdirs "$(dirname "$2")"
    install -m "${3:-644}" "$1" "$2"
    FILES+=("$2")
}

echo "Installing Battlebox into $PREFIX"
mkdirs "$(dirname "$PREFIX")"
[ -d "$PREFIX" ] || CREATED_DIRS+=("$PREFIX")
rm -rf "$PREFIX.new"
cp -a "$HERE/app" "$PREFIX.new"
rm -rf "$PREFIX"
mv "$PREFIX.new" "$PREFIX"
install -m 755 "$HERE/uninstall.sh" "$PREFIX/uninstall.sh"

ICONS="$DATA/icons/hicolor"
put "$HERE/icons/battlebox.svg" "$ICONS/scalable/apps/battlebox.svg"
for png in "$HERE"/icons/battlebox-*.png; do
    size="${png##*/battlebox-}"; size="${size%.png}"
    put "$png" "$ICONS/${size}x${size}/apps/battlebox.png"
done

launcher="$(mktemp)"
printf '#!/bin/sh\nexec "%s/battlebox" "$@"\n' "$PREFIX" > "$launcher"
put "$launcher" "$BIN/battlebox" 755
rm -f "$launcher"

quoted="$(printf '%s' "$PREFIX/battlebox" | sed 's/\\/\\\\\\\\/g; s/"/\\\\"/g; s/`/\\\\`/g; s/\$/\\\\$/g')"
desktop="$(mktemp)"
cat > "$desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Battlebox
GenericName=Tabletop battle games
Comment=Play tabletop battle games hot-seat, or referee a real table
Exec="$quoted" %f
TryExec=$PREFIX/battlebox
Icon=battlebox
Terminal=false
Categories=Game;BoardGame;
Keywords=Fistful of Power;Throwdown;Domination;Impact;Fistful of Gold;hot-seat;
StartupWMClass=battlebox
EOF
put "$desktop" "$DATA/applications/battlebox.desktop"
rm -f "$desktop"

{
    echo "# Written by Battlebox's install.sh; uninstall.sh removes exactly these."
    printf 'app %s\n' "$PREFIX"
    for f in "${FILES[@]}"; do printf 'file %s\n' "$f"; done
    # deepest first, so uninstall.sh can remove them in order
    for d in "${CREATED_DIRS[@]+"${CREATED_DIRS[@]}"}"; do printf 'dir %s\n' "$d"; done | sort -u -r
} > "$MANIFEST"

# Ask the desktop to notice the new icon and menu entry (both optional, write only caches
# that already exist).
touch "$ICONS" "$DATA/applications" 2>/dev/null || true

missing="$(ldd "$PREFIX/_internal/PySide6/Qt/plugins/platforms/libqxcb.so" "$PREFIX/_internal/PySide6/Qt/lib/libQt6Gui.so.6" 2>/dev/null | awk '/not found/ {print $1}' | sort -u | tr '\n' ' ')"
if [ -n "$missing" ]; then
    echo "warning: this system lacks libraries Qt needs to show a window: $missing" >&2
    echo "  Debian/Ubuntu: sudo apt-get install libgl1 libegl1 libfontconfig1 libxkbcommon-x11-0 libdbus-1-3" >&2
fi

echo "Battlebox is in your applications menu (Games). From a terminal: $BIN/battlebox"
case ":$PATH:" in *":$BIN:"*) ;; *) echo "note: $BIN is not on your PATH; the menu entry works regardless." ;; esac
echo "To remove it: $PREFIX/uninstall.sh"
