"""Serpent's Tongue's front end: its cards' AST, checker, model, emitters and scenario reader."""
