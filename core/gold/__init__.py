"""A Fistful of Gold: a two-player secret card duel for gold and sheriff's badges."""
