"""`battlebox layout-from-photo`: JSON and table output, one-line refusals, and no Qt."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from gui.cli import main
from tests.core.clout.photo.camera_model import camera, project, render_discs

ROOT = Path(__file__).resolve().parents[4]
SIZE = (720, 480)
CHIPS = np.array([[25.0, 30.0], [60.0, 70.0], [75.0, 20.0]])


@pytest.fixture(scope="module")
def photo(tmp_path_factory):
    k, r, t, _ = camera(SIZE, 25.0, 0.0, 26.0, (50, 50), 125.0)
    path = tmp_path_factory.mktemp("photo") / "table.png"
    Image.fromarray(render_discs(SIZE, k, r, t, CHIPS, height_cm=0.33, samples=1)).save(path)
    corners = project(k, r, t, [[0, 0], [100, 0], [100, 100], [0, 100]])
    return path, ",".join(f"{v:.3f}" for v in corners.ravel())


def test_json_lists_the_chips_in_area_cm(photo, capsys):
    path, corners = photo
    assert main(["layout-from-photo", str(path), "--corners", corners, "--area", "standard", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["area"] == "standard"
    found = np.array([[c["x_cm"], c["y_cm"]] for c in doc["chips"]])
    assert len(found) == len(CHIPS)
    assert np.abs(np.sort(found, axis=0) - np.sort(CHIPS, axis=0)).max() < 0.15
    assert all(0 < c["confidence"] <= 1 for c in doc["chips"])


def test_without_json_a_readable_table(photo, capsys):
    path, corners = photo
    assert main(["layout-from-photo", str(path), f"--corners={corners}"]) == 0
    out = capsys.readouterr().out
    assert "3 chips on the standard area" in out and "x cm" in out


@pytest.mark.parametrize("args,words", [
    (["--corners", "1,2,3"], "odd count"),
    (["--corners", "0,0,100,0,100,100"], "4 x,y points"),
    (["--corners", "0,0,a,0,100,100,0,100"], "numbers"),
    (["--corners", "0,0,300,0,600,0,900,0"], "one line"),
    (["--corners", "10,10,400,10,10,400,400,400"], "crossed"),
    (["--corners=-10,10,400,10,10,400,400,400"], "crossed"),  # a negative first number needs "="
    (["--area", "rug", "--outline", "1,1,2,2"], "--top"),
    (["--area", "rug", "--outline", "1,1,2,2,3,3,4,4", "--top", "5,5"], "at least 5"),
    ([], "--corners"),
    (["--corners", "0,0,100,0,100,100,0,100", "--focal-35mm", "0.5"], "lens"),
])
def test_bad_marks_exit_non_zero_with_one_line(photo, capsys, args, words):
    assert main(["layout-from-photo", str(photo[0]), *args]) == 1
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and "Traceback" not in err


def test_missing_or_unreadable_photo(tmp_path, photo, capsys):
    corners = photo[1]
    assert main(["layout-from-photo", str(tmp_path / "none.jpg"), "--corners", corners]) == 1
    assert "no such file" in capsys.readouterr().err
    junk = tmp_path / "junk.jpg"
    junk.write_bytes(b"\xff\xd8 this is not really a jpeg")
    assert main(["layout-from-photo", str(junk), "--corners", corners]) == 1
    err = capsys.readouterr().err
    assert "junk.jpg" in err and "Traceback" not in err


def test_the_command_never_imports_qt(photo):
    path, corners = photo
    probe = ("import sys\nfrom gui.cli import main\n"
             f"assert main(['layout-from-photo', {str(path)!r}, '--corners', {corners!r}, '--json']) == 0\n"
             "assert not [m for m in sys.modules if m.startswith('PySide6')], 'PySide6 was imported'\n")
    run = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["area"] == "standard"


def test_rug_takes_its_outline_and_top(tmp_path, capsys):
    k, r, t, _ = camera(SIZE, 25.0, 30.0, 26.0, (75, 75), 190.0)
    chips = np.array([[75.0, 75.0], [40.0, 110.0]])
    path = tmp_path / "rug.png"
    Image.fromarray(render_discs(SIZE, k, r, t, chips, height_cm=0.33, samples=1)).save(path)
    angles = np.linspace(0, 2 * np.pi, 7, endpoint=False)
    outline = project(k, r, t, np.column_stack([75 + 75 * np.cos(angles), 75 + 75 * np.sin(angles)]))
    top = project(k, r, t, [[75.0, 0.0]])[0]
    assert main(["layout-from-photo", str(path), "--area", "rug", "--json",
                 "--outline", ",".join(f"{v:.2f}" for v in outline.ravel()), "--top", f"{top[0]:.2f},{top[1]:.2f}"]) == 0
    found = np.array([[c["x_cm"], c["y_cm"]] for c in json.loads(capsys.readouterr().out)["chips"]])
    assert found.shape == (2, 2)
    assert np.abs(found[np.argsort(found[:, 0])] - chips[np.argsort(chips[:, 0])]).max() < 0.2

