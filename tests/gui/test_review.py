"""Review with the Computer: from a winner page or the Edit menu, a finished game's decisions beside
the Normal computer's, and "Show in replay" at any of them."""
from __future__ import annotations

import dataclasses
import random

import msgspec
import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QPushButton

from core import registry
from core.ai.knowledge import KNOWLEDGE, Knowledge
from core.ai.review import decisions, review
from core.game import with_computers
from core.match import Match
from gui.controller import MatchController
from gui.review_dialog import ReviewDialog
from tests.gui.drivers.window import WindowDriver
from tests.gui.layout_check import check, cut_text
from tests.gui.window_helpers import new_window
from tests.saves.make_saves import play
from tests.gui.workers import workers_done  # noqa: F401 (autouse: searches end with each test)


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    return new_window(qtbot, monkeypatch, tmp_path / "review.battlebox.json")


@pytest.fixture(autouse=True)
def quick_battle_figures(monkeypatch):
    """The battles weigh a review's two moves on fewer draws here: the test reads their words."""
    monkeypatch.setattr("core.ai.knowledge.battles.REVIEW_PLAYOUTS", 8)
    monkeypatch.setattr("core.ai.knowledge.battles.REVIEW_SAMPLES", 100)


def review_action(window):
    return WindowDriver(window).menu_action("Edit", "Review with the Computer…")


def finished(game_id: str, seed: int, computers: dict[int, str | None] | None = None) -> Match:
    setup = registry.get(game_id).default_setup()
    names = ("Ann", "Bo", "Cy", "Di")
    setup = msgspec.structs.replace(setup, players=tuple(
        msgspec.structs.replace(p, name=n) for p, n in zip(setup.players, names)))
    return play(Match.new(game_id, with_computers(setup, computers or {}), seed), random.Random(seed))


def answered(monkeypatch, window, step=None, every=False):
    """The dialog's answer replaced: what it was shown is kept, `step` is the row chosen and
    `every` the state of "Show every decision" it closed with."""
    seen = []

    def ask(match, moments, was_every, at):
        seen.append((match, moments, was_every, at))
        return (step(moments) if callable(step) else step), every

    monkeypatch.setattr(window, "ask_review", ask)
    tiny(monkeypatch)
    return seen


def marks_made(monkeypatch, view) -> list:
    """The hints `view` marks on its board from now on, each still drawn (None: the mark taken away)."""
    marks = []
    real_mark = type(view).mark_hint
    monkeypatch.setattr(type(view), "mark_hint", lambda self, hint: (marks.append(hint), real_mark(self, hint)))
    return marks


def tiny(monkeypatch):
    """Every game's Normal on a tiny search budget: the review asks it once per decision."""
    for game_id in registry.GAMES:
        known = KNOWLEDGE.get(game_id, Knowledge())
        monkeypatch.setitem(KNOWLEDGE, game_id, dataclasses.replace(known, iterations=(4, 4)))


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_winner_page_reviews_the_game_and_shows_a_decision_in_the_replay(qtbot, monkeypatch, window,
                                                                               game_id):
    match = finished(game_id, seed=5, computers={1: "easy"})
    assert window._install(MatchController(match)) and window.view.page == "over"
    button = window.view.findChild(QPushButton, "reviewGame")
    assert button is not None and button.isVisibleTo(window), "the winner page offers the review"
    assert not check(window)["primary"] and not check(window)["cut"]
    seen = answered(monkeypatch, window, step=lambda moments: moments[-1].step)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert len(seen) == 1 and seen[0][0] is match
    moments = seen[0][1]
    assert [(m.step, m.seat) for m in moments] == decisions(match) and all(m.seat != 1 for m in moments)
    assert window.controller.replaying and window.controller.replay.match is match
    assert window.controller.step == moments[-1].step
    from gui.review import moves_text

    played, advised = moves_text(match, moments[-1])
    listed = [m for m in moments if not (m.agrees or m.even)]
    count = f" ({len(listed)} of {len(listed)} listed)" if moments[-1] in listed else ""
    decision = f"Step {moments[-1].step:,}: Ann's decision{count}."
    bar = window.view.hint_bar
    assert bar.isVisibleTo(window) and not bar.button.isVisibleTo(window), "the advice, with no Hint to ask"
    assert bar.advice.text().startswith(f"Ann played: {played}\nThe computer (Normal) would ")
    assert bar.advice.text().endswith("have made the same move." if moments[-1].agrees else f"rather: {advised}")
    assert window.statusBar().currentMessage().startswith(decision)
    assert not check(window)["cut"]
    assert not window.errors


def test_a_table_of_computers_offers_no_review(window):
    setup = registry.get("domination").default_setup()
    match = finished("domination", 3, {s: "easy" for s in range(len(setup.players))})
    assert window._install(MatchController(match))
    assert not window.view.findChild(QPushButton, "reviewGame").isVisibleTo(window)
    action = review_action(window)
    assert not action.isEnabled() and "computer" in action.toolTip()


def test_the_menu_waits_for_the_end_of_the_game(monkeypatch, window):
    action = review_action(window)
    assert not action.isEnabled() and action.toolTip() == "No game is open."
    match = finished("fistful-of-gold", 4)
    assert window._install(MatchController(match.positioned(match.steps - 1)))
    assert not action.isEnabled() and "once the game is over" in action.toolTip()
    assert window._install(MatchController(match))
    assert action.isEnabled()
    seen = answered(monkeypatch, window)
    action.trigger()
    assert len(seen) == 1 and not window.controller.replaying, "a review only read leaves the game shown"
    assert window.match is match


def test_a_replay_of_a_finished_game_is_reviewed_and_stepped_in_place(monkeypatch, window):
    from gui.replay import open_replay

    match = finished("throwdown", 6)
    assert open_replay(window, match, "club night.battlebox.json")
    replay = window.controller.replay
    assert review_action(window).isEnabled(), "a replay shows a finished game, whatever step it shows"
    seen = answered(monkeypatch, window, step=lambda moments: moments[0].step)
    review_action(window).trigger()
    assert seen[0][0] is replay.match
    assert window.controller.replay is replay, "the replay already open moves to the decision"
    assert window.controller.step == seen[0][1][0].step


def test_a_cancelled_review_says_so_and_keeps_the_game(monkeypatch, window):
    from gui.loading import Cancelled

    match = finished("impact", 2)
    assert window._install(MatchController(match))

    def cancelled(parent, label, job, delay_ms=None, unit="Step"):
        raise Cancelled()

    monkeypatch.setattr("gui.loading.run_with_progress", cancelled)
    seen = answered(monkeypatch, window)
    review_action(window).trigger()
    assert not seen and window.match is match and not window.errors
    assert window.statusBar().currentMessage() == "The review was cancelled."


def test_a_fault_in_the_review_is_said_and_leaves_the_game(monkeypatch, window):
    match = finished("solitaire", 2)
    assert window._install(MatchController(match))

    def broken(*args, **kwargs):
        raise RuntimeError("a rules bug")

    monkeypatch.setattr("core.ai.review.review", broken)
    review_action(window).trigger()
    assert window.errors and "a rules bug" in window.errors[-1] and "Traceback" not in window.errors[-1]
    assert window.match is match


# --- the dialog ---------------------------------------------------------------------------------------
def dialog_for(window, game_id="solitaire", seed=5):
    match = finished(game_id, seed)
    moments = review(match, match.seed, iterations=4)
    return match, moments, ReviewDialog(match, moments, window)


def test_the_dialog_lists_where_the_computer_differs_and_every_decision_on_request(qtbot, window):
    match, moments, dialog = dialog_for(window)
    qtbot.addWidget(dialog)
    differ = [m for m in moments if not (m.agrees or m.even)]
    assert differ and len(differ) < len(moments), "random play agrees with the computer now and then"
    table = dialog.table
    assert table.rowCount() == len(differ)
    assert [int(table.item(r, 0).text()) for r in range(table.rowCount())] == [m.step for m in differ]
    assert table.item(0, 1).text() == match.setup.players[differ[0].seat].name
    assert "expected score" in table.item(0, 3).text() and "expected score" in table.item(0, 4).text()
    summary = dialog.findChild(type(dialog.empty), "reviewSummary").text()
    ann = sum(m.agrees for m in moments)
    assert f"Ann chose as the computer would in {ann} of {len(moments)} decisions" in summary
    dialog.all_box.setChecked(True)
    assert table.rowCount() == len(moments)
    same = next(r for r, m in enumerate(moments) if m.agrees)
    assert table.item(same, 4).text() == "The same" and table.item(same, 2).text() == ""


def test_show_in_replay_needs_a_row_and_answers_its_step(qtbot, window):
    _, moments, dialog = dialog_for(window, "throwdown", 8)
    qtbot.addWidget(dialog)
    assert not dialog.show_button.isEnabled()
    dialog.table.selectRow(1)
    assert dialog.show_button.isEnabled()
    qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
    assert dialog.chosen == [m for m in moments if not (m.agrees or m.even)][1].step
    assert dialog.result() == dialog.DialogCode.Accepted


def on_the_list(qtbot, window):
    """A shown dialog with the keyboard's focus on the list's first row."""
    _, moments, dialog = dialog_for(window, "solitaire", 5)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.table.setFocus()
    dialog.table.setCurrentCell(0, 0)
    return moments, dialog


def test_the_keyboard_picks_a_row_and_enter_shows_it(qtbot, window):
    moments, dialog = on_the_list(qtbot, window)
    qtbot.keyClick(dialog.table, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.table, Qt.Key.Key_Return)
    assert dialog.chosen == [m for m in moments if not (m.agrees or m.even)][1].step


def test_a_game_played_as_the_computer_would_says_so(qtbot, window):
    match, moments, _ = dialog_for(window, "fistful-of-gold", 3)
    agreeing = tuple(dataclasses.replace(m, advised=m.played, advised_why=m.played_why, agrees=True) for m in moments)
    dialog = ReviewDialog(match, agreeing, window)
    qtbot.addWidget(dialog)
    assert dialog.empty.isVisibleTo(dialog) and not dialog.table.isVisibleTo(dialog)
    dialog.all_box.setChecked(True)
    assert dialog.table.isVisibleTo(dialog) and dialog.table.rowCount() == len(moments)


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_the_dialog_fits_the_window_and_its_rows_their_text(qtbot, window, size):
    window.resize(*size)
    QApplication.processEvents()
    _, moments, dialog = dialog_for(window, "domination", 4)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    QApplication.processEvents()
    assert dialog.width() <= size[0] and dialog.height() <= size[1]
    table = dialog.table
    for column in range(table.columnCount()):
        assert table.columnWidth(column) > 0 and not table.isColumnHidden(column)
    assert table.horizontalScrollBar().maximum() == 0, "no sideways scrolling"
    metrics = table.fontMetrics()
    for row in range(min(table.rowCount(), 8)):
        for column in (3, 4):
            text = table.item(row, column).text()
            room = QRect(0, 0, table.columnWidth(column) - 8, 10_000)
            needed = metrics.boundingRect(room, Qt.TextFlag.TextWordWrap, text).height()
            assert table.rowHeight(row) >= needed, f"row {row} cuts its text"


def test_the_review_button_works_on_a_replays_winner_page(qtbot, monkeypatch, window):
    from gui.replay import open_replay
    from gui.replay.controller import ReplayHost

    match = finished("all-out-war", 9)
    assert open_replay(window, match, "war.battlebox.json")
    window.view.findChild(ReplayHost).go(match.steps)
    assert window.view.page == "over"
    button = window.view.findChild(QPushButton, "reviewGame")
    assert button.isVisibleTo(window)
    seen = answered(monkeypatch, window, step=lambda moments: moments[2].step)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not window.view.refusal.isVisible(), "the replay guard lets the review through"
    assert len(seen) == 1 and window.controller.step == seen[0][1][2].step


def test_the_review_runs_off_the_ui_thread_and_counts_decisions(monkeypatch, window):
    import threading

    from PySide6.QtWidgets import QProgressDialog

    from gui import loading

    match = finished("fistful-of-gold", 12)
    assert window._install(MatchController(match))
    monkeypatch.setattr(loading, "SHOW_AFTER_MS", 0)
    labels, threads = [], []
    handled = threading.Event()
    real_progress = loading.Job._on_progress

    def progressed(job, *args) -> None:
        real_progress(job, *args)
        dialog = window.findChild(QProgressDialog, "loadProgress")
        if dialog is not None:
            labels.append(dialog.labelText())
        handled.set()

    import core.ai.review as core_review

    real_review = core_review.review

    def watched(match, seed, progress, iterations=None):
        """Each decision waits until the UI thread has shown its progress, as a slow one would."""
        threads.append(threading.current_thread())

        def step(done, total):
            handled.clear()
            progress(done, total)
            handled.wait(5)

        return real_review(match, seed, step, iterations)

    monkeypatch.setattr(loading.Job, "_on_progress", progressed)
    monkeypatch.setattr(core_review, "review", watched)
    seen = answered(monkeypatch, window)
    review_action(window).trigger()
    total = len(decisions(match))
    assert seen and threads and threads[0] is not threading.main_thread()
    assert f"Asking the computer about each decision…\nDecision {total:,} of {total:,}" in labels, labels[-3:]


def test_the_computers_edge_is_its_figure_ahead_of_the_players_and_sorts_the_list(qtbot, window):
    match, moments, dialog = dialog_for(window)
    qtbot.addWidget(dialog)
    table = dialog.table
    differ = [m for m in moments if not (m.agrees or m.even)]
    for row, moment in enumerate(differ):
        (_, played), = moment.played_why.numbers
        (_, advised), = moment.advised_why.numbers
        assert moment.edge == ("expected_score", advised - played)
        assert table.item(row, 2).text() == f"{advised - played:+.1f} score"
    table.sortItems(2, Qt.SortOrder.DescendingOrder)
    edges = [float(table.item(r, 2).text().split()[0]) for r in range(table.rowCount())]
    assert edges == sorted(edges, reverse=True) and edges[0] > 0
    table.sortItems(0, Qt.SortOrder.AscendingOrder)
    assert [int(table.item(r, 0).text()) for r in range(table.rowCount())] == [m.step for m in differ]


def test_an_edge_is_given_only_where_the_figures_compare():
    import dataclasses

    from core.ai.knowledge import Why
    from core.ai.review import Moment

    base = Moment(3, 0, None, "a", "b", Why((("expected_score", 2.0), ("win_chance", 0.3))),
                  Why((("expected_score", 2.5), ("win_chance", 0.45))), False)
    assert base.edge == ("win_chance", pytest.approx(0.15)), "the last figure that values the move"
    assert dataclasses.replace(base, agrees=True).edge is None
    assert dataclasses.replace(base, played_why=Why((("match_chance", 0.2),)),
                               advised_why=Why((("match_chance", 0.4),))).edge is None, "not a move's value"
    assert dataclasses.replace(base, played_why=Why()).edge is None
    mixed = dataclasses.replace(base, played_why=Why((("expected_gold", 1.0), ("play_chance", 0.2))),
                                advised_why=Why((("expected_gold", -1.0), ("play_chance", 0.5))))
    assert mixed.edge is None and mixed.even, "a card the mixed strategy plays too is as good"
    outside = dataclasses.replace(mixed, played_why=Why((("expected_gold", 3.0), ("play_chance", 0.0))))
    assert outside.edge is None and not outside.even
    assert not dataclasses.replace(mixed, agrees=True).even


def test_a_move_the_figures_rate_as_well_is_listed_only_on_request(qtbot, window):
    match, moments, _ = dialog_for(window, "domination", 4)
    even = [m for m in moments if m.even]
    assert even, "fistfuls of one shape weigh alike on shared draws"
    assert all(not m.agrees and m.played != m.advised and m.edge[1] == 0 for m in even)
    dialog = ReviewDialog(match, moments, window)
    qtbot.addWidget(dialog)
    listed = {int(dialog.table.item(r, 0).text()) for r in range(dialog.table.rowCount())}
    assert not listed & {m.step for m in even}
    summary = dialog.findChild(type(dialog.empty), "reviewSummary").text()
    ann = [m for m in even if m.seat == 0]
    assert summary.splitlines()[0].endswith(f", and as well by the figures in {len(ann)} more.")
    dialog.all_box.setChecked(True)
    listed = {int(dialog.table.item(r, 0).text()): r for r in range(dialog.table.rowCount())}
    assert {m.step for m in even} <= set(listed)
    row = listed[even[0].step]
    assert dialog.table.item(row, 4).text() != "The same" and dialog.table.item(row, 2).text().startswith("+0 ")


def test_back_from_the_replay_the_same_review_opens_at_once(monkeypatch, window):
    import core.ai.review as core_review

    match = finished("domination", 7)
    assert window._install(MatchController(match))
    seen = answered(monkeypatch, window, step=lambda moments: moments[1].step)
    asked = []
    real_review = core_review.review
    monkeypatch.setattr(core_review, "review", lambda m, *a, **k: asked.append(m) or real_review(m, *a, **k))
    review_action(window).trigger()
    assert window.controller.replaying and asked == [match]
    review_action(window).trigger()
    assert asked == [match], "the game was reviewed already"
    assert len(seen) == 2 and seen[1][1] is seen[0][1]
    assert window.controller.step == seen[0][1][1].step
    other = finished("domination", 8)
    assert window._install(MatchController(other))
    review_action(window).trigger()
    assert asked == [match, other]


def test_every_figure_that_gives_an_edge_has_its_words():
    from core.ai.review import VALUES
    from gui.kit.hints import GAP_UNITS, gap_text

    assert set(VALUES) == set(GAP_UNITS)
    assert gap_text("win_chance", 0.21) == "+21 pts to win" and gap_text("expected_score", -1.25) == "-1.2 score"
    assert gap_text("rounds_left", 2) == "+2.00"


def test_a_long_name_wraps_and_leaves_the_moves_their_room(qtbot, window):
    from gui.review_dialog import NAME_WIDTH

    window.resize(1024, 640)
    long = "Bartholomew the Unready of Lower Snoring"
    setup = registry.get("throwdown").default_setup()
    setup = msgspec.structs.replace(setup, players=(msgspec.structs.replace(setup.players[0], name=long),)
                                    + setup.players[1:])
    match = play(Match.new("throwdown", setup, 3), random.Random(3))
    moments = review(match, match.seed, iterations=4)
    dialog = ReviewDialog(match, moments, window)
    qtbot.addWidget(dialog)
    dialog.all_box.setChecked(True)
    dialog.show()
    qtbot.waitExposed(dialog)
    table = dialog.table
    assert table.columnWidth(1) <= NAME_WIDTH < table.fontMetrics().horizontalAdvance(long)
    assert table.horizontalScrollBar().maximum() == 0
    assert min(table.columnWidth(3), table.columnWidth(4)) >= 250, "the moves keep their room"
    row = next(r for r in range(table.rowCount()) if table.item(r, 1).text() == long)
    assert table.rowHeight(row) >= 2 * table.fontMetrics().height(), "the name wraps, whole"


def test_tab_leaves_the_list_for_the_buttons(qtbot, window):
    _, dialog = on_the_list(qtbot, window)
    qtbot.keyClick(dialog.table, Qt.Key.Key_Tab)
    assert not dialog.table.hasFocus() and dialog.table.currentColumn() == 0


def test_the_replay_marks_the_computers_move_until_it_moves_on(monkeypatch, window):
    from gui.replay.controller import ReplayHost

    match = finished("domination", 11)
    assert window._install(MatchController(match))
    seen = answered(monkeypatch, window, step=lambda moments: next(
        m.step for m in moments if type(m.advised).__name__ == "Attack" and not m.agrees))
    review_action(window).trigger()
    view = window.view
    marks = marks_made(monkeypatch, view)
    moment = next(m for m in seen[0][1] if m.step == window.controller.step)
    view.refresh()  # a redraw keeps the mark
    assert marks and marks[-1].action == moment.advised
    assert view.board.hint_mark.spots and view.board.hint_mark.isVisible(), "the region it would attack, outlined"
    view.findChild(ReplayHost).go(moment.step + 1)
    assert marks[-1] is None and not view.board.hint_mark.isVisible()


def test_a_winner_page_between_people_loads_no_computer_player():
    """The Review button asks the match whether a person played: the computer players' modules
    (some 0.2 s) stay unloaded on the UI thread as the page comes up."""
    from tests.gui.fresh import run_fresh

    code = ("import random, sys\nfrom PySide6.QtWidgets import QApplication\napp = QApplication([])\n"
            "from gui.main_window import MainWindow\nfrom gui.controller import MatchController\n"
            "from core.match import Match\nfrom tests.saves.make_saves import play\n"
            "w = MainWindow(autosave=False)\nw.show()\n"
            "w._install(MatchController(play(Match.new('domination', None, 5), random.Random(5))))\n"
            "app.processEvents()\n"
            "print(w.view.page, w.review_action.isEnabled(), 'core.ai.knowledge' in sys.modules)\n")
    out = run_fresh(code)[0].split()
    assert out == ["over", "True", "False"]


# --- from one listed decision to the next, in the replay ------------------------------------------
def test_the_timeline_goes_from_decision_to_decision_with_the_computers_move_marked(qtbot, monkeypatch, window):
    from gui.kit.timeline import Timeline
    from gui.review import moves_text

    window.resize(1024, 640)
    match = finished("domination", 7)
    assert window._install(MatchController(match))
    seen = answered(monkeypatch, window, step=lambda moments: [m for m in moments if not (m.agrees or m.even)][1].step)
    review_action(window).trigger()
    moments = seen[0][1]
    listed = [m for m in moments if not (m.agrees or m.even)]
    assert len(listed) >= 3 and len(listed) < len(moments)
    timeline = window.view.findChild(Timeline)
    previous, following = timeline.previous_stop, timeline.next_stop
    assert previous.isVisibleTo(window) and following.isVisibleTo(window)
    assert cut_text(window, timeline) == [], "the Decision buttons fit a 1024-wide window"
    view = window.view
    marks = marks_made(monkeypatch, view)
    qtbot.mouseClick(following, Qt.MouseButton.LeftButton)
    assert window.controller.step == listed[2].step, "past the unlisted decisions between"
    view.refresh()
    assert marks and marks[-1].action == listed[2].advised
    advised = moves_text(match, listed[2])[1]
    name = match.setup.players[listed[2].seat].name
    words = view.hint_bar.advice.text()
    assert words.startswith(f"{name} played: ")
    assert window.statusBar().currentMessage().startswith(
        f"Step {listed[2].step:,}: {name}'s decision (3 of {len(listed)} listed).")
    assert words.endswith(f"The computer (Normal) would rather: {advised}") and view.hint_bar.isVisibleTo(window)
    keys = WindowDriver(window)
    keys.activate_window()
    keys.press(Qt.Key.Key_PageUp)
    keys.press(Qt.Key.Key_PageUp)
    assert window.controller.step == listed[0].step and not previous.isEnabled() and following.isEnabled()
    keys.press(Qt.Key.Key_PageUp)
    assert window.controller.step == listed[0].step, "nothing before the first"
    timeline.step_requested.emit(match.steps)
    assert not following.isEnabled() and previous.isEnabled()
    assert not view.hint_bar.isVisibleTo(window), "the advice goes with its step"
    assert len(seen) == 1


def test_every_decision_asked_for_is_stepped_and_kept_for_the_next_look(qtbot, monkeypatch, window):
    from gui.kit.timeline import Timeline

    match = finished("throwdown", 6)
    assert window._install(MatchController(match))
    seen = answered(monkeypatch, window, step=lambda moments: moments[0].step, every=True)
    review_action(window).trigger()
    moments = seen[0][1]
    assert seen[0][2:] == (False, None), "the first look lists the differences, from no step"
    timeline = window.view.findChild(Timeline)
    for moment in moments[1:3]:
        timeline.next_stop.click()
        assert window.controller.step == moment.step, "every decision, the computer's own choices too"
    review_action(window).trigger()
    assert seen[1][2:] == (True, moments[2].step), "the list as it was left, at the step shown"


def test_a_reopened_dialog_starts_on_the_decision_shown(qtbot, window):
    match, moments, _ = dialog_for(window, "solitaire", 5)
    step = moments[3].step
    dialog = ReviewDialog(match, moments, window, every=True, at=step)
    qtbot.addWidget(dialog)
    assert dialog.all_box.isChecked() and dialog.table.rowCount() == len(moments)
    assert int(dialog.table.item(dialog.table.currentRow(), 0).text()) == step and dialog.show_button.isEnabled()
    hidden = next(m for m in moments if m.agrees)
    dialog = ReviewDialog(match, moments, window, at=hidden.step)
    qtbot.addWidget(dialog)
    assert not dialog.table.selectedItems(), "a decision not listed selects nothing"


def test_without_a_review_the_timeline_has_no_decision_buttons(qtbot, window):
    from gui.kit.timeline import Timeline
    from gui.replay import open_replay

    assert open_replay(window, finished("impact", 4), "impact.battlebox.json")
    timeline = window.view.findChild(Timeline)
    assert not timeline.previous_stop.isVisibleTo(window) and not timeline.next_stop.isVisibleTo(window)
    step = window.controller.step
    keys = WindowDriver(window)
    keys.activate_window()
    keys.press(Qt.Key.Key_PageDown)
    assert window.controller.step == step


def test_try_it_plays_the_computers_move_in_a_new_game_from_the_decision(qtbot, monkeypatch, window):
    match = finished("domination", 7)
    assert window._install(MatchController(match))
    seen = answered(monkeypatch, window, step=lambda moments: next(
        m.step for m in moments if not (m.agrees or m.even) and type(m.advised).__name__ == "Attack"))
    review_action(window).trigger()
    moment = next(m for m in seen[0][1] if m.step == window.controller.step)
    steps, actions = match.steps, match.actions
    bar = window.view.hint_bar
    assert bar.play.isVisibleTo(window) and bar.play.text() == "Try it"
    qtbot.mouseClick(bar.play, Qt.MouseButton.LeftButton)
    new = window.controller
    assert not new.replaying and new.dirty and new.origin is None
    assert new.match.actions == actions[:moment.step] + (moment.advised,), "the computer's move, made"
    assert new.match.actions[-1] != actions[moment.step], "not the move played"
    assert match.steps == steps and match.actions == actions, "the replayed game is unchanged"
    assert "with the computer's move made" in window.statusBar().currentMessage()
    assert window.view.hint_bar.play.text() != "Try it" or not window.view.hint_bar.play.isVisibleTo(window)
    assert not window.errors
