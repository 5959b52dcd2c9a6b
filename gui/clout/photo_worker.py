"""Finding chips off the UI thread: a 3000-pixel photo takes seconds, and the window must not freeze.

The thread runs core.clout.photo.find_chips and reports progress as a signal; `cancel()` makes
the next progress call answer False, which stops the search at once (DetectionCancelled).
Signals cross to the UI thread queued, so slots run there.
"""
from __future__ import annotations

import threading

from PySide6.QtCore import QThread, Signal

from core.clout.photo import DetectionCancelled, PhotoError, find_chips


class DetectionThread(QThread):
    progressed = Signal(float)  # 0..1
    found = Signal(object)  # core.clout.photo.Detection
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, photo, mapping, thickness_mm: float, parent=None) -> None:
        super().__init__(parent)
        self.photo = photo
        self.mapping = mapping
        self.thickness_mm = thickness_mm
        self._stop = threading.Event()

    def cancel(self) -> None:
        self._stop.set()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def _progress(self, fraction: float) -> bool:
        if self._stop.is_set():
            return False
        self.progressed.emit(float(fraction))
        return True

    def run(self) -> None:
        try:
            detection = find_chips(self.photo, self.mapping, thickness_mm=self.thickness_mm,
                                   progress=self._progress)
        except DetectionCancelled:
            self.cancelled.emit()
            return
        except PhotoError as e:
            self.failed.emit(str(e))
            return
        except Exception as e:  # noqa: BLE001 - a detector bug must not kill the app; the message says what
            self.failed.emit(f"The search failed: {type(e).__name__}: {e}")
            return
        if self._stop.is_set():
            self.cancelled.emit()
        else:
            self.found.emit(detection)
