"""Checked model → Python card classes, one module per Sphere (Jinja2 templates); a card's rules text is data,
the engine's step values (engine.core.steps), which engine.rulesets.serpents_tongue.rules_text plays.

Card values reach Python only through :func:`py_literal`, which builds constructor calls from
``repr`` of plain values, so no card text can ever become code; text in comments and docstrings goes
through :func:`inert_text` and names through :func:`identifier`. The templates' ``finalize`` hook refuses
any value that did not pass one of these filters, so a template cannot paste raw text by mistake. Every
module's code is parsed with :func:`ast.parse` before it is returned.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import jinja2

from spellc.compiler import rendered
from spellc.compiler.python_code import Code, identifier, import_lines, inert_text, names_used, only_code, py_literal
from spellc.compiler.rendered import BYTECODE
from spellc.compiler.serpents_tongue import model as m
from spellc.compiler.serpents_tongue import render_text
from spellc.compiler.serpents_tongue import steps as effect_steps
from spellc.engine.core import steps as core
from spellc.engine.rulesets.serpents_tongue.cards import DISCORD_EVENT_METHOD, Ability, Declaration, Trigger
from spellc.engine.rulesets.serpents_tongue.namshub import NamShubStep

TEMPLATES = Path(__file__).with_name("templates")


@dataclass(frozen=True, slots=True)
class Method:
    """One rules-text method of a card (on_impact, a trigger's, an ability's) as the engine's step values."""

    name: str
    line: int
    steps: tuple[core.Step, ...]


def spell_modes(spell: m.CheckedSpell) -> tuple[str, ...]:
    """A "choose one" of a spell's impact is chosen when the spell is declared (seed 003): the engine
    reads the modes from the class and asks before the target. They are its impact's declared modes."""
    declared = effect_steps.declaration(spell.on_impact)
    return declared.modes if declared else ()


def _rules_methods(spell: m.CheckedSpell) -> list[tuple[str, int, tuple[m.Step, ...]]]:
    out = [("on_impact", spell.on_impact[0].span.line, spell.on_impact)] if spell.on_impact else []
    for t in spell.triggers:
        out.append((t.method, t.steps[0].span.line if t.steps else spell.line, t.steps))
    for a in spell.abilities:
        out.append((a.method, a.steps[0].span.line if a.steps else spell.line, a.steps))
    if spell.discord_event:
        out.append((DISCORD_EVENT_METHOD, spell.discord_event[0].span.line, spell.discord_event))
    return out


def declarations(spell: m.CheckedSpell) -> dict[str, Declaration]:
    """Each method's modes and step targets, which the engine asks before the method's first step."""
    return {name: decl for name, _, steps in _rules_methods(spell) if (decl := effect_steps.declaration(steps))}


def methods(spell: m.CheckedSpell) -> list[Method]:
    return [Method(name, line, effect_steps.to_core(steps)) for name, line, steps in _rules_methods(spell)]


def nam_shub_methods(page: m.CheckedNamShub) -> list[Method]:
    return [Method(s.method, s.steps[0].span.line, effect_steps.to_core(s.steps)) for s in page.steps if s.steps]


def nam_shub_steps(steps: Sequence[m.MNamShubStep]) -> Code:
    return py_literal(tuple(NamShubStep(name=s.name, free=s.free, costs=s.costs, method=s.method if s.steps else None,
                                        targets_opponent=s.targets_opponent) for s in steps))


@cache  # its templates are compiled once per process, not at every build
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        bytecode_cache=BYTECODE,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,  # Python, not HTML: values go through the filters below instead
        finalize=only_code,
    )
    env.filters["py"] = py_literal
    env.filters["inert_text"] = inert_text
    env.filters["identifier"] = identifier
    env.filters["identifiers"] = lambda names: Code(", ".join(identifier(n) for n in names))
    env.filters["triggers_py"] = lambda ts: py_literal(tuple(Trigger(event=t.event, method=t.method) for t in ts))
    env.filters["abilities_py"] = lambda abs_: py_literal(
        tuple(Ability(name=a.name, aspects=a.aspects, method=a.method) for a in abs_)
    )
    env.filters["variables_py"] = lambda vs: py_literal(dict(vs))
    env.filters["methods"] = methods
    env.filters["modes"] = spell_modes
    env.filters["declarations"] = declarations
    env.filters["encounter_fields"] = lambda rules: [(identifier(f.name), getattr(rules, f.name))
                                                     for f in dataclasses.fields(rules)]
    env.filters["steps_text"] = render_text.steps_text
    env.filters["ns_methods"] = nam_shub_methods
    env.filters["ns_steps_py"] = nam_shub_steps
    return env


# Where each name a compiled module may use comes from: a module imports only those it uses, so that it
# holds what is specific to its cards and nothing more (tests/test_build_determinism.py checks it).
IMPORTS = {
    "spellc.engine.rulesets.serpents_tongue.cards": (
        "Ability", "ActionChart", "Aspect", "ChartCondition", "ChartLine", "Comparison", "Cost", "Declaration",
        "DieChart", "DieFace", "EncounterCard", "EncounterResponse", "Energy", "Modifier", "Quantity",
        "Requirement", "RitualTier", "Role", "Selector", "SourceRef", "SpecTier", "SpellCard", "Sphere", "Stat",
        "StepTarget", "Threshold", "Timing", "Trigger", "Upgrade", "UpgradeTiming"),
    "spellc.engine.core.steps": ("ChooseOne", "Condition", "Do", "If", "IfYouDid", "May", "PayTo", "Unless"),
    "spellc.engine.rulesets.serpents_tongue.namshub": ("NamShub", "NamShubStep"),
}


def _module(template: jinja2.Template, one: jinja2.Template, macro: str, members: tuple[object, ...],
            **values: object) -> str:
    """A module of a class per member, the macro ``macro`` of ``one`` drawing each (once for the same member, so
    a rebuild draws only the edited cards' classes again), importing from the table above each name its code
    uses. Kept for the same members: a rebuild writes again only the modules of the edited cards."""
    return _module_of(template, one, macro, members, tuple(sorted(values.items())))


@lru_cache(maxsize=64)
def _module_of(template: jinja2.Template, one: jinja2.Template, macro: str, members: tuple[object, ...],
               values: tuple[tuple[str, object], ...]) -> str:
    classes = tuple(_class(one, macro, member) for member in members)
    bare = template.render(imports=Code(""), classes=classes, cards=members, **dict(values))
    return template.render(imports=import_lines(IMPORTS, names_used(bare)), classes=classes, cards=members,
                           **dict(values))


@lru_cache(maxsize=rendered.KEPT)
def _class(one: jinja2.Template, macro: str, member: object) -> Code:
    """A card's class, drawn by the macro ``macro`` of ``one``: code, as every value in it went through the
    filters. Kept for the same card: the same object at every rebuild (its hash computed once)."""
    return Code(getattr(one.module, macro)(member))


def emit_python(spells: Sequence[m.CheckedSpell], nam_shubs: Sequence[m.CheckedNamShub] = ()) -> dict[str, str]:
    """``{file name: source}`` for the ``generated`` package: a module per Sphere, one for Specializations
    and Artifacts, one for Encounters, one for the Nam-Shub pages (when there are any), and ``__init__.py``."""
    env = _environment()
    by_module: dict[str, list[m.CheckedSpell]] = {}
    for spell in sorted(spells, key=lambda s: (s.module, s.source_path, s.line)):
        by_module.setdefault(spell.module, []).append(spell)
    files = {}
    module_tpl, class_tpl = env.get_template("module.py.j2"), env.get_template("spell_class.py.j2")
    for module, members in sorted(by_module.items()):
        what = {"specializations": "Specializations and Artifacts",
                "encounters": "Encounters and their spells and abilities"}
        said = what.get(module, f"{members[0].sphere.value} spells")
        files[f"{module}.py"] = _module(module_tpl, class_tpl, "spell_class", tuple(members), what=said)
    if nam_shubs:
        pages = sorted(nam_shubs, key=lambda p: (p.source_path, p.line))
        files["nam_shubs.py"] = _module(env.get_template("nam_shub_module.py.j2"),
                                        env.get_template("nam_shub_class.py.j2"), "nam_shub_class", tuple(pages))
        by_module["nam_shubs"] = []
    files["__init__.py"] = env.get_template("package_init.py.j2").render(modules=sorted(by_module))
    return files
