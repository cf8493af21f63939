"""The games: one package per ruleset. They never import each other; the core imports none of them.

``RULESETS`` is every game's declaration (its ``ruleset.toml``), read without importing any game.
"""

from pathlib import Path

from spellc.engine.core.ruleset import Ruleset, catalogue

RULESETS: dict[str, Ruleset] = catalogue(Path(__file__).parent)
# The game a card file outside any ruleset's folder belongs to (the project's first, and the fixtures').
DEFAULT = "serpents_tongue"
