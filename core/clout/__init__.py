"""Clout Fantasy rules: chip catalogue, range geometry, layouts. Pure Python, no Qt."""
