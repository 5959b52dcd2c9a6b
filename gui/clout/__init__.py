"""Clout Fantasy widgets: the stack builder now; the playing-area canvas comes later."""
