"""Widgets shared by every game's view (the pass-the-device curtain, ...)."""
