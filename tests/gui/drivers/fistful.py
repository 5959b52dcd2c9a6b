"""The fistful games as a player drives them: the boards (the map of Scar, the arena), the pickers, the
throw panels and the game-over pages of Throwdown, Solitaire and the battle games."""
from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QGraphicsView, QPushButton, QWidget

from core.fistful.roster import Fighter
from gui.fistful.battle_panel import Side
from tests.gui.drivers.base import Driver, click_at

def click_region(board: QGraphicsView, name: str) -> None:
    """A real mouse click on the region's anchor point, as a user would make it."""
    click_at(board, board.mapFromScene(board.anchor(name)))

class _FighterGameDriver(Driver):
    """What the fistful games share: the curtain, the finish-chip picker, the throw and record buttons."""

    PICKER = "fistfulPicker"

    def press(self, target: str | QWidget | None) -> None:
        self.click(target)

    def reveal_curtain(self) -> None:
        self.press("curtainReveal")

    def throw(self) -> None:
        self.press("throwButton")

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
            self.press(picker.chip(f))

    def pick_army(self, fighters: Iterable[Fighter]) -> None:
        self._pick(self.find("armyBuilder"), fighters)

    def confirm_army(self) -> None:
        self.press("confirmArmy")

    def pick_fistful(self, fighters: Iterable[Fighter]) -> None:
        """Click each fighter's finish chip in the army (the current choice cleared first)."""
        self._pick(self.find("armyPicker"), fighters)

    def choose_ambush(self, fighter: Fighter | None) -> None:
        self.find("armyPicker").set_extra(fighter)

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

class ThrowdownDriver(_FighterGameDriver):
    def pick_fighters(self, fighters: Iterable[Fighter]) -> None:
        """Click each fighter's finish chip in the roster (filters cleared first)."""
        picker = self.find(self.PICKER)
        picker.clear_filters()
        for f in fighters:
            self.press(picker.chip(f))

    def confirm_pick(self) -> None:
        self.press("confirmPick")

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

class SolitaireDriver(_FighterGameDriver):
    PICKER = "fivePicker"

    def pick_fighters(self, fighters: Iterable[Fighter]) -> None:
        picker = self.find(self.PICKER)
        picker.clear_filters()
        for f in fighters:
            self.press(picker.chip(f))

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
