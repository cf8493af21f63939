"""What the engine plays of Incantation charges, bound by name: the rules of incantation.py, the phases of
the round, the resources, the step kinds; and the glossary (glossary.toml) bound to them."""

from __future__ import annotations

from pathlib import Path

from spellc.engine.core.registry import Glossary, Registry, load_glossary
from spellc.engine.rulesets.incantation_charges import incantation
from spellc.engine.rulesets.incantation_charges.game import ROUND
from spellc.engine.rulesets.incantation_charges.state import RESOURCES
from spellc.engine.rulesets.incantation_charges.steps import KINDS

REGISTRY = Registry("incantation_charges")
REGISTRY.rules_of(incantation)
REGISTRY.phases(ROUND)
REGISTRY.resources(RESOURCES)
REGISTRY.steps(KINDS.actions)

GLOSSARY: Glossary = load_glossary(Path(__file__).with_name("glossary.toml"), REGISTRY)
