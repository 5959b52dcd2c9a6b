"""Battlebox's PySide6 front end: renders game states, turns gestures into actions."""
