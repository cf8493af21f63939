"""`spellc lsp` (issue 13), tested through the protocol with pygls's client: "the checker's diagnostics as you
type; completion of the words valid at the cursor (fields, keywords, Spheres or Elements, selectors, step
forms); hover that shows a keyword's glossary text; go to definition from a title used in a scenario or a rule to
its card; document symbols, and formatting through `spellc fmt`"."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

from spellc.compiler.project import MANIFEST

ROOT = Path(__file__).resolve().parent.parent
SERVER = [sys.executable, "-c", "import sys; from spellc.compiler.cli import main; sys.exit(main(['lsp']))"]
Session = Callable[["Client"], Awaitable[Any]]


class Client(LanguageClient):
    def __init__(self) -> None:
        super().__init__("spellc-tests", "1")
        self.published: dict[str, asyncio.Queue[list[types.Diagnostic]]] = {}

    def queue(self, uri: str) -> asyncio.Queue[list[types.Diagnostic]]:
        return self.published.setdefault(uri, asyncio.Queue())

    async def diagnostics(self, uri: str) -> list[types.Diagnostic]:
        return await asyncio.wait_for(self.queue(uri).get(), timeout=60)

    def open(self, path: Path, text: str | None = None) -> str:
        uri = from_fs_path(str(path)) or ""
        language = "spellc-scenario" if path.suffix == ".scenario" else "spellc"
        self.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
            uri=uri, language_id=language, version=1,
            text=path.read_text(encoding="utf-8") if text is None else text)))
        return uri


def run(session: Session) -> Any:
    async def whole() -> Any:
        client = Client()

        @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            client.queue(params.uri).put_nowait(params.diagnostics)

        await client.start_io(*SERVER, cwd=str(ROOT))
        await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities(),
                                                             root_uri=from_fs_path(str(ROOT))))
        client.initialized(types.InitializedParams())
        try:
            return await session(client)
        finally:
            await client.shutdown_async(None)
            client.exit(None)
            await client.stop()

    return asyncio.run(whole())


def project(tmp_path: Path, ruleset: str, cards: str, scenario: str = "") -> Path:
    (tmp_path / MANIFEST).write_text(f'[project]\nruleset = "{ruleset}"\n', encoding="utf-8")
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "cards.spell").write_text(cards, encoding="utf-8")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "match.scenario").write_text(scenario, encoding="utf-8")
    return tmp_path


def position(text: str, marker: str, after: int = 0) -> types.Position:
    """Where ``marker`` starts in ``text`` (plus ``after`` characters)."""
    at = text.index(marker) + after
    line = text.count("\n", 0, at)
    return types.Position(line, at - (text.rfind("\n", 0, at) + 1))


CARDS = {
    "serpents_tongue": 'spell "Sear" {\n    sphere Forcse\n    role Attack\n    fluency 1\n    resonance -1\n'
                       '    aspects Heat | Dmg 1\n}\n',
    "incantation_charges": 'action "Jab" {\n    at enemy\n    effect: deal 2 damage to targte\n}\n',
    "rackham_incantation": 'spell "Flash" {\n    college Elemental Light\n    gems 2 Lihgt\n    difficulty 7\n'
                           '    range 30 cm\n    target enemy\n    power 2\n    pa 10\n'
                           '    effect: deal 1 wound to target\n}\n',
    "amtgard": 'ability "Ward" {\n    school Protektion\n    type Enchantment\n    magical\n    range Touch\n'
               '    uses 1 per life\n}\n',
}
TYPO = {"serpents_tongue": "Forcse", "incantation_charges": "targte", "rackham_incantation": "Lihgt",
        "amtgard": "Protektion"}
FIXED = {"serpents_tongue": "Forces", "incantation_charges": "target", "rackham_incantation": "Light",
         "amtgard": "Protection"}


@pytest.mark.parametrize("ruleset", sorted(CARDS))
def test_the_checkers_diagnostics_as_you_type(tmp_path: Path, ruleset: str) -> None:
    folder = project(tmp_path, ruleset, CARDS[ruleset])
    card = folder / "cards" / "cards.spell"

    async def session(client: Client) -> None:
        uri = client.open(card)
        found = await client.diagnostics(uri)
        assert found, f"no diagnostic for {TYPO[ruleset]}"
        assert found[0].range.start == position(CARDS[ruleset], TYPO[ruleset])
        assert found[0].source == "spellc" and found[0].severity == types.DiagnosticSeverity.Error
        fixed = CARDS[ruleset].replace(TYPO[ruleset], FIXED[ruleset])
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)]))
        assert not list(await client.diagnostics(uri))

    run(session)


async def complete(client: Client, uri: str, at: types.Position) -> set[str]:
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=at))
    assert isinstance(result, types.CompletionList)
    return {item.label for item in result.items}


@pytest.mark.parametrize(("ruleset", "text", "marker", "expected"), [
    ("serpents_tongue", 'spell "A" {\n    sphere \n}\n', "sphere ", {"Forces", "Matter", "Bio"}),
    ("serpents_tongue", 'spell "A" {\n    \n}\n', "    \n", {"sphere", "role", "aspects", "rules"}),
    ("rackham_incantation", 'magician "M" {\n    elements \n}\n', "elements ", {"Light", "Air", "Darkness"}),
    ("amtgard", 'ability "A" {\n    school \n}\n', "school ", {"Protection", "Spirit", "Flame"}),
    ("amtgard", 'ability "A" {\n    range \n}\n', "range ", {"Self", "Touch", "Other"}),
    ("incantation_charges", 'action "A" {\n    effect: \n}\n', "effect: ", {"deal", "heal", "may", "choose"}),
])
def test_completion_offers_the_words_valid_at_the_cursor(
        tmp_path: Path, ruleset: str, text: str, marker: str, expected: set[str]) -> None:
    folder = project(tmp_path, ruleset, text)

    async def session(client: Client) -> set[str]:
        uri = client.open(folder / "cards" / "cards.spell")
        return await complete(client, uri, position(text, marker, len(marker)))

    offered = run(session)
    assert expected <= offered, sorted(offered)


def test_completion_in_a_scenario_offers_the_projects_titles(tmp_path: Path) -> None:
    scenario = 'match "M" {\n    player Ana team Red abilities \n}\n'
    folder = project(tmp_path, "amtgard", CARDS["amtgard"].replace("Protektion", "Protection"), scenario)

    async def session(client: Client) -> set[str]:
        uri = client.open(folder / "scenarios" / "match.scenario")
        return await complete(client, uri, position(scenario, "abilities ", len("abilities ")))

    assert '"Ward"' in run(session)


def test_hover_shows_a_keywords_glossary_text() -> None:
    card = ROOT / "cards_src" / "serpents_tongue" / "forces" / "heat.spell"
    text = card.read_text(encoding="utf-8")

    async def session(client: Client) -> types.Hover | None:
        uri = client.open(card)
        return await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position(text, "Dmg 2", 1)))

    shown = run(session)
    assert shown is not None and isinstance(shown.contents, types.MarkupContent)
    assert shown.contents.value.startswith("**Dmg**") and "damage" in shown.contents.value.lower()


def test_go_to_definition_from_a_title_in_a_scenario_to_its_card() -> None:
    scenario = ROOT / "cards_src" / "amtgard" / "scenarios" / "stoneskin_and_barkskin.scenario"
    text = scenario.read_text(encoding="utf-8")

    async def session(client: Client) -> Any:
        uri = client.open(scenario)
        return await client.text_document_definition_async(types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position(text, '"Barkskin"', 3)))

    found = run(session)
    assert isinstance(found, types.Location)
    assert found.uri == from_fs_path(str(ROOT / "cards_src" / "amtgard" / "protection.spell"))
    card = (ROOT / "cards_src" / "amtgard" / "protection.spell").read_text(encoding="utf-8")
    assert found.range.start == position(card, '"Barkskin"')


def test_document_symbols_are_the_cards_of_a_file() -> None:
    card = ROOT / "cards_src" / "serpents_tongue" / "forces" / "heat.spell"

    async def session(client: Client) -> Any:
        uri = client.open(card)
        return await client.text_document_document_symbol_async(types.DocumentSymbolParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))

    names = [s.name for s in run(session)]
    assert names[:3] == ["Fireball", "Infernal Shot", "Flame Form"]


def test_formatting_is_spellc_fmt(tmp_path: Path) -> None:
    messy = 'action "Jab" {\n  at enemy\n effect:deal 2 damage to target\n}\n'
    folder = project(tmp_path, "incantation_charges", messy)

    async def session(client: Client) -> Any:
        uri = client.open(folder / "cards" / "cards.spell")
        return await client.text_document_formatting_async(types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=4, insert_spaces=True)))

    edits = run(session)
    assert [e.new_text for e in edits] == ['action "Jab" {\n    at enemy\n    effect: deal 2 damage to target\n}\n']


def test_a_file_outside_any_project_is_told_so(tmp_path: Path) -> None:
    loose = tmp_path / "loose.spell"
    loose.write_text('spell "A" {\n}\n', encoding="utf-8")

    async def session(client: Client) -> list[types.Diagnostic]:
        return await client.diagnostics(client.open(loose))

    found = run(session)
    assert len(found) == 1 and "no spellc.toml" in found[0].message
