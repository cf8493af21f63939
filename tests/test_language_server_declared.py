"""`spellc lsp` from the rulesets' declarations (issue 28, item 4: "Completion, hover and go-to-definition are
correct for every field and vocabulary of every game, including unquoted names in Amtgard timelines. The language
server reports every error of a file"), tested through the protocol with pygls's client.

The issue measured: "Completing a State in Amtgard offers `Charge` (not a State) and leaves out `Cursed` and
`Fragile`. Hovering `Enchantment` shows nothing. Hovering the field `type` shows the glossary's 'Ability'."
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.uris import from_fs_path

from spellc.compiler.language_reference import declared_use, reference
from spellc.compiler.project import example_files, shipped
from spellc.engine.rulesets import RULESETS
from tests.test_language_server import Client, complete, position, project, run

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards_src"

# Where a field is written: the card it belongs to (a spell's, unless said) and what goes before its word.
OPENER = {"amtgard": 'ability "A" {', "serpents_tongue": 'spell "A" {', "rackham_incantation": 'spell "A" {',
          "incantation_charges": 'action "A" {'}
OPENERS = {("rackham_incantation", w): 'magician "M" {' for w in ("people", "level", "elements", "spirit")} | {
    ("serpents_tongue", w): 'encounter "E" {' for w in ("source", "lacks")}
LEAD = {"special": "special effect ", "works": "works on ", "gems": "gems 2 ", "spirit": "spirit of "}


def declared_lists(game: str) -> list[tuple[str, tuple[str, ...]]]:
    """The card fields of ``game`` that take words from a closed list, and their words."""
    ruleset = RULESETS[game]
    return [(d.word, ruleset.words(d)) for d in ruleset.fields if d.vocabulary is not None]


def card_with(game: str, word: str) -> tuple[str, str]:
    """A card whose one line is ``word``'s, left open at the cursor: the text and the line's lead."""
    lead = LEAD.get(word, f"{word} ")
    return f"{OPENERS.get((game, word), OPENER[game])}\n    {lead}\n}}\n", lead


@pytest.mark.parametrize("game", sorted(g for g in RULESETS if declared_lists(g)))
def test_every_field_offers_the_words_its_declaration_lists(tmp_path: Path, game: str) -> None:
    folder = project(tmp_path, game, f"{OPENER[game]}\n}}\n")
    card = folder / "cards" / "cards.spell"

    async def session(client: Client) -> dict[str, set[str]]:
        offered = {}
        for version, (word, _) in enumerate(declared_lists(game), start=1):
            text, lead = card_with(game, word)
            uri = client.open(card, text) if version == 1 else from_fs_path(str(card)) or ""
            if version > 1:
                client.text_document_did_change(types.DidChangeTextDocumentParams(
                    text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                    content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
            offered[word] = await complete(client, uri, position(text, lead, len(lead)))
        return offered

    offered = run(session)
    for word, listed in declared_lists(game):
        assert set(listed) <= offered[word], (word, sorted(offered[word]))
        free = {w for w in offered[word] if w[:1].isupper()}
        assert free <= set(listed), (word, sorted(free - set(listed)))


def test_completing_a_state_offers_every_state_and_no_charge(tmp_path: Path) -> None:
    """"States Defined": Cursed, Fragile, Frozen, Immune, Insubstantial, Invulnerable, Stopped, Stunned,
    Suppressed (and Resistant); "Charge" names abilities whose uses may be restored, no State."""
    text = 'ability "A" {\n    grants \n}\n'
    folder = project(tmp_path, "amtgard", text)

    async def session(client: Client) -> set[str]:
        uri = client.open(folder / "cards" / "cards.spell")
        return await complete(client, uri, position(text, "grants ", len("grants ")))

    offered = run(session)
    assert {"Cursed", "Fragile", "Frozen", "Immune", "Stopped", "Resistant"} <= offered
    assert "Charge" not in offered and '"A"' in offered  # `grants "Title" 2 per life`: a title goes there too


def test_a_word_of_several_is_completed_from_the_word_being_written(tmp_path: Path) -> None:
    """`type Magic B` is one word short of "Magic Ball": what completes it is "Ball"."""
    text = 'ability "A" {\n    type Magic B\n}\n'
    folder = project(tmp_path, "amtgard", text)

    async def session(client: Client) -> set[str]:
        uri = client.open(folder / "cards" / "cards.spell")
        return await complete(client, uri, position(text, "Magic B", len("Magic B")))

    assert run(session) == {"Ball"}


AMTGARD_CARD = 'ability "Lightning Bolt" {\n    school Flame\n    type Magic Ball\n    magical\n    range Touch\n' \
               '    uses 1 per life\n}\n'
TIMELINE = 'match "M" {\n    player Ana team Red abilities "Lightning Bolt"\n    player Bo team Blue\n}\n' \
           'timeline {\n    - Ana completes Li\n    refused - \n}\n'


def test_unquoted_names_in_an_amtgard_timeline_complete(tmp_path: Path) -> None:
    """An event names its players and abilities unquoted (`- Ana completes Lightning Bolt`)."""
    folder = project(tmp_path, "amtgard", AMTGARD_CARD, TIMELINE)

    async def session(client: Client) -> tuple[set[str], set[str]]:
        uri = client.open(folder / "scenarios" / "match.scenario")
        return (await complete(client, uri, position(TIMELINE, "completes Li", len("completes Li"))),
                await complete(client, uri, position(TIMELINE, "refused - ", len("refused - "))))

    ability, anything = run(session)
    assert "Lightning Bolt" in ability and all(w.lower().startswith("li") for w in ability)  # and `returned to life`
    assert {"Ana", "Bo", "Lightning Bolt", "completes", "dies", "hits"} <= anything


async def hover(client: Client, uri: str, at: types.Position) -> str | None:
    shown = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=at))
    if shown is None:
        return None
    assert isinstance(shown.contents, types.MarkupContent)
    return shown.contents.value


def hovered(tmp_path: Path, game: str, text: str, marker: str, scenario: str = "") -> str | None:
    folder = project(tmp_path, game, text, scenario)
    path = folder / ("scenarios/match.scenario" if scenario else "cards/cards.spell")

    async def session(client: Client) -> str | None:
        return await hover(client, client.open(path), position(scenario or text, marker, 1))

    return run(session)


@pytest.mark.parametrize(("game", "text", "field"), [
    ("amtgard", 'ability "A" {\n    type Enchantment\n}\n', "type"),
    ("serpents_tongue", 'spell "A" {\n    sphere Forces\n}\n', "sphere"),
    ("rackham_incantation", 'spell "A" {\n    gems 2 Light\n}\n', "gems"),
    ("incantation_charges", 'action "A" {\n    at enemy\n}\n', "at"),
])
def test_hover_on_a_field_shows_its_declared_help(tmp_path: Path, game: str, text: str, field: str) -> None:
    """Hovering `type` showed the glossary's "Ability"."""
    declared = RULESETS[game].field(field)
    assert declared is not None
    shown = hovered(tmp_path, game, text, f"    {field}"[4:])
    assert shown is not None and shown.startswith(f"**{field}**: {declared.help}"), shown


def declared_uses(game: str) -> list[tuple[str, str]]:
    """The card fields of ``game`` whose declaration says what it holds a card to, and what it says."""
    return [(d.word, use) for d in RULESETS[game].fields if (use := declared_use(d))]


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_hover_on_a_field_ends_with_what_the_language_reference_says_of_its_use(tmp_path: Path, game: str) -> None:
    """"Completion, hover and go-to-definition are correct for every field ... of every game": hovering a field
    ends with the sentences the language reference gives it from its declaration ("Needed on every spell and
    magician. Takes 0 to 20 on a spell, 1 to 20 on a magician."), so the editor and the page say the same."""
    uses = declared_uses(game)
    assert uses, game
    text = OPENER[game] + "\n" + "".join(f"    {word} \n" for word, _ in uses) + "}\n"
    folder = project(tmp_path, game, text)

    async def session(client: Client) -> dict[str, str | None]:
        uri = client.open(folder / "cards" / "cards.spell")
        return {word: await hover(client, uri, position(text, f"\n    {word} \n", 5)) for word, _ in uses}

    shown = run(session)
    ruleset = RULESETS[game]
    card_sections, _ = reference(ruleset, *example_files(ruleset, shipped(game).root))
    page: dict[str, str] = {}  # each line word's first form's meaning, where the reference tells its use
    for form in (f for s in card_sections for f in s.forms):
        page.setdefault(form.syntax.split(" ", 1)[0], form.meaning)
    for word, use in uses:
        assert (shown[word] or "").endswith(f"\n\n{use}"), (word, shown[word])
        assert word not in page or page[word].endswith(use), (word, page[word])


def test_hover_on_a_field_lists_the_words_it_takes(tmp_path: Path) -> None:
    """"Abilities are divided into Schools": Command, Death, Flame, Neutral, Protection, Sorcery, Spirit, Subdual."""
    shown = hovered(tmp_path, "amtgard", 'ability "A" {\n    school Spirit\n}\n', "school")
    assert shown is not None
    assert "Its words: Command, Death, Flame, Neutral, Protection, Sorcery, Spirit, Subdual." in shown


def test_hover_on_an_events_dash_lists_the_forms_an_event_takes(tmp_path: Path) -> None:
    shown = hovered(tmp_path, "amtgard", AMTGARD_CARD, "- Ana", TIMELINE)
    assert shown is not None and "`NAME dies`" in shown and "`NAME charges ABILITY`" in shown


@pytest.mark.parametrize(("game", "text", "word", "term"), [
    ("amtgard", 'ability "A" {\n    type Enchantment\n}\n', "Enchantment", "Enchantments"),
    ("amtgard", 'ability "A" {\n    type Magic Ball\n}\n', "Ball", "Magic Balls"),
    ("amtgard", 'ability "A" {\n    grants Cursed\n}\n', "Cursed", "Cursed"),
    ("amtgard", 'ability "A" {\n    range Touch\n}\n', "Touch", "Range"),
    ("serpents_tongue", 'spell "A" {\n    role Attack\n}\n', "Attack", "Attack Spell"),
    ("rackham_incantation", 'magician "M" {\n    level Adept\n}\n', "Adept", "Adept"),
    ("rackham_incantation", 'spell "A" {\n    college Hermetic Magic\n}\n', "Magic", "College of Magic"),
])
def test_hover_on_a_word_a_field_takes_shows_the_term_that_defines_it(
        tmp_path: Path, game: str, text: str, word: str, term: str) -> None:
    """Hovering `Enchantment` showed nothing: the term "Enchantments" defines it."""
    shown = hovered(tmp_path, game, text, word)
    assert shown is not None and shown.startswith(f"**{term}**\n\n"), shown


def test_hover_on_a_word_no_term_defines_says_whose_word_it_is(tmp_path: Path) -> None:
    shown = hovered(tmp_path, "serpents_tongue", 'spell "A" {\n    sphere Forces\n}\n', "Forces")
    sphere = RULESETS["serpents_tongue"].field("sphere")
    assert sphere is not None and shown == f"**Forces**: one of the sphere's words\n\n{sphere.help}"


def test_hover_on_a_scenarios_line_word_shows_its_declared_help(tmp_path: Path) -> None:
    expect = RULESETS["amtgard"].field("expect", scenario=True)
    shown = hovered(tmp_path, "amtgard", AMTGARD_CARD, "expect", TIMELINE.replace("refused - ", "expect Ana alive"))
    assert expect is not None and shown == f"**expect**: {expect.help}"


@pytest.mark.parametrize(("source", "marker", "card"), [
    ("amtgard/scenarios/charge.scenario", '"Lightning Bolt"', "amtgard/flame.spell"),
    ("amtgard/scenarios/charge.scenario", "charges Lightning Bolt", "amtgard/flame.spell"),
    ("incantation_charges/scenarios/spend_or_store.scenario", '"Flame Dart"', "incantation_charges/actions.spell"),
    ("rackham_incantation/scenarios/absorption.scenario", '"Thunderspark"', "rackham_incantation/rules.spell"),
    ("rackham_incantation/example.spell", '"Banishment"', "rackham_incantation/example.spell"),
    ("serpents_tongue/scenarios/act1_walkthrough.scenario", '"Pillar of Earth"',
     "serpents_tongue/matter/components.spell"),
])
def test_go_to_definition_from_a_title_to_its_card_in_every_game(source: str, marker: str, card: str) -> None:
    """A title, quoted (or unquoted in an Amtgard event: `- Ana charges Lightning Bolt`), leads to its card."""
    text = (CARDS / source).read_text(encoding="utf-8")
    title = marker.strip('"').removeprefix("charges ")
    at = position(text, marker, len(marker) - 2)

    async def session(client: Client) -> Any:
        uri = client.open(CARDS / source)
        return await client.text_document_definition_async(types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=at))

    found = run(session)
    assert isinstance(found, types.Location)
    assert found.uri == from_fs_path(str(CARDS / card))
    written = (CARDS / card).read_text(encoding="utf-8")
    assert found.range.start == position(written, f'"{title}" {{')  # the card's title, where it is written


BROKEN_CARDS = 'ability "A" {\n    schol Spirit\n}\nability "B" {\n    school Spirit\n    range Nowhere\n}\n' \
               'ability "C" {\n    school Spirit\n    uses 1 per lifetime\n}\n'
BROKEN_ROUNDS = 'match "M" {\n    entity Mage { health 10 team A hand "Jab" }\n}\n' \
                'round 1 {\n    draw phase {\n        expect Mage charge 0\n    }\n}\n' \
                'round 2 {\n    action phase {\n        Mage plays Jab\n    }\n}\n'


@pytest.mark.parametrize(("game", "cards", "scenario", "at"), [
    ("amtgard", BROKEN_CARDS, "", ["schol", "Nowhere", "lifetime"]),
    ("incantation_charges", 'action "Jab" {\n    at enemy\n    effect: deal 2 damage to target\n}\n', BROKEN_ROUNDS,
     ["charge 0", "Jab\n"]),
])
def test_the_server_reports_every_error_of_a_file(
        tmp_path: Path, game: str, cards: str, scenario: str, at: list[str]) -> None:
    """"A file with three mistakes reports three": each broken block once, and the blocks after it read."""
    folder = project(tmp_path, game, cards, scenario)
    path = folder / ("scenarios/match.scenario" if scenario else "cards/cards.spell")

    async def session(client: Client) -> list[types.Diagnostic]:
        return await client.diagnostics(client.open(path))

    found = run(session)
    text = scenario or cards
    assert [d.range.start.line for d in found] == [position(text, marker).line for marker in at], \
        [d.message for d in found]
    assert all(d.severity == types.DiagnosticSeverity.Error for d in found)

