"""Random matches of Incantation 2: two magicians of two camps, each of a random people, level and Power, with a
random legal spell list drawn from the compiled spells and a starting reserve of Power gems, every model of the
same Stamina; the battlefield's facts are stated at random each turn. And a study's duel of two entries
(engine.core.ruleset's entry_match): each magician the card its entry names, with the spells its player assigns
it ("the player chooses which spells they assign to the various Magicians", 6.1.1), refused in the rulebook's
words when the rules do not allow it (EntryError)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from spellc.engine.core.errors import EntryError
from spellc.engine.core.match import Match
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.cards import Card, CreatureCard, Level, Library, MagicianCard, SpellCard
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
    spells = list(spells_allowed(m, library))
    rng.shuffle(spells)
    chosen, total = [], 0
    for spell in spells:
        if total + spell.power <= m.potential:
            chosen.append(spell.title)
            total += spell.power
    return tuple(sorted(chosen))


def spells_allowed(m: MagicianCard, library: Library) -> tuple[SpellCard, ...]:
    """The spells of ``library`` a magician of ``m``'s people and Elements may know, in the order of their titles:
    worked out once for each (a random duel deals two magicians, of a few dozen peoples and Elements)."""
    key = ("spells allowed", m.people, m.elements)
    spells = library.worked_out.get(key)
    if spells is None:
        probe = Magician(m.title, "", card=m)
        spells = library.worked_out[key] = tuple(
            c for c in library.of_kind(SpellCard) if isinstance(c, SpellCard)
            and not college_allows(probe, c) and not elements_allowed(probe, c))
    return spells


def starting_reserve(m: MagicianCard, rng: random.Random) -> Counter:
    """"A number of gems equal to the Magician's Power characteristic ... he may select the type of each gem
    from the elements he controls" (6.2)."""
    return Counter(rng.choice(m.elements) for _ in range(m.power))


# Every model's Stamina in a random duel: "if the Stamina of a model falls below 0, the model is killed
# immediately" (6.5). The seed prints no Stamina (Confrontation's cards do): 3 is chosen, so that the fourth wound
# kills. A spell here deals 1 or 2 wounds; at 3, two random magicians finish 34 of 40 duels within the 12 turns
# (none without a Stamina, 28 at 4, 25 at 5), and no spell's wounds kill a magician unhurt.
STAMINA = 3
# A random or a study's duel: its battlefield stated at random each turn, and no log kept (nobody reads it there).
RANDOM_SETTINGS = Settings(random_facts=True, stamina=STAMINA, log=False)


SEATS = (("Aldo", "Light"), ("Morga", "Shadow"))  # a duel's two magicians and their camps, in the order seated


def duel(library: Library, seed: int, settings: Settings | None = None) -> Match:
    rng = random.Random(seed)
    models: dict[str, Model] = {}
    devoted = [c for c in library.of_kind(CreatureCard) if isinstance(c, CreatureCard) and c.devotion]
    for name, camp in SEATS:
        models[name] = seated(name, camp, random_magician(name, library, rng), rng)
        if devoted and rng.random() < 0.5:  # a follower with Devotion/X, to sacrifice when it stands in contact
            follower = rng.choice(devoted)
            models[f"{name}'s {follower.title}"] = Model(f"{name}'s {follower.title}", camp, fear=follower.fear,
                                                         traits=follower.traits, devotion=follower.devotion)
    return battle(models, library, seed, settings)


def seated(name: str, camp: str, card: MagicianCard, rng: random.Random) -> Magician:
    """The magician of ``card`` at a seat, its mana reserve laid out as the game begins."""
    return Magician(name, camp, card=card, reserve=starting_reserve(card, rng))


def battle(models: dict[str, Model], library: Library, seed: int, settings: Settings | None = None) -> Match:
    """The match of ``models``: the battlefield's facts stated at random each turn, every model of the Stamina
    :data:`STAMINA`, the dice rolled from ``seed``."""
    return Match(Game(Battle(models, library, settings or RANDOM_SETTINGS, seed=seed)))


# The sentences an entry's refusals quote.
RULE_MAGICIAN = "All the models with a Power characteristic are called Magicians."  # 2
RULE_SPELLS = "When building an army, the player chooses which spells they assign to the various Magicians."  # 6.1.1
RULE_POTENTIAL = "The sum of all the Powers of the spells that a magician chooses may not exceed this value."  # 3.10
# What college_allows and elements_allowed refuse, by the rule their message begins with (4.7, 3.9).
RULE_OF = {"College": "if a magic spell does not belong to the one of the Colleges of Magic of the Magician, he will "
                      "not be able to cast the spell",
           "Special": "Certain spells are exclusive to a caste Magicians or a one particular.",
           "Elements": "A Magician can cast only magic spells using the Elements that he controls."}
KINDS = {SpellCard: "a spell", MagicianCard: "a magician", CreatureCard: "a creature, a model without Power"}


def entry_duel(library: Library, seed: int, entries: tuple[Mapping[str, Any], Mapping[str, Any]]) -> Match:
    """A study's duel of two entries, seated as :func:`duel` seats its magicians (Aldo of the Light, then Morga of
    the Shadow), of the same Stamina, on a battlefield stated at random each turn: each magician the card its
    entry's ``magician`` names, with the entry's ``spells`` (none given: the spells its card lists), its mana
    reserve laid out at random from the Elements it controls, as a random duel's. An entry names no follower
    with Devotion, so none is dealt. The seed bars no two magicians from meeting (two camps, and the same card
    in both: "each can have the same spells"). An entry the rules do not allow raises EntryError."""
    rng = random.Random(seed)
    cards = [entry_magician(library, entry) for entry in entries]
    models: dict[str, Model] = {name: seated(name, camp, card, rng)
                                for (name, camp), card in zip(SEATS, cards, strict=True)}
    return battle(models, library, seed)


def entry_magician(library: Library, entry: Mapping[str, Any]) -> MagicianCard:
    """The entry's magician: its reference card, equipped with the spells the entry assigns it, if it may know
    them."""
    title = entry["magician"]
    card = _card(library, "magician", title)
    if not isinstance(card, MagicianCard):
        raise EntryError("magician", _quoting(f"{title!r} is {KINDS[type(card)]}, not a magician", RULE_MAGICIAN),
                         title)
    chosen = tuple(entry.get("spells", ()))
    field = "spells" if chosen else "magician"  # the card's own list, unless the entry chooses
    return replace(card, spells=spell_list_allowed(library, card, chosen or card.spells, field))


def spell_list_allowed(library: Library, card: MagicianCard, titles: Sequence[str], field: str) -> tuple[str, ...]:
    """``titles``, if ``card``'s magician may be equipped with them: each a spell of its Colleges and Elements,
    each once, and their Powers within its Magic Potential (3.10)."""
    probe = Magician(card.title, "", card=card)
    spells = [_spell(library, field, title) for title in titles]
    for spell in spells:
        if titles.count(spell.title) > 1:
            raise EntryError(field, _quoting(f"{spell.title!r} is assigned {titles.count(spell.title)} times: a "
                                             "spell is assigned to a magician or not", RULE_SPELLS), spell.title)
        refused = college_allows(probe, spell) or elements_allowed(probe, spell)
        if refused:
            rule, why = refused.split(": ", 1)
            raise EntryError(field, _quoting(f"{card.title} may not know {spell.title}: {why}", RULE_OF[rule]),
                             spell.title)
    total = sum(spell.power for spell in spells)
    if total > card.potential:
        potential = "its Power, as a Warrior-Mage" if card.warrior_mage else f"twice its Power {card.power}"
        raise EntryError(field, _quoting(f"the spells of {card.title} total a Power of {total}, over its Magic "
                                         f"Potential of {card.potential} ({potential})", RULE_POTENTIAL))
    return tuple(titles)


def _spell(library: Library, field: str, title: str) -> SpellCard:
    card = _card(library, field, title)
    if not isinstance(card, SpellCard):
        raise EntryError(field, _quoting(f"{title!r} is {KINDS[type(card)]}, not a spell", RULE_SPELLS), title)
    return card


def _card(library: Library, field: str, title: str) -> Card:
    card = library.cards.get(title)
    if card is None:
        raise EntryError(field, f"no card is titled {title!r}", title)
    return card


def _quoting(refused: str, rule: str) -> str:
    return f"{refused} (\"{rule}\")"
