"""The generic core: what every ruleset plays on, and knows no game."""
