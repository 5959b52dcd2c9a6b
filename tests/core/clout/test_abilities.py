"""Each ability, immunity, ignore and modifier as the resolution engine applies it.

Distances: standard area, 5 cm range increment, chips 4 cm across, so two chips whose centres
are 4 + g cm apart are g cm apart edge to edge.
"""
from __future__ import annotations

import pytest

from core.clout.game import GAME, Choose, Landed, Spot, ThrowChip
from core.errors import IllegalAction
from tests.core.clout.test_game import land, make_state, uid_of

SPARE = {0: ["elf-glade-archer"]}  # keeps player 0's turn coming


def stack(**by_player):
    out = dict(SPARE)
    for k, v in by_player.items():
        out[int(k[1:])] = v
    return out


def slot(s, ability):
    return next(x for x in s.slots if x.ability == ability)


def test_strike_removes_a_troop_with_defense_at_most_its_value():
    s = make_state({0: [("elf-thornwarden", (50, 50)), ("elf-glade-archer", (50, 62))]}, stack(p1=["gob-infiltrator"]), turn=1)
    inf = uid_of(s, "gob-infiltrator")
    s = land(s, inf, 50, 56)  # both in range 1 (gap 2 cm)
    st = slot(s, "strike")
    assert set(st.options) == {uid_of(s, "elf-thornwarden"), uid_of(s, "elf-glade-archer")}
    s = GAME.apply(s, Choose(1, st.id, True, (uid_of(s, "elf-glade-archer"),)))
    assert s.on_area(uid_of(s, "elf-glade-archer")) is None


def test_strike_fails_against_higher_defense_and_counterattack_answers():
    s = make_state({0: [("elf-thornwarden", (50, 50))]}, stack(p1=["gob-raider"]), turn=1)
    tw, raider = uid_of(s, "elf-thornwarden"), uid_of(s, "gob-raider")
    s = land(s, raider, 50, 56)
    s = GAME.apply(s, Choose(1, slot(s, "strike").id, True, (tw,)))
    ca = slot(s, "counterattack")
    assert ca.decider == 0 and ca.options == (raider,)
    s = GAME.apply(s, Choose(0, ca.id, True))
    assert s.on_area(tw) is not None and s.on_area(raider) is None  # defense 3 > strike 1; counter 2 >= 1


def test_provoke_must_be_targeted_first():
    s = make_state({0: [("neu-boulder", (50, 50)), ("elf-glade-archer", (58, 56))]},
                   stack(p1=["cen-siege-runner"]), turn=1)
    runner = uid_of(s, "cen-siege-runner")
    s = land(s, runner, 52, 56)
    s = GAME.apply(s, Choose(1, slot(s, "move").id, False))
    assert slot(s, "siege").options == (uid_of(s, "neu-boulder"),)


def test_strike_with_no_provoke_offers_every_troop_and_siege_only_bases_and_relics():
    s = make_state({0: [("elf-heartwood-grove", (50, 50)), ("elf-glade-archer", (58, 56))]},
                   stack(p1=["cen-siege-runner"]), turn=1)
    runner = uid_of(s, "cen-siege-runner")
    s = land(s, runner, 52, 56)
    s = GAME.apply(s, Choose(1, slot(s, "move").id, False))
    assert slot(s, "siege").options == (uid_of(s, "elf-heartwood-grove"),)


def test_immunity_keeps_a_chip_out_of_the_targets():
    s = make_state({0: [("und-wraith", (50, 50))]}, stack(p1=["gob-infiltrator"]), turn=1)
    s = land(s, uid_of(s, "gob-infiltrator"), 50, 56)
    assert not any(x.ability == "strike" for x in s.slots)  # Wraith is immune to strike


def test_fly_adds_an_increment_and_ignoring_fly_removes_it():
    # a flying troop 4 cm away: out of a range-1 strike (4 + 5 > 5) ...
    s2 = make_state({0: [("elf-windrider", (50, 50))]}, stack(p1=["gob-raider"]), turn=1)
    s2 = land(s2, uid_of(s2, "gob-raider"), 50, 58)
    assert not any(x.ability == "strike" for x in s2.slots)
    # ... but an ability that ignores fly (Bow Chieftain, strike 3 [Fly], range 3) reaches at 12 cm
    s3 = make_state({0: [("elf-windrider", (50, 50))]}, stack(p1=["cen-bow-chieftain"]), turn=1)
    s3 = land(s3, uid_of(s3, "cen-bow-chieftain"), 50, 50 + 4 + 14)
    assert slot(s3, "strike").options == (uid_of(s3, "elf-windrider"),)


def test_protect_raises_defense_and_ignoring_protect_cancels_it():
    table = {0: [("und-bone-crypt", (50, 50)), ("gob-raider", (50, 60))]}
    s = make_state(table, stack(p1=["elf-glade-archer"]), turn=1)  # raider defense 1 + protect 1
    archer = uid_of(s, "elf-glade-archer", 1)
    s = land(s, archer, 50, 70)
    s = GAME.apply(s, Choose(1, slot(s, "strike").id, True, (uid_of(s, "gob-raider"),)))
    assert s.on_area(uid_of(s, "gob-raider")) is None
    s = make_state({0: [("und-bone-crypt", (50, 50)), ("elf-thornwarden", (50, 60))]},
                   stack(p1=["gob-raider"]), turn=1)
    b = GAME.board(s)
    assert b.defense(uid_of(s, "elf-thornwarden")) == 4
    assert b.defense(uid_of(s, "elf-thornwarden"), ("protect",)) == 3


def test_boost_team_and_weaken_change_attack_values():
    s = make_state({1: [("cen-war-camp", (50, 50)), ("cen-herd-lancer", (50, 58)), ("cen-herd-lancer", (56, 58))],
                    0: [("und-black-altar", (80, 80))]}, {})
    b = GAME.board(s)
    lancer = uid_of(s, "cen-herd-lancer")
    assert b.attack_value(lancer, GAME.catalogue.chip("cen-herd-lancer").ability("strike")) == 2 + 1 + 1
    s = make_state({1: [("cen-herd-lancer", (50, 58))], 0: [("und-black-altar", (50, 50))]}, {})
    b = GAME.board(s)
    assert b.attack_value(uid_of(s, "cen-herd-lancer"), GAME.catalogue.chip("cen-herd-lancer").ability("strike")) == 1


def test_support_extends_range():
    s = make_state({0: [("neu-watchtower", (50, 50)), ("gob-raider", (50, 60))]}, {})
    b = GAME.board(s)
    assert b.reach_units(uid_of(s, "gob-raider")) == 2


def test_destroy_removes_the_nearest_first_and_raze_bases():
    table = {0: [("gob-raider", (50, 56)), ("gob-raider", (50, 62))], 1: [("gob-raider", (58, 50))]}
    s = make_state(table, stack(p1=["und-dark-ritual"]), turn=1)
    ritual = uid_of(s, "und-dark-ritual")
    s = land(s, ritual, 50, 50)
    assert s.on_area(uid_of(s, "gob-raider", 0)) is None  # 2 cm away: nearest
    assert s.on_area(uid_of(s, "gob-raider", 1)) is not None
    assert s.on_area(ritual) is None  # an action leaves at the end of the turn


def test_poison_removes_chips_that_come_to_rest_in_range():
    s = make_state({1: [("und-plague-bearer", (50, 50))]}, {0: ["gob-raider"], 1: ["gob-raider"]}, turn=0)
    r = uid_of(s, "gob-raider", 0)
    s = land(s, r, 50, 57)
    s = GAME.apply(s, Choose(0, slot(s, "strike").id, False))  # the Raider's own strike, declined
    assert s.on_area(r) is None and r in s.discards[0]


def test_bomb_removes_the_troops_and_itself():
    s = make_state({0: [("elf-glade-archer", (50, 50))]}, stack(p1=["gob-sapper"]), turn=1)
    sap = uid_of(s, "gob-sapper")
    s = land(s, sap, 50, 56)
    assert s.on_area(sap) is None and s.on_area(uid_of(s, "elf-glade-archer")) is None


def test_possess_takes_control_and_reverts_when_the_source_leaves():
    s = make_state({0: [("elf-windrider", (50, 50))]}, {1: ["und-lich"], 0: ["gob-big-boom"]}, turn=1)
    lich, wr = uid_of(s, "und-lich"), uid_of(s, "elf-windrider")
    s = land(s, lich, 50, 60)
    assert GAME.board(s).controller(wr) == 1
    assert GAME.totals(s)[1] >= 2  # the Windrider's points go to player 1
    s = land(s, uid_of(s, "gob-big-boom"), 50, 68)  # destroy 2 nearest: the Lich first
    assert s.on_area(lich) is None and GAME.board(s).controller(wr) == 0


def test_trap_ignores_points_and_abilities_until_its_source_leaves():
    s = make_state({0: [("elf-thornwarden", (50, 50))]}, {1: ["und-soul-snare"], 0: ["gob-big-boom"]}, turn=1)
    snare, tw = uid_of(s, "und-soul-snare"), uid_of(s, "elf-thornwarden")
    s = land(s, snare, 50, 57)
    b = GAME.board(s)
    assert b.trapped(tw) and b.ability(tw, "counterattack") is None
    assert next(x for x in GAME.scores(s) if x.uid == tw).total == 0
    s = land(s, uid_of(s, "gob-big-boom"), 50, 64)  # removes the Snare (nearest relic) and more
    assert not GAME.board(s).trapped(tw) or s.on_area(tw) is None


def test_attract_pulls_troops_to_touch_the_source():
    s = make_state({0: [("elf-glade-archer", (50, 62)), ("elf-glade-archer", (70, 70))]},
                   stack(p1=["gob-grabby-hook"]), turn=1)
    hook = uid_of(s, "gob-grabby-hook")
    s = GAME.apply(s, ThrowChip(1, hook, 50, 50, 0.0))
    s = GAME.apply(s, Landed(hook, (Spot(hook, 50, 50),)))
    a = uid_of(s, "elf-glade-archer")
    c = s.on_area(a)
    assert c.x == pytest.approx(50) and c.y == pytest.approx(54)


def test_repulse_pushes_opponents_out_of_range():
    s = make_state({1: [("gob-raider", (50, 56))]}, {0: ["elf-swift-gale", "elf-glade-archer"], 1: ["gob-raider"]})
    gale, r = uid_of(s, "elf-swift-gale"), uid_of(s, "gob-raider")
    s = land(s, gale, 50, 50)
    c = s.on_area(r)
    assert c is not None and c.y > 50 + 4 + 15


def test_move_is_limited_to_its_value_and_blocked_by_stop():
    s = make_state({}, stack(p1=["cen-questing-warrior"]), turn=1)
    w = uid_of(s, "cen-questing-warrior")
    s = land(s, w, 50, 50)
    mv = slot(s, "move")
    with pytest.raises(IllegalAction):
        GAME.validate(s, Choose(1, mv.id, True, (), 50, 60))
    s2 = make_state({0: [("und-grave-creepers", (50, 40))]}, stack(p1=["cen-questing-warrior"]), turn=1)
    s2 = land(s2, uid_of(s2, "cen-questing-warrior"), 50, 50)
    assert not any(x.ability == "move" for x in s2.slots)


def test_push_moves_another_of_your_chips_and_exchange_swaps():
    s = make_state({1: [("gob-raider", (50, 58))]}, stack(p1=["cen-pathfinder"]), turn=1)
    pf, r = uid_of(s, "cen-pathfinder"), uid_of(s, "gob-raider")
    s = land(s, pf, 50, 50)
    p = slot(s, "push")
    s = GAME.apply(s, Choose(1, p.id, True, (r,), 50, 66))
    assert s.on_area(r).y == 66
    s = make_state({1: [("gob-raider", (50, 58))]}, stack(p1=["elf-kindred-scout"]), turn=1)
    sc, r = uid_of(s, "elf-kindred-scout"), uid_of(s, "gob-raider")
    s = land(s, sc, 50, 50)
    s = GAME.apply(s, Choose(1, slot(s, "exchange").id, True, (r,)))
    assert (s.on_area(r).y, s.on_area(sc).y) == (50, 58)


def test_command_activates_chips_without_their_rally_abilities():
    s = make_state({0: [("elf-glade-archer", (50, 70))], 1: [("gob-raider", (50, 62))]},
                   stack(p1=["cen-herd-captain"]), turn=1)
    cap, r = uid_of(s, "cen-herd-captain"), uid_of(s, "gob-raider")
    s = land(s, cap, 50, 50)
    s = GAME.apply(s, Choose(1, slot(s, "command").id, True, (r,)))
    st = slot(s, "strike")
    assert st.source == r and st.options == (uid_of(s, "elf-glade-archer", 0),)


def test_rethrow_picks_a_chip_up_and_throws_it():
    s = make_state({1: [("gob-raider", (50, 58))]}, stack(p1=["gob-boss"]), turn=1)
    boss, r = uid_of(s, "gob-boss"), uid_of(s, "gob-raider")
    s = land(s, boss, 50, 50)
    s = GAME.apply(s, Choose(1, slot(s, "rethrow").id, True, (r,)))
    assert s.phase == "throw" and s.ctx.chip == r
    s = GAME.apply(s, ThrowChip(1, r, 20, 20, 0.0))
    s = GAME.apply(s, Landed(r, (Spot(r, 20, 20),)))
    assert s.on_area(r).x == 20


def test_reanimate_removes_a_troop_and_throws_one_from_the_discards():
    s = make_state({0: [("und-ghoul-horde", (50, 58))]}, {0: ["und-necromancer"], 1: ["gob-raider"]}, turn=0,
                   discards={0: ["und-wraith"]})
    nec, gh, wr = uid_of(s, "und-necromancer"), uid_of(s, "und-ghoul-horde"), uid_of(s, "und-wraith")
    s = land(s, nec, 50, 50)
    # a single troop in range and a single troop in the discard stack: no choice to make
    assert gh in s.discards[0] and s.phase == "throw" and s.ctx.chip == wr
    s = GAME.apply(s, ThrowChip(0, wr, 20, 20, 0.0))
    s = GAME.apply(s, Landed(wr, (Spot(wr, 20, 20),)))
    assert s.on_area(wr) is not None and wr not in s.discards[0]


def test_master_abilities_need_a_master_in_range():
    s = make_state({0: [("gob-raider", (50, 58))]}, stack(p1=["neu-sellsword"]), turn=1)
    s1 = land(s, uid_of(s, "neu-sellsword"), 50, 50)
    assert not any(x.ability == "strike" for x in s1.slots)
    s = make_state({0: [("gob-raider", (50, 58))], 1: [("neu-crown-of-ages", (40, 45))]},
                   stack(p1=["neu-sellsword"]), turn=1)
    s2 = land(s, uid_of(s, "neu-sellsword"), 50, 50)
    assert any(x.ability == "strike" for x in s2.slots)


def test_remove_modifier_is_a_choice_and_costs_the_chip():
    s = make_state({0: [("gob-raider", (50, 57))]}, stack(p1=["neu-hedge-wizard"]), turn=1)
    hw = uid_of(s, "neu-hedge-wizard")
    s1 = land(s, hw, 50, 50)
    d = slot(s1, "destroy")
    assert d.optional
    s2 = GAME.apply(s1, Choose(1, d.id, True))
    assert s2.on_area(hw) is None and s2.on_area(uid_of(s, "gob-raider")) is None
    s3 = GAME.apply(s1, Choose(1, d.id, False))
    assert s3.on_area(hw) is not None


def test_friendly_attract_is_compulsory_and_only_pulls_your_troops():
    s = make_state({1: [("gob-raider", (50, 62))], 0: [("elf-glade-archer", (62, 50))]},
                   stack(p1=["gob-tunnel-warren"]), turn=1)
    tw = uid_of(s, "gob-tunnel-warren")
    s = land(s, tw, 50, 50)
    r = s.on_area(uid_of(s, "gob-raider"))
    assert r.y == pytest.approx(54)
    assert s.on_area(uid_of(s, "elf-glade-archer")).x == 62


def test_all_modifier_strike_may_hit_your_own_troops():
    s = make_state({0: [("gob-raider", (50, 57))]}, {0: ["neu-young-dragon"], 1: ["gob-raider"]}, turn=0)
    s = land(s, uid_of(s, "neu-young-dragon"), 50, 50)
    assert slot(s, "strike").options == (uid_of(s, "gob-raider"),)
