"""The two armies side by side: every unit with its points, each army's total, and the gap.

A 93 v 45 points mismatch once went unnoticed until play, because each tab of the armies
dialog showed one army at a time; this strip sits under the tabs and shows both at once.
Points are `army.unit_points` (figures x combat cards, what a points end counts).
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QListWidget, QVBoxLayout, QWidget

from core.powerspike.army import Organisation, Roster, default_organisation, unit_labels, unit_points
from gui.kit.style import set_role

MISMATCH_SHARE = 0.1  # a gap above this share of the larger army is called out


class ArmyColumn(QGroupBox):
    """One army: its units with their points, and the total."""

    def __init__(self, side: str, parent: QWidget | None = None) -> None:
        super().__init__(side, parent)
        self.setObjectName(f"compare:{side}")
        self.side = side
        self.total = QLabel(objectName=f"compareTotal:{side}")
        set_role(self.total, "psPoints")
        self.units = QListWidget(objectName=f"compareUnits:{side}")
        self.units.setMinimumHeight(60)
        self.units.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.units.setTextElideMode(Qt.TextElideMode.ElideRight)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 4, 6, 4)
        lay.setSpacing(2)
        lay.addWidget(self.total)
        lay.addWidget(self.units, 1)

    def render(self, roster: Roster, org: Organisation) -> int:
        points = unit_points(roster, org)
        labels = unit_labels(roster, org)
        self.units.clear()
        for uid, pts in points.items():
            self.units.addItem(f"{pts:>2} pts \u00b7 {labels.get(uid, uid)}")
        total = sum(points.values())
        n = len(points)
        self.setTitle(f"{self.side}: {roster.name or 'unnamed army'}")
        self.total.setText(f"{total} points \u00b7 {n} unit{'s' if n != 1 else ''}")
        return total


class ArmyComparison(QWidget):
    """Both armies' columns and a line saying which has more points, and by how much."""

    def __init__(self, sides: tuple[str, str], org: Organisation | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("armyComparison")
        self.org = org or default_organisation()
        self.columns = {side: ArmyColumn(side) for side in sides}
        self.gap = QLabel(objectName="pointsGap")
        self.gap.setWordWrap(True)
        row = QHBoxLayout()
        row.setSpacing(8)
        for column in self.columns.values():
            row.addWidget(column, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(3)
        lay.addLayout(row, 1)
        lay.addWidget(self.gap)

    def render(self, rosters: dict[str, Roster]) -> dict[str, int]:
        totals = {side: column.render(rosters[side], self.org) for side, column in self.columns.items()}
        (a, pa), (b, pb) = totals.items()
        if pa == pb:
            self.gap.setText(f"Both armies are worth {pa} points.")
            set_role(self.gap, "psReady")
        else:
            big, small = (a, b) if pa > pb else (b, a)
            diff = abs(pa - pb)
            self.gap.setText(f"{big} {totals[big]} v {small} {totals[small]} points: the {big} has {diff} more.")
            set_role(self.gap, "psProblem" if diff > MISMATCH_SHARE * max(pa, pb) else "psReady")
        return totals
