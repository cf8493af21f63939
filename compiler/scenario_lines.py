"""What every game's scenario reader shares (issue 28, item 2): a transformer base whose lines are located
(:class:`engine.core.errors.Where`) and whose ``expect`` lines are the core's, the checks of the names a script
gives (each set up once, every line naming one set up, with a suggestion for a typo; turns or rounds in order; the
titles of cards against the project's compiled cards), the one reading pipeline, and the one summary. A game gives
only its grammar's own lines and words."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from lark import Token
from lark.tree import Meta

from spellc.compiler.diagnostics import Diagnostics, did_you_mean
from spellc.compiler.parse import SourceTransformer, number, parse, span_of, string_value
from spellc.compiler.source import SourceFile, Span
from spellc.engine.core.errors import Where
from spellc.engine.core.ruleset import Ruleset
from spellc.engine.core.scenario import Answer, Expect, Fact, Refused, Replay

S = TypeVar("S")


class ScenarioTransformer(SourceTransformer):
    """A game's scenario transformer: what only it sees (a number out of range) is kept in ``errors`` and reported
    once the tree is read, ``expect NAME a, b`` is one core :class:`Expect` per item, and the lines a game declares
    in ``answers`` and ``facts`` need no method, nor does an expectation: its grammar rule ``expect_granted_uses``
    is the expectation "granted uses" its ruleset declares, its value what the item writes, in order (one thing
    written: that thing), and a ``NOT`` token there negates it."""

    # Answer lines by grammar rule: the label of the choice each names, filled in with what the line writes
    # ({0}: who answers, {1}: the next thing written, a quoted title unquoted, a number read).
    answers: ClassVar[Mapping[str, str]] = {}
    # Fact lines by grammar rule: the kind and value Match.intervene reads, filled in alike.
    facts: ClassVar[Mapping[str, tuple[str, str]]] = {}

    def __init__(self, source: SourceFile) -> None:
        super().__init__(source)
        self.errors: list[tuple[str, str, Span, tuple[str, ...]]] = []

    def error(self, code: str, message: str, span: Span, *notes: str) -> None:
        self.errors.append((code, message, span, notes))

    def _where(self, meta: Meta | Token) -> Where:
        """Where a line is (a block: its first line's first character)."""
        span = span_of(self.source, meta) if isinstance(meta, Token) else self._span(meta)
        return Where(self.source.path, span.line, span.column,
                     span.end_column if span.end_line == span.line else span.column + 1)

    def __default__(self, data: Any, children: list[Any], meta: Meta) -> Any:
        written = [_value(c) for c in children]
        if data in self.answers:
            return Answer(who=str(written[0]), labels=(self.answers[data].format(*written),), where=self._where(meta))
        if data in self.facts:
            kind, value = self.facts[data]
            return Fact(who=str(written[0]), kind=kind.format(*written), value=value.format(*written),
                        where=self._where(meta))
        if data.startswith("expect_"):
            negation = [isinstance(c, Token) and c.type == "NOT" for c in children]
            values = [v for v, negating in zip(written, negation, strict=True) if not negating]
            said: Any = values[0] if len(values) == 1 else tuple(values)
            return data.removeprefix("expect_").replace("_", " "), said, any(negation)
        return super().__default__(data, children, meta)

    def refused(self, meta: Meta, c: list[Any]) -> Refused | list[Refused]:
        """`refused ANSWER [by "Rule"]`: the answer the rules must refuse there, by the rule named (any if none)."""
        answer, rule = c
        written = self.source.text[meta.start_pos:meta.end_pos if rule is None else rule.start_pos].split()
        said = written[1:-1] if rule is not None else written[1:]  # the answer as written: `refused` and `by` aside
        return Refused(who=answer.who, label=answer.labels[0], rule=string_value(rule) if rule is not None else None,
                       said=" ".join(said), where=self._where(meta))

    def expect(self, meta: Meta, c: list[Any]) -> list[Expect]:
        """Each item (``(what, value)`` or ``(what, value, negated)``) of one `expect` line, checked in order."""
        who, *items = c
        return [Expect(who=str(who), what=item[0], value=item[1], negated=len(item) > 2 and item[2],
                       where=self._where(meta)) for item in items]

    def expect_winner(self, meta: Meta, c: list[Token | None]) -> list[Expect]:
        name = str(c[0]) if c and c[0] is not None else None
        return [Expect(who=None, what="winner", value=name, where=self._where(meta))]


def _value(written: Any) -> Any:
    """What a line writes, as a label says it: a quoted title unquoted, a number without its leading zeros."""
    if isinstance(written, Token) and written.type == "STRING":
        return string_value(written)
    if isinstance(written, Token) and written.type == "INT":
        return number(written)
    return str(written) if isinstance(written, Token) else written


def flat(lines: Iterable[Any]) -> list[Any]:
    """A block's lines, an `expect` line of several items giving several."""
    return [one for line in lines for one in (line if isinstance(line, list) else [line])]


def read_scenario(ruleset: Ruleset, source: SourceFile, diags: Diagnostics, transformer: ScenarioTransformer,
                  *checks: Callable[[Any, SourceFile, Diagnostics], None]) -> Any:
    """``source`` read with the ruleset's scenario grammar and ``transformer``, then ``checks``: the scenario, or
    None once a located error is reported."""
    tree = parse(source, diags, (ruleset.scenario_grammar,))
    if tree is None:
        return None
    errors = len(diags.items)
    scenario = transformer.transform(tree)
    for code, message, span, notes in transformer.errors:
        diags.error(code, message, span, *notes)
    for check in checks:
        check(scenario, source, diags)
    return scenario if len(diags.items) == errors else None


@dataclass(frozen=True)
class Reader(Generic[S]):
    """A game's scenario reader, declared: its ruleset (its grammar), its transformer, and how the names its
    scenarios give are checked (:func:`check_names`)."""

    ruleset: Ruleset
    transformer: Callable[[SourceFile], ScenarioTransformer]
    names: Names
    setup: Callable[[S], Sequence[tuple[str, str, Where]]]  # each being set up: its name, its side, where
    written: Callable[[S], Iterable[Any]]  # the lines whose being must be one set up
    numbered: Callable[[S], Iterable[tuple[int, Where]]] = lambda scenario: ()  # its rounds or turns

    def parse(self, source: SourceFile, diags: Diagnostics) -> S | None:
        scenario: S | None = read_scenario(self.ruleset, source, diags, self.transformer(source), self._names)
        return scenario

    def _names(self, scenario: S, source: SourceFile, diags: Diagnostics) -> None:
        check_names(self.names, self.setup(scenario), self.numbered(scenario), self.written(scenario), source, diags)


def span(source: SourceFile, where: Where) -> Span:
    return Span(source, where.line, where.column, where.line, where.end_column)


@dataclass(frozen=True, slots=True)
class Names:
    """How a game's names are checked: what a being is called, the codes its diagnostics carry, whether a match
    needs two sides (the code, message and help of one that has fewer) and what its numbered blocks are called."""

    being: str  # "entity", "model", "player"
    twice: str  # the code of a name set up twice
    unknown: str  # the code of a line naming no being set up
    sides: tuple[str, str, str] | None = None
    blocks: tuple[str, str] = ("round", "")  # ("turn", its code): numbered blocks go in order


def check_names(names: Names, setup: Sequence[tuple[str, str, Where]], numbered: Iterable[tuple[int, Where]],
                written: Iterable[Any], source: SourceFile, diags: Diagnostics) -> list[str]:
    """Each being (name, side, where) set up once, on two sides or more if the game says so, the numbered blocks
    in order, and every line's being (``who``) one set up, with the nearest name; the names set up."""
    first: dict[str, Where] = {}
    for name, _, where in setup:
        if name in first:
            diags.error(names.twice, f"{name} is set up twice (first at line {first[name].line})", span(source, where))
        first.setdefault(name, where)
    if names.sides is not None and len({side for _, side, _ in setup}) < 2:
        code, message, hint = names.sides
        diags.error(code, message, source.end, hint)
    last = 0
    what, code = names.blocks
    for n, where in numbered:
        if n <= last:
            diags.error(code, f"{what} {n} comes after {what} {last}: {what}s go in order", span(source, where))
        last = max(last, n)
    for line in written:
        if getattr(line, "who", None) is not None:
            known(names, line.who, list(first), line.where, source, diags)
    return list(first)


def known(names: Names, name: str, pool: Sequence[str], where: Where, source: SourceFile, diags: Diagnostics,
          at: Span | None = None, also: Collection[str] = (), what: str | None = None) -> None:
    """``name`` is one of the beings set up (``pool``) or ``also`` (a team a line may name instead); else an error
    (at ``at``, or the line) that lists them, with the nearest name."""
    if name not in pool and name not in also:
        diags.error(names.unknown, f"no {what or names.being} is named {name}: the match sets up "
                    + (", ".join(pool) or f"no {names.being}s"), at or span(source, where),
                    *did_you_mean(name, [*pool, *also]))


def diagnostics(source: SourceFile, read: Callable[[SourceFile, Diagnostics], S | None],
                named: Callable[[S], Iterable[tuple[str, Where]]], titles: Collection[str] | None,
                what: str = "card") -> Diagnostics:
    """What is wrong with a scenario as written (``read`` reports it); with ``titles`` (the project's compiled cards,
    when they are known), every card it names (``named``) that is none of them too, at the title as written, with
    the nearest title (issue 28: "a misspelled title in a scenario gets no suggestion" from `spellc check` and the
    editor, only from `spellc play`)."""
    diags = Diagnostics()
    scenario = read(source, diags)
    if scenario is not None and titles is not None:
        for title, where in named(scenario):
            if title not in titles:
                diags.error("E300", f"no {what} is titled {title!r}", title_span(span(source, where), title),
                            *did_you_mean(title, titles))
    return diags


def titles_in(written: Iterable[Any], verb: str) -> Iterator[tuple[str, Where]]:
    """The card titles answers and refusals name after ``verb`` (`play "Flame Dart" at Orc`), where written."""
    for line in written:
        label = line.labels[0] if isinstance(line, Answer) and line.labels else getattr(line, "label", "")
        if label.startswith(f'{verb} "'):
            yield label.split('"')[1], line.where


def title_span(line: Span, title: str) -> Span:
    """``title`` where it is written in ``line`` (quoted, or bare), or the whole span."""
    text = line.source.line(line.line)
    for written in (f'"{title}"', title):
        at = text.find(written, line.column - 1)
        if at >= 0:
            return Span(line.source, line.line, at + 1, line.line, at + len(written) + 1)
    return line


# ---------------------------------------------------------------- the summary `spellc play` prints
def summary(result: Replay[Any], shown: Iterable[tuple[str, dict[str, Any]]], beings: str,
            said: Callable[[dict[str, Any]], str], outcome: Callable[[Any], str]) -> str:
    """Every game's summary: each state shown under its heading, one line a being of its ``beings`` (``said``),
    then how the match ended (``outcome``) and how many expectations held."""
    lines = []
    for heading, snap in shown:
        lines.append(heading)
        lines.extend(f"  {name}: {said(being)}" for name, being in snap[beings].items())
    if result.game.outcome is not None:
        lines.append(f"Outcome: {outcome(result.game.outcome)}")
    lines.append(f"{result.checked} expectations held")
    return "\n".join(lines)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("s" if n != 1 else "")
