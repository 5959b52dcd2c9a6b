"""Long jobs (replaying a large save) run on a worker thread while the window keeps painting.

`run_with_progress` keeps the caller's code synchronous: it waits in a local event loop, so
paint events, timers and the progress dialog's Cancel button all work while the rules
replay. A progress dialog appears only when the job takes longer than a moment; until then
clicks and keys are held back so nothing can start a second job meanwhile.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QEvent, QEventLoop, QObject, Qt, QThread, QTimer, Signal
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

T = TypeVar("T")
Progress = Callable[[int, int], None]

SHOW_AFTER_MS = 400
"""Loads quicker than this never flash a dialog."""

_INPUT = frozenset({QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease,
                    QEvent.Type.MouseButtonDblClick, QEvent.Type.KeyPress, QEvent.Type.KeyRelease,
                    QEvent.Type.Wheel, QEvent.Type.Shortcut, QEvent.Type.ShortcutOverride})


class Cancelled(Exception):
    """The player pressed Cancel on the progress dialog."""


class _Worker(QThread):
    progressed = Signal(int, int)

    def __init__(self, job: Callable[[Progress], Any]) -> None:
        super().__init__()
        self._job = job
        self.cancelled = False
        self.value: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.value = self._job(self._progress)
        except BaseException as e:  # handed to the caller's thread, which re-raises it
            self.error = e

    def _progress(self, done: int, total: int) -> None:
        if self.cancelled:
            raise Cancelled()
        self.progressed.emit(done, total)


class _HoldInput(QObject):
    """Drops clicks and keys meant for anything but the progress dialog."""

    def __init__(self) -> None:
        super().__init__()
        self.dialog: QWidget | None = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() not in _INPUT:
            return False
        dialog = self.dialog
        if dialog is not None and isinstance(watched, QWidget) and (watched is dialog or dialog.isAncestorOf(watched)):
            return False
        return True


class Job(QObject):
    """One job on a worker thread with its (delayed) progress dialog."""

    def __init__(self, parent: QWidget | None, label: str, job: Callable[[Progress], Any],
                 delay_ms: int, unit: str = "Step") -> None:
        super().__init__()
        self.parent_widget = parent
        self.label = label
        self.unit = unit
        self.dialog: QProgressDialog | None = None
        self._last = (0, 0)
        self._worker = _Worker(job)
        self._worker.progressed.connect(self._on_progress)
        self._delay = QTimer(self)
        self._delay.setSingleShot(True)
        self._delay.timeout.connect(self._show_dialog)
        self._delay_ms = delay_ms

    def run(self) -> Any:
        loop = QEventLoop()
        self._worker.finished.connect(loop.quit)
        hold = _HoldInput()
        app = QApplication.instance()
        app.installEventFilter(hold)
        self._hold = hold
        try:
            self._worker.start()
            self._delay.start(self._delay_ms)
            if not self._worker.isFinished():
                loop.exec()
            self._worker.wait()
        finally:
            self._delay.stop()
            app.removeEventFilter(hold)
            if self.dialog is not None:
                self.dialog.close()
                self.dialog.deleteLater()
                self.dialog = None
        if self._worker.error is not None:
            raise self._worker.error
        return self._worker.value

    def _show_dialog(self) -> None:
        if self._worker.isFinished():
            return
        dialog = QProgressDialog(self.label, "Cancel", 0, 0, self.parent_widget)
        dialog.setWindowTitle("Battlebox")
        dialog.setObjectName("loadProgress")
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.setMinimumDuration(0)
        dialog.canceled.connect(self._cancel)
        self.dialog = dialog
        self._hold.dialog = dialog
        self._on_progress(*self._last)
        dialog.show()

    def _on_progress(self, done: int, total: int) -> None:
        self._last = (done, total)
        if self.dialog is not None and self.dialog.wasCanceled():
            self._worker.cancelled = True
        if self.dialog is not None and total > 0:
            self.dialog.setMaximum(total)
            self.dialog.setValue(min(done, total))
            self.dialog.setLabelText(f"{self.label}\n{self.unit} {done:,} of {total:,}")

    def _cancel(self) -> None:
        self._worker.cancelled = True
        if self.dialog is not None:
            self.dialog.setLabelText("Cancelling…")


def run_with_progress(parent: QWidget | None, label: str, job: Callable[[Progress], T],
                      delay_ms: int | None = None, unit: str = "Step") -> T:
    """`job(progress)` on a worker thread; its value, or its exception raised here.

    `progress(done, total)` updates the dialog ("<unit> 3 of 20"), and raises `Cancelled` inside
    the job once the player has pressed Cancel.
    """
    return Job(parent, label, job, SHOW_AFTER_MS if delay_ms is None else delay_ms, unit).run()
