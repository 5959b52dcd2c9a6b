"""A Fistful of Gold (2 players): secret duels for gold; the richer player of a round takes a badge.

Rulings (the players' version is resources/notes/fistful-of-gold.md):
- The card left in hand at the end of a round leaves the game; the played cards come back,
  so round r is played with 8 - r cards (7, 6, 5, ...). Round 7 has one card each: no duels,
  0-0 gold, so the final duel with that card decides it. After it the cards are gone: the
  player with more badges wins, otherwise the game is a draw.
- The final duel of a gold tie is played automatically (each has one card, so no choice) and
  the "immediately above" rule does not apply to it.
- The box holds 30 gold; a duel pays what the box still holds (never more), and all gold
  goes back to the box at the end of each round. Badges are not limited by the box.
- Table mode accepts a card the rule forbids: its player loses the round at once (both
  wrong: nobody wins it); every card goes back to hand and nothing is discarded.
- Discards (set-up and end of round) are face down unless `open_discards`: a view hides the
  rival's, in `discards` and in each round record's `discarded`, even after the game.
- The state holds facts only; the result's sentence is worded by `result_text`.
"""
from __future__ import annotations

import random
from itertools import combinations
from typing import Any, Literal

import msgspec

from core.errors import IllegalAction, IllegalSetup
from core.game import (Action, Actor, Mode, PlayerSetup, Result, Rules, Secret, Simultaneous, actor_players, screen_secret,
                       validate_mode, validate_players)
from core.spec import GameSpec, Option
from core.gold.cards import CARDS, HIDDEN, card_name, cards_text, duel, forbidden_reason, is_forbidden

MIN_PLAYERS = 2
MAX_PLAYERS = 2
GOLD_IN_BOX = 30
DISCARDS = 2
DEFAULT_COLOURS = ("#c62828", "#2e7d32")
DEFAULT_NAMES = ("Red", "Green")

# Nothing is thrown: the "mode" is whether the cards are chosen on screen or played at the table.
SPEC = GameSpec(
    MIN_PLAYERS, MAX_PLAYERS,
    options=(Option("open_discards", "Easier game: discards are placed face up"),
             Option("badges_to_win", "Badges (won rounds) needed to win", "choice",
                    choices=((2, "2 rounds"), (3, "3 rounds (longer game)"))),
             Option("dynamite_gold", "Gold paid by a Dynamite duel", "int", 1, 8)),
    modes=("Cards", (("simulated", "Cards chosen on screen"),
                     ("table", "Real cards played at the table (enter what was played)"))))


class GoldSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: tuple[PlayerSetup, ...]
    mode: Mode = "simulated"
    badges_to_win: int = 2
    dynamite_gold: int = 3
    open_discards: bool = False


class Discard(Action, tag="discard"):
    """At set-up, a player puts two of their nine cards out of the game."""
    player: int
    cards: tuple[int, ...]


class Play(Action, tag="play"):
    """A player's secret card for the coming duel."""
    player: int
    card: int


GoldAction = Discard | Play
Phase = Literal["discard", "duel", "over"]


class Duel(msgspec.Struct, frozen=True):
    cards: tuple[int, int]
    winner: int | None  # None: a tie (gold aside) or a round lost by a forbidden card
    due: int  # what the rule pays
    paid: int  # what the box could pay (on the winner's card, or aside for a tie)
    final: bool = False
    mistakes: tuple[bool, bool] = (False, False)


class RoundRecord(msgspec.Struct, frozen=True):
    number: int
    duels: tuple[Duel, ...]
    gold: tuple[int, int]
    winner: int | None
    how: Literal["gold", "final", "tie", "mistake"]
    discarded: tuple[int | None, int | None]  # the card each left in hand (None after a mistake)


class GoldState(msgspec.Struct, frozen=True):
    setup: GoldSetup
    phase: Phase
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    discards: tuple[tuple[int, ...], tuple[int, ...]]  # out of the game, in the order they left
    discarded: tuple[bool, bool] = (False, False)  # set-up discards made
    pending: tuple[int | None, int | None] = (None, None)  # secret choices for the coming duel
    round: int = 1
    duels: tuple[Duel, ...] = ()  # this round's duels so far
    rounds: tuple[RoundRecord, ...] = ()
    badges: tuple[int, int] = (0, 0)
    supply: int = GOLD_IN_BOX
    result: Result | None = None

    @property
    def players(self) -> int:
        return 2

    def name(self, player: int) -> str:
        """The seat's name; the computer's seat says so wherever it is named (table, status, log)."""
        name = self.setup.players[player].name
        if self.setup.players[player].computer is not None and "computer" not in name.lower():
            return f"{name} (computer)"
        return name

    def played(self, player: int) -> tuple[int, ...]:
        """This round's cards of `player`, in the order played."""
        return tuple(d.cards[player] for d in self.duels)

    def previous(self, player: int) -> int | None:
        return self.duels[-1].cards[player] if self.duels else None

    def gold(self, player: int) -> int:
        """Gold on `player`'s cards this round."""
        return sum(d.paid for d in self.duels if d.winner == player)

    @property
    def aside(self) -> int:
        return sum(d.paid for d in self.duels if d.winner is None)

    @property
    def duels_this_round(self) -> int:
        """How many duels this round has in all (one card stays in hand)."""
        return len(self.duels) + max(len(self.hands[0]) - 1, 0)


def allowed_cards(state: GoldState, player: int) -> list[int]:
    """The cards `player` may choose now (their hand minus the one the rule forbids)."""
    prev = state.previous(player)
    return [c for c in state.hands[player] if not is_forbidden(c, prev)]


def forbidden_card(state: GoldState, player: int) -> int | None:
    prev = state.previous(player)
    return next((c for c in state.hands[player] if is_forbidden(c, prev)), None)


def all_duels(state: GoldState) -> tuple[Duel, ...]:
    return tuple(d for r in state.rounds for d in r.duels) + state.duels


class GoldGame(Rules):
    id = "fistful-of-gold"
    title = "A Fistful of Gold"
    spec = SPEC
    setup_type = GoldSetup
    action_type = GoldAction
    state_type = GoldState

    # --- setup ---------------------------------------------------------------------------
    def default_setup(self, players: int | None = None) -> GoldSetup:
        n = 2 if players is None else players
        return GoldSetup(tuple(PlayerSetup(DEFAULT_NAMES[i % 2] if i < 2 else f"Player {i + 1}",
                                           DEFAULT_COLOURS[i % 2]) for i in range(n)))

    def validate_setup(self, setup: GoldSetup) -> None:
        validate_players(setup.players, self.title, MIN_PLAYERS, MAX_PLAYERS)
        validate_mode(setup.mode)
        if setup.badges_to_win not in (2, 3):
            raise IllegalSetup(f"A game is won with 2 badges (or 3 for a longer game), not {setup.badges_to_win}.")
        if not 1 <= setup.dynamite_gold <= 8:
            raise IllegalSetup(f"A Dynamite duel pays 1 to 8 gold, not {setup.dynamite_gold}.")
        if setup.mode == "table" and any(p.computer is not None for p in setup.players):
            raise IllegalSetup("The computer opponent needs the app to hold the cards: "
                               "choose simulated mode.")

    def mode(self, setup: GoldSetup) -> Mode:
        return setup.mode

    def new(self, setup: GoldSetup) -> GoldState:
        return GoldState(setup=setup, phase="discard", hands=(CARDS, CARDS), discards=((), ()))

    # --- turn flow ---------------------------------------------------------------------------
    def actor(self, state: GoldState) -> Actor:
        if state.phase == "discard":
            return Simultaneous(tuple(p for p in (0, 1) if not state.discarded[p]))
        if state.phase == "duel":
            return Simultaneous(tuple(p for p in (0, 1) if state.pending[p] is None))
        return None

    def secret(self, state: GoldState) -> Secret | None:
        """Each hand is secret on a shared screen, except in table mode's duels, where the
        referee records the two cards already shown."""
        seats = actor_players(self.actor(state))
        if not seats or (state.phase == "duel" and state.setup.mode == "table"):
            return None
        return screen_secret(state.setup, Secret(seats[0], state.phase))

    def migrate_setup(self, setup: dict[str, Any], version: int) -> dict[str, Any]:
        """0.1.0 named one computer seat in the setup (`computer`: 0, 1 or null); it is now the
        seat's own `computer` level, and that greedy player was the Easy level's forerunner."""
        if version != 1 or not isinstance(setup, dict) or "computer" not in setup:
            return setup
        setup = dict(setup)
        seat = setup.pop("computer")
        players = setup.get("players")
        if isinstance(seat, int) and isinstance(players, list) and 0 <= seat < len(players) \
                and isinstance(players[seat], dict):
            players = list(players)
            players[seat] = {**players[seat], "computer": "easy"}
            setup["players"] = players
        return setup

    def legal_actions(self, state: GoldState) -> list[GoldAction]:
        if state.phase == "discard":
            return [Discard(p, pair) for p in (0, 1) if not state.discarded[p]
                    for pair in combinations(state.hands[p], DISCARDS)]
        if state.phase == "duel":
            table = state.setup.mode == "table"
            return [Play(p, c) for p in (0, 1) if state.pending[p] is None
                    for c in (state.hands[p] if table else allowed_cards(state, p))]
        return []

    def validate(self, state: GoldState, action: GoldAction) -> None:
        if state.phase == "over":
            raise IllegalAction("The game is over.", action)
        if isinstance(action, Discard):
            if state.phase != "discard":
                raise IllegalAction("The set-up discards are already made.", action)
            _check_seat(action.player, action)
            if state.discarded[action.player]:
                raise IllegalAction(f"{state.name(action.player)} has already discarded.", action)
            cards = action.cards
            if len(cards) != DISCARDS or len(set(cards)) != DISCARDS:
                raise IllegalAction(f"Discard exactly {DISCARDS} different cards.", action)
            unknown = [c for c in cards if c not in CARDS]
            if unknown:
                raise IllegalAction(f"There is no card {unknown[0]!r}.", action)
        elif isinstance(action, Play):
            if state.phase != "duel":
                raise IllegalAction("Both players must discard before the duels start.", action)
            p = action.player
            _check_seat(p, action)
            if state.pending[p] is not None:
                raise IllegalAction(f"{state.name(p)} has already chosen a card for this duel.", action)
            if action.card not in state.hands[p]:
                raise IllegalAction(f"{state.name(p)} has no {card_name(action.card)} in hand.", action)
            prev = state.previous(p)
            if state.setup.mode != "table" and is_forbidden(action.card, prev):
                raise IllegalAction(forbidden_reason(action.card, prev), action)
        else:
            raise IllegalAction(f"A Fistful of Gold has no action {type(action).__name__}.", action)

    def apply(self, state: GoldState, action: GoldAction) -> GoldState:
        if isinstance(action, Discard):
            p = action.player
            hand = tuple(c for c in state.hands[p] if c not in action.cards)
            state = msgspec.structs.replace(
                state, hands=_replace(state.hands, p, hand),
                discards=_replace(state.discards, p, tuple(action.cards)),
                discarded=_replace(state.discarded, p, True))
            if all(state.discarded):
                state = self._start_round(msgspec.structs.replace(state, phase="duel"))
            return state
        if isinstance(action, Play):
            pending = _replace(state.pending, action.player, action.card)
            state = msgspec.structs.replace(state, pending=pending)
            if None in pending:
                return state
            return self._resolve(state)
        raise IllegalAction(f"A Fistful of Gold has no action {type(action).__name__}.", action)

    def _pay(self, state: GoldState, cards: tuple[int, int], final: bool = False) -> GoldState:
        winner, due = duel(cards[0], cards[1], state.setup.dynamite_gold)
        paid = min(due, state.supply)
        hands = tuple(tuple(c for c in state.hands[p] if c != cards[p]) for p in (0, 1))
        return msgspec.structs.replace(state, hands=hands, supply=state.supply - paid,
                                       duels=state.duels + (Duel(cards, winner, due, paid, final),),
                                       pending=(None, None))

    def _resolve(self, state: GoldState) -> GoldState:
        cards = (state.pending[0], state.pending[1])
        mistakes = tuple(is_forbidden(cards[p], state.previous(p)) for p in (0, 1))
        if any(mistakes):
            winner = None if all(mistakes) else mistakes.index(False)
            wrong = Duel(cards, None, 0, 0, False, mistakes)
            back = tuple(state.hands[p] + state.played(p) for p in (0, 1))
            record = RoundRecord(state.round, state.duels + (wrong,), (state.gold(0), state.gold(1)),
                                 winner, "mistake", (None, None))
            return self._end_round(state, record, tuple(tuple(sorted(h, key=CARDS.index)) for h in back))
        state = self._pay(state, cards)
        if len(state.hands[0]) > 1:
            return state
        return self._last_card(state)

    def _last_card(self, state: GoldState) -> GoldState:
        """One card each is left: the richer player takes the round, or a final duel decides."""
        last = (state.hands[0][0], state.hands[1][0])
        gold = (state.gold(0), state.gold(1))
        if gold[0] != gold[1]:
            winner, how = (0 if gold[0] > gold[1] else 1), "gold"
        else:
            state = self._pay(state, last, final=True)
            winner = state.duels[-1].winner
            how = "final" if winner is not None else "tie"
        record = RoundRecord(state.round, state.duels, gold, winner, how, last)
        back = tuple(tuple(c for c in CARDS if c in state.played(p) and c != last[p]) for p in (0, 1))
        discards = tuple(state.discards[p] + (last[p],) for p in (0, 1))
        return self._end_round(msgspec.structs.replace(state, discards=discards), record, back)

    def _end_round(self, state: GoldState, record: RoundRecord,
                   hands: tuple[tuple[int, ...], ...]) -> GoldState:
        badges = state.badges
        if record.winner is not None:
            badges = _replace(badges, record.winner, badges[record.winner] + 1)
        state = msgspec.structs.replace(state, rounds=state.rounds + (record,), badges=badges,
                                        hands=hands, duels=(), pending=(None, None), supply=GOLD_IN_BOX,
                                        round=state.round + 1)
        need = state.setup.badges_to_win
        if max(badges) >= need:
            return self._over(state, 0 if badges[0] >= need else 1, "badges")
        return self._start_round(state)

    def _start_round(self, state: GoldState) -> GoldState:
        size = len(state.hands[0])
        if size == 1:
            return self._last_card(state)
        if size == 0:
            b = state.badges
            return self._over(state, None if b[0] == b[1] else (0 if b[0] > b[1] else 1), "cards-out")
        return state

    def _over(self, state: GoldState, winner: int | None, reason: str) -> GoldState:
        """The game ends: `winner` None is a draw; reason "badges" (enough badges won) or
        "cards-out" (no cards left to play)."""
        if winner is None:
            result = Result(winners=(0, 1), draw=True, placings=(1, 1), reason=reason)
        else:
            result = Result(winners=(winner,), draw=False, placings=(1, 2) if winner == 0 else (2, 1),
                            reason=reason)
        return msgspec.structs.replace(state, phase="over", result=result)

    # --- information ---------------------------------------------------------------------------
    def view(self, state: GoldState, player: int | None) -> GoldState:
        """What `player` may see: their own hand and choice; others' only as hidden cards."""
        def hide(cards: tuple[int, ...]) -> tuple[int, ...]:
            return (HIDDEN,) * len(cards)

        hands = state.hands if state.phase == "over" else \
            tuple(h if p == player else hide(h) for p, h in enumerate(state.hands))
        discards = tuple(d if p == player or state.setup.open_discards else hide(d)
                         for p, d in enumerate(state.discards))
        pending = tuple(c if p == player or c is None else HIDDEN for p, c in enumerate(state.pending))
        rounds = state.rounds if state.setup.open_discards else tuple(
            msgspec.structs.replace(r, discarded=tuple(c if p == player or c is None else HIDDEN
                                                       for p, c in enumerate(r.discarded)))
            for r in state.rounds)
        return msgspec.structs.replace(state, hands=hands, discards=discards, pending=pending, rounds=rounds)

    def redact(self, action: GoldAction, seat: int, before: GoldState, now: GoldState) -> GoldAction:
        """A rival's discard stays face down (as the view keeps it) unless discards are open; a
        rival's card is hidden until the duel it was chosen for is resolved."""
        if getattr(action, "player", seat) == seat:
            return action
        if isinstance(action, Discard) and not before.setup.open_discards:
            return msgspec.structs.replace(action, cards=(HIDDEN,) * len(action.cards))
        if isinstance(action, Play) and len(all_duels(now)) <= len(all_duels(before)):
            return msgspec.structs.replace(action, card=HIDDEN)
        return action

    def result(self, state: GoldState) -> Result | None:
        return state.result

    def result_text(self, state: GoldState) -> str:
        return result_text(state)

    def phase_text(self, state: GoldState) -> str:
        return phase_text(state)

    def is_barrier(self, state: GoldState, action: GoldAction) -> bool:
        """The action that completes a simultaneous step reveals both secrets."""
        if isinstance(action, Discard):
            return sum(state.discarded) == 1
        if isinstance(action, Play):
            return sum(c is not None for c in state.pending) == 1
        return False

    def determinize(self, state_view: GoldState, seat: int, rng: random.Random) -> GoldState:
        """The rival's hidden cards drawn consistently with the seat's view (core/gold/determinize.py)."""
        from core.gold.determinize import determinize
        return determinize(state_view, seat, rng)

    # --- random play ----------------------------------------------------------------------------
    def sample_chance(self, state: GoldState, rng: random.Random) -> GoldAction:
        raise IllegalAction("A Fistful of Gold has no chance.")

    def random_action(self, state: GoldState, rng: random.Random) -> GoldAction:
        if state.phase == "discard":
            p = rng.choice([p for p in (0, 1) if not state.discarded[p]])
            return Discard(p, tuple(sorted(rng.sample(state.hands[p], DISCARDS), key=CARDS.index)))
        if state.phase == "duel":
            p = rng.choice([p for p in (0, 1) if state.pending[p] is None])
            return Play(p, rng.choice(allowed_cards(state, p)))
        raise IllegalAction("The game is over.")

    def describe(self, state: GoldState, action: GoldAction, after: GoldState) -> str:
        if isinstance(action, Discard):
            how = f"{cards_text(sorted(action.cards, key=CARDS.index))} face up" if state.setup.open_discards \
                else "2 cards face down"
            line = f"{state.name(action.player)} discarded {how}."
            if after.phase != "discard":
                line += f" Round 1: {len(after.hands[0])} cards each, {after.duels_this_round} duels."
            return line
        if isinstance(action, Play):
            if after.pending[action.player] is not None:
                return f"{state.name(action.player)} chose a card in secret."
            before_duels = len(all_duels(state))
            parts = [duel_sentence(after, d) for d in all_duels(after)[before_duels:]]
            for record in after.rounds[len(state.rounds):]:
                parts.append(round_sentence(after, record))
            if after.phase == "duel" and len(after.rounds) > len(state.rounds):
                parts.append(f"Round {after.round}: {len(after.hands[0])} cards each, "
                             f"{after.duels_this_round} duels.")
            if after.result is not None:
                parts.append(result_text(after))
            return " ".join(parts)
        return str(action)


def duel_sentence(state: GoldState, d: Duel) -> str:
    """The duel's outcome in one sentence (names from `state`)."""
    a, b = d.cards
    head = f"{'Final duel' if d.final else 'Duel'}: {state.name(0)} {card_name(a)} vs {state.name(1)} {card_name(b)}"
    if any(d.mistakes):
        wrong = [state.name(p) for p in (0, 1) if d.mistakes[p]]
        return f"{head} \u2014 {' and '.join(wrong)} played a card the rule forbids."
    short = "" if d.paid == d.due else f" (the box only had {d.paid})"
    if d.winner is None:
        return f"{head} \u2014 a tie: {d.paid} gold put aside{short}."
    return f"{head} \u2014 {state.name(d.winner)} wins {d.due} gold{short}."


def round_sentence(state: GoldState, r: RoundRecord) -> str:
    g = f"{r.gold[0]}\u2013{r.gold[1]}"
    if r.how == "mistake":
        if r.winner is None:
            return f"Round {r.number}: both broke the rule, nobody wins it."
        return f"Round {r.number}: {state.name(1 - r.winner)} broke the rule and loses the round; " \
               f"{state.name(r.winner)} takes a badge."
    if r.how == "gold":
        return f"Round {r.number} ends {g}: {state.name(r.winner)} takes a sheriff's badge."
    if r.how == "final":
        return f"Round {r.number} ends {g}; {state.name(r.winner)} wins the final duel and takes a badge."
    return f"Round {r.number} ends {g} and the final duel is a tie: nobody wins the round."


def phase_text(state: GoldState) -> str:
    """Whose secret choice the game waits for, worded like the table's header and the curtain."""
    if state.phase == "over":
        return result_text(state) or "Game over"
    waiting = " and ".join(state.name(p) for p in (0, 1)
                           if not (state.discarded[p] if state.phase == "discard" else state.pending[p] is not None))
    if state.phase == "discard":
        return f"Set-up: {waiting} to put 2 of 9 cards out of the game, in secret."
    duel = f"Round {state.round}, duel {len(state.duels) + 1} of {state.duels_this_round}"
    return f"{duel}: {waiting} to choose a card in secret."


def result_text(state: GoldState) -> str:
    """The result sentence, from the result's facts and the badges in the state."""
    r = state.result
    if r is None:
        return ""
    b = state.badges
    if r.draw:
        return f"The cards ran out with {b[0]} badges each: a draw."
    w = r.winners[0]
    if r.reason == "cards-out":
        return f"The cards ran out: {state.name(w)} wins with {b[w]} badges to {b[1 - w]}."
    return f"{state.name(w)} wins with {b[w]} sheriff's badges to {b[1 - w]}."


def _check_seat(player: object, action: GoldAction) -> None:
    if type(player) is not int or player not in (0, 1):
        raise IllegalAction(f"There is no player {player!r} in this game.", action)


def _replace(t: tuple, i: int, value: object) -> tuple:
    return t[:i] + (value,) + t[i + 1:]


GAME = GoldGame()
