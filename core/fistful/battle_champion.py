"""The Ultimate Champion fight: Domination's winner against the three Battle Arena Warlords."""
from __future__ import annotations

import msgspec

from core.fistful.battle_state import BattleScore, BattleState, ChampionThrow
from core.fistful.roster import Fighter
from core.fistful.scoring import score_throws
from core.fistful.throws import decode_poses, is_face_up


class ChampionFight:
    """The champion fight's rules (mixed into BattleGame)."""

    def warlords_player(self, state: BattleState) -> int:
        """Who makes the Warlords' choices: the player seated after the champion."""
        assert state.champion is not None
        return (state.champion.player + 1) % state.players

    # legal choices ------------------------------------------------------------------------
    def _champion_removable(self, state: BattleState) -> list[Fighter]:
        champ = state.champion
        if champ is None or champ.landed is None or champ.loser not in ("champion", "warlords"):
            return []
        side = 0 if champ.loser == "champion" else 1
        still = set(champ.fighters if side == 0 else champ.warlords)
        return [x.fighter for x in champ.landed[side] if not is_face_up(x.pose) and x.fighter in still]

    def _champion_fight(self, state: BattleState, action: ChampionThrow) -> BattleState:
        rep = msgspec.structs.replace
        champ = state.champion
        assert champ is not None
        sides = (decode_poses(champ.fighters, action.champion), decode_poses(champ.warlords, action.warlords))
        base = score_throws(self.roster, sides)
        scores = []
        for side, s in zip(sides, base):
            assert s is not None
            best = max((self.roster.value(x.fighter) for x in side if is_face_up(x.pose)), default=0)
            scores.append(BattleScore(s.face_up, s.face_down, s.standing, s.points, s.bonus, 0, 0, s.total, best))
        a, b = scores
        loser = "tie" if a.total == b.total else ("champion" if a.total < b.total else "warlords")
        champ = rep(champ, fights=champ.fights + 1, landed=sides,
                    scores=(a, b), loser=loser)
        state = rep(state, champion=champ)
        if loser != "tie" and self._champion_removable(state):
            decider = champ.player if loser == "champion" else self.warlords_player(state)
            return rep(state, phase="champion_remove", to_remove=(decider,))
        return self._champion_next(state)

    def _champion_next(self, state: BattleState) -> BattleState:
        rep = msgspec.structs.replace
        champ = state.champion
        assert champ is not None
        if not champ.warlords:
            return rep(state, phase="over", result=self.final_result(state, (champ.player,), "ultimate-champion"))
        if not champ.fighters:
            return rep(state, phase="over", result=self.final_result(state, (champ.player,), "warlords-win"))
        return rep(state, phase="champion_throw")

