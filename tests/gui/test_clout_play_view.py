"""The Clout Fantasy play view: each kind of question it asks, and the action each answer makes.

Tables are laid out exactly by entering landings at the table (table mode), then the view is
driven with real clicks and drags; every check compares the action the view produced with
what the engine expects.
"""
from __future__ import annotations

import math

import msgspec
import pytest

from core.clout import game as cg
from core.match import Match
from gui.clout.play_view import FULL_PULL_CM, SOURCE, CloutPlayView
from gui.controller import MatchController
from tests.gui.drivers.clout import drive
from tests.gui.drivers.clout_canvas import click_area, click_chip, drag_chip

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def no_animations(monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "0")


def new_match(stacks: tuple[str, str], mode: str = "table") -> Match:
    setup = msgspec.structs.replace(cg.GAME.default_setup(), stacks=stacks, mode=mode)
    return Match(cg.GAME, setup, 1)


def uid_of(match: Match, player: int, kind: str) -> str:
    s = match.state
    return next(u for u in s.stacks[player] if s.kind(u) == kind)


def settle(match: Match) -> None:
    """Setting the table up: decline every optional decision, take the first option otherwise."""
    while match.state.phase == "resolve" and match.state.slots:
        p = match.actor
        slot = next(x for x in match.state.slots if x.decider == p)
        if slot.optional:
            match.apply(cg.Choose(p, slot.id, False))
        else:
            match.apply(cg.Choose(p, slot.id, True, slot.options[:1]))


def put(match: Match, kind: str, x: float, y: float, resolve: bool = True) -> str:
    """The turn player's chip `kind` lands exactly at (x, y)."""
    p = match.state.turn
    uid = uid_of(match, p, kind)
    match.apply(cg.ThrowChip(p, uid, x, y, 0.0))
    match.apply(cg.Landed(uid, (cg.Spot(uid, x, y),)))
    if resolve:
        settle(match)
    return uid


def open_view(qtbot, match: Match) -> CloutPlayView:
    view = CloutPlayView(MatchController(match))
    qtbot.addWidget(view)
    view.resize(1000, 760)
    view.show()
    qtbot.waitExposed(view)
    drive(view).reveal_if_needed()
    return view


ELVES_UNDEAD = ("elves-greenwood-vanguard", "undead-grave-legion")


def strike_table() -> tuple[Match, str, str]:
    m = new_match(ELVES_UNDEAD)
    put(m, "elf-heartwood-grove", 15, 15)
    put(m, "und-bone-crypt", 85, 85)
    put(m, "elf-moonwell", 85, 15)
    ghoul = put(m, "und-ghoul-horde", 50, 50)
    archer = put(m, "elf-glade-archer", 50, 62, resolve=False)
    return m, archer, ghoul


def test_a_target_is_chosen_by_clicking_a_ringed_chip(qtbot):
    m, archer, ghoul = strike_table()
    view = open_view(qtbot, m)
    slot = view.current_slot()
    assert slot is not None and slot.ability == "strike" and slot.source == archer
    assert view.prompt.isVisible() and "Strike" in view.prompt.question.text()
    assert view.canvas.marks.get(ghoul) is not None, "the eligible chip is ringed"
    assert view.canvas.marks[archer] == SOURCE, "the asking chip is ringed in its own colour"
    assert view.canvas.marks[ghoul] != SOURCE
    click_chip(view.canvas, ghoul)
    assert m.actions[-1] == cg.Choose(0, slot.id, True, (ghoul,))
    assert m.state.on_area(ghoul) is None, "the strike removed the ghoul"
    drive(view).reveal_curtain()  # the turn passed: the next player reads what happened
    assert "defense 1 &lt;= strike 2, removed" in view.happened.text(), "the effect is explained, escaped"


def test_clicking_a_chip_that_is_not_eligible_changes_nothing(qtbot):
    m, archer, _ghoul = strike_table()
    view = open_view(qtbot, m)
    n = len(m.actions)
    click_chip(view.canvas, archer)
    assert len(m.actions) == n


def test_an_optional_ability_can_be_declined(qtbot):
    m, _archer, ghoul = strike_table()
    view = open_view(qtbot, m)
    slot = view.current_slot()
    drive(view).answer("Don't use Strike")
    assert m.actions[-1] == cg.Choose(0, slot.id, False)
    assert m.state.on_area(ghoul) is not None


def test_the_other_players_decision_passes_the_device_and_asks_them(qtbot):
    """Two Treant Watchers ambush one troop: the ambushing player decides, in the order they pick."""
    m = new_match(ELVES_UNDEAD)
    put(m, "elf-heartwood-grove", 15, 15)
    put(m, "und-bone-crypt", 85, 85)
    w1 = put(m, "elf-treant-watcher", 40, 50)
    put(m, "und-black-altar", 85, 15)
    w2 = put(m, "elf-treant-watcher", 60, 50)
    creepers = put(m, "und-grave-creepers", 50, 50, resolve=False)
    assert m.actor == 0, "the ambushes are the elves' decision"
    view = CloutPlayView(MatchController(m))
    qtbot.addWidget(view)
    view.resize(1000, 760)
    view.show()
    qtbot.waitExposed(view)
    assert view.page == "curtain" and view.curtain.name == "Player 1"
    assert view.stack_list.count() == 0, "no stack is shown behind the curtain"
    drive(view).reveal_curtain()
    first = view.current_slot()
    assert first.ability == "ambush" and first.source in (w1, w2)
    labels = drive(view).prompt_answers()
    assert any(label.startswith("First:") for label in labels), labels
    assert "2 decisions waiting" in view.prompt.question.text()
    n = len(m.actions)
    drive(view).answer("First:")
    second = view.current_slot()
    assert second.id != first.id and len(m.actions) == n, "choosing the order is not an action"
    drive(view).answer("Use Ambush")
    assert m.actions[-1] == cg.Choose(0, second.id, True)
    drive(view).answer("Don't use Ambush")
    assert m.actions[-1] == cg.Choose(0, first.id, False)
    assert m.state.on_area(creepers) is None


CENTAURS_GOBLINS = ("centaurs-thundering-herd", "goblins-scrap-horde")


def test_a_move_is_a_drag_inside_the_dashed_ring(qtbot):
    m = new_match(CENTAURS_GOBLINS)
    put(m, "cen-war-camp", 15, 15)
    put(m, "gob-scrap-fort", 85, 85)
    warrior = put(m, "cen-questing-warrior", 50, 50, resolve=False)
    view = open_view(qtbot, m)
    slot = view.current_slot()
    assert slot.ability == "move" and slot.needs_point
    assert view.canvas.limit_ring.isVisible()
    assert view.canvas.movable_ids == {warrior}
    drag_chip(view.canvas, warrior, (53, 51))
    last = m.actions[-1]
    assert isinstance(last, cg.Choose) and last.slot == slot.id and last.targets == ()
    assert math.dist((last.x, last.y), (53, 51)) < 0.5
    assert math.dist((m.state.on_area(warrior).x, m.state.on_area(warrior).y), (53, 51)) < 0.5


def test_a_move_too_far_is_refused_with_the_engines_reason(qtbot):
    m = new_match(CENTAURS_GOBLINS)
    put(m, "cen-war-camp", 15, 15)
    put(m, "gob-scrap-fort", 85, 85)
    warrior = put(m, "cen-questing-warrior", 50, 50, resolve=False)
    view = open_view(qtbot, m)
    n = len(m.actions)
    drag_chip(view.canvas, warrior, (70, 50))
    assert len(m.actions) == n
    assert "farther" in drive(view).refusal()
    assert view.canvas.index.centre(warrior) == pytest.approx((50, 50)), "the chip goes back"


def test_several_chips_are_picked_then_confirmed(qtbot):
    """Command 2: click chips in range, then confirm."""
    m = new_match(CENTAURS_GOBLINS)
    camp = put(m, "cen-war-camp", 50, 40)
    put(m, "gob-scrap-fort", 85, 85)
    warrior = put(m, "cen-questing-warrior", 58, 50)
    put(m, "gob-raider", 15, 85)
    put(m, "cen-herd-captain", 50, 50, resolve=False)
    view = open_view(qtbot, m)
    slot = view.current_slot()
    assert slot.ability == "command" and set(slot.options) >= {warrior}
    confirm = next(label for label in drive(view).prompt_answers() if label.startswith("Choose"))
    assert "0 chosen" in confirm
    n = len(m.actions)
    drive(view).answer("Choose")
    assert len(m.actions) == n, "nothing is sent before a chip is picked"
    click_chip(view.canvas, warrior)
    assert view.canvas.marks[warrior] != view.canvas.marks.get(camp, view.canvas.marks[warrior]) or camp not in slot.options
    drive(view).answer("Confirm")
    assert m.actions[-1] == cg.Choose(0, slot.id, True, (warrior,))


def test_precision_offers_keep_or_a_new_throw(qtbot):
    m = new_match(ELVES_UNDEAD)
    put(m, "elf-heartwood-grove", 15, 15)
    put(m, "und-bone-crypt", 85, 85)
    sentinel = put(m, "elf-starsong-sentinel", 50, 50, resolve=False)
    assert m.state.phase == "precision"
    view = open_view(qtbot, m)
    assert "Precision" in view.prompt.question.text()
    assert "click where it landed" in view.prompt.hint.text()
    assert not view.canvas.aiming, "at the table the slingshot is skipped"
    drive(view).show_landing(30, 60)
    last = m.actions[-1]
    assert isinstance(last, cg.ThrowChip) and last.chip == sentinel
    assert (last.x, last.y) == pytest.approx((30, 60), abs=0.4)
    assert m.state.phase == "land", "table mode: the players say where it landed"
    drag_chip(view.canvas, sentinel, (31, 61))
    drive(view).confirm()
    assert m.state.phase == "precision"
    drive(view).answer("Keep it here")
    assert isinstance(m.actions[-1], cg.Keep)


def test_a_throw_is_aimed_by_pulling_back_and_lands_by_chance_in_simulated_mode(qtbot):
    m = new_match(ELVES_UNDEAD, mode="simulated")
    view = open_view(qtbot, m)
    grove = uid_of(m, 0, "elf-heartwood-grove")
    troop = uid_of(m, 0, "elf-glade-archer")
    item = drive(view).stack_item(troop)
    assert item is not None and "first chip must be" in item.text()
    drive(view).choose_chip(troop)
    assert view.chosen is None and not view.canvas.aiming, "a troop cannot be the first chip"
    drive(view).choose_chip(grove)
    assert view.canvas.aiming
    drive(view).aim_and_throw(40, 55, 0.5)
    throw, landed = m.actions[-2:]
    assert isinstance(throw, cg.ThrowChip) and throw.chip == grove
    assert throw.strength == pytest.approx(0.5, abs=0.03) and (throw.x, throw.y) == pytest.approx((40, 55), abs=0.4)
    assert isinstance(landed, cg.Landed) and landed.chip == grove, "the chance action follows the throw at once"
    assert view.page == "curtain" and view.curtain.name == "Player 2"
    drive(view).reveal_curtain()
    assert grove in view.canvas.markers or landed.out


def test_place_puts_the_chip_where_the_area_is_clicked(qtbot):
    m = new_match(CENTAURS_GOBLINS)
    put(m, "cen-war-camp", 15, 15)
    put(m, "gob-scrap-fort", 85, 85)
    put(m, "cen-outrider", 20, 80)
    view = open_view(qtbot, m)
    infiltrator = uid_of(m, 1, "gob-infiltrator")
    drive(view).choose_chip(infiltrator)
    assert view.place_button.isVisible()
    drive(view).toggle_place()
    assert not view.canvas.aiming
    click_area(view.canvas, 60, 40)
    last = m.actions[-1]
    assert isinstance(last, cg.PlaceChip) and last.chip == infiltrator
    assert (last.x, last.y) == pytest.approx((60, 40), abs=0.4)


def test_scores_dock_shows_the_engines_totals_and_breakdown(qtbot):
    m = new_match(ELVES_UNDEAD)
    put(m, "elf-heartwood-grove", 15, 15)
    put(m, "und-bone-crypt", 85, 85)
    put(m, "elf-glade-archer", 22, 22)
    view = open_view(qtbot, m)
    scores = view.scores_widget()
    totals = cg.GAME.totals(m.state)
    assert [t.total for t in scores.tallies] == list(totals)
    for s in cg.GAME.scores(m.state):
        assert view.chip_name(s.uid) in scores.breakdown.text()
    assert "+1 base" in scores.breakdown.text()


def test_full_pull_is_full_strength():
    from gui.clout.play_view import PlayCanvas

    assert PlayCanvas.strength_of(FULL_PULL_CM * 2) == 1.0
    assert PlayCanvas.strength_of(FULL_PULL_CM / 2) == pytest.approx(0.5)
    assert PlayCanvas.strength_of(0) == 0.0


def test_the_thrower_sees_the_throw_land_before_the_curtain_falls(qtbot, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    m = new_match(ELVES_UNDEAD, mode="simulated")
    view = open_view(qtbot, m)
    grove = uid_of(m, 0, "elf-heartwood-grove")
    drive(view).choose_chip(grove)
    drive(view).aim_and_throw(50, 50, 0.0)
    assert isinstance(m.actions[-1], cg.Landed) and m.state.turn == 1
    anim = view.canvas.animation
    assert anim is not None and anim.state() == anim.State.Running, "the throw flies in"
    assert view.page == "board", "the thrower still sees the table while the chip lands"
    assert view.viewer() == 0
    item = view.canvas.items_by_id[grove]
    end = view.canvas.index.centre(grove)
    qtbot.waitUntil(lambda: view.page == "curtain", timeout=10000)
    assert view.curtain.name == "Player 2", "once it has landed, the curtain falls for the next player"
    assert (item.pos().x() / 10, item.pos().y() / 10) == pytest.approx(end, abs=1e-6)
    assert item.scale() == 1.0
    drive(view).reveal_curtain()
    assert not view.canvas.animating, "the next player is not shown the same throw again"


def test_a_click_skips_the_throws_animation(qtbot, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    m = new_match(ELVES_UNDEAD, mode="simulated")
    view = open_view(qtbot, m)
    drive(view).choose_chip(uid_of(m, 0, "elf-heartwood-grove"))
    drive(view).aim_and_throw(50, 50, 0.0)
    assert view.canvas.animating and view.page == "board"
    click_area(view.canvas, 20, 20)
    assert not view.canvas.animating and view.page == "curtain"


def test_with_animations_off_the_curtain_falls_at_once(qtbot):
    m = new_match(ELVES_UNDEAD, mode="simulated")
    view = open_view(qtbot, m)
    drive(view).choose_chip(uid_of(m, 0, "elf-heartwood-grove"))
    drive(view).aim_and_throw(50, 50, 0.0)
    assert view.page == "curtain" and not view.canvas.animating


def test_a_tie_for_nearest_is_asked_and_answered_by_clicking(qtbot):
    """Raze 1 with a base on either side at the same distance: the thrower picks which goes."""
    m = new_match(("elves-greenwood-vanguard", "goblins-scrap-horde"))
    grove = put(m, "elf-heartwood-grove", 50, 58)
    put(m, "gob-scrap-fort", 85, 85)
    well = put(m, "elf-moonwell", 50, 42)
    put(m, "gob-firebomber", 50, 50, resolve=False)
    view = open_view(qtbot, m)
    slot = view.current_slot()
    assert slot is not None and slot.ability == "raze" and set(slot.options) == {grove, well}
    assert "Raze" in view.prompt.question.text()
    assert view.canvas.marks.get(grove) is not None and view.canvas.marks.get(well) is not None
    click_chip(view.canvas, well)
    drive(view).answer("Confirm")
    assert m.actions[-1] == cg.Choose(1, slot.id, True, (well,))
    assert m.state.on_area(well) is None and m.state.on_area(grove) is not None


# --- an aim the player understands ---------------------------------------------------------------------
def test_the_aim_shows_strength_slide_and_the_predicted_area_before_the_release(qtbot):
    m = new_match(ELVES_UNDEAD, mode="simulated")
    view = open_view(qtbot, m)
    drive(view).choose_chip(uid_of(m, 0, "elf-heartwood-grove"))
    assert "touch down" in view.how.text() and "cannot be undone" in view.how.text()
    n = len(m.actions)
    d = drive(view)
    d.pull(50, 50, 0.8)
    text = d.aim_readout()
    predicted = cg.GAME.predict_throw(m.state, 0, 50, 50, view.canvas.aim_strength)
    assert f"Strength {view.canvas.aim_strength:.0%}" in text and "cannot be undone" in text
    assert f"slides about {predicted.slide_cm:.0f} cm" in text and predicted.slide_cm > 35
    assert view.canvas.scatter_item.isVisible(), "the predicted landing area is drawn"
    box = view.canvas.scatter_item.polygon().boundingRect()
    assert box.center().y() / 10 == pytest.approx(predicted.centre_cm[1], abs=0.5), "centred past the aim"
    assert len(m.actions) == n, "nothing is thrown before the release"
    d.let_go()
    assert isinstance(m.actions[-1], cg.Landed)


def test_a_throw_that_would_leave_the_area_is_asked_about_first(qtbot):
    m = new_match(ELVES_UNDEAD, mode="simulated")
    view = open_view(qtbot, m)
    drive(view).choose_chip(uid_of(m, 0, "elf-heartwood-grove"))
    n = len(m.actions)
    d = drive(view)
    d.pull(50, 8, 0.9)
    assert "end off the area" in d.aim_readout()
    assert view.canvas.scatter_item.pen().color().name() == "#e53935", "the warning shows in red"
    d.let_go()
    assert len(m.actions) == n, "not thrown yet"
    assert "end off the area" in view.prompt.question.text()
    drive(view).answer("Aim again")
    assert len(m.actions) == n and view.canvas.aiming
    drive(view).aim_and_throw(50, 8, 0.9)
    drive(view).answer("Throw anyway")
    assert isinstance(m.actions[-1], cg.Landed) and m.actions[-2].strength > 0.8


def test_the_keyboard_aims_sets_the_strength_and_throws(qtbot):
    from PySide6.QtCore import Qt

    m = new_match(ELVES_UNDEAD, mode="simulated")
    view = open_view(qtbot, m)
    grove = uid_of(m, 0, "elf-heartwood-grove")
    drive(view).choose_chip(grove)
    d = drive(view)
    d.key(Qt.Key.Key_Left, shift=True)  # from the centre, 10 cm left
    d.key(Qt.Key.Key_Down, times=3)
    d.key(Qt.Key.Key_Minus, times=10)  # down to 0 %
    d.key(Qt.Key.Key_Plus, times=2)
    assert view.canvas.key_aim == pytest.approx((40, 53)) and view.canvas.aim_strength == pytest.approx(0.1)
    assert "Strength 10%" in d.aim_readout()
    d.key(Qt.Key.Key_Return)
    throw = m.actions[-2]
    assert isinstance(throw, cg.ThrowChip) and (throw.x, throw.y, throw.strength) == pytest.approx((40, 53, 0.1))
    assert "(Enter)" in "".join(k for k, _ in view.KEYS) or any("Enter" in k for k, _ in view.KEYS)


# --- at the table ------------------------------------------------------------------------------------
def test_at_the_table_a_chip_dropped_on_another_turns_red_and_asks(qtbot):
    m = new_match(ELVES_UNDEAD)
    grove = put(m, "elf-heartwood-grove", 30, 30)
    crypt = put(m, "und-bone-crypt", 70, 70)
    view = open_view(qtbot, m)
    well = uid_of(m, 0, "elf-moonwell")
    drive(view).choose_chip(well)
    assert not view.canvas.aiming, "no slingshot at the table"
    drive(view).show_landing(50, 50)
    assert m.state.phase == "land" and view.canvas.index.centre(well) == pytest.approx((50, 50), abs=0.3)
    drag_chip(view.canvas, well, (32, 31))
    spot = view.canvas.index.centre(well)
    assert math.dist(spot, (30, 30)) < 4, "the dropped chip stays where it was dropped"
    assert view.canvas.marks[well] == "#e53935", "a chip on another chip is red"
    assert "lies on" in view.prompt.question.text() and view.chip_name(grove) in view.prompt.question.text()
    assert view.canvas.index.centre(grove) == pytest.approx((30, 30)), "nothing is pushed"
    drive(view).answer("Move it")
    assert view.canvas.held == well and view.canvas.marks[well] == "#e53935"
    drag_chip(view.canvas, well, (40, 45))
    assert view.canvas.marks[well] != "#e53935" and not view.prompt.isVisible()
    drag_chip(view.canvas, crypt, (38, 46))
    assert view.canvas.marks[crypt] == "#e53935" and "lies on" in view.prompt.question.text()
    drive(view).answer("Keep it there")
    assert crypt not in view.canvas.marks or view.canvas.marks[crypt] != "#e53935"
    drive(view).confirm()
    landed = m.actions[-1]
    assert isinstance(landed, cg.Landed)
    spots = {sp.chip: (sp.x, sp.y) for sp in landed.spots}
    assert spots[crypt] == pytest.approx(view.table_spots.get(crypt, spots[crypt]))
    assert math.dist(spots[crypt], spots[well]) < 4, "kept overlapping, exactly as entered"


def test_at_the_table_a_chip_off_the_area_asks_whether_it_went_out(qtbot):
    m = new_match(ELVES_UNDEAD)
    put(m, "elf-heartwood-grove", 30, 30)
    put(m, "und-bone-crypt", 70, 70)
    view = open_view(qtbot, m)
    well = uid_of(m, 0, "elf-moonwell")
    drive(view).choose_chip(well)
    drive(view).show_landing(50, 90)
    drag_chip(view.canvas, well, (50, 101))
    assert view.canvas.marks[well] == "#e53935" and "hangs over the edge" in view.prompt.question.text()
    drag_chip(view.canvas, well, (50, 103))
    assert "entirely off the area" in view.prompt.question.text()
    drive(view).answer("It went out")
    assert m.actions[-1] == cg.Landed(well, (), True)


def test_at_the_table_the_arrows_nudge_the_held_chip(qtbot):
    from PySide6.QtCore import Qt

    m = new_match(ELVES_UNDEAD)
    put(m, "elf-heartwood-grove", 30, 30)
    put(m, "und-bone-crypt", 70, 70)
    view = open_view(qtbot, m)
    well = uid_of(m, 0, "elf-moonwell")
    drive(view).choose_chip(well)
    drive(view).confirm()  # "Show where it landed": the chip appears on the thrower's side, clear of chips
    assert m.state.phase == "land" and view.canvas.held == well
    x, y = view.canvas.index.centre(well)
    drive(view).key(Qt.Key.Key_Right, times=3)
    drive(view).key(Qt.Key.Key_Up, shift=True)
    assert view.canvas.index.centre(well) == pytest.approx((x + 0.3, y - 1.0), abs=1e-6)
    grove = next(c.uid for c in m.state.chips if m.state.kind(c.uid) == "elf-heartwood-grove")
    view.canvas.focus_piece(grove)
    drive(view).key(Qt.Key.Key_Space)  # the keyboard takes a knocked chip in hand
    assert view.canvas.held == grove
    drive(view).key(Qt.Key.Key_Left, times=2)
    assert view.canvas.index.centre(grove) == pytest.approx((29.8, 30), abs=1e-6)
    drive(view).confirm()
    spots = {sp.chip: sp for sp in m.actions[-1].spots}
    assert spots[well] == cg.Spot(well, round(x + 0.3, 2), round(y - 1.0, 2))
    assert spots[grove] == cg.Spot(grove, 29.8, 30.0)


# --- keyboard and refusals ----------------------------------------------------------------------------
def test_chips_take_the_keyboard_focus_and_enter_clicks_them(qtbot):
    from PySide6.QtCore import Qt

    m, archer, ghoul = strike_table()
    view = open_view(qtbot, m)
    slot = view.current_slot()
    ids = {p for p, _ in view.canvas.focus_pieces()}
    assert ids == set(view.canvas.markers)
    view.canvas.focus_piece(ghoul)
    drive(view).key(Qt.Key.Key_Return)
    assert m.actions[-1] == cg.Choose(0, slot.id, True, (ghoul,))


def test_a_click_on_a_greyed_stack_chip_says_why(qtbot):
    m = new_match(ELVES_UNDEAD, mode="simulated")
    view = open_view(qtbot, m)
    troop = uid_of(m, 0, "elf-glade-archer")
    drive(view).click_stack_row(troop)
    assert view.chosen is None
    assert "first chip must be" in drive(view).refusal().lower() or "base" in drive(view).refusal().lower()


def test_a_throw_that_went_out_still_lets_the_curtain_fall(qtbot, monkeypatch):
    monkeypatch.setenv("BATTLEBOX_ANIMATIONS", "1")
    m = new_match(ELVES_UNDEAD, mode="simulated")
    view = open_view(qtbot, m)
    drive(view).choose_chip(uid_of(m, 0, "elf-heartwood-grove"))
    drive(view).aim_and_throw(50, 2, 1.0)
    drive(view).answer("Throw anyway")
    assert isinstance(m.actions[-1], cg.Landed) and m.actions[-1].out
    qtbot.waitUntil(lambda: view.page == "curtain", timeout=10000)
