"""Players' rules notes, one markdown file per game id (shown by Help > Rules notes)."""
