"""Builders for Domination! and All-Out War! tests: reach a chosen state through real actions.

Every builder goes through `Match.apply`, so a test that starts from a built state has also
exercised set-up. Throws are entered table-style (`BattleThrow` with chosen poses) so each
test decides exactly who lands how.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import msgspec

from core.fistful.battles import (
    ALL_OUT_WAR, DOMINATION, Attack, BattleGame, BattleSetup, BattleThrow, ChooseArmy, ChooseFistful, Claim,
    Flip, Remove,
)
from core.fistful.roster import Fighter, default_roster
from core.fistful.throws import Landed
from core.match import Match
from tests.core.test_throwdown_rules import POSE, F, fistful, refused

__all__ = ["ARMY", "F", "GAMES", "HOMES", "POSE", "ROSTER", "VALUES", "army_of", "attack", "battle_throw", "claim_all",
           "fight", "fistful", "home", "new_match", "ready", "refused", "settle", "setup", "split_regions", "target", "throw_specs"]

ROSTER = default_roster()
GAMES: dict[str, BattleGame] = {"domination": DOMINATION, "all-out-war": ALL_OUT_WAR}

ROSTER_FILE = Path(__file__).resolve().parents[2] / "resources" / "fistful" / "roster.json"
_DOC = json.loads(ROSTER_FILE.read_text(encoding="utf-8"))
VALUES: dict[str, int] = {s["id"]: s["value"] for s in _DOC["sculpts"] + _DOC["warlords"]}
HOMES: dict[str, str] = {s["id"]: s["region"] for s in _DOC["sculpts"]}


def home(region: str) -> tuple[Fighter, ...]:
    """All 12 fighters from one region (4 sculpts x 3 finishes), from the roster file."""
    return tuple(Fighter(s, fin) for s, r in HOMES.items() if r == region for fin in ("hyper", "crystal", "shadow"))


def army_of(*regions: str) -> tuple[Fighter, ...]:
    """A 15-fighter army drawn from the given regions in order."""
    fighters = [f for r in regions for f in home(r)]
    assert len(fighters) >= 15, regions
    return tuple(fighters[:15])


# Sub-0 (12 fighters) + the three Gregors (Portal): values skwall 2, frost 3, glacix 1, rimefang 4, gregor 2.
ARMY = army_of("Sub-0", "Portal")


# Sub-0 and Portal (the regions of ARMY's fighters) come last so battles elsewhere have no flip.
QUIET_ORDER = ("Mar", "Cinderhold", "Thornwild", "Glasswaste", "Ironspire", "Duskmire", "Stormcrag", "Bonereach",
               "Azure", "Molobog", "Sub-0", "Portal")


def split_regions(n: int) -> tuple[tuple[str, ...], ...]:
    """Player p claims QUIET_ORDER[p::n]: 2 players -> P0 has Sub-0, P1 has Portal."""
    return tuple(QUIET_ORDER[p::n] for p in range(n))


def setup(variant: str, n: int, mode: str = "table", **options: object) -> BattleSetup:
    return msgspec.structs.replace(GAMES[variant].default_setup(n), mode=mode, **options)


def new_match(variant: str, n: int = 2, mode: str = "table", seed: int = 7, **options: object) -> Match:
    return Match.new(variant, setup(variant, n, mode, **options), seed=seed)


def claim_all(match: Match, regions: Sequence[Sequence[str]] | None = None) -> list[int]:
    """Play the claim phase; player p takes regions[p] in order (default: first free region).

    Returns the seats in the order the engine asked them to claim.
    """
    order: list[int] = []
    taken = [0] * len(match.setup.players)
    while match.state.phase == "claim":
        p = match.actor
        order.append(p)
        if regions is None:
            region = match.game.claimable(match.state)[0]
        else:
            region = regions[p][taken[p]]
        taken[p] += 1
        match.apply(Claim(p, region))
    return order


def choose_armies(match: Match, armies: Sequence[Sequence[Fighter]] | None = None) -> None:
    for p in range(len(match.setup.players)):
        match.apply(ChooseArmy(p, tuple(armies[p]) if armies else ARMY))


def choose_fistfuls(match: Match, fistfuls: Sequence[Sequence[Fighter]] | None = None) -> None:
    default = fistful("hyper skwall", "hyper frost", "hyper glacix")
    for p in range(len(match.setup.players)):
        match.apply(ChooseFistful(p, tuple(fistfuls[p]) if fistfuls else default))


def ready(variant: str, n: int = 2, *, regions: Sequence[Sequence[str]] | None = None,
          armies: Sequence[Sequence[Fighter]] | None = None, fistfuls: Sequence[Sequence[Fighter]] | None = None,
          mode: str = "table", seed: int = 7, **options: object) -> Match:
    """A match whose set-up is done: the first Attack is next."""
    match = new_match(variant, n, mode, seed, **options)
    regions = split_regions(n) if regions is None else regions
    if variant == "domination":
        claim_all(match, regions)
    choose_armies(match, armies)
    choose_fistfuls(match, fistfuls)
    if variant == "all-out-war":
        claim_all(match, regions)
    assert match.state.phase == "attack", match.state.phase
    return match


def throw_specs(match: Match, *specs: str | None) -> BattleThrow:
    """A BattleThrow from one pose string per seat over what that seat throws.

    'bsd' = back, standing, face down in fistful order (the Ambush extra last); 'b*' = all on
    their backs, 'd*' = all face down; None = that seat does not throw.
    """
    landed: list[tuple[Landed, ...] | None] = []
    for p, spec in enumerate(specs):
        if spec is None:
            landed.append(None)
            continue
        thrown = match.state.thrown(p)
        if spec.endswith("*"):
            spec = spec[0] * len(thrown)
        assert len(spec) == len(thrown), f"player {p} throws {len(thrown)} fighters, spec {spec!r}"
        landed.append(tuple(Landed(f, POSE[c]) for f, c in zip(thrown, spec)))
    return BattleThrow.of(tuple(landed))


def battle_throw(match: Match, *specs: str | None) -> object:
    return match.apply(throw_specs(match, *specs))


def target(match: Match, player: int) -> str:
    """One of the player's regions, away from Sub-0 and Portal (no flip with ARMY) when possible."""
    owned = match.state.owned(player)
    return next((r for r in owned if r not in ("Sub-0", "Portal")), owned[0])


def attack(match: Match, region: str, player: int | None = None) -> object:
    return match.apply(Attack(match.actor if player is None else player, region))


def settle(match: Match, fistfuls: dict[int, Sequence[Fighter]] | None = None, until: str | None = None) -> Match:
    """Finish the battle in the plainest way: no flip, first removable fighter, same fistfuls.

    Stops early when the phase becomes `until`.
    """
    game = match.game
    while match.state.phase in ("flip", "remove", "reselect") and match.state.phase != until:
        state = match.state
        if state.phase == "flip":
            match.apply(Flip(state.battle.defender, None))
        elif state.phase == "remove":
            p = state.to_remove[0]
            match.apply(Remove(p, game.removable(state, p)[0]))
        else:
            p = state.pending[0]
            chosen = tuple((fistfuls or {}).get(p, ()))
            if not chosen:
                chosen = state.fistfuls[p] or tuple(f for f in state.armies[p][:1])
            match.apply(ChooseFistful(p, chosen))
    return match


def fight(match: Match, region: str, *specs: str | None, fistfuls: dict[int, Sequence[Fighter]] | None = None) -> Match:
    """One whole battle: attack `region`, throw `specs`, then settle."""
    attack(match, region)
    battle_throw(match, *specs)
    return settle(match, fistfuls)
