"""A card's title, checked the same way in every game (issue 28, item 1: "the checks of ... duplicates"). A title
names its card in the library and its page on the site, so it must fit a file's name and be one card's only:

  E907 a title that is empty, or too long for its page's file name
  E908 two cards of one title (case aside), or of one page (titles that differ only in punctuation)

A game's checker asks :func:`fits` of each card's title as it reads the card, and :func:`distinct` of the set once
every card is read, in the order the cards are to be judged: of two that clash, the later is refused, and its error
names where the other is. What is a game's own stays with it: Serpent's Tongue prints a title at several fluencies,
each printing a card of its own (:attr:`Titled.printing`), and refuses two titles that compile to one class name.
Of two cards that clash, every game blames the newer file's (:func:`oldest_first`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.names import MAX_SLUG_BYTES, MAX_TITLE, page_slug
from spellc.compiler.python_code import Located
from spellc.compiler.source import Span

TITLE = "E907"
SAME_TITLE = "E908"

C = TypeVar("C")
L = TypeVar("L", bound=Located)
Age = Callable[[str], int]  # a card file's modification time, by its shown path (0: not known)

WHY_SHORT = "note: a printed title is a few words, and it names the card's page file"
HOW_TO_PART = "help: give one of the two a title that differs in its letters"


def fits(title: str, span: Span, diags: Diagnostics) -> bool:
    """Whether ``title`` may name a card: a letter at least, at most MAX_TITLE characters, and a page name of at
    most MAX_SLUG_BYTES bytes (a letter outside ASCII takes 2 to 4 of them); else an error at ``span``. A game that
    adds to the page name (Serpent's Tongue's `-fluency-3`, `nam-shub-`) stays within a file name's 255 bytes."""
    if not title.strip():
        diags.error(TITLE, "a title is empty", span, "help: write the title the card prints")
        return False
    if len(title) > MAX_TITLE:
        diags.error(TITLE, f"a title of {len(title)} characters: at most {MAX_TITLE}", span, WHY_SHORT)
        return False
    size = len(page_slug(title, "card").encode())
    if size > MAX_SLUG_BYTES:
        diags.error(TITLE, f"a title whose page name takes {size} bytes: at most {MAX_SLUG_BYTES} (a letter "
                    "outside ASCII takes 2 to 4)", span, WHY_SHORT)
        return False
    return True


@dataclass(frozen=True, slots=True)
class Titled(Generic[C]):
    """A card as the title checks read it: the game's ``card``, its title, the name of its page (without ``.md``),
    where an error at it goes, and where it is written (``path:line``, as the other card's error names it).
    ``printing``: a title printed several times, each a card of its own (Serpent's Tongue's "fluency 3"); two cards
    of one title clash unless each names a printing and they differ."""

    card: C
    title: str
    page: str
    span: Span
    at: str
    printing: str | None = None


def distinct(cards: Iterable[Titled[C]], diags: Diagnostics) -> list[C]:
    """The cards but those whose title (case aside, at the same printing) or page one before them took (E908)."""
    titles: dict[str, list[Titled[C]]] = {}
    pages: dict[str, Titled[C]] = {}
    kept = []
    for card in cards:
        same = titles.setdefault(card.title.casefold(), [])
        first = next((c for c in same if None in (c.printing, card.printing) or c.printing == card.printing), None)
        if first is not None:
            printed = f" at {card.printing}" if card.printing else ""
            _clash(diags, card, first, f"duplicate title {card.title!r}{printed}")
            continue
        same.append(card)
        first = pages.setdefault(card.page, card)
        if first is not card:
            _clash(diags, card, first, f"{card.title!r} and {first.title!r} would share the page {card.page}.md")
            continue
        kept.append(card.card)
    return kept


def _clash(diags: Diagnostics, card: Titled[Any], first: Titled[Any], message: str) -> None:
    diags.error(SAME_TITLE, message, card.span, f"note: {first.title!r} is at {first.at}", HOW_TO_PART)


def distinct_titles(found: Sequence[tuple[L, Any]], diags: Diagnostics, age: Age) -> list[L]:
    """:func:`distinct` of the games whose cards compile to values (Incantation charges, Incantation 2, Amtgard):
    each checked card with its AST node (its ``title_span``), judged oldest file first (:func:`oldest_first`),
    kept in the order they were read."""
    kept = {id(card) for card in distinct(oldest_first(
        [Titled(checked, checked.card.title, page_slug(checked.card.title, "card"), node.title_span,
                f"{checked.path}:{checked.line}") for checked, node in found], age), diags)}
    return [checked for checked, _ in found if id(checked) in kept]


def oldest_first(cards: Iterable[Titled[C]], age: Age) -> list[Titled[C]]:
    """The cards in the order two of one title are judged: by their file's ``age`` (its modification time, by its
    shown path), then where they are written. Of two that clash the newer file's is refused, so a new card is
    blamed rather than the shipped one it repeats, and its error names both."""
    return sorted(cards, key=lambda card: (age(card.span.source.path), card.span.source.path, card.span.line))
