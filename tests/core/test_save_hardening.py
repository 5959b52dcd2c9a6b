"""Hostile and damaged save files: only ever one SaveError naming the file, step and reason."""
from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import saves
from core.errors import IllegalAction, SaveError
from core.match import Match
from tests.saves.make_saves import FIRST_RELEASE, midgame, play

OLD = sorted(FIRST_RELEASE.glob("*-midgame.battlebox.json"))


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("good") / "midgame.battlebox.json"
    midgame().save(path)
    return path


def refused(path, *words: str) -> SaveError:
    with pytest.raises(SaveError) as err:
        Match.load(path)
    for w in words:
        assert w.casefold() in str(err.value).casefold(), str(err.value)
    assert str(path) in str(err.value)
    return err.value


def test_thousand_deep_nesting_in_an_action(tmp_path, good):
    doc = json.loads(good.read_text())
    text = json.dumps(doc).replace('"actions": [', '"actions": [' + "[" * 1000 + "]" * 1000 + ",", 1)
    path = tmp_path / "deep.json"
    path.write_text(text)
    refused(path)


def test_deep_nesting_at_the_top(tmp_path):
    path = tmp_path / "deep.json"
    path.write_bytes(b'{"format": "battlebox-save", "version": 1, "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
    refused(path)


def test_deep_nesting_in_an_old_format_save(tmp_path):
    path = tmp_path / "deep.json"
    path.write_bytes(b'{"format": "battlebox-save", "version": 1, "game": "throwdown", "setup": '
                     + b"[" * 5000 + b"]" * 5000 + b"}")
    refused(path)


def test_invalid_utf8_inside_a_string(tmp_path, good):
    data = good.read_bytes().replace(b'"name":"', b'"name":"\xff\xfe', 1)
    path = tmp_path / "utf.json"
    path.write_bytes(data)
    refused(path, "UTF-8")


@pytest.mark.parametrize("version", [b"9" * 5000, b"-" + b"9" * 5000, b"1e400", b"1.5", b'"2"'])
def test_absurd_version_numbers(tmp_path, good, version):
    data = good.read_bytes().replace(b'"version":2', b'"version":' + version, 1)
    path = tmp_path / "version.json"
    path.write_bytes(data)
    refused(path)


def test_huge_seed(tmp_path, good):
    data = good.read_bytes().replace(b'"seed":', b'"seed":' + b"9" * 5000 + b",\"x\":", 1)
    path = tmp_path / "seed.json"
    path.write_bytes(data)
    refused(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.timeout(30)
def test_a_fifo_is_refused_without_blocking(tmp_path):
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    refused(path, "not an ordinary file")


@pytest.mark.timeout(30)
def test_a_device_is_refused(tmp_path):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    refused(Path("/dev/zero"), "not an ordinary file")


def test_too_many_actions(tmp_path, good):
    doc = json.loads(good.read_text())
    doc["actions"] = [doc["actions"][0]] * (saves.MAX_ACTIONS + 1)
    path = tmp_path / "many.json"
    path.write_text(json.dumps(doc))
    refused(path, "actions")


@pytest.mark.parametrize("player", [-1, 3, 10**6])
def test_player_index_out_of_range(tmp_path, good, player):
    doc = json.loads(good.read_text())
    doc["actions"][0]["player"] = player
    path = tmp_path / "seat.json"
    path.write_text(json.dumps(doc))
    err = refused(path)
    assert err.step == 1


def test_a_rules_bug_becomes_a_save_error(tmp_path, good, monkeypatch):
    """Whatever a game's rules raise while replaying, the user gets a SaveError with the step."""
    match = Match.load(good)
    game = match.game

    def broken(state, action):
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(game, "validate", broken)
    err = refused(good, "step 1")
    assert err.step == 1


def test_an_old_save_made_illegal_by_a_rules_fix_opens_at_the_step_before(good, monkeypatch):
    match = Match.load(good)
    game = match.game
    players = [i for i, a in enumerate(match.actions) if game.actor(match.state_at(i)) != "chance"]
    target = match.actions[players[-1]]
    bad_step = match.actions.index(target) + 1
    real = game.validate

    def stricter(state, action):
        if action == target:
            raise IllegalAction("a rule fixed since this save was made forbids it")
        return real(state, action)

    monkeypatch.setattr(game, "validate", stricter)
    err = refused(good, f"step {bad_step}", "rule fixed")
    assert err.step == bad_step and err.resume_steps == bad_step - 1
    monkeypatch.undo()
    opened = Match.load(good, upto=err.resume_steps)
    assert opened.actions == match.actions[:bad_step - 1]


def test_progress_is_reported_while_loading(tmp_path):
    from core.fistful.throwdown import GAME
    match = Match.new("throwdown", msgspec.structs.replace(GAME.default_setup(10), mode="table"), seed=5)
    play(match, random.Random(5))
    path = tmp_path / "long.json"
    match.save(path)
    seen: list[tuple[int, int]] = []
    Match.load(path, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (len(match.actions), len(match.actions))
    assert all(d <= t for d, t in seen) and [d for d, _ in seen] == sorted(d for d, _ in seen)


# --- fuzz -------------------------------------------------------------------------------------

@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_bytes_only_ever_raise_save_error(tmp_path, good, data):
    raw = bytearray(data.draw(st.sampled_from([good] + OLD)).read_bytes())
    for _ in range(data.draw(st.integers(1, 8))):
        op = data.draw(st.sampled_from(["flip", "cut", "insert", "dup"]))
        pos = data.draw(st.integers(0, max(0, len(raw) - 1)))
        if op == "flip" and raw:
            raw[pos] ^= 1 << data.draw(st.integers(0, 7))
        elif op == "cut":
            del raw[pos:pos + data.draw(st.integers(1, 40))]
        elif op == "insert":
            raw[pos:pos] = data.draw(st.sampled_from(
                [b"[", b"{", b"]", b"}", b",", b'"', b"\xff", b"-1", b"1e999", b"null", b"9" * 50, b"\\u0000"]))
        else:
            raw[pos:pos] = raw[pos:pos + data.draw(st.integers(1, 200))]
    path = tmp_path / "fuzz.json"
    path.write_bytes(bytes(raw))
    try:
        Match.load(path)
    except SaveError as e:
        assert str(path) in str(e)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_structure_only_ever_raises_save_error(tmp_path, good, data):
    doc = json.loads(data.draw(st.sampled_from([good] + OLD)).read_text())
    target = data.draw(st.sampled_from(["top", "setup", "action", "player"]))
    value = data.draw(json_values)
    if target == "top":
        doc[data.draw(st.sampled_from(sorted(doc) + ["extra"]))] = value
    elif target == "setup":
        key = data.draw(st.sampled_from(sorted(doc["setup"])))
        doc["setup"][key] = value
    elif target == "action":
        i = data.draw(st.integers(0, len(doc["actions"]) - 1))
        key = data.draw(st.sampled_from(sorted(doc["actions"][i])))
        doc["actions"][i][key] = value
    else:
        i = data.draw(st.integers(0, len(doc["actions"]) - 1))
        if "player" in doc["actions"][i]:
            doc["actions"][i]["player"] = data.draw(st.integers(-3, 12) | st.integers())
    path = tmp_path / "fuzz.json"
    path.write_text(json.dumps(doc))
    try:
        Match.load(path)
    except SaveError as e:
        assert str(path) in str(e)


def test_an_old_game_played_on_keeps_its_old_throws_and_checks_the_new_ones(tmp_path):
    """A 0.1.0 game continued today: its earlier throws came from another chance model, so
    only the throws made since are checked against the seed."""
    old = FIRST_RELEASE / "throwdown-3p-midgame.battlebox.json"
    match = Match.load(old)
    assert match.seeded_from == len(match.actions)
    start = len(match.actions)
    play(match, random.Random(1))
    path = tmp_path / "continued.json"
    match.save(path)
    again = Match.load(path)
    assert again.actions == match.actions and again.seeded_from == start
    doc = json.loads(path.read_text())
    doc["seeded_from"] = len(doc["actions"]) + 1
    path.write_text(json.dumps(doc))
    refused(path, "seeded_from")
    doc["seeded_from"] = 0
    path.write_text(json.dumps(doc))
    refused(path)


def test_a_newer_chance_model_skips_the_check_for_older_throws(tmp_path, good, monkeypatch):
    match = Match.load(good)
    monkeypatch.setattr(type(match.game), "chance_model", match.game.chance_model + 1)
    reopened = Match.load(good)
    assert reopened.seeded_from == len(reopened.actions)
