"""Widgets for Power Spike: the army builder now; the tabletop and combat views build on it."""
