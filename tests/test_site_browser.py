"""The whole reference site in a real browser (Playwright driving Debian's Chromium), as a player reads it:
the home page, the search, a card, the card gallery's filters, the site opened from disk, no console error,
and no internal link that leads nowhere."""

from __future__ import annotations

import html.parser
import posixpath
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.serpents_tongue.cards import Sphere
from spellc.generated.serpents_tongue import LIBRARY
from tests.browsing import built_site, needs_chromium

pytestmark = needs_chromium


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context()
    yield context.new_page()
    context.close()


def errors_of(page: Page) -> list[str]:
    """What the page logs as errors from now on (console errors and uncaught exceptions)."""
    seen: list[str] = []
    page.on("console", lambda m: seen.append(f"{m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: seen.append(f"uncaught: {e}"))
    return seen


def test_the_home_page_says_what_each_game_is_and_leads_to_it(site: str, page: Page) -> None:
    page.goto(f"{site}/index.html")
    body = page.inner_text("article")
    for ruleset in RULESETS.values():
        assert ruleset.title in body, ruleset.title
    page.locator("article").get_by_role("link", name=RULESETS["amtgard"].title, exact=True).click()
    page.wait_for_url("**/amtgard/index.html")


def test_search_finds_a_keyword_and_its_result_leads_to_its_glossary_page(site: str, page: Page) -> None:
    page.goto(f"{site}/serpents_tongue/index.html")
    page.fill("input.md-search__input", "Bonded")  # on a wide screen, the search box sits in the header
    result = page.locator("a.md-search-result__link[href*='glossary/bonded.html']").first
    result.wait_for(timeout=90_000)  # the theme builds its search index in the page: slow on a busy machine
    result.click()
    page.wait_for_url("**/serpents_tongue/glossary/bonded.html*")
    assert page.inner_text("article h1").startswith("Bonded")


def test_a_card_page_draws_its_aspect_line(site: str, page: Page) -> None:
    """Acidic Matter's aspects as the card prints them: descriptor | directives | empowerments."""
    page.goto(f"{site}/serpents_tongue/spells/acidic-matter.html")
    aspects = page.inner_text(".spell-card .card-aspects")
    assert " ".join(aspects.split()) == "Acidic | Dmg 1 | Duration 2, Bonded"
    page.get_by_role("link", name="Dmg 1").click()
    page.wait_for_url("**/serpents_tongue/glossary/dmg.html")


def test_the_card_gallery_filters_by_sphere_role_and_words(site: str, page: Page) -> None:
    page.goto(f"{site}/serpents_tongue/spells/index.html")
    rows = page.locator(".spellc-gallery tbody tr")
    total = len(LIBRARY.cards)
    assert rows.count() == total
    page.get_by_label("Sphere").select_option("Bio")
    bio = sorted(c.title for c in LIBRARY.cards.values() if c.sphere is Sphere.BIO)
    shown = sorted(r.locator("td").first.inner_text() for r in rows.all() if r.is_visible())
    assert shown == bio and page.inner_text(".spellc-filters output") == f"{len(bio)} of {total} spells"
    page.get_by_label("Words of the card").fill("tissue")
    assert [r.locator("td").first.inner_text() for r in rows.all() if r.is_visible()] == ["Dissolve Tissue"]
    page.get_by_label("Sphere").select_option("")
    page.get_by_label("Words of the card").fill("")
    assert sum(r.is_visible() for r in rows.all()) == total


@pytest.mark.parametrize("path", ["index.html", "serpents_tongue/spells/index.html",
                                  "serpents_tongue/spells/fireball.html", "serpents_tongue/glossary/bonded.html",
                                  "amtgard/abilities/index.html", "rackham_incantation/spells/index.html",
                                  "incantation_charges/cards/disrupt.html"])
def test_a_page_logs_no_error(site: str, page: Page, path: str) -> None:
    errors = errors_of(page)
    page.goto(f"{site}/{path}", wait_until="networkidle")
    assert errors == []


def test_opened_from_disk_the_links_work_and_the_search_says_how_to_serve(page: Page) -> None:
    page.goto(built_site().joinpath("index.html").as_uri())
    page.locator("article").get_by_role("link", name=RULESETS["serpents_tongue"].title, exact=True).click()
    page.wait_for_load_state()  # the click returns once the next page is on its way, not once it has loaded
    assert page.url.endswith("/serpents_tongue/index.html") and page.inner_text("article h1")
    expect(page.locator("input.md-search__input")).to_have_attribute("placeholder", re.compile("spellc site --serve"))


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            elif value and (name == "src" or (name == "href" and tag in ("a", "link"))):
                self.targets.append(value)


def test_every_internal_link_of_every_page_leads_to_a_page_and_its_anchor() -> None:
    root = built_site()
    parsed: dict[Path, _Links] = {}

    def read(path: Path) -> _Links:
        if path not in parsed:
            parsed[path] = _Links()
            parsed[path].feed(path.read_text(encoding="utf-8"))
        return parsed[path]

    broken = []
    pages = sorted(root.rglob("*.html"))
    assert len(pages) > 400
    for page in pages:
        for target in read(page).targets:
            parts = urlsplit(target)
            if parts.scheme or parts.netloc or not (parts.path or parts.fragment):
                continue  # another site (fonts, a polyfill), or the page itself
            base = root if parts.path.startswith("/") else page.parent  # the 404 page links from the root
            dest = page if not parts.path else Path(posixpath.normpath(base / unquote(parts.path).lstrip("/")))
            if dest.is_dir():
                dest = dest / "index.html"
            if not dest.is_file():
                broken.append(f"{page.relative_to(root)}: {target}")
            elif parts.fragment and dest.suffix == ".html" and unquote(parts.fragment) not in read(dest).ids:
                broken.append(f"{page.relative_to(root)}: {target} (no such anchor)")
    assert broken == []
