"""The layout's photo as a faint underlay on the area, so anyone can check the chips against it.

The embedded JPEG is warped onto the area with the perspective its marks give (computed by the
Qt-free core.clout.photo.map_area; QTransform only displays it): four points of the area's
bounding box are mapped to the photo, and QTransform.quadToQuad takes the photo's quad to the
area's in scene units. It is clipped to the area and a margin around it, so the room beyond the
table does not spread over the view, and drawn below the chips.
"""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPainterPath, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QPushButton, QStyleOptionGraphicsItem, QWidget

from core.clout.layout import LayoutPhoto
from gui.clout.chip_items import PX_PER_CM
from maps.clout.areas import PlayArea

OPACITY = 0.35
MARGIN_CM = 6.0
Z_VALUE = 1.0  # above the area's painted background, below the range ring (2) and the chips (10)


def photo_transform(photo: LayoutPhoto, area: PlayArea) -> QTransform | None:
    """Photo pixels -> scene units for this area, or None when the marks do not fit it."""
    from core.clout.photo import PhotoError, map_area  # numpy work, loaded when a photo is shown

    try:
        mapping = map_area(area.id, (photo.width_px, photo.height_px),
                           corners=photo.corners_px or None, outline=photo.outline_px or None,
                           top=photo.top_px, focal_35mm=photo.focal_35mm)
    except PhotoError:
        return None
    x0, y0, x1, y1 = area.bounds_cm
    box = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float)
    px = mapping.to_image(box)
    if not np.isfinite(px).all():
        return None
    src = QPolygonF([QPointF(float(x), float(y)) for x, y in px])
    dst = QPolygonF([QPointF(float(x) * PX_PER_CM, float(y) * PX_PER_CM) for x, y in box])
    transform = QTransform()
    return transform if QTransform.quadToQuad(src, dst, transform) else None


class PhotoUnderlay(QGraphicsItem):
    """The photo, warped onto the area and faint; `refit(area)` after the area changes."""

    def __init__(self, photo: LayoutPhoto, area: PlayArea) -> None:
        super().__init__()
        self.setZValue(Z_VALUE)
        self.setOpacity(OPACITY)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.photo = photo
        self.image = QImage.fromData(photo.jpeg(), "JPEG")
        self._transform: QTransform | None = None
        self._clip = QPainterPath()
        self._bounds = QRectF()
        self.refit(area)

    @property
    def fitted(self) -> bool:
        """True when the marks map onto the area (else nothing is drawn)."""
        return self._transform is not None and not self.image.isNull()

    def refit(self, area: PlayArea) -> None:
        self.prepareGeometryChange()
        self._transform = photo_transform(self.photo, area)
        x0, y0, x1, y1 = area.bounds_cm
        m = MARGIN_CM
        self._bounds = QRectF((x0 - m) * PX_PER_CM, (y0 - m) * PX_PER_CM,
                              (x1 - x0 + 2 * m) * PX_PER_CM, (y1 - y0 + 2 * m) * PX_PER_CM)
        self._clip = QPainterPath()
        self._clip.addRect(self._bounds)
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(self._bounds)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self.fitted:
            return
        p.save()
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        p.setClipPath(self._clip)
        p.setTransform(self._transform, True)
        p.drawImage(QPointF(0, 0), self.image)
        p.restore()


class UnderlaySwitch(QPushButton):
    """The board's "Show photo" toggle and the underlay it shows: `sync` after every change of the
    layout (edit, undo, open, new), so the underlay always is the layout's photo on its area. A
    photo that newly appears is shown; a photo the layout keeps keeps the player's choice."""

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__("Show photo", parent)
        self.setObjectName("layoutShowPhoto")
        self.setCheckable(True)
        self.setToolTip("Show the photo the layout was measured from, faintly, under the chips")
        self._scene = scene
        self.item: PhotoUnderlay | None = None
        self._area_id: str | None = None
        self.toggled.connect(self._apply)
        self.sync(None, None)

    def sync(self, photo: LayoutPhoto | None, area: PlayArea | None) -> None:
        current = self.item.photo if self.item is not None else None
        if photo is None or area is None:
            if self.item is not None:
                self._scene.removeItem(self.item)
                self.item = None
            self.setEnabled(False)
            self.setChecked(False)
            self.setToolTip("This layout has no photo (Import photo… adds one)")
            return
        if photo is not current:
            if self.item is not None:
                self._scene.removeItem(self.item)
            self.item = PhotoUnderlay(photo, area)
            self._scene.addItem(self.item)
            self._area_id = area.id
            if photo != current:
                self.setChecked(True)
        elif area.id != self._area_id:
            self.item.refit(area)
            self._area_id = area.id
        self.setEnabled(True)
        self.setToolTip("Show the photo the layout was measured from, faintly, under the chips"
                        if self.item.fitted else "The photo's marks do not fit this area, so it cannot be shown")
        self._apply()

    @property
    def shown(self) -> bool:
        return self.item is not None and self.item.isVisible() and self.item.fitted

    def _apply(self, _checked: bool = False) -> None:
        if self.item is not None:
            self.item.setVisible(self.isChecked())
