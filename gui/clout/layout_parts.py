"""The layout board's parts: the area that nudges the selected chip, the catalogue list that
drags chips onto it, and a side's name, ring colour and range increment (gui/clout/layout_board.py
puts them together)."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QMimeData, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QDrag, QIcon, QKeyEvent, QMouseEvent, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QWidget,
)

from core.clout.layout import PlayerSlot
from core.clout.ruling import cm_text
from core.clout.stacks import ready_stacks
from gui.clout.canvas import CHIP_MIME, CloutCanvas, to_area
from gui.clout.chip_items import faction_colour
from gui.clout.layout_rulers import ChipRings, paint_rulers
from gui.kit.pixmaps import sharp_pixmap
from maps.clout.areas import PlayArea


def chip_icon(faction: str, size: int = 18) -> QIcon:
    pix = sharp_pixmap(size)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(faction_colour(faction))
    p.setPen(QColor("#555555"))
    p.drawEllipse(1, 1, size - 2, size - 2)
    p.end()
    return QIcon(pix)


def colour_swatch(colour: str, size: QSize) -> QIcon:
    """A side's ring colour as a button's face: chosen at run time, so painted, not styled."""
    pix = sharp_pixmap(size)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(QColor(colour))
    p.setPen(QColor("#444444"))
    p.drawRoundedRect(0.5, 0.5, size.width() - 1, size.height() - 1, 3, 3)
    p.end()
    return QIcon(pix)


class LayoutCanvas(CloutCanvas):
    """The area as the layout board edits it: the selected chip is the one the arrows nudge
    (1 mm, ten times with Shift), and Esc first stops a click-to-place that is waiting.

    A referee's additions: cm rulers on the area's edges, the pointer's place in cm
    (`cursor_moved`), red rings on chips with a warning and yellow ones on the ruled pair. A
    Shift+ or Ctrl+click with a chip selected measures from the selected chip."""

    chip_nudged = Signal(str, float, float)  # id, dx_cm, dy_cm
    placing_cancelled = Signal()
    cursor_moved = Signal(object)  # (x_cm, y_cm) or None when the pointer leaves the area

    def __init__(self, area: PlayArea, parent: QWidget | None = None) -> None:
        super().__init__(area, parent)
        self.placing = False
        self.warning_rings = ChipRings("#e53935", dashed=True, radius_cm=2.7)
        self.pair_rings = ChipRings("#ffeb3b", width_px=3.5, radius_cm=2.4)
        for rings in (self.warning_rings, self.pair_rings):
            self.scene().addItem(rings)

    def set_warned(self, centres_cm: list[tuple[float, float]]) -> None:
        self.warning_rings.set_centres(centres_cm)

    def set_pair(self, centres_cm: list[tuple[float, float]]) -> None:
        self.pair_rings.set_centres(centres_cm)

    def set_ruler(self, a: str, b: str) -> float:
        """The tape's figure to 0.1 mm, as the ruling gives it."""
        gap = super().set_ruler(a, b)
        self.show_ruler(self.ruler.a, self.ruler.b, f"{cm_text(gap)} cm")
        return gap

    def piece_clicked(self, piece: str, scene_pos: QPointF, modifiers: Qt.KeyboardModifier) -> None:
        measuring = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier
        if modifiers & measuring:
            if self._ruler_anchor is None and self.selected not in (None, piece):
                self._ruler_anchor = self.selected
            modifiers = Qt.KeyboardModifier.ShiftModifier
        super().piece_clicked(piece, scene_pos, modifiers)

    def drawForeground(self, p: QPainter, rect: QRectF) -> None:
        super().drawForeground(p, rect)
        paint_rulers(p, self, self.area.bounds_cm)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        self.viewport().update()  # the rulers follow the view's edges

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        x, y = to_area(self.mapToScene(event.position().toPoint()))
        minx, miny, maxx, maxy = self.area.bounds_cm
        self.cursor_moved.emit((x, y) if minx <= x <= maxx and miny <= y <= maxy else None)
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self.cursor_moved.emit(None)
        super().leaveEvent(event)

    def nudge_target(self) -> str | None:
        return self.selected if self.dragging is None else None

    def piece_nudged(self, piece: str, dx: float, dy: float) -> None:
        self.chip_nudged.emit(piece, dx, dy)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.placing and self.dragging is None:
            self.placing_cancelled.emit()
        else:
            super().keyPressEvent(event)


class CatalogueList(QListWidget):
    """The catalogue's chips; dragging one carries its id to the canvas (CHIP_MIME). From the
    keyboard, Enter asks to place the current chip (in the area's middle, to be nudged) and Esc
    stops a click-to-place."""

    escape_pressed = Signal()
    enter_pressed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setIconSize(QSize(18, 18))

    def chip_id(self) -> str | None:
        item = self.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def mimeData(self, items: list[QListWidgetItem]) -> QMimeData:
        data = QMimeData()
        if items:
            chip = items[0].data(Qt.ItemDataRole.UserRole)
            data.setData(CHIP_MIME, chip.encode("utf-8"))
            data.setText(chip)
        return data

    def mimeTypes(self) -> list[str]:
        return [CHIP_MIME]

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.escape_pressed.emit()
        elif event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentItem() is not None:
            self.enter_pressed.emit()
        else:
            super().keyPressEvent(event)

    def startDrag(self, actions) -> None:
        item = self.currentItem()
        if item is None:
            return
        drag = QDrag(self)
        drag.setMimeData(self.mimeData([item]))
        drag.setPixmap(item.icon().pixmap(28, 28))
        drag.exec(Qt.DropAction.CopyAction)


class PlayerPanel(QWidget):
    """One side's slot: placing for it, its name, ring colour, range increment (handicap) and its
    stack when known (a photo's labels are suggested from it; a game continues from it)."""

    changed = Signal()

    def __init__(self, index: int, group: QButtonGroup, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        self.colour = "#888888"
        self.radio = QRadioButton()
        self.radio.setToolTip("New chips are placed for this side")
        group.addButton(self.radio, index)
        self.name = QLineEdit()
        self.name.setPlaceholderText(f"Player {index + 1}")
        self.name.editingFinished.connect(self.changed)
        self.colour_button = QPushButton(objectName="colourButton")
        self.colour_button.setFixedSize(26, 22)
        self.colour_button.setToolTip("Ring colour of this side's chips")
        self.increment = QDoubleSpinBox()
        self.increment.setRange(0.0, 100.0)
        self.increment.setDecimals(1)
        self.increment.setSingleStep(0.5)
        self.increment.setSuffix(" cm")
        self.increment.setMinimumWidth(120)
        self.increment.setToolTip("Range increment for this side (handicapping); 0 means the area's own")
        self.increment.valueChanged.connect(self.changed)
        self.stack = QComboBox(objectName=f"layoutStack{index}")
        self.stack.setToolTip("This side's whole stack, if known: photo labels are suggested from it, "
                              "and Continue as a game plays on with the rest of it in hand")
        self.stack.addItem("Stack not known", ())
        for stack in ready_stacks().values():
            self.stack.addItem(stack.name, stack.chips)
        self.stack.currentIndexChanged.connect(self.changed)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 2, 0, 2)
        grid.addWidget(self.radio, 0, 0)
        grid.addWidget(self.name, 0, 1)
        grid.addWidget(self.colour_button, 0, 2)
        grid.addWidget(QLabel("Range increment"), 1, 1)
        grid.addWidget(self.increment, 1, 2)
        grid.addWidget(self.stack, 2, 1, 1, 2)
        grid.setColumnStretch(1, 1)

    def set_slot(self, slot: PlayerSlot, area_increment_cm: float) -> None:
        for w in (self.name, self.increment, self.stack):
            w.blockSignals(True)
        found = next((i for i in range(self.stack.count()) if tuple(self.stack.itemData(i) or ()) == slot.stack), -1)
        if found < 0:  # an own stack from a file: offered as itself
            self.stack.addItem(f"Own stack ({len(slot.stack)} chips)", slot.stack)
            found = self.stack.count() - 1
        self.stack.setCurrentIndex(found)
        self.name.setText(slot.name)
        self.increment.setSpecialValueText(f"area ({area_increment_cm:g} cm)")
        self.increment.setValue(slot.increment_cm or 0.0)
        self.set_colour(slot.colour)
        for w in (self.name, self.increment, self.stack):
            w.blockSignals(False)

    def set_colour(self, colour: str) -> None:
        self.colour = colour
        self.colour_button.setIconSize(self.colour_button.size())
        self.colour_button.setIcon(colour_swatch(colour, self.colour_button.size()))

    def slot(self) -> PlayerSlot:
        inc = self.increment.value()
        return PlayerSlot(self.name.text().strip() or f"Player {self.index + 1}", self.colour, inc or None,
                          tuple(self.stack.currentData() or ()))
