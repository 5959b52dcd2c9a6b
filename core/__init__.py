"""Battlebox rules: every game as pure functions over immutable state. Never imports Qt."""
