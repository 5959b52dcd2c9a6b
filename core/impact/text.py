"""Impact in words: log lines, the events of the last step and the result, built from facts.

Nothing here is stored: the state keeps ids, seats, counts and faces (core.impact.events),
so these sentences can be reworded in any release without touching a saved game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.impact.events import Event
from core.text import plural

if TYPE_CHECKING:
    from core.impact.state import ImpactState

POWER_NAMES = {"lightning": "Lightning Storm", "fire": "Column of Fire", "stone": "Boulders",
               "air": "Hurricane", "water": "Swamp"}


def names(state: ImpactState, players: tuple[int, ...]) -> str:
    words = [state.name(p) for p in players]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def event_text(state: ImpactState, e: Event) -> str:
    """One event as a sentence; names come from `state`'s setup."""
    who = state.name(e.player) if 0 <= e.player < state.players else ""
    verb, adverb = ("drops", "cautiously") if e.style == "cautious" else ("throws", "recklessly")
    what = e.what
    if what == "starting-die":
        return f"The starting die shows {e.faces[0]}."
    if what == "activated":
        return "Activated: " + ", ".join(POWER_NAMES[f] for f in e.faces) + "."
    if what == "big-bang":
        return f"Big Bang! The cauldron is empty: {who} must throw all {e.count} dice at once."
    if what == "throw-single":
        return f"{who} {verb} a die {adverb}."
    if what == "throw-pile":
        return f"{who} {verb} a pile of {e.count} boulders {adverb}."
    if what == "throw-bigbang":
        return f"Big Bang: {who} {verb} all {e.count} dice {adverb}."
    if what == "missed":
        return f"{e.count} missed the cauldron and {'is' if e.count == 1 else 'are'} lost."
    if what == "kicked":
        return f"{plural(e.count, 'die', 'dice')} kicked out of the cauldron and out of the game."
    if what == "blanks":
        return f"{plural(e.count, 'blank')} removed."
    if what == "storm":
        return "Lightning Storm! Everyone else throws a die."
    if what == "big-bang-out":
        return f"No matches after the Big Bang: {who} is out."
    if what == "swamp":
        return "The Swamp holds the water."
    if what == "column":
        return "Column of Fire! Everyone builds a tower."
    if what == "tower":
        return f"{who} finishes the tower first."
    if what == "boulders":
        return f"Boulders! {who} stacks {e.count} stones into a pile."
    if what == "wins":
        return f"{who} wins {plural(len(e.faces), 'die', 'dice')} ({', '.join(e.faces)})."
    if what == "hurricane":
        return "Hurricane! Everyone passes all their dice to the left."
    if what == "out":
        if state.setup.tournament:
            return f"{who} has no dice left and is out (loses {plural(e.count, 'point')})."
        return f"{who} has no dice left and is out."
    if what == "master":
        game = f" of game {e.count}" if state.setup.tournament else ""
        if len(e.players) > 1:
            return f"Everyone still in went out together: {names(state, e.players)} draw{game}."
        return f"{names(state, e.players)} is the Master of Elements{game}."
    if what == "next-game":
        return f"Game {e.count} of {state.players}: {who} starts."
    return what


def events_text(state: ImpactState) -> str:
    return " ".join(event_text(state, e) for e in state.events)


def result_text(state: ImpactState) -> str:
    """The result sentence, from the result's facts and the points lost in the state."""
    result = state.result
    if result is None:
        return ""
    who = names(state, result.winners)
    if result.reason == "points":
        best = state.lost[result.winners[0]]
        lost = f"losing {plural(best, 'point')}"
        if result.draw:
            return f"{who} share the Tournament of the Elements, each {lost}."
        return f"{who} wins the Tournament of the Elements, {lost}."
    if result.reason == "all-out":
        return f"Everyone still in went out in the same turn: {who} share the game, a draw."
    return f"{who} is the Master of Elements."


def phase_text(state: ImpactState) -> str:
    """Whose turn it is and what to do, in the words the view's status line uses."""
    if state.phase == "over":
        return result_text(state) or "Game over"
    name = state.name(state.active)
    if state.phase == "start":
        return f"{name} throws the starting die into the cauldron."
    if state.phase == "tip":
        return "The tipped dice are falling\u2026"
    if state.phase == "landing":
        return f"{state.flying} {'die is' if state.flying == 1 else 'dice are'} in the air\u2026"
    if state.phase == "race":
        race = "Lightning Storm" if state.race == "storm" else "Column of Fire"
        return f"{race}! {names(state, state.racers)} race."
    if state.big_bang:
        return f"BIG BANG! {name} must throw all {state.dice(state.active)} dice at once."
    if state.throws:
        return f"{name}: no matches. Throw again or stop."
    return f"{name}'s turn: throw a die into the cauldron."


def describe(before: ImpactState, action: Any, after: ImpactState) -> str:
    """A log line; the consequences were worked out once, in apply, and read from `after`."""
    from core.impact.state import Landing, RaceResult, StartingDie, Stop, Throw, Tip, Tipped

    tail = events_text(after)
    if isinstance(action, StartingDie):
        return tail
    if isinstance(action, Tip):
        dice = ", ".join(before.cauldron[i] for i in action.dice)
        return f"{before.name(action.player)} tips {plural(len(action.dice), 'die', 'dice')} ({dice})."
    if isinstance(action, Tipped):
        return "They fall to " + ", ".join(action.faces) + "."
    if isinstance(action, Throw):
        return event_text(after, after.events[0]) if after.events else f"{before.name(action.player)} throws."
    if isinstance(action, Landing):
        parts = [", ".join(action.faces) if action.faces else "no die lands"]
        if action.missed:
            parts.append(f"{action.missed} missed")
        if action.knocked:
            parts.append("knocked: " + ", ".join(f"{before.cauldron[k.die]}\u2192{k.face}" for k in action.knocked))
        if action.kicked:
            parts.append("kicked out: " + ", ".join(before.cauldron[i] for i in action.kicked))
        if action.tilted:
            parts.append(f"{len(action.tilted)} tilted and re-settled")
        return "Landed: " + "; ".join(parts) + "." + (" " + tail if tail else "")
    if isinstance(action, Stop):
        return f"{before.name(action.player)} stops." + (" " + tail if tail else "")
    if isinstance(action, RaceResult):
        return "Race: " + ", ".join(before.name(p) for p in action.order) + "." + (" " + tail if tail else "")
    return str(action)
