"""Incantation charges (seed 000): entities with Health play Actions from a hand; some Actions carry an
``Incantation N`` entry, paid with charges an incanting entity gains in each Draw Phase."""
