"""`battlebox selfplay GAME --players SPEC,...`: computer players against each other, headless."""
from __future__ import annotations

import json

from core.ai.selfplay import Tally, percentile, run, wilson
from gui.cli import main


def test_json_report_counts_every_game_and_times_each_level(capsys) -> None:
    assert main(["selfplay", "fistful-of-gold", "--games", "3", "--seed", "2",
                 "--players", "random,easy", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3 and report["players"] == ["random", "easy"]
    assert sum(report["wins"]) + report["draws"] == 3
    assert sum(report["score"]) == 3
    assert set(report["decision_seconds"]) == {"random", "easy"}
    assert all(t["max"] >= t["p95"] >= t["median"] >= 0 for t in report["decision_seconds"].values())


def test_text_report_names_each_player_with_an_interval(capsys) -> None:
    assert main(["selfplay", "throwdown", "--games", "2", "--players", "random,random,easy"]) == 0
    out = capsys.readouterr().out
    assert "player 3 (easy)" in out and "95 % interval" in out and "draws:" in out
    assert "easy: median" in out and "95 % within" in out and "score" in out


def test_three_player_specs_rotate_through_the_seats() -> None:
    report = run("throwdown", 3, 1, ["easy", "random", "random"])
    assert report["players"] == ["easy", "random", "random"]
    assert sum(report["score"]) == 3 and len(report["wins"]) == 3


def test_a_one_seat_game_plays_paired_sessions(capsys) -> None:
    assert main(["selfplay", "solitaire", "--games", "2", "--seed", "3",
                 "--players", "random,random", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and sum(report["score"]) == 2
    # The same spec on the same seed plays the same session: every pair is drawn.
    assert report["draws"] == 2 and report["score"] == [1.0, 1.0]


def test_a_draw_counts_half_and_a_shared_first_place_its_share() -> None:
    tally = Tally(["normal", "random"])
    tally.add([0])
    tally.add([0, 1])
    tally.add([])
    assert tally.wins == [1, 0] and tally.draws == 2
    assert tally.score == [2.0, 1.0]
    three = Tally(["normal", "random", "random"])
    three.add([1, 2])
    assert three.score == [0.0, 0.5, 0.5]


def test_the_95th_percentile_is_a_time_most_decisions_kept_to() -> None:
    times = [float(i) for i in range(1, 101)]
    assert percentile(times, 0.95) == 95.0
    assert percentile([3.0], 0.95) == 3.0 and percentile([], 0.95) == 0.0


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


def test_each_spec_takes_every_seat_in_turn(monkeypatch) -> None:
    import core.ai.selfplay as selfplay

    seated: list[str] = []
    real = selfplay.make_player

    def recording(game_id: str, level: str, **kwargs):
        seated.append(level)
        return real(game_id, level, **kwargs)

    monkeypatch.setattr(selfplay, "make_player", recording)
    run("throwdown", 3, 0, ["easy", "random", "normal"])
    assert seated == ["easy", "random", "normal", "random", "normal", "easy", "normal", "easy", "random"]
