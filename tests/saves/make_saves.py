"""Generate the committed example saves by playing real Throwdown games through Match.

Run once from the repository root: `python -m tests.saves.make_saves`. The games are
seeded, so running it again rewrites the same files (apart from app_version).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from core.match import Match

HERE = Path(__file__).resolve().parent
MIDGAME = HERE / "throwdown-3p-midgame.battlebox.json"
FINISHED = HERE / "throwdown-3p-finished.battlebox.json"
SEED = 20040


def play(match: Match, rng: random.Random, stop: Callable[[Match], bool] | None = None,
         max_steps: int = 10_000) -> Match:
    """Random legal play (chance from the match seed) until the game ends or `stop` says so."""
    for _ in range(max_steps):
        if match.is_over or (stop is not None and stop(match)):
            return match
        if match.actor == "chance":
            match.play_chance()
        else:
            match.apply(match.random_action(rng))
    raise AssertionError(f"{match.game_id} did not end within {max_steps} steps")


def midgame() -> Match:
    """A 3-player game stopped just after a throw in round 3, with a removal pending."""
    match = Match.new("throwdown", seed=SEED)
    return play(match, random.Random(SEED),
                stop=lambda m: len(m.state.rounds) >= 3 and m.state.phase == "remove")


def finished() -> Match:
    return play(Match.new("throwdown", seed=SEED + 1), random.Random(SEED + 1))


def main() -> None:
    midgame().save(MIDGAME)
    finished().save(FINISHED)
    print(f"wrote {MIDGAME.name} and {FINISHED.name}")


if __name__ == "__main__":
    main()
