"""`battlebox ledger`: record saves, print a league table, export CSV, without opening the app.

The module imports nothing heavy at the top, so `battlebox --help` does not pay for SQLAlchemy.
It talks to the ledger directly (no offline queue): a command line says at once that the
server is down, and the user runs it again later.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from ledger.rows import Standing
    from ledger.store import Ledger


def add_parser(sub: Any) -> None:
    """The `ledger` sub-command on the app's parser (`sub` is its add_subparsers result)."""
    lp = sub.add_parser("ledger", help="the club ledger: record saves, print a league table, export CSV",
                        description="The club ledger on the command line. Without --db it uses the "
                                    "app's setting (Settings → Ledger), else the SQLite file in the "
                                    "data folder.")
    lp.add_argument("--db", metavar="URL",
                    help="the ledger: sqlite:///path/to/ledger.sqlite3 or postgresql://user:password@host/db")
    cmds = lp.add_subparsers(dest="ledger_command", metavar="ACTION", required=True)
    add = cmds.add_parser("add", help="record finished saves (a match already there is not doubled)")
    add.add_argument("saves", nargs="+", metavar="SAVE")
    st = cmds.add_parser("standings", help="print a game's league table, best conservative rating first")
    st.add_argument("game", metavar="GAME", help="a game id (e.g. throwdown)")
    st.add_argument("--json", action="store_true",
                    help='print a JSON list of {"player", "rating", "mu", "sigma", "played", "won"}')
    st.add_argument("--hide-computers", action="store_true", help="leave computer seats out")
    ex = cmds.add_parser("export", help="write results.csv and a standings CSV per rated game")
    ex.add_argument("folder", metavar="DIR")


def run(args: argparse.Namespace, default_url: Callable[[], str],
        out: TextIO | None = None, err: TextIO | None = None,
        server_backups: Callable[[], Path] | None = None) -> int:
    """Every failure is one `battlebox: ...` line on stderr and exit code 1. `server_backups` is
    the folder a club server's ledger is dumped to before its schema is upgraded (the app's data
    folder); without it such an upgrade is refused with a message."""
    from ledger.errors import LedgerError

    out = out or sys.stdout
    err = err or sys.stderr
    if args.ledger_command == "standings" and (unknown := _unknown_game(args.game)):
        print(f"battlebox: {unknown}", file=err)
        return 1
    try:
        url = args.db or default_url()
        led = _open(url, server_backups)
    except LedgerError as e:
        print(f"battlebox: {e}", file=err)
        return 1
    try:
        if args.ledger_command == "add":
            return _add(led, args.saves, out, err)
        if args.ledger_command == "standings":
            return _standings(led, args.game, args.json, args.hide_computers, out)
        return _export(led, Path(args.folder), out)
    except LedgerError as e:
        print(f"battlebox: {e}", file=err)
        return 1
    except BrokenPipeError:  # `... | head`: the reader left; say nothing more (Python's own recipe)
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    finally:
        led.close()


def _open(url: str, server_backups: Callable[[], Path] | None) -> Ledger:
    from ledger.store import Ledger

    return Ledger.open(url, backup_dir=_backup_dir(url, server_backups))


def _backup_dir(url: str, server_backups: Callable[[], Path] | None) -> Path | None:
    """A SQLite ledger is backed up beside itself before an upgrade, a server's into the app's
    data folder (as the app does)."""
    from ledger.db import kind_of, sqlite_path
    from ledger.errors import LedgerError

    try:
        if kind_of(url) != "sqlite":
            return server_backups() if server_backups is not None else None
        path = sqlite_path(url)
    except LedgerError:
        return None  # Ledger.open words the bad URL
    return path.resolve().parent if path else None


def _unknown_game(game: str) -> str | None:
    from core.registry import CATALOGUE, GAMES

    if game in GAMES:
        return None
    ids = ", ".join(g.id for g in CATALOGUE if g.available)
    return f"unknown game {game!r}; the games are: {ids}"


def _add(led: Ledger, paths: list[str], out: TextIO, err: TextIO) -> int:
    from datetime import datetime, timezone

    from ledger.errors import LedgerError

    refused = 0
    for name in paths:
        path = Path(name)
        try:
            data = path.read_bytes()
            mtime = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
        except OSError as e:
            print(f"{name}: refused: cannot read it ({e.strerror or e})", file=out)
            refused += 1
            continue
        try:
            recorded = led.record(data, finished_at=mtime, source=str(path))
        except LedgerError as e:
            if e.where != str(path):
                raise  # the ledger's trouble (gone, locked...), not this save's: stop, one line
            print(f"{name}: refused: {e.reason}", file=out)
            refused += 1
            continue
        print(f"{name}: {'added' if recorded.added else 'already recorded'}", file=out)
    if refused:
        print(f"battlebox: {refused} of {len(paths)} saves refused", file=err)
    return 1 if refused else 0


def standings_json(rows: list[Standing]) -> list[dict[str, Any]]:
    """The `--json` shape the issue fixes; rating is μ − 3σ as the ledger stores it."""
    return [{"player": s.player, "rating": s.rating, "mu": s.mu, "sigma": s.sigma,
             "played": s.played, "won": s.won} for s in rows]


def _standings(led: Ledger, game: str, as_json: bool, hide_computers: bool, out: TextIO) -> int:
    rows = led.standings(game, include_computers=not hide_computers)
    if as_json:
        import json

        print(json.dumps(standings_json(rows), ensure_ascii=False), file=out)
        return 0
    if not rows:
        from core.registry import GAMES

        solo = GAMES[game].spec.max_players == 1
        print(f"{game} is a one-player game: its matches are recorded but not rated." if solo
              else f"No rated matches of {game} yet.", file=out)
        return 0
    width = max(len("Player"), *(len(s.player) for s in rows))
    print(f"{'#':>3}  {'Player':<{width}}  {'Rating':>7}  {'μ':>6}  {'σ':>5}  {'Played':>6}  {'Won':>4}  Streak",
          file=out)
    for rank, s in enumerate(rows, start=1):
        streak = f"{s.streak:+d}" if s.streak else "0"
        print(f"{rank:>3}  {s.player:<{width}}  {s.rating:>7.2f}  {s.mu:>6.2f}  {s.sigma:>5.2f}  "
              f"{s.played:>6}  {s.won:>4}  {streak}", file=out)
    return 0


def _export(led: Ledger, folder: Path, out: TextIO) -> int:
    from ledger.errors import LedgerError

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise LedgerError(str(folder), f"cannot create the folder ({e.strerror or e})") from None
    for path in led.export_csv(folder):
        print(f"wrote {path}", file=out)
    return 0
