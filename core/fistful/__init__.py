"""Fistful of Power: roster, throws and the game modes."""
