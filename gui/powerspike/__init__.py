"""Power Spike widgets: the army builder, the measured tabletop, the card and combat panels.

They show plain data from core.powerspike and report gestures; the rules decide everything.
"""
