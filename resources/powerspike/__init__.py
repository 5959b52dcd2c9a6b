"""Power Spike data: unit profiles, formations and armies, ready-made rosters."""
