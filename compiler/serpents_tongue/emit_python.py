"""Checked model → Python effect classes, one module per Sphere (Jinja2 templates + a step visitor).

Card values reach Python only through :func:`py_literal`, which builds constructor calls from
``repr`` of plain values, so no card text can ever become code; text in comments and docstrings goes
through :func:`inert_text` and names through :func:`identifier`. The templates' ``finalize`` hook refuses
any value that did not pass one of these filters, so a template cannot paste raw text by mistake. Every
module is parsed with :func:`ast.parse` before it is returned.
"""

from __future__ import annotations

import ast as pyast
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import jinja2

from compiler.python_code import Code, identifier, inert_text, only_code, py_literal
from compiler.serpents_tongue import model as m
from compiler.serpents_tongue import render_text
from compiler.serpents_tongue import steps as effect_steps
from engine.rulesets.serpents_tongue.cards import DISCORD_EVENT_METHOD, Ability, Declaration, Trigger
from engine.rulesets.serpents_tongue.namshub import NamShubStep

TEMPLATES = Path(__file__).with_name("templates")


@dataclass(frozen=True, slots=True)
class Method:
    name: str
    line: int
    body: tuple[str, ...]


class StepWriter:
    """Writes the Python statements of rules-text steps. Each statement leaves ``did`` true when the
    step was started (seed 003, 6.5.d: "if you did" is true even if the step was modified)."""

    def write(self, steps: Sequence[m.Step], depth: int = 0) -> list[str]:
        lines: list[str] = []
        for step in steps:
            lines.extend(self.visit(step, depth))
        return lines

    def visit(self, step: m.Step, depth: int) -> list[str]:
        method = getattr(self, f"visit_{type(step).__name__}", None)
        if method is None:
            raise TypeError(f"no Python writer for step {type(step).__name__}")
        lines: list[str] = method(step, depth)
        return lines

    @staticmethod
    def _pad(depth: int, text: str) -> str:
        return "    " * depth + text

    def _guarded(self, test: str, inner: m.Step, depth: int) -> list[str]:
        return [
            self._pad(depth, f"if {test}:"),
            *self.visit(inner, depth + 1),
            self._pad(depth, "else:"),
            self._pad(depth + 1, "did = False"),
        ]

    def visit_MDeal(self, s: m.MDeal, depth: int) -> list[str]:
        return [self._pad(depth, f"did = yield from fx.deal({py_literal(s.aspect)}, {py_literal(s.target)})")]

    def visit_MAddCharges(self, s: m.MAddCharges, depth: int) -> list[str]:
        args = f"{s.amount!r}, {s.charge!r}, {py_literal(s.target)}"
        return [self._pad(depth, f"did = yield from fx.add_charges({args})")]

    def visit_MRemoveCharges(self, s: m.MRemoveCharges, depth: int) -> list[str]:
        return [self._pad(depth, f"did = yield from fx.remove_charges({s.charge!r}, {py_literal(s.target)})")]

    def visit_MDiscard(self, s: m.MDiscard, depth: int) -> list[str]:
        return [self._pad(depth, f"did = yield from fx.discard({py_literal(s.target)})")]

    def visit_MGain(self, s: m.MGain, depth: int) -> list[str]:
        return [self._pad(depth, f"did = yield from fx.gain({py_literal(s.cost)})")]

    def visit_MCastFree(self, s: m.MCastFree, depth: int) -> list[str]:
        return [self._pad(depth, f"did = yield from casting.cast_free(fx, {py_literal(s.selector)})")]

    def visit_MGainControl(self, s: m.MGainControl, depth: int) -> list[str]:
        return [self._pad(depth, f"did = yield from fx.gain_control({py_literal(s.target)})")]

    def visit_MMay(self, s: m.MMay, depth: int) -> list[str]:
        return self._guarded(f"(yield from fx.may({render_text.step_text(s.step)!r}))", s.step, depth)

    def visit_MIf(self, s: m.MIf, depth: int) -> list[str]:
        test = f"fx.check({py_literal(s.condition)})"
        return self._guarded(f"not {test}" if s.negate else test, s.step, depth)

    def visit_MIfYouDid(self, s: m.MIfYouDid, depth: int) -> list[str]:
        return [self._pad(depth, "if did:"), *self.visit(s.step, depth + 1)]

    def visit_MPayTo(self, s: m.MPayTo, depth: int) -> list[str]:
        targets = effect_steps.internal_targets(s)
        extra = f", {py_literal(targets)}" if targets else ""
        test = (f"(yield from fx.pay_optional({py_literal(s.costs)}, {py_literal(s.discards)}, "
                f"{render_text.step_text(s)!r}{extra}))")
        return self._guarded(test, s.step, depth)

    def visit_MChooseOne(self, s: m.MChooseOne, depth: int) -> list[str]:
        modes = tuple(render_text.steps_text(o) for o in s.options)
        lines = [self._pad(depth, f"mode = yield from fx.choose_mode({py_literal(modes)})")]
        for i, option in enumerate(s.options):
            lines.append(self._pad(depth, f"{'if' if i == 0 else 'elif'} mode == {i}:"))
            lines.extend(self.write(option, depth + 1) or [self._pad(depth + 1, "pass")])
        return lines


def spell_modes(spell: m.CheckedSpell) -> tuple[str, ...]:
    """A "choose one" of a spell's impact is chosen when the spell is declared (seed 003): the engine
    reads the modes from the class and asks before the target."""
    for step in spell.on_impact:
        if isinstance(step, m.MChooseOne):
            return tuple(render_text.steps_text(o) for o in step.options)
    return ()


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
    writer = StepWriter()
    declared = declarations(spell)
    out = []
    for name, line, steps in _rules_methods(spell):
        # A method that declares a mode or targets does so first (a no-op when its spell's cast did).
        prologue = [f"yield from fx.declare({name!r})"] if name in declared else []
        out.append(Method(identifier(name), line, tuple(Code(s) for s in (*prologue, *writer.write(steps)))))
    return out


def nam_shub_methods(page: m.CheckedNamShub) -> list[Method]:
    writer = StepWriter()
    return [Method(identifier(s.method), s.steps[0].span.line, tuple(Code(line) for line in writer.write(s.steps)))
            for s in page.steps if s.steps]


def nam_shub_steps(steps: Sequence[m.MNamShubStep]) -> Code:
    return py_literal(tuple(NamShubStep(name=s.name, free=s.free, costs=s.costs, method=s.method if s.steps else None,
                                        targets_opponent=s.targets_opponent) for s in steps))


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
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
    "engine.rulesets.serpents_tongue.cards": (
        "Ability", "ActionChart", "Aspect", "ChartCondition", "ChartLine", "Condition", "Cost", "Declaration",
        "DieChart", "DieFace", "EncounterCard", "EncounterResponse", "Energy", "Modifier", "Quantity",
        "Requirement", "RitualTier", "Role", "Selector", "SourceRef", "SpecTier", "SpellCard", "Sphere", "Stat",
        "StepTarget", "Threshold", "Timing", "Trigger", "Upgrade", "UpgradeTiming"),
    "engine.core.decisions": ("Flow",),
    "engine.rulesets.serpents_tongue.effects": ("Effect",),
    "engine.rulesets.serpents_tongue.namshub": ("NamShub", "NamShubStep"),
    "engine.rulesets.serpents_tongue": ("casting",),
}


def imports_for(body: str) -> Code:
    """The import lines of a module whose code is ``body``: each name it uses, from where it comes."""
    used = {node.id for node in pyast.walk(pyast.parse(body)) if isinstance(node, pyast.Name)}
    lines = []
    for module, names in IMPORTS.items():
        wanted = sorted(n for n in names if n in used)
        if len(wanted) > 2:
            lines.append(f"from {module} import (\n" + "".join(f"    {n},\n" for n in wanted) + ")")
        elif wanted:
            lines.append(f"from {module} import {', '.join(wanted)}")
    return Code("\n".join(lines))


def _with_imports(template: jinja2.Template, **values: object) -> str:
    """Render a module twice: once to see which names its code uses, then with their imports."""
    body = template.render(imports=Code(""), **values)
    return template.render(imports=imports_for(body), **values)


def emit_python(spells: Sequence[m.CheckedSpell], nam_shubs: Sequence[m.CheckedNamShub] = ()) -> dict[str, str]:
    """``{file name: source}`` for the ``generated`` package: a module per Sphere, one for Specializations
    and Artifacts, one for Encounters, one for the Nam-Shub pages (when there are any), and ``__init__.py``."""
    env = _environment()
    by_module: dict[str, list[m.CheckedSpell]] = {}
    for spell in sorted(spells, key=lambda s: (s.module, s.source_path, s.line)):
        by_module.setdefault(spell.module, []).append(spell)
    files = {}
    module_tpl = env.get_template("module.py.j2")
    for module, members in sorted(by_module.items()):
        what = {"specializations": "Specializations and Artifacts",
                "encounters": "Encounters and their spells and abilities"}
        files[f"{module}.py"] = _with_imports(module_tpl, what=what.get(module, f"{members[0].sphere.value} spells"),
                                                  spells=members)
    if nam_shubs:
        pages = sorted(nam_shubs, key=lambda p: (p.source_path, p.line))
        files["nam_shubs.py"] = _with_imports(env.get_template("nam_shub_module.py.j2"), pages=pages)
        by_module["nam_shubs"] = []
    files["__init__.py"] = env.get_template("package_init.py.j2").render(modules=sorted(by_module))
    for name, text in files.items():
        pyast.parse(text, filename=f"generated/serpents_tongue/{name}")  # a SyntaxError here is a compiler bug
    return files
