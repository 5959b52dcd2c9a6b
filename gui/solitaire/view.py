"""SolitaireView: choose five, throw, enter the throw on a challenge; the sheet, bests and export.

Everything is redrawn from `controller.match` on `changed`; the base (gui/kit/game_view) shows
the game-over page when the session ends (one player: nothing is ever curtained). The view
keeps only UI state (the five being chosen, table-mode poses) and the personal bests, which
are the player's record across sessions rather than part of any one match.

The bests come from the ledger (the window records the finished session there; the list is
asked again when it landed). While the ledger is off or not open yet they come from the old
bests file, which the view keeps as before; when the ledger failed, the file's list shows with
a note saying so. The ledger imported that file once (gui/kit/ledger_service.py) and left it in place.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget
from shiboken6 import isValid

from core.fistful.roster import Fighter
from core.fistful.solitaire import (
    FIVE,
    GAME,
    THROWS_PER_GAME,
    ChooseFive,
    Enter,
    SolitaireState,
    SoloThrow,
)
from gui.controller import MatchController
from gui.kit.game_view import GameView
from gui.kit.ledger_service import RecordNote, ledger_service
from gui.solitaire.bests import Best, BestsBook, game_key
from gui.solitaire.board import SoloBoard
from gui.solitaire.over import FinishPage
from gui.solitaire.picker import FivePicker
from gui.solitaire.sheet import SheetTable, write_pdf, write_png

EXPORT_FILTERS = {"pdf": "PDF documents (*.pdf)", "png": "PNG pictures (*.png)"}


class SolitaireView(GameView):
    # The layout checks (tests/gui/layout_check.py): the controls a player must reach without
    # scrolling, by object name, and the widget that must cover half the window.
    PRIMARY_CONTROLS: tuple[str, ...] = ("throwButton", "recordThrowButton", "challengePanel", "backToStart",
                                         "playAgain", "reviewGame")
    BOARD = "playArea"
    KEYS: tuple[tuple[str, str], ...] = (
        ("Arrows", "Move between the five fighters"),
        ("Enter / Space", "At the table: the next pose of the fighter with the focus"),
        ("B / S / D", "At the table: the fighter with the focus landed on its Back, Standing or face Down"),
        ("Any key or click", "While the throw lands: show it at once"),
    )

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__(controller, "solitaireView", parent)
        self.roster = GAME.roster
        self._sheet: SheetTable | None = None
        self._picker_for = -1
        self.bests = BestsBook()
        self._recorded: set[tuple[str, int]] = set()
        self.ledger = ledger_service()
        self.ledger_bests: list[Best] | None = None  # None: the file's bests show
        self.ledger_problem = ""
        self._match_id = ""  # this session's id in the ledger, once recorded
        self.ledger.recorded.connect(self._on_recorded)
        self.ledger.ready.connect(self._on_ledger_ready)

        self.picker = FivePicker(self.roster)
        self.picker.confirm_requested.connect(self._on_confirm)
        self._throws = self.watch_throws()
        self.board = SoloBoard(self.roster, on_throw=self._on_throw, on_record=self._on_record,
                               on_enter=self._on_enter)
        self.finish = FinishPage()
        self.finish.finished_requested.connect(self.finished_requested)
        self.finish.again_requested.connect(self.again_requested)
        self.finish.review_requested.connect(self.review_requested)
        self.finish.export_pdf_requested.connect(self.export_pdf)
        self.finish.export_png_requested.connect(self.export_png)
        self.board_scroll = QScrollArea(objectName="boardScroll")
        self.board_scroll.setWidgetResizable(True)
        self.board_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.board_scroll.setWidget(self.board)
        self.add_page("pick", self.picker)
        self.add_page("board", self.board_scroll)
        self.add_page("over", self.finish)
        self.start()
        if self.ledger.current:  # open, or failed (then the note says so); else it will say `ready`
            self._ask_ledger()

    def primary_controls(self) -> tuple[str, ...]:
        """The challenges are a control only once there is a throw to enter: before it their
        buttons are all off, and table entry's pose buttons may push them below a small window's fold."""
        if self.match.state.phase == "enter":
            return self.PRIMARY_CONTROLS
        return tuple(name for name in self.PRIMARY_CONTROLS if name != "challengePanel")

    def scores_widget(self) -> QWidget:
        if self._sheet is None:
            self._sheet = SheetTable()
            self._sheet.export_pdf_requested.connect(self.export_pdf)
            self._sheet.export_png_requested.connect(self.export_png)
            self._sheet.render(self.match.state)
        return self._sheet

    # --- drawing ----------------------------------------------------------------------------
    def render_scores(self, state: SolitaireState) -> None:
        if self._sheet is not None:
            self._sheet.render(state)

    def render_over(self, state: SolitaireState) -> None:
        keys = self._record_finished_games(state)
        if self.ledger_bests is not None:
            club = self.ledger.status.state in ("club", "offline")
            self.finish.render(state, self.ledger_bests, [self._match_id] if self._match_id else [],
                               heading="Club bests" if club else "Personal bests")
        else:
            self.finish.render(state, self.bests.bests, keys, self._file_problem())

    def _file_problem(self) -> str:
        return " ".join(p for p in (self.ledger_problem, self.bests.problem) if p)

    # --- bests from the ledger ------------------------------------------------------------------
    def _on_ledger_ready(self, opened: bool) -> None:
        if isValid(self):
            self._ask_ledger()

    def _on_recorded(self, note: RecordNote) -> None:
        if isValid(self) and note.match is self.match and not note.queued:
            self._match_id = note.match_id
            self._ask_ledger()

    def _ask_ledger(self) -> None:
        from core.fistful.bests import TOP

        self.ledger.run(lambda sl: sl.ledger.solitaire_bests(TOP), self._got_bests, self._no_ledger)

    def _got_bests(self, rows: list) -> None:
        if isValid(self):
            self.ledger_bests = [Best(r.name, r.total, str(r.date), r.match_id or "") for r in rows]
            self.ledger_problem = ""
            self._redraw_bests()

    def _no_ledger(self, error: str) -> None:
        if isValid(self):
            self.ledger_bests = None
            self.ledger_problem = (f"The ledger is not available ({error}), so these are the bests kept in "
                                   "this computer's file.")
            self._redraw_bests()

    def _redraw_bests(self) -> None:
        if self.page == "over":
            self.render_over(self.match.state)
        elif self.page == "board":
            self.board.set_bests_line(self._bests_text())

    def render_table(self, state: SolitaireState) -> None:
        self._record_finished_games(state)  # a session's finished games count before it ends
        if state.phase == "choose":
            if self._picker_for != len(state.throws):
                self._picker_for = len(state.throws)
                games = state.setup.games
                where = f"Game {state.game + 1} of {games} \u00b7 " if games > 1 else ""
                last = state.last.landed if state.last else ()
                self.picker.start_throw(f"{where}Throw {state.throw_number} of {THROWS_PER_GAME}: choose {FIVE} fighters",
                                        state.setup.players[0].colour, [x.fighter for x in last])
            self.show_page("pick")
        else:
            self.board.render(state, self.match.mode, landing=self._throws.fresh(self.match, SoloThrow))
            self.board.set_bests_line(self._bests_text())
            self.show_page("board")

    def _record_finished_games(self, state: SolitaireState) -> list[str]:
        """Each complete game goes into the personal bests, once per game and total (keyed); the
        ledger keeps them once it is open, and a replay is not a game played."""
        keys = []
        for g in range(state.setup.games):
            if not state.sheet.complete(g):
                continue
            key = game_key(self.match.seed, state, g)
            keys.append(key)
            seen = (key, state.sheet.total(g))
            if seen not in self._recorded and not self.ledger.opened and not self.controller.replaying:
                self._recorded.add(seen)
                self.bests.record(state.name, state.sheet.total(g), key)
        return keys

    def _bests_text(self) -> str:
        problem = self._file_problem() if self.ledger_bests is None else ""
        bests = self.ledger_bests if self.ledger_bests is not None else self.bests.bests
        text = problem + " " if problem else ""
        if bests:
            b = bests[0]
            text += f"Personal best: {b.total} ({b.name}, {b.date})."
        else:
            text += "No personal best yet: finish a game to set one."
        return text

    def mark_hint(self, hint: Any) -> None:
        """The five fighters the hint would choose, framed in the roster."""
        self.picker.mark(getattr(None if hint is None else hint.action, "fighters", ()))

    # --- gestures -> actions -------------------------------------------------------------------
    def _on_confirm(self, fighters: tuple[Fighter, ...]) -> None:
        self.controller.apply(ChooseFive(tuple(fighters)))

    def _on_throw(self) -> None:
        if not self.board.landing:
            self.play_chance()

    def _on_record(self) -> None:
        self.controller.apply(SoloThrow.of(self.board.entered_landed()))

    def _on_enter(self, challenge: int) -> None:
        self.controller.apply(Enter(challenge))

    # --- export (the file dialog and error box sit behind methods tests replace) ----------------
    def ask_export_path(self, kind: str, suggested: str) -> str | None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self, f"Export the score sheet as {kind.upper()}", suggested,
                                              EXPORT_FILTERS[kind])
        return path or None

    def show_error(self, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.critical(self, title, text)

    def export_pdf(self) -> bool:
        return self._export("pdf", write_pdf)

    def export_png(self) -> bool:
        return self._export("png", write_png)

    def _export(self, kind: str, writer: Callable[[str, SolitaireState], bool]) -> bool:
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation) \
            or str(Path.home())
        state = self.match.state
        path = self.ask_export_path(kind, str(Path(folder) / f"Solitaire sheet - {state.name}.{kind}"))
        if not path:
            return False
        if not path.lower().endswith(f".{kind}"):
            path += f".{kind}"
        if not writer(path, state):
            self.show_error("Cannot export the sheet", f"Cannot write {path}.")
            return False
        return True
