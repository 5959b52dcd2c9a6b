"""Clout Fantasy rules: chip catalogue and stacks, range geometry, throws, layouts. Pure Python, no Qt."""
