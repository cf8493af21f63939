"""The names a card's title becomes outside the card: its class in generated/ and its page on the site.

The checker makes them (and reports two cards that would share one); the emitters only use them. A title
is any text, so each name is made safe for where it goes: a Python identifier that is no keyword and
shadows nothing the generated module binds, and a page file name that is short, ASCII-safe on every file
system and no device name on Windows.
"""

from __future__ import annotations

import hashlib
import keyword
import re
import unicodedata
from functools import lru_cache

from spellc.engine.core.registry import slugify

# A printed title is a few words; the longest in the seeds is under 40 characters. The page slug, and so a
# file name (at most 255 bytes on common file systems), comes from the title: its UTF-8 is held to 200.
MAX_TITLE = 80
MAX_SLUG_BYTES = 200

# What a generated module binds besides its card classes: its imports (compiler/serpents_tongue/templates/*.py.j2) and
# the names it defines. tests/test_build_determinism.py checks this list against a compiled module.
GENERATED_NAMES = frozenset({
    "Ability", "ActionChart", "Aspect", "ChartCondition", "ChartLine", "Comparison", "Cost", "DieChart", "DieFace",
    "EncounterCard", "EncounterResponse", "Energy", "Modifier", "Quantity", "Requirement", "RitualTier", "Role",
    "Selector", "SourceRef", "SpecTier", "SpellCard", "Sphere", "Stat", "Threshold", "Timing", "Trigger", "Upgrade",
    "UpgradeTiming", "Declaration", "StepTarget", "NamShub", "NamShubStep", "CARDS",
    # the effect steps (engine.core.steps) a card's rules text is written as
    "ChooseOne", "Condition", "Do", "If", "IfYouDid", "May", "PayTo", "Unless",
})


@lru_cache(maxsize=50_000)  # asked again for every card at every build
def class_name(title: str) -> str:
    """``Acidic Matter`` → ``AcidicMatter``, ``Hécate's Arrows`` → ``HecateSArrows``; a name Python or the
    generated module already uses gets a ``Card`` suffix (a title may be ``None``, ``Sphere`` or ``match``)."""
    # Accented letters lose their accents ("Hécate" → "Hecate"): the class name stays ASCII, the title is kept
    # whole in the card. A title of no Latin letter at all ("東京") is named by a digest of itself instead.
    latin = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    words = re.findall(r"[A-Za-z0-9]+", latin)
    name = "".join(w[:1].upper() + w[1:] for w in words)
    if not name and any(c.isalnum() for c in title):
        name = f"Spell{hashlib.sha256(title.encode()).hexdigest()[:8].upper()}"
    name = name or "Spell"
    if not name[0].isalpha():
        name = f"Spell{name}"
    if keyword.iskeyword(name) or keyword.issoftkeyword(name) or name in GENERATED_NAMES:
        name += "Card"
    return name


@lru_cache(maxsize=50_000)  # asked several times per card at every build (titles are checked, pages linked)
def page_slug(title: str, class_name: str, fluency: int | None = None) -> str:
    """The page name (without ``.md``) of a card: its title slugged, or, for a title made only of
    punctuation, its class name; with its fluency when the title is printed at several."""
    slug = slugify(title) or slugify(class_name)
    return slug if fluency is None else f"{slug}-fluency-{fluency}"
