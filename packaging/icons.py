"""The app icon in every format the three platforms want, all drawn from resources/icons/battlebox.svg.

    python packaging/icons.py            re-render the committed PNG sizes (needs PySide6)
    python packaging/icons.py ico FILE   write a Windows .ico from the committed PNGs
    python packaging/icons.py icns FILE  write a macOS .icns from the committed PNGs

The PNGs are committed so the Linux installer and the release archive need no renderer; the
.ico and .icns are packed here from those PNGs in pure Python (both formats may embed PNG
data), so neither Pillow nor the platforms' own icon tools are needed on a build machine.
"""
from __future__ import annotations

import struct
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
SVG = ICONS / "battlebox.svg"
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns chunk types that hold PNG data, by pixel size (the @2x types reuse the bigger PNGs).
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic09", 512), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512))


def png_path(size: int) -> Path:
    return ICONS / f"battlebox-{size}.png"


def render_pngs(sizes: tuple[int, ...] = SIZES) -> list[Path]:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(["icons"])  # noqa: F841 (fonts, image plugins)
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {SVG}")
    written = []
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        path = png_path(size)
        if not image.save(str(path), "PNG"):
            raise SystemExit(f"cannot write {path}")
        written.append(path)
    return written


def write_ico(target: Path, sizes: tuple[int, ...] = ICO_SIZES) -> None:
    images = [png_path(s).read_bytes() for s in sizes]
    offset = 6 + 16 * len(images)
    head = struct.pack("<HHH", 0, 1, len(images))
    entries = b""
    for size, data in zip(sizes, images):
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    target.write_bytes(head + entries + b"".join(images))


def write_icns(target: Path) -> None:
    chunks = b""
    for kind, size in ICNS_TYPES:
        data = png_path(size).read_bytes()
        chunks += kind + struct.pack(">I", 8 + len(data)) + data
    target.write_bytes(b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks)


def main(argv: list[str]) -> int:
    if not argv:
        for path in render_pngs():
            print(path)
        return 0
    if len(argv) == 2 and argv[0] in ("ico", "icns"):
        (write_ico if argv[0] == "ico" else write_icns)(Path(argv[1]))
        print(argv[1])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
