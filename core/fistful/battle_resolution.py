"""Battle resolution: claims in turn, scoring a throw, the winner, knock-outs and the end of a battle."""
from __future__ import annotations

import msgspec

from core.fistful.battle_state import (ADVANCED_MIN_THROWN, DISCS_TO_WIN, QUOTA, SLAUGHTER_BONUS,
                                       TEAM_VICTORY_BONUS, TEAM_VICTORY_FIGHTERS, Battle, BattleScore,
                                       BattleState, BattleThrow, Champion, replace_at)
from core.fistful.scoring import score_throws
from core.fistful.throws import decode_poses, is_face_up
from core.game import Result, rank


class Resolution:
    """The battle engine's resolution steps (mixed into BattleGame)."""

    def _next_claimer(self, state: BattleState, last: int) -> int | None:
        """The first defender claims twice, then seats take turns until every quota is met."""
        quota = QUOTA[state.players]
        first = state.setup.first_defender
        if last == first and state.claims[first] == 1 and sum(state.claims) == 1:
            return first
        for step in range(1, state.players + 1):
            p = (last + step) % state.players
            if state.claims[p] < quota:
                return p
        return None

    def _after_throw(self, state: BattleState, action: BattleThrow) -> BattleState:
        rep = msgspec.structs.replace
        battle = state.battle
        assert battle is not None
        landed = tuple(decode_poses(state.thrown(i), action.poses[i]) if i in battle.throwers  # type: ignore[arg-type]
                       else battle.landed[i] for i in range(state.players))
        battle = rep(battle, landed=landed, throws=battle.throws + 1, flipped=None)
        state = rep(state, battle=battle)
        slaughter_next, ambush = list(state.slaughter_next), list(state.ambush_right)
        for p in battle.throwers:
            thrown = landed[p] or ()
            if len(thrown) < ADVANCED_MIN_THROWN:
                continue
            if state.setup.slaughter and all(is_face_up(x.pose) for x in thrown):
                slaughter_next[p] = SLAUGHTER_BONUS
            if state.setup.ambush and not any(is_face_up(x.pose) for x in thrown):
                for q in state.in_play():
                    if q != p:
                        ambush[q] = True
        state = rep(state, slaughter_next=tuple(slaughter_next), ambush_right=tuple(ambush))
        if battle.defender in battle.throwers and self.flippable(state):
            return rep(state, phase="flip")
        return self._resolve(state)

    def score(self, state: BattleState, battle: Battle) -> tuple[BattleScore | None, ...]:
        throws = [battle.landed[i] if i in battle.throwers else None for i in range(state.players)]
        base = score_throws(self.roster, throws)
        out: list[BattleScore | None] = []
        for i, s in enumerate(base):
            if s is None:
                out.append(None)
                continue
            up = [x.fighter for x in throws[i] or () if is_face_up(x.pose)]
            team = 0
            if state.setup.team_victory:
                home = sum(1 for f in up if self.roster.region(f) == battle.region)
                team = TEAM_VICTORY_BONUS if home >= TEAM_VICTORY_FIGHTERS else 0
            slaughter = state.slaughter_now[i]
            out.append(BattleScore(s.face_up, s.face_down, s.standing, s.points, s.bonus, slaughter, team,
                                   s.total + slaughter + team, max((self.roster.value(f) for f in up), default=0)))
        return tuple(out)

    def _resolve(self, state: BattleState) -> BattleState:
        rep = msgspec.structs.replace
        battle = state.battle
        assert battle is not None
        scores = self.score(state, battle)
        battle = rep(battle, scores=scores)
        throwers = battle.throwers
        heroes = [p for p in throwers if state.setup.hero and (scores[p] and scores[p].standing)]
        winner: int | None = None
        outcome = "won"
        if len(heroes) == 1:
            winner, outcome = heroes[0], "hero"
        elif len(heroes) >= 2:
            outcome = "hero-draw"
        else:
            top = max(scores[p].total for p in throwers)  # type: ignore[union-attr]
            tied = [p for p in throwers if scores[p].total == top]  # type: ignore[union-attr]
            if len(tied) == 1:
                winner = tied[0]
            elif self.variant == "domination":
                best = max(scores[p].best for p in tied)  # type: ignore[union-attr]
                still = tuple(p for p in tied if scores[p].best == best)  # type: ignore[union-attr]
                if len(still) == 1:
                    winner = still[0]
                else:
                    return rep(state, phase="throw", battle=rep(battle, throwers=still, outcome="rethrow"))
            else:
                outcome = "tie"
        battle = rep(battle, winner=winner, outcome=outcome)
        i = state.index(battle.region)
        if winner is None:
            state = rep(state, owner=replace_at(state.owner, i, None), closed=replace_at(state.closed, i, True))
        elif winner != battle.defender:
            state = rep(state, owner=replace_at(state.owner, i, winner))
        state = rep(state, battle=battle)
        if outcome == "hero" and self.hero_claimable(state):
            return rep(state, phase="hero_claim")
        return self._after_ownership(state)

    def _after_ownership(self, state: BattleState) -> BattleState:
        """Regions are settled: knock out the landless, then non-winners remove a fighter."""
        battle = state.battle
        assert battle is not None
        state = self._knock_out(state)
        removers = tuple(p for p in state.in_play() if p != battle.winner and self.removable(state, p))
        if removers:
            return msgspec.structs.replace(state, phase="remove", to_remove=removers)
        return self._end_of_battle(state)

    def _knock_out(self, state: BattleState) -> BattleState:
        rep = msgspec.structs.replace
        battle = state.battle
        assert battle is not None
        out = list(state.out)
        knocked = list(state.knocked_out)
        owner = list(state.owner)
        closed = list(state.closed)
        for p in state.in_play():
            if state.owned(p) and state.armies[p]:
                continue
            out[p] = True
            knocked[p] = battle.number
            for r in state.owned(p):
                i = state.index(r)
                if battle.winner is not None and battle.winner != p:
                    owner[i] = battle.winner
                else:
                    owner[i], closed[i] = None, True
        return rep(state, out=tuple(out), knocked_out=tuple(knocked), owner=tuple(owner), closed=tuple(closed))

    def _end_of_battle(self, state: BattleState) -> BattleState:
        rep = msgspec.structs.replace
        state = self._knock_out(state)
        battle = state.battle
        assert battle is not None
        state = rep(state, history=state.history + (battle,), battle=None, extra=(None,) * state.players,
                    slaughter_now=(0,) * state.players)
        alive = state.in_play()
        if self.variant == "domination":
            need = DISCS_TO_WIN[state.players]
            leader = next((p for p in alive if len(state.owned(p)) >= need), None)
            if leader is None and len(alive) == 1:
                leader = alive[0]
            if leader is not None:
                return self._domination_won(state, leader)
        elif len(alive) == 1:
            return rep(state, phase="over", result=self.final_result(state, (alive[0],), "last-standing"))
        if not alive:
            tied = tuple(p for p in range(state.players) if battle.landed[p] is not None)
            return rep(state, phase="over", result=self.final_result(state, tied, "out-together"))
        if battle.winner is None or battle.winner == battle.defender:
            attacker = battle.defender
        else:
            attacker = battle.winner
        if state.out[attacker]:
            attacker = next(p for k in range(1, state.players + 1)
                            if not state.out[p := (attacker + k) % state.players])
        pending = tuple(p for p in alive if p != battle.winner or state.ambush_right[p])
        state = rep(state, attacker=attacker, to_remove=())
        if pending:
            return rep(state, phase="reselect", pending=pending)
        return rep(state, phase="attack")

    def _domination_won(self, state: BattleState, leader: int) -> BattleState:
        rep = msgspec.structs.replace
        if state.setup.ultimate_champion and state.armies[leader]:
            return rep(state, phase="champion_pick", champion=Champion(player=leader))
        return rep(state, phase="over", result=self.final_result(state, (leader,), "discs"))

    def final_result(self, state: BattleState, winners: tuple[int, ...], reason: str) -> Result:
        """Winners first, then the most discs or counters held, then whoever was knocked out later;
        players level on all three share a place."""
        keys = [(p in winners, len(state.owned(p)), state.knocked_out[p] or len(state.history) + 1)
                for p in range(state.players)]
        return Result(winners=winners, draw=reason == "out-together", placings=rank(keys), reason=reason)

