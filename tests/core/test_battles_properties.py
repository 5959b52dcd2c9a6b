"""Invariants of Domination! and All-Out War! over random games, checked against an independent recount.

Random play goes through Match with random seeds, player counts, advanced-rule flags and throw
modes; in table mode the throws are random poses (standing included, so Heroes happen often).
Scores are recounted from the roster file and the actions alone, never from engine helpers.
"""
from __future__ import annotations

import random
import tempfile
from pathlib import Path

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.fistful.battles import (
    ADVANCED_MIN_THROWN, Attack, BattleThrow, ChampionRemove, ChampionThrow, ChooseArmy, Flip, Remove,
)
from core.fistful.roster import Fighter
from core.fistful.throws import POSES, Landed
from core.game import CHANCE, actor_players
from core.match import Match
from tests.core.battle_helpers import HOMES, VALUES, setup

FLAGS = ("hero", "slaughter", "ambush", "team_victory", "frontline", "ultimate_champion")
MAX_STEPS = 6_000


def up(pose: str) -> bool:
    return pose in ("back", "standing")


def table_throw(match: Match, rng: random.Random) -> BattleThrow | ChampionThrow:
    """What players might enter at the table: any pose for any fighter."""
    def poses(fighters):
        return tuple(Landed(f, rng.choice(POSES)) for f in fighters)

    state = match.state
    if state.phase == "champion_throw":
        return ChampionThrow.of(poses(state.champion.fighters), poses(state.champion.warlords))
    return BattleThrow.of(tuple(poses(state.thrown(p)) if p in state.battle.throwers else None
                                for p in range(state.players)))


class Recount:
    """The battle scores as the rulebook and GAME-DATA.md say, from actions and the roster file."""

    def __init__(self, setup) -> None:
        self.setup = setup
        n = len(setup.players)
        self.slaughter_next = [0] * n
        self.slaughter_now = [0] * n
        self.landed: list | None = None
        self.region = ""
        self.defender = -1

    def attack(self, region: str, defender: int) -> None:
        self.slaughter_now, self.slaughter_next = self.slaughter_next, [0] * len(self.slaughter_next)
        self.region, self.defender = region, defender

    def throw(self, action: BattleThrow, thrown: list) -> None:
        """`thrown`: per seat the fighters thrown; the pose code gives a letter each, in sorted order."""
        pose = {"b": "back", "s": "standing", "d": "down"}
        self.landed = [None if code is None else [(f, pose[c]) for f, c in zip(sorted(fighters), code)]
                       for fighters, code in zip(thrown, action.poses)]
        for p, t in enumerate(self.landed):
            if t is not None and self.setup.slaughter and len(t) >= ADVANCED_MIN_THROWN and all(up(x) for _, x in t):
                self.slaughter_next[p] = 3

    def flip(self, action: Flip) -> None:
        if action.fighter is not None:
            t = self.landed[self.defender]
            self.landed[self.defender] = [(f, "back" if f == action.fighter else x) for f, x in t]

    def totals(self) -> list[int | None]:
        counts = [None if t is None else sum(1 for _, x in t if up(x)) for t in self.landed]
        present = [c for c in counts if c is not None]
        most = max(present)
        out: list[int | None] = []
        for p, t in enumerate(self.landed):
            if t is None:
                out.append(None)
                continue
            faces = [f for f, x in t if up(x)]
            total = sum(VALUES[f.sculpt] for f in faces)
            if most > 0 and counts[p] == most and present.count(most) == 1:
                total += 2
            total += self.slaughter_now[p]
            if self.setup.team_victory and sum(1 for f in faces if HOMES[f.sculpt] == self.region) >= 3:
                total += 5
            out.append(total)
        return out


def acting_player(action) -> int | None:
    return getattr(action, "player", None)


def check_step(match: Match, before, action, after, recount: Recount) -> None:
    n = before.players
    # armies only shrink, and only by the one fighter a Remove (or a beaten champion) names
    for p in range(n):
        if isinstance(action, ChooseArmy) and action.player == p:
            assert before.armies[p] == () and len(after.armies[p]) == 15
            continue
        if after.armies[p] != before.armies[p]:
            removed = set(before.armies[p]) - set(after.armies[p])
            assert set(after.armies[p]) <= set(before.armies[p])
            assert isinstance(action, (Remove, ChampionRemove)), action
            assert removed == {action.fighter} and len(after.armies[p]) == len(before.armies[p]) - 1
            if isinstance(action, Remove):
                assert action.player == p
            else:
                assert before.champion.player == p and before.champion.loser == "champion"
    # regions: one owner at most; closed regions stay closed and unowned; the knocked-out own nothing
    for i in range(len(after.regions)):
        if before.closed[i]:
            assert after.closed[i] and after.owner[i] is None
        if after.closed[i]:
            assert after.owner[i] is None
        o = after.owner[i]
        assert o is None or (0 <= o < n and not after.out[o])
    # a knocked-out player stays out and never acts again
    for p in range(n):
        if before.out[p]:
            assert after.out[p]
            if not isinstance(action, ChampionRemove):
                assert acting_player(action) != p
            if isinstance(action, BattleThrow):
                assert action.poses[p] is None
    for p in actor_players(match.game.actor(after)):
        if after.phase != "champion_remove":
            assert not after.out[p], (after.phase, p)
    # battle totals, recounted
    if isinstance(action, Attack):
        battle = after.battle
        recount.attack(battle.region, battle.defender)
    elif isinstance(action, BattleThrow):
        recount.throw(action, [before.thrown(p) for p in range(before.players)])
    elif isinstance(action, Flip):
        recount.flip(action)
    resolved = (isinstance(action, BattleThrow) and after.phase != "flip") or isinstance(action, Flip)
    if resolved:
        number = before.battle.number
        battle = after.battle if after.battle is not None else next(b for b in after.history if b.number == number)
        totals = [None if s is None else s.total for s in battle.scores]
        assert totals == recount.totals(), (battle, recount.landed)
        check_winner(before.variant, battle)


def check_winner(variant: str, battle) -> None:
    """The winner had the unique highest total, unless a Hero decided or the Domination tie-break did."""
    scored = [(p, s) for p, s in enumerate(battle.scores) if s is not None]
    top = max(s.total for _, s in scored)
    tied = [p for p, s in scored if s.total == top]
    heroes = [p for p, s in scored if s.standing]
    if battle.outcome == "hero":
        assert heroes == [battle.winner]
    elif battle.outcome == "hero-draw":
        assert len(heroes) >= 2 and battle.winner is None
    elif battle.outcome == "won":
        if len(tied) == 1:
            assert battle.winner == tied[0]
        else:
            assert variant == "domination"
            best = max(battle.scores[p].best for p in tied)
            assert [p for p in tied if battle.scores[p].best == best] == [battle.winner]
    elif battle.outcome == "tie":
        assert variant == "all-out-war" and len(tied) >= 2 and battle.winner is None
    else:
        assert battle.outcome == "rethrow" and variant == "domination" and len(tied) >= 2


def random_game(variant: str, seed: int, players: int, flags: tuple[bool, ...], mode: str, save_at: int) -> Match:
    options = dict(zip(FLAGS, flags))
    match = Match.new(variant, setup(variant, players, mode, **options), seed=seed)
    rng = random.Random(seed)
    recount = Recount(match.setup)
    with tempfile.TemporaryDirectory() as tmp:
        for step in range(MAX_STEPS):
            if step == save_at:
                path = Path(tmp) / "game.battlebox.json"
                match.save(path)
                loaded = Match.load(path)
                assert msgspec.json.encode(loaded.state) == msgspec.json.encode(match.state)
                assert loaded.log == match.log and loaded.actions == match.actions
                match = loaded
            if match.is_over:
                return match
            if match.actor == CHANCE:
                action = table_throw(match, rng) if mode == "table" else match.chance_action()
            else:
                action = match.random_action(rng)
            before = match.state
            after = match.apply(action)
            check_step(match, before, action, after, recount)
    raise AssertionError(f"{variant} seed {seed}: the game did not end")


games = st.tuples(st.sampled_from(["domination", "all-out-war"]), st.integers(0, 2**31 - 1), st.integers(2, 4),
                  st.tuples(*[st.booleans()] * len(FLAGS)), st.sampled_from(["simulated", "table"]),
                  st.integers(0, 150))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_invariants_over_whole_games(game):
    match = random_game(*game)
    assert match.is_over and match.result is not None
    res = match.result
    if res.draw:
        assert len(res.winners) >= 2
    else:
        assert len(res.winners) == 1
        w = res.winners[0]
        assert not match.state.out[w]
        if match.state.variant == "all-out-war":
            assert [p for p in range(len(match.state.out)) if not match.state.out[p]] == [w]


def test_recount_is_not_the_engine():
    """The recount disagrees with a wrong engine total (guards against a recount that copies the engine)."""
    rec = Recount(setup("domination", 2, team_victory=True))
    rec.attack("Sub-0", 0)
    skwall, frost, glacix = Fighter("skwall", "hyper"), Fighter("frost", "hyper"), Fighter("glacix", "hyper")
    rec.throw(BattleThrow.of(((Landed(skwall, "back"), Landed(frost, "down"), Landed(glacix, "standing")),
                              (Landed(skwall, "down"),))), [(skwall, frost, glacix), (skwall,)])
    assert rec.totals() == [2 + 1 + 2, 0]
    rec.flip(Flip(0, frost))
    assert rec.totals() == [2 + 3 + 1 + 2 + 5, 0]
