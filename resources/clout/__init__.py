"""Clout Fantasy data: the invented chip catalogue and the ready-to-play stacks (stacks/)."""
