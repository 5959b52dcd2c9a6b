"""Fistful of Power saves: 0.1.0 actions migrate to today's compact shape, results are facts
that any rewording leaves loadable, and a long game's actions stay small."""
from __future__ import annotations

import json
import random
from pathlib import Path

import msgspec
import pytest

from core import registry
from core.chance import step_rng
from core.fistful import throwdown
from core.fistful.throws import POSE_CODE
from core.game import CHANCE
from core.match import Match
from tests.saves.make_saves import play

OLD = Path(__file__).resolve().parents[1] / "saves" / "0.1.0"
FISTFUL = ("throwdown", "solitaire", "domination", "all-out-war")
V1_SAVES = sorted(p for p in OLD.glob("*.battlebox.json") if p.name.startswith(FISTFUL))
COMPACT_BYTES = 200


def v1(path: Path) -> dict:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["version"] == 1
    return doc


def test_every_fistful_game_has_v1_saves():
    assert {p.name.split("-")[0] for p in V1_SAVES} >= {"throwdown", "solitaire", "domination", "all"}
    assert len(V1_SAVES) >= 20


@pytest.mark.parametrize("path", V1_SAVES, ids=lambda p: p.name)
def test_v1_actions_migrate_and_replay_with_the_seeded_throws(path):
    """Each v1 action, migrated alone, decodes, is legal, and (simulated) equals the seed's throw."""
    doc = v1(path)
    game = registry.get(doc["game"])
    setup = msgspec.convert(doc["setup"], game.setup_type)
    state = game.new(setup)
    simulated = setup.mode == "simulated"
    for step, raw in enumerate(doc["actions"]):
        migrated = game.migrate_action(raw, 1)
        assert "sculpt" not in json.dumps(migrated), "a fighter is still spelled out"
        action = msgspec.convert(migrated, game.action_type)
        assert len(msgspec.json.encode(action)) <= len(json.dumps(raw))
        game.validate(state, action)
        if game.actor(state) == CHANCE and simulated:
            assert action == game.sample_chance(state, step_rng(doc["seed"], step))
        state = game.apply(state, action)
    assert (game.actor(state) is None) == ("finished" in path.name)


@pytest.mark.parametrize("path", [p for p in V1_SAVES if "-table-" in p.name], ids=lambda p: p.name)
def test_a_v1_throw_lands_every_fighter_as_recorded(path):
    """The pose codes give each fighter the pose the v1 throw named for it, in whatever order
    the v1 throw listed the fighters (here reversed)."""
    doc = v1(path)
    game = registry.get(doc["game"])
    state = game.new(msgspec.convert(doc["setup"], game.setup_type))
    checked = 0
    for raw in doc["actions"]:
        action = msgspec.convert(game.migrate_action(raw, 1), game.action_type)
        if raw["kind"] in ("throw", "battle_throw", "solo-throw"):
            seats = raw["landed"] if raw["kind"] != "solo-throw" else [raw["landed"]]
            reversed_raw = dict(raw, landed=[None if s is None else s[::-1] for s in seats])
            if raw["kind"] == "solo-throw":
                reversed_raw["landed"] = reversed_raw["landed"][0]
            assert game.migrate_action(reversed_raw, 1) == game.migrate_action(raw, 1)
            after = game.apply(state, action)
            landed = (after.round.landed if raw["kind"] == "throw" else
                      [after.last.landed] if raw["kind"] == "solo-throw" else
                      (after.battle or after.history[-1]).landed)
            for seat, listed in enumerate(seats):
                if listed is None:
                    continue
                want = {(x["fighter"]["sculpt"], x["fighter"]["finish"]): x["pose"] for x in listed}
                got = {(x.fighter.sculpt, x.fighter.finish): x.pose for x in landed[seat]}
                if raw["kind"] == "battle_throw" and after.battle is not None and after.battle.flipped:
                    continue
                assert got == want
            checked += 1
            state = after
        else:
            state = game.apply(state, action)
    assert checked


def test_migrate_action_on_single_v1_actions():
    td = registry.get("throwdown")
    pick = {"kind": "pick", "player": 1, "fighters": [{"sculpt": "rivet", "finish": "crystal"}]}
    assert td.migrate_action(pick, 1) == {"kind": "pick", "player": 1, "fighters": [["rivet", "crystal"]]}
    throw = {"kind": "throw", "landed": [
        [{"fighter": {"sculpt": "rivet", "finish": "shadow"}, "pose": "down"},
         {"fighter": {"sculpt": "briar", "finish": "crystal"}, "pose": "standing"}], None]}
    assert td.migrate_action(throw, 1) == {"kind": "throw", "poses": ["sd", None]}
    assert td.migrate_action(throw, 2) is throw
    war = registry.get("all-out-war")
    champ = {"kind": "champion_throw",
             "champion": [{"fighter": {"sculpt": "skwall", "finish": "hyper"}, "pose": "back"}],
             "warlords": [{"fighter": {"sculpt": "zorn", "finish": "warlord"}, "pose": "down"}]}
    assert war.migrate_action(champ, 1) == {"kind": "champion_throw", "champion": "b", "warlords": "d"}
    fistful = {"kind": "fistful", "player": 0, "fighters": [{"sculpt": "a", "finish": "shadow"}],
               "extra": {"sculpt": "b", "finish": "shadow"}}
    assert war.migrate_action(fistful, 1)["extra"] == ["b", "shadow"]
    assert war.migrate_action(dict(fistful, extra=None), 1)["extra"] is None
    # damaged input is left for the decoder to refuse, never a crash here
    for junk in ({"kind": "throw", "landed": 3}, {"kind": "throw", "landed": [[{"pose": "x"}]]},
                 {"kind": "solo-throw", "landed": [{"fighter": 1, "pose": "back"}]}, {"kind": "pick"}):
        for game_id in FISTFUL:
            registry.get(game_id).migrate_action(dict(junk), 1)


def finished_throwdown(tmp_path: Path) -> Path:
    match = play(Match.new("throwdown", throwdown.GAME.default_setup(3), seed=5), random.Random(5))
    assert match.is_over and match.result.reason == "last-standing"
    path = tmp_path / "finished.battlebox.json"
    match.save(path)
    return path


def test_rewording_the_win_line_keeps_finished_saves_loading(tmp_path, monkeypatch):
    path = finished_throwdown(tmp_path)
    before = Match.load(path).result_text
    assert "wins: the last player with fighters" in before
    monkeypatch.setattr(throwdown, "WIN_TEXT", "{name} is champion of the table ({throws} throws).")
    reopened = Match.load(path)
    assert reopened.is_over
    assert "is champion of the table" in reopened.result_text
    assert reopened.result_text != before
    assert b"wins" not in msgspec.json.encode(reopened.state)


def test_no_sentence_in_a_finished_state():
    """Results hold facts: nothing in a finished state is the result sentence or a piece of it."""
    for game_id, players in (("throwdown", 4), ("solitaire", 1), ("domination", 3), ("all-out-war", 3)):
        game = registry.get(game_id)
        match = play(Match.new(game_id, game.default_setup(players), seed=9), random.Random(9))
        text = game.result_text(match.state)
        assert text
        encoded = msgspec.json.encode(match.state).decode()
        assert text not in encoded
        assert '"summary":""' in encoded.replace(" ", "") or "summary" not in encoded
        result = match.result
        assert len(result.placings) == players and min(result.placings) == 1
        assert result.reason


def average_action_bytes(match: Match) -> float:
    return sum(len(msgspec.json.encode(a)) for a in match.actions) / len(match.actions)


def test_a_long_ten_player_table_game_averages_at_most_200_bytes_an_action():
    from tests.benchmarks.test_engine_speed import long_match

    match = long_match()
    assert len(match.actions) >= 1_000
    assert average_action_bytes(match) <= COMPACT_BYTES


@pytest.mark.parametrize("game_id,players", [("throwdown", 10), ("solitaire", 1), ("domination", 4),
                                             ("all-out-war", 4)])
def test_random_games_average_at_most_200_bytes_an_action(game_id, players):
    game = registry.get(game_id)
    for seed in range(3):
        match = play(Match.new(game_id, game.default_setup(players), seed=seed), random.Random(seed))
        assert average_action_bytes(match) <= COMPACT_BYTES
        throws = [a for a in match.actions if type(a).__name__.endswith("Throw")]
        assert throws and all(len(msgspec.json.encode(a)) <= COMPACT_BYTES for a in throws)


def test_pose_codes_are_single_letters():
    assert sorted(POSE_CODE.values()) == ["b", "d", "s"]
