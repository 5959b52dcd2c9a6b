"""The house rules of the code's shape, checked on every run so they cannot quietly erode.

Rules never touch Qt nor the ledger; the ledger never touches Qt; game packages stand side by side
on the shared kit and never import each other; no production module carries test machinery; styles
live in the one stylesheet.
"""
from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("throwdown", "solitaire", "fistful", "clout", "powerspike", "gold", "impact")


def _modules(folder: str) -> list[Path]:
    return sorted(p for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_the_rules_never_touch_qt():
    offenders = [(_rel(p), m) for p in _modules("core") + _modules("maps") for m in _imports(p)
                 if m.split(".")[0] in ("PySide6", "gui")]
    assert offenders == []


def test_the_rules_know_nothing_of_the_ledger():
    """The ledger replays saves through core; core reaching back (or into its database library)
    would pull SQLAlchemy into every start-up and every computer player's process."""
    offenders = [(_rel(p), m) for p in _modules("core") + _modules("maps") for m in _imports(p)
                 if m.split(".")[0] in ("ledger", "sqlalchemy", "alembic", "openskill", "pg8000")]
    assert offenders == []


def test_the_ledger_never_touches_qt():
    """The ledger runs headless too (the command line, a server's cron job)."""
    offenders = [(_rel(p), m) for p in _modules("ledger") for m in _imports(p)
                 if m.split(".")[0] in ("PySide6", "shiboken6", "gui")]
    assert offenders == []


def test_the_ledger_waits_for_the_first_paint(tmp_path):
    """The `battlebox` command paints its window before the ledger's libraries load: SQLAlchemy's
    import alone would cost the start-up 210-290 ms (the ledger opens later, off the UI thread)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEBOX_DATA_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "tests.startup_probe"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    probe = json.loads(done.stdout.strip().splitlines()[-1])
    assert probe["painted"], done.stderr[-2000:]
    assert probe["imported_at_first_paint"] == dict.fromkeys(("sqlalchemy", "alembic", "openskill", "pg8000"), False)


def test_the_rules_know_nothing_of_the_computer_players():
    """core/ai plays through the rules; a rules package reaching into it would turn that around."""
    offenders = [(_rel(p), m) for g in GAMES if (ROOT / "core" / g).is_dir() for p in _modules(f"core/{g}")
                 for m in _imports(p) if m == "core.ai" or m.startswith("core.ai.")]
    assert offenders == []


def test_no_production_module_imports_qttest():
    offenders = [_rel(p) for p in _modules("gui") if any(m.startswith("PySide6.QtTest") for m in _imports(p))]
    assert offenders == []


@pytest.mark.parametrize("game", GAMES)
def test_game_packages_never_import_each_other(game):
    # The club ledger's window is a package beside the games too; what a game needs of the
    # ledger (its service) lives in the kit.
    others = {f"gui.{g}" for g in GAMES if g != game} | {"gui.ledger"}
    offenders = [(_rel(p), m) for p in _modules(f"gui/{game}") for m in _imports(p)
                 if any(m == o or m.startswith(o + ".") for o in others)]
    assert offenders == []


def test_the_kit_belongs_to_no_game():
    offenders = [(_rel(p), m) for p in _modules("gui/kit") for m in _imports(p)
                 if any(m.startswith(f"gui.{g}") for g in GAMES)]
    assert offenders == []


def test_no_module_is_over_800_lines():
    long = [(_rel(p), n) for folder in ("core", "gui", "ledger", "maps") for p in _modules(folder)
            if (n := p.read_text(encoding="utf-8").count("\n")) > 800]
    assert long == []


def test_no_inline_style_sheets():
    """Views say what a widget is; resources/style/*.qss says how it looks (the one stylesheet)."""
    offenders = [f"{_rel(p)}:{n}" for p in _modules("gui") if p.name != "stylesheet.py"
                 for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
                 if ".setStyleSheet(" in line]
    assert offenders == []
