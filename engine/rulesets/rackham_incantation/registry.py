"""What the engine plays of Incantation 2, bound by name: the rules of casting, counters, recovery, the
Elements and the Colleges, Stamina, the phases of the turn, the mana reserve, the step kinds; and the glossary
(glossary.toml) bound to them."""

from __future__ import annotations

from pathlib import Path

from spellc.engine.core.registry import Glossary, Registry, load_glossary
from spellc.engine.rulesets.rackham_incantation import (
    casting,
    colleges,
    counters,
    elements,
    initiative,
    recovery,
    stamina,
)
from spellc.engine.rulesets.rackham_incantation.effects import KINDS
from spellc.engine.rulesets.rackham_incantation.game import TURN
from spellc.engine.rulesets.rackham_incantation.state import RESOURCES

REGISTRY = Registry("rackham_incantation")
for module in (elements, colleges, initiative, casting, counters, recovery, stamina):
    REGISTRY.rules_of(module)
REGISTRY.phases(TURN)
REGISTRY.resources(RESOURCES)
REGISTRY.steps(KINDS.actions)

GLOSSARY: Glossary = load_glossary(Path(__file__).with_name("glossary.toml"), REGISTRY)
