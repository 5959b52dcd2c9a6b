"""A Fistful of Gold's computer: what its public history hides, and how its solved duels play."""
from __future__ import annotations

from core.gold.cards import HIDDEN
from core.gold.game import Discard, GoldSetup, Play
from core.match import Match
from core.registry import GAMES


def _match(open_discards: bool = False) -> Match:
    setup = GAMES["fistful-of-gold"].default_setup(2)
    if open_discards:
        setup = GoldSetup(setup.players, open_discards=True)
    return Match.new("fistful-of-gold", setup, seed=1)


def test_a_rivals_discard_is_hidden_and_ones_own_is_shown() -> None:
    match = _match()
    match.apply(Discard(0, (7, 8)))
    match.apply(Discard(1, (1, 2)))
    assert match.public_history(0) == (Discard(0, (7, 8)), Discard(1, (HIDDEN, HIDDEN)))
    assert match.public_history(1) == (Discard(0, (HIDDEN, HIDDEN)), Discard(1, (1, 2)))


def test_open_discards_are_shown_to_both() -> None:
    match = _match(open_discards=True)
    match.apply(Discard(0, (7, 8)))
    match.apply(Discard(1, (1, 2)))
    assert match.public_history(1)[0] == Discard(0, (7, 8))


def test_a_rivals_card_is_hidden_until_the_duel_reveals_it() -> None:
    match = _match()
    match.apply(Discard(0, (7, 8)))
    match.apply(Discard(1, (1, 2)))
    match.apply(Play(0, 5))
    assert match.public_history(1)[-1] == Play(0, HIDDEN)
    assert match.public_history(0)[-1] == Play(0, 5)
    match.apply(Play(1, 3))
    assert match.public_history(1)[-2:] == (Play(0, 5), Play(1, 3))
    assert match.public_history(0)[-2:] == (Play(0, 5), Play(1, 3))
    match.apply(Play(1, 6))
    assert match.public_history(0)[-1] == Play(1, HIDDEN)
    # the discards stay hidden after the game too, like the view keeps them
    assert match.public_history(0)[1] == Discard(1, (HIDDEN, HIDDEN))
