"""CSV export: every result (one row per seat) and one league table per rated game."""
from __future__ import annotations

import csv
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import select

from ledger.errors import LedgerError
from ledger.schema import RATINGS

if TYPE_CHECKING:
    from ledger.store import Ledger

RESULTS_HEADER = ("match_id", "game", "mode", "finished_at", "draw", "reason", "rated", "seat", "player",
                  "computer", "placing", "won")
STANDINGS_HEADER = ("rank", "player", "computer", "rating", "mu", "sigma", "played", "won", "streak")


class ExportMixin:
    def export_csv(self: Ledger, folder: Path) -> list[Path]:
        """results.csv and standings-<game>.csv per rated game; the files written."""
        folder = Path(folder)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise LedgerError(str(folder), f"the export folder cannot be made ({e.strerror or e})") from None
        written = [folder / "results.csv"]
        matches = sorted(self.matches(), key=lambda m: (m.finished_at, m.id))
        with self._read() as conn:
            games = sorted(set(conn.execute(select(RATINGS.c.game).distinct()).scalars()))
        try:
            with open(written[0], "w", newline="", encoding="utf-8") as f:
                out = csv.writer(f)
                out.writerow(RESULTS_HEADER)
                for m in matches:
                    for s in m.seats:
                        out.writerow((m.id, m.game, m.mode, m.finished_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
                                      int(m.draw), m.reason, int(m.rated), s.seat + 1, s.name, s.computer or "",
                                      "" if s.placing is None else s.placing, int(s.won)))
            for game in games:
                path = folder / f"standings-{game}.csv"
                with open(path, "w", newline="", encoding="utf-8") as f:
                    out = csv.writer(f)
                    out.writerow(STANDINGS_HEADER)
                    for rank, s in enumerate(self.standings(game), start=1):
                        out.writerow((rank, s.player, s.computer or "", f"{s.rating:.4f}", f"{s.mu:.4f}",
                                      f"{s.sigma:.4f}", s.played, s.won, s.streak))
                written.append(path)
        except OSError as e:
            raise LedgerError(str(folder), f"the CSV files cannot be written ({e.strerror or e})") from None
        return written
