"""Which widget shows which game; imported lazily so the start page stays light."""
from __future__ import annotations

import importlib

from PySide6.QtWidgets import QWidget

from gui.controller import MatchController
from gui.kit.game_view import GameView
from gui.kit.stylesheet import apply_theme

VIEWS: dict[str, str] = {
    "fistful-of-gold": "gui.gold.view:GoldView",
    "throwdown": "gui.throwdown.view:ThrowdownView",
    "solitaire": "gui.solitaire.view:SolitaireView",
    "domination": "gui.fistful.battle_view:BattleView",
    "all-out-war": "gui.fistful.battle_view:BattleView",
    "impact": "gui.impact.view:ImpactView",
    "power-spike": "gui.powerspike.view:PowerSpikeView",
    "clout": "gui.clout.play_view:CloutPlayView",
}


def has_view(game_id: str) -> bool:
    return game_id in VIEWS


def create_view(controller: MatchController, parent: QWidget | None = None) -> GameView:
    """The game's view widget; every one extends GameView, the contract the window uses."""
    apply_theme()  # the window applied it already; a view built on its own (tests, tools) needs it too
    module, _, cls = VIEWS[controller.match.game_id].partition(":")
    return getattr(importlib.import_module(module), cls)(controller, parent)
