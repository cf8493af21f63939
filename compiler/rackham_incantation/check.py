"""AST → checked cards: the engine's own card values (engine.rulesets.rackham_incantation.cards), each with
the line it was written on. Every problem is a located diagnostic; a card with an error is left out.

What each field's declaration says (ruleset.toml: the kinds that take it and need it, its numbers' range, its
Elements, peoples and levels, the spells a magician's list names) compiler.declared_fields checks, as it does for
every game. What the checker refuses beyond them: a spell whose gems its College could never pay (a prohibited
Element, or a real Element on a Primitive or Instinctive spell); a magician whose Elements its level and people do
not allow, whose spell list names a spell it could never cast, or whose spell list is over its Magic Potential; a
step that summons no creature of the set.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from spellc.compiler import card_ast as ast
from spellc.compiler import card_titles, rules_core, rules_text
from spellc.compiler.declared_fields import DeclaredFields, Fields, Line
from spellc.compiler.diagnostics import Diagnostics, did_you_mean
from spellc.compiler.source import Span
from spellc.engine.core import steps as core
from spellc.engine.rulesets.rackham_incantation.cards import (
    Card,
    CreatureCard,
    Difficulty,
    Extra,
    Frequency,
    Level,
    MagicianCard,
    Range,
    SpellCard,
)
from spellc.engine.rulesets.rackham_incantation.casting import college_allows, elements_allowed
from spellc.engine.rulesets.rackham_incantation.colleges import COLLEGES, PEOPLES, neutral_only, payable_elements
from spellc.engine.rulesets.rackham_incantation.effects import KINDS, describe_all
from spellc.engine.rulesets.rackham_incantation.elements import ELEMENTS, NEUTRAL, Element
from spellc.engine.rulesets.rackham_incantation.state import Magician

# An "if you did" as this game writes it: the help of one written first (rules_text.check_shape).
IF_YOU_DID = "may deal 1 wound to target; if you did: move away 20 cm"

ELEMENT_NAMES = [e.value for e in ELEMENTS]
WHO = ("target", "you")


@dataclass(frozen=True, slots=True)
class Checked:
    card: Card
    path: str
    line: int


class Checker:
    def __init__(self, diags: Diagnostics) -> None:
        self.diags = diags
        self.declared = DeclaredFields(diags, "rackham_incantation")
        self.vocabularies = self.declared.vocabularies

    # ---- a card
    def check_card(self, node: ast.Card, path: str) -> tuple[Checked, ast.Card] | None:
        errors = len(self.diags.items)
        card_titles.fits(node.title, node.title_span, self.diags)
        fields = self.declared.check(node.kind, node.title_span, self._lines(node))
        source = f"{path}:{node.span.line}"
        build: dict[str, Callable[[ast.Card, Fields[ast.Field], str], Card | None]] = {
            "spell": self._spell, "magician": self._magician, "creature": self._creature}
        card = build[node.kind](node, fields, source)
        if card is None or len(self.diags.items) != errors:
            return None
        return Checked(card, path, node.span.line), node

    def _lines(self, node: ast.Card) -> list[Line[ast.Field]]:
        """Its lines as the declared checks read them: a target's first word is whom (a trait may follow), and a
        difficulty read on the target adds a number of any sign (`target's Fear + 6`)."""
        lines = []
        for f in node.fields:
            values = (f.values[:1] if f.name == "target" else () if f.name == "target_difficulty" else f.values)
            lines.append(self.declared.line(self.declared.line_word(f.name), f, f.span, values))
        return lines

    # ---- spells
    def _spell(self, node: ast.Card, fields: Fields[ast.Field], source: str) -> SpellCard | None:
        if not fields.complete:
            return None
        college = self._college(fields["college"])
        gems = self._gems(fields["gems"], college)
        target, trait = self._target(fields.get("target"))
        steps = self._steps(fields["effect"].steps) if "effect" in fields else ()
        extra = self._extra(fields.get("extra"))
        card = SpellCard(title=node.title, college=college, gems=gems,
                         difficulty=self._difficulty(fields["difficulty"]), range=self._range(fields["range"]),
                         area=_text(fields.get("area"), "one combatant"),
                         duration=_text(fields.get("duration"), "instantaneous"),
                         frequency=self._frequency(fields.get("frequency")), target=target, target_trait=trait,
                         power=_int(fields["power"]), pa=_number(fields.get("pa")) or 0,
                         exclusive=self._people(fields["exclusive"]) if "exclusive" in fields else None,
                         ingredients=_text(fields.get("ingredients"), "") or None, steps=steps, extra=extra,
                         text=spell_text(steps, extra), source=source)
        if card.difficulty.of_target and target == "self":
            self.diags.error("E612", "a difficulty read on the target needs a target other than the caster",
                             fields["difficulty"].span)
        return card

    def _college(self, f: ast.Field) -> str:
        return " ".join(v.text for v in f.values if isinstance(v, rules_text.Word))

    def _gems(self, f: ast.Field, college: str) -> tuple[tuple[str, int], ...]:
        """"The number and the type of Mana gems required by the spell are described on its card" (4.7)."""
        counted: dict[str, int] = {}
        allowed = payable_elements(college)
        for value in f.values:
            assert isinstance(value, tuple)
            count, word = value
            name = word.text
            if not self.vocabularies.takes("gems", name):
                continue  # said by the declared checks
            if name != NEUTRAL and college in COLLEGES and Element(name) not in allowed:
                why = ("its gems are all neutral" if neutral_only(college) else
                       f"its Elements are {', '.join(e.value for e in ELEMENTS if e in allowed)}")
                self.diags.error("E607", f"{college} could never pay a gem of {name}: {why}", word.span,
                                 f"help: write `{count} {NEUTRAL}`" if neutral_only(college) else
                                 "help: choose the spell's College among those its Elements allow")
            counted[name] = counted.get(name, 0) + count
        return tuple((name, counted[name]) for name in (*ELEMENT_NAMES, NEUTRAL) if name in counted)

    def _difficulty(self, f: ast.Field) -> Difficulty:
        if f.name == "free_difficulty":
            return Difficulty(free=True)
        if f.name == "target_difficulty":
            word, plus = f.values
            assert isinstance(word, rules_text.Word) and isinstance(plus, int)
            if word.text != "Fear":
                self.diags.error("E608", f"a difficulty reads the target's Fear, not its {word.text!r}", word.span,
                                 *did_you_mean(word.text, ("Fear",)))
            return Difficulty(value=plus, of_target="Fear")
        return Difficulty(value=_int(f))

    def _range(self, f: ast.Field) -> Range:
        value = f.values[0]
        if isinstance(value, int):
            return Range(cm=value)
        assert isinstance(value, rules_text.Word)
        return Range(reach=value.text)

    def _frequency(self, f: ast.Field | None) -> Frequency:
        if f is None:
            return Frequency()
        if f.name == "once_per_game":
            return Frequency(per_game=True)
        return Frequency(per_turn=max(_int(f), 1))

    def _target(self, f: ast.Field | None) -> tuple[str, str | None]:
        if f is None:
            return "enemy", None
        words = [v for v in f.values if isinstance(v, rules_text.Word)]
        whom, trait = words[0], words[1] if len(words) > 1 else None
        if trait is not None and whom.text == "self":
            self.diags.error("E610", "a spell cast on its caster names no trait of its target", trait.span)
        return whom.text, trait.text if trait else None

    def _people(self, f: ast.Field) -> str:
        word = f.values[0]
        assert isinstance(word, rules_text.Word)
        return word.text

    def _extra(self, f: ast.Field | None) -> Extra | None:
        if f is None:
            return None
        return Extra(per=max(_int(f), 1), steps=self._steps(f.steps))

    # ---- steps
    def _steps(self, nodes: tuple[rules_text.Step, ...]) -> tuple[core.Step, ...]:
        rules_text.check_shape(nodes, self.diags, IF_YOU_DID)
        return rules_core.to_core(nodes, self._do, self._test)

    def _do(self, node: rules_text.Action) -> core.Do:
        assert node.kind in KINDS.actions or node.kind in KINDS.costs, node.kind
        args: list[object] = []
        for a in node.args:
            if isinstance(a, rules_text.Word):
                args.append(self._who(a))
            elif isinstance(a, rules_text.Text):
                args.append(a.text)
            else:
                assert isinstance(a, int)  # the game's step kinds take no run of words
                if a < 1:
                    self.diags.error("E615", f"`{node.kind}` needs a number of at least 1", node.span)
                args.append(a)
        return core.Do(node.kind, tuple(args))

    def _who(self, word: rules_text.Word) -> str:
        if word.text not in WHO:
            self.diags.error("E616", f"a step concerns `target` or `you`, not {word.text!r}", word.span,
                             *did_you_mean(word.text, WHO))
        return word.text

    def _test(self, node: rules_text.Condition) -> core.Condition:
        words = [w.text for w in node.words]
        if len(words) == 3 and words[1] in ("is", "are"):
            self._who(node.words[0])
            return core.Condition("is", (words[0], words[2]))
        self.diags.error("E617", f"no condition reads {' '.join(words)!r}", node.span,
                         "note: a condition reads `target is TRAIT` or `you are TRAIT` (Undead, Construct...)")
        return core.Condition("is", ("target", "Undead"))

    # ---- magicians and creatures
    def _magician(self, node: ast.Card, fields: Fields[ast.Field], source: str) -> MagicianCard | None:
        if not fields.complete:
            return None
        people = self._people(fields["people"])
        level = self._level(fields["level"])
        elements = self._element_words(fields["elements"])
        spirit = tuple(self._element_words(fields["spirit"])) if "spirit" in fields else ()
        card = MagicianCard(title=node.title, people=people, level=level or Level.INITIATE,
                            power=_int(fields["power"]), initiative=_int(fields["initiative"]),
                            elements=tuple(sorted(elements, key=ELEMENTS.index)),
                            spells=tuple(v.text for v in fields["spells"].values if isinstance(v, rules_text.Text))
                            if "spells" in fields else (),
                            spirit_of=spirit, warrior_mage="warrior-mage" in fields, fear=_number(fields.get("fear")),
                            source=source)
        # A typo or an Element listed twice is reported once: its magician's Elements are not counted as well.
        if level is not None and people in PEOPLES and len(elements) == len(fields["elements"].values):
            self._controls(card, fields["elements"])
        return card

    def _level(self, f: ast.Field) -> Level | None:
        word = f.values[0]
        assert isinstance(word, rules_text.Word)
        return Level.named(word.text) if self.vocabularies.takes("level", word.text) else None

    def _element_words(self, f: ast.Field) -> list[Element]:
        out = []
        for word in f.values:
            assert isinstance(word, rules_text.Word)
            if not self.vocabularies.takes("elements", word.text):
                continue  # said by the declared checks
            if Element(word.text) in out:
                self.diags.error("E619", f"{word.text} is listed twice", word.span)
            else:
                out.append(Element(word.text))
        return out

    def _controls(self, card: MagicianCard, f: ast.Field) -> None:
        """"The Initiates are knowledgeable about a single Element", Adepts two, Masters three, "the Virtuosos
        control all the Elements" (5.4, 10.4); "the Magicians always control an Element: the college related to
        the essence of their people. Certain Elements are prohibited"; "a Virtuoso has no prohibited college"."""
        people = PEOPLES[card.people]
        if len(card.elements) != card.level.elements:
            self.diags.error("E620", f"{_a(card.level.title)} {card.level.title} controls {card.level.elements} Element"
                             f"{'s' if card.level.elements > 1 else ''}, not {len(card.elements)}", f.span)
        if not set(card.elements) & people.primary:
            self.diags.error("E621", f"a magician of {people.title} always controls "
                             f"{' or '.join(e.value for e in ELEMENTS if e in people.primary)}", f.span)
        barred = [e.value for e in card.elements if e in people.prohibited and card.level is not Level.VIRTUOSO]
        if barred:
            self.diags.error("E622", f"{', '.join(barred)} is prohibited to {people.title}", f.span,
                             "note: only a Virtuoso \"has no prohibited college\"")

    def _creature(self, node: ast.Card, fields: Fields[ast.Field], source: str) -> CreatureCard:
        traits = (tuple(v.text for v in fields["traits"].values if isinstance(v, rules_text.Word))
                  if "traits" in fields else ())
        return CreatureCard(title=node.title, fear=_number(fields.get("fear")), traits=traits,
                            devotion=_number(fields.get("devotion")), source=source)

    # ---- across cards
    def check_set(self, found: list[tuple[Checked, ast.Card]], written: frozenset[str], age: card_titles.Age
                  ) -> list[Checked]:
        """Titles, the spells each magician lists and the creatures each spell summons, once every card is read
        (a card named that has errors of its own is not said to be missing as well)."""
        kept = card_titles.distinct_titles(found, self.diags, age)
        by_title = {c.card.title: c.card for c in kept}
        nodes = {c.card.title: node for c, node in found}
        kinds = {title: nodes[title].kind for title in by_title}
        out = []
        for checked in kept:
            node = nodes[checked.card.title]
            ok = True
            if isinstance(checked.card, MagicianCard):
                ok = self._spell_list(checked.card, node, by_title, kinds, written)
            elif isinstance(checked.card, SpellCard):
                ok = self._summons(checked.card, node, by_title, written)
            if ok:
                out.append(checked)
        return out


    def _spell_list(self, card: MagicianCard, node: ast.Card, cards: dict[str, Card], kinds: dict[str, str],
                    written: frozenset[str]) -> bool:
        """"The sum of all the Powers of the spells that a magician chooses may not exceed" its Potential (3.10);
        "a magician may purchase any spell ... that uses the same elements to which he has access" (3.11)."""
        f = next(f for f in node.fields if f.name == "spells") if card.spells else None
        if f is None:
            return True
        errors = len(self.diags.items)
        self.declared.refer([self.declared.line("spells", f, f.span, f.values)], kinds, written)
        probe = Magician(card.title, "", card=card)
        total = 0
        for value in f.values:
            assert isinstance(value, rules_text.Text)
            spell = cards.get(value.text)
            if not isinstance(spell, SpellCard):
                continue  # no spell of the set: said by the declared checks, or at the card's own errors
            total += spell.power
            problem = college_allows(probe, spell) or elements_allowed(probe, spell)
            if problem:
                self.diags.error("E625", f"{card.title} could never cast {spell.title}: {problem.split(': ', 1)[1]}",
                                 value.span)
        if total > card.potential:
            potential = "its Power" if card.warrior_mage else f"twice its Power {card.power}"
            self.diags.error("E626", f"the spells of {card.title} total a Power of {total}, over its Magic Potential "
                             f"of {card.potential} ({potential})", f.span,
                             "help: drop a spell, or choose spells of a lower Power rating")
        return len(self.diags.items) == errors

    def _summons(self, spell: SpellCard, node: ast.Card, cards: dict[str, Card], written: frozenset[str]) -> bool:
        errors = len(self.diags.items)
        for step in spell.actions():
            if step.kind == "summon" and step.args[0] in written and step.args[0] not in cards:
                continue  # a creature with errors of its own, said at it
            if step.kind == "summon" and not isinstance(cards.get(step.args[0]), CreatureCard):
                creatures = [t for t, c in cards.items() if isinstance(c, CreatureCard)]
                span = _summon_span(node, step.args[0]) or node.title_span
                self.diags.error("E627", f"no creature is titled {step.args[0]!r} to summon", span,
                                 *did_you_mean(step.args[0], creatures))
        return len(self.diags.items) == errors


def _summon_span(node: ast.Card, title: str) -> Span | None:
    for f in node.fields:
        for step in f.steps:
            if step.action is not None and step.action.kind == "summon":
                for a in step.action.args:
                    if isinstance(a, rules_text.Text) and a.text == title:
                        return a.span
    return None


def _a(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _int(f: ast.Field) -> int:
    """The number a line writes first (the declared checks have said whether it is in range)."""
    return next((v for v in f.values if isinstance(v, int)), 0)


def _number(f: ast.Field | None) -> int | None:
    return None if f is None else _int(f)


def _text(f: ast.Field | None, default: str) -> str:
    if f is None:
        return default
    value = f.values[0]
    return value.text if isinstance(value, rules_text.Text) else default


def spell_text(steps: tuple[core.Step, ...], extra: Extra | None) -> str:
    """The card's description, from its steps: the effect, then "For each N additional gems: ..."."""
    said = core.capitalize(describe_all(steps)) if steps else ""
    if extra is not None:
        gems = "gem" if extra.per == 1 else f"{extra.per} gems"
        more = f"For each additional {gems}: {describe_all(extra.steps)}" if extra.per == 1 else \
            f"For each {gems} more: {describe_all(extra.steps)}"
        said = f"{said} {more}".strip()
    return said

