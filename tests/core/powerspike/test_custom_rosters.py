"""Rosters built in the army builder start a game: embedded in the setup (so a save replays
anywhere), checked like the ready-made ones, and used instead of the ready-made id."""
from __future__ import annotations

import json

import msgspec
import pytest

from core.errors import IllegalSetup
from core.match import Match
from core.powerspike.army import Roster, RosterUnit, problems, ready_made
from core.powerspike.game import GAME, Deploy, setup_rosters
from tests.core.powerspike.game_helpers import setup


def custom_cdc() -> Roster:
    """The small Death Commando force, renamed, its first brigade's units named by the player."""
    base = ready_made()["cdc-small-death-commando"]
    first = base.formations[0]
    named = tuple(msgspec.structs.replace(u, name=f"Red {i}") for i, u in enumerate(first.units, start=1))
    return msgspec.structs.replace(base, name="Red Fist Company",
                                   formations=(msgspec.structs.replace(first, units=named),) + base.formations[1:])


def broken_cdc() -> Roster:
    base = ready_made()["cdc-small-death-commando"]
    return msgspec.structs.replace(base, units=(), formations=base.formations + (base.formations[0],) * 2)


def test_an_embedded_roster_is_played_instead_of_the_ready_made_id():
    roster = custom_cdc()
    s = setup(cdc_roster="cdc-small-mag-lev", cdc_custom=roster)
    GAME.validate_setup(s)
    assert setup_rosters(s)[0] == roster
    state = GAME.new(s)
    cdc = [u for u in state.units if u.side == "CDC"]
    assert len(cdc) == len(roster.all_units())
    assert {u.profile for u in cdc} == {u.type for u in roster.all_units()}
    assert sum(1 for u in cdc if u.name.startswith("Red ")) == 3
    scs = [u for u in state.units if u.side == "SCS"]
    assert len(scs) == len(ready_made()[s.scs_roster].all_units())


def test_without_an_embedded_roster_the_ready_made_id_is_played():
    s = setup(cdc_roster="cdc-small-mag-lev")
    assert setup_rosters(s) == (ready_made()["cdc-small-mag-lev"], ready_made()[s.scs_roster])


def test_an_invalid_roster_is_refused_with_every_reason():
    roster = broken_cdc()
    found = problems(roster)
    assert len(found) >= 2
    with pytest.raises(IllegalSetup) as e:
        GAME.validate_setup(setup(cdc_custom=roster))
    for reason in found:
        assert reason in str(e.value)


@pytest.mark.parametrize("field, side", [("cdc_custom", "CDC"), ("scs_custom", "SCS")])
def test_a_roster_of_the_other_side_is_refused(field, side):
    other = next(r for r in ready_made().values() if r.side != side)
    with pytest.raises(IllegalSetup, match=f"not the {side}"):
        GAME.validate_setup(setup(**{field: other}))


def test_a_save_carries_the_roster_and_replays_it(tmp_path):
    roster = custom_cdc()
    match = Match(GAME, setup(cdc_custom=roster), 3)
    uid = GAME.to_deploy(match.state, 0)[0]
    match.apply(Deploy(0, uid, 36, 6, 90))
    path = tmp_path / "custom.battlebox.json"
    match.save(path)
    doc = json.loads(path.read_text())
    assert "Red Fist Company" in json.dumps(doc)
    again = Match.load(path)
    assert again.setup.cdc_custom == roster
    assert again.state == match.state


def test_a_save_whose_embedded_roster_was_broken_by_hand_does_not_load(tmp_path):
    match = Match(GAME, setup(cdc_custom=custom_cdc()), 3)
    path = tmp_path / "custom.battlebox.json"
    match.save(path)
    text = path.read_text().replace('"cdc-command"', '"scs-command"')
    path.write_text(text)
    from core.errors import SaveError

    with pytest.raises((SaveError, IllegalSetup)):
        Match.load(path)


def test_unknown_unit_types_in_an_embedded_roster_are_problems_not_crashes():
    bad = msgspec.structs.replace(custom_cdc(), units=(RosterUnit("u1", "no-such-unit"),))
    with pytest.raises(IllegalSetup, match="unknown type"):
        GAME.validate_setup(setup(cdc_custom=bad))
