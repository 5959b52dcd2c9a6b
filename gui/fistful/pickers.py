"""The battle games' secret choices, built on Throwdown's roster picker.

`ArmyBuilder` takes 15 fighters from the whole collection (or, in one click, a random legal
army, the player's army from last game, or one they saved by name: the army book in the data
folder, core/fistful/army_book.py); `ArmyPicker` takes a fistful (or the Ultimate Champion's
four) from the player's army only. The roster rows, filters and
tokens are Throwdown's; the counters, the problems shown (from the battle engine) and the
extra controls differ. Neither applies anything: the view turns "Confirm" into an action.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QScrollArea, QVBoxLayout, QWidget

from core.fistful import army_book
from core.fistful.battles import ARMY_SIZE, BattleGame
from core.fistful.roster import Fighter
from core.fistful.throwdown import MAX_FIGHTERS, MAX_POINTS
from gui.kit.fighters.picker import PUT_BACK, FistfulPicker
from gui.kit.style import set_role
from maps.datafile import DataError

OK, BAD = "countOk", "countBad"  # the roles of a fighter or point count within or over its limit


def _show_problems(picker: FistfulPicker, problems: Sequence[str]) -> None:
    picker.problems.setText("\n".join(f"\u2022 {p}" for p in problems))
    picker.problems.setVisible(bool(problems))


def army_book_path() -> Path:
    from gui import storage

    return storage.data_dir() / army_book.FILE_NAME


class ArmyBuilder(FistfulPicker):
    """Exactly 15 of the 144 fighters; every problem `army_problems` finds is listed.

    The shortcuts fill the selection only; the player still confirms. A confirmed army becomes
    the seat's "last game" army in the book. A book that cannot be read is left exactly as it
    is: its shortcuts are off with the reason shown, and nothing is written over it.
    """

    def __init__(self, game: BattleGame, parent: QWidget | None = None) -> None:
        self.game = game
        self.seed: int | str = 0  # the match's seed: the same game deals the same random armies
        self.player_name = ""
        self._random_draws = 0
        self._book: army_book.ArmyBook | None = army_book.ArmyBook()
        self._book_error = ""
        super().__init__(game.roster, parent)
        self.setObjectName("armyBuilder")
        self.subtitle.setText(f"Choose exactly {ARMY_SIZE} fighters from your collection: your army for the "
                              "whole game. Fistfuls are picked from it later. Your army stays secret until "
                              "everyone has chosen.")
        self.confirm.setText("Confirm army")
        self.confirm.setObjectName("confirmArmy")
        self.empty_hint.setText("Click a finish in the roster to add that fighter to your army, or take a "
                                "random, last game's or saved army above (or arrows in the roster, then Enter).\n"
                                "Click a fighter here (or Enter) to put it back.")
        self._build_shortcuts()
        self.confirm_requested.connect(self._remember_last)

    def _build_shortcuts(self) -> None:
        self.random_button = QPushButton("Random legal army", objectName="randomArmy")
        self.random_button.setToolTip(f"Fill the army with {ARMY_SIZE} fighters drawn at random "
                                      "(you can still change it before confirming).")
        self.random_button.clicked.connect(self.random_army)
        self.last_button = QPushButton("Same as last game", objectName="lastArmy")
        self.last_button.clicked.connect(self.last_army)
        self.saved_combo = QComboBox(objectName="savedArmies")
        self.saved_combo.currentIndexChanged.connect(self._on_saved_chosen)
        self.delete_button = QPushButton("Delete", objectName="deleteArmy")
        self.delete_button.clicked.connect(self.delete_saved)
        self.name_edit = QLineEdit(objectName="armyName")
        self.name_edit.setPlaceholderText("Name this army")
        self.name_edit.setMaxLength(army_book.MAX_NAME)
        self.name_edit.textChanged.connect(lambda _t: self._refresh_shortcuts())
        self.name_edit.returnPressed.connect(self.save_current)
        self.save_button = QPushButton("Save", objectName="saveArmy")
        self.save_button.clicked.connect(self.save_current)
        self.book_note = QLabel(objectName="armyBookNote")
        self.book_note.setWordWrap(True)
        self.book_note.hide()
        box = QWidget(objectName="armyShortcuts")
        lay = QVBoxLayout(box)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        for widgets in ((self.random_button, self.last_button), (self.saved_combo, self.delete_button),
                        (self.name_edit, self.save_button)):
            row = QHBoxLayout()
            row.setSpacing(4)
            row.addWidget(widgets[0], 1)
            row.addWidget(widgets[1], 1 if widgets[0] is self.random_button else 0)
            lay.addLayout(row)
        lay.addWidget(self.book_note)
        side = self.confirm.parentWidget().layout()
        side.insertWidget(side.indexOf(self.findChild(QScrollArea, "fistfulScroll")), box)

    def start(self, player: int, name: str, colour: str) -> None:
        self.player_name = name
        self._random_draws = 0
        self.name_edit.clear()
        self.saved_combo.blockSignals(True)
        self.saved_combo.setCurrentIndex(0)
        self.saved_combo.blockSignals(False)
        self._load_book()
        super().start(player, name, colour)
        self.title.setText(f"{name}, choose your army")
        self.fistful_title.setText(f"{name}'s army")

    # --- the army book ------------------------------------------------------------------
    def _load_book(self) -> None:
        """Read the book again for every seat, so a file fixed meanwhile is used at once."""
        path = army_book_path()
        try:
            self._book, self._book_error = army_book.read_book(path, self.roster), ""
        except DataError as e:
            self._book, self._book_error = None, str(e)
        self._note("" if self._book is not None else
                   f"Saved armies are off: the army book cannot be read ({self._book_error}). Battlebox leaves "
                   "the file as it is; mend or remove it to use saved armies again.", problem=True)

    def _note(self, text: str, problem: bool = False) -> None:
        self.book_note.setText(text)
        set_role(self.book_note, "problem" if problem else "done")
        self.book_note.setVisible(bool(text))

    def _page(self) -> army_book.SeatBook:
        return army_book.seat(self._book or army_book.ArmyBook(), self.player_name)

    def _write(self, book: army_book.ArmyBook) -> bool:
        if self._book is None:
            return False
        try:
            army_book.write_book(army_book_path(), book)
        except OSError as e:
            self._note(f"The army book could not be saved ({e.strerror or e}).", problem=True)
            return False
        self._book = book
        return True

    def _remember_last(self, fighters: tuple[Fighter, ...]) -> None:
        if self._book is not None and not self.game.army_problems(fighters):
            self._write(army_book.with_last(self._book, self.player_name, fighters))

    def _take(self, fighters: Sequence[Fighter]) -> None:
        self._selection = list(fighters)
        self._refresh()

    def random_army(self) -> None:
        """A new random legal army each press; the match's seed, seat and press make it repeatable."""
        self._random_draws += 1
        self._take(army_book.random_army(self.roster, f"{self.seed}:{self.player}:{self._random_draws}"))
        self._note("")

    def last_army(self) -> None:
        if self._page().last:
            self._take(self._page().last)

    def _on_saved_chosen(self, index: int) -> None:
        army = self.saved_combo.itemData(index)
        if army is not None:
            self._take(army.fighters)
            self.name_edit.setText(army.name)
        self._refresh_shortcuts()

    def delete_saved(self) -> None:
        army = self.saved_combo.currentData()
        if army is not None and self._book is not None:
            if self._write(army_book.without_saved(self._book, self.player_name, army.name)):
                self._note(f"Deleted \u201c{army.name}\u201d.")
            self._refresh()

    def save_current(self) -> None:
        name = self.name_edit.text()
        if self._book is None or self.game.army_problems(self.selection) or army_book.name_problem(name):
            return
        if self._write(army_book.with_saved(self._book, self.player_name, name, self.selection)):
            self._note(f"Saved as \u201c{' '.join(name.split())}\u201d.")
        self._refresh()

    def _refresh_shortcuts(self) -> None:
        if not hasattr(self, "saved_combo"):
            return
        page = self._page()
        off = self._book_error and "The army book cannot be read (see the note below)."
        self.last_button.setEnabled(bool(page.last))
        self.last_button.setToolTip(off or ("Take the army you played last game." if page.last else
                                            f"No army recorded for {self.player_name} yet."))
        wanted = self.saved_combo.currentData()
        self.saved_combo.blockSignals(True)
        self.saved_combo.clear()
        self.saved_combo.addItem(f"Saved armies ({len(page.saved)})" if page.saved else "No saved armies", None)
        for army in page.saved:
            self.saved_combo.addItem(army.name, army)
        at = next((i for i in range(1, self.saved_combo.count())
                   if wanted is not None and self.saved_combo.itemData(i).name == wanted.name), 0)
        self.saved_combo.setCurrentIndex(at)
        self.saved_combo.blockSignals(False)
        self.saved_combo.setEnabled(bool(page.saved))
        self.saved_combo.setToolTip(off or "Choose one of your saved armies to take it.")
        chosen = self.saved_combo.currentData()
        self.delete_button.setEnabled(chosen is not None)
        self.delete_button.setToolTip(off or (f"Delete the saved army \u201c{chosen.name}\u201d." if chosen
                                              else "Choose a saved army to delete it."))
        why = off or (self.game.army_problems(self.selection) and f"Choose {ARMY_SIZE} fighters to save them.") \
            or army_book.name_problem(self.name_edit.text())
        exists = any(a.name.casefold() == " ".join(self.name_edit.text().split()).casefold() for a in page.saved)
        self.save_button.setEnabled(not why)
        self.save_button.setToolTip(why or ("Replace the saved army of this name (Enter)." if exists
                                            else "Save this army under its name (Enter)."))
        self.name_edit.setEnabled(self._book is not None)

    def _refresh(self) -> None:
        super()._refresh()
        sel = self.selection
        n = len(sel)
        points = sum(self.roster.value(f) for f in sel)
        self.fighter_count.setText(f"{n}/{ARMY_SIZE} fighters")
        set_role(self.fighter_count, BAD if n > ARMY_SIZE else OK)
        self.point_count.setText(f"{points} points in all")
        set_role(self.point_count, OK)
        problems = self.game.army_problems(sel)
        _show_problems(self, problems)
        self.confirm.setEnabled(not problems)
        self.confirm.setToolTip(" ".join(problems) if problems else "Lock in this army (it stays secret).")
        self._refresh_shortcuts()


class ArmyPicker(FistfulPicker):
    """Fighters from one army: a fistful (with reselect and Ambush extras) or the champion's four.

    `problems(fighters, extra)` is the engine's judgement of the current choice; the picker
    only shows it. In "champion" mode the engine refuses a wrong count when confirming.
    """

    def __init__(self, game: BattleGame, parent: QWidget | None = None) -> None:
        self.game = game
        self.army: frozenset[Fighter] = frozenset()
        self.kind = "fistful"
        self.current: tuple[Fighter, ...] = ()
        self.locked = False
        self.need = 0
        self._ambush = False
        self._problems: Callable[[Sequence[Fighter], Fighter | None], list[str]] = lambda f, e: []
        self.keep_button = QPushButton("Keep my fistful", objectName="keepFistful")
        self.ambush_label = QLabel("Ambush bonus Shadow fighter (optional)", objectName="ambushLabel")
        self.ambush_combo = QComboBox(objectName="ambushExtra")
        self.hint = QLabel(objectName="pickHint")
        super().__init__(game.roster, parent)
        self.setObjectName("armyPicker")
        heading = next((lab for lab in self.findChildren(QLabel) if lab.text() == "Roster"), None)
        if heading is not None:
            heading.setText("Your army")
        self.hint.setWordWrap(True)
        self.ambush_label.setWordWrap(True)
        self.ambush_combo.currentIndexChanged.connect(lambda _i: self._refresh())
        self.keep_button.setMinimumHeight(34)
        self.keep_button.setCursor(Qt.CursorShape.PointingHandCursor)
        side = self.confirm.parentWidget().layout()
        at = side.indexOf(self.problems)
        side.insertWidget(at, self.hint)
        side.insertWidget(at + 1, self.ambush_label)
        side.insertWidget(at + 2, self.ambush_combo)
        side.insertWidget(side.count() - 1, self.keep_button)
        self._refresh()

    # --- state ------------------------------------------------------------------------
    def start_pick(self, player: int, name: str, colour: str, army: Sequence[Fighter], *,
                   kind: str = "fistful", current: Sequence[Fighter] = (), locked: bool = False,
                   ambush: bool = False, need: int = 0,
                   problems: Callable[[Sequence[Fighter], Fighter | None], list[str]] | None = None) -> None:
        """A player sits down. `current` pre-fills a reselection; `locked` keeps it as it is."""
        self.army = frozenset(army)
        self.kind = kind
        self.current = tuple(current)
        self.locked = locked
        self.need = need
        self._ambush = ambush
        self._problems = problems or (lambda f, e: [])
        shadows = sorted((f for f in army if f.finish == "shadow"), key=self.roster.name)
        self.ambush_combo.blockSignals(True)
        self.ambush_combo.clear()
        self.ambush_combo.addItem("No bonus fighter", None)
        for f in shadows:
            self.ambush_combo.addItem(f"{self.roster.name(f)} ({self.roster.value(f)})", f)
        self.ambush_combo.blockSignals(False)
        for w in (self.ambush_label, self.ambush_combo):
            w.setVisible(ambush)
        self.start(player, name, colour)
        for f in self.current:
            self._selection.append(f)
        if kind == "champion":
            self.title.setText(f"{name}, choose {need} fighters to face the Warlords")
            self.fistful_title.setText(f"{name}'s champions")
            self.subtitle.setText(f"Pick {need} fighters from your remaining army. They throw against the "
                                  "three Warlords until one side has no fighters left.")
            self.confirm.setText("Face the Warlords")
        else:
            self.title.setText(f"{name}, your fistful stays: add an Ambush fighter?" if locked else
                               f"{name}, keep or change your fistful" if current else
                               f"{name}, choose your fistful")
            self.fistful_title.setText(f"{name}'s fistful")
            self.subtitle.setText(f"Choose up to {MAX_FIGHTERS} fighters from your army, worth up to {MAX_POINTS} "
                                  "points in total. Your choice stays secret until everyone has picked.")
            self.confirm.setText("Confirm fistful")
        hints = []
        if locked:
            hints.append("You won the last battle: your fistful stays as it is.")
        if ambush:
            hints.append("You were ambushed: you may add one Shadow fighter from your army for the next battle.")
        self.hint.setText(" ".join(hints))
        self.hint.setVisible(bool(hints))
        self.keep_button.setVisible(bool(current) and not locked)
        self.clear_button.setVisible(not locked)
        for row in self.rows:
            for b in row.chips.values():
                b.setEnabled(not locked)
        self._apply_filters()
        self._refresh()

    @property
    def extra(self) -> Fighter | None:
        return self.ambush_combo.currentData() if self._ambush else None

    def keep(self) -> None:
        """Put the current fistful back exactly as it was."""
        self._selection = list(self.current)
        self._refresh()

    def toggle(self, fighter: Fighter) -> None:
        if not self.locked:
            super().toggle(fighter)

    # --- drawing ----------------------------------------------------------------------
    def _apply_filters(self) -> None:
        super()._apply_filters()
        finish = self.finish_filter.currentData()
        shown = 0
        for row in self.rows:
            any_chip = False
            for fid, b in row.chips.items():
                mine = Fighter(row.sculpt.id, fid) in self.army
                b.setVisible(mine and (not finish or fid == finish))
                any_chip = any_chip or mine
            visible = not row.isHidden()
            row.setVisible(visible and any_chip)
            shown += visible and any_chip
        self.no_match.setVisible(shown == 0)

    def _refresh(self) -> None:
        super()._refresh()
        sel = self.selection
        n = len(sel)
        points = sum(self.roster.value(f) for f in sel)
        for t in self.tokens.values():
            t.set_clickable(not self.locked, PUT_BACK)
        if self.kind == "champion":
            self.fighter_count.setText(f"{n}/{self.need} fighters")
            set_role(self.fighter_count, OK if n <= self.need else BAD)
            self.point_count.setText(f"{points} points")
            set_role(self.point_count, OK)
            _show_problems(self, [])
            self.confirm.setEnabled(True)
            self.confirm.setToolTip("Send these fighters against the Warlords.")
            return
        self.fighter_count.setText(f"{n}/{MAX_FIGHTERS} fighters")
        set_role(self.fighter_count, BAD if n > MAX_FIGHTERS else OK)
        self.point_count.setText(f"{points}/{MAX_POINTS} points")
        set_role(self.point_count, BAD if points > MAX_POINTS else OK)
        problems = self._problems(sel, self.extra)
        _show_problems(self, problems)
        self.confirm.setEnabled(not problems)
        self.confirm.setToolTip(" ".join(problems) if problems else "Lock in this fistful (it stays secret).")
        self.keep_button.setEnabled(bool(self.current))
