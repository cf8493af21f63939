"""Codex legality and Codex building (Glossary: Codex, Title, Unique to Codex).

"A standard Codex may contain at most 27 spells. Only 5 of these can be fluency level 3, and only 2
can be fluency level 4 ... Only 3 spells of the same title may be included, regardless of fluency."
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from spellc.engine.rulesets.serpents_tongue.cards import SpellCard

CODEX_SIZE = 27
MAX_FLUENCY_3 = 5
MAX_FLUENCY_4 = 2
MAX_PER_TITLE = 3


# The Glossary's sentences, quoted when a Codex breaks them.
RULE_SIZE = "A standard Codex may contain at most 27 spells."
RULE_FLUENCY_3 = "Only 5 of these can be fluency level 3"
RULE_FLUENCY_4 = "only 2 can be fluency level 4"
RULE_PER_TITLE = "Only 3 spells of the same title may be included, regardless of fluency level"
RULE_UNIQUE = "A spell restriction that allows a Magi to have only 1 spell of that title in their Codex at a time."
RULE_SPELLS = "A Magi's Codex can only bind and contain 27 spell inscriptions."

# What a Codex binds: spells, and Nam-Shubs on their full pages ("There is no limit to the number of Nam-Shubs your
# Codex may contain"). A Specialization and an Artifact are kept in its front-most pocket, apart from its spells;
# an Encounter and its cards are no Magi's.
BOUND = frozenset({"spell", "nam-shub"})
KINDS = {"nam-shub": "a Nam-Shub", "specialization": "a Specialization", "artifact": "an Artifact",
         "encounter": "an Encounter", "encounter spell": "an Encounter's spell",
         "encounter ability": "an Encounter's ability"}


class Refusal(NamedTuple):
    """Why a Codex is refused: the problem, the Glossary sentence it breaks, and the title of the card at fault
    where one card is (copies of a title; not a count of every spell or every fluency)."""

    problem: str
    rule: str
    title: str | None = None


def problems(spells: Sequence[type[SpellCard]]) -> list[str]:
    """Every reason the list is not a legal Codex (empty when it is)."""
    return [refused.problem for refused in refusals(spells)]


def refusals(spells: Sequence[type[SpellCard]]) -> list[Refusal]:
    """Every reason the list is not a legal Codex, each with the Glossary sentence it breaks (and the title at
    fault, where one is)."""
    # "There is no limit to the number of Nam-Shubs your Codex may contain": full pages, not spells.
    spells = [s for s in spells if s.kind != "nam-shub"]
    out = []
    if len(spells) > CODEX_SIZE:
        out.append(Refusal(f"a Codex holds at most {CODEX_SIZE} spells, not {len(spells)}", RULE_SIZE))
    by_fluency = Counter(s.fluency for s in spells)
    if by_fluency[3] > MAX_FLUENCY_3:
        out.append(Refusal(f"at most {MAX_FLUENCY_3} spells of fluency 3, not {by_fluency[3]}", RULE_FLUENCY_3))
    if by_fluency[4] > MAX_FLUENCY_4:
        out.append(Refusal(f"at most {MAX_FLUENCY_4} spells of fluency 4, not {by_fluency[4]}", RULE_FLUENCY_4))
    # Copies are counted per title, whatever their fluency: a title may exist at several fluencies.
    titles = Counter(s.title for s in spells)
    for title, n in sorted(titles.items()):
        if n > MAX_PER_TITLE:
            out.append(Refusal(f"at most {MAX_PER_TITLE} spells titled {title!r}, not {n}", RULE_PER_TITLE, title))
        unique = any(s.title == title and s.has("Unique to Codex") for s in spells)
        if unique and n > 1:
            out.append(Refusal(f"{title!r} is Unique to Codex: only 1 may be included, not {n}", RULE_UNIQUE, title))
    return out


def unbound(card: type[SpellCard]) -> Refusal | None:
    """Why ``card`` is no spell a Codex may bind, with the sentence it breaks; None: it may."""
    if card.kind in BOUND:
        return None
    return Refusal(f"{card.title!r} is {KINDS.get(card.kind, card.kind)}, not a spell", RULE_SPELLS, card.title)


def random_codex(pool: Sequence[type[SpellCard]], rng: random.Random, size: int = CODEX_SIZE) -> list[type[SpellCard]]:
    """A legal Codex of up to ``size`` spells drawn from ``pool`` (only spell cards). Each draw is
    ``random.Random.choice``'s, written out (as engine.core.match.RandomPlayer's): the same index from the same
    source, without its two calls at each of the hundred draws a random match begins with."""
    spells = [s for s in pool if s.kind == "spell"]
    chosen: list[type[SpellCard]] = []
    titles: dict[str, int] = {}
    fluency: dict[int, int] = {}
    limit = {3: MAX_FLUENCY_3, 4: MAX_FLUENCY_4}
    n = len(spells)
    bits, getrandbits = n.bit_length(), rng.getrandbits
    for _ in range(size * 4):
        if len(chosen) >= size or not spells:
            break
        drawn = getrandbits(bits)
        while drawn >= n:  # rejection sampling, as random.Random._randbelow_with_getrandbits does
            drawn = getrandbits(bits)
        pick = spells[drawn]
        cap = 1 if "Unique to Codex" in pick.printed_names else MAX_PER_TITLE
        if titles.get(pick.title, 0) < cap and fluency.get(pick.fluency, 0) < limit.get(pick.fluency, size):
            chosen.append(pick)
            titles[pick.title] = titles.get(pick.title, 0) + 1
            fluency[pick.fluency] = fluency.get(pick.fluency, 0) + 1
    return chosen
