"""Importing a photo of a real table into the layout board: marks, chips found, labels, the underlay.

Steps, each told by the hint line: open the photo; mark the area (click its corners top-left,
top-right, bottom-right, bottom-left, or for the round rug at least five points on its edge
and then its top); find the chips (off the UI thread, with progress and Stop); check them (a
click on the photo adds a missed chip, Delete removes the selected one, a drag moves one);
say which chip and which player each is; add them to the board. The board applies the result
as one undo step (gui/clout/layout_board.py).

Every measure is core.clout.photo's (Qt-free numpy). Chips are kept as the centres of their
bases in area cm; on the photo each is drawn as its top face (4 cm across, `thickness` up),
which is what the camera saw, so a click or a drag on a chip's face lands its base right.
A bad photo or impossible marks only change the hint: nothing the player did is lost.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QImage
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from core.clout.catalogue import Catalogue
from core.clout.geometry import CHIP_RADIUS_CM
from core.clout.layout import Layout, LayoutPhoto
from core.clout.photo import (Detection, Photo, PhotoError, encode_underlay, find_corners, load_photo,
                              map_area)
from gui.clout.photo_labels import Label, LabelTable, faction_for_colour, needing_label, suggest_labels
from gui.clout.photo_marks import CORNER_NAMES, PhotoMarkView, image_from_rgb
from gui.clout.photo_worker import DetectionThread
from gui.kit.style import set_role
from maps.clout.areas import available_areas, load_area

PHOTO_FILTER = "Photos (*.jpg *.jpeg *.png *.JPG *.JPEG *.PNG)"
RUG = "rug"
MIN_EDGE_POINTS = 5
CORNER_WORDS = ("top-left", "top-right", "bottom-right", "bottom-left")
RIM_POINTS = 32
DEFAULT_THICKNESS_MM = 3.3


@dataclass
class _Chip:
    """A chip on the photo: its base's centre in area cm, its face colour and how it was found."""

    x_cm: float
    y_cm: float
    colour: tuple[int, int, int]
    confidence: float
    faction: str = "neutral"


def _how(chip: _Chip) -> str:
    return "Added by hand" if chip.confidence >= 1.0 else f"Found with confidence {chip.confidence:.0%}"


@dataclass(frozen=True)
class PhotoImport:
    """What the board adds, as one undo step: the area, the labelled chips and the photo."""

    area: str
    chips: tuple[tuple[str, int, float, float], ...]  # (catalogue id, owner, x_cm, y_cm)
    photo: LayoutPhoto


@dataclass
class _Marks:
    points: list[tuple[float, float]] = field(default_factory=list)
    top: tuple[float, float] | None = None
    placing_top: bool = False


class PhotoImportDialog(QDialog):
    """The import wizard on one page; `result` holds the PhotoImport once accepted."""

    def __init__(self, layout: Layout, catalogue: Catalogue, default_owner: int = 0,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("photoImportDialog")
        self.setWindowTitle("Import a photo of the table")
        self.layout_doc = layout
        self.catalogue = catalogue
        self.default_owner = default_owner
        self.photo: Photo | None = None
        self.path: str | None = None
        self.area_id = layout.area
        self.marks = _Marks()
        self.mapping = None
        self.mark_problem = ""
        self.chips: dict[str, _Chip] = {}
        self.labels: dict[str, Label] = {}
        self.detection: Detection | None = None
        self.selected: str | None = None
        self.thread: DetectionThread | None = None
        self.result: PhotoImport | None = None
        self._next_key = 1
        self._message = ""
        self._thickness_mm = DEFAULT_THICKNESS_MM

        self.view = PhotoMarkView()
        self.view.board_click.connect(self._clicked)
        self.view.piece_click.connect(self._piece_clicked)
        self.view.piece_moved.connect(self._piece_moved)
        self.view.delete_pressed.connect(lambda: self.remove_selected())
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.view)
        splitter.addWidget(self._build_panel())
        splitter.setStretchFactor(0, 1)
        splitter.setCollapsible(0, False)
        splitter.setCollapsible(1, False)
        self.hint = QLabel(objectName="photoHint")
        self.hint.setWordWrap(True)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 8, 8, 8)
        outer.addWidget(self.hint)
        outer.addWidget(splitter, 1)
        if parent is not None:
            self.resize(parent.window().size())
        else:
            self.resize(1280, 800)
        panel = max(360, min(560, self.width() // 4))
        splitter.setSizes([self.width() - panel, panel])
        self._refresh()

    # --- building ---------------------------------------------------------------------------------
    def _build_panel(self) -> QWidget:
        panel = QWidget(objectName="photoPanel")
        panel.setMinimumWidth(300)
        col = QVBoxLayout(panel)
        col.setContentsMargins(6, 0, 0, 0)

        photo_box = QGroupBox("1. Photo and area")
        grid = QVBoxLayout(photo_box)
        row = QHBoxLayout()
        self.open_button = QPushButton("Open photo…", objectName="photoOpen")
        self.open_button.clicked.connect(lambda: self.open_dialog())
        row.addWidget(self.open_button)
        self.area_box = QComboBox(objectName="photoArea")
        for area_id in available_areas():
            self.area_box.addItem(load_area(area_id).title, area_id)
        self.area_box.setCurrentIndex(max(0, self.area_box.findData(self.area_id)))
        self.area_box.currentIndexChanged.connect(lambda _i: self.set_area(self.area_box.currentData()))
        if self.layout_doc.chips:  # the board's chips lie on its area: the photo must be of that area
            self.area_box.setToolTip("The board already has chips on this area; change the area on the board first")
        row.addWidget(self.area_box, 1)
        grid.addLayout(row)
        self.file_label = QLabel("No photo yet.", objectName="photoFile")
        self.file_label.setWordWrap(True)
        grid.addWidget(self.file_label)
        marks = QHBoxLayout()
        self.undo_mark_button = QPushButton("Undo mark", objectName="photoUndoMark")
        self.undo_mark_button.clicked.connect(lambda: self.undo_mark())
        self.clear_marks_button = QPushButton("Clear marks", objectName="photoClearMarks")
        self.clear_marks_button.clicked.connect(lambda: self.clear_marks())
        self.top_button = QPushButton("Mark the top", objectName="photoMarkTop")
        self.top_button.setToolTip("Then click the rug's top point: where the area's top edge is")
        self.top_button.clicked.connect(lambda: self.start_top())
        self.corners_button = QPushButton("Find corners", objectName="photoFindCorners")
        self.corners_button.setToolTip("Guess the area's corners from its colour; check them and drag any that is off")
        self.corners_button.clicked.connect(lambda: self.guess_corners())
        for b in (self.corners_button, self.undo_mark_button, self.clear_marks_button, self.top_button):
            marks.addWidget(b)
        grid.addLayout(marks)
        col.addWidget(photo_box)

        find_box = QGroupBox("2. Find the chips")
        fcol = QVBoxLayout(find_box)
        frow = QHBoxLayout()
        frow.addWidget(QLabel("Chip thickness"))
        self.thickness = QDoubleSpinBox(objectName="photoThickness")
        self.thickness.setRange(0.0, 20.0)
        self.thickness.setDecimals(1)
        self.thickness.setSingleStep(0.1)
        self.thickness.setSuffix(" mm")
        self.thickness.setValue(DEFAULT_THICKNESS_MM)
        self.thickness.setToolTip("A chip's top is this far above the table; the tilt of the photo shifts it")
        self.thickness.valueChanged.connect(lambda _v: self._thickness_changed())
        frow.addWidget(self.thickness)
        frow.addStretch(1)
        fcol.addLayout(frow)
        brow = QHBoxLayout()
        self.find_button = QPushButton("Find chips", objectName="photoFind")
        self.find_button.setProperty("role", "primary")
        self.find_button.clicked.connect(lambda: self.find_chips())
        self.stop_button = QPushButton("Stop", objectName="photoStop")
        self.stop_button.clicked.connect(lambda: self.stop_search())
        brow.addWidget(self.find_button, 1)
        brow.addWidget(self.stop_button)
        fcol.addLayout(brow)
        self.progress = QProgressBar(objectName="photoProgress")
        self.progress.setRange(0, 100)
        self.progress.setValue(0)
        fcol.addWidget(self.progress)
        col.addWidget(find_box)

        label_box = QGroupBox("3. Which chip, which player")
        lcol = QVBoxLayout(label_box)
        self.table = LabelTable(self.catalogue)
        self.table.labels_changed.connect(self._labels_edited)
        self.table.row_chosen.connect(self.select)
        lcol.addWidget(self.table, 1)
        lrow = QHBoxLayout()
        self.remove_button = QPushButton("Remove chip", objectName="photoRemoveChip")
        self.remove_button.setToolTip("Remove the selected find (Delete on the photo)")
        self.remove_button.clicked.connect(lambda: self.remove_selected())
        self.label_status = QLabel(objectName="photoLabelStatus")
        self.label_status.setWordWrap(True)
        lrow.addWidget(self.remove_button)
        lrow.addWidget(self.label_status, 1)
        lcol.addLayout(lrow)
        col.addWidget(label_box, 1)

        buttons = QHBoxLayout()
        self.cancel_button = QPushButton("Cancel", objectName="photoCancel")
        self.cancel_button.clicked.connect(self.reject)
        self.apply_button = QPushButton("Add to the board", objectName="photoApply")
        self.apply_button.setProperty("role", "primary")
        self.apply_button.clicked.connect(lambda: self.apply())
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.apply_button)
        col.addLayout(buttons)
        return panel

    # --- questions (tests replace these) ----------------------------------------------------------
    def ask_photo_path(self) -> str | None:
        from PySide6.QtWidgets import QFileDialog

        folder = str(Path(self.path).parent) if self.path else str(Path.home())
        path, _ = QFileDialog.getOpenFileName(self, "Open a photo of the table", folder, PHOTO_FILTER)
        return path or None

    # --- the photo and the area -------------------------------------------------------------------
    def open_dialog(self) -> bool:
        path = self.ask_photo_path()
        return self.open_photo(path) if path else False

    def open_photo(self, path: str) -> bool:
        """Load first, replace second: an unreadable file keeps the photo and marks there are."""
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            photo = load_photo(path)
        except PhotoError as e:
            self._say(f"Cannot open that photo: {e}", error=True)
            return False
        finally:
            QApplication.restoreOverrideCursor()
        self.stop_search()
        self.photo, self.path = photo, str(path)
        self.view.set_image(image_from_rgb(photo.rgb))
        self.marks = _Marks()
        self.mapping = None
        self.mark_problem = ""
        self.detection = None
        self._set_chips({})
        lens = f"{photo.focal_35mm:g} mm lens (from the photo)" if photo.focal_35mm else "26 mm lens assumed (a phone's)"
        w, h = photo.size
        self.file_label.setText(f"{Path(path).name} · {w}×{h} px · {lens}")
        self._say("")
        return True

    def set_area(self, area_id: str) -> None:
        if area_id == self.area_id:
            return
        self.area_id = area_id
        self.area_box.setCurrentIndex(max(0, self.area_box.findData(area_id)))
        self.marks = _Marks()
        self.mapping = None
        self.mark_problem = ""
        self.detection = None
        self._set_chips({})

    @property
    def is_rug(self) -> bool:
        return self.area_id == RUG

    @property
    def marks_done(self) -> bool:
        if self.is_rug:
            return len(self.marks.points) >= MIN_EDGE_POINTS and self.marks.top is not None
        return len(self.marks.points) == 4

    def add_mark(self, x: float, y: float) -> None:
        if self.marks.placing_top:
            self.marks.top = (x, y)
            self.marks.placing_top = False
        else:
            self.marks.points.append((x, y))
        self._marks_changed()

    def guess_corners(self) -> bool:
        """The area's corners guessed from its colour, for the player to confirm or drag."""
        if self.photo is None or self.is_rug:
            return False
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            corners = find_corners(self.photo)
        finally:
            QApplication.restoreOverrideCursor()
        if corners is None:
            self._say("No area stands out in the middle of the photo: click its corners.")
            return False
        self.marks = _Marks()
        self.marks.points = list(corners)
        self._marks_changed()
        self._say("Corners found from the area's colour: check each one, and drag any that is off.")
        return True

    def start_top(self) -> None:
        if self.is_rug and len(self.marks.points) >= MIN_EDGE_POINTS:
            self.marks.placing_top = True
            self._refresh()

    def undo_mark(self) -> None:
        if self.marks.placing_top:
            self.marks.placing_top = False
        elif self.marks.top is not None:
            self.marks.top = None
        elif self.marks.points:
            self.marks.points.pop()
        self._marks_changed()

    def clear_marks(self) -> None:
        self.marks = _Marks()
        self._marks_changed()

    def _marks_changed(self, keep_chips_on_photo: bool = True) -> None:
        """Re-measure the area from the marks; found chips stay where they are on the photo."""
        old = self.mapping
        self.mapping, self.mark_problem = None, ""
        if self.photo is not None and self.marks_done:
            try:
                if self.is_rug:
                    self.mapping = map_area(self.area_id, self.photo.size, outline=self.marks.points,
                                            top=self.marks.top, focal_35mm=self.photo.focal_35mm)
                else:
                    self.mapping = map_area(self.area_id, self.photo.size, corners=self.marks.points,
                                            focal_35mm=self.photo.focal_35mm)
            except PhotoError as e:
                self.mark_problem = str(e)
        if old is not None and self.mapping is not None and keep_chips_on_photo:
            for chip in self.chips.values():
                seen = self._seen_px(chip, old)
                chip.x_cm, chip.y_cm = self._base_cm(seen, self.mapping)
        elif self.mapping is None and self.chips:
            pass  # kept until the marks are fixed again
        self._show_marks()
        self._show_chips()
        self._refresh()

    # --- where a chip is seen -----------------------------------------------------------------------
    def _height_cm(self) -> float:
        return self._thickness_mm / 10.0

    def _thickness_changed(self) -> None:
        """What the camera saw stays; the bases under the chips' faces move with the new thickness."""
        seen = {k: self._seen_px(c, self.mapping) for k, c in self.chips.items()} if self.mapping is not None else {}
        self._thickness_mm = self.thickness.value()
        for key, px in seen.items():
            self.chips[key].x_cm, self.chips[key].y_cm = self._base_cm(px, self.mapping)
        self._show_chips()

    def _seen_cm(self, x_cm: float, y_cm: float, mapping) -> np.ndarray:
        """Where a chip's top face appears on the table plane: along the camera ray, away from its foot."""
        z = mapping.camera_cm[2]
        cam = mapping.camera_cm[:2]
        return cam + (np.array([x_cm, y_cm]) - cam) * (z / (z - self._height_cm()))

    def _seen_px(self, chip: _Chip, mapping) -> tuple[float, float]:
        x, y = mapping.to_image(self._seen_cm(chip.x_cm, chip.y_cm, mapping))[0]
        return float(x), float(y)

    def _base_cm(self, px: tuple[float, float], mapping) -> tuple[float, float]:
        seen = mapping.to_area(np.array([px], float))
        x, y = mapping.to_table(seen, self._height_cm())[0]
        return float(x), float(y)

    # --- chips ------------------------------------------------------------------------------------
    def _set_chips(self, chips: dict[str, _Chip]) -> None:
        self.chips = chips
        self.selected = self.view.held = None
        self._relabel()

    def _relabel(self, keep: dict[str, Label] | None = None) -> None:
        """Suggestions for chips without a label yet; labels the player set are kept."""
        keep = keep if keep is not None else {}
        fresh = [k for k in self.chips if k not in keep]
        taken = self.layout_doc
        for key, label in keep.items():
            if label.chip and key in self.chips:
                taken, _ = taken.place(label.chip, label.owner, 0.0, 0.0)
        guesses = suggest_labels([self.chips[k].faction for k in fresh], taken, self.catalogue, self.default_owner)
        self.labels = {k: keep[k] if k in keep else guesses[fresh.index(k)] for k in self.chips}
        self.table.fill([(k, self._number(k), c.faction, self.labels[k], _how(c)) for k, c in self.chips.items()],
                        [p.name for p in self.layout_doc.players])
        self._show_chips()
        self._refresh()

    def _number(self, key: str) -> str:
        return str(list(self.chips).index(key) + 1)

    def _new_key(self) -> str:
        key = f"c{self._next_key}"
        self._next_key += 1
        return key

    def add_chip_at(self, x: float, y: float) -> str | None:
        """A chip the search missed: the player clicked its face on the photo."""
        if self.mapping is None or self.photo is None:
            return None
        x_cm, y_cm = self._base_cm((x, y), self.mapping)
        if not load_area(self.area_id).contains_point(x_cm, y_cm):
            self._say("That spot is off the area: only chips on the area are added.", error=True)
            return None
        w, h = self.photo.size
        r, c = min(h - 1, max(0, int(y))), min(w - 1, max(0, int(x)))
        colour = tuple(int(v) for v in self.photo.rgb[max(0, r - 2):r + 3, max(0, c - 2):c + 3].reshape(-1, 3).mean(axis=0))
        key = self._new_key()
        chip = _Chip(x_cm, y_cm, colour, 1.0, faction_for_colour(colour))
        self.chips[key] = chip
        self._relabel(self.table.labels())
        self.select(key)
        self._say(f"Added chip {self._number(key)}.")
        return key

    def remove_selected(self) -> bool:
        key = self.selected
        if key is None or key not in self.chips:
            return False
        keep = self.table.labels()
        number = self._number(key)
        del self.chips[key]
        keep.pop(key, None)
        self.selected = self.view.held = None
        self._relabel(keep)
        self._say(f"Removed chip {number}.")
        return True

    def select(self, key: str | None) -> None:
        self.selected = key if key in self.chips else None
        self.view.held = self.selected
        self.table.choose_row(self.selected)
        self._show_chips()
        self._refresh()

    def _labels_edited(self) -> None:
        self.labels = self.table.labels()
        self._show_chips()
        self._refresh()

    # --- the search ---------------------------------------------------------------------------------
    @property
    def searching(self) -> bool:
        return self.thread is not None

    def find_chips(self) -> bool:
        if self.searching or self.photo is None or self.mapping is None:
            return False
        self.progress.setValue(0)
        thread = DetectionThread(self.photo, self.mapping, self.thickness.value(), self)
        # Queued signals of a search already stopped must not touch the next one: each names its thread.
        thread.progressed.connect(lambda f, t=thread: self.thread is t and self.progress.setValue(round(100 * f)))
        thread.found.connect(lambda detection, t=thread: self.thread is t and self._found(detection))
        thread.failed.connect(lambda text, t=thread: self.thread is t and self._say(text, error=True))
        thread.finished.connect(lambda t=thread: self.thread is t and self._search_ended())
        self.thread = thread
        self._say("")
        thread.start()
        self._refresh()
        return True

    def stop_search(self) -> None:
        """Stop at once: the next progress call refuses, and the thread is waited for."""
        thread = self.thread
        if thread is None:
            return
        thread.cancel()
        thread.wait()
        self._search_ended()
        self.progress.setValue(0)
        self._say("The search was stopped; press Find chips to search again.")

    def _search_ended(self) -> None:
        thread, self.thread = self.thread, None
        if thread is not None:
            thread.wait()  # it has reported: only its return is left
            thread.deleteLater()
        self._refresh()

    def _found(self, detection: Detection) -> None:
        if self.thread is None or self.thread.stopping:
            return
        self._search_ended()
        self.detection = detection
        chips = {}
        area = load_area(self.area_id)
        for found in detection.chips:
            if area.contains_point(found.x_cm, found.y_cm):
                chips[self._new_key()] = _Chip(found.x_cm, found.y_cm, tuple(found.colour), found.confidence,
                                               faction_for_colour(found.colour))
        self._set_chips(chips)
        self.progress.setValue(100)
        self._say(f"Found {len(chips)} chip{'s' if len(chips) != 1 else ''}.")

    # --- gestures on the photo ----------------------------------------------------------------------
    def _clicked(self, x: float, y: float) -> None:
        if self.photo is None or self.searching:
            return
        if not self.marks_done or self.marks.placing_top:
            self.add_mark(x, y)
        elif self.mapping is not None:
            self.add_chip_at(x, y)

    def _piece_clicked(self, piece: str) -> None:
        if piece in self.chips:
            self.select(piece)
        elif self.marks.placing_top and not self.searching:
            at = self.view.scene_point(piece)  # the top is on the edge: it may be where an edge mark is
            self.add_mark(at.x(), at.y())

    def _piece_moved(self, piece: str, x: float, y: float) -> None:
        if piece == "top":
            self.marks.top = (x, y)
            self._marks_changed()
        elif piece.startswith("m"):
            self.marks.points[int(piece[1:])] = (x, y)
            self._marks_changed()
        elif piece in self.chips and self.mapping is not None:
            chip = self.chips[piece]
            chip.x_cm, chip.y_cm = self._base_cm((x, y), self.mapping)
            self.selected = self.view.held = piece
            self.table.choose_row(piece)
            self._show_chips()

    # --- the result ----------------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Why the chips cannot be added yet (empty when they can)."""
        if self.photo is None:
            return ["open a photo"]
        if self.mapping is None:
            return ["mark the area"]
        if self.detection is None:
            return ["find the chips"]
        missing = needing_label(self.labels)
        if missing:
            numbers = ", ".join(self._number(k) for k in missing[:8]) + ("…" if len(missing) > 8 else "")
            return [f"{len(missing)} chip{'s need' if len(missing) != 1 else ' needs'} a label ({numbers})"]
        area = load_area(self.area_id)
        off = [self._number(k) for k, c in self.chips.items() if not area.contains_point(c.x_cm, c.y_cm)]
        if off:
            return [f"chip{'s' if len(off) != 1 else ''} {', '.join(off)} lie{'' if len(off) != 1 else 's'} off the area"]
        return []

    def build_result(self) -> PhotoImport:
        assert self.photo is not None and self.mapping is not None
        jpeg = encode_underlay(self.photo)
        image = QImage.fromData(jpeg, "JPEG")
        jw, jh = image.width(), image.height()
        w, h = self.photo.size
        sx, sy = jw / w, jh / h

        def scaled(points):
            return tuple((x * sx, y * sy) for x, y in points)

        marks = (dict(outline_px=scaled(self.marks.points), top_px=scaled([self.marks.top])[0]) if self.is_rug
                 else dict(corners_px=scaled(self.marks.points)))
        photo = LayoutPhoto.of(jpeg, jw, jh, uncertainty_mm=float(self.detection.uncertainty_mm if self.detection else 0.0),
                               thickness_mm=float(self.thickness.value()), focal_35mm=self.photo.focal_35mm,
                               **marks)
        chips = tuple((self.labels[k].chip, self.labels[k].owner, c.x_cm, c.y_cm) for k, c in self.chips.items())
        return PhotoImport(self.area_id, chips, photo)

    def apply(self) -> bool:
        problems = self.problems()
        if problems or self.searching:
            self._say("Not yet: " + "; ".join(problems or ["the search is running"]) + ".", error=True)
            return False
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)  # the underlay JPEG takes a moment
        try:
            self.result = self.build_result()
        except (PhotoError, ValueError) as e:
            self._say(f"Cannot keep the photo: {e}", error=True)
            return False
        finally:
            QApplication.restoreOverrideCursor()
        self.accept()
        return True

    def done(self, code: int) -> None:
        self.stop_search()
        super().done(code)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.stop_search()
        super().closeEvent(event)

    # --- showing ---------------------------------------------------------------------------------------
    def _show_marks(self) -> None:
        names = CORNER_NAMES if not self.is_rug else tuple(str(i + 1) for i in range(len(self.marks.points)))
        self.view.closed_outline = not self.is_rug
        self.view.set_marks(self.marks.points, self.marks.top, names)

    def _show_chips(self) -> None:
        shown = {}
        if self.mapping is not None:
            scale = self.mapping.top_scale(self._height_cm()) if self._height_cm() > 0 else 1.0
            ring = [(math.cos(a), math.sin(a)) for a in np.linspace(0, 2 * math.pi, RIM_POINTS, endpoint=False)]
            for key, chip in self.chips.items():
                centre = self._seen_cm(chip.x_cm, chip.y_cm, self.mapping)
                rim_cm = np.array([centre + CHIP_RADIUS_CM * scale * np.array(v) for v in ring])
                rim = [(float(x), float(y)) for x, y in self.mapping.to_image(rim_cm)]
                cx, cy = self.mapping.to_image(centre)[0]
                label = self.labels.get(key)
                shown[key] = (rim, (float(cx), float(cy)), self._number(key), bool(label and label.chip))
        self.view.set_chips(shown, self.selected)

    def _say(self, text: str, error: bool = False) -> None:
        self._message = text
        self._message_is_error = error
        self._refresh()

    def _next_step(self) -> str:
        if self.photo is None:
            return "Open a photo of the table (JPEG or PNG), taken from above or at an angle of up to about 35°."
        if self.searching:
            return "Finding chips… (Stop ends the search at once)."
        n = len(self.marks.points)
        if self.is_rug and self.marks.placing_top:
            return "Click the rug's top point: the point of its edge at the top of the area."
        if self.is_rug and not self.marks_done:
            if n < MIN_EDGE_POINTS:
                return (f"Click points on the rug's edge, spread all round it ({n} of at least {MIN_EDGE_POINTS}). "
                        "Wheel zooms, drag pans.")
            return "Click more edge points, or press “Mark the top” and click the rug's top point."
        if not self.marks_done:
            return (f"Click the area's {CORNER_WORDS[n]} corner ({n + 1} of 4: top-left, top-right, "
                    "bottom-right, bottom-left). Wheel zooms, drag pans.")
        if self.mapping is None:
            return f"These marks cannot be right: {self.mark_problem}. Drag a mark to fix it, or Undo mark."
        if self.detection is None:
            return "The area is marked (drag a mark to adjust it). Press Find chips."
        problems = self.problems()
        if problems:
            return ("Check the chips: click a missed chip to add it, select one and press Delete to remove it, "
                    f"drag one (or nudge it with the arrows) to move it. Then: {'; '.join(problems)}.")
        return "Every chip has a label. Press “Add to the board”."

    def _refresh(self) -> None:
        step = self._next_step()
        text = f"{self._message} {step}".strip() if self._message else step
        self.hint.setText(text)
        set_role(self.hint, "error" if (self._message and getattr(self, "_message_is_error", False))
                 or (self.marks_done and self.mapping is None and self.photo is not None) else "hint")
        running = self.searching
        has_photo = self.photo is not None
        self.open_button.setEnabled(not running)
        self.area_box.setEnabled(not running and not self.layout_doc.chips)
        self.undo_mark_button.setEnabled(has_photo and not running and bool(self.marks.points or self.marks.top))
        self.clear_marks_button.setEnabled(has_photo and not running and bool(self.marks.points))
        self.top_button.setVisible(self.is_rug)
        self.corners_button.setVisible(not self.is_rug)
        self.corners_button.setEnabled(has_photo and not running and not self.is_rug)
        self.top_button.setEnabled(self.is_rug and not running and len(self.marks.points) >= MIN_EDGE_POINTS
                                   and not self.marks.placing_top)
        self.find_button.setEnabled(has_photo and self.mapping is not None and not running)
        self.find_button.setText("Find chips again" if self.detection is not None else "Find chips")
        self.find_button.setToolTip("Search again: the chips below are replaced by the new finds"
                                    if self.detection is not None else "Search the marked area for chips")
        self.stop_button.setEnabled(running)
        self.thickness.setEnabled(not running)
        self.remove_button.setEnabled(self.selected is not None and not running)
        missing = needing_label(self.labels)
        count = len(self.chips)
        self.label_status.setText(
            "" if self.detection is None else
            f"{count} chip{'s' if count != 1 else ''}" + (f", {len(missing)} need{'s' if len(missing) == 1 else ''} a label"
                                                        if missing else ", all labelled"))
        set_role(self.label_status, "problem" if missing else "ready")
        self.apply_button.setEnabled(not running and not self.problems())



def imported_layout(layout: Layout, result: PhotoImport) -> Layout:
    """The layout with the photo's chips added and the photo kept (the board commits it as one step)."""
    doc = layout if result.area == layout.area else layout.with_area(result.area)
    for chip, owner, x_cm, y_cm in result.chips:
        doc, _ = doc.place(chip, owner, x_cm, y_cm)
    return doc.with_photo(result.photo)
