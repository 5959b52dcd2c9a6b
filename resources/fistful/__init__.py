"""Fistful of Power data."""
