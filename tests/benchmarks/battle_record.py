"""How a pairing fares battle by battle in Domination! and All-Out War!, not only game by game.

    .venv/bin/python -m tests.benchmarks.battle_record GAME SPEC,SPEC [--games N] [--seed S] [--start K]

It plays the games `battlebox selfplay` plays (the same seeds, seats rotating) and prints one
JSON object for the first spec: battles won, lost and tied, those it fought as attacker, and its
game score (a draw counts half). A battle game is a race whose winner is decided by many battles,
each worth a small edge, so this record shows how far a player is from a bar more clearly than
the game score does (docs/computer-players.md, "How far the two bars are"). A battle counts
when both seats threw in it.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from core.ai.selfplay import Tally, check_specs, play_game, seat_specs

GAMES = ("domination", "all-out-war")


def battle_record(game_id: str, specs: list[str], games: int, seed: int, start: int = 0,
                  spec: int = 0) -> dict[str, Any]:
    """The record of `specs[spec]` over games start .. start + games - 1 of a two-seat pairing."""
    if game_id not in GAMES:
        raise ValueError(f"{game_id!r} has no battles to count: choose one of {', '.join(GAMES)}")
    if len(specs) != 2:
        raise ValueError("a battle record is of two players")
    check_specs(specs)
    out = dict.fromkeys(("battles", "won", "lost", "tied", "attacked", "won_attacking", "lost_attacking"), 0)
    tally = Tally(list(specs))
    for g in range(start, start + games):
        match = play_game(game_id, g, seed, tally)
        assert match is not None
        me = seat_specs(g, 2).index(spec)
        for battle in match.state.history:
            if len(battle.throwers) != 2:
                continue
            outcome = "tied" if battle.winner is None else "won" if battle.winner == me else "lost"
            out["battles"] += 1
            out[outcome] += 1
            if battle.defender != me:
                out["attacked"] += 1
                if outcome != "tied":
                    out[f"{outcome}_attacking"] += 1
    return {"game": game_id, "players": list(specs), "of": specs[spec], "games": tally.games,
            "score": tally.score[spec], **out}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.battle_record",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("players", help="two specs, e.g. normal,easy; the record is the first one's")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        report = battle_record(args.game, args.players.split(","), args.games, args.seed, args.start)
    except ValueError as e:
        parser.error(str(e))
    json.dump(report, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
