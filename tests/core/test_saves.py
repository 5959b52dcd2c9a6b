"""Saves: exact round trips, and every kind of broken file gives one clear SaveError."""
from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path

import msgspec
import pytest

from core import saves
from core.errors import SaveError
from core.match import Match
from tests.saves.make_saves import FINISHED, MIDGAME, midgame, play


def enc(state) -> bytes:
    return msgspec.json.encode(state)


def same(a: Match, b: Match) -> None:
    assert enc(a.state) == enc(b.state)
    assert a.log == b.log
    assert a.actions == b.actions
    assert a.seed == b.seed
    assert a.setup == b.setup
    assert a.game_id == b.game_id


@pytest.fixture(scope="module")
def current_midgame(tmp_path_factory) -> Path:
    """A mid-game save in today's format (MIDGAME is the one 0.1.0 wrote)."""
    path = tmp_path_factory.mktemp("current") / "midgame.battlebox.json"
    midgame().save(path)
    return path


@pytest.fixture
def save(tmp_path, current_midgame) -> Path:
    path = tmp_path / "game.battlebox.json"
    shutil.copyfile(current_midgame, path)
    return path


def edited(path: Path, change) -> Path:
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def load_error(path: Path, *words: str, step: int | None = None) -> SaveError:
    with pytest.raises(SaveError) as err:
        Match.load(path)
    text = str(err.value)
    assert str(path) in text, text
    assert err.value.path == str(path)
    for w in words:
        assert w.casefold() in text.casefold(), text
    if step is not None:
        assert err.value.step == step
        assert f"step {step}" in text
    return err.value


# --- round trips ----------------------------------------------------------------------

@pytest.mark.parametrize("example", [MIDGAME, FINISHED])
def test_committed_examples_load(example):
    match = Match.load(example)
    assert match.game_id == "throwdown" and len(match.setup.players) == 3
    assert match.is_over == (example == FINISHED)
    if example == MIDGAME:
        assert match.state.phase == "remove" and match.state.throws == 3
    else:
        assert match.result is not None and match.result.winners


@pytest.mark.parametrize("seed, players, mode", [(1, 3, "simulated"), (2, 10, "table"), (3, 1, "simulated")])
def test_round_trip_is_exact(tmp_path, seed, players, mode):
    from core.fistful.throwdown import GAME
    setup = msgspec.structs.replace(GAME.default_setup(players), mode=mode)
    rng = random.Random(seed)
    match = Match.new("throwdown", setup, seed=seed)
    stop = rng.randrange(5, 40)
    play(match, rng, stop=lambda m: len(m.actions) >= stop)
    path = tmp_path / "rt.json"
    match.save(path)
    loaded = Match.load(path)
    same(match, loaded)
    assert loaded.mode == mode
    assert loaded.can_undo == match.can_undo
    loaded.save(tmp_path / "again.json")
    assert (tmp_path / "again.json").read_bytes() == path.read_bytes()


def test_loaded_match_plays_on_like_the_original(tmp_path):
    match = Match.load(MIDGAME)
    twin = Match.load(MIDGAME)
    play(match, random.Random(4))
    play(twin, random.Random(4))
    same(match, twin)


# --- broken files --------------------------------------------------------------------------

@pytest.mark.parametrize("fraction", [0.0, 0.1, 0.33, 0.5, 0.9, 0.999])
def test_truncated_file(save, fraction):
    data = save.read_bytes().rstrip()  # a cut that drops only the final newline is no damage
    save.write_bytes(data[:int(len(data) * fraction)])
    load_error(save)


def test_bit_flips_load_or_raise_save_error(save):
    data = save.read_bytes()
    original = enc(Match.load(save).state)
    rng = random.Random(2004)
    outcomes = {"loaded": 0, "refused": 0}
    for _ in range(250):
        pos, bit = rng.randrange(len(data)), rng.randrange(8)
        flipped = bytearray(data)
        flipped[pos] ^= 1 << bit
        save.write_bytes(bytes(flipped))
        try:
            match = Match.load(save)
        except SaveError as e:
            assert str(save) in str(e)
            outcomes["refused"] += 1
        else:
            assert enc(match.state) == original  # only the seed, app version or layout can change
            outcomes["loaded"] += 1
    assert outcomes["refused"] > 0


@pytest.mark.parametrize("field, value, words", [
    ("version", "1", "version"),
    ("version", None, "version"),
    ("version", True, "version"),
    ("actions", {"kind": "pick"}, "structure"),
    ("actions", None, "structure"),
    ("seed", "42", "structure"),
    ("setup", [], "setup is invalid"),
    ("game", 3, "structure"),
    ("checksum", 0, "structure"),
    ("chance_model", "1", "structure"),
])
def test_wrong_types(save, field, value, words):
    load_error(edited(save, lambda d: d.__setitem__(field, value)), words)


def test_missing_and_unknown_fields(tmp_path, current_midgame):
    a = shutil.copyfile(current_midgame, tmp_path / "a.json")
    load_error(edited(a, lambda d: d.pop("checksum")), "structure", "checksum")
    b = shutil.copyfile(current_midgame, tmp_path / "b.json")
    load_error(edited(b, lambda d: d.__setitem__("cheat", True)), "structure", "cheat")


def test_action_not_an_object(save):
    load_error(edited(save, lambda d: d["actions"].__setitem__(1, "pick")), "unreadable action", step=2)


def test_unknown_action_kind_names_the_step(save):
    load_error(edited(save, lambda d: d["actions"][3].__setitem__("kind", "teleport")),
               "unreadable action", "teleport", step=4)


def test_action_with_a_missing_field_names_the_step(save):
    load_error(edited(save, lambda d: d["actions"][2].pop("player")), "unreadable", step=3)


def test_illegal_action_in_the_log_names_the_step(save):
    def pick_twice(d):
        d["actions"][1] = d["actions"][0]
    load_error(edited(save, pick_twice), "illegal action", "already picked", step=2)


def test_a_hand_picked_throw_is_refused(save):
    """Another legal outcome in place of the seeded one: the draws no longer match the seed."""
    match = Match.load(save)
    step = max(i for i, a in enumerate(match.actions) if match.game.actor(match.state_at(i)) == "chance")
    before = match.state_at(step)
    seeded = match.game.sample_chance(before, random.Random(f"battlebox:{match.seed}:{step}"))
    rng = random.Random(7)
    other = next(o for o in (match.game.sample_chance(before, rng) for _ in range(200))
                 if match.game.chance_draws(before, o) != match.game.chance_draws(before, seeded))
    load_error(edited(save, lambda d: d["actions"].__setitem__(step, json.loads(msgspec.json.encode(other)))),
               "seed", step=step + 1)


def test_an_edited_seed_is_refused(save):
    load_error(edited(save, lambda d: d.__setitem__("seed", d["seed"] + 1)), "seed")


def test_a_checksum_that_does_not_match_the_replay_is_refused(save):
    load_error(edited(save, lambda d: d.__setitem__("checksum", "0" * 64)), "checksum")


def test_an_edited_setup_that_stays_valid_fails_the_checksum(save):
    load_error(edited(save, lambda d: d["setup"]["players"][0].__setitem__("name", "Mallory")), "checksum")


def test_table_mode_accepts_any_entered_throw(tmp_path):
    """At the table the players enter what landed; the seed does not decide it."""
    from core.fistful.throwdown import GAME
    match = Match.new("throwdown", msgspec.structs.replace(GAME.default_setup(2), mode="table"), seed=3)
    rng = random.Random(99)
    play(match, rng, stop=lambda m: len(m.actions) >= 6)
    path = tmp_path / "table.json"
    match.save(path)
    assert Match.load(path).actions == match.actions


def test_edited_setup_fails_cleanly(tmp_path, current_midgame):
    MIDGAME = current_midgame
    a = shutil.copyfile(MIDGAME, tmp_path / "a.json")
    load_error(edited(a, lambda d: d["setup"]["players"][1].__setitem__("colour", "blue")), "setup", "colour")
    b = shutil.copyfile(MIDGAME, tmp_path / "b.json")
    load_error(edited(b, lambda d: d["setup"]["players"].__setitem__(1, d["setup"]["players"][0])),
               "setup", "Two players")
    c = shutil.copyfile(MIDGAME, tmp_path / "c.json")
    load_error(edited(c, lambda d: d["setup"].__setitem__("mode", "dice")), "setup")


def test_unknown_game(save):
    load_error(edited(save, lambda d: d.__setitem__("game", "chess")), "unknown game", "chess")


@pytest.mark.parametrize("marker", ["battlebox-sav", "", None])
def test_wrong_format_marker(save, marker):
    load_error(edited(save, lambda d: d.__setitem__("format", marker)), "not a Battlebox save")


def test_json_that_is_not_an_object(save):
    save.write_text("[1, 2, 3]", encoding="utf-8")
    load_error(save, "not a Battlebox save")


def test_newer_version(save):
    load_error(edited(save, lambda d: d.__setitem__("version", saves.VERSION + 1)), "newer")


def test_version_zero(save):
    load_error(edited(save, lambda d: d.__setitem__("version", 0)), "version 0")


@pytest.mark.parametrize("content", [b"", b"   \n\t"])
def test_empty_file(save, content):
    save.write_bytes(content)
    load_error(save, "empty")


def test_not_json(save):
    save.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    load_error(save, "not valid JSON")


def test_fifty_megabyte_file_is_refused_by_size(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(50 * 1024 * 1024)
    load_error(path, "MB")


def test_missing_file(tmp_path):
    load_error(tmp_path / "nowhere.json", "does not exist")


def test_a_folder(tmp_path):
    load_error(tmp_path, "folder")


# --- atomic writes ---------------------------------------------------------------------

def test_saving_over_a_save_leaves_no_temp_files(tmp_path):
    path = tmp_path / "game.json"
    match = Match.load(MIDGAME)
    match.save(path)
    play(match, random.Random(1))
    match.save(path)
    assert os.listdir(tmp_path) == ["game.json"]
    same(Match.load(path), match)


def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    shutil.copyfile(MIDGAME, path)
    old = path.read_bytes()
    match = Match.load(FINISHED)

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "replace", broken_replace)
    with pytest.raises(OSError):
        match.save(path)
    monkeypatch.undo()
    assert path.read_bytes() == old
    assert os.listdir(tmp_path) == ["game.json"]


def test_save_creates_missing_folders(tmp_path):
    path = tmp_path / "a" / "b" / "game.json"
    Match.load(MIDGAME).save(path)
    same(Match.load(path), Match.load(MIDGAME))
