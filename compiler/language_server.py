"""`spellc lsp`: the language server of every ruleset's cards and scenarios, over stdio (pygls).

A document belongs to the card project above it (compiler.project), whose ruleset reads it. The server gives:

- the checker's diagnostics as you type: a card file is checked with the rest of its project's cards (a
  title another file also uses, a spell a magician lists), each open buffer as it stands;
- completion of what the grammar accepts at the cursor (Lark's interactive parser): fields, keywords and fixed
  words, and where a free word goes, the words the project's cards and the ruleset's shipped cards write after
  the same word (Spheres, Schools, Elements...) and the ruleset's registry keywords;
- hover: the glossary text of the term or keyword under the cursor;
- go to definition: from a card's title, in a scenario or a card, to the card;
- document symbols (the cards of a file; a scenario's blocks) and formatting (`spellc fmt`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from lark import Token, Tree
from lark.exceptions import LarkError
from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from compiler.build import FRONTENDS, settle
from compiler.diagnostics import Diagnostic, Severity
from compiler.formatter import FormatError, format_text, grammar_of
from compiler.language_reference import terminal_words
from compiler.parse import grammar_text, parser
from compiler.project import Project, ProjectError, project_of, shipped
from compiler.source import SourceFile, shown_path

SERVER = LanguageServer("spellc", "1")
SUFFIXES = (".spell", ".scenario")


@dataclass(frozen=True, slots=True)
class Document:
    path: Path
    project: Project
    scenario: bool

    @property
    def ruleset(self) -> str:
        return self.project.ruleset.name


def document_of(uri: str) -> Document | None:
    path = Path(to_fs_path(uri) or "")
    if path.suffix not in SUFFIXES:
        return None
    return Document(path, project_of(path), path.suffix == ".scenario")


def text_of(path: Path) -> str:
    """An open buffer's text, else the file's."""
    opened = SERVER.workspace.text_documents.get(from_fs_path(str(path)) or "")
    return opened.source if opened is not None else path.read_text(encoding="utf-8")


# ---------------------------------------------------------------- diagnostics
def diagnostics(doc: Document, text: str) -> list[Diagnostic]:
    """The located problems of ``doc`` (its text ``text``), as `spellc check` or `spellc play` would say."""
    root = doc.project.root
    shown = shown_path(doc.path, root)
    front = FRONTENDS[doc.ruleset]
    if doc.scenario:
        return front.scenario_diagnostics(SourceFile(shown, text)).items
    others = [p for p in doc.project.card_files() if p.resolve() != doc.path.resolve()]
    sources = [*(SourceFile(shown_path(p, root), text_of(p)) for p in others), SourceFile(shown, text)]
    return [d for d in front.compile_texts(sources).diagnostics.items if d.span.source.path == shown]


def lsp_diagnostic(d: Diagnostic) -> types.Diagnostic:
    s = d.span
    return types.Diagnostic(
        range=types.Range(types.Position(s.line - 1, s.column - 1), types.Position(s.end_line - 1, s.end_column - 1)),
        message="\n".join((d.message, *d.notes)), code=d.code, source="spellc",
        severity=types.DiagnosticSeverity.Error if d.severity is Severity.ERROR else types.DiagnosticSeverity.Warning)


def publish(uri: str) -> None:
    try:
        doc = document_of(uri)
    except ProjectError as err:
        where = types.Range(types.Position(0, 0), types.Position(0, 1))
        found = [types.Diagnostic(range=where, message=err.message, source="spellc",
                                  severity=types.DiagnosticSeverity.Warning)]
    else:
        text = SERVER.workspace.get_text_document(uri).source
        found = [lsp_diagnostic(d) for d in diagnostics(doc, text)] if doc else []
    SERVER.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=found))
    settle()  # the first check's parses are kept for the next keystrokes


@SERVER.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(params: types.DidOpenTextDocumentParams) -> None:
    publish(params.text_document.uri)


@SERVER.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(params: types.DidChangeTextDocumentParams) -> None:
    publish(params.text_document.uri)


@SERVER.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(params: types.DidSaveTextDocumentParams) -> None:
    publish(params.text_document.uri)


# ---------------------------------------------------------------- completion
def offset(text: str, position: types.Position) -> int:
    lines = text.split("\n")
    return sum(len(line) + 1 for line in lines[:position.line]) + min(position.character,
                                                                       len(lines[position.line]) if lines else 0)


def completions(doc: Document, text: str, at: int) -> list[str]:
    """The words that may be written at ``at``: what the grammar accepts there."""
    before = text[:at]
    partial = re.search(r"[A-Za-z][\w'\-]*$", before)
    start = before[:partial.start()] if partial else before
    grammar = grammar_of(doc.ruleset, doc.scenario)
    try:
        interactive = parser(grammar).parse_interactive(start)
        consumed = list(interactive.exhaust_lexer())
        accepted = interactive.accepts()
    except LarkError:
        return []
    words = fixed_words(grammar, accepted)
    if consumed and ({"WORD", "NAME", "STRING"} & accepted):
        field = start.rsplit("\n", 1)[-1].split()  # the line's first word: the field being written
        words |= vocabulary(doc, field[0] if field else "", "STRING" in accepted)
    prefix = partial.group() if partial else ""
    return sorted(w for w in words if w.lower().startswith(prefix.lower()))


def fixed_words(grammar: tuple[str, ...], accepted: Iterable[str]) -> set[str]:
    """The keywords and fixed words among the terminals ``accepted``."""
    lark = parser(grammar)
    fixed = terminal_words(grammar_text(grammar))
    words: set[str] = set()
    for name in accepted:
        terminal = next((t for t in lark.terminals if t.name == name), None)
        literal = terminal.pattern.value if terminal is not None and terminal.pattern.type == "str" else ""
        if re.fullmatch(r"[\w' -]+", literal):
            words.add(literal)
        elif name in fixed:
            words.update(w for w in fixed[name].split("|") if "N" not in w)
    return words


def vocabulary(doc: Document, field: str, titles: bool) -> set[str]:
    """The capitalised words the project's and the shipped cards write on lines of the same ``field`` (the
    Spheres on ``sphere`` lines, the Elements on ``elements`` lines), the registry's keywords, and (where quoted
    text goes) the titles of the project's cards."""
    words = {k.name for k in FRONTENDS[doc.ruleset].keywords()}
    for path in (*doc.project.card_files(), *shipped_cards(doc.ruleset)):
        for line in text_of(path).splitlines():
            head, _, rest = line.strip().partition(" ")
            if field and head == field:
                words.update(re.findall(r"(?<![\w\"'-])[A-Z][\w'\-]*", rest.partition("//")[0]))
    if titles:
        words.update(f'"{t}"' for t in card_titles(doc.project))
    return words


def shipped_cards(ruleset: str) -> list[Path]:
    return shipped(ruleset).card_files()


@SERVER.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[" ", '"']))
def completion(params: types.CompletionParams) -> types.CompletionList:
    doc = document_of(params.text_document.uri)
    if doc is None:
        return types.CompletionList(is_incomplete=False, items=[])
    text = SERVER.workspace.get_text_document(params.text_document.uri).source
    items = [types.CompletionItem(label=w) for w in completions(doc, text, offset(text, params.position))]
    return types.CompletionList(is_incomplete=False, items=items)


# ---------------------------------------------------------------- hover
def describe(ruleset: str, line: str, column: int) -> str | None:
    """The glossary text of the longest term or keyword of ``ruleset`` written around ``column`` of ``line``."""
    terms = {name.lower(): term for term in FRONTENDS[ruleset].terms()
             for name in (term.name, term.keyword) if name}
    words = list(re.finditer(r"[A-Za-z][\w'\-]*(?::[A-Z])?", line))
    here = next((i for i, w in enumerate(words) if w.start() <= column <= w.end()), None)
    if here is None:
        return None
    for size in range(4, 0, -1):
        for first in range(max(0, here - size + 1), here + 1):
            phrase = " ".join(w.group() for w in words[first:first + size]).lower()
            if first + size <= len(words) and phrase in terms:
                term = terms[phrase]
                return f"**{term.name}**\n\n{term.glossary}"
    return None


@SERVER.feature(types.TEXT_DOCUMENT_HOVER)
def hover(params: types.HoverParams) -> types.Hover | None:
    doc = document_of(params.text_document.uri)
    if doc is None:
        return None
    lines = SERVER.workspace.get_text_document(params.text_document.uri).lines
    if params.position.line >= len(lines):
        return None
    text = describe(doc.ruleset, lines[params.position.line], params.position.character)
    if text is None:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))


# ---------------------------------------------------------------- cards: where each is written
@dataclass(frozen=True, slots=True)
class Written:
    title: str
    kind: str
    path: Path
    whole: types.Range  # the card
    name: types.Range  # its title


def cards_in(path: Path, text: str, ruleset: str) -> list[Written]:
    """The cards a file writes: each top-level block of its grammar with the quoted title that names it."""
    try:
        tree = parser(grammar_of(ruleset, False)).parse(text)
    except LarkError:
        return []
    return [w for node in tree.children if isinstance(node, Tree) for w in _written(node, path)]


def _written(node: Tree[Token], path: Path) -> list[Written]:
    title = next((t for t in node.children if isinstance(t, Token) and t.type == "STRING"), None)
    if title is None or getattr(node.meta, "empty", True):
        return []
    meta = node.meta
    whole = types.Range(types.Position(meta.line - 1, meta.column - 1),
                        types.Position(meta.end_line - 1, meta.end_column - 1))
    name = types.Range(types.Position((title.line or 1) - 1, (title.column or 1) - 1),
                       types.Position((title.end_line or 1) - 1, (title.end_column or 1) - 1))
    return [Written(str(title)[1:-1], str(node.data), path, whole, name)]


def card_titles(project: Project) -> list[str]:
    return [w.title for p in project.card_files() for w in cards_in(p, text_of(p), project.ruleset.name)]


@SERVER.feature(types.TEXT_DOCUMENT_DEFINITION)
def definition(params: types.DefinitionParams) -> types.Location | None:
    doc = document_of(params.text_document.uri)
    if doc is None:
        return None
    line = SERVER.workspace.get_text_document(params.text_document.uri).lines[params.position.line]
    quoted = next((m.group(1) for m in re.finditer(r'"((?:[^"\\]|\\.)*)"', line)
                   if m.start() <= params.position.character <= m.end()), None)
    if quoted is None:
        return None
    for path in doc.project.card_files():
        for card in cards_in(path, text_of(path), doc.ruleset):
            if card.title == quoted:
                return types.Location(uri=from_fs_path(str(path)) or "", range=card.name)
    return None


@SERVER.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def symbols(params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    doc = document_of(params.text_document.uri)
    if doc is None:
        return []
    text = SERVER.workspace.get_text_document(params.text_document.uri).source
    if doc.scenario:
        return scenario_symbols(doc, text)
    return [types.DocumentSymbol(name=c.title, detail=c.kind, kind=types.SymbolKind.Class, range=c.whole,
                                 selection_range=c.name) for c in cards_in(doc.path, text, doc.ruleset)]


def scenario_symbols(doc: Document, text: str) -> list[types.DocumentSymbol]:
    """A scenario's blocks: the match, then each round, turn or timeline."""
    found = []
    for number, line in enumerate(text.split("\n")):
        head = re.match(r"(\w+)\b[^{]*\{\s*$", line)
        if head and not line.startswith((" ", "\t")):
            where = types.Range(types.Position(number, 0), types.Position(number, len(line)))
            found.append(types.DocumentSymbol(name=line.rstrip(" {"), kind=types.SymbolKind.Namespace, range=where,
                                              selection_range=where))
    return found


# ---------------------------------------------------------------- formatting
@SERVER.feature(types.TEXT_DOCUMENT_FORMATTING)
def formatting(params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
    doc = document_of(params.text_document.uri)
    if doc is None:
        return None
    document = SERVER.workspace.get_text_document(params.text_document.uri)
    try:
        new = format_text(document.source, ruleset=doc.ruleset, scenario=doc.scenario)
    except FormatError:
        return None  # the diagnostics already say what does not parse
    if new == document.source:
        return []
    end = types.Position(len(document.lines), 0)
    return [types.TextEdit(range=types.Range(types.Position(0, 0), end), new_text=new)]


def serve() -> int:
    SERVER.start_io()
    return 0

