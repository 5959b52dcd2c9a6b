"""`battlebox --smoke [SAVE] [--smoke-out DIR]`: a headless self-check of an installed app.

A frozen build fails in ways the test suite cannot see: a data file, Qt plugin, GEOS library or
lazily imported game module left out of the bundle. This walks through each of them with the
real modules (every game's New Game dialog and view, the bundled roster and map, a save file,
shapely and networkx, the icon and licences) and prints one OK or FAIL line per check.
"""
from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget


class _Checks:
    def __init__(self, out_dir: Path | None) -> None:
        self.out_dir = out_dir
        self.failed = 0
        self.passed = 0

    def run(self, name: str, check: Callable[[], str]) -> None:
        try:
            detail = check()
        except Exception as e:  # noqa: BLE001 (a smoke test reports every failure, then exits 1)
            self.failed += 1
            print(f"FAIL {name}: {type(e).__name__}: {e}", flush=True)
            traceback.print_exc(file=sys.stderr)
            return
        self.passed += 1
        print(f"OK {name}: {detail}", flush=True)

    def picture(self, widget: QWidget, name: str) -> str:
        image = widget.grab()
        if image.isNull() or image.width() < 100 or image.height() < 100:
            raise RuntimeError(f"{name} rendered an empty picture")
        if self.out_dir is None:
            return f"rendered {image.width()}x{image.height()}"
        path = self.out_dir / f"{name}.png"
        if not image.save(str(path), "PNG"):
            raise RuntimeError(f"cannot write {path}")
        return f"rendered {image.width()}x{image.height()} to {path}"


def _window() -> Any:
    """A main window whose error boxes become exceptions instead of modal dialogs."""
    from gui.main_window import MainWindow

    window = MainWindow(autosave=False)

    def fail(title: str, text: str) -> None:
        raise RuntimeError(f"{title}: {text}")

    window.show_error = fail  # type: ignore[method-assign]
    window.resize(1280, 800)
    window.show()
    return window


def _geometry() -> str:
    """shapely (with GEOS) and networkx through the map of Scar, as the games use them."""
    import networkx as nx
    import shapely

    from maps.scar import default_scar

    scar = default_scar()
    first = scar.names[0]
    near = scar.neighbours(first)
    if not near:
        raise RuntimeError(f"{first} has no neighbours")
    poly = scar.region(first).polygon
    for name in near:
        gap = shapely.distance(poly, scar.region(name).polygon)
        if gap > 1e-6:
            raise RuntimeError(f"{first} borders {name} but they are {gap:.3f} apart")
    far = [n for n in scar.names if n != first and n not in near]
    if not far:
        raise RuntimeError(f"{first} borders every region")
    gap = shapely.distance(poly, scar.region(far[0]).polygon)
    if gap <= 0:
        raise RuntimeError(f"{first} and {far[0]} touch but are not neighbours")
    route = nx.shortest_path(scar.graph, first, far[0])
    if len(route) < 3 or route[1] not in near:
        raise RuntimeError(f"odd route {route}")
    x, y = scar.region(first).label
    if scar.region_at(x, y) != first:
        raise RuntimeError(f"the point {x, y} is not in {first}")
    return (f"{first} borders {len(near)} regions, {far[0]} is {gap:.1f} away, "
            f"route {' > '.join(route)}")


def run(save: str | None = None, out_dir: str | None = None) -> int:
    if not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from gui.app import _application

    app = _application()
    out = Path(out_dir) if out_dir else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    checks = _Checks(out)
    kept: list[QWidget] = []

    def icon() -> str:
        from gui.about import app_icon

        if app_icon().pixmap(64, 64).isNull():
            raise RuntimeError("the SVG icon does not render (imageformats/iconengines plugins?)")
        return "the SVG icon renders"

    def data() -> str:
        from core.fistful.roster import default_roster
        from maps.scar import default_scar

        roster = default_roster()
        return f"roster of {len(roster.sculpts)} sculpts, map of Scar with {len(default_scar().names)} regions"

    def main_window() -> str:
        window = _window()
        kept.append(window)
        app.processEvents()
        return checks.picture(window, "main-window")

    def new_game(game_id: str) -> Callable[[], str]:
        def check() -> str:
            from gui.new_game import NewGameDialog

            dialog = NewGameDialog(game_id)
            kept.append(dialog)
            dialog.show()
            app.processEvents()
            checks.picture(dialog, f"new-game-{game_id}")
            dialog.accept()
            answer = dialog.result_value()
            if answer is None:
                raise RuntimeError(f"the default setup is refused: {dialog.error_label.text()}")
            setup, seed = answer
            window = _window()
            kept.append(window)
            if not window.start_new_game(game_id, setup, 1 if seed is None else seed):
                raise RuntimeError("the game did not start")
            for _ in range(3):
                app.processEvents()
            return f"dialog and {window.match.game.title} " + checks.picture(window, f"game-{game_id}")
        return check

    def scar_map() -> str:
        from gui.fistful.scar_map import ScarMapView

        view = ScarMapView()
        kept.append(view)
        view.resize(1000, 700)
        view.show()
        app.processEvents()
        return checks.picture(view, "scar-map")

    def open_save() -> str:
        from core.match import Match

        assert save is not None
        match = Match.load(save)
        window = _window()
        kept.append(window)
        if not window.open_file(save) or window.match is None:
            raise RuntimeError(f"the window did not open {save}")
        app.processEvents()
        state = "finished" if match.is_over else "in progress"
        return f"{Path(save).name}: {match.game.title}, {len(match.actions)} actions, {state}; " \
               + checks.picture(window, "save")

    def licences() -> str:
        from gui.about import LICENCES, AboutDialog

        dialog = AboutDialog()
        kept.append(dialog)
        text = dialog.licences_label.text()
        missing = [name for name, _ in LICENCES if name not in text]
        if missing:
            raise RuntimeError(f"the About dialog does not list {missing}")
        if not getattr(sys, "frozen", False):
            return f"About lists {len(LICENCES)} libraries (not frozen: no licences folder to check)"
        exe = Path(sys.executable).resolve().parent
        for folder in (exe / "licenses", exe.parent / "Resources" / "licenses"):
            if (folder / "README.txt").is_file():
                texts = sum(1 for p in folder.rglob("*") if p.is_file())
                return f"About lists {len(LICENCES)} libraries; {texts} licence files in {folder}"
        raise RuntimeError(f"no licenses/README.txt beside {exe}")

    def photos() -> str:
        """The referee's table photos: Pillow reads JPEGs for the measuring, Qt for the underlay."""
        import io

        from PIL import Image
        from PySide6.QtGui import QImage

        buffer = io.BytesIO()
        Image.new("RGB", (64, 48), (200, 30, 30)).save(buffer, "JPEG")
        data = buffer.getvalue()
        if QImage.fromData(data, "JPG").isNull():
            raise RuntimeError("Qt cannot read a JPEG (imageformats/qjpeg plugin?)")
        with Image.open(io.BytesIO(data)) as back:
            back.load()
            size = back.size
        return f"a {size[0]}x{size[1]} JPEG decodes in Qt and Pillow"

    from core.registry import GAMES
    from gui.views import has_view

    checks.run("icon", icon)
    checks.run("photos", photos)
    checks.run("data files", data)
    checks.run("geometry", _geometry)
    checks.run("main window", main_window)
    for game_id in GAMES:
        if has_view(game_id):
            checks.run(f"new game {game_id}", new_game(game_id))
    checks.run("map of Scar", scar_map)
    if save:
        checks.run("save file", open_save)
    checks.run("licences", licences)

    for widget in kept:
        widget.hide()
        widget.deleteLater()
    app.processEvents()
    print(f"smoke: {checks.passed} passed, {checks.failed} failed", flush=True)
    return 1 if checks.failed else 0
