"""Boards and tables as data, with their loaders."""
