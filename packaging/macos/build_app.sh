#!/usr/bin/env bash
# Build Battlebox.app and a drag-to-Applications DMG on macOS.
# NOT TESTED here (the project's machines are Linux); .github/workflows/release.yml runs it on
# a macos runner.
#
#   bash packaging/macos/build_app.sh
#
# Output: dist/battlebox-<version>-macos-<arch>.dmg. The app is not code-signed or notarized:
# club members open it the first time with right-click > Open. To sign, set CODESIGN_IDENTITY
# (a "Developer ID Application: ..." identity in the keychain).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"
VERSION="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' core/version.py)"
ARCH="$(uname -m)"

"$PYTHON" packaging/build.py "$@"
APP="build/dist/Battlebox.app"
[ -d "$APP" ] || { echo "build_app.sh: $APP was not built" >&2; exit 1; }

# LGPL: the licence texts travel inside the bundle too.
rm -rf "$APP/Contents/Resources/licenses"
cp -R build/dist/battlebox/licenses "$APP/Contents/Resources/licenses"

if [ -n "${CODESIGN_IDENTITY:-}" ]; then
    codesign --force --deep --options runtime --timestamp --sign "$CODESIGN_IDENTITY" "$APP"
else
    codesign --force --deep --sign - "$APP"  # ad-hoc: required on Apple silicon
fi

# Smoke-check the bundle before packing it.
QT_QPA_PLATFORM=offscreen "$APP/Contents/MacOS/battlebox" --version
QT_QPA_PLATFORM=offscreen "$APP/Contents/MacOS/battlebox" --smoke tests/saves/0.1.0/throwdown-3p-midgame.battlebox.json

STAGE="build/dmg"
rm -rf "$STAGE"
mkdir -p "$STAGE" dist
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
DMG="dist/battlebox-$VERSION-macos-$ARCH.dmg"
rm -f "$DMG"
hdiutil create -volname "Battlebox $VERSION" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG"
echo "$DMG"
