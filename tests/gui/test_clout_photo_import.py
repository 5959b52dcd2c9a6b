"""Importing a photo of a real table into the Clout layout board (issue 14, "From a photo"), end to end:
a synthetic photo the suite renders itself, its corners clicked, chips found off the UI thread, the
finds corrected and labelled, then added to the board as one undo step with the photo underlay."""
from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from core.clout.catalogue import FACTIONS, default_catalogue
from core.clout.layout import Layout, PlayerSlot, save_layout
from gui.clout.layout_board import LayoutBoard
from gui.clout.photo_labels import faction_for_colour, suggest_labels
from maps.clout.areas import load_area
from tests.gui.drivers.base import Driver
from tests.gui.drivers.clout_layout import can_undo, layout_redo, layout_undo
from tests.gui.drivers.clout_photo import PhotoImportDriver
from tests.gui.drivers.clout_referee import export, rule_with_click, ruling_text
from tests.synthetic_photo import random_layout, render_photo, save

pytestmark = pytest.mark.gui
CATALOGUE = default_catalogue()
SIZE = (1500, 1000)
SEARCH_TIMEOUT_MS = 120_000


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A small synthetic photo (JPEG, as a phone gives) of six chips, and the chips on the area."""
    chips = random_layout("standard", 6, seed=5)
    photo = render_photo("standard", chips, size=SIZE, tilt_deg=30, seed=5)
    path = tmp_path_factory.mktemp("photo") / "table.jpg"
    save(photo, path)
    area = load_area("standard")
    on_area = [c for c in photo.chips if area.contains_point(c.x_cm, c.y_cm)]
    return photo, str(path), on_area


@pytest.fixture
def board(qtbot, monkeypatch) -> LayoutBoard:
    b = LayoutBoard()
    qtbot.addWidget(b)
    monkeypatch.setattr(b, "show_error", lambda title, text: pytest.fail(f"{title}: {text}"))
    monkeypatch.setattr(b, "confirm_discard", lambda: True)
    monkeypatch.setattr(b, "confirm_close", lambda: "discard")
    b.resize(1280, 800)
    b.show()
    qtbot.waitExposed(b)
    return b


def seen_top(photo, x_cm: float, y_cm: float) -> tuple[float, float]:
    """Where the camera saw a chip's top face (its centre, thickness up)."""
    return photo.camera.project(x_cm, y_cm, photo.thickness_mm / 10.0)


def test_a_photo_becomes_chips_on_the_board_in_one_undo_step(qtbot, board, table, tmp_path):
    photo, path, truth = table
    dialog = PhotoImportDriver.opened_from(board)
    assert "Open a photo" in dialog.hint()
    dialog.open_photo(path)
    assert "top-left" in dialog.hint()
    dialog.mark(photo.corners_px[:3])
    assert "bottom-left" in dialog.hint()
    dialog.mark(photo.corners_px[3:])
    assert "Find chips" in dialog.hint() and not dialog.can_apply()

    dialog.find_chips()
    assert dialog.searching()
    qtbot.waitUntil(lambda: not dialog.searching(), timeout=SEARCH_TIMEOUT_MS)
    found = dialog.root.chips
    assert found, dialog.hint()

    # The referee corrects the finds against the table: false ones out, missed ones in.
    def false(key: str) -> bool:
        chip = found[key]
        return min(math.dist((chip.x_cm, chip.y_cm), (t.x_cm, t.y_cm)) for t in truth) > 1.0

    while falses := [k for k in found if false(k)]:
        dialog.select_chip(falses[0])
        picked = dialog.root.selected
        assert picked in falses  # that one, or a twin find at the same spot
        dialog.delete_selected()
        assert picked not in dialog.chip_keys() and picked not in found
    for t in truth:
        if min((math.dist((c.x_cm, c.y_cm), (t.x_cm, t.y_cm)) for c in found.values()), default=99) > 1.0:
            before = set(found)
            dialog.click_image(*seen_top(photo, t.x_cm, t.y_cm))
            assert len(set(found) - before) == 1, dialog.hint()
    assert len(found) == len(truth)
    for t in truth:
        assert min(math.dist((c.x_cm, c.y_cm), (t.x_cm, t.y_cm)) for c in found.values()) < 0.5

    # A chip dragged on the photo moves by what the drag covers on the table.
    key = dialog.chip_keys()[0]
    x0, y0 = found[key].x_cm, found[key].y_cm
    start = dialog.view.scene_point(key)
    mapping = dialog.root.mapping
    target_cm = (x0 + 6.0, y0 + 3.0)
    end = mapping.to_image(dialog.root._seen_cm(*target_cm, mapping))[0]
    dialog.drag_image((start.x(), start.y()), (float(end[0]), float(end[1])))
    assert (found[key].x_cm, found[key].y_cm) == pytest.approx(target_cm, abs=0.3)
    found[key].x_cm, found[key].y_cm = x0, y0  # keep the known position for the checks below

    # The thickness setting moves each base along its camera ray under the face the camera saw:
    # at 30 degrees a 3.3 mm chip's face is seen about 1.9 mm beyond its base.
    before = {k: (c.x_cm, c.y_cm) for k, c in found.items()}
    thickness = dialog.find("photoThickness")
    thickness.setValue(0.0)
    shifts = [math.dist(before[k], (c.x_cm, c.y_cm)) for k, c in found.items()]
    assert all(0.1 < s < 0.35 for s in shifts), shifts
    thickness.setValue(3.3)
    assert all(math.dist(before[k], (c.x_cm, c.y_cm)) < 1e-6 for k, c in found.items())

    # Every chip needs its catalogue chip and player before anything is added.
    names = ["Treant Watcher", "Questing Warrior", "Grave Creepers", "Goblin Sneak", "Centaur Scout", "Wood Elf"]
    ids = [c.id for c in CATALOGUE if c.name in names] or [c.id for c in CATALOGUE][:6]
    keys = dialog.chip_keys()
    for i, key in enumerate(keys):
        dialog.label(key, ids[i % len(ids)], i % 2)
    assert dialog.can_apply(), dialog.hint()
    dialog.apply()
    qtbot.waitUntil(lambda: not dialog.root.isVisible())

    doc = board.layout_doc
    assert len(doc.chips) == len(truth)
    assert sorted((c.chip, c.owner) for c in doc.chips) == sorted((ids[i % len(ids)], i % 2) for i in range(len(keys)))
    for t in truth:
        assert min(math.dist((c.x_cm, c.y_cm), (t.x_cm, t.y_cm)) for c in doc.chips) < 0.5
    kept = doc.photo
    assert kept is not None and kept.jpeg().startswith(b"\xff\xd8") and len(kept.jpeg()) <= 1_000_000
    scale = kept.width_px / SIZE[0]
    clicked = [v * scale for point in photo.corners_px for v in point]  # clicks land within a screen pixel
    assert [v for point in kept.corners_px for v in point] == pytest.approx(clicked, abs=2.0 * scale + 0.5)
    assert kept.thickness_mm == pytest.approx(3.3) and kept.uncertainty_mm > 0
    assert board.photo_switch.shown and board.photo_switch.isChecked()
    assert board.photo_switch.item.fitted

    # A ruling between two of the measured chips, with the photo's uncertainty, and its sheet.
    a, b = (c.id for c in doc.chips[:2])
    rule_with_click(board.canvas, a, b)
    assert board.ruled == (a, b) and " cm" in ruling_text(board)
    for fmt, magic in (("png", b"\x89PNG\r\n\x1a\n"), ("pdf", b"%PDF-")):
        sheet = tmp_path / f"ruling.{fmt}"
        board.ask_export_path = lambda f, suggested, sheet=sheet: str(sheet)
        export(board, fmt)
        assert sheet.read_bytes().startswith(magic)

    # One undo step takes the chips and the photo away together; redo brings both back.
    assert can_undo(board)
    layout_undo(board)
    assert board.layout_doc.chips == () and board.layout_doc.photo is None
    assert not board.photo_switch.shown and not board.photo_switch.isEnabled()
    layout_redo(board)
    assert board.layout_doc == doc and board.photo_switch.shown

    Driver(board).click("layoutShowPhoto", on_screen=True, enabled=True)
    assert not board.photo_switch.shown and board.photo_switch.item is not None

    # The photo is saved with the layout and shown again when it is opened.
    saved = tmp_path / "table.clout-layout.json"
    assert board.save_to(saved)
    board.new_layout()
    assert board.photo_switch.item is None
    assert board.open_file(saved)
    assert board.layout_doc.photo == kept and board.photo_switch.shown

    # Another photo of this table must be of the area its chips lie on.
    again = PhotoImportDriver.opened_from(board)
    assert not again.find("photoArea").isEnabled()
    again.cancel()
    assert board.layout_doc.photo == kept


def test_impossible_corners_say_why_and_keep_the_marks(qtbot, board, table):
    photo, path, _ = table
    dialog = PhotoImportDriver.opened_from(board)
    dialog.open_photo(path)
    tl, tr, br, bl = photo.corners_px
    dialog.mark([tl, br, tr, bl])  # crossed: the order is wrong
    assert dialog.hint_is_error() and "cannot be right" in dialog.hint()
    assert len(dialog.root.marks.points) == 4 and not dialog.find("photoFind").isEnabled()
    # The handles are dragged into the right order: nothing had to be clicked again.
    spare = (SIZE[0] / 2, SIZE[1] / 2)
    dialog.drag_image(br, spare)
    dialog.drag_image(tr, br)
    dialog.drag_image(spare, tr)
    assert not dialog.hint_is_error(), dialog.hint()
    marked = [v for point in dialog.root.marks.points for v in point]
    assert marked == pytest.approx([v for point in (tl, tr, br, bl) for v in point], abs=3.0)
    assert dialog.find("photoFind").isEnabled() and not dialog.can_apply()
    dialog.cancel()
    assert board.layout_doc.chips == () and board.layout_doc.photo is None


def test_find_corners_marks_the_area_for_the_player_to_confirm(qtbot, board, table):
    photo, path, _ = table
    dialog = PhotoImportDriver.opened_from(board)
    dialog.open_photo(path)
    dialog.click("photoFindCorners", on_screen=True, enabled=True)
    marked = [v for point in dialog.root.marks.points for v in point]
    assert marked == pytest.approx([v for point in photo.corners_px for v in point], abs=4.0)
    assert "check each one" in dialog.hint() and not dialog.hint_is_error()
    assert dialog.find("photoFind").isEnabled()
    dialog.cancel()


def test_an_unreadable_photo_changes_nothing(qtbot, board, table, tmp_path):
    photo, path, _ = table
    dialog = PhotoImportDriver.opened_from(board)
    dialog.open_photo(path)
    dialog.mark(photo.corners_px[:2])
    broken = tmp_path / "not-a-photo.jpg"
    broken.write_text("not a photo")
    dialog.open_photo(str(broken))
    assert dialog.hint_is_error() and "not-a-photo.jpg" in dialog.hint()
    assert dialog.root.path == path and len(dialog.root.marks.points) == 2


def test_stop_and_closing_cancel_the_search_at_once(qtbot, board, table):
    photo, path, _ = table
    dialog = PhotoImportDriver.opened_from(board)
    dialog.open_photo(path)
    dialog.mark(photo.corners_px)
    dialog.find_chips()
    assert dialog.searching()
    dialog.stop()
    assert not dialog.searching() and dialog.root.detection is None
    assert "stopped" in dialog.hint()
    dialog.find_chips()
    assert dialog.searching()
    thread = dialog.root.thread
    dialog.root.close()
    assert thread.isFinished() and dialog.root.thread is None


def test_suggestions_come_from_the_colour_and_the_unplaced_stack():
    for f in FACTIONS:
        rgb = tuple(int(f.colour[i:i + 2], 16) for i in (1, 3, 5))
        assert faction_for_colour(rgb) == f.id
    elves = [c.id for c in CATALOGUE if c.faction == "elves"][:2]
    undead = [c.id for c in CATALOGUE if c.faction == "undead"][:1]
    layout = Layout(players=(PlayerSlot("Ann", "#1e88e5", stack=(elves[0], elves[1], elves[1])),
                             PlayerSlot("Bob", "#e53935", stack=(undead[0], elves[0]))))
    layout, _ = layout.place(elves[1], 0, 10, 10)  # one of Ann's two is on the board already
    labels = suggest_labels(["elves", "elves", "elves", "undead", "elves", "goblins"], layout, CATALOGUE)
    assert [lab.owner for lab in labels[:4]] == [0, 0, 1, 1]
    assert sorted(lab.chip for lab in labels[:3]) == sorted([elves[0], elves[1], elves[0]])
    assert labels[3].chip == undead[0]
    assert labels[4].chip is None and labels[5].chip is None  # no stack has them left: the player says


def test_saving_a_layout_with_a_photo_made_elsewhere_shows_it(qtbot, board, table, tmp_path):
    """A layout file with a photo (as the command line or another club writes it) opens with its underlay."""
    from core.clout.layout import LayoutPhoto
    from core.clout.photo import encode_underlay, photo_from_array

    photo, _, _ = table
    jpeg = encode_underlay(photo_from_array(photo.rgb), max_side=600)
    scale = 600 / SIZE[0]
    kept = LayoutPhoto.of(jpeg, 600, round(SIZE[1] * scale),
                          corners_px=tuple((x * scale, y * scale) for x, y in photo.corners_px), uncertainty_mm=0.5)
    path = tmp_path / "elsewhere.clout-layout.json"
    save_layout(Layout().with_photo(kept), path)
    assert board.open_file(path)
    assert board.photo_switch.shown and board.photo_switch.item.fitted


def test_the_rug_is_marked_by_its_edge_and_its_top(qtbot, board, tmp_path):
    photo = render_photo("rug", random_layout("rug", 3, seed=2), size=(900, 600), tilt_deg=25, seed=2)
    path = tmp_path / "rug.png"
    save(photo, path)
    dialog = PhotoImportDriver.opened_from(board)
    dialog.find("photoArea").setCurrentIndex(dialog.find("photoArea").findData("rug"))
    dialog.open_photo(str(path))
    assert "rug's edge" in dialog.hint() and not dialog.find("photoMarkTop").isEnabled()
    dialog.mark(photo.outline_px[::3])  # six points spread round the edge
    assert dialog.find("photoMarkTop").isEnabled() and not dialog.find("photoFind").isEnabled()
    dialog.click("photoMarkTop", on_screen=True, enabled=True)
    assert "top point" in dialog.hint()
    dialog.mark([photo.top_px])
    assert not dialog.hint_is_error(), dialog.hint()
    assert dialog.find("photoFind").isEnabled()
    mapping = dialog.root.mapping
    (x, y), = mapping.to_area([photo.camera.project(75.0, 75.0)])
    assert (x, y) == pytest.approx((75.0, 75.0), abs=1.5)  # marks are clicked to a screen pixel


def test_a_clicked_chip_is_suggested_from_its_colour_and_the_stacks(qtbot, board, tmp_path):
    """Chips painted in the app's faction colours; each side's stack holds one of them."""
    from tests.synthetic_photo import SceneChip

    colour = {f.id: tuple(int(f.colour[i:i + 2], 16) for i in (1, 3, 5)) for f in FACTIONS}
    chips = (SceneChip(30.0, 40.0, colour["elves"]), SceneChip(70.0, 60.0, colour["undead"]))
    photo = render_photo("standard", chips, size=(900, 600), tilt_deg=20, seed=4)
    path = tmp_path / "two.png"
    save(photo, path)
    elf = next(c.id for c in CATALOGUE if c.faction == "elves")
    dead = next(c.id for c in CATALOGUE if c.faction == "undead")
    layout = Layout(players=(PlayerSlot("Ann", "#1e88e5", stack=(elf,)), PlayerSlot("Bob", "#e53935", stack=(dead,))))
    saved = tmp_path / "stacks.clout-layout.json"
    save_layout(layout, saved)
    assert board.open_file(saved)

    dialog = PhotoImportDriver.opened_from(board)
    dialog.open_photo(str(path))
    dialog.mark(photo.corners_px)
    for chip in chips:
        dialog.click_image(*seen_top(photo, chip.x_cm, chip.y_cm))
    first, second = dialog.chip_keys()
    assert dialog.chosen(first) == (elf, 0) and dialog.chosen(second) == (dead, 1)
    assert dialog.root.chips[first].x_cm == pytest.approx(30.0, abs=0.3)

    # The last chip added is selected: Shift+Right nudges it (ten half-pixel steps) to the right.
    x0, y0 = dialog.root.chips[second].x_cm, dialog.root.chips[second].y_cm
    dialog.nudge(Qt.Key.Key_Right, shift=True)
    moved = dialog.root.chips[second]
    assert 0.4 < moved.x_cm - x0 < 2.0 and moved.y_cm == pytest.approx(y0, abs=0.4)


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_nothing_in_the_dialog_is_cut_off(qtbot, board, table, size):
    from tests.gui.layout_check import cut_text, overlaps

    photo, path, truth = table
    board.resize(*size)
    dialog = PhotoImportDriver.opened_from(board)
    assert dialog.root.size().width() == size[0]
    dialog.open_photo(path)
    dialog.mark(photo.corners_px)
    for t in truth[:3]:
        dialog.click_image(*seen_top(photo, t.x_cm, t.y_cm))
    assert len(dialog.chip_keys()) == 3
    assert cut_text(dialog.root, dialog.root) == [] and overlaps(dialog.root, dialog.root) == []
    for name in ("photoHint", "photoFind", "photoApply", "photoCancel", "photoLabels"):
        widget = dialog.find(name)
        assert dialog.root.rect().contains(QRect(widget.mapTo(dialog.root, QPoint(0, 0)), widget.size())), name
