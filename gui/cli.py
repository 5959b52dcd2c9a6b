"""The `battlebox` command. Headless sub-commands (selfplay, check, layout-from-photo) never import Qt;
`ledger` reads only the app's settings file through QtCore, and only without --db."""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from core.version import __version__
from gui.screen import MAX_SCALE, MAX_SIZE, MIN_SCALE, MIN_SIZE


def build_parser() -> argparse.ArgumentParser:
    from core.registry import CATALOGUE

    ids = ", ".join(g.id for g in CATALOGUE if g.available)
    p = argparse.ArgumentParser(
        prog="battlebox",
        description="Battlebox: play tabletop battle games hot-seat on one computer, "
                    "or use it as the referee beside a real table. Without a command it opens the app.",
        epilog=f"Games available: {ids}.")
    p.add_argument("--version", action="version", version=f"Battlebox {__version__}")
    p.add_argument("--screenshot", metavar="FILE",
                   help="render the main window (or a new game, with --game) offscreen to a PNG and exit")
    p.add_argument("--game", metavar="ID", help="with --screenshot: show a new game of this id")
    p.add_argument("--size", metavar="WxH", type=_size, default=None,
                   help="with --screenshot: the window size in pixels (default 1280x800)")
    p.add_argument("--open", metavar="SAVE", help="a save file to open in the app "
                   "(a bare file name works too: battlebox game.json); with --screenshot: render that position")
    p.add_argument("--scale", metavar="PERCENT", type=_scale, default=None,
                   help="UI scale in percent, 100 to 200 (default: the screen's own)")
    # Hidden: packaging/smoke.sh's self-check of a frozen build (gui/smoke.py).
    p.add_argument("--smoke", metavar="SAVE", nargs="?", const="", help=argparse.SUPPRESS)
    p.add_argument("--smoke-out", metavar="DIR", help=argparse.SUPPRESS)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sp = sub.add_parser("selfplay", help="play random games headless and report speed and results")
    sp.add_argument("game", metavar="GAME", help=f"game id ({ids})")
    sp.add_argument("--games", type=int, default=100, metavar="N", help="number of games (default 100)")
    sp.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    sp.add_argument("--players", metavar="SPEC,SPEC,...",
                    help="computer players, one per seat: random, easy, normal or strong, e.g. "
                         "normal,random,random (seats rotate between games; a one-seat game plays "
                         "paired sessions on one seed, the better session winning). Reports wins and "
                         "a score per player (a draw counts half) with a 95 %% interval, and the "
                         "median, 95th percentile and maximum seconds per decision")
    sp.add_argument("--json", action="store_true", help="with --players: print one JSON object")
    ck = sub.add_parser("check", help="validate a save file by replaying it through the rules")
    ck.add_argument("file", metavar="FILE")
    from core.clout.photo import command as photo_command

    photo_command.add_parser(sub)
    from ledger import cli as ledger_cli

    ledger_cli.add_parser(sub)
    return p


def _size(text: str) -> tuple[int, int]:
    """`--size 1280x800`: argparse turns the ValueError into a usage error, not a traceback."""
    width, sep, height = text.lower().partition("x")
    if not sep or not width.strip().isdigit() or not height.strip().isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, e.g. 1280x800")
    size = (int(width), int(height))
    if not all(lo <= v <= hi for v, lo, hi in zip(size, MIN_SIZE, MAX_SIZE)):
        raise argparse.ArgumentTypeError(f"{text!r} is outside {MIN_SIZE[0]}x{MIN_SIZE[1]} to "
                                         f"{MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return size


def _scale(text: str) -> int:
    """`--scale 150`: a whole percentage, so every size it gives is reproducible."""
    if not text.strip().isdigit() or not MIN_SCALE <= int(text) <= MAX_SCALE:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole percentage from {MIN_SCALE} to {MAX_SCALE}")
    return int(text)


def _refuse_selfplay(game_id: str, games: int) -> int | None:
    """Exit code 2 with one line on stderr for an unknown game or too few games; else None."""
    from core.registry import GAMES

    if game_id not in GAMES:
        print(f"battlebox: unknown game {game_id!r}; available: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    if games < 1:
        print("battlebox: --games must be at least 1", file=sys.stderr)
        return 2
    return None


def selfplay(game_id: str, games: int, seed: int, out: TextIO | None = None) -> int:
    from core.errors import DataError, IllegalSetup
    from core.match import Match

    if (refused := _refuse_selfplay(game_id, games)) is not None:
        return refused
    out = out or sys.stdout
    rng = random.Random(seed)
    results: Counter[str] = Counter()
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        try:
            match = Match.new(game_id, seed=rng.randrange(2**31))
        except (DataError, IllegalSetup) as e:
            print(f"battlebox: cannot start a game of {game_id}: {e}", file=sys.stderr)
            return 1
        while not match.is_over:
            match.apply(match.random_action(rng))
            actions += 1
        res = match.result
        assert res is not None
        if res.draw:
            results["draw"] += 1
        elif not res.winners:
            results["no winner (practice)"] += 1
        else:
            for w in res.winners:
                results[f"seat {w + 1} wins"] += 1
    elapsed = time.perf_counter() - start
    print(f"{games} games of {game_id} in {elapsed:.2f} s: {games / elapsed:.1f} games/s, "
          f"{actions / elapsed:.0f} actions/s", file=out)
    print(f"mean actions per game: {actions / games:.1f}", file=out)
    for key, n in sorted(results.items()):
        print(f"  {key}: {n}", file=out)
    return 0


def computer_selfplay(game_id: str, games: int, seed: int, players: str, as_json: bool,
                      out: TextIO | None = None) -> int:
    """`selfplay GAME --players normal,random`: computer players against each other (core/ai/selfplay.py)."""
    import json

    from core.ai import selfplay as ai_selfplay
    from core.registry import GAMES

    if (refused := _refuse_selfplay(game_id, games)) is not None:
        return refused
    specs = [s.strip() for s in players.split(",")]
    spec = GAMES[game_id].spec
    paired = spec.max_players == 1  # each spec plays its own session on the same seed
    if not paired and not spec.min_players <= len(specs) <= spec.max_players:
        print(f"battlebox: {game_id} is for {spec.min_players} to {spec.max_players} players, "
              f"not {len(specs)}", file=sys.stderr)
        return 2
    try:
        report = ai_selfplay.run(game_id, games, seed, specs)
    except ValueError as e:
        print(f"battlebox: {e}", file=sys.stderr)
        return 2
    out = out or sys.stdout
    if as_json:
        print(json.dumps(report), file=out)
    else:
        ai_selfplay.print_report(report, game_id, out)
    return 0


def check(path: str, out: TextIO | None = None) -> int:
    from core.errors import DataError, SaveError
    from core.match import Match

    out = out or sys.stdout
    try:
        match = Match.load(path)
    except SaveError as e:
        resume = e.resume_steps
        hint = f" (the first {resume} steps replay; the app can open the game there)" if resume else ""
        print(f"battlebox: {e}{hint}", file=sys.stderr)
        return 1
    except DataError as e:
        print(f"battlebox: Cannot open {path}: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"battlebox: Cannot open {path}: {e.strerror or e}", file=sys.stderr)
        return 1
    state = "finished: " + match.game.result_text(match.state) if match.is_over else "in progress"
    print(f"{path}: valid {match.game.title} save, {len(match.actions)} actions, {state}", file=out)
    return 0


COMMANDS = ("selfplay", "check", "layout-from-photo", "ledger")


def main(argv: Sequence[str] | None = None) -> int:
    """Every failure ends as one `battlebox: ...` line and a non-zero exit, never a traceback."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and not argv[0].startswith("-") and argv[0] not in COMMANDS:
        argv = ["--open", *argv]
    args = build_parser().parse_args(argv)
    try:
        return _run(args)
    except KeyboardInterrupt:
        print("battlebox: interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # the last resort: a bug still gets one clear line
        where = args.command or ("screenshot" if args.screenshot else "app")
        print(f"battlebox: {where} failed: unexpected error ({type(e).__name__}: {e})", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    if args.command == "selfplay" and args.players:
        return computer_selfplay(args.game, args.games, args.seed, args.players, args.json)
    if args.command == "selfplay":
        return selfplay(args.game, args.games, args.seed)
    if args.command == "check":
        return check(args.file)
    if args.command == "layout-from-photo":
        from core.clout.photo import command as photo_command

        return photo_command.run(args)
    if args.command == "ledger":
        from ledger import cli as ledger_cli

        return ledger_cli.run(args, _ledger_url, server_backups=_data_dir)
    if args.smoke is not None:
        from gui import smoke

        return smoke.run(args.smoke or None, args.smoke_out)
    from gui import app

    if args.screenshot:
        if args.game and args.open:
            print("battlebox: --game and --open do not go together", file=sys.stderr)
            return 2
        return app.screenshot(args.screenshot, args.game, args.size or (1280, 800), open_path=args.open,
                              scale=args.scale or 100)
    if args.game or args.size:
        print("battlebox: --game and --size only go with --screenshot", file=sys.stderr)
        return 2
    return app.run(args.open, scale=args.scale)


def _data_dir() -> Path:
    from gui import storage

    return storage.data_dir()


def _ledger_url() -> str:
    """The app's ledger setting, else the default SQLite file in the data folder."""
    from gui import storage
    from ledger.db import default_url

    return storage.ledger_url() or default_url(storage.data_dir())


if __name__ == "__main__":
    sys.exit(main())
