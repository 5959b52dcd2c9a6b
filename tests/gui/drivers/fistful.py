"""The fistful games as a player drives them: the boards (the map of Scar, the arena), the pickers, the
throw panels and the game-over pages of Throwdown, Solitaire and the battle games."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QGraphicsView, QLabel, QLineEdit, QPushButton, QTableWidget, QWidget

from core.fistful.roster import Fighter
from gui.fistful.battle_panel import Side
from gui.kit.fighters.picker import chip_name, token_name as picked_token_name
from gui.solitaire.sheet import FIRST_GAME_COLUMN
from gui.fistful.scar_map import BoardPiece, RegionItem
from tests.gui.drivers.base import LEFT, Driver, click_at

def finish_chip(picker: QWidget, fighter: Fighter) -> QPushButton:
    """The picker's button for `fighter`, found by its object name."""
    return picker.findChild(QPushButton, chip_name(fighter))


def region_pieces(board: QGraphicsView) -> dict[str, BoardPiece]:
    """The map's regions or the arena's discs, by region name."""
    return {item.name: item for item in board.scene().items() if isinstance(item, BoardPiece)}


def region_piece(board: QGraphicsView, name: str) -> Any:
    return region_pieces(board)[name]


def region_names(board: QGraphicsView) -> tuple[str, ...]:
    return tuple(region_pieces(board))


def selectable_regions(board: QGraphicsView) -> frozenset[str]:
    """The regions offered to click now (empty while nothing is offered)."""
    return frozenset(n for n, p in region_pieces(board).items() if p.selecting and p.selectable)


def region_tooltip(board: QGraphicsView, name: str) -> str:
    return region_piece(board, name).toolTip()


def region_anchor(board: QGraphicsView, name: str) -> QPointF:
    """Where a player clicks a region: its label on the map, its disc's centre in the arena."""
    piece = region_piece(board, name)
    return QPointF(piece.label) if isinstance(piece, RegionItem) else piece.pos()


def click_region(board: QGraphicsView, name: str) -> None:
    """A real mouse click on the region's anchor point, as a user would make it."""
    click_at(board, board.mapFromScene(region_anchor(board, name)))

def press_keys(board: QGraphicsView, *keys: Qt.Key) -> None:
    """Keys pressed on the board, as a keyboard player would (the board takes the focus first)."""
    board.setFocus()
    for key in keys:
        QTest.keyClick(board, key)


def focused_region(board: QGraphicsView) -> str | None:
    """The region in the keyboard's focus ring (None when the ring is on none)."""
    return board.focused_piece


class _FighterGameDriver(Driver):
    """What the fistful games share: the curtain, the finish-chip picker, the throw and record buttons."""

    PICKER = "fistfulPicker"

    def press(self, target: str | QWidget | None) -> None:
        self.click(target)

    def throw(self) -> None:
        self.press("throwButton")

    # --- tokens by keyboard, throws landing (issue 12) ------------------------------------
    def focus_token(self, token: QWidget) -> None:
        """Give a fighter token the keyboard focus, as Tab would (call activate_window first)."""
        token.setFocus(Qt.FocusReason.TabFocusReason)
        assert token.hasFocus(), f"{token.objectName()} does not take the focus"

    def key(self, key: Qt.Key) -> None:
        """Press a key where the keyboard focus is (the window's focused widget)."""
        target = QApplication.focusWidget() or self.root
        QTest.keyClick(target, key)

    def focused_token_name(self) -> str:
        w = QApplication.focusWidget()
        return w.objectName() if w is not None else ""

    def tokens_waiting(self, tokens: Iterable[QWidget]) -> list[QWidget]:
        """The tokens not yet shown landed (a throw still landing)."""
        return [t for t in tokens if t.landing is not None]

    def click_to_skip(self) -> None:
        """A click on the window while a throw lands: shows it at once."""
        QTest.mouseClick(self.root, LEFT, pos=self.root.rect().center())

    def record_throw(self) -> None:
        self.press("recordThrowButton")

    def back_to_start(self) -> None:
        self.press("backToStart")

class BattleDriver(_FighterGameDriver):
    """The battle games (Domination, All-out war): army, fistful, regions, throws, flips."""

    def press(self, target: str | QWidget | None) -> None:
        self.click(target, on_screen=True)

    def _pick(self, picker: QWidget, fighters: Iterable[Fighter]) -> None:
        picker.clear_filters()
        if picker.selection:
            self.press(picker.clear_button)
        for f in fighters:
            self.press(finish_chip(picker, f))

    def pick_army(self, fighters: Iterable[Fighter]) -> None:
        self._pick(self.find("armyBuilder"), fighters)

    def confirm_army(self) -> None:
        self.press("confirmArmy")

    # the army book's shortcuts in the army builder
    def random_army(self) -> None:
        self.press("randomArmy")

    def same_as_last_game(self) -> None:
        self.click("lastArmy", on_screen=True, enabled=True)

    def saved_armies(self) -> list[str]:
        combo = self.find("savedArmies", QComboBox)
        return [combo.itemText(i) for i in range(1, combo.count())]

    def choose_saved_army(self, name: str) -> None:
        combo = self.find("savedArmies", QComboBox)
        assert combo.isEnabled() and combo.isVisibleTo(self.root)
        combo.setCurrentIndex(combo.findText(name))

    def save_army_as(self, name: str) -> None:
        """Type the name, then Enter in the name box (as the Save button's tooltip says)."""
        edit = self.find("armyName", QLineEdit)
        edit.setFocus()
        edit.selectAll()
        QTest.keyClicks(edit, name)
        QTest.keyClick(edit, Qt.Key.Key_Return)

    def delete_saved_army(self, name: str) -> None:
        self.choose_saved_army(name)
        self.click("deleteArmy", on_screen=True, enabled=True)

    def army_book_note(self) -> str:
        note = self.find("armyBookNote", QLabel)
        return note.text() if note.isVisibleTo(self.root) else ""

    def pick_fistful(self, fighters: Iterable[Fighter]) -> None:
        """Click each fighter's finish chip in the army (the current choice cleared first)."""
        self._pick(self.find("armyPicker"), fighters)

    def choose_ambush(self, fighter: Fighter | None) -> None:
        combo = self.find("ambushExtra", QComboBox)
        combo.setCurrentIndex(max(0, combo.findData(fighter)))

    def confirm_fistful(self) -> None:
        self.press(self.find("armyPicker").confirm)

    def keep_fistful(self) -> None:
        self.press("keepFistful")

    pick_champions = pick_fistful
    confirm_champions = confirm_fistful

    @property
    def panel(self) -> QWidget:
        return self.find("battlePanel")

    def set_pose(self, side: Side, fighter: Fighter, pose: str) -> None:
        self.press(self.panel.pose_buttons[(side, fighter, pose)])

    def poses_to_enter(self) -> list[tuple[Side, Fighter]]:
        """The (side, fighter) pairs whose pose buttons show now (table mode)."""
        return list(dict.fromkeys((side, f) for side, f, _pose in self.panel.pose_buttons))

    def token(self, side: Side, fighter: Fighter) -> QWidget | None:
        return self.panel.tokens.get((side, fighter))

    def clickable_tokens(self) -> list[QWidget]:
        return [t for t in self.panel.tokens.values() if t.clickable]

    def flip(self, fighter: Fighter | None) -> None:
        """Flip this fighter (click its token), or click Don't flip for None."""
        if fighter is None:
            self.press("skipButton")
        else:
            self.press(next(t for (s, f), t in self.panel.tokens.items() if f == fighter and t.clickable))

    def no_second_region(self) -> None:
        self.press("skipButton")

    def remove_first_removable(self) -> None:
        self.press(self.clickable_tokens()[0])

    def click_region(self, name: str) -> None:
        click_region(self.root.board, name)

    def region_keys(self, *keys: Qt.Key) -> None:
        press_keys(self.root.board, *keys)

    def focused_region(self) -> str | None:
        return focused_region(self.root.board)

    # --- throws landing, refusals, the picker by keyboard (issue 12) ----------------------
    def landing(self) -> bool:
        return self.panel.landing

    def panel_tokens(self) -> list[QWidget]:
        return list(self.panel.tokens.values())

    def click_token(self, side: Side, fighter: Fighter) -> None:
        """A real click on a battle-panel token, clickable or not."""
        self.press(self.token(side, fighter))

    def focus_chip(self, picker: str, fighter: Fighter) -> None:
        """Give a finish chip in the roster the keyboard focus (call activate_window first)."""
        chip = finish_chip(self.find(picker), fighter)
        chip.setFocus(Qt.FocusReason.TabFocusReason)
        assert chip.hasFocus(), f"{chip.objectName()} does not take the focus"

    def focus_picked(self, picker: str, fighter: Fighter) -> None:
        """Give a picked fighter's token (in the fistful side of the picker) the keyboard focus."""
        self.settle()  # a token just added is shown by its layout
        self.focus_token(self.find(picker).tokens[fighter])

    def settle(self) -> None:
        """Let a redrawn list hand the focus back (it does so once its new widgets are shown)."""
        QTest.qWait(20)

class ThrowdownDriver(_FighterGameDriver):
    def pick_fighters(self, fighters: Iterable[Fighter]) -> None:
        """Click each fighter's finish chip in the roster (filters cleared first)."""
        picker = self.find(self.PICKER)
        picker.clear_filters()
        for f in fighters:
            self.press(finish_chip(picker, f))

    def confirm_pick(self) -> None:
        self.press("confirmPick")

    def picked_token(self, fighter: Fighter) -> QWidget:
        """The fighter's token in the fistful being picked (click it to put the fighter back)."""
        return self.find(self.PICKER).findChild(QWidget, picked_token_name(fighter))

    @property
    def board(self) -> QWidget:
        return self.find("throwBoard")

    def pose_button(self, player: int, fighter: Fighter, pose: str) -> QPushButton | None:
        return self.board.pose_buttons.get((player, fighter, pose))

    def set_pose(self, player: int, fighter: Fighter, pose: str) -> None:
        self.press(self.pose_button(player, fighter, pose))

    def token(self, player: int, fighter: Fighter) -> QWidget | None:
        return self.board.tokens.get((player, fighter))

    def removable_tokens(self) -> list[QWidget]:
        """The tokens now offered for removal, in seat and fistful order."""
        return [t for t in self.board.tokens.values() if t.clickable]

    def remove_first_removable(self) -> None:
        self.press(self.removable_tokens()[0])

    def landing(self) -> bool:
        return self.board.landing

    def click_token(self, player: int, fighter: Fighter) -> None:
        """A real click on a token, clickable or not."""
        self.press(self.token(player, fighter))

class SolitaireDriver(_FighterGameDriver):
    PICKER = "fivePicker"

    def sheet_value(self, label: str, game: int = 0) -> str:
        """The score sheet's cell (in the scores dock) on the row labelled `label`, for a game (0-based)."""
        table = self.root.scores_widget().findChild(QTableWidget, "sheetTable")
        texts = [[table.item(r, c).text() if table.item(r, c) else "" for c in range(table.columnCount())]
                 for r in range(table.rowCount())]
        row = next(row for row in texts if row[1] == label)
        return row[FIRST_GAME_COLUMN + game]

    def sheet_table(self) -> QTableWidget:
        return self.root.scores_widget().findChild(QTableWidget, "sheetTable")

    def sheet_games_shown(self, tooltips: bool = False) -> list[str]:
        """The game columns the score sheet shows (their headers, or the headers' tooltips)."""
        table = self.sheet_table()
        heads = [table.horizontalHeaderItem(c) for c in range(FIRST_GAME_COLUMN, table.columnCount())
                 if not table.isColumnHidden(c)]
        return [h.toolTip() if tooltips else h.text() for h in heads]

    def sheet_tooltip(self, label: str, game: int = 0) -> str:
        table = self.sheet_table()
        row = next(r for r in range(table.rowCount()) if table.item(r, 1) and table.item(r, 1).text() == label)
        return table.item(row, FIRST_GAME_COLUMN + game).toolTip()

    def sheet_note(self) -> str:
        """The note under the score sheet that explains the standing bonus."""
        return self.root.scores_widget().findChild(QWidget, "standingBonusNote").text()

    def throw_summary(self) -> str:
        return self.find("throwSummary").text()

    def pick_fighters(self, fighters: Iterable[Fighter]) -> None:
        picker = self.find(self.PICKER)
        picker.clear_filters()
        for f in fighters:
            self.press(finish_chip(picker, f))

    def confirm_pick(self) -> None:
        self.press(self.find(self.PICKER).confirm)

    def same_five(self) -> None:
        self.press(self.find(self.PICKER).same_button)

    @property
    def board(self) -> QWidget:
        return self.find("soloBoard")

    def pose_button(self, fighter: Fighter, pose: str) -> QPushButton | None:
        return self.board.pose_buttons.get((fighter, pose))

    def set_pose(self, fighter: Fighter, pose: str) -> None:
        self.press(self.pose_button(fighter, pose))

    def challenge_button(self, challenge: int) -> QPushButton:
        return self.board.challenge_buttons[challenge]

    def enter(self, challenge: int) -> None:
        self.press(self.challenge_button(challenge))

    def offered(self) -> list[int]:
        """The challenges now clickable."""
        return [c for c, b in self.board.challenge_buttons.items() if b.isEnabled()]

def battle_page(view: QWidget) -> BattleDriver:
    return BattleDriver(view)

def throwdown(view: QWidget) -> ThrowdownDriver:
    return ThrowdownDriver(view)

def solitaire(view: QWidget) -> SolitaireDriver:
    return SolitaireDriver(view)
