"""Finished Throwdown matches, fast (a few ms each): random actions from a seed, players drawn
from a small club so the league tables have history. The same seed gives the same save bytes
(the finish time is pinned: seed minutes after 18:00 on a club evening), so a test can record one match twice."""
from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

import msgspec

from core import saves
from core.game import CHANCE, PlayerSetup
from core.match import Match

CLUB = (("Ada", "#d62828"), ("Bram", "#1d4ed8"), ("Cleo", "#2a9d36"), ("Dev", "#f4a261"),
        ("Edda", "#6a4c93"))
COMPUTER = ("Computer (Normal)", "#444444")
EVENING = datetime(2026, 11, 6, 18, 0, tzinfo=timezone.utc)


def finished_save(seed: int, *, computer: bool = False, finished: bool = True) -> bytes:
    """One match's save; `finished=False` stops after three actions."""
    rng = random.Random(seed)
    people = rng.sample(CLUB, rng.randint(2, 3))
    seats = [PlayerSetup(name, colour) for name, colour in people]
    if computer:
        seats.append(PlayerSetup(*COMPUTER, computer="normal"))
    base = Match.new("throwdown", seed=seed)
    match = Match.new("throwdown", msgspec.structs.replace(base.setup, players=tuple(seats)), seed=seed)
    while not match.is_over and (finished or match.steps < 3):
        match.play_chance() if match.actor == CHANCE else match.apply(match.random_action(rng))
    doc = match.to_doc()
    if hasattr(doc, "finished_at") and match.is_over:
        when = EVENING + timedelta(minutes=seed)  # later seeds finish later, as in a club evening
        doc = msgspec.structs.replace(doc, finished_at=when.strftime("%Y-%m-%dT%H:%M:%SZ"))
    return saves.encode_doc(doc)


def finished_saves(seeds: range) -> list[bytes]:
    return [finished_save(s) for s in seeds]


def without_finish_time(save: bytes) -> bytes:
    """An older release's save: no finished_at (the ledger then takes the file's mtime)."""
    doc = json.loads(save)
    doc.pop("finished_at", None)
    return json.dumps(doc).encode()


def write_saves(folder: Path, data: list[bytes], prefix: str = "m") -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, save in enumerate(data):
        path = folder / f"{prefix}{i:04d}.battlebox.json"
        path.write_bytes(save)
        paths.append(path)
    return paths
