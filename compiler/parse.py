"""Source text → Lark parse tree. Lark's exceptions are translated here, once, into our diagnostics."""

from __future__ import annotations

import ast as pyast
import re
import warnings
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, TypeVar

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.tree import Meta

from compiler.diagnostics import Diagnostic, Diagnostics
from compiler.source import SourceFile, Span

GRAMMAR_DIR = Path(__file__).resolve().parent.parent / "grammar"

# What each terminal means to a card designer, for "expected ..." lists.
TERMINAL_WORDS = {
    "_NL": "end of line",
    "$END": "end of file",
    "WORD": "a word",
    "INT": "a number",
    "SIGNED_INT": "a signed number such as -3 or +1",
    "STRING": 'a quoted title such as "Fireball"',
    "NA": "N/A",
}


# Lexical limits, checked on every token before any later stage converts it (int() refuses numbers of
# over 4,300 digits with a ValueError; a title becomes a file name of at most 255 bytes).
MAX_NUMBER = 9999  # no printed card or scripted match of the seeds counts past a few hundred
MAX_TEXT = 1000  # characters in a quoted text (a title, a die chart's line, an incantation)


# A ruleset's cards are read with the common grammar and its fragment, as one grammar text (its
# fragment may `%extend` a rule of the common one); its scenarios with its scenario grammar alone.
COMMON = "common.lark"


def card_grammar(fragment: str) -> tuple[str, ...]:
    return (COMMON, fragment)


def grammar_text(grammar: tuple[str, ...]) -> str:
    """The grammar files ``grammar`` (under grammar/) as one grammar's text."""
    return "\n".join((GRAMMAR_DIR / name).read_text(encoding="utf-8") for name in grammar)


@cache
def parser(grammar: tuple[str, ...]) -> Lark:
    # cache=True: Lark keeps the analysed grammar in a file of the temporary folder, named after a digest of
    # the grammar and the options, so a new process loads it instead of building the LALR tables again
    # (start-up is most of a `spellc check` of one file).
    return Lark(
        grammar_text(grammar),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=True,
        cache=True,
    )


def parse(source: SourceFile, diags: Diagnostics, grammar: tuple[str, ...], max_number: int = MAX_NUMBER
          ) -> Tree[Token] | None:
    """The parse tree of ``source`` read with the files ``grammar`` (under grammar/), or None after a located
    diagnostic. Every number is at most ``max_number`` (a grammar whose transformer gives each number its
    own range may pass a looser bound)."""
    lark = parser(grammar)
    try:
        tree = lark.parse(source.text)
    except UnexpectedInput as err:
        diags.error("E001", *_describe(err, source, lark))
        return None
    errors = len(diags.items)
    for token in _tokens(tree, []):
        if token.type == "STRING" or _DIGIT.search(token):  # what a token can hold that is out of bounds
            _check_token(token, source, diags, max_number)
    return tree if len(diags.items) == errors else None


def _tokens(tree: Tree[Token], found: list[Token]) -> list[Token]:
    """Every token of ``tree`` in order, into ``found`` (a recursive walk: three times as fast as Lark's
    scan_values, which yields each token up through every level of the tree)."""
    for child in tree.children:
        if isinstance(child, Tree):
            _tokens(child, found)
        elif isinstance(child, Token):
            found.append(child)
    return found


T = TypeVar("T")


def parse_file(source: SourceFile, diags: Diagnostics, grammar: tuple[str, ...],
               to_ast: Callable[[Tree[Token], SourceFile], T]) -> T | None:
    """``to_ast`` of :func:`parse`'s tree of ``source`` (None after its diagnostics), parsed once for the
    same grammar, path and text: a file read again reports the same problems."""
    read, problems = _parsed_file(source, grammar, to_ast)
    diags.extend(problems)
    return read


# A language server re-checks a whole project at each keystroke, and `spellc site --serve` rebuilds it at each
# save: all but the edited file read as before, and are not parsed again. Their ASTs are frozen values.
@lru_cache(maxsize=4096)
def _parsed_file(source: SourceFile, grammar: tuple[str, ...], to_ast: Callable[[Tree[Token], SourceFile], Any]
                 ) -> tuple[Any, tuple[Diagnostic, ...]]:
    found = Diagnostics()
    tree = parse(source, found, grammar)
    return (None if tree is None else to_ast(tree, source)), tuple(found.items)


def string_value(token: Token | str) -> str:
    """The text of a quoted-text token, its escapes decoded (``_check_token`` has vetted it). An unknown
    escape such as ``\\l`` is refused: Python only warns about it (and keeps the backslash) today."""
    text = str(token)
    if "\\" not in text:  # no escape to decode (most titles): what is between the quotes
        return text[1:-1]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "invalid escape sequence" raises instead of passing as a backslash
        value = pyast.literal_eval(text)
    assert isinstance(value, str)
    return value


_DIGITS = re.compile(r"[0-9]+")
_DIGIT = re.compile(r"[0-9]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_token(token: Token, source: SourceFile, diags: Diagnostics, max_number: int) -> None:
    """Numbers within range, quoted texts that decode to at most MAX_TEXT real characters."""
    if token.type == "STRING":
        span = span_of(source, token)
        try:
            value = string_value(token)
        except (SyntaxError, ValueError, Warning) as err:
            # "invalid escape sequence '\l'", or
            # "(unicode error) 'unicodeescape' codec can't decode bytes in position 5-9: truncated \xXX escape"
            detail = str(err.msg if isinstance(err, SyntaxError) else err).rsplit(": ", 1)[-1]
            diags.error("E002", f"bad escape in quoted text: {detail}",
                        span, "help: write a backslash as \\\\ and a quote as \\\"; \\n, \\t and \\uXXXX "
                        "are the other escapes")
            return
        if len(value) > MAX_TEXT:
            diags.error("E003", f"quoted text of {len(value)} characters: at most {MAX_TEXT}", span)
        bad = _SURROGATE.search(value)
        if bad is not None:
            diags.error("E004", f"quoted text holds {ascii(bad.group())}, half of a surrogate pair, which is no "
                        "character", span, "help: write the character itself, or its \\U00XXXXXX escape")
        return
    for digits in _DIGITS.findall(token):
        value = digits.lstrip("0") or "0"  # int() refuses over 4,300 digits, even "000...7"
        if len(value) > len(str(max_number)) or int(value) > max_number:
            shown = digits if len(digits) <= 12 else f"{digits[:6]}...({len(digits)} digits)"
            diags.error("E005", f"number {shown} is out of range: at most {max_number}", span_of(source, token))
            return


def _describe(err: UnexpectedInput, source: SourceFile, lark: Lark) -> tuple[str, Span, str]:
    line, column = max(err.line, 1), max(err.column, 1)
    if isinstance(err, UnexpectedCharacters):
        pos = err.pos_in_stream or 0
        char = source.text[pos] if pos < len(source.text) else "?"
        span = Span(source, line, column, line, column + 1)
        return f"unexpected character {char!r}", span, _expected(err.allowed, lark)
    if isinstance(err, UnexpectedToken) and err.token.type == "$END" or isinstance(err, UnexpectedEOF):
        end = source.end
        expected = _expected(getattr(err, "expected", set()), lark)
        return "unexpected end of file (is a closing '}' missing?)", end, expected
    assert isinstance(err, UnexpectedToken)
    tok = err.token
    shown = "end of line" if tok.type == "_NL" else repr(str(tok))
    end_col = column + (1 if tok.type == "_NL" else len(str(tok)))
    span = Span(source, line, column, line, end_col)
    note = _expected(err.accepts or err.expected, lark)
    after_something = source.line(line)[:column - 1].strip() != ""  # not the first word of its line
    if tok.type != "_NL" and "_NL" in (err.accepts or err.expected) and after_something:
        note += " (each field of a card goes on its own line)"
    return f"unexpected {shown}", span, note


_WORD_CHOICE = re.compile(r"\(\?:([a-z]+(?:\|[a-z]+)+)\)")


def _expected(names: set[str], lark: Lark) -> str:
    shown = []
    for name in sorted(names):
        if name in TERMINAL_WORDS:
            shown.append(TERMINAL_WORDS[name])
            continue
        term = next((t for t in lark.terminals if t.name == name), None)
        pattern = getattr(term, "pattern", None)
        words = _WORD_CHOICE.fullmatch(pattern.value) if pattern is not None and pattern.type == "re" else None
        if pattern is not None and pattern.type == "str":
            shown.append(f"'{pattern.value}'")
        elif words:  # a terminal of a few words ("action" | "implement" | "interrupt"): the words themselves
            shown.extend(f"'{w}'" for w in words.group(1).split("|"))
        else:
            shown.append(name.lower())
    shown = sorted(dict.fromkeys(shown))
    if not shown:
        return "note: the card's structure is broken here"
    if len(shown) > 8:
        shown = shown[:8] + ["..."]
    return "note: expected " + (shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1])


def span_of(source: SourceFile, node: Tree[Token] | Token) -> Span:
    if isinstance(node, Token):
        line, col = node.line or 1, node.column or 1
        return Span(source, line, col, node.end_line or line, node.end_column or col + len(node))
    meta = node.meta
    if getattr(meta, "empty", True):
        return Span(source, 1, 1, 1, 2)
    return Span(source, meta.line, meta.column, meta.end_line, meta.end_column)


RuleMethod = Callable[[Any, Meta, list[Any]], Any]  # a transformer's method for a rule, unbound


@cache  # per class: its methods do not change
def _rule_methods(cls: type) -> dict[str, RuleMethod | None]:
    """The rule methods of ``cls`` found so far (None: the rule has none), filled in as rules are met."""
    return {}


def _rule_method(cls: type, rule: str) -> RuleMethod | None:
    """The function ``cls`` defines (or inherits) for ``rule``: not Lark's v_args wrapper around it, which
    only passes the call on."""
    for klass in cls.__mro__:
        if rule in vars(klass):
            found = vars(klass)[rule]
            method = getattr(found, "base_func", found)
            return method if callable(method) else None
    return None


class SourceTransformer(Transformer[Token, Any]):
    """A transformer of one source's parse tree: what it builds is located in that source. Its methods take
    ``(meta, children)`` (``v_args(meta=True)``) and no terminal has one."""

    def __init__(self, source: SourceFile) -> None:
        super().__init__()
        self.source = source

    def transform(self, tree: Tree[Token]) -> Any:
        """What Lark's ``Transformer.transform`` gives, with each rule's method looked up once per class: Lark
        looks it up at every node, and wraps a ``v_args`` method anew each time (a quarter of the work)."""
        methods = _rule_methods(type(self))

        def walk(node: Tree[Token]) -> Any:
            children = [walk(c) if isinstance(c, Tree) else c for c in node.children]
            rule = node.data
            method = methods[rule] if rule in methods else methods.setdefault(rule, _rule_method(type(self), rule))
            if method is None:
                return self.__default__(rule, children, node.meta)
            return method(self, node.meta, children)

        return walk(tree)

    def _span(self, meta: Meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.source, 1, 1, 1, 2)
        return Span(self.source, meta.line, meta.column, meta.end_line, meta.end_column)
