"""The Power Spike army builder: pick a side and army, fill formations, load 'thopters.

The widget only edits a `Roster` (plain data) and shows what `core.powerspike.army.problems`
says about it; it never enforces a limit itself, so the rules stay in one place and a player
can save a half-built army. Each unit type shows its points and the army its total
(`army.type_points`: figures x combat cards, what a points end counts). A builder made for one
side (`side=`, the armies dialog's tabs) keeps it: its Side box is fixed, it offers only that
side's ready-made rosters and refuses a roster file of the other side, so the roster being
built is never wiped by a stray choice. File dialogs and error boxes sit behind `ask_*` /
`show_error` so tests can answer them.
"""
from __future__ import annotations

import re
from collections import Counter

import msgspec
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QComboBox, QFormLayout, QFrame, QGroupBox, QHBoxLayout, QLabel,
                               QLineEdit, QListWidget, QListWidgetItem, QPushButton, QScrollArea,
                               QSpinBox, QVBoxLayout, QWidget)

from core.powerspike.army import (ROSTER_SUFFIX, Carry, Organisation, Roster, RosterFormation,
                                  RosterUnit, default_organisation, formation_titles, load_roster,
                                  problems, ready_made, roster_points, save_roster, type_points, unit_labels)
from core.text import plural
from gui.kit.style import set_role
from maps.datafile import DataError

HQ = -1  # the group index of the army's own units (outside every formation)
MAX_SPIN = 20
EMPTY = "(empty)"
ROSTER_FILTER = f"Power Spike rosters (*{ROSTER_SUFFIX} *.json)"


class ArmyBuilder(QWidget):
    roster_changed = Signal(object)

    def __init__(self, roster: Roster | None = None, org: Organisation | None = None,
                 parent: QWidget | None = None, side: str | None = None) -> None:
        super().__init__(parent)
        self.org = org or default_organisation()
        self.fixed_side = side
        self._roster = roster or self._empty(side or sorted(self.org.units.sides)[0])
        self._spins: dict[tuple[int, str], QSpinBox] = {}
        self._cargo: dict[tuple[str, int], QComboBox] = {}
        self.remove_buttons: list[QPushButton] = []
        self._quiet = False

        self.side_combo = QComboBox(objectName="builderSide")
        for known in sorted(self.org.units.sides.values(), key=lambda s: s.id):
            if side is None or known.id == side:
                self.side_combo.addItem(f"{known.name} ({known.suits} suits)", known.id)
        if side is not None:
            self.side_combo.setEnabled(False)
            self.side_combo.setToolTip(f"This army is the {side}'s; the other side has its own tab")
        self.army_combo = QComboBox()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("optional, e.g. Red Fist Company")
        self.side_combo.currentIndexChanged.connect(self._side_chosen)
        self.army_combo.currentIndexChanged.connect(self._army_chosen)
        self.name_edit.textEdited.connect(self._renamed)

        self.ready_combo = QComboBox()
        self._ready = {k: r for k, r in ready_made().items() if side is None or r.side == side}
        for key, r in self._ready.items():
            self.ready_combo.addItem(r.name or key, key)
        self.ready_button = QPushButton("Use this army")
        self.ready_button.clicked.connect(self.load_ready_made)
        self.open_button = QPushButton("Open roster…")
        self.open_button.clicked.connect(self.open_roster)
        self.save_button = QPushButton("Save roster…")
        self.save_button.clicked.connect(self.save_roster)

        head = QFormLayout()
        head.addRow("Side", self.side_combo)
        head.addRow("Army", self.army_combo)
        head.addRow("Roster name", self.name_edit)
        ready_row = QHBoxLayout()
        ready_row.addWidget(self.ready_combo, 1)
        ready_row.addWidget(self.ready_button)
        head.addRow("Ready-made", ready_row)
        files = QHBoxLayout()
        files.addStretch(1)
        files.addWidget(self.open_button)
        files.addWidget(self.save_button)

        self.body = QWidget()
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(0, 0, 6, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.body)
        self.add_formation_combo = QComboBox()
        self.add_formation_button = QPushButton("Add formation")
        self.add_formation_button.clicked.connect(self._add_clicked)
        self.transport_box = QWidget()
        self.transport_layout = QVBoxLayout(self.transport_box)
        self.transport_layout.setContentsMargins(0, 0, 0, 0)

        left = QVBoxLayout()
        left.addLayout(head)
        left.addWidget(scroll, 1)
        left.addLayout(files)

        self.status_label = QLabel(objectName="builderStatus")
        self.count_label = QLabel(objectName="builderCount")
        self.points_label = QLabel(objectName="builderPoints")
        set_role(self.points_label, "psPoints")
        self.problem_list = QListWidget()
        self.problem_list.setWordWrap(True)
        self.problem_list.setSpacing(3)
        self.problem_list.setMinimumWidth(320)
        right = QVBoxLayout()
        right.addWidget(self.status_label)
        right.addWidget(self.points_label)
        right.addWidget(self.count_label)
        right.addWidget(self.problem_list, 1)

        outer = QHBoxLayout(self)
        outer.addLayout(left, 3)
        outer.addLayout(right, 2)
        self.set_roster(self._roster)

    # --- public -----------------------------------------------------------------------------
    def roster(self) -> Roster:
        return self._roster

    def set_roster(self, roster: Roster) -> None:
        self._roster = roster
        self._quiet = True
        try:
            i = self.side_combo.findData(roster.side)
            self.side_combo.setCurrentIndex(max(i, 0))
            self._fill_armies(roster.side)
            self.army_combo.setCurrentIndex(max(self.army_combo.findData(roster.army), 0))
            self.name_edit.setText(roster.name)
            same = next((k for k, r in self._ready.items() if r == roster), None)
            if same is not None:
                self.ready_combo.setCurrentIndex(self.ready_combo.findData(same))
        finally:
            self._quiet = False
        self._rebuild()

    def problems(self) -> list[str]:
        """The engine's problems, and (never reachable by clicks) a roster of the wrong side."""
        found = problems(self._roster, self.org)
        if self.fixed_side is not None and self._roster.side != self.fixed_side:
            found.insert(0, f"This army must be the {self.fixed_side}'s, but the roster is for the {self._roster.side}")
        return found

    def points(self) -> int:
        return roster_points(self._roster, self.org)

    def can_start(self) -> bool:
        return not self.problems()

    def spin(self, group: int, unit_type: str) -> QSpinBox:
        """The count box for `unit_type` in formation `group` (HQ for the army's own units)."""
        return self._spins[(group, unit_type)]

    def add_formation(self, formation_type: str) -> None:
        self._update(formations=self._roster.formations + (RosterFormation(formation_type),))

    def remove_formation(self, index: int) -> None:
        gone = {u.id for u in self._roster.formations[index].units}
        formations = self._roster.formations[:index] + self._roster.formations[index + 1:]
        self._update(formations=formations, transport=self._without(gone))

    def set_count(self, group: int, unit_type: str, count: int) -> None:
        units = self._roster.units if group == HQ else self._roster.formations[group].units
        have = [u for u in units if u.type == unit_type]
        if count < len(have):
            drop = {u.id for u in have[count:]}
            kept = tuple(u for u in units if u.id not in drop)
            transport = self._without(drop)
        else:
            fresh = self._fresh_ids(count - len(have))
            added = tuple(RosterUnit(i, unit_type) for i in fresh)
            last = max((k for k, u in enumerate(units) if u.type == unit_type), default=len(units) - 1)
            kept = units[:last + 1] + added + units[last + 1:]
            transport = self._roster.transport
        spin = self._spins.get((group, unit_type))
        if spin is not None and spin.value() != count:
            self._quiet = True
            spin.setValue(count)
            self._quiet = False
        if group == HQ:
            self._update(rebuild=False, units=kept, transport=transport)
        else:
            formations = list(self._roster.formations)
            formations[group] = msgspec.structs.replace(formations[group], units=kept)
            self._update(rebuild=False, formations=tuple(formations), transport=transport)

    def set_cargo(self, ornithopter_id: str, cargo_ids: list[str]) -> None:
        others = tuple(c for c in self._roster.transport if c.ornithopter != ornithopter_id)
        self._update(rebuild=False, transport=others + tuple(Carry(ornithopter_id, c) for c in cargo_ids if c))

    # --- files (tests replace the ask_* / show_error methods) --------------------------------
    def ask_save_path(self, suggested: str) -> str | None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self, "Save the roster", suggested, ROSTER_FILTER)
        return path or None

    def ask_open_path(self) -> str | None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self, "Open a roster", "", ROSTER_FILTER)
        return path or None

    def show_error(self, message: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(self, "Power Spike roster", message)

    def save_roster(self) -> bool:
        stem = re.sub(r"[^A-Za-z0-9-]+", "-", self._roster.name or self._roster.army).strip("-") or "roster"
        path = self.ask_save_path(stem + ROSTER_SUFFIX)
        if not path:
            return False
        try:
            save_roster(path, self._roster)
        except OSError as e:
            self.show_error(f"Cannot save {path}: {e.strerror or e}")
            return False
        return True

    def open_roster(self) -> bool:
        path = self.ask_open_path()
        if not path:
            return False
        try:
            roster = load_roster(path, self.org)
        except DataError as e:
            self.show_error(f"Cannot open the roster. {e}")
            return False
        if self.fixed_side is not None and roster.side != self.fixed_side:
            self.show_error(f"{path} is an army for the {roster.side}; this one is the {self.fixed_side}'s. "
                            "Open it in the other tab.")
            return False
        self.set_roster(roster)
        self.roster_changed.emit(self._roster)
        return True

    def load_ready_made(self) -> None:
        key = self.ready_combo.currentData()
        if key in self._ready:
            self.set_roster(self._ready[key])
            self.roster_changed.emit(self._roster)

    # --- editing ----------------------------------------------------------------------------
    def _empty(self, side: str, army: str | None = None) -> Roster:
        army = army or self.org.armies_for(side)[0].id
        return Roster(side=side, army=army)

    def _update(self, rebuild: bool = True, **changes: object) -> None:
        self._roster = msgspec.structs.replace(self._roster, **changes)
        if rebuild:
            self._rebuild()
        else:
            self._rebuild_transport()
            self._refresh_problems()
        self.roster_changed.emit(self._roster)

    def _without(self, gone: set[str]) -> tuple[Carry, ...]:
        return tuple(c for c in self._roster.transport if c.ornithopter not in gone and c.cargo not in gone)

    def _fresh_ids(self, n: int) -> list[str]:
        used = {u.id for u in self._roster.all_units()}
        top = max((int(m.group(1)) for i in used if (m := re.fullmatch(r"u(\d+)", i))), default=0)
        return [f"u{top + k}" for k in range(1, n + 1)]

    def _fill_armies(self, side: str) -> None:
        self.army_combo.blockSignals(True)
        self.army_combo.clear()
        for a in self.org.armies_for(side):
            self.army_combo.addItem(a.name, a.id)
        self.army_combo.blockSignals(False)

    def _side_chosen(self) -> None:
        side = self.side_combo.currentData()
        if self._quiet or side == self._roster.side:
            return
        self._quiet = True
        self._fill_armies(side)
        self._quiet = False
        self._roster = self._empty(side)
        self.name_edit.setText("")
        self._rebuild()
        self.roster_changed.emit(self._roster)

    def _army_chosen(self) -> None:
        army = self.army_combo.currentData()
        if self._quiet or army is None or army == self._roster.army:
            return
        self._update(army=army)

    def _renamed(self, text: str) -> None:
        self._update(rebuild=False, name=text)

    def _add_clicked(self) -> None:
        kind = self.add_formation_combo.currentData()
        if kind:
            self.add_formation(kind)

    def _spun(self, group: int, unit_type: str, value: int) -> None:
        if not self._quiet:
            self.set_count(group, unit_type, value)

    def _cargo_chosen(self, ornithopter_id: str) -> None:
        if self._quiet:
            return
        chosen = [combo.currentData() for (oid, _), combo in sorted(self._cargo.items()) if oid == ornithopter_id]
        self.set_cargo(ornithopter_id, [c for c in chosen if c])

    # --- drawing ----------------------------------------------------------------------------
    def _clear(self, layout: QVBoxLayout | QHBoxLayout) -> None:
        while layout.count():
            item = layout.takeAt(0)
            w = item.widget()
            if w is not None and w is not self.transport_box:
                w.hide()
                w.setParent(None)
                w.deleteLater()
            elif item.layout() is not None:
                self._clear(item.layout())  # type: ignore[arg-type]

    def _rebuild(self) -> None:
        self._quiet = True
        try:
            self._clear(self.body_layout)
            self._spins.clear()
            self.remove_buttons = []
            army = self.org.armies.get(self._roster.army)
            hq_title = f"{army.name}: army units" if army else "Army units"
            self.body_layout.addWidget(self._group_box(hq_title, HQ, army.unit_types if army else (),
                                                       self._roster.units, None))
            titles = formation_titles(self._roster, self.org)
            for i, (f, title) in enumerate(zip(self._roster.formations, titles)):
                ftype = self.org.formations.get(f.type)
                remove = QPushButton("Remove formation")
                remove.clicked.connect(lambda _=False, k=i: self.remove_formation(k))
                self.remove_buttons.append(remove)
                self.body_layout.addWidget(self._group_box(title, i, ftype.unit_types if ftype else (),
                                                           f.units, remove))
            add_row = QHBoxLayout()
            self.add_formation_combo = QComboBox()
            for t in (army.formation_types if army else ()):
                self.add_formation_combo.addItem(self.org.formations[t].name, t)
            self.add_formation_button = QPushButton("Add formation")
            self.add_formation_button.clicked.connect(self._add_clicked)
            add_row.addWidget(self.add_formation_combo, 1)
            add_row.addWidget(self.add_formation_button)
            holder = QWidget()
            holder.setLayout(add_row)
            self.body_layout.addWidget(holder)
            self.body_layout.addWidget(self.transport_box)
            self.body_layout.addStretch(1)
        finally:
            self._quiet = False
        self._rebuild_transport()
        self._refresh_problems()

    def _group_box(self, title: str, group: int, allowed: tuple[str, ...], units: tuple[RosterUnit, ...],
                   remove: QPushButton | None) -> QGroupBox:
        box = QGroupBox(title)
        form = QFormLayout(box)
        profiles = self.org.units.profiles
        counts = Counter(u.type for u in units)
        shown = list(dict.fromkeys(allowed)) + [t for t in counts if t not in allowed]
        for t in shown:
            spin = QSpinBox()
            spin.setRange(0, MAX_SPIN)
            spin.setFixedWidth(72)
            spin.setValue(counts[t])
            spin.valueChanged.connect(lambda v, g=group, k=t: self._spun(g, k, v))
            self._spins[(group, t)] = spin
            p = profiles.get(t)
            text = f"{p.name} units \u00b7 {type_points(p)} pts each" if p else f"'{t}' units"
            if t not in allowed:
                text += " (not allowed here)"
            if p:
                spin.setToolTip(f"{p.cards} cards, {p.figures} figures, move {p.move:g}\", range {p.range:g}\"")
            form.addRow(text, spin)
        if remove is not None:
            row = QHBoxLayout()
            row.addStretch(1)
            row.addWidget(remove)
            form.addRow(row)
        return box

    def _rebuild_transport(self) -> None:
        """One box per ornithopter, one cargo choice per 'thopter; rebuilt whenever units change."""
        self._quiet = True
        try:
            self._clear(self.transport_layout)
            self._cargo.clear()
            profiles = self.org.units.profiles
            labels = unit_labels(self._roster, self.org)
            everyone = self._roster.all_units()
            carriers = [u for u in everyone if u.type in profiles and profiles[u.type].is_ornithopter]
            self.transport_box.setVisible(bool(carriers))
            riders = [u for u in everyone if u.type in profiles
                      and not profiles[u.type].is_tank and not profiles[u.type].is_ornithopter]
            for o in carriers:
                box = QGroupBox(f"{labels[o.id]}: transport (one unit per 'thopter, never a tank)")
                form = QFormLayout(box)
                aboard = [c.cargo for c in self._roster.transport if c.ornithopter == o.id]
                for k in range(profiles[o.type].figures):
                    combo = QComboBox(objectName=f"cargo:{o.id}:{k}")
                    combo.addItem(EMPTY, "")
                    for r in riders:
                        combo.addItem(labels[r.id], r.id)
                    if k < len(aboard):
                        at = combo.findData(aboard[k])
                        if at < 0:
                            combo.addItem(labels.get(aboard[k], aboard[k]), aboard[k])
                            at = combo.count() - 1
                        combo.setCurrentIndex(at)
                    combo.currentIndexChanged.connect(lambda _=0, oid=o.id: self._cargo_chosen(oid))
                    self._cargo[(o.id, k)] = combo
                    form.addRow(f"'Thopter {k + 1}", combo)
                self.transport_layout.addWidget(box)
        finally:
            self._quiet = False

    def _refresh_problems(self) -> None:
        found = self.problems()
        self.problem_list.clear()
        for text in found:
            self.problem_list.addItem(QListWidgetItem(text))
        if found:
            self.status_label.setText(f"{plural(len(found), 'problem')} to fix")
            set_role(self.status_label, "psProblem")
        else:
            self.status_label.setText("Ready to play")
            set_role(self.status_label, "psReady")
        r = self._roster
        self.points_label.setText(f"{self.points()} points")
        self.points_label.setToolTip("Points: each unit's figures x its combat cards, what a points end counts")
        n, k = len(r.all_units()), len(r.formations)
        self.count_label.setText(f"{plural(n, 'unit')} in all: {plural(len(r.units), 'army unit')} "
                                 f"and {plural(k, 'formation')}")

