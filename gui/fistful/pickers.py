"""The battle games' secret choices, built on Throwdown's roster picker.

`ArmyBuilder` takes 15 fighters from the whole collection; `ArmyPicker` takes a fistful (or
the Ultimate Champion's four) from the player's army only. The roster rows, filters and
tokens are Throwdown's; the counters, the problems shown (from the battle engine) and the
extra controls differ. Neither applies anything: the view turns "Confirm" into an action.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QWidget

from core.fistful.battles import ARMY_SIZE, BattleGame
from core.fistful.roster import Fighter
from core.fistful.throwdown import MAX_FIGHTERS, MAX_POINTS
from gui.kit.fighters.picker import FistfulPicker
from gui.kit.style import set_role

OK, BAD = "countOk", "countBad"  # the roles of a fighter or point count within or over its limit


def _show_problems(picker: FistfulPicker, problems: Sequence[str]) -> None:
    picker.problems.setText("\n".join(f"\u2022 {p}" for p in problems))
    picker.problems.setVisible(bool(problems))


class ArmyBuilder(FistfulPicker):
    """Exactly 15 of the 144 fighters; every problem `army_problems` finds is listed."""

    def __init__(self, game: BattleGame, parent: QWidget | None = None) -> None:
        self.game = game
        super().__init__(game.roster, parent)
        self.setObjectName("armyBuilder")
        self.subtitle.setText(f"Choose exactly {ARMY_SIZE} fighters from your collection: your army for the "
                              "whole game. Fistfuls are picked from it later. Your army stays secret until "
                              "everyone has chosen.")
        self.confirm.setText("Confirm army")
        self.confirm.setObjectName("confirmArmy")
        self.empty_hint.setText("Click a finish in the roster to add that fighter to your army.\n"
                                "Click a fighter here to put it back.")

    def start(self, player: int, name: str, colour: str) -> None:
        super().start(player, name, colour)
        self.title.setText(f"{name}, choose your army")
        self.fistful_title.setText(f"{name}'s army")

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
            t.set_clickable(not self.locked, "Click to put this fighter back.")
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
