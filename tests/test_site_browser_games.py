"""Every game's cards in a real browser, as tests/test_site_browser.py reads Serpent's Tongue's (issue 28, item 5:
"A browser test per game checks a card page, the gallery filters and a mobile width").

For each kind of card (Amtgard's abilities, Incantation 2's spells, magicians and creatures, the charges game's
cards, and Serpent's Tongue's spells, the model): its page draws it as a card (the card's element, its title,
its fields as the compiled card has them, a field linked to its glossary term); its gallery's filters show the
rows the compiled LIBRARY says each value holds; and on a phone (375 x 740) the card fits the screen with
nothing to scroll sideways, and the navigation is reachable from the header's menu."""

from __future__ import annotations

import html.parser
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from spellc.compiler.names import page_slug
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.amtgard.cards import AbilityCard
from spellc.engine.rulesets.incantation_charges.cards import ActionCard
from spellc.engine.rulesets.rackham_incantation.cards import CreatureCard, MagicianCard, SpellCard
from spellc.engine.rulesets.rackham_incantation.colleges import PEOPLES
from spellc.generated import amtgard, incantation_charges, rackham_incantation, serpents_tongue
from tests.browsing import built_site, needs_chromium

pytestmark = needs_chromium

PHONE: ViewportSize = {"width": 375, "height": 740}
NONE = "—"  # what a gallery's cell shows for a card without the field


def _uses(card: AbilityCard) -> str:
    return card.uses.text() + (f", Charge x{card.charge}" if card.charge else "")


def _mark(card: AbilityCard) -> str:
    return "(m)" if card.magical else "(ex)"


def _or_none(value: object) -> str:
    return NONE if value is None else str(value)


def _people(card: MagicianCard) -> str:
    people = PEOPLES.get(card.people)
    return people.title if people else card.people


def _gems(card: SpellCard) -> list[str]:
    """A spell's gems one by one, as its card draws them (one symbol a gem, titled with its Element)."""
    return [name for name, count in card.gems for _ in range(count)]


@dataclass(frozen=True)
class Kind:
    """A kind of card of a game: its gallery (``folder/index.html``), what each of its filters keeps, what its
    card shows and one field that links to a glossary term."""

    game: str
    folder: str
    noun: str
    cards: Callable[[], list[Any]]
    facets: dict[str, Callable[[Any], set[str]]]
    face: Callable[[Any], dict[str, str]]  # label (a `title` on the card's head or a row of its table): text
    linked: tuple[str, str, str]  # a card's title, one of its fields (its label, or its part: .card-aspects),
    # and the glossary page the field's first link leads to
    gems: Callable[[Any], list[str]] | None = None

    @property
    def id(self) -> str:
        return f"{self.game}-{self.folder}"

    def page(self, card: Any) -> str:
        return f"{self.game}/{self.folder}/{page_slug(card.title, 'card')}.html"


def _of(library: Any, kind: type) -> Callable[[], list[Any]]:
    return lambda: [c for c in library.cards.values() if isinstance(c, kind)]


def _source_file(card: Any) -> str:
    """The end of the source line a card's page prints: its file's name and line (``flame.spell:23``)."""
    source = card.source
    return f"{source.path.rsplit('/', 1)[-1]}:{source.line}" if hasattr(source, "path") else source.split("/")[-1]


KINDS = [
    # The model (tests/test_site_browser.py reads its aspect line and its Sphere filter): here its every filter
    # value, and a phone.
    Kind("serpents_tongue", "spells", "spells", lambda: list(serpents_tongue.LIBRARY.cards.values()),
         {"Sphere": lambda c: {c.sphere.value}, "Fluency": lambda c: {f"Fluency {c.fluency}"}},
         lambda c: {"Sphere": c.sphere.value},
         ("Acidic Matter", "aspects", "glossary/dmg.html")),
    Kind("amtgard", "abilities", "abilities", _of(amtgard.LIBRARY, AbilityCard),
         {"School": lambda c: {c.school.value}, "Type": lambda c: {c.kind.value}, "(m)/(ex)": lambda c: {_mark(c)},
          "Range": lambda c: {c.reach.value}, "Uses": lambda c: {_uses(c)}},
         lambda c: {"School": c.school.value, "Type and range": f"{c.kind.value} · {c.reach.value}",
                    "Uses": _uses(c)},
         ("Lightning Bolt", "School", "glossary/flame.html")),
    Kind("rackham_incantation", "spells", "spells", _of(rackham_incantation.LIBRARY, SpellCard),
         {"College": lambda c: {c.college}, "Gems": lambda c: set(_gems(c)),
          "Difficulty": lambda c: {c.difficulty.text()}, "Power": lambda c: {str(c.power)}},
         lambda c: {"College": c.college, "Difficulty": c.difficulty.text(), "Range": c.range.text(),
                    "Power": str(c.power)},
         ("Thunderspark", "Difficulty", "glossary/difficulty.html"), gems=_gems),
    Kind("rackham_incantation", "magicians", "magicians", _of(rackham_incantation.LIBRARY, MagicianCard),
         {"People": lambda c: {_people(c)}, "Level": lambda c: {c.level.title},
          "Elements": lambda c: {e.value for e in c.elements}},
         lambda c: {"People": _people(c), "Power": str(c.power), "Initiative": str(c.initiative)},
         ("Aldric", "Level", "glossary/adept.html"), gems=lambda c: [e.value for e in c.elements]),
    Kind("rackham_incantation", "creatures", "creatures", _of(rackham_incantation.LIBRARY, CreatureCard),
         {"Fear": lambda c: {_or_none(c.fear)}, "Devotion": lambda c: {_or_none(c.devotion)}},
         lambda c: {"Fear": _or_none(c.fear), "Devotion": _or_none(c.devotion),
                    "Traits": ", ".join(c.traits) or NONE},
         ("Familiar of Air", "Devotion", "glossary/devotion.html")),
    Kind("incantation_charges", "cards", "cards", _of(incantation_charges.LIBRARY, ActionCard),
         {"Kind": lambda c: {c.kind.value}, "Incantation": lambda c: {_or_none(c.incantation)},
          "Played at": lambda c: {c.aim.value}},
         lambda c: {"Kind": c.kind.value}
         | ({"Incantation charges": f"Incantation {c.incantation}"} if c.incantation is not None else {}),
         (next(c.title for c in incantation_charges.LIBRARY.cards.values() if c.kind.value == "implement"),
          "Kind", "glossary/implement.html")),
]
BY_ID = {k.id: k for k in KINDS}
kinds = pytest.mark.parametrize("kind", KINDS, ids=[k.id for k in KINDS])

# The card's fields: each labelled span of its head and meta line (`title="School"`) and each row of its table
# of characteristics, as written (a badge's capitals are the stylesheet's).
FIELDS_JS = """card => {
  const out = {};
  card.querySelectorAll(".card-head > [title], .card-meta > [title]").forEach(e => {
    out[e.getAttribute("title")] = e.textContent;
  });
  card.querySelectorAll("table.card-stats tr").forEach(r => {
    out[r.cells[0].textContent.trim()] = r.cells[1].textContent;
  });
  return out;
}"""
DRAWER_OPEN_JS = """() => document.querySelector(".md-sidebar--primary").getBoundingClientRect().left === 0"""
SHOWN_ROWS_JS = """rows => rows.filter(r => r.getClientRects().length > 0).map(r => r.cells[0].innerText.trim())"""


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context()
    yield context.new_page()
    context.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def fields_of(card: Locator) -> dict[str, str]:
    return {k: " ".join(v.split()) for k, v in card.evaluate(FIELDS_JS).items()}


def card_of(kind: Kind, title: str) -> Any:
    return next(c for c in kind.cards() if c.title == title)


# ---------------------------------------------------------------------- a card page
@kinds
def test_a_card_page_draws_the_card_with_its_fields(site: str, page: Page, kind: Kind) -> None:
    """The card of the linked field's card, as the compiled LIBRARY has it: its title, its fields and gems; and
    the page logs no error."""
    card = card_of(kind, kind.linked[0])
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{site}/{kind.page(card)}", wait_until="networkidle")
    drawn = page.locator(".spell-card")
    assert drawn.count() == 1 and drawn.is_visible()
    assert drawn.locator(".card-head .card-title").inner_text() == card.title
    fields = fields_of(drawn)
    assert {label: fields.get(label) for label in kind.face(card)} == kind.face(card)
    if kind.gems is not None:
        gems = drawn.locator(".card-gems .gem").evaluate_all("gs => gs.map(g => g.getAttribute('title'))")
        assert gems == kind.gems(card)
    assert drawn.locator(".card-source").inner_text().endswith(_source_file(card))
    assert errors == []


@kinds
def test_a_field_of_the_card_links_to_its_glossary_term(site: str, page: Page, kind: Kind) -> None:
    title, label, term = kind.linked
    page.goto(f"{site}/{kind.page(card_of(kind, title))}")
    drawn = page.locator(".spell-card")
    field = drawn.locator(f".card-head > [title='{label}'], .card-meta > [title='{label}'], .card-{label}").or_(
        drawn.locator("table.card-stats tr").filter(has=page.locator("th", has_text=label)).locator("td"))
    field.first.get_by_role("link").first.click()
    page.wait_for_url(f"**/{kind.game}/{term}")
    assert page.inner_text("article h1")


class _Cards(html.parser.HTMLParser):
    """The cards a built page draws: the text of each ``.card-title`` inside a ``.spell-card``."""

    def __init__(self) -> None:
        super().__init__()
        self.cards = 0
        self.titles: list[str] = []
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        self.cards += "spell-card" in classes
        self._in_title = "card-title" in classes
        if self._in_title:
            self.titles.append("")

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.titles[-1] += data


@kinds
def test_every_card_of_the_kind_has_a_page_drawn_as_a_card(kind: Kind) -> None:
    """Each compiled card's page, as built, holds one card with its title (read from the HTML, not a browser)."""
    wrong = []
    for card in kind.cards():
        path = built_site() / kind.page(card)
        parsed = _Cards()
        if path.is_file():
            parsed.feed(path.read_text(encoding="utf-8"))
        if (parsed.cards, parsed.titles) != (1, [card.title]):
            wrong.append(f"{kind.page(card)}: {parsed.cards} cards, titles {parsed.titles}")
    assert wrong == []


# ---------------------------------------------------------------------- a gallery
def _shown(page: Page) -> list[str]:
    return sorted(page.locator(".spellc-gallery tbody tr").evaluate_all(SHOWN_ROWS_JS))


@kinds
def test_the_gallery_filters_narrow_the_rows_as_the_facets_say(site: str, page: Page, kind: Kind) -> None:
    """Each value of each filter keeps the cards the LIBRARY says have it, and the count says how many."""
    cards = kind.cards()
    page.goto(f"{site}/{kind.game}/{kind.folder}/index.html")
    assert _shown(page) == sorted(c.title for c in cards)
    for facet, values_of in kind.facets.items():
        select = page.get_by_label(facet, exact=True)
        offered = [v for v in select.locator("option").evaluate_all("os => os.map(o => o.value)") if v]
        assert sorted(offered) == sorted({v for c in cards for v in values_of(c)}), facet
        for value in offered:
            select.select_option(value)
            kept = sorted(c.title for c in cards if value in values_of(c))
            assert _shown(page) == kept, (facet, value)
            assert page.inner_text(".spellc-filters output") == f"{len(kept)} of {len(cards)} {kind.noun}"
        select.select_option("")
    assert len(_shown(page)) == len(cards)


@kinds
def test_the_gallery_words_keep_the_rows_that_say_them(site: str, page: Page, kind: Kind) -> None:
    title = kind.linked[0]
    page.goto(f"{site}/{kind.game}/{kind.folder}/index.html")
    page.get_by_label("Words of the card").fill(title.upper())
    shown = _shown(page)
    assert title in shown and len(shown) < len(kind.cards())
    rows = page.locator(".spellc-gallery tbody tr").evaluate_all(
        "rows => rows.filter(r => !r.hidden).map(r => r.innerText.toLowerCase())")
    assert all(title.lower() in r for r in rows)
    page.get_by_label("Words of the card").fill("")
    assert len(_shown(page)) == len(kind.cards())


@kinds
def test_a_gallery_row_leads_to_its_card(site: str, page: Page, kind: Kind) -> None:
    title = kind.linked[0]
    page.goto(f"{site}/{kind.game}/{kind.folder}/index.html")
    page.locator(".spellc-gallery tbody tr td:first-child").get_by_role("link", name=title, exact=True).click()
    page.wait_for_url(f"**/{kind.page(card_of(kind, title))}")
    assert page.locator(".spell-card .card-title").inner_text() == title


# ---------------------------------------------------------------------- a phone
def _no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px screen"


def _within_the_screen(box: Locator) -> None:
    bounds = box.bounding_box()
    assert bounds is not None and bounds["x"] >= 0 and bounds["x"] + bounds["width"] <= PHONE["width"], bounds
    inner = box.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert inner[0] <= inner[1], f"what the element holds is {inner[0]}px wide in {inner[1]}px"


@kinds
def test_on_a_phone_the_card_with_the_longest_title_fits_the_screen(site: str, phone: Page, kind: Kind) -> None:
    card = max(kind.cards(), key=lambda c: (len(c.title), len(_source_file(c)), c.title))
    phone.goto(f"{site}/{kind.page(card)}")
    _no_sideways_scroll(phone)
    _within_the_screen(phone.locator(".spell-card"))
    for part in phone.locator(".spell-card > *").all():
        _within_the_screen(part)


@kinds
def test_on_a_phone_the_gallery_fits_and_its_filters_are_on_screen(site: str, phone: Page, kind: Kind) -> None:
    phone.goto(f"{site}/{kind.game}/{kind.folder}/index.html")
    _no_sideways_scroll(phone)
    _within_the_screen(phone.locator(".spellc-filters"))


@kinds
def test_on_a_phone_the_menu_leads_from_a_card_to_its_gallery(site: str, phone: Page, kind: Kind) -> None:
    """The header's menu button opens the navigation; the game's section opens on its galleries."""
    card = card_of(kind, kind.linked[0])
    phone.goto(f"{site}/{kind.page(card)}")
    menu = phone.locator("label.md-header__button[for='__drawer']")
    assert menu.is_visible()
    menu.click()
    game = phone.locator("nav.md-nav--primary li.md-nav__item--section").filter(
        has=phone.locator(".md-nav__container").get_by_role("link", name=RULESETS[kind.game].title, exact=True))
    # A tap while the drawer slides in would scroll its panels sideways: wait until it stands at the screen's edge.
    phone.wait_for_function(DRAWER_OPEN_JS)
    game.locator("> .md-nav__container > label.md-nav__link").click()
    gallery = game.locator("nav[data-md-level='1']").get_by_role("link", name=kind.folder.capitalize(), exact=True)
    expect(gallery).to_be_in_viewport(ratio=1)  # once the drawer's panel has slid in
    gallery.click()
    phone.wait_for_url(f"**/{kind.game}/{kind.folder}/index.html")
    assert phone.inner_text("article h1").startswith(kind.folder.capitalize())
