"""Source text → Lark parse tree. Lark's exceptions are translated here, once, into our diagnostics."""

from __future__ import annotations

import ast as pyast
import re
import unicodedata
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, TypeVar

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.grammar import Rule
from lark.lexer import TerminalDef
from lark.tree import Meta

from spellc.compiler.diagnostics import Diagnostic, Diagnostics, Severity, did_you_mean
from spellc.compiler.kept import kept
from spellc.compiler.source import NumberTooLong, SourceFile, Span, number

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
    """Lark's LALR parser of the files ``grammar``. Its tables (most of the start-up of a `spellc check` of one
    file to build) are kept between processes as JSON, in the user's private folder (:mod:`spellc.compiler.kept`):
    never as Lark's own cache, a pickle in the shared temporary folder that another user could plant."""
    return Lark._load_from_dict(*_from_json(kept("lark", list(grammar), [], lambda: _tables(grammar), dict[str, Any])))


def _build(grammar: tuple[str, ...]) -> Lark:
    return Lark(grammar_text(grammar), parser="lalr", propagate_positions=True, maybe_placeholders=True)


def _tables(grammar: tuple[str, ...]) -> dict[str, Any]:
    """A parser's tables as JSON: Lark's own serialisation, its maps keyed by numbers or tuples written as lists of
    pairs (JSON keys are text)."""
    data, memo = _build(grammar).memo_serialize([TerminalDef, Rule])
    return {"data": _to_json(data), "memo": _to_json(memo)}


_PAIRS = "\x00pairs"  # a map whose keys are not all text: its pairs


def _to_json(value: Any) -> Any:
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: _to_json(v) for k, v in value.items()}
        return {_PAIRS: [[_to_json(k), _to_json(v)] for k, v in value.items()]}
    if isinstance(value, list | tuple):
        return [_to_json(v) for v in value]
    return value


def _from_json(tables: dict[str, Any]) -> tuple[Any, Any]:
    return _value(tables["data"]), _value(tables["memo"])


def _value(value: Any, key: bool = False) -> Any:
    if isinstance(value, dict):
        if _PAIRS in value:
            return {_value(k, key=True): _value(v) for k, v in value[_PAIRS]}
        return {k: _value(v) for k, v in value.items()}
    if isinstance(value, list):
        return tuple(_value(v, key=True) for v in value) if key else [_value(v) for v in value]
    return value


def parse(source: SourceFile, diags: Diagnostics, grammar: tuple[str, ...], max_number: int = MAX_NUMBER
          ) -> Tree[Token] | None:
    """The parse tree of ``source`` read with the files ``grammar`` (under grammar/), or None after a located
    diagnostic. Every number is at most ``max_number`` (a grammar whose transformer gives each number its
    own range may pass a looser bound)."""
    read = parse_blocks(source, diags, grammar, max_number)
    return None if read is None or read.lost else read.tree


@dataclass(frozen=True, slots=True)
class Blocks:
    """What a file's blocks that parse say, when some did not: their tree (the blocks that did not parse are
    blank lines in it, so every line keeps its place), and the titles the others were written with (a card
    that names one of them is not told that no such card exists: the block's own error is said at it)."""

    tree: Tree[Token]
    lost: tuple[str, ...]  # the quoted title on each lost block's first line ("" where it has none)


def parse_blocks(source: SourceFile, diags: Diagnostics, grammar: tuple[str, ...], max_number: int = MAX_NUMBER
                 ) -> Blocks | None:
    """:func:`parse`, but a file with a block that does not parse still gives the tree of its other blocks (with
    an error for each block lost), so that what is wrong in them is said too: a card file with a parse error in
    one card and a checker's error in another reports both. None when nothing can be read."""
    if _refuse_control(source, diags):
        return None
    lark = parser(grammar)
    read = _recovering(lark, source, diags)
    if read is None:
        return None
    before = len(diags.items)
    for token in _tokens(read.tree, []):
        if token.type == "STRING" or _DIGIT.search(token):  # what a token can hold that is out of bounds
            _check_token(token, source, diags, max_number)
    return None if any(d.severity is Severity.ERROR for d in diags.items[before:]) else read


MAX_PARSE_ERRORS = 20  # a file that is not in the language at all would give one per block


def _recovering(lark: Lark, source: SourceFile, diags: Diagnostics) -> Blocks | None:
    """The parse tree of ``source``'s blocks that parse, after a located error for each mistake; None when no block
    could be told apart from the error, or the errors run past MAX_PARSE_ERRORS.

    Recovery is by line, then by block, as a compiler's panic mode skips to the next statement, then declaration.
    The line an error is in (with the lines it opens, up to its own closing '}') is read as a blank line, which
    keeps every other line where it was, and the file is parsed again: so a card with three mistakes reports three.
    A block with an error is then blank in the tree, so the checker says nothing of it (no "missing school" for the
    line that did not parse), and its title is :attr:`Blocks.lost`. Where the next error is the blanking's own
    doing (a chart left with no line, a '}' gone with its line), the whole block is blanked instead, unsaid. Where
    a block's closing '}' is missing, the error comes at the next block's first word: the block left open is the
    one blanked. A block the file cannot do without (a scenario's ``match``) keeps its other lines."""
    recovery = _Recovery(source.text.split("\n"))
    while True:
        try:
            tree = lark.parse("\n".join(recovery.lines))
        except UnexpectedInput as err:
            at_end = err.line < 1 or isinstance(err, UnexpectedEOF) or _found_end(err)
            line = len(recovery.lines) if at_end else err.line
            if recovery.caused(line, err.column, at_end):
                if not recovery.widen():
                    return None
                continue
            message, span, notes = _describe(err, source, lark)
            unclosed = not at_end and err.column == 1 and _closing(err)
            closed = None if at_end or unclosed else recovery.closed_early(line)
            if closed is not None:  # what the parser expected there (a new card) would mislead
                notes = (f"note: the '}}' on line {closed} closed its block before this line",
                         "help: remove that '}' (a block closes once, after its last line)")
            diags.error("E001", message, span, *notes)
            if len(recovery.lost) + recovery.said >= MAX_PARSE_ERRORS or not recovery.blank(line, unclosed, at_end):
                return None
        else:
            return Blocks(recovery.settle(lark, tree), tuple(recovery.lost))


class _Recovery:
    """A file's lines as recovery blanks them: the blocks with an error (their first and last lines), and what the
    last blanking emptied, with the wider blanking to take instead when the next error is its doing."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.broken: dict[int, int] = {}  # each block with an error: its first line → its last
        self.lost: list[str] = []
        self.said = 0  # errors said beyond the first of each block
        self.blanked: tuple[int, int] | None = None  # the lines the last blanking emptied
        self.by_line = False  # whether it emptied a line of a block (else the whole block)
        self.indent = 0  # that line's indentation
        self.instead: tuple[list[str], int, int] | None = None  # the lines before it, and the block to blank then

    def blank(self, line: int, unclosed: bool, at_end: bool) -> bool:
        """Blank what holds the error at ``line``: its line, or the whole block where the error is at the block's
        first line, its end or the next block's first word; False when no block can be told apart."""
        found = _block_of(self.lines, line, unclosed)
        if found is None:
            return False
        first, last = found
        if first in self.broken:
            self.said += 1
        else:
            self.broken[first] = last
            self.lost.append(_quoted(self.lines[first - 1]))
        before = list(self.lines)
        if unclosed or at_end or not self._within(first, line, last):
            self._empty(first, last, by_line=False)
            self.instead = None
        else:
            self.indent = _indent(self.lines[line - 1])
            self._empty(line, _line_group_end(self.lines, line, last), by_line=True)
            self.instead = (before, first, last)
        return True

    def _within(self, first: int, line: int, last: int) -> bool:
        """Whether the error at ``line`` is a line of its block's own, which can go alone: not the block's first
        line, not a '}' or the block's last line (the braces go with it), and inside the block's braces (a stray
        '}' before it closed the block early: every line after it would be an error of its own)."""
        text = self.lines[line - 1]
        written = [n for n in range(first, last + 1) if self.lines[n - 1].strip()]
        return (first < line < written[-1] and not text.lstrip().startswith("}")
                and _depth(self.lines[first - 1:line - 1]) > 0)

    def closed_early(self, line: int) -> int | None:
        """The line of the '}' that closed the block holding ``line`` before it (a stray one), if one did."""
        found = _block_of(self.lines, line, False)
        if found is None or line == found[0]:
            return None
        depth = 0
        for n in range(found[0], line):
            depth += _depth([self.lines[n - 1]])
            if depth <= 0 and n > found[0]:
                return n
        return None

    def caused(self, line: int, column: int, at_end: bool) -> bool:
        """Whether an error is the last blanking's own doing: after a line, at the first line written after it, a
        '}', a line left of it, or one right of it (the lines it would have opened with the '{' it lacks); after a
        block, the file ending with nothing after it, or the next block found where the parser wanted what was
        blanked (a scenario's ``match`` block)."""
        if self.blanked is None:
            return False
        last = self.blanked[1]
        rest = [n for n in range(last + 1, len(self.lines) + 1) if self.lines[n - 1].strip()]
        if at_end:
            return not rest
        if self.by_line:
            return bool(rest) and line == rest[0] and (self.lines[line - 1].lstrip().startswith("}")
                                                       or _indent(self.lines[line - 1]) != self.indent)
        return column == 1 and line == last + 1

    def widen(self) -> bool:
        """After a line whose blanking broke its block: the whole block blanked instead. False where there is no
        wider blanking to take (the file cannot be read past the error)."""
        if self.instead is None:
            return False
        self.lines[:], first, last = self.instead
        self._empty(first, last, by_line=False)
        self.instead = None
        return True

    def settle(self, lark: Lark, tree: Tree[Token]) -> Tree[Token]:
        """``tree``, with each block that had an error blank in it; a block the file cannot do without keeps its
        other lines (blank, the file does not parse)."""
        for first, last in self.broken.items():
            if not any(self.lines[n - 1].strip() for n in range(first, last + 1)):
                continue
            before = list(self.lines)
            self._empty(first, last, by_line=False)
            try:
                tree = lark.parse("\n".join(self.lines))
            except UnexpectedInput:
                self.lines[:] = before
        return tree

    def _empty(self, first: int, last: int, by_line: bool) -> None:
        for n in range(first, last + 1):
            self.lines[n - 1] = ""
        self.blanked, self.by_line = (first, last), by_line


_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _quoted(line: str) -> str:
    """The first quoted text of a block's first line, as written (its title), or ""."""
    found = _QUOTED.search(line)
    return found[1] if found else ""


def _found_end(err: UnexpectedInput) -> bool:
    return isinstance(err, UnexpectedToken) and err.token.type == "$END"


def _closing(err: UnexpectedInput) -> bool:
    """Whether a block's closing brace was among what the parser could take where it stopped."""
    names = (err.allowed if isinstance(err, UnexpectedCharacters) else getattr(err, "accepts", None)
             or getattr(err, "expected", None)) or set()
    return _closing_expected(names)


def _block_of(lines: list[str], line: int, unclosed: bool) -> tuple[int, int] | None:
    """The first and last lines of the block holding line ``line``; when ``unclosed``, of the block before it,
    which the line's new block found open. None when no block can be told apart (no line at the margin before it)
    or it is blank already."""
    starts = [n for n, text in enumerate(lines, 1) if _BLOCK_START.match(text)]
    before = [n for n in starts if n <= line]
    if unclosed and len(before) > 1 and before[-1] == line:
        before.pop()
    if not before:
        return None
    first = before[-1]
    last = next((n - 1 for n in starts if n > first), len(lines))
    if not any(lines[n - 1].strip() for n in range(first, last + 1)):
        return None
    return first, last


def _line_group_end(lines: list[str], line: int, last: int) -> int:
    """The last line of what line ``line`` writes: itself, or where it opens a block of its own (``rules {``),
    the line of its closing '}' at its own indentation (``last``, its block's end, when none is found)."""
    text = lines[line - 1]
    if not text.rstrip().endswith("{"):
        return line
    return next((n for n in range(line + 1, last + 1)
                 if lines[n - 1].lstrip().startswith("}") and _indent(lines[n - 1]) == _indent(text)), last)


def _depth(lines: list[str]) -> int:
    """How many blocks ``lines`` leave open: their '{' less their '}', quoted texts and comments aside."""
    depth = 0
    for line in lines:
        code = _QUOTED.sub("", line).split("//", 1)[0]
        depth += code.count("{") - code.count("}")
    return depth


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


# A block's first line: a word at the margin (``spell "Fireball" {``, ``round 2 {``); a comment or a closing brace
# is none.
_BLOCK_START = re.compile(r"[^\W\d_]")


# C0 controls but tab, newline and carriage return (a line's end may be CRLF), DEL and the C1 controls: no card,
# scenario or study means one, and echoed to a terminal they drive it (ESC starts a command sequence).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# In a quoted text, after its escapes are decoded: the same, and a carriage return; a tab or a newline may be
# written (``\n``) in a long text.
_CONTROL_IN_TEXT = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
MAX_CONTROL_ERRORS = 10  # a binary file would give one per byte


def _refuse_control(source: SourceFile, diags: Diagnostics) -> bool:
    """Whether ``source`` holds a control character; each (up to a few) is a located error."""
    found = CONTROL.search(source.text)
    if found is None:
        return False
    for count, hit in enumerate(CONTROL.finditer(source.text, found.start())):
        if count == MAX_CONTROL_ERRORS:
            break
        line = source.text.count("\n", 0, hit.start()) + 1
        column = hit.start() - (source.text.rfind("\n", 0, hit.start()) + 1) + 1
        diags.error("E006", f"control character {describe_char(hit[0])} in the source: no card or scenario holds one",
                    Span(source, line, column, line, column + 1), "help: delete it (an editor may show it as a box or "
                    "not at all); write a line break as \\n inside a quoted text")
    return True


# Characters that change how a text is shown without being seen: bidirectional marks, embeddings, overrides and
# isolates (which can show a title backwards), and zero-width spaces and joiners (which make two titles that look
# the same differ).
_INVISIBLE = re.compile("[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069"
                        "\u3164\ufe00-\ufe0f\ufeff]")


def _warn_deceptive(value: str, span: Span, diags: Diagnostics) -> None:
    """A located warning for a quoted text that could deceive a reader: an invisible character in it, or letters
    of several scripts (a Cyrillic "а" in a Latin title looks like "a", and makes another title)."""
    invisible = _INVISIBLE.search(value)
    if invisible is not None:
        diags.warning("W001", f"quoted text holds the invisible character {describe_char(invisible[0])}, which "
                      "changes how it is shown or makes it differ from a text that looks the same", span,
                      "help: delete it")
        return
    scripts = sorted({_script(c) for c in value if c.isalpha()})
    if len(scripts) > 1:
        diags.warning("W002", f"quoted text mixes the letters of several scripts ({', '.join(scripts)}): a "
                      "look-alike letter makes a title that only seems the same as another", span,
                      "help: write every letter in one script")


def _script(letter: str) -> str:
    """The script of a letter, by its Unicode name ("LATIN SMALL LETTER A WITH ACUTE": Latin); the scripts a
    language writes together (Japanese, Korean) count as one."""
    script = unicodedata.name(letter, "UNKNOWN").split(" ", 1)[0].title()
    return _WRITTEN_TOGETHER.get(script, script)


_WRITTEN_TOGETHER = {"Cjk": "Han", "Hiragana": "Han", "Katakana": "Han", "Hangul": "Han"}


def describe_char(char: str) -> str:
    """A character as a diagnostic names it: its code point, and its escape (never the character itself)."""
    return f"U+{ord(char):04X} ({char.encode('unicode_escape').decode('ascii')})"


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
               to_ast: Callable[[Tree[Token], SourceFile], T], lost: set[str] | None = None) -> T | None:
    """``to_ast`` of the tree of ``source``'s blocks that parse (None after its diagnostics, when none can be
    read), parsed once for the same grammar, path and text: a file read again reports the same problems. The
    titles of the blocks that did not parse are added to ``lost``."""
    read, titles, problems = _parsed_file(source, grammar, to_ast)
    diags.extend(problems)
    if lost is not None:
        lost.update(titles)
    return read


# A language server re-checks a whole project at each keystroke, and `spellc site --serve` rebuilds it at each
# save: all but the edited file read as before, and are not parsed again. Their ASTs are frozen values.
@lru_cache(maxsize=4096)
def _parsed_file(source: SourceFile, grammar: tuple[str, ...], to_ast: Callable[[Tree[Token], SourceFile], Any]
                 ) -> tuple[Any, tuple[str, ...], tuple[Diagnostic, ...]]:
    found = Diagnostics()
    read = parse_blocks(source, found, grammar)
    if read is None:
        return None, (), tuple(found.items)
    return to_ast(read.tree, source), tuple(filter(None, map(_lost_title, read.lost))), tuple(found.items)


def _lost_title(written: str) -> str:
    """A lost block's title as its card would have had it ("" when its escapes do not decode: it was lost)."""
    try:
        return string_value(f'"{written}"')
    except (SyntaxError, ValueError, Warning):
        return ""


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
        control = _CONTROL_IN_TEXT.search(value)
        if control is not None:
            diags.error("E006", f"quoted text holds the control character {describe_char(control[0])}: a text "
                        "holds printable characters, tabs and line breaks only", span)
        elif not value.isascii():
            _warn_deceptive(value, span, diags)
        return
    for digits in _DIGITS.findall(token):
        try:
            too_large = number(digits) > max_number
        except NumberTooLong:
            too_large = True
        if too_large:
            shown = digits if len(digits) <= 12 else f"{digits[:6]}...({len(digits)} digits)"
            diags.error("E005", f"number {shown} is out of range: at most {max_number}", span_of(source, token))
            return


def _describe(err: UnexpectedInput, source: SourceFile, lark: Lark) -> tuple[str, Span, tuple[str, ...]]:
    """The message, the span and the notes of a parse error: what was found (a whole word, where the lexer stopped
    inside one), what was expected, and the keyword likely meant."""
    line, column = max(err.line, 1), max(err.column, 1)
    if _found_end(err) or isinstance(err, UnexpectedEOF):
        expected: set[str] = getattr(err, "expected", set())
        opened = _closing_expected(expected) and _opened(source, source.end.line + 1)
        if opened:
            return opened
        return "unexpected end of file (is a closing '}' missing?)", source.end, (_expected(expected, lark),)
    if isinstance(err, UnexpectedCharacters):
        names: set[str] = err.allowed or set()
    else:
        assert isinstance(err, UnexpectedToken)
        names = err.accepts or err.expected
    note = _expected(names, lark)
    text = source.line(line)
    if isinstance(err, UnexpectedCharacters) and text[column - 1:column] == '"' and '"' not in text[column:]:
        return ("unterminated quoted text: it has no closing '\"' on its line", Span(source, line, column, line,
                len(text) + 1), ("help: close it with '\"' before the line ends (a text does not run on to the next)",))
    word = _word(text, column)
    if word is not None:  # a word, or the rest of one the lexer read a keyword from ("deal" of "deals")
        first, last = word
        found = text[first - 1:last - 1]
        hint = _meant(found, names, lark, keyword_in_it=first < column)
        if first < column:  # what was expected after the keyword the lexer took, not instead of the word
            note = f"note: {text[first - 1:column - 1]!r} is a word of the language, {found!r} is not"
        opened = _closing_expected(names) and first == 1 and _opened(source, line)
        if opened:
            return opened
        return f"unexpected {found!r}", Span(source, line, first, line, last), (note, *hint)
    if isinstance(err, UnexpectedCharacters):
        char = text[column - 1] if column <= len(text) else "?"
        return f"unexpected character {char!r}", Span(source, line, column, line, column + 1), (note,)
    assert isinstance(err, UnexpectedToken)
    tok = err.token
    shown = "end of line" if tok.type == "_NL" else repr(str(tok))
    end_col = column + (1 if tok.type == "_NL" else len(str(tok)))
    after_something = text[:column - 1].strip() != ""  # not the first word of its line
    if tok.type != "_NL" and "_NL" in names and after_something:
        note += " (each field of a card goes on its own line)"
    return f"unexpected {shown}", Span(source, line, column, line, end_col), (note,)


# A number written as a word where the language wants its digits ("incantation two"), as far as cards count.
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")


def _meant(found: str, names: set[str], lark: Lark, keyword_in_it: bool) -> tuple[str, ...]:
    """The help of a word the parser did not take: the digits of a number written as a word where a number was
    wanted; else the nearest word expected there, or of the language where a word was expected or the lexer read a
    keyword from it ("deal" of "deals"). Nothing where only a number, a title or the like could come."""
    if found.lower() in NUMBER_WORDS and names & {"INT", "SIGNED_INT"}:
        return (f"help: write the number in digits: {NUMBER_WORDS.index(found.lower())}",)
    expected = _words(names, lark)
    if not expected and not keyword_in_it:
        return ()
    others = [w for w in _keywords(lark) if w.lower() != found.lower()]
    return did_you_mean(found, [w for w in expected if w in others]) or did_you_mean(found, others)


_WORD_PART = re.compile(r"[A-Za-z0-9_'-]")


def _word(text: str, column: int) -> tuple[int, int] | None:
    """The columns (first, past the last) of the word the error is in, if it is at a letter: from the word's
    start, which may lie before the error (the lexer took "deal" of "deals" as a keyword and stopped at "s")."""
    at = column - 1
    if at >= len(text) or not text[at].isalpha():
        return None
    first = at
    while first > 0 and _WORD_PART.match(text[first - 1]):
        first -= 1
    last = at
    while last < len(text) and _WORD_PART.match(text[last]):
        last += 1
    return first + 1, last + 1


def _closing_expected(names: set[str]) -> bool:
    return any(n in ("RBRACE", "_RBRACE") for n in names)


def _opened(source: SourceFile, line: int) -> tuple[str, Span, tuple[str, ...]] | None:
    """Where a block's closing brace was due and a new block begins at ``line`` (or the file ends): the error at
    the block left open, where it opens. None when no block opens above."""
    opened = next((n for n in range(line - 1, 0, -1) if _BLOCK_START.match(source.line(n))), None)
    if opened is None:
        return None
    text = source.line(opened)
    brace = text.find("{") + 1 or len(text.rstrip()) + 1
    found = (f"line {line} begins a new block ({source.line(line).strip()[:60]}) inside it"
             if line <= len(source.text.splitlines()) else "the file ends inside it")
    return ("this block is never closed: a '}' is missing", Span(source, opened, brace, opened, brace + 1),
            (f"note: {found}", "help: close it with '}' on a line of its own after its last line"))


def _words(names: set[str], lark: Lark) -> list[str]:
    """The keywords among the terminals ``names``."""
    found: list[str] = []
    for name in names:
        found.extend(_terminal_words(name, lark))
    return found


@cache  # per parser: its terminals do not change
def _keywords(lark: Lark) -> list[str]:
    """Every keyword of ``lark``'s grammar: what a word that fits nowhere was most likely meant to be."""
    return sorted({w for t in lark.terminals for w in _terminal_words(t.name, lark)})


def _terminal_words(name: str, lark: Lark) -> list[str]:
    term = next((t for t in lark.terminals if t.name == name), None)
    pattern = getattr(term, "pattern", None)
    if pattern is None:
        return []
    if pattern.type == "str":
        return [pattern.value] if re.fullmatch(r"[a-z][a-z -]*", pattern.value) else []
    words = _WORD_CHOICE.fullmatch(pattern.value)
    return words.group(1).split("|") if words else []


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
    if len(shown) > MAX_EXPECTED:  # a place where nearly anything may come: the first, and how many more
        shown = shown[:MAX_EXPECTED] + [f"{len(shown) - MAX_EXPECTED} more"]
    return "note: expected " + (shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1])


MAX_EXPECTED = 24  # every field of the largest card kind (Serpent's Tongue's spell has 19), each named


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
