"""Compiled cards: one package per ruleset (``generated/<ruleset>/``), written by `spellc build`."""
