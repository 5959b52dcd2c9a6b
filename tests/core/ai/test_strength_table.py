"""The strength table runner (tests/benchmarks/strength_table.py) writes a well-formed table and resumes."""
from __future__ import annotations

import json
from pathlib import Path

from tests.benchmarks.strength_table import main

ARGS = ["--games", "2", "--iterations", "2", "--strong-target", "1", "--strong-games", "1",
        "--only", "throwdown", "--jobs", "1"]


def rows(text: str) -> list[list[str]]:
    return [[c.strip() for c in line.strip("|").split("|")] for line in text.splitlines()
            if line.startswith("| ") and not line.startswith("| Game")]


def test_a_tiny_run_writes_a_table_and_resumes_without_replaying(tmp_path: Path) -> None:
    out = tmp_path / "table.md"
    assert main([*ARGS, "--hours", "0.05", "--out", str(out)]) == 0
    text = out.read_text()
    assert "| Game | Pairing | Games | Score | 95 % interval | Bar | Met | Thinking (s) |" in text
    table = rows(text)
    pairings = [r[1] for r in table]
    assert pairings == ["normal vs random", "normal vs easy", "normal vs random, random",
                        "normal vs random, random, random", "strong vs normal"]
    assert all(len(r) == 8 and r[0] == "Throwdown" for r in table)
    assert [r[2] for r in table] == ["2", "2", "2", "2", "1"]
    assert all(r[3].endswith("%") and "–" in r[4] for r in table)
    assert table[0][5] == "≥ 85%" and table[0][6] in ("yes", "no")
    assert "took 0 h 00 min" in text
    state = json.loads((tmp_path / "table.md.state.json").read_text())
    assert [p["tally"]["games"] for p in state["pairs"]] == [2, 2, 2, 2, 1]
    # The same command again finds every pairing done: it plays nothing more.
    assert main([*ARGS, "--hours", "0.05", "--out", str(out)]) == 0
    again = json.loads((tmp_path / "table.md.state.json").read_text())
    assert [p["tally"] for p in again["pairs"]] == [p["tally"] for p in state["pairs"]]
    assert rows(out.read_text()) == table


def test_without_time_nothing_is_measured_and_the_table_says_so(tmp_path: Path) -> None:
    out = tmp_path / "table.md"
    assert main([*ARGS, "--hours", "0", "--out", str(out)]) == 0
    table = rows(out.read_text())
    assert len(table) == 5 and all(r[2] == "0" and "not measured" in r[6] for r in table)


def test_fixed_pairings_that_cannot_fit_share_the_time_left(tmp_path: Path) -> None:
    from tests.benchmarks.strength_table import Runner, build_parser

    runner = Runner(build_parser().parse_args([*ARGS, "--games", "200", "--hours", "1",
                                               "--out", str(tmp_path / "t.md")]))
    fixed = [p for p in runner.pairs if p.fixed]
    for p, pace in zip(fixed, (0.01, 10.0, 20.0, 40.0)):  # seconds per game after one pilot game
        p.tally, p.spent = {"games": 1}, pace
    runner.plan(fixed, 0.75 * 3600)
    # 0.75 h: the quick pairing plays all 200 in 2 s; the others share the rest, 898 s each.
    assert [p.planned for p in fixed] == [200, 90, 45, 23]
    fixed[1].running = 3  # handed out, not finished: the plan adds its 89 games after them
    runner.plan(fixed, 0.75 * 3600)
    assert [p.planned for p in fixed] == [200, 93, 45, 23]
    runner.plan(fixed, 10 * 24 * 3600)
    assert [p.planned for p in fixed] == [200] * 4


def test_two_workers_give_the_same_table_as_one(tmp_path: Path) -> None:
    """A game's result depends on the seed and its number only, so workers change nothing."""
    one, two = tmp_path / "one.md", tmp_path / "two.md"
    assert main([*ARGS, "--hours", "0.05", "--out", str(one)]) == 0
    assert main([*ARGS[:-1], "2", "--hours", "0.05", "--out", str(two)]) == 0

    def tallies(path: Path) -> list[dict[str, object]]:
        pairs = json.loads(Path(f"{path}.state.json").read_text())["pairs"]
        return [{k: v for k, v in p["tally"].items() if k != "seconds"} for p in pairs]

    assert tallies(one) == tallies(two)
    assert [r[:7] for r in rows(one.read_text())] == [r[:7] for r in rows(two.read_text())]
