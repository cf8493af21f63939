"""Rackham's Incantation 2 (seed 001): magicians casting spells with gems of six Elements, by a Power test
against a difficulty; other magicians absorb or dispel them, and each turn ends with a mana recovery roll."""
