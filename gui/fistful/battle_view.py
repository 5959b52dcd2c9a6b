"""BattleView: Domination! and All-Out War! phase by phase, clicks turned into actions.

Both variants share one view: All-Out War is played on the map of Scar, Domination on the
Battle Arena's discs, with a small map of Scar in the scores dock. Everything is redrawn from
`controller.match` on `changed`; the view keeps only UI state (the choice being made, typed
poses, whose curtain was lifted). What may be clicked comes from the engine's helpers
(`claimable`, `attackable`, `hero_claimable`, legal flips and removals); why something may not
be clicked comes from the engine too (`why_not_region`, `why_not_fighter`).

A simulated throw just made lands before the eyes. When it ended the battle, the table keeps
showing that battle while its fighters land (`hold_curtain`), then lets the next step (a curtain,
the next attack, the champion's pick) take the screen.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from core.fistful.battles import (
    CHAMPION_FIGHTERS,
    Battle,
    QUOTA,
    Attack,
    BattleGame,
    BattleState,
    BattleThrow,
    ChampionPick,
    ChampionRemove,
    ChampionThrow,
    ChooseArmy,
    ChooseFistful,
    Claim,
    Flip,
    HeroClaim,
    Remove,
)
from core.fistful.battle_state import WARLORD_COLOUR
from core.fistful.roster import Fighter
from core.game import CHANCE, Secret, lone_seat
from core.text import plural
from gui.controller import MatchController
from gui.kit.fighters.tokens import ring_hinted
from gui.kit.game_view import GameView
from gui.kit.hint_mark import HintSpot
from gui.kit.layouts import side_width
from gui.fistful.arena import ArenaView
from gui.fistful.battle_over import BattleOverPage
from gui.fistful.battle_panel import WARLORDS, BattlePanel, Side, SideCard
from gui.fistful.battle_scores import BattleScores, held
from gui.fistful.pickers import ArmyBuilder, ArmyPicker
from gui.fistful.scar_map import ScarMapView
from gui.kit.style import ColourLabel

PANEL_WIDTH = 486  # the battle panel's widest; it takes PANEL_SHARE of the view, never under PANEL_MIN
PANEL_MIN = 300  # three fighters to a row
PANEL_SHARE = 0.33
NEUTRAL_BANNER = "#1f2937"
THROWS = (BattleThrow, ChampionThrow)
SECRET_PHASES = ("army", "fistful", "reselect")  # chosen behind the curtain (BattleGame.secret)
BOARD_PHASES = ("claim", "attack", "throw", "flip", "hero_claim", "remove", "champion_throw", "champion_remove")


class BattleView(GameView):
    # The layout checks (tests/gui/layout_check.py): the controls a player must reach without
    # scrolling, by object name, and the widget that must cover half the window.
    PRIMARY_CONTROLS: tuple[str, ...] = ("curtainReveal", "throwButton", "recordThrowButton", "skipButton",
                                         "backToStart", "playAgain", "reviewGame")
    BOARD = "battleBoard"
    KEYS: tuple[tuple[str, str], ...] = (
        ("Arrows", "move between the regions you may choose on the map or in the arena"),
        ("Enter or Space", "choose the region in the focus ring"),
        ("Ctrl+arrows", "pan the map or the arena"),
        ("+ / \u2212, F", "zoom the map or the arena in or out, fit it to the window"),
        ("Tab", "move to the next control (leaves the board)"),
        ("Arrows (on a fighter)", "move between the fighters in the battle panel or in the fistful being picked"),
        ("Enter or Space (on a fighter)", "flip or remove it; at the table, its next pose; in a picked fistful, "
                                          "put it back"),
        ("B / S / D", "at the table: the fighter with the focus landed on its Back, Standing or face Down"),
        ("Arrows (in the roster)", "Up/Down between fighters, Left/Right between finishes; Enter or Space "
                                   "adds or removes"),
        ("Any key or click", "while a throw lands: show it at once"),
    )

    def __init__(self, controller: MatchController, parent: QWidget | None = None) -> None:
        super().__init__(controller, "battleView", parent)
        self.game: BattleGame = controller.match.game
        self.roster = self.game.roster
        self.domination = self.game.variant == "domination"
        self._picker_key: object = None
        self._scores: BattleScores | None = None
        self._throws = self.watch_throws()
        self._showing_last = False  # the table shows the battle a throw has just ended, while it lands

        self.army_builder = ArmyBuilder(self.game)
        self.army_builder.seed = controller.match.seed
        self.army_builder.confirm_requested.connect(self._on_confirm_army)
        self.picker = ArmyPicker(self.game)
        self.picker.confirm_requested.connect(self._on_confirm_pick)
        self.picker.keep_button.clicked.connect(self._on_keep)
        self.board_page = self._build_board_page()
        final = ArenaView(self.game.board()) if self.domination else ScarMapView(self.game.board())
        final.setObjectName("finalBoard")
        self.over = BattleOverPage(final)
        self.over.finished_requested.connect(self.finished_requested)
        self.over.again_requested.connect(self.again_requested)
        self.over.review_requested.connect(self.review_requested)
        self.add_page("army", self.army_builder)
        self.add_page("pick", self.picker)
        self.add_page("board", self.board_page)
        self.add_page("over", self.over)
        self.start()

    def _build_board_page(self) -> QWidget:
        page = QWidget(objectName="boardPage")
        self.banner = ColourLabel(objectName="banner")
        self.banner.setWordWrap(True)
        self.banner.setMinimumHeight(44)
        self.sub_banner = QLabel(objectName="subBanner")
        self.sub_banner.setWordWrap(True)
        if self.domination:
            self.board: ArenaView | ScarMapView = ArenaView(self.game.board())
            # the map of Scar rides in the scores dock, so the arena keeps the page's height
            self.mini_map: ScarMapView | None = ScarMapView(self.game.board())
            self.mini_map.setObjectName("miniMap")
            self.mini_map.region_clicked.connect(self._on_region)
            self.mini_map.region_refused.connect(self._on_region_refused)
        else:
            self.board = ScarMapView(self.game.board())
            self.mini_map = None
        self.board.setObjectName("battleBoard")
        self.board.region_clicked.connect(self._on_region)
        self.board.region_refused.connect(self._on_region_refused)
        self.panel = BattlePanel(self.roster, on_token=self._on_token, on_throw=self._on_throw,
                                 on_record=self._on_record, on_skip=self._on_skip,
                                 on_refused=self._on_token_refused, on_landed=self._on_landed)
        self._fit_panel(PANEL_WIDTH)
        body = QHBoxLayout()
        body.setSpacing(12)
        body.addWidget(self.board, 1)
        body.addWidget(self.panel)
        lay = QVBoxLayout(page)
        lay.setContentsMargins(14, 10, 14, 12)
        lay.setSpacing(6)
        lay.addWidget(self.banner)
        lay.addWidget(self.sub_banner)
        lay.addLayout(body, 1)
        return page

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The panel takes a share of the view, so the board keeps over half of it (at 1280x800
        too, where a fixed 486 px panel left the map of Scar a 408 px column)."""
        super().resizeEvent(event)
        self._fit_panel(side_width(self.width(), PANEL_SHARE, PANEL_MIN, PANEL_WIDTH))

    def _fit_panel(self, width: int) -> None:
        if self.panel.minimumWidth() != width or self.panel.maximumWidth() != width:
            self.panel.setFixedWidth(width)

    def boards(self) -> list[ArenaView | ScarMapView]:
        return [self.board] + ([self.mini_map] if self.mini_map is not None else [])

    def scores_widget(self) -> QWidget:
        if self._scores is None:
            self._scores = BattleScores(self.game, self.mini_map)
            self._scores.render(self.match.state, self.match.actions)
        return self._scores

    # --- drawing ----------------------------------------------------------------------
    def render_scores(self, state: BattleState) -> None:
        if self._scores is not None:
            self._scores.render(state, self.match.actions)

    def render_over(self, state: BattleState) -> None:
        self._draw_boards(state, [self.over.board])
        self.over.board.set_highlight(None)
        self.over.board.set_selectable(())
        self.over.render(state, self.game.region_word, self.game.result_text(state))

    def curtain_text(self, state: BattleState, secret: Secret) -> str:
        what = {"army": "Choose your army in secret.",
                "fistful": "Choose your fistful in secret.",
                "reselect": "Keep or change your fistful in secret before the next battle."}.get(secret.what, "")
        return f"{what} {len(state.pending)} of {state.players} players still to choose."

    def hold_curtain(self, state: BattleState) -> bool:
        """The throw that ended a battle lands first; the curtain for the next fistfuls waits."""
        return self._throws.pending(self.match, THROWS) or self.panel.landing

    def _landing_sides(self, state: BattleState) -> list[Side]:
        """Whose fistfuls the throw just made holds, in seat order (the Warlords after the champion)."""
        last = next((a for a in reversed(self.match.actions) if isinstance(a, THROWS)), None)
        if isinstance(last, ChampionThrow):
            return [state.champion.player, WARLORDS] if state.champion is not None else []
        if isinstance(last, BattleThrow):
            return [p for p, code in enumerate(last.poses) if code is not None]
        return []

    def render_table(self, state: BattleState) -> None:
        landing = self._landing_sides(state) if self._throws.fresh(self.match, THROWS) else []
        self._showing_last = False
        if landing and state.battle is None and state.champion is None and state.history:
            self._showing_last = True  # the throw ended the battle: show it land before moving on
            self._render_board(state, landing=landing, shown=state.history[-1])
            self.show_page("board")
            return
        viewer = self.viewer()
        if viewer is not None and state.phase in SECRET_PHASES:
            self._show_secret(state, viewer)
        elif state.phase == "champion_pick":
            self._show_champion_pick(state)
        else:
            self._render_board(state, landing=landing)
            self.show_page("board")

    def _show_secret(self, state: BattleState, current: int) -> None:
        """The seat behind the curtain builds its army or picks its fistful, from its own view."""
        key = (state.phase, len(state.history), current)
        view: BattleState = self.match.view(current)
        name, colour = state.name(current), state.setup.players[current].colour
        if state.phase == "army":
            if self._picker_key != key:
                self._picker_key = key
                self.army_builder.start(current, name, colour)
            self.show_page("army")
            return
        if self._picker_key != key:
            self._picker_key = key
            reselect = state.phase == "reselect"
            last = state.history[-1] if state.history else None
            locked = reselect and last is not None and last.winner == current
            self.picker.start_pick(
                current, name, colour, view.armies[current], current=view.fistfuls[current] if reselect else (),
                locked=locked, ambush=view.ambush_right[current],
                problems=lambda f, e, p=current: self.game.fistful_problems(self.match.view(p), p, f, e))
        self.show_page("pick")

    def _show_champion_pick(self, state: BattleState) -> None:
        champ = state.champion
        p = champ.player
        key = ("champion", p, len(self.match.actions))
        if self._picker_key != key:
            self._picker_key = key
            army = state.armies[p]
            self.picker.start_pick(p, state.name(p), state.setup.players[p].colour, army, kind="champion",
                                   need=min(CHAMPION_FIGHTERS, len(army)))
        self.show_page("pick")

    def _draw_boards(self, state: BattleState, boards: Sequence[ArenaView | ScarMapView]) -> None:
        owners = dict(zip(state.regions, state.owner))
        colours = [p.colour for p in state.setup.players]
        closed = [r for r, c in zip(state.regions, state.closed) if c]
        for board in boards:
            if isinstance(board, ArenaView):
                board.set_discs(owners, colours, removed=closed)
            else:
                board.set_board(owners, colours, closed)

    def _viewer(self, state: BattleState) -> int | None:
        return lone_seat(self.match.actor)

    def _region_info(self, state: BattleState) -> dict[str, str]:
        viewer = self._viewer(state)
        info = {}
        for r, o, c in zip(state.regions, state.owner, state.closed):
            if c:
                line = f"Out of the game: its {self.game.region_word} has left."
            elif o is None:
                line = "Nobody holds it yet."
            else:
                line = f"Held by {state.name(o)}."
            if viewer is not None and state.armies[viewer]:
                mine = [self.roster.name(f) for f in state.armies[viewer] if self.roster.region(f) == r]
                line += (f"\n{state.name(viewer)}'s army from {r}: " + (", ".join(mine) if mine else "none"))
            info[r] = line
        return info

    def _render_board(self, state: BattleState, landing: Sequence[Side] = (), shown: Battle | None = None) -> None:
        """`shown`: a battle the last throw ended, drawn as it landed while the state has moved on."""
        self._draw_boards(state, self.boards())
        battle = shown or state.battle
        region = battle.region if battle is not None and (shown or state.phase != "attack") else None
        phase = state.phase if shown is None else "landing"
        actor = self.match.actor
        if phase == "claim":
            selectable = self.game.claimable(state)
        elif phase == "attack":
            selectable = self.game.attackable(state, state.attacker)
        elif phase == "hero_claim":
            selectable = self.game.hero_claimable(state)
        else:
            selectable = []
        info = self._region_info(state)
        for board in self.boards():
            board.set_highlight(region)
            board.set_selectable(selectable)
            board.set_region_info(info)
        if isinstance(self.board, ArenaView):
            self.board.set_caption(self._arena_caption(state))
        if shown is not None:
            self.banner.setText(f"Battle {shown.number} for {shown.region}: the fighters land")
            self.banner.set_colour(NEUTRAL_BANNER)
            self.sub_banner.setText("Click or press any key to see the throw at once.")
            self._render_battle(state, landing, shown)
        elif phase in ("champion_throw", "champion_remove"):
            self._render_banner(state, actor)
            self._render_champion(state, landing)
        else:
            self._render_banner(state, actor)
            self._render_battle(state, landing)

    def _arena_caption(self, state: BattleState) -> str:
        if state.battle is not None and state.phase != "attack":
            return f"Battle {state.battle.number}\n{state.battle.region}"
        if state.champion is not None:
            return "Ultimate Champion"
        return "Battle Arena"

    def _render_banner(self, state: BattleState, actor: Any) -> None:
        phase = state.phase
        colour = state.setup.players[actor].colour if isinstance(actor, int) and actor is not CHANCE \
            and not isinstance(actor, bool) else NEUTRAL_BANNER
        name = state.name(actor) if colour != NEUTRAL_BANNER else ""
        word = self.game.region_word
        sub = self.game.phase_text(state)
        b = state.battle
        if phase == "claim":
            left = QUOTA[state.players] - state.claims[actor]
            text = f"{name}: choose a region for your {word} ({left} left)"
            sub = "Click a free region on the " + ("arena" if self.domination else "map") + \
                " (or arrows, then Enter)."
        elif phase == "attack":
            if not self.domination and not state.history:
                text = f"{name} defends: choose one of your regions for the first battle"
            else:
                text = f"{name} attacks: choose a region"
            sub = "Click a highlighted region. " + sub
        elif phase == "throw":
            assert b is not None
            if b.throws:
                text = f"Tie in battle {b.number}: " + " and ".join(state.name(p) for p in b.throwers) + " throw again"
            else:
                text = f"Battle {b.number} for {b.region}: {state.name(b.defender)} defends \u2014 everyone throws"
            sub = ("Press Throw! to throw every fistful." if self.match.mode == "simulated" else
                   "Throw at the table, then click how each fighter landed and Record throw.")
        elif phase == "flip":
            assert b is not None
            text = f"{name}: you may flip one face-down fighter from {b.region}"
            sub = "Click a highlighted fighter to turn it face up, or choose Don't flip."
        elif phase == "hero_claim":
            text = f"{name}'s Hero: choose one more region for a {word}"
            sub = "Click a highlighted region" + (", or choose No second region." if self._may_skip_hero(state)
                                                  else ".")
        elif phase == "remove":
            text = f"{name}: choose a face-down fighter to remove from your army"
            sub = "Click one of your highlighted fighters."
        elif phase == "champion_throw":
            champ = state.champion
            text = f"{state.name(champ.player)} against the three Warlords: throw!"
        elif phase == "champion_remove":
            champ = state.champion
            side = "your" if champ.loser == "champion" else "a Warlord's"
            text = f"{name}: choose {side} face-down fighter to remove"
            if champ.loser == "warlords":
                text = f"{name} decides for the Warlords: choose a face-down Warlord to remove"
            sub = "Click a highlighted fighter."
        else:
            text = sub
        self.banner.setText(text)
        self.banner.set_colour(colour)
        self.sub_banner.setText(sub)

    def _may_skip_hero(self, state: BattleState) -> bool:
        return any(isinstance(a, HeroClaim) and a.region is None for a in self.game.legal_actions(state) or [])

    def _log_since_attack(self) -> str:
        lines: list[str] = []
        for action, line in zip(reversed(self.match.actions), reversed(self.match.log)):
            if isinstance(action, (Attack, ChampionPick)):
                break
            if isinstance(action, (ChooseFistful, Claim, ChooseArmy)):
                break
            lines.append(line)
        return "\n".join(reversed(lines[:4]))

    def _render_battle(self, state: BattleState, landing: Sequence[Side] = (), shown: Battle | None = None) -> None:
        phase = state.phase if shown is None else "landing"
        b = shown or (state.battle if phase != "attack" else None)
        mode = self.match.mode
        cards: list[SideCard] = []
        rows = []
        clickable: dict[Side, set[Fighter]] = {}
        legal = self.game.legal_actions(state) or []
        if phase == "flip":
            clickable[b.defender] = {a.fighter for a in legal if isinstance(a, Flip) and a.fighter is not None}
        elif phase == "remove":
            clickable[state.to_remove[0]] = {a.fighter for a in legal if isinstance(a, Remove)}
        actor = self.match.actor
        if b is not None:
            self.panel.reset_poses(("battle", b.number, b.throws, b.throwers))
        for p in range(state.players):
            if state.out[p] and (b is None or not b.landed or b.landed[p] is None):
                continue
            colour = state.setup.players[p].colour
            landed = b.landed[p] if b is not None and b.landed else None
            entering = mode == "table" and phase == "throw" and b is not None and p in b.throwers
            fighters = [x.fighter for x in landed] if landed and not entering else list(state.thrown(p))
            poses = {x.fighter: x.pose for x in landed} if landed else {}
            role = ""
            if b is not None:
                role = ("defends" if p == b.defender else "attacks") + " \u00b7 "
            n = held(state, p)
            status = f"{role}{plural(n, self.game.region_word)}"
            if state.armies[p]:
                status += f", {len(state.armies[p])} in army"
            if state.slaughter_now[p] and b is not None:
                status += f" \u00b7 Slaughter +{state.slaughter_now[p]}"
            score = b.scores[p] if b is not None and b.scores else None
            cards.append(SideCard(p, state.name(p), colour, fighters, poses, status, score, entering,
                                  active=shown is None and actor == p and not isinstance(actor, str),
                                  out=state.out[p]))
            if score is not None and not entering:
                hero = state.setup.hero and score.standing > 0
                rows.append((state.name(p), colour, score, b.winner == p, hero))
        if b is not None:
            title = f"Battle {b.number}: {b.region}, defended by {state.name(b.defender)}"
        elif phase == "claim":
            title = "Setting up: " + ("turning the arena's discs" if self.domination else "placing counters on Scar")
        else:
            title = f"Before battle {len(state.history) + 1}" + (": the fistfuls" if state.history or
                                                                   not self.domination else "")
        result = self._log_since_attack() if b is not None and b.throws else (
            self.match.log[-1] if self.match.log and phase == "attack" else "")
        skip = ""
        if phase == "flip":
            skip = "Don't flip"
        elif phase == "hero_claim" and self._may_skip_hero(state):
            skip = "No second region"
        caption = "Click to flip this fighter face up." if phase == "flip" else \
            "Click to remove this fighter from your army."
        self.panel.show_bonus_columns(state.setup.slaughter, state.setup.team_victory)
        self.panel.render(title, result, self.game.phase_text(state), cards, rows, clickable, caption,
                          throw=phase == "throw" and mode == "simulated",
                          record=phase == "throw" and mode == "table", skip=skip, landing=landing)

    def _render_champion(self, state: BattleState, landing: Sequence[Side] = ()) -> None:
        champ = state.champion
        p = champ.player
        mode = self.match.mode
        phase = state.phase
        entering = mode == "table" and phase == "champion_throw"
        self.panel.reset_poses(("champion", champ.fights))
        sides = ((p, state.name(p), state.setup.players[p].colour, champ.fighters, 0),
                 (WARLORDS, "The Warlords", WARLORD_COLOUR, champ.warlords, 1))
        cards, rows = [], []
        clickable: dict[Side, set[Fighter]] = {}
        if phase == "champion_remove":
            side = p if champ.loser == "champion" else WARLORDS
            clickable[side] = {a.fighter for a in self.game.legal_actions(state) or []
                               if isinstance(a, ChampionRemove)}
        for side, name, colour, fighters, i in sides:
            landed = champ.landed[i] if champ.landed else ()
            poses = {x.fighter: x.pose for x in landed}
            shown = [x.fighter for x in landed] if phase == "champion_remove" else list(fighters)
            score = champ.scores[i] if champ.scores else None
            status = f"{plural(len(fighters), 'fighter')} left"
            cards.append(SideCard(side, name, colour, shown, poses, status, score, entering,
                                  active=side in clickable))
            if score is not None and not entering:
                won = champ.loser == ("warlords" if i == 0 else "champion")
                rows.append((name, colour, score, won, False))
        title = f"Ultimate Champion: {state.name(p)} against the Warlords"
        result = self._log_since_attack() if champ.fights else ""
        self.panel.show_bonus_columns(False, False)  # a champion fight scores the +2 only
        self.panel.render(title, result, self.game.phase_text(state), cards, rows, clickable,
                          "Click to remove this fighter from the fight.",
                          throw=phase == "champion_throw" and mode == "simulated",
                          record=entering, skip="", landing=landing)

    def mark_hint(self, hint: Any) -> None:
        """The region or disc the hint would claim or attack, outlined; the fighter it would flip or
        give up, ringed in the battle panel; the army or fistful it would choose, framed in the roster."""
        action = None if hint is None else hint.action
        chosen = getattr(action, "fighters", ())
        self.army_builder.mark(chosen if isinstance(action, ChooseArmy) else ())
        self.picker.mark(chosen if not isinstance(action, ChooseArmy) else ())
        region = getattr(action, "region", None)
        shape = self.board.region_outline(region) if region is not None else None
        self.board.show_hint([HintSpot.outlining(shape)] if shape is not None else [])
        ring_hinted(self.panel.tokens, action, sides=(WARLORDS,))

    # --- gestures -> actions ----------------------------------------------------------
    def _on_confirm_army(self, fighters: tuple[Fighter, ...]) -> None:
        if self.army_builder.player is not None:
            self.controller.apply(ChooseArmy(self.army_builder.player, tuple(fighters)))

    def _on_confirm_pick(self, fighters: tuple[Fighter, ...]) -> None:
        p = self.picker.player
        if p is None:
            return
        if self.picker.kind == "champion":
            self.controller.apply(ChampionPick(p, tuple(fighters)))
        else:
            self.controller.apply(ChooseFistful(p, tuple(fighters), self.picker.extra))

    def _on_keep(self) -> None:
        self.picker.keep()
        self._on_confirm_pick(self.picker.selection)

    def _on_region(self, region: str) -> None:
        state = self.match.state
        actor = self.match.actor
        if not isinstance(actor, int) or isinstance(actor, bool):
            return
        if state.phase == "claim":
            self.controller.apply(Claim(actor, region))
        elif state.phase == "attack":
            self.controller.apply(Attack(actor, region))
        elif state.phase == "hero_claim":
            self.controller.apply(HeroClaim(actor, region))

    def _on_region_refused(self, region: str) -> None:
        """A click on a region that is not offered: the core says why."""
        reason = self.game.why_not_region(self.match.state, region)
        if reason:
            self.show_refusal(reason)

    def _on_token_refused(self, side: Side, fighter: Fighter) -> None:
        """A click or Enter on a fighter that may not be chosen: the core says why."""
        if self.panel.landing or self._showing_last:
            return
        reason = self.game.why_not_fighter(self.match.state, side, fighter)
        if reason:
            self.show_refusal(reason)

    def _on_landed(self) -> None:
        """The throw has landed: when it had ended the battle, the next step takes the screen now."""
        if self._showing_last:
            self._showing_last = False
            self.release_curtain()

    def _on_token(self, side: Side, fighter: Fighter) -> None:
        state = self.match.state
        if state.phase == "flip":
            self.controller.apply(Flip(side, fighter))
        elif state.phase == "remove":
            self.controller.apply(Remove(side, fighter))
        elif state.phase == "champion_remove":
            self.controller.apply(ChampionRemove(state.to_remove[0], fighter))

    def _on_skip(self) -> None:
        state = self.match.state
        actor = self.match.actor
        if state.phase == "flip":
            self.controller.apply(Flip(actor, None))
        elif state.phase == "hero_claim":
            self.controller.apply(HeroClaim(actor, None))

    def _on_throw(self) -> None:
        if not self.panel.landing:
            self.play_chance()

    def _on_record(self) -> None:
        state = self.match.state
        if state.phase == "champion_throw":
            champ = state.champion
            self.controller.apply(ChampionThrow.of(self.panel.entered(champ.player, champ.fighters),
                                                   self.panel.entered(WARLORDS, champ.warlords)))
            return
        b = state.battle
        self.controller.apply(BattleThrow.of(tuple(self.panel.entered(p, state.thrown(p)) if p in b.throwers
                                                   else None for p in range(state.players))))
