"""The timeline under a replayed board: step, jump to a step or a turn, play at a chosen speed.

It only asks for steps (`step_requested`) and is told which one shows (`show_step`), so the
one who owns the match decides what a step looks like. The keys (Left/Right, Home/End, Space)
work anywhere in the window while it shows: a replay has no other use for them. A reviewed game
(gui/review.py) also gives it stops, the decisions its review lists: "Decision" buttons and Page
Up/Down go from one to the next (`stop_requested`), as a player goes through their mistakes.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (QApplication, QComboBox, QHBoxLayout, QLabel, QPushButton, QSlider, QSpinBox,
                               QVBoxLayout, QWidget)

from gui.kit.style import set_role

SPEEDS: tuple[tuple[str, float], ...] = (("\u00bd\u00d7", 0.5), ("1\u00d7", 1.0), ("2\u00d7", 2.0),
                                         ("4\u00d7", 4.0), ("8\u00d7", 8.0))
DEFAULT_SPEED = 1.0  # steps per second
SLIDER_MIN = 140  # px the slider keeps in the one-row arrangement


class Timeline(QWidget):
    step_requested = Signal(int)
    stop_requested = Signal(int)
    continue_requested = Signal()

    KEYS: tuple[tuple[str, str], ...] = (
        ("Left / Right", "Step back / forward"), ("Home / End", "First / last step"),
        ("Space", "Play or pause"),
        ("Page Up / Page Down", "Previous / next decision the review lists (after a review)"))

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("replayTimeline")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self._step = 0
        self._steps = 0
        self._turns: tuple[int, ...] = (0,)
        self._stops: tuple[int, ...] = ()
        self.slider = QSlider(Qt.Orientation.Horizontal, objectName="timelineSlider")
        self.slider.setToolTip("Drag to any step")
        self.slider.valueChanged.connect(self._on_slider)
        self.first = self._button("timelineFirst", "|\u25c0", "First step (Home)", lambda: self._go(0))
        self.back = self._button("timelineBack", "\u25c0", "Step back (Left)", lambda: self._go(self._step - 1))
        self.play = self._button("timelinePlay", "Play", "Play or pause (Space)", self.toggle_play)
        self.play.setCheckable(True)
        self.forward = self._button("timelineForward", "\u25b6", "Step forward (Right)",
                                    lambda: self._go(self._step + 1))
        self.last = self._button("timelineLast", "\u25b6|", "Last step (End)", lambda: self._go(self._steps))
        self.previous_stop = self._button("timelinePreviousDecision", "\u25c0 Decision",
                                          "The previous decision the review lists (Page Up)", lambda: self._stop(-1))
        self.next_stop = self._button("timelineNextDecision", "Decision \u25b6",
                                      "The next decision the review lists (Page Down)", lambda: self._stop(1))
        for button in (self.previous_stop, self.next_stop):
            button.hide()
        self.position = QLabel(objectName="timelineStep")
        self.turn = QSpinBox(objectName="timelineTurn")
        self.turn.setPrefix("Turn ")
        self.turn.setKeyboardTracking(False)
        self.turn.setToolTip("Jump to the start of a turn")
        self.turn.valueChanged.connect(self._on_turn)
        self.speed = QComboBox(objectName="timelineSpeed")
        self.speed.setToolTip("Steps per second while playing")
        for text, rate in SPEEDS:
            self.speed.addItem(text, rate)
        self.speed.setCurrentIndex(next(i for i, (_, r) in enumerate(SPEEDS) if r == DEFAULT_SPEED))
        self.speed.currentIndexChanged.connect(self._on_speed)
        self.continue_button = QPushButton("Continue from here", objectName="continueHere")
        self.continue_button.setToolTip("Start a new game from this step, with fresh throws; "
                                        "the replayed game is not changed")
        self.continue_button.clicked.connect(self.continue_requested)
        set_role(self.continue_button, "primary")
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self._on_speed()

        self.tag = QLabel("Replay", objectName="timelineTag")
        self._rows = (QHBoxLayout(), QHBoxLayout())
        box = QVBoxLayout(self)
        box.setContentsMargins(12, 6, 12, 6)
        box.setSpacing(4)
        for row in self._rows:
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(6)
            box.addLayout(row)
        self._mode = -1
        self._arrange(0)
        for key, slot in ((Qt.Key.Key_Left, lambda: self._go(self._step - 1)),
                          (Qt.Key.Key_Right, lambda: self._go(self._step + 1)),
                          (Qt.Key.Key_Home, lambda: self._go(0)),
                          (Qt.Key.Key_End, lambda: self._go(self._steps)),
                          (Qt.Key.Key_Space, self.toggle_play),
                          (Qt.Key.Key_PageUp, lambda: self._stop(-1)),
                          (Qt.Key.Key_PageDown, lambda: self._stop(1))):
            QShortcut(QKeySequence(key), self, slot, context=Qt.ShortcutContext.WindowShortcut)

    # --- one row where it fits, else the slider and Continue above the rest ---------------------
    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """Every pixel of height the timeline saves goes to the board."""
        super().resizeEvent(event)
        self._fit(event.size().width())

    def _fit(self, width: int) -> None:
        one = self._one_row_width()
        self._arrange(2 if width >= one + self.tag.sizeHint().width() + 6 else 1 if width >= one else 0)

    def _step_widgets(self) -> tuple[QWidget, ...]:
        stops = (self.previous_stop, self.next_stop) if self._stops else ()
        return (self.first, self.back, self.play, self.forward, self.last, *stops, self.position)

    def _one_row_width(self) -> int:
        widgets = (*self._step_widgets(), self.turn, self.speed, self.continue_button)
        margins = self.layout().contentsMargins()
        return (sum(w.sizeHint().width() for w in widgets) + len(widgets) * 6 + SLIDER_MIN
                + margins.left() + margins.right())

    def _arrange(self, mode: int) -> None:
        """0: two rows; 1: one row; 2: one row with the Replay tag."""
        if mode == self._mode:
            return
        self._mode = mode
        one_row = mode > 0
        top, row = self._rows
        for layout in self._rows:
            while layout.count():
                layout.takeAt(0)
        steps = self._step_widgets()
        self.tag.setVisible(mode != 1)  # the window's title says Replay too
        if one_row:
            for w in (self.tag, *steps) if mode == 2 else steps:
                row.addWidget(w)
            row.addWidget(self.slider, 1)
            for w in (self.turn, self.speed, self.continue_button):
                row.addWidget(w)
        else:
            top.addWidget(self.slider, 1)
            for w in (self.turn, self.speed, self.continue_button):
                top.addWidget(w)
            for w in (self.tag, *steps):
                row.addWidget(w)
            row.addStretch(1)

    def _button(self, name: str, text: str, tip: str, slot: object) -> QPushButton:
        button = QPushButton(text, self, objectName=name)
        button.setToolTip(tip)
        set_role(button, "step")
        button.clicked.connect(lambda _=False: slot())
        return button

    # --- what the owner says ----------------------------------------------------------------
    def set_range(self, steps: int, turn_starts: tuple[int, ...]) -> None:
        self._steps = steps
        self._turns = turn_starts or (0,)
        for w, top in ((self.slider, steps), (self.turn, len(self._turns))):
            w.blockSignals(True)
            w.setRange(1 if w is self.turn else 0, top)
            w.blockSignals(False)
        self.turn.setSuffix(f" of {len(self._turns)}")
        shown = self.position.text()
        self.position.ensurePolished()  # in the style sheet's font
        self.position.setText(f"Step {steps:,} of {steps:,}")  # the rows are arranged for the widest step
        self.position.setMinimumWidth(self.position.sizeHint().width())
        self.position.setText(shown)

    def set_stops(self, steps: tuple[int, ...]) -> None:
        """The steps the Decision buttons go between (none hides them)."""
        steps = tuple(sorted(set(steps)))
        if steps == self._stops:
            return
        self._stops = steps
        self._mode = -1
        self._fit(self.width())
        for button in (self.previous_stop, self.next_stop):
            button.setVisible(bool(steps))
        self._enable_stops()

    def _enable_stops(self) -> None:
        self.previous_stop.setEnabled(any(s < self._step for s in self._stops))
        self.next_stop.setEnabled(any(s > self._step for s in self._stops))

    def show_step(self, step: int, turn: int, can_continue: bool = True) -> None:
        """Show `step` (and `turn`, an index into the turn starts) as the one on the board."""
        self._step = step
        for w, value in ((self.slider, step), (self.turn, turn + 1)):
            w.blockSignals(True)
            w.setValue(value)
            w.blockSignals(False)
        self.position.setText(f"Step {step:,} of {self._steps:,}")
        for button, on in ((self.first, step > 0), (self.back, step > 0),
                           (self.forward, step < self._steps), (self.last, step < self._steps)):
            button.setEnabled(on)
        self._enable_stops()
        if isinstance(focus := QApplication.focusWidget(), QPushButton) and focus.parent() is self \
                and not focus.isEnabled():
            self.slider.setFocus()  # not the turn box, which would take the arrow keys
        self.continue_button.setEnabled(can_continue)
        if step >= self._steps:
            self.pause()

    @property
    def playing(self) -> bool:
        return self._timer.isActive()

    # --- playing ------------------------------------------------------------------------------
    def toggle_play(self) -> None:
        if self.playing:
            self.pause()
        else:
            if self._step >= self._steps:
                self.step_requested.emit(0)
            self._timer.start()
            self.play.setChecked(True)
            self.play.setText("Pause")

    def pause(self) -> None:
        self._timer.stop()
        self.play.setChecked(False)
        self.play.setText("Play")

    def _tick(self) -> None:
        if self._step >= self._steps:
            self.pause()
        else:
            self.step_requested.emit(self._step + 1)

    def _on_speed(self) -> None:
        self._timer.setInterval(round(1000 / self.speed.currentData()))

    # --- gestures -----------------------------------------------------------------------------
    def _go(self, step: int) -> None:
        step = max(0, min(self._steps, step))
        if step != self._step:
            self.step_requested.emit(step)

    def _stop(self, direction: int) -> None:
        ahead = [s for s in self._stops if (s - self._step) * direction > 0]
        if ahead:
            self.pause()
            self.stop_requested.emit(min(ahead) if direction > 0 else max(ahead))

    def _on_slider(self, value: int) -> None:
        self._go(value)

    def _on_turn(self, value: int) -> None:
        self._go(self._turns[max(0, min(len(self._turns), value) - 1)])
