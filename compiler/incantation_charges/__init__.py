"""Incantation charges' front end (seed 000): its cards' AST, checker, emitters and scenario reader."""
