"""`spellc lsp`: the language server of every ruleset's cards and scenarios, over stdio (pygls).

A document belongs to the card project above it (compiler.project), whose ruleset reads it. The server gives:

- the checker's diagnostics as you type: a card file is checked with the rest of its project's cards (a
  title another file also uses, a spell a magician lists), each open buffer as it stands;
- completion of what the grammar accepts at the cursor (Lark's interactive parser): fields, keywords and fixed
  words, and where a word of a field goes, the words its ruleset declares for it (ruleset.toml's
  ``[field.<word>]``: Schools, States, Elements, Spheres...), titles where a quoted title goes, and in an Amtgard
  timeline's event, its forms' words, its players and its abilities, unquoted;
- hover: a line word's declared help, ending with what its declaration holds a card to, as the language reference
  says it (which kinds of card need it or take it, its numbers, the kind of card its titles name); a word of a
  field's declared list, the glossary term that defines it; else the glossary text of the term or keyword under the
  cursor;
- go to definition: from a card's title, in a scenario or a card (or unquoted, in an Amtgard event), to the card;
- document symbols (the cards of a file; a scenario's blocks) and formatting (`spellc fmt`).

An editor sends whatever is in its buffer, and the server must never stall or die on it:
- it reads the protocol's framing itself (:func:`serve`): a header line or a body past a limit, or a header that
  is not one, ends the server cleanly with the reason on stderr (the stream cannot be followed any further; the
  editor starts a new server), a body that is not JSON gets a JSON-RPC parse error, and a request whose
  parameters are ill-typed gets an invalid-params error;
- each request is answered within a time budget (:func:`within_budget`), empty when the work runs past it;
- a document past a size far above any card file's gets one diagnostic saying so, and no other work;
- nothing runs a regular expression that could backtrack over a long word (the word at the cursor is found by
  scanning back from it, a bounded number of characters);
- a file of the project that cannot be read (not UTF-8, not a regular file) costs its own diagnostics only.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

from lark import Token, Tree
from lark.exceptions import LarkError
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from spellc.compiler import fields
from spellc.compiler.build import FRONTENDS, checked_library, settle
from spellc.compiler.diagnostics import Diagnostic, Severity
from spellc.compiler.formatter import FormatError, format_text, grammar_of
from spellc.compiler.language_reference import declared_use, terminal_words
from spellc.compiler.parse import NumberTooLong, grammar_text, number, parser
from spellc.compiler.project import Project, ProjectError, project_of, shipped
from spellc.compiler.source import SourceFile, Undecodable, shown_path
from spellc.engine.core.ruleset import FieldDeclaration

SERVER = LanguageServer("spellc", "1")
SUFFIXES = (".spell", ".scenario")
# A card file of 500 cards is about 150,000 characters: a document ten times that is no card file, and is not
# checked as one types.
MAX_DOCUMENT = 1_500_000
BUDGET_SECONDS = 5.0  # the longest a request may take; a warm re-check of a 500-card project takes 6 ms
MAX_WORD = 100  # characters: no keyword, vocabulary word or word of a title is longer
MAX_HEADER_LINE = 1024  # bytes of one header line of the protocol's framing
MAX_MESSAGE = 64 * 1024 * 1024  # bytes of one message: a document of MAX_DOCUMENT characters, JSON-escaped, fits
log = logging.getLogger(__name__)
T = TypeVar("T")


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


def text_of(path: Path) -> str | None:
    """An open buffer's text, else the file's; None when the file cannot be read as a source (not UTF-8, not a
    regular file): its own diagnostics say so when it is opened or checked, and no other file's are lost."""
    opened = SERVER.workspace.text_documents.get(from_fs_path(str(path)) or "")
    if opened is not None:
        return opened.source
    try:
        return SourceFile.read(path).text
    except (OSError, Undecodable):
        return None


def too_large(text: str) -> bool:
    return len(text) > MAX_DOCUMENT


# ---------------------------------------------------------------- diagnostics
def diagnostics(doc: Document, text: str) -> list[Diagnostic]:
    """The located problems of ``doc`` (its text ``text``), as `spellc check` or `spellc play` would say."""
    root = doc.project.root
    shown = shown_path(doc.path, root)
    front = FRONTENDS[doc.ruleset]
    if doc.scenario:
        return front.scenario_diagnostics(SourceFile(shown, text), checked_library(doc.project)).items
    others = [p for p in doc.project.card_files() if p.resolve() != doc.path.resolve()]
    texts = ((p, text_of(p)) for p in others)
    sources = [*(SourceFile(shown_path(p, root), t) for p, t in texts if t is not None and not too_large(t)),
               SourceFile(shown, text)]
    return [d for d in front.compile_texts(sources).diagnostics.items if d.span.source.path == shown]


def lsp_diagnostic(d: Diagnostic) -> types.Diagnostic:
    s = d.span
    return types.Diagnostic(
        range=types.Range(types.Position(s.line - 1, s.column - 1), types.Position(s.end_line - 1, s.end_column - 1)),
        message="\n".join((d.message, *d.notes)), code=d.code, source="spellc",
        severity=types.DiagnosticSeverity.Error if d.severity is Severity.ERROR else types.DiagnosticSeverity.Warning)


def publish(uri: str) -> None:
    text = SERVER.workspace.get_text_document(uri).source
    try:
        doc = document_of(uri)
        if doc is None:
            found = []
        elif too_large(text):
            found = [_whole_file(f"this file is {len(text):,} characters long, past the {MAX_DOCUMENT:,} the "
                                 "language server checks as you type; `spellc check` checks it")]
        else:
            found = within_budget(lambda: [lsp_diagnostic(d) for d in diagnostics(doc, text)],
                                  [_whole_file("checking this file took too long; `spellc check` checks it")])
    except ProjectError as err:
        found = [_whole_file(err.message)]
    SERVER.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=found))
    settle()  # the first check's parses are kept for the next keystrokes


def _whole_file(message: str) -> types.Diagnostic:
    """A warning about the whole document, shown on its first character."""
    return types.Diagnostic(range=types.Range(types.Position(0, 0), types.Position(0, 1)), message=message,
                            source="spellc", severity=types.DiagnosticSeverity.Warning)


class Worker:
    """The thread requests run on, one at a time (the compiler's caches are filled by one thread at once). A request
    that runs past its budget keeps its thread until it ends, its answer dropped; later requests get a new one."""

    def __init__(self) -> None:
        self.pool = self._pool()

    @staticmethod
    def _pool() -> concurrent.futures.ThreadPoolExecutor:
        return concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="spellc-lsp")

    def run(self, work: Callable[[], T], late: T) -> T:
        future = self.pool.submit(work)
        try:
            return future.result(timeout=BUDGET_SECONDS)
        except concurrent.futures.TimeoutError:
            log.warning("a request ran past %s s; answered without it", BUDGET_SECONDS)
            self.pool.shutdown(wait=False)
            self.pool = self._pool()
            return late


WORKER = Worker()


def within_budget(work: Callable[[], T], late: T) -> T:
    """``work()``, or ``late`` when it has not finished within the budget."""
    return WORKER.run(work, late)


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


def partial_word(before: str) -> str | None:
    """The word being written at the end of ``before`` (from its first letter; '' when there is none), found
    scanning back from the cursor over at most MAX_WORD + 1 characters; None for a word longer than that, which
    nothing completes. (A regular expression anchored at the end tried every start: quadratic in a long word.)"""
    start = len(before)
    while start > 0 and len(before) - start <= MAX_WORD and _word_char(before[start - 1]):
        start -= 1
    if len(before) - start > MAX_WORD:
        return None
    run = before[start:]
    first = next((i for i, c in enumerate(run) if c.isalpha()), len(run))
    return run[first:]


def _word_char(c: str) -> bool:
    return c.isalnum() or c in "_'-"


def completions(doc: Document, text: str, at: int) -> list[str]:
    """The words that may be written at ``at``: what the grammar accepts there, and where a word of the line's
    field goes, the words its declaration takes (the titles of the project's cards where a quoted title goes)."""
    before = text[:at]
    prefix = partial_word(before)
    if prefix is None:
        return []
    start = before[:len(before) - len(prefix)]
    line = start.rsplit("\n", 1)[-1].split()  # the line's words before the cursor: its first, the field written
    head, typed = (line[0].removesuffix(":"), line[1:]) if line else ("", [])  # `effect:` is the field effect
    ruleset = doc.project.ruleset
    if fields.forms(ruleset, head, doc.scenario):  # an Amtgard event: free words, read by its forms
        return sorted(continuations(event_words(doc, text, head), typed, prefix))
    grammar = grammar_of(doc.ruleset, doc.scenario)
    try:
        interactive = parser(grammar).parse_interactive(start)
        consumed = list(interactive.exhaust_lexer())
        accepted = interactive.accepts()
    except LarkError:
        return []
    words = {w for w in fixed_words(grammar, accepted) if w.lower().startswith(prefix.lower())}
    if consumed:
        patterns = [t.pattern.to_regexp() for t in parser(grammar).terminals
                    if t.name in accepted and t.pattern.type == "re"]
        after = " ".join(typed).rsplit(",", 1)[-1].split()  # a list's words: those since its last comma
        words |= continuations(vocabulary(doc, head, accepted, patterns), after, prefix)
    return sorted(words)


def continuations(candidates: Iterable[str], typed: list[str], prefix: str) -> set[str]:
    """What completes the word ``prefix`` into one of ``candidates``: a candidate of several words ("Magic Ball",
    "Immune", "Lightning Bolt") may have begun with the words ``typed`` before it, and is offered from the word
    being written on ("Magic B" → "Ball")."""
    found: set[str] = set()
    for candidate in candidates:
        parts = candidate.split(" ")
        for n in range(min(len(parts) - 1, len(typed)) + 1):
            phrase = " ".join([*typed[len(typed) - n:], prefix]).lower()
            if candidate.lower().startswith(phrase):
                found.add(" ".join(parts[n:]))
    return found


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


def vocabulary(doc: Document, field: str, accepted: set[str], patterns: list[str]) -> set[str]:
    """The words the line word ``field`` takes where the grammar accepts the terminals ``accepted`` (``patterns``,
    those of them that are patterns): the words its ruleset declares for it that the grammar reads there (Amtgard's
    States after `grants`, its ranges after `range`, the Elements after `elements`), and where quoted text goes, the
    titles of the project's cards.

    A field that declares no list takes free words: a Serpent's Tongue descriptor (Heat, Fire), a creature's
    trait, whom a step concerns. No declaration can list them, so it offers what the ruleset's registry declares
    for cards to write (Dmg, Duration), and the capitalised words the project's and the shipped cards already write
    on lines of the same field: a designer reuses a descriptor more often than one coins one."""
    listed = fields.vocabulary(doc.project.ruleset, field, doc.scenario)
    words = {w for w in listed if all(any(re.fullmatch(p, part) for p in patterns) for part in w.split(" "))}
    if not listed and not doc.scenario and {"WORD", "NAME"} & accepted:
        words = {k.name for k in FRONTENDS[doc.ruleset].keywords()} | written_words(doc, field)
    if "STRING" in accepted:
        words.update(f'"{t}"' for t in card_titles(doc.project))
    return words


def written_words(doc: Document, field: str) -> set[str]:
    """The capitalised words the project's and the shipped cards write after ``field`` on a line of their own."""
    words: set[str] = set()
    for path in (*doc.project.card_files(), *shipped_cards(doc.ruleset)):
        for line in (text_of(path) or "").splitlines():
            head, _, rest = line.strip().partition(" ")
            if field and head == field:
                words.update(re.findall(r"(?<![\w\"'-])[A-Z][\w'\-]*", rest.partition("//")[0]))
    return words


def event_words(doc: Document, text: str, head: str) -> set[str]:
    """What an event of a timeline may say (Amtgard: `Ana completes Phoenix Tears on Bo`): the fixed words of the
    forms its declaration names (`NAME completes ABILITY [on NAME]`), the names its scenario gives its players, and
    the titles of the project's cards, unquoted as an event writes them."""
    forms = fields.forms(doc.project.ruleset, head, doc.scenario)
    fixed = {w for form in forms for w in re.findall(r"[a-z][\w']+", form)}
    names = set(re.findall(r"^[ \t]*player[ \t]+(\S+)", text, re.MULTILINE))
    return fixed | names | set(card_titles(doc.project))


def shipped_cards(ruleset: str) -> list[Path]:
    return shipped(ruleset).card_files()


@SERVER.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[" ", '"']))
def completion(params: types.CompletionParams) -> types.CompletionList:
    none = types.CompletionList(is_incomplete=False, items=[])
    doc, text = opened(params.text_document.uri)
    if doc is None:
        return none
    at = offset(text, params.position)
    words = within_budget(lambda: completions(doc, text, at), list[str]())
    return types.CompletionList(is_incomplete=False, items=[types.CompletionItem(label=w) for w in words])


def opened(uri: str) -> tuple[Document | None, str]:
    """An open document and its text; no document for a file of no project or one past the size limit."""
    text = SERVER.workspace.get_text_document(uri).source
    try:
        doc = document_of(uri)
    except ProjectError:
        return None, text
    return (None if too_large(text) else doc), text


# ---------------------------------------------------------------- hover
def describe(doc: Document, line: str, column: int) -> str | None:
    """What the word under ``column`` of ``line`` is: a line word's declared help; a word of its field's declared
    vocabulary, the glossary term that defines it; else the glossary text of the longest term or keyword written
    around it."""
    words = list(re.finditer(r"^[ \t]*[-!^](?=\s)|[A-Za-z][\w'\-]*(?::[A-Z])?", line))
    here = next((i for i, w in enumerate(words) if w.start() <= column <= w.end()), None)
    if here is None:
        return None
    ruleset = doc.project.ruleset
    head = words[0].group().strip()
    declared = ruleset.field(head, scenario=doc.scenario)
    terms = glossary(doc.ruleset)
    if declared is not None and here == 0:
        term = terms.get(declared.term.lower()) if declared.term and "{word}" not in declared.term else None
        forms = fields.forms(ruleset, head, doc.scenario)
        listed = ("Its forms: " + ", ".join(f"`{f}`" for f in forms) if forms
                  else "Its words: " + ", ".join(ruleset.words(declared)) if declared.vocabulary else "")
        use = declared_use(declared)  # what the language reference says of it, in the same words
        return "\n\n".join((f"**{head}**: {declared.help}", *([f"{listed}."] if listed else []),
                            *([_shown(term)] if term else []), *([use] if use else [])))
    if declared is not None:
        found = _vocabulary_word(doc, declared, [w.group() for w in words], here)
        if found is not None:
            # the term named as the word, else the declaration's (`term = "{word} Spell"`: each word's own)
            linked = declared.term.replace("{word}", found).lower() if declared.term else ""
            term = _term_of(terms, found) or terms.get(linked)
            return _shown(term) if term else f"**{found}**: one of the {head}'s words\n\n{declared.help}"
    return _longest_term(terms, [w.group() for w in words], here)


@cache
def glossary(ruleset: str) -> dict[str, Any]:
    """The glossary's terms of ``ruleset`` by their names and keywords, in lower case."""
    return {name.lower(): term for term in FRONTENDS[ruleset].terms() for name in (term.name, term.keyword) if name}


def _shown(term: Any) -> str:
    return f"**{term.name}**\n\n{term.glossary}"


def _vocabulary_word(doc: Document, declared: FieldDeclaration, words: list[str], here: int) -> str | None:
    """The word (or words: "Magic Ball") of ``declared``'s vocabulary written around the word ``here``."""
    known = {w.lower(): w for w in doc.project.ruleset.words(declared)}
    for size in range(4, 0, -1):
        for first in range(max(1, here - size + 1), here + 1):
            phrase = " ".join(words[first:first + size]).lower()
            if first + size <= len(words) and phrase in known:
                return known[phrase]
    return None


def _term_of(terms: dict[str, Any], word: str) -> Any:
    """The glossary term named as ``word``, singular or plural: "Enchantment" is defined by "Enchantments"."""
    name = word.lower()
    for candidate in (name, f"{name}s", f"{name}es", name.removesuffix("s")):
        if candidate in terms:
            return terms[candidate]
    return None


def _longest_term(terms: dict[str, Any], words: list[str], here: int) -> str | None:
    """The glossary text of the longest term or keyword of the words ``words`` written around the word ``here``."""
    for size in range(4, 0, -1):
        for first in range(max(0, here - size + 1), here + 1):
            phrase = " ".join(words[first:first + size]).lower()
            if first + size <= len(words) and phrase in terms:
                return _shown(terms[phrase])
    return None


@SERVER.feature(types.TEXT_DOCUMENT_HOVER)
def hover(params: types.HoverParams) -> types.Hover | None:
    doc, _ = opened(params.text_document.uri)
    if doc is None:
        return None
    lines = SERVER.workspace.get_text_document(params.text_document.uri).lines
    if params.position.line >= len(lines):
        return None
    line, column = lines[params.position.line], params.position.character
    text = within_budget(lambda: describe(doc, line, column), None)
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
    """The cards a file writes: each top-level block of its grammar with the quoted title that names it. A file
    being edited seldom parses whole: its cards are then the lines that open one (`spell "Title" {`)."""
    try:
        tree = parser(grammar_of(ruleset, False)).parse(text)
    except LarkError:
        return _opened(path, text)
    return [w for node in tree.children if isinstance(node, Tree) for w in _written(node, path)]


_OPENS = re.compile(r'^([a-z][\w-]*)[ \t]+("(?:[^"\\\n]|\\.)*")[ \t]*\{', re.MULTILINE)


def _opened(path: Path, text: str) -> list[Written]:
    """The cards of a text that does not parse: each line that opens one at its first column, its title named."""
    found = []
    for match in _OPENS.finditer(text):
        row = text.count("\n", 0, match.start())
        name = types.Range(types.Position(row, match.start(2) - match.start()),
                           types.Position(row, match.end(2) - match.start()))
        whole = types.Range(types.Position(row, 0), types.Position(row, match.end() - match.start()))
        found.append(Written(match.group(2)[1:-1], match.group(1), path, whole, name))
    return found


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
    return [w.title for p in project.card_files() for w in cards_in(p, text_of(p) or "", project.ruleset.name)]


@SERVER.feature(types.TEXT_DOCUMENT_DEFINITION)
def definition(params: types.DefinitionParams) -> types.Location | None:
    doc, _ = opened(params.text_document.uri)
    lines = SERVER.workspace.get_text_document(params.text_document.uri).lines
    if doc is None or params.position.line >= len(lines):
        return None
    line = lines[params.position.line]
    quoted = next((m.group(1) for m in re.finditer(r'"((?:[^"\\]|\\.)*)"', line)
                   if m.start() <= params.position.character <= m.end()), None)
    if quoted is not None:
        return within_budget(lambda: _card_named(doc, quoted), None)
    if doc.scenario:  # an Amtgard event names its ability unquoted: `- Ana completes Phoenix Tears on Bo`
        return within_budget(lambda: _unquoted(doc, line, params.position.character), None)
    return None


def _unquoted(doc: Document, line: str, column: int) -> types.Location | None:
    """The card whose title, unquoted, ``line`` writes across ``column`` (the longest, if several)."""
    for title in sorted(card_titles(doc.project), key=len, reverse=True):
        for found in re.finditer(rf"(?<![\w'-]){re.escape(title)}(?![\w'-])", line):
            if found.start() <= column <= found.end():
                return _card_named(doc, title)
    return None


def _card_named(doc: Document, title: str) -> types.Location | None:
    for path in doc.project.card_files():
        for card in cards_in(path, text_of(path) or "", doc.ruleset):
            if card.title == title:
                return types.Location(uri=from_fs_path(str(path)) or "", range=card.name)
    return None


@SERVER.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def symbols(params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    doc, text = opened(params.text_document.uri)
    if doc is None:
        return []
    if doc.scenario:
        return scenario_symbols(doc, text)
    return within_budget(lambda: [types.DocumentSymbol(name=c.title, detail=c.kind, kind=types.SymbolKind.Class,
                                                       range=c.whole, selection_range=c.name)
                                  for c in cards_in(doc.path, text, doc.ruleset)], [])


def scenario_symbols(doc: Document, text: str) -> list[types.DocumentSymbol]:
    """A scenario's blocks: the match, then each round, turn or timeline."""
    found = []
    for row, line in enumerate(text.split("\n")):
        head = re.match(r"(\w+)\b[^{]*\{\s*$", line)
        if head and not line.startswith((" ", "\t")):
            where = types.Range(types.Position(row, 0), types.Position(row, len(line)))
            found.append(types.DocumentSymbol(name=line.rstrip(" {"), kind=types.SymbolKind.Namespace, range=where,
                                              selection_range=where))
    return found


# ---------------------------------------------------------------- formatting
@SERVER.feature(types.TEXT_DOCUMENT_FORMATTING)
def formatting(params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
    doc, _ = opened(params.text_document.uri)
    if doc is None:
        return None
    document = SERVER.workspace.get_text_document(params.text_document.uri)
    new = within_budget(lambda: _formatted(document.source, doc), None)
    if new is None:
        return None  # the diagnostics already say what does not parse
    if new == document.source:
        return []
    end = types.Position(len(document.lines), 0)
    return [types.TextEdit(range=types.Range(types.Position(0, 0), end), new_text=new)]


def _formatted(text: str, doc: Document) -> str | None:
    try:
        return format_text(text, ruleset=doc.ruleset, scenario=doc.scenario)
    except FormatError:
        return None


# ---------------------------------------------------------------- the protocol's framing
class FramingError(Exception):
    """The stream is not the protocol's: nothing after it can be read as a message."""


def serve(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
    """Serve the protocol on ``stdin`` and ``stdout`` until the client exits or the stream ends: 0; 1 after a
    framing error, said on stderr."""
    SERVER.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
    try:
        asyncio.run(_read_messages(stdin or sys.stdin.buffer))
    except FramingError as err:
        print(f"spellc lsp: {err}; the server stops (the editor starts a new one)", file=sys.stderr)
        return 1
    except SystemExit as done:  # the client's exit notification: 0 after a shutdown request, else 1
        return done.code if isinstance(done.code, int) else 0
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    finally:
        WORKER.pool.shutdown(wait=False, cancel_futures=True)
    return 0


async def _read_messages(stdin: BinaryIO) -> None:
    """Read and handle each message until the stream ends (the client's exit ends the process first)."""
    loop = asyncio.get_running_loop()
    while True:
        length = await loop.run_in_executor(None, _read_header, stdin)
        if length is None:
            return
        _handle(await loop.run_in_executor(None, _read_body, stdin, length))


def _read_header(stdin: BinaryIO) -> int | None:
    """The Content-Length of the next message (its header read up to the blank line); None at the end of the
    stream."""
    length: int | None = None
    while True:
        line = stdin.readline(MAX_HEADER_LINE + 1)
        if not line:
            if length is None:
                return None
            raise FramingError("the stream ended inside a message's header")
        if len(line) > MAX_HEADER_LINE or not line.endswith(b"\n"):
            raise FramingError(f"a header line longer than {MAX_HEADER_LINE} bytes")
        if not line.strip():
            if length is None:
                raise FramingError("a message without a Content-Length header")
            return length
        name, colon, value = line.decode("ascii", "replace").partition(":")
        if not colon:
            raise FramingError(f"{line[:40]!r} is not a header (Name: value)")
        if name.strip().lower() == "content-length":
            length = _content_length(value.strip())


def _content_length(value: str) -> int:
    try:
        length = number(value) if value.isdigit() else -1
    except NumberTooLong:
        length = -1
    if not 0 <= length <= MAX_MESSAGE:
        raise FramingError(f"Content-Length {value[:20]!r} is not a length of at most {MAX_MESSAGE:,} bytes")
    return length


def _read_body(stdin: BinaryIO, length: int) -> bytes:
    body = b""
    while len(body) < length:
        chunk = stdin.read(length - len(body))
        if not chunk:
            raise FramingError(f"the stream ended {length - len(body)} bytes before the end of a message")
        body += chunk
    return body


def _handle(body: bytes) -> None:
    """One message: a body that is not JSON gets a parse error, a request of ill-typed parameters an
    invalid-params error; any other message goes to pygls."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        _error(None, -32700, "the message is not JSON")
        return
    if not isinstance(data, dict):
        _error(None, -32600, "a message is a JSON object")
        return
    ident = data.get("id") if isinstance(data.get("id"), str | int) else None
    try:
        message = SERVER.protocol.structure_message(data)
    except JsonRpcException as err:
        if ident is not None:
            _error(ident, err.code, f"{data.get('method', 'the request')}: {err.message}")
        return
    except Exception:  # noqa: BLE001 (pygls's converter may raise anything on what a client sends)
        if ident is not None:
            _error(ident, -32602, f"{data.get('method', 'the request')}: its parameters are not of the protocol")
        return
    SERVER.protocol.handle_message(message)


def _error(ident: Any, code: int, message: str) -> None:
    SERVER.protocol._send_data({"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}})

