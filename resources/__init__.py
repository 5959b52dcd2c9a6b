"""Data files: rosters, catalogues, icons."""
