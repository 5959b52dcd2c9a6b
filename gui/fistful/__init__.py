"""Widgets for the Fistful of Power games played on Scar: the map and the Battle Arena.

They draw plain data (owners, colours, closed regions) and report clicks; the game views
built on them decide what any of it means.
"""
