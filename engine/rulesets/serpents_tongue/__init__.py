"""Serpent's Tongue (The Magi's Handbook, Crucible Update): Magi, Spheres, the five energies, the Codex,
the Resonance roll and the Encounter, played on the core."""
