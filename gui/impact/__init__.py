"""The Impact screens: cauldron, supplies, races, table entry and the winner."""
