"""AST → checked model. Collects every problem (it never stops at the first) and resolves all keyword
words against the registry, so the registry alone decides what a directive or empowerment is.

Error codes (E000-E005 come from reading and parsing, compiler/build.py and compiler/parse.py):
  E000 unreadable file      E002 bad escape             E003 text too long
  E004 surrogate in text    E005 number out of range
  E001 syntax               E010 a line a rule needs    E011 a part given twice
  E012 unknown keyword      E013 parameters             E014 wrong section / kind
  E015 illegal on role      E016 bad value              E017 two titles, one class name
  E018 rules text           E019 requirement            W020 meaningless on role
  W021 unsupported by the engine yet                    W022 broadcast bar nothing reads
  W023 descriptor one letter from a keyword
What a card's lines declare (ruleset.toml: the kinds of card that need a spell's Sphere, role, fluency and Resonance,
an Encounter's Essence, Source Spheres and draw bag, a Nam-Shub's steps; their ranges; the words of its Spheres,
roles and energies; a line given once) compiler.declared_fields checks, with the codes it gives every game (E901 to
E906); a title, compiler.card_titles (E907 too long, E908 another card's). E010 and E011 stay for what a declaration
cannot say: a line one rule needs (a Shield's broadcast bar, a ritual path from fluency 2, an Ally's Koishaka), a
part of a line given twice (a tier, a Koishaka's stat, a colour of the bag).
"""

from __future__ import annotations

import dataclasses
import difflib
import itertools
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from spellc.compiler import card_titles
from spellc.compiler.card_ast import Card as CardNode
from spellc.compiler.card_ast import Field
from spellc.compiler.declared_fields import DeclaredFields, Fields, Line
from spellc.compiler.diagnostics import Diagnostics, did_you_mean
from spellc.compiler.names import class_name
from spellc.compiler.parse import number
from spellc.compiler.rules_text import Action, Condition, Step, Word, Words, check_shape
from spellc.compiler.serpents_tongue import ast
from spellc.compiler.serpents_tongue import model as m
from spellc.compiler.serpents_tongue import steps as effect_steps
from spellc.compiler.serpents_tongue.check_encounter import check_encounter
from spellc.compiler.serpents_tongue.transform import PAY_DISCARD, PAY_ENERGY
from spellc.compiler.source import Span
from spellc.compiler.vocabulary_check import Vocabularies
from spellc.engine.rulesets.serpents_tongue import control, rules_text
from spellc.engine.rulesets.serpents_tongue.bindings import STEP_KINDS
from spellc.engine.rulesets.serpents_tongue.cards import (
    ROLE_WORDS,
    SPHERE_WORDS,
    Aspect,
    Comparison,
    Cost,
    Energy,
    Modifier,
    Param,
    Quantity,
    Requirement,
    RitualTier,
    Role,
    Selector,
    SpecTier,
    Sphere,
    StepTarget,
    Timing,
    Upgrade,
    UpgradeTiming,
    role_word,
)
from spellc.engine.rulesets.serpents_tongue.registry import Keyword, Registry

SECTION_KINDS = ("descriptor", "directive", "empowerment")
# Rules text's own code (its shapes too, refused by the check every game shares: rules_text.check_shape), and an "if
# you did" as this game writes it, the help of one written first.
RULES_TEXT = "E018"
IF_YOU_DID = "may deal Dmg 1 to bearer; if you did: gain 1 Resonance"
Card = m.CheckedSpell | m.CheckedNamShub  # what a title names: a spell (an Encounter's too), or a Nam-Shub's page
# The lines of a spell that only its own rules read, not its declarations: a requirement and an upgrade, which a card
# gives as often as it likes, its ritual path and its targets (read once, where its rules ask for them).
UNDECLARED = ("requirement", "upgrade", "ritual", "targets")
# The lines whose values are parts of this game's own (an aspect list's sections, a rules block's or a tier's lines, a
# Koishaka's stats): the declared checks read where they are and whether they may be given; the checker, what they say.
STRUCTURED = ("aspects", "rules", "spec_tier", "koishaka")
PAGE = "nam-shub"  # the kind of a Nam-Shub's page
PASSIVES = ("passive", "passive_generate")  # a rules block's passive lines: what they grant, what they generate
TARGET_WORDS = {
    "this": "this",
    "bearer": "bearer",
    "caster": "caster",
    "controller": "controller",
    "target": "target",
    "target opponent": "target",
    "impacted": "impacted",  # the being an impact lands on: each Magi of an Area in turn
}
WHOSE = ("caster", "bearer", "controller")
RITE_ZONE_WORDS = ("in", "Rite", "zone")  # a selector's last words for a spell waiting in the Rite zone
# Why `gain control of` refuses a target word that is not a Magi (each of the others names one).
UNCONTROLLABLE = {
    "this": "its controller already controls this spell",
    "target": "the spell's own Target is a Magi for most spells; the step needs a target of its own",
}
LOSABLE = ("Focus",)  # what a condition may ask an effect took: `impacted lost Focus` (Disrupt)
ENERGIES = "lacks"  # the field whose declared vocabulary is every energy a card names (a cost, a condition)
CURSE_HELP = ("help: a Curse is an Attack with Curse Duration: write `role Attack` and add `Curse Duration N` to the "
              "empowerments")
KOISHAKA_ACTIONS = 2  # "By default they have 2 Full Actions every round"
COMPARISONS = {"at least": ">=", "at most": "<=", "fewer than": "<", "more than": ">", "exactly": "=="}

# Asked of every aspect's words.
_CAPITALISED = re.compile(r"[A-Z][A-Za-z'\-]*")
_SIGNED = re.compile(r"[+-]\d+")
_NUMBER = re.compile(r"[+-]?\d+")


# What a card that is not a spell need not print: a Specialization sits in an Enhancement slot and
# is never cast; an Encounter's spells and abilities are paid on its action charts.
KIND_DEFAULTS: dict[str, dict[str, int | Sphere | Role]] = {
    "specialization": {"role": Role.ENHANCE, "fluency": 1, "resonance": 0},
    "artifact": {"role": Role.ENHANCE, "fluency": 1, "resonance": 0},
    "encounter spell": {"fluency": 1, "resonance": 0},
    "encounter ability": {"fluency": 1, "resonance": 0},
}


class Checker:
    def __init__(self, registry: Registry, diags: Diagnostics) -> None:
        self.reg = registry
        self.diags = diags
        self.declared = DeclaredFields(diags, "serpents_tongue")
        self.vocabularies: Vocabularies = self.declared.vocabularies
        self._slots = itertools.count(1)  # numbers a spell's "target KIND"s, each a target of its own

    # ------------------------------------------------------------------ spells
    def check_card(self, node: CardNode, path: str) -> tuple[tuple[Card, ...], None] | None:
        """A card of a file (compiler.frontend): a spell, an Encounter with the spells and abilities it holds,
        or a Nam-Shub's page. Nothing of its AST is kept: the set's checks read only the checked cards."""
        if node.kind == "encounter":
            cards: Sequence[Card] = check_encounter(self, node)
        else:
            checked = self.check_nam_shub(node) if node.kind == PAGE else self.check_spell(node)
            cards = () if checked is None else (checked,)
        return (tuple(cards), None) if cards else None

    def check_set(self, found: list[tuple[tuple[Card, ...], None]], written: frozenset[str],
                  age: card_titles.Age) -> list[Card]:
        """The set's spells (:meth:`check_titles`), then its Nam-Shubs' pages."""
        cards = [card for checked, _ in found for card in checked]
        pages = [card for card in cards if isinstance(card, m.CheckedNamShub)]
        return [*self.check_titles([card for card in cards if isinstance(card, m.CheckedSpell)], pages, age),
                *pages]

    def check_spell(self, node: CardNode, defaults: dict[str, int | Sphere | Role] | None = None,
                    encounter: str | None = None) -> m.CheckedSpell | None:
        """A spell, a Specialization or an Encounter's spell or ability. ``defaults`` stand in for the
        fields such a card does not print (an Encounter's cards take its source Sphere)."""
        defaults = {**KIND_DEFAULTS.get(node.kind, {}), **(defaults or {})}
        errors_before = len([d for d in self.diags.items if d.severity == "error"])
        card_titles.fits(node.title, node.title_span, self.diags)
        fields = self.declared.check(node.kind, node.title_span, self._lines(node))
        sphere = self._sphere(fields) if "sphere" in fields else defaults.get("sphere")
        role = self._role(fields) if "role" in fields else defaults.get("role")
        fluency = _number(fields, "fluency") if "fluency" in fields else defaults.get("fluency")
        resonance = _number(fields, "resonance") if "resonance" in fields else defaults.get("resonance")
        harmony = _number(fields, "harmony")
        assert sphere is None or isinstance(sphere, Sphere)
        assert role is None or isinstance(role, Role)
        assert fluency is None or isinstance(fluency, int)
        assert resonance is None or isinstance(resonance, int)
        tiers = self._tiers(node, fields)
        lists, rules = fields.every("aspects"), fields.every("rules")
        variables = self._variables(rules[0] if rules else None)
        descriptors, directives, empowerments = (
            self._aspect_list(lists[0], role, set(variables)) if lists else ((), (), ())
        )
        broadcast = self._broadcast(node, fields, empowerments)
        misplaced = control.misplaced(role, empowerments)
        if misplaced and lists:
            self.diags.error("E015", misplaced, lists[0].span, "help: add `Curse Duration N` to the empowerments")
        requirements = tuple(r for f in _named(node, "requirement") if (r := self._requirement(f)))
        upgrades = tuple(self._upgrade(f, role) for f in _named(node, "upgrade"))
        ritual = self._ritual(node, fluency, role)
        targets = self._targets(node, role)
        koishaka, koishaka_actions = self._koishaka(node, fields, role)
        name = class_name(node.title)
        triggers, abilities, modifiers, on_impact = self._rules(rules[0] if rules else None, name, role,
                                                               set(variables))
        errors_after = len([d for d in self.diags.items if d.severity == "error"])
        if errors_after > errors_before or sphere is None or role is None:
            return None
        return m.CheckedSpell(
            title=node.title, class_name=name, sphere=sphere, role=role, fluency=fluency or 1,
            resonance=resonance or 0, harmony=harmony or 0, descriptors=descriptors,
            directives=directives, empowerments=empowerments, broadcast=broadcast,
            requirements=requirements, upgrades=upgrades, ritual=ritual, targets=targets,
            modifiers=modifiers, triggers=triggers, abilities=abilities, on_impact=on_impact,
            variables=tuple(sorted(variables.items())), source_path=node.span.source.path,
            line=node.span.line, span=node.span, kind=node.kind, tiers=tiers, encounter=encounter,
            koishaka=koishaka, koishaka_actions=koishaka_actions,
        )

    def check_titles(self, spells: Sequence[m.CheckedSpell], pages: Sequence[m.CheckedNamShub],
                     age: card_titles.Age) -> list[m.CheckedSpell]:
        """A title names its card in the library, its class in generated/ and its page on the site: each must
        be unique (compiler.card_titles, as in every game; its class name is this game's own). A title may be
        printed at several fluencies ("a Magi may only include 3 Karmic Debts even if one is level 1 and the
        others are level 3"): those cards' class and page names carry their fluency. Of two cards that clash, the
        error goes on the newer file's (``age``: a file's modification time), so a new card is blamed rather than
        the shipped one it repeats, and it names both. Returns the spells with their final names."""
        fluencies: dict[str, set[int]] = {}
        for s in spells:
            fluencies.setdefault(s.title.casefold(), set()).add(s.fluency)
        spells = [dataclasses.replace(s, class_name=f"{s.class_name}Fluency{s.fluency}", several_fluencies=True)
                  if len(fluencies[s.title.casefold()]) > 1 else s for s in spells]
        cards: list[Card] = [*spells, *pages]
        kept = card_titles.distinct(card_titles.oldest_first(
            [_titled(card, len(fluencies.get(card.title.casefold(), ())) > 1) for card in cards], age), self.diags)
        classes: dict[tuple[str, str], Card] = {}
        for card in kept:
            first = classes.setdefault((card.module, card.class_name), card)
            if first is not card:
                self.diags.error("E017", f"{card.title!r} compiles to the same class name as {first.title!r} "
                                 f"({card.class_name})", card.span,
                                 f"note: {first.title!r} is at {first.source_path}:{first.line}",
                                 card_titles.HOW_TO_PART)
        return spells

    # ------------------------------------------------------------------ simple fields
    def _lines(self, node: CardNode) -> list[Line[Field]]:
        """Its lines the declared checks read, by their line word: what each writes (a number's value where it is
        written, each Sphere of its broadcast bar), and where its structured lines are."""
        return [self.declared.line(self.declared.line_word(f.name), f, f.span,
                                   () if f.name in STRUCTURED else f.values)
                for f in node.fields if f.name not in UNDECLARED]

    def _sphere(self, fields: Fields[Any]) -> Sphere | None:
        word = fields["sphere"].value.text
        return SPHERE_WORDS[word] if fields.ok("sphere") else None

    def sphere(self, field: str, word: Word) -> Sphere | None:
        """The Sphere ``word`` names, one of those ``field`` is declared to take; None, said, when it is none."""
        said = self.vocabularies.check(field, word.text, word.span)
        return None if said is None else SPHERE_WORDS[said]

    def _role(self, fields: Fields[Any]) -> Role | None:
        """The role its declared vocabulary took; a Curse, refused, is told how one is written."""
        word = fields["role"].value
        if fields.ok("role"):
            return ROLE_WORDS[word.text]
        if word.text.lower() == "curse":
            self.declared.explain(word.span, CURSE_HELP)
        return None

    def _broadcast(self, node: CardNode, fields: Fields[Any], empowerments: tuple[Aspect, ...]
                   ) -> tuple[Sphere, ...]:
        lines = fields.every("broadcast")
        has_shield = any(a.name == "Shield" for a in empowerments)
        if not lines:
            if has_shield:
                self.diags.error("E010", f"Shield {node.title!r} has no broadcast bar", node.title_span,
                                 "help: name the Spheres it blocks, e.g. `broadcast Bio, Matter, Forces`")
            return ()
        spheres = [SPHERE_WORDS[w.text] for w in lines[0].values if self.vocabularies.takes("broadcast", w.text)]
        if not any(self.reg.keywords[a.name].reads_broadcast for a in empowerments if a.name in self.reg.keywords):
            readers = sorted(k.name for k in self.reg.keywords.values() if k.reads_broadcast)
            self.diags.warning("W022", f"a broadcast bar only matters on a {', '.join(readers[:-1])} or {readers[-1]}",
                               lines[0].span)
        return tuple(spheres)

    # ------------------------------------------------------------------ aspects
    def _aspect_list(
        self, node: Field, role: Role | None, variables: set[str]
    ) -> tuple[tuple[str, ...], tuple[Aspect, ...], tuple[Aspect, ...]]:
        sections: tuple[tuple[Words, ...], ...] = node.values
        if len(sections) > 3:
            self.diags.error("E014", "an aspect list has at most three sections: "
                             "descriptors | directives | empowerments", node.span)
            return (), (), ()
        kinds = self._section_kinds(sections) if len(sections) < 3 else list(SECTION_KINDS)
        descriptors: list[str] = []
        directives: list[Aspect] = []
        empowerments: list[Aspect] = []
        last = -1
        for section, kind in zip(sections, kinds, strict=True):
            if kind is None:
                continue
            order = SECTION_KINDS.index(kind)
            if order <= last and section:
                self.diags.error("E014", f"{kind}s must come before the sections that follow them "
                                 "(descriptors | directives | empowerments)", section[0].span)
            last = max(last, order)
            if kind != "descriptor" and self._missing_bar(section):
                continue
            for item in section:
                if kind == "descriptor":
                    d = self._descriptor(item, positional=len(sections) == 3)
                    if d:
                        descriptors.append(d)
                    continue
                aspect = self._aspect(item, (kind,), role, variables)
                if aspect is not None:
                    (directives if kind == "directive" else empowerments).append(aspect)
        return tuple(descriptors), tuple(directives), tuple(empowerments)

    def _missing_bar(self, section: tuple[Words, ...]) -> bool:
        """Report a section that runs two sections together (`Heat Dmg 2`, `Dmg 2, Duration 2 Bonded`): the
        aspect list is `descriptors | directives | empowerments`, and a '|' is likely missing."""
        found: list[tuple[str, Words]] = []
        for item in section:
            hit = self._lookup(item)
            if hit is None and len(item.words) > 1 and self.reg.match([w.text for w in item.words[1:]],
                                                                       ("directive", "empowerment")):
                head, rest = item.words[0], " ".join(w.text for w in item.words[1:])
                self.diags.error("E014", f"'{head.text}' is no directive or empowerment: is a '|' missing after "
                                 "it?", head.span, f"help: `{head.text} | {rest}`")
                return True
            if hit is not None:
                found.append((hit[0].kind, item))
        for (kind, item), (next_kind, following) in itertools.pairwise(found):
            if kind == "directive" and next_kind == "empowerment":
                self.diags.error("E014", f"the empowerment '{following.text()}' follows the directive "
                                 f"'{item.text()}' in one section: is a '|' missing between them?", following.span,
                                 "help: an aspect list reads `descriptors | directives | empowerments`")
                return True
        return False

    def _section_kinds(self, sections: Sequence[tuple[Words, ...]]) -> list[str | None]:
        """Which of descriptors/directives/empowerments each written section is, for lists of 1–2."""
        kinds: list[str | None] = []
        for i, section in enumerate(sections):
            found = {kw.kind for item in section if (hit := self._lookup(item)) for kw in [hit[0]]}
            if "directive" in found and "empowerment" not in found:
                kinds.append("directive")
            elif "empowerment" in found and "directive" not in found:
                kinds.append("empowerment")
            elif found:
                kinds.append("directive" if i == 0 else "empowerment")
            elif i == 0 and all(len(it.words) == 1 and not _is_number(it.words[0].text) for it in section):
                kinds.append("descriptor")
            else:
                kinds.append(self._nearest_kind(section) or
                             ("directive" if i == 0 or kinds[-1] == "descriptor" else "empowerment"))
        return kinds

    def _nearest_kind(self, section: tuple[Words, ...]) -> str | None:
        """An unrecognised section (a typo) takes the kind of the keyword it most resembles."""
        names = {k.name.lower(): k.kind for k in self.reg.keywords.values() if k.kind in SECTION_KINDS}
        for item in section:
            close = difflib.get_close_matches(item.words[0].text.lower(), list(names), n=1, cutoff=0.6)
            if close:
                return names[close[0]]
        return None

    def _lookup(self, item: Words) -> tuple[Keyword, str | None, list[Word]] | None:
        """The keyword the aspect's words name, the qualifier written before it, and its parameters' words."""
        found = _keyword_of(self.reg, tuple(w.text for w in item.words))
        if found is None:
            return None
        keyword, qualifier, first, end = found
        return keyword, qualifier, list(item.words[first:end])

    def _descriptor(self, item: Words, positional: bool) -> str | None:
        text = item.text()
        if len(item.words) != 1 or _is_number(text):
            self.diags.error("E014", f"descriptor '{text}' must be a single word without parameters",
                             item.span, "help: put directives and empowerments after a '|'")
            return None
        # Only a descriptor that is not in the descriptors' place may be a misspelt empowerment.
        near = () if positional else _keyword_near(self.reg, text)
        if near and _closeness(text, near[0]) >= 0.8:
            self.diags.error("E012", f"unknown empowerment '{text}'", item.span, *near,
                             "note: to keep it as a descriptor, write all three sections: "
                             f"`{text} | | ...`")
            return None
        typo = _one_edit_from_keyword(self.reg, text)
        if typo is not None:
            self.diags.warning("W023", f"descriptor '{text}' is one letter away from the {typo.kind} '{typo.name}'",
                               item.span, f"help: did you mean '{typo.name}'?",
                               "note: descriptors are free words, so a misspelt keyword would pass unnoticed")
        return text

    def _aspect(self, item: Words, kinds: tuple[str, ...], role: Role | None,
                variables: set[str], bonus: bool = False) -> Aspect | None:
        hit = self._lookup(item)
        label = " or ".join(kinds) if len(kinds) < 3 else f"{', '.join(kinds[:-1])} or {kinds[-1]}"
        if hit is None:
            head = item.words[0].text
            candidates = self.reg.names(kinds)
            word = head if head not in {e.value for e in Energy} | {"Physical"} else item.text()
            self.diags.error("E012", f"unknown {label} '{word}'", item.span,
                             *did_you_mean(head, candidates) or did_you_mean(item.text(), candidates))
            return None
        kw, qualifier, rest = hit
        if kw.kind not in kinds:
            where = {"directive": "the middle section", "empowerment": "the last section"}.get(kw.kind, "")
            self.diags.error("E014", f"'{kw.name}' is {_article(kw.kind)} {kw.kind}, not {_article(label)} "
                             f"{label}", item.span, f"help: {kw.kind}s go in {where} of the aspect list"
                             if where else "help: see the glossary entry")
            return None
        params = self._params(kw, rest, item, variables, bonus)
        if params is None:
            return None
        if role is not None:
            self._role_rules(kw, role, item.span)
        if kw.behaviour is None:
            self.diags.warning("W021", f"the engine cannot play '{kw.name}' yet", item.span,
                               "note: the card compiles and is documented; casting it in a match stops "
                               "with an 'unsupported' error")
        return Aspect(name=kw.name, params=params, qualifier=qualifier, bonus=bonus and bool(params))

    def _params(self, kw: Keyword, rest: list[Word], item: Words, variables: set[str],
                bonus: bool) -> tuple[Param, ...] | None:
        if kw.params == ("ban",):  # `Prevent Bio Attack spells`: the rest of the words say what is banned
            return self._ban(kw, rest, item)
        wanted = [p for p in kw.params if p != "selector"]
        need = len(wanted) - kw.optional
        if len(rest) > len(wanted):
            extra = rest[len(wanted)]
            shown = " ".join(w.text for w in rest[len(wanted):])
            notes = ("help: is a ',' missing between two aspects?",) if self.reg.match(
                [w.text for w in rest[len(wanted):]], ("directive", "empowerment")) or len(rest) > 1 else ()
            self.diags.error("E013", f"unexpected '{shown}' after '{kw.name}'"
                             f"{'' if wanted else ' (it takes no parameters)'}",
                             extra.span.to(rest[-1].span), *notes)
            return None
        if len(rest) < need:
            self.diags.error("E013", f"'{kw.name}' takes {len(wanted)} parameter"
                             f"{'s' * (len(wanted) != 1)} ({', '.join(wanted)}), got {len(rest)}",
                             item.span, f"help: for example `{_param_example(kw)}`")
            return None
        params: list[Param] = []
        for kind, word in zip(wanted, rest, strict=False):
            value = self._param(kind, word, variables, bonus)
            if value is None:
                return None
            if kind == "word" and kw.choices and value not in kw.choices:
                self.diags.error("E013", f"'{kw.name}' takes {' or '.join(kw.choices)} here, not '{value}'",
                                 word.span, *did_you_mean(str(value), kw.choices))
                return None
            params.append(value)
        return tuple(params)

    def _ban(self, kw: Keyword, rest: list[Word], item: Words) -> tuple[Param, ...] | None:
        try:
            control.read_ban([w.text for w in rest])
        except ValueError as problem:
            self.diags.error("E013", str(problem), rest[0].span.to(rest[-1].span) if rest else item.span,
                             control.BAN_HELP)
            return None
        return tuple(w.text for w in rest)

    def _param(self, kind: str, word: Word, variables: set[str], bonus: bool) -> Param | None:
        text = word.text
        if kind == "energy":  # `Injunction Resonance`
            energy = self._energy(word)
            return energy.value if energy else None
        if kind == "word":
            if _CAPITALISED.fullmatch(text):
                return text
            self.diags.error("E013", f"expected one capitalised word (a descriptor, aspect or Sphere) here, "
                             f"not '{text}'", word.span)
            return None
        if _SIGNED.fullmatch(text):
            if bonus or kind == "bonus":
                return number(text)
            self.diags.error("E013", f"a signed number '{text}' only makes sense where a spell gains "
                             "an aspect", word.span, f"help: write {text.lstrip('+-')}")
            return None
        if text.isdigit():
            return number(text)
        if kind == "duration" and text in ("P", "F"):
            return text
        if kind == "amount" and re.fullmatch(r"[A-Z]", text):
            if text not in variables:
                self.diags.error("E018", f"'{text}' is not defined", word.span,
                                 f"help: define it in the rules block, e.g. `where {text} = Karma charges "
                                 "on target`")
                return None
            return text
        shown = {"duration": "a number, P or F", "amount": "a number or X", "count": "a number"}
        self.diags.error("E013", f"expected {shown.get(kind, kind)} here, not '{text}'", word.span)
        return None

    def _role_rules(self, kw: Keyword, role: Role, span: Span) -> None:
        if kw.roles and role.value not in kw.roles:
            self.diags.error("E015", f"'{kw.name}' is not allowed on {_article(role.value)} {role.value} spell",
                             span, f"note: the glossary allows it on: {', '.join(kw.roles)}")
        elif role.value in kw.meaningless_on:
            self.diags.warning("W020", f"'{kw.name}' is meaningless on {_article(role.value)} {role.value} "
                               "spell", span, "note: the glossary says it does not change how such spells work")

    # ------------------------------------------------------------------ requirements, upgrades, ritual
    def _requirement(self, line: Field) -> Requirement | None:
        phrase: Words = line.value
        words = list(phrase.words)
        texts = [w.text for w in words]
        timing = Timing.CAST
        for t in (Timing.CAST_AND_SUSTAIN, Timing.SUSTAIN, Timing.CAST):
            n = len(t.value.split())
            if [x.lower() for x in texts[-n:]] == t.value.split():
                timing, words, texts = t, words[:-n], texts[:-n]
                break
        on_bearer = [x.lower() for x in texts[-2:]] == ["on", "bearer"]
        if on_bearer:
            words, texts = words[:-2], texts[:-2]
        if not words:
            self.diags.error("E019", "empty requirement", line.span)
            return None
        hit = self.reg.match(texts, ("requirement",))
        count: Word | None = None
        if hit is None and len(texts) > 1 and texts[0].isdigit():
            # `! 2 Actions`: a form whose count is printed before its name.
            lead = self.reg.match(texts[1:], ("requirement",))
            if lead is not None and lead[0].leading_count:
                count, words, texts, hit = words[0], words[1:], texts[1:], lead
        if hit is None:
            self.diags.error("E019", f"unknown requirement '{texts[0]}'", words[0].span,
                             *did_you_mean(texts[0], self.reg.names(("requirement",))),
                             "note: requirements read `! Active X`, `! Discard X` or `! Pay N Energy`, "
                             "optionally followed by `on Bearer` and `to cast` / `to sustain` / "
                             "`to cast and sustain`")
            return None
        kw, n = hit
        rest = words[n:]
        charge = self._charge_discard(kw, rest)
        if charge is not None:  # `! Discard 1 Karma charge`: charges, not a spell
            return Requirement(form=kw.name, count=charge[0], charge=charge[1], on_bearer=on_bearer, timing=timing)
        requirement = self._requirement_form(kw, rest, count, line.span, words[0].span.to(words[n - 1].span))
        if requirement is None:
            return None
        if kw.behaviour is None:
            notes = ["note: the card compiles and is documented; casting it in a match stops with an "
                     "'unsupported' error"]
            self.diags.warning("W021", f"the engine cannot play '{kw.name}' yet", phrase.span, *notes)
        return Requirement(form=kw.name, selector=requirement[0], cost=requirement[1], on_bearer=on_bearer,
                           timing=timing, count=number(count.text) if count is not None else None)

    @staticmethod
    def _charge_discard(kw: Keyword, rest: list[Word]) -> tuple[int, str] | None:
        texts = [w.text for w in rest]
        if kw.name == "Discard" and len(texts) == 3 and texts[0].isdigit() and texts[2] in ("charge", "charges"):
            return number(texts[0]), texts[1]
        return None

    def _requirement_form(self, kw: Keyword, rest: list[Word], count: Word | None, span: Span,
                          name_span: Span) -> tuple[Selector | None, Cost | None] | None:
        """The selector and cost a requirement form's words give, by the form's declared parameters."""
        if kw.params == ("count", "energy"):
            cost = self._cost_words(rest, span)
            return None if cost is None else (None, cost)
        if kw.params == ("selector",):
            selector = self._selector(rest, span, allow_whose=False)
            return None if selector is None else (selector, None)
        if kw.params == ("sphere",):
            if len(rest) != 1:
                self.diags.error("E019", f"'{kw.name}' names one Sphere, such as `{kw.name} Bio`",
                                 rest[0].span.to(rest[-1].span) if rest else span)
                return None
            sphere = self.sphere("sphere", rest[0])
            return None if sphere is None else (Selector(sphere=sphere), None)
        if kw.params == ("count",) and kw.leading_count:
            if count is None:
                self.diags.error("E019", f"'{kw.name}' needs its count first, as printed: `! 2 {kw.name}`",
                                 name_span)
                return None
            if rest:
                self.diags.error("E019", f"unexpected '{' '.join(w.text for w in rest)}' after '{kw.name}'",
                                 rest[0].span.to(rest[-1].span))
                return None
            return None, None
        if kw.params == ():
            if rest:
                self.diags.error("E019", f"unexpected '{' '.join(w.text for w in rest)}' after '{kw.name}' "
                                 "(it takes no parameters)", rest[0].span.to(rest[-1].span))
                return None
            return None, None
        raise ValueError(f"requirement form {kw.name!r} has parameters {kw.params} the checker cannot read")

    def _cost_words(self, words: list[Word], span: Span) -> Cost | None:
        if len(words) != 2 or not words[0].text.isdigit():
            self.diags.error("E019", "expected an amount and an energy, such as `Pay 1 Essence`",
                             words[0].span.to(words[-1].span) if words else span)
            return None
        energy = self._energy(words[1])
        return Cost(amount=number(words[0].text), energy=energy) if energy else None

    def _energy(self, word: Word) -> Energy | None:
        """The energy ``word`` names, in any case (`bearer's essence`); else the declared vocabulary's error."""
        for e in Energy:
            if e.value.lower() == word.text.lower():
                return e
        self.vocabularies.check(ENERGIES, word.text, word.span)
        return None

    def _selector(self, words: Sequence[Word], span: Span, allow_whose: bool = True) -> Selector | None:
        whose = at = None
        sphere = role = None
        curse = False
        state = "active"
        descriptors: list[str] = []
        has: list[str] = []
        any_spell = False
        items = list(words)
        if len(items) >= 2 and items[-2].text == "at":
            at = self._target_word(items[-1])
            items = items[:-2]
        if [w.text for w in items[-3:]] == list(RITE_ZONE_WORDS):  # "spell in Rite zone": one waiting there
            state, items = "rite", items[:-3]
        for w in items:
            t = w.text
            if allow_whose and t.endswith("'s") and t[:-2] in WHOSE:
                whose = t[:-2]
            elif t in ("active", "manifesting", "dormant"):
                state = t
            elif t in ("spell", "spells"):
                any_spell = True
            elif t in SPHERE_WORDS:
                sphere = Sphere(t)
            elif t in ("Curse", "Curses"):
                curse, role = True, Role.ATTACK
            elif role_word(t):
                role = role_word(t)
            elif self._empowerment_word(t):
                has.append(self._empowerment_word(t) or t)  # "Forces Shape-Shifts": spells with Shape-Shift
            elif t[:1].isupper() and not _is_number(t):
                descriptors.append(t)
            else:
                self.diags.error("E016", f"'{t}' does not describe a spell", w.span,
                                 "note: name a Sphere, descriptors and a role, e.g. `Matter Component` "
                                 "or `caster's Bio Attack spells at bearer`")
                return None
        if not (sphere or role or descriptors or curse or has or any_spell):
            self.diags.error("E016", "this names no kind of spell", span)
            return None
        return Selector(sphere=sphere, role=role, descriptors=tuple(descriptors), curse=curse,
                        whose=whose, at=at, state=state, has=tuple(has))

    def _empowerment_word(self, word: str) -> str | None:
        """An empowerment named inside a selector ("Shape-Shifts"), singular or plural."""
        for w in (word, word[:-1] if word.endswith("s") else word):
            kw = self.reg.get(w)
            if kw is not None and kw.kind == "empowerment" and len(kw.words) == 1:
                return kw.name
        return None

    def _upgrade(self, line: Field, role: Role | None) -> Upgrade:
        """`^ aspects for COST or COST [per round | this impact]`: without a timing, paid as the spell is cast."""
        added, *rest = line.values
        aspects = tuple(a for item in added if (a := self._added(item, role)))
        costs = tuple(c for cw in rest if isinstance(cw, ast.CostWords) if (c := self._cost(cw)))
        timing = next((t for t in rest if isinstance(t, str)), UpgradeTiming.CAST)
        return Upgrade(aspects=aspects, costs=costs, timing=UpgradeTiming(timing))

    def _added(self, item: Words, role: Role | None) -> Aspect | None:
        """An aspect an upgrade or a ritual tier adds, as printed: ``Duration +1`` adds to the spell's
        Duration, ``Pierce 1`` gives it Pierce 1 (and reads "Pierce 1" on the site, not "Pierce +1")."""
        signed = any(re.fullmatch(r"[+-]\d+", w.text) for w in item.words)
        return self._aspect(item, ("directive", "empowerment"), role, set(), bonus=signed)

    def _cost(self, cw: ast.CostWords) -> Cost | None:
        energy = self._energy(cw.energy)
        return Cost(amount=cw.amount, energy=energy) if energy else None

    def _ritual(self, node: CardNode, fluency: int | None, role: Role | None) -> tuple[RitualTier, ...]:
        lines = _named(node, "ritual")
        if not lines:
            if fluency is not None and fluency >= 2:
                self.diags.error("E010", f"fluency {fluency} spell {node.title!r} has no ritual path",
                                 node.title_span, "help: add `ritual T1 | T2 | T3 | T4` (N/A for empty tiers)")
            return ()
        if fluency == 1:
            self.diags.error("E016", "only spells of fluency 2 and higher carry a ritual path", lines[0].span)
        tiers = []
        for tier in lines[0].values:  # an N/A tier adds nothing
            aspects = tuple(a for item in tier if (a := self._added(item, role)))
            tiers.append(RitualTier(aspects=aspects))
        return tuple(tiers)

    def _targets(self, node: CardNode, role: Role | None) -> Selector | None:
        lines = _named(node, "targets")
        if not lines:
            if role in (Role.ABJURATION, Role.TRANSMUTE):
                self.diags.error("E010", f"{role.value} {node.title!r} does not say which spells it targets",
                                 node.title_span, "help: add a line such as `targets active Curse`")
            return None
        return self._selector(lines[0].value.words, lines[0].span)

    # ------------------------------------------------------------------ Specialization tiers
    def _tiers(self, node: CardNode, fields: Fields[Field]) -> tuple[SpecTier, ...]:
        lines = fields.every("tier")  # none on a card of another kind: said by the declared checks
        out: list[SpecTier] = []
        seen: set[str] = set()
        for line in lines:  # `tier A1 "Name" cost 4 { rules }`
            written, name, cost, *rules = line.values
            key = written.text
            if not re.fullmatch(r"[AB][1-9]", key):
                self.diags.error("E016", f"a tier is named by its tree and number, such as A1 or B2, not '{key}'",
                                 written.span)
                continue
            if key in seen:
                self.diags.error("E011", f"duplicate tier {key}", written.span)
                continue
            seen.add(key)
            modifiers: list[Modifier] = []
            for rule in rules:
                mod = self._modifier(rule)
                if mod is not None:
                    modifiers.append(mod)
                elif rule.name not in PASSIVES:
                    self.diags.error("E018", "a Specialization tier holds passive rules only, for now", rule.span,
                                     "note: write the tier's ability as `passive: ... gain ...` or "
                                     "`passive: ... generate ...`")
            out.append(SpecTier(tree=key[0], tier=number(key[1:]), name=name.text, cost=cost,
                                modifiers=tuple(modifiers)))
        for t in out:
            if t.tier > 1 and f"{t.tree}{t.tier - 1}" not in seen:
                self.diags.error("E016", f"tier {t.key} needs tier {t.tree}{t.tier - 1} before it", node.title_span,
                                 "note: \"You must unlock tier 1 of a tree before tier 2\"")
        return tuple(out)

    def _modifier(self, rule: Field, role: Role | None = None) -> Modifier | None:
        """A passive rule: what it grants the spells it selects, or what it makes them generate. On a
        Transmute, ``target gains ...`` modifies the spell it is combined with ("Targets other spells and
        modifies them for some Duration")."""
        if rule.name not in PASSIVES:
            return None
        selector, *rest = rule.values  # `passive: SELECTOR gain aspects` or `... generate N Energy, ...`
        if rule.name == "passive" and [w.text for w in selector.words] == ["target"]:
            if role is not Role.TRANSMUTE:
                self.diags.error("E018", "only a Transmute's passive names its target: the spell it modifies",
                                 selector.span, "help: name the spells, e.g. `caster's Bio Attack spells`")
                return None
            grants = tuple(a for g in rest[0] if (a := self._transmuted(g)))
            return Modifier(selector=Selector(combined=True), grants=grants)
        sel = self._selector(selector.words, selector.span)
        if rule.name == "passive":
            grants = tuple(a for g in rest[0]
                           if (a := self._aspect(g, ("directive", "empowerment"), None, set(), True)))
            return Modifier(selector=sel, grants=grants) if sel else None
        costs = tuple(c for cw in rest if (c := self._cost(cw)))
        return Modifier(selector=sel, generate=costs) if sel else None
    def _transmuted(self, item: Words) -> Aspect | None:
        """What a Transmute's target gains: a directive, an empowerment — or, "A spell that has Action
        requirements added to it (via a spell such as Prolong Cast)", Actions (`target gains 1 Actions`)."""
        hit = self.reg.match([w.text for w in item.words], ("requirement",))
        if hit is not None and not hit[0].leading_count:
            self.diags.error("E014", f"a spell cannot gain the requirement '{hit[0].name}'", item.span,
                             "help: a Transmute adds Full Actions to a spell: `target gains 1 Actions`")
            return None
        return self._aspect(item, ("directive", "empowerment", "requirement"), None, set(), True)

    # ------------------------------------------------------------------ Ally spells
    def _koishaka(self, node: CardNode, fields: Fields[Field], role: Role | None) -> tuple[tuple[Cost, ...], int]:
        """An Ally spell prints its Koishaka: the energies it has ("Koishaka if they have the Resonance
        stat") and its Full Actions ("the same default of 2 full actions")."""
        lines = fields.every("koishaka")
        if not lines:
            if role is Role.ALLY:
                self.diags.error("E010", f"Ally spell {node.title!r} does not print its Koishaka", node.title_span,
                                 "help: add a line such as `koishaka Essence 4, Resonance 0, Actions 2`")
            return (), KOISHAKA_ACTIONS
        if role is not None and role is not Role.ALLY:
            self.diags.error("E015", f"only an Ally spell summons a Koishaka, not {_article(role.value)} "
                             f"{role.value} spell", lines[0].span)
            return (), KOISHAKA_ACTIONS
        energies: list[Cost] = []
        actions = KOISHAKA_ACTIONS
        seen: set[str] = set()
        misprinted = False
        for stat in lines[0].values:
            name = stat.name.text
            if name in seen:
                self.diags.error("E011", f"duplicate Koishaka stat '{name}'", stat.span)
                continue
            seen.add(name)
            if name == "Actions":
                actions = stat.value
                continue
            if not any(e.value.lower() == name.lower() for e in Energy):
                self.diags.error("E016", f"unknown Koishaka stat '{name}'", stat.name.span,
                                 *did_you_mean(name, [*(e.value for e in Energy), "Actions"]))
                misprinted = True
                continue
            energy = self._energy(stat.name)
            if energy is not None:
                energies.append(Cost(amount=stat.value, energy=energy))
        essence = next((c.amount for c in energies if c.energy is Energy.ESSENCE), None)
        if (essence is None and not misprinted) or (essence is not None and essence <= 0):
            self.diags.error("E016", "a Koishaka needs at least 1 Essence: it is discarded when it has none",
                             lines[0].span, "help: print it first, e.g. `koishaka Essence 4`")
        return tuple(energies), actions

    # ------------------------------------------------------------------ Nam-Shub pages
    def check_nam_shub(self, node: CardNode) -> m.CheckedNamShub | None:
        errors_before = len([d for d in self.diags.items if d.severity == "error"])
        card_titles.fits(node.title, node.title_span, self.diags)
        fields = self.declared.check(PAGE, node.title_span, [
            self.declared.line(self.declared.line_word(f.name), f, f.span) for f in node.fields])
        steps: list[m.MNamShubStep] = []
        for f in fields.every("step"):  # `step "Name" [options] for costs: STEPS`
            name, *parts = f.values
            options = []
            for o in _parts(parts, Words):
                a = self._aspect(o, ("empowerment",), None, set())
                if a is not None and a.name != "Free Action":
                    self.diags.error("E015", f"a Nam-Shub step may be a Free Action, nothing else ('{a.name}')",
                                     o.span)
                elif a is not None:
                    options.append(a)
            check_shape(f.steps, self.diags, IF_YOU_DID, RULES_TEXT)  # each step of a page is an effect of its own
            body = self._steps(f.steps, set())
            steps.append(m.MNamShubStep(
                name=name.text, free=any(a.name == "Free Action" for a in options),
                costs=tuple(c for cw in _parts(parts, ast.CostWords) if (c := self._cost(cw))), steps=body,
                method=f"step_{len(steps)}", targets_opponent=_names_target(body), span=f.span))
        if len([d for d in self.diags.items if d.severity == "error"]) > errors_before:
            return None
        return m.CheckedNamShub(title=node.title, class_name=class_name(node.title), steps=tuple(steps),
                                victory="victory" in fields, source_path=node.span.source.path, line=node.span.line,
                                span=node.span)

    # ------------------------------------------------------------------ rules text
    def _variables(self, block: Field | None) -> dict[str, Quantity]:
        out: dict[str, Quantity] = {}
        for rule in block.values if block else ():
            if rule.name == "definition":  # `where X = QUANTITY`
                name, value = rule.values
                if not re.fullmatch(r"[A-Z]", name.text):
                    self.diags.error("E018", f"'{name.text}' cannot be a variable: use one capital letter",
                                     name.span)
                    continue
                q = self._quantity(value.words, value.span)
                if q is not None:
                    out[name.text] = q
        return out

    def _rules(self, block: Field | None, cls: str, role: Role | None, variables: set[str]
               ) -> tuple[tuple[m.MTrigger, ...], tuple[m.MAbility, ...], tuple[Modifier, ...], tuple[m.Step, ...]]:
        triggers: list[m.MTrigger] = []
        abilities: list[m.MAbility] = []
        modifiers: list[Modifier] = []
        on_impact: list[m.Step] = []
        self._slots = itertools.count(1)
        rules: tuple[Field, ...] = block.values if block else ()
        for rule in rules:
            if rule.name in ("trigger", "ability"):
                check_shape(rule.steps, self.diags, IF_YOU_DID, RULES_TEXT)
            if rule.name == "trigger":  # `when EVENT: steps`
                event = self._event(rule.value)
                steps = self._steps(rule.steps, variables)
                if event:
                    triggers.append(m.MTrigger(event=event, steps=steps, method=f"when_{len(triggers)}"))
            elif rule.name in PASSIVES:
                mod = self._modifier(rule, role)
                if mod is not None:
                    modifiers.append(mod)
            elif rule.name == "ability":  # `ability "Name" [options]: steps`: no options, it takes a Full Action
                name, *options = rule.values
                opts = tuple(a for o in (options[0] if options else ())
                             if (a := self._aspect(o, ("empowerment",), None, variables)))
                abilities.append(m.MAbility(name=name.text, aspects=opts, steps=self._steps(rule.steps, variables),
                                            method=f"ability_{len(abilities)}"))
            elif rule.name == "on_impact":
                on_impact.extend(self._steps(rule.steps, variables))
        # Every `on impact` line is one effect: its shape is checked as a whole.
        check_shape([s for r in rules if r.name == "on_impact" for s in r.steps], self.diags, IF_YOU_DID,
                    RULES_TEXT)
        for method_steps in [on_impact, *(t.steps for t in triggers), *(a.steps for a in abilities)]:
            effect_steps.check_targets(method_steps, self.diags)
        return tuple(triggers), tuple(abilities), tuple(modifiers), tuple(on_impact)

    def effect(self, steps: Sequence[Step]) -> tuple[m.Step, ...]:
        """One effect of rules text outside a rules block (an Encounter's Discord Event), checked as a rule's
        steps are: its shape, its steps with their step targets numbered afresh, what each one can take."""
        check_shape(steps, self.diags, IF_YOU_DID, RULES_TEXT)
        self._slots = itertools.count(1)
        checked = self._steps(steps, set())
        effect_steps.check_targets(checked, self.diags)
        return checked

    def _event(self, phrase: Words) -> str | None:
        """The registry event a `when` phrase names, word for word in any case (`when bearer is disrupted`
        is `bearer is Disrupted`); a `WHO` row is one event for each being it may name."""
        text = " ".join(w.text.lower() for w in phrase.words)
        by_words = {name.lower(): name for name in self.reg.events}
        if text in by_words:
            return by_words[text]
        # The note lists each row once: `WHO is Disrupted`, not its three instances.
        rows = sorted({e.base or e.name for e in self.reg.events.values()}, key=str.lower)
        self.diags.error("E018", f"unknown trigger 'when {phrase.text()}'", phrase.span,
                         *did_you_mean(text, self.reg.events),
                         f"note: known triggers: {'; '.join(rows)}",
                         *(["note: WHO is bearer, caster or controller"] if any("WHO" in r for r in rows) else []))
        return None

    def _steps(self, steps: Iterable[Step], variables: set[str]) -> tuple[m.Step, ...]:
        return tuple(s for step in steps if (s := self._step(step, variables)) is not None)

    def _step(self, step: Step, variables: set[str]) -> m.Step | None:
        """One of seed 003's forms, checked: its condition and its costs before its action, as they are read."""
        span = step.span
        if step.form == "choose one":
            return m.MChooseOne(options=tuple(self._steps(o, variables) for o in step.options), span=span)
        cond = self._condition(step.condition) if step.condition is not None else None
        paid = [self._pay(c) for c in step.costs]
        assert step.action is not None  # the grammar gives every form but "choose one" a step kind
        inner = self._action(step.action, variables)
        if inner is None or (step.condition is not None and cond is None):
            return None
        if step.form == "do":
            return inner
        if step.form == "may":
            return m.MMay(step=inner, span=span)
        if step.form == "if you did":
            return m.MIfYouDid(step=inner, span=span)
        if cond is not None:
            return m.MIf(condition=cond, step=inner, negate=step.form == "unless", span=span)
        return m.MPayTo(costs=tuple(c for c in paid if isinstance(c, Cost)),
                        discards=tuple(c for c in paid if isinstance(c, str)), step=inner, span=span)

    def _pay(self, cost: Action) -> Cost | str | None:
        """A pay-to cost: an energy (``pay 1 Resonance``) or what it discards (``discard this``)."""
        if cost.kind == PAY_ENERGY:
            amount, word = cost.args
            assert isinstance(amount, int) and isinstance(word, Word)
            energy = self._energy(word)
            return Cost(amount=amount, energy=energy) if energy else None
        discarded = cost.args[0]
        assert cost.kind == PAY_DISCARD and isinstance(discarded, Words)
        return self._cost_target(discarded)

    def _action(self, step: Action, variables: set[str]) -> m.MDo | None:
        """A step kind, its arguments read as its declaration says (engine.rulesets.serpents_tongue.rules_text)."""
        signature = STEP_KINDS.get(step.kind)
        if signature is None or len(signature.params) != len(step.args):
            raise TypeError(f"the grammar's step kind {step.kind!r} has no declaration of {len(step.args)} "
                            "arguments in engine.rulesets.serpents_tongue")
        args = tuple(self._argument(p, a, variables) for p, a in zip(signature.params, step.args, strict=True))
        return m.MDo(kind=step.kind, args=args, span=step.span) if None not in args else None

    def _argument(self, param: str, arg: Any, variables: set[str]) -> Any:
        if param == "directive":
            return self._aspect(arg, ("directive",), None, variables)
        if param == "target":
            return self._target(arg)
        if param == "controllable":
            return self._controllable(arg)
        if param == "energy":
            return self._energy(arg)
        if param == "charge":
            return arg.text
        if param == "spells":
            return self._selector(arg.words, arg.span)
        return arg  # an amount

    def _target(self, phrase: Words) -> m.Target | None:
        text = phrase.text()
        if text in TARGET_WORDS:
            return TARGET_WORDS[text]
        words = phrase.words
        if len(words) > 1 and words[0].text == "target" and _names_a_kind(words[1].text):
            return self._step_target(words[1:], phrase.span)
        self.diags.error("E018", f"unknown target '{text}'", phrase.span,
                         *did_you_mean(text, [*TARGET_WORDS, "target Magi", "target spell"]),
                         "note: a step takes this, bearer, caster, controller, target (the spell's own), "
                         "or a target of its own: `target Magi`, `target spell`, `target Curse` ...")
        return None

    def _step_target(self, words: Sequence[Word], span: Span) -> StepTarget | None:
        """``target Magi`` / ``target KIND OF SPELL``: a target of the step's own (seed 003, 5.2.3.b)."""
        if [w.text for w in words] == ["Magi"]:
            return StepTarget(slot=next(self._slots))
        if [w.text for w in words] == ["Koishaka"]:  # a being, not a spell descriptor
            return StepTarget(slot=next(self._slots), being="Koishaka")
        selector = self._selector(words, span, allow_whose=False)
        return StepTarget(slot=next(self._slots), selector=selector) if selector else None

    def _controllable(self, phrase: Words) -> StepTarget | None:
        """What `gain control of` may take: a spell or a Koishaka, named by a target of the step's own. A Magi
        has no controller ("The Magi that has current authority over a card"), and a word names a Magi, this
        spell (its controller already controls it) or the spell's own Target (a Magi for most spells)."""
        target = self._target(phrase)
        if target is None:
            return None
        if isinstance(target, StepTarget) and (target.selector is not None or target.being == "Koishaka"):
            return target
        text = phrase.text()
        why = UNCONTROLLABLE.get(text, f"'{text}' is a Magi, and a Magi has no controller")
        self.diags.error("E018", f"cannot gain control of '{text}': {why}", phrase.span,
                         "note: only a spell or a Koishaka has a controller, \"The Magi that has current authority "
                         "over a card\"; write `gain control of target spell`, `... target Enhancement`, "
                         "`... target Koishaka`")
        return None

    def _cost_target(self, phrase: Words) -> str | None:
        target = self._target(phrase)
        if isinstance(target, StepTarget):
            self.diags.error("E018", f"the engine cannot play a cost that names '{target.text()}' yet",
                             phrase.span, "note: a pay-to cost may discard this, or the spell's own target")
            return None
        return target

    def _target_word(self, word: Word) -> str | None:
        return TARGET_WORDS.get(word.text)

    def _quantity(self, words: Sequence[Word], span: Span) -> Quantity | None:
        texts = [w.text for w in words]
        # "Karma charges on target"
        if len(texts) == 4 and texts[1] in ("charges", "charge") and texts[2] == "on" and texts[3] in TARGET_WORDS:
            return Quantity(kind="charges", name=texts[0], of=TARGET_WORDS[texts[3]])
        # "bearer's Essence"
        if len(texts) == 2 and texts[0].endswith("'s") and texts[0][:-2] in TARGET_WORDS:
            energy = self._energy(words[1])
            return Quantity(kind="energy", name=energy.value, of=TARGET_WORDS[texts[0][:-2]]) if energy else None
        self.diags.error("E018", f"cannot count '{' '.join(texts)}'", span,
                         "note: write `KIND charges on TARGET` or `TARGET's ENERGY`")
        return None

    def _condition(self, condition: Condition) -> Comparison | None:
        """``TARGET has at least N ENERGY`` / ``TARGET has fewer than N KIND charges``."""
        words = list(condition.words)
        texts = [w.text for w in words]
        # "If a Magi loses Focus this way": what the effect took from the being it impacts.
        if len(texts) == 3 and texts[0] in TARGET_WORDS and texts[1] == "lost" and texts[2] in LOSABLE:
            return Comparison(quantity=Quantity(kind="lost", name=texts[2], of=TARGET_WORDS[texts[0]]), op=">=",
                             amount=1)
        if len(texts) >= 5 and texts[1] == "has" and texts[0] in TARGET_WORDS:
            for phrase_op, op in COMPARISONS.items():
                n = len(phrase_op.split())
                if texts[2:2 + n] == phrase_op.split() and texts[2 + n].isdigit():
                    rest = words[3 + n:]
                    amount = number(texts[2 + n])
                    of = TARGET_WORDS[texts[0]]
                    if len(rest) == 1:
                        energy = self._energy(rest[0])
                        if energy:
                            return Comparison(quantity=Quantity(kind="energy", name=energy.value, of=of),
                                             op=op, amount=amount)
                        return None
                    if len(rest) == 2 and rest[1].text in ("charges", "charge"):
                        return Comparison(quantity=Quantity(kind="charges", name=rest[0].text, of=of),
                                         op=op, amount=amount)
        self.diags.error("E018", f"cannot read the condition '{' '.join(texts)}'", condition.span,
                         "note: write `TARGET has at least|at most|fewer than|more than|exactly N ENERGY`, "
                         f"`... N KIND charges` or `TARGET lost {' | '.join(LOSABLE)}`")
        return None


def _titled(card: Card, several: bool) -> card_titles.Titled[Card]:
    """A card as the title checks read it: a spell whose title is printed at ``several`` fluencies is one card
    per fluency."""
    printing = f"fluency {card.fluency}" if several and card.fluency is not None else None
    return card_titles.Titled(card, card.title, card.page_slug, card.span, f"{card.source_path}:{card.line}",
                              printing)


def _named(card: CardNode, line: str) -> list[Field]:
    """A card's lines the grammar builds as ``line``, in order."""
    return [f for f in card.fields if f.name == line]


def _parts(values: Sequence[Any], kind: type) -> tuple[Any, ...]:
    """The part of a line that is a run of ``kind`` (a Nam-Shub step's options, or its costs); none if it has none."""
    return next((v for v in values if isinstance(v, tuple) and v and isinstance(v[0], kind)), ())


def _names_a_kind(word: str) -> bool:
    """After `target`: Magi, or the first word of a kind of spell (spell, active, a Sphere, a descriptor)."""
    return word[:1].isupper() or word in ("spell", "active", "manifesting")
def _names_target(steps: Sequence[m.Step]) -> bool:
    """Whether rules-text steps speak of "target (opponent)", so that whoever performs them chooses one."""
    return rules_text.names_target(effect_steps.to_core(steps))


def _is_number(text: str) -> bool:
    return bool(_NUMBER.fullmatch(text))


def _closeness(a: str, note: str) -> float:
    name = note.split("'")[1]
    return difflib.SequenceMatcher(None, a.lower(), name.lower()).ratio()


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _number(fields: Fields[Any], word: str) -> int | None:
    """The number a one-value field writes; None when it gives none, or one out of its range (said by the declared
    checks: what reads it then says nothing more, a fluency 5 spell is not told it lacks a ritual path)."""
    return fields[word].value if fields.ok(word) else None


def _param_example(kw: Keyword) -> str:
    sample = {"amount": "1", "count": "3", "duration": "2", "bonus": "+1", "word": "Heat", "energy": "Resonance",
              "ban": "Attack spells"}
    return " ".join([kw.name, *(sample.get(p, p) for p in kw.params)])


# Asked once per word and registry, not per card: a set's cards repeat their descriptors.
@lru_cache(maxsize=4096)
def _keyword_near(reg: Registry, word: str) -> tuple[str, ...]:
    """The directive or empowerment ``word`` may be a misspelling of."""
    return did_you_mean(word, reg.names(("directive", "empowerment")))


@lru_cache(maxsize=4096)
def _one_edit_from_keyword(reg: Registry, word: str) -> Keyword | None:
    """A one-word keyword ``word`` misspells by one letter (added, dropped, changed or two swapped)."""
    if reg.get(word) is not None:
        return None
    return next((k for k in reg.keywords.values() if k.kind in SECTION_KINDS and len(k.words) == 1
                 and _one_edit(word.lower(), k.name.lower())), None)


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one letter added, dropped or changed, or two neighbours swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    short, long_ = sorted((a, b), key=len)
    i = next((i for i in range(len(short)) if short[i] != long_[i]), len(short))
    return short[i:] == long_[i + 1:]


@lru_cache(maxsize=4096)  # the aspects of a set recur on card after card, and each is looked up several times
def _keyword_of(reg: Registry, words: tuple[str, ...]) -> tuple[Keyword, str | None, int, int | None] | None:
    """The keyword ``words`` name (as an aspect is written), the qualifier before it, and where its parameters'
    words start and end."""
    hit = reg.match(list(words), ("directive", "empowerment"))
    if hit:
        return hit[0], None, hit[1], None
    hit = reg.match(list(words[1:]), ("directive", "empowerment"))
    if hit and words and words[0] in hit[0].qualifiers:
        return hit[0], words[0], 1 + hit[1], None
    hit = reg.match(list(words[1:]), ("requirement",))
    if hit and hit[0].leading_count and hit[1] == len(words) - 1:  # `2 Actions`, as a requirement is printed
        return hit[0], None, 0, 1
    return None
