"""Issue 13's strength table, planned to fit a time budget: `python -m tests.benchmarks.strength_table`.

    .venv/bin/python -m tests.benchmarks.strength_table [--hours 4] [--jobs 2] [--games 200]
        [--strong-target 200] [--strong-games 10000] [--out FILE] [--state FILE] [--only GAME,...]
        [--iterations K] [--seed S]

For every game it plays, through `core.ai.selfplay` (seats alternating, wins per player spec):
Normal vs random and Normal vs Easy (`--games` each), Normal against random seats in 3- and
4-player games where the game allows them, and Strong vs Normal (`--strong-target`, then as many
as the time left allows, up to `--strong-games`; Solitaire as paired sessions on one seed). The
figure is the first spec's score (a draw counts half) with its 95 % Wilson interval, beside the
issue's bar; thinking time is the median and 95th percentile seconds per decision of each level.

Games run in `--jobs` worker processes (default: one per core). A game's result depends only on
the seed and its number, so the table is the same whatever the number of workers.

Planning: one pilot game per pairing measures its pace; if the pairings cannot all reach their
target within the budget, the time is shared evenly between them (a quick pairing plays all its
games, the slower ones are cut; the table says so), planned again with the measured paces
whenever the planned games are played. Strong vs Normal has its own share like every other
pairing, and the time left at the end. A game still running at the deadline is dropped. Every
SAVE_EVERY seconds the results go to the state file (JSON) and the table to FILE, so an
interrupted run leaves a partial table and the same command resumes it (with the budget that is
left); the table says how long the measurement took in all.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
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
SAVE_EVERY = 30.0  # seconds between writes of the state and the partial table


@dataclass
class Pairing:
    game: str
    specs: list[str]
    bar: float | None
    fixed: bool  # plays up to --games; otherwise Strong vs Normal, as many as fit
    target: int = 0  # games wanted: --games, or --strong-target for Strong vs Normal
    planned: int = 0
    spent: float = 0.0  # seconds of its finished games, summed over the workers
    dropped: int = 0  # games stopped by the deadline
    next: int = 0  # the next game number to hand out (a dropped game's number is not reused)
    tally: dict[str, Any] = field(default_factory=dict)
    running: int = field(default=0, repr=False)

    @property
    def key(self) -> str:
        return f"{self.game}:{','.join(self.specs)}"

    @property
    def games(self) -> int:
        return self.tally.get("games", 0)

    @property
    def issued(self) -> int:
        return self.games + self.running

    def pace(self) -> float:
        """Seconds per game so far (inf before the first finishes)."""
        return self.spent / self.games if self.games else math.inf


def pairings(games: list[str], per_pairing: int, strong_target: int) -> list[Pairing]:
    out: list[Pairing] = []
    for game_id in games:
        spec = registry.get(game_id).spec
        out.append(Pairing(game_id, ["normal", "random"], VS_RANDOM.get(game_id), True, per_pairing))
        out.append(Pairing(game_id, ["normal", "easy"], VS_EASY.get(game_id), True, per_pairing))
        for n in (3, 4):
            if spec.min_players <= n <= spec.max_players:
                out.append(Pairing(game_id, ["normal"] + ["random"] * (n - 1), 2 / n, True, per_pairing))
        out.append(Pairing(game_id, ["strong", "normal"], STRONG.get(game_id), False, strong_target))
    return out


def one_game(game: str, specs: list[str], g: int, seed: int, iterations: int | None,
             deadline: float) -> tuple[dict[str, Any] | None, float]:
    """Game number `g` of a pairing, in a worker: its tally, or None when the deadline stopped it.
    A game's result depends only on (seed, g), so workers may finish in any order."""
    tally = Tally(list(specs))
    began = time.monotonic()
    try:
        play_game(game, g, seed, tally, iterations, deadline=deadline)
    except TimeoutError:
        return None, time.monotonic() - began
    return asdict(tally), time.monotonic() - began


def merge(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    if not old:
        return new
    return {"specs": old["specs"], "games": old["games"] + new["games"],
            "wins": [a + b for a, b in zip(old["wins"], new["wins"])],
            "score": [a + b for a, b in zip(old["score"], new["score"])],
            "draws": old["draws"] + new["draws"],
            "seconds": {k: old["seconds"].get(k, []) + new["seconds"].get(k, [])
                        for k in {**old["seconds"], **new["seconds"]}}}


class _Inline:
    """The pool for --jobs 1: each game runs at once in this process."""

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args))
        return future

    def shutdown(self, cancel_futures: bool = False) -> None:
        pass


class Runner:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.state_path = Path(args.state or f"{args.out}.state.json")
        self.elapsed_before = 0.0
        self.pairs = pairings(args.only.split(",") if args.only else
                              [i.id for i in registry.CATALOGUE if i.available],
                              args.games, min(args.strong_target, args.strong_games))
        self._resume()
        self.start = self.saved = time.monotonic()
        self.deadline = self.start + max(0.0, args.hours * 3600 - self.elapsed_before)
        self.piloted: set[str] = set()

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
                pair.next = old.get("next", pair.games + pair.dropped)

    def elapsed(self) -> float:
        return self.elapsed_before + time.monotonic() - self.start

    def save(self, done: bool = False) -> None:
        """The state to resume from and the table so far (every SAVE_EVERY seconds: it grows)."""
        self.saved = time.monotonic()
        pairs = [{k: v for k, v in asdict(p).items() if k != "running"} for p in self.pairs]
        self.state_path.write_text(json.dumps({"config": self._config(), "elapsed": self.elapsed(),
                                               "pairs": pairs}))
        Path(self.args.out).write_text(table(self.pairs, self.elapsed(), self.args, done=done))

    def run(self) -> str:
        jobs = max(1, self.args.jobs)
        pool: Any = _Inline() if jobs == 1 else ProcessPoolExecutor(jobs, mp_context=get_context("fork"))
        try:
            self._measure(pool, jobs)
        except KeyboardInterrupt:
            pool.shutdown(cancel_futures=True)
            self.save()
            raise
        pool.shutdown()
        self.save(done=True)
        return table(self.pairs, self.elapsed(), self.args, done=True)

    def _measure(self, pool: Any, jobs: int) -> None:
        running: dict[Future[Any], Pairing] = {}
        while True:
            while len(running) < jobs:
                picked = self.pick(jobs)
                if picked is None:
                    break
                pair, deadline = picked
                pair.running += 1
                g, pair.next = pair.next, pair.next + 1
                running[pool.submit(one_game, pair.game, pair.specs, g, self.args.seed,
                                    self.args.iterations, deadline)] = pair
            if not running:
                return
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                pair = running.pop(future)
                pair.running -= 1
                tally, seconds = future.result()
                if tally is None:
                    pair.dropped += 1
                else:
                    pair.spent += seconds
                    pair.tally = merge(pair.tally, tally)
            if time.monotonic() - self.saved > SAVE_EVERY:
                self.save()

    def pick(self, jobs: int) -> tuple[Pairing, float] | None:
        """The pairing to play a game of next, and that game's deadline; None when nothing fits.
        First one pilot game per pairing measures its pace (a game slower than an even share of
        the budget could not be measured anyway); then every pairing plays towards its target,
        the time shared as `plan` says; then Strong vs Normal takes what is left."""
        now = time.monotonic()
        if now >= self.deadline:
            return None
        for pair in self.pairs:
            if pair.games == 0 and pair.running == 0 and pair.key not in self.piloted:
                self.piloted.add(pair.key)
                share = (self.deadline - self.start) * jobs / len(self.pairs)
                return pair, min(self.deadline, now + share)
        fits = [p for p in self.pairs if now + p.pace() <= self.deadline]
        due = [p for p in fits if p.issued < p.planned]
        if not due:
            self.plan(self.pairs, (self.deadline - now) * jobs)
            due = [p for p in fits if p.issued < p.planned]
        if due:
            return min(due, key=lambda p: p.issued / max(1, p.planned)), self.deadline
        cap = self.args.strong_games
        extra = [p for p in fits if not p.fixed and p.issued < cap]
        if extra:
            return min(extra, key=lambda p: p.spent + p.running * p.pace()), self.deadline
        return None

    def plan(self, pairs: list[Pairing], left: float) -> None:
        """How many games each pairing can play in `left` worker-seconds: shared evenly, and what
        a quick pairing does not need to reach its target goes to the slower ones."""
        for p in pairs:
            p.planned = 0 if not p.games else max(p.issued, p.target)  # no pilot: it cannot be paced
        short = sorted((p for p in pairs if 0 < p.games and p.issued < p.target),
                       key=lambda p: p.pace() * (p.target - p.issued))
        for i, p in enumerate(short):
            share = left / (len(short) - i)
            need = p.pace() * (p.target - p.issued)
            if need > share:
                p.planned = p.issued + int(share / p.pace())
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
             f"{args.hours:g} h budget on this machine, {args.jobs} worker(s); `python -m "
             f"tests.benchmarks.strength_table --hours {args.hours:g} --games {args.games} "
             f"--strong-target {args.strong_target} --strong-games {args.strong_games}`, seed {args.seed}"
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
        if games < p.target:
            count += f" of {p.target} (cut to fit)" if done else f" of {p.planned} planned so far"
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
    p.add_argument("--strong-target", type=int, default=200, metavar="N",
                   help="games of Strong vs Normal planned per game like the other pairings (default 200)")
    p.add_argument("--strong-games", type=int, default=10_000, metavar="N",
                   help="at most N games of Strong vs Normal per game (default 10000; the time "
                        "left after every target is shared between the games' Strong vs Normal pairings)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="worker processes playing games at once (default: one per core)")
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
