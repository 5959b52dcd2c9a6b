"""Generate example saves by playing real games through Match, for every game id.

Run from the repository root: `python -m tests.saves.make_saves VERSION` writes
`tests/saves/VERSION/`. The games are seeded, so running it again on the same release
rewrites the same files (apart from app_version). Saves of a released version are kept
for good: every later release must keep opening them (tests/core/test_old_saves.py).
"""
from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from core import registry
from core.match import Match

HERE = Path(__file__).resolve().parent
FIRST_RELEASE = HERE / "0.1.0"
MIDGAME = FIRST_RELEASE / "throwdown-3p-midgame.battlebox.json"
FINISHED = FIRST_RELEASE / "throwdown-3p-finished.battlebox.json"
SEED = 20040


def play(match: Match, rng: random.Random, stop: Callable[[Match], bool] | None = None,
         max_steps: int = 20_000) -> Match:
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
                stop=lambda m: m.state.throws >= 3 and m.state.phase == "remove")


def finished() -> Match:
    return play(Match.new("throwdown", seed=SEED + 1), random.Random(SEED + 1))


# (file stem, game id, setup changes, seed) for the per-game examples.
VARIANTS: tuple[tuple[str, str, dict[str, Any], int], ...] = (
    ("throwdown-10p", "throwdown", {"players": 10}, 11),
    ("solitaire", "solitaire", {}, 12),
    ("domination", "domination", {}, 13),
    ("domination-advanced", "domination", {"hero": True, "slaughter": True, "ambush": True}, 14),
    ("all-out-war", "all-out-war", {"players": 3}, 15),
    ("all-out-war-frontline", "all-out-war", {"frontline": True, "team_victory": False}, 16),
    ("clout", "clout", {}, 17),
    ("power-spike", "power-spike", {}, 18),
    ("fistful-of-gold", "fistful-of-gold", {}, 19),
    ("fistful-of-gold-variants", "fistful-of-gold", {"open_discards": True, "badges_to_win": 3}, 20),
    ("impact", "impact", {"players": 3}, 21),
    ("impact-powers", "impact", {"powers": True, "avatar_lightning": True, "avatar_fire": True}, 22),
    ("impact-tournament", "impact", {"tournament": True}, 23),
)


def variant_match(game_id: str, changes: dict[str, Any], seed: int, mode: str) -> Match:
    game = registry.get(game_id)
    changes = dict(changes)
    setup = game.default_setup(changes.pop("players", None))
    setup = msgspec.structs.replace(setup, mode=mode, **changes)
    return Match.new(game_id, setup, seed=seed)


def write_all(folder: Path) -> list[Path]:
    """Mid-game and finished saves of every game, simulated and at the table."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    midgame().save(folder / MIDGAME.name)
    finished().save(folder / FINISHED.name)
    written += [folder / MIDGAME.name, folder / FINISHED.name]
    for stem, game_id, changes, seed in VARIANTS:
        for mode in ("simulated", "table"):
            tag = "" if mode == "simulated" else "-table"
            full = play(variant_match(game_id, changes, seed, mode), random.Random(seed))
            half = len(full.actions) // 2
            mid = play(variant_match(game_id, changes, seed, mode), random.Random(seed),
                       stop=lambda m, half=half: len(m.actions) >= half)
            for match, kind in ((mid, "midgame"), (full, "finished")):
                path = folder / f"{stem}{tag}-{kind}.battlebox.json"
                match.save(path)
                written.append(path)
    return written


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python -m tests.saves.make_saves VERSION")
    written = write_all(HERE / sys.argv[1])
    print(f"wrote {len(written)} saves to {written[0].parent}")


if __name__ == "__main__":
    main()
