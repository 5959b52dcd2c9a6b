"""The battle games in words: what each phase waits for and one log line per action."""
from __future__ import annotations

from core.fistful.battle_state import (Attack, BattleAction, BattleState, BattleThrow, ChampionPick,
                                       ChampionRemove, ChampionThrow, ChooseArmy, ChooseFistful, Claim, Flip,
                                       HeroClaim, Remove)
from core.fistful.throws import is_face_up


RESULT_TEXT = {
    "discs": "{name} rules Scar with {discs} discs.",
    "last-standing": "{name} rules Scar: the last player with counters on the map, after {battles} battles.",
    "ultimate-champion": "{name} rules Scar with {discs} discs and defeats the three Warlords: Ultimate Champion!",
    "warlords-win": "{name} rules Scar with {discs} discs, but the Warlords win the Ultimate Champion fight.",
    "out-together": "Draw: {names} were knocked out in the same battle.",
}


class Narration:
    """Phase text, log lines and the result sentence (mixed into BattleGame)."""

    def result_text(self, state: BattleState) -> str:
        """The result sentence, worded now from the facts in the state."""
        result = state.result
        if result is None:
            return ""
        first = result.winners[0] if result.winners else None
        template = RESULT_TEXT.get(result.reason, "The game is over.")
        return template.format(name=state.name(first) if first is not None else "",
                               discs=len(state.owned(first)) if first is not None else 0,
                               battles=len(state.history),
                               names=" and ".join(state.name(p) for p in result.winners))

    def phase_text(self, state: BattleState) -> str:
        actor = self.actor(state)
        texts = {
            "claim": lambda: f"{state.name(state.claim_turn)} chooses a region for a {self.region_word}.",
            "army": lambda: "Players choose their armies.",
            "fistful": lambda: "Players choose their fistfuls.",
            "reselect": lambda: "Players may choose a new fistful.",
            "attack": lambda: f"{state.name(state.attacker)} chooses the region to fight for.",
            "throw": lambda: "Everyone in the battle throws.",
            "flip": lambda: f"{state.name(actor)} may flip a face-down fighter.",  # type: ignore[arg-type]
            "hero_claim": lambda: f"{state.name(actor)} places a {self.region_word} with their Hero.",  # type: ignore[arg-type]
            "remove": lambda: f"{state.name(actor)} removes a face-down fighter.",  # type: ignore[arg-type]
            "champion_pick": lambda: f"{state.name(actor)} picks four fighters to face the Warlords.",  # type: ignore[arg-type]
            "champion_throw": lambda: "The champion and the Warlords throw.",
            "champion_remove": lambda: "The losing side removes a face-down fighter.",
            "over": lambda: "The game is over.",
        }
        return texts[state.phase]()

    # --- log -------------------------------------------------------------------------------------------
    def describe(self, before: BattleState, action: BattleAction, after: BattleState) -> str:
        s = before
        if isinstance(action, Claim):
            verb = "turns the" if self.variant == "domination" else "places a counter on"
            tail = " disc" if self.variant == "domination" else ""
            return f"{s.name(action.player)} {verb} {action.region}{tail}."
        if isinstance(action, ChooseArmy):
            return f"{s.name(action.player)} chose an army" + ("; all armies revealed." if len(s.pending) == 1 else ".")
        if isinstance(action, ChooseFistful):
            tail = "; all fistfuls revealed." if len(s.pending) == 1 else "."
            return f"{s.name(action.player)} chose a fistful" + tail
        if isinstance(action, Attack):
            b = after.battle
            assert b is not None
            if self.variant == "all-out-war" and not s.history:
                return f"Battle {b.number}: {s.name(action.player)} defends {action.region}; everyone else attacks."
            return (f"Battle {b.number}: {s.name(action.player)} attacks {action.region}, "
                    f"defended by {s.name(b.defender)}.")
        if isinstance(action, BattleThrow):
            assert before.battle is not None
            return self._describe_throw(before.battle.throwers, after)
        if isinstance(action, Flip):
            who = s.name(action.player)
            if action.fighter is None:
                return f"{who} does not flip a fighter. " + self._describe_outcome(after)
            return f"{who} flips {self._name(action.fighter)} face up. " + self._describe_outcome(after)
        if isinstance(action, HeroClaim):
            if action.region is None:
                return f"{s.name(action.player)} places no second {self.region_word}."
            return f"{s.name(action.player)}'s Hero also takes {action.region}."
        if isinstance(action, Remove):
            line = f"{s.name(action.player)} removes {self._name(action.fighter)} from their army"
            if after.out[action.player]:
                line += " and is out of the game"
            return line + "."
        if isinstance(action, ChampionPick):
            names = ", ".join(self._name(f) for f in action.fighters)
            return f"{s.name(action.player)} faces the Warlords with {names}."
        if isinstance(action, ChampionThrow):
            champ = after.champion
            assert champ is not None and champ.scores is not None
            a, b = champ.scores
            text = {"tie": "a tie: throw again", "champion": "the Warlords win the fight",
                    "warlords": f"{s.name(champ.player)} wins the fight"}[champ.loser]
            return (f"Ultimate Champion fight {champ.fights}: {s.name(champ.player)} {a.total} "
                    f"({a.face_up} up), Warlords {b.total} ({b.face_up} up): {text}.")
        if isinstance(action, ChampionRemove):
            return f"{self._name(action.fighter)} is removed from the fight."
        return str(action)

    def _describe_throw(self, throwers: tuple[int, ...], after: BattleState) -> str:
        battle = after.battle if after.battle is not None else after.history[-1]
        parts = []
        for p in throwers:
            x = battle.landed[p] or ()
            up = sum(1 for y in x if is_face_up(y.pose))
            parts.append(f"{after.name(p)} {up} of {len(x)} up")
        line = f"Battle {battle.number}, throw {battle.throws}: " + ", ".join(parts) + "."
        if after.phase == "flip":
            return line + f" {after.name(battle.defender)} may flip a fighter from {battle.region}."
        return line + " " + self._describe_outcome(after)

    def _describe_outcome(self, after: BattleState) -> str:
        battle = after.battle if after.battle is not None else after.history[-1]
        scores = ", ".join(f"{after.name(p)} {battle.scores[p].total}" for p in battle.throwers
                           if battle.scores and battle.scores[p] is not None)
        if battle.outcome == "rethrow":
            return f"Scores {scores}: tied, so the tied players throw again."
        if battle.outcome == "hero-draw":
            return f"Two Heroes: a draw, the {battle.region} {self.region_word} leaves the game."
        if battle.outcome == "tie":
            return f"Scores {scores}: a tie, the {battle.region} counter leaves the game."
        if battle.winner is None:
            return f"Scores {scores}."
        who = after.name(battle.winner)
        how = "with a Hero" if battle.outcome == "hero" else f"(scores {scores})"
        if battle.winner == battle.defender:
            return f"{who} holds {battle.region} {how}."
        return f"{who} wins {battle.region} {how}."


