"""The Fistful fighters as widgets, shared by Throwdown, Solitaire and the Fistful battles."""
