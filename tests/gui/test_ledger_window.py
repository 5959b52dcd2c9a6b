"""The Club ledger window over a real ledger (a SQLite file, through the app's ledger service): the league
table and its chart, the history's filters, saving and exporting, the player registry, the records, and a
ledger that cannot be opened."""
from __future__ import annotations

import csv

import pytest
from PySide6.QtCore import QDate
from PySide6.QtWidgets import QFileDialog, QMessageBox, QToolTip

from gui.ledger.window import LedgerWindow
from tests.gui.drivers.ledger_window import LedgerWindowDriver, ask, finished_save, ledger_service

pytestmark = pytest.mark.gui

CLUB = ("Ada", "Bram", "Cleo", "Dev")
THROWDOWNS = 12


@pytest.fixture(scope="module")
def service(qapp, tmp_path_factory):
    """One ledger for the module: throwdowns among the club (some with a computer seat), two Solitaire
    games and an Impact tournament. Tests that change players use names of their own."""
    with ledger_service(tmp_path_factory.mktemp("ledger")) as svc:
        saves = [finished_save("throwdown", (CLUB[k % 4], CLUB[(k + 1) % 4], CLUB[(k + 2) % 4])[: 2 + k % 2], k,
                               computer="normal" if k % 3 == 0 else None,
                               when=f"2026-11-{1 + k:02d}T20:00:00Z") for k in range(THROWDOWNS)]
        saves += [finished_save("solitaire", ("Ada",), 40 + k, when=f"2026-11-2{k}T10:00:00Z") for k in range(2)]
        saves.append(finished_save("impact", ("Ada", "Bram", "Cleo"), 7, tournament=True, when="2026-11-25T21:00:00Z"))
        ask(svc, lambda led: [led.record(s) for s in saves])
        yield svc


@pytest.fixture
def ledger(qtbot, service):
    window = LedgerWindow(service)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    driver = LedgerWindowDriver(window, qtbot)
    driver.settle()
    return driver


def test_league_is_sorted_by_rating_and_hides_computer_players(ledger, service):
    ledger.choose("leagueGame", "throwdown")
    ratings = [float(r) for r in ledger.column("leagueTable", "Rating")]
    assert ratings == sorted(ratings, reverse=True) and len(ratings) >= 5
    players = ledger.column("leagueTable", "Player")
    assert "Computer (Normal)" in players
    expected = ask(service, lambda led: led.standings("throwdown"))
    assert players == [s.player for s in expected]
    assert ledger.column("leagueTable", "Played") == [str(s.played) for s in expected]

    ledger.toggle("hideComputers")
    players = ledger.column("leagueTable", "Player")
    assert "Computer (Normal)" not in players and set(players) <= set(CLUB)
    ratings = [float(r) for r in ledger.column("leagueTable", "Rating")]
    assert ratings == sorted(ratings, reverse=True)


def test_choosing_a_player_charts_each_of_their_rated_matches(ledger):
    ledger.choose("leagueGame", "throwdown")
    chart = ledger.root.league.chart
    assert chart.points == ()
    ledger.click_row_with("leagueTable", "Ada")
    played = int(ledger.column("leagueTable", "Played")[ledger.column("leagueTable", "Player").index("Ada")])
    assert len(chart.points) == played > 0
    assert "Ada" in chart.title
    stamps = [p.finished_at for p in chart.points]
    assert stamps == sorted(stamps)
    last = chart.points[-1]
    ledger.hover_chart_end()
    assert f"Rating {last.rating:.2f}" in QToolTip.text()


def test_history_filters_by_game_player_and_date(ledger):
    ledger.tab("History")
    assert len(ledger.rows("historyTable")) == THROWDOWNS + 3
    ledger.choose("historyGame", "throwdown")
    assert {g.split(" (")[0] for g in ledger.column("historyTable", "Game")} == {"Throwdown"}
    assert len(ledger.rows("historyTable")) == THROWDOWNS
    ledger.choose("historyPlayer", text="Dev")
    shown = ledger.column("historyTable", "Players (placing)")
    assert shown and all("Dev" in text for text in shown)
    assert len(shown) < THROWDOWNS
    ledger.choose("historyPlayer", text="All players")
    ledger.dates(QDate(2026, 11, 3), QDate(2026, 11, 5))
    assert [d[:10] for d in ledger.column("historyTable", "Date")] == ["2026-11-05", "2026-11-04", "2026-11-03"]
    ledger.dates(QDate(2025, 1, 1), QDate(2025, 1, 2))
    assert ledger.rows("historyTable") == []
    assert "No matches" in ledger.find("historyCount").text()


def test_save_match_as_writes_the_stored_save_and_export_writes_csv(ledger, service, tmp_path, monkeypatch):
    ledger.tab("History")
    ledger.choose("historyGame", "impact")
    ledger.click_row("historyTable", 0)
    target = tmp_path / "final.battlebox.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    ledger.press("saveMatch")
    match_id = ledger.root.history.selected().id
    assert target.read_bytes() == ask(service, lambda led: led.save_bytes(match_id))
    assert str(target) in ledger.message

    out = tmp_path / "csv"
    out.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(out))
    ledger.press("exportCsv")
    assert (out / "results.csv").is_file() and (out / "standings-throwdown.csv").is_file()
    with open(out / "results.csv", newline="", encoding="utf-8") as f:
        assert len(list(csv.reader(f))) > THROWDOWNS
    assert "results.csv" in ledger.message


def test_players_are_added_renamed_and_merged_keeping_their_history(ledger, service, monkeypatch):
    ask(service, lambda led: [led.record(finished_save("throwdown", names, 900 + k))
                              for k, names in enumerate((("Zora", "Ada"), ("Zee", "Bram")))])
    ledger.tab("Players")
    ledger.settle()
    ledger.root.refresh()
    ledger.settle()
    assert "Computer (Normal)" in ledger.column("playersTable", "Kind")

    ledger.type_into("playerName", "Quinn")
    ledger.press("addPlayer")
    assert "Quinn" in ledger.column("playersTable", "Name")
    ledger.click_row_with("playersTable", "Quinn")
    ledger.type_into("playerName", "Quincy")
    ledger.press("renamePlayer")
    names = ledger.column("playersTable", "Name")
    assert "Quincy" in names and "Quinn" not in names

    ledger.click_row_with("playersTable", "Zee")
    ledger.choose("mergeInto", text="Zora")
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda _parent, _title, text, *a: asked.append(text) or QMessageBox.StandardButton.Yes)
    ledger.press("mergePlayers")
    assert asked and "Merge Zee into Zora" in asked[0]
    assert "Zee" not in ledger.column("playersTable", "Name")
    ledger.tab("History")
    ledger.choose("historyPlayer", text="Zora")
    shown = ledger.column("historyTable", "Players (placing)")
    assert len(shown) == 2 and all("Zora" in text for text in shown)


def test_a_merge_asks_first_and_cancel_keeps_both(ledger, service, monkeypatch):
    ask(service, lambda led: [led.add_player(n, "#123456") for n in ("Yann", "Yannick")])
    ledger.root.refresh()
    ledger.tab("Players")
    ledger.settle()
    ledger.click_row_with("playersTable", "Yannick")
    ledger.choose("mergeInto", text="Yann")
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Cancel)
    ledger.press("mergePlayers")
    assert {"Yann", "Yannick"} <= set(ledger.column("playersTable", "Name"))


def test_records_show_solitaire_bests_impact_events_and_head_to_head(ledger, service):
    ledger.tab("Records")
    bests = ask(service, lambda led: led.solitaire_bests(limit=10))
    assert ledger.column("solitaireBests", "Total") == [str(b.total) for b in bests] and bests
    ledger.click_row("solitaireBests", 0)
    assert len(ledger.rows("solitaireHistory")) >= 2
    assert "Ada" in ledger.find("bestHistoryTitle").text()

    events = ask(service, lambda led: led.events("impact"))
    assert len(ledger.rows("impactEvents")) == len(events) == 1
    points = ledger.rows("eventPoints")
    assert sorted(r[0] for r in points) == ["Ada", "Bram", "Cleo"]
    lost = [int(r[2]) for r in points]
    assert lost == sorted(lost)  # fewest points lost first: the tournament's winner
    assert ledger.rows("impactEvents")[0][1].startswith(points[0][0])

    ledger.choose("h2hA", text="Ada")
    ledger.choose("h2hB", text="Bram")
    ledger.choose("h2hGame", "throwdown")
    ids = {p.name: p.id for p in ask(service, lambda led: led.players())}
    h = ask(service, lambda led: led.head_to_head(ids["Ada"], ids["Bram"], "throwdown"))
    assert h.played > 0
    assert f"Ada won {h.a_won}, Bram won {h.b_won}" in ledger.find("h2hResult").text()


def test_an_unreachable_ledger_says_so_and_the_window_stays_usable(qtbot, tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the ledger's folder should be")
    with ledger_service(tmp_path / "data", url=f"sqlite:///{blocked}/ledger.sqlite3") as svc:
        driver = _shown(qtbot, LedgerWindow(svc))
        assert "ledger" in driver.message.lower() and "Traceback" not in driver.message
        assert str(blocked) in driver.message and driver.retry_offered
        driver.tab("History")
        driver.choose("historyGame", "throwdown")
        assert driver.rows("historyTable") == [] and driver.root.isVisible()

        from gui import storage

        storage.set_ledger_url(None)  # Settings → Ledger… back to this computer's file
        driver.press("ledgerRetry")
        assert driver.message == "" and svc.opened
        assert "No matches" in driver.find("historyCount").text()


def test_a_club_server_that_does_not_answer_is_named_without_its_password(qtbot, tmp_path):
    with ledger_service(tmp_path / "data", url="postgresql://club:s3cret@127.0.0.1:1/club") as svc:
        driver = _shown(qtbot, LedgerWindow(svc))
        assert "127.0.0.1" in driver.message and "s3cret" not in driver.message
        assert "Traceback" not in driver.message and driver.retry_offered
        driver.press("ledgerRetry")
        assert "127.0.0.1" in driver.message


def _shown(qtbot, window: LedgerWindow) -> LedgerWindowDriver:
    qtbot.addWidget(window)
    window.show()
    driver = LedgerWindowDriver(window, qtbot)
    driver.settle()
    return driver


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (2560, 1440)])
def test_every_tab_is_readable_at_each_window_size(qtbot, service, size):
    from tests.gui.layout_check import cut_text, overlaps

    window = LedgerWindow(service)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    driver = LedgerWindowDriver(window, qtbot)
    driver.settle()
    for title in ("League", "History", "Players", "Records"):
        driver.tab(title)
        driver.settle()
        page = window.tabs.currentWidget()
        assert overlaps(window, page) == [] and cut_text(window, page) == [], (size, title)
