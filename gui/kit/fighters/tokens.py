"""A fighter drawn as a game token: finish style, value badge, region and landed pose."""
from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (QColor, QFocusEvent, QFont, QFontMetricsF, QKeyEvent, QLinearGradient, QMouseEvent,
                           QPainter, QPainterPath, QPaintEvent, QPen, QPolygonF, QRadialGradient)
from PySide6.QtWidgets import QSizePolicy, QWidget

from core.fistful.roster import Fighter, Roster
from core.fistful.throws import POSE_NAMES
from gui.kit.hint_mark import hint_pen
from gui.kit.theme import text_colour_on

TOKEN_SIZE = QSize(92, 124)
POSE_LABELS = {"back": "Face up", "standing": "Standing", "down": "Face down"}
BOARD_TOKEN = QSize(84, 120)
MAX_BOARD_SCALE = 1.6  # tokens grow up to this on a wide window, so a big screen is not left empty
TOKEN_GAP = 10
POSE_BUTTON_LABELS = {"back": "Back", "standing": "Standing", "down": "Face down"}
POSE_KEYS = {Qt.Key.Key_B: "back", Qt.Key.Key_S: "standing", Qt.Key.Key_D: "down"}  # table entry by keyboard
FOCUS_RING = (QColor(0, 0, 0, 170), QColor("#38bdf8"))  # as the boards' focus ring (gui/kit/board_view)
ARROWS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
ACTIVATE = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
WAITING = -1.0  # landing(): still in the hand, its throw not yet shown


def nearest_in_direction(origin: QWidget, others: list[QWidget], dx: int, dy: int) -> QWidget | None:
    """The widget nearest `origin` in the arrow's direction (centres, on screen), preferring the same row or
    column: what an arrow key moves the focus to among tokens laid out in rows."""
    here = origin.mapToGlobal(origin.rect().center())
    best, best_cost = None, None
    for w in others:
        if w is origin:
            continue
        c = w.mapToGlobal(w.rect().center())
        ahead = (c.x() - here.x()) * dx + (c.y() - here.y()) * dy
        if ahead <= 4:
            continue
        side = abs((c.y() - here.y()) if dx else (c.x() - here.x()))
        cost = ahead + 3 * side
        if best_cost is None or cost < best_cost:
            best, best_cost = w, cost
    return best


def region_colour(roster: Roster, region: str) -> QColor:
    """A hue per region of Scar, so Hyper fighters of one land share a colour."""
    i = roster.regions.index(region) if region in roster.regions else 0
    return QColor.fromHsv(int(i * 360 / max(1, len(roster.regions))) % 360, 200, 215)


def finish_palette(roster: Roster, fighter: Fighter) -> tuple[QColor, QColor, QColor, QColor]:
    """(top fill, bottom fill, border, ink) for the fighter's finish."""
    if fighter.finish == "crystal":
        return (QColor(215, 238, 255, 190), QColor(150, 200, 245, 150), QColor(95, 150, 210),
                QColor("#0b3a66"))
    if fighter.finish == "shadow":
        return QColor("#55556a"), QColor("#1c1c26"), QColor("#0b0b10"), QColor("#ececf4")
    base = region_colour(roster, roster.region(fighter))
    return base.lighter(130), base.darker(125), base.darker(170), text_colour_on(base)


def board_token_scale(room: int, per_row: int) -> float:
    """How much to enlarge board tokens for a row of `per_row` in `room` pixels: 1 on a small
    window, growing with the room up to MAX_BOARD_SCALE so pieces read from across a table."""
    natural = max(1, per_row) * (BOARD_TOKEN.width() + TOKEN_GAP)
    return round(min(MAX_BOARD_SCALE, max(1.0, room / natural)), 2)


def fitted_font(base: QFont, text: str, width: float, pixels: int, bold: bool = True) -> QFont:
    """`base` at `pixels` px, or smaller (down to 6 px, then condensed) until `text` fits `width`."""
    font = QFont(base)
    font.setBold(bold)
    font.setPixelSize(pixels)
    while font.pixelSize() > 6 and QFontMetricsF(font).horizontalAdvance(text) > width:
        font.setPixelSize(font.pixelSize() - 1)
    stretch = 100
    while stretch > 50 and QFontMetricsF(font).horizontalAdvance(text) > width:
        stretch -= 5
        font.setStretch(stretch)
    return font


def ring_hinted(tokens: Mapping[tuple[Hashable, Fighter], FighterToken], action: Any,
                sides: tuple[Hashable, ...] = ()) -> None:
    """Ring the token of the fighter a hint's `action` names (its `fighter`, on the side of its
    `player` or one of `sides`); None or an action that names none rings nothing."""
    fighter, player = getattr(action, "fighter", None), getattr(action, "player", None)
    for (side, f), token in tokens.items():
        token.set_hinted(fighter is not None and f == fighter and (side == player or side in sides))


class FighterToken(QWidget):
    """One fighter; `clicked` fires only while the token is clickable, `refused` when a click (or Enter)
    lands on it while it is not, so the view can say why. It takes the keyboard focus: arrows move to the
    nearest token, Enter or Space clicks, B, S and D ask for a pose (`pose_requested`, table entry)."""

    clicked = Signal()
    refused = Signal()
    pose_requested = Signal(str)

    def __init__(self, roster: Roster, fighter: Fighter, pose: str | None = None,
                 parent: QWidget | None = None, size: QSize = TOKEN_SIZE, scale: float = 1.0) -> None:
        super().__init__(parent)
        self._design = QSize(size)  # the size the face is drawn for; `scale` enlarges all of it
        self._scale = scale
        self.roster = roster
        self.fighter = fighter
        self._pose = pose
        self._clickable = False
        self._highlight: QColor | None = None
        self.hinted = False  # the shown hint names this fighter
        self._caption = ""
        self._pressed = False
        self._landing: float | None = None  # see set_landing
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFixedSize(round(size.width() * scale), round(size.height() * scale))
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self._update_tooltip()

    @property
    def pose(self) -> str | None:
        return self._pose

    def set_pose(self, pose: str | None) -> None:
        self._pose = pose
        self._update_tooltip()
        self.update()

    @property
    def clickable(self) -> bool:
        return self._clickable

    def set_clickable(self, clickable: bool, caption: str = "") -> None:
        self._clickable = clickable
        self._caption = caption
        self.setCursor(Qt.CursorShape.PointingHandCursor if clickable else Qt.CursorShape.ArrowCursor)
        self._update_tooltip()
        self.update()

    def set_highlight(self, colour: str | QColor | None) -> None:
        self._highlight = QColor(colour) if colour is not None else None
        self.update()

    def set_hinted(self, on: bool) -> None:
        if on != self.hinted:
            self.hinted = on
            self.update()

    @property
    def landing(self) -> float | None:
        return self._landing

    def set_landing(self, progress: float | None) -> None:
        """A throw being shown (gui/kit/fighters/tumble): WAITING while still in the hand, 0..1 while it
        tumbles, None once it has landed (its pose and highlight show again)."""
        self._landing = progress
        self.update()

    def _update_tooltip(self) -> None:
        r = self.roster
        text = f"{r.name(self.fighter)} \u2014 {r.region(self.fighter)}, worth {r.value(self.fighter)}"
        if self._pose:
            text += f"; landed {POSE_NAMES[self._pose]}"
        if self._caption:
            text += f"\n{self._caption}"
        self.setToolTip(text)

    def activate(self) -> None:
        """What a click does: `clicked` while clickable, else `refused`."""
        if not self.isEnabled():
            return
        if self._clickable:
            self.clicked.emit()
        else:
            self.refused.emit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._pressed = event.button() == Qt.MouseButton.LeftButton
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        pressed, self._pressed = self._pressed, False
        if pressed and event.button() == Qt.MouseButton.LeftButton and self.rect().contains(event.position().toPoint()):
            self.activate()
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        if key in ACTIVATE and not event.isAutoRepeat():
            self.activate()
        elif key in ARROWS and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            tokens = [t for t in self.window().findChildren(FighterToken)
                      if t.isVisible() and t.isEnabled() and t.focusPolicy() != Qt.FocusPolicy.NoFocus]
            target = nearest_in_direction(self, tokens, *ARROWS[key])
            if target is not None:
                target.setFocus(Qt.FocusReason.OtherFocusReason)
        elif key in POSE_KEYS and not event.modifiers():
            self.pose_requested.emit(POSE_KEYS[key])
        else:
            super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    # --- painting ---------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.scale(self._scale, self._scale)
        if not self.isEnabled():
            p.setOpacity(0.4)
        landing = self._landing
        shown_pose = self._pose if landing is None else None
        if landing is not None:
            self._tumble_transform(p, landing)
        r = self.roster
        top, bottom, border, ink = finish_palette(r, self.fighter)
        body = self._face()
        path = QPainterPath()
        path.addRoundedRect(body, 14, 14)

        grad = QLinearGradient(body.topLeft(), body.bottomLeft())
        grad.setColorAt(0, top)
        grad.setColorAt(1, bottom)
        p.fillPath(path, grad)
        self._paint_finish_texture(p, path, body)
        p.setPen(QPen(border, 1.5))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)

        small = QFont(self.font())
        small.setPixelSize(9)
        small.setBold(True)
        small.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 0.4)
        finish_box = body.adjusted(7, 6, -28, 0)
        finish = r.finish_name(self.fighter.finish).upper()
        p.setFont(small)
        while small.pixelSize() > 6 and p.fontMetrics().horizontalAdvance(finish) > finish_box.width():
            small.setPixelSize(small.pixelSize() - 1)
            p.setFont(small)
        p.setPen(ink)
        p.drawText(finish_box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, finish)

        badge = QRectF(body.right() - 26, body.top() + 4, 22, 22)
        p.setPen(QPen(QColor("#7a5200"), 1.2))
        p.setBrush(QColor("#ffd166"))
        p.drawEllipse(badge)
        vf = QFont(self.font())
        vf.setPixelSize(13)
        vf.setBold(True)
        p.setFont(vf)
        p.setPen(QColor("#3b2a00"))
        p.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(r.value(self.fighter)))

        figure = QRectF(body.left() + 14, body.top() + 22, body.width() - 28, 44)
        self._paint_figure(p, figure, ink, shown_pose)

        p.setPen(ink)
        name_box = self.name_rect()
        p.setFont(self.name_font())
        p.drawText(name_box, Qt.AlignmentFlag.AlignCenter, r.sculpt(self.fighter).name)
        soft = QColor(ink)
        soft.setAlpha(200)
        p.setPen(soft)
        region_box = QRectF(body.left() + 4, body.bottom() - 31, body.width() - 8, 12)
        p.setFont(fitted_font(self.font(), r.region(self.fighter), region_box.width(), 9, bold=False))
        p.drawText(region_box, Qt.AlignmentFlag.AlignCenter, r.region(self.fighter))
        if shown_pose:
            self._paint_pose_tag(p, body)
        if shown_pose == "down":
            p.fillPath(path, QColor(40, 40, 48, 95))
        if self._highlight is not None and landing is None:
            glow = QColor(self._highlight)
            glow.setAlpha(110)
            p.setPen(QPen(glow, 5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
            p.setPen(QPen(self._highlight, 2.5))
            p.drawPath(path)
        if self.hinted and landing is None:
            p.setPen(hint_pen(3.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
        if self.hasFocus():
            self._paint_focus_ring(p, body)
        p.end()

    def _tumble_transform(self, p: QPainter, progress: float) -> None:
        """In the hand: small and pale; tumbling: a hop with one and a half turns, landing upright."""
        c = self._face().center()
        p.translate(c)
        if progress == WAITING:
            p.setOpacity(p.opacity() * 0.45)
            p.scale(0.8, 0.8)
        else:
            hop = math.sin(math.pi * progress) * self._design.height() * 0.12
            p.translate(0, -hop)
            p.rotate(540 * (1 - (1 - progress) ** 2))
            grow = 0.62 + 0.38 * progress
            p.scale(grow, grow)
        p.translate(-c)

    def _paint_focus_ring(self, p: QPainter, body: QRectF) -> None:
        ring = QPainterPath()
        ring.addRoundedRect(body.adjusted(-1.5, -1.5, 1.5, 1.5), 15, 15)
        p.setOpacity(1.0)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for colour, width, style in ((FOCUS_RING[0], 5.0, Qt.PenStyle.SolidLine),
                                     (FOCUS_RING[1], 3.0, Qt.PenStyle.DashLine)):
            p.setPen(QPen(colour, width, style))
            p.drawPath(ring)

    def name_rect(self) -> QRectF:
        """Where the fighter's name is drawn: one line above the region."""
        body = self._face()
        return QRectF(body.left() + 4, body.bottom() - 46, body.width() - 8, 16)

    def _face(self) -> QRectF:
        """The token's face in the units it is drawn in (its design size)."""
        return QRectF(0, 0, self._design.width(), self._design.height()).adjusted(3, 3, -3, -3)

    def name_font(self) -> QFont:
        """The name's font, shrunk until the whole name fits its line: never elided."""
        return fitted_font(self.font(), self.roster.sculpt(self.fighter).name, self.name_rect().width(), 12)

    def _paint_finish_texture(self, p: QPainter, path: QPainterPath, body: QRectF) -> None:
        p.save()
        p.setClipPath(path)
        if self.fighter.finish == "crystal":
            shine = QPainterPath()
            shine.moveTo(body.left(), body.top() + body.height() * 0.55)
            shine.lineTo(body.left() + body.width() * 0.55, body.top())
            shine.lineTo(body.left() + body.width() * 0.8, body.top())
            shine.lineTo(body.left(), body.top() + body.height() * 0.9)
            p.fillPath(shine, QColor(255, 255, 255, 80))
        elif self.fighter.finish == "shadow":
            for cx, cy, rad in ((0.25, 0.3, 0.5), (0.8, 0.7, 0.45), (0.5, 0.95, 0.4)):
                g = QRadialGradient(QPointF(body.left() + body.width() * cx, body.top() + body.height() * cy),
                                    body.width() * rad)
                g.setColorAt(0, QColor(150, 150, 175, 70))
                g.setColorAt(1, QColor(150, 150, 175, 0))
                p.fillRect(body, g)
        else:
            g = QLinearGradient(body.topLeft(), body.topRight())
            g.setColorAt(0, QColor(255, 255, 255, 70))
            g.setColorAt(0.35, QColor(255, 255, 255, 0))
            p.fillRect(body, g)
        p.restore()

    def _paint_pose_tag(self, p: QPainter, body: QRectF) -> None:
        colours = {"back": ("#1f8a3b", "#ffffff"), "standing": ("#f4b400", "#2b1d00"),
                   "down": ("#2b2b33", "#d0d0d8")}
        bg, fg = colours[self._pose]
        f = QFont(self.font())
        f.setPixelSize(9)
        f.setBold(True)
        p.setFont(f)
        text = POSE_LABELS[self._pose].upper()
        w = p.fontMetrics().horizontalAdvance(text) + 12
        tag = QRectF(body.center().x() - w / 2, body.bottom() - 17, w, 14)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(bg))
        p.drawRoundedRect(tag, 7, 7)
        p.setPen(QColor(fg))
        p.drawText(tag, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_figure(self, p: QPainter, box: QRectF, ink: QColor, pose: str | None) -> None:
        pen = QPen(ink, 3.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        p.save()
        p.translate(box.center())
        s = min(box.width(), box.height()) / 40.0
        p.scale(s, s)
        if pose == "down":
            p.scale(-1, 1)  # flipped: lying the other way, face to the table
        if pose in ("back", "down"):
            p.rotate(-90)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawLine(QPointF(0, -8), QPointF(0, 6))
        p.drawLine(QPointF(0, 6), QPointF(-6, 18))
        p.drawLine(QPointF(0, 6), QPointF(6, 18))
        p.drawLine(QPointF(-10, -2), QPointF(0, -6))
        p.drawLine(QPointF(10, -2), QPointF(0, -6))
        head = QRectF(-6, -21, 12, 12)
        if pose == "down":
            p.setBrush(ink)
            p.drawEllipse(head)
        else:
            p.drawEllipse(head)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(ink)
            p.drawEllipse(QPointF(-2.2, -16), 1.2, 1.2)
            p.drawEllipse(QPointF(2.2, -16), 1.2, 1.2)
        if pose == "standing":
            p.setPen(QPen(QColor("#7a5200"), 0.8))
            p.setBrush(QColor("#ffd166"))
            star = QPolygonF()
            for k in range(10):
                rad = 5.5 if k % 2 == 0 else 2.4
                a = math.pi / 2 + k * math.pi / 5
                star.append(QPointF(-14 + rad * math.cos(a), -17 - rad * math.sin(a)))
            p.drawPolygon(star)
        p.restore()
