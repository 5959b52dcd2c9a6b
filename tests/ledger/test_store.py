"""The ledger's store on a real SQLite file and a real PostgreSQL server: recording (replayed,
de-duplicated), history, players and aliases, ratings and their order, records, export."""
from __future__ import annotations

import csv
import datetime as dt
import random
from pathlib import Path

import pytest

from core.fistful.bests import Best, save_bests
from ledger.errors import LedgerError
from ledger.ratings import next_streak
from ledger.store import Ledger
from tests.ledger.finished import finished_save, without_finish_time

SAVES = Path(__file__).resolve().parents[1] / "saves" / "0.1.0"


@pytest.fixture
def led(ledger_url: str, tmp_path: Path):
    ledger = Ledger.open(ledger_url, backup_dir=tmp_path / "backups")
    yield ledger
    ledger.close()


def table(ledger: Ledger, game: str = "throwdown") -> list[tuple]:
    return [(s.player, round(s.mu, 9), round(s.sigma, 9), s.played, s.won, s.streak)
            for s in ledger.standings(game)]


def test_a_match_is_recorded_once_and_read_back(led: Ledger) -> None:
    data = [finished_save(s) for s in range(6)]
    recorded = [led.record(d, source=f"m{i}") for i, d in enumerate(data)]
    assert all(r.added for r in recorded) and len({r.match_id for r in recorded}) == 6
    again = led.record(data[2], source="copy")
    assert again.match_id == recorded[2].match_id and not again.added
    rows = led.matches()
    assert len(rows) == 6
    assert [r.finished_at for r in rows] == sorted((r.finished_at for r in rows), reverse=True)
    assert all(r.finished_at.tzinfo is not None and r.game == "throwdown" and r.rated for r in rows)
    assert led.save_bytes(recorded[2].match_id) == data[2]
    one = next(r for r in rows if r.id == recorded[0].match_id)
    assert sorted(s.placing for s in one.seats)[0] == 1 and sum(s.won for s in one.seats) <= 1
    ada = next(p for p in led.players() if p.name == "Ada")
    mine = led.matches(player_id=ada.id)
    assert mine and all(any(s.player_id == ada.id for s in m.seats) for m in mine)
    assert len(mine) == sum(any(s.name == "Ada" for s in m.seats) for m in rows)
    day = rows[-1].finished_at.date()
    assert all(m.finished_at.date() == day for m in led.matches(since=day, until=day))
    assert len(led.matches(limit=2)) == 2 and led.matches(game="impact") == []


def test_the_finish_time_comes_from_the_save_else_the_argument(led: Ledger) -> None:
    when = dt.datetime(2025, 5, 6, 7, 8, 9, tzinfo=dt.timezone.utc)
    r = led.record(without_finish_time(finished_save(1)), finished_at=when)
    assert led.matches()[0].finished_at == when
    assert led.matches()[0].id == r.match_id


def test_unfinished_and_broken_saves_are_refused(led: Ledger) -> None:
    with pytest.raises(LedgerError, match="not finished") as e:
        led.record(finished_save(3, finished=False), source="half.battlebox.json")
    assert e.value.where == "half.battlebox.json"
    with pytest.raises(LedgerError, match="cannot be recorded"):
        led.record(b'{"format": "battlebox-save", "version": 2', source="cut.json")
    assert led.matches() == [] and led.players() == []


def test_ratings_follow_finish_order_whatever_the_recording_order(led: Ledger, tmp_path: Path) -> None:
    data = [finished_save(s, computer=s % 4 == 0) for s in range(14)]
    shuffled = data[:]
    random.Random(5).shuffle(shuffled)
    for d in shuffled:
        led.record(d)
    landed = table(led)
    history = {p.id: led.rating_history("throwdown", p.id) for p in led.players()}
    led.recompute()
    assert table(led) == landed
    assert {p.id: led.rating_history("throwdown", p.id) for p in led.players()} == history
    with Ledger.open(f"sqlite:///{tmp_path / 'in-order.sqlite3'}") as other:
        for d in sorted(data):  # another order: by bytes
            other.record(d)
        assert table(other) == landed
    rows = led.standings("throwdown")
    assert [s.rating for s in rows] == sorted((s.rating for s in rows), reverse=True)
    assert all(abs(s.rating - (s.mu - 3 * s.sigma)) < 1e-12 for s in rows)
    matches = led.matches()
    for s in rows:
        mine = [m for m in matches if any(x.player_id == s.player_id for x in m.seats)]
        assert s.played == len(mine)
        assert s.won == sum(x.won for m in mine for x in m.seats if x.player_id == s.player_id)
        points = history[s.player_id]
        assert len(points) == s.played and (points[-1].mu, points[-1].sigma) == (s.mu, s.sigma)
        assert [p.finished_at for p in points] == sorted(p.finished_at for p in points)


def test_computer_seats_are_their_own_players_and_can_be_hidden(led: Ledger) -> None:
    for s in range(3):
        led.record(finished_save(s, computer=True))
    computers = [p for p in led.players() if p.computer]
    assert [(p.name, p.computer) for p in computers] == [("Computer (Normal)", "normal")]
    assert any(s.computer == "normal" for s in led.standings("throwdown"))
    assert all(s.computer is None for s in led.standings("throwdown", include_computers=False))
    assert all(p.computer is None for p in led.players(include_computers=False))


def test_two_seats_of_one_computer_level_play_one_match(led: Ledger) -> None:
    import msgspec

    from core import saves
    from core.game import CHANCE, PlayerSetup
    from core.match import Match

    seats = (PlayerSetup("Ada", "#d62828"), PlayerSetup("Bot 1", "#1d4ed8", computer="normal"),
             PlayerSetup("Bot 2", "#2a9d36", computer="normal"))
    base = Match.new("throwdown", seed=7)
    match = Match.new("throwdown", msgspec.structs.replace(base.setup, players=seats), seed=7)
    rng = random.Random(7)
    while not match.is_over:
        match.play_chance() if match.actor == CHANCE else match.apply(match.random_action(rng))
    led.record(saves.encode_doc(match.to_doc()))
    table = {s.player: s for s in led.standings("throwdown")}
    assert set(table) == {"Ada", "Computer (Normal)"}
    assert table["Computer (Normal)"].played == 1 and table["Ada"].played == 1
    assert table["Computer (Normal)"].won + table["Ada"].won == 1
    landed = led.standings("throwdown")
    led.recompute()
    assert led.standings("throwdown") == landed


def test_a_rename_keeps_the_old_name_and_a_merge_moves_the_history(led: Ledger) -> None:
    for s in range(8):
        led.record(finished_save(s))
    by_name = {p.name: p for p in led.players()}
    ada, bram, cleo = by_name["Ada"], by_name["Bram"], by_name["Cleo"]
    led.rename_player(ada.id, "Ada Lovelace", colour="#123456", short="AL")
    assert next(p for p in led.players() if p.id == ada.id)[1:] == ("Ada Lovelace", "#123456", "AL", None)
    before = len(led.matches(player_id=ada.id))
    seed = next(s for s in range(8, 60) if b'"Ada"' in finished_save(s))
    led.record(finished_save(seed))  # an old name still finds the player
    assert len(led.matches(player_id=ada.id)) == before + 1
    assert "Ada" not in {p.name for p in led.players()}
    with pytest.raises(LedgerError, match="another player"):
        led.rename_player(bram.id, "ada")

    both = len({m.id for m in led.matches(player_id=bram.id)} | {m.id for m in led.matches(player_id=cleo.id)})
    led.merge_players(cleo.id, bram.id)
    assert bram.id not in {p.id for p in led.players()}
    assert len(led.matches(player_id=cleo.id)) == both
    assert all(s.player_id != bram.id for s in led.standings("throwdown"))
    merged = table(led)
    led.recompute()
    assert table(led) == merged
    led.record(finished_save(next(s for s in range(60, 200) if b'"Bram"' in finished_save(s))))
    assert "Bram" not in {p.name for p in led.players()}


def test_head_to_head_counts_who_placed_better(led: Ledger) -> None:
    for s in range(10):
        led.record(finished_save(s))
    by_name = {p.name: p.id for p in led.players()}
    a, b = by_name["Ada"], by_name["Bram"]
    h = led.head_to_head(a, b)
    expected = [0, 0, 0]
    for m in led.matches():
        seats = {s.player_id: s.placing for s in m.seats}
        if a in seats and b in seats:
            pa, pb = seats[a], seats[b]
            expected[0 if pa < pb else 1 if pb < pa else 2] += 1
    assert (h.a_won, h.b_won, h.draws) == tuple(expected) and h.played == sum(expected)
    assert led.head_to_head(b, a, "throwdown")[1:3] == (h.b_won, h.a_won)
    assert led.head_to_head(a, b, "impact").played == 0


def test_streaks() -> None:
    assert next_streak(2, True, 1) == 3 and next_streak(-2, True, 1) == 1
    assert next_streak(2, False, 3) == -1 and next_streak(-1, False, 2) == -2
    assert next_streak(4, False, 1) == 0  # a shared first place


def test_solitaire_is_unrated_and_impact_tournaments_are_events(led: Ledger) -> None:
    solo = led.record((SAVES / "solitaire-finished.battlebox.json").read_bytes())
    assert not led.matches(game="solitaire")[0].rated and led.standings("solitaire") == []
    bests = led.solitaire_bests()
    assert len(bests) == 1 and bests[0].match_id == solo.match_id and bests[0].total > 0
    player = next(p for p in led.players() if p.name == bests[0].name)
    assert led.solitaire_history(player.id) == bests
    event = led.record((SAVES / "impact-tournament-finished.battlebox.json").read_bytes())
    [row] = led.events()
    assert row.match_id == event.match_id and len(row.points) == 3
    assert all(sum(per) == total and len(per) == 3 for _name, per, total in row.points)
    assert led.matches(game="impact")[0].event == row
    placings = {s.name: s.placing for s in led.matches(game="impact")[0].seats}
    totals = {name: total for name, _per, total in row.points}
    assert all((placings[x] < placings[y]) == (totals[x] < totals[y]) for x in totals for y in totals)


def test_the_old_bests_file_is_imported_once(led: Ledger, tmp_path: Path) -> None:
    path = tmp_path / "solitaire-bests.json"
    assert led.import_solitaire_bests(path) == 0  # no file yet: nothing marked as imported
    save_bests(path, [Best("Ada", 120, "2026-01-02", "k1"), Best("Bram", 99, "2026-02-03", ""),
                      Best("ada", 80, "2026-03-04", "k3")])
    assert led.import_solitaire_bests(path) == 3
    assert led.import_solitaire_bests(path) == 0
    assert path.exists()
    assert [(b.name, b.total, b.date, b.match_id) for b in led.solitaire_bests()] == [
        ("Ada", 120, "2026-01-02", None), ("Bram", 99, "2026-02-03", None), ("ada", 80, "2026-03-04", None)]
    ada = next(p for p in led.players() if p.name == "Ada")
    assert [b.total for b in led.solitaire_history(ada.id)] == [120, 80]
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(LedgerError) as e:
        led.import_solitaire_bests(broken)
    assert e.value.where == str(broken)


def test_csv_export(led: Ledger, tmp_path: Path) -> None:
    for s in range(4):
        led.record(finished_save(s, computer=s == 0))
    led.record((SAVES / "solitaire-finished.battlebox.json").read_bytes())
    files = led.export_csv(tmp_path / "out")
    assert [f.name for f in files] == ["results.csv", "standings-throwdown.csv"]
    with open(files[0], newline="") as f:
        results = list(csv.DictReader(f))
    assert len(results) == sum(len(m.seats) for m in led.matches())
    assert {r["game"] for r in results} == {"throwdown", "solitaire"}
    with open(files[1], newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["player"] for r in rows] == [s.player for s in led.standings("throwdown")]
    assert rows[0]["rank"] == "1" and float(rows[0]["rating"]) == pytest.approx(led.standings("throwdown")[0].rating, abs=1e-4)


def test_record_many_rates_as_one_by_one(led: Ledger, tmp_path: Path) -> None:
    data = [finished_save(s, computer=s % 3 == 0) for s in range(10)]
    with Ledger.open(f"sqlite:///{tmp_path / 'one-by-one.sqlite3'}") as other:
        for d in data:
            other.record(d)
        expected = table(other)
    led.record(data[5])
    items = [(d, None, f"m{i}.battlebox.json") for i, d in enumerate(reversed(data))]
    items.insert(3, (b"{", None, "broken.battlebox.json"))
    items.append((data[0], None, "again.battlebox.json"))
    out = led.record_many(items)
    assert isinstance(out[3], LedgerError) and out[3].where == "broken.battlebox.json"
    recorded = [r for r in out if not isinstance(r, LedgerError)]
    assert sum(r.added for r in recorded) == 9 and not recorded[-1].added
    assert table(led) == expected and len(led.matches()) == 10
    assert led.record_many([]) == []


def test_a_match_whose_seat_changed_hands_is_recorded_but_rates_nobody(led: Ledger) -> None:
    from core import saves
    from core.match import Match
    from gui.ledger.history import result_text
    from tests.saves.make_saves import play

    rng = random.Random(9)
    match = play(play(Match.new("throwdown", seed=9), rng, stop=lambda m: m.steps >= 5).reseated({1: "normal"}), rng)
    assert led.record(saves.encode_doc(match.to_doc())).added
    [row] = led.matches(game="throwdown")
    assert not row.rated and led.standings("throwdown") == []
    assert "Computer (Normal)" in [s.name for s in row.seats]
    assert result_text(row).endswith("(not rated)")
