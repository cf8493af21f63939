"""Random matches of Incantation 2: two magicians of two camps, each of a random people, level and Power, with a
random legal spell list drawn from the compiled spells and a starting reserve of Power gems, every model of the
same Stamina; the battlefield's facts are stated at random each turn."""

from __future__ import annotations

import random
from collections import Counter

from spellc.engine.core.match import Match
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.cards import CreatureCard, Level, Library, MagicianCard, SpellCard
from spellc.engine.rulesets.rackham_incantation.casting import college_allows, elements_allowed
from spellc.engine.rulesets.rackham_incantation.colleges import PEOPLES
from spellc.engine.rulesets.rackham_incantation.elements import ELEMENTS
from spellc.engine.rulesets.rackham_incantation.game import Game
from spellc.engine.rulesets.rackham_incantation.state import Magician, Model, Settings


def random_magician(name: str, library: Library, rng: random.Random) -> MagicianCard:
    """A magician of a random people and level: its people's primary Element first, then others it is not
    barred from, as many as its level controls; a spell list within its Potential."""
    people = PEOPLES[rng.choice(sorted(PEOPLES))]
    level = rng.choice(list(Level))
    allowed = [e for e in ELEMENTS if level is Level.VIRTUOSO or e not in people.prohibited]
    first = rng.choice(sorted(people.primary & set(allowed), key=ELEMENTS.index))
    others = [e for e in allowed if e != first]
    rng.shuffle(others)
    elements = tuple(sorted((first, *others[:level.elements - 1]), key=ELEMENTS.index))
    power = rng.randint(3, 8)
    draft = MagicianCard(title=name, people=people.name, level=level, power=power, initiative=rng.randint(2, 7),
                         elements=elements, spells=(), warrior_mage=rng.random() < 0.15)
    return MagicianCard(title=name, people=people.name, level=level, power=power, initiative=draft.initiative,
                        elements=elements, spells=spell_list(draft, library, rng), warrior_mage=draft.warrior_mage)


def spell_list(m: MagicianCard, library: Library, rng: random.Random) -> tuple[str, ...]:
    """Spells it could cast, drawn at random while their Power fits its Potential ("the sum of all the Powers of
    the spells that a magician chooses may not exceed this value")."""
    probe = Magician(m.title, "", card=m)
    spells = [c for c in library.of_kind(SpellCard) if isinstance(c, SpellCard)
              and not college_allows(probe, c) and not elements_allowed(probe, c)]
    rng.shuffle(spells)
    chosen, total = [], 0
    for spell in spells:
        if total + spell.power <= m.potential:
            chosen.append(spell.title)
            total += spell.power
    return tuple(sorted(chosen))


def starting_reserve(m: MagicianCard, rng: random.Random) -> Counter:
    """"A number of gems equal to the Magician's Power characteristic ... he may select the type of each gem
    from the elements he controls" (6.2)."""
    return Counter(rng.choice(m.elements) for _ in range(m.power))


# Every model's Stamina in a random duel: "if the Stamina of a model falls below 0, the model is killed
# immediately" (6.5). The seed prints no Stamina (Confrontation's cards do): 3 is chosen, so that the fourth wound
# kills. A spell here deals 1 or 2 wounds; at 3, two random magicians finish 34 of 40 duels within the 12 turns
# (none without a Stamina, 28 at 4, 25 at 5), and no spell's wounds kill a magician unhurt.
STAMINA = 3


def duel(library: Library, seed: int, settings: Settings | None = None) -> Match:
    rng = random.Random(seed)
    models: dict[str, Model] = {}
    devoted = [c for c in library.of_kind(CreatureCard) if isinstance(c, CreatureCard) and c.devotion]
    for name, camp in (("Aldo", "Light"), ("Morga", "Shadow")):
        card = random_magician(name, library, rng)
        models[name] = Magician(name, camp, card=card, reserve=starting_reserve(card, rng))
        if devoted and rng.random() < 0.5:  # a follower with Devotion/X, to sacrifice when it stands in contact
            follower = rng.choice(devoted)
            models[f"{name}'s {follower.title}"] = Model(f"{name}'s {follower.title}", camp, fear=follower.fear,
                                                         traits=follower.traits, devotion=follower.devotion)
    battle = Battle(models, library, settings or Settings(random_facts=True, stamina=STAMINA), seed=seed)
    return Match(Game(battle))
