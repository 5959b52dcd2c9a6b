"""Solitaire Challenge screens: choose five, throw, enter; the paper sheet and personal bests."""
