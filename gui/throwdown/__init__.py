"""The Throwdown view: secret fistful picking, throws, scoring and removals."""
