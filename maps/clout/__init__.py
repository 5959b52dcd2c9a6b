"""Clout Fantasy playing areas: outlines and surfaces as data files (areas/*.json)."""
