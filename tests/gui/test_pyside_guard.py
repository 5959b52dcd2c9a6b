"""Guard against PySide6 6.12.0, whose setText leaks a reference to None until Python 3.11 crashes."""
from __future__ import annotations

import sys

import PySide6
from PySide6.QtWidgets import QLabel


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".")[:3] if part.isdigit())


def test_set_text_keeps_none_alive(qtbot):
    label = QLabel()
    qtbot.addWidget(label)
    label.setText("warm up")
    before = sys.getrefcount(None)
    for i in range(20_000):
        label.setText("fist" if i % 2 else "shield")
    after = sys.getrefcount(None)
    assert label.text() == "fist"
    assert after >= before, f"setText dropped {before - after} references to None"


def test_installed_pyside6_is_below_6_12():
    assert _version(PySide6.__version__) < (6, 12), (
        f"PySide6 {PySide6.__version__} is installed; 6.12 crashes Python 3.11 (pyproject pins <6.12)")
