"""The reference site builds with `mkdocs build --strict` (no broken link, no warning)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from spellc.compiler.glossary_pages import game_name
from spellc.engine.rulesets import RULESETS
from tests.browsing import ROOT, built_site


@pytest.fixture(scope="module")
def built() -> Path:
    return built_site()


def test_mkdocs_build_strict(built: Path) -> None:
    spells = built / "serpents_tongue" / "spells"
    page = (spells / "acidic-matter.html").read_text(encoding="utf-8")
    # Card text is written as character references (so it can never be markup): compare unescaped.
    text = html.unescape(page)
    assert ">Discard</a> Matter Component" in text and 'href="../glossary/dmg.html"' in page


def test_the_home_page_lists_every_game_with_its_section(built: Path) -> None:
    home = (built / "index.html").read_text(encoding="utf-8")
    for name in RULESETS:
        assert f'href="{name}/index.html"' in home
        assert html.escape(RULESETS[name].title, quote=False) in html.unescape(home)
        assert (built / name / "index.html").is_file() and (built / name / "coverage.html").is_file()


def test_a_section_has_its_cards_glossary_and_coverage(built: Path) -> None:
    card = html.unescape((built / "incantation_charges" / "cards" / "lightning-bolt.html")
                         .read_text(encoding="utf-8"))
    assert "Incantation 2" in card and "Deal 5 damage to target." in card
    term = html.unescape((built / "incantation_charges" / "glossary" / "spending-charges.html")
                         .read_text(encoding="utf-8"))
    assert "loses any leftover charges" in term and "spend_incantation_charges" in term


def test_no_table_of_the_site_has_an_empty_cell() -> None:
    """"Tables have empty `| |` rows": a cell says "—" where there is nothing, or the table leaves the column
    out."""
    empty = [f"{page.relative_to(ROOT)}:{n}" for page in sorted((ROOT / "site" / "docs").rglob("*.md"))
             for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
             if line.startswith("|") and "||" in line.replace(" ", "").replace("|---", "")]
    assert empty == []


def test_the_options_of_a_choose_one_are_a_list(built: Path) -> None:
    """"Choose-one options run together on one line": Disrupt's two options are the items of a list."""
    card = html.unescape((built / "incantation_charges" / "cards" / "disrupt.html").read_text(encoding="utf-8"))
    assert "<p>Choose one:</p>\n<ul>\n<li>Deal 1 damage to target.</li>\n<li>Draw 1 card.</li>\n</ul>" in card


def test_the_sidebar_names_each_game_by_its_title(built: Path) -> None:
    """A game's section in the sidebar reads "Serpent's Tongue", not its folder's "Serpents tongue"."""
    home = html.unescape((built / "index.html").read_text(encoding="utf-8"))
    nav = home[home.index('class="md-nav md-nav--primary"'):]
    for ruleset in RULESETS.values():
        assert f"\n    {ruleset.title}\n" in nav, ruleset.title
    assert "Serpents tongue" not in nav


def test_every_coverage_page_is_titled_with_its_game_from_one_template() -> None:
    """"Every coverage page is titled 'Glossary coverage', with no game": one template for the four games
    (compiler/templates/coverage.md.j2), titled "Serpent's Tongue: glossary coverage"; no game keeps a copy."""
    for ruleset in RULESETS.values():
        page = (ROOT / "site" / "docs" / ruleset.name / "coverage.md").read_text(encoding="utf-8")
        assert html.unescape(page.splitlines()[0]) == f"# {game_name(ruleset)}: glossary coverage"
    assert game_name(RULESETS["amtgard"]) == "Amtgard"
    assert not [p for p in (ROOT / "compiler").glob("*/templates/*coverage*")]


def sidebar(page: Path) -> list[str]:
    """The titles of the sidebar of a built page, in its order."""
    text = page.read_text(encoding="utf-8")
    nav = text[text.index('class="md-nav md-nav--primary"'):]
    return [html.unescape(t.strip()) for t in re.findall(r'<span class="md-ellipsis">\s*(.*?)\s*</span>', nav, re.S)]


def test_a_games_section_lists_its_rules_first_and_its_coverage_last(built: Path) -> None:
    """"The sidebar is alphabetical, so 'Glossary coverage' comes before 'Rules'": a game's section lists its
    rules pages, then its card galleries, its glossary, its language reference, and its coverage last."""
    nav = sidebar(built / "index.html")
    for ruleset in RULESETS.values():
        start = nav.index(ruleset.title)
        section = nav[start + 1:nav.index(f"{game_name(ruleset)}: glossary coverage", start) + 1]
        balance = [t for t in section if t.startswith("Balance")]  # a project's studies: before the coverage
        if balance:
            assert section[-1 - len(balance):-1] == balance and balance[0] == "Balance", section
            section = [t for t in section if t not in balance]
        galleries = section[1:-3]
        assert section[0].startswith("Rules") and galleries and "Glossary" not in galleries, section
        assert section[-3:-1] == ["Glossary", f"The language of {ruleset.title}"], section
    amtgard = nav.index(RULESETS["amtgard"].title)
    assert nav[amtgard + 2:amtgard + 5] == ["Abilities", "States", "Effects"]  # as its front end writes them


def test_a_page_and_each_of_its_search_results_name_its_game(built: Path) -> None:
    """"Pages carry the game in their title ... search results name their game": the <title> of a card's page
    names the card, its game and the site; each search entry of a game's page carries the game as its tag,
    which the theme shows under the result."""
    fireball = (built / "serpents_tongue" / "spells" / "fireball.html").read_text(encoding="utf-8")
    assert "<title>Fireball · Serpent's Tongue · spellc — rules references</title>" in fireball
    rules = (built / "amtgard" / "rules.html").read_text(encoding="utf-8")
    assert "<title>Rules · Amtgard · spellc — rules references</title>" in rules
    entries = json.loads((built / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    for ruleset in RULESETS.values():
        tags = [e.get("tags") for e in entries if e["location"].startswith(f"{ruleset.name}/")]
        assert tags and all(t == [game_name(ruleset)] for t in tags), ruleset.name
    assert all("tags" not in e for e in entries if "/" not in e["location"])  # the home page is no game's


def test_nothing_is_escaped_twice_and_each_page_names_its_source_once(built: Path) -> None:
    """"Incantation charges shows literal entities on every card ('Compiled from `cards&#95;src/…`').
    Incantation 2 shows its source path twice": no page of the built site shows a character reference as text
    (a value escaped for Markdown, then again by a code span or a title), and a card's page names the file it
    was compiled from once."""
    shown = [p.relative_to(built).as_posix() for p in sorted(built.rglob("*.html"))
             if "&amp;#" in p.read_text(encoding="utf-8")]
    assert shown == []
    glued = [p.name for p in sorted((ROOT / "site" / "docs").rglob("glossary/*.md"))
             if re.search(r"\n[^\n]+\n\?\?\? info", p.read_text(encoding="utf-8"))]
    assert glued == []
    in_code = re.compile(r"`[^`\n]*&#\d+;[^`\n]*`")
    twice = []
    for page in sorted((ROOT / "site" / "docs").rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        assert not in_code.search(text), page
        if len(re.findall(r"Compiled from|Source: ", text)) > 1:
            twice.append(page.relative_to(ROOT).as_posix())
    assert twice == []


def test_a_cards_values_read_apart_in_the_search_index(built: Path) -> None:
    """"Search snippets run numbers together ('Forces Fireball -50 Attack')": the search reads a page's text,
    and two values drawn side by side with nothing between them (a spell's Resonance and Harmony orbs) read
    as one number. Each is its own word; the card looks as it did (its orbs are a flex row, where a space
    draws nothing)."""
    entries = json.loads((built / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    fireball = next(e for e in entries if e["location"] == "serpents_tongue/spells/fireball.html")
    assert fireball["text"].startswith("Forces Fireball -5 0 Attack")
    glued = re.compile(r"[\w;]</(span|a|code|strong|em)><(span|a|code|strong|em)[ >][^<]*?[\w&]")
    assert [p.name for p in sorted((ROOT / "site" / "docs").rglob("*.md"))
            if glued.search(p.read_text(encoding="utf-8"))] == []  # a gem's symbols may touch: "●●" reads as drawn


def test_every_games_card_page_is_drawn_as_a_card(built: Path) -> None:
    """"Serpent's Tongue cards are drawn as cards. Amtgard's are a bare table": every game's card page is a
    card of one visual language (compiler/templates/site/cards.css), in the game's own colours and fields; an
    Amtgard ability's School on its edge and badge, its mark, its type, range and uses on its face, its
    incantation quoted; an Incantation charges action's kind on its edge and badge, the charges it needs (linked
    to the Incantation's glossary term)."""
    pages = {"serpents_tongue": "spells/fireball.html", "incantation_charges": "cards/disrupt.html",
             "rackham_incantation": "spells/banishment.html", "amtgard": "abilities/phoenix-tears.html"}
    assert set(pages) == set(RULESETS)
    for game, page in pages.items():
        assert '<div class="spell-card' in (built / game / page).read_text(encoding="utf-8"), game
    tears = html.unescape((built / "amtgard" / "abilities" / "phoenix-tears.html").read_text(encoding="utf-8"))
    assert '<div class="spell-card amtgard-card school-spirit">' in tears
    assert '<a href="../glossary/spirit.html">Spirit</a></span>' in tears and ">(m)</a></span>" in tears
    assert '<span class="card-uses" title="Uses">1/life</span>' in tears
    assert '<span class="line-mark">Incantation</span> Rise again from the ashes' in tears
    meteor = (built / "incantation_charges" / "cards" / "meteor.html").read_text(encoding="utf-8")
    assert '<div class="spell-card charges-card kind-action">' in meteor
    assert ('<span class="card-charges" title="Incantation charges"><a href="../glossary/incantation.html">'
            'Incantation 3</a></span>') in meteor


def test_every_games_cards_galleries_and_glossary_come_from_one_set_of_templates() -> None:
    """"One site design for four games ... Serpent's Tongue's card is the model": one card face
    (compiler/templates/card_face.md.j2), one card page, one gallery and one glossary page for every game; no game
    keeps a copy of them, and every game's card page opens its card alike."""
    shared = {"card_face.md.j2", "card_page.md.j2", "card_gallery.md.j2", "term.md.j2", "glossary_index.md.j2"}
    assert {p.name for p in (ROOT / "compiler" / "templates").glob("*.md.j2")} >= shared
    assert [p for p in (ROOT / "compiler").glob("*/templates/*.md.j2") if p.name in shared | {"macros.md.j2"}
            and p.parent.parent.name != "amtgard"] == []  # Amtgard's macros draw its States' pages, not a card
    pages = {"serpents_tongue": "spells/beast-form.md", "incantation_charges": "cards/disrupt.md",
             "rackham_incantation": "spells/banishment.md", "amtgard": "abilities/phoenix-tears.md"}
    for game, page in pages.items():
        card = (ROOT / "site" / "docs" / game / page).read_text(encoding="utf-8")
        assert '<div class="card-head" markdown="span">' in card and '<div class="card-rules">\n<p' in card, game


def test_each_glossary_names_its_game_and_shows_the_engines_view_as_a_block(built: Path) -> None:
    """"Pages carry the game in their title": each game's glossary says whose terms it lists; and the engine's
    view of a term is a collapsed block on every term's page, never "??? info" printed as text; every game's term
    page sets it apart from the lines above it by a blank line, as Markdown's blocks are."""
    for ruleset in RULESETS.values():
        index = (ROOT / "site" / "docs" / ruleset.name / "glossary" / "index.md").read_text(encoding="utf-8")
        assert html.unescape(index).startswith(f"# Glossary\n\nThe terms of {game_name(ruleset)},"), ruleset.name
    shown = [p.relative_to(built).as_posix() for p in sorted(built.rglob("glossary/*.html"))
             if "??? info" in p.read_text(encoding="utf-8")]
    assert shown == []
    glued = [p.name for p in sorted((ROOT / "site" / "docs").rglob("glossary/*.md"))
             if re.search(r"\n[^\n]+\n\?\?\? info", p.read_text(encoding="utf-8"))]
    assert glued == []


def test_serpents_tongues_glossary_is_drawn_by_every_games_term_page_and_index() -> None:
    """"One site design for four games": Serpent's Tongue's glossary pages (its terms, and its keywords and trigger
    events beside them) are every game's term page and index; a keyword's parameters and the spells that use it are
    lines as another game's term lists its cards, and no game keeps a glossary template of its own."""
    assert sorted((ROOT / "compiler").glob("*/templates/*glossary*")) == []
    docs = ROOT / "site" / "docs"
    pay = (docs / "serpents_tongue" / "glossary" / "pay.md").read_text(encoding="utf-8")
    assert "- **Parameters:** count, energy\n" in pay
    assert "\nSpells: [Flame Eternae](../spells/flame-eternae.md), " in pay
    assert "\nSee also: [Requirements](requirements.md), [Sustain](sustain.md)\n" in pay
    for game in RULESETS:
        index = (docs / game / "glossary" / "index.md").read_text(encoding="utf-8")
        assert "| Term | Kind | Summary | Status |\n" in index, game
