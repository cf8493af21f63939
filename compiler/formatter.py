"""`spellc fmt`: the canonical layout of card and scenario files, every comment kept, meaning never changed.

Canonical means: LF line ends; 4 spaces of indentation per open block; one space between the tokens of a
line, none before ``,`` ``;`` ``:`` ``)`` ``]`` and none after ``(`` ``[``, a space after ``,`` ``;`` ``:``
and on both sides of ``|``, ``{`` and ``}``; two spaces before a comment that ends a line (as black does: an
alignment of comments would have to be redone whenever a line changes length); no trailing whitespace; at
most one blank line in a row, none after an opening ``{`` or before a closing ``}``; one final newline.

It works on the tokens the ruleset's own grammar reads, never on the characters: a token is never split or
joined (``Area:G``, ``-3``, a quoted title, a free-text event keep every character), and tokens the file
wrote together (``30'``) stay together unless a separator sits between them. The result is parsed again and
must give the same tokens, or the file keeps its spacing and only its layout changes.
"""

from __future__ import annotations

import difflib
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TextIO

from lark import Lark, Token

from spellc.compiler.diagnostics import Diagnostics, write_text
from spellc.compiler.parse import card_grammar, grammar_text, parse
from spellc.compiler.project import ProjectError, project_of, source_files
from spellc.compiler.source import SourceFile, Undecodable, shown_path
from spellc.engine.rulesets import RULESETS

INDENT = "    "
SUFFIXES = (".spell", ".scenario")
NO_SPACE_BEFORE = frozenset({",", ";", ":", ")", "]"})
NO_SPACE_AFTER = frozenset({"(", "["})
SPACE_AFTER = frozenset({",", ";", ":", "|", "{"})  # a separator: a space follows it even where the file had none
SPACE_BEFORE = frozenset({"|", "{", "}"})


class FormatError(Exception):
    """The text does not parse: it is never formatted. ``diagnostics`` locates the problem."""

    def __init__(self, diagnostics: Diagnostics) -> None:
        super().__init__(diagnostics.render())
        self.diagnostics = diagnostics


def grammar_of(ruleset: str, scenario: bool) -> tuple[str, ...]:
    declared = RULESETS[ruleset]
    return (declared.scenario_grammar,) if scenario else card_grammar(declared.grammar)


def format_text(text: str, *, ruleset: str, scenario: bool, path: str = "<text>") -> str:
    """The canonical form of one file's text, read by ``ruleset``'s card (or scenario) grammar. Raises
    :class:`FormatError` when it does not parse."""
    grammar = grammar_of(ruleset, scenario)
    text = text.replace("\r\n", "\n")  # a lone \r is no line end to the grammar: left for the parser to refuse
    diags = Diagnostics()
    if parse(SourceFile(path, text), diags, grammar) is None:
        raise FormatError(diags)
    before = tokens(text, grammar)
    formatted = layout(text, before, spaced=True)
    if _meaningful(tokens(formatted, grammar)) != _meaningful(before):
        formatted = layout(text, before, spaced=False)  # a spacing this module did not foresee: keep the file's
    return formatted


def tokens(text: str, grammar: tuple[str, ...]) -> list[Token]:
    """Every token of ``text``, structural keywords and line ends included, in order."""
    tree = _keeping_parser(grammar).parse(text)
    return [t for t in tree.scan_values(lambda v: isinstance(v, Token))]


_PARSERS: dict[tuple[str, ...], Lark] = {}


def _keeping_parser(grammar: tuple[str, ...]) -> Lark:
    if grammar not in _PARSERS:
        _PARSERS[grammar] = Lark(grammar_text(grammar), parser="lalr", keep_all_tokens=True,
                                 propagate_positions=True, maybe_placeholders=False)
    return _PARSERS[grammar]


def _meaningful(found: Iterable[Token]) -> list[tuple[str, str]]:
    return [(t.type, str(t)) for t in found if t.type != "_NL"]


# ---------------------------------------------------------------- layout
def layout(text: str, found: Sequence[Token], spaced: bool) -> str:
    """``text`` re-laid out line by line from its ``found`` tokens (``spaced``: with canonical spacing)."""
    by_line: dict[int, list[Token]] = {}
    for token in found:
        if token.type != "_NL":
            by_line.setdefault(token.line or 0, []).append(token)
    out: list[str] = []
    depth = 0
    for number, line in enumerate(text.split("\n"), 1):
        mine = by_line.get(number, [])
        if not mine:
            out.append(INDENT * depth + line.strip() if line.strip() else "")
            continue
        code = _spaced(mine) if spaced else line[(mine[0].column or 1) - 1:(mine[-1].end_column or 1) - 1]
        comment = line[(mine[-1].end_column or 1) - 1:].strip()
        closing = 1 if str(mine[0]) == "}" else 0
        out.append(INDENT * max(depth - closing, 0) + code + (f"  {comment}" if comment else ""))
        depth += sum(str(t) == "{" for t in mine) - sum(str(t) == "}" for t in mine)
    return _blank_lines(out)


def _spaced(line: Sequence[Token]) -> str:
    text = str(line[0])
    for before, token in zip(line, line[1:], strict=False):
        text += _separator(before, token) + str(token)
    return text


def _separator(before: Token, token: Token) -> str:
    left, right = str(before), str(token)
    if right in NO_SPACE_BEFORE or left in NO_SPACE_AFTER:
        return ""
    if left in SPACE_AFTER or right in SPACE_BEFORE:
        return " "
    touching = before.line == token.line and before.end_column == token.column
    return "" if touching else " "


def _blank_lines(lines: list[str]) -> str:
    """At most one blank line in a row; none at the start, after a ``{`` or before a ``}``; one final newline."""
    kept: list[str] = []
    for line in (line.rstrip() for line in lines):
        if not line and (not kept or not kept[-1] or kept[-1].endswith("{")):
            continue
        if line.lstrip().startswith("}") and kept and not kept[-1]:
            kept.pop()
        kept.append(line)
    while kept and not kept[-1]:
        kept.pop()
    return "\n".join(kept) + "\n"


# ---------------------------------------------------------------- the command
def files_under(paths: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for p in paths:
        found.extend(sorted(f for suffix in SUFFIXES for f in source_files(p, suffix)) if p.is_dir() else [p])
    return found


def run(paths: Sequence[Path], *, check: bool, diff: bool, out: TextIO, err: TextIO,
        explicit: Path | None = None) -> int:
    """`spellc fmt`: each file rewritten in its canonical form (``check``: only listed, ``diff``: shown as a
    unified diff; neither writes). 1 when a file does not parse, or (with ``check`` or ``diff``, as ruff's
    format does) is not canonical."""
    failed = unformatted = 0
    for path in files_under(paths):
        shown = shown_path(path, Path.cwd())
        try:
            project = project_of(path.parent, explicit)  # the folder's: a file may be a link out of the project
            source = SourceFile.read(project.own(path), Path.cwd())
            old = source.text.encode("utf-8")  # UTF-8 read back as it was written: the file's bytes
            new = format_text(source.text, ruleset=project.ruleset.name, scenario=path.suffix == ".scenario",
                              path=shown)
        except (FormatError, ProjectError, Undecodable, OSError) as problem:
            write_text(err, _problem(shown, problem))
            failed += 1
            continue
        if new.encode("utf-8") == old:
            continue
        unformatted += 1
        if diff:
            write_text(out, unified_diff(source.text, new, shown))
        elif check:
            write_text(out, f"would reformat {shown}")
        else:
            replace_file(path, new)
            write_text(out, f"reformatted {shown}")
    return 1 if failed or ((check or diff) and unformatted) else 0


def run_stdin(data: bytes, *, filename: str | None, check: bool, diff: bool, out: TextIO, err: TextIO,
              explicit: Path | None = None) -> int:
    """`spellc fmt -`: ``data`` (standard input) in its canonical form, written to ``out`` (``check``: only
    said, ``diff``: shown as a diff). It is a card of the current folder's project, named ``<stdin>``, unless
    ``filename`` says which file it stands for: a ``.scenario`` is read as one, and its folder's project is
    the one. A text that does not parse prints nothing to ``out`` (as ruff's and black's do): 1."""
    shown = filename or "<stdin>"
    try:
        project = project_of(Path.cwd() / filename if filename else Path.cwd(), explicit)
        source = SourceFile.decode(shown, data)
        new = format_text(source.text, ruleset=project.ruleset.name, scenario=shown.endswith(".scenario"),
                          path=shown)
    except (FormatError, ProjectError, Undecodable) as problem:
        write_text(err, _problem(shown, problem))
        return 1
    changed = new.encode("utf-8") != data
    if diff or check:
        if changed:
            write_text(out, unified_diff(source.text, new, shown) if diff else f"would reformat {shown}")
        return 1 if changed else 0
    out.flush()
    if hasattr(out, "buffer"):  # the text's bytes, whatever the stream's encoding and line ends
        out.buffer.write(new.encode("utf-8"))
        out.buffer.flush()
    else:
        out.write(new)
    return 0


def unified_diff(old: str, new: str, shown: str) -> str:
    """A patch from ``old`` to ``new``; a last line without its newline is marked as diff and git mark it."""
    lines = difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True), shown, shown)
    return "".join(line if line.endswith("\n") else f"{line}\n\\ No newline at end of file\n" for line in lines)


def _problem(shown: str, problem: Exception) -> str:
    if isinstance(problem, FormatError):
        return problem.diagnostics.render()
    if isinstance(problem, ProjectError):
        return problem.render()
    if isinstance(problem, Undecodable):
        diags = Diagnostics()
        diags.error("E000", problem.message, problem.span, "help: save the file as UTF-8")
        return diags.render()
    return f"spellc: error: cannot format {shown}: {problem}"


def replace_file(path: Path, text: str) -> None:
    """Write ``text`` over ``path`` all at once (a temporary file beside it, renamed), keeping its mode."""
    mode = path.stat().st_mode
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
