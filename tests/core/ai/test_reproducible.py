"""A seed gives the same choices in every process: nothing a computer player decides may follow
the order of a set of strings, which Python randomises per process (PYTHONHASHSEED)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PLAY = """
import sys
from core import registry
from core.ai import make_player
from core.game import CHANCE, actor_players
from core.match import Match
game, level, moves = sys.argv[1], sys.argv[2], int(sys.argv[3])
match = Match.new(game, registry.get(game).default_setup(2), seed=1)
players = [make_player(game, level, seed=17 + s) for s in range(2)]
chosen = []
while not match.is_over and len(chosen) < moves:
    if match.actor == CHANCE:
        match.play_chance()
        continue
    seat = actor_players(match.actor)[0]
    action = players[seat].choose(match, seat)
    chosen.append(repr(action))
    match.apply(action)
print("\\n".join(chosen))
"""


def choices(game: str, level: str, moves: int, hash_seed: int) -> str:
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
    run = subprocess.run([sys.executable, "-c", PLAY, game, level, str(moves)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.mark.parametrize("game, moves", [("all-out-war", 30), ("clout", 12), ("fistful-of-gold", 20)])
def test_a_seed_gives_the_same_choices_whatever_the_hash_seed(game: str, moves: int) -> None:
    first = choices(game, "normal", moves, 1)
    assert first.count("\n") >= moves - 1
    assert choices(game, "normal", moves, 2) == first
