"""The language reference of a ruleset, generated from its grammar: every card field, every rules-text step
form and every scenario line, as a designer writes it, each with an example read from the shipped cards and
scenarios (which the test suite compiles and replays), and the keywords its registry declares.

A form is one alternative of a grammar rule that names what it builds (``"school" WORD -> school``). Its
syntax is the alternative itself, told in the designer's terms: keywords as written, ``Word``, ``N`` and
``"text"`` for what the designer fills in, ``[...]`` for what may be left out and ``...`` for what repeats.
The grammar's comment on the line, when it has one, says what the form means; else, for a card's field or a
scenario's line, what its ruleset declares of its line word (ruleset.toml's ``[field.<word>]``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from jinja2 import Template
from lark import Token, Tree

from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.markdown import make_env
from spellc.compiler.parse import card_grammar, grammar_text, parse
from spellc.compiler.source import SourceFile
from spellc.engine.core.ruleset import FieldDeclaration, Ruleset

TEMPLATES = Path(__file__).with_name("templates")
PAGE = "language.md"

# What a terminal stands for, as a designer fills it in. A terminal of a few fixed words shows its words.
PLACEHOLDERS = {"WORD": "Word", "WORDS": "Words", "INT": "N", "SIGNED_INT": "+N", "SIGNED": "+N",
                "STRING": '"text"', "NAME": "Name", "EVENT": "event", "_NL": "↵"}
# The parts of a grammar a reference shows, in order: a heading and the rules whose alternatives are its forms
# (each ruleset's grammar has some of them; tests/test_language_reference.py checks that every form that names
# what it builds is in one).
CARD_SECTIONS = (
    ("Cards", ("card", "spell", "specialization", "artifact", "encounter", "nam_shub")),
    ("Card fields", ("field", "spell_field")),
    ("Magician fields", ("magician_field",)), ("Creature fields", ("creature_field",)),
    ("Encounter fields", ("enc_item",)), ("Nam-Shub fields", ("ns_field",)),
    ("Lines of a rules block", ("rule",)), ("Step forms (seed 003)", ("step",)), ("Step kinds", ("action",)),
    ("Costs of `you may pay ... to ...`", ("cost_item",)), ("Ritual and upgrade timings", ("upgrade_timing",)),
    ("Encounter charts", ("chart_action",)))
SCENARIO_SECTIONS = (
    ("The match", ("match", "round", "turn", "timeline")), ("Match settings", ("setting",)),
    ("A being's settings", ("being_field", "entity_field")), ("An Encounter's settings", ("encounter_field",)),
    ("Phases", ("phase",)), ("Lines", ("line", "answer")), ("Options of a cast", ("cast_part",)),
    ("Facts", ("fact",)), ("Expectations", ("expectation", "counter")))


@dataclass(frozen=True, slots=True)
class Form:
    name: str  # what the alternative builds (its ``-> alias``)
    syntax: str
    meaning: str  # the grammar's comment on it
    example: str | None = None


@dataclass(frozen=True, slots=True)
class Section:
    title: str
    forms: tuple[Form, ...]


@dataclass(frozen=True, slots=True)
class KeywordRow:
    """A keyword of a ruleset's registry: its kind, its parameters and the roles it is written on."""

    name: str
    kind: str
    params: str
    roles: str
    example: str | None = None


# ---------------------------------------------------------------- reading the grammar
_RULE_HEAD = re.compile(r"^\??(?P<rule>[a-z_][a-z0-9_]*)\s*(?:\.\d+)?\s*:(?P<rest>.*)$")
_ALIAS = re.compile(r"->\s*(?P<alias>[a-z_][a-z0-9_]*)\s*$")


def alternatives(text: str, rule: str) -> list[tuple[str, str, str]]:
    """The alternatives of ``rule`` in a grammar's text: (expansion, alias, comment) each, one per line."""
    found: list[tuple[str, str, str]] = []
    inside = False
    for line in text.splitlines():
        body, _, comment = line.partition("//")
        head = _RULE_HEAD.match(body.strip())
        if head:
            inside = head["rule"] == rule
            if inside:
                found.append(_alternative(head["rest"], comment, rule))
        elif inside and body.strip().startswith("|"):
            found.append(_alternative(body.strip()[1:], comment, rule))
        elif inside and body.strip():
            inside = False
    return [alt for alt in found if alt[0]]


def _alternative(body: str, comment: str, rule: str) -> tuple[str, str, str]:
    """An alternative, what it builds (its alias; a bare ``?rule: other`` builds nothing of its own: "") and
    its comment."""
    alias = _ALIAS.search(body)
    expansion = _ALIAS.sub("", body).strip()
    if alias is None and re.fullmatch(r"[a-z_]+", expansion):
        return expansion, "", comment.strip()
    return expansion, alias["alias"] if alias else rule, comment.strip()


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|/(?:[^/\\]|\\.)+/|[A-Za-z_][A-Za-z0-9_]*|[()\[\]|*+?]')
# EBNF's operators, kept apart from the text shown while the alternative is rewritten (a placeholder such as
# ``+N`` holds a plus that is no repetition).
_ONE_OR_MORE, _ANY, _MAYBE = "\x01", "\x02", "\x03"
_OPERATORS = {"+": _ONE_OR_MORE, "*": _ANY, "?": _MAYBE}


def syntax(expansion: str, terminals: dict[str, str]) -> str:
    """An alternative as a designer writes it: ``"uses" INT "per" PER`` → ``uses N per life|refresh``."""
    text = " ".join(_OPERATORS.get(token) or _shown(token, terminals) for token in _TOKEN.findall(expansion))
    group = r"\( ?([^()]*?) ?\)"
    text = re.sub(group + f" {_MAYBE}", r"[\1]", text)  # (to Word)? → [to Word]
    text = re.sub(group + f" {_ANY}", r"[\1 ...]", text)
    text = re.sub(group + f" {_ONE_OR_MORE}", r"\1 ...", text)
    text = re.sub(f"(\\S+) {_ONE_OR_MORE}", r"\1 ...", text)
    text = re.sub(f"(\\S+) {_ANY}", r"[\1 ...]", text)
    text = re.sub(f"(\\S+) {_MAYBE}", r"[\1]", text)
    text = text.replace("( ", "(").replace(" )", ")").replace("[ ", "[").replace(" ]", "]")
    text = re.sub(r"\s*↵\s*", " ", text).replace(" :", ":").replace(" ,", ",")
    return re.sub(r" +", " ", text).strip()


def _shown(token: str, terminals: dict[str, str]) -> str:
    if token.startswith('"'):
        return token[1:-1].replace('\\"', '"')
    if token.startswith("/"):
        return _pattern(token[1:-1])
    if token in "()[]|":
        return token
    if token.isupper() or token.startswith("_"):
        return PLACEHOLDERS.get(token) or terminals.get(token) or token.lower()
    return f"<{token}>"


def _pattern(regex: str) -> str:
    """A terminal's regular expression as a designer reads it: ``[0-9]+'`` is ``N'``, ``x[0-9]+`` is ``xN``;
    anything harder is ``text``."""
    shown = regex.replace("[0-9]+", "N")
    return shown if re.fullmatch(r"[A-Za-z' N-]+", shown) else "text"


_CHOICE = re.compile(r'"[^"]+"|/(?:[^/\\]|\\.)+/')
_CHOICES = re.compile(r'\s*(?:"[^"]+"|/(?:[^/\\]|\\.)+/)(\s*\|\s*(?:"[^"]+"|/(?:[^/\\]|\\.)+/))*\s*')


def terminal_words(text: str) -> dict[str, str]:
    """How each terminal of fixed words or simple patterns reads: ``PER: "life" | "refresh"`` as
    ``life|refresh``, ``CHARGE_X: /x[0-9]+/`` as ``xN``."""
    shown: dict[str, str] = {}
    for line in text.splitlines():
        head = re.match(r"^([A-Z][A-Z0-9_]*)(?:\.\d+)?\s*:(.*)$", line.partition("//")[0].strip())
        if head and _CHOICES.fullmatch(head[2]):
            words = [w[1:-1] if w.startswith('"') else _pattern(w[1:-1]) for w in _CHOICE.findall(head[2])]
            if "text" not in words:
                shown[head[1]] = "|".join(words)
    return shown


# A block of lines: the rule each line of it is, as `"{" _NL (field _NL)* "}"` writes it.
_BLOCK = re.compile(r'"\{"\s+_NL\??\s+\(\s*([a-z_][a-z0-9_]*)\s+_NL\??\s*\)\s*[*+]')


def block_rules(text: str) -> list[str]:
    """The rules whose alternatives are the lines of a block in the grammar ``text`` (a card's fields, a
    scenario's lines), with the rules a bare alternative of one names (``?line: answer``)."""
    rules = list(dict.fromkeys(_BLOCK.findall(text)))
    for rule in rules:
        rules += [e for e, alias, _ in alternatives(text, rule)
                  if not alias and re.fullmatch(r"[a-z_][a-z0-9_]*", e) and e not in rules]
    return rules


def sections(files: Sequence[str], wanted: Sequence[tuple[str, tuple[str, ...]]], examples: dict[str, str],
             helps: Sequence[FieldDeclaration] = ()) -> list[Section]:
    """The forms of the grammar ``files`` (read as one text), section by section, with their examples; a line of
    a block that its grammar leaves without a comment says what its ruleset declares of its line word (``helps``),
    on its first form."""
    text = grammar_text(tuple(files))
    terminals = terminal_words(text)
    lines = set(block_rules(text))
    found = []
    for title, rules in wanted:
        forms = _forms([alt for rule in rules for alt in alternatives(text, rule)], terminals, examples)
        if forms and lines & set(rules):
            forms = _helped(forms, {d.word: d for d in helps})
        if forms:
            found.append(Section(title, forms))
    return found


def _helped(forms: tuple[Form, ...], helps: dict[str, FieldDeclaration]) -> tuple[Form, ...]:
    """``forms``, the first of each line word told its declared help where the grammar has no comment on it, and
    what its declaration says of its use (:func:`declared_use`)."""
    told: set[str] = set()
    shown = []
    for form in forms:
        word = form.syntax.split(" ", 1)[0]
        if word in helps and word not in told:
            said = form.meaning or helps[word].help.replace("`", "")  # a page escapes what Markdown would read
            form = replace(form, meaning=" ".join(filter(None, (said, declared_use(helps[word])))))
        told.add(word)
        shown.append(form)
    return tuple(shown)


def declared_use(declared: FieldDeclaration) -> str:
    """What a card field's declaration says of its use, in a sentence or two (the checks of compiler.declared_fields
    hold a card to it): the kinds of card that take it and need it, its numbers, whether a card may give it again,
    the kind of card its titles name. '' when it says none of these."""
    said = []
    optional = [k for k in declared.kinds if k not in declared.required]
    if declared.required:
        said.append(f"Needed on every {_and(declared.required)}.")
    if optional:
        said.append(f"{'Also goes' if declared.required else 'Goes'} on {_either(optional)}.")
    if declared.range:
        said.append("Takes " + ", ".join(_bounds(low, high) + (f" on {_a(kind)}" if kind else "")
                                         for kind, low, high in declared.range) + ".")
    if declared.repeat:
        said.append("May be given more than once.")
    if declared.refers:
        said.append(f"Names {_a(declared.refers)} by its title.")
    return " ".join(said)


def _and(kinds: Sequence[str]) -> str:
    return " and ".join((", ".join(kinds[:-1]), kinds[-1])) if len(kinds) > 1 else kinds[0]


def _either(kinds: Sequence[str]) -> str:
    named = [_a(k) for k in kinds]
    return " or ".join((", ".join(named[:-1]), named[-1])) if len(named) > 1 else named[0]


def _a(noun: str) -> str:
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def _bounds(low: int, high: int | None) -> str:
    return f"at least {low}" if high is None else f"{low} to {high}"



def _forms(alts: Iterable[tuple[str, str, str]], terminals: dict[str, str], examples: dict[str, str]
           ) -> tuple[Form, ...]:
    forms: dict[str, Form] = {}
    for expansion, alias, comment in alts:
        if not alias:  # `?step: action`: the other rule's forms, shown in its own section
            continue
        shown = syntax(expansion, terminals)
        if alias in forms:  # two ways to write one form: both shown, as one
            old = forms[alias]
            forms[alias] = Form(alias, f"{old.syntax}  /  {shown}", old.meaning or comment, old.example)
            continue
        forms[alias] = Form(alias, shown, comment, examples.get(alias))
    return tuple(forms.values())


# ---------------------------------------------------------------- examples from the shipped sources
def examples(files: Iterable[Path], grammar: tuple[str, ...]) -> dict[str, str]:
    """For each rule name built in ``files`` (parsed with ``grammar``), the first source line that built one:
    the shortest such line of the first file that has it."""
    found: dict[str, str] = {}
    for path in files:
        source = SourceFile(path.name, path.read_text(encoding="utf-8"))
        tree = parse(source, Diagnostics(), grammar)
        if tree is None:
            continue
        lines = source.text.splitlines()
        mine: dict[str, str] = {}
        for node in tree.iter_subtrees_topdown():
            text = _line_of(node, lines)
            if text and (node.data not in mine or len(text) < len(mine[node.data])):
                mine[str(node.data)] = text
        for name, text in mine.items():
            found.setdefault(name, text)
    return found


def _line_of(node: Tree[Token], lines: list[str]) -> str | None:
    """The source line that built ``node``; a block shows its first line and its end (``rules { ... }``)."""
    meta = node.meta
    if getattr(meta, "empty", True):
        return None
    first, last = meta.line - 1, meta.end_line - 1
    line = lines[first].partition(" //")[0].strip()
    if first == last:
        return line
    inner = [text.partition(" //")[0].strip() for text in lines[first + 1:last]]
    inner = [text for text in inner if text and not text.startswith("//")]
    shown = f"{line} {inner[0]}" if inner else line
    return f"{shown} ... }}" if len(inner) > 1 else f"{shown} }}"


def keyword_examples(keywords: Sequence[KeywordRow], cards: Iterable[Path]) -> list[KeywordRow]:
    """Each keyword with the first shipped card line that writes it (as a word of an aspect list, a
    requirement, an upgrade, a passive effect or an ability's options), when one does."""
    lines = [line.partition(" //")[0].strip() for path in cards for line in path.read_text(encoding="utf-8")
             .splitlines() if line.strip().startswith(("aspects ", "! ", "^ ", "passive:", "ability "))]
    return [replace(k, example=next((line for line in lines if re.search(rf"(?<![\w-]){re.escape(k.name)}(?![\w-])",
                                                                       line)), None)) for k in keywords]


# ---------------------------------------------------------------- the page
def language_template() -> Template:
    return make_env(TEMPLATES).get_template("language.md.j2")


def language_page(ruleset: Ruleset, cards: Sequence[Path], scenarios: Sequence[Path],
                  keywords: Sequence[KeywordRow] = (), template: Template | None = None) -> str:
    """The reference page of ``ruleset``'s language, its examples read from ``cards`` and ``scenarios``."""
    card_sections, scenario_sections = reference(ruleset, cards, scenarios)
    return (template or language_template()).render(
        ruleset=ruleset, card_sections=card_sections, scenario_sections=scenario_sections,
        keywords=keyword_examples(keywords, cards))


def reference(ruleset: Ruleset, cards: Sequence[Path], scenarios: Sequence[Path]
              ) -> tuple[list[Section], list[Section]]:
    """The forms of ``ruleset``'s cards and of its scenarios, with their examples."""
    card_files = card_grammar(ruleset.grammar)
    scenario_files = (ruleset.scenario_grammar,)
    return (sections(card_files, CARD_SECTIONS, examples(cards, card_files), ruleset.fields),
            sections(scenario_files, SCENARIO_SECTIONS, examples(scenarios, scenario_files), ruleset.scenario_words))
