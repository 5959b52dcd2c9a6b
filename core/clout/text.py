"""The words of Clout Fantasy: what a step did, the pending question, the phase, the result.

The state keeps only facts (`Note`, `Slot`, `Result`); every sentence is built here when it is
shown, so rewording a line never changes a saved game. The templates are plain data to make
that easy (and testable: a test rewords one and reloads a save).
"""
from __future__ import annotations

from core.clout.catalogue import ABILITIES
from core.clout.resolution import board
from core.clout.scoring import score_board, totals
from core.clout.state import Choose, CloutAction, CloutState, Note, Slot, catalogue
from core.clout.validation import actor, playable
from core.text import plural

RESULT_WORDS = {
    "win": "{winner} wins with {best} clout ({scores}).",
    "draw": "A draw on {best} clout ({scores}).",
}

VERBS = {"strike": "strikes", "siege": "besieges", "ambush": "ambushes", "counterattack": "counterattacks"}

# One template per note kind. Fields: {player}, {chip} (the acting chip), {targets}, {target},
# {others}, {ability}, {x} {y} (a landing, cm), {knocked}, {defense} {value}, {outcome}.
NOTE_WORDS = {
    "throw": "{player} throws {chip}",
    "keep": "{player} keeps the throw",
    "place": "{player} places {chip}",
    "replace": "{player} replaces with {chip}",
    "discard": "{player} cannot play any chip: reveals the stack and discards {chip}",
    "out": "{chip} ends outside the area{knocked}: removed without activating",
    "lands": "{chip} lands at ({x:.1f}, {y:.1f}) cm{knocked}",
    "aversion": "{chip}'s Aversion: {target} must be thrown again",
    "stopped": "{chip} is within range of Stop: {ability} cannot be used",
    "lost": "{chip} is now within range of Stop: {ability} is lost",
    "declines": "{chip} does not use {ability}",
    "declares": "{chip} declares {ability} on {targets}",
    "move": "{chip} moves",
    "push": "{chip} pushes {targets}",
    "exchange": "{chip} swaps places with {targets}",
    "attract": "{chip} attracts {targets}",
    "repulse": "{chip} repulses {targets}",
    "attack": "{chip} {verb} {target}: defense {defense} {compare} {ability} {value}, {outcome}",
    "removes": "{chip}'s {ability} removes {targets}",
    "bomb": "{chip} explodes, taking {targets}",
    "trap": "{chip} traps {targets}",
    "possess": "{chip} takes control of {targets}",
    "settle": "{player} lets {chip}'s {ability} apply to {target}; {others}'s is ignored",
    "command": "{chip} commands {targets}",
    "rethrow": "{chip}: {targets} will be thrown again",
    "reanimate": "{chip} removes {target} and reanimates {others} from the discard stack",
    "removed-replaced": "{targets} replaced",
    "removed-end-of-turn": "{targets} leave(s) play at the end of the turn",
    "removed": "{targets} removed",
    "over": "{result}",
}


def chip_name(s: CloutState, uid: str) -> str:
    kind = s.kind(uid)
    return catalogue().chip(kind).name if kind else "a hidden chip"


def names(s: CloutState, uids: tuple[str, ...]) -> str:
    return ", ".join(chip_name(s, u) for u in uids)


def note_text(s: CloutState, n: Note) -> str:
    """One note in words; `s` is the state the note belongs to (names never change in a game)."""
    chips = n.chips
    fields: dict[str, object] = {
        "player": s.name(n.player) if 0 <= n.player < len(s.setup.players) else "",
        "ability": ABILITIES[n.ability].name if n.ability in ABILITIES else n.ability,
        "chip": chip_name(s, chips[0]) if chips else "",
        "targets": names(s, chips[1:]),
        "target": chip_name(s, chips[1]) if len(chips) > 1 else "",
        "others": names(s, chips[2:]),
    }
    key = n.kind
    if n.kind in ("out", "lands"):
        knocked = int(n.numbers[-1]) if n.numbers else 0
        fields["knocked"] = f", knocking {plural(knocked, 'chip')}" if knocked else ""
        if n.kind == "lands":
            fields["x"], fields["y"] = n.numbers[0], n.numbers[1]
    elif n.kind == "attack":
        defense, value = (int(v) for v in n.numbers)
        fields.update(verb=VERBS.get(n.ability, n.ability), defense=defense, value=value,
                      compare="<=" if n.ok else ">", outcome="removed" if n.ok else "survives",
                      ability=n.ability)
    elif n.kind == "removed":
        fields["targets"] = names(s, chips)
        key = f"removed-{n.why}" if n.why else "removed"
    elif n.kind == "over":
        fields["result"] = result_text(s).rstrip(".")
    return NOTE_WORDS[key].format(**fields)


def describe(before: CloutState, action: CloutAction, after: CloutState) -> str:
    text = "; ".join(note_text(after, n) for n in after.notes)
    if isinstance(action, Choose) and not after.notes:
        text = "decision recorded"
    return (text or type(action).__name__) + "."


def result_text(s: CloutState) -> str:
    res = s.result
    if res is None:
        return ""
    n = len(s.setup.players)
    scores = totals(score_board(board(s), s.last_thrown), n)
    best = max(scores)
    words = ", ".join(f"{s.name(p)} {scores[p]}" for p in range(n))
    if res.draw:
        return RESULT_WORDS["draw"].format(best=best, scores=words)
    return RESULT_WORDS["win"].format(winner=s.name(res.winners[0]), best=best, scores=words)


def _prompt(s: CloutState, slot: Slot, words: str) -> str:
    printed = catalogue().chip(s.kind(slot.source)).ability(slot.ability)
    value = f" {printed.value}" if printed and printed.value else ""
    return f"{chip_name(s, slot.source)}: {ABILITIES[slot.ability].name}{value} — {words}"


def slot_text(s: CloutState, slot: Slot) -> str:
    """The question a pending decision asks its decider."""
    a = slot.ability
    if slot.kind == "conflict":
        verb = "traps" if a == "trap" else "takes control of"
        subject = chip_name(s, slot.subject or slot.source)
        return (f"{subject}: which chip {verb} it? — {len(slot.options)} chips' {ABILITIES[a].name} claim it: "
                "choose the chip whose effect applies (the others' are ignored)")
    if a in ("ambush", "counterattack"):
        who = chip_name(s, slot.subject or slot.options[0])
        return _prompt(s, slot, f"{a} {who} (defense {slot.against} vs {slot.value})?")
    words = {
        "move": "move this chip (drag it) or decline",
        "push": "choose one of your chips to move and where",
        "exchange": "choose a chip to swap places with, or decline",
        "attract": f"choose {slot.count} troop(s) to pull in",
        "repulse": f"choose {slot.count} troop(s) to push away",
        "strike": f"choose a target (value {slot.value}) or decline",
        "siege": f"choose a target (value {slot.value}) or decline",
        "possess": "choose the chip(s) to possess",
        "trap": "choose the chip(s) to trap",
        "poison": "removes every chip without Poison in range",
        "bomb": "removes the opponents' troops in range and itself",
        "command": f"activate up to {slot.count} of your chips, or decline",
        "rethrow": "pick up one of your chips and throw it again, or decline",
        "reanimate": "remove one of your troops, then throw a troop from your discard stack",
    }
    if a in ("destroy", "raze"):
        if slot.fixed:
            return _prompt(s, slot, "removes the nearest: " + names(s, slot.options))
        also = f" (also removes {names(s, slot.extra)})" if slot.extra else ""
        return _prompt(s, slot, f"choose {slot.count} of the equally near chips to remove{also}")
    return _prompt(s, slot, words.get(a, "decide"))


def phase_text(s: CloutState) -> str:
    who = s.name(s.turn)
    if s.phase == "over":
        return result_text(s) or "The game is over."
    if s.phase == "choose":
        if not playable(s, s.turn):
            return f"{who} cannot play any chip: reveal the stack and discard one."
        first = "" if s.first_done[s.turn] else " (the first chip must be a base)"
        return f"{who}: choose a chip and throw it{first}."
    if s.phase == "land":
        return "The chip is in the air."
    if s.phase == "throw":
        return f"{who}: throw {chip_name(s, s.ctx.chip)} again." if s.ctx else ""
    if s.phase == "precision":
        assert s.ctx is not None
        return (f"{who}: Precision: keep {chip_name(s, s.ctx.chip)} where it is or throw "
                f"again ({s.ctx.precision_left} left).")
    who_acts = actor(s)
    slot = next((x for x in s.slots if x.decider == who_acts), None)
    return f"{s.name(who_acts)}: {slot_text(s, slot)}" if slot and isinstance(who_acts, int) else ""
