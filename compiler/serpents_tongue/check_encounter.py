"""Checking an Encounter's card (Walkthrough Act II, Glossary "Encounter"): its stats, draw bag, reset
condition, action charts, ability charts, standing Responses and thresholds, the Discord Event it changes,
and its own spells and abilities. Every problem is reported; the card compiles only when all of them are right.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spellc.compiler import card_titles
from spellc.compiler.card_ast import Card as CardNode
from spellc.compiler.card_ast import Field
from spellc.compiler.declared_fields import Line, Said
from spellc.compiler.diagnostics import did_you_mean
from spellc.compiler.names import class_name
from spellc.compiler.parse import number
from spellc.compiler.rules_text import Word, Words
from spellc.compiler.serpents_tongue import ast
from spellc.compiler.serpents_tongue import model as m
from spellc.compiler.serpents_tongue import steps as effect_steps
from spellc.compiler.source import Span
from spellc.engine.rulesets.serpents_tongue.cards import (
    SPHERE_WORDS,
    ActionChart,
    Aspect,
    ChartCondition,
    ChartLine,
    Cost,
    DieChart,
    DieFace,
    EncounterResponse,
    Energy,
    Role,
    Sphere,
    Stat,
    Threshold,
    role_word,
)

if TYPE_CHECKING:
    from spellc.compiler.serpents_tongue.check import Checker

STATS = ("essence", "resonance", "resonance bonus", "actions", "resistance")
TARGETING = ("lowest", "highest")
# The Responses an Encounter may print that the engine plays: the Sentient Shadow's Evade.
RESPONSES = ("Evade",)
# Who a Discord Event's steps can name: the Magi who suffers it (`impacted`: the event lands on them) and
# the Encounter whose card changes it (`controller`). Nothing there is cast, borne or aimed, so `this`,
# `bearer`, `caster` and `target` would name nobody and their steps would do nothing, unseen.
DISCORD_EVENT_WORDS = ("impacted", "controller")
DISCORD_EVENT_NOTE = "note: in a Discord Event, `impacted` is the Magi who suffers it and `controller` the Encounter"


# An Encounter's lines, as the grammar builds them, that its declarations check: its stats (their number), its words
# (each), and its draw bag, reset condition and Discord Event (where they are). `resonance bonus` is a line of its own,
# which the declarations cannot tell from `resonance`: the stats' check says if it is given twice.
STAT_LINES = ("enc_essence", "enc_resonance", "enc_actions", "enc_resistance")
WORD_LINES = ("enc_source", "enc_lacks", "enc_targeting")
OTHER_DECLARED = ("enc_bag", "enc_reset", "enc_discord_event")
CARD_LINES = ("enc_spell", "enc_ability")  # the spells and abilities it holds, cards of their own


def check_encounter(checker: Checker, node: CardNode) -> list[m.CheckedSpell]:
    return _EncounterCheck(checker, node).run()


class _EncounterCheck:
    def __init__(self, checker: Checker, node: CardNode) -> None:
        self.c = checker
        self.diags = checker.diags
        self.node = node

    def run(self) -> list[m.CheckedSpell]:
        errors_before = self._errors()
        card_titles.fits(self.node.title, self.node.title_span, self.diags)
        self.fields = self.c.declared.check("encounter", self.node.title_span, self._lines())
        stats = self.stats()
        sources = self.spheres()
        cards: list[CardNode] = [f.value for f in self.node.fields if f.name in CARD_LINES]
        defaults: dict[str, int | Sphere | Role] = {"sphere": sources[0]} if sources else {}
        checked = [s for card in cards if (s := self.c.check_spell(card, defaults, self.node.title)) is not None]
        titles = {card.title for card in cards}
        bag = self.counts("bag")
        reset = self.counts("reset", bag)
        die_charts = self.die_charts(titles)
        charts = self.charts(titles, {d.name for d in die_charts}, dict(bag))
        rules = m.EncounterRules(
            sources=tuple(sources), essence=stats["essence"], starting_resonance=stats["resonance"].base,
            resonance_bonus=stats["resonance bonus"], actions=stats["actions"],
            resistance=stats["resistance"].base, lacks=self.lacks(), targeting=self.targeting(),
            bag=bag, reset=reset, responses=self.responses(dict(bag)), thresholds=self.thresholds(),
            charts=charts, die_charts=die_charts, cards=tuple(card.title for card in cards),
        )
        discord_event = self.discord_event()
        if self._errors() > errors_before or not sources:
            return []
        span = self.node.span
        card = m.CheckedSpell(
            title=self.node.title, class_name=class_name(self.node.title), sphere=sources[0], role=Role.ATTACK,
            fluency=1, resonance=0, harmony=0, descriptors=(), directives=(), empowerments=(), broadcast=(),
            requirements=(), upgrades=(), ritual=(), targets=None, modifiers=(), triggers=(), abilities=(),
            on_impact=(), variables=(), source_path=span.source.path, line=span.line, span=span,
            kind="encounter", rules=rules, discord_event=discord_event,
        )
        return [card, *checked]

    def _errors(self) -> int:
        return len([d for d in self.diags.items if d.severity == "error"])

    def _lines(self) -> list[Line[Field]]:
        """Its lines the declared checks read, by their line word: its stats (a number's value), its words (each
        of its Source Spheres), its draw bag, reset condition and Discord Event."""
        lines: list[Line[Field]] = []
        for item in self.node.fields:
            word = self.c.declared.line_word(item.name)
            if item.name in STAT_LINES:
                lines.append(self.c.declared.line(word, item, item.span, (item.value,)))
            elif item.name in WORD_LINES:
                lines.append(self.c.declared.line(word, item, item.span, item.values))
            elif item.name in OTHER_DECLARED:
                lines.append(self.c.declared.line(word, item, item.span))
        return lines

    # ---------------------------------------------------------------- stats
    def stats(self) -> dict[str, Stat]:
        bonus = self._named("enc_resonance_bonus")
        for extra in bonus[1:]:
            self.diags.error("E011", "duplicate 'resonance bonus' line", extra.span,
                             f"note: first given at line {bonus[0].span.line}")
        found = {name: self.fields.get(name) for name in STATS} | {"resonance bonus": bonus[0] if bonus else None}
        defaults = {"essence": 10, "resonance": 0, "resonance bonus": 0, "actions": 2, "resistance": 0}
        out = {}
        for name in STATS:
            stat = found[name]
            # `essence 10 (+2)`: its value, and what each additional opponent adds
            out[name] = (Stat(base=stat.value, per_opponent=stat.values[1] if len(stat.values) > 1 else 0)
                         if stat else Stat(base=defaults[name]))
        return out

    def _named(self, line: str) -> list[Field]:
        """Its lines the grammar builds as ``line``, in order."""
        return [f for f in self.node.fields if f.name == line]

    def _words(self, name: str) -> tuple[Word, ...] | None:
        """The words of its ``name`` line (`source Soul, Mind`); None when it gives none."""
        line = self.fields.get(name)
        return None if line is None else line.values

    def spheres(self) -> list[Sphere]:
        """Its Source Spheres, those the declared checks took."""
        line = self._words("source")
        return [SPHERE_WORDS[w.text] for w in line if self.c.vocabularies.takes("source", w.text)] if line else []

    def lacks(self) -> tuple[Energy, ...]:
        line = self._words("lacks")
        return tuple(e for w in line if (e := self.c._energy(w))) if line else ()

    def targeting(self) -> tuple[str, Energy] | None:
        line = self._words("targeting")
        if line is None:
            return None
        how, what = line
        if how.text not in TARGETING:
            self.diags.error("E016", f"targeting reads `targeting lowest ENERGY` or `highest`, not '{how.text}'",
                             how.span, *did_you_mean(how.text, TARGETING))
            return None
        energy = self.c._energy(what)
        return (how.text, energy) if energy else None

    # ---------------------------------------------------------------- the draw bag
    def counts(self, name: str, bag: tuple[tuple[str, int], ...] | None = None) -> tuple[tuple[str, int], ...]:
        line = self.fields.get(name)  # `bag 4 red, 2 yellow`: a count and its colour, each in turn
        if line is None:
            return ()
        out: list[tuple[str, int]] = []
        in_bag = dict(bag or ())
        for n, word in zip(line.values[::2], line.values[1::2], strict=True):
            colour = word.text
            if any(c == colour for c, _ in out):
                self.diags.error("E011", f"'{colour}' is counted twice", word.span)
                continue
            if bag is not None and colour not in in_bag:
                self.diags.error("E016", f"the bag holds no '{colour}' counters", word.span,
                                 *did_you_mean(colour, list(in_bag)))
                continue
            if bag is not None and n > in_bag[colour]:
                self.diags.error("E016", f"the bag holds only {in_bag[colour]} {colour}, so {n} can never be out",
                                 word.span)
                continue
            if n < 1:
                self.diags.error("E016", "a count is at least 1", word.span)
                continue
            out.append((colour, n))
        return tuple(out)

    # ---------------------------------------------------------------- charts
    def charts(self, titles: set[str], die_charts: set[str], bag: dict[str, int]) -> tuple[ActionChart, ...]:
        out: list[ActionChart] = []
        for item in self._named("enc_chart"):  # `chart colour { lines }`
            written, *chart = item.values
            colour = written.text
            if colour not in bag:
                self.diags.error("E016", f"a chart for '{colour}', but the bag holds no such counters",
                                 written.span, *did_you_mean(colour, list(bag)))
                continue
            if any(ch.colour == colour for ch in out):
                self.diags.error("E011", f"a second chart for '{colour}'", written.span)
                continue
            lines = tuple(line for ln in chart if (line := self.chart_line(ln, titles, die_charts)))
            out.append(ActionChart(colour=colour, lines=lines))
        for colour in bag:
            if not any(ch.colour == colour for ch in out) and bag:
                self.diags.error("E010", f"no action chart for the bag's '{colour}' counters", self.node.title_span,
                                 f"help: add `chart {colour} {{ ... }}`")
        return tuple(out)

    def chart_line(self, node: ast.ChartLine, titles: set[str], die_charts: set[str]) -> ChartLine | None:
        cost = 0
        if node.cost is not None:
            energy = self.c._energy(node.cost.energy)
            if energy is not None and energy is not Energy.RESONANCE:
                self.diags.error("E016", "an action chart's need is Resonance the Encounter spends",
                                 node.cost.energy.span)
                return None
            cost = node.cost.amount
        conditions = self.condition(node.condition) if node.condition is not None else ()
        if conditions is None:
            return None
        if node.action is not None and not self._names_a_card("chart", node.action, node.action_span, titles):
            return None
        if node.roll is not None and node.roll not in die_charts:
            self.diags.error("E016", f"the Encounter has no die chart {node.roll!r}", node.action_span,
                             *did_you_mean(node.roll, sorted(die_charts)))
            return None
        return ChartLine(cost=cost, conditions=conditions, action=node.action, roll=node.roll)

    def condition(self, phrase: Words) -> tuple[ChartCondition, ...] | None:
        """``Soul or Mind Curse on Encounter``, ``Focused opponent``, ``Encounter below 5 Essence``."""
        texts = [w.text for w in phrase.words]
        if texts[-3:] == ["Curse", "on", "Encounter"]:
            spheres = []
            for w in phrase.words[:-3]:
                if w.text == "or":
                    continue
                sphere = self.c.sphere("source", w)
                if sphere is None:
                    return None
                spheres.append(sphere)
            return (ChartCondition(kind="curse on encounter", spheres=tuple(spheres)),)
        if [t.lower() for t in texts] == ["focused", "opponent"]:
            return (ChartCondition(kind="focused opponent"),)
        if len(texts) == 4 and texts[:2] == ["Encounter", "below"] and texts[2].isdigit() and texts[3] == "Essence":
            return (ChartCondition(kind="essence below", amount=number(texts[2])),)
        self.diags.error("E018", f"cannot read the chart condition '{phrase.text()}'", phrase.span,
                         "note: write `SPHERE or SPHERE Curse on Encounter`, `Focused opponent` or "
                         "`Encounter below N Essence`")
        return None

    def _names_a_card(self, word: str, title: str, span: Span, titles: set[str]) -> bool:
        """Whether ``title``, written on a ``word`` line (a chart's, a die chart's), names one of the Encounter's
        spells and abilities (``titles``); else the error every game gives a title that names no card, in the
        words its field declares (``refers``), with the nearest title."""
        refers = self.c.declared.declaration(word).refers
        assert refers is not None, f"[field.{word}] declares what its titles name"
        line: Line[None] = Line(word, None, span, (Said(title, span, title=True),))
        return self.c.declared.refer([line], dict.fromkeys(titles, refers), titles)

    def die_charts(self, titles: set[str]) -> tuple[DieChart, ...]:
        out: list[DieChart] = []
        for item in self._named("enc_die_chart"):  # `die chart "Name" { faces }`
            name, *written = item.values
            faces: list[DieFace] = []
            covered: dict[int, int] = {}
            ok = True
            for face in written:
                # The die's 0 face reads as 10.
                low, high = face.low or 10, face.high or 10
                if not (1 <= low <= 10 and 1 <= high <= 10 and low <= high):
                    self.diags.error("E016", f"a ten-sided die shows 1 to 9 and 0, not {face.low}-{face.high}",
                                     face.span)
                    ok = False
                    continue
                twice = [n for n in range(low, high + 1) if n in covered]
                if twice:
                    self.diags.error("E016", f"face{'s' * (len(twice) > 1)} {', '.join(str(n % 10) for n in twice)} "
                                     f"already on line {covered[twice[0]]}", face.span)
                    ok = False
                covered.update({n: face.span.line for n in range(low, high + 1) if n not in covered})
                if face.action is not None and not self._names_a_card("die", face.action, face.span, titles):
                    ok = False
                faces.append(DieFace(low=low, high=high, action=face.action))
            missing = [n % 10 for n in range(1, 11) if n not in covered]
            if missing:
                self.diags.error("E016", f"die chart {name.text!r} says nothing for "
                                 f"{', '.join(map(str, missing))}", item.span,
                                 "help: every face of the die needs a line (`0: critical failure` does nothing)")
                ok = False
            if ok:
                out.append(DieChart(name=name.text, faces=tuple(faces)))
        return tuple(out)

    # ---------------------------------------------------------------- standing rules
    def responses(self, bag: dict[str, int]) -> tuple[EncounterResponse, ...]:
        out = []
        for item in self._named("enc_response"):
            # `response "Name": DIRECTIVE for COST, evades on colour or colour[, not in easy mode]`
            written, directive, cost, *rest = item.values
            name, colours = written.text, tuple(w for w in rest if isinstance(w, Word))
            if name not in RESPONSES:
                self.diags.error("E018", f"the engine plays only these Encounter Responses: {', '.join(RESPONSES)}",
                                 item.span, *did_you_mean(name, RESPONSES))
                continue
            role, needs = self._role_and_keywords(directive)
            energy = self.c._energy(cost.energy)
            for w in colours:
                if w.text not in bag:
                    self.diags.error("E016", f"the bag holds no '{w.text}' counters", w.span,
                                     *did_you_mean(w.text, list(bag)))
            if needs is None or energy is None:
                continue
            out.append(EncounterResponse(name=name, needs=needs, role=role,
                                         cost=Cost(amount=cost.amount, energy=energy),
                                         succeeds_on=tuple(w.text for w in colours),
                                         standard_only=True in rest))
        return tuple(out)

    def _role_and_keywords(self, words: Words) -> tuple[Role | None, tuple[str, ...] | None]:
        role = None
        names: list[str] = []
        for w in words.words:
            if role_word(w.text):
                role = role_word(w.text)
                continue
            kw = self.c.reg.get(w.text)
            if kw is None:
                self.diags.error("E012", f"unknown keyword '{w.text}'", w.span,
                                 *did_you_mean(w.text, [k.name for k in self.c.reg.keywords.values()]))
                return role, None
            names.append(kw.name)
        return role, tuple(names)

    def thresholds(self) -> tuple[Threshold, ...]:
        out = []
        for item in self._named("enc_threshold"):  # `when below N Energy: WHO gain aspects`
            amount, written, who, granted = item.values
            energy = self.c._energy(written)
            role, rest = self._role_and_keywords(who)
            if rest:
                self.diags.error("E016", "a threshold names the role of the Encounter's effects it changes, "
                                 "such as `Attack`", who.span)
                continue
            grants: tuple[Aspect, ...] = tuple(
                a for g in granted if (a := self.c._aspect(g, ("directive", "empowerment"), None, set(), True)))
            if energy is not None:
                out.append(Threshold(energy=energy, below=amount, role=role, grants=grants))
        return tuple(out)

    # ---------------------------------------------------------------- the Discord Event it changes
    def discord_event(self) -> tuple[m.Step, ...]:
        """``discord event: STEPS`` — "Some scenarios and encounters will change the effect" of a Discord
        Event: these steps, for the Magi facing the Encounter, in place of the loss of 3 Essence."""
        line = self.fields.get("discord")
        if line is None:
            return ()
        steps = self.c.effect(line.steps)
        for step in effect_steps.walk(steps):
            self._discord_event_step(step)
        return steps

    def _discord_event_step(self, step: m.Step) -> None:
        if isinstance(step, m.MDo) and step.kind == "cast free":
            self.diags.error("E018", "an Encounter casts only from its action charts: a Discord Event cannot "
                             "cast a spell for free", step.span)
        for word in _words_named(step):
            if word not in DISCORD_EVENT_WORDS:
                self.diags.error("E018", f"'{word}' names nobody in a Discord Event", step.span,
                                 *did_you_mean(word, DISCORD_EVENT_WORDS), DISCORD_EVENT_NOTE)
        target = effect_steps.target_of(step)
        # Both words name a being: a step that only a spell can take would do nothing.
        problem = effect_steps.mismatch(step, on_spell=False, text=target) if target in DISCORD_EVENT_WORDS else None
        if problem:
            self.diags.error("E018", problem, step.span, DISCORD_EVENT_NOTE)


def _words_named(step: m.Step) -> list[str]:
    """The target words one step names itself (not the steps inside it): its target, what its condition
    counts on, what its costs discard. A `target KIND` is chosen, so it always names someone."""
    target = effect_steps.target_of(step)
    words = [target] if isinstance(target, str) else []
    if isinstance(step, m.MIf):
        words.append(step.condition.quantity.of)
    if isinstance(step, m.MPayTo):
        words.extend(step.discards)
    return words
