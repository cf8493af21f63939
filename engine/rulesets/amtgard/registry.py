"""What the engine plays of Amtgard, bound by name: the rules of States, Enchantments, armor, abilities, hits and
death, the timeline's one phase, the step kinds; and the glossary (glossary.toml), one term per heading of the
seed, bound to them."""

from __future__ import annotations

from pathlib import Path

from spellc.engine.core.registry import Glossary, Registry, load_glossary
from spellc.engine.rulesets.amtgard import armor, casting, chants, enchantments, hits, life, states
from spellc.engine.rulesets.amtgard.effects import KINDS
from spellc.engine.rulesets.amtgard.game import TIMELINE

REGISTRY = Registry("amtgard")
for module in (states, enchantments, armor, casting, hits, life, chants):
    REGISTRY.rules_of(module)
REGISTRY.phases(TIMELINE)
REGISTRY.steps(KINDS.actions)

GLOSSARY: Glossary = load_glossary(Path(__file__).with_name("glossary.toml"), REGISTRY)
