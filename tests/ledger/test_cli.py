"""`battlebox ledger ...`: add (de-duplicated), standings (text and the issue's JSON shape),
export, and every bad input as one line on stderr with exit code 1, never a traceback."""
from __future__ import annotations

import csv
import json
import os
import sqlite3
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from gui.cli import main
from ledger.db import default_url
from ledger.store import Ledger
from tests.ledger.finished import finished_save, without_finish_time, write_saves
from tests.pg import free_port

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["ledger", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("battlebox: "), err
    return lines[0]


@pytest.fixture
def db(tmp_path) -> str:
    return default_url(tmp_path / "club")


@pytest.fixture
def saves(tmp_path) -> list[Path]:
    data = [finished_save(s) for s in range(6)] + [finished_save(6, computer=True),
                                                    finished_save(7, computer=True)]
    return write_saves(tmp_path / "saves", data)


def test_add_records_each_save_once(capsys, tmp_path, db, saves):
    (tmp_path / "club").mkdir()
    code, out, err = run(capsys, "--db", db, "add", *map(str, saves))
    assert (code, err) == (0, "")
    assert out.splitlines() == [f"{p}: added" for p in saves]
    code, out, _ = run(capsys, "--db", db, "add", str(saves[0]), str(saves[3]))
    assert code == 0 and out.splitlines() == [f"{saves[0]}: already recorded", f"{saves[3]}: already recorded"]
    led = Ledger.open(db)
    try:
        assert len(led.matches()) == len(saves)
    finally:
        led.close()


def test_add_names_each_refused_file_and_records_the_rest(capsys, tmp_path, db, saves):
    (tmp_path / "club").mkdir()
    half = tmp_path / "half.battlebox.json"
    half.write_bytes(finished_save(9, finished=False))
    junk = tmp_path / "junk.battlebox.json"
    junk.write_bytes(b"{not json")
    missing = tmp_path / "missing.battlebox.json"
    code, out, err = run(capsys, "--db", db, "add", str(half), str(saves[0]), str(junk), str(missing))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{half}: refused: ") and "not finished" in lines[0]
    assert lines[1] == f"{saves[0]}: added"
    assert lines[2].startswith(f"{junk}: refused: ")
    assert lines[3].startswith(f"{missing}: refused: cannot read it")
    assert one_line_error(err) == "battlebox: 3 of 4 saves refused"


def test_an_older_save_without_a_finish_time_takes_the_files_mtime(capsys, tmp_path, db):
    (tmp_path / "club").mkdir()
    [old] = write_saves(tmp_path / "old", [without_finish_time(finished_save(11))])
    when = datetime(2024, 5, 17, 19, 30, tzinfo=timezone.utc)
    os.utime(old, (when.timestamp(), when.timestamp()))
    assert run(capsys, "--db", db, "add", str(old))[0] == 0
    led = Ledger.open(db)
    try:
        assert [m.finished_at for m in led.matches()] == [when]
    finally:
        led.close()


def test_standings_json_is_the_league_table(capsys, tmp_path, db, saves):
    (tmp_path / "club").mkdir()
    run(capsys, "--db", db, "add", *map(str, saves))
    code, out, err = run(capsys, "--db", db, "standings", "throwdown", "--json")
    assert (code, err) == (0, "")
    table = json.loads(out)
    assert table and all(set(row) == {"player", "rating", "mu", "sigma", "played", "won"} for row in table)
    assert [r["rating"] for r in table] == sorted((r["rating"] for r in table), reverse=True)
    for row in table:
        assert row["rating"] == pytest.approx(row["mu"] - 3 * row["sigma"])
    led = Ledger.open(db)
    try:
        stored = led.standings("throwdown")
    finally:
        led.close()
    assert [(r["player"], r["played"], r["won"], r["mu"]) for r in table] == \
        [(s.player, s.played, s.won, s.mu) for s in stored]
    assert sum(r["played"] for r in table) == sum(len(m.seats) for m in _matches(db))
    assert "Computer (Normal)" in [r["player"] for r in table]

    code, out, _ = run(capsys, "--db", db, "standings", "throwdown", "--json", "--hide-computers")
    assert code == 0 and [r["player"] for r in json.loads(out)] == \
        [r["player"] for r in table if r["player"] != "Computer (Normal)"]

    code, out, _ = run(capsys, "--db", db, "standings", "throwdown")
    lines = out.splitlines()
    assert code == 0 and "Rating" in lines[0] and len(lines) == len(table) + 1
    assert lines[1].split()[:2] == ["1", table[0]["player"]]


def test_standings_of_a_game_without_matches(capsys, tmp_path, db):
    (tmp_path / "club").mkdir()
    assert run(capsys, "--db", db, "standings", "impact", "--json")[:2] == (0, "[]\n")
    code, out, _ = run(capsys, "--db", db, "standings", "solitaire")
    assert code == 0 and "one-player game" in out and "not rated" in out
    code, out, _ = run(capsys, "--db", db, "standings", "clout")
    assert (code, out) == (0, "No rated matches of clout yet.\n")


def test_export_writes_csv(capsys, tmp_path, db, saves):
    (tmp_path / "club").mkdir()
    run(capsys, "--db", db, "add", *map(str, saves))
    folder = tmp_path / "out" / "csv"
    code, out, err = run(capsys, "--db", db, "export", str(folder))
    assert (code, err) == (0, "")
    written = [Path(line.removeprefix("wrote ")) for line in out.splitlines()]
    assert folder / "results.csv" in written and all(p.exists() for p in written)
    with open(folder / "results.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert len(rows) > len(saves)  # a header and at least one row per match
    assert any(p.name.startswith("standings-throwdown") for p in written)


def test_without_db_it_uses_the_default_ledger_in_the_data_folder(capsys, saves):
    data = Path(os.environ["BATTLEBOX_DATA_DIR"])
    assert run(capsys, "add", str(saves[0]))[0] == 0
    assert (data / "ledger.sqlite3").exists()


def test_without_db_it_uses_the_apps_setting(capsys, tmp_path, saves):
    data = Path(os.environ["BATTLEBOX_DATA_DIR"])
    club = tmp_path / "elsewhere"
    club.mkdir()
    (data / "settings.ini").write_text(f"[ledger]\nurl={default_url(club)}\n")
    assert run(capsys, "add", str(saves[0]))[0] == 0
    assert (club / "ledger.sqlite3").exists() and not (data / "ledger.sqlite3").exists()


def test_an_unknown_game_lists_the_games(capsys, db):
    code, out, err = run(capsys, "--db", db, "standings", "chess")
    line = one_line_error(err)
    assert code == 1 and out == ""
    assert "chess" in line and "throwdown" in line and "fistful-of-gold" in line


@pytest.mark.parametrize("url, words", [
    ("mysql://someone@host/db", "SQLite or PostgreSQL"),
    ("not a url", "not a ledger URL"),
])
def test_a_bad_url_is_one_line(capsys, url, words, saves):
    code, _, err = run(capsys, "--db", url, "add", str(saves[0]))
    assert code == 1 and words in one_line_error(err)


def test_a_folder_that_cannot_be_made_is_one_line(capsys, tmp_path, saves):
    (tmp_path / "a-file").write_text("not a folder")
    code, _, err = run(capsys, "--db", default_url(tmp_path / "a-file"), "export", str(tmp_path / "o"))
    assert code == 1 and str(tmp_path / "a-file") in one_line_error(err)


def test_a_ledger_from_a_newer_release_is_one_line(capsys, tmp_path, db):
    (tmp_path / "club").mkdir()
    Ledger.open(db).close()
    with sqlite3.connect(tmp_path / "club" / "ledger.sqlite3") as con:
        con.execute("UPDATE alembic_version SET version_num = 'from_the_future'")
    con.close()
    code, _, err = run(capsys, "--db", db, "standings", "throwdown")
    assert code == 1 and "newer" in one_line_error(err)


def test_a_locked_ledger_is_one_line_and_loses_nothing(capsys, tmp_path, db, saves):
    (tmp_path / "club").mkdir()
    run(capsys, "--db", db, "add", str(saves[0]))
    holder = sqlite3.connect(tmp_path / "club" / "ledger.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        code, out, err = run(capsys, "--db", db, "add", str(saves[1]))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert code == 1 and "locked" in one_line_error(err)
    assert run(capsys, "--db", db, "add", str(saves[1]))[1] == f"{saves[1]}: added\n"
    assert len(_matches(db)) == 2


def test_server_errors_are_one_line_without_the_password(capsys, pg_cluster, saves):
    url = pg_cluster.create_database("cli_errors")
    assert run(capsys, "--db", url, "add", str(saves[0]))[1] == f"{saves[0]}: added\n"

    code, _, err = run(capsys, "--db", pg_cluster.url_for("cli_errors", password="hunter2"), "standings",
                       "throwdown")
    line = one_line_error(err)
    assert code == 1 and "password" in line and "hunter2" not in line

    code, _, err = run(capsys, "--db", f"postgresql://battlebox:secret@127.0.0.1:{free_port()}/cli",
                       "standings", "throwdown")
    line = one_line_error(err)
    assert code == 1 and "cannot be reached" in line and "secret" not in line


def test_the_command_loads_neither_qt_nor_the_database_libraries_before_it_needs_them(tmp_path, saves):
    """In its own process: building the parser (`battlebox --help`, the app's start-up) loads no
    database library, and `ledger --db ...` runs without loading any of the app's Qt."""
    code = ("import sys; from gui.cli import build_parser, main; build_parser(); "
            "heavy = [m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'alembic', 'openskill', "
            "'pg8000') or m in ('ledger.store', 'ledger.sync', 'ledger.db')]; "
            "assert not heavy, heavy; rc = main(sys.argv[1:]); "
            "assert 'PySide6' not in sys.modules, 'PySide6 was imported'; sys.exit(rc)")
    (tmp_path / "club").mkdir()
    done = subprocess.run([sys.executable, "-c", code, "ledger", "--db", default_url(tmp_path / "club"),
                           "add", str(saves[0])], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"{saves[0]}: added\n", "")


def _matches(url: str) -> list:
    led = Ledger.open(url)
    try:
        return led.matches()
    finally:
        led.close()



def test_an_old_club_server_ledger_is_dumped_into_the_data_folder_and_upgraded(capsys, fresh_pg_url, saves):
    from sqlalchemy import create_engine

    from ledger import migrations

    engine = create_engine(fresh_pg_url.replace("postgresql://", "postgresql+pg8000://"))
    try:
        migrations.upgrade(engine, fresh_pg_url, None, to="0001")
    finally:
        engine.dispose()
    data = Path(os.environ["BATTLEBOX_DATA_DIR"])
    before = set(data.iterdir()) if data.exists() else set()
    code, out, err = run(capsys, "--db", fresh_pg_url, "add", str(saves[0]))
    assert code == 0, err
    [dump] = set(data.iterdir()) - before
    assert json.loads(dump.read_text())["tables"]["alembic_version"] == [{"version_num": "0001"}]
