"""The file of last setups: every game's round trip, old setups migrated, and damage named."""
from __future__ import annotations

import json

import pytest

from core import last_setups, registry
from maps.datafile import DataError
from tests.setups import tweaked


def test_every_game_s_setup_comes_back_as_it_was_kept(tmp_path) -> None:
    path = tmp_path / last_setups.FILE_NAME
    kept = {game_id: tweaked(game_id) for game_id in registry.GAMES}
    last_setups.write(path, kept)
    assert last_setups.read(path) == (kept, [], {})


def test_no_file_is_no_setups(tmp_path) -> None:
    assert last_setups.read(tmp_path / "none.json") == ({}, [], {})


@pytest.mark.parametrize("text", ["{not json", '{"format": "battlebox-save", "version": 1}',
                                  '{"format": "battlebox-last-setups", "version": 9, "games": {}}',
                                  '{"format": "battlebox-last-setups", "version": 1, "games": []}'])
def test_a_damaged_file_is_refused_naming_it(tmp_path, text) -> None:
    path = tmp_path / "last.json"
    path.write_text(text)
    with pytest.raises(DataError) as e:
        last_setups.read(path)
    assert str(path) in str(e.value)


def doc(games: dict) -> str:
    return json.dumps({"format": last_setups.FORMAT, "version": last_setups.VERSION, "games": games})


def test_an_entry_that_cannot_be_used_is_named_and_the_others_kept(tmp_path) -> None:
    path = tmp_path / "last.json"
    last_setups.write(path, {"throwdown": tweaked("throwdown")})
    good = json.loads(path.read_text())["games"]["throwdown"]
    one_player = {"players": [{"name": "Ann", "colour": "#123456"}]}
    path.write_text(doc({"throwdown": good,
                         "chess": {"save_version": 2, "setup": {}},
                         "fistful-of-gold": {"save_version": 2, "setup": one_player},
                         "impact": {"save_version": 99, "setup": {}},
                         "clout": {"save_version": 2, "setup": {"players": "many"}}}))
    setups, problems, unread = last_setups.read(path)
    assert setups == {"throwdown": tweaked("throwdown")} and sorted(unread) == ["chess", "clout", "fistful-of-gold",
                                                                                 "impact"]
    assert len(problems) == 4 and all(p.startswith(f"{path}: games.") for p in problems)
    named = " ".join(problems)
    for game_id in ("chess", "fistful-of-gold", "impact", "clout"):
        assert f"games.{game_id}:" in named


def test_a_setup_kept_by_an_older_save_format_is_migrated_as_a_save_s_is(tmp_path) -> None:
    path = tmp_path / "last.json"
    old = {"players": [{"name": "Red", "colour": "#c62828"}, {"name": "Green", "colour": "#2e7d32"}],
           "mode": "simulated", "badges_to_win": 2, "dynamite_gold": 3, "open_discards": False, "computer": 1}
    path.write_text(doc({"fistful-of-gold": {"save_version": 1, "setup": old}}))
    setups, problems, _ = last_setups.read(path)
    assert not problems
    assert [p.computer for p in setups["fistful-of-gold"].players] == [None, "easy"]


def test_the_file_is_written_whole_or_not_at_all(tmp_path, monkeypatch) -> None:
    path = tmp_path / "last.json"
    last_setups.write(path, {"throwdown": tweaked("throwdown")})
    before = path.read_bytes()

    def fail(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", fail)
    with pytest.raises(OSError):
        last_setups.write(path, {"impact": tweaked("impact")})
    assert path.read_bytes() == before


def test_an_entry_this_release_cannot_read_is_written_back_as_it_was(tmp_path) -> None:
    path = tmp_path / "last.json"
    newer = {"save_version": 99, "setup": {"players": [], "what": "a newer release's"}}
    path.write_text(doc({"impact": newer}))
    setups, problems, unread = last_setups.read(path)
    assert not setups and problems
    last_setups.write(path, {"throwdown": tweaked("throwdown")}, unread)
    assert json.loads(path.read_text())["games"]["impact"] == newer
    assert last_setups.read(path).setups == {"throwdown": tweaked("throwdown")}
