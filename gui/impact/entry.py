"""Table mode: the players read the real dice and enter what chance did."""
from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QWidget

from core.impact.dice import ELEMENTS, FACES, side_faces
from core.impact.game import ImpactAction, ImpactState, Knock, Landing, RECKLESS, StartingDie, Tipped
from gui.impact.symbols import FACE_LABELS

MISSED = "missed"
STAYED = "stayed"
KICKED = "kicked"


def _combo(values: tuple[str, ...], labels: dict[str, str], name: str) -> QComboBox:
    combo = QComboBox(objectName=name)
    for v in values:
        combo.addItem(labels.get(v, v), v)
    return combo


class TableEntry(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tableEntry")
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.phase = ""
        self.face_combos: list[QComboBox] = []
        self.knock_combos: list[QComboBox] = []
        self._state: ImpactState | None = None

    def show_for(self, state: ImpactState) -> None:
        key = (state.phase, state.flying, state.tipping, state.cauldron, state.style)
        if self._state is not None and key == (self._state.phase, self._state.flying, self._state.tipping,
                                               self._state.cauldron, self._state.style):
            return
        self._state = state
        while self.form.rowCount():
            self.form.removeRow(0)
        self.face_combos, self.knock_combos = [], []
        self.phase = state.phase
        labels = dict(FACE_LABELS, **{MISSED: "Missed the cauldron", STAYED: "Stayed as it was",
                                      KICKED: "Kicked out of the cauldron"})
        if state.phase == "start":
            self.form.addRow(QLabel("Enter the starting die (re-roll a blank):"))
            combo = _combo(ELEMENTS, labels, "entryFace0")
            self.face_combos.append(combo)
            self.form.addRow("Starting die", combo)
        elif state.phase == "tip":
            self.form.addRow(QLabel("How did the tipped dice fall?"))
            for k, i in enumerate(state.tipping):
                combo = _combo(side_faces(state.cauldron[i]), labels, f"entryFace{k}")
                self.face_combos.append(combo)
                self.form.addRow(f"{FACE_LABELS[state.cauldron[i]]} die", combo)
        elif state.phase == "landing":
            self.form.addRow(QLabel(f"How did the {state.flying} thrown "
                                    f"{'die' if state.flying == 1 else 'dice'} land?"))
            for k in range(state.flying):
                combo = _combo(FACES + (MISSED,), labels, f"entryFace{k}")
                self.face_combos.append(combo)
                self.form.addRow(f"Thrown die {k + 1}", combo)
            if state.style == RECKLESS and state.cauldron:
                self.form.addRow(QLabel("Dice knocked over or kicked out of the cauldron:"))
                for i, face in enumerate(state.cauldron):
                    combo = _combo((STAYED,) + side_faces(face) + (KICKED,), labels, f"entryKnock{i}")
                    self.knock_combos.append(combo)
                    self.form.addRow(f"{i + 1}. {FACE_LABELS[face]}", combo)

    def action(self) -> ImpactAction | None:
        values = [c.currentData() for c in self.face_combos]
        if self.phase == "start":
            return StartingDie(values[0])
        if self.phase == "tip":
            return Tipped(tuple(values))
        if self.phase == "landing":
            knocks = [c.currentData() for c in self.knock_combos]
            knocked = tuple(Knock(i, v) for i, v in enumerate(knocks) if v not in (STAYED, KICKED))
            kicked = tuple(i for i, v in enumerate(knocks) if v == KICKED)
            return Landing(tuple(v for v in values if v != MISSED), values.count(MISSED), knocked, kicked=kicked)
        return None
