"""`battlebox selfplay GAME --players SPEC,...`: computer players against each other, headless."""
from __future__ import annotations

import json

from core.ai.selfplay import run, wilson
from gui.cli import main


def test_json_report_counts_every_game_and_times_each_level(capsys) -> None:
    assert main(["selfplay", "fistful-of-gold", "--games", "3", "--seed", "2",
                 "--players", "random,easy", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3 and report["players"] == ["random", "easy"]
    assert sum(report["wins"]) + report["draws"] == 3
    assert set(report["decision_seconds"]) == {"random", "easy"}
    assert all(t["max"] >= t["median"] >= 0 for t in report["decision_seconds"].values())


def test_text_report_names_each_player_with_an_interval(capsys) -> None:
    assert main(["selfplay", "throwdown", "--games", "2", "--players", "random,random,easy"]) == 0
    out = capsys.readouterr().out
    assert "player 3 (easy)" in out and "95 % interval" in out and "draws:" in out
    assert "easy: median" in out


def test_a_search_level_plays_whole_games() -> None:
    report = run("fistful-of-gold", 2, 1, ["normal", "random"], iterations=10)
    assert sum(report["wins"]) + report["draws"] == 2
    assert report["decision_seconds"]["normal"]["max"] > 0


def test_the_same_seed_repeats_the_results() -> None:
    first = run("impact", 3, 4, ["random", "easy"])
    assert run("impact", 3, 4, ["random", "easy"])["wins"] == first["wins"]


def test_bad_players_exit_2(capsys) -> None:
    assert main(["selfplay", "throwdown", "--games", "2", "--players", "random,grandmaster"]) == 2
    assert main(["selfplay", "fistful-of-gold", "--players", "random,random,random"]) == 2
    assert "grandmaster" in capsys.readouterr().err


def test_wilson_interval_holds_the_rate() -> None:
    lo, hi = wilson(8, 10)
    assert lo < 0.8 < hi
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
