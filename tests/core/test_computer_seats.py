"""Any seat can be a computer (issue 13): the setup keeps each seat's level, old saves decode as
humans, A Fistful of Gold's 0.1.0 `computer` option moves onto its seat, and no game curtains a
computer seat (nor a lone human among computers)."""
from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from core import registry
from core.errors import IllegalSetup
from core.game import PlayerSetup, Secret, screen_secret, with_computers
from core.match import Match
from core.spec import COMPUTER

SAVES = Path(__file__).resolve().parents[1] / "saves" / "0.1.0"


def test_a_seat_without_a_level_decodes_as_a_human_and_encodes_as_before():
    seat = msgspec.json.decode(b'{"name": "Ann", "colour": "#112233"}', type=PlayerSetup)
    assert seat.computer is None
    assert msgspec.json.encode(seat) == b'{"name":"Ann","colour":"#112233"}'
    assert msgspec.json.decode(b'{"name":"B","colour":"#112233","computer":"strong"}',
                               type=PlayerSetup).computer == "strong"


def test_an_unknown_level_is_refused():
    game = registry.get("throwdown")
    with pytest.raises(IllegalSetup, match="level"):
        game.validate_setup(with_computers(game.default_setup(), {0: "genius"}))


def test_gold_0_1_0_computer_option_moves_onto_its_seat():
    game = registry.get("fistful-of-gold")
    old = {"players": [{"name": "Red", "colour": "#c62828"}, {"name": "Green", "colour": "#2e7d32"}],
           "computer": 1}
    new = game.migrate_setup(old, 1)
    assert "computer" not in new and new["players"][1]["computer"] == "easy"
    assert "computer" not in new["players"][0]
    assert "computer" not in game.migrate_setup({**old, "computer": None}, 1)["players"][1]


@pytest.mark.parametrize("path", sorted(SAVES.glob("fistful-of-gold-*.battlebox.json")), ids=lambda p: p.name)
def test_gold_0_1_0_saves_still_load(path):
    match = Match.load(path)
    assert all(p.computer is None for p in match.setup.players)


def test_screen_secret_skips_computer_seats_and_a_lone_human():
    game = registry.get("throwdown")
    three = game.default_setup(3)
    secret = Secret(0, "fistful")
    assert screen_secret(three, secret) == secret
    assert screen_secret(with_computers(three, {0: "easy"}), secret) is None
    assert screen_secret(with_computers(three, {2: "easy"}), secret) == secret
    assert screen_secret(with_computers(three, {1: "easy", 2: "easy"}), secret) is None
    assert screen_secret(three, None) is None


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_no_game_curtains_a_computer_seat(game_id):
    """Played at random to the end, with seat 0 a computer: whenever the rules would curtain,
    the seat is a human's, and a game with seat 0 and every seat but one computers never curtains."""
    game = registry.get(game_id)
    setup = game.default_setup()
    n = len(setup.players)
    if n < 2:
        pytest.skip("one seat: nothing to curtain")
    import random
    for computers in ({0: "easy"}, {i: "easy" for i in range(n - 1)}):
        match = Match.new(game_id, with_computers(setup, computers), seed=3)
        rng = random.Random(3)
        for _ in range(400):
            if match.is_over:
                break
            secret = game.secret(match.state)
            if secret is not None:
                assert secret.seat not in computers
                assert n - len(computers) >= 2
            match.apply(match.random_action(rng))


def test_every_game_offers_human_or_computer_per_seat():
    for game_id in registry.GAMES:
        spec = registry.get(game_id).spec
        assert spec.all_seat_options[-1] is COMPUTER
        setup = registry.get(game_id).default_setup()
        assert COMPUTER.value(setup, 0) is None
        assert COMPUTER.value(with_computers(setup, {0: "normal"}), 0) == "normal"
    assert [v for v, _ in COMPUTER.choices] == [None, "easy", "normal", "strong"]
