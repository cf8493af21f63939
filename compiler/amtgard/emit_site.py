"""Checked abilities, the glossary and the coverage report → the pages of site/docs/amtgard/: the reference a reeve
would open on a phone.

Pages (relative to that folder): ``abilities/index.md`` (a table of every ability, then the same grouped by
School) and a page per ability, drawn like a class-list entry; ``states/index.md`` and a page per State, with the
seed's paragraph, the abilities that give, remove or answer it and the scenarios that show it;
``effects/index.md`` and a page per Special Effect likewise; ``glossary/index.md`` and a page per term;
``coverage.md``. The section's ``index.md`` and ``rules.md`` are written by hand.

The card's page, the galleries and the glossary are every game's (compiler.card_site); this game gives its
ability's face and its own pages. Every value reaches a page through compiler.markdown: as inert text (the
templates' finalize hook), a checked link target (``href``) or a block quote of escaped lines (``quote``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from jinja2 import Environment
from markupsafe import Markup

from spellc.compiler import card_site as site
from spellc.compiler import coverage as cov
from spellc.compiler.amtgard.check import Checked
from spellc.compiler.card_site import Link, Stat, link, linked, term_href
from spellc.compiler.glossary_pages import CoverageNotes, term_page
from spellc.compiler.markdown import css_class, quote
from spellc.engine.core import steps as core
from spellc.engine.core.registry import Glossary, Registry, Term
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.amtgard.cards import AbilityCard
from spellc.engine.rulesets.amtgard.effects import describe, describe_all
from spellc.engine.rulesets.amtgard.vocabulary import SPECIAL_EFFECTS, STATES, Kind, School

TEMPLATES = Path(__file__).with_name("templates")
RULESET = RULESETS["amtgard"]
COVERAGE = CoverageNotes(RULESET, binds="a rule's function, the timeline's phase or a step kind",
                         tests="tests/amtgard/")
# The card drawn as a class list prints the entry: its School, type, range and uses on the card's face (each linked
# to its glossary term, if any), the other lines of the entry in its table.
FACE = ("School", "Type", "Magic", "Range", "Uses")
FILTERS = ("School", "Type", "(m)/(ex)", "Range", "Uses")  # the gallery's columns, each a filter

# The glossary terms a line of an entry may link to, first found first (the seed's headings: "Enchantments",
# "Magic Balls", "Traits", "Kill Trigger"...).
KIND_TERMS: dict[Kind, tuple[str, ...]] = {
    Kind.VERBAL: ("Verbal",), Kind.ENCHANTMENT: ("Enchantments", "Enchantment"),
    Kind.MAGIC_BALL: ("Magic Balls", "Magic Ball"), Kind.SPECIALTY_ARROW: ("Specialty Arrows", "Specialty Arrow"),
    Kind.META_MAGIC: ("Meta-Magic",), Kind.TRAIT: ("Traits", "Trait"), Kind.ARCHETYPE: ("Archetype", "Archetypes"),
}
TRIGGERS = {"kill": "Kill Trigger", "wound": "Wound Trigger"}


def mark(card: AbilityCard) -> str:
    """How a class list denotes it: (m) Magical or (ex) Extraordinary."""
    return "m" if card.magical else "ex"


# ---------------------------------------------------------------------- what a page shows
@dataclass(frozen=True, slots=True)
class Said:
    """What an ability does with a State (or a Special Effect): the ability, linked, and in what words."""

    ability: Link
    how: str


@dataclass(frozen=True, slots=True)
class GrantLine:
    """A State an enchantment gives its bearer: the State, linked to its page, and what it is to."""

    state: Link
    detail: str | None


@dataclass(frozen=True, slots=True)
class GrantedLine:
    """An ability an enchantment gives, with its own uses; linked when the set holds it."""

    title: str
    href: str | None
    uses: str


@dataclass(frozen=True, slots=True)
class InPlay:
    """What an ability's page says below its card: what it does in play."""

    card: AbilityCard
    grants: tuple[GrantLine, ...]
    specials: tuple[Link, ...]
    granted: tuple[GrantedLine, ...]
    states: tuple[Link, ...]  # every State its steps name, each linked once


@dataclass(frozen=True, slots=True)
class StatePage:
    """A State or a Special Effect: its page, the seed's paragraph, the abilities and the scenarios."""

    name: str
    page: str
    glossary: Markup | None
    term: str | None  # the glossary page of its term, when there is one
    given: tuple[Said, ...]
    removed: tuple[Said, ...]
    answered: tuple[Said, ...]
    scenarios: tuple[str, ...]

    @property
    def givers(self) -> tuple[Link, ...]:
        """Each ability that gives it, once."""
        return tuple(dict.fromkeys(s.ability for s in self.given))

    @property
    def removers(self) -> tuple[Link, ...]:
        return tuple(dict.fromkeys(s.ability for s in self.removed))


# ---------------------------------------------------------------------- the pages
def emit_site(cards: Sequence[Checked], glossary: Glossary, registry: Registry, rows: Sequence[cov.Row],
              *, with_coverage: bool = True, sources: site.Sources | None = None) -> dict[str, str]:
    """{path under site/docs/amtgard/: page text}; deterministic for equal inputs. ``sources``: the project's
    (by default this repository's card set), whose scenarios a State's or a Special Effect's page lists when they
    mention it;
    ``with_coverage``: whether the section has a coverage page (``[site] coverage`` in the project's manifest)."""
    ordered = sorted(cards, key=lambda c: (c.card.title, c.path, c.line))
    pages = site.card_pages(c.card.title for c in ordered)
    shown = sorted(sources.texts.items()) if sources else []
    abilities = [_ability(c, pages, ordered, glossary) for c in ordered]
    schools = [(s.value, [a for a in abilities if a.extra.card.school is s]) for s in School]
    section = site.Section("abilities", "Abilities", abilities, ("Ability", *FILTERS), FILTERS,
                           "No ability is compiled yet.", "abilities_index.md.j2", "ability.md.j2",
                           {"schools": schools})

    def own_pages(env: Environment) -> dict[str, str]:
        states = [_state_page(name, ordered, pages, glossary, shown) for name in STATES]
        effects = [_effect_page(name, ordered, pages, glossary, shown) for name in SPECIAL_EFFECTS]
        out = {"states/index.md": env.get_template("states_index.md.j2").render(states=states),
               "effects/index.md": env.get_template("effects_index.md.j2").render(effects=effects)}
        out |= {f"states/{s.page}": env.get_template("state.md.j2").render(s=s) for s in states}
        return out | {f"effects/{e.page}": env.get_template("effect.md.j2").render(e=e) for e in effects}

    return site.emit(GAME, [section], glossary, registry, rows, with_coverage, sources, own_pages)


def _own_pages_of(term: Term) -> list[tuple[str, Link]]:
    """A term's State's or Special Effect's page, which its page links to."""
    out = []
    if term.name in STATES:
        out.append(("The State, with the abilities that give and remove it",
                    Link(term.name, f"../states/{term_page(term.name)}")))
    if term.name in SPECIAL_EFFECTS:
        out.append(("The Special Effect, with the abilities that carry it",
                    Link(term.name, f"../effects/{term_page(term.name)}")))
    return out


GAME = site.Game(TEMPLATES, COVERAGE, _own_pages_of)


def ability_stats(card: AbilityCard, glossary: Glossary) -> tuple[Stat, ...]:
    """The lines of a class-list entry, each only when the ability has it."""
    uses = card.uses.text() + (f", Charge x{card.charge}" if card.charge else "")
    trigger = TRIGGERS.get(card.trigger or "", card.trigger or "")
    magic = "Magical (m)" if card.magical else "Extraordinary (ex)"
    field = partial(site.declared_href, glossary, RULESET)
    lines: list[Stat | None] = [
        Stat("School", card.school.value, term_href(glossary, card.school.value, "School")),
        Stat("Type", card.kind.value, term_href(glossary, *KIND_TERMS.get(card.kind, ()))),
        Stat("Magic", magic, term_href(glossary, magic, "Ability")),
        Stat("Range", card.reach.value, field("range", f"{card.reach.value} range")),
        Stat("Uses", uses, field("charge") if card.charge else None),
        Stat("Materials", card.materials) if card.materials else None,
        Stat("Trigger", trigger, field("trigger", trigger)) if card.trigger else None,
        Stat("Strips", f"{card.strips}, removed at the last",
             field("strips", "Definite number of uses")) if card.strips is not None
        else None,
        Stat("Persistent", "yes: not removed by a respawn", field("persistent"))
        if card.persistent else None,
        Stat("Armor", "enhances worn armor", field("magic")) if card.enhances_armor else None,
        Stat("Projectiles", "its bearer is unaffected by them (not by Magic Balls)",
             field("stops")) if card.stops_projectiles else None,
        Stat("Enchantments", "no other magical enchantment may be cast on its bearer ((ex) ones may)",
             term_href(glossary, "Enchantments")) if card.bars_enchantments else None,
        Stat("Enchantment limit", "its bearer may carry one more magical enchantment",
             term_href(glossary, "One magical enchantment")) if card.raises_limit else None,
        Stat("Free throws", f"{', '.join(card.free_while_chanting)}: no use spent while its caster chants",
             term_href(glossary, "Chant")) if card.free_while_chanting else None,
        Stat("Weapon", "heated: its target may not wield it while under the Ongoing Effect",
             term_href(glossary, "Ongoing Effects")) if card.heats_weapon else None,
    ]
    return tuple(s for s in lines if s is not None)


def _all_steps(card: AbilityCard) -> list[tuple[str | None, core.Step]]:
    """Every step of the ability, nested ones included, with the event it answers (None: its effect)."""
    out: list[tuple[str | None, core.Step]] = [(None, s) for s in core.walk(card.steps)]
    for t in card.triggers:
        out += [(t.event, s) for s in core.walk(t.steps)]
    return out


def _when(event: str | None, said: str) -> str:
    if event is None:
        return said
    return f"when {'' if event.endswith(' ends') else 'bearer '}{event}: {said}"


def _ability(c: Checked, pages: Mapping[str, str], ordered: Sequence[Checked], glossary: Glossary) -> site.Card:
    card = c.card
    grants = tuple(GrantLine(Link(g.state, f"../states/{term_page(g.state)}"), g.detail)
                   for g in card.grants if g.state in STATES)
    specials = tuple(Link(name, f"../effects/{term_page(name)}") for name in card.special_effects
                     if name in SPECIAL_EFFECTS)
    granted = tuple(GrantedLine(title, pages.get(title), uses.text()) for title, uses in card.granted)
    granted_by = tuple(Link(o.card.title, pages[o.card.title]) for o in ordered
                       if any(title == card.title for title, _ in o.card.granted))
    mentioned = ({name for _, s in _all_steps(card) for name in _states_of(s)}
                 | {t.event.removesuffix(" ends") for t in card.triggers if t.event.endswith(" ends")})
    states = tuple(Link(name, f"../states/{term_page(name)}") for name in STATES
                   if name in mentioned and name not in {g.state for g in card.grants})
    stats = ability_stats(card, glossary)
    row = (link(card.title, pages[card.title]), card.school.value, card.kind.value, Markup(f"({mark(card)})"),
           card.reach.value, site.labelled(stats, "Uses").value)
    return site.Card(card.title, pages[card.title], _drawn(c, stats), row, mark(card), (("Granted by", granted_by),)
                     if granted_by else (), _words(card), _behaviours(card),
                     InPlay(card, grants, specials, granted, states))


def _drawn(c: Checked, stats: Sequence[Stat]) -> site.Face:
    """The ability drawn as a card: its School on the card's edge and badge, its mark, its type and range, its uses,
    the other lines of its entry, its incantation or chant, and what it does."""
    card = c.card
    school = f"school-{card.school.name.lower()}"
    magic = site.labelled(stats, "Magic")
    type_and_range = linked(site.labelled(stats, "Type")) + " · " + linked(site.labelled(stats, "Range"))
    return site.Face(card.title, Markup("amtgard-card ") + css_class(school), f"{c.path}:{c.line}",
                     site.badge(site.labelled(stats, "School"), school),
                     (site.Span(Markup("card-mark"), linked(magic, f"({mark(card)})"), magic.value),),
                     (site.Span(Markup("card-role"), type_and_range, "Type and range"),
                      site.Span(Markup("card-uses"), linked(site.labelled(stats, "Uses")), "Uses")),
                     tuple(s for s in stats if s.label not in FACE),
                     tuple((label, text) for label, text in (("Incantation", card.incantation), ("Chant", card.chant))
                           if text),
                     (site.Paragraph(card.text or Markup("No effect is written on its entry.")),))


def _states_of(step: core.Step) -> list[str]:
    """The States a step names: one it makes or removes, one its condition asks of."""
    if isinstance(step, core.Do) and step.kind == "make" and len(step.args) > 1:
        return [str(step.args[1])]
    if isinstance(step, core.Do) and step.kind == "remove state" and step.args:
        return [str(step.args[0])]
    if isinstance(step, core.If | core.Unless) and step.condition.kind == "is" and len(step.condition.args) > 1:
        return [str(step.condition.args[1])]
    return []


def _said(step: core.Step) -> str:
    try:
        return describe(step)
    except (KeyError, TypeError):  # a step kind the wording does not know: its kind and arguments
        return " ".join(str(x) for x in (getattr(step, "kind", type(step).__name__), *getattr(step, "args", ())))


def _mentions(text: str, name: str) -> bool:
    """Whether a scenario's text names ``name`` (as words, in any case, across spaces and line ends)."""
    words = r"\s+".join(re.escape(w) for w in name.split())
    return re.search(rf"(?<![\w-]){words}(?![\w-])", text, re.IGNORECASE) is not None


def _state_page(name: str, ordered: Sequence[Checked], pages: Mapping[str, str], glossary: Glossary,
                scenarios: Sequence[tuple[str, str]]) -> StatePage:
    given: list[Said] = []
    removed: list[Said] = []
    answered: list[Said] = []
    for c in ordered:
        card = c.card
        link = Link(card.title, f"../abilities/{pages[card.title]}")
        given += [Said(link, f"its bearer is {g.text()} while it is worn") for g in card.grants if g.state == name]
        for event, step in _all_steps(card):
            if isinstance(step, core.Do) and step.kind == "make" and _states_of(step) == [name]:
                given.append(Said(link, _when(event, _said(step))))
            elif isinstance(step, core.Do) and step.kind == "remove state" and _states_of(step) == [name]:
                removed.append(Said(link, _when(event, _said(step))))
            elif isinstance(step, core.If | core.Unless) and _states_of(step) == [name]:
                answered.append(Said(link, _when(event, _said(step))))
        for t in card.triggers:
            if t.event == f"{name} ends":
                answered.append(Said(link, _when(t.event, _steps_said(t.steps))))
    term = glossary.term(name)
    return StatePage(name, term_page(name), quote(term.paragraphs) if term else None,
                     f"../glossary/{term_page(name)}" if term else None,
                     _unique(given), _unique(removed), _unique(answered),
                     tuple(file for file, text in scenarios if _mentions(text, name)))


def _steps_said(steps: Sequence[core.Step]) -> str:
    try:
        return describe_all(steps)
    except (KeyError, TypeError):
        return "; ".join(_said(s) for s in steps)


def _unique(items: Iterable[Said]) -> tuple[Said, ...]:
    return tuple(dict.fromkeys(items))


def _effect_page(name: str, ordered: Sequence[Checked], pages: Mapping[str, str], glossary: Glossary,
                 scenarios: Sequence[tuple[str, str]]) -> StatePage:
    given = tuple(Said(Link(c.card.title, f"../abilities/{pages[c.card.title]}"), _carries(c.card))
                  for c in ordered if name in c.card.special_effects)
    term = glossary.term(name)
    return StatePage(name, term_page(name), quote(term.paragraphs) if term else None,
                     f"../glossary/{term_page(name)}" if term else None, given, (), (),
                     tuple(file for file, text in scenarios if _mentions(text, name)))


def _carries(card: AbilityCard) -> str:
    """Where the Special Effect is: on the ball's or arrow's hit, or the bearer's weapon for an enchantment."""
    if card.thrown:
        return f"its hits ({card.kind.value}, {card.school.value})"
    if card.is_enchantment:
        return f"the hits of its bearer's weapon ({card.kind.value}, {card.school.value})"
    return f"{card.kind.value}, {card.school.value}"


def _words(card: AbilityCard) -> frozenset[str]:
    """What an ability is, in the words a glossary keyword may name (lower case): the words of the fields its
    entry writes (``magical``, ``charge``, ``strips``, ``grants``...; not ``school``, ``type`` and ``range``, which
    every entry has), and its School, type, States and Special Effect."""
    words = {card.school.value, card.kind.value, *KIND_TERMS.get(card.kind, ()),
             "magical" if card.magical else "extraordinary",
             *(g.state for g in card.grants), *(g.text() for g in card.grants),
             *(name for _, s in _all_steps(card) for name in _states_of(s))}
    fields = {"charge": card.charge, "incantation": card.incantation, "materials": card.materials,
              "chant": card.chant, "persistent": card.persistent, "strips": card.strips is not None,
              "bars magical enchantments": card.bars_enchantments, "raises enchantment limit": card.raises_limit,
              "free while chanting": card.free_while_chanting, "heats a weapon": card.heats_weapon,
              "magic armor": card.magic_armor, "grants": card.grants or card.granted,
              "special effect": card.special_effects, **{name: True for name in card.special_effects},
              "trigger": card.trigger, TRIGGERS.get(card.trigger or "", ""): card.trigger}
    words |= {w for w, has in fields.items() if w and has}
    return frozenset(w.lower() for w in words)


def _behaviours(card: AbilityCard) -> frozenset[str]:
    """The step kinds it plays: a term whose behaviour one of them is lists it."""
    return frozenset(s.kind for _, s in _all_steps(card) if isinstance(s, core.Do))
