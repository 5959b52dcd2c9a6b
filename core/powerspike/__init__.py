"""Power Spike: the no-dice science-fantasy battle game (two card decks, a measured tabletop).

The rules live in small pure modules (cards, combat, odds, armies, table); the game module
builds the turn flow on top of them. Rulings are in resources/notes/power-spike-*.md.
"""
