"""The shared-keyboard race screen (Lightning Storm, Column of Fire).

Each racer has a key, shown big; a press throws the storm die or adds one die to the tower.
The finishing order becomes one RaceResult; the view applies it. Pressing for absent
players is what "Computer finishes" does, at one set speed (fewest presses left first).
"""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from core.impact.game import ImpactState
from core.impact.races import finish_order
from gui.impact.symbols import FACE_COLOURS, INK, paint_die
from gui.kit.theme import text_colour_on

RACE_KEYS = ((Qt.Key.Key_Q, "Q"), (Qt.Key.Key_P, "P"), (Qt.Key.Key_Z, "Z"), (Qt.Key.Key_M, "M"),
             (Qt.Key.Key_G, "G"))


class Lanes(QWidget):
    def __init__(self, page: RacePage) -> None:
        super().__init__(page)
        self.page = page
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(260)

    def paintEvent(self, event: QPaintEvent) -> None:
        page, s = self.page, self.page.state
        if s is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        n = len(page.racers)
        gap = 14
        w = (self.width() - gap * (n + 1)) / max(n, 1)
        for k, racer in enumerate(page.racers):
            r = QRectF(gap + k * (w + gap), 6, w, self.height() - 12)
            colour = QColor(s.setup.players[racer].colour)
            p.setPen(QPen(colour, 3))
            p.setBrush(QColor("#2b3140"))
            p.drawRoundedRect(r, 12, 12)
            key = QRectF(r.center().x() - 42, r.y() + 40, 84, 84)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour)
            p.drawRoundedRect(key, 14, 14)
            f = QFont(self.font())
            f.setBold(True)
            f.setPointSize(40)
            p.setFont(f)
            p.setPen(text_colour_on(colour))
            p.drawText(key, Qt.AlignmentFlag.AlignCenter, page.key_label(racer))
            f.setPointSize(13)
            p.setFont(f)
            p.setPen(QColor(INK))
            p.drawText(QRectF(r.x() + 6, r.y() + 8, r.width() - 12, 26), Qt.AlignmentFlag.AlignCenter,
                       p.fontMetrics().elidedText(s.name(racer), Qt.TextElideMode.ElideRight, int(r.width() - 12)))
            done, need = page.done[racer], page.needed[racer]
            f.setPointSize(12)
            f.setBold(False)
            p.setFont(f)
            place = page.finished.index(racer) + 1 if racer in page.finished else 0
            text = f"{done} / {need}" + (f"  \u2014 finished #{place}" if place else "")
            p.drawText(QRectF(r.x(), key.bottom() + 6, r.width(), 24), Qt.AlignmentFlag.AlignCenter, text)
            size = min(26.0, (r.bottom() - key.bottom() - 46) / max(need, 1))
            face = "lightning" if page.kind == "storm" else "fire"
            for d in range(done):
                die = QRectF(r.center().x() - size / 2, r.bottom() - 10 - (d + 1) * size, size, size * 0.95)
                paint_die(p, die, face if page.kind == "storm" else "blank")
            if not done and need:
                p.setPen(QColor(FACE_COLOURS[face]))
                p.drawText(QRectF(r.x(), r.bottom() - 40, r.width(), 24), Qt.AlignmentFlag.AlignCenter,
                           "press!")
        p.end()


class RacePage(QWidget):
    finished_race = Signal(tuple)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("racePage")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.state: ImpactState | None = None
        self.kind = ""
        self.racers: tuple[int, ...] = ()
        self.needed: dict[int, int] = {}
        self.done: dict[int, int] = {}
        self.finished: list[int] = []
        self.title = QLabel(objectName="raceTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint = QLabel(objectName="raceHint")
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)
        self.lanes = Lanes(self)
        self.computer = QPushButton("Computer finishes the race", objectName="raceComputer")
        self.computer.setProperty("role", "impact")
        self.computer.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.computer.setToolTip("Racers who are not at the keyboard press at one set speed: "
                                 "whoever needs fewer presses finishes first.")
        self.computer.clicked.connect(self._computer_finishes)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(20, 16, 20, 16)
        lay.addWidget(self.title)
        lay.addWidget(self.hint)
        lay.addWidget(self.lanes, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.computer)
        row.addStretch(1)
        lay.addLayout(row)

    def key_label(self, player: int) -> str:
        return RACE_KEYS[player][1]

    def start(self, state: ImpactState, needed: dict[int, int]) -> None:
        """Show a fresh race unless this very race is already under way."""
        key = (state.race, state.racers, tuple(sorted(needed.items())))
        if self.state is not None and key == (self.kind, self.racers, tuple(sorted(self.needed.items()))):
            self.state = state
            self.lanes.update()
            return
        self.state, self.kind, self.racers = state, state.race, state.racers
        self.needed = dict(needed)
        self.done = {p: 0 for p in self.racers}
        self.finished = []
        if self.kind == "storm":
            self.title.setText("Lightning Storm!")
            self.hint.setText("Everyone else throws one die into the cauldron, as fast as you can: "
                              "press your key once.")
        else:
            self.title.setText("Column of Fire!")
            self.hint.setText("Build a tower with your dice: press your key once per die (a boulder pile "
                              "counts once). The first to finish wins the matching dice.")
        self.lanes.update()
        self.setFocus()

    def press(self, player: int) -> None:
        if player not in self.done or player in self.finished:
            return
        self.done[player] += 1
        if self.done[player] >= self.needed[player]:
            self.finished.append(player)
        self.lanes.update()
        if len(self.finished) >= len(self.racers) - 1:
            self._emit(finish_order(self.needed, self.done, self.finished))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        for seat, (key, _) in enumerate(RACE_KEYS):
            if event.key() == key and not event.isAutoRepeat():
                self.press(seat)
                return
        super().keyPressEvent(event)

    def _computer_finishes(self) -> None:
        self._emit(finish_order(self.needed, self.done, self.finished))

    def _emit(self, order: tuple[int, ...]) -> None:
        self.state = None
        self.finished_race.emit(tuple(order))
