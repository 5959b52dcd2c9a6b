"""Impact: Battle of Elements — element dice thrown into a cauldron."""
