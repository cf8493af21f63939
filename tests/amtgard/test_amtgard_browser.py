"""The Amtgard pages in a real browser (Playwright driving Debian's Chromium): the reference a reeve opens on a
phone — an ability's entry with its incantation quoted, a State's page with the scenarios that show it, and the
search finding an ability by a word of its incantation."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.browsing import needs_chromium

pytestmark = needs_chromium
PHONE = {"width": 390, "height": 844}  # a phone's screen, in CSS pixels


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    yield context.new_page()
    context.close()


@pytest.mark.rule("Incantation")
def test_an_ability_reads_like_a_class_list_entry(site: str, page: Page) -> None:
    """"Abilities are typically actions that are performed by a player using an incantation": the entry gives the
    School, the type, the range and the uses, and quotes the incantation."""
    page.goto(f"{site}/amtgard/abilities/phoenix-tears.html")
    body = page.inner_text("article")
    for word in ("Spirit", "Enchantment", "Touch", "Rise again from the ashes"):
        assert word.casefold() in body.casefold(), word  # the card's School badge prints in capitals
    assert "Rise again from the ashes" in page.inner_text("article blockquote")


@pytest.mark.rule("Frozen")
def test_a_state_page_lists_what_gives_it_and_the_scenarios_that_show_it(site: str, page: Page) -> None:
    """"Frozen: Player may not move, speak, or take any action": its page leads with the seed's paragraph, then
    the abilities that give it and the scenarios that show it."""
    page.goto(f"{site}/amtgard/states/frozen.html")
    body = page.inner_text("article")
    assert "Player may not move, speak, or take any action" in body
    assert "Phoenix Tears" in body and "phoenix_tears_and_troll_blood.scenario" in body


def test_search_finds_an_ability_by_a_word_of_its_incantation(site: str, page: Page) -> None:
    """A reeve who heard "ashes" finds the ability it belongs to."""
    page.goto(f"{site}/amtgard/index.html")
    page.locator("label.md-search__icon, label[for='__search']").first.click()
    page.fill("input.md-search__input", "ashes")
    result = page.locator(".md-search-result__item").filter(has_text="Phoenix Tears").first
    result.wait_for(timeout=90_000)  # the theme builds its search index in the page: slow on a busy machine
    assert "Phoenix Tears" in result.inner_text()


def test_an_ability_is_a_card_that_fits_a_phone(site: str, page: Page) -> None:
    """An ability is drawn as a card, as a Serpent's Tongue spell is: on a phone it fits the screen, its
    School's badge and its title on one line."""
    page.goto(f"{site}/amtgard/abilities/gift-of-air.html")
    card = page.locator(".spell-card.amtgard-card")
    box = card.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    badge, title = page.locator(".card-head .card-sphere").bounding_box(), page.locator(".card-head .card-title")
    assert badge is not None and title.inner_text() == "Gift of Air"
    assert abs(badge["y"] - (title.bounding_box() or badge)["y"]) < 12  # one row
    assert page.locator(".card-meta .card-uses").inner_text() == "1/life"
