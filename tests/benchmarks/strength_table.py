"""Issue 13's strength table, planned to fit a time budget: `python -m tests.benchmarks.strength_table`.

    .venv/bin/python -m tests.benchmarks.strength_table [--hours 4] [--games 200] [--out FILE]
        [--state FILE] [--only GAME,...] [--iterations K] [--seed S]

For every game it plays, through `core.ai.selfplay` (seats alternating, wins per player spec):
Normal vs random and Normal vs Easy (`--games` each), Normal against random seats in 3- and
4-player games where the game allows them, and Strong vs Normal with whatever time is left
(Solitaire as paired sessions on one seed). The figure is the first spec's score (a draw counts
half) with its 95 % Wilson interval, beside the issue's bar; thinking time is the median and
95th percentile seconds per decision of each search level.

Planning: one pilot game per pairing measures its pace; if the fixed pairings cannot all reach
`--games` within three quarters of the budget, that time is shared evenly between them (a quick
pairing plays all its games, the slower ones are cut; the table says so), planned again with the
measured paces whenever the planned games are played. Strong vs Normal then shares the rest, the
pairing with the least time spent going next, up to `--strong-games` each. A game
still running at the deadline is dropped. After every game the results go to the state file
(JSON) and the table to FILE, so an interrupted run leaves a partial table and the same command
resumes it (with the budget that is left); the table says how long the measurement took in all.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from core import registry
from core.ai.ismcts import budget
from core.ai.selfplay import Tally, play_game, wilson

BATTLES = ("domination", "all-out-war", "clout", "power-spike")
VS_RANDOM = {**dict.fromkeys(BATTLES, 0.95), "solitaire": 0.90, "fistful-of-gold": 0.80,
             "throwdown": 0.85, "impact": 0.70}
VS_EASY = {**dict.fromkeys(BATTLES, 0.65), "solitaire": 0.60, "fistful-of-gold": 0.60,
           "throwdown": 0.55, "impact": 0.55}
STRONG = {**dict.fromkeys(BATTLES, 0.60), "fistful-of-gold": 0.50}
FIXED_SHARE = 0.75  # of the budget, for the pairings with a set number of games
SAVE_EVERY = 30.0  # seconds between writes of the state and the partial table


@dataclass
class Pairing:
    game: str
    specs: list[str]
    bar: float | None
    fixed: bool  # plays up to --games; otherwise Strong vs Normal, as many as fit
    planned: int = 0
    spent: float = 0.0  # wall seconds of its finished games
    dropped: int = 0  # games stopped by the deadline
    tally: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.game}:{','.join(self.specs)}"

    @property
    def games(self) -> int:
        return self.tally.get("games", 0)

    def pace(self) -> float:
        """Seconds per game so far (inf before the first finishes)."""
        return self.spent / self.games if self.games else math.inf


def pairings(games: list[str]) -> list[Pairing]:
    out: list[Pairing] = []
    for game_id in games:
        spec = registry.get(game_id).spec
        out.append(Pairing(game_id, ["normal", "random"], VS_RANDOM.get(game_id), True))
        out.append(Pairing(game_id, ["normal", "easy"], VS_EASY.get(game_id), True))
        for n in (3, 4):
            if spec.min_players <= n <= spec.max_players:
                out.append(Pairing(game_id, ["normal"] + ["random"] * (n - 1), 2 / n, True))
        out.append(Pairing(game_id, ["strong", "normal"], STRONG.get(game_id), False))
    return out


class Runner:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.state_path = Path(args.state or f"{args.out}.state.json")
        self.elapsed_before = 0.0
        self.pairs = pairings(args.only.split(",") if args.only else
                              [i.id for i in registry.CATALOGUE if i.available])
        self._resume()
        self.start = self.saved = time.monotonic()
        self.deadline = self.start + max(0.0, args.hours * 3600 - self.elapsed_before)

    def _config(self) -> dict[str, Any]:
        a = self.args
        return {"games": a.games, "seed": a.seed, "iterations": a.iterations, "only": a.only}

    def _resume(self) -> None:
        if not self.state_path.exists():
            return
        saved = json.loads(self.state_path.read_text())
        if saved.get("config") != self._config():
            raise SystemExit(f"{self.state_path} holds a run with other settings; remove it to start afresh")
        self.elapsed_before = saved["elapsed"]
        by_key = {p["game"] + ":" + ",".join(p["specs"]): p for p in saved["pairs"]}
        for pair in self.pairs:
            old = by_key.get(pair.key)
            if old:
                pair.planned, pair.spent, pair.dropped, pair.tally = (
                    old["planned"], old["spent"], old["dropped"], old["tally"])

    def elapsed(self) -> float:
        return self.elapsed_before + time.monotonic() - self.start

    def play(self, pair: Pairing, deadline: float) -> bool:
        """One more game of `pair`; False when the deadline stopped it."""
        t = pair.tally
        tally = Tally(list(pair.specs), t.get("games", 0), list(t.get("wins", [])),
                      list(t.get("score", [])), t.get("draws", 0),
                      {k: list(v) for k, v in t.get("seconds", {}).items()})
        began = time.monotonic()
        try:
            play_game(pair.game, tally.games, self.args.seed, tally, self.args.iterations,
                      deadline=deadline)
        except TimeoutError:
            pair.dropped += 1
            self.save()
            return False
        pair.spent += time.monotonic() - began
        pair.tally = asdict(tally)
        if time.monotonic() - self.saved > SAVE_EVERY:
            self.save()
        return True

    def save(self, done: bool = False) -> None:
        """The state to resume from and the table so far (every SAVE_EVERY seconds: it grows)."""
        self.saved = time.monotonic()
        self.state_path.write_text(json.dumps({"config": self._config(), "elapsed": self.elapsed(),
                                               "pairs": [asdict(p) for p in self.pairs]}))
        Path(self.args.out).write_text(table(self.pairs, self.elapsed(), self.args, done=done))

    def run(self) -> str:
        try:
            self._measure()
        except KeyboardInterrupt:
            self.save()
            raise
        self.save(done=True)
        return table(self.pairs, self.elapsed(), self.args, done=True)

    def _measure(self) -> None:
        fixed = [p for p in self.pairs if p.fixed]
        # The pilot: one game per pairing measures its pace; a game slower than its even share
        # of the budget could not be measured anyway.
        share = (self.deadline - time.monotonic()) / max(1, len(self.pairs))
        for pair in self.pairs:
            if pair.games == 0 and time.monotonic() < self.deadline:
                self.play(pair, min(self.deadline, time.monotonic() + share))
        fixed_end = time.monotonic() + FIXED_SHARE * (self.deadline - time.monotonic())
        cap = self.args.strong_games
        while True:
            now = time.monotonic()
            if now < fixed_end and not any(p.games < p.planned for p in fixed):
                self.plan(fixed, fixed_end - now)  # again with the paces measured since
            fits = [p for p in self.pairs if now + p.pace() <= self.deadline]  # a game likely to finish
            due = [p for p in fits if p.fixed and p.games < p.planned]
            strong = [p for p in fits if not p.fixed and (cap is None or p.games < cap)]
            if due and (now < fixed_end or not strong):
                pair = min(due, key=lambda p: p.games / max(1, p.planned))
            elif strong:
                pair = min(strong, key=lambda p: p.spent)
            else:
                break
            if not self.play(pair, self.deadline):
                break

    def plan(self, fixed: list[Pairing], left: float) -> None:
        """How many games each fixed pairing can play in `left` seconds: shared evenly, and what
        a quick pairing does not need to reach `--games` goes to the slower ones."""
        want = self.args.games
        for p in fixed:
            p.planned = 0 if not p.games else max(p.games, want)  # no pilot: it cannot be paced
        short = sorted((p for p in fixed if 0 < p.games < want), key=lambda p: p.pace() * (want - p.games))
        for i, p in enumerate(short):
            share = left / (len(short) - i)
            need = p.pace() * (want - p.games)
            if need > share:
                p.planned = p.games + int(share / p.pace())
                need = share
            left -= need


def thinking(report: dict[str, Any]) -> str:
    return "; ".join(f"{level} {t['median']:.2f} / {t['p95']:.2f}"
                     for level, t in report["decision_seconds"].items()
                     if level in ("normal", "strong") and t["max"] > 0)


def table(pairs: list[Pairing], elapsed: float, args: argparse.Namespace, done: bool) -> str:
    minutes, seconds = divmod(round(elapsed), 60)
    hours, minutes = divmod(minutes, 60)
    how = "took" if done else "partial results so far, after"
    lines = [f"Strength of the computer players ({how} {hours} h {minutes:02d} min {seconds:02d} s of a "
             f"{args.hours:g} h budget on this machine; `python -m tests.benchmarks.strength_table "
             f"--hours {args.hours:g} --games {args.games}`, seed {args.seed}"
             + (f", {args.iterations} iterations" if args.iterations else "") + ").",
             "Score: the first player's share of the games, a draw counting half; seats alternate "
             "(Solitaire: paired sessions on one seed). Thinking: median / 95th percentile seconds "
             "per decision.", "",
             "| Game | Pairing | Games | Score | 95 % interval | Bar | Met | Thinking (s) |",
             "|---|---|---|---|---|---|---|---|"]
    for p in pairs:
        title = registry.get(p.game).title
        versus = f"{p.specs[0]} vs {', '.join(p.specs[1:])}"
        if not p.games:
            lines.append(f"| {title} | {versus} | 0 | — | — | {_bar(p.bar)} | not measured (no game "
                         f"finished in time) | |")
            continue
        report = Tally(list(p.specs), p.tally["games"], p.tally["wins"], p.tally["score"],
                       p.tally["draws"], p.tally["seconds"]).report()
        games, score = report["games"], report["score"][0]
        lo, hi = wilson(score, games)
        count = str(games)
        if p.fixed and games < args.games:
            count += f" of {args.games} (cut to fit)" if done else f" of {p.planned} planned so far"
        met = "" if p.bar is None else ("yes" if score / games >= p.bar else "no")
        lines.append(f"| {title} | {versus} | {count} | {score / games:.1%} | {lo:.0%}–{hi:.0%} | "
                     f"{_bar(p.bar)} | {met} | {thinking(report)} |")
    if args.iterations is None:
        budgets = sorted({(registry.get(p.game).title, budget(p.game, "normal"), budget(p.game, "strong"))
                          for p in pairs})
        lines += ["", "Search budgets (Normal / Strong iterations): "
                  + ", ".join(f"{t} {n} / {s}" for t, n, s in budgets) + "."]
    return "\n".join(lines) + "\n"


def _bar(bar: float | None) -> str:
    return "—" if bar is None else f"≥ {bar:.0%}"


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m tests.benchmarks.strength_table", description=__doc__.split("\n")[0])
    p.add_argument("--hours", type=float, default=4.0, help="time budget in hours (default 4)")
    p.add_argument("--games", type=int, default=200, help="games per fixed pairing (default 200)")
    p.add_argument("--out", default="strength-table.md", help="Markdown file for the table")
    p.add_argument("--state", default=None, help="JSON results to resume from (default OUT.state.json)")
    p.add_argument("--only", default=None, metavar="GAME,...", help="only these game ids")
    p.add_argument("--iterations", type=int, default=None, help="override every search budget (tests)")
    p.add_argument("--strong-games", type=int, default=1000, metavar="N",
                   help="at most N games of Strong vs Normal per game (default 1000; the time "
                        "left is shared between the games' Strong vs Normal pairings)")
    p.add_argument("--seed", type=int, default=0)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    runner = Runner(args)
    try:
        text = runner.run()
    except KeyboardInterrupt:
        print(f"interrupted: the partial table is in {args.out}; the same command resumes from "
              f"{runner.state_path}", file=sys.stderr)
        return 130
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
