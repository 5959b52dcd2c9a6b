"""The Clout Fantasy layout board: copy a real table into the app and read its ranges and score.

No turns and no throwing: chips from the catalogue are dragged (or click-placed) onto the
area for either side, moved and removed at will. The board shows, for the selected chip, the
chips in its range and its abilities in plain words, and the game's score whose scope it states
(core.clout.layout.score_layout). Every rule question goes to core/; the board only edits a
`Layout` and redraws. Every edit is one step of undo (a Layout is immutable, so a step is the
layout before it), and the board is unsaved while its layout differs from the one last saved or
opened. File dialogs, questions and error boxes sit behind `ask_*` / `confirm_*` / `show_error`
so tests answer them without a modal loop.
"""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QColor, QKeySequence
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from core.clout.catalogue import (
    FACTIONS,
    Catalogue,
    default_catalogue,
    describe_ability,
)
from core.clout.geometry import CHIP_RADIUS_CM, edge_distance_cm, inside_area
from core.clout.layout import (
    SCORE_EXCLUDES,
    SCORE_INCLUDES,
    SUFFIX,
    Layout,
    chips_in_range_of,
    load_layout,
    save_layout,
    score_layout,
)
from core.clout.ruling import chip_labels, cm_text
from gui.clout.chip_items import ChipMarker
from gui.clout.layout_parts import CatalogueList, LayoutCanvas, PlayerPanel, chip_icon
from gui.clout.layout_referee import PositionEntry, RefereeBoard
from gui.clout.photo_underlay import UnderlaySwitch
from gui.kit.stylesheet import apply_theme
from maps.clout.areas import available_areas, load_area, range_increment_cm
from maps.datafile import DataError

LAYOUT_FILTER = f"Clout layouts (*{SUFFIX} *.json)"
PANEL_WIDTH = 300
# The board's own keys (the area's zoom and pan keys are the kit board view's), shown on the panel.
KEYS: tuple[tuple[str, str], ...] = (
    ("Arrows", "nudge the selected chip 1 mm (Shift: 1 cm)"),
    ("Shift/Ctrl+click", "rule between the selected chip and another"),
    ("Tab", "move between the catalogue, the area, the position and the tables"),
    ("Delete", "remove the selected chip"),
    ("Enter (catalogue)", "place the chip in the area's middle, to be nudged"),
    ("Esc", "stop placing a chip from the catalogue"),
    ("Ctrl+Z / Ctrl+Shift+Z", "undo / redo"),
)


class LayoutBoard(RefereeBoard, QWidget):
    """Two sides' chips on a playing area, no turns: ranges, abilities and the score as it lies."""

    layout_changed = Signal()
    play_requested = Signal(object)  # a CloutSetup from this position: the window owning the board starts it

    def __init__(self, catalogue: Catalogue | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        apply_theme()  # a tool window may open before any game view has set the theme
        self.setObjectName("cloutLayoutBoard")
        self.setWindowTitle("Clout Fantasy — layout board[*]")
        self.catalogue = catalogue or default_catalogue()
        self.layout_doc = Layout()
        self.area = load_area(self.layout_doc.area)
        self.path: str | None = None
        self._saved = self.layout_doc  # as last saved or opened: the board is dirty when it differs
        self._undo: list[Layout] = []
        self._redo: list[Layout] = []
        self._nudging: str | None = None  # arrows nudging this chip: one undo step for the run

        self.canvas = LayoutCanvas(self.area)
        self.canvas.chip_moved.connect(self.move_chip)
        self.canvas.chip_nudged.connect(self.nudge_chip)
        self.canvas.placing_cancelled.connect(self.stop_placing)
        self.undo_action = QAction("Undo", self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(lambda: self.undo())
        self.redo_action = QAction("Redo", self)
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        self.redo_action.triggered.connect(lambda: self.redo())
        for action in (self.undo_action, self.redo_action):
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            self.addAction(action)

        self.canvas.chip_dropped.connect(lambda chip, x, y: self.place_chip(chip, x, y))
        self.canvas.area_clicked.connect(self._area_clicked)
        self.canvas.selection_changed.connect(lambda _cid: self._refresh_selection())
        self.canvas.ruler_changed.connect(self._ruler_changed)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self._build_left())
        splitter.addWidget(self.canvas)
        splitter.addWidget(self._build_right())
        splitter.setStretchFactor(1, 1)
        splitter.setCollapsible(1, False)
        self.status = QLabel()
        self.status.setObjectName("layoutStatus")
        self.status.setWordWrap(True)
        self.status.setContentsMargins(8, 4, 8, 4)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        outer.addWidget(self._with_referee(splitter), 1)
        outer.addLayout(self._build_status_row())
        splitter.setSizes([PANEL_WIDTH, 680, PANEL_WIDTH])

        self.remove_action = QAction("Remove chip", self)
        self.remove_action.setShortcuts([QKeySequence(Qt.Key.Key_Delete), QKeySequence(Qt.Key.Key_Backspace)])
        self.remove_action.triggered.connect(lambda: self.remove_selected())
        self.addAction(self.remove_action)
        self.resize(1280, 800)
        self._set_tab_order()
        self._load_into_widgets()
        self._refresh_history()
        self.set_status("Drag a chip from the catalogue onto the area, or click it and then click the area.")

    # --- building -------------------------------------------------------------------------------
    def _build_left(self) -> QWidget:
        panel = QWidget()
        panel.setMinimumWidth(240)
        col = QVBoxLayout(panel)
        col.setContentsMargins(8, 8, 4, 8)
        area_row = QHBoxLayout()
        area_row.addWidget(QLabel("Area"))
        self.area_box = QComboBox()
        for area_id in available_areas():
            self.area_box.addItem(load_area(area_id).title, area_id)
        self.area_box.currentIndexChanged.connect(lambda _i: self.set_area(self.area_box.currentData()))
        area_row.addWidget(self.area_box, 1)
        col.addLayout(area_row)

        players = QGroupBox("Players (the chosen side gets new chips)")
        pcol = QVBoxLayout(players)
        pcol.setContentsMargins(6, 4, 6, 4)
        self.side_group = QButtonGroup(self)
        self.player_panels = [PlayerPanel(i, self.side_group) for i in range(2)]
        for panel_ in self.player_panels:
            panel_.changed.connect(self._players_edited)
            panel_.colour_button.clicked.connect(lambda _=False, k=panel_.index: self.choose_colour(k))
            pcol.addWidget(panel_)
        self.player_panels[0].radio.setChecked(True)
        col.addWidget(players)

        cat = QGroupBox("Catalogue")
        ccol = QVBoxLayout(cat)
        ccol.setContentsMargins(6, 4, 6, 4)
        self.faction_box = QComboBox()
        self.faction_box.addItem("All factions", None)
        for f in FACTIONS:
            self.faction_box.addItem(chip_icon(f.id), f.name, f.id)
        self.faction_box.currentIndexChanged.connect(lambda _i: self._fill_catalogue())
        ccol.addWidget(self.faction_box)
        self.catalogue_list = CatalogueList()
        self.catalogue_list.itemClicked.connect(lambda _item: self._arm())
        self.catalogue_list.enter_pressed.connect(self.place_in_middle)
        self.catalogue_list.escape_pressed.connect(self.stop_placing)
        ccol.addWidget(self.catalogue_list, 1)
        col.addWidget(cat, 1)
        self._fill_catalogue()
        return panel

    def _build_right(self) -> QWidget:
        panel = QWidget()
        panel.setMinimumWidth(260)
        col = QVBoxLayout(panel)
        col.setContentsMargins(4, 8, 8, 8)
        files = QHBoxLayout()
        for text, slot in (("New", self.new_layout), ("Open…", self.open_dialog), ("Save…", self.save_dialog)):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, s=slot: s())
            files.addWidget(button)
        col.addLayout(files)
        history = QHBoxLayout()
        self.undo_button = QPushButton("Undo", objectName="layoutUndo")
        self.redo_button = QPushButton("Redo", objectName="layoutRedo")
        for button, action in ((self.undo_button, self.undo_action), (self.redo_button, self.redo_action)):
            button.clicked.connect(action.trigger)
            history.addWidget(button)
        col.addLayout(history)
        photo_row = QHBoxLayout()
        self.import_photo_button = QPushButton("Import photo…", objectName="layoutImportPhoto")
        self.import_photo_button.setToolTip("Measure a photo of a real table: its chips come onto the board")
        self.import_photo_button.clicked.connect(lambda: self.import_photo())
        self.photo_switch = UnderlaySwitch(self.canvas.scene())
        photo_row.addWidget(self.import_photo_button)
        photo_row.addWidget(self.photo_switch)
        col.addLayout(photo_row)
        self.continue_button = QPushButton("Continue as a game…", objectName="layoutContinue")
        self.continue_button.setToolTip("Start a Clout game from this position: both sides' stacks, who throws next")
        self.continue_button.clicked.connect(lambda: self.continue_as_game())
        col.addWidget(self.continue_button)

        chip_box = QGroupBox("Selected chip")
        ccol = QVBoxLayout(chip_box)
        ccol.setContentsMargins(6, 4, 6, 4)
        self.chip_text = QTextBrowser()
        self.chip_text.setFrameShape(QFrame.Shape.NoFrame)
        self.chip_text.setOpenLinks(False)
        ccol.addWidget(self.chip_text, 1)
        self.position = PositionEntry()
        self.position.position_entered.connect(self.enter_position)
        ccol.addWidget(self.position)
        buttons = QHBoxLayout()
        self.switch_button = QPushButton("Other side")
        self.switch_button.setToolTip("Give this chip to the other player")
        self.switch_button.clicked.connect(lambda: self.switch_selected_owner())
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Remove the selected chip (Delete)")
        self.remove_button.clicked.connect(lambda: self.remove_selected())
        buttons.addWidget(self.switch_button)
        buttons.addWidget(self.remove_button)
        ccol.addLayout(buttons)
        col.addWidget(chip_box, 3)

        score_box = QGroupBox("Score as the table lies")
        scol = QVBoxLayout(score_box)
        scol.setContentsMargins(6, 4, 6, 4)
        self.score_label = QLabel()
        self.score_label.setTextFormat(Qt.TextFormat.RichText)
        scol.addWidget(self.score_label)
        self.score_notes = QTextBrowser(objectName="scoreNotes")
        self.score_notes.setFrameShape(QFrame.Shape.NoFrame)
        scol.addWidget(self.score_notes, 1)
        col.addWidget(score_box, 2)
        return panel

    def _fill_catalogue(self) -> None:
        faction = self.faction_box.currentData()
        self.catalogue_list.clear()
        for chip in self.catalogue:
            if faction and chip.faction != faction:
                continue
            defense = "action" if chip.defense is None else f"D{chip.defense}"
            item = QListWidgetItem(chip_icon(chip.faction), f"{chip.name}  ·  {chip.points} pt · R{chip.range} · {defense}")
            item.setData(Qt.ItemDataRole.UserRole, chip.id)
            item.setToolTip(self._chip_tooltip(chip.id))
            self.catalogue_list.addItem(item)

    # --- questions (tests replace these) -------------------------------------------------------------
    def ask_save_path(self, suggested: str) -> str | None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self, "Save the layout", suggested, LAYOUT_FILTER)
        return path or None

    def ask_open_path(self) -> str | None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self, "Open a layout", self._folder(), LAYOUT_FILTER)
        return path or None

    def ask_colour(self, current: str) -> str | None:
        from PySide6.QtWidgets import QColorDialog

        colour = QColorDialog.getColor(QColor(current), self, "Ring colour")
        return colour.name() if colour.isValid() else None

    def confirm_discard(self) -> bool:
        from PySide6.QtWidgets import QMessageBox

        answer = QMessageBox.question(self, "Unsaved layout", "The layout has changes that are not saved. Discard them?")
        return answer == QMessageBox.StandardButton.Yes

    def confirm_close(self) -> str:
        """'save', 'discard' or 'cancel' for a layout with unsaved changes."""
        from PySide6.QtWidgets import QMessageBox

        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(self, "Unsaved layout", "The layout has changes that are not saved. "
                                      "Save them first?", buttons.Save | buttons.Discard | buttons.Cancel,
                                      buttons.Save)
        return {buttons.Save: "save", buttons.Discard: "discard"}.get(answer, "cancel")

    def confirm_move_inside(self, area_title: str, names: list[str]) -> bool:
        """Chips that would lie off the new area: move them just inside its edge (True) or keep the area."""
        from PySide6.QtWidgets import QMessageBox

        listing = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
        answer = QMessageBox.question(
            self, "Chips off the new area",
            f"On the {area_title}, {len(names)} chip{'s' if len(names) != 1 else ''} would lie off the area "
            f"({listing}). Move {'them' if len(names) != 1 else 'it'} just inside the edge? "
            "No keeps the area as it is.")
        return answer == QMessageBox.StandardButton.Yes

    def show_error(self, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.critical(self, title, text)

    # --- editing ------------------------------------------------------------------------------------
    @property
    def active_side(self) -> int:
        return max(0, self.side_group.checkedId())

    def place_chip(self, chip: str, x_cm: float, y_cm: float, owner: int | None = None) -> str | None:
        """Put a catalogue chip on the area for `owner` (default: the chosen side); returns its id."""
        owner = self.active_side if owner is None else owner
        if chip not in self.catalogue:
            self.set_status(f"Unknown chip {chip!r}.")
            return None
        if not inside_area((x_cm, y_cm), self.area):
            self.set_status("That spot is off the playing area: a chip there would not be in play.")
            return None
        doc, cid = self.layout_doc.place(chip, owner, x_cm, y_cm)
        self._commit(doc)
        self.canvas.select(cid)
        name = self.catalogue.chip(chip).name
        self.set_status(f"Placed {name} for {self.layout_doc.players[owner].name}.")
        return cid

    def move_chip(self, chip_id: str, x_cm: float, y_cm: float) -> None:
        if not inside_area((x_cm, y_cm), self.area):
            self.set_status("A chip dropped off the area would be out of play; it stays where it was.")
            self._show_layout()
            return
        self._commit(self.layout_doc.move(chip_id, x_cm, y_cm))

    def nudge_chip(self, chip_id: str, dx_cm: float, dy_cm: float) -> None:
        """The arrows moved the selected chip: a run of nudges of one chip is one undo step."""
        placed = self.layout_doc.chip(chip_id)
        x, y = placed.x_cm + dx_cm, placed.y_cm + dy_cm
        if not inside_area((x, y), self.area):
            self.set_status("The chip is at the edge: one more step and it would be off the area.")
            return
        run = self._nudging == chip_id
        self._commit(self.layout_doc.move(chip_id, x, y), merge=run)
        self._nudging = chip_id
        self.set_status(f"{self._name(chip_id)} at {x:.1f}, {y:.1f} cm (arrows: 1 mm, Shift+arrows: 1 cm).")

    def remove_selected(self) -> bool:
        cid = self.canvas.selected
        if cid is None:
            return False
        name = self._name(cid)
        self._commit(self.layout_doc.remove(cid))
        self.set_status(f"Removed {name}.")
        return True

    def switch_selected_owner(self) -> bool:
        cid = self.canvas.selected
        if cid is None:
            return False
        chip = self.layout_doc.chip(cid)
        self._commit(self.layout_doc.set_owner(cid, 1 - chip.owner))
        return True

    def set_area(self, area_id: str) -> bool:
        """Chips keep their place relative to the area's middle, so every distance and range stays
        as it was; chips that would then lie off the new area are moved just inside its edge if
        the user agrees, else the area stays."""
        if area_id == self.area.id:
            return True
        new = load_area(area_id)
        (ox, oy), (nx, ny) = self.area.centre_cm, new.centre_cm
        doc = self.layout_doc.with_area(area_id)
        off = []
        for c in self.layout_doc.chips:
            x, y = c.x_cm - ox + nx, c.y_cm - oy + ny
            if not new.contains_point(x, y):
                off.append(c.id)
                x, y = new.nearest_inside(x, y, CHIP_RADIUS_CM)
            doc = doc.move(c.id, x, y)
        if off and not self.confirm_move_inside(new.title, [self._name(c) for c in off]):
            self._load_into_widgets()  # the area box shows the area kept
            return False
        self._commit(doc)
        moved = f"; {len(off)} chip{'s' if len(off) != 1 else ''} moved inside its edge" if off else ""
        self.set_status(f"The area is now {new.title}; chips keep their places from its middle{moved}.")
        return True

    def choose_colour(self, side: int) -> None:
        colour = self.ask_colour(self.player_panels[side].colour)
        if colour:
            self.player_panels[side].set_colour(colour)
            self._players_edited()

    def _players_edited(self) -> None:
        doc = self.layout_doc
        for panel_ in self.player_panels:
            try:
                doc = doc.with_player(panel_.index, panel_.slot())
            except ValueError as e:
                self.set_status(f"{panel_.slot().name}: {e}")
        self._commit(doc)

    @property
    def placing(self) -> str | None:
        """The catalogue chip the next click on the area places (one copy), or None."""
        return self.catalogue_list.chip_id() if self.canvas.placing else None

    def _arm(self) -> None:
        chip = self.catalogue_list.chip_id()
        if chip:
            self.canvas.placing = True
            self.set_status(f"Click the area to place one {self.catalogue.chip(chip).name} for "
                            f"{self.layout_doc.players[self.active_side].name} (Esc: stop).")

    def place_in_middle(self) -> str | None:
        """The keyboard's place: the current catalogue chip goes to the area's middle, selected,
        and the area takes the focus so the arrows nudge it where it belongs."""
        chip = self.catalogue_list.chip_id()
        if not chip:
            return None
        x, y = self.area.nearest_inside(*self.area.centre_cm, CHIP_RADIUS_CM)
        cid = self.place_chip(chip, x, y)
        if cid is not None:
            self.stop_placing(self.status.text() + " Arrows nudge it (Shift: 1 cm); Tab leaves the area.")
            self.canvas.select(cid)
            self.canvas.setFocus()
        return cid

    def stop_placing(self, status: str = "Placing stopped.") -> None:
        self.canvas.placing = False
        self.catalogue_list.setCurrentItem(None)
        self.catalogue_list.clearSelection()
        self.set_status(status)

    def _area_clicked(self, x_cm: float, y_cm: float) -> None:
        chip = self.placing
        if chip and self.place_chip(chip, x_cm, y_cm) is not None:
            status = self.status.text()
            self.stop_placing(status + " Click a chip in the catalogue to place another.")

    def _ruler_changed(self, ruler) -> None:
        if ruler:
            self.rule_pair(ruler[0], ruler[1])
        else:
            self.set_status("Shift+click (or Ctrl+click) a second chip to rule between them.")

    # --- files ----------------------------------------------------------------------------------------
    def new_layout(self) -> bool:
        if self.dirty and self.layout_doc.chips and not self.confirm_discard():
            return False
        self._reset(Layout(area=self.area.id, players=self.layout_doc.players), None)
        return True

    def save_dialog(self) -> bool:
        suggested = self.path or str(Path(self._folder()) / f"layout{SUFFIX}")
        path = self.ask_save_path(suggested)
        if not path:
            return False
        if not path.lower().endswith(".json"):
            path += SUFFIX
        return self.save_to(path)

    def save_to(self, path: str | os.PathLike[str]) -> bool:
        try:
            save_layout(self.layout_doc, path)
        except OSError as e:
            self.show_error("Cannot save the layout", f"Cannot save {path}: {e.strerror or e}")
            return False
        self.path = str(path)
        self._saved = self.layout_doc
        self._refresh_history()
        self.set_status(f"Saved to {path}.")
        return True

    def open_dialog(self) -> bool:
        if self.dirty and self.layout_doc.chips and not self.confirm_discard():
            return False
        path = self.ask_open_path()
        return self.open_file(path) if path else False

    def open_file(self, path: str | os.PathLike[str]) -> bool:
        """Load first, replace second: a broken file never costs the layout on the board."""
        try:
            layout = load_layout(path, known_chips=self.catalogue, known_areas=available_areas())
        except DataError as e:
            self.show_error("Cannot open the layout", str(e))
            return False
        self._reset(layout, str(path))
        self.set_status(f"Opened {path}.")
        return True

    def continue_as_game(self) -> bool:
        """Play on from this layout (the dialog asks what it lacks); False when cancelled."""
        from gui.clout.continue_game import ask_continue

        setup = ask_continue(self.layout_doc, self)
        if setup is None:
            return False
        self.play_requested.emit(setup)
        return True

    def import_photo(self):
        """The photo import dialog (gui/clout/photo_import.py), window-modal; what it finds is added
        as one undo step when the player accepts it."""
        from gui.clout.photo_import import PhotoImportDialog, imported_layout

        dialog = PhotoImportDialog(self.layout_doc, self.catalogue, self.active_side, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def accepted() -> None:
            result = dialog.result
            self._commit(imported_layout(self.layout_doc, result))
            self.set_status(f"Added {len(result.chips)} chip{'s' if len(result.chips) != 1 else ''} from the photo; "
                            "Show photo toggles it under the chips.")

        dialog.accepted.connect(accepted)
        self.photo_dialog = dialog
        dialog.open()
        return dialog

    def _reset(self, layout: Layout, path: str | None) -> None:
        """A new or opened layout: nothing to undo, nothing unsaved."""
        self._undo.clear()
        self._redo.clear()
        self._saved = layout
        self.path = path
        self._set_doc(layout)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Unsaved changes are offered for saving first; Cancel keeps the window open."""
        if self.dirty:
            answer = self.confirm_close()
            if answer == "cancel" or (answer == "save" and not self.save_dialog()):
                event.ignore()
                return
        event.accept()

    def _folder(self) -> str:
        return str(Path(self.path).parent) if self.path else str(Path.home())

    # --- showing ----------------------------------------------------------------------------------------
    def set_status(self, text: str) -> None:
        self.status.setText(text)

    @property
    def dirty(self) -> bool:
        return self.layout_doc != self._saved

    def _commit(self, doc: Layout, merge: bool = False) -> None:
        """One undoable edit. `merge`: fold it into the last step (a run of arrow nudges)."""
        if doc == self.layout_doc:
            return
        if not merge or not self._undo:
            self._undo.append(self.layout_doc)
        self._redo.clear()
        self._nudging = None
        self._set_doc(doc)

    def undo(self) -> bool:
        if not self._undo:
            self.set_status("Nothing to undo.")
            return False
        self._redo.append(self.layout_doc)
        self._nudging = None
        self._set_doc(self._undo.pop())
        self.set_status("Undone.")
        return True

    def redo(self) -> bool:
        if not self._redo:
            self.set_status("Nothing to redo.")
            return False
        self._undo.append(self.layout_doc)
        self._nudging = None
        self._set_doc(self._redo.pop())
        self.set_status("Redone.")
        return True

    def _set_doc(self, doc: Layout) -> None:
        area_changed = doc.area != self.area.id
        self.layout_doc = doc
        if area_changed:
            self.area = load_area(doc.area)
            self.canvas.set_area(self.area)
        self._load_into_widgets()
        self.photo_switch.sync(doc.photo, self.area)
        self._refresh_history()
        self.layout_changed.emit()

    def _refresh_history(self) -> None:
        self.undo_button.setEnabled(bool(self._undo))
        self.redo_button.setEnabled(bool(self._redo))
        self.undo_button.setToolTip(f"Undo the last change ({self.undo_action.shortcut().toString()})")
        self.redo_button.setToolTip(f"Redo what was undone ({self.redo_action.shortcut().toString()})")
        self.setWindowModified(self.dirty)

    def _load_into_widgets(self) -> None:
        self.area_box.blockSignals(True)
        self.area_box.setCurrentIndex(max(0, self.area_box.findData(self.layout_doc.area)))
        self.area_box.blockSignals(False)
        inc = range_increment_cm(self.area)
        for panel_, slot in zip(self.player_panels, self.layout_doc.players):
            panel_.set_slot(slot, inc)
        self._show_layout()

    def _show_layout(self) -> None:
        doc = self.layout_doc
        self.labels = chip_labels(doc, self.catalogue)
        self.canvas.set_players([p.colour for p in doc.players], [p.increment_cm for p in doc.players])
        self.canvas.set_chips(self.markers())
        self._refresh_referee()
        self._refresh_selection()
        self._refresh_score()

    def markers(self) -> list[ChipMarker]:
        return [dataclasses.replace(ChipMarker.from_chip(c.id, self.catalogue.chip(c.chip), c.owner, c.x_cm, c.y_cm,
                                                         self._chip_tooltip(c.chip)), name=self.labels[c.id])
                for c in self.layout_doc.chips]

    def _chip_tooltip(self, chip: str) -> str:
        from core.clout.catalogue import describe_chip

        return describe_chip(self.catalogue.chip(chip))

    def _name(self, chip_id: str) -> str:
        return self.labels.get(chip_id) or self.catalogue.chip(self.layout_doc.chip(chip_id).chip).name

    def _refresh_selection(self) -> None:
        cid = self.canvas.selected
        self.switch_button.setEnabled(cid is not None)
        self.remove_button.setEnabled(cid is not None)
        known = cid is not None and self.layout_doc.has(cid)
        self.position.show_position((self.layout_doc.chip(cid).x_cm, self.layout_doc.chip(cid).y_cm) if known else None)
        if not known:
            keys = "".join(f"<br><b>{_esc(k)}</b>: {_esc(what)}" for k, what in KEYS)
            self.chip_text.setHtml("<p style='color:#666'>Click a chip to see its range, the chips in it "
                                   "and its abilities. Shift+click two chips to measure between them.</p>"
                                   f"<p style='color:#666'>{keys}</p>")
            return
        placed = self.layout_doc.chip(cid)
        chip = self.catalogue.chip(placed.chip)
        owner = self.layout_doc.players[placed.owner]
        inc = self.layout_doc.increment_cm(placed.owner, range_increment_cm(self.area))
        defense = "no defense (action)" if chip.defense is None else f"defense {chip.defense}"
        html = [f"<h3 style='margin:0'>{_esc(self._name(cid))}</h3>",
                (f"<p style='margin:2px 0'><span style='color:{owner.colour}'>●</span> {_esc(owner.name)} · "
                f"{chip.faction_name} {chip.type}<br>{chip.points} point{'' if chip.points == 1 else 's'} · range {chip.range} "
                f"({chip.range * inc:g} cm from its edge) · {defense}</p>")]
        html.append("<p style='margin:6px 0 2px 0'><b>Abilities</b></p>")
        if chip.abilities:
            html.append("<ul style='margin:0; -qt-list-indent: 1'>" + "".join(
                f"<li>{_esc(describe_ability(a))}</li>" for a in chip.abilities) + "</ul>")
        else:
            html.append("<p style='margin:0'>None.</p>")
        if chip.immunities:
            html.append(f"<p style='margin:2px 0'>Immune to {', '.join(sorted(i.capitalize() for i in chip.immunities))}.</p>")
        hits = chips_in_range_of(self.layout_doc, cid, self.catalogue, self.area)
        html.append(f"<p style='margin:6px 0 2px 0'><b>In range ({len(hits)})</b></p>")
        if hits:
            rows = []
            for o in hits:
                other = self.layout_doc.chip(o)
                gap = edge_distance_cm((placed.x_cm, placed.y_cm), (other.x_cm, other.y_cm))
                colour = self.layout_doc.players[other.owner].colour
                rows.append(f"<li><span style='color:{colour}'>●</span> {_esc(self._name(o))} "
                            f"<span style='color:#666'>({cm_text(gap)} cm)</span></li>")
            html.append("<ul style='margin:0; -qt-list-indent: 1'>" + "".join(rows) + "</ul>")
        else:
            html.append("<p style='margin:0'>No chip is in range.</p>")
        html.append(self.reached_by_html(cid))
        self.chip_text.setHtml("".join(html))

    def _refresh_score(self) -> None:
        score = score_layout(self.layout_doc, self.catalogue, self.area)
        players = self.layout_doc.players
        rows = "".join((f"<tr><td><span style='color:{p.colour}'>●</span> {_esc(p.name)}</td>"
                       f"<td align='right'><b>{score.totals[k]}</b></td></tr>") for k, p in enumerate(players))
        self.score_label.setText(f"<table width='100%' style='font-size:12pt'>{rows}</table>")
        notes = [f"Counts: {SCORE_INCLUDES}.", f"Not counted yet: {SCORE_EXCLUDES}."]
        notes += score.unscored
        self.score_notes.setHtml("".join(f"<p style='margin:0 0 4px 0'>{_esc(n)}</p>" for n in notes))
        self.score = score


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def open_layout_board(parent: QWidget | None = None) -> LayoutBoard:
    """The board in its own window (a tool beside the game window, not a page of it)."""
    board = LayoutBoard()
    if parent is not None:
        board.setParent(parent, Qt.WindowType.Window)
    board.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    board.show()
    return board
