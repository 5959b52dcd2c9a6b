"""The club tools' Open with damaged files: a message box names the file, what was open stays.

The message boxes are the real ones' entry points (QMessageBox.critical/warning) patched to
record their text, the way the window helpers answer dialogs; nothing else is stubbed.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from core.clout.layout import FORMAT as LAYOUT_FORMAT
from core.clout.stacks import STACK_FORMAT, Stack
from core.powerspike.army import ROSTER_FORMAT, ready_made
from gui.clout.layout_board import LayoutBoard
from gui.clout.stack_builder import StackBuilder
from gui.powerspike.army_builder import ArmyBuilder

pytestmark = pytest.mark.gui


def _damaged(folder: Path, marker: str) -> list[Path]:
    """One file (or path) per kind of damage, each carrying the tool's own format marker."""
    head = f'{{"format": "{marker}", "version": 1, '
    blobs = {
        "latin1.json": (head + '"name": "Caf\xe9"}').encode("latin-1"),
        "deep.json": b"[" * 5000 + b"]" * 5000,
        "huge-number.json": (head + '"name": 1e400}').encode(),
        "long-int.json": (head + '"name": ' + "9" * 5000 + "}").encode(),
        "nan.json": (head + '"name": NaN}').encode(),
        "truncated.json": (head + '"name": "x", "ch').encode(),
        "wrong-types.json": (head + '"name": [], "chips": {}, "side": [], "players": 3}').encode(),
        "newer.json": f'{{"format": "{marker}", "version": 99}}'.encode(),
        "empty.json": b"",
        "binary.json": bytes(range(256)),
    }
    paths = []
    for name, data in blobs.items():
        path = folder / name
        path.write_bytes(data)
        paths.append(path)
    fifo = folder / "pipe.json"
    os.mkfifo(fifo)
    folder_path = folder / "folder.json"
    folder_path.mkdir()
    return paths + [fifo, folder_path, folder / "missing.json"]


@pytest.fixture
def boxes(monkeypatch) -> list[str]:
    """Texts of the message boxes shown (critical or warning), answered at once."""
    shown: list[str] = []

    def box(parent, title, text, *args, **kwargs):
        shown.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "critical", box)
    monkeypatch.setattr(QMessageBox, "warning", box)
    return shown


@pytest.mark.timeout(120)
def test_layout_board_open_keeps_the_layout_on_the_board(qtbot, boxes, monkeypatch, tmp_path):
    board = LayoutBoard()
    qtbot.addWidget(board)
    monkeypatch.setattr(board, "confirm_discard", lambda: True)
    monkeypatch.setattr(board, "confirm_close", lambda: "discard")  # the layout is unsaved at teardown
    board.show()
    doc, _ = board.layout_doc.place("cen-questing-warrior", 0, 40.0, 40.0)
    board.layout_doc = doc
    board.path = "kept.clout-layout.json"
    for bad in _damaged(tmp_path, LAYOUT_FORMAT):
        monkeypatch.setattr(board, "ask_open_path", lambda bad=bad: str(bad))
        boxes.clear()
        assert board.open_dialog() is False
        assert len(boxes) == 1 and str(bad) in boxes[0], (bad.name, boxes)
        assert board.layout_doc == doc and board.path == "kept.clout-layout.json"


@pytest.mark.timeout(120)
def test_stack_builder_open_keeps_the_stack(qtbot, boxes, monkeypatch, tmp_path):
    builder = StackBuilder()
    qtbot.addWidget(builder)
    builder.show()
    kept = Stack("Keep", ("und-lich", "und-wraith"))
    builder.set_stack(kept)
    for bad in _damaged(tmp_path, STACK_FORMAT):
        monkeypatch.setattr(builder, "ask_open_path", lambda bad=bad: str(bad))
        boxes.clear()
        qtbot.mouseClick(builder.open_button, Qt.MouseButton.LeftButton)
        assert len(boxes) == 1 and str(bad) in boxes[0], (bad.name, boxes)
        assert builder.stack() == kept


@pytest.mark.timeout(120)
def test_army_builder_open_keeps_the_roster(qtbot, boxes, monkeypatch, tmp_path):
    builder = ArmyBuilder()
    qtbot.addWidget(builder)
    builder.show()
    kept = ready_made()["scs-small-neon-samurai"]
    builder.set_roster(kept)
    for bad in _damaged(tmp_path, ROSTER_FORMAT):
        monkeypatch.setattr(builder, "ask_open_path", lambda bad=bad: str(bad))
        boxes.clear()
        qtbot.mouseClick(builder.open_button, Qt.MouseButton.LeftButton)
        assert len(boxes) == 1 and str(bad) in boxes[0], (bad.name, boxes)
        assert builder.roster() == kept


def test_odd_but_readable_files_open_without_a_traceback(qtbot, boxes, monkeypatch, tmp_path):
    """Files the loaders accept but no builder would write: reused ids, loose transport, many chips."""
    army = ArmyBuilder()
    qtbot.addWidget(army)
    roster = tmp_path / "odd.psroster.json"
    roster.write_text(
        f'{{"format": "{ROSTER_FORMAT}", "version": 1, "side": "CDC", "army": "zomborg-army",'
        ' "units": [{"id": "u1", "type": "cdc-command"}, {"id": "u1", "type": "cdc-ornithopter"},'
        '           {"id": "u2", "type": "scs-command"}],'
        ' "formations": [{"type": "cyber-ninja-dojo", "units": [{"id": "u1", "type": "zomborg"}]}],'
        ' "transport": [{"ornithopter": "u9", "cargo": "u1"}, {"ornithopter": "u1", "cargo": "u1"}]}',
        encoding="utf-8")
    monkeypatch.setattr(army, "ask_open_path", lambda: str(roster))
    assert army.open_roster() and boxes == []
    assert [u.id for u in army.roster().units] == ["u1", "u1", "u2"]
    assert army.problem_list.count() > 0, "the builder lists what is wrong instead of failing"

    stacks = StackBuilder()
    qtbot.addWidget(stacks)
    many = tmp_path / "many.cfstack.json"
    chips = ", ".join(['"und-lich"'] * 500)
    many.write_text(f'{{"format": "{STACK_FORMAT}", "version": 1, "name": "", "chips": [{chips}]}}',
                    encoding="utf-8")
    monkeypatch.setattr(stacks, "ask_open_path", lambda: str(many))
    assert stacks.open_stack()
    assert len(stacks.stack().chips) == 500
