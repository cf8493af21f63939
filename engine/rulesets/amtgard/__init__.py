"""Amtgard's magic and abilities (seed 002): a live-action game with no dice and no turns, where a match is a
timeline of events (an incantation completed, a hit, a death, a respawn, seconds passing) and the rules decide
what each does to the players' enchantments, states, armor and remaining uses."""
