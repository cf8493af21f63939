"""The checks every game's card fields share, read from their declarations (issue 28, item 1: "the checks of
types, ranges, references and duplicates (with did-you-mean)"; "Rules that a declaration cannot say stay as
checker functions of the ruleset").

A ruleset declares each field of its cards once, in its ruleset.toml (``[field.<word>]``, engine.core.ruleset's
FieldDeclaration): the kinds of card that take it and those that need it, whether a card may give it twice, the
numbers it takes, the closed list of its words, the kind of card its titles name. A game's checker turns a card's
lines into :class:`Line` values (what each says that a declaration can check) and runs :meth:`DeclaredFields.check`
on them before its own rules, then :meth:`DeclaredFields.refer` once the set is read; it keeps only what no
declaration can say. Each check has one code, the same in every game, and speaks the game's words (the field's
declared noun):

  E901 a field given twice           E902 a field its kind of card needs, missing
  E903 a number out of its range     E904 a word not of its vocabulary (compiler.vocabulary_check)
  E905 a field its kind does not take   E906 a title that names no card of the kind it refers to

A card's own title is checked as every game's is too, beside this pass (compiler.card_titles: E907 a title empty or
too long for its page's file name, E908 two cards of one title or one page).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, Protocol, TypeVar, runtime_checkable

from spellc.compiler import fields
from spellc.compiler.card_ast import Number
from spellc.compiler.diagnostics import Diagnostics, Severity, did_you_mean
from spellc.compiler.rules_text import Text
from spellc.compiler.source import Span
from spellc.compiler.vocabulary_check import Vocabularies, a
from spellc.engine.core.ruleset import FieldDeclaration

GIVEN_TWICE = "E901"
MISSING = "E902"
OUT_OF_RANGE = "E903"
NOT_OF_KIND = "E905"
NO_SUCH_TITLE = "E906"

N = TypeVar("N")


@runtime_checkable
class Written(Protocol):
    """A word as a game's AST holds it (compiler.rules_text.Word)."""

    @property
    def text(self) -> str: ...

    @property
    def span(self) -> Span: ...


@dataclass(frozen=True, slots=True)
class Said:
    """A value a line writes that its declaration can check: a number (against its range), a word (against its
    vocabulary; several words written together are one, `Hermetic Magic`) or a title (``title``: against the
    cards of the kind it refers to)."""

    value: int | str
    span: Span
    title: bool = False


@dataclass(frozen=True, slots=True)
class Line(Generic[N]):
    """A card's line as the generic checks read it: its line word (its declaration's), where it is, what it says
    that they check, and ``node``, the game's own AST node of it, which its checker reads on."""

    word: str
    node: N
    span: Span
    said: tuple[Said, ...] = ()


@dataclass
class Fields(Generic[N]):
    """A card's lines, checked: the first of each line word, and every line taken (those given twice are not)."""

    first: dict[str, Line[N]] = field(default_factory=dict)
    lines: list[Line[N]] = field(default_factory=list)
    refused: set[int] = field(default_factory=set)  # the ids of the lines a check refused a value of
    missing: list[str] = field(default_factory=list)  # the fields its kind needs that it does not give

    @property
    def complete(self) -> bool:
        """Whether it gives every field its kind needs."""
        return not self.missing

    def __contains__(self, word: str) -> bool:
        return word in self.first

    def get(self, word: str) -> N | None:
        """The node of the card's (first) ``word`` line; None when it gives none."""
        line = self.first.get(word)
        return None if line is None else line.node

    def __getitem__(self, word: str) -> N:
        return self.first[word].node

    def every(self, word: str) -> list[N]:
        """The nodes of each ``word`` line the card gives, in order (a field that may be given again)."""
        return [line.node for line in self.lines if line.word == word]

    def ok(self, word: str) -> bool:
        """Whether the card gives ``word`` and nothing it says there was refused."""
        return word in self.first and all(id(line) not in self.refused for line in self.lines if line.word == word)


def said(values: Iterable[object], span: Span, declared: FieldDeclaration) -> tuple[Said, ...]:
    """What a line's values say that ``declared`` checks, read by its type: each number (a pair's too:
    `gems 2 Light`); its words, as one (``word``: all written together, `Hermetic Magic`) or each on its own
    (``words``: `elements Light, Air`); each quoted title (``titles``). Values are the game's AST values: numbers
    (compiler.card_ast.Number, said where they are written; a plain int, at the line, ``span``),
    quoted texts (compiler.rules_text.Text) and words (anything else with a ``text`` and a ``span``)."""
    out: list[Said] = []
    words: list[tuple[str, Span]] = []
    for value in _flat(values):
        if isinstance(value, int):
            out.append(Said(value, value.span if isinstance(value, Number) else span))
        elif isinstance(value, Text):
            out.extend((Said(value.text, value.span, title=True),) if "titles" in declared.type else ())
        elif isinstance(value, Written):
            words.append((value.text, value.span))
    if "words" in declared.type:
        out.extend(Said(text, where) for text, where in words)
    elif "word" in declared.type and words:
        out.append(Said(" ".join(text for text, _ in words), words[0][1].to(words[-1][1])))
    return tuple(out)


def _flat(values: Iterable[object]) -> Iterable[object]:
    for value in values:
        if isinstance(value, tuple):
            yield from value
        else:
            yield value


class DeclaredFields:
    """The generic checks of the game ``game``'s card fields, reported into ``diags``."""

    def __init__(self, diags: Diagnostics, game: str) -> None:
        self.diags = diags
        self.vocabularies = Vocabularies(diags, game)
        self.ruleset = self.vocabularies.ruleset

    def declaration(self, word: str) -> FieldDeclaration:
        return self.vocabularies.declaration(word)

    def line_word(self, built: str) -> str:
        """The line word of a line the grammar builds as ``built`` (its alias)."""
        return fields.line_word(self.ruleset, built)

    def line(self, word: str, node: N, span: Span, values: Iterable[object] = ()) -> Line[N]:
        """The line ``word`` of a card, its values read by its declaration (:func:`said`)."""
        return Line(word, node, span, said(values, span, self.declaration(word)))

    def check(self, kind: str, title_span: Span, lines: Iterable[Line[N]]) -> Fields[N]:
        """A card of ``kind``'s lines, checked by their declarations: each of a field its kind takes (E905), once
        unless it may be given again (E901), its numbers in range (E903), its words of its vocabulary (E904); then
        every field its kind needs given (E902, at the card's title)."""
        found: Fields[N] = Fields()
        for line in lines:
            declared = self.declaration(line.word)
            if not declared.takes(kind):
                self._not_of_kind(kind, line, declared)
                continue
            first = found.first.get(line.word)
            if first is not None and not declared.repeat:
                self.diags.error(GIVEN_TWICE, f"`{self._keywords(line.word)}` is given twice", line.span,
                                 f"note: first on line {first.span.line}")
                continue
            found.first.setdefault(line.word, line)
            found.lines.append(line)
            if not all([self._takes(kind, declared, s) for s in line.said]):
                found.refused.add(id(line))
        for declared in self.ruleset.fields:
            if kind in declared.required and declared.word not in found:
                found.missing.append(declared.word)
                keywords = self._keywords(declared.word)
                example = (f"help: add a line such as `{declared.example}`",) if declared.example else ()
                self.diags.error(MISSING, f"{a(kind)} needs {a(keywords)[:-len(keywords)]}`{keywords}` line",
                                 title_span, *example)
        return found

    def explain(self, span: Span, note: str) -> None:
        """Add ``note`` to the error a declared check gave at ``span``: what only the game's checker knows of the
        value it refused (Serpent's Tongue's `role Curse`: a Curse is an Attack with Curse Duration)."""
        for i in reversed(range(len(self.diags.items))):
            said = self.diags.items[i]
            if said.span == span and said.severity is Severity.ERROR:
                self.diags.items[i] = replace(said, notes=(*said.notes, note))
                return

    def _not_of_kind(self, kind: str, line: Line[N], declared: FieldDeclaration) -> None:
        kinds, keywords = " or ".join(a(k) for k in declared.kinds), self._keywords(line.word)
        self.diags.error(NOT_OF_KIND, f"{a(kind)} takes no `{keywords}` line", line.span,
                         f"note: `{keywords}` goes on {kinds}")

    def _keywords(self, word: str) -> str:
        return fields.keywords(self.ruleset, word)

    def _takes(self, kind: str, declared: FieldDeclaration, value: Said) -> bool:
        if isinstance(value.value, int):
            return self._in_range(kind, declared, value.value, value.span)
        if value.title or declared.vocabulary is None:
            return True
        return self.vocabularies.check(declared.word, value.value, value.span) is not None

    def _in_range(self, kind: str, declared: FieldDeclaration, number: int, span: Span) -> bool:
        bounds = declared.bounds(kind)
        if bounds is None:
            return True
        low, high = bounds
        if low <= number and (high is None or number <= high):
            return True
        takes = f"at least {low}" if high is None else f"{low} to {high}"
        self.diags.error(OUT_OF_RANGE, f"`{declared.word}` takes {takes}, not {number}", span)
        return False

    def refer(self, lines: Sequence[Line[N]], titles: Mapping[str, str], written: Collection[str]) -> bool:
        """Whether every title ``lines`` write names a card of the kind its field refers to, among ``titles``
        (each card of the set, by title, its kind); each that does not is an error (E906) with the nearest title
        of that kind. A title written on a card that has errors of its own (in ``written`` but not ``titles``) is
        not said to be missing too."""
        ok = True
        for line in lines:
            kind = self.declaration(line.word).refers
            for value in line.said:
                title = str(value.value)
                if not value.title or kind is None or titles.get(title) == kind:
                    continue
                if title in written and title not in titles:
                    ok = False
                    continue
                ok = False
                self.diags.error(NO_SUCH_TITLE, f"no {kind} is titled {title!r}", value.span,
                                 *did_you_mean(title, [t for t, k in titles.items() if k == kind]))
        return ok
