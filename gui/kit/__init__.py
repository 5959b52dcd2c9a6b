"""Pieces every game view shares: theme, curtain, game-over, rulers, paper, layout helpers."""
