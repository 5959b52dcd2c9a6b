"""Every game's view extends GameView, so the window uses each one the same way."""
from __future__ import annotations

import importlib

import pytest

from gui.kit.game_view import GameView
from gui.views import VIEWS


@pytest.mark.parametrize("game_id", sorted(VIEWS))
def test_every_view_extends_game_view(game_id: str) -> None:
    module, _, name = VIEWS[game_id].partition(":")
    cls = getattr(importlib.import_module(module), name)
    assert issubclass(cls, GameView), game_id
    assert cls.PRIMARY_CONTROLS and isinstance(cls.BOARD, str), game_id
    assert cls.scores_widget is not GameView.scores_widget, f"{game_id} offers no scores widget"


def test_base_defaults(qtbot) -> None:
    view = GameView()
    qtbot.addWidget(view)
    fired = []
    view.finished_requested.connect(lambda: fired.append(True))
    view.finished_requested.emit()
    assert fired and view.scores_widget() is None
    assert view.PRIMARY_CONTROLS == () and view.BOARD is None
